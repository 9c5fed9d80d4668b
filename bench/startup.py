#!/usr/bin/env python3
"""Start-up of whole commands, each paired with its anchor in the same run.

    python bench/startup.py [--rounds 15] [--out DIR]

Times fresh processes from outside (wall clock, spawn to exit), interleaved
round by round so that both sides of a pair see the same machine load:

* ``companion distance --players 5 --weapon 2=qinggang_sword`` against
  ``python -c "import companion.rules"`` (target: ≤ 1.5×; ``companion/rules/__init__.py`` is empty, so this
  anchor is the interpreter's start) and ``python -c "import dataclasses"`` (shown as the floor: every
  rules module is built of dataclasses, and that import alone is ≈ 1.3–1.4× the anchor);
* ``companion judge indulgence ♥7`` and ``companion games`` against the same anchor;
* ``companion labels --out DIR/labels`` (target: ≤ 300 ms) against ``python -c pass``: after the
  warm-up run the sheets come from the label cache (``COMPANION_CACHE_DIR`` is set to a temporary
  folder); ``companion labels --no-cache`` draws and encodes them every time.

Prints median, p95 and the min–max of each command, the ratio of the medians,
the median CPU time (user + system, of the child: less sensitive to the load than the wall clock)
with its ratio, and the load average.  Writes nothing but the label sheets in a temporary directory.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


# as after `pip install`: the byte-code caches exist (the warm-up run writes them; this machine's
# environment sets PYTHONDONTWRITEBYTECODE, which would make every run compile every module again)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


CPU: dict[str, list[float]] = {}  # user + system CPU time of each command's process, ms (less load-sensitive)


def timed(cmd: list[str], name: str = "") -> float:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    wall = (time.perf_counter() - t) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if name:
        CPU.setdefault(name, []).append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
    return wall


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--only", default="", help="comma list of names to run (default all)")
    a = ap.parse_args(argv)
    py = sys.executable
    out = Path(tempfile.mkdtemp())
    companion = [py, "-m", "companion"]
    cmds = {
        "python -c pass": [py, "-c", "pass"],
        "import companion.rules": [py, "-c", "import companion.rules"],
        "import dataclasses": [py, "-c", "import dataclasses"],
        "companion distance": companion + ["distance", "--players", "5", "--weapon", "2=qinggang_sword"],
        "companion judge": companion + ["judge", "indulgence", "♥7"],
        "companion games": companion + ["games", "--db", str(out / "j.sqlite3")],
        "companion labels": companion + ["labels", "--out", str(out / "labels")],
        "companion labels --no-cache": companion + ["labels", "--no-cache", "--out", str(out / "labels-n")],
    }
    ENV["COMPANION_CACHE_DIR"] = str(out / "cache")  # the label cache: empty before the warm-up run
    if a.only:
        keep = {x.strip() for x in a.only.split(",")} | {"python -c pass", "import companion.rules", "import dataclasses"}
        cmds = {k: v for k, v in cmds.items() if k in keep}
    print(f"bench/startup.py: Python {sys.version.split()[0]}, {a.rounds} rounds, "
          f"load average before {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for cmd in cmds.values():  # warm the file cache once
        timed(cmd)
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(a.rounds):
        for name, cmd in cmds.items():
            times[name].append(timed(cmd, name))
    anchor = statistics.median(times["import companion.rules"])
    cpu_anchor = statistics.median(CPU["import companion.rules"])
    for name, ms in times.items():
        med = statistics.median(ms)
        cpu = statistics.median(CPU[name])
        print(f"{name:24} median {med:7.1f} ms  p95 {pct(ms, 0.95):7.1f} ms  min–max {min(ms):.0f}–{max(ms):.0f} ms"
              f"  ({med / anchor:.2f}× import companion.rules)  CPU {cpu:.1f} ms ({cpu / cpu_anchor:.2f}×)")
    print(f"load average after {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
