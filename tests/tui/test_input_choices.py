"""Input and choices as a newcomer met them (issue 16, newcomer trial): every choice reachable, a half-filled
choice abandoned with one key, a refused line kept to edit, wrong digits said, not typed.  Real Session."""

from __future__ import annotations

import pytest
from pilot_support import played as _session
from screen import type_line, until
from textual.widgets.input import Selection

from companion.tui.app import CommandBar, CompanionApp
from companion.tui.commands import palette_entries

PLAY = ["players 6", "lord 1", "general 1 caocao", "general 2 simayi", "general 3 xiahoudun", "general 4 zhangliao",
        "general 5 xuchu", "general 6 guojia", "start", "next", "next", "next", "lose 1 1"]
"""Seat 1 in its play phase, hurt: more than ten choices (五谷丰登, 桃园结义, 闪电 come after the ten numbered)."""

SUN = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next", "hand 1 5"]
"""Seat 1 (孙权) in its play phase: 杀 reaches seats 2 and 6 only."""


@pytest.mark.parametrize("lang, query, line", [("en", "lightning", "1 lightning"), ("zh", "闪电", "1 闪电"),
                                               ("en", "god salvation", "1 god_salvation")])
async def test_a_choice_past_the_tenth_is_reached_by_the_palette(lang, query, line):
    s = _session(PLAY)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(app.current_choices()) == 10 and len(app.current_choices(full=True)) > 10
        names = [n for n, _h, _cb in palette_entries(app)]
        name = next(n for n in names if query.casefold() in n.casefold())  # the choice's own entry
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*name)
        await pilot.pause(0.3)  # the providers search in the background
        await pilot.press("enter")  # the best match, highlighted
        assert await until(pilot, lambda: list(s.log[-1].lines) == [line]), (list(s.log[-1].lines), app.message)


@pytest.mark.parametrize("key", ["escape", "ctrl+u"])
async def test_esc_and_ctrl_u_abandon_a_half_filled_choice(key):
    s = _session(SUN)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        assert bar.value == "1 slash " and app.message
        bar.cursor_position = 2  # anywhere in the line
        await pilot.press(key)
        await pilot.pause()
        assert bar.value == "" and app.message == "" and app._partial is None
        n = len(s.log)
        i = next(i for i, c in enumerate(app.current_choices()) if c.params.get("card") == "ex_nihilo")
        await pilot.press(str(i + 1), "enter")  # a fresh choice, not the abandoned 杀's target
        await pilot.pause()
        assert len(s.log) == n + 1 and list(s.log[-1].lines) == ["1 ex_nihilo"]


async def test_a_refused_line_stays_to_edit_selected():
    s = _session(SUN)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 3")  # seat 3 is out of 孙权's range
        bar = app.query_one(CommandBar)
        assert bar.value == "1 杀 3" and app.message
        # selected, so that a new line typed replaces it (newcomer finding, 4 Dec: tests/tui/test_refused_selected.py);
        # End (or an arrow) first to edit it
        assert bar.selection == Selection(0, len("1 杀 3"))
        await pilot.press("end", "backspace", "2")  # the seat corrected; the rest kept
        await pilot.pause()
        assert bar.value == "1 杀 2"
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.prompt is not None and s.state.prompt.seat == 2


@pytest.mark.parametrize("lang, said", [("en", "seat 4 is not one of the choices (2 6)"), ("zh", "4号位不可选（可选：2 6）")])
async def test_a_seat_digit_out_of_the_choices_is_said_not_typed(lang, said):
    s = _session(SUN)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        before = bar.value
        await pilot.press("4")
        await pilot.pause()
        assert bar.value == before and said in app.message
        await pilot.press("6")  # a legal seat still applies at once
        await pilot.pause()
        assert s.state.prompt is not None and s.state.prompt.seat == 6


@pytest.mark.parametrize("lang, said", [("en", "no choice 7 (the choices are 1–2)"), ("zh", "没有第7项（可选 1–2）")])
async def test_a_number_past_the_choices_says_which_there_are(lang, said):
    s = _session(SUN)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 2")
        assert len(app.current_choices()) == 2
        n = len(s.log)
        await type_line(pilot, "7")
        assert app.message == said and len(s.log) == n and s.state.prompt.seat == 2
