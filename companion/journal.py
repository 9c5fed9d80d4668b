"""The SQLite journal: every accepted action, in order, so nothing is ever lost.

One file holds many games.  Tables (schema :data:`SCHEMA_VERSION` = 2; docs/journal.md):

* ``meta(key, value)`` — ``application`` = :data:`MAGIC`, ``schema_version``;
  the header also carries ``PRAGMA application_id`` = :data:`APPLICATION_ID`
  and ``PRAGMA user_version`` = :data:`SCHEMA_VERSION`;
* ``games(id, created, updated, title, over, winner)``;
* ``entries(game_id, seq, lines, forced, undone, at, parent, hash)`` — one entry per
  accepted input: ``lines`` are the journaled command lines (``"\\n"``-joined,
  random commands already expanded by ``script.prepare``), ``forced`` 1 when a
  line was forced, ``undone`` 1 while the entry is undone (undone rows stay:
  they are the audit trail), ``parent`` the seq of the entry it was applied
  after (0 = the start of the game), ``hash`` the entry's checksum chained to its
  parent's (:func:`entry_hash`; schema 2).  The entries form a tree; the live game
  is the chain of entries with ``undone = 0``; the redo stack is found by
  following the latest undone child from the tip;
* ``checkpoints(game_id, seq, rules, state, at, depth)`` — optional, created by the first
  :meth:`Journal.save_checkpoint`: the state after entry ``seq`` as a snapshot
  (:mod:`companion.snapshot`, versioned JSON) for the code whose ``rules`` fingerprint
  it carries, and ``depth`` the live entries up to it (NULL in a row written before
  the column was added).  A cache: a resume replays from the last one; without it (or with another
  fingerprint) the entries are replayed from the first, which stays the truth.

Writes are compare-and-set: an entry is appended only after the entry that is
the journal's live tip in the same transaction, so two writers can never
interleave into a journal that does not replay.  A file of schema 1 is upgraded
(hash column added and filled) in one transaction the first time it is opened
for writing; read-only, it is read as it is.

The file is created under a temporary name and renamed into place, then opened
with WAL and ``synchronous=FULL``; each write is one transaction, committed
before the method returns (so before the caller shows its effect).  Before
anything is written, an existing file is checked (raw header first, then a
read-only connection): a corrupt file, a foreign SQLite database or a newer
schema raises :class:`JournalError` and the file is left exactly as it was.

Every error is a :class:`JournalError` with a ``kind`` (``"full"``, ``"io"``,
``"readonly"``, ``"locked"``, ``"conflict"``, ``"corrupt"``, ...) and a
Chinese text, so callers can say what happened and what to do.

Default location: ``platformdirs.user_data_dir("sgs-companion")/journal.sqlite3``.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules.messages import Message

__all__ = [
    "APPLICATION_ID", "MAGIC", "SCHEMA_VERSION", "JournalError",
    "GameRow", "EntryRow", "Journal", "default_path", "entry_hash", "describe_write_error",
]

APPLICATION_ID = 0x53475343  # "SGSC"
MAGIC = "sgs-companion journal"
SCHEMA_VERSION = 2
"""1: the first schema; 2: ``entries.hash`` (the checksum chain)."""
_SQLITE_HEADER = b"SQLite format 3\x00"
_TABLES = {"meta", "games", "entries"}

_SCHEMA = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE games (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    title   TEXT NOT NULL DEFAULT '',
    over    INTEGER NOT NULL DEFAULT 0,
    winner  TEXT
);
CREATE TABLE entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    lines   TEXT NOT NULL,
    forced  INTEGER NOT NULL DEFAULT 0,
    undone  INTEGER NOT NULL DEFAULT 0,
    at      TEXT NOT NULL,
    parent  INTEGER NOT NULL DEFAULT 0,
    hash    TEXT,
    PRIMARY KEY (game_id, seq)
);
"""

# What a failed write means to the moderator, by kind: (zh, en).  "{doing}" is what did not happen.
_DOINGS = frozenset({"submit", "undo", "redo", "write"})
"""What a failed write was doing (``[text] "journal.doing/<doing>"``: what did not happen)."""


