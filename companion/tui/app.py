"""The Textual dashboard: seats around the table, a command bar, a log, keys.

The app talks to the game only through a ``Session`` (docs/architecture.md):
``session.state``, ``session.submit(line)``, ``session.undo()``,
``session.redo()`` and ``session.log``.  The command language module
(``companion.script``) is imported lazily for completion and help; without it
the dashboard falls back to verbs, card names and seat numbers.
"""

from __future__ import annotations

import importlib
import inspect
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from rich.cells import cell_len, chop_cells
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.events import Paste, Resize
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Footer, Input, RichLog, Static

from companion.journal import JournalError
from companion.rules.deck import KINDS
from companion.rules.errors import CommandError, Refused
from companion.rules.state import GameState, Seat

from .quick import QuickMixin, qlabel
from .text import (
    SCAN_SURE,
    accepts_judge_face,
    event_words,
    fold_cells,
    header_text,
    hidden_roles,
    index_preview,
    label,
    line_is_secret,
    prompt_text,
    redact_line,
    ring_layout,
    scan_status_text,
    seat_lines,
    skill_answer_verbs,
)

if TYPE_CHECKING:
    from textual.worker import Worker

    from recognition.reader import Reading

__all__ = ["KEYS", "Key", "CompanionApp", "run_dashboard", "CommandBar", "SeatCard", "fallback_completions"]


@dataclass(frozen=True)
class Key:
    """One key of the dashboard: keys (Textual syntax), action, footer text zh/en."""

    keys: str
    action: str
    zh: str
    en: str
    show: bool = True


KEYS: tuple[Key, ...] = (
    Key("f1", "help", "帮助", "Help"),
    Key("f2,ctrl+n", "next_phase", "下一阶段", "Next"),
    Key("ctrl+z", "undo", "撤销", "Undo"),
    Key("ctrl+y", "redo", "重做", "Redo"),
    Key("f3,ctrl+t", "distances", "距离", "Distance"),
    Key("f4,ctrl+l", "toggle_lang", "EN", "中文"),
    Key("f5", "reveal_roles", "身份", "Roles"),
    Key("f6", "scan", "扫描", "Scan"),
    Key("ctrl+q", "quit", "退出", "Quit"),
    Key("escape", "stop_scan", "", "", show=False),
    Key("f7", "skills", "技能", "Skills", show=False),  # listed in help; the footer stays within 80 columns
    Key("f8", "skill_answer('yes')", "发动", "Yes", show=False),  # answer a skill question with one key
    Key("f9", "skill_answer('no')", "不发动", "No", show=False),
    Key("f10", "serve", "玩家页面", "Players' view", show=False),  # URL + QR code for the phones (docs/web.md)
)
"""The dashboard's keys, as data: the footer, the help screen and the bindings come from here.

Only function keys, ctrl combinations and Escape, so nothing collides with typing."""

# actions that change or inspect the game: ignored while a dialog is open
_GAME_ACTIONS = {"choose", "next_phase", "undo", "redo", "distances", "reveal_roles", "scan", "help", "toggle_lang", "skills",
                 "skill_answer", "serve"}

FALLBACK_VERBS = (
    "next", "damage", "heal", "lose", "draw", "discard", "hand", "play", "use", "slash",
    "peach", "equip", "judge", "dying", "reveal", "die", "end", "force",
)


def make_bindings() -> list[BindingType]:
    """The bindings of KEYS in both languages, as ``key('zh', ACTION, ARGS…)`` actions.

    ``CompanionApp.check_action`` enables only the current language's (Textual's dynamic actions:
    a binding whose action is disabled is neither shown in the footer nor run, and the key goes to
    the next binding), so F4 changes the footer's words without touching Textual's binding tables."""
    out: list[BindingType] = []
    for lang in ("zh", "en"):
        for k in KEYS:
            name, _, args = k.action.partition("(")
            args = args.removesuffix(")")
            action = f"key({lang!r}, {name!r}{', ' + args if args else ''})"
            out.append(Binding(k.keys, action, k.zh if lang == "zh" else k.en, show=k.show))
    return out


def _load_script():
    """``companion.script`` or None when it does not exist (yet) or fails to import."""
    try:
        return importlib.import_module("companion.script")
    except Exception:  # noqa: BLE001 - the dashboard must open without the command module
        return None


def _last_token(text: str) -> str:
    i = max(text.rfind(" "), text.rfind("\t"))
    return text[i + 1:]


def fallback_completions(state: GameState, text: str, verbs=FALLBACK_VERBS) -> list[str]:
    """Whole-line completions without ``companion.script``: verbs for the first word,
    then card ids / Chinese card names and living seat numbers for the last word."""
    if not text or text.endswith(" "):
        return []
    token = _last_token(text)
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


LOG_MAX_LINES = 2000
"""The log pane keeps its newest lines up to this many (older ones scroll away; the journal keeps all)."""
LOG_REDRAW_LINES = 60
"""A redraw (undo, redo, language, width) writes at least this many of the newest lines."""


class GameLog(RichLog):
    """The log pane; redraws (refolds) itself when its own width changes."""

    _drawn_width = 0

    def on_resize(self, event: Resize) -> None:  # RichLog's own handler runs too (Textual calls each class's)
        width = self.scrollable_content_region.width - 1
        app = self.app
        if width >= 20 and width != self._drawn_width and isinstance(app, CompanionApp):
            app.call_after_refresh(app._draw_log)


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


