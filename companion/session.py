"""A game being moderated: the journal plus a stack of states.

``Session`` is what the dashboard and ``companion replay`` talk to.  Each
input line goes ``prepare`` → ``execute`` (each prepared line, in order) →
journal (the prepared lines as one entry, one committed transaction) → the
caller shows the result.  A refused or unreadable line raises and journals
nothing.  ``undo``/``redo`` move along the live chain of entries; the states of
the newest entries and of every ``CHECKPOINT_EVERY``-th are kept, others are
replayed from the nearest kept one (at most ``CHECKPOINT_EVERY - 1`` entries).
Undone entries stay in the journal with ``undone = 1`` as an audit trail.
Every ``CHECKPOINT_EVERY`` live entries the state is journaled as a checkpoint
(``companion.snapshot``); a resume replays only the entries after the last one.

The line executor is injectable: by default ``companion.script.prepare`` and
``companion.script.execute`` (imported when first needed), but any
``execute(state, line) -> Applied`` with ``Applied.state``/``Applied.events``
and ``prepare(state, line, seed=None) -> list[str]`` will do (tests use a toy
language).
"""

from __future__ import annotations

import bisect
import dataclasses
import gc
import os
import sys
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

from .journal import EntryRow, Journal, JournalError
from .rules.errors import CommandError, Refused
from .rules.messages import Words, en_zh
from .rules.state import GameState
from .snapshot import SnapshotError, decode, encode, rules_fingerprint

if TYPE_CHECKING:
    from .rules.flow import Action, Applied

__all__ = ["Session", "LogEntry", "ReplayError", "JournalError", "is_forced", "check_line"]

Execute = Callable[[GameState, str], Any]
Prepare = Callable[..., list[str]]


def _default_execute(state: GameState, line: str):
    from .script import execute  # noqa: PLC0415  (the command language arrives with the engine)

    return execute(state, line)


def _default_prepare(state: GameState, line: str, seed=None) -> list[str]:
    from .script import prepare  # noqa: PLC0415

    return prepare(state, line, seed=seed)


_ParseOnce = tuple[Callable[..., list[tuple[str, "Action | None"]]], Callable[..., "Applied"]]
_PARSE_ONCE: tuple[object, _ParseOnce] | None = None
"""The ``companion.script`` module last looked at and its :func:`_parse_once_funcs`."""


def _parse_once_funcs() -> _ParseOnce:
    """``(prepare_actions, execute_prepared)`` of ``companion.script``, the command language.  Looked up
    again only when ``sys.modules`` holds another ``companion.script`` than last time (a test installs a
    toy one): an import statement run at every submit costs ≈ 8,000–11,000 instructions in Python 3.11
    (bench/engine, docs/performance.md), a dict lookup ≈ 100."""
    global _PARSE_ONCE
    known = _PARSE_ONCE
    if known is None or sys.modules.get("companion.script") is not known[0]:
        from . import script  # noqa: PLC0415  (the command language arrives with the engine)

        known = _PARSE_ONCE = (script, (script.prepare_actions, script.execute_prepared))
    return known[1]


def is_forced(line: str) -> bool:
    """True for a line with the ``force`` prefix (``"force slash 2 5"``)."""
    head = line.strip().split(None, 1)
    return bool(head) and head[0].casefold() == "force"


_MAX_LINE = 2000  # characters; a longer line is no command anyone types


def check_line(line: str) -> None:
    """Refuse what a journal line cannot be: several lines (CR/LF inside), control characters, text that
    is not valid Unicode (a lone surrogate), or an absurdly long line.  Raises CommandError (zh/en)."""
    if "\n" in line or "\r" in line:
        _refuse_line("session.line/several")
    if any(ord(c) < 32 and c != "\t" or ord(c) == 127 for c in line):
        _refuse_line("session.line/control")
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        _refuse_line("session.line/surrogate")
    if len(line) > _MAX_LINE:
        _refuse_line("session.line/too_long", n=len(line), limit=_MAX_LINE)


def _refuse_line(key: str, **params: Any) -> NoReturn:
    """Raise the CommandError of the catalogue's ``[text]`` entry ``key`` (both languages)."""
    en, zh = en_zh(key, **params)
    raise CommandError(en, zh=zh)


def _journal_error(key: str, path: str | os.PathLike[str] | None, *, kind: str = "error", **params: Any) -> JournalError:
    """The JournalError of the catalogue's ``[text]`` entry ``key`` (``str(e)`` English, ``e.zh`` Chinese)."""
    en, zh = en_zh(key, **params)
    return JournalError(en, path, kind=kind, zh=zh)


def _error_words(e: BaseException) -> Words:
    """What went wrong with ``e``, in both languages (:func:`describe_error`)."""
    return Words(describe_error(e), describe_error(e, "zh"))


