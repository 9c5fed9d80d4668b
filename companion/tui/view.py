"""What the dashboard draws and where: the header, the question, the board, the log, the message line.

:class:`ViewMixin` is mixed into :class:`companion.tui.app.CompanionApp`: ``refresh_view`` redraws the
screen from ``session.state`` and ``session.log`` (each widget repainted only when what it shows changed),
``lay_out`` sizes the seat cards for the terminal (``SeatTable.fit``, the log keeping ``LOG_MIN`` lines),
``say`` writes the message line, ``opened_text`` the journal line the dashboard opens with.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from rich.cells import chop_cells
from rich.text import Text
from textual.events import Paste
from textual.widgets import Static

from companion.journal import JournalError

from .text import header_text, label, prompt_text
from .widgets.command import CommandBar
from .widgets.log import GameLog
from .widgets.table import LOG_MIN, SeatTable

if TYPE_CHECKING:
    from textual.geometry import Size

    from companion.rules.state import GameState

    from .host import AppMixin
else:
    AppMixin = object  # the mixins' one base (companion/tui/host.py) adds nothing at run time

__all__ = ["ViewMixin", "opened_lines", "ASK_LINES", "ASK_LINES_LARGE", "BANNER_LINES", "LARGE_HEIGHT",
           "MESSAGE_LINES"]

LARGE_HEIGHT = 36
"""Lines from which (with ``WIDE`` columns) the question is drawn large."""
BANNER_LINES = MESSAGE_LINES = 4
"""Lines the question and the message may take (``widgets.choices.QUESTION_LINES``, app.tcss ``#message``
``max-height``): wrapped, never cut — the longest
question of the transcripts takes 3 lines at 80 columns (a 闪 with 八卦阵 and F6's hint; 流离 after 武圣)."""
ASK_LINES = 2
"""Lines kept for the question and the choices together once the game has started (one widget, ``#ask``:
``widgets.choices.ChoicesBar``), shown or not: a one-line question with one line of choices, or two lines of
choices, then come and go without moving the board and without a layout of the screen — only the widget's lines
are repainted (issue 15, key-to-paint).
A longer question or more choices still take the lines they need (never cut); large (``-large``): 4, the
question's padding included."""
ASK_LINES_LARGE = 4


def opened_lines(text: str, width: int) -> list[str]:
    """The journal line (``journal: PATH · game …``) in lines of at most ``width`` cells: the path cut by cells
    (it has no words; not moved whole to its own line, which would leave "journal:" alone), then the words after it
    wrapped between words (``6 seats`` is never cut: newcomer trial, issue 16).  A line keeps the space it ends at,
    so the lines joined are ``text``."""
    from rich.cells import cell_len  # noqa: PLC0415

    head, sep, tail = text.partition(" · ")
    lines = chop_cells(head + sep, width)
    cur = lines.pop()
    for i, word in enumerate(tail.split(" ") if tail else []):
        piece = word if i == len(tail.split(" ")) - 1 else word + " "
        if cell_len(cur + piece.rstrip()) >= width and cur:  # the space it ends at fits too (< width)
            lines.append(cur)
            cur = ""
        while cell_len(cur + piece) > width:  # a word longer than a line: by cells
            first = chop_cells(piece, width - cell_len(cur))[0]
            lines.append(cur + first)
            cur, piece = "", piece[len(first):]
        cur += piece
    return [*lines, cur] if cur else lines


class ViewMixin(AppMixin):
    """The dashboard's drawing and layout (see the module docstring)."""

    # -- layout ---------------------------------------------------------------
    def lay_out(self, size: Size) -> None:
        """The terminal is now ``size``: the log beside the board from ``WIDE`` columns, the question large from
        ``WIDE`` × ``LARGE_HEIGHT``, the cards sized; the log, the banner and the choices fold to the new width."""
        self.query_one("#body").set_class(size.width >= self.WIDE, "wide")
        # 120×40 and up: the question in a large block above the board (padded, bold: a terminal has one text size)
        large = size.width >= self.WIDE and size.height >= LARGE_HEIGHT
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        ask = self.query_one(ChoicesBar)
        ask.large = large
        ask.kept = self._kept_lines(self.state.started, large)
        self._fit_table(size.width, size.height)  # the new size (self.size may still be the old one)
        self.call_after_refresh(self.query_one(GameLog).refold)  # fold the log to its new width (when it changed)
        self.call_after_refresh(self._redraw_banner)  # and the banner
        self.call_after_refresh(self.draw_choices)  # the choices wrap at the new width

    def _fit_table(self, width: int | None = None, height: int | None = None) -> None:
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        table = self.query_one(SeatTable)
        state, lang, reveal = self.state, self.lang, self.reveal
        left = table.fit(len(state.seats), height, width >= self.WIDE, chrome=self._chrome_lines(width),
                         fits=lambda h: table.cards_fit(h, state, lang, reveal))
        # still short of LOG_MIN (a card that does not fit in fewer lines): the log gives up its title line
        self.query_one(GameLog).set_class(left < LOG_MIN, "-bare")

    def fit_table(self) -> None:
        """Size the seat cards for the screen as it is now (the question, the choices and the message
        as drawn): the log under the table keeps ``LOG_MIN`` lines (``SeatTable.fit``)."""
        if self.size.width and self.size.height:
            self._fit_table()

    def _chrome_lines(self, width: int) -> int:
        """The lines taken outside the board and the log as drawn now: header, question (up to
        ``BANNER_LINES``), choices (up to 3: ``widgets.choices.FITS``), the scan line, the message (up to ``MESSAGE_LINES``), command
        bar and footer."""
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        inner = max(20, width - 2)  # their padding: 0 1
        lines = 3  # header, command bar, footer
        ask = 0
        if self._ptext and self._drawn_banner:
            ask += min(BANNER_LINES, len(Text(self._drawn_banner).wrap(self.console, inner)))
        bar = self.query_one(ChoicesBar)
        lines += max(ask + bar.lines, bar.kept)
        if self.query_one("#scan-line").has_class("-on"):
            lines += 1
        msg = self.message
        if msg:
            lines += min(MESSAGE_LINES, len(Text(msg).wrap(self.console, inner)))
        return lines

    # -- drawing --------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def refresh_view(self) -> None:
        """Redraw everything from ``session.state`` and ``session.log``."""
        state = self.state
        lang = self.lang
        header = self.query_one("#header", Static)
        text = label("game", lang) + " · " + header_text(state, lang)
        if self.reveal:
            text += "  ·  ⚠ " + label("roles_shown", lang)
        if self.readonly:
            text += "  ·  " + label("read_only", lang)
        if text != self._drawn_header:  # unchanged widgets are not repainted
            self._drawn_header = text
            header.update(Text(text, no_wrap=True, overflow="ellipsis"), layout=False)  # CSS height 1
        header.set_class(state.over, "-over")
        header.set_class(self.reveal, "-revealed")

        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        ask = self.query_one(ChoicesBar)
        ptext = prompt_text(state, lang)
        self._ptext = ptext
        self._drawn_banner = self._banner_text(ptext)
        ask.ask(self._drawn_banner if ptext else "", large=ask.large, kept=self._kept_lines(state.started, ask.large))

        self.query_one(SeatTable).draw(state, lang, self.reveal)
        self.query_one(GameLog).update_from_session()
        share = self.web_share
        if share is not None:  # the players' view (F10): pushed after the dashboard's own redraw
            share.notify()
        self._scan_after_redraw()  # a scan, its preview and its filled-in line belong to one judgement
        bar = self.query_one(CommandBar)
        if bar.placeholder != label("placeholder", lang):
            bar.placeholder = label("placeholder", lang)
        rlog = self.query_one(GameLog)
        if rlog.border_title != label("log", lang):
            rlog.border_title = label("log", lang)
        if self._partial is not None and not bar.value.startswith(self._partial.before):
            self._partial = None  # the partial choice's line was edited away or submitted
        self.draw_choices()
        self.fit_table()  # a long question, choices or message may squeeze the log (LOG_MIN)

    def _banner_text(self, ptext: str) -> str:
        """The prompt as the banner shows it: word-wrapped, but when the text after "⚠" is one
        long run without spaces (Chinese) that would wrap to the next line and leave the ⚠ alone,
        cut by cells so the ⚠ keeps its text."""
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        large = self.query_one(ChoicesBar).large
        width = max(20, (self.size.width or 80) - (4 if large else 2))  # the banner's padding: 0 1 (large: 1 2)
        lines = Text(ptext).wrap(self.console, width)
        if len(lines) > 1 and lines[0].plain.strip() in ("⚠", ""):
            return "\n".join(chop_cells(ptext, width))
        return ptext

    def _redraw_banner(self) -> None:
        """The question cut again for the screen's width (drawn with the choices by ``draw_choices``)."""
        if self._ptext:
            from .widgets.choices import ChoicesBar  # noqa: PLC0415

            ask = self.query_one(ChoicesBar)
            self._drawn_banner = self._banner_text(self._ptext)
            ask.ask(self._drawn_banner, large=ask.large, kept=ask.kept)

    @staticmethod
    def _kept_lines(started: bool, large: bool) -> int:
        """Lines the question and the choices keep: ``ASK_LINES`` (large: ``ASK_LINES_LARGE``) once started."""
        return (ASK_LINES_LARGE if large else ASK_LINES) if started else 0

    # -- the log and the journal ----------------------------------------------
    @property
    def readonly(self) -> bool:
        """The game is watched, not moderated (a journal opened read-only): commands are refused."""
        return self.journaled is not None and self.journaled.readonly

    def _follow(self) -> None:
        """Read-only: reload the game when the writing window changed the journal."""
        assert self.journaled is not None  # set only for a read-only journal
        try:
            changed = self.journaled.reload()
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            return
        if changed:
            self.refresh_view()

    def opened_lines(self) -> dict[str, str]:
        """``opened_text`` in zh and en, computed once, with the state as it was on opening (the log's first line)."""
        if self._opened is None:
            self._opened = {lg: self.opened_text(lg) for lg in ("zh", "en")}
        return self._opened

    def redraw_log(self) -> None:
        """Redraw the log pane from the session (what ``refresh_view`` does after an undo)."""
        self.query_one(GameLog).redraw()

    def log_text(self) -> str:
        """The log pane as plain text (what was written to it)."""
        return self.query_one(GameLog).text()

    def opened_text(self, lang: str | None = None) -> str:
        """Which journal file and which game the dashboard opened ("" for a session without a journal)."""
        j = self.journaled
        if j is None or j.journal is None or j.game_id is None:
            return ""
        journal, game_id = j.journal, j.game_id
        lang = lang or self.lang
        path = os.path.abspath(journal.path)
        how = j.opened
        if how in ("new", "none_unfinished"):
            return label("opened_new" if how == "new" else "opened_none_unfinished", lang, path=path, id=game_id)
        try:
            started = journal.game(game_id).created[:16].replace("T", " ")
        except Exception:  # noqa: BLE001  (a line of information must never stop the dashboard)
            started = "?"
        state = self.state
        rnd = label("round", lang, n=state.round) if state.round else label("not_started", lang)
        return label("opened_resumed", lang, path=path, id=game_id, started=started,
                     seats=len(state.seats), round=rnd)

    def say_opened(self) -> None:
        """The message line as the dashboard opens: the journal line (also the log's first line) and
        ``checkpoint_note`` when the resume replayed past a checkpoint's place; the journal's problem (it opened
        only up to its last good entry) or that it is watched read-only in their place."""
        opened = (self._opened or {}).get(self.lang)
        inner = max(20, self.size.width - 2)
        lines = opened_lines(opened, inner) if opened else []  # also above the command bar, where it is seen at once
        note = self.journaled.checkpoint_note if self.journaled is not None else None
        if note is not None:  # the resume replayed past a checkpoint's place: said after it, or alone if both do not fit
            said = note.text(self.lang)
            if len(lines) + len(Text(said).wrap(self.console, inner)) > MESSAGE_LINES:
                lines = []
            lines.append(said)
        if lines:
            self.say("\n".join(lines))
        problem = self.journaled.problem if self.journaled is not None else None
        if problem is not None:  # the journal opened only up to its last good entry
            self.say(f"⚠ {problem.text(self.lang)}", error=True)
        elif self.readonly:
            self.say(label("read_only_open", self.lang), error=True)

    # -- the message line -----------------------------------------------------
    def say(self, text: str, *, error: bool = False) -> None:
        """Show a one-line message (an error in red) above the command bar; "" clears it."""
        msg = self.query_one("#message", Static)
        if text or str(msg.content):  # "" over "" repaints nothing
            msg.update(Text(text))
        msg.set_class(error, "-error")
        msg.set_class(not text, "-empty")
        self.fit_table()  # a two-line message may squeeze the log (LOG_MIN)

    @property
    def message(self) -> str:
        return str(self.query_one("#message", Static).content)

    def type_into_command_bar(self, text: str) -> None:
        """Keys typed on a look-only dialog (F1, F3, F7): the dialog closes and they land here."""
        bar = self.query_one(CommandBar)
        bar.focus()
        if "\n" in text or "\r" in text:  # a paste of several lines: as pasted into the bar itself
            bar.on_paste(Paste(text))
            return
        bar.type_text(text)
