"""The log pane: one block per journal entry (its lines, then its events), grown by what is new.

A command appends the entries it added; an undo, a redo, the language, the width or the roles shown
redraw the visible window only (issue 15: key-to-paint does not depend on the game's length)."""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any, cast

from rich.cells import cell_len
from rich.text import Text
from textual.events import Resize

from companion.tui.text import event_words, fold_cells, hidden_roles, label, redact_line


def _pretty(*args: Any, **kwargs: Any) -> Any:
    """``rich.pretty.Pretty(*args, **kwargs)``, imported when first called."""
    from rich.pretty import Pretty  # noqa: PLC0415

    return Pretty(*args, **kwargs)


def _rich_log() -> type:
    """Textual's RichLog, imported without ``rich.pretty``: RichLog takes rich.pretty's ``Pretty`` only to write an
    object that is not renderable (the log writes Text only), and rich.pretty costs the dashboard's start ≈ 9 M
    instructions (and imports ``attrs`` when installed: ≈ 10 % of the first paint before it was kept out, issue
    15).  For that one import ``rich.pretty`` is a stand-in whose ``Pretty`` imports the real one when called; the
    stand-in is gone right after, so ``rich.pretty`` (and ``attrs``) import as ever."""
    if "rich.pretty" in sys.modules:  # already loaded by someone: nothing to keep out
        from textual.widgets import RichLog  # noqa: PLC0415

        return RichLog
    stand_in = types.ModuleType("rich.pretty")
    stand_in.Pretty = _pretty  # type: ignore[attr-defined]
    sys.modules["rich.pretty"] = stand_in
    try:
        from textual.widgets import RichLog  # noqa: PLC0415
    finally:
        if sys.modules.get("rich.pretty") is stand_in:
            del sys.modules["rich.pretty"]
    return RichLog


if TYPE_CHECKING:
    from textual.widgets import RichLog
else:
    RichLog = _rich_log()

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp
    from companion.tui.protocols import LogEntryLike

__all__ = ["GameLog", "LOG_MAX_LINES", "LOG_REDRAW_LINES"]

LOG_MAX_LINES = 2000
"""The log pane keeps its newest lines up to this many (older ones scroll away; the journal keeps all)."""
LOG_REDRAW_LINES = 60
"""A redraw (undo, redo, language, width) writes at least this many of the newest lines."""

Item = tuple[str, list, bool, bool]
"""``(title, events, undone, forced)`` of one log entry."""


