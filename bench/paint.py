#!/usr/bin/env python3
"""Key-to-paint and first paint of the dashboard, side by side with a bare Textual app.

    python bench/paint.py keys  [--entries 20,3000,10000] [--rounds 3] [--keys 20]
    python bench/paint.py first [--entries 0,3000] [--rounds 5]

Every figure is paired with its anchor in the same run: the rounds alternate a
fresh process of the bare app (a Static and an Input: Enter updates the Static)
and a fresh process of the dashboard, so both see the same machine load.

* ``keys``: the dashboard resumes a journal of N entries (the legal game of
  ``bench/engine.py``), then for each measured key the command bar holds the
  next command (``next``, or ``discard K`` when a discard is asked) and Enter
  is pressed; the time is from the key to the end of the paint that shows it
  (the Enter key event posted to the app as the driver posts it, then
  ``App.wait_for_refresh`` until the command is applied and the screen has
  repainted; ``pilot.press`` is not used: it sleeps until the CPU is idle).
  The anchor presses Enter in its Input the same way.
* ``first``: from the first line of the process (imports included) to the
  first painted frame: the dashboard opened as ``companion new`` (N = 0) or
  ``companion resume`` on a journal of N entries would, the command line
  parsed by ``companion.cli.build_parser`` first and the collector paused as
  ``cmd_new`` / ``cmd_resume`` do (``pause_gc_for_start_up``); the anchor imports Textual,
  mounts its two widgets and paints.

Both run headless at 100x30.  Prints median, p95 and the spread of the
per-round medians of the wall clock and of the process's CPU time (less
sensitive to the load of a shared machine, and blind to the fsync a journaled
command waits for), with the load average; writes nothing.  Journals are
built once per size in the temporary directory (``--cache DIR``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (100, 30)

BARE = r"""
import time
t0 = time.perf_counter()
import asyncio, sys
from textual.app import App
from textual import events
from textual.widgets import Input, Static

async def hit(app, done):
    # Enter, as the terminal driver delivers it; seconds until the screen has repainted with its effect
    t, c = time.perf_counter(), time.process_time()
    app.post_message(events.Key("enter", "\r"))
    while not done():
        await app.wait_for_refresh()
    await app.wait_for_refresh()
    return f"{time.perf_counter() - t} {time.process_time() - c}"

class Bare(App):
    def compose(self):
        yield Static("0", id="out")
        yield Input(id="in")
    def on_input_submitted(self, event):
        self.query_one("#out", Static).update(event.value + str(time.perf_counter()))
        event.input.value = ""

async def main(keys):
    app = Bare()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        print("first", time.perf_counter() - t0, time.process_time())
        box = app.query_one("#in", Input)
        for _ in range(keys):
            box.value = "next"
            await pilot.pause()
            print("key", await hit(app, lambda: box.value == ""))

asyncio.run(main(KEYS))
"""

COMPANION = r"""
import time
t0 = time.perf_counter()
import asyncio, sys
sys.path.insert(0, ROOT)
import companion.cli
from companion.cli import build_parser
args = build_parser(ARGV).parse_args(ARGV)  # as main() parses
getattr(companion.cli, "pause_gc_for_start_up", lambda: None)()  # as cmd_new / cmd_resume do (older versions: none)
from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp
from textual import events

async def hit(app, done):
    # Enter, as the terminal driver delivers it; seconds until the screen has repainted with its effect
    t, c = time.perf_counter(), time.process_time()
    app.post_message(events.Key("enter", "\r"))
    while not done():
        await app.wait_for_refresh()
    await app.wait_for_refresh()
    return f"{time.perf_counter() - t} {time.process_time() - c}"

def next_line(state):
    p = state.prompt
    if p is not None and p.kind == "discard":
        seat = state.seat(p.seat)
        return f"discard {seat.hand - p.data['limit']}"
    return "next"

async def main(keys):
    if args.command == "new":
        session = Session.new(args.db)
    else:
        session = Session.resume(args.db, args.game)
    app = CompanionApp(session, lang="zh")
    app.step_every_phase = True  # one command per key: a quiet phase does not run on (issue 16)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        print("first", time.perf_counter() - t0, time.process_time())
        # one journal entry per key, as before the quiet phases passed by themselves (issue 16): a `next` that
        # passes several quiet phases is several committed entries, and would not be one key's paint
        app.step_every_phase = True
        bar = app.query_one(CommandBar)
        for _ in range(keys):
            tip = session.tip
            bar.value = next_line(session.state)
            await pilot.pause()
            print("key", await hit(app, lambda: session.tip != tip))
            assert session.tip == tip + 1, (app.message, bar.value)
    session.close()

asyncio.run(main(KEYS))
"""


def journal_of(n: int, cache: Path) -> Path:
    """A journal holding one game of ``n`` entries (built once per version of the rules, then reused: its
    checkpoints are those of the rules under test, as in a game played with them — after an upgrade the first
    resume of an older game replays more, which is not what this bench measures)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from companion.snapshot import rules_fingerprint  # noqa: PLC0415

    db = cache / f"paint-{n}-{rules_fingerprint()[:12]}.sqlite3"
    if db.exists():
        return db
    import engine  # noqa: PLC0415

    from companion.session import Session  # noqa: PLC0415

    tmp = db.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    s = Session.new(tmp)
    con = getattr(s.journal, "_con", None)
    if con is not None:  # building the fixture only: no fsync per entry
        con.execute("PRAGMA synchronous=OFF")
    for line in engine.generate(n):
        s.submit(line)
    s.close()
    tmp.rename(db)
    return db


