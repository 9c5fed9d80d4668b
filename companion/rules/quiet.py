"""Quiet phases: which states need no decision from the table, so ``next`` may be taken by itself.

At a real table nobody announces an empty judge phase (issue 16 §3).  The engine already asks
for everything that needs the table — a start-phase skill (洛神, 观星), a delayed trick's
judgement, a draw-phase skill (突袭, 裸衣), the cards owed in the discard phase, a finish-phase
skill (闭月) — as a question (``state.prompt``), and draws the 2 cards of the draw phase itself.
So a phase needs the table exactly when a question is pending or it is the play phase; every
other phase is quiet.  Within one turn the engine's ``end`` carries the turn through its remaining
phases with the same stops (``flow.advance_until_decision``, issue 13): the dashboard's F2 uses
``end`` in the play phase and this test for the next seat's phases up to its play phase (``end``
stops once the next seat's turn has started).

:func:`is_quiet` is the test; :func:`quiet_run` walks ``next`` through the quiet phases with any
``apply``-like function, stopping at the first state that needs the table (the dashboard
journals each ``next`` as its own line, so a replay is unchanged).
"""

from __future__ import annotations

from collections.abc import Callable

from .flow import hand_limit
from .state import GameState

__all__ = ["is_quiet", "needs_table", "quiet_run", "MAX_STEPS"]

MAX_STEPS = 6 * 11
"""At most this many ``next`` in one run (six phases of every seat of the largest table, plus one)."""


def needs_table(state: GameState) -> bool:
    """True when the table must decide or act: before ``start``, game over, a question pending, a card
    being resolved, the play phase, or cards still owed in the discard phase (``next`` is refused there,
    engine ``discard.limit``)."""
    if not state.started or state.over or state.prompt is not None or state.turn_seat is None:
        return True
    if state.stack:  # a card being resolved (the engine's own test for "waiting")
        return True
    if state.phase == "play":
        return True
    s = state.seat(state.turn_seat)
    return state.phase == "discard" and state.hands_tracked and s.hand > hand_limit(s)


def is_quiet(state: GameState) -> bool:
    """True when ``next`` can be taken for the table: nothing to decide now (:func:`needs_table` is False)."""
    return not needs_table(state)


def quiet_run(state: GameState, step: Callable[[GameState], GameState], limit: int = MAX_STEPS) -> int:
    """Call ``step(state) -> new state`` (which takes one ``next``) while the state is quiet; returns
    how many steps were taken.  Stops at the first state that needs the table, or after ``limit``."""
    n = 0
    while n < limit and is_quiet(state):
        state = step(state)
        n += 1
    return n