def _is_blank(line: str) -> bool:
    s = line.strip()
    return not s or s.startswith("#")


@dataclass(slots=True)
class LogEntry:
    """One journal entry as shown in the log.

    ``events`` are re-derived by executing ``lines`` on the state the entry
    was applied to (``None`` when that is no longer possible, e.g. an undone
    entry the current rules refuse).
    """

    seq: int
    lines: tuple[str, ...]
    forced: bool
    undone: bool
    events: list | None = None
    at: str = ""
    parent: int = 0


class ReplayError(Exception):
    """A line of a script could not be applied.

    ``lineno`` (1-based) and ``line`` say where, ``error`` is the exception
    (``Refused``, ``CommandError``, ``ValueError``...), ``reason`` its
    one-line text, ``session`` the session as it was before that line.
    """

    def __init__(self, lineno: int, line: str, error: BaseException, session: "Session", lang: str = "en") -> None:
        self.lineno = lineno
        self.line = line
        self.error = error
        self.session = session
        self.reason = describe_error(error, lang)
        super().__init__(f"line {lineno}: refused: {self.reason}")


def describe_error(error: BaseException, lang: str = "en") -> str:
    """One line for a refusal or a syntax error (``Refused`` gets its rule and source)."""
    if isinstance(error, Refused):
        return error.line(lang)
    if isinstance(error, CommandError) and lang == "zh":
        return error.zh
    said = getattr(error, "text", None)
    if callable(said):  # a JournalError, a card reader's error: said in each language
        return str(said(lang))
    msg = str(error)
    if isinstance(error, KeyError) and error.args:
        msg = str(error.args[0])
    return msg or type(error).__name__


def _combine(applieds: list):
    """One Applied for several executed lines: the last state, all events in order."""
    last = applieds[-1]
    if len(applieds) == 1:
        return last
    events = [ev for a in applieds for ev in a.events]
    if dataclasses.is_dataclass(last) and not isinstance(last, type):
        return dataclasses.replace(last, events=events)
    if hasattr(last, "_replace"):
        return last._replace(events=events)
    return type(last)(last.state, events)


CHECKPOINT_EVERY = 128
"""Every this many live entries the state is kept in memory, and journaled as a checkpoint
(``Journal.save_checkpoint``): a resume replays from the last one, an undo at most this many."""
KEEP_RECENT = 64
"""States kept for the newest live entries (undo without replaying)."""
CACHE_STATES = 2 * CHECKPOINT_EVERY
"""States recomputed for undo or the log, kept in a least-recently-used cache."""
CACHE_EVENTS = 4096
"""Entries whose events (the log's lines) are kept; older ones are recomputed when asked."""


@dataclass(slots=True)
class _Step:
    seq: int
    entry: EntryRow | None  # None: not read yet (a step below the checkpoint a resume started from)
    state: GameState | None  # None: not kept (recomputed from the last kept state below it)


def _step(entry: EntryRow, state: GameState | None) -> _Step:
    return _Step(entry.seq, entry, state)


class _Stack:
    """The live chain, one :class:`_Step` per live entry, oldest first (a list's interface).

    After a resume from a checkpoint only the steps from it on are built: the ``low`` ones below
    it are known by count, and built (``fill()``: their seqs, rows read later) when first reached
    — an undo past the checkpoint, or the log reaching that far."""

    __slots__ = ("low", "steps", "fill")

    def __init__(self) -> None:
        self.low = 0
        self.steps: list[_Step] = []
        self.fill: Callable[[], list[_Step]] | None = None

    def _build(self) -> None:
        if self.low:
            assert self.fill is not None
            low = self.fill()
            if len(low) != self.low:
                raise _journal_error("session.window_changed", None, kind="conflict", live=len(low), low=self.low)
            self.steps[:0] = low
            self.low, self.fill = 0, None

    def __len__(self) -> int:
        return self.low + len(self.steps)

    def __bool__(self) -> bool:
        return bool(self.low or self.steps)

    def __getitem__(self, i: int) -> _Step:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if i < self.low:
            self._build()
            return self.steps[i]
        return self.steps[i - self.low]

    def append(self, step: _Step) -> None:
        self.steps.append(step)

    def pop(self) -> _Step:
        if not self.steps:
            self._build()
        return self.steps.pop()

    def index_of(self, seq: int) -> int | None:
        """Index of the live step of entry ``seq``, or None (the chain's seqs increase)."""
        if self.low and (not self.steps or seq < self.steps[0].seq):
            self._build()
        i = bisect.bisect_left(self.steps, seq, key=lambda step: step.seq)
        return self.low + i if i < len(self.steps) and self.steps[i].seq == seq else None


@dataclass(slots=True)
class _Redo:
    entry: EntryRow
    applied: Any = None  # computed when first needed


