#!/usr/bin/env python3
"""Measure the rules engine: one action, and a 1,000-action replay.

    python bench/engine.py [--actions 1000] [--repeat 7]

* one action: ``script.execute`` of each line of a generated 8-player game
  (setup, phases, 杀 + 闪 / damage, 桃, equipment, corrections), timed one
  by one; prints median and p99 in milliseconds;
* replay: the same ``--actions`` lines replayed from an empty state with
  ``Session.replay_lines`` (in memory) — the work done by a resume after the
  SQLite rows are read (bench/journal.py times the SQLite side);
* the generated game is checked as it is built: every line must be accepted.

Targets (issue 2 §9): an action under 1 ms, a 1,000-action replay under 100 ms.

Instruction counts (load-independent, for a paired before/after; docs/performance.md, issue 14)::

    python bench/engine.py --write-lines /tmp/game.txt        # the generated game, once, for both trees
    PYTHONHASHSEED=0 valgrind --tool=callgrind python bench/engine.py --replay-once /tmp/game.txt
    PYTHONHASHSEED=0 valgrind --tool=callgrind python bench/engine.py --replay-once /tmp/game.txt --anchor

``--replay-once`` imports, runs the first 40 lines through ``script.execute`` (the lazy imports and the
catalogue are then loaded) and replays all of them once with ``Session.replay_lines``; ``--anchor`` does
everything but the replay.  The replay's instructions are the difference of the two totals.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.state import GameState
from companion.script import execute
from companion.session import Session


def generate(n_actions: int, players: int = 8) -> list[str]:
    """A legal game of at least ``n_actions`` lines (nobody dies: damage is healed back)."""
    lines = [f"players {players}", "variant no_generals", "lord 1", "start"]
    st = GameState()
    for ln in lines:
        st = execute(st, ln).state
    turn = 0
    while len(lines) < n_actions:
        s = st.turn_seat
        t = st.next_alive(s)
        block = ["next", "next", "next"]  # judge, draw (+2), play
        block += [f"{s} slash {t}", "jink" if turn % 2 else "take"]
        if turn % 2 == 0:
            block += [f"heal {t} 1"]
        block += [f"draw {t} 1", f"{s} dismantlement {t}", "pass all", "pick hand", f"draw {t} 1"]
        block += ["next"]  # discard phase
        for ln in block:
            st = execute(st, ln).state  # raises if the generator is wrong
            lines.append(ln)
        me = st.seat(s)
        tail = ([f"discard {me.hand - me.hp}"] if me.hand > me.hp else []) + ["next", "next"]
        for ln in tail:  # finish, next turn's start
            st = execute(st, ln).state
            lines.append(ln)
        turn += 1
    return lines[:n_actions]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--actions", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--write-lines", metavar="FILE", help="write the generated game to FILE and exit")
    ap.add_argument("--replay-once", metavar="FILE", help="replay FILE's lines once (for valgrind), print nothing")
    ap.add_argument("--anchor", action="store_true", help="with --replay-once: everything but the replay")
    args = ap.parse_args(argv)
    if args.replay_once:
        lines = Path(args.replay_once).read_text(encoding="utf-8").splitlines()
        st = GameState()
        for ln in lines[:40]:  # the lazy imports and the catalogues, in both runs
            st = execute(st, ln).state
        if not args.anchor:
            Session.replay_lines(lines)
        return 0
    lines = generate(args.actions)
    if args.write_lines:
        Path(args.write_lines).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0

    per_action: list[float] = []
    for _ in range(3):
        st = GameState()
        for ln in lines:
            t0 = time.perf_counter()
            st = execute(st, ln).state
            per_action.append(time.perf_counter() - t0)
    per_action.sort()
    med = statistics.median(per_action) * 1e3
    p99 = per_action[int(len(per_action) * 0.99) - 1] * 1e3

    replays = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        Session.replay_lines(lines)
        replays.append(time.perf_counter() - t0)
    rmed = statistics.median(replays) * 1e3
    print(f"python {platform.python_version()} on {platform.machine()}, {len(lines)} generated lines")
    print(f"one action (script.execute): median {med:.3f} ms, p99 {p99:.3f} ms   (target < 1 ms)")
    print(f"replay {len(lines)} actions (Session.replay_lines): median {rmed:.1f} ms, "
          f"max {max(replays) * 1e3:.1f} ms over {args.repeat} runs   (target < 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
