"""The SQLite journal: every accepted action, in order, so nothing is ever lost.

One file holds many games.  Tables:

* ``meta(key, value)`` — ``application`` = :data:`MAGIC`, ``schema_version``;
  the header also carries ``PRAGMA application_id`` = :data:`APPLICATION_ID`
  and ``PRAGMA user_version`` = :data:`SCHEMA_VERSION`;
* ``games(id, created, updated, title, over, winner)``;
* ``entries(game_id, seq, lines, forced, undone, at, parent)`` — one entry per
  accepted input: ``lines`` are the journaled command lines (``"\\n"``-joined,
  random commands already expanded by ``script.prepare``), ``forced`` 1 when a
  line was forced, ``undone`` 1 while the entry is undone (undone rows stay:
  they are the audit trail), ``parent`` the seq of the entry it was applied
  after (0 = the start of the game).  The entries form a tree; the live game
  is the chain of entries with ``undone = 0``; the redo stack is found by
  following the latest undone child from the tip;
* ``checkpoints(game_id, seq, rules, state, at)`` — optional, created by the first
  :meth:`Journal.save_checkpoint`: the state after entry ``seq`` as a snapshot
  (:mod:`companion.snapshot`, versioned JSON) for the code whose ``rules`` fingerprint
  it carries.  A cache: a resume replays from the last one; without it (or with another
  fingerprint) the entries are replayed from the first, which stays the truth.

The file is opened with WAL and ``synchronous=FULL``; each write is one
transaction, committed before the method returns (so before the caller shows
its effect).  Before anything is written, an existing file is checked through
a read-only connection (``file:...?mode=ro``): a corrupt file, a foreign SQLite
database or a newer schema raises :class:`JournalError` and the file is left
exactly as it was.

Default location: ``platformdirs.user_data_dir("sgs-companion")/journal.sqlite3``.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

__all__ = [
    "APPLICATION_ID", "MAGIC", "SCHEMA_VERSION", "JournalError",
    "GameRow", "EntryRow", "Journal", "default_path",
]

APPLICATION_ID = 0x53475343  # "SGSC"
MAGIC = "sgs-companion journal"
SCHEMA_VERSION = 1
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
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(Exception):
    """The journal file cannot be used (corrupt, foreign, newer version, unknown game, I/O error).

    The message is meant for the moderator; ``path`` is the file concerned.
    """

    def __init__(self, message: str, path: str | os.PathLike | None = None) -> None:
        self.path = None if path is None else str(path)
        super().__init__(message)


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
    """One row of ``entries``; ``lines`` is the list of journaled command lines."""

    game_id: int
    seq: int
    lines: tuple[str, ...]
    forced: bool
    undone: bool
    at: str
    parent: int


def default_path() -> Path:
    """``user_data_dir("sgs-companion")/journal.sqlite3`` (the directory is not created here)."""
    from platformdirs import user_data_dir  # noqa: PLC0415

    return Path(user_data_dir("sgs-companion")) / "journal.sqlite3"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _check_existing(path: Path) -> bool:
    """Check an existing file read-only.  Returns True when it needs initialising (empty file).

    Raises JournalError for anything that is not a journal this version can use.
    """
    size = path.stat().st_size
    if size == 0:
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as e:
        raise JournalError(f"cannot read journal {path}: {e.strerror or e}", path) from None
    if len(head) < 100 or not head.startswith(_SQLITE_HEADER):
        raise JournalError(
            f"{path} is not a companion journal: not an SQLite database (corrupt or another kind of file). "
            "It was not modified; choose another file with --db.", path)
    # Read-only.  Without a -wal file beside it the main file is the whole truth, and
    # immutable=1 keeps SQLite from creating -wal/-shm files next to a file we refuse.
    wal = path.with_name(path.name + "-wal")
    uri = path.resolve().as_uri() + ("?mode=ro" if wal.exists() else "?mode=ro&immutable=1")
    try:
        con = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as e:
        raise JournalError(f"cannot open journal {path} read-only: {e}", path) from None
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app_id != APPLICATION_ID or not _TABLES <= tables:
            raise JournalError(
                f"{path} is an SQLite database of another application "
                f"(application_id {app_id:#x}, expected {APPLICATION_ID:#x}"
                f"{'; companion tables missing' if not _TABLES <= tables else ''}). "
                "It was not modified; choose another file with --db.", path)
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != MAGIC:
            raise JournalError(f"{path} is not a companion journal (meta application {meta.get('application')!r}). "
                               "It was not modified.", path)
        if version > SCHEMA_VERSION:
            raise JournalError(
                f"{path} was written by a newer companion (journal schema {version}, this version reads up to "
                f"{SCHEMA_VERSION}). It was not modified; upgrade the companion to open it.", path)
        if version < 1:
            raise JournalError(f"{path}: unknown journal schema version {version}. It was not modified.", path)
        problems = [r[0] for r in con.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise JournalError(f"{path} is corrupt ({'; '.join(problems[:3])}). It was not modified.", path)
    except sqlite3.DatabaseError as e:
        raise JournalError(f"{path} is corrupt or not a companion journal ({e}). It was not modified.", path) from None
    finally:
        con.close()
    return False


class Journal:
    """An open journal file.  Use as a context manager or call :meth:`close`.

    ``Journal(path=None)`` opens (creating when missing) ``path`` or
    :func:`default_path`.  Raises :class:`JournalError` for a corrupt, foreign
    or newer-version file (never modified) or when the file cannot be created.
    """

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        p = self.path
        fresh = True
        if p.exists():
            if p.is_dir():
                raise JournalError(f"{p} is a directory, not a journal file", p)
            fresh = _check_existing(p)
        else:
            try:
                p.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise JournalError(f"cannot create the journal directory {p.parent}: {e.strerror or e}", p) from None
        try:
            self._con = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise JournalError(f"cannot open journal {p}: {e}", p) from None
        try:
            if fresh:
                self._init_schema()
            self._con.execute("PRAGMA journal_mode=WAL")
            self._con.execute("PRAGMA synchronous=FULL")
            self._con.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as e:
            self._con.close()
            raise JournalError(f"cannot use journal {p}: {e}", p) from None

    # -- housekeeping -----------------------------------------------------------
    def _init_schema(self) -> None:
        # One rollback-journal transaction: the file is either empty or a complete journal.
        con = self._con
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
            con.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self._con is not None:
            self._con.close()
            self._con = None  # type: ignore[assignment]

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _write(self, fn):
        """Run ``fn(con)`` in one IMMEDIATE transaction, committed (fsynced) before returning."""
        con = self._con
        if con is None:
            raise JournalError("the journal is closed", self.path)
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                result = fn(con)
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
            return result
        except sqlite3.Error as e:
            raise JournalError(f"cannot write journal {self.path}: {e}", self.path) from None

    def _read(self, sql: str, args=()) -> list[tuple]:
        if self._con is None:
            raise JournalError("the journal is closed", self.path)
        try:
            return self._con.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise JournalError(f"cannot read journal {self.path}: {e}", self.path) from None

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
            raise JournalError(f"no game {game_id} in {self.path} (see `companion games`)", self.path)
        return self._game(rows[0])

    def latest_unfinished(self) -> int | None:
        """Id of the most recently updated game that is not over, or None."""
        rows = self._read("SELECT id FROM games WHERE over = 0 ORDER BY updated DESC, id DESC LIMIT 1")
        return rows[0][0] if rows else None

    # -- entries ----------------------------------------------------------------
    def entries(self, game_id: int) -> list[EntryRow]:
        """Every entry of the game, undone ones included, in seq order."""
        return [
            EntryRow(game_id, seq, tuple(lines.split("\n")), bool(forced), bool(undone), at, parent)
            for seq, lines, forced, undone, at, parent in self._read(
                "SELECT seq, lines, forced, undone, at, parent FROM entries WHERE game_id = ? ORDER BY seq",
                (game_id,))
        ]

    @staticmethod
    def _set_game(con, game_id: int, over: bool | None, winner: str | None, now: str) -> None:
        if over is None:
            con.execute("UPDATE games SET updated = ? WHERE id = ?", (now, game_id))
        else:
            con.execute("UPDATE games SET updated = ?, over = ?, winner = ? WHERE id = ?",
                        (now, int(over), winner if over else None, game_id))

    def append(self, game_id: int, lines: list[str] | tuple[str, ...], *, forced: bool = False,
               parent: int = 0, over: bool | None = None, winner: str | None = None) -> EntryRow:
        """Journal one entry (and the game's over/winner when given) in one committed transaction.

        ``parent`` is the seq of the live tip the entry was applied after.
        Raises ValueError for empty lines or a line containing a newline,
        JournalError when the file cannot be written.
        """
        lines = tuple(lines)
        if not lines or any("\n" in ln or "\r" in ln for ln in lines):
            raise ValueError("an entry needs one or more single-line commands")
        now = _now()

        def tx(con) -> int:
            seq = con.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM entries WHERE game_id = ?",
                              (game_id,)).fetchone()[0]
            con.execute("INSERT INTO entries(game_id, seq, lines, forced, undone, at, parent) "
                        "VALUES (?, ?, ?, ?, 0, ?, ?)", (game_id, seq, "\n".join(lines), int(forced), now, parent))
            self._set_game(con, game_id, over, winner, now)
            return seq

        seq = self._write(tx)
        return EntryRow(game_id, seq, lines, forced, False, now, parent)

    def set_undone(self, game_id: int, seq: int, undone: bool, *, over: bool | None = None,
                   winner: str | None = None) -> None:
        """Mark an entry undone (``True``) or redone (``False``), with the game's over/winner, in one transaction."""
        now = _now()

        def tx(con) -> None:
            cur = con.execute("UPDATE entries SET undone = ? WHERE game_id = ? AND seq = ?",
                              (int(undone), game_id, seq))
            if cur.rowcount != 1:
                raise JournalError(f"game {game_id} has no entry {seq}", self.path)
            self._set_game(con, game_id, over, winner, now)

        self._write(tx)

    # -- checkpoints (a cache of replayed states; the entries stay the truth) -------------------
    _CHECKPOINTS = ("CREATE TABLE IF NOT EXISTS checkpoints (game_id INTEGER NOT NULL REFERENCES games(id), "
                    "seq INTEGER NOT NULL, rules TEXT NOT NULL, state TEXT NOT NULL, at TEXT NOT NULL, "
                    "PRIMARY KEY (game_id, seq, rules))")

    def _has_checkpoints(self) -> bool:
        return bool(self._read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'"))

    def checkpoint_seqs(self, game_id: int, rules: str) -> set[int]:
        """Seqs of the game's checkpoints written by code with the ``rules`` fingerprint."""
        if not self._has_checkpoints():
            return set()
        return {r[0] for r in self._read("SELECT seq FROM checkpoints WHERE game_id = ? AND rules = ?",
                                         (game_id, rules))}

    def checkpoint(self, game_id: int, seq: int, rules: str) -> str | None:
        """The snapshot text of the state after entry ``seq``, or None when there is none."""
        if not self._has_checkpoints():
            return None
        rows = self._read("SELECT state FROM checkpoints WHERE game_id = ? AND seq = ? AND rules = ?",
                          (game_id, seq, rules))
        return rows[0][0] if rows else None

    def save_checkpoint(self, game_id: int, seq: int, rules: str, state: str) -> None:
        """Store the snapshot ``state`` of the state after entry ``seq`` (one committed transaction;
        creates the table the first time: older versions ignore it)."""
        now = _now()

        def tx(con) -> None:
            con.execute(self._CHECKPOINTS)
            con.execute("INSERT OR REPLACE INTO checkpoints(game_id, seq, rules, state, at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, seq, rules, state, now))

        self._write(tx)

    def set_title(self, game_id: int, title: str) -> None:
        """Rename a game."""
        self._write(lambda con: con.execute("UPDATE games SET title = ?, updated = ? WHERE id = ?",
                                            (title, _now(), game_id)))