class CompanionApp(QuickMixin, App[int], inherit_bindings=False):
    """The moderator's dashboard for one game held by ``session``."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))  # absolute: subclasses live elsewhere
    TITLE = "三国杀 companion"
    # App's own bindings but its ctrl+q (KEYS has ctrl+q, shown in the footer)
    BINDINGS = [*(b for b in App.BINDINGS if isinstance(b, Binding) and b.key != "ctrl+q"), *make_bindings()]
    ENABLE_COMMAND_PALETTE = False  # every action has its own key; nothing hidden behind ctrl+p
    WIDE = 120  # columns from which the log moves to the right of the table

    def __init__(self, session: Any, lang: str = "zh", *, camera: int | str = 0) -> None:
        super().__init__()
        if lang not in ("zh", "en"):
            raise ValueError(f"lang must be 'zh' or 'en', not {lang!r}")
        self.session = session
        self.lang = lang
        self.camera = camera
        self.reveal = False
        self._script = None
        self._script_loaded = False
        self._own_log: list[tuple[str, list]] = []  # used when the session has no .log
        # whether it has one, without building it (Session.log is a property costing the game's length)
        self._has_log = inspect.getattr_static(session, "log", None) is not None
        self._log_plain: list[str] = []  # the pane's lines, unfolded (log_text)
        self._log_folded: list[int] = []  # how many pane lines each of them took
        self._log_lines = 0
        self._log_sig: tuple | None = None  # _log_signature of what is drawn
        self._log_at: Any = None  # _log_mark of what is drawn
        self._seat_count = -1
        self._ptext = ""  # the banner's prompt text, re-cut on resize
        self._drawn_header: str | None = None  # what the header and the banner show (repainted on change)
        self._drawn_banner: str | None = None
        self._opened: dict[str, str] | None = None  # the first log line: journal file and game
        self._scan: _Scan | None = None  # the running F6 scan (at most one)
        self._preview_key: tuple | None = None  # the judgement whose scanned card's preview is held
        self._filled: tuple[str, tuple | None] | None = None  # (bar text a scan filled in, its judgement)

    # -- bindings / language --------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "key":  # a KEYS binding (make_bindings): only the current language's is live
            lang, action = parameters[0], str(parameters[1])
            if lang != self.lang:
                return False
        if action in _GAME_ACTIONS and len(self.screen_stack) > 1:
            return False
        return True

    async def action_key(self, lang: str, action: str, *args: object) -> None:
        """A key of KEYS pressed (``lang``: the footer's language it was bound for): run ``action(*args)``."""
        await self.run_action(f"{action}({', '.join(repr(a) for a in args)})")

    @property
    def script(self):
        if not self._script_loaded:
            self._script = _load_script()
            self._script_loaded = True
        return self._script

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="header")
        yield Static("", id="banner", classes="-none")
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        yield ChoicesBar(id="choices", classes="-none")
        with Vertical(id="body"):
            yield Grid(id="table")
            log = GameLog(id="log", wrap=False, markup=False, auto_scroll=True, max_lines=LOG_MAX_LINES)
            yield log
            yield Static("", id="scan-preview")
        yield Static("", id="scan-line")  # the live scan status, apart from the command feedback
        yield Static("", id="message", classes="-empty")
        with Horizontal(id="command-row"):
            yield Static("›", id="command-prompt")
            yield CommandBar(
                id="command",
                placeholder=label("placeholder", self.lang),
                suggester=CommandSuggester(self),
                select_on_focus=False,
            )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.refresh_view()
        opened = (self._opened or {}).get(self.lang)
        if opened:  # also above the command bar, where it is seen at once: cut by cells, not at the
            # space before a long path, so its two lines hold the path and the game
            self.say("\n".join(chop_cells(opened, max(20, self.size.width - 2))))
        problem = getattr(self.session, "problem", None)
        if isinstance(problem, JournalError):  # the journal opened only up to its last good entry
            self.say(f"⚠ {problem.text(self.lang)}", error=True)
        elif getattr(self.session, "readonly", False):
            self.say(label("read_only_open", self.lang), error=True)
        if getattr(self.session, "readonly", False) and hasattr(self.session, "reload"):
            self.set_interval(1.0, self._follow)  # watching: follow the window that writes
        self.query_one(CommandBar).focus()

    def _follow(self) -> None:
        """Read-only: reload the game when the writing window changed the journal."""
        try:
            changed = self.session.reload()
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            return
        if changed:
            self.refresh_view()

    def on_resize(self, event: Resize) -> None:
        self.query_one("#body").set_class(event.size.width >= self.WIDE, "wide")
        self._fit_table()
        self.call_after_refresh(self._draw_log)  # fold the log to its new width
        self.call_after_refresh(self._redraw_banner)  # and the banner
        self.call_after_refresh(self.draw_choices)  # the choices wrap at the new width

    def _fit_table(self) -> None:
        # three rows of seats (7+ players) on a short terminal: no blank line between rows
        rows = ring_layout(len(self.state.seats))[0]
        self.query_one("#table").set_class(rows >= 3 and self.size.height < 34, "-tight")

    # -- drawing --------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def refresh_view(self) -> None:
        """Redraw everything from ``session.state`` and ``session.log``."""
        state = self.state
        lang = self.lang
        header = self.query_one("#header", Static)
        text = "三国杀 · " + header_text(state, lang)
        if self.reveal:
            text += "  ·  ⚠ " + label("roles_shown", lang)
        if getattr(self.session, "readonly", False):
            text += "  ·  " + label("read_only", lang)
        if text != self._drawn_header:  # unchanged widgets are not repainted
            self._drawn_header = text
            header.update(Text(text, no_wrap=True, overflow="ellipsis"), layout=False)  # CSS height 1
        header.set_class(state.over, "-over")
        header.set_class(self.reveal, "-revealed")

        banner = self.query_one("#banner", Static)
        ptext = prompt_text(state, lang)
        self._ptext = ptext
        btext = self._banner_text(ptext)
        if btext != self._drawn_banner:
            self._drawn_banner = btext
            banner.update(Text(btext))
        banner.set_class(not ptext, "-none")

        self._draw_table(state)
        self._update_log()
        share = getattr(self, "web_share", None)
        if share is not None:  # the players' view (F10): pushed after the dashboard's own redraw
            share.notify()
        self._check_scan()  # a scan whose judgement is gone stops
        if self._preview_key is not None and self._preview_key != self._judgement_key():
            self._hide_preview()  # the held preview belonged to another judgement
        if self._filled is not None and self._filled[1] != self._judgement_key():
            bar = self.query_one(CommandBar)  # a scanned card left in the bar belonged to another judgement
            if bar.value == self._filled[0]:
                bar.value = ""
            self._filled = None
        bar = self.query_one(CommandBar)
        if bar.placeholder != label("placeholder", lang):
            bar.placeholder = label("placeholder", lang)
        rlog = self.query_one("#log", RichLog)
        if rlog.border_title != label("log", lang):
            rlog.border_title = label("log", lang)
        if self._partial is not None and not bar.value.startswith(self._partial.before):
            self._partial = None  # the partial choice's line was edited away or submitted
        self.draw_choices()

    def _banner_text(self, ptext: str) -> str:
        """The prompt as the banner shows it: word-wrapped, but when the text after "⚠" is one
        long run without spaces (Chinese) that would wrap to the next line and leave the ⚠ alone,
        cut by cells so the ⚠ keeps its text."""
        width = max(20, (self.size.width or 80) - 2)  # the banner's padding: 0 1
        lines = Text(ptext).wrap(self.console, width)
        if len(lines) > 1 and lines[0].plain.strip() in ("⚠", ""):
            return "\n".join(chop_cells(ptext, width))
        return ptext

    def _redraw_banner(self) -> None:
        if self._ptext:
            self._drawn_banner = self._banner_text(self._ptext)
            self.query_one("#banner", Static).update(Text(self._drawn_banner))

    def _draw_table(self, state: GameState) -> None:
        grid = self.query_one("#table", Grid)
        n = len(state.seats)
        if n != self._seat_count:
            # a new seat count (setup, or undo back to an empty table): rebuild the grid;
            # removal is asynchronous, so the new cards are mounted once it is done
            self._seat_count = n
            self.run_worker(self._rebuild_table(), exclusive=True, group="table", name="table")
            return
        for card in grid.query(SeatCard):
            card.show(state, self.lang, self.reveal)

    async def _rebuild_table(self) -> None:
        grid = self.query_one("#table", Grid)
        await grid.remove_children()
        state = self.state
        rows, cols, pos = ring_layout(len(state.seats))
        grid.styles.grid_size_columns = max(cols, 1)
        grid.styles.grid_size_rows = max(rows, 1)
        at = {rc: s for s, rc in pos.items()}
        cells = [SeatCard(at[(r, c)]) if (r, c) in at else Static("", classes="table-gap")
                 for r in range(rows) for c in range(cols)]
        if cells:
            await grid.mount_all(cells)
        self._fit_table()
        for card in grid.query(SeatCard):
            card.show(self.state, self.lang, self.reveal)

    def _log_item(self, e: Any) -> tuple[str, list, bool, bool]:
        """``(title, events, undone, forced)`` of one ``session.log`` entry."""
        lines = getattr(e, "lines", None) or []
        seq = getattr(e, "seq", "")
        # a dealt role must not reach the shared screen through the journal lines
        title = f"#{seq} " + " ; ".join(redact_line(x, self.state, reveal=self.reveal) for x in lines)
        return (title, list(getattr(e, "events", []) or []),
                bool(getattr(e, "undone", False)), bool(getattr(e, "forced", False)))

    def _log_window(self, n: int) -> tuple[list[tuple[str, list, bool, bool]], bool]:
        """The last ``n`` log entries as ``_log_item`` tuples, and whether they start at the game's first."""
        if not self._has_log:
            own = self._own_log[-n:]
            return ([(redact_line(line, self.state, reveal=self.reveal), ev, False, False) for line, ev in own],
                    len(own) == len(self._own_log))
        tail = getattr(self.session, "log_tail", None)
        if callable(tail):  # the real Session: costs n, not the game's length
            entries = list(tail(n))
            first = not entries or getattr(entries[0], "seq", 1) <= 1
        else:
            every = list(self.session.log)
            entries = every[-n:]
            first = len(entries) == len(every)
        return [self._log_item(e) for e in entries], first
    def opened_text(self, lang: str | None = None) -> str:
        """Which journal file and which game the dashboard opened ("" for a session without a journal)."""
        journal = getattr(self.session, "journal", None)
        path = getattr(journal, "path", None)
        game_id = getattr(self.session, "game_id", None)
        if journal is None or path is None or game_id is None:
            return ""
        lang = lang or self.lang
        path = os.path.abspath(path)
        how = getattr(self.session, "opened", "resumed")
        if how in ("new", "none_unfinished"):
            return label(f"opened_{how}", lang, path=path, id=game_id)
        try:
            started = journal.game(game_id).created[:16].replace("T", " ")
        except Exception:  # noqa: BLE001  (a line of information must never stop the dashboard)
            started = "?"
        state = self.state
        rnd = label("round", lang, n=state.round) if state.round else label("not_started", lang)
        return label("opened_resumed", lang, path=path, id=game_id, started=started,
                     seats=len(state.seats), round=rnd)

    def _log_width(self, rlog: RichLog) -> int:
        width = rlog.scrollable_content_region.width - 1
        if width < 20:  # not laid out yet: estimate (a third of the screen when wide), refold on resize
            wide = self.query_one("#body").has_class("wide")
            width = max(20, (self.size.width // 3 if wide else self.size.width) - 6)
        return width

    def _log_signature(self, width: int) -> tuple:
        """What every drawn log line depends on besides its own entry: language, width, the
        roles shown, and which seats' dealt roles are still hidden (``redact_line``)."""
        state = self.state
        return (self.lang, width, self.reveal, tuple(s.public_role is None for s in state.seats),
                tuple(sorted(hidden_roles(state))))

    def _log_mark(self) -> Any:
        """Where the drawn log stands: ``(tip, last seq)`` for a session with ``log_since``, else
        the ``(seq, undone, forced, events)`` keys of its whole log (small stand-ins), or the length
        of the app's own record."""
        session = self.session
        if not self._has_log:
            return len(self._own_log)
        if callable(getattr(session, "log_since", None)) and isinstance(getattr(session, "tip", None), int):
            return (session.tip, getattr(session, "last_seq", session.tip))
        return [(getattr(e, "seq", None), bool(getattr(e, "undone", False)), bool(getattr(e, "forced", False)),
                 len(getattr(e, "events", None) or ())) for e in session.log]

    def _log_news(self, mark: Any) -> list[tuple[str, list, bool, bool]] | None:
        """The entries added since the pane was drawn at ``self._log_at``, or None when something
        already drawn changed (an undo, a redo, another game) and the pane must be redrawn."""
        was = self._log_at
        if was is None or type(was) is not type(mark):
            return None
        if isinstance(mark, int):  # the app's own record only grows
            return [(redact_line(line, self.state, reveal=self.reveal), ev, False, False)
                    for line, ev in self._own_log[was:mark]] if mark >= was else None
        if isinstance(mark, list):
            if mark[:len(was)] != was:
                return None
            return [self._log_item(e) for e in list(self.session.log)[len(was):]]
        (tip0, last0), (tip, last) = was, mark
        if (tip, last) == (tip0, last0):
            return []
        if last <= last0:  # same entries, another tip: an undo or a redo
            return None
        new = list(self.session.log_since(last0))
        parent = tip0
        for e in new:  # new entries chained on the old tip: nothing drawn before changed
            if getattr(e, "parent", None) != parent or getattr(e, "undone", False):
                return None
            parent = e.seq
        if parent != tip:
            return None
        return [self._log_item(e) for e in new]

    def _update_log(self) -> None:
        """Bring the log pane up to date: append what a command added; redraw (the visible window
        only) when the language, the width, the shown roles or an already drawn entry changed."""
        rlog = self.query_one("#log", GameLog)
        width = self._log_width(rlog)
        mark = self._log_mark()
        news = self._log_news(mark) if self._log_sig == self._log_signature(width) else None
        if news is None:
            self._draw_log()
            return
        if news:
            self._write_block(rlog, [b for item in news for b in self._entry_lines(item)], width)
            self.call_after_refresh(rlog.scroll_end, animate=False)
        self._log_at = mark

    def _entry_lines(self, item: tuple[str, list, bool, bool]) -> list[tuple[str, str]]:
        """``[(plain line, style)]`` of one log entry: its title, then one line per event."""
        title, events, undone, forced = item
        lang = self.lang
        head = title
        if forced:
            head += f"  [{label('forced', lang)}]"
        if undone:
            head += f"  ↶ {label('undone', lang)}"
        out = [(head, "dim strike" if undone else "bold")]
        for ev in events:
            words = event_words(ev, self.state, lang, undone=undone, reveal=self.reveal)  # no hidden role
            out.append((f"  · {words}", "dim" if undone else ""))
        return out

    def _draw_log(self) -> None:
        """Redraw the log pane: the newest entries that fill twice its height (at least
        ``LOG_REDRAW_LINES`` lines), above them the journal line when the window reaches the
        game's first entry.  Costs the window, not the game's length."""
        rlog = self.query_one("#log", GameLog)
        rlog.clear()
        self._log_plain = []
        self._log_folded = []
        self._log_lines = 0
        width = self._log_width(rlog)
        rlog._drawn_width = width
        height = rlog.scrollable_content_region.height or self.size.height
        want = max(2 * height, LOG_REDRAW_LINES)
        if self._opened is None:  # computed once, with the state as it was on opening
            self._opened = {lg: self.opened_text(lg) for lg in ("zh", "en")}
        items, first = self._log_window(want)  # an entry takes one line or more
        blocks: list[list[tuple[str, str]]] = []
        lines = 0
        for item in reversed(items):
            if lines >= want:
                first = False
                break
            block = self._entry_lines(item)
            blocks.append(block)
            lines += sum(len(fold_cells(p, width)) for p, _ in block)
        out = [b for block in reversed(blocks) for b in block]
        opened = self._opened[self.lang]
        if opened and first:
            out.insert(0, (opened, "dim italic"))
        self._write_block(rlog, out, width)
        self._log_sig = self._log_signature(width)
        self._log_at = self._log_mark()
        self.call_after_refresh(rlog.scroll_end, animate=False)

    def redraw_log(self) -> None:
        """Redraw the log pane from the session (what ``refresh_view`` does after an undo)."""
        self._draw_log()

    def _write_block(self, rlog: RichLog, lines: list[tuple[str, str]], width: int) -> None:
        """Write ``[(plain line, style)]`` folded to ``width`` cells in one ``RichLog.write``, and
        keep ``log_text`` to what the pane holds (it keeps ``LOG_MAX_LINES`` lines)."""
        if not lines:
            return
        parts = [Text(part, style=style) for line, style in lines for part in fold_cells(line, width)]
        rlog.write(Text("\n").join(parts))
        for line, _style in lines:
            self._log_plain.append(line)
            self._log_folded.append(len(fold_cells(line, width)))
        self._log_lines += len(parts)
        if self._log_lines > LOG_MAX_LINES:  # the pane dropped its oldest lines: so does log_text
            drop = 0
            while self._log_lines > LOG_MAX_LINES and drop < len(self._log_folded):
                self._log_lines -= self._log_folded[drop]
                drop += 1
            del self._log_plain[:drop], self._log_folded[:drop]

    def log_text(self) -> str:
        """The log pane as plain text (what was written to it)."""
        return "\n".join(self._log_plain)

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a one-line message (an error in red) above the command bar; "" clears it."""
        msg = self.query_one("#message", Static)
        if text or str(msg.content):  # "" over "" repaints nothing
            msg.update(Text(text))
        msg.set_class(error, "-error")
        msg.set_class(not text, "-empty")

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

    # -- commands -------------------------------------------------------------
    def completions(self, text: str) -> list[str]:
        """Whole-line completions for the command bar (a partial choice's legal seats first)."""
        c = self._partial
        if c is not None and c.options and not c.after and text == c.before:
            return [c.before + str(o) for o in c.options]  # '1 杀 ' suggests '1 杀 2', a legal target
        script = self.script
        if script is not None and hasattr(script, "completions"):
            try:
                cands = list(script.completions(self.state, text))
            except Exception:  # noqa: BLE001 - completion must never break typing
                cands = []
            head = text[: len(text) - len(_last_token(text))]
            out = []
            for c in cands:
                full = c if c.startswith(text) else head + c
                if full.startswith(text) and full != text:
                    out.append(full)
            return out
        verbs = FALLBACK_VERBS
        if script is not None and getattr(script, "VERBS", None):
            verbs = tuple(script.VERBS)
        return fallback_completions(self.state, text, verbs)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, CommandBar):
            return
        event.stop()
        line = event.value.strip()
        if not line:
            self.empty_enter()  # at a 无懈可击 window: nobody
            return
        bar = event.input
        if getattr(self.session, "readonly", False):
            self.say(label("read_only_open", self.lang), error=True)
            bar.select_all()
            return
        if self.numbered_enter(line):  # a number alone: the numbered choice
            bar.value = "" if self._partial is None else bar.value
            return
        self._hide_preview()  # the filled-in card is submitted (or replaced by what was typed)
        # a line naming a hidden role is neither kept in the bar nor in the history
        secret = line_is_secret(line, self.state)
        if not secret:
            bar.remember(line)
        if self.submit_line(line) or secret:
            bar.value = ""
        else:
            bar.select_all()  # kept to correct, but the next typed key replaces it

    def on_command_bar_lines(self, message: CommandBar.Lines) -> None:
        """A paste of several lines: each is submitted in order, visibly; the first refused line stops
        the rest (they may depend on it) and stays in the bar to correct, with what was not sent."""
        message.stop()
        lines = [ln.strip() for ln in message.lines]
        bar = self.query_one(CommandBar)
        if getattr(self.session, "readonly", False):
            self.say(label("read_only_open", self.lang), error=True)
            return
        done = 0
        todo = [ln for ln in lines if ln]
        for i, line in enumerate(todo):
            ok = self.submit_line(line)
            if not ok:
                refused = self.message
                rest = len(todo) - i - 1
                bar.value = line
                bar.select_all()
                self.say(label("paste_stopped", self.lang, n=i + 1, total=len(todo), done=done, rest=rest)
                         + "\n" + refused, error=True)
                return
            if not line_is_secret(line, self.state):
                bar.remember(line)
            done += 1
        self.say(label("paste_done", self.lang, n=done))

    def submit_line(self, line: str, *, typed: bool = True, quiet: bool = True) -> bool:
        """Submit one line; True when applied.  ``quiet``: an answered question that leaves a quiet
        phase goes on by itself (``QuickMixin.after_answer``)."""
        words = line.split()
        if words and words[0].lower() == "serve" and len(words) <= 2:  # the players' view: URL and QR code (F10)
            self.action_serve(words[1] if len(words) == 2 else "")
            return True
        if line.strip().lower() in ("undo", "redo", "撤销", "重做"):  # the keys' words work too
            (self.action_undo if line.strip().lower() in ("undo", "撤销") else self.action_redo)()
            return True
        if self.step_setting(line):  # 'step every phase on|off': a screen setting, not journaled
            return True
        before = self.state
        ok = self._submit(line, typed=typed)
        if ok and quiet:
            self.after_answer(before)
        return ok

    def _submit(self, line: str, *, typed: bool = True) -> bool:
        """Send one command line to the session; True when it was applied.

        A refusal or an unreadable command shows the reason and changes nothing;
        ``typed`` is False for lines sent by a key (no "prefix with force" hint).
        """
        lang = self.lang
        try:
            applied = self.session.submit(line)
        except Refused as r:
            words = r.zh if lang == "zh" else r.en
            src = f"; {r.source}" if r.source else ""
            hint = " " + label("force_hint", lang) if typed and getattr(r, "forceable", False) else ""
            self.say(f"✗ {label('refused', lang)}: {words} [{r.rule}{src}]{hint}", error=True)
            self.refresh_view()
            return False
        except CommandError as e:
            text = e.zh if lang == "zh" and getattr(e, "zh", None) else str(e)
            self.say(f"✗ {label('bad_command', lang)}: {text}", error=True)
            return False
        except JournalError as e:  # disk full, read-only, another window: said as what it is
            self.say(f"✗ {e.text(lang)}", error=True)
            self.refresh_view()
            return False
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, "submit")
            return False
        if not self._has_log:
            self._own_log.append((line, list(getattr(applied, "events", []) or [])))
        self._drop_scan()  # the judgement is answered (or the game moved on): its scan ends here
        self.say("")
        self.refresh_view()
        return True

    # -- actions --------------------------------------------------------------
    def _internal(self, error: Exception, where: str) -> None:
        """A bug: the details go to the crash log (companion.crashlog), the screen says where; no game state."""
        from companion.crashlog import record_crash  # noqa: PLC0415

        path = record_crash(error, where)
        self.say(f"✗ {label('internal', self.lang)} ({type(error).__name__}) — "
                 + label("internal_tail", self.lang, path=path or "?"), error=True)
        self.refresh_view()

    def _step(self, name: str) -> None:
        """Undo or redo through the session; a journal failure is said, the screen keeps the journaled state."""
        try:
            ok = self.session.undo() if name == "undo" else self.session.redo()
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            self.refresh_view()
            return
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, name)
            return
        if ok:
            self._drop_scan()
        done, nothing = ("undo_done", "nothing_undo") if name == "undo" else ("redo_done", "nothing_redo")
        self.say(label(done if ok else nothing, self.lang), error=not ok)
        self.refresh_view()

    def action_undo(self) -> None:
        try:
            n = self.undo_run()  # right after a quiet-phase run: the whole run
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            self.refresh_view()
            return
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, "undo")
            return
        if n:
            self._drop_scan()
            self.say(qlabel("run_undone", self.lang, n=n))
            self.refresh_view()
            return
        self._step("undo")

    def action_redo(self) -> None:
        self._step("redo")

    def _fatal_error(self) -> None:
        """Textual's last resort for an unhandled exception prints a traceback with every local variable
        (hidden roles included): instead, the details go to the crash log and the screen says where.
        (Textual has no public hook for this; tests/tui/test_journal_errors.py checks it is still called.)"""
        import sys  # noqa: PLC0415

        from companion.crashlog import crash_message  # noqa: PLC0415

        error = sys.exc_info()[1] or RuntimeError("unknown error")
        self.bell()
        self.panic(Text(crash_message(error, "dashboard", self.lang)))

    def action_distances(self) -> None:
        from .screens import DistanceScreen  # noqa: PLC0415 - imported on first use: faster first paint

        self.push_screen(DistanceScreen(self.state.clone(), self.lang))

    def action_skill_answer(self, word: str) -> None:
        """F8 / F9: answer the pending skill question with yes / no (one key)."""
        top = self.state.prompt
        if top is None or top.kind != "skill":
            self.say("现在没有技能询问" if self.lang == "zh" else "no skill question now", error=True)
            return
        if word not in skill_answer_verbs(top):  # e.g. 刚烈's "discard 2 / take": not a yes / no question
            self.say(label("not_yes_no", self.lang), error=True)
            return
        self.submit_line(word)

    def action_skills(self) -> None:
        from .screens import SkillsScreen  # noqa: PLC0415 - imported on first use

        top = self.state.prompt
        self.push_screen(SkillsScreen(self.state.clone(), self.lang, top.seat if top is not None and top.kind == "skill" else None))

    def action_serve(self, where: str = "") -> None:
        """F10 / ``serve [HOST][:PORT]``: start the players' view (once) and show its URL and QR code."""
        from .serve import open_serve  # noqa: PLC0415 - the web server is imported on first use

        self.run_worker(open_serve(self, where), group="serve", name="serve")

    def action_help(self) -> None:
        from .screens import HelpScreen  # noqa: PLC0415 - imported on first use

        self.push_screen(HelpScreen(self.help_text(), self.lang))

    def help_text(self) -> str:
        zh = self.lang == "zh"
        lines = ["按键" if zh else "Keys"]
        for k in KEYS:
            if k.show:
                lines.append(f"  {k.keys.upper():<12} {k.zh if zh else k.en}")
        lines.append(("  F7           技能（各座位武将技能及说明）" if zh else "  F7           Skills (each seat's skills with a summary)"))
        lines.append(("  F8 / F9      技能询问：发动 / 不发动" if zh else "  F8 / F9      skill question: yes / no"))
        lines.append(("  F10          玩家页面：手机扫码查看（只读；命令 serve）" if zh
                      else "  F10          players' view: phones scan a QR code (read-only; command serve)"))
        lines.append(("  Tab / →      补全 · ↑/↓ 历史命令" if zh else "  Tab / →      complete · ↑/↓ command history"))
        lines.append("")
        lines.append("命令" if zh else "Commands")
        script = self.script
        verbs = getattr(script, "VERBS", None) if script is not None else None
        if verbs:
            for verb, usage in verbs.items():
                syntax, desc, example = self._usage(verb, usage)
                line = f"  {syntax:<28} {desc}"
                if example:
                    line += f"  ({'例' if zh else 'e.g.'} {example})"
                lines.append(line)
        else:
            lines.append("  （命令模块未加载：按 Tab 补全动词、牌名与座位）" if zh
                         else "  (command module not loaded: Tab completes verbs, card names and seats)")
            lines.append("  " + " ".join(FALLBACK_VERBS))
        return "\n".join(lines)

    def _usage(self, verb: str, usage: Any) -> tuple[str, str, str]:
        """(syntax, description, example) of a ``script.VERBS`` entry, whatever its shape."""
        if isinstance(usage, str):
            return verb, usage, ""
        if isinstance(usage, dict):
            get = usage.get
        else:
            def get(key, default=None):
                return getattr(usage, key, default)
        syntax = str(get("usage") or verb)
        desc = get(self.lang) or get("en") or ""
        return syntax, str(desc), str(get("example") or "")

    def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "zh" else "zh"
        from companion.settings import save  # noqa: PLC0415

        save(lang=self.lang)  # now, not at exit: a killed terminal keeps the choice (a failed write is ignored)
        self.refresh_bindings()  # the footer shows the other language's bindings (check_action)
        self.say("")
        self.refresh_view()

    def action_reveal_roles(self) -> None:
        if self.reveal:
            self.reveal = False
            self.say(label("roles_hidden", self.lang))
            self.refresh_view()
            return

        if not any(s.role is not None and s.public_role is None for s in self.state.seats):
            self.say(label("no_hidden_roles", self.lang))  # nothing to reveal: do not claim "roles shown"
            return

        from .screens import ConfirmRevealScreen  # noqa: PLC0415 - imported on first use

        def done(ok: bool | None) -> None:
            if ok:
                self.reveal = True
                self.say(label("roles_shown", self.lang), error=True)
            self.refresh_view()
            self.query_one(CommandBar).focus()

        self.push_screen(ConfirmRevealScreen(self.lang), done)

    # -- webcam hook: F6 scans the judgement card ---------------------------------
    def _judgement_key(self) -> tuple | None:
        """Which judgement is pending, as a scan remembers it: None when none is; else the game,
        the journal position (``session.tip``, or the log's length) and the prompt's seat, kind,
        skill step, card and text.  Any command, undo or redo changes it."""
        p = self.state.prompt
        if p is None:
            return None
        tip = getattr(self.session, "tip", None)
        if not isinstance(tip, int):
            log = getattr(self.session, "log", None)
            entries = list(log) if log is not None else self._own_log
            tip = (len(entries), sum(1 for e in entries if getattr(e, "undone", False)))
        data = p.data or {}
        return (getattr(self.session, "game_id", None), tip, p.kind, p.seat, data.get("skill"), data.get("step"),
                str(data.get("card")), p.en)

    @property
    def scanning(self) -> bool:
        """A scan worker exists (running, or stopping after Esc / a changed judgement)."""
        scan = self._scan
        return scan is not None and not (scan.worker is not None and scan.worker.is_finished)

    def action_scan(self) -> None:
        self.scan_judgement_card()

    def action_stop_scan(self) -> None:
        """Esc: stop the running scan; its best guess is offered (confirm or type)."""
        if self._scan is not None:
            self._scan.stop.set()

    def _drop_scan(self) -> None:
        """The judgement the scan was started for is answered, cancelled or gone: stop the worker
        and throw away whatever it still reports."""
        scan = self._scan
        if scan is not None:
            scan.discard = True
            scan.stop.set()
            self._hide_preview()
            self._show_scan_line(None)

    def _check_scan(self) -> None:
        scan = self._scan
        if scan is not None and not scan.discard and scan.key != self._judgement_key():
            self._drop_scan()

    def on_unmount(self) -> None:
        if self._scan is not None:  # quitting: the worker thread ends after its current frame
            self._scan.discard = True
            self._scan.stop.set()

    def scan_judgement_card(self) -> None:
        """Read the judgement card from the webcam; overridable.

        Runs ``recognition.camera.CameraScanner`` in a worker thread (one at a time); an accepted
        reading pre-fills ``judge ♠7`` in the command bar for the moderator to confirm with Enter.
        The scan belongs to the judgement it was started for: when that one is answered or changes
        the worker is stopped and anything it still reports is dropped.  Without a camera (or the
        recognition package) it says so and typed entry stays as it is.
        """
        if self._scan is not None and self.scanning:
            stopping = self._scan.stop.is_set()
            self.say(label("scan_stopping" if stopping else "scan_busy", self.lang), error=stopping)
            return
        p = self.state.prompt
        if not accepts_judge_face(p):  # the banner's test: a judgement, or a prompt offering 'judge FACE' (八卦阵)
            self.say(label("no_judge", self.lang), error=True)
            return
        scan = _Scan(self._judgement_key())
        self._hide_preview()
        self._scan = scan
        self.say(label("scan_start", self.lang))
        self._show_scan_line(label("scan_start", self.lang))
        scan.worker = self.run_worker(lambda: self._scan_worker(scan), thread=True, group="scan", name="scan")

    def _post(self, scan: "_Scan", fn, *args: Any, final: bool = False) -> None:
        """From the worker: run ``fn(*args)`` on the UI thread if ``scan`` is still the judgement's scan."""
        try:
            self.call_from_thread(self._deliver, scan, fn, args, final)
        except Exception:  # noqa: BLE001 - the app is closing
            pass

    def _deliver(self, scan: "_Scan", fn, args: tuple, final: bool) -> None:
        if self._scan is not scan:
            return
        self._check_scan()
        if final:
            self._scan = None
            self._show_scan_line(None)
            if not scan.discard:
                fn(*args)
        elif not scan.stop.is_set():
            fn(*args)

    def _scan_worker(self, scan: "_Scan") -> None:
        try:
            from recognition.camera import CameraScanner  # noqa: PLC0415 - cv2 loads only when a scan starts
        except Exception as e:  # noqa: BLE001 - cv2 or the model missing
            self._post(scan, self._scan_failed, f"{type(e).__name__}: {e}", None, final=True)
            return
        scanner = None
        last = None  # the last reading that named a card (for scanners without a voter)
        try:
            scanner = CameraScanner(self.camera)
            with scanner:
                started = time.monotonic()
                for status in scanner.updates():
                    if scan.stop.is_set():  # Esc, or the judgement changed: checked between frames
                        break
                    reading = getattr(status, "reading", None)
                    if _names_card(reading):
                        last = reading
                    if status.state == "accepted" and _names_card(reading):
                        self._post(scan, self._scan_accepted, reading.label, getattr(reading, "corner", None),
                                   final=True)
                        return
                    self._post(scan, self._scan_status, status, getattr(reading, "corner", None))
                    if time.monotonic() - started >= SCAN_TIMEOUT_S:
                        scan.timed_out = True
                        break
        except Exception as e:  # noqa: BLE001 - CameraError and driver faults: back to typing
            zh = getattr(e, "zh", None)  # CameraError says it in Chinese too
            why = zh if self.lang == "zh" and isinstance(zh, str) else str(e)
            guess = _best_guess(scanner, last)  # what was read before the camera (or video) stopped
            self._post(scan, self._scan_failed, why, getattr(guess, "label", None), getattr(guess, "corner", None),
                       final=True)
            return
        # stopped (Esc, the time limit) or the camera stream ended without an accepted reading:
        # offer the best guess for the moderator to check, never apply it silently
        guess = _best_guess(scanner, last)
        self._post(scan, self._scan_unsure, getattr(guess, "label", None), scan.timed_out,
                   getattr(guess, "corner", None), bool(getattr(scanner, "ended", None)), final=True)

    def _show_scan_line(self, text: str | None) -> None:
        """The scan's own status line (above the message line, which keeps command feedback); None hides it."""
        line = self.query_one("#scan-line", Static)
        if text is not None:
            head = "扫描：" if self.lang == "zh" else "scan: "
            line.update(Text(f"{head}{text}  ·  {label('scan_esc', self.lang)}", no_wrap=True, overflow="ellipsis"))
        line.set_class(text is not None, "-on")

    @property
    def scan_line(self) -> str:
        line = self.query_one("#scan-line", Static)
        return str(line.content) if line.has_class("-on") else ""

    def _scan_status(self, status: Any, corner: Any = None) -> None:
        """Live status line and the preview of the warped corner."""
        self._show_scan_line(scan_status_text(status, self.lang))
        preview = self.query_one("#scan-preview", Static)
        reading = getattr(status, "reading", None)
        picture = index_preview(corner, getattr(reading, "label", None))
        if picture is not None:
            preview.update(picture)
        preview.set_class(picture is not None, "-on")

    def _hold_preview(self, corner: Any, card: str | None = None) -> None:
        """Keep the preview of the accepted (or best-guess) reading ``card`` beside "press Enter to confirm"
        until the bar is submitted or cleared or the judgement changes; no picture: the preview is hidden."""
        picture = index_preview(corner, card)
        if picture is None:
            self._hide_preview()
            return
        preview = self.query_one("#scan-preview", Static)
        preview.update(picture)
        preview.set_class(True, "-on")
        self._preview_key = self._judgement_key()

    def _hide_preview(self) -> None:
        self._preview_key = None
        try:
            self.query_one("#scan-preview", Static).set_class(False, "-on")
        except Exception:  # noqa: BLE001 - closing
            pass

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, CommandBar):
            self.bar_changed(event.value)
        if isinstance(event.input, CommandBar) and not event.value.strip() and self._preview_key is not None:
            self._hide_preview()  # the filled-in card was cleared: nothing left to compare

    def _fill_bar(self, card: str) -> bool:
        """Put ``judge CARD`` in the command bar, unless the moderator has typed something there
        (what an earlier scan filled in may be replaced); False when the typing was kept."""
        bar = self.query_one(CommandBar)
        if bar.value.strip() and (self._filled is None or bar.value != self._filled[0]):
            return False
        bar.value = f"judge {card}"
        bar.cursor_position = len(bar.value)
        self._filled = (bar.value, self._judgement_key())
        return True

    def _scan_unsure(self, card: str | None, timed_out: bool = False, corner: Any = None,
                     video_ended: bool = False) -> bool:
        """Offer the best guess ``card`` (None: nothing read) for the moderator to check; True when it was
        filled into the bar."""
        why = label("scan_timeout", self.lang, s=f"{SCAN_TIMEOUT_S:g}") + " — " if timed_out else ""
        if video_ended:
            why = label("scan_video_end", self.lang) + " — " + why
        filled = self._fill_bar(card) if card else False
        if filled:
            self._hold_preview(corner, card)
            self.say(why + label("scan_guess", self.lang, card=card), error=True)
        elif card:
            self.say(why + label("scan_kept", self.lang, card=card), error=True)
        else:
            self._hide_preview()
            self.say(why + label("scan_nothing", self.lang), error=True)
        self.query_one(CommandBar).focus()
        return filled

    def _scan_failed(self, why: str, card: str | None = None, corner: Any = None) -> None:
        """The camera failed (or a video ended): the best guess so far, if any, is filled in as on Esc."""
        if card:
            if self._scan_unsure(card, corner=corner):
                self.say(label("scan_failed_guess", self.lang, why=why, card=card), error=True)
            return
        self.query_one("#scan-preview", Static).set_class(False, "-on")
        self.say(label("scan_unavailable", self.lang, why=why), error=True)
        self.query_one(CommandBar).focus()

    def _scan_accepted(self, card: str, corner: Any = None) -> None:
        if self._fill_bar(card):
            self._hold_preview(corner, card)
            self.say(label("scan_accepted", self.lang, card=card))
        else:
            self.say(label("scan_kept", self.lang, card=card), error=True)
        self.query_one(CommandBar).focus()


