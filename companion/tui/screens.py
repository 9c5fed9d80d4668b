"""Modal screens of the dashboard: distance matrix, help, role-reveal confirmation."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Static

from companion.rules.distance import attack_range, has_skill, in_range
from companion.rules.generals import GENERALS
from companion.rules.setup import variant_name
from companion.rules.state import GameState

from .text import label, seat_label

if TYPE_CHECKING:
    from .app import CompanionApp

__all__ = ["DialogScreen", "DistanceScreen", "HelpScreen", "ConfirmRevealScreen", "SkillsScreen", "distance_rows", "skill_lines"]


ResultT = TypeVar("ResultT")


class DialogScreen(ModalScreen[ResultT]):
    """Base of the dashboard's dialogs (F1, F3, F5, F7, F10): their styles, parsed when the first dialog opens
    rather than with app.tcss before the first paint (issue 15: ≈ 10 M instructions of every start).

    Default CSS (a widget's), where app.tcss is the app's: each rule here selects by class or id what Textual's
    own default CSS selects by type (``Vertical``, ``Static``, ``DataTable``, ``VerticalScroll``, ``Input``),
    so it wins as it did from app.tcss; scoped to the dialogs.  ``ModalScreen`` itself stays in app.tcss: the
    command palette is one too."""

    DEFAULT_CSS = """
    .dialog {
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    .dialog-title {
        text-style: bold;
        height: auto;
    }
    #distance-dialog {
        width: 90%;
        max-width: 110;
    }
    #matrix {
        height: auto;
        max-height: 16;
        width: auto;
    }
    #reason {
        height: auto;
        min-height: 2;
        width: 100%;
        color: $text;
    }
    #help-dialog {
        width: 100%;
        max-width: 110;
    }
    #help-text {
        width: 100%;
        height: auto;
    }
    #help-scroll {
        scrollbar-gutter: stable;  /* the text is laid out beside the scrollbar, not under it */
        height: auto;
        max-height: 20;
        width: 100%;
    }
    #confirm-input {
        width: 30;
    }
    """


class TypingGoesToTheBar(DialogScreen[None]):
    """Base of the look-only dialogs (F1, F3, F7): typing is never lost.

    Any printable key (or a paste) closes the dialog and lands in the command bar,
    so a moderator who starts typing a command with the dialog open keeps every key.
    """

    _typed_to_bar = False  # dismissed already (fast typing: the next keys can arrive before it is gone)

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self._pass_to_bar(event.character)
        elif event.key in ("ctrl+z", "ctrl+y"):  # undo / redo are not lost either: the dialog closes, they run
            event.stop()
            event.prevent_default()
            self.dismiss(None)
            self.app.call_after_refresh(self.app.run_action, "undo" if event.key == "ctrl+z" else "redo")

    def on_paste(self, event: events.Paste) -> None:
        if event.text:
            event.stop()
            self._pass_to_bar(event.text)  # several lines: the command bar submits them one by one

    def _pass_to_bar(self, text: str) -> None:
        # fast typing: the next keys can arrive before the dialog is gone; close it once
        if not self._typed_to_bar:
            self._typed_to_bar = True
            self.dismiss(None)
        cast("CompanionApp", self.app).type_into_command_bar(text)


def distance_rows(state: GameState) -> list[tuple[int, list[tuple[int, int | None, bool]], int]]:
    """The matrix of living seats: ``[(src, [(dst, distance or None, in range), ...], attack range)]``.

    Numbers come from :mod:`companion.rules.distance`; the diagonal has no distance.
    """
    alive = state.alive
    rows = []
    for a in alive:
        cells: list[tuple[int, int | None, bool]] = []
        for b in alive:
            if a == b:
                cells.append((b, None, False))
            else:
                rc = in_range(state, a, b)
                cells.append((b, rc.distance.value, rc.ok))
        rows.append((a, cells, attack_range(state, a).value))
    return rows


class DistanceScreen(TypingGoesToTheBar, ModalScreen[None]):
    """Distance from each living seat (rows) to each other (columns); ``×`` = out of attack range.

    Moving the cursor shows the reason for the selected pair.
    """

    BINDINGS = [
        Binding("escape,f3", "close", "Close"),
    ]

    def __init__(self, state: GameState, lang: str = "zh", seat: int | None = None) -> None:
        super().__init__()
        self.state = state
        self.lang = lang
        self.seat = seat  # the row the cursor starts on (opened from a seat card), None: the first

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="distance-dialog"):
            yield Static(label("distance_title", self.lang), classes="dialog-title")
            yield DataTable(id="matrix", cursor_type="cell", zebra_stripes=True)
            yield Static("", id="reason")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self._rows = distance_rows(self.state)
        alive = self.state.alive
        table.add_column("→", key="src")
        for b in alive:
            table.add_column(str(b), key=str(b))
        table.add_column(label("distance_range", self.lang), key="range")
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
        first = alive.index(self.seat) if self.seat in alive else 0
        col = 1 if first else 2  # the first other seat
        if len(alive) >= 2:
            table.move_cursor(row=first, column=col)
        table.focus()
        self._show_reason(first, col)

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
        lang = self.lang
        reason.update(Text(label("distance_reason", lang, why=rc.zh if lang == "zh" else rc.en,
                                 how=rc.distance.explain(lang))))

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(TypingGoesToTheBar, ModalScreen[None]):
    """Keys and the command summary (from ``script.VERBS`` when available)."""

    BINDINGS = [Binding("escape,f1", "close", "Close")]

    def __init__(self, sections: list[tuple[str, list[tuple[str, str]]]], lang: str = "zh") -> None:
        """``sections``: ``[(title, [(key or syntax, description), …]), …]`` (``CompanionApp.help_sections``)."""
        super().__init__()
        self.sections = sections
        self.lang = lang

    def compose(self) -> ComposeResult:
        from rich.table import Table  # noqa: PLC0415

        # two columns, each wrapping between words within the screen's width (80 columns: nothing cut off
        # at the right edge; newcomer trial, issue 16): a long syntax wraps in its column, its text beside it
        grid = Table.grid(padding=(0, 1), expand=False)
        grid.add_column(no_wrap=False, max_width=28, min_width=10)
        grid.add_column(no_wrap=False, overflow="fold")
        for i, (title, rows) in enumerate(self.sections):
            if i:
                grid.add_row("", "")
            grid.add_row(Text(title, style="bold"), "")
            for key, desc in rows:
                grid.add_row(Text("  " + key), Text(desc))
        with Vertical(classes="dialog", id="help-dialog"):
            yield Static(label("help_title", self.lang), classes="dialog-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(grid, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


REVEAL_WORDS = ("reveal", "亮明")


class ConfirmRevealScreen(DialogScreen[bool]):
    """Show hidden roles only after the moderator types a word and presses Enter.

    A single stray key cannot reveal: Escape or any other text cancels.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, lang: str = "zh") -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm-dialog"):
            yield Static(label("reveal_title", self.lang), classes="dialog-title")
            yield Static(label("reveal_how", self.lang))
            yield Input(placeholder=label("reveal_placeholder", self.lang), id="confirm-input")

    def on_mount(self) -> None:
        self.query_one("#confirm-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip().lower() in REVEAL_WORDS)

    def action_cancel(self) -> None:
        self.dismiss(False)


def skill_lines(state: GameState, lang: str = "zh", seat: int | None = None) -> list[str]:
    """One line per skill of each seat (or of ``seat``): name zh/en, kind marks, one-line summary, and
    why it does not work now (dead, dying, lord skill of a non-lord, no_generals)."""
    zh = lang == "zh"
    out: list[str] = []
    for s in state.seats:
        if seat is not None and s.seat != seat:
            continue
        g = GENERALS.get(s.general or "")
        head = label("skills_seat", lang, n=s.seat, general=g if g is not None else "—")
        if s.name:
            head += f" ({s.name})"
        out.append(head)
        if g is None:
            continue
        for k in g.skills:
            marks = []
            if k.compulsory:
                marks.append(label("skill_compulsory", lang))
            if k.lord_skill:
                marks.append(label("skill_lord", lang))
            off = ""
            if not has_skill(state, s, k.id) or (s.hp < 1 and s.alive and k.id != "jiuyuan"):
                why = label("dead", lang) if not s.alive else \
                    variant_name("no_generals", lang) if "no_generals" in state.variants else \
                    label("skill_not_lord", lang) if k.lord_skill and s.role != "lord" else label("dying", lang)
                off = label("skill_inactive", lang, why=why)
            mark = f"（{'，'.join(marks)}）" if zh and marks else (f" ({', '.join(marks)})" if marks else "")
            name = k.words("zh" if zh else "en")  # one language (issue 16)
            summary = k.summary_zh if zh else k.summary_en
            out.append(f"  {name}{mark}{off}：{summary}" if zh else f"  {name}{mark}{off}: {summary}")
    return out


class SkillsScreen(TypingGoesToTheBar, ModalScreen[None]):
    """Every seat's skills (zh/en) with a one-line summary; ← / → step through the seats (and all seats).

    Printable keys are not used here: they close the screen and go to the command bar."""

    BINDINGS = [Binding("escape,f7", "close", "Close"),
                Binding("left", "step(-1)", "Previous seat", show=False, priority=True),
                Binding("right", "step(1)", "Next seat", show=False, priority=True)]

    def __init__(self, state: GameState, lang: str = "zh", seat: int | None = None) -> None:
        super().__init__()
        self.state = state
        self.lang = lang
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(label("skills_title", self.lang), classes="dialog-title")
            with VerticalScroll(id="skills-scroll"):
                yield Static(Text("\n".join(skill_lines(self.state, self.lang, self.seat))), id="skills-text")

    def action_step(self, step: int) -> None:
        """Next / previous seat; "all seats" sits between the last seat and seat 1."""
        n = len(self.state.seats)
        cur = self.seat if self.seat is not None else 0
        self.action_seat((cur + step) % (n + 1))

    def action_seat(self, n: int) -> None:
        self.seat = n if 1 <= n <= len(self.state.seats) else None
        self.query_one("#skills-text", Static).update(Text("\n".join(skill_lines(self.state, self.lang, self.seat))))

    def action_close(self) -> None:
        self.dismiss(None)
