"""The Textual dashboard: seats around the table, a command bar, a log, keys.

The app talks to the game only through a session (:class:`~companion.tui.protocols.SessionLike`:
``state``, ``submit(line)``, ``undo()``, ``redo()``, ``log``; docs/architecture.md), and to its journal
when it has one (:class:`~companion.tui.protocols.Journaled`).  The command language
(:class:`~companion.tui.protocols.CommandLanguage`, for completion, help and the palette) is given to it,
by default ``companion.script`` imported on first use (after the first paint).  The app composes the
screen and routes keys, commands and messages; the widgets live in ``widgets/`` by area, the keys in
``keys.py``, the numbered choices and quiet phases in ``quick.py``, the F6 scan in ``scan.py``.
"""

from __future__ import annotations

import gc
import os
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import chop_cells
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Paste, Resize
from textual.reactive import var
from textual.widgets import Input, Static

from companion.journal import JournalError
from companion.rules.errors import CommandError, Refused
from companion.rules.state import GameState
from companion.rules.vocab import PromptKind

from .keys import GAME_ACTIONS, KEYS, Key, make_bindings
from .protocols import CommandLanguage, Journaled, LogEntryLike, SessionLike, UsageLike
from .quick import QuickMixin, qlabel
from .scan import ScanMixin
from .text import accepts_judge_face, header_text, label, line_is_secret, prompt_text, redact_line, skill_answer_verbs
from .widgets.command import CommandBar, CommandSuggester, last_token
from .widgets.footer import KeyFooter
from .widgets.log import LOG_MAX_LINES, GameLog
from .widgets.table import LOG_MIN, SeatCard, SeatTable

if TYPE_CHECKING:
    from .serve import WebShare

__all__ = ["KEYS", "Key", "CompanionApp", "run_dashboard", "CommandBar", "GameLog", "LOG_MAX_LINES", "SeatCard"]


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


_COMMON_VERBS = ("next", "end", "take", "pass", "judge", "discard", "damage", "heal", "lose", "draw", "give",
                 "hand", "equip", "place", "remove", "reveal", "yes", "no", "pick", "skill", "use")
"""An unknown command's short list during a game, the moderator's most used first (F1 has all)."""
_SETUP_VERBS = ("players", "name", "lord", "general", "offer", "deal", "variant", "track", "start", "swap", "role")
"""… and before ``start``."""


def _cjk(word: str) -> bool:
    """``word`` begins with a CJK character (贯石斧, 仁德), not a Latin one (axe, rende)."""
    return bool(word) and "\u3400" <= word[0] <= "\u9fff"


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


def _palette_provider():
    """The command palette's provider, imported when the palette first opens (not at first paint)."""
    from .commands import DashboardCommands  # noqa: PLC0415

    return DashboardCommands


UNDO_WORDS = ("undo", "撤销")
REDO_WORDS = ("redo", "重做")
"""Typed in the command bar, the undo / redo keys' words (either language)."""


