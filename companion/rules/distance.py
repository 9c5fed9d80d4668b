"""Seat distance and attack range, with the reason for every number.

Rules (RULES_NOTES.md "Distance and attack range"; rulebook 距离):

* seat distance counts living seats only, the shorter way round
  (FreeKill ``player.lua`` ``distanceTo``);
* a -1 horse on the *measuring* seat lowers its distance to every other seat
  by 1; a +1 horse on the *target* seat raises every other seat's distance to
  it by 1; 马超's 马术 acts like a -1 horse and adds to it (FreeKill
  ``mashu.lua``); the result is never below 1 (FreeKill ``math.max(ret, 1)``);
* attack range is the weapon's range, or 1 without a weapon; the weapon
  replaces the 1 (FreeKill ``getAttackRange``).

Distance is directional: ``distance(s, a, b)`` may differ from
``distance(s, b, a)``.  Cards and skills change distances through the
registries :data:`DISTANCE_MODIFIERS` and :data:`RANGE_MODIFIERS`, each
defined in one place (this module for horses and 马术; later modules append).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import overload

from .deck import KINDS
from .messages import Words, en_zh, text
from .state import GameState, Seat

__all__ = [
    "Part", "Distance", "AttackRange", "RangeCheck",
    "card_kind_of", "seat_distance", "distance", "attack_range", "in_range",
    "has_skill", "DISTANCE_MODIFIERS", "RANGE_MODIFIERS",
]


@dataclass(frozen=True, slots=True)
class Part:
    """One term of a distance or range: ``delta`` and what it comes from (en/zh)."""

    delta: int
    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class Distance:
    """``value`` = max(1, ``base`` + sum of ``parts``); ``base`` is the seat distance."""

    src: int
    dst: int
    base: int
    parts: tuple[Part, ...]
    value: int

    def explain(self, lang: str = "en") -> str:
        """E.g. ``"2 (seats) - 1 (赤兔 -1 horse) = 1"``; when the sum is below 1 it says the minimum:
        ``"1 - 1 (赤兔 -1 horse) → 1 (distance is at least 1)"`` / ``"… → 1（距离最少为1）"``
        (RULES_NOTES: Distance and attack range — "The final distance is never below 1")."""
        if not self.parts:
            return str(self.value)
        terms = "".join(
            f" {'+' if p.delta >= 0 else '-'} {abs(p.delta)} ({p.zh if lang == 'zh' else p.en})" for p in self.parts
        )
        if self.base + sum(p.delta for p in self.parts) < self.value:
            return f"{self.base}{terms} → {self.value}{text('distance.explain/floor').text(lang)}"
        return f"{self.base}{terms} = {self.value}"


@dataclass(frozen=True, slots=True)
class AttackRange:
    """``value`` and where it comes from: ``en``/``zh`` e.g. ``"青釭剑"`` or ``"no weapon"``."""

    seat: int
    value: int
    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class RangeCheck:
    """Result of :func:`in_range`: ``ok`` plus the numbers and the sentence."""

    ok: bool
    distance: Distance
    range: AttackRange
    en: str
    zh: str


@overload
def card_kind_of(ref: str) -> str: ...
@overload
def card_kind_of(ref: None) -> None: ...
@overload
def card_kind_of(ref: str | None) -> str | None: ...
def card_kind_of(ref: str | None) -> str | None:
    """Kind id of a card reference: ``"qinggang_sword-spade-6"`` → ``"qinggang_sword"``; a kind id is returned as is."""
    if ref is None:
        return None
    return ref.split("-", 1)[0]


def has_skill(state: GameState, seat: Seat, skill_id: str) -> bool:
    """True when the seat's general has the skill and can use it now.

    A dead seat has lost its skills; in the ``no_generals`` variant nobody has
    skills; a lord skill works only while its owner is the lord.
    """
    if not seat.alive or seat.general is None or "no_generals" in state.variants:
        return False
    from .generals import GENERALS  # noqa: PLC0415 - only once a seat has a general (`companion distance` often has none)

    g = GENERALS.get(seat.general)
    if g is None:
        return False
    for sk in g.skills:
        if sk.id == skill_id:
            return not sk.lord_skill or seat.role == "lord"
    return False


def _horses(state: GameState, src: Seat, dst: Seat) -> Iterable[Part]:
    minus = card_kind_of(src.equipment.get("minus_horse"))
    if minus:
        k = KINDS[minus]
        yield Part(-1, *en_zh("distance.horses/horse_seat", k=Words(k.en, k.zh), seat=src.seat))
    plus = card_kind_of(dst.equipment.get("plus_horse"))
    if plus:
        k = KINDS[plus]
        yield Part(+1, *en_zh("distance.horses/horse_seat2", k=Words(k.en, k.zh), seat=dst.seat))


def _mashu(state: GameState, src: Seat, dst: Seat) -> Iterable[Part]:
    if has_skill(state, src, "mashu"):
        yield Part(-1, *en_zh("distance.mashu", seat=src.seat))


DISTANCE_MODIFIERS: list[Callable[[GameState, Seat, Seat], Iterable[Part]]] = [_horses, _mashu]
"""Functions ``(state, src, dst) -> parts`` added to the seat distance."""


def _weapon_range(state: GameState, seat: Seat) -> AttackRange | None:
    w = card_kind_of(seat.equipment.get("weapon"))
    k = KINDS[w] if w else None
    if k is not None and k.range:
        return AttackRange(seat.seat, k.range, k.en, k.zh)
    return None


RANGE_MODIFIERS: list[Callable[[GameState, Seat], AttackRange | None]] = [_weapon_range]
"""Functions ``(state, seat) -> AttackRange | None``; the largest answer wins, default 1."""


def seat_distance(state: GameState, src: int, dst: int) -> int:
    """Steps between two living seats, the shorter way round, counting living seats only.

    Raises ValueError when either seat is dead or they are the same seat.
    """
    alive = state.alive
    if src == dst:
        raise ValueError(text("distance.seat_distance/itself", seat=src).en)
    for s in (src, dst):
        if s not in alive:
            raise ValueError(text("distance.seat_distance/dead", seat=s).en)
    i, j = alive.index(src), alive.index(dst)
    n = len(alive)
    d = (j - i) % n
    return min(d, n - d)


def distance(state: GameState, src: int, dst: int) -> Distance:
    """Distance from seat ``src`` to seat ``dst`` with its parts (directional).

    Raises ValueError for a dead seat or ``src == dst``.
    """
    base = seat_distance(state, src, dst)
    a, b = state.seat(src), state.seat(dst)
    parts = tuple(p for mod in DISTANCE_MODIFIERS for p in mod(state, a, b))
    return Distance(src, dst, base, parts, max(1, base + sum(p.delta for p in parts)))


def attack_range(state: GameState, seat: int) -> AttackRange:
    """The seat's attack range: the best of :data:`RANGE_MODIFIERS`, else 1 (no weapon)."""
    s = state.seat(seat)
    best = AttackRange(seat, 1, *en_zh("distance.attack_range"))
    for mod in RANGE_MODIFIERS:
        r = mod(state, s)
        if r is not None and r.value >= best.value:  # a range-1 weapon (诸葛连弩) is named too
            best = r
    return best


def in_range(state: GameState, src: int, dst: int) -> RangeCheck:
    """Whether ``dst`` is within ``src``'s attack range.

    The sentence gives the numbers, e.g. ``"seat 2 → seat 5: distance 3 >
    attack range 2 (青釭剑)"``.  Raises ValueError for a dead seat or
    ``src == dst``.
    """
    d = distance(state, src, dst)
    r = attack_range(state, src)
    ok = d.value <= r.value
    rel = "≤" if ok else ">"
    how, how_zh = en_zh("distance.in_range/text", explain=Words(d.explain(), d.explain('zh'))) if d.parts else ("", "")
    en, zh = en_zh("distance.in_range/seat_seat_distance", src=src, dst=dst, value=d.value, how=Words(how, how_zh), rel=rel,
                   r_value=r.value, r=Words(r.en, r.zh))
    return RangeCheck(ok, d, r, en, zh)
