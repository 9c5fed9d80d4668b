"""A toy command language standing in for companion.script in shell tests.

State: a GameState whose ``counters["total"]`` is a running sum.
Lines: ``add N`` (N > 0, else Refused; ``force add N`` allows N <= 0),
``roll`` (prepare expands it to ``add <1..6>`` from the seed), ``win ROLE``
(ends the game), ``# ...`` / blank (no-op, prepares to nothing), anything
else → CommandError.  ``CALLS`` counts executed lines.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.rules.errors import CommandError, Event, Refused
from companion.rules.state import GameState

CALLS = {"execute": 0}


@dataclass
class Applied:
    state: GameState
    events: list = field(default_factory=list)


def prepare(state: GameState, line: str, seed=None) -> list[str]:
    s = line.strip()
    if not s or s.startswith("#"):
        return []
    if s == "roll":
        return [f"add {random.Random(seed).randint(1, 6)}"]
    if s == "roll2":
        r = random.Random(seed)
        return [f"add {r.randint(1, 6)}", f"add {r.randint(1, 6)}"]
    return [s]


def execute(state: GameState, line: str) -> Applied:
    CALLS["execute"] += 1
    words = line.split()
    if not words or words[0].startswith("#"):
        return Applied(state, [])
    forced = words[0] == "force"
    if forced:
        words = words[1:]
    if len(words) == 2 and words[0] == "add":
        try:
            n = int(words[1])
        except ValueError:
            raise CommandError(f"not a number: {words[1]!r}", "add N") from None
        if n <= 0 and not forced:
            raise Refused("add.positive", f"cannot add {n}: only positive numbers", f"不能加{n}", "toy rules")
        new = state.clone()
        new.counters["total"] = new.counters.get("total", 0) + n
        return Applied(new, [Event("add", f"added {n}, total {new.counters['total']}",
                                   f"加{n}，共{new.counters['total']}")])
    if len(words) == 2 and words[0] == "win":
        if state.over:
            raise Refused("game.over", "the game is over", "游戏已结束", forceable=False)
        new = state.clone()
        new.over, new.winner = True, words[1]
        return Applied(new, [Event("win", f"{words[1]} wins", f"{words[1]}胜")])
    raise CommandError(f"unknown command {line!r}", "add N | roll | win ROLE")


def prepare_actions(state: GameState, line: str, seed=None) -> list[tuple[str, None]]:
    """:func:`prepare` in the shape of ``companion.script.prepare_actions`` (no parsed action to hand on)."""
    return [(ln, None) for ln in prepare(state, line, seed)]


def execute_prepared(state: GameState, line: str, act: None) -> Applied:
    """:func:`execute` in the shape of ``companion.script.execute_prepared``."""
    return execute(state, line)


def total(state: GameState) -> int:
    return state.counters.get("total", 0)


KW = {"execute": execute, "prepare": prepare}
