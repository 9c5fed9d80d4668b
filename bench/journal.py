#!/usr/bin/env python3
"""Measure the journal: appending one entry, and resuming (replaying) a 1,000-entry game.

    python bench/journal.py                  # the real engine (companion.script)
    python bench/journal.py --fake           # always the toy executor (tests/fake_engine.py)
    python bench/journal.py --script FILE    # real engine, entries taken from a transcript
    python bench/journal.py --script FILE --loop-from 9   # ... repeating its lines 9.. up to --entries

What is timed:
* append: ``Session.submit`` of one line = prepare + execute + one committed
  SQLite transaction (WAL, synchronous=FULL, so an fsync), and the journal's
  ``append`` alone;
* resume: ``Session.resume`` of the game = open + read-only check + read all
  entries + re-execute them; and ``Session.replay_lines`` in memory (no db).

With the toy executor the numbers are the journal's own cost; with the real
engine they include the rules.  A real transcript shorter than ``--entries``
is journaled as it is and the report says how many entries were replayed.
Prints median and p99 (milliseconds); does not write docs/performance.md.
"""

from __future__ import annotations

import argparse
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from companion.journal import Journal  # noqa: E402
from companion.session import Session  # noqa: E402


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def report(name: str, seconds: list[float]) -> None:
    ms = [x * 1000 for x in seconds]
    print(f"{name:48} median {statistics.median(ms):8.3f} ms   p99 {pct(ms, 0.99):8.3f} ms   (n={len(ms)})")


def script_lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.strip().startswith("#")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=1000, help="entries in the replayed game (toy executor)")
    ap.add_argument("--repeat", type=int, default=30, help="resumes to time")
    ap.add_argument("--fake", action="store_true", help="use the toy executor even when the engine exists")
    ap.add_argument("--script", type=Path, help="transcript whose lines are journaled (real engine)")
    ap.add_argument("--loop-from", type=int, metavar="K",
                    help="repeat the script's command lines K.. (1-based, comments skipped) until --entries")
    args = ap.parse_args(argv)

    real = not args.fake
    if real:
        kw = {}
        src = args.script or next(iter(sorted((ROOT / "tests" / "data").glob("*.sgs"))), None)
        if src is None:
            print("no transcript found (tests/data/*.sgs); use --script FILE or --fake", file=sys.stderr)
            return 2
        lines = script_lines(src)
        if args.loop_from:
            head, tail = lines[: args.loop_from - 1], lines[args.loop_from - 1:]
            lines = head + [tail[i % len(tail)] for i in range(max(0, args.entries - len(head)))] if tail else head
        what = f"real engine, lines of {src}"
    else:
        import fake_engine as fe  # noqa: PLC0415

        kw = fe.KW
        lines = [f"add {i}" for i in range(1, args.entries + 1)]
        what = "toy executor (tests/fake_engine.py): the journal's own cost"

    print(f"bench/journal.py — {what}")
    print(f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {platform.machine()}, "
          f"{platform.system()} {platform.release()}")
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "bench.sqlite3"
        s = Session.new(db, **kw)
        submit = []
        for i, line in enumerate(lines, 1):
            t = time.perf_counter()
            try:
                s.submit(line)
            except Exception as e:  # noqa: BLE001
                print(f"line {i} refused ({e}); journal stops at {i - 1} entries", file=sys.stderr)
                break
            submit.append(time.perf_counter() - t)
        n = len(submit)
        game_id = s.game_id
        s.close()
        print(f"game of {n} entries")
        report("append: Session.submit (execute + commit)", submit)

        with Journal(Path(d) / "raw.sqlite3") as j:
            g = j.new_game()
            raw = []
            for i in range(min(n, 500) or 1):
                t = time.perf_counter()
                j.append(g, [f"add {i}"], parent=i)
                raw.append(time.perf_counter() - t)
        report("append: Journal.append alone", raw)

        resume = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            r = Session.resume(db, game_id=game_id, **kw)
            resume.append(time.perf_counter() - t)
            r.close()
        report(f"resume: Session.resume of {n} entries", resume)

        mem = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            Session.replay_lines(lines[:n], **kw)
            mem.append(time.perf_counter() - t)
        report(f"replay: Session.replay_lines of {n} lines (memory)", mem)
    return 0


if __name__ == "__main__":
    sys.exit(main())
