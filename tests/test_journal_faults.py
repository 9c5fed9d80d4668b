"""Journal faults (issue 12 §1, §2, §3, §6): full disk, read-only files, bad paths, interrupted
creation, hot rollback journals, damaged entries, two writers, journals of schema 1."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import fake_engine as fe
import pytest

from companion import journal as jmod
from companion.journal import SCHEMA_VERSION, Journal, JournalError, entry_hash
from companion.session import Session

ROOT = Path(__file__).resolve().parents[1]


class _FailingCon:
    """A connection whose writes fail like SQLite's on a full disk (SQLITE_FULL) or an I/O error."""

    def __init__(self, con, message="database or disk is full", code=13):
        self._con, self.fail, self.message, self.code = con, True, message, code

    def execute(self, sql, *args):
        if self.fail and sql.startswith(("INSERT", "UPDATE")):
            e = sqlite3.OperationalError(self.message)
            e.sqlite_errorcode = self.code
            raise e
        return self._con.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._con, name)


def _fail_writes(s, **kw):
    bad = _FailingCon(s.journal._con, **kw)
    s.journal._con = bad
    return bad


@pytest.mark.parametrize("doing", ["submit", "undo", "redo"])
def test_full_disk_says_so_and_changes_nothing(tmp_path, doing):
    s = Session.new(tmp_path / "j.sqlite3", **fe.KW)
    s.submit("add 1")
    s.submit("add 2")
    if doing == "redo":
        s.undo()
    before = (fe.total(s.state), s.tip, s.can_undo, s.can_redo, [(e.seq, e.undone) for e in s.log])
    bad = _fail_writes(s)
    with pytest.raises(JournalError) as ei:
        {"submit": lambda: s.submit("add 5"), "undo": s.undo, "redo": s.redo}[doing]()
    e = ei.value
    assert e.kind == "full"
    assert "the disk is full" in str(e) and "free some disk space" in str(e)
    assert {"submit": "nothing was applied", "undo": "nothing was undone", "redo": "nothing was redone"}[doing] in str(e)
    assert "磁盘已满" in e.text("zh") and "internal" not in str(e)
    assert (fe.total(s.state), s.tip, s.can_undo, s.can_redo, [(x.seq, x.undone) for x in s.log]) == before
    bad.fail = False  # space freed: the game goes on
    s.submit("add 4")
    s.close()
    r = Session.resume(tmp_path / "j.sqlite3", **fe.KW)
    assert fe.total(r.state) == fe.total(s.state)
    r.close()


def test_io_error_is_not_called_corrupt(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3", **fe.KW)
    _fail_writes(s, message="disk I/O error", code=10)
    with pytest.raises(JournalError) as ei:
        s.submit("add 1")
    assert ei.value.kind == "io" and "I/O error" in str(ei.value) and "corrupt" not in str(ei.value)
    s.close()


def test_read_error_on_open_is_io_not_corrupt(tmp_path, monkeypatch):
    """A full disk at resume used to say 'corrupt or not a companion journal (disk I/O error)'."""
    p = tmp_path / "j.sqlite3"
    Session.new(p, **fe.KW).close()
    real = sqlite3.connect

    def connect(*a, **kw):
        if "mode=ro" in str(a[0]):
            e = sqlite3.OperationalError("disk I/O error")
            e.sqlite_errorcode = 10
            raise e
        return real(*a, **kw)

    monkeypatch.setattr(jmod.sqlite3, "connect", connect)
    with pytest.raises(JournalError) as ei:
        Journal(p)
    assert ei.value.kind == "io" and "corrupt" not in str(ei.value)


def test_read_only_journal_said_at_open_and_opens_read_only(tmp_path, monkeypatch):
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("add 3")
    s.close()
    before, files = p.read_bytes(), sorted(os.listdir(tmp_path))
    monkeypatch.setattr(jmod, "_writable", lambda path: "Read-only file system")
    with pytest.raises(JournalError) as ei:
        Session.resume(p, **fe.KW)
    assert ei.value.kind == "readonly" and "--read-only" in str(ei.value) and "只读" in ei.value.zh
    r = Session.resume(p, readonly=True, **fe.KW)
    assert r.readonly and fe.total(r.state) == 3
    with pytest.raises(JournalError) as ei:
        r.submit("add 1")
    assert ei.value.kind == "watching" and fe.total(r.state) == 3
    with pytest.raises(JournalError):
        r.undo()
    assert fe.total(r.state) == 3
    r.close()
    assert p.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == files  # no -wal / -shm appeared


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_fifo_refused_in_one_line(tmp_path):
    p = tmp_path / "pipe"
    os.mkfifo(p)
    with pytest.raises(JournalError) as ei:
        Journal(p)  # used to block or say 'disk I/O error'
    assert ei.value.kind == "notfile" and "FIFO" in str(ei.value)
    assert sorted(os.listdir(tmp_path)) == ["pipe"]


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="POSIX /dev/null")
def test_dev_null_refused_and_nothing_created_beside_it():
    existed = os.path.exists("/dev/null-journal")
    with pytest.raises(JournalError) as ei:
        Journal("/dev/null")
    assert ei.value.kind == "notfile" and "device" in str(ei.value)
    assert os.path.exists("/dev/null-journal") == existed


