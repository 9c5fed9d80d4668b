"""The Textual dashboard: seats around the table, a command bar, a log, keys.

The app talks to the game only through a session (:class:`~companion.tui.protocols.SessionLike`:
``state``, ``submit(line)``, ``undo()``, ``redo()``, ``log``; docs/architecture.md), and to its journal
when it has one (:class:`~companion.tui.protocols.Journaled`).  The command language
(:class:`~companion.tui.protocols.CommandLanguage`, for completion, help and the palette) is given to it,
by default ``companion.script`` imported on first use (after the first paint).

This module composes the screen and routes keys, events and messages; what they do lives by area, each a
mixin of :class:`CompanionApp`: drawing and layout in ``view.py``, the command bar's lines in ``submit.py``,
undo / redo in ``history.py``, the dialogs, F4 and F5 in ``dialogs.py``, the numbered choices and quiet
phases in ``quick.py``, the F6 scan in ``scan.py``; the widgets in ``widgets/``, the keys in ``keys.py``
(tests/tui/test_app_shape.py keeps it so).
"""

from __future__ import annotations

import gc
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.reactive import var
from textual.widgets import Input, Static

from .dialogs import DialogsMixin
from .history import HistoryMixin
from .keys import GAME_ACTIONS, KEYS, Key, make_bindings
from .protocols import CommandLanguage, Journaled, SessionLike
from .quick import QuickMixin
from .scan import ScanMixin
from .submit import SubmitMixin
from .text import label
from .view import ASK_LINES, ViewMixin
from .widgets.boxes import CoveredColumn, CoveredRow
from .widgets.command import CommandBar, CommandSuggester
from .widgets.footer import KeyFooter
from .widgets.log import LOG_MAX_LINES, GameLog
from .widgets.table import SeatCard, SeatTable

if TYPE_CHECKING:
    from .serve import WebShare

__all__ = ["KEYS", "Key", "CompanionApp", "run_dashboard", "CommandBar", "GameLog", "LOG_MAX_LINES", "SeatCard",
           "ASK_LINES"]


def _palette_provider():
    """The command palette's provider, imported when the palette first opens (not at first paint)."""
    from .commands import DashboardCommands  # noqa: PLC0415

    return DashboardCommands