# as after `pip install`: byte-code caches exist (this machine sets PYTHONDONTWRITEBYTECODE,
# which would make every fresh process compile every module of the repository again)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def child(code: str, keys: int, argv: list[str] | None = None) -> str:
    """The child's source: ``code`` with the repository, the size, the keys and the command line filled in."""
    return (code.replace("ROOT)", repr(str(ROOT)) + ")", 1).replace("SIZE)", repr(SIZE) + ")", 1)
            .replace("KEYS)", f"{keys})").replace("ARGV)", repr(argv or []) + ")"))


FIRST_FRAME_EXIT = (
    'print("first", time.perf_counter() - t0, time.process_time())',
    'print("first", time.perf_counter() - t0, time.process_time(), flush=True); import os; os._exit(0)',
)
"""``--print-child``: the child ends at its first frame (for an instruction count of the first paint alone)."""


def run(code: str, keys: int, argv: list[str] | None = None) -> dict[str, list[tuple[float, float]]]:
    """``{"first": [(wall ms, CPU ms)], "key": [...]}`` of one fresh child (CPU: the process's, since it started
    for ``first``, during the key for ``key``)."""
    src = child(code, keys, argv)
    out = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, cwd=ROOT, env=ENV)
    if out.returncode:
        raise SystemExit(f"bench child failed:\n{out.stderr[-2000:]}")
    got: dict[str, list[tuple[float, float]]] = {"first": [], "key": []}
    for ln in out.stdout.splitlines():
        what, _, v = ln.partition(" ")
        if what in got:
            wall, cpu = v.split()
            got[what].append((float(wall) * 1000, float(cpu) * 1000))
    return got


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def line(name: str, ms: list[float], rounds: list[float]) -> str:
    spread = f"round medians {min(rounds):.1f}–{max(rounds):.1f}" if len(rounds) > 1 else ""
    return (f"{name:40} median {statistics.median(ms):7.1f} ms  p95 {pct(ms, 0.95):7.1f} ms  "
            f"(n={len(ms)}; {spread})")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("keys", "first"))
    ap.add_argument("--entries", default=None, help="comma list of game sizes")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--keys", type=int, default=20, help="keys per process (keys)")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "companion-bench")
    ap.add_argument("--print-child", choices=("bare", "dashboard"), default=None,
                    help="first: print the child's code, ended at its first frame, for the first of --entries "
                         "(0: a new game in a fresh temporary journal; N: resuming a temporary copy of the cached "
                         "journal of N entries), and exit (docs/performance.md: its callgrind count)")
    a = ap.parse_args(argv)
    if a.print_child:
        n = int((a.entries or "0").split(",")[0])
        a.cache.mkdir(parents=True, exist_ok=True)
        db = str(Path(tempfile.mkdtemp()) / f"j-{n}.sqlite3")  # a copy: the child opens the journal for writing
        if n:
            Path(db).write_bytes(journal_of(n, a.cache).read_bytes())
        args = ["new", "--db", db] if n == 0 else ["resume", "--db", db, "--game", "1"]
        code = BARE if a.print_child == "bare" else COMPANION
        print(child(code, 0, args).replace(*FIRST_FRAME_EXIT))
        return 0
    a.cache.mkdir(parents=True, exist_ok=True)
    sizes = [int(x) for x in (a.entries or ("20,3000,10000" if a.what == "keys" else "0,3000")).split(",")]
    rounds = a.rounds or (3 if a.what == "keys" else 5)
    print(f"bench/paint.py {a.what}: Python {sys.version.split()[0]}, {SIZE[0]}x{SIZE[1]}, "
          f"load average before {load()}")
    keys = a.keys if a.what == "keys" else 0
    for n in sizes:
        if n == 0:
            tmp = tempfile.TemporaryDirectory()
            argv_c = lambda tmp=tmp: ["new", "--db", str(Path(tmp.name) / f"new-{time.monotonic_ns()}.sqlite3")]  # noqa: E731
        else:
            db = journal_of(n, a.cache)
            argv_c = lambda db=db: ["resume", "--db", str(db), "--game", "1"]  # noqa: E731
        bare: list[list[tuple[float, float]]] = []
        comp: list[list[tuple[float, float]]] = []
        for _ in range(rounds):
            argv_n = argv_c()
            if n and a.what == "keys":  # keys append entries: work on a copy of the journal
                copy = a.cache / f"work-{n}.sqlite3"
                copy.write_bytes(Path(argv_n[2]).read_bytes())
                argv_n[2] = str(copy)
            bare.append(run(BARE, keys)["first" if a.what == "first" else "key"])
            comp.append(run(COMPANION, keys, argv_n)["first" if a.what == "first" else "key"])
        label = "key-to-paint" if a.what == "keys" else "first paint"
        game = f"{n} entries" if n else "new game"
        for i, kind in ((0, "wall"), (1, "CPU")):
            b = [[x[i] for x in r] for r in bare]
            c = [[x[i] for x in r] for r in comp]
            print(line(f"{label} {kind}, bare Textual app", [x for r in b for x in r], [statistics.median(r) for r in b]))
            print(line(f"{label} {kind}, dashboard, {game}", [x for r in c for x in r], [statistics.median(r) for r in c]))
            ratios = [statistics.median(y) / statistics.median(x) for x, y in zip(b, c, strict=True)]
            print(f"{'':34} ratio dashboard / bare per round: " + ", ".join(f"{r:.2f}" for r in ratios)
                  + f"  (median {statistics.median(ratios):.2f})")
    print(f"load average after {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
