"""Light mode in the dashboard (issue 16 §5): where a rule needs to know whether a seat holds a hand card
(空城), the dashboard asks yes / no instead of assuming — one key; the answer is journaled (``hand 2 1``)
and the line it was asked for is sent again."""

from __future__ import annotations

import pytest
from screen import type_line

from companion.session import Session
from companion.tui.app import CompanionApp

ASK = ["players 4", "track hands off", "lord 1", "general 1 sunquan", "general 2 zhugeliang", "general 3 luxun",
       "general 4 lvbu", "start", "next", "next", "next"]


@pytest.mark.parametrize("answer, lines, asked", [
    ("1", ["hand 2 1", "1 杀 2"], "respond"),  # holds a card: the 杀 goes on
    ("2", ["hand 2 0"], None),  # none: 空城 — the 杀 is refused with its rule
])
async def test_kongcheng_is_asked_with_one_key(answer, lines, asked, tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    for line in ASK:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        entries = len(s.log)
        await type_line(pilot, "1 杀 2")
        assert len(s.log) == entries  # asked, nothing applied yet
        assert "hand.ask" in app.message
        assert app.choices_text.startswith("1 yes: seat 2 holds a hand card · 2 no: seat 2 has no hand card")
        await type_line(pilot, answer)
        await pilot.pause()
        new = [line for e in s.log[entries:] for line in e.lines]
        assert new == lines
        assert (s.state.prompt.kind if s.state.prompt else None) == asked
        if asked is None:
            assert "Empty City" in app.message and "skill.target" in app.message
    again = Session.resume(tmp_path / "j.sqlite3", s.game_id)  # the answer replays from the journal
    assert again.state.to_dict(reveal=True) == s.state.to_dict(reveal=True)


async def test_the_question_is_not_greyed_after_the_slash_numbers(tmp_path):
    """Asked after a spent play choice (the first 杀 used): its yes / no are its own, never greyed."""
    s = Session.new(tmp_path / "j.sqlite3")
    for line in ASK:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 杀 4")  # the one 杀 of the phase: number 1 is spent from now on
        await type_line(pilot, "4 take")
        assert 0 in app.spent
        await type_line(pilot, "1 决斗 2")  # 决斗 on 诸葛亮: asked too (空城 covers 决斗)
        assert app.choices_text.startswith("1 yes") and app.spent == frozenset()
        await type_line(pilot, "1")
        assert [ln for e in s.log[-2:] for ln in e.lines] == ["hand 2 1", "1 决斗 2"]
