"""Journal faults (issue 12 §1, §2, §3, §6): full disk, read-only files, bad paths, interrupted
creation, hot rollback journals, damaged entries, two writers, journals of schema 1."""

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import crash_support
import fake_engine as fe
import pytest
from fault_support import file_size_limit, in_fork, needs_fork, without_root_override

from companion.journal import SCHEMA_VERSION, Journal, JournalError
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
    """§1: a full disk said "✗ internal error: JournalError: … database or disk is full" (SQLITE_FULL,
    which a connection raises here: no test can fill a real disk)."""
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
    assert "the journal cannot be written: the disk is full" in str(e) and "free some disk space" in str(e)
    assert {"submit": "nothing was applied", "undo": "nothing was undone", "redo": "nothing was redone"}[doing] in str(e)
    assert (fe.total(s.state), s.tip, s.can_undo, s.can_redo, [(x.seq, x.undone) for x in s.log]) == before
    assert e.kind == "full" and "磁盘已满" in e.text("zh") and "internal" not in str(e)
    bad.fail = False  # space freed: the game goes on
    s.submit("add 4")
    s.close()
    r = Session.resume(tmp_path / "j.sqlite3", **fe.KW)
    assert fe.total(r.state) == fe.total(s.state)
    r.close()


def _files(d: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in d.iterdir()}


@needs_fork
def test_io_error_is_not_called_corrupt(tmp_path):
    """A real write error: the OS refuses to grow the -wal (a file-size limit, EFBIG), SQLite says "disk I/O
    error"; the message says what happened and what to do, the state stays, and the game goes on once the
    cause is gone."""
    p = tmp_path / "j.sqlite3"

    def child():
        s = Session.new(p, **fe.KW)
        s.submit("add 1")
        file_size_limit((tmp_path / "j.sqlite3-wal").stat().st_size)  # the -wal may not grow any more
        try:
            s.submit("add 2")
        except JournalError as e:
            err = str(e), getattr(e, "zh", ""), getattr(e, "kind", "")  # the message first: older versions had only that
        else:
            err = None
        state = fe.total(s.state), [x.seq for x in s.log]
        file_size_limit(None)  # the cause is gone
        s.submit("add 4")
        s.close()
        return err, state

    err, state = in_fork(child)
    assert err is not None, "the write past the limit was not refused"
    en, zh, kind = err
    assert "the journal cannot be written: disk I/O error" in en and "nothing was applied" in en
    assert "check the disk" in en and "corrupt" not in en and "读写错误" in zh and kind == "io"
    assert state == (1, [1])
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 5
    r.close()


@needs_fork
def test_read_error_on_open_is_io_not_corrupt(tmp_path, capsys):
    """§1: on a full disk `companion games` / `resume` said "corrupt or not a companion journal (disk I/O
    error)".  A real read error: a journal left with its -wal (a window still open, or killed) and no -shm,
    read where no file may grow (the -shm cannot be made: SQLite's "disk I/O error")."""
    live = tmp_path / "live" / "j.sqlite3"
    s = Session.new(live, **fe.KW)
    s.submit("add 3")
    copy = tmp_path / "copy"
    copy.mkdir()
    for name in ("j.sqlite3", "j.sqlite3-wal"):
        (copy / name).write_bytes((live.parent / name).read_bytes())  # the files of a window still open
    s.close()
    before = (copy / "j.sqlite3").read_bytes(), (copy / "j.sqlite3-wal").read_bytes()

    def child(argv):
        import contextlib
        import io

        from companion.cli import main

        file_size_limit(0)
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(argv)
        return code, err.getvalue()

    for argv in (["games", "--db", str(copy / "j.sqlite3"), "--lang", "en"],
                 ["check", "--db", str(copy / "j.sqlite3"), "--lang", "en"]):
        code, err = in_fork(child, argv)
        assert code == 2 and err.count("\n") == 1, err
        assert "I/O error" in err and "corrupt" not in err and "not modified" in err, err
    assert ((copy / "j.sqlite3").read_bytes(), (copy / "j.sqlite3-wal").read_bytes()) == before
    assert main_games(copy / "j.sqlite3", capsys) == 0  # the cause gone: it opens


def main_games(p: Path, capsys) -> int:
    from companion.cli import main

    code = main(["games", "--db", str(p)])
    capsys.readouterr()
    return code


