"""The game state of one table: seats, turn, phase, pending prompts.

The state is a plain mutable value that the engine never mutates in place:
:func:`companion.rules.engine.apply` works on a :meth:`GameState.clone` and
returns the new state, so every earlier state stays valid (undo, replay).
``clone`` is hand-written (not :func:`copy.deepcopy`) because one action
must cost well under a millisecond (docs/performance.md).

Vocabulary follows the open-source engines (FreeKill, QSanguosha): roles
``lord loyalist rebel renegade``; phases ``start judge draw play discard
finish``; equipment slots ``weapon armor plus_horse minus_horse``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeAlias, TypeVar, Union, overload

from .messages import Message, Words, en_zh, text
from .prompts import (
    PAYLOADS,
    CollateralData,
    DiscardData,
    DoubleSwordsData,
    DyingData,
    JudgeData,
    NoData,
    RespondData,
    RevealData,
    SkillData,
    TargetData,
    WeaponHitData,
    payload_from_json,
)
from .vocab import Phase, PromptKind, Role, WinReason

if TYPE_CHECKING:
    from .generals import General

__all__ = ["ROLES", "PHASES", "SLOTS", "Seat", "Prompt", "AnyPrompt", "GameState", "Outcome", "Frame", "who", "win_words", "reason_words",
           "WeaponHitPrompt",
           "RespondPrompt", "DyingPrompt", "RevealPrompt", "DiscardPrompt", "JudgePrompt", "SkillPrompt", "NullifyPrompt",
           "PickPrompt", "ZonePrompt", "CollateralPrompt", "DoubleSwordsPrompt", "BladePrompt", "AxePrompt",
           "IceSwordPrompt", "KylinBowPrompt"]

ROLES: tuple[Role, ...] = tuple(Role)
PHASES: tuple[Phase, ...] = tuple(Phase)
SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")


@dataclass(slots=True)
class Seat:
    """One seat at the table.

    ``seat`` is 1..N in order of play.  ``role`` is the seat's role when known
    to the companion (the lord always; others when dealt by the companion or
    revealed at death), ``role_public`` whether it may be drawn on the shared
    screen (lord, dead or revealed seats).  ``hand`` is a count of cards (the
    companion never knows the hand's faces).  ``equipment`` maps each slot to
    a card id (``"qinggang_sword-spade-6"``) or a kind id when the face was
    not given (``"crossbow"``), or None.  ``judgement`` holds delayed-trick
    card ids, oldest first.  ``flags`` holds per-turn / per-seat markers the
    engine and skills use (e.g. ``"skip_play": True``).
    """

    seat: int
    name: str = ""
    general: str | None = None
    role: str | None = None
    role_public: bool = False
    alive: bool = True
    hp: int = 4
    max_hp: int = 4
    hand: int = 0
    equipment: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(SLOTS))
    judgement: list[str] = field(default_factory=list)
    flags: dict[str, Any] = field(default_factory=dict)

    def clone(self) -> "Seat":
        """An independent copy (flags values are copied one level deep)."""
        flags = self.flags
        if flags:
            flags = {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in flags.items()}
        else:
            flags = {}
        return Seat(
            self.seat, self.name, self.general, self.role, self.role_public, self.alive,
            self.hp, self.max_hp, self.hand, self.equipment.copy(), self.judgement.copy(), flags,
        )

    @property
    def dying(self) -> bool:
        """True while alive with HP ≤ 0 (waiting for 桃)."""
        return self.alive and self.hp <= 0

    @property
    def public_role(self) -> str | None:
        """The role if it may be shown on the shared screen, else None."""
        return self.role if (self.role_public or not self.alive) else None

    def to_dict(self, *, reveal: bool = False) -> dict[str, Any]:
        """The seat in the JSON shape of ``companion replay --json``.

        ``role`` is None while hidden unless ``reveal`` is True.
        """
        return {
            "seat": self.seat,
            "name": self.name,
            "general": self.general,
            "role": self.role if reveal else self.public_role,
            "alive": self.alive,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "hand": self.hand,
            "equipment": dict(self.equipment),
            "judgement_area": list(self.judgement),
        }


Said: TypeAlias = "Message | Words | str"
"""What a question is given as: a catalogue message, a pair of words, or its English text (``zh`` beside it)."""

K = TypeVar("K", bound=PromptKind, covariant=True)
"""A prompt's kind: one :class:`PromptKind` member (a ``Literal`` of it in :data:`AnyPrompt`)."""
D = TypeVar("D", covariant=True)
"""A prompt's payload: the kind's dataclass of :mod:`companion.rules.prompts`."""


@dataclass(slots=True, init=False, eq=False)
class Prompt(Generic[K, D]):
    """Something the table must decide before play goes on: ``Prompt[kind, payload]``.

    ``kind`` is a :class:`~companion.rules.vocab.PromptKind` member:
    ``respond`` (play 闪 or take damage), ``dying`` (桃 asked), ``reveal`` (turn up a dead seat's role card),
    ``discard`` (down to the hand limit), ``judge`` (flip a judgement card), ``skill``, the tricks' and the
    weapons' own.  ``seat`` is who must answer; ``data`` is the kind's own payload (a dataclass of
    :mod:`companion.rules.prompts`: source seat, card, who is asked, ...; shared by clones, never changed in place);
    ``said`` the question, a catalogue message (``Prompt(kind, seat, text("prompt.dying", …), data=…)``), shown in the
    screen's language (:meth:`text`; ``en``/``zh`` its two languages: "seat 5: play 闪 or take 1 damage from seat 2's
    杀"); a question made by hand gives its words, ``Prompt(kind, seat, en, zh, data)``.  The constructor
    pairs each kind with its payload, and :data:`AnyPrompt` (what ``GameState.prompts`` holds) is the union of the
    pairs, so comparing ``p.kind`` with a member narrows ``p.data`` to that kind's payload.  A kind given as its
    string is kept as the member, and a payload given as its JSON dict (or left out: every field absent) is made
    the kind's dataclass (snapshots, tests: :func:`~companion.rules.prompts.payload_from_json`).  ValueError for a
    kind the rules core does not have; TypeError for a key its payload does not have or another kind's payload.
    """

    kind: K
    seat: int
    said: Message | Words
    """The question: the catalogue's message (its key and values, rendered in the screen's language when shown:
    :meth:`text`), or the words of a question made by hand or read from a snapshot (which keeps the words)."""
    data: D

    if TYPE_CHECKING:
        @overload
        def __init__(self: RespondPrompt, kind: Literal[PromptKind.RESPOND], seat: int, en: Said, zh: str = "",
                     data: RespondData = ...) -> None: ...
        @overload
        def __init__(self: DyingPrompt, kind: Literal[PromptKind.DYING], seat: int, en: Said, zh: str = "",
                     data: DyingData = ...) -> None: ...
        @overload
        def __init__(self: RevealPrompt, kind: Literal[PromptKind.REVEAL], seat: int, en: Said, zh: str = "",
                     data: RevealData = ...) -> None: ...
        @overload
        def __init__(self: DiscardPrompt, kind: Literal[PromptKind.DISCARD], seat: int, en: Said, zh: str = "",
                     data: DiscardData = ...) -> None: ...
        @overload
        def __init__(self: JudgePrompt, kind: Literal[PromptKind.JUDGE], seat: int, en: Said, zh: str = "",
                     data: JudgeData = ...) -> None: ...
        @overload
        def __init__(self: SkillPrompt, kind: Literal[PromptKind.SKILL], seat: int, en: Said, zh: str = "",
                     data: SkillData = ...) -> None: ...
        @overload
        def __init__(self: NullifyPrompt, kind: Literal[PromptKind.NULLIFY], seat: int, en: Said, zh: str = "",
                     data: NoData = ...) -> None: ...
        @overload
        def __init__(self: PickPrompt, kind: Literal[PromptKind.PICK], seat: int, en: Said, zh: str = "",
                     data: NoData = ...) -> None: ...
        @overload
        def __init__(self: ZonePrompt, kind: Literal[PromptKind.ZONE], seat: int, en: Said, zh: str = "",
                     data: TargetData = ...) -> None: ...
        @overload
        def __init__(self: CollateralPrompt, kind: Literal[PromptKind.COLLATERAL], seat: int, en: Said, zh: str = "",
                     data: CollateralData = ...) -> None: ...
        @overload
        def __init__(self: DoubleSwordsPrompt, kind: Literal[PromptKind.DOUBLE_SWORDS], seat: int, en: Said, zh: str = "",
                     data: DoubleSwordsData = ...) -> None: ...
        @overload
        def __init__(self: BladePrompt, kind: Literal[PromptKind.BLADE], seat: int, en: Said, zh: str = "",
                     data: TargetData = ...) -> None: ...
        @overload
        def __init__(self: AxePrompt, kind: Literal[PromptKind.AXE], seat: int, en: Said, zh: str = "",
                     data: WeaponHitData = ...) -> None: ...
        @overload
        def __init__(self: IceSwordPrompt, kind: Literal[PromptKind.ICE_SWORD], seat: int, en: Said, zh: str = "",
                     data: WeaponHitData = ...) -> None: ...
        @overload
        def __init__(self: KylinBowPrompt, kind: Literal[PromptKind.KYLIN_BOW], seat: int, en: Said, zh: str = "",
                     data: WeaponHitData = ...) -> None: ...

        def __init__(self, kind: Any, seat: int, en: Said = "", zh: str = "", data: Any = ...) -> None: ...
    else:
        def __init__(self, kind, seat, en="", zh="", data=None):
            self.kind = kind
            self.seat = seat
            self.said = en if type(en) is Message or type(en) is Words else Words(en, zh)
            if type(kind) is not PromptKind:
                kind = self.kind = PromptKind(kind)  # ValueError for a kind the rules core does not have
            self.data = data if type(data) is _PAYLOAD_OF[kind._value_] else payload_from_json(kind, data)  # a JSON dict, None

    @property
    def en(self) -> str:
        """The question in English (rendered from the catalogue when first read)."""
        return self.said.en

    @property
    def zh(self) -> str:
        """The question in Chinese (rendered from the catalogue when first read)."""
        return self.said.zh

    def text(self, lang: str) -> str:
        """The question in ``lang`` (``"en"``, ``"zh"``; a language the catalogue lacks: English)."""
        return self.said.text(lang)

    def __eq__(self, other: object) -> bool:
        """Equal when kind, seat, payload and the question's words in each language are (a question read from a
        snapshot keeps its words, the same question asked again holds its key and values)."""
        if type(other) is not Prompt:
            return NotImplemented
        return (self.kind == other.kind and self.seat == other.seat and self.data == other.data
                and self.en == other.en and self.zh == other.zh)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def clone(self) -> Prompt[K, D]:
        """An independent copy (the payload and the question, never changed in place, are shared; kind and payload
        are not checked again: no ``__init__``)."""
        copy: Prompt[K, D] = object.__new__(Prompt)
        copy.kind, copy.seat, copy.said, copy.data = self.kind, self.seat, self.said, self.data
        return copy


_PAYLOAD_OF: dict[str, type] = {k.value: cls for k, cls in PAYLOADS.items()}
"""A kind's string → its payload's class (a member's hash is Python code, its string's is not)."""

RespondPrompt: TypeAlias = Prompt[Literal[PromptKind.RESPOND], RespondData]
DyingPrompt: TypeAlias = Prompt[Literal[PromptKind.DYING], DyingData]
RevealPrompt: TypeAlias = Prompt[Literal[PromptKind.REVEAL], RevealData]
DiscardPrompt: TypeAlias = Prompt[Literal[PromptKind.DISCARD], DiscardData]
JudgePrompt: TypeAlias = Prompt[Literal[PromptKind.JUDGE], JudgeData]
SkillPrompt: TypeAlias = Prompt[Literal[PromptKind.SKILL], SkillData]
NullifyPrompt: TypeAlias = Prompt[Literal[PromptKind.NULLIFY], NoData]
PickPrompt: TypeAlias = Prompt[Literal[PromptKind.PICK], NoData]
ZonePrompt: TypeAlias = Prompt[Literal[PromptKind.ZONE], TargetData]
CollateralPrompt: TypeAlias = Prompt[Literal[PromptKind.COLLATERAL], CollateralData]
DoubleSwordsPrompt: TypeAlias = Prompt[Literal[PromptKind.DOUBLE_SWORDS], DoubleSwordsData]
BladePrompt: TypeAlias = Prompt[Literal[PromptKind.BLADE], TargetData]
AxePrompt: TypeAlias = Prompt[Literal[PromptKind.AXE], WeaponHitData]
IceSwordPrompt: TypeAlias = Prompt[Literal[PromptKind.ICE_SWORD], WeaponHitData]
KylinBowPrompt: TypeAlias = Prompt[Literal[PromptKind.KYLIN_BOW], WeaponHitData]
WeaponHitPrompt: TypeAlias = Union[AxePrompt, IceSwordPrompt, KylinBowPrompt]
"""贯石斧 / 寒冰剑 / 麒麟弓's questions: a 杀's data and the seat it hits."""
AnyPrompt: TypeAlias = Union[
    RespondPrompt, DyingPrompt, RevealPrompt, DiscardPrompt, JudgePrompt,
    SkillPrompt, NullifyPrompt, PickPrompt, ZonePrompt, CollateralPrompt,
    DoubleSwordsPrompt, BladePrompt, AxePrompt, IceSwordPrompt, KylinBowPrompt,
]
"""A prompt of any kind, as ``GameState.prompts`` holds it: compare ``p.kind`` with a :class:`PromptKind` member
to narrow ``p.data`` to that kind's payload (``if p.kind is PromptKind.DYING: p.data.victim``)."""


class Frame(NamedTuple):
    """One card being resolved: a frame of the resolution stack ``GameState.stack`` (a tuple, top last; each
    frame immutable, replaced by :meth:`but`, so states share them: a named tuple, as a frozen dataclass made
    the 1,000-line replay of bench/engine 3.9 % dearer in instructions).  ``kind`` is the trick's card id, or
    ``judge_null`` (无懈可击 against a delayed trick); the fields after ``i`` belong to some kinds only and keep
    their default elsewhere.  Source: QS ``standard-cards.cpp`` (the tricks' resolution), rules text 无懈可击."""

    kind: str
    card: str  # the card ref (``"duel-spade-1"``)
    user: int  # who used it (judge_null: the current player)
    targets: tuple[int, ...]  # in resolution order
    i: int = 0  # the index of the target being resolved
    stage: str = ""  # "window" (无懈可击 asked), "effect", "wait" (its question is pending); judge_null: none
    target: int | None = None  # the target now (judge_null: the holder of the delayed trick)
    depth: int = 0  # 无懈可击 played in the open window so far
    passed: tuple[int, ...] = ()  # seats that passed in the open window
    by: int | None = None  # the last seat that played 无懈可击
    chain: tuple[int, ...] = ()  # the seats that played 无懈可击 in the open window, in order
    ask_from: int | None = None  # judge_null: the window asks from this seat on
    prog: int = 0  # the target its window's questions name, 1..len(targets) (several targets), 0 none: progress()
    victim: int | None = None  # 借刀杀人: the seat the 杀 is asked for
    pool: int = 0  # 五谷丰登: revealed cards not yet picked
    turn: int | None = None  # 决斗: whose 杀 is asked (None: the duel not begun)
    round: int = 0  # 决斗: rounds so far
    slashes: int = 0  # 决斗: 杀 played this round (无双 asks two)
    lijian: bool = False  # 离间's 决斗 (no 无懈可击 window, the source is the man who is not the loser)

    def but(self, **changes: Any) -> Frame:
        """This frame with ``changes`` (field → value); TypeError for a field it does not have."""
        try:
            return self._replace(**changes)
        except ValueError as e:
            raise TypeError(f"Frame: {e}") from None

    def progress(self) -> Message | Words:
        """Where a trick of several targets is, as its window's questions say it: ``" — 2 of 5"`` / ``"——第2/5个目标"``
        (the catalogue's ``cards.tricks.progress`` of :attr:`prog`); nothing when ``prog`` is 0.  Rendered when shown:
        the frame keeps the number, not the words (snapshot version 3 stores the words as ``prog_en`` / ``prog_zh``,
        companion/snapshot.py; :func:`prog_of_words` reads them back)."""
        return text("cards.tricks.progress", i=self.prog, n=len(self.targets)) if self.prog else _NO_PROGRESS

    def to_json(self) -> dict[str, Any]:
        """The frame as a JSON-ready dict of the fields that differ from their default (tuples as lists)."""
        out: dict[str, Any] = {}
        for name in _FRAME_FIELDS:
            value = getattr(self, name)
            if name in _FRAME_REQUIRED or value != _FRAME_DEFAULTS[name]:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Frame:
        """The frame of :meth:`to_json`'s dict, or of a frame as version-1 snapshots kept it (a plain dict of the
        same keys).  TypeError / ValueError for a key it does not have or a value of the wrong shape."""
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, (list, tuple)) else v for k, v in data.items()
                                  if k not in WORDS_KEPT}  # the words a frame kept, now made when shown
        if "prog_en" in data:
            values["prog"] = prog_of_words(values.get("targets", ()), values.get("i", 0), data["prog_en"])
        frame = cls(**values)
        for name in _FRAME_FIELDS:
            if not isinstance(getattr(frame, name), _FRAME_TYPES[name]):
                raise ValueError(f"frame {name}={getattr(frame, name)!r}: not a {_FRAME_TYPES[name]}")
        return frame


