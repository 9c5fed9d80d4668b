"""Helpers for the skill tests: a started table with chosen generals, turn control, line runner."""

from __future__ import annotations

import pytest
from engine_support import events, run  # noqa: F401 - re-exported for the skill tests

from companion.rules.errors import Refused
from companion.rules.state import GameState
from companion.script import execute


def game(*generals: str, roles: dict | None = None, variants: tuple = (), hands: int | None = None) -> GameState:
    """A started table: seat i plays generals[i-1], seat 1 is the lord; optional hidden roles."""
    lines = [f"players {len(generals)}", "lord 1"] + [f"variant {v}" for v in variants]
    lines += [f"general {i} {g}" for i, g in enumerate(generals, 1)]
    lines += [f"role {s} {r}" for s, r in (roles or {}).items()]
    lines.append("start")
    st = GameState()
    for line in lines:
        st = execute(st, line).state
    st = st.clone()
    st.prompts = []
    if hands is not None:
        for s in st.seats:
            s.hand = hands
    return st


def at(st: GameState, seat: int, phase: str = "play") -> GameState:
    """The same table in ``seat``'s ``phase`` with no question pending and fresh per-turn counters."""
    st = st.clone()
    st.turn_seat, st.phase, st.counters, st.prompts = seat, phase, {}, []
    return st


def begin(st: GameState, seat: int) -> GameState:
    """``seat``'s turn starts (start phase hooks run) from the previous seat's finish phase."""
    st = st.clone()
    alive = st.alive
    prev = alive[alive.index(seat) - 1]
    st.turn_seat, st.phase, st.counters, st.prompts = prev, "finish", {}, []
    return execute(st, "next").state


def refused(st: GameState, line: str, rule: str | None = None) -> Refused:
    with pytest.raises(Refused) as exc:
        execute(st, line)
    if rule is not None:
        assert exc.value.rule == rule, exc.value
    return exc.value


def ask(st: GameState):
    """(skill id, seat) of the pending skill question, or None."""
    p = st.prompt
    return (p.data.get("skill"), p.seat, p.data.get("step")) if p is not None and p.kind == "skill" else None
