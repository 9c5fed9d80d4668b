"""Following a journal read-only, for ``companion serve`` on a second laptop (docs/web.md).

:class:`JournalWatch` opens the SQLite journal with ``mode=ro`` (it never writes, never
creates the file) and rebuilds the game in memory from its live entries (``undone = 0``,
in seq order: the live chain, docs/journal.md).  :meth:`JournalWatch.poll` is cheap
(``PRAGMA data_version`` changes when another connection commits); on a change it reads the
live lines again and moves its in-memory session along: undo back to the common prefix, then
apply the new lines (no full replay for an ordinary action).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ..journal import APPLICATION_ID, JournalError
from ..rules.messages import Message, Words, en_zh, text
from ..session import Session, describe_error

__all__ = ["JournalWatch"]


def _journal_error(key: str, file: Path, /, **params: object) -> JournalError:
    """The JournalError about ``file`` of the catalogue's ``[text]`` entry ``key`` (``str(e)`` English, ``e.zh``
    Chinese)."""
    en, zh = en_zh(key, **params)
    return JournalError(en, file, zh=zh)


class JournalWatch:
    """A game of a journal, followed read-only.

    ``game_id`` None: the most recently updated unfinished game, else the latest game.
    Raises :class:`JournalError` for a missing, foreign or unreadable file, or an unknown game.
    """

    def __init__(self, path: str | os.PathLike, game_id: int | None = None) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise _journal_error("web.watch.no_journal", self.path, path=self.path)
        try:
            self._con = sqlite3.connect(self.path.resolve().as_uri() + "?mode=ro", uri=True,
                                        isolation_level=None, check_same_thread=False)
            app_id = self._con.execute("PRAGMA application_id").fetchone()[0]
        except sqlite3.Error as e:
            raise _journal_error("web.watch.cannot_open", self.path, path=self.path, why=e) from None
        if app_id != APPLICATION_ID:
            self._con.close()
            raise _journal_error("web.watch.foreign", self.path, path=self.path, app_id=app_id)
        if game_id is None:
            row = self._one("SELECT id FROM games WHERE over = 0 ORDER BY updated DESC, id DESC LIMIT 1") or \
                self._one("SELECT id FROM games ORDER BY updated DESC, id DESC LIMIT 1")
            if row is None:
                raise _journal_error("web.watch.no_game_yet", self.path, path=self.path)
            game_id = row[0]
        elif self._one("SELECT id FROM games WHERE id = ?", (game_id,)) is None:
            raise _journal_error("web.watch.no_game", self.path, path=self.path, game=game_id)
        self.game_id: int = game_id
        self.session = Session(None, None)
        self._lines: list[tuple[str, ...]] = []
        self._sizes: list[int] = []  # in-memory entries made by each journal entry (one per line)
        self._data_version: int | None = None
        self.error: Message | None = None  # why the last reload stopped short (a line that no longer applies)
        self.poll()

    def _one(self, sql: str, args: tuple = ()):
        try:
            return self._con.execute(sql, args).fetchone()
        except sqlite3.Error as e:
            raise _journal_error("web.watch.cannot_read", self.path, path=self.path, why=e) from None

    def _live(self) -> list[tuple[str, ...]]:
        try:
            rows = self._con.execute("SELECT lines FROM entries WHERE game_id = ? AND undone = 0 ORDER BY seq",
                                     (self.game_id,)).fetchall()
        except sqlite3.Error as e:
            raise _journal_error("web.watch.cannot_read", self.path, path=self.path, why=e) from None
        return [tuple(r[0].split("\n")) for r in rows]

    def poll(self) -> bool:
        """Read the journal again if it changed; True when the game's live entries changed."""
        dv = self._one("PRAGMA data_version")[0]
        if dv == self._data_version:
            return False
        self._data_version = dv
        new = self._live()
        if new == self._lines:
            return False
        k = 0
        while k < min(len(new), len(self._lines)) and new[k] == self._lines[k]:
            k += 1
        s = self.session
        for _ in range(sum(self._sizes[k:])):
            s.undo()
        self._lines, self._sizes = self._lines[:k], self._sizes[:k]
        self.error = None
        for lines in new[k:]:
            done = 0
            try:
                for line in lines:  # an entry's lines are already prepared (random outcomes fixed)
                    s.submit(line)
                    done += 1
            except Exception as e:  # noqa: BLE001 - show what replays; say why the rest does not
                for _ in range(done):
                    s.undo()
                self.error = text("web.watch.no_replay", n=len(self._lines) + 1, lines=" / ".join(lines),
                                  why=Words(describe_error(e), describe_error(e, "zh")))
                break
            self._lines.append(lines)
            self._sizes.append(done)
        return True

    @property
    def state(self):
        return self.session.state

    @property
    def log(self):
        tail = getattr(self.session, "log_tail", None)  # the public log shows the newest lines only
        return tail(256) if callable(tail) else self.session.log

    def close(self) -> None:
        self._con.close()
