"""Moderating the fast way (issue 16): numbered choices, Enter at a window, quiet phases, seat clicks.

Real Session and command language (no fakes); 80×24 unless said otherwise."""

from __future__ import annotations

import pytest
from pilot_support import played as _session
from pilot_support import press as _keys
from rich.cells import cell_len
from screen import screen_text, type_line

from companion.script import parse
from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp
from companion.tui.widgets.choices import key_of

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start"]


def _index(app, **params) -> str:
    """The number shown for the first choice whose params match (e.g. card='archery_attack')."""
    for i, c in enumerate(app.current_choices()):
        if all(c.params.get(k, getattr(c, k, None)) == v for k, v in params.items()):
            return str(i + 1)
    raise AssertionError(f"no choice {params} in {app.choices_text!r}")


async def _discard_if_owed(app, pilot):
    while app.state.prompt is not None and app.state.prompt.kind == "discard":
        await _keys(pilot, "1", "enter")


async def test_a_round_at_six_seats_with_numbers_enter_and_clicks():
    s = _session(SIX)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _keys(pilot, "f2")  # seat 1: judge and draw pass by themselves
        assert (s.state.turn_seat, s.state.phase) == (1, "play")
        # seat 1: 杀 (choice 1) on seat 2 by a click on its card; seat 2 plays 闪 (choice 1)
        await _keys(pilot, _index(app, card="slash"), "enter")
        assert app.query_one(CommandBar).value == "1 slash "  # English words on an English screen (issue 16)
        await pilot.click("#seat-2")
        await pilot.pause()
        assert s.state.prompt.kind == "respond" and s.state.prompt.seat == 2
        assert app.choices_text.startswith("1 Jink")  # labels in English (the line stays '2 闪')
        await _keys(pilot, "1", "enter")
        assert s.state.prompt is None and s.state.seat(2).hp == 4
        await _keys(pilot, "f2")
        await _discard_if_owed(app, pilot)
        assert (s.state.turn_seat, s.state.phase) == (2, "play")
        # seat 2: 万箭齐发; the first window closed with Enter ("nobody"), the others answered directly
        await _keys(pilot, _index(app, card="archery_attack"), "enter")
        assert s.state.prompt.kind == "nullify"
        await _keys(pilot, "enter")
        assert s.state.prompt.kind == "respond" and s.state.prompt.seat == 3
        while s.state.prompt is not None and s.state.prompt.kind in ("nullify", "respond"):
            # seats 3 .. 1 in order: seat 5 plays 闪, the others take (at a window the answers come first)
            asked = [c.seat for c in app.current_choices() if c.key in ("jink", "take")][0]
            await _keys(pilot, _index(app, key="jink" if asked == 5 else "take"), "enter")
        assert s.state.seat(5).hp == 4 and s.state.seat(3).hp == 3
        await _keys(pilot, "f2")
        await _discard_if_owed(app, pilot)
        assert (s.state.turn_seat, s.state.phase) == (3, "play")
        # seat 3: 乐不思蜀 on seat 4 (typed seat number completes the choice)
        await _keys(pilot, _index(app, card="indulgence"), "enter", "4")
        assert "indulgence" in s.state.seat(4).judgement[0]
        await _keys(pilot, "f2")
        await _discard_if_owed(app, pilot)
        # seat 4: the auto-advance stops at the judgement; the card face is typed (♠3: no play phase)
        assert s.state.prompt.kind == "judge" and s.state.prompt.seat == 4
        await _keys(pilot, "1", "enter")
        assert app.query_one(CommandBar).value == "judge "
        await _keys(pilot, "s", "3", "enter")
        await _discard_if_owed(app, pilot)
        assert (s.state.turn_seat, s.state.phase) == (5, "play")
        for _seat in (5, 6):
            await _keys(pilot, "f2")
            await _discard_if_owed(app, pilot)
        assert (s.state.round, s.state.turn_seat, s.state.phase) == (2, 1, "play")
    # every journal line is an ordinary command line: replaying them gives the same game
    lines = [ln for e in s.log for ln in e.lines]
    assert all(parse(ln) is not None for ln in lines)
    again = Session.replay_lines(lines)
    assert again.state.to_dict(reveal=True) == s.state.to_dict(reveal=True)


def _table(gen1="孙权", gen2="关羽", extra=()):
    lines = ["players 6", "lord 1", f"general 1 {gen1}", f"general 2 {gen2}", "general 3 张飞", "general 4 赵云",
             "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next", "hand 1 5", *extra]
    return lines