class CompanionApp(QuickMixin, ScanMixin, ViewMixin, SubmitMixin, HistoryMixin, DialogsMixin, App[int],
                   inherit_bindings=False):
    """The moderator's dashboard for one game held by ``session``."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))  # absolute: subclasses live elsewhere
    TITLE = "Sanguosha companion"  # the window's title; in the dashboard's language from __init__ on (watch_lang)
    # App's own bindings but its ctrl+q (KEYS has ctrl+q, shown in the footer)
    BINDINGS = [*(b for b in App.BINDINGS if isinstance(b, Binding) and b.key != "ctrl+q"), *make_bindings()]
    # ctrl+p: the app's own commands (keys, settings, choices, verbs: companion/tui/commands.py); F-keys stay
    COMMANDS = {_palette_provider}
    WIDE = 120  # columns from which the log moves to the right of the table

    lang: var[str] = var("zh", init=False, bindings=True)
    """The screen's language, ``"zh"`` or ``"en"`` (F4): every word drawn follows it, and so do the footer's
    keys (``bindings=True`` refreshes them; ``check_action`` keeps only this language's)."""
    reveal: var[bool] = var(False, init=False)
    """The hidden roles are drawn (F5, after the confirmation dialog): the header turns red and says so."""

    web_share: WebShare | None = None
    """The players' view (F10, ``serve``: companion/tui/serve.py) once started."""

    def __init__(self, session: SessionLike, lang: str = "zh", *, camera: int | str = 0,
                 script: CommandLanguage | None = None) -> None:
        """``session``: the game shown; ``lang``: ``"zh"`` or ``"en"`` (ValueError otherwise); ``camera``: the
        webcam F6 reads (an index or a device path); ``script``: the command language (None:
        ``companion.script``, imported when first used)."""
        super().__init__()
        if lang not in ("zh", "en"):
            raise ValueError(f"lang must be 'zh' or 'en', not {lang!r}")
        self.session = session
        # the journal's parts (tip, entries by position, read-only, how it opened), when it has them
        self.journaled: Journaled | None = session if isinstance(session, Journaled) else None
        self.set_reactive(CompanionApp.lang, lang)  # no watcher before the screen exists
        self.title = label("title", lang)
        self.camera = camera
        if script is not None:
            self.script = script  # the cached_property's slot: never imported
        self._ptext = ""  # the banner's prompt text, re-cut on resize
        self._drawn_header: str | None = None  # what the header and the banner show (repainted on change)
        self._drawn_banner: str | None = None
        self._opened: dict[str, str] | None = None  # the first log line: journal file and game
        self._scan = None  # the running F6 scan (at most one: companion/tui/scan.py)
        self._preview_key = None  # the judgement whose scanned card's preview is held
        self._filled = None  # (bar text a scan filled in, its judgement)
        self._slots: dict[tuple, tuple[list, set[int]]] = {}  # play phase → its numbered choices, spent ones

    # -- bindings -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "key":  # a KEYS binding (make_bindings): only the current language's is live
            lang, action = parameters[0], str(parameters[1])
            if lang != self.lang:
                return False
        if action in GAME_ACTIONS and len(self.screen_stack) > 1:
            return False
        return True

    async def action_key(self, lang: str, action: str, *args: object) -> None:
        """A key of KEYS pressed (``lang``: the footer's language it was bound for): run ``action(*args)``."""
        await self.run_action(f"{action}({', '.join(repr(a) for a in args)})")

    @cached_property
    def script(self) -> CommandLanguage:
        """The command language: the one given to the app, else ``companion.script`` imported on first use
        (completion, help, the palette: not before the first paint)."""
        import companion.script  # noqa: PLC0415

        return companion.script

    # -- composing ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="header")
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        yield ChoicesBar(id="ask")  # the question and the choices, one widget: ASK_LINES kept once started
        with CoveredColumn(id="body"):
            yield SeatTable(len(self.state.seats), id="table")
            log = GameLog(id="log", wrap=False, markup=False, auto_scroll=True, max_lines=LOG_MAX_LINES)
            yield log
            yield Static("", id="scan-preview")
        yield Static("", id="scan-line")  # the live scan status, apart from the command feedback
        yield Static("", id="message", classes="-empty")
        with CoveredRow(id="command-row"):
            yield Static("›", id="command-prompt")
            yield CommandBar(
                id="command",
                placeholder=label("placeholder", self.lang),
                suggester=CommandSuggester(self),
                select_on_focus=False,
            )
        yield KeyFooter(compact=True, show_command_palette=False)  # ctrl+p is in F1's help (80 columns)

    def on_mount(self) -> None:
        self.refresh_view()
        self.say_opened()
        if self.readonly:
            self.set_interval(1.0, self._follow)  # watching: follow the window that writes
        self.query_one(CommandBar).focus()
        if not gc.isenabled():  # `companion new` / `resume` paused the collector for the start-up
            self.call_after_refresh(self._start_gc)

    @staticmethod
    def _start_gc() -> None:
        """After the first paint: what the start-up built (Textual, the rules tables, the widgets; ≈ 90,000
        objects, nearly all alive until exit) is frozen out of the collector's walks, which then start
        (``companion.cli.pause_gc_for_start_up``; the few cycles left by the start-up, ≈ 4,000 objects, stay)."""
        gc.freeze()
        gc.enable()

    # -- routing --------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.lay_out(event.size)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, CommandBar):
            return
        event.stop()
        self.submit_bar(event.input, event.value)

    def on_command_bar_lines(self, message: CommandBar.Lines) -> None:
        message.stop()
        self.submit_lines(message.lines)

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, CommandBar):
            self.bar_changed(event.value)  # a lone number or a partial choice (quick.py)
            self.scan_bar_changed(event.value)  # cleared: the scan's preview goes (scan.py)

    def watch_lang(self) -> None:
        self.title = label("title", self.lang)
        self.refresh_view()

    def watch_reveal(self) -> None:
        self.refresh_view()

    def _fatal_error(self) -> None:
        """Textual's last resort for an unhandled exception prints a traceback with every local variable
        (hidden roles included): instead, the details go to the crash log and the screen says where.

        A private method, overridden on purpose: Textual 8 (checked on 8.2.8) has no public hook for an
        unhandled exception.  ``App._handle_exception`` (private too) calls ``panic(error)`` only for an
        exception with ``__rich__`` and else this method; no event or public method receives the error
        before the traceback is rendered.  tests/tui/test_journal_errors.py checks it is still called."""
        import sys  # noqa: PLC0415

        from companion.crashlog import crash_message  # noqa: PLC0415

        error = sys.exc_info()[1] or RuntimeError("unknown error")
        self.bell()
        self.panic(Text(crash_message(error, "dashboard", self.lang)))


def run_dashboard(session: SessionLike, lang: str = "zh", *, camera: int | str = 0) -> int:
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
