"""The seats around the table: one card per seat, laid out as a ring."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.events import Click
from textual.widgets import Static

from companion.rules.state import GameState, Seat
from companion.tui.text import ring_layout, seat_card

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp

__all__ = ["SeatCard", "SeatTable"]


class SeatCard(Static):
    """One seat: number, name, role (public only), general, HP marks, hand, equipment, judgement."""

    def __init__(self, seat_no: int, **kw: Any) -> None:
        super().__init__(id=f"seat-{seat_no}", **kw)
        self.seat_no = seat_no
        self._shown: tuple[GameState, str, bool] | None = None  # what the last show() asked for
        self._drawn: Text | None = None  # the text drawn, laid out for ``_drawn_at`` (width, height)
        self._drawn_at: tuple[int, int] = (0, 0)

    def show(self, state: GameState, lang: str, reveal: bool) -> None:
        """Show the card's seat in ``state``; repainted only when its text changed.  Before the card is laid
        out its text is not made: ``render`` makes it at the size the layout gives (once, not at a guessed
        width and again after the first layout)."""
        if self.seat_no > len(state.seats):  # the table shrank; this card is being replaced
            return
        self._shown = (state, lang, reveal)
        seat = state.seat(self.seat_no)
        p = state.prompt
        current = state.turn_seat == seat.seat and seat.alive
        asked = p is not None and p.seat == seat.seat
        self.set_class(current, "-current")
        self.set_class(asked, "-prompt")
        self.set_class(not seat.alive, "-dead")
        if not self.size.width:
            self._drawn = None
            self.refresh()
            return
        text = self._card_text()
        if text != self._drawn:  # most commands change one or two seats: the others are not repainted
            self._drawn, self._drawn_at = text, (self.size.width, self.size.height)
            self.refresh()  # a card's size comes from the grid (CSS height 5), not its text: no layout

    def _card_text(self) -> Text:
        assert self._shown is not None
        state, lang, reveal = self._shown
        seat = state.seat(self.seat_no)
        p = state.prompt
        current = state.turn_seat == seat.seat and seat.alive
        asked = p is not None and p.seat == seat.seat
        return self._text(seat, lang, reveal, current, asked, self.size.width, state, self.size.height)  # content cells

    def render(self) -> Text:
        """The card's text at its size now (made again after a resize)."""
        if self._shown is None or self.seat_no > len(self._shown[0].seats):
            return Text()
        if self._drawn is None or self._drawn_at != (self.size.width, self.size.height):
            self._drawn, self._drawn_at = self._card_text(), (self.size.width, self.size.height)
        return self._drawn

    def on_click(self, event: Click) -> None:
        off = event.get_content_offset(self)
        # the seat as the target of what is typed, or the actor; its general's line: the skills list;
        # a right-click: the distance matrix (companion/tui/quick.py)
        cast("CompanionApp", self.app).seat_clicked(self.seat_no, None if off is None else off.y, event.button)

    @staticmethod
    def _text(seat: Seat, lang: str, reveal: bool, current: bool, asked: bool, width: int = 0,
              state: GameState | None = None, height: int = 5) -> Text:
        """The card's text, laid out by ``text.seat_card`` to fit ``width`` × ``height`` cells (nothing cut)."""
        mark = "⚠" if asked else ("▶" if current else "")
        lines = seat_card(seat, lang, max(width, 8), max(height, 3), reveal=reveal, state=state, mark=mark)
        styles = {"bold": "bold", "hp": "" if not seat.alive else "bold red", "judge": "yellow" if seat.alive else "",
                  "skill": "dim italic"}
        t = Text(no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(lines):
            if i:
                t.append("\n")
            for text, style in line:
                t.append(text, style=styles.get(style, ""))
        return t


CHROME = 8
"""Lines around the body, as commonly: header, question (2), choices (2), message, command bar, footer."""
LOG_LINES = 5
"""Lines of log kept under the table (when the log is not beside it)."""
MIN_CARD, MAX_CARD = 4, 12
"""A seat card's height in lines (:meth:`SeatTable.fit`)."""
SQUEEZED_CARD = 3
"""The height a card may shrink to when the question, the choices and a message all take two lines
(80×24, 10 seats) and would leave the log fewer than ``LOG_MIN`` lines — only when every seat's card
still fits in it (nothing cut)."""
LOG_MIN = 3
"""Log lines kept visible under the table whatever the question and the message take."""


class SeatTable(Grid):
    """The grid of :class:`SeatCard`s (``ring_layout``); rebuilt when the number of seats changes."""

    def __init__(self, seats: int | None = None, **kw: Any) -> None:
        """``seats``: the number of seats of the game shown first, whose cards are composed with the table (and
        so painted in the first frame; mounted by ``draw`` they would be painted a layout later); None: none yet."""
        super().__init__(**kw)
        self._seat_count = -1 if seats is None else seats
        self._want: tuple[GameState, str, bool] | None = None  # what the last draw asked for
        self.card_height = 5
        self._fits_at: tuple[tuple, bool] | None = None  # cards_fit's last answer

    def compose(self) -> ComposeResult:
        if self._seat_count >= 0:
            yield from self._cells(self._seat_count)

    def _cells(self, seats: int) -> list[Static]:
        """The grid's cells for ``seats`` seats (``ring_layout``: a card per seat, gaps between), its size set."""
        rows, cols, pos = ring_layout(seats)
        self.styles.grid_size_columns = max(cols, 1)
        self.styles.grid_size_rows = max(rows, 1)
        at = {rc: s for s, rc in pos.items()}
        return [SeatCard(at[(r, c)]) if (r, c) in at else Static("", classes="table-gap")
                for r in range(rows) for c in range(cols)]

    def draw(self, state: GameState, lang: str, reveal: bool) -> None:
        """Show ``state`` on the cards (only those whose text changed are repainted)."""
        self._want = (state, lang, reveal)
        n = len(state.seats)
        if n != self._seat_count:
            # a new seat count (setup, or undo back to an empty table): rebuild the grid;
            # removal is asynchronous, so the new cards are mounted once it is done
            self._seat_count = n
            self.run_worker(self._rebuild(), exclusive=True, group="table", name="table")
            return
        for card in self.query(SeatCard):
            card.show(state, lang, reveal)

    def fit(self, seats: int, height: int, wide: bool | None = None, *, chrome: int = CHROME,
            fits: Callable[[int], bool] | None = None) -> int:
        """Size the rows for ``seats`` on a terminal of ``height`` lines: three rows of seats (7+ players) on a
        short terminal have no blank line between them; a card gets the lines its row can have when the
        header, a two-line question, two lines of choices, a message, the command bar and the footer
        (``CHROME`` lines) are shown and, below the table (not ``wide``), ``LOG_LINES`` of log — at least
        ``MIN_CARD`` (80×24 with 10 seats: 4), at most ``MAX_CARD`` (120×40: 9, tall cards).  Fixed row
        heights: a card's layout (``text.seat_card``) follows its height, never the other way round.

        ``chrome``: the lines the screen's other parts take as drawn now.  When they leave the log under
        the table fewer than ``LOG_MIN`` lines (a two-line question, two lines of choices and a two-line
        message at 80×24 with 10 seats), the cards take ``SQUEEZED_CARD`` lines if ``fits(h)`` says every
        card fits in ``h`` lines.  Returns the log lines left under the table (its title line not counted;
        ``wide``: the log is beside the table, returns ``LOG_LINES``)."""
        rows = max(1, ring_layout(seats)[0])
        tight = rows >= 3 and height < 34
        self.set_class(tight, "-tight")
        if wide is None:
            wide = self.parent is not None and self.parent.has_class("wide")
        gap = 0 if tight else 1
        room = height - CHROME - (2 if wide else LOG_LINES) - gap * (rows - 1)  # wide: the question's padding
        card = max(MIN_CARD, min(MAX_CARD, room // rows))
        left = LOG_LINES
        if not wide:
            left = height - chrome - 1 - gap * (rows - 1) - rows * card  # 1: the log's title line
            while left < LOG_MIN and card > SQUEEZED_CARD and fits is not None and fits(card - 1):
                card -= 1
                left += rows
        self.card_height = card
        self.styles.grid_rows = str(card)  # Textual repaints only a changed style
        for cell in self.children:
            cell.styles.height = card
        return left

    def cards_fit(self, height: int, state: GameState, lang: str, reveal: bool) -> bool:
        """True when every seat's card fits in ``height`` lines at its width (``text.seat_card``: nothing cut)."""
        from rich.cells import cell_len  # noqa: PLC0415

        cards = list(self.query(SeatCard))
        if not cards or len(cards) != len(state.seats):
            return False
        key = (id(state), lang, reveal, height, tuple(c.size.width for c in cards))
        if self._fits_at is not None and self._fits_at[0] == key:
            return self._fits_at[1]
        ok = True
        for c in cards:
            width = max(c.size.width, 8)
            seat = state.seat(c.seat_no)
            mark = "⚠" if state.prompt is not None and state.prompt.seat == seat.seat else (
                "▶" if state.turn_seat == seat.seat and seat.alive else "")
            lines = seat_card(seat, lang, width, height, reveal=reveal, state=state, mark=mark)
            if len(lines) > height or any(sum(cell_len(x) for x, _ in ln) > width for ln in lines):
                ok = False
                break
        self._fits_at = (key, ok)
        return ok

    async def _rebuild(self) -> None:
        await self.remove_children()
        assert self._want is not None
        cells = self._cells(len(self._want[0].seats))
        if cells:
            await self.mount_all(cells)
        state, lang, reveal = self._want  # the newest draw's (a command may have come meanwhile)
        cast("CompanionApp", self.app).fit_table()  # the app knows what the rest of the screen takes
        for card in self.query(SeatCard):
            card.show(state, lang, reveal)