class JournalError(Exception):
    """The journal file cannot be used (corrupt, foreign, newer version, unknown game, I/O error, ...).

    ``str(e)`` is the English message for the moderator, ``zh`` the Chinese one;
    ``kind`` says what happened: ``"full"`` (disk full), ``"io"`` (I/O error),
    ``"readonly"`` (file or folder cannot be written), ``"watching"`` (opened
    read-only on purpose), ``"locked"`` (another companion window writes this
    journal; ``pid`` is its process id when known), ``"conflict"`` (the journal's
    tip moved under this window), ``"busy"``, ``"corrupt"``, ``"foreign"``,
    ``"newer"``, ``"notfile"``, ``"hot"`` (an interrupted write waits to be rolled
    back), ``"nogame"``, ``"closed"``, ``"replay"``, ``"error"``.  ``path`` is the file.
    """

    def __init__(self, message: str, path: str | os.PathLike | None = None, *, kind: str = "error",
                 zh: str | None = None, pid: int | None = None) -> None:
        self.path = None if path is None else str(path)
        self.kind = kind
        self.zh = zh or message
        self.pid = pid
        super().__init__(message)

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"zh"`` or ``"en"``)."""
        return self.zh if lang == "zh" else str(self)


def _kind_of(e: sqlite3.Error) -> str:
    """A JournalError kind for an sqlite3 error (by its primary result code)."""
    code = (getattr(e, "sqlite_errorcode", None) or 0) & 0xFF
    msg = str(e).lower()
    if code == 13 or "disk is full" in msg:  # SQLITE_FULL
        return "full"
    if code == 8 or code == 3 or "readonly" in msg or "read-only" in msg:  # SQLITE_READONLY, SQLITE_PERM
        return "readonly"
    if code in (5, 6) or "locked" in msg:  # SQLITE_BUSY, SQLITE_LOCKED
        return "busy"
    if code in (11, 26) or "malformed" in msg or "not a database" in msg:  # SQLITE_CORRUPT, SQLITE_NOTADB
        return "corrupt"
    if code in (10, 14) or "i/o" in msg:  # SQLITE_IOERR, SQLITE_CANTOPEN
        return "io"
    return "error"


def _one_line(text: object, limit: int = 160) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "…"


def describe_write_error(kind: str, doing: str, path: object, detail: str = "") -> tuple[str, str]:
    """(en, zh) for a failed write of kind ``kind`` while ``doing`` (submit, undo, redo, write): the catalogue's
    ``[text] "journal.write/<kind>"`` with what did not happen (``"journal.doing/<doing>"``)."""
    from .rules.messages import en_zh, text  # noqa: PLC0415 - the catalogue only for an error

    done = doing if doing in _DOINGS else "write"
    what = {"submit": text("journal.doing/submit"), "undo": text("journal.doing/undo"),
            "redo": text("journal.doing/redo"), "write": text("journal.doing/write")}[done]
    d, at = _one_line(detail or kind, 100), str(path)
    if kind == "full":
        return en_zh("journal.write/full", doing=what, detail=d, path=at)
    if kind == "io":
        return en_zh("journal.write/io", doing=what, detail=d, path=at)
    if kind == "readonly":
        return en_zh("journal.write/readonly", doing=what, detail=d, path=at)
    if kind == "watching":
        return en_zh("journal.write/watching", doing=what, detail=d, path=at)
    if kind == "busy":
        return en_zh("journal.write/busy", doing=what, detail=d, path=at)
    if kind == "conflict":
        return en_zh("journal.write/conflict", doing=what, detail=d, path=at)
    if kind == "corrupt":
        return en_zh("journal.write/corrupt", doing=what, detail=d, path=at)
    if kind == "closed":
        return en_zh("journal.write/closed", doing=what, detail=d, path=at)
    return en_zh("journal.write/error", doing=what, detail=d, path=at)


def _journal_error(key: str, path: str | os.PathLike | None, /, *, kind: str = "error", pid: int | None = None,
                   **values: Any) -> JournalError:
    """The JournalError of the catalogue's ``[text]`` entry ``key`` with ``values`` (``str(e)`` English, ``e.zh``
    Chinese)."""
    from .rules.messages import en_zh  # noqa: PLC0415 - the catalogue only for an error

    en, zh = en_zh(key, **values)
    return JournalError(en, path, kind=kind, zh=zh, pid=pid)


def _write_error(e: sqlite3.Error | OSError, path: Path, doing: str) -> JournalError:
    if isinstance(e, OSError):
        import errno  # noqa: PLC0415

        kind = {errno.ENOSPC: "full", errno.EROFS: "readonly", errno.EACCES: "readonly",
                errno.EPERM: "readonly"}.get(e.errno or 0, "io")
        detail = e.strerror or str(e)
    else:
        kind, detail = _kind_of(e), str(e)
    en, zh = describe_write_error(kind, doing, path, detail)
    return JournalError(en, path, kind=kind, zh=zh)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of ``games``; ``entries`` counts the live (not undone) entries."""

    id: int
    created: str
    updated: str
    title: str
    over: bool
    winner: str | None
    entries: int = 0


@dataclass(frozen=True, slots=True)
class EntryRow:
    """One row of ``entries``; ``lines`` is the list of journaled command lines.

    ``hash`` is the stored checksum (None in a schema-1 file), ``intact`` False
    when it does not match the entry's content and its parent's checksum
    (the row was damaged: it must not be replayed)."""

    game_id: int
    seq: int
    lines: tuple[str, ...]
    forced: bool
    undone: bool
    at: str
    parent: int
    hash: str | None = None
    intact: bool = True


_sha256: Any = None


