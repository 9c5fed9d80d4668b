"""Modal screens of the dashboard: distance matrix, help, role-reveal confirmation."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Static

from companion.rules.distance import attack_range, in_range
from companion.rules.state import GameState

from .text import seat_label

__all__ = ["DistanceScreen", "HelpScreen", "ConfirmRevealScreen", "distance_rows"]


def distance_rows(state: GameState) -> list[tuple[int, list[tuple[int, int | None, bool]], int]]:
    """The matrix of living seats: ``[(src, [(dst, distance or None, in range), ...], attack range)]``.

    Numbers come from :mod:`companion.rules.distance`; the diagonal has no distance.
    """
    alive = state.alive
    rows = []
    for a in alive:
        cells = []
        for b in alive:
            if a == b:
                cells.append((b, None, False))
            else:
                rc = in_range(state, a, b)
                cells.append((b, rc.distance.value, rc.ok))
        rows.append((a, cells, attack_range(state, a).value))
    return rows


class DistanceScreen(ModalScreen[None]):
    """Distance from each living seat (rows) to each other (columns); ``×`` = out of attack range.

    Moving the cursor shows the reason for the selected pair.
    """

    BINDINGS = [
        Binding("escape,f3,q", "close", "Close"),
    ]

    def __init__(self, state: GameState, lang: str = "zh") -> None:
        super().__init__()
        self.state = state
        self.lang = lang

    def compose(self) -> ComposeResult:
        zh = self.lang == "zh"
        with Vertical(classes="dialog", id="distance-dialog"):
            yield Static(
                "距离（行→列）· × = 超出攻击范围 · Esc 关闭" if zh
                else "Distance (row → column) · × = out of attack range · Esc closes",
                classes="dialog-title",
            )
            yield DataTable(id="matrix", cursor_type="cell", zebra_stripes=True)
            yield Static("", id="reason")

    def on_mount(self) -> None:
        zh = self.lang == "zh"
        table = self.query_one(DataTable)
        self._rows = distance_rows(self.state)
        alive = self.state.alive
        table.add_column("→", key="src")
        for b in alive:
            table.add_column(str(b), key=str(b))
        table.add_column("攻击范围" if zh else "range", key="range")
        for a, cells, rng in self._rows:
            row = [Text(seat_label(a, self.lang), style="bold")]
            for _b, d, ok in cells:
                if d is None:
                    row.append(Text("—", style="dim"))
                elif ok:
                    row.append(Text(f"{d}", style="green"))
                else:
                    row.append(Text(f"{d}×", style="bold red"))
            row.append(Text(str(rng)))
            table.add_row(*row, key=str(a))
        if len(alive) >= 2:
            table.move_cursor(row=0, column=2)
        table.focus()
        self._show_reason(0, 2)

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        self._show_reason(event.coordinate.row, event.coordinate.column)

    def _show_reason(self, row: int, column: int) -> None:
        alive = self.state.alive
        reason = self.query_one("#reason", Static)
        if not (0 <= row < len(alive)) or not (1 <= column <= len(alive)):
            reason.update("")
            return
        a, b = alive[row], alive[column - 1]
        if a == b:
            reason.update("")
            return
        rc = in_range(self.state, a, b)
        if self.lang == "zh":
            text = f"{rc.zh}\n距离：{rc.distance.explain('zh')}"
        else:
            text = f"{rc.en}\ndistance: {rc.distance.explain('en')}"
        reason.update(Text(text))

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """Keys and the command summary (from ``script.VERBS`` when available)."""

    BINDINGS = [Binding("escape,f1,q", "close", "Close")]

    def __init__(self, text: str, lang: str = "zh") -> None:
        super().__init__()
        self.text = text
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("帮助 · Esc 关闭" if self.lang == "zh" else "Help · Esc closes", classes="dialog-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(Text(self.text), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


REVEAL_WORDS = ("reveal", "亮明")


class ConfirmRevealScreen(ModalScreen[bool]):
    """Show hidden roles only after the moderator types a word and presses Enter.

    A single stray key cannot reveal: Escape or any other text cancels.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, lang: str = "zh") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        zh = self.lang == "zh"
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(
                "在公共屏幕上显示所有身份？" if zh else "Show every role on the shared screen?",
                classes="dialog-title",
            )
            yield Static(
                "输入 亮明（或 reveal）后按 Enter 确认；Esc 取消。" if zh
                else "Type reveal and press Enter to confirm; Esc cancels."
            )
            yield Input(placeholder="亮明 / reveal" if zh else "reveal", id="confirm-input")

    def on_mount(self) -> None:
        self.query_one("#confirm-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip().lower() in REVEAL_WORDS)

    def action_cancel(self) -> None:
        self.dismiss(False)
