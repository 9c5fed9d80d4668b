"""Undo and redo (ctrl+z / ctrl+y, or typed ``undo`` / ``redo``), and what they say they did.

:class:`HistoryMixin` is mixed into :class:`companion.tui.app.CompanionApp`: one entry at a time through the
session (``undid #14 take``), or, right after a quiet-phase run, the whole run (``QuickMixin.undo_run``); a
journal failure is said as what it is and the screen keeps the journaled state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.journal import JournalError

from .quick import qlabel
from .text import label, redact_line

if TYPE_CHECKING:
    from companion.rules.state import GameState

    from .host import AppMixin
    from .protocols import LogEntryLike
else:
    AppMixin = object  # the mixins' one base (companion/tui/host.py) adds nothing at run time

__all__ = ["HistoryMixin"]


class HistoryMixin(AppMixin):
    """Undo / redo of one entry or of a quiet-phase run (see the module docstring)."""

    def _live_top(self) -> int | None:
        """Seq of the last live journal entry (what an undo would undo), None when there is none."""
        if self.journaled is not None:
            return self.journaled.tip or None
        live = [e.seq for e in self.session.log if not e.undone]
        return live[-1] if live else None

    def _entry_words(self, seq: int | None, before: GameState) -> str:
        """``#17 1 杀 2``: entry ``seq`` as an undo / redo message names it; a line naming a hidden role
        (before or after the step) shows ``••`` as the log does (``redact_line``)."""
        if seq is None:
            return ""
        if self.journaled is not None:
            found: list[LogEntryLike] = [e for e in self.journaled.log_since(seq - 1) if e.seq == seq]
        else:
            found = [e for e in self.session.log if e.seq == seq]
        if not found:
            return f"#{seq}"
        out = []
        for line in found[0].lines:
            hidden = redact_line(line, before, reveal=self.reveal)
            out.append(hidden if hidden != line else redact_line(line, self.state, reveal=self.reveal))
        return f"#{seq} " + " ; ".join(out)

    def _guarded(self, fn: Any, where: str) -> Any:
        """``fn()``, or None after saying a journal failure (the screen keeps the journaled state) or a bug."""
        try:
            return fn()
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            self.refresh_view()
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, where)
        return None

    def _step(self, name: str) -> None:
        """Undo or redo one entry through the session, and say which."""
        before = self.state
        seq = self._live_top() if name == "undo" else None
        ok = self._guarded(self.session.undo if name == "undo" else self.session.redo, name)
        if ok is None:
            return
        if ok:
            self._drop_scan()
            if name == "redo":
                seq = self._live_top()
            self.say(label("undid_entry" if name == "undo" else "redid_entry", self.lang,
                           entry=self._entry_words(seq, before)))
        else:
            self.say(label("nothing_undo" if name == "undo" else "nothing_redo", self.lang), error=True)
        self.refresh_view()

    def _whole_run(self, name: str) -> bool:
        """ctrl+z right after a quiet-phase run undoes all of it, ctrl+y right after that redoes it
        (``QuickMixin.undo_run`` / ``redo_run``); True when it did, and said so by its first and last entry."""
        before = self.state
        top = self._live_top()
        n = self._guarded(self.undo_run if name == "undo" else self.redo_run, name)
        if n is None:
            return True
        if not n:
            return False
        self._drop_scan()
        if name == "undo":
            first, last = (self._live_top() or 0) + 1, top
        else:
            first, last = (top or 0) + 1, self._live_top()
        self.say(qlabel("run_undone" if name == "undo" else "run_redone", self.lang, n=n,
                        first=self._entry_words(first, before), last=self._entry_words(last, before)))
        self.refresh_view()
        return True

    def action_undo(self) -> None:
        if not self._whole_run("undo"):
            self._step("undo")

    def action_redo(self) -> None:
        if not self._whole_run("redo"):
            self._step("redo")
