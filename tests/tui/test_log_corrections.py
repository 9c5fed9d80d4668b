"""The log marks the moderator's corrections (newcomer finding, 4 Dec: a ``discard`` outside the discard phase, a
correction by docs/commands.md, looked like a discard phase's step): ``[correction]`` / ``[修正]`` after the entry's
line, for ``damage``, ``heal``, … ``place`` and for a ``discard`` outside the discard phase or by another seat —
not for the discard phase's own discard, nor for a card, a phase step or ``name``."""

from __future__ import annotations

import pytest
from pilot_support import played

from companion.tui.app import CompanionApp, GameLog
from companion.tui.text import label
from companion.tui.widgets.log import is_correction

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]
LINES = ["discard 3 1", "damage 3 1", "name 2 Bob", "next", "next", "next", "draw 1 1", "2 discard 1", "next",
         "discard 3"]
"""Seat 1: start → draw (hand 7) → play → discard phase, where ``discard 3`` is the phase's own (hand 7 > HP 4)."""


def _heads(app: CompanionApp) -> dict[str, str]:
    """The log's entry lines by their command: ``{"discard 3 1": "#8 discard 3 1  [correction]", …}``."""
    out = {}
    for ln in app.query_one(GameLog).text().splitlines():
        if ln.startswith("#"):
            cmd = ln.split(" ", 1)[1].split("  [")[0]
            out[cmd] = ln
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_corrections_are_marked_in_the_log(lang):
    s = played(TABLE + LINES)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        heads = _heads(app)
        mark = f"  [{label('correction', lang)}]"
        for cmd in ("discard 3 1", "damage 3 1", "draw 1 1", "2 discard 1"):
            assert heads[cmd].endswith(mark), (cmd, heads)
        for cmd in ("name 2 Bob", "next", "discard 3", "start"):
            assert mark not in heads[cmd], (cmd, heads)


def test_the_discard_phase_discard_is_not_a_correction_and_an_off_phase_one_is():
    s = played(TABLE + LINES)
    by_line = {" ".join(e.lines): e for e in s.log}
    assert [ev.data.get("correction") for ev in by_line["discard 3 1"].events if ev.kind == "discard"] == [True]
    assert [ev.data.get("correction") for ev in by_line["discard 3"].events if ev.kind == "discard"] == [None]
    assert is_correction(("force heal 3 1",), []) and is_correction(("equip 2 赤兔",), [])
    assert not is_correction(("name 1 Alice",), []) and not is_correction(("1 杀 2",), [])
