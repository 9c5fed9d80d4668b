"""The command bar: typing, completion, history and pastes of several lines."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from textual.binding import Binding
from textual.events import Focus, Key, Paste
from textual.message import Message
from textual.suggester import Suggester, SuggestionReady
from textual.widgets import Input

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp

__all__ = ["CommandBar", "CommandSuggester", "last_token"]


def last_token(text: str) -> str:
    """The last word of ``text`` (after its last space or tab; all of it when it has none)."""
    i = max(text.rfind(" "), text.rfind("\t"))
    return text[i + 1:]


class CommandSuggester(Suggester):
    """Inline completion for the command bar, asking the app for whole-line candidates."""

    def __init__(self, app: "CompanionApp") -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._owner = app

    async def get_suggestion(self, value: str) -> str | None:
        cands = self._owner.completions(value)
        return cands[0] if cands else None


class CommandBar(Input):
    """The command line: Enter submits, Tab / → accept the completion, ↑/↓ walk the history, Esc / ctrl+u
    empty it (a half-filled choice is abandoned)."""

    BINDINGS = [
        Binding("tab", "accept_suggestion", "Complete", show=False),
        Binding("up", "history(-1)", "Previous command", show=False),
        Binding("down", "history(1)", "Next command", show=False),
    ]

    class Lines(Message):
        """Several lines arrived at once (a paste): submitted one by one, in order."""

        def __init__(self, lines: list[str]) -> None:
            super().__init__()
            self.lines = lines

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.history: list[str] = []
        self._hpos = 0
        self._ghost: tuple[str, str] | None = None  # (value, the suggestion drawn for it): what Tab accepts

    @property
    def host(self) -> CompanionApp:
        """The dashboard the bar belongs to (the bar is only composed by :class:`~companion.tui.app.CompanionApp`)."""
        return cast("CompanionApp", self.app)

    def on_suggestion_ready(self, event: SuggestionReady) -> None:
        """The suggester's completion for ``event.value`` (Input's own handler, run after this one, draws it)."""
        if event.value == self.value:
            self._ghost = (event.value, event.suggestion)

    def on_focus(self, event: Focus) -> None:
        self._ghost = None  # as Input drops its drawn suggestion on focus

    def select_all(self) -> None:
        """Select the whole line (a refused line kept to correct); its suggestion is dropped, as Input does."""
        super().select_all()
        self._ghost = None
        self._text_width_changed = False

    def watch_virtual_size(self) -> None:
        self._text_width_changed = True  # the refresh the reactive asks for next is for it

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Any:
        """Input sets its virtual size (the text's width, for its own horizontal scrolling) on every change of
        its value, and that reactive asks for a layout of the screen: a full reflow on every key typed and
        on every command submitted (issue 15).  The bar's size comes from the stylesheet (``1fr`` × 1), never
        from its text, so that request is a repaint here; any other layout request is Textual's own."""
        if layout and self._text_width_changed and not self.styles.auto_dimensions:
            layout = False
        self._text_width_changed = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def on_paste(self, event: Paste) -> None:
        """A paste of one line is typed in; of several lines (Input alone keeps only the first), each
        line is submitted in order: the text before the cursor joins the first line."""
        event.prevent_default()  # Input's own handler would drop lines 2 and later
        event.stop()
        lines = [ln for ln in event.text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            return
        if len(lines) == 1:
            self.type_text(lines[0])
            return
        lines[0] = self.value + lines[0]
        self.value = ""
        self.post_message(self.Lines(lines))

    def type_text(self, text: str) -> None:
        """Insert ``text`` as if typed: it replaces a selection (a refused line kept to correct)."""
        selection = self.selection
        if selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *selection)

    def remember(self, line: str) -> None:
        if not self.history or self.history[-1] != line:
            self.history.append(line)
        self._hpos = len(self.history)

    async def on_key(self, event: Key) -> None:
        """Enter submits through the app; a seat number may complete a partial choice; any other key goes
        on to Input's own handling (this handler runs first: Textual calls a class's handlers before its base's)."""
        if event.key in ("enter", "ctrl+j"):
            # Enter is handled here, in order with the keys around it.  Through Input's binding it would run
            # only once the key had bubbled up to the app, after the keys behind it were typed: a paste that
            # arrives as keys (tmux paste-buffer without -p: no bracketed paste, each line ended by a CR, or an
            # LF = ctrl+j) merged its lines into one.  Now each line is submitted before the next is typed.
            event.stop()
            event.prevent_default()
            # one frame paints the command: without the batch, the screen's update timer could run between
            # this bar's repaint and those of the widgets the command changed (each widget hands its repaint to
            # the screen from its own task), and the rest waited for the next frame (issue 15: key-to-paint)
            with self.app.batch_update():
                self.host.submit_bar(self, self.value)
                await asyncio.sleep(0)  # the changed widgets' tasks run: their repaints reach the screen
            return
        if event.key in ("escape", "ctrl+u") and self.value:
            # abandon the line (a half-filled choice, a refused line): the bar empties, the choice is dropped;
            # Esc goes on to the app too (it stops a scan)
            if event.key == "ctrl+u":
                event.stop()
                event.prevent_default()
            self.value = ""
            self.host.abandon_line()
            return
        # a seat number completing a partial choice submits it (companion/tui/quick.py); else typing as ever
        ch = event.character
        if event.is_printable and ch is not None and self.host.choice_key(ch, self):
            event.stop()
            event.prevent_default()

    def action_accept_suggestion(self) -> None:
        """Tab: the line becomes the completion drawn for it (nothing when none is)."""
        ghost = self._ghost
        if ghost is not None and ghost[0] == self.value and ghost[1] and ghost[1] != self.value:
            self.value = ghost[1]
            self.cursor_position = len(self.value)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._hpos = max(0, min(len(self.history), self._hpos + step))
        self.value = self.history[self._hpos] if self._hpos < len(self.history) else ""
        self.cursor_position = len(self.value)