@pytest.mark.parametrize("setup, stop", [
    (_table(), ("play", 2, None)),  # nothing to decide: seat 2's play phase
    (_table(extra=["place 2 乐不思蜀"]), ("judge", 2, "judge")),  # a judgement to flip
    (_table(gen2="甄姬"), ("start", 2, "skill")),  # 洛神 at the start phase
    (_table(gen2="张辽"), ("draw", 2, "skill")),  # 突袭 at the draw phase
    (_table(extra=["hand 1 7"]), ("discard", 1, "discard")),  # cards to discard
    (_table(gen1="貂蝉", extra=["hand 1 3"]), ("finish", 1, "skill")),  # 闭月 at the finish phase (貂蝉: 4 HP as lord)
])
async def test_quiet_phases_stop_at_each_kind_of_decision(setup, stop):
    s = _session(setup)
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _keys(pilot, "f2")
        p = s.state.prompt
        assert (s.state.phase, s.state.turn_seat, p.kind if p else None) == stop
        assert "跳过无需决定的阶段" in app.message or s.state.phase in ("discard",)
        assert "→" in app.message or s.state.phase == "discard"


async def test_step_every_phase_turns_it_off_and_is_not_journaled(monkeypatch):
    saved = {}
    monkeypatch.setattr("companion.settings.save", lambda **kw: saved.update(kw) or True)
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        n = len(s.log)
        await type_line(pilot, "step every phase on")
        assert len(s.log) == n and saved == {"step_every_phase": True}
        await _keys(pilot, "f2")
        assert (s.state.turn_seat, s.state.phase) == (1, "discard")
        await type_line(pilot, "step every phase off")
        await _keys(pilot, "f2")
        assert (s.state.turn_seat, s.state.phase) == (2, "play")


async def test_ctrl_z_after_a_run_undoes_the_whole_run():
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = s.state.to_dict(reveal=True)
        await _keys(pilot, "f2")
        assert (s.state.turn_seat, s.state.phase) == (2, "play")
        await _keys(pilot, "ctrl+z")
        assert s.state.to_dict(reveal=True) == before
        assert "whole run" in app.message


async def test_a_typed_seat_first_line_at_a_question_stays_typed():
    """'3 peach' at a 桃 question: the 3 is a seat, not choice 3 (choice 3 would be 'nobody': a death)."""
    s = _session(_table(extra=["lose 2 3"]))
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 2")
        await type_line(pilot, "take")
        assert s.state.prompt.kind == "dying"
        await type_line(pilot, "3 peach")
        assert s.state.seat(2).alive and s.state.seat(2).hp == 1 and s.state.prompt is None


async def test_a_number_marks_its_choice_and_enter_picks_it():
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 2")
        assert app.choices_text == "1 Jink · 2 take 1 damage"
        await _keys(pilot, "2")
        assert app._picked == 1  # choice 2 is marked; nothing is applied yet
        assert s.state.prompt.kind == "respond"
        await _keys(pilot, "enter")
        assert s.state.seat(2).hp == 3 and [list(e.lines) for e in s.log][-1] == ["take"]


async def test_a_click_on_a_choice_answers():
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 2")
        text = screen_text(app).splitlines()
        row = next(i for i, ln in enumerate(text) if "2 take 1 damage" in ln)  # the choices line, not the banner
        col = cell_len(text[row][:text[row].index("take 1 damage")])  # cells: the line holds 闪 (2 cells)
        await pilot.click(offset=(col + 2, row))
        await pilot.pause()
        assert s.state.seat(2).hp == 3 and s.state.prompt is None


async def test_a_click_on_a_seat_with_an_empty_bar_names_the_actor():
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.click("#seat-3")
        await pilot.pause()
        assert app.query_one(CommandBar).value == "3 "


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_every_numbered_play_choice_is_drawn_at_80_columns(lang):
    """Ten play-phase choices (``1``…``9``, ``0``) wrap onto a second line instead of being cut off."""
    s = _session(_table())
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chs = app.current_choices()
        assert len(chs) == 10
        shown = screen_text(app)
        for i, c in enumerate(chs):
            assert f"{key_of(i)} {c.label(lang)}" in shown, (i, c.label(lang))
        # a click on the last one (second line) picks it
        rows = shown.splitlines()
        last = f"0 {chs[9].label(lang)}"
        row = next(r for r, ln in enumerate(rows) if last in ln)
        await pilot.click(offset=(cell_len(rows[row][:rows[row].index(last)]) + 1, row))  # cells, not characters
        await pilot.pause()
        assert list(s.log[-1].lines) == [chs[9].line]


async def test_a_partial_choice_suggests_a_legal_seat():
    s = _session(_table())
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _keys(pilot, "1", "enter")
        assert app.completions("1 杀 ") == ["1 杀 2", "1 杀 6"]
