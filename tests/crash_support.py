"""Kill a process at the unlink of an SQLite rollback journal (``-journal``), deterministically.

Issue 12 §3's reproduction was ``strace -e inject=unlink:signal=SIGKILL``: SQLite deletes the ``-journal``
as the last step of a commit in rollback mode, and a kill there leaves the database file fully written
beside a *hot* journal, which the next read-write open rolls back.  A kill inside one SQLite call cannot
be timed from Python, but its on-disk state can be made exactly: :func:`kill_at_journal_unlink` makes
``sqlite3.connect`` return connections that hard-link the ``-journal`` before each statement; when the
statement has deleted it, the link is renamed back (the same inode, so the same bytes SQLite had written)
and the process dies.  POSIX only (``os.link``, signals).
"""

from __future__ import annotations

import os
import signal
import sqlite3
from urllib.parse import unquote, urlparse


def _db_file(database, uri: bool) -> str:
    text = os.fspath(database)
    if uri and text.startswith("file:"):
        return unquote(urlparse(text).path)
    return text


def kill_at_journal_unlink(k: int, *, how: str = "sigkill") -> list[int]:
    """From now on, in this process, die at the ``k``-th deletion of a ``-journal`` by an SQLite statement
    (``k`` = 0: never).  ``how``: ``"sigkill"`` (a real SIGKILL to itself, like strace's injection) or
    ``"exit"`` (``os._exit(9)``) or ``"raise"`` (KeyboardInterrupt, as ctrl-c there would: the code's own
    clean-up runs).  Returns the counter (``[deletions so far]``), for a run with ``k`` = 0."""
    real = sqlite3.connect
    count = [0]

    def die() -> None:
        if how == "raise":
            raise KeyboardInterrupt
        if how == "sigkill":
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(9)

    class Conn(sqlite3.Connection):
        journal = ""

        def _run(self, method, *args):
            saved = None
            if self.journal and os.path.exists(self.journal):
                saved = f"{self.journal}.{os.getpid()}.saved"
                os.link(self.journal, saved)
            try:
                return method(*args)
            finally:
                if saved is not None:
                    if not os.path.exists(self.journal):
                        count[0] += 1
                        if count[0] == k:
                            os.rename(saved, self.journal)  # the journal as SQLite left it before unlink()
                            die()
                    os.unlink(saved)

        def execute(self, *args):
            return self._run(super().execute, *args)

        def executemany(self, *args):
            return self._run(super().executemany, *args)

        def commit(self):
            return self._run(super().commit)

    def connect(database, *args, **kw):
        kw.setdefault("factory", Conn)
        con = real(database, *args, **kw)
        if isinstance(con, Conn):
            con.journal = _db_file(database, bool(kw.get("uri"))) + "-journal"
        return con

    sqlite3.connect = connect
    return count