@dataclass(slots=True)
class _Kept:
    """The state and events of an undone entry (what redo applies again)."""

    state: GameState
    events: list | None


class Session:
    """Journal + state stack for one game.

    Build one with :meth:`new`, :meth:`resume` or :meth:`replay_lines`.
    ``execute``/``prepare`` default to :mod:`companion.script`; ``initial``
    makes the state before the first entry (default ``GameState()``).
    ``journal`` None keeps everything in memory.
    """

    def __init__(self, journal: Journal | None = None, game_id: int | None = None, *,
                 execute: Execute | None = None, prepare: Prepare | None = None,
                 initial: Callable[[], GameState] = GameState) -> None:
        self.journal = journal
        self.game_id = game_id
        self._execute = execute or _default_execute
        self._prepare = prepare or _default_prepare
        # with the default command language, submit parses each line once: prepare hands
        # its parsed Action on to execution (an injected executor keeps prepare + execute)
        self._parse_once = execute is None and prepare is None
        self._initial = initial()
        self._stack = _Stack()
        self._redo: list[_Redo] = []  # top of the redo stack is the last item
        self._entries: dict[int, EntryRow] = {}  # every row from _rows_from on (older ones read when asked)
        self._rows_from = 1
        self._events: OrderedDict[int, list | None] = OrderedDict()  # bounded: CACHE_EVENTS
        self._cache: OrderedDict[int, GameState] = OrderedDict()  # bounded: CACHE_STATES
        # seqs with a journaled checkpoint (current rules); None: not read yet (a resume reads only the newest)
        self._checkpoints: set[int] | None = set() if journal is None else None
        self._unusable: set[int] = set()  # checkpoints a resume could not read (written again when passed)
        self.checkpoint_used: int = 0  # the seq a resume started from (0: the first entry)
        self.use_checkpoints = True
        self._loading = False
        self._next_mem_seq = 1
        self._over: tuple[bool, str | None] = (False, None)  # (over, winner) as last journaled
        self._unreplayed: list[int] = []  # live entries after one that does not replay (kept, not applied)
        # how the game was opened, for the dashboard's first line: "new", "resumed", or
        # "none_unfinished" (resume found no unfinished game and started a new one)
        self.opened = "new"
        # set when the journal holds an entry that does not replay (or is damaged): the game is open up to
        # the last good entry; a JournalError(kind="replay") whose text says which and what was kept
        self.problem: JournalError | None = None
        # set when a resume replayed past a checkpoint's place (its checkpoint unreadable, or none of these
        # rules): the state is the full replay's, only the resume was slower; Words (en, zh) saying so
        self.checkpoint_note: Words | None = None

    # -- constructors -------------------------------------------------------------
    @staticmethod
    def _journal(db, readonly: bool = False) -> Journal:
        if isinstance(db, Journal):
            return db
        return Journal(db, readonly=readonly)

    @property
    def readonly(self) -> bool:
        """True for a session opened read-only (it can be watched, not changed)."""
        return self.journal is not None and self.journal.readonly

    @staticmethod
    def _writer(j: Journal) -> None:
        """Become the journal's one writer; closes ``j`` and raises JournalError(kind="locked") when
        another companion window writes it."""
        try:
            j.lock()
        except JournalError:
            j.close()
            raise

    @classmethod
    def new(cls, db: str | os.PathLike | Journal | None = None, *, title: str = "", **kw) -> "Session":
        """A new game in the journal ``db`` (path, open Journal, or None for the default file).

        Raises JournalError for an unusable journal.
        """
        j = cls._journal(db)
        cls._writer(j)
        try:
            return cls(j, j.new_game(title), **kw)
        except BaseException:
            j.close()
            raise

    @classmethod
    def resume(cls, db: str | os.PathLike | Journal | None = None, game_id: int | None = None, *,
               create: bool = True, readonly: bool = False, checkpoints: bool = True, **kw) -> "Session":
        """Reopen game ``game_id``, or the latest unfinished game (a new one when there is none and ``create``).

        The state is rebuilt by replaying the live entries after the last checkpoint of the
        current rules (``checkpoints=False``: from the first entry, the source of truth that
        ``companion check`` compares the checkpoints with).  An entry that no longer replays (or whose
        checksum does not match) stops the replay there: the game opens at the last good entry, the
        later live entries are kept (set aside as undone when the journal is writable) and
        :attr:`problem` says so.  ``readonly`` opens the journal for watching only (every write raises
        JournalError ``kind="watching"``; no game is created).  Raises JournalError for an unusable
        journal, an unknown game id, or (``kind="locked"``) a journal another window is writing.
        """
        j = cls._journal(db, readonly)
        try:
            if not j.readonly:
                cls._writer(j)
            if game_id is None:
                game_id = j.latest_unfinished()
                if game_id is None and readonly:
                    games = j.games()
                    game_id = games[-1].id if games else None
                if game_id is None:
                    if not create or readonly:
                        raise _journal_error("session.no_unfinished", j.path, kind="nogame", file=j.path)
                    s = cls(j, j.new_game(), **kw)
                    s.opened = "none_unfinished"
                    return s
            if not j.has_game(game_id):
                j.game(game_id)  # raises its clear "no game N" error
            s = cls(j, game_id, **kw)
            s.opened = "resumed"
            s.use_checkpoints = checkpoints
            collecting = gc.isenabled()
            gc.disable()  # loading creates objects that all live on: nothing for the collector to find
            try:
                s._open_journaled()
            finally:
                if collecting:
                    gc.enable()
            gc.freeze()  # and they need not be walked again by later full collections
            return s
        except BaseException:
            j.close()
            raise

    open = resume  # Session.open(db, game_id)

    @classmethod
    def replay_lines(cls, lines: Iterable[str], *, lang: str = "en",
                     on_entry: Callable[[int, LogEntry], None] | None = None, **kw) -> "Session":
        """Run script lines in memory (no journal), skipping blanks and ``#`` comments.

        ``on_entry(lineno, log_entry)`` is called after each applied line.
        Raises :class:`ReplayError` (line number, reason, partial session) on
        the first refused or unreadable line.
        """
        s = cls(None, None, **kw)
        for lineno, line in enumerate(lines, 1):
            line = line.rstrip("\r\n")
            if _is_blank(line):
                continue
            try:
                s.submit(line)
            except (Refused, ValueError, LookupError) as e:  # CommandError is a ValueError
                raise ReplayError(lineno, line, e, s, lang) from e
            if on_entry is not None and s._stack:
                on_entry(lineno, s._log_entry(s.tip))
        return s

    def _open_journaled(self) -> None:
        """Load the game from the journal: from its last usable checkpoint on the live chain, reading only
        the rows from that checkpoint on (the older ones are read when an undo or the log reaches them) and
        the checkpoint's depth (counted once, and recorded, for a checkpoint written without it); without
        one, every row.  Sets :attr:`checkpoint_note` when the replay passed a checkpoint's place."""
        j, game = self.journal, self._journal_game()
        assert j is not None
        unreadable: int | None = None  # the newest checkpoint on the live chain that could not be read
        if self.use_checkpoints and self._parse_once:
            fp = rules_fingerprint()
            below: int | None = None
            while found := j.newest_checkpoints(game, fp, below):
                for seq, depth in found:
                    below = seq
                    rows = j.entries(game, seq)
                    if not rows or rows[0].seq != seq or rows[0].undone:
                        continue  # not on the live chain
                    state = self._load_checkpoint(seq)
                    if state is None:  # unreadable: an older one, and this one is written again
                        self._unusable.add(seq)
                        unreadable = unreadable or seq
                        continue
                    # written before checkpoints kept their depth (or an impossible one: a chain's seqs increase)
                    if depth is None or not 1 <= depth <= seq:
                        depth = j.live_count(game, seq) + 1
                        if not j.readonly:
                            try:
                                j.set_checkpoint_depth(game, seq, fp, depth)
                            except JournalError:
                                pass  # a cache: the next resume counts again
                    self._stack.low = depth - 1
                    self._stack.fill = lambda below=seq: [_Step(q, None, None) for q in j.live_seqs(game, below)]
                    self._rows_from = seq
                    self._load(rows, (rows[0], state))
                    self._note_replay(unreadable)
                    return
        self._load(j.entries(game))
        if self.use_checkpoints and self._parse_once:
            self._note_replay(unreadable)

    def _note_replay(self, unreadable: int | None) -> None:
        """:attr:`checkpoint_note` when this resume replayed a checkpoint's place or more."""
        replayed = len(self._stack) - self._stack.low - (1 if self.checkpoint_used else 0)
        if replayed < CHECKPOINT_EVERY:
            return
        why = (Words(*en_zh("session.checkpoint/unreadable", seq=unreadable)) if unreadable
               else Words(*en_zh("session.checkpoint/none")))
        start = (Words(*en_zh("session.checkpoint/from_entry", seq=self.checkpoint_used)) if self.checkpoint_used
                 else Words(*en_zh("session.checkpoint/from_start")))
        self.checkpoint_note = Words(*en_zh("session.checkpoint/note", game=self.game_id, why=why, n=replayed,
                                            start=start))

    def _row(self, seq: int) -> EntryRow | None:
        """Entry ``seq``'s row (read from the journal, with the rows between it and those already read,
        when it is older than them), or None when the game has no such entry."""
        if seq < self._rows_from and seq >= 1 and self.journal is not None and self.game_id is not None:
            lo = max(1, min(seq, self._rows_from - CHECKPOINT_EVERY))
            rows = self.journal.entries(self.game_id, lo, self._rows_from - 1)
            self._entries.update((r.seq, r) for r in rows)
            self._rows_from = lo
        return self._entries.get(seq)

    def _step_entry(self, step: _Step) -> EntryRow:
        if step.entry is None:
            row = self._row(step.seq)
            if row is None:
                raise _journal_error("session.entry_gone", None, kind="conflict", seq=step.seq)
            step.entry = row
        return step.entry

    def _has_entry(self, seq: int) -> bool:
        return 1 <= seq <= self.last_seq and self._row(seq) is not None

    def _load(self, rows: list[EntryRow], checkpoint: tuple[EntryRow, GameState] | None = None) -> None:
        """Replay ``rows`` (every row of the game, or with ``checkpoint``: the rows from that checkpoint's
        entry on, and its state)."""
        self._entries.update((r.seq, r) for r in rows)
        self._next_mem_seq = max(self._entries, default=0) + 1
        path = self.journal.path if self.journal else None
        bad: EntryRow | None = None
        live = [r for r in rows if not r.undone]
        start = 0  # index in live of the first entry to replay
        if checkpoint is not None:
            self._stack.append(_step(*checkpoint))
            self.checkpoint_used = checkpoint[0].seq
            start = 1
        self._loading = True  # one checkpoint at the end, not one per CHECKPOINT_EVERY replayed
        for r in live[start:]:
            if bad is not None:  # after an entry that does not replay: kept, not replayed
                self._unreplayed.append(r.seq)
                continue
            if not r.intact:
                bad, why = r, Words(*en_zh("session.replay/damaged"))
                self._unreplayed.append(r.seq)
                continue
            if r.parent != self.tip:  # the live chain is broken (two writers of an older version)
                bad = r
                why = Words(*en_zh("session.replay/parent", parent=r.parent, tip=self.tip))
                self._unreplayed.append(r.seq)
                continue
            try:
                applied = self._run(self.state, r.lines)
            except Exception as e:  # noqa: BLE001 - any failure: the game opens at the last good entry
                bad, why = r, Words(*en_zh("session.replay/fails", why=_error_words(e)))
                self._unreplayed.append(r.seq)
                continue
            self._push(r, applied)
        if bad is not None:
            rest = self._unreplayed
            kept = Words(*en_zh("session.replay/kept_many", first=rest[0], last=rest[-1]) if len(rest) > 1
                         else en_zh("session.replay/kept_one", seq=rest[0]))
            writable = self.journal is not None and not self.journal.readonly
            if writable:
                assert self.journal is not None and self.game_id is not None
                try:
                    self.journal.set_aside(self.game_id, rest)
                    for seq in rest:
                        self._entries[seq] = dataclasses.replace(self._entries[seq], undone=True)
                except JournalError:
                    writable = False
            marked = Words(*en_zh("session.replay/marked")) if writable else ""
            self.problem = _journal_error("session.replay/problem", path, kind="replay", game=self.game_id, seq=bad.seq,
                                          lines=" / ".join(bad.lines), why=why, tip=self.tip, kept=kept, marked=marked)
        self._loading = False
        last = len(self._stack) // CHECKPOINT_EVERY * CHECKPOINT_EVERY - 1  # the deepest kept state
        if last >= self._stack.low + start and last >= 0:
            step = self._stack[last]
            if step.state is not None:
                self._save_checkpoint(step.seq, step.state, last + 1)
        self._over = (self.state.over, self.state.winner)
        # redo stack: from the tip, follow the latest undone child (never a damaged or set-aside entry)
        skip = set(self._unreplayed)
        kids: dict[int, EntryRow] = {}
        for r in rows:
            if r.undone and r.intact and r.seq not in skip:
                kids[r.parent] = r  # rows are in seq order: the latest child wins
        chain: list[_Redo] = []
        tip = self.tip
        while tip in kids:
            r = kids[tip]
            chain.append(_Redo(r))
            tip = r.seq
        self._redo = list(reversed(chain))

    # -- state --------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state (do not mutate it)."""
        if not self._stack:
            return self._initial
        top = self._stack[-1]
        if top.state is None:  # after undoing past the kept states
            top.state = self._state_after(top.seq)
        return top.state  # type: ignore[return-value]

    @property
    def tip(self) -> int:
        """Seq of the last live entry (0 at the start)."""
        return self._stack[-1].seq if self._stack else 0

    @property
    def can_undo(self) -> bool:
        return bool(self._stack)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def _run(self, state: GameState, lines) -> Any:
        applieds = []
        for line in lines:
            a = self._execute(state, line)
            applieds.append(a)
            state = a.state
        return _combine(applieds)

    def _push(self, entry: EntryRow, applied) -> None:
        self._stack.append(_step(entry, applied.state))
        self._remember_events(entry.seq, list(applied.events))
        depth = len(self._stack)
        old = depth - 1 - KEEP_RECENT  # the state KEEP_RECENT below the tip is let go...
        if old >= self._stack.low and (old + 1) % CHECKPOINT_EVERY:  # ...unless it is a kept one (a checkpoint's place)
            self._stack[old].state = None
        if depth % CHECKPOINT_EVERY == 0:
            self._save_checkpoint(entry.seq, applied.state, depth)

    def _remember_events(self, seq: int, events: list | None) -> None:
        self._events[seq] = events
        self._events.move_to_end(seq)
        if len(self._events) > CACHE_EVENTS:
            self._events.popitem(last=False)

    def _journaled_checkpoints(self) -> set[int]:
        """Seqs of the game's usable checkpoints of these rules (read when first needed: an undo past the
        kept states, or a checkpoint to write)."""
        if self._checkpoints is None:
            seqs: set[int] = set()
            if self.journal is not None and self.game_id is not None and self._parse_once and self.use_checkpoints:
                seqs = self.journal.checkpoint_seqs(self.game_id, rules_fingerprint()) - self._unusable
            self._checkpoints = seqs
        return self._checkpoints

    def _save_checkpoint(self, seq: int, state: GameState, depth: int) -> None:
        """Journal the state after entry ``seq``, the ``depth``-th live entry (a cache: a failure only costs
        a longer resume)."""
        if (self.journal is None or self.journal.readonly or not self._parse_once or not self.use_checkpoints
                or self._loading or seq in self._journaled_checkpoints()):
            return
        try:
            self.journal.save_checkpoint(self._journal_game(), seq, rules_fingerprint(), encode(state), depth)
        except (SnapshotError, JournalError):
            return
        self._journaled_checkpoints().add(seq)
        self._unusable.discard(seq)

    def _load_checkpoint(self, seq: int) -> GameState | None:
        """The journaled state after entry ``seq``, or None when it cannot be read."""
        try:
            text = self.journal.checkpoint(self._journal_game(), seq, rules_fingerprint()) if self.journal else None
            return decode(text) if text is not None else None
        except (SnapshotError, JournalError):
            return None

    # -- actions ------------------------------------------------------------------
    def submit(self, line: str, *, seed: int | None = None):
        """Apply one input line; returns its Applied (state, events).

        ``prepare`` expands it into the lines to journal (random outcomes
        fixed), each is executed in order, then the lines are journaled as one
        entry (committed before returning).  Raises whatever the executor
        raises (``Refused``, ``CommandError``...) with nothing journaled and
        the state unchanged; JournalError when the journal cannot be written
        (the state is then unchanged too).  A blank or comment-only line, or a line that
        prepares to nothing, is executed but not journaled and changes nothing.
        """
        check_line(line)
        state = self.state
        if not line.split("#", 1)[0].strip():  # blank or comment only: nothing to journal
            return self._execute(state, line)
        if self._parse_once:
            prepare_actions, execute_prepared = _parse_once_funcs()
            planned = prepare_actions(state, line, seed=seed)
            if not planned:
                return self._execute(state, line)
            prepared = [ln for ln, _ in planned]
            applieds = []
            for ln, act in planned:
                a = execute_prepared(state, ln, act)
                applieds.append(a)
                state = a.state
            applied = _combine(applieds)
        else:
            prepared = list(self._prepare(state, line, seed=seed) if seed is not None else self._prepare(state, line))
            if not prepared:
                return self._execute(state, line)
            applied = self._run(state, prepared)
        forced = any(is_forced(ln) for ln in prepared)
        over = (bool(applied.state.over), applied.state.winner if applied.state.over else None)
        change: tuple[bool | None, str | None] = over if over != self._over else (None, None)
        if self.journal is not None:
            entry = self.journal.append(self._journal_game(), prepared, forced=forced, parent=self.tip,
                                        over=change[0], winner=change[1], doing="submit")
        else:
            entry = EntryRow(0, self._next_mem_seq, tuple(prepared), forced, False, "", self.tip)
        self._next_mem_seq = entry.seq + 1
        self._entries[entry.seq] = entry
        self._over = over
        self._redo.clear()  # the undone rows stay in the journal, off the redo stack
        self._push(entry, applied)
        return applied

    def _journal_game(self) -> int:
        """The journaled game's id. Raises JournalError for a journal given without its game."""
        if self.game_id is None:
            raise _journal_error("session.no_game_id", self.journal.path if self.journal else None)
        return self.game_id

    def undo(self) -> bool:
        """Undo the last live entry (journaled as undone).  False when there is nothing to undo."""
        if not self._stack:
            return False
        step = self._stack[-1]
        top_state = self.state
        prev = self._step_state(len(self._stack) - 2)
        over = (bool(prev.over), prev.winner if prev.over else None)
        change: tuple[bool | None, str | None] = over if over != self._over else (None, None)
        if self.journal is not None:
            self.journal.set_undone(self._journal_game(), step.seq, True, over=change[0], winner=change[1])
        entry = dataclasses.replace(self._step_entry(step), undone=True)
        self._stack.pop()
        self._over = over
        self._entries[entry.seq] = entry
        self._redo.append(_Redo(entry, _Kept(top_state, self._events.get(entry.seq))))
        return True

    def redo(self) -> bool:
        """Redo the last undone entry.  False when there is nothing to redo.

        Raises JournalError if a redone entry (after a resume) no longer applies.
        """
        if not self._redo:
            return False
        r = self._redo[-1]
        applied = r.applied
        if applied is not None and applied.events is None:
            applied = None  # its events were forgotten: recompute
        if applied is None:
            try:
                applied = self._run(self.state, r.entry.lines)
            except Exception as e:  # noqa: BLE001
                path = self.journal.path if self.journal else None
                raise _journal_error("session.redo_fails", path, kind="replay", seq=r.entry.seq,
                                     why=_error_words(e)) from None
        st = applied.state
        over = (bool(st.over), st.winner if st.over else None)
        change: tuple[bool | None, str | None] = over if over != self._over else (None, None)
        if self.journal is not None:
            self.journal.set_undone(self._journal_game(), r.entry.seq, False, over=change[0], winner=change[1])
        self._redo.pop()
        self._over = over
        entry = dataclasses.replace(r.entry, undone=False)
        self._entries[entry.seq] = entry
        self._push(entry, applied)
        return True

    # -- log ----------------------------------------------------------------------
    def _step_state(self, i: int) -> GameState:
        """The state after the live step ``i`` (0-based; -1: the start of the game)."""
        if i < 0:
            return self._initial
        step = self._stack[i]
        if step.state is None:
            st = self._state_after(step.seq)
            if st is None:  # a damaged entry (or one the rules now refuse) below it: nothing is changed
                path = self.journal.path if self.journal else None
                raise _journal_error("session.rebuild_fails", path, kind="replay", seq=step.seq)
            step.state = st
        return step.state

    def _known_state(self, seq: int) -> GameState | None:
        if seq == 0:
            return self._initial
        st = self._cache.get(seq)
        if st is not None:
            self._cache.move_to_end(seq)
            return st
        if seq in self._journaled_checkpoints():
            st = self._load_checkpoint(seq)
            if st is not None:
                self._remember_state(seq, st)
            return st
        return None

    def _remember_state(self, seq: int, state: GameState) -> None:
        self._cache[seq] = state
        self._cache.move_to_end(seq)
        if len(self._cache) > CACHE_STATES:
            self._cache.popitem(last=False)

    def _stack_index(self, seq: int) -> int | None:
        """Index of entry ``seq`` in the live chain, or None (a child's seq is above its parent's,
        so the chain's seqs increase)."""
        return self._stack.index_of(seq)

    def _state_after(self, seq: int) -> GameState | None:
        """The state after entry ``seq``, replayed from the nearest known state before it (a kept
        live state, the cache, a checkpoint, or the start), or None when an entry no longer
        applies (its events are then None).  Replays at most CHECKPOINT_EVERY live entries, plus
        the undone branch ``seq`` is on."""
        chain: list[tuple[EntryRow, int | None]] = []  # newest first, with the live chain's depth (None: off it)
        s = seq
        st = None
        while st is None:
            st = self._known_state(s)
            if st is not None:
                break
            i = self._stack_index(s)
            if i is not None:  # on the live chain: down to its nearest kept state
                while st is None:
                    if i < 0:
                        st = self._initial
                        break
                    step = self._stack[i]
                    st = step.state or self._known_state(step.seq)
                    if st is None:
                        e = self._step_entry(step)
                        if not e.intact:  # damaged: never replayed as something else
                            return None
                        chain.append((e, i + 1))
                        i -= 1
                break
            row = self._row(s)
            if row is None or not row.intact:  # a damaged entry is never executed, not even for the log
                return None
            chain.append((row, None))
            s = row.parent
        for e, depth in reversed(chain):
            try:
                applied = self._run(st, e.lines)
            except Exception:  # noqa: BLE001 - an undone entry the rules now refuse: no events
                self._remember_events(e.seq, None)
                return None
            st = applied.state
            self._remember_events(e.seq, list(applied.events))
            self._remember_state(e.seq, st)
            if depth is not None and depth % CHECKPOINT_EVERY == 0:
                # a checkpoint's place with none for these rules (a journal written by other rules: after an
                # upgrade): written now, so that the next replay below the tip starts here, not at the start
                self._save_checkpoint(e.seq, st, depth)
        return st

    def state_after(self, seq: int) -> GameState | None:
        """The state after entry ``seq`` (undone or not), replayed from the nearest kept state;
        None for an unknown seq or an entry the rules no longer accept.  Do not mutate it."""
        if seq != 0 and not self._has_entry(seq):
            return None
        return self._state_after(seq)

    def depth_of(self, seq: int) -> int | None:
        """How many entries the chain up to and including entry ``seq`` holds (undone or not: its place on the
        live chain when it is live; 0 for the start), or None for an unknown seq (what a checkpoint's
        ``depth`` records; ``companion check`` compares them)."""
        n = 0
        while seq:
            i = self._stack_index(seq)
            if i is not None:
                return n + i + 1
            row = self._row(seq) if 1 <= seq <= self.last_seq else None
            if row is None:
                return None
            n, seq = n + 1, row.parent
        return n

    def _events_of(self, seq: int) -> list | None:
        """The events of entry ``seq``: cached, else re-derived by executing it on its parent's state."""
        if seq in self._events:
            self._events.move_to_end(seq)
            return self._events[seq]
        e = self._row(seq)
        assert e is not None
        base = self._state_after(e.parent) if e.intact else None  # a damaged entry is never executed
        events = None
        if base is not None:
            try:
                events = list(self._run(base, e.lines).events)
            except Exception:  # noqa: BLE001 - an undone entry the rules now refuse: no events
                events = None
        self._remember_events(seq, events)
        return events

    def _log_entry(self, seq: int) -> LogEntry:
        e = self._row(seq)
        assert e is not None
        return LogEntry(e.seq, e.lines, e.forced, e.undone, self._events_of(seq), e.at, e.parent)

    @property
    def log(self) -> list[LogEntry]:
        """Every entry of the game in seq order, undone ones included (the audit trail).  Costs the game's
        length (every row is read, and events are re-derived): the dashboard uses :meth:`log_since`."""
        self._row(1)
        return [self._log_entry(seq) for seq in sorted(self._entries)]

    @staticmethod
    def _row_key(rows: list[EntryRow | None]) -> list[tuple | None]:
        return [(r.seq, r.undone, r.hash, r.lines) if r is not None else None for r in rows]

    def reload(self) -> bool:
        """Read-only sessions: reread the journal when another window changed it (a fresh read-only
        connection, so a writer's new entries are seen); True when the game changed.  Writers: False."""
        if self.journal is None or not self.journal.readonly or self.game_id is None:
            return False
        path = self.journal.path
        sig: list[tuple[int, int] | None] = []
        for suffix in ("", "-wal"):
            try:
                st = os.stat(str(path) + suffix)
                sig.append((st.st_size, st.st_mtime_ns))
            except OSError:
                sig.append(None)
        if sig == getattr(self, "_sig", None):
            return False
        self._sig = sig
        j = Journal(path, readonly=True)
        fresh = Session(j, self.game_id, execute=self._execute, prepare=self._prepare)
        fresh._parse_once = self._parse_once
        fresh._initial = self._initial
        fresh.use_checkpoints = self.use_checkpoints  # read from the last checkpoint, as a resume (never written)
        try:
            fresh._open_journaled()
        except BaseException:
            j.close()
            raise
        seqs = sorted(fresh._entries)
        if (fresh.last_seq == self.last_seq and fresh.tip == self.tip
                and self._row_key([fresh._entries[k] for k in seqs]) == self._row_key([self._row(k) for k in seqs])):
            j.close()
            return False
        old = self.journal
        fresh.opened = self.opened
        for name in ("_stack", "_redo", "_entries", "_rows_from", "_events", "_cache", "_checkpoints", "_unusable",
                     "checkpoint_used", "_next_mem_seq", "_over", "_unreplayed", "problem", "checkpoint_note",
                     "journal"):
            setattr(self, name, getattr(fresh, name))
        old.close()
        return True

    @property
    def last_seq(self) -> int:
        """Seq of the newest entry, undone or not (0 before the first)."""
        return self._next_mem_seq - 1

    def log_since(self, seq: int) -> list[LogEntry]:
        """The entries newer than ``seq`` in seq order (what :attr:`log` has after them).

        Costs what it returns, not the game's length (the dashboard appends them)."""
        return [self._log_entry(s) for s in range(max(seq, 0) + 1, self.last_seq + 1) if self._has_entry(s)]

    def log_tail(self, n: int) -> list[LogEntry]:
        """The last ``n`` entries of :attr:`log` (undone ones included), in seq order."""
        return self.log_since(self.last_seq - max(n, 0))

    def close(self) -> None:
        """Close the journal (when this session has one)."""
        if self.journal is not None:
            self.journal.close()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
