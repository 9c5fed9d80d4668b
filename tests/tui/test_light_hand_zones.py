"""Light mode asks where a hand card is taken from a seat (issue 16 §5; newcomer trial, 2 Dec: 突袭, 反馈 and
过河拆桥's hand zone were taken as if every seat held cards, while 空城 asked): yes / no with one key, journaled
as ``hand S 1`` / ``hand S 0``, then the line is sent again; on "no" the line is refused with its own rule.
Played by the real rules core."""

from __future__ import annotations

import pytest
from screen import type_line

from companion.session import Session
from companion.tui.app import CompanionApp

LIGHT = ["players 4", "track hands off", "lord 1", "general 1 zhangliao", "general 2 simayi", "general 3 luxun",
         "general 4 lvbu", "start", "next", "next"]
"""Seat 1 (张辽) at its draw phase, asked 突袭; seat 2 is 司马懿 (反馈)."""


def _lines(s: Session, since: int) -> list[str]:
    return [ln for e in s.log[since:] for ln in e.lines]


def _light(*more: str) -> Session:
    """A new light-mode game (LIGHT), then the lines ``more``."""
    s = Session.new(None)
    for line in [*LIGHT, *more]:
        s.submit(line)
    return s


async def _asked(app: CompanionApp, seat: int) -> None:
    assert "hand.ask" in app.message, app.message
    assert app.choices_text.startswith(f"1 yes: seat {seat} holds a hand card · 2 no: seat {seat} has no hand card")


async def test_tuxi_asks_each_seat():
    s = _light()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        n = len(s.log)
        await type_line(pilot, "tuxi 2 3")
        await _asked(app, 2)
        await type_line(pilot, "1")
        await _asked(app, 3)
        await type_line(pilot, "1")
        assert _lines(s, n) == ["hand 2 1", "hand 3 1", "tuxi 2 3"], app.message


async def test_tuxi_told_none_is_refused_with_its_rule():
    s = _light()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        n = len(s.log)
        await type_line(pilot, "tuxi 2")
        await _asked(app, 2)
        await type_line(pilot, "2")
        assert _lines(s, n) == ["hand 2 0"]
        assert "skill.target" in app.message, app.message
        assert s.state.prompt is not None and s.state.prompt.data.get("skill") == "tuxi"  # still asked


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_dismantlement_hand_zone_is_asked(lang):
    s = _light("no", "next")  # no 突袭: seat 1 draws, then its play phase
    s.submit("1 过河拆桥 2")
    s.submit("pass all")  # nobody plays 无懈可击
    assert s.state.prompt is not None and s.state.prompt.kind == "zone"
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        n = len(s.log)
        i = next(i for i, c in enumerate(app.current_choices()) if c.line == "pick hand")
        await type_line(pilot, str(i + 1))
        assert "hand.ask" in app.message
        yes = app.current_choices()[0]
        assert yes.line == "hand 2 1" and yes.label(lang) == ("有：2号位有手牌" if lang == "zh" else "yes: seat 2 holds a hand card")
        await type_line(pilot, "1")
        assert _lines(s, n) == ["hand 2 1", "pick hand"]


async def test_fankui_asks_about_the_source():
    s = _light("no", "next", "1 杀 2", "take")  # seat 2 (司马懿) damaged by seat 1: 反馈 is asked
    assert s.state.prompt is not None and s.state.prompt.data.get("skill") == "fankui"
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        n = len(s.log)
        i = next(i for i, c in enumerate(app.current_choices()) if c.line == "fankui hand")
        await type_line(pilot, str(i + 1))
        await _asked(app, 1)
        await type_line(pilot, "1")
        assert _lines(s, n) == ["hand 1 1", "fankui hand"]
