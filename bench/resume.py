#!/usr/bin/env python3
"""Resume time and memory of long games, each paired with its anchor in the same run.

    python bench/resume.py [--entries 3000,100000] [--rounds 5] [--memory 100000]

* resume: ``Session.resume`` of a journal holding one game of N entries (the legal game
  of ``bench/engine.py``), in a fresh process per round (the rules already imported), against the anchor read in the
  same process just before: the SQLite read of the game's rows
  (``SELECT ... FROM entries``, what any resume must do).  Rounds alternate sizes.
* CPU: the process's CPU time (user + system, ``time.process_time``) of the same resume and anchor,
  which the other processes of a shared machine do not lengthen as they do the wall clock.
* memory: resident set size of a fresh process after applying N actions
  (``Session.replay_lines``, in memory) and after resuming the N-entry journal, minus the
  same process's size before (the modules imported, nothing played).

Journals are built once per size (``--cache DIR``, default the temporary directory;
100,000 entries take a minute).  Prints medians, min–max and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import gc, json, os, sqlite3, sys, time
sys.path.insert(0, ROOT)
sys.path.insert(0, ROOT + "/bench")
from companion.session import Session
import companion.script  # the rules load with the command language: imports are first paint's, not resume's
import hashlib, json  # imported by the journal's first checksum and the first snapshot: loading them (≈ 6–8 ms CPU) is an import

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

what, db, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = {}
if what == "resume":
    con = sqlite3.connect(db)
    t, c = time.perf_counter(), time.process_time()
    rows = con.execute("SELECT seq, lines, forced, undone, at, parent FROM entries WHERE game_id = 1 "
                       "ORDER BY seq").fetchall()
    out["anchor"], out["anchor_cpu"] = time.perf_counter() - t, time.process_time() - c
    con.close()
    del rows
    t, c = time.perf_counter(), time.process_time()
    s = Session.resume(db, 1)
    out["resume"], out["cpu"] = time.perf_counter() - t, time.process_time() - c
    out["from"] = getattr(s, "checkpoint_used", 0)
    out["tip"] = s.tip
elif what == "memory-replay":
    import engine
    lines = engine.generate(n)
    gc.collect()
    before = rss()
    s = Session.replay_lines(lines)
    gc.collect()
    out["delta"] = rss() - before
    out["rss"] = rss()
elif what == "memory-resume":
    gc.collect()
    before = rss()
    s = Session.resume(db, 1)
    gc.collect()
    out["delta"] = rss() - before
    out["rss"] = rss()
print(json.dumps(out))
"""


def journal_of(n: int, cache: Path) -> Path:
    db = cache / f"resume-{n}.sqlite3"
    if db.exists():
        return db
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    import engine  # noqa: PLC0415

    from companion.journal import Journal  # noqa: PLC0415

    tmp = db.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    with Journal(tmp) as j:  # the rows as Session.submit writes them, without an fsync per entry
        gid = j.new_game()
        con = j._con
        con.execute("PRAGMA synchronous=OFF")
        con.execute("BEGIN")
        for seq, line in enumerate(engine.generate(n), 1):
            con.execute("INSERT INTO entries(game_id, seq, lines, forced, undone, at, parent) "
                        "VALUES (?, ?, ?, 0, 0, '2026-12-01T00:00:00.000+00:00', ?)", (gid, seq, line, seq - 1))
        con.execute("COMMIT")
    tmp.rename(db)
    return db


def child(what: str, db: Path | str, n: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD.replace("ROOT)", repr(str(ROOT)) + ")", 1)
                          .replace('ROOT + "/bench"', repr(str(ROOT / "bench")), 1), what, str(db), str(n)],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", default="3000,100000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--memory", type=int, default=100000, help="actions for the memory figures (0: skip)")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "companion-bench")
    a = ap.parse_args(argv)
    a.cache.mkdir(parents=True, exist_ok=True)
    sizes = [int(x) for x in a.entries.split(",") if x]
    load = lambda: " ".join(f"{x:.2f}" for x in os.getloadavg())  # noqa: E731
    print(f"bench/resume.py ({ROOT}): Python {sys.version.split()[0]}, load average before {load()}")
    dbs = {n: journal_of(n, a.cache) for n in sorted(set(sizes + ([a.memory] if a.memory else [])))}
    for n in sizes:  # the first resume may write checkpoints for an old journal: not timed
        child("resume", dbs[n], n)
    got: dict[int, list[dict]] = {n: [] for n in sizes}
    for _ in range(a.rounds):
        for n in sizes:
            got[n].append(child("resume", dbs[n], n))
    for n in sizes:
        r = [x["resume"] * 1000 for x in got[n]]
        anc = [x["anchor"] * 1000 for x in got[n]]
        print(f"resume {n:>7} entries: median {statistics.median(r):8.1f} ms (min–max {min(r):.1f}–{max(r):.1f})"
              f"   anchor SQLite read of the rows {statistics.median(anc):6.1f} ms"
              f"   ratio {statistics.median(r) / statistics.median(anc):.1f}×   (replayed from entry "
              f"{got[n][0]['from']} of {got[n][0]['tip']})")
        cpu = [x["cpu"] * 1000 for x in got[n]]
        acpu = [x["anchor_cpu"] * 1000 for x in got[n]]
        print(f"        {'':>7}  CPU of the process: median {statistics.median(cpu):8.1f} ms "
              f"(min–max {min(cpu):.1f}–{max(cpu):.1f})   anchor {statistics.median(acpu):6.1f} ms")
    if a.memory:
        m = child("memory-replay", "-", a.memory)
        print(f"memory after {a.memory} actions (replay_lines): +{m['delta'] / 2**20:.1f} MiB "
              f"(process {m['rss'] / 2**20:.1f} MiB)")
        m = child("memory-resume", dbs[a.memory], a.memory)
        print(f"memory after resuming {a.memory} entries: +{m['delta'] / 2**20:.1f} MiB "
              f"(process {m['rss'] / 2**20:.1f} MiB)")
    print(f"load average after {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
