"""The seats around the table: one card per seat, laid out as a ring."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.containers import Grid
from textual.widgets import Static

from companion.rules.state import GameState, Seat
from companion.tui.text import ring_layout, seat_lines

__all__ = ["SeatCard", "SeatTable"]


class SeatCard(Static):
    """One seat: number, name, role (public only), general, HP marks, hand, equipment, judgement."""

    def __init__(self, seat_no: int, **kw: Any) -> None:
        super().__init__(id=f"seat-{seat_no}", **kw)
        self.seat_no = seat_no
        self._drawn: Text | None = None

    def show(self, state: GameState, lang: str, reveal: bool) -> None:
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
        text = self._text(seat, lang, reveal, current, asked, self.size.width - 2, state)
        if text != self._drawn:  # most commands change one or two seats: the others are not repainted
            self._drawn = text
            self.update(text, layout=False)  # a card's size comes from the grid (CSS height 5), not its text

    def on_click(self) -> None:
        if hasattr(self.app, "seat_clicked"):
            self.app.seat_clicked(self.seat_no)  # the seat as the target of what is typed, or the actor

    def on_resize(self) -> None:
        shown = getattr(self, "_shown", None)
        if shown is not None:
            self.show(*shown)

    @staticmethod
    def _text(seat: Seat, lang: str, reveal: bool, current: bool, asked: bool, width: int = 0,
              state: GameState | None = None) -> Text:
        top, gen, hp, eq, jud = seat_lines(seat, lang, reveal=reveal, state=state)
        # full card names where they fit the card's width
        _t, _g, _h, eq_long, jud_long = seat_lines(seat, lang, reveal=reveal, long=True, state=state)
        if cell_len(eq_long) <= width:
            eq = eq_long
        if cell_len(jud_long) <= width:
            jud = jud_long
        mark = "⚠" if asked else ("▶" if current else "")
        t = Text(no_wrap=True, overflow="ellipsis")
        if mark:
            t.append(mark + " ", style="bold")
        t.append(top, style="bold")
        t.append("\n")
        t.append(gen)
        t.append("\n")
        marks, _, rest = hp.partition(" ")
        t.append(marks, style="" if not seat.alive else "bold red")
        t.append(" " + rest)
        t.append("\n")
        t.append(eq)
        t.append("\n")
        t.append(jud, style="yellow" if seat.alive else "")
        return t



class SeatTable(Grid):
    """The grid of :class:`SeatCard`s (``ring_layout``); rebuilt when the number of seats changes."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._seat_count = -1
        self._want: tuple[GameState, str, bool] | None = None  # what the last draw asked for

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

    def fit(self, seats: int, height: int) -> None:
        """Three rows of seats (7+ players) on a short terminal (``height`` lines): no blank line between rows."""
        rows = ring_layout(seats)[0]
        self.set_class(rows >= 3 and height < 34, "-tight")

    async def _rebuild(self) -> None:
        await self.remove_children()
        assert self._want is not None
        state = self._want[0]
        rows, cols, pos = ring_layout(len(state.seats))
        self.styles.grid_size_columns = max(cols, 1)
        self.styles.grid_size_rows = max(rows, 1)
        at = {rc: s for s, rc in pos.items()}
        cells = [SeatCard(at[(r, c)]) if (r, c) in at else Static("", classes="table-gap")
                 for r in range(rows) for c in range(cols)]
        if cells:
            await self.mount_all(cells)
        state, lang, reveal = self._want  # the newest draw's (a command may have come meanwhile)
        self.fit(len(state.seats), self.app.size.height)
        for card in self.query(SeatCard):
            card.show(state, lang, reveal)