def entry_hash(parent_hash: str | None, game_id: int, seq: int, parent: int, forced: bool, at: str,
               lines: str) -> str:
    """The checksum of an entry: SHA-256 (hex) of its parent's checksum ("" for the first entry or a
    schema-1 parent) and the entry's own fields (``undone`` excluded: it changes on undo/redo)."""
    global _sha256
    if _sha256 is None:  # hashlib (and OpenSSL's library) when first needed: a new game's first paint has no entry
        from hashlib import sha256 as _sha256  # noqa: PLC0415
    data = "\x1e".join([parent_hash or "", str(game_id), str(seq), str(parent), str(int(forced)), at, lines])
    return _sha256(data.encode("utf-8", "surrogatepass")).hexdigest()


def default_path() -> Path:
    """``user_data_dir("sgs-companion")/journal.sqlite3`` (the directory is not created here)."""
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("sgs-companion")) / "journal.sqlite3"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _hot_journal(path: Path) -> bool:
    """A leftover rollback journal (``-journal``) that SQLite would roll back on the next write open."""
    j = _sibling(path, "-journal")
    try:
        if j.stat().st_size < 28:
            return False
        with open(j, "rb") as f:
            return f.read(8) != b"\x00" * 8  # a zeroed header is a finished (not hot) journal
    except OSError:
        return False


def _empty_sqlite(head: bytes, size: int) -> bool:
    """An SQLite file with no schema at all (what an interrupted creation by an older version leaves)."""
    page = int.from_bytes(head[16:18], "big") or 65536
    cookie = int.from_bytes(head[40:44], "big")
    return cookie == 0 and size <= page