def test_games_on_an_empty_file_writes_nothing(tmp_path):
    p = tmp_path / "j.sqlite3"
    p.write_bytes(b"")
    from companion.cli import main

    assert main(["games", "--db", str(p)]) == 0
    assert p.read_bytes() == b"" and sorted(os.listdir(tmp_path)) == ["j.sqlite3"]


def test_page_damage_is_one_line(tmp_path, capsys):
    """A flipped byte in page 2 (the cell count of the ``meta`` table's b-tree page: 3 → 252) made
    ``PRAGMA quick_check`` return one row of 101 lines, printed whole."""
    p = tmp_path / "j.sqlite3"
    with Journal(p) as j:
        g = j.new_game()
        for i in range(300):
            j.append(g, [f"add {i} " + "x" * 100], parent=i)
    data = bytearray(p.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert data[page] == 0x0D and int.from_bytes(data[page + 3:page + 5], "big") == 3  # a leaf page of 3 rows
    data[page + 4] ^= 0xFF
    p.write_bytes(bytes(data))
    con = sqlite3.connect(f"{p.as_uri()}?mode=ro&immutable=1", uri=True)
    dump = "\n".join(r[0] for r in con.execute("PRAGMA quick_check"))
    con.close()
    assert dump.count("\n") > 50  # what SQLite says: the finding's many-line dump
    with pytest.raises(JournalError) as ei:
        Journal(p)
    msg = str(ei.value)
    assert "\n" not in msg and len(msg) < 400 and "corrupt" in msg and "not modified" in msg
    from companion.cli import main

    assert main(["games", "--db", str(p)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corrupt" in err and "Traceback" not in err
    assert p.read_bytes() == bytes(data) and sorted(os.listdir(tmp_path)) == ["j.sqlite3"]


def test_foreign_wal_database_gets_no_files_beside_it(tmp_path):
    p = tmp_path / "other.db"
    con = sqlite3.connect(p)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE t(x)")
    con.execute("INSERT INTO t VALUES (1)")
    con.commit()
    con.close()
    before = p.read_bytes()
    for readonly in (False, True):
        with pytest.raises(JournalError) as ei:
            Journal(p, readonly=readonly)
        assert ei.value.kind == "foreign"
    assert sorted(os.listdir(tmp_path)) == ["other.db"] and p.read_bytes() == before


_HOT = textwrap.dedent("""
    import os, sqlite3, sys
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("PRAGMA cache_size=1")
    con.execute("BEGIN IMMEDIATE")
    con.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)")
    for i in range(400):
        con.execute("INSERT INTO meta VALUES (?, ?)", (str(i), "x" * 200))
    con.execute("PRAGMA application_id = 1397183299")
    os._exit(0)  # killed mid-transaction: the -journal is hot
""")


def test_interrupted_creation_of_an_older_version_opens_again(tmp_path):
    """A v1 journal killed while being created (hot -journal, 28 KiB file) was 'another application' for good."""
    p = tmp_path / "j.sqlite3"
    subprocess.run([sys.executable, "-c", _HOT, str(p)], check=True)
    assert (tmp_path / "j.sqlite3-journal").exists()
    with pytest.raises(JournalError) as ei:
        Journal(p, readonly=True)  # read-only: said as what it is, not touched
    assert ei.value.kind == "hot" and "interrupted write" in str(ei.value)
    with Journal(p) as j:  # for writing: rolled back (empty), then a new journal
        assert j.new_game() == 1
    assert not (tmp_path / "j.sqlite3-journal").exists()


def test_creation_is_atomic(tmp_path, monkeypatch):
    p = tmp_path / "j.sqlite3"

    def boom(*a):
        raise KeyboardInterrupt  # stands for a kill between building the file and naming it

    monkeypatch.setattr(jmod.os, "link", boom)
    with pytest.raises(KeyboardInterrupt):
        Journal(p)
    assert not p.exists() and os.listdir(tmp_path) == []  # no journal, and the temporary is gone
    monkeypatch.undo()
    with Journal(p) as j:
        assert j.games() == []


def _v1_file(p):
    con = sqlite3.connect(p, isolation_level=None)
    con.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, updated TEXT NOT NULL,
                            title TEXT NOT NULL DEFAULT '', over INTEGER NOT NULL DEFAULT 0, winner TEXT);
        CREATE TABLE entries (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                              lines TEXT NOT NULL, forced INTEGER NOT NULL DEFAULT 0,
                              undone INTEGER NOT NULL DEFAULT 0, at TEXT NOT NULL,
                              parent INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, seq));
        INSERT INTO meta VALUES ('application', 'sgs-companion journal'), ('schema_version', '1');
        INSERT INTO games(created, updated) VALUES ('2026-01-01T00:00:00.000+00:00', '2026-01-01T00:00:00.000+00:00');
        INSERT INTO entries VALUES (1, 1, 'add 2', 0, 0, '2026-01-01T00:00:01.000+00:00', 0);
        INSERT INTO entries VALUES (1, 2, 'add 5', 0, 1, '2026-01-01T00:00:02.000+00:00', 1);
        INSERT INTO entries VALUES (1, 3, 'add 7', 0, 0, '2026-01-01T00:00:03.000+00:00', 1);
        PRAGMA application_id = 1397183299;
        PRAGMA user_version = 1;
        PRAGMA journal_mode = WAL;
    """)
    con.close()


def test_schema_1_journal_opens_read_only_as_is_and_is_upgraded_for_writing(tmp_path):
    p = tmp_path / "j.sqlite3"
    _v1_file(p)
    before = p.read_bytes()
    r = Session.resume(p, readonly=True, **fe.KW)
    assert fe.total(r.state) == 9 and [e.seq for e in r.log] == [1, 2, 3]
    r.close()
    assert p.read_bytes() == before
    s = Session.resume(p, **fe.KW)
    assert fe.total(s.state) == 9 and s.can_redo is False
    s.submit("add 1")
    s.close()
    con = sqlite3.connect(p)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert con.execute("SELECT COUNT(*) FROM entries WHERE hash IS NULL").fetchone()[0] == 0
    con.close()
    with Journal(p) as j:
        assert all(e.intact for e in j.entries(1))


def test_damaged_entry_detected_and_game_opens_before_it(tmp_path):
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    for n in (1, 2, 3, 4):
        s.submit(f"add {n}")
    s.close()
    con = sqlite3.connect(p)
    con.execute("UPDATE entries SET lines = 'add 9' WHERE seq = 3")  # a flipped byte: '3' → '9'
    con.commit()
    con.close()
    with Journal(p) as j:
        assert [e.intact for e in j.entries(1)] == [True, True, False, True]
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 3 and r.tip == 2  # never replayed as 'add 9'
    assert r.problem is not None and "damaged" in str(r.problem) and "kept" in str(r.problem)
    assert "校验和" in r.problem.zh
    assert [(e.seq, e.undone) for e in r.log] == [(1, False), (2, False), (3, True), (4, True)]
    assert not r.can_redo  # a damaged entry is never redone
    r.submit("add 10")
    r.close()
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 13 and r.problem is None
    assert len(r.log) == 5  # nothing deleted
    r.close()


def test_entry_that_no_longer_replays_opens_up_to_the_last_good_one(tmp_path):
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("add 1")
    s.submit("add 2")
    s.journal.append(s.game_id, ["bogus line"], parent=2)  # e.g. a rule that changed since
    s.journal.append(s.game_id, ["add 4"], parent=3)
    s.close()
    r = Session.resume(p, **fe.KW)  # used to exit 2: "entry 3 (bogus line) no longer replays"
    assert fe.total(r.state) == 3 and r.tip == 2
    assert r.problem.kind == "replay" and "entry 3" in str(r.problem) and "entries 3–4 are kept" in str(r.problem)
    r.submit("add 5")
    assert fe.total(r.state) == 8
    r.close()
    with Journal(p) as j:
        assert [(e.seq, e.undone) for e in j.entries(1)] == [(1, False), (2, False), (3, True), (4, True), (5, False)]


def test_two_sessions_cannot_interleave(tmp_path):
    """Two windows: each write is compare-and-set on its parent, so the journal always replays."""
    p = tmp_path / "j.sqlite3"
    a = Session.new(p, **fe.KW)
    b = Session.resume(p, game_id=a.game_id, **fe.KW)  # same process (the lock is per process)
    a.submit("add 1")
    with pytest.raises(JournalError) as ei:
        b.submit("add 2")
    assert ei.value.kind == "conflict" and "another companion window" in str(ei.value)
    a.submit("add 3")
    with pytest.raises(JournalError):
        b.undo() if b.can_undo else b.submit("add 4")
    assert fe.total(b.state) == 0
    a.close()
    b.close()
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 4 and r.problem is None
    r.close()


_HOLDER = textwrap.dedent("""
    import sys, time
    import fake_engine as fe
    from companion.session import Session
    s = Session.resume(sys.argv[1], **fe.KW)
    s.submit("add 2")
    print("ready", flush=True)
    time.sleep(60)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX")
def test_second_process_is_told_at_once_and_can_watch(tmp_path):
    p = tmp_path / "j.sqlite3"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    proc = subprocess.Popen([sys.executable, "-c", _HOLDER, str(p)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout.readline().strip() == "ready"
        with pytest.raises(JournalError) as ei:
            Session.resume(p, **fe.KW)
        e = ei.value
        assert e.kind == "locked" and e.pid == proc.pid and f"pid {proc.pid}" in str(e) and "read-only" in str(e)
        w = Session.resume(p, readonly=True, **fe.KW)
        assert fe.total(w.state) == 2
        with pytest.raises(JournalError):
            w.submit("add 1")
        w.close()
    finally:
        proc.kill()
        proc.wait(timeout=10)
    s = Session.resume(p, **fe.KW)  # the lock dies with its process
    s.submit("add 1")
    assert fe.total(s.state) == 3
    s.close()


def test_line_breaks_and_surrogates_are_refused_before_the_journal(tmp_path):
    from companion.rules.errors import CommandError

    s = Session.new(tmp_path / "j.sqlite3", **fe.KW)
    for bad in ("add 1\nadd 2", "add 1\r", "add \ud800", "add " + "9" * 5000, "add\x001"):
        with pytest.raises(CommandError):
            s.submit(bad)
    assert s.log == []
    s.close()


def test_entry_hash_chains_to_the_parent():
    a = entry_hash(None, 1, 1, 0, False, "t", "add 1")
    assert entry_hash(None, 1, 1, 0, False, "t", "add 2") != a
    assert entry_hash("x", 1, 1, 0, False, "t", "add 1") != a
    assert len(a) == 64
