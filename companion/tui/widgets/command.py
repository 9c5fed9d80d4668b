"""The command bar: typing, completion, history and pastes of several lines."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.events import Paste
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input

from companion.rules.deck import KINDS
from companion.rules.state import GameState

if TYPE_CHECKING:
    from companion.tui.app import CompanionApp

__all__ = ["CommandBar", "CommandSuggester", "FALLBACK_VERBS", "fallback_completions", "last_token"]

FALLBACK_VERBS = (
    "next", "damage", "heal", "lose", "draw", "discard", "hand", "play", "use", "slash",
    "peach", "equip", "judge", "dying", "reveal", "die", "end", "force",
)



def last_token(text: str) -> str:
    i = max(text.rfind(" "), text.rfind("\t"))
    return text[i + 1:]


def fallback_completions(state: GameState, text: str, verbs=FALLBACK_VERBS) -> list[str]:
    """Whole-line completions without ``companion.script``: verbs for the first word,
    then card ids / Chinese card names and living seat numbers for the last word."""
    if not text or text.endswith(" "):
        return []
    token = last_token(text)
    head = text[: len(text) - len(token)]
    if not head.strip():
        pool = list(verbs)
    else:
        pool = [str(n) for n in state.alive]
        for kid, k in KINDS.items():
            pool.append(kid)
            pool.append(k.zh)
    out = []
    for cand in pool:
        if cand.startswith(token) and cand != token:
            out.append(head + cand)
    return out


class CommandSuggester(Suggester):
    """Inline completion for the command bar, asking the app for whole-line candidates."""

    def __init__(self, app: "CompanionApp") -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._owner = app

    async def get_suggestion(self, value: str) -> str | None:
        cands = self._owner.completions(value)
        return cands[0] if cands else None


class CommandBar(Input):
    """The command line: Enter submits, Tab / → accept the completion, ↑/↓ walk the history."""

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

    async def _on_key(self, event) -> None:
        if event.key in ("enter", "ctrl+j"):
            # Enter is handled here, in order with the keys around it.  Through Input's binding it would run
            # only once the key had bubbled up to the app, after the keys behind it were typed: a paste that
            # arrives as keys (tmux paste-buffer without -p: no bracketed paste, each line ended by a CR, or an
            # LF = ctrl+j) merged its lines into one.  Now each line is submitted before the next is typed.
            event.stop()
            event.prevent_default()
            submit = getattr(self.app, "submit_bar", None)
            if callable(submit):
                # one frame paints the command: without the batch, the screen's update timer could run between
                # this bar's repaint and those of the widgets the command changed (each widget hands its repaint to
                # the screen from its own task), and the rest waited for the next frame (issue 15: key-to-paint)
                with self.app.batch_update():
                    submit(self, self.value)
                    await asyncio.sleep(0)  # the changed widgets' tasks run: their repaints reach the screen
            else:
                await self.action_submit()
            return
        # a seat number completing a partial choice submits it (companion/tui/quick.py); else typing as ever
        ch = event.character
        if event.is_printable and ch is not None and hasattr(self.app, "choice_key") and self.app.choice_key(ch, self):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)

    def action_accept_suggestion(self) -> None:
        if self._suggestion and self._suggestion != self.value:
            self.value = self._suggestion
            self.cursor_position = len(self.value)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._hpos = max(0, min(len(self.history), self._hpos + step))
        self.value = self.history[self._hpos] if self._hpos < len(self.history) else ""
        self.cursor_position = len(self.value)
