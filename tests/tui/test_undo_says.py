"""Every undo and redo says what it undid (newcomer trial, 2 Dec: one ctrl+z gave no "undid" message):
the entry by number and line (``undid #14 take``), a whole quiet-phase run by its first and last entry,
also with a look-only dialog open (the dialog closes, the key is not lost); a line naming a hidden role
shows it as the log does (``••``)."""

from __future__ import annotations

import pytest
from pilot_support import press as _keys

from companion.session import Session
from companion.tui.app import CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_every_undo_and_redo_names_its_entry(lang):
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _keys(pilot, "1", "enter", "2")  # 1 杀 2
        await _keys(pilot, "2", "enter")  # take
        seen = []
        for key in ("ctrl+z", "ctrl+z", "ctrl+y", "ctrl+y"):
            await _keys(pilot, key)
            seen.append(app.message)
        slash = "1 杀 2" if lang == "zh" else "1 slash 2"  # the choice's line in the screen's command words
        assert seen[0].endswith("#14 take") and seen[1].endswith(f"#13 {slash}"), seen
        assert seen[2].endswith(f"#13 {slash}") and seen[3].endswith("#14 take"), seen
        assert ("undid" in seen[0] and "redid" in seen[2]) if lang == "en" else ("撤销" in seen[0] and "重做" in seen[2])
        await _keys(pilot, "f2")  # a quiet-phase run to seat 2's play phase
        await _keys(pilot, "ctrl+z")
        assert "#15 end" in app.message and "#18 next" in app.message, app.message
        await _keys(pilot, "ctrl+y")  # the whole run again
        assert app.state.turn_seat == 2 and "#15 end" in app.message and "#18 next" in app.message
        await _keys(pilot, "f3")  # a look-only dialog open: ctrl+z closes it and undoes
        assert len(app.screen_stack) == 2
        await _keys(pilot, "ctrl+z")
        await pilot.pause()
        assert len(app.screen_stack) == 1 and "#15 end" in app.message, app.message


async def test_an_undone_role_line_keeps_the_role_hidden():
    s = Session.new(None)
    for line in ["players 5", "lord 1", "role 3 rebel"]:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _keys(pilot, "ctrl+z")
        assert "#3" in app.message and "rebel" not in app.message and "••" in app.message, app.message
        await _keys(pilot, "ctrl+y")
        assert "#3" in app.message and "rebel" not in app.message, app.message
