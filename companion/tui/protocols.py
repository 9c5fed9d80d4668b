"""What the dashboard needs of a game: :class:`SessionLike`, of a journaled one: :class:`Journaled`, of
the command language: :class:`CommandLanguage` (``companion.script``), and what its mixins need of the app
they are mixed into: :class:`DashboardHost`, through their one base :class:`AppMixin`.

:class:`companion.session.Session` is both.  A session that is only :class:`SessionLike` (the tests'
``FakeSession``, a bench's) gets the same screen without the journal's parts: no journal line, no
read-only mode, the log read whole instead of by position.  The app asks ``isinstance(session,
Journaled)`` once, when it opens, instead of probing the session attribute by attribute.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from textual.app import App

    from companion.journal import Journal, JournalError
    from companion.rules.errors import Event, Refused
    from companion.rules.messages import Words
    from companion.rules.state import GameState

    from .serve import WebShare

__all__ = ["AppMixin", "CommandLanguage", "DashboardHost", "Journaled", "JournaledEntry", "LogEntryLike",
           "ReadingLike", "ScanStatusLike", "ScannerLike", "SessionLike", "UsageLike", "VoterLike"]


class LogEntryLike(Protocol):
    """One entry of ``session.log``: journal position ``seq`` (1 the game's first), its command lines,
    whether it was forced or undone, and the events it produced (None: not kept)."""

    @property
    def seq(self) -> int: ...
    @property
    def lines(self) -> Sequence[str]: ...
    @property
    def forced(self) -> bool: ...
    @property
    def undone(self) -> bool: ...
    @property
    def events(self) -> Sequence[Event] | None: ...


class JournaledEntry(LogEntryLike, Protocol):
    """An entry of a journal: chained to the entry it was applied on (``parent``, 0 the game's start)."""

    @property
    def parent(self) -> int: ...


class SessionLike(Protocol):
    """A game the dashboard can show and change: its state, its log, and commands, undo and redo.

    ``submit`` raises :class:`~companion.rules.errors.Refused` (a rule said no),
    :class:`~companion.rules.errors.CommandError` (not a command) or
    :class:`~companion.journal.JournalError` (the journal cannot be written); its result has ``.events``."""

    @property
    def state(self) -> GameState: ...
    @property
    def log(self) -> Sequence[LogEntryLike]: ...
    def submit(self, line: str) -> Any: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...


@runtime_checkable
class Journaled(Protocol):
    """A session kept in a journal (:class:`companion.session.Session`): where it stands (``tip``, the last
    live entry; ``last_seq``, the newest, undone or not), the entries by position, how it was opened
    (``opened``: "new", "resumed" or "none_unfinished"; ``problem``: the journal opened only up to its last
    good entry; ``checkpoint_note``: the resume replayed past a checkpoint's place, in en and zh), and read-only
    watching (``readonly``, ``reload()`` True when the game changed).

    Only cheap members: ``isinstance`` on a runtime protocol reads each (``log`` builds the whole log)."""

    journal: Journal | None
    game_id: int | None
    opened: str
    problem: JournalError | None
    checkpoint_note: Words | None

    @property
    def readonly(self) -> bool: ...
    @property
    def tip(self) -> int: ...
    @property
    def last_seq(self) -> int: ...
    def log_since(self, seq: int) -> Sequence[JournaledEntry]: ...
    def log_tail(self, n: int) -> Sequence[JournaledEntry]: ...
    def reload(self) -> bool: ...


class UsageLike(Protocol):
    """How a verb is written (``usage``: ``"damage S [N] [from T]"``), what it does in English and Chinese, and an
    example line (``companion.script.Usage``)."""

    @property
    def usage(self) -> str: ...
    @property
    def en(self) -> str: ...
    @property
    def zh(self) -> str: ...
    @property
    def example(self) -> str: ...


class CommandLanguage(Protocol):
    """The command language as the dashboard uses it (:mod:`companion.script`, docs/commands.md): its verbs for
    help and the palette, whole-line completions for the command bar, and ``execute`` to try a line on a state
    without journaling it (the explanation of a spent choice).

    ``completions(state, text)`` returns candidates for the last word of ``text`` or whole lines; ``execute``
    raises :class:`~companion.rules.errors.Refused` or :class:`~companion.rules.errors.CommandError` and never
    changes ``state`` (the engine works on a clone)."""

    @property
    def VERBS(self) -> Mapping[str, UsageLike]: ...  # the module's constant
    def completions(self, state: GameState, text: str) -> list[str]: ...
    def execute(self, state: GameState, line: str) -> Any: ...


class ReadingLike(Protocol):
    """What the scan reads of a frame (``recognition.reader.Reading``): ``label`` (``"♠7"``; ``"?"`` when nothing was
    read), ``confidence`` (0..1) and ``corner``, the picture of the card's index for the preview (a BGR uint8 array,
    or None)."""

    @property
    def label(self) -> str: ...
    @property
    def confidence(self) -> float: ...
    @property
    def corner(self) -> Any: ...


class ScanStatusLike(Protocol):
    """One update of a scan (``recognition.camera.ScanStatus``): ``state`` (``"searching"``, ``"reading"`` or
    ``"accepted"``), the latest ``reading`` (None: nothing read) and ``streak``, how many frames agree."""

    @property
    def state(self) -> str: ...
    @property
    def reading(self) -> ReadingLike | None: ...
    @property
    def streak(self) -> int: ...


class VoterLike(Protocol):
    """The scan's vote over recent frames (``recognition.camera.FrameVoter``)."""

    def best_guess(self) -> ReadingLike | None: ...


class ScannerLike(Protocol):
    """A camera scan (``recognition.camera.CameraScanner``, used as a context manager): ``updates()`` yields a
    status per usable frame and raises ``CameraError`` on a fault; ``voter`` its vote; ``ended`` set (``"end of
    video file"``) once a video file has ended, else None."""

    @property
    def voter(self) -> VoterLike: ...
    @property
    def ended(self) -> str | None: ...
    def updates(self) -> Iterator[ScanStatusLike]: ...
    def __enter__(self) -> Any: ...
    def __exit__(self, *exc: object) -> Any: ...


class DashboardHost(Protocol):
    """What the dashboard's mixins (``view.py``, ``submit.py``, ``history.py``, ``dialogs.py``, ``quick.py``,
    ``scan.py``) use of :class:`companion.tui.app.CompanionApp` besides Textual's ``App``: each member is
    provided by the app or by one of the mixins, and declared here once for all of them (through
    :class:`AppMixin`, which declares the attributes they assign); mypy checks, where the app is made, that
    it provides them all."""

    # -- CompanionApp (app.py) --
    @property
    def script(self) -> CommandLanguage: ...

    # -- view.py --
    @property
    def state(self) -> GameState: ...
    @property
    def readonly(self) -> bool: ...
    @property
    def message(self) -> str: ...
    def say(self, text: str, *, error: bool = False) -> None: ...
    def refresh_view(self) -> None: ...
    def fit_table(self) -> None: ...

    # -- submit.py --
    def submit_line(self, line: str, *, typed: bool = True, quiet: bool = True) -> bool: ...
    def refusal_text(self, r: Refused, *, typed: bool = True, kept: bool = False) -> str: ...
    def _internal(self, error: Exception, where: str) -> None: ...

    # -- history.py --
    def action_undo(self) -> None: ...
    def action_redo(self) -> None: ...

    # -- dialogs.py --
    def open_skills(self, seat: int | None) -> None: ...
    def open_distances(self, seat: int | None) -> None: ...
    def action_serve(self, where: str = "") -> None: ...

    # -- quick.py --
    @property
    def asking(self) -> bool: ...
    def action_choose(self, i: int) -> None: ...
    def draw_choices(self) -> None: ...
    def empty_enter(self) -> bool: ...
    def numbered_enter(self, line: str) -> bool: ...
    def step_setting(self, line: str) -> bool: ...
    def card_beginning(self, line: str) -> str | None: ...
    def after_answer(self, before: Any) -> None: ...
    def hand_asked(self, r: Refused, line: str) -> None: ...
    def undo_run(self) -> int: ...
    def redo_run(self) -> int: ...

    # -- scan.py --
    def _drop_scan(self) -> None: ...
    def _hide_preview(self) -> None: ...
    def _scan_after_redraw(self) -> None: ...


if TYPE_CHECKING:
    class AppMixin(App[int], DashboardHost):
        """The base of each of the dashboard's mixins: to mypy, the app they are mixed into (a Textual ``App``
        with what :class:`DashboardHost` declares, and the attributes below); at run time ``object``, adding
        nothing to the app's classes.  The attributes are declared here, not in the protocol: the mixins assign
        them, and mypy takes an assignment to a protocol's bare attribute in a subclass for a new definition."""

        # set in CompanionApp.__init__ (app.py)
        session: SessionLike
        journaled: Journaled | None
        lang: str  # "zh" or "en" (a reactive in CompanionApp)
        reveal: bool  # the hidden roles are drawn (F5; a reactive in CompanionApp)
        camera: int | str  # the webcam F6 reads (an index or a device path)
        web_share: WebShare | None
        WIDE: int  # columns from which the log moves to the right of the table
        _ptext: str
        _drawn_header: str | None
        _drawn_banner: str | None
        _opened: dict[str, str] | None
        _slots: dict[tuple, tuple[list[Any], set[int]]]
        # set in QuickMixin (quick.py)
        _partial: Any  # the partial Choice whose line is in the bar
        _ask: tuple[Any, int, str] | None  # (state, seat, line) of a hand.ask refusal
else:
    AppMixin = object


if TYPE_CHECKING:
    import companion.script
    from companion.session import Session

    def _script_is_a_language() -> CommandLanguage:
        return companion.script  # mypy checks that the real command language has what the dashboard asks of one

    def _session_is_both(s: Session) -> tuple[SessionLike, Journaled]:
        return s, s  # mypy checks that the real session has everything the dashboard asks of one