def _read_only(path: Path, child, *args):
    """Run ``child(*args)`` in a fork where ``path`` (a file or folder) is read-only, root included."""
    mode = path.stat().st_mode
    path.chmod(mode & 0o555)

    def run():
        without_root_override()
        return child(*args)

    try:
        return in_fork(run)
    finally:
        path.chmod(mode)


@needs_fork
def test_read_only_journal_said_at_open_and_opens_read_only(tmp_path):
    """§1: a read-only journal opened the dashboard with no warning and failed at the first command."""
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("add 3")
    s.close()
    before, files = p.read_bytes(), sorted(os.listdir(tmp_path))

    def open_it():
        try:
            Session.resume(p, **fe.KW).close()
        except JournalError as e:
            return str(e)
        return None

    def watch():
        r = Session.resume(p, readonly=True, **fe.KW)  # the offer: watch it
        seen = [fe.total(r.state)]
        for act in (lambda: r.submit("add 1"), r.undo):
            try:
                act()
            except JournalError as e:
                seen.append((e.kind, e.zh))
        seen.append(fe.total(r.state))
        r.close()
        return seen

    msg = _read_only(p, open_it)
    assert msg is not None, "a read-only journal opened for writing without a word"
    assert "cannot be written" in msg and "--read-only" in msg and "\n" not in msg
    assert p.read_bytes() == before and sorted(os.listdir(tmp_path)) == files
    seen = _read_only(p, watch)
    assert [x[0] if isinstance(x, tuple) else x for x in seen] == [3, "watching", "watching", 3]
    assert "只读" in seen[1][1]
    assert p.read_bytes() == before and sorted(os.listdir(tmp_path)) == files  # no -wal / -shm appeared