_NO_PROGRESS = Words("", "")
WORDS_KEPT = ("prog_en", "prog_zh")
"""The fields of :meth:`Frame.progress`'s words that frames kept (snapshot version 3, a version-1 snapshot's dicts):
read as :attr:`Frame.prog` (:func:`prog_of_words`), the frame makes the words when shown."""


def prog_of_words(targets: tuple[int, ...] | list[int], i: int, en: object) -> int:
    """:attr:`Frame.prog` of a frame that kept the words of its progress (``en``: ``" — 3 of 5"``, ``""`` none): the
    target number whose words they are in the catalogue, or, for words it does not say (another wording),
    ``i + 1`` — the target being resolved, what the window of a frame at rest names."""
    n = len(targets)
    if not en or n <= 1:
        return 0
    return next((k for k in range(1, n + 1) if text("cards.tricks.progress", i=k, n=n).en == en), i + 1)

_FRAME_FIELDS: tuple[str, ...] = Frame._fields
_FRAME_DEFAULTS: dict[str, object] = Frame._field_defaults
_FRAME_REQUIRED = frozenset(_FRAME_FIELDS) - set(_FRAME_DEFAULTS)
_FRAME_TYPES: dict[str, tuple[type, ...]] = {
    "kind": (str,), "card": (str,), "user": (int,), "targets": (tuple,), "i": (int,), "stage": (str,),
    "target": (int, type(None)), "depth": (int,), "passed": (tuple,), "by": (int, type(None)), "chain": (tuple,),
    "ask_from": (int, type(None)), "prog": (int,), "victim": (int, type(None)), "pool": (int,),
    "turn": (int, type(None)), "round": (int,), "slashes": (int,), "lijian": (bool,),
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``winner`` (``lord`` stands for the lord and the loyalists) and the
    ``reason``, the win condition that held (python-chess ``Outcome(termination, winner)``); its sentence is
    :func:`win_words`'s, from the catalogue."""

    winner: Role
    reason: WinReason

    def __post_init__(self) -> None:  # the members, when given as their strings (snapshots: a StrEnum is its string)
        object.__setattr__(self, "winner", Role(self.winner))
        object.__setattr__(self, "reason", WinReason(self.reason))


@dataclass(slots=True)
class GameState:
    """The whole table.

    Before ``started`` the table is being set up (``players``, names, lord,
    generals, variants).  ``turn_seat``/``phase`` name the current turn;
    ``round`` counts rounds (1 = the lord's first turn).  ``prompts`` is a
    stack: the last one is answered first.  ``variants`` are the named rule
    variants switched on (docs/rules.md).  ``over``/``winner``/``result`` (the :class:`Outcome`)
    are set the moment a win condition holds; ``win_reason`` is its sentence in English (:func:`win_words`: the
    catalogue's, never kept in the state).  ``counters`` holds per-phase
    counters (``"slash"``: 杀 used this play phase) and ``lifts`` the names
    of what currently lifts the 杀 limit.  ``stack`` is the resolution stack: the cards being resolved
    (:class:`Frame`, top last; empty when nothing is).
    """

    players: int = 0
    seats: list[Seat] = field(default_factory=list)
    variants: set[str] = field(default_factory=set)
    started: bool = False
    round: int = 0
    turn_seat: int | None = None
    phase: str | None = None
    prompts: list[AnyPrompt] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)
    over: bool = False
    winner: str | None = None
    result: Outcome | None = None
    offers: dict[int, list[str]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    stack: tuple[Frame, ...] = ()

    def clone(self) -> "GameState":
        """An independent copy; the engine applies actions to a clone."""
        return GameState(
            self.players, [s.clone() for s in self.seats], set(self.variants), self.started,
            self.round, self.turn_seat, self.phase, [p.clone() for p in self.prompts],
            dict(self.counters), self.over, self.winner, self.result,
            {k: list(v) for k, v in self.offers.items()},
            {k: (v.copy() if isinstance(v, (list, dict, set)) else v) for k, v in self.extra.items()},
            self.stack,
        )

    @property
    def win_reason(self) -> str | None:
        """The win condition that held, in English (``"the lord is dead: the rebels win"``; the JSON of
        ``companion replay --json``), or None: :func:`win_words`."""
        words = win_words(self)
        return None if words is None else words[0]

    @property
    def hands_tracked(self) -> bool:
        """False in light mode (``track hands off``: variant ``untracked_hands``, issue 16 §5): hand
        counts are not tracked, not shown, not enforced."""
        return "untracked_hands" not in self.variants

    # -- lookups -------------------------------------------------------------
    def seat(self, n: int) -> Seat:
        """Seat number ``n`` (1..players).  Raises IndexError when out of range."""
        if not 1 <= n <= len(self.seats):
            raise IndexError(f"no seat {n}: the table has seats 1..{len(self.seats)}")
        return self.seats[n - 1]

    def turn_player(self) -> int:
        """The seat whose turn it is.  Raises RuntimeError before the first turn (the engine refuses
        turn commands before ``start``, so reaching this without a turn is a bug)."""
        if self.turn_seat is None:
            raise RuntimeError("no turn yet: the game has not started")
        return self.turn_seat

    def turn_phase(self) -> str:
        """The current phase (``start`` … ``finish``).  Raises RuntimeError before the first turn."""
        if self.phase is None:
            raise RuntimeError("no phase yet: the game has not started")
        return self.phase

    @property
    def alive(self) -> list[int]:
        """Living seat numbers, in seat order."""
        return [s.seat for s in self.seats if s.alive]

    @property
    def lord_seat(self) -> int | None:
        """The lord's seat, or None before the lord is set."""
        for s in self.seats:
            if s.role == "lord":
                return s.seat
        return None

    @property
    def prompt(self) -> AnyPrompt | None:
        """The prompt to answer now (top of the stack), or None."""
        return self.prompts[-1] if self.prompts else None

    def next_alive(self, n: int) -> int | None:
        """The next living seat after seat ``n`` in order of play (wrapping), or None."""
        N = len(self.seats)
        for k in range(1, N + 1):
            s = self.seats[(n - 1 + k) % N]
            if s.alive and s.seat != n:
                return s.seat
        return None

    def to_dict(self, *, reveal: bool = False) -> dict[str, Any]:
        """The JSON shape of ``companion replay --json`` (issue 2 §6)."""
        p = self.prompt
        return {
            "game": {
                "players": self.players,
                "started": self.started,
                "round": self.round,
                "turn_seat": self.turn_seat,
                "phase": self.phase,
                "over": self.over,
                "winner": self.winner,
                "win_reason": self.win_reason,
                "variants": sorted(self.variants),
                "prompt": None if p is None else {"kind": p.kind, "seat": p.seat, "en": p.en, "zh": p.zh},
            },
            "seats": [s.to_dict(reveal=reveal) for s in self.seats],
        }


_GENERALS: dict[str, General] = {}
"""The generals' table, once a seat named by :func:`who` has a general (a new game's first paint loads none)."""


def _generals() -> dict[str, General]:
    from .generals import GENERALS  # noqa: PLC0415 - a new game's first paint does without it (issue 15)

    _GENERALS.update(GENERALS)
    return _GENERALS


_WHO: dict[tuple[int, str, str], tuple[str, str]] = {}
"""(seat, English label, Chinese label) → :func:`who`'s words: a seat is named in most log lines."""


def who(st: GameState, n: int | None) -> tuple[str, str]:
    """``("seat 2 (Guan Yu)", "2号位（关羽）")`` — name, else general, in brackets; ``n`` None: "no source"."""
    if n is None:
        return en_zh("outcome.who")
    s = st.seat(n)
    g = (_GENERALS or _generals()).get(s.general) if s.general else None
    en_label = s.name or (g.en if g else "")
    zh_label = s.name or (g.zh if g else "")
    key = (n, en_label, zh_label)
    words = _WHO.get(key)
    if words is None:
        if len(_WHO) > 4096:  # names typed at the table: bounded
            _WHO.clear()
        words = _WHO[key] = en_zh("outcome.who/labelled", n=n, label=Words(en_label, zh_label)) \
            if en_label or zh_label else en_zh("outcome.who/seat", n=n)
    return words


def win_words(st: GameState) -> tuple[str, str] | None:
    """The win condition of ``st.result`` as ``(en, zh)`` — the catalogue's ``outcome.check_win/*`` text
    ("the lord is dead: the rebels win", "主公阵亡：反贼获胜"; the lone renegade named as :func:`who` names
    him) — or None while the game goes on (or was ended without a result: a state made by hand)."""
    r = st.result
    return None if r is None or not st.over else reason_words(st, r.reason)


def reason_words(st: GameState, reason: WinReason) -> tuple[str, str]:
    """:func:`win_words` of ``reason`` at the table ``st``."""
    if reason is WinReason.LORD_DEAD:
        return en_zh("outcome.check_win/lord_dead_rebels")
    if reason is WinReason.REBELS_AND_RENEGADES_DEAD:
        return en_zh("outcome.check_win/every_rebel_renegade")
    alive = [s for s in st.seats if s.alive]  # the renegade alone: the one living seat
    lone = alive if len(alive) == 1 else [s for s in st.seats if s.role == Role.RENEGADE]
    ne, nz = who(st, lone[0].seat if lone else None)
    return en_zh("outcome.check_win/lord_dead_renegade", who0=Words(ne, nz))
