"""The discard question follows the hand and the HP (newcomer trial, 2 Dec: after a correction during the discard
question — a card given away, a draw, HP lost — the question kept its old count while its choices and the engine
used the new one; 'discard 5' was asked and only 'discard 4' offered).  Rulebook 001 弃牌阶段: down to the hand
limit, which is the current HP (RULES_NOTES Other facts)."""

from __future__ import annotations

import re

import pytest

from companion.rules.choices import choices
from companion.rules.errors import Refused
from companion.rules.state import GameState
from companion.script import execute

OWED = ["players 4", "lord 1", "general 1 caocao", "general 2 simayi", "general 3 xiahoudun", "general 4 zhangliao",
        "start", "next", "next", "next", "draw 1 3", "end"]
"""Seat 1 (曹操, 4 HP) in its discard phase with 9 hand cards: 5 owed."""


def _state(lines: list[str]) -> GameState:
    st = GameState()
    for line in lines:
        st = execute(st, line).state
    return st


def _most_accepted(st: GameState) -> int:
    for k in range(20, 0, -1):
        try:
            execute(st, f"discard {k}")
        except Refused:
            continue
        return k
    return 0


@pytest.mark.parametrize("correction, owed", [
    ("give 1 2 1", 4), ("draw 1 1", 6), ("lose 1 1", 6), ("damage 1 1", 6), ("maxhp 1 3", 6), ("hand 1 7", 3),
])
def test_the_question_its_choices_and_the_engine_agree(correction, owed):
    st = _state(OWED)
    assert st.prompt is not None and "discard 5" in st.prompt.en
    st = execute(st, correction).state
    while st.prompt is not None and st.prompt.kind != "discard":  # 奸雄 after the damage: declined
        st = execute(st, "no").state
    assert st.prompt is not None and st.prompt.kind == "discard"
    asked = int(re.search(r"discard (\d+)", st.prompt.en)[1])
    offered = [c.params["n"] for c in choices(st) if c.verb == "discard"]
    assert (asked, max(offered), _most_accepted(st)) == (owed, owed, owed)
    assert f"弃置{owed}张" in st.prompt.zh


def test_nothing_owed_any_more_drops_the_question_and_the_turn_goes_on():
    st = execute(_state(OWED), "give 1 2 5").state  # hand 4 = HP 4: nothing owed
    assert st.prompt is None and st.turn_seat == 2  # 'end' carried the turn on once nothing was asked
