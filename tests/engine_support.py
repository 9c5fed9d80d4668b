"""Helpers for the engine tests: build tables from command lines."""

from __future__ import annotations

import pytest

from companion.rules.errors import Refused
from companion.rules.state import GameState
from companion.script import execute

GENERALS6 = ["caocao", "guanyu", "zhaoyun", "lvmeng", "ganning", "huatuo"]


def run(st: GameState, *lines: str) -> GameState:
    """Apply each line in turn; return the final state."""
    for line in lines:
        st = execute(st, line).state
    return st


def events(st: GameState, line: str):
    r = execute(st, line)
    return r.state, r.events


def refused(st: GameState, line: str) -> Refused:
    """The Refused that ``line`` raises (fails the test if it is accepted)."""
    with pytest.raises(Refused) as exc:
        execute(st, line)
    return exc.value


def table(n: int = 6, lord: int = 1, generals=None, variants=(), start=True) -> GameState:
    """A started table of ``n`` seats; generals default to GENERALS6 (cycled with others)."""
    from companion.rules.generals import GENERALS
    pool = list(generals or GENERALS6) + [g for g in GENERALS if g not in (generals or GENERALS6)]
    lines = [f"players {n}", f"lord {lord}"] + [f"variant {v}" for v in variants]
    lines += [f"general {i} {pool[i - 1]}" for i in range(1, n + 1)]
    if start:
        lines.append("start")
    return run(GameState(), *lines)


def to_play(st: GameState) -> GameState:
    """Advance with `next` until the current seat is in its play phase (no prompts)."""
    while st.phase != "play":
        st = run(st, "next")
    return st


def turn_to(st: GameState, seat: int) -> GameState:
    """`end` turns until it is ``seat``'s turn (start phase): a discard `end` stops at is answered by
    emptying the hand, a skill's question by `no` (the turn then goes on by itself)."""
    for _ in range(8 * len(st.seats)):
        if st.turn_seat == seat:
            return st
        p = st.prompt
        if p is not None and p.kind == "skill":
            st = run(st, "no")
        elif st.phase == "discard" or p is not None:
            st = run(st, f"hand {st.turn_seat} 0")
        else:
            st = run(st, "end")
    raise AssertionError("never reached")
