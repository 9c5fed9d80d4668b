"""Kills at every moment of journal creation, submit, undo and redo (issue 12, acceptance).

Deterministic and independent of load: a forked child counts the C calls made from companion/journal.py
(``sys.setprofile``) and dies with ``os._exit`` at the k-th one — before an ``os.link``, between
``BEGIN`` and ``COMMIT``, inside ``_create``'s rename… — for k over the whole run; and, inside SQLite's
own calls, at the k-th deletion of a rollback journal (``-journal``: the last step of a commit, where §3's
kill bricked a new journal; ``crash_support.kill_at_journal_unlink``).  After each death: every journal
opens (and opens again), and every action the child acknowledged (it writes "ack" to a pipe after a call
returned) is in it; the one action in flight is either wholly there or not at all.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import crash_support
import fake_engine as fe
import pytest

from companion import journal as jmod
from companion.journal import Journal
from companion.session import Session

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")
JOURNAL_PY = jmod.__file__


def _die_at(k: int):
    """A profile hook that kills the process at the k-th C call made by companion/journal.py."""
    count = [0]

    def hook(frame, event, arg):
        if event == "c_call" and frame.f_code.co_filename == JOURNAL_PY:
            count[0] += 1
            if count[0] == k:
                os._exit(9)
    return hook, count


def _in_child(fn, k: int, at: str = "call") -> tuple[int, list[str]]:
    """Run ``fn(ack)`` in a forked child killed at moment ``k`` (0: never) — the k-th C call of journal.py
    (``at="call"``) or the k-th deletion of a ``-journal`` (``at="unlink"``); returns (moments the whole run
    has, or -1 when killed; acks)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(r)
        out = os.fdopen(w, "w", buffering=1)
        hook, count = _die_at(k if at == "call" else 0)
        if at == "unlink":
            count = crash_support.kill_at_journal_unlink(k, how="exit")

        def ack(msg: str) -> None:
            sys.setprofile(None)
            out.write(msg + "\n")
            sys.setprofile(hook)

        try:
            sys.setprofile(hook)
            fn(ack)
            sys.setprofile(None)
            out.write(f"calls {count[0]}\n")
        except BaseException:  # noqa: BLE001 - the child reports nothing more
            os._exit(3)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        lines = f.read().splitlines()
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in (0, 9), f"child failed (exit {code})"
    calls = int(lines.pop()[6:]) if lines and lines[-1].startswith("calls ") else -1
    return calls, lines


def _opens_empty_twice(db: Path) -> None:
    """The journal opens, takes a game, and opens again (§3: the first open rolled the hot -journal back,
    leaving a file every later open refused as "another application (application_id 0x0)")."""
    with Journal(db) as j:
        assert j.games() == [] and j.new_game() == 1
    with Journal(db) as j:
        assert [g.id for g in j.games()] == [1]


@pytest.mark.parametrize("at", ["call", "unlink"])
def test_kill_at_every_moment_of_creation_leaves_no_journal_or_a_valid_one(tmp_path, at):
    def create(db):
        return lambda ack: (Journal(db).close(), ack("created"))

    total, _ = _in_child(create(tmp_path / "probe.sqlite3"), 0, at)
    assert total > (10 if at == "call" else 0)
    for k in range(1, total + 1):
        db = tmp_path / f"j{k}.sqlite3"
        _, acks = _in_child(create(db), k, at)
        assert acks == []  # killed before Journal() returned
        _opens_empty_twice(db)
        leftovers = list(tmp_path.glob(f".j{k}.sqlite3.*"))
        assert len(leftovers) <= 2  # a temporary of the killed creation (swept after a minute), never the path
        for p in leftovers:
            os.utime(p, (0, 0))
        Journal(db).close()  # an open sweeps the temporaries older than a minute
        assert list(tmp_path.glob(f".j{k}.sqlite3.*")) == []


OPS = ["add 1", "add 2", "undo", "add 3", "undo", "redo", "add 4", "undo", "undo", "redo", "add 5", "redo",
       "add 6"]


def _model(done: list[str]) -> tuple[list[int], list[int]]:
    live, redo = [], []
    for op in done:
        if op == "undo":
            redo.append(live.pop())
        elif op == "redo":
            if redo:
                live.append(redo.pop())
        else:
            live.append(int(op.split()[1]))
            redo.clear()
    return live, redo


def _play(db: Path):
    def run(ack) -> None:
        s = Session.resume(db, **fe.KW)
        for op in OPS:
            if op == "undo":
                s.undo()
            elif op == "redo":
                s.redo()
            else:
                s.submit(op)
            ack(op)
        s.close()
    return run


def test_kill_at_every_moment_of_submit_undo_redo_loses_no_acknowledged_action(tmp_path):
    seed = tmp_path / "seed.sqlite3"
    Session.new(seed, **fe.KW).close()
    total, acks = _in_child(_play(tmp_path / "probe.sqlite3"), 0)
    assert acks == OPS and total > 20
    for k in range(1, total + 1, max(1, total // 60)):
        db = tmp_path / f"g{k}.sqlite3"
        db.write_bytes(seed.read_bytes())
        _, acks = _in_child(_play(db), k)
        s = Session.resume(db, **fe.KW)  # every journal opens
        try:
            got = fe.total(s.state), [int(e.lines[0].split()[1]) for e in s.log if not e.undone]
            acked = _model(acks)[0]
            nxt = OPS[len(acks)] if len(acks) < len(OPS) else None
            maybe = _model([*acks, nxt])[0] if nxt is not None else acked
            assert got in ((sum(acked), acked), (sum(maybe), maybe)), (k, acks, got)
            assert s.problem is None  # nothing set aside
            s.submit("add 100")  # and goes on
        finally:
            s.close()


CREATE_AND_DIE = """
import sys
import crash_support
from companion.journal import Journal
crash_support.kill_at_journal_unlink(int(sys.argv[1]))
Journal().close()  # the default path (XDG_DATA_HOME: the test's own dir)
print("created", flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "kill"), reason="POSIX signals")
def test_sigkill_at_the_unlink_of_the_rollback_journal_on_the_default_path(tmp_path, capsys):
    """§3's reproduction (``strace -e inject=unlink:signal=SIGKILL`` on ``companion``'s first start), in a
    fresh interpreter that sends itself a real SIGKILL where SQLite deletes the ``-journal``: afterwards
    ``companion games`` and every later start open the journal (they used to refuse it for good)."""
    import signal
    import subprocess

    from companion.cli import main
    from companion.journal import default_path

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "tests")]))
    p = subprocess.run([sys.executable, "-c", CREATE_AND_DIE, "1"], capture_output=True, text=True, env=env,
                       timeout=60)
    assert p.returncode == -signal.SIGKILL and "created" not in p.stdout, p.stderr
    assert default_path().parent.is_dir()
    assert main(["games"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    _opens_empty_twice(default_path())
    assert main(["games"]) == 0 and "1" in capsys.readouterr().out