SCAN_TIMEOUT_S = 60.0
"""A scan without an accepted reading stops by itself after this many seconds (its best guess is offered)."""


class _Scan:
    """One F6 scan: the judgement it belongs to (``CompanionApp._judgement_key``), its worker and flags."""

    def __init__(self, key: tuple | None) -> None:
        self.key = key
        self.stop = threading.Event()  # the worker stops before its next frame
        self.discard = False  # the judgement changed: nothing it reports is shown
        self.timed_out = False
        self.worker: Worker[None] | None = None


def _names_card(reading: object) -> TypeGuard[Reading]:
    lab = getattr(reading, "label", None) if reading is not None else None
    return bool(lab) and lab != "?"


def _sure_enough(reading: Any) -> bool:
    """A reading worth offering as a guess: it names a card with a confidence of at least SCAN_SURE (a
    reading without a confidence counts as sure)."""
    return _names_card(reading) and float(getattr(reading, "confidence", 1.0) or 0.0) >= SCAN_SURE


def _best_guess(scanner: Any, last: Any) -> Any:
    """The reader's best guess (``scanner.voter.best_guess()``), else the last reading that named a card;
    None when neither reaches SCAN_SURE (noise read as a card at confidence 0.0 is no guess)."""
    best = getattr(getattr(scanner, "voter", None), "best_guess", None)
    if callable(best):
        try:
            guess = best()
        except Exception:  # noqa: BLE001
            guess = None
        if _sure_enough(guess):
            return guess
    return last if _sure_enough(last) else None


def run_dashboard(session: Any, lang: str = "zh", *, camera: int | str = 0) -> int:
    """Open the dashboard on ``session``; returns the exit code (0 on quit).

    ``camera`` is the webcam used by F6 (index or device path)."""
    app = CompanionApp(session, lang=lang, camera=camera)
    from companion.settings import load  # noqa: PLC0415

    app.step_every_phase = bool(load().get("step_every_phase", False))
    result = app.run()
    if app.lang != lang:  # F4 was used (already saved when pressed; saving again is harmless)
        from companion.settings import save  # noqa: PLC0415 - imported on first use

        save(lang=app.lang)
    return int(result or app.return_code or 0)
