"""A refused line kept in the command bar is selected: the next line typed replaces it (newcomer finding, 4 Dec:
``2 杀 12`` refused, then ``12 桃`` typed, and the bar held ``2 杀 1212 桃``).  Home (or ← →) edits it instead, and the
force hint says so; a beginning of several cards' names is not refused: typing goes on after it."""

from __future__ import annotations

import pytest
from pilot_support import played
from screen import type_line
from test_equip_choice import PLAY
from textual.widgets.input import Selection

from companion.tui.app import CommandBar, CompanionApp
from companion.tui.text import label

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_next_line_typed_replaces_a_refused_one(lang):
    s = played(TABLE)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        n = len(s.log)
        await type_line(pilot, "2 杀 12")  # no seat 12
        assert len(s.log) == n and bar.value == "2 杀 12"
        assert bar.selection == Selection(0, len("2 杀 12"))  # all of it, so that…
        await pilot.press(*"draw 1 1")
        await pilot.pause()
        assert bar.value == "draw 1 1"  # …what is typed next replaces it
        await type_line(pilot, "lord 2")  # an unreadable or refused line alike
        assert bar.selection == Selection(0, len("lord 2"))
        await pilot.press("end", *" x")
        await pilot.pause()
        assert bar.value == "lord 2 x"  # End (or an arrow) edits it


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_home_then_force_forces_the_refused_line_and_the_hint_says_so(lang):
    s = played(TABLE)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        await type_line(pilot, "1 peach")  # full HP: a forceable refusal
        assert label("force_hint_kept", lang) in app.message and "Home" in label("force_hint_kept", lang)
        assert label("force_hint", lang) not in app.message
        await pilot.press("home", *"force ")
        await pilot.pause()
        assert bar.value == "force 1 peach"
        n = len(s.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.log) == n + 1 and s.log[-1].forced, app.message


async def test_a_beginning_of_several_cards_keeps_the_cursor_at_its_end():
    s = played(PLAY)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        await type_line(pilot, "1 qing")  # 青釭剑 or 青龙偃月刀: named, nothing sent
        assert bar.value == "1 qing" and bar.selection == Selection.cursor(len("1 qing"))
        await pilot.press(*"gang", "enter")
        await pilot.pause()
        assert s.state.seat(1).equipment["weapon"] is not None, app.message