class CompanionApp(QuickMixin, ScanMixin, App[int], inherit_bindings=False):
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

    # -- bindings / language --------------------------------------------------
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

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="header")
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        yield ChoicesBar(id="ask")  # the question and the choices, one widget: ASK_LINES kept once started
        with Vertical(id="body"):
            yield SeatTable(len(self.state.seats), id="table")
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
        yield KeyFooter(compact=True, show_command_palette=False)  # ctrl+p is in F1's help (80 columns)

    def on_mount(self) -> None:
        self.refresh_view()
        opened = (self._opened or {}).get(self.lang)
        if opened:  # also above the command bar, where it is seen at once
            self.say("\n".join(opened_lines(opened, max(20, self.size.width - 2))))
        problem = self.journaled.problem if self.journaled is not None else None
        if problem is not None:  # the journal opened only up to its last good entry
            self.say(f"⚠ {problem.text(self.lang)}", error=True)
        elif self.readonly:
            self.say(label("read_only_open", self.lang), error=True)
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

    def on_resize(self, event: Resize) -> None:
        self.query_one("#body").set_class(event.size.width >= self.WIDE, "wide")
        # 120×40 and up: the question in a large block above the board (padded, bold: a terminal has one text size)
        large = event.size.width >= self.WIDE and event.size.height >= LARGE_HEIGHT
        from .widgets.choices import ChoicesBar  # noqa: PLC0415

        ask = self.query_one(ChoicesBar)
        ask.large = large
        ask.kept = self._kept_lines(self.state.started, large)
        self._fit_table(event.size.width, event.size.height)  # the new size (self.size may still be the old one)
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

    # -- commands -------------------------------------------------------------
    def _same_words(self, text: str, before: str) -> bool:
        """``text`` is ``before`` as typed in either language's command words (``1 杀 `` is ``1 slash ``)."""
        if text == before:
            return True
        from companion.rules.choices import command_words  # noqa: PLC0415

        return command_words(text, "en") == command_words(before, "en")

    def completions(self, text: str) -> list[str]:
        """Whole-line completions for the command bar (a partial choice's legal seats first); before any
        letter of the word is typed, the words in the screen's language first (newcomer trial, issue 16,
        3 Dec: in Chinese the equipment choice's bar showed the ghost ``1 axe`` under a list of Chinese names)."""
        c = self._partial
        if c is not None and c.options and not c.after and self._same_words(text, c.before):
            return [text + str(o) for o in c.options]  # '1 slash ' (or '1 杀 ') suggests '1 slash 2', a legal target
        try:
            cands = list(self.script.completions(self.state, text))
        except Exception:  # noqa: BLE001 - completion must never break typing
            cands = []
        head = text[: len(text) - len(last_token(text))]
        out = []
        for cand in cands:
            full = cand if cand.startswith(text) else head + cand
            if full.startswith(text) and full != text:
                out.append(full)
        if not last_token(text):  # nothing of the word typed yet: the screen's language first (zh 贯石斧, en axe)
            out.sort(key=lambda line: _cjk(last_token(line)) != (self.lang == "zh"))
        if c is not None and c.needs == "card" and c.params.get("cards") and text.startswith(c.before):
            out = self._equipment_first(out, c.before, c.params["cards"])
        return out

    @staticmethod
    def _equipment_first(out: list[str], before: str, cards: tuple[str, ...]) -> list[str]:
        """The equipment choice's bar (``S `` …): the completions that name an equipment card it may equip
        (``choices._equipment``), the others after them."""
        from companion.rules.deck import CardError, card_kind  # noqa: PLC0415

        def equip(line: str) -> bool:
            word = line[len(before):].split()
            try:
                return len(word) == 1 and card_kind(word[0]).id in cards
            except CardError:
                return False
        return [x for x in out if equip(x)] + [x for x in out if not equip(x)]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, CommandBar):
            return
        event.stop()
        self.submit_bar(event.input, event.value)

    def submit_bar(self, bar: CommandBar, value: str) -> None:
        """Enter in the command bar with ``value`` in it (called by the bar as the key arrives, so a paste
        delivered as keys submits its lines one by one, in order)."""
        line = value.strip()
        if not line:
            self.empty_enter()  # at a 无懈可击 window: nobody
            return
        if self.readonly:
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
        if self.submit_line(line) or secret or self.asking:  # asked (light mode): sent again after the answer
            bar.value = ""
        else:
            bar.cursor_position = len(bar.value)  # kept to correct (not selected: a typed key edits it; Esc empties it)

    def on_command_bar_lines(self, message: CommandBar.Lines) -> None:
        """A paste of several lines: each is submitted in order, visibly; the first refused line stops
        the rest (they may depend on it) and stays in the bar to correct, with what was not sent."""
        message.stop()
        lines = [ln.strip() for ln in message.lines]
        bar = self.query_one(CommandBar)
        if self.readonly:
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
        if line.strip().lower() in UNDO_WORDS + REDO_WORDS:  # the keys' words work too
            (self.action_undo if line.strip().lower() in UNDO_WORDS else self.action_redo)()
            return True
        if self.step_setting(line):  # 'step every phase on|off': a screen setting, not journaled
            return True
        line = self._face_alone(line)
        if typed:
            expanded = self.card_beginning(line)  # a unique beginning of an equipment card's name (quick.py)
            if expanded is None:
                return False  # several cards begin so: the message names them
            line = expanded
        before = self.state
        ok = self._submit(line, typed=typed)
        if ok and quiet:
            self.after_answer(before)
        return ok

    def _face_alone(self, line: str) -> str:
        """A card face alone (``9h``, ``♥9``) at a prompt that takes ``judge FACE`` is that answer: ``judge 9h``.
        A colour and a rank (``红10``) is one too, so that ``judge`` refuses it naming both suits."""
        if not accepts_judge_face(self.state.prompt) or " " in line.strip():
            return line
        from companion.rules.deck import CardError, CardSyntaxError, parse_face  # noqa: PLC0415

        try:
            parse_face(line.strip())
        except CardSyntaxError as e:
            return f"judge {line.strip()}" if e.reason else line
        except (CardError, ValueError):
            return line
        return f"judge {line.strip()}"

    def _fitted(self, text: str, e: CommandError) -> str:
        """An unknown command's message in the message line's two lines: the whole verb list when it fits,
        else the common verbs that fit and "F1 lists all" (the help screen has every verb)."""
        head = e.unknown
        inner = max(20, (self.size.width or 80) - 2)
        if head is None or len(Text(text).wrap(self.console, inner)) <= 2:
            return text
        verbs = list(self.script.VERBS)
        order = [v for v in (_COMMON_VERBS if self.state.started else _SETUP_VERBS) if v in verbs]
        sep = "、" if self.lang == "zh" else ", "
        shown: list[str] = []
        for v in order:
            line = f"✗ {label('unknown_command', self.lang, head=head, n=len(verbs), verbs=sep.join(shown + [v]))}"
            if len(Text(line).wrap(self.console, inner)) > 2:
                break
            shown.append(v)
        return f"✗ {label('unknown_command', self.lang, head=head, n=len(verbs), verbs=sep.join(shown))}"

    def refusal_text(self, r: Refused, *, typed: bool = True) -> str:
        """A refusal as the message line says it: its words, rule and source (and, typed, the force hint)."""
        lang = self.lang
        words = r.zh if lang == "zh" else r.en
        src = f"; {r.source}" if r.source else ""
        hint = " " + label("force_hint", lang) if typed and r.forceable else ""
        return f"✗ {label('refused', lang)}: {words} [{r.rule}{src}]{hint}"

    def _submit(self, line: str, *, typed: bool = True) -> bool:
        """Send one command line to the session; True when it was applied.

        A refusal or an unreadable command shows the reason and changes nothing;
        ``typed`` is False for lines sent by a key (no "prefix with force" hint).
        """
        lang = self.lang
        try:
            self.session.submit(line)
        except Refused as r:
            self.say(self.refusal_text(r, typed=typed), error=True)
            self.hand_asked(r, line)  # light mode: a yes / no question instead (companion/tui/quick.py)
            self.refresh_view()
            return False
        except CommandError as e:
            text = e.zh if lang == "zh" and e.zh else str(e)
            self.say(self._fitted(f"✗ {label('bad_command', lang)}: {text}", e), error=True)
            return False
        except JournalError as e:  # disk full, read-only, another window: said as what it is
            self.say(f"✗ {e.text(lang)}", error=True)
            self.refresh_view()
            return False
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, "submit")
            return False
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

    def _live_top(self) -> int | None:
        """Seq of the last live journal entry (what an undo would undo), None when there is none."""
        if self.journaled is not None:
            return self.journaled.tip or None
        live = [e.seq for e in self.session.log if not e.undone]
        return live[-1] if live else None

    def _entry_words(self, seq: int | None, before: GameState) -> str:
        """``#17 1 杀 2``: entry ``seq`` as an undo / redo message names it; a line naming a hidden role
        (before or after the step) shows ``••`` as the log does (``redact_line``)."""
        if seq is None:
            return ""
        if self.journaled is not None:
            found: list[LogEntryLike] = [e for e in self.journaled.log_since(seq - 1) if e.seq == seq]
        else:
            found = [e for e in self.session.log if e.seq == seq]
        if not found:
            return f"#{seq}"
        out = []
        for line in found[0].lines:
            hidden = redact_line(line, before, reveal=self.reveal)
            out.append(hidden if hidden != line else redact_line(line, self.state, reveal=self.reveal))
        return f"#{seq} " + " ; ".join(out)

    def _guarded(self, fn: Any, where: str) -> Any:
        """``fn()``, or None after saying a journal failure (the screen keeps the journaled state) or a bug."""
        try:
            return fn()
        except JournalError as e:
            self.say(f"✗ {e.text(self.lang)}", error=True)
            self.refresh_view()
        except Exception as e:  # noqa: BLE001 - a bug must not close the moderator's game
            self._internal(e, where)
        return None

    def _step(self, name: str) -> None:
        """Undo or redo one entry through the session, and say which."""
        before = self.state
        seq = self._live_top() if name == "undo" else None
        ok = self._guarded(self.session.undo if name == "undo" else self.session.redo, name)
        if ok is None:
            return
        if ok:
            self._drop_scan()
            if name == "redo":
                seq = self._live_top()
            self.say(label("undid_entry" if name == "undo" else "redid_entry", self.lang,
                           entry=self._entry_words(seq, before)))
        else:
            self.say(label("nothing_undo" if name == "undo" else "nothing_redo", self.lang), error=True)
        self.refresh_view()

    def _whole_run(self, name: str) -> bool:
        """ctrl+z right after a quiet-phase run undoes all of it, ctrl+y right after that redoes it
        (``QuickMixin.undo_run`` / ``redo_run``); True when it did, and said so by its first and last entry."""
        before = self.state
        top = self._live_top()
        n = self._guarded(self.undo_run if name == "undo" else self.redo_run, name)
        if n is None:
            return True
        if not n:
            return False
        self._drop_scan()
        if name == "undo":
            first, last = (self._live_top() or 0) + 1, top
        else:
            first, last = (top or 0) + 1, self._live_top()
        self.say(qlabel("run_undone" if name == "undo" else "run_redone", self.lang, n=n,
                        first=self._entry_words(first, before), last=self._entry_words(last, before)))
        self.refresh_view()
        return True

    def action_undo(self) -> None:
        if not self._whole_run("undo"):
            self._step("undo")

    def action_redo(self) -> None:
        if not self._whole_run("redo"):
            self._step("redo")

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

    def action_distances(self) -> None:
        self.open_distances(None)

    def open_distances(self, seat: int | None) -> None:
        """The distance matrix (F3, or a right-click on seat card ``seat``: the cursor on its row)."""
        from .screens import DistanceScreen  # noqa: PLC0415 - imported on first use: faster first paint

        self.push_screen(DistanceScreen(self.state.clone(), self.lang, seat))

    def action_skill_answer(self, word: str) -> None:
        """F8 / F9: answer the pending skill question with yes / no (one key)."""
        top = self.state.prompt
        if top is None and self._ask is not None and self._ask[0] is self.state:  # light mode's hand question
            self.action_choose(0 if word == "yes" else 1)
            return
        if top is None or top.kind != PromptKind.SKILL:
            self.say(label("no_skill_question", self.lang), error=True)
            return
        if word not in skill_answer_verbs(top):  # e.g. 刚烈's "discard 2 / take": not a yes / no question
            self.say(label("not_yes_no", self.lang), error=True)
            return
        self.submit_line(word)

    def action_skills(self) -> None:
        top = self.state.prompt
        self.open_skills(top.seat if top is not None and top.kind == PromptKind.SKILL else None)

    def open_skills(self, seat: int | None) -> None:
        """The skills list (F7, or a click on a seat card's general: at that seat; None: all seats)."""
        from .screens import SkillsScreen  # noqa: PLC0415 - imported on first use

        self.push_screen(SkillsScreen(self.state.clone(), self.lang, seat))

    def action_command_palette(self) -> None:
        """ctrl+p: Textual's command palette with its search field in the dashboard's language (Textual's own
        ``App.action_command_palette`` says "Search for commands…" whatever the language)."""
        from textual.command import CommandPalette  # noqa: PLC0415 - imported on first use

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(CommandPalette(placeholder=label("palette_search", self.lang), id="--command-palette"))

    def palette_line(self, line: str) -> None:
        """A setting picked in the command palette: submitted as the typed line (``step every phase on``,
        ``track hands off``)."""
        if self.readonly and not line.startswith("step"):
            self.say(label("read_only_open", self.lang), error=True)
            return
        self.submit_line(line, typed=False)
        self.query_one(CommandBar).focus()

    def palette_verb(self, verb: str, syntax: str) -> None:
        """A verb picked in the command palette: the verb goes into the command bar (a seat-first form
        such as ``S CARD …`` leaves the bar as it is) and the message shows its usage."""
        bar = self.query_one(CommandBar)
        first = syntax.split()[0] if syntax.split() else verb
        if first == verb and not bar.value.strip():
            bar.value = verb + " "
            bar.cursor_position = len(bar.value)
        self.say(syntax)
        bar.focus()

    def action_serve(self, where: str = "") -> None:
        """F10 / ``serve [HOST][:PORT]``: start the players' view (once) and show its URL and QR code."""
        from .serve import open_serve  # noqa: PLC0415 - the web server is imported on first use

        self.run_worker(open_serve(self, where), group="serve", name="serve")

    def action_help(self) -> None:
        from .screens import HelpScreen  # noqa: PLC0415 - imported on first use

        self.push_screen(HelpScreen(self.help_sections(), self.lang))

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """F1's help as ``[(title, [(key or syntax, description), …]), …]`` in the screen's language: the keys,
        then the command language's verbs (``script.VERBS``: syntax, description and example)."""
        lang = self.lang
        keys = [(k.keys.upper(), k.described(lang)) for k in KEYS if k.show]
        keys += [("F7", label("help_f7", lang)), ("F8 / F9", label("help_f8_f9", lang)), ("F10", label("help_f10", lang)),
                 ("^P", label("help_palette", lang)), ("Tab / →", label("help_tab", lang))]
        verbs = []
        for verb, usage in self.script.VERBS.items():
            syntax, desc, example = self._usage(verb, usage)
            verbs.append((syntax, desc + (label("help_example", lang, example=example) if example else "")))
        return [(label("help_keys", lang), keys), (label("help_commands", lang), verbs)]

    def help_text(self) -> str:
        """F1's help as plain text, one row a line (``help_sections``)."""
        out: list[str] = []
        for title, rows in self.help_sections():
            if out:
                out.append("")
            out.append(title)
            width = 12 if not out[:-1] else 28
            out += [f"  {key:<{width}} {desc}" for key, desc in rows]
        return "\n".join(out)

    def _usage(self, verb: str, usage: UsageLike) -> tuple[str, str, str]:
        """(syntax, description in the screen's language, example) of a ``script.VERBS`` entry
        (``script.Usage``: usage, en, zh, example)."""
        from companion.rules.choices import command_words  # noqa: PLC0415 - the example in the screen's words

        return (usage.usage or verb, (usage.zh if self.lang == "zh" else usage.en) or usage.en,
                command_words(usage.example, self.lang))

    def watch_lang(self) -> None:
        self.title = label("title", self.lang)
        self.refresh_view()

    def watch_reveal(self) -> None:
        self.refresh_view()

    def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "zh" else "zh"  # redrawn by watch_lang, the footer by the reactive
        from companion.settings import save  # noqa: PLC0415

        save(lang=self.lang)  # now, not at exit: a killed terminal keeps the choice (a failed write is ignored)
        self.say("")

    def action_reveal_roles(self) -> None:
        if self.reveal:
            self.reveal = False  # redrawn by watch_reveal
            self.say(label("roles_hidden", self.lang))
            return

        if not any(s.role is not None and s.public_role is None for s in self.state.seats):
            self.say(label("no_hidden_roles", self.lang))  # nothing to reveal: do not claim "roles shown"
            return

        from .screens import ConfirmRevealScreen  # noqa: PLC0415 - imported on first use

        def done(ok: bool | None) -> None:
            if ok:
                self.reveal = True
                self.say(label("roles_shown", self.lang), error=True)
            self.query_one(CommandBar).focus()

        self.push_screen(ConfirmRevealScreen(self.lang), done)

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, CommandBar):
            self.bar_changed(event.value)
        if isinstance(event.input, CommandBar) and not event.value.strip() and self._preview_key is not None:
            self._hide_preview()  # the filled-in card was cleared: nothing left to compare

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