class GameLog(RichLog):
    """The log pane of :class:`~companion.tui.app.CompanionApp` (its session, language and roles shown);
    redraws (refolds) itself when its own width changes."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._drawn_width = 0
        self._drawn_height = 0  # the pane's height at its last resize
        self._drawn_want = 0  # how many lines the last redraw wanted (twice the height it had)
        self._plain: list[str] = []  # the pane's lines, unfolded (text())
        self._folded: list[int] = []  # how many pane lines each of them took
        self._lines = 0
        self._sig: tuple | None = None  # signature() of what is drawn
        self._at: Any = None  # mark() of what is drawn
        self._length_changed = False

    @property
    def host(self) -> CompanionApp:
        return cast("CompanionApp", self.app)

    def on_resize(self, event: Resize) -> None:  # RichLog's own handler runs too (Textual calls each class's)
        width = self.scrollable_content_region.width - 1
        if width >= 20 and width != self._drawn_width:
            self.app.call_after_refresh(self.refold)
        elif event.size.height != self._drawn_height:  # squeezed or given lines back (SeatTable.fit): newest shown
            self.app.call_after_refresh(self.scroll_end, animate=False)
        self._drawn_height = event.size.height

    def refold(self) -> None:
        """After a resize: redraw only when the width changed or the pane now holds more lines than the
        last redraw wrote (a first paint draws the pane once, at the width it is laid out with)."""
        height = self.scrollable_content_region.height or self.host.size.height
        if self._width() != self._drawn_width or max(2 * height, LOG_REDRAW_LINES) > self._drawn_want:
            self.redraw()

    # -- what is shown -------------------------------------------------------
    def _item(self, e: LogEntryLike) -> Item:
        """``(title, events, undone, forced)`` of one ``session.log`` entry."""
        host = self.host
        # a dealt role must not reach the shared screen through the journal lines
        title = f"#{e.seq} " + " ; ".join(redact_line(x, host.state, reveal=host.reveal) for x in e.lines)
        return (title, list(e.events or []), e.undone, e.forced)

    def _window(self, n: int) -> tuple[list[Item], bool]:
        """The last ``n`` log entries as ``_item`` tuples, and whether they start at the game's first."""
        host = self.host
        if host.journaled is not None:  # costs n, not the game's length
            entries: list[LogEntryLike] = list(host.journaled.log_tail(n))
            first = not entries or entries[0].seq <= 1
        else:
            every = list(host.session.log)
            entries = every[-n:]
            first = len(entries) == len(every)
        return [self._item(e) for e in entries], first

    def _width(self) -> int:
        width = self.scrollable_content_region.width - 1
        if width < 20:  # not laid out yet: the width app.tcss will give it (padding 0 1 and a 1-cell scrollbar;
            # wide: 1fr of 3 and a border), so that the first paint draws the pane once; refolded if it differs
            host = self.host
            w = host.size.width
            width = max(20, w // 3 - 5 if w >= host.WIDE else w - 4)
        return width

    def _signature(self, width: int) -> tuple:
        """What every drawn log line depends on besides its own entry: language, width, the
        roles shown, and which seats' dealt roles are still hidden (``redact_line``)."""
        host = self.host
        state = host.state
        return (host.lang, width, host.reveal, tuple(s.public_role is None for s in state.seats),
                tuple(sorted(hidden_roles(state))))

    def _mark(self) -> Any:
        """Where the drawn log stands: ``(tip, last seq)`` for a journaled session, else the
        ``(seq, undone, forced, events)`` keys of its whole log (small stand-ins)."""
        host = self.host
        if host.journaled is not None:
            return (host.journaled.tip, host.journaled.last_seq)
        return [(e.seq, e.undone, e.forced, len(e.events or ())) for e in host.session.log]

    def _news(self, mark: Any) -> list[Item] | None:
        """The entries added since the pane was drawn at ``self._at``, or None when something
        already drawn changed (an undo, a redo, another game) and the pane must be redrawn."""
        host = self.host
        was = self._at
        if was is None or type(was) is not type(mark):
            return None
        if isinstance(mark, list):
            if mark[:len(was)] != was:
                return None
            return [self._item(e) for e in list(host.session.log)[len(was):]]
        (tip0, last0), (tip, last) = was, mark
        if (tip, last) == (tip0, last0):
            return []
        if last <= last0:  # same entries, another tip: an undo or a redo
            return None
        assert host.journaled is not None  # a (tip, last seq) mark
        new = list(host.journaled.log_since(last0))
        parent = tip0
        for e in new:  # new entries chained on the old tip: nothing drawn before changed
            if e.parent != parent or e.undone:
                return None
            parent = e.seq
        if parent != tip:
            return None
        return [self._item(e) for e in new]

    def _entry_lines(self, item: Item) -> list[tuple[str, str]]:
        """``[(plain line, style)]`` of one log entry: its title, then one line per event."""
        host = self.host
        title, events, undone, forced = item
        lang = host.lang
        head = title
        if forced:
            head += f"  [{label('forced', lang)}]"
        if undone:
            head += f"  ↶ {label('undone', lang)}"
        out = [(head, "dim strike" if undone else "bold")]
        for ev in events:
            words = event_words(ev, host.state, lang, undone=undone, reveal=host.reveal)  # no hidden role
            out.append((f"  · {words}", "dim" if undone else ""))
        return out

    # -- drawing -------------------------------------------------------------
    def update_from_session(self) -> None:
        """Bring the pane up to date: append what a command added; redraw (the visible window
        only) when the language, the width, the shown roles or an already drawn entry changed."""
        width = self._width()
        mark = self._mark()
        news = self._news(mark) if self._sig == self._signature(width) else None
        if news is None:
            self.redraw()
            return
        if news:
            self._write_block([b for item in news for b in self._entry_lines(item)], width)
            self.host.call_after_refresh(self.scroll_end, animate=False)
        self._at = mark

    def redraw(self) -> None:
        """Redraw the pane: the newest entries that fill twice its height (at least
        ``LOG_REDRAW_LINES`` lines), above them the journal line when the window reaches the
        game's first entry.  Costs the window, not the game's length."""
        host = self.host
        self.clear()
        self._plain = []
        self._folded = []
        self._lines = 0
        width = self._width()
        self._drawn_width = width
        height = self.scrollable_content_region.height or host.size.height
        want = max(2 * height, LOG_REDRAW_LINES)
        self._drawn_want = want
        opened_by_lang = host.opened_lines()
        # the newest entries that fill `want` lines (an entry takes one line or more: at most `want` entries),
        # read 16, 32, … at a time from the newest: an entry's events are re-derived from the checkpoint below it
        # (Session._events_of), and the entries above the last checkpoint usually fill the pane
        k = min(16, want)
        while True:
            items, first = self._window(k)
            blocks: list[list[tuple[str, str]]] = []
            lines = 0
            for item in reversed(items):
                if lines >= want:
                    first = False
                    break
                block = self._entry_lines(item)
                blocks.append(block)
                lines += sum(len(fold_cells(p, width)) for p, _ in block)
            if lines >= want or first or k >= want:
                break
            k = min(2 * k, want)
        out = [b for block in reversed(blocks) for b in block]
        opened = opened_by_lang[host.lang]
        if opened and first:
            out.insert(0, (opened, "dim italic"))
        self._write_block(out, width)
        self._sig = self._signature(width)
        self._at = self._mark()
        host.call_after_refresh(self.scroll_end, animate=False)

    def _write_block(self, lines: list[tuple[str, str]], width: int) -> None:
        """Write ``[(plain line, style)]`` folded to ``width`` cells in one ``RichLog.write``, and
        keep ``text()`` to what the pane holds (it keeps ``LOG_MAX_LINES`` lines)."""
        if not lines:
            return
        parts = [Text(part, style=style) for line, style in lines for part in fold_cells(line, width)]
        block = Text("\n").join(parts)
        # scrolled now, not after the next refresh as RichLog's auto_scroll does: the new lines are painted in
        # the frame that paints the command's other changes (one frame per key, not two)
        self.write(block, width=self._first_width(block), scroll_end=False)
        if self.size.height:  # laid out (before, the first layout sizes the scrollbar; the redraw scrolls after it)
            if self.auto_scroll:
                self.scroll_end(animate=False, immediate=True, x_axis=False)
            self._sync_scrollbar()
        for line, _style in lines:
            self._plain.append(line)
            self._folded.append(len(fold_cells(line, width)))
        self._lines += len(parts)
        if self._lines > LOG_MAX_LINES:  # the pane dropped its oldest lines: so does text()
            drop = 0
            while self._lines > LOG_MAX_LINES and drop < len(self._folded):
                self._lines -= self._folded[drop]
                drop += 1
            del self._plain[:drop], self._folded[:drop]

    def _first_width(self, block: Text) -> int | None:
        """The width to render ``block`` at when the pane has not been laid out yet, else None (RichLog's own).

        Before its first resize RichLog keeps a write and renders it on that resize, after the first frame: the
        pane's lines then came in a second frame with a layout of the screen for its scrollbar (issue 15, first
        paint).  The lines are folded to the width the pane will have (``_width``), so they are rendered now, at
        the width RichLog gives them once laid out — the widest line, at least ``min_width`` — and the first
        layout finds the pane's length; a pane laid out at another width is refolded (``refold``)."""
        if self._size_known:
            return None
        self._size_known = True  # RichLog's flag (Textual 8.2): its writes are no longer kept for the resize
        widest = min(max(map(cell_len, block.plain.split("\n"))), self.app.console.options.max_width)
        return max(widest, self.min_width)

    def _sync_scrollbar(self) -> None:
        """Give the scrollbar the pane's new length now (no layout follows a write: ``refresh``), so that it is
        repainted in the frame that paints the new lines."""
        if self.show_vertical_scrollbar and self.virtual_size.height > self.scrollable_content_region.height:
            self.vertical_scrollbar.window_virtual_size = self.virtual_size.height

    def watch_virtual_size(self) -> None:
        self._length_changed = True  # the refresh the reactive asks for next is for it

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        """RichLog sets its virtual size on every write (the pane grew), and that reactive asks for a layout of
        the screen: a full reflow on every command (issue 15).  The pane's size comes from the stylesheet,
        not from its length; its scrollbar needs the layout only when it appears or goes (the length crosses
        the pane's height) or a line is wider than the pane.  Otherwise the request is a repaint here, and
        ``_write_block`` gives the scrollbar its new length itself (``_sync_scrollbar``)."""
        if layout and self._length_changed and self.show_vertical_scrollbar:
            region = self.scrollable_content_region
            if self.virtual_size.height > region.height and self.virtual_size.width <= region.width:
                layout = False
        self._length_changed = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def text(self) -> str:
        """The pane as plain text (what was written to it)."""
        return "\n".join(self._plain)