@needs_fork
def test_read_only_folder_said_in_one_line_and_nothing_written(tmp_path, capsys):
    """§6: a journal in a read-only folder said "attempt to write a readonly database"."""
    d = tmp_path / "ro"
    p = d / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("add 3")
    s.close()
    before = _files(d)

    def child():
        try:
            Session.resume(p, **fe.KW).close()
        except JournalError as e:
            return str(e)
        return None

    msg = _read_only(d, child)
    assert msg is not None and "\n" not in msg
    assert "read-only" in msg and "readonly database" not in msg and "--read-only" in msg
    assert _files(d) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_fifo_refused_in_one_line(tmp_path, capsys):
    p = tmp_path / "pipe"
    os.mkfifo(p)
    with pytest.raises(JournalError) as ei:
        Journal(p)  # used to say 'disk I/O error' (or block)
    assert "FIFO" in str(ei.value) and "I/O" not in str(ei.value) and "\n" not in str(ei.value)
    assert sorted(os.listdir(tmp_path)) == ["pipe"]
    assert ei.value.kind == "notfile"


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="POSIX /dev/null")
def test_dev_null_refused_and_nothing_created_beside_it():
    existed = os.path.exists("/dev/null-journal")
    with pytest.raises(JournalError) as ei:
        Journal("/dev/null")  # used to say "cannot rollback - no transaction is active"
    assert "device" in str(ei.value) and "rollback" not in str(ei.value)
    assert os.path.exists("/dev/null-journal") == existed
    assert ei.value.kind == "notfile"


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

    assert main(["games", "--db", str(p), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "corrupt" in err and "Traceback" not in err
    assert p.read_bytes() == bytes(data) and sorted(os.listdir(tmp_path)) == ["j.sqlite3"]


def test_foreign_wal_database_gets_no_files_beside_it(tmp_path):
    """§6: a foreign WAL database (here as its application leaves it while open: with its -wal) got a -shm
    created beside it."""
    live = tmp_path / "live" / "other.db"
    live.parent.mkdir()
    con = sqlite3.connect(live)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE t(x)")
    con.execute("INSERT INTO t VALUES (1)")
    con.commit()
    p = tmp_path / "other.db"
    p.write_bytes(live.read_bytes())
    (tmp_path / "other.db-wal").write_bytes((live.parent / "other.db-wal").read_bytes())
    con.close()
    shutil.rmtree(live.parent)
    before = p.read_bytes()
    from companion.cli import main

    files = ["other.db", "other.db-wal"]
    assert main(["games", "--db", str(p)]) == 2  # the listing, then a dashboard's open (below)
    assert sorted(os.listdir(tmp_path)) == files and p.read_bytes() == before
    with pytest.raises(JournalError) as ei:
        Journal(p)
    assert "another application" in str(ei.value) and "not modified" in str(ei.value)
    assert sorted(os.listdir(tmp_path)) == files and p.read_bytes() == before
    with pytest.raises(JournalError) as ei:
        Journal(p, readonly=True)
    assert ei.value.kind == "foreign"
    assert sorted(os.listdir(tmp_path)) == files and p.read_bytes() == before


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
    p, q = tmp_path / "j.sqlite3", tmp_path / "k.sqlite3"
    for f in (p, q):
        subprocess.run([sys.executable, "-c", _HOT, str(f)], check=True)
        assert _sibling_exists(f, "-journal")
    with Journal(p) as j:  # for writing: rolled back (empty), then a new journal
        assert j.new_game() == 1
    with Journal(p) as j:
        assert [g.id for g in j.games()] == [1]
    assert not _sibling_exists(p, "-journal")
    before = q.read_bytes()
    with pytest.raises(JournalError) as ei:
        Journal(q, readonly=True)  # read-only: said as what it is, not touched
    assert ei.value.kind == "hot" and "interrupted write" in str(ei.value)
    assert q.read_bytes() == before and _sibling_exists(q, "-journal")


def _sibling_exists(p: Path, suffix: str) -> bool:
    return p.with_name(p.name + suffix).exists()


def test_creation_is_atomic(tmp_path):
    """Interrupted (ctrl-c, or any error) where SQLite deletes the -journal of the commit that built the new
    journal — the moment §3's kill bricked it: neither a journal nor a temporary is left, the next open
    creates one."""
    p = tmp_path / "j.sqlite3"

    def run():
        count = crash_support.kill_at_journal_unlink(1, how="raise")
        try:
            Journal(p).close()
        except BaseException as e:  # noqa: BLE001 - reported to the test
            return count[0], f"{type(e).__name__}: {e}"
        return count[0], None

    deletions, raised = in_fork(run)
    assert deletions == 1, "no -journal was deleted while the journal was built"
    with Journal(p) as j:  # nothing was left, or a journal (never a brick)...
        assert j.games() == [] and j.new_game() == 1
    with Journal(p) as j:  # ... that opens again
        assert [g.id for g in j.games()] == [1]
    assert sorted(os.listdir(tmp_path)) == ["j.sqlite3"]  # and no temporary
    assert raised == "KeyboardInterrupt: "  # the interrupt itself, not "cannot rollback - no transaction is active"


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


def test_schema_1_journal_opens_read_only_as_is_and_is_upgraded_for_writing(tmp_path, capsys):
    """A journal of schema 1 (no checksums): reading it changes nothing; the first write open adds the
    checksum chain, after which a flipped byte in one of its old entries is found (§6), not replayed."""
    from companion.cli import main

    p, q = tmp_path / "j.sqlite3", tmp_path / "watch" / "j.sqlite3"
    _v1_file(p)
    q.parent.mkdir()
    _v1_file(q)
    before = p.read_bytes()
    assert main(["games", "--db", str(p)]) == 0 and capsys.readouterr().err == ""
    assert p.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["j.sqlite3", "watch"]
    s = Session.resume(p, **fe.KW)
    assert fe.total(s.state) == 9 and s.can_redo is False
    s.submit("add 1")
    s.close()
    con = sqlite3.connect(p)
    con.execute("UPDATE entries SET lines = 'add 9' WHERE seq = 3")  # an old entry damaged: '7' → '9'
    con.commit()
    con.close()
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 2 and r.tip == 1  # opened before it: never replayed as 'add 9'
    assert [(e.seq, e.undone) for e in r.log] == [(1, False), (2, True), (3, True), (4, True)]
    r.close()
    con = sqlite3.connect(p)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    assert con.execute("SELECT COUNT(*) FROM entries WHERE hash IS NULL").fetchone()[0] == 0
    con.close()
    before = q.read_bytes()
    w = Session.resume(q, readonly=True, **fe.KW)
    assert fe.total(w.state) == 9 and [e.seq for e in w.log] == [1, 2, 3]
    w.close()
    assert q.read_bytes() == before and os.listdir(q.parent) == ["j.sqlite3"]


def _four_entries(p: Path) -> None:
    s = Session.new(p, **fe.KW)
    for n in (1, 2, 3, 4):
        s.submit(f"add {n}")
    s.close()


def _damage(p: Path, sql: str) -> None:
    con = sqlite3.connect(p)
    con.execute(sql)
    con.commit()
    con.close()


def test_damaged_entry_detected_and_game_opens_before_it(tmp_path):
    """§6: entries carried no checksum, so a flipped byte inside an entry loaded silently."""
    p = tmp_path / "j.sqlite3"
    _four_entries(p)
    _damage(p, "UPDATE entries SET lines = 'add 9' WHERE seq = 3")  # a flipped byte: '3' → '9'
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 3 and r.tip == 2  # never replayed as 'add 9'
    assert [(e.seq, e.undone) for e in r.log] == [(1, False), (2, False), (3, True), (4, True)]
    assert not r.can_redo  # a damaged entry is never redone
    assert r.problem is not None and "damaged" in str(r.problem) and "kept" in str(r.problem)
    assert "校验和" in r.problem.zh
    r.submit("add 10")
    r.close()
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 13 and r.problem is None
    assert len(r.log) == 5  # nothing deleted
    r.close()
    with Journal(p) as j:
        assert [e.intact for e in j.entries(1)] == [True, True, False, True, True]


def test_damaged_parent_link_is_detected(tmp_path):
    """The checksum covers the entry's place in the tree (``parent``, ``seq``) and chains to the parent's
    checksum: a flipped bit in ``parent`` (entry 3 re-hung under the start of the game) is found, the game
    opens before it."""
    p = tmp_path / "j.sqlite3"
    _four_entries(p)
    _damage(p, "UPDATE entries SET parent = 0 WHERE seq = 3")
    r = Session.resume(p, **fe.KW)
    assert fe.total(r.state) == 3 and r.tip == 2
    assert [(e.seq, e.undone) for e in r.log] == [(1, False), (2, False), (3, True), (4, True)]
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
    from companion.journal import entry_hash

    a = entry_hash(None, 1, 1, 0, False, "t", "add 1")
    assert entry_hash(None, 1, 1, 0, False, "t", "add 2") != a
    assert entry_hash("x", 1, 1, 0, False, "t", "add 1") != a
    assert entry_hash(None, 1, 1, 1, False, "t", "add 1") != a
    assert len(a) == 64


_REAL_HOLDER = textwrap.dedent("""
    import sys, time
    from companion.session import Session
    s = Session.resume(sys.argv[1])
    s.submit("players 4")
    print("ready", flush=True)
    time.sleep(60)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX")
def test_companion_check_only_reads(tmp_path, capsys):
    """`companion check` opened the journal for writing: it wrote a whole journal into a 0-byte file (§6's
    finding for `games`), set a damaged entry's successors aside, and was refused while a dashboard was
    open ("open in another companion window")."""
    from companion.cli import main

    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert main(["check", "--db", str(empty), "--lang", "en"]) == 0 and "no games" in capsys.readouterr().out
    assert empty.read_bytes() == b"" and sorted(os.listdir(tmp_path)) == ["empty.sqlite3"]

    p = tmp_path / "w" / "j.sqlite3"
    s = Session.new(p)  # the real command language: `check` replays with it
    for line in ("players 4", "name 2 Bo", "name 3 Cy", "name 4 Di"):
        s.submit(line)
    s.close()
    _damage(p, "UPDATE entries SET lines = 'name 3 Cx' WHERE seq = 3")
    before = p.read_bytes(), _files(p.parent)
    assert main(["check", "--db", str(p), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "entry 3" in out and "damaged" in out
    assert (p.read_bytes(), _files(p.parent)) == before  # nothing written, nothing set aside
    with Journal(p) as j:
        assert [e.undone for e in j.entries(1)] == [False] * 4

    q = tmp_path / "open" / "j.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", _REAL_HOLDER, str(q)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout.readline().strip() == "ready"
        assert main(["check", "--db", str(q), "--lang", "en"]) == 0  # while a window writes it
        assert "1 entries" in capsys.readouterr().out
    finally:
        proc.kill()
        proc.wait(timeout=10)
