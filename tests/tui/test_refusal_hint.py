"""A refused typed line stays in the command bar to correct, and the refusal says Esc clears it (newcomer
finding, issue 14: the line stayed and nothing said how to get rid of it)."""

from __future__ import annotations

import pytest
from pilot_support import played
from screen import type_line

from companion.tui.app import CommandBar, CompanionApp
from companion.tui.text import label

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_refused_typed_line_stays_and_the_refusal_says_esc_clears_it(lang):
    s = played(TABLE)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        for line, forceable in (("1 peach", True), ("lord 2", False)):  # a phase rule; setup is over
            n = len(s.log)
            await type_line(pilot, line)
            assert len(s.log) == n and bar.value == line  # nothing applied; kept to correct
            said = app.message
            assert said.startswith(f"✗ {label('refused', lang)}: ")
            assert said.endswith(label("esc_clears", lang)) and "Esc" in label("esc_clears", lang)
            # kept selected (typing replaces it): the force hint starts with Home (tests/tui/test_refused_selected.py)
            assert (label("force_hint_kept", lang) in said) == forceable
            await pilot.press("escape")
            await pilot.pause()
            assert bar.value == ""  # what the hint says


async def test_a_line_sent_by_a_key_or_not_kept_in_the_bar_does_not_say_it():
    """A spent choice's refusal (a key, not a typed line) and a typed line naming a hidden role (cleared from
    the bar) are not in the bar: no Esc to press."""
    s = played(TABLE)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.submit_line("1 peach", typed=False) is False
        assert app.message.startswith("✗ refused: ") and label("esc_clears", "en") not in app.message
        await type_line(pilot, "role 2 rebel")
        assert app.query_one(CommandBar).value == ""
        assert app.message.startswith("✗ refused: ") and label("esc_clears", "en") not in app.message
