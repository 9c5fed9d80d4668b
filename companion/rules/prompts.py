"""The payload of each kind of question (``Prompt.data``): one dataclass per :class:`PromptKind`.

Every field has a default that means **absent** (the key was not in the payload's JSON), named in each class's
docstring: ``None`` for a field that is left out when it does not apply (``RespondData.jinks``: not 无双), and a
value the rules never write for a field they always write (``0`` for a seat — seats are 1..N —, ``-1`` for an
index or a count, ``""`` for a string, ``()`` for a tuple): only a hand-made payload (a test's) leaves those out.
Where ``None`` is a value of its own (``source``: no source; ``nioh``: no 仁王盾), absent is ``0``.  So a question
the old dict asked by key presence (``"jinks" in p.data``) is a typed one (``p.data.jinks is not None``).

The JSON of a payload is what ``Prompt.data`` was before these classes: a dict of the present fields, in
declaration order, tuples as lists (:meth:`Payload.to_json`, :func:`payload_from_json` keyed by the kind); the
journal's checkpoints (companion/snapshot.py) keep that dict.  For the code that reads a payload by key (the
dashboard, the tests) a payload is also a read-only :class:`~collections.abc.Mapping` of that JSON
(``p.data["victim"]``, ``p.data.get("need", "jink")``, ``"jinks" in p.data``, ``dict(p.data)``): exactly the old
dict's answers.  tests/test_prompt_payloads.py checks every question the transcripts raise against its kind's
fields (``__required_keys__``: the fields the rules always write; ``__optional_keys__``: the others).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Required, TypedDict, TypeVar, cast

from .deck import Face
from .vocab import PromptKind

__all__ = ["Payload", "RespondData", "DyingData", "RevealData", "DiscardData", "JudgeData", "SkillData",
           "JudgementJob", "NoData", "TargetData", "CollateralData", "DoubleSwordsData", "WeaponHitData", "PAYLOADS",
           "payload_from_json"]

P = TypeVar("P", bound="Payload")


class Payload(Mapping[str, Any]):
    """The base of every payload: the read-only mapping of its JSON (present fields only; tuples read as lists),
    :meth:`to_json` and :meth:`from_json`; equality (the same class and fields, or the old dict: ``p.data == {…}``)
    and the repr, written once here.  Subclasses are ``@dataclass(slots=True, kw_only=True, eq=False, repr=False)``.
    A payload is never changed in place: states share it (``Prompt.clone``), and :func:`dataclasses.replace` makes
    the next one (tests/test_transcripts.py and test_cards_immutability.py check it).  Not ``frozen``, and ``eq`` /
    ``repr`` not generated for each class: a frozen dataclass sets each field through ``object.__setattr__`` (the
    1,000-line replay of bench/engine 0.8 % dearer in instructions), and each generated method is source text
    compiled at import (≈ 1 M instructions a method; docs/performance.md)."""

    __slots__ = ()
    _ABSENT: ClassVar[dict[str, object]] = {}
    """Field → the default that means absent, in declaration order (set for each class below)."""
    __required_keys__: ClassVar[frozenset[str]] = frozenset()
    __optional_keys__: ClassVar[frozenset[str]] = frozenset()

    def _present(self, name: str, absent: object) -> bool:
        v = getattr(self, name)
        return v is not absent and (absent is None or type(v) is not type(absent) or v != absent)

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return all(getattr(self, k) == getattr(other, k) for k in self._ABSENT)
        if isinstance(other, dict):  # the dict a payload was
            return self.to_json() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared by value, never hashed (as the dict was)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self._ABSENT)})"

    def __getitem__(self, key: str) -> Any:
        absent = self._ABSENT.get(key, _NOT_A_FIELD)
        if absent is _NOT_A_FIELD or not self._present(key, absent):
            raise KeyError(key)
        v = getattr(self, key)
        return list(v) if type(v) is tuple else v

    def __contains__(self, key: object) -> bool:
        absent = self._ABSENT.get(key, _NOT_A_FIELD) if isinstance(key, str) else _NOT_A_FIELD
        return absent is not _NOT_A_FIELD and self._present(key, absent)  # type: ignore[arg-type]  # a str here

    def get(self, key: str, default: Any = None) -> Any:
        """``self[key]``, or ``default`` when ``key`` is absent (or no field of this kind)."""
        return self[key] if key in self else default

    def __iter__(self) -> Iterator[str]:
        return iter([k for k, absent in self._ABSENT.items() if self._present(k, absent)])

    def __len__(self) -> int:
        return sum(1 for k, absent in self._ABSENT.items() if self._present(k, absent))

    def to_json(self) -> dict[str, Any]:
        """The payload as the dict ``Prompt.data`` was: the present fields in declaration order, tuples as lists
        (a :class:`~companion.rules.deck.Face` and a :class:`JudgementJob` as they are)."""
        return {k: self[k] for k in self}

    @classmethod
    def from_json(cls: type[P], data: Mapping[str, Any]) -> P:
        """The payload of :meth:`to_json`'s dict (lists as tuples; a field left out is absent).  TypeError for a
        key this kind does not have or a value that stands for absent (``{"victim": 0}``).  Values are not checked
        further (the rules wrote them)."""
        unknown = sorted(k for k in data if k not in cls._ABSENT)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(map(repr, unknown))}")
        values = {k: tuple(v) if type(v) is list else v for k, v in data.items()}
        made = cls(**values)
        left = [k for k in values if not made._present(k, cls._ABSENT[k])]
        if left:
            raise TypeError(f"{cls.__name__}: {', '.join(left)} given the value that means absent")
        return made


_NOT_A_FIELD = object()


class JudgementJob(TypedDict, total=False):
    """A judgement being made (``flow.judgement``): ``kind`` names its effect (``flow.JUDGED``: ``delayed``,
    ``bagua``, ``skill``), ``subject`` the judgement rule (``judgement.JUDGEMENTS``: a card or skill id), ``seat``
    whose judgement it is.  Source of the order (鬼才 / 天妒 before the effect): RULES_NOTES Judgements."""

    kind: Required[str]
    subject: Required[str]
    seat: Required[int]
    card: str  # delayed: the trick's card ref
    skill: str  # skill: the skill judging (刚烈, 铁骑, 洛神)
    replaced: bool  # 鬼才 replaced the card (one replacement per judgement)
    source: int  # 刚烈: the damage's source
    target: int  # 铁骑: the 杀's target


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class RespondData(Payload):
    """``respond``: play the card asked for or take the damage (a 杀's 闪, 南蛮入侵 / 决斗's 杀, 万箭齐发's 闪).

    Always written: ``source`` (who the damage would come from; None: nobody; absent: 0), ``card`` (the card ref of
    the 杀 / trick; absent: ""), ``need`` (the card id asked for, ``"jink"`` or ``"slash"``; absent: "", read as
    ``"jink"``), ``cause`` (the card's Chinese name in the log, 杀, 决斗 …; absent: "", read as 杀).  Absent as
    None: ``slash`` (True: a 杀's question, weapons act on it), ``ignore_armor`` (青釭剑: True / False on a 杀's
    question), ``frame`` (True: a trick's question, the resolution stack goes on once answered), ``duel`` (True:
    决斗), ``jinks`` (cards still needed, 无双: 2), ``hinted`` (True: the skills that may answer were named: 护驾,
    激将, 流离, 八卦阵), ``bagua`` (True: 八卦阵 was judged black, no second judgement)."""

    source: int | None = 0
    card: str = ""
    slash: bool | None = None
    need: str = ""
    ignore_armor: bool | None = None
    frame: bool | None = None
    cause: str = ""
    duel: bool | None = None
    jinks: int | None = None
    hinted: bool | None = None
    bagua: bool | None = None

    def hit(self, target: int, *, ice_done: bool | None = None, kylin_done: bool | None = None) -> WeaponHitData:
        """This 杀's data and the seat ``target`` it hits, for a weapon's question (贯石斧, 寒冰剑, 麒麟弓); the
        flags of an earlier weapon question kept unless given."""
        was = self if isinstance(self, WeaponHitData) else None
        return WeaponHitData(
            source=self.source, card=self.card, slash=self.slash, need=self.need, ignore_armor=self.ignore_armor,
            frame=self.frame, cause=self.cause, duel=self.duel, jinks=self.jinks, hinted=self.hinted, bagua=self.bagua,
            target=target, ice_done=ice_done if ice_done is not None else (was.ice_done if was else None),
            kylin_done=kylin_done if kylin_done is not None else (was.kylin_done if was else None))


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class WeaponHitData(RespondData):
    """``weapon.axe`` / ``weapon.ice_sword`` / ``weapon.kylin_bow``: the 杀's :class:`RespondData` and ``target``,
    the seat it hits (always written; absent: 0); ``ice_done`` / ``kylin_done`` (True: 寒冰剑 / 麒麟弓 was offered;
    absent: None)."""

    target: int = 0
    ice_done: bool | None = None
    kylin_done: bool | None = None


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class DyingData(Payload):
    """``dying``: the 桃 round for ``victim``, asking ``order[i]``; ``source`` the damage's (None: nobody).  All
    always written; absent: ``victim`` 0, ``source`` 0, ``order`` (), ``i`` -1."""

    victim: int = 0
    source: int | None = 0
    order: tuple[int, ...] = ()
    i: int = -1


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class RevealData(Payload):
    """``reveal``: ``victim``'s role card is turned up (the kill's reward / penalty go to ``source``, None:
    nobody).  Always written; absent: ``victim`` 0, ``source`` 0."""

    victim: int = 0
    source: int | None = 0


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class DiscardData(Payload):
    """``discard``: down to the hand limit ``limit`` (always written; absent: -1), ``owed`` the cards owed when
    asked (None: absent, in questions journaled before 2 Dec) — ``flow.push_discard``; ``flow.discard_follows``
    asks again when a correction changes either."""

    limit: int = -1
    owed: int | None = None


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class JudgeData(Payload):
    """``judge``: the delayed trick ``card`` (a card ref; always written, absent: "") is judged."""

    card: str = ""


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class SkillData(Payload):
    """``skill``: skill ``skill``'s question at ``step`` (both always written; absent: ""), with what that step
    needs (absent: None): ``source`` (反馈, 刚烈: the damage's source), ``owner`` (刚烈's choice: the skill's owner),
    ``target`` (铁骑), ``cause`` (奸雄: the card that caused the damage), ``x`` (观星: cards looked at), ``n`` (遗计 /
    枭姬: cards), ``i`` (遗计: the point of damage being answered), ``times`` (遗计), ``job`` (鬼才 / 天妒: the
    judgement being made), ``face`` (鬼才 / 天妒: the judgement card).  ``skill`` / ``step`` come last: the JSON's
    key order is the one the skills' ``ask(…, **values)`` wrote."""

    source: int | None = None
    owner: int | None = None
    target: int | None = None
    cause: str | None = None
    x: int | None = None
    n: int | None = None
    i: int | None = None
    times: int | None = None
    job: JudgementJob | None = None
    face: Face | None = None
    skill: str = ""
    step: str = ""


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class NoData(Payload):
    """``nullify`` (the window's state is the resolution stack's frame), ``pick`` (五谷丰登): no fields."""


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class TargetData(Payload):
    """``zone`` (过河拆桥 / 顺手牵羊), ``weapon.blade``: the seat whose card / who is aimed at (always written;
    absent: 0)."""

    target: int = 0


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class CollateralData(Payload):
    """``collateral``: 借刀杀人's ``user`` asks for a 杀 on ``victim`` (both always written; absent: 0)."""

    victim: int = 0
    user: int = 0


@dataclass(slots=True, kw_only=True, eq=False, repr=False)
class DoubleSwordsData(Payload):
    """``weapon.double_swords``: the weapon's ``user``; ``nioh``: the seat whose 仁王盾 is logged once answered
    (None: none).  Both always written; absent: 0."""

    user: int = 0
    nioh: int | None = 0


_CLASSES: tuple[type[Payload], ...] = (RespondData, WeaponHitData, DyingData, RevealData, DiscardData, JudgeData,
                                       SkillData, NoData, TargetData, CollateralData, DoubleSwordsData)
for _cls in _CLASSES:
    _cls._ABSENT = {f.name: f.default for f in fields(cast(Any, _cls))}  # each a dataclass
    _cls.__required_keys__ = frozenset(k for k, v in _cls._ABSENT.items() if v is not None)
    _cls.__optional_keys__ = frozenset(k for k, v in _cls._ABSENT.items() if v is None)
del _cls

PAYLOADS: dict[PromptKind, type[Payload]] = {
    PromptKind.RESPOND: RespondData, PromptKind.DYING: DyingData, PromptKind.REVEAL: RevealData,
    PromptKind.DISCARD: DiscardData, PromptKind.JUDGE: JudgeData, PromptKind.SKILL: SkillData,
    PromptKind.NULLIFY: NoData, PromptKind.PICK: NoData, PromptKind.ZONE: TargetData,
    PromptKind.COLLATERAL: CollateralData, PromptKind.DOUBLE_SWORDS: DoubleSwordsData, PromptKind.BLADE: TargetData,
    PromptKind.AXE: WeaponHitData, PromptKind.ICE_SWORD: WeaponHitData, PromptKind.KYLIN_BOW: WeaponHitData,
}
"""Prompt kind → the dataclass of its payload."""


def payload_from_json(kind: PromptKind, data: Mapping[str, Any] | None) -> Payload:
    """The payload of a ``kind`` question from its JSON dict (None: every field absent).  TypeError as
    :meth:`Payload.from_json`, and for a payload of another kind given as ``data``."""
    cls = PAYLOADS[kind]
    if data is None:
        return cls()
    if isinstance(data, Payload):
        raise TypeError(f"a {kind} question's payload is a {cls.__name__}, not a {type(data).__name__}")
    return cls.from_json(data)
