"""What the dashboard needs of a game: :class:`SessionLike`, of a journaled one: :class:`Journaled`, and of
the command language: :class:`CommandLanguage` (``companion.script``).

:class:`companion.session.Session` is both.  A session that is only :class:`SessionLike` (the tests'
``FakeSession``, a bench's) gets the same screen without the journal's parts: no journal line, no
read-only mode, the log read whole instead of by position.  The app asks ``isinstance(session,
Journaled)`` once, when it opens, instead of probing the session attribute by attribute.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from companion.journal import Journal, JournalError
    from companion.rules.errors import Event
    from companion.rules.messages import Words
    from companion.rules.state import GameState

__all__ = ["CommandLanguage", "Journaled", "JournaledEntry", "LogEntryLike", "ReadingLike", "ScanStatusLike",
           "ScannerLike", "SessionLike", "UsageLike", "VoterLike"]


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


if TYPE_CHECKING:
    import companion.script
    from companion.session import Session

    def _script_is_a_language() -> CommandLanguage:
        return companion.script  # mypy checks that the real command language has what the dashboard asks of one

    def _session_is_both(s: Session) -> tuple[SessionLike, Journaled]:
        return s, s  # mypy checks that the real session has everything the dashboard asks of one

