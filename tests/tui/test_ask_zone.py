"""The question and the choices keep their lines once the game has started (issue 15, key-to-paint):
``app.ASK_LINES`` lines are theirs, shown or not, so a command that brings or clears a one-line question or
the choices does not move the board.  Before ``start`` the zone takes no lines; a longer question still
takes what it needs (never cut: tests/tui/test_long_question.py).  Played by the real rules core."""

from __future__ import annotations

import pytest
from pilot_support import played
from screen import screen_text, type_line

from companion.tui.app import ASK_LINES, CompanionApp
from companion.tui.text import prompt_text
from companion.tui.widgets.choices import ChoicesBar

SETUP = ["players 4", "lord 1", "general 1 孙权", "general 2 甘宁", "general 3 黄盖", "general 4 吕布"]


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


def zone(app) -> tuple[int, int, int]:
    """(question lines, choices lines, the board's first line)."""
    ask = app.query_one(ChoicesBar)
    return ask.question_lines, ask.lines, app.query_one("#body").region.y


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_question_and_choices_that_come_and_go_do_not_move_the_board(lang):
    s = played(SETUP)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        q, c, y = zone(app)
        assert y == 1 + q + c  # before start: the zone is what it shows, no lines kept
        seen = []
        for line in ("start", "next", "next", "1 杀 2", "take", "end", "next"):
            await type_line(pilot, line)
            await settle(pilot)
            seen.append(zone(app))
        assert {y for _q, _c, y in seen} == {1 + ASK_LINES}, seen
        shown = {(q, c) for q, c, _y in seen}
        assert (0, 0) in shown and any(q and c for q, c in shown), seen  # they did come and go
        assert all(q + c <= ASK_LINES for q, c in shown), seen


async def test_a_question_longer_than_the_kept_lines_is_drawn_whole_and_the_board_comes_back(liuli_session):
    s = liuli_session  # 大乔 asked for 闪 with 流离's hint: 3 lines at 80 columns
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        q, c, y = zone(app)
        assert q + c > ASK_LINES and y == 1 + q + c  # the zone grew to hold it
        assert "".join(prompt_text(s.state, "en").split()) in "".join(screen_text(app).split())
        await type_line(pilot, "take")
        await settle(pilot)
        assert s.state.prompt is None or s.state.prompt.kind != "jink", app.message
        q, c, y = zone(app)
        assert q < 3 and y == 1 + max(ASK_LINES, q + c)  # the question's lines given back (the play phase's ten
        # choices take 3 lines at 80 columns: the zone holds them too)