def _check_existing(path: Path, *, recover: bool) -> bool:
    """Check an existing file before anything is written.  Returns True when it holds no journal yet
    (an empty file, or an SQLite file without any table).

    ``recover``: a leftover rollback journal of ours is rolled back (SQLite's own recovery);
    otherwise it raises ``kind="hot"``.  Raises JournalError for anything this version cannot use.
    """
    size = path.stat().st_size
    if size == 0:
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as e:
        kind = "readonly" if e.errno in (13, 1) else "io"
        raise _journal_error("journal.read", path, kind=kind, path=str(path), why=str(e.strerror or e)) from None
    hot = _hot_journal(path)
    is_sqlite = len(head) >= 100 and head.startswith(_SQLITE_HEADER)
    if hot and not is_sqlite:
        head = b""  # page 1 of an interrupted first write: the -journal decides (rolled back below)
    elif not is_sqlite:
        raise _journal_error("journal.not_sqlite", path, kind="corrupt", path=str(path))
    app_id = int.from_bytes(head[68:72], "big") if head else 0
    if app_id not in (APPLICATION_ID, 0) and not hot:
        # refused from the raw header: no SQLite connection, so no -wal / -shm appears beside it
        raise _journal_error("journal.foreign", path, kind="foreign", path=str(path), app_id=f"{app_id:#x}",
                             expected=f"{APPLICATION_ID:#x}")
    if hot:
        if not recover or app_id not in (APPLICATION_ID, 0):
            if app_id in (APPLICATION_ID, 0):
                raise _journal_error("journal.hot", path, kind="hot", path=str(path), name=path.name)
            raise _journal_error("journal.hot/foreign", path, kind="hot", path=str(path), name=path.name)
        try:  # SQLite rolls the hot journal back on the first read of a read-write connection
            con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None)
            try:
                con.execute("PRAGMA schema_version").fetchone()
            finally:
                con.close()
        except sqlite3.Error as e:
            raise _journal_error("journal.rollback", path, kind=_kind_of(e), path=str(path), why=str(e)) from None
        return _check_existing(path, recover=False)
    if app_id != APPLICATION_ID:  # 0: an SQLite file without our header (raw header again: no -shm appears)
        if _empty_sqlite(head, size) and not _sibling(path, "-wal").exists():
            return True  # no schema at all: what an interrupted creation by an older version leaves
        raise _journal_error("journal.foreign", path, kind="foreign", path=str(path), app_id=f"{app_id:#x}",
                             expected=f"{APPLICATION_ID:#x}")
    wal = _sibling(path, "-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
    try:
        con = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as e:
        raise _journal_error("journal.open_read_only", path, kind=_kind_of(e), path=str(path), why=str(e)) from None
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id != APPLICATION_ID or not _TABLES <= tables:
            if _TABLES <= tables:
                raise _journal_error("journal.foreign_db", path, kind="foreign", path=str(path), app_id=f"{app_id:#x}",
                                     expected=f"{APPLICATION_ID:#x}")
            raise _journal_error("journal.foreign_db/no_tables", path, kind="foreign", path=str(path),
                                 app_id=f"{app_id:#x}", expected=f"{APPLICATION_ID:#x}")
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != MAGIC:
            raise _journal_error("journal.foreign_meta", path, kind="foreign", path=str(path),
                                 application=repr(meta.get("application")))
        if version > SCHEMA_VERSION:
            raise _journal_error("journal.newer", path, kind="newer", path=str(path), version=version,
                                 supported=SCHEMA_VERSION)
        if version < 1:
            raise _journal_error("journal.unknown_version", path, kind="foreign", path=str(path), version=version)
        # One row of quick_check can hold many "\n"-separated faults (a damaged page gave 101 lines): one line.
        problems = [ln for r in con.execute("PRAGMA quick_check(20)") for ln in str(r[0]).splitlines()
                    if ln.strip() and not ln.startswith("***")] or ["no result"]
        if problems != ["ok"]:
            if len(problems) > 1:
                raise _journal_error("journal.integrity/more", path, kind="corrupt", path=str(path),
                                     problem=_one_line(problems[0], 100), more=len(problems) - 1)
            raise _journal_error("journal.integrity", path, kind="corrupt", path=str(path),
                                 problem=_one_line(problems[0], 100))
    except sqlite3.DatabaseError as e:
        kind = _kind_of(e)
        if kind in ("full", "io", "busy", "readonly"):
            from .rules.messages import text  # noqa: PLC0415 - the catalogue only for an error

            what = {"full": text("journal.read_fault/full"), "io": text("journal.read_fault/io"),
                    "busy": text("journal.read_fault/busy"), "readonly": text("journal.read_fault/readonly")}[kind]
            raise _journal_error("journal.read_fault", path, kind=kind, path=str(path), what=what,
                                 why=_one_line(e)) from None
        raise _journal_error("journal.corrupt", path, kind="corrupt", path=str(path), why=_one_line(e)) from None
    finally:
        con.close()
    return False


def _fsync_dir(d: Path) -> None:
    try:
        fd = os.open(d, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _rollback(con: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any (an interrupt just after COMMIT leaves none: a ROLLBACK then
    said "cannot rollback - no transaction is active" instead of the interrupt); never raises."""
    try:
        if con.in_transaction:
            con.execute("ROLLBACK")
    except sqlite3.Error:
        pass


def _init_schema(con: sqlite3.Connection) -> None:
    # One transaction: the file is either without tables or a complete journal.
    con.execute("BEGIN IMMEDIATE")
    try:  # executescript() would commit midway: run the statements one by one
        for stmt in _SCHEMA.split(";"):
            if stmt.strip():
                con.execute(stmt)
        con.execute("INSERT INTO meta(key, value) VALUES ('application', ?), ('schema_version', ?), "
                    "('created', ?)", (MAGIC, str(SCHEMA_VERSION), _now()))
        con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        con.execute("COMMIT")
    except BaseException:
        _rollback(con)
        raise


def _sweep_temporaries(path: Path) -> None:
    """Remove temporaries of interrupted creations (older than a minute: not one being built now)."""
    now = time.time()
    for p in path.parent.glob(f".{path.name}.*.new*"):
        try:
            if now - p.stat().st_mtime > 60:
                p.unlink()
        except OSError:
            pass


def _create(path: Path, replace: bool) -> None:
    """Build a complete, empty journal under a temporary name and rename it into place, so a kill at any
    moment leaves either no journal (or the empty file that was there) or a valid empty journal."""
    _sweep_temporaries(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        con = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            con.execute("PRAGMA synchronous=FULL")
            _init_schema(con)
            con.execute("PRAGMA journal_mode=WAL")  # persistent in the header; the -wal goes at close
        finally:
            con.close()
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        if replace:
            os.replace(tmp, path)  # over an empty file (or an SQLite file without tables)
        else:
            try:
                os.link(tmp, path)  # never over a journal another process has just created
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links
                if not path.exists():
                    os.replace(tmp, path)
        _fsync_dir(path.parent)
    except sqlite3.Error as e:
        raise _write_error(e, path, "write") from None
    except OSError as e:
        raise _write_error(e, path, "write") from None
    finally:
        for p in (tmp, _sibling(tmp, "-journal"), _sibling(tmp, "-wal"), _sibling(tmp, "-shm")):
            try:
                p.unlink()
            except OSError:
                pass


def _writable(path: Path) -> str | Message | None:
    """Why ``path`` (an existing file) cannot be opened for writing, or None."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as e:
        return e.strerror or str(e)
    os.close(fd)
    d = path.parent
    if not os.access(d, os.W_OK) and not _sibling(path, "-wal").exists():
        from .rules.messages import text  # noqa: PLC0415 - the catalogue only for an error

        return text("journal.folder_read_only", folder=str(d), name=path.name)
    return None


# -- one writer per journal file (docs/journal.md "Two windows") ---------------------------------------
_LOCKS: dict[str, list] = {}  # resolved journal path -> [fd, count]: the lock is shared inside a process


def _lock_path(path: Path) -> Path:
    return _sibling(path, "-lock")


def _acquire(path: Path) -> None:
    """Take the writer lock of ``path`` (flock on ``PATH-lock``, which holds the writer's pid).

    Raises JournalError(kind="locked", pid=...) when another process holds it."""
    try:
        import fcntl  # noqa: PLC0415
    except ImportError:  # no flock (Windows): the compare-and-set writes still keep the journal whole
        return
    key = str(path.resolve())
    held = _LOCKS.get(key)
    if held is not None:
        held[1] += 1
        return
    lp = _lock_path(path)
    try:
        fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return  # cannot create a lock file (read-only folder): the write itself will say why
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        try:
            pid_text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        except OSError:
            pid_text = ""
        os.close(fd)
        pid = int(pid_text) if pid_text.isdigit() else None
        if pid:
            raise _journal_error("journal.locked/pid", path, kind="locked", pid=pid, process=pid, path=str(path)) from None
        raise _journal_error("journal.locked", path, kind="locked", pid=pid, path=str(path)) from None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
    except OSError:
        pass
    _LOCKS[key] = [fd, 1]


def _release(path: Path) -> None:
    key = str(path.resolve())
    held = _LOCKS.get(key)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _LOCKS[key]
        try:
            os.ftruncate(held[0], 0)
        except OSError:
            pass
        os.close(held[0])  # closing the descriptor releases the flock


class Journal:
    """An open journal file.  Use as a context manager or call :meth:`close`.

    ``Journal(path=None)`` opens (creating when missing) ``path`` or
    :func:`default_path`.  ``readonly=True`` opens it for reading only (nothing
    is created or written; a missing file raises; writes raise ``kind="watching"``).
    Raises :class:`JournalError` for a corrupt, foreign or newer-version file
    (never modified), a file that is not a regular file, a file or folder that
    cannot be written (``kind="readonly"``; open it with ``readonly=True``), or
    when the file cannot be created.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, readonly: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.readonly = readonly
        self._con: sqlite3.Connection | None = None
        self._locked = False
        p = self.path
        if readonly:
            self._open_readonly()
            return
        if p.exists() or p.is_symlink():
            self._check_kind(p)
            why = _writable(p)
            if why is not None:
                raise _journal_error("journal.not_writable", p, kind="readonly", path=str(p), why=why)
            if _check_existing(p, recover=True):
                _create(p, replace=True)
            else:
                _sweep_temporaries(p)  # of a creation killed after naming the journal
        else:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise _journal_error("journal.mkdir", p, kind="readonly" if e.errno in (13, 30, 1) else "io",
                                     folder=str(p.parent), why=str(e.strerror or e)) from None
            if not os.access(p.parent, os.W_OK):
                raise _journal_error("journal.folder_not_writable", p, kind="readonly", path=str(p),
                                     folder=str(p.parent))
            _create(p, replace=False)
            self._check_kind(p)
            _check_existing(p, recover=False)
        try:
            self._con = sqlite3.connect(f"{p.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None,
                                        check_same_thread=False)
            self._con.execute("PRAGMA journal_mode=WAL")
            self._con.execute("PRAGMA synchronous=FULL")
            self._con.execute("PRAGMA foreign_keys=ON")
            if self._con.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
                self._upgrade()
        except sqlite3.Error as e:
            if self._con is not None:
                self._con.close()
                self._con = None
            kind = _kind_of(e)
            if kind == "full":
                raise _journal_error("journal.unusable/full", p, kind=kind, path=str(p), why=_one_line(e)) from None
            if kind == "io":
                raise _journal_error("journal.unusable/io", p, kind=kind, path=str(p), why=_one_line(e)) from None
            raise _journal_error("journal.unusable", p, kind=kind, path=str(p), why=_one_line(e)) from None

    @staticmethod
    def _check_kind(p: Path) -> None:
        try:
            mode = p.stat().st_mode
        except OSError as e:
            raise _journal_error("journal.cannot_open", p, kind="io", path=str(p), why=str(e.strerror or e)) from None
        if stat.S_ISDIR(mode):
            raise _journal_error("journal.directory", p, kind="notfile", path=str(p))
        if not stat.S_ISREG(mode):
            if stat.S_ISFIFO(mode):
                raise _journal_error("journal.not_a_file/fifo", p, kind="notfile", path=str(p))
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
                raise _journal_error("journal.not_a_file/device", p, kind="notfile", path=str(p))
            if stat.S_ISSOCK(mode):
                raise _journal_error("journal.not_a_file/socket", p, kind="notfile", path=str(p))
            raise _journal_error("journal.not_a_file", p, kind="notfile", path=str(p))

    def _open_readonly(self) -> None:
        p = self.path
        if not p.exists():
            raise _journal_error("journal.missing", p, kind="nogame", path=str(p))
        self._check_kind(p)
        if _check_existing(p, recover=False):
            return  # empty: no games, no connection
        wal = _sibling(p, "-wal")
        uri = p.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
        try:
            self._con = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise _journal_error("journal.open_read_only", p, kind=_kind_of(e), path=str(p), why=_one_line(e)) from None

    def _upgrade(self) -> None:
        """Schema 1 → 2: add ``entries.hash`` and fill the chain, in one transaction."""
        con = self._con
        assert con is not None
        con.execute("BEGIN IMMEDIATE")
        try:
            if con.execute("PRAGMA user_version").fetchone()[0] < 2:
                cols = {r[1] for r in con.execute("PRAGMA table_info(entries)")}
                if "hash" not in cols:
                    con.execute("ALTER TABLE entries ADD COLUMN hash TEXT")
                hashes: dict[tuple[int, int], str] = {}
                for g, seq, lines, forced, at, parent in con.execute(
                        "SELECT game_id, seq, lines, forced, at, parent FROM entries ORDER BY game_id, seq").fetchall():
                    h = entry_hash(hashes.get((g, parent)), g, seq, parent, bool(forced), at, lines)
                    hashes[(g, seq)] = h
                    con.execute("UPDATE entries SET hash = ? WHERE game_id = ? AND seq = ?", (h, g, seq))
                con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
                con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            con.execute("COMMIT")
        except BaseException:
            _rollback(con)
            raise

    # -- housekeeping -----------------------------------------------------------
    def lock(self) -> None:
        """Become this journal's one writer (for a whole window's life).  Raises JournalError(kind="locked")
        when another process is writing it; a read-only journal is never locked."""
        if self.readonly or self._locked:
            return
        _acquire(self.path)
        self._locked = True

    def close(self) -> None:
        """Close the file (idempotent).  Closing never raises (a failed checkpoint leaves the -wal, which the
        next open reads)."""
        if self._con is not None:
            try:
                self._con.close()
            except sqlite3.Error:
                pass
            self._con = None
        if self._locked:
            self._locked = False
            _release(self.path)

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _write(self, fn, doing: str = "write"):
        """Run ``fn(con)`` in one IMMEDIATE transaction, committed (fsynced) before returning."""
        if self.readonly:
            en, zh = describe_write_error("watching", doing, self.path)
            raise JournalError(en, self.path, kind="watching", zh=zh)
        con = self._con
        if con is None:
            en, zh = describe_write_error("closed", doing, self.path)
            raise JournalError(en, self.path, kind="closed", zh=zh)
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                result = fn(con)
            except BaseException:
                _rollback(con)
                raise
            con.execute("COMMIT")
            return result
        except sqlite3.Error as e:
            _rollback(con)
            raise _write_error(e, self.path, doing) from None

    def _read(self, sql: str, args=()) -> list[tuple]:
        if self._con is None:
            if self.readonly:
                return []  # an empty file opened read-only: no games
            raise _journal_error("journal.closed", self.path, kind="closed")
        try:
            return self._con.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            kind = _kind_of(e)
            raise _journal_error("journal.read", self.path, kind=kind, path=str(self.path), why=_one_line(e)) from None

    # -- games ------------------------------------------------------------------
    def new_game(self, title: str = "") -> int:
        """Create a game; returns its id."""
        now = _now()
        return self._write(lambda con: con.execute(
            "INSERT INTO games(created, updated, title) VALUES (?, ?, ?)", (now, now, title)).lastrowid)

    _GAME_SQL = ("SELECT g.id, g.created, g.updated, g.title, g.over, g.winner, "
                 "(SELECT COUNT(*) FROM entries e WHERE e.game_id = g.id AND e.undone = 0) FROM games g")

    @staticmethod
    def _game(row) -> GameRow:
        return GameRow(row[0], row[1], row[2], row[3], bool(row[4]), row[5], row[6])

    def games(self) -> list[GameRow]:
        """All games, oldest first."""
        return [self._game(r) for r in self._read(self._GAME_SQL + " ORDER BY g.id")]

    def game(self, game_id: int) -> GameRow:
        """The game ``game_id``.  Raises JournalError when there is no such game."""
        rows = self._read(self._GAME_SQL + " WHERE g.id = ?", (game_id,))
        if not rows:
            raise _journal_error("journal.no_game", self.path, kind="nogame", game=game_id, path=str(self.path))
        return self._game(rows[0])

    def latest_unfinished(self) -> int | None:
        """Id of the most recently updated game that is not over, or None."""
        rows = self._read("SELECT id FROM games WHERE over = 0 ORDER BY updated DESC, id DESC LIMIT 1")
        return rows[0][0] if rows else None

    # -- entries ----------------------------------------------------------------
    def _has_hash(self) -> bool:
        return any(r[1] == "hash" for r in self._read("PRAGMA table_info(entries)"))

    def entries(self, game_id: int, lo: int = 0, hi: int | None = None) -> list[EntryRow]:
        """The game's entries with ``lo <= seq <= hi`` (default: every entry), undone ones included, in seq
        order; each checked against its checksum (``intact``: its stored hash equals the hash of its
        fields chained to its parent's stored hash — a parent below ``lo`` is read for that; an entry
        whose parent is not intact is still checked against the parent's stored hash)."""
        has_hash = self._has_hash()
        cols = "seq, lines, forced, undone, at, parent, " + ("hash" if has_hash else "NULL")
        where, args = "game_id = ? AND seq >= ?", [game_id, lo]
        if hi is not None:
            where, args = where + " AND seq <= ?", args + [hi]
        rows = self._read(f"SELECT {cols} FROM entries WHERE {where} ORDER BY seq", tuple(args))
        stored: dict[int, str | None] = {}
        if has_hash and lo > 1:
            first = rows[0][0] if rows else lo
            below = sorted({r[5] for r in rows if 0 < r[5] < first})
            for i in range(0, len(below), 500):  # the parents' stored hashes (one query in practice)
                chunk = below[i:i + 500]
                stored.update(self._read(f"SELECT seq, hash FROM entries WHERE game_id = ? AND seq IN "
                                         f"({','.join('?' * len(chunk))})", (game_id, *chunk)))
        out: list[EntryRow] = []
        for seq, lines, forced, undone, at, parent, h in rows:
            intact = True
            if h is not None:
                text = lines if isinstance(lines, str) else str(lines)
                intact = h == entry_hash(stored.get(parent), game_id, seq, parent, bool(forced), str(at), text)
            stored[seq] = h
            out.append(EntryRow(game_id, seq, tuple(str(lines).split("\n")), bool(forced), bool(undone), str(at),
                                int(parent), h, intact))
        return out

    def live_seqs(self, game_id: int, below: int) -> list[int]:
        """Seqs of the game's live (not undone) entries under ``below``, in order."""
        return [r[0] for r in self._read("SELECT seq FROM entries WHERE game_id = ? AND undone = 0 AND seq < ? "
                                         "ORDER BY seq", (game_id, below))]

    def live_count(self, game_id: int, below: int) -> int:
        """How many live entries the game has under ``below``."""
        return int(self._read("SELECT COUNT(*) FROM entries WHERE game_id = ? AND undone = 0 AND seq < ?",
                              (game_id, below))[0][0])

    def entry_state(self, game_id: int, seq: int) -> tuple[bool, bool] | None:
        """``(exists, undone)`` of one entry, None when the game has no entry ``seq``."""
        rows = self._read("SELECT undone FROM entries WHERE game_id = ? AND seq = ?", (game_id, seq))
        return (True, bool(rows[0][0])) if rows else None

    def has_game(self, game_id: int) -> bool:
        """True when the journal holds game ``game_id`` (without counting its entries, unlike ``game``)."""
        return bool(self._read("SELECT 1 FROM games WHERE id = ?", (game_id,)))

    @staticmethod
    def _set_game(con, game_id: int, over: bool | None, winner: str | None, now: str) -> None:
        if over is None:
            con.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))
        else:
            con.execute("UPDATE games SET updated = ?, over = ?, winner = ? WHERE id = ?",
                        (now, int(over), winner if over else None, game_id))

    @staticmethod
    def _tip(con, game_id: int) -> int:
        return con.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id = ? AND undone = 0",
                           (game_id,)).fetchone()[0]

    def _conflict(self, doing: str, expected: int, tip: int) -> JournalError:
        from .rules.messages import Words  # noqa: PLC0415 - the catalogue only for an error

        return _journal_error("journal.conflict", self.path, kind="conflict", expected=expected, tip=tip,
                              what=Words(*describe_write_error("conflict", doing, self.path)))

    def append(self, game_id: int, lines: list[str] | tuple[str, ...], *, forced: bool = False,
               parent: int = 0, over: bool | None = None, winner: str | None = None,
               doing: str = "submit") -> EntryRow:
        """Journal one entry (and the game's over/winner when given) in one committed transaction.

        ``parent`` is the seq of the live tip the entry was applied after: when it is no longer the
        journal's live tip (another window wrote meanwhile) nothing is written and JournalError
        ``kind="conflict"`` is raised.  Raises ValueError for empty lines or a line containing a
        newline, JournalError when the file cannot be written.
        """
        lines = tuple(lines)
        if not lines or any("\n" in ln or "\r" in ln for ln in lines):
            raise ValueError("an entry needs one or more single-line commands")
        now = _now()
        text = "\n".join(lines)

        def tx(con) -> tuple[int, str]:
            tip = self._tip(con, game_id)
            if tip != parent:
                raise self._conflict(doing, parent, tip)
            seq = con.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game_id = ?",
                              (game_id,)).fetchone()[0]
            row = con.execute("SELECT hash FROM entries WHERE game_id = ? AND seq = ?", (game_id, parent)).fetchone()
            h = entry_hash(row[0] if row else None, game_id, seq, parent, forced, now, text)
            con.execute("INSERT INTO entries(game_id, seq, lines, forced, undone, at, parent, hash) "
                        "VALUES (?, ?, ?, ?, 0, ?, ?, ?)", (game_id, seq, text, int(forced), now, parent, h))
            self._set_game(con, game_id, over, winner, now)
            return seq, h

        seq, h = self._write(tx, doing)
        return EntryRow(game_id, seq, lines, forced, False, now, parent, h)

    def set_undone(self, game_id: int, seq: int, undone: bool, *, over: bool | None = None,
                   winner: str | None = None) -> None:
        """Mark an entry undone (``True``) or redone (``False``), with the game's over/winner, in one transaction.

        Compare-and-set: an undone entry must be the journal's live tip, a redone one an undone child of
        the tip; otherwise nothing is written and JournalError ``kind="conflict"`` is raised."""
        now = _now()
        doing = "undo" if undone else "redo"

        def tx(con) -> None:
            row = con.execute("SELECT undone, parent FROM entries WHERE game_id = ? AND seq = ?",
                              (game_id, seq)).fetchone()
            if row is None:
                raise _journal_error("journal.no_entry", self.path, kind="conflict", game=game_id, seq=seq)
            tip = self._tip(con, game_id)
            if undone and (row[0] or tip != seq):
                raise self._conflict(doing, seq, tip)
            if not undone and (not row[0] or row[1] != tip):
                raise self._conflict(doing, row[1], tip)
            con.execute("UPDATE entries SET undone = ? WHERE game_id = ? AND seq = ?", (int(undone), game_id, seq))
            self._set_game(con, game_id, over, winner, now)

        self._write(tx, doing)

    def set_aside(self, game_id: int, seqs: list[int]) -> None:
        """Mark live entries undone (kept, never deleted) in one transaction: used when entries no longer
        replay, so the game goes on from the last one that does."""
        if not seqs:
            return
        now = _now()

        def tx(con) -> None:
            con.executemany("UPDATE entries SET undone = 1 WHERE game_id = ? AND seq = ?",
                            [(game_id, s) for s in seqs])
            self._set_game(con, game_id, None, None, now)

        self._write(tx)

    # -- checkpoints (a cache of replayed states; the entries stay the truth) -------------------
    _CHECKPOINTS = ("CREATE TABLE IF NOT EXISTS checkpoints (game_id INTEGER NOT NULL REFERENCES games(id), "
                    "seq INTEGER NOT NULL, rules TEXT NOT NULL, state TEXT NOT NULL, at TEXT NOT NULL, "
                    "depth INTEGER, PRIMARY KEY (game_id, seq, rules))")

    def _has_checkpoints(self) -> bool:
        return bool(self._read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'"))

    def _has_depth(self) -> bool:
        """True when the checkpoints table has its ``depth`` column (a table made before it has not)."""
        return any(r[1] == "depth" for r in self._read("PRAGMA table_info(checkpoints)"))

    def checkpoint_seqs(self, game_id: int, rules: str) -> set[int]:
        """Seqs of the game's checkpoints written by code with the ``rules`` fingerprint (reads one row per
        checkpoint: a resume uses :meth:`newest_checkpoints`)."""
        if not self._has_checkpoints():
            return set()
        return {r[0] for r in self._read("SELECT seq FROM checkpoints WHERE game_id = ? AND rules = ?",
                                         (game_id, rules))}

    def newest_checkpoints(self, game_id: int, rules: str, below: int | None = None,
                           limit: int | None = 4) -> list[tuple[int, int | None]]:
        """``(seq, depth)`` of at most ``limit`` (None: every one) of the game's checkpoints of ``rules`` with
        ``seq < below`` (default: all), newest first; ``depth`` is the number of live entries up to and including ``seq``
        on its chain, None when the checkpoint was written without it (by a version before the column)."""
        if not self._has_checkpoints():
            return []
        depth = "depth" if self._has_depth() else "NULL"
        where, args = "game_id = ? AND rules = ?", [game_id, rules]
        if below is not None:
            where, args = where + " AND seq < ?", args + [below]
        rows = self._read(f"SELECT seq, {depth} FROM checkpoints WHERE {where} ORDER BY seq DESC LIMIT ?",
                          (*args, -1 if limit is None else limit))
        return [(int(seq), None if d is None else int(d)) for seq, d in rows]

    def checkpoint(self, game_id: int, seq: int, rules: str) -> str | None:
        """The snapshot text of the state after entry ``seq``, or None when there is none."""
        if not self._has_checkpoints():
            return None
        rows = self._read("SELECT state FROM checkpoints WHERE game_id = ? AND seq = ? AND rules = ?",
                          (game_id, seq, rules))
        return rows[0][0] if rows else None

    def _add_depth(self, con: sqlite3.Connection) -> None:
        con.execute(self._CHECKPOINTS)
        if not any(r[1] == "depth" for r in con.execute("PRAGMA table_info(checkpoints)")):
            con.execute("ALTER TABLE checkpoints ADD COLUMN depth INTEGER")  # older rows: NULL

    def save_checkpoint(self, game_id: int, seq: int, rules: str, state: str, depth: int | None = None) -> None:
        """Store the snapshot ``state`` of the state after entry ``seq``, ``depth`` live entries deep (one
        committed transaction; creates the table, or its ``depth`` column, the first time: older versions
        ignore both)."""
        now = _now()

        def tx(con) -> None:
            self._add_depth(con)
            con.execute("INSERT OR REPLACE INTO checkpoints(game_id, seq, rules, state, at, depth) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (game_id, seq, rules, state, now, depth))

        self._write(tx)

    def set_checkpoint_depth(self, game_id: int, seq: int, rules: str, depth: int) -> None:
        """Record the depth of a checkpoint written without it (one committed transaction)."""

        def tx(con) -> None:
            self._add_depth(con)
            con.execute("UPDATE checkpoints SET depth = ? WHERE game_id = ? AND seq = ? AND rules = ?",
                        (depth, game_id, seq, rules))

        self._write(tx)

    def set_title(self, game_id: int, title: str) -> None:
        """Rename a game."""
        self._write(lambda con: con.execute("UPDATE games SET title = ?, updated = ? WHERE id = ?",
                                            (title, _now(), game_id)))
