"""Kill a running game process with SIGKILL mid-stream: every acknowledged action is in the journal."""

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import fake_engine as fe
import pytest

from companion.journal import Journal
from companion.session import Session

ROOT = Path(__file__).resolve().parents[1]

CHILD = textwrap.dedent("""
    import sys
    import fake_engine as fe
    from companion.session import Session

    s = Session.resume(sys.argv[1], **fe.KW)
    print("ready", s.game_id, flush=True)
    i = 0
    while True:
        i += 1
        if i % 7 == 0:
            s.undo()
            print("ack undo", flush=True)
        else:
            s.submit(f"add {i}")
            print("ack add", i, flush=True)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_loses_no_acknowledged_action(tmp_path):
    db = tmp_path / "game.sqlite3"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    added: list[int] = []  # acknowledged adds, in order: the k-th has seq k+1
    live: list[int] = []  # seqs of the acknowledged live stack
    undone: set[int] = set()  # seqs an acknowledged undo took back
    try:
        first = proc.stdout.readline().split()
        assert first and first[0] == "ready", proc.stderr.read()
        game_id = int(first[1])
        for _ in range(150):
            words = proc.stdout.readline().split()
            assert words and words[0] == "ack", proc.stderr.read()
            if words[1] == "undo":
                undone.add(live.pop())
            else:
                added.append(int(words[2]))
                live.append(len(added))
        assert proc.poll() is None  # killed while still submitting
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    with Journal(db) as j:
        rows = j.entries(game_id)
    assert len(rows) >= len(added)
    for k, n in enumerate(added):
        assert rows[k].seq == k + 1 and rows[k].lines == (f"add {n}",)
    for seq in undone:
        assert rows[seq - 1].undone
    # the resumed game is the journal's live chain, acknowledged prefix included
    s = Session.resume(db, game_id=game_id, **fe.KW)
    live_rows = [r for r in rows if not r.undone]
    assert fe.total(s.state) == sum(int(r.lines[0].split()[1]) for r in live_rows)
    assert [e.seq for e in s.log] == [r.seq for r in rows]
    s.submit("add 1")  # the journal is still writable after the crash
    s.close()
