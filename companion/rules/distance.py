"""Seat distance and attack range, with the reason for every number: the state-based API of the rules.

The rule itself (RULES_NOTES.md "Distance and attack range"; rulebook 距离) is stated once, on plain values,
in :mod:`companion.rules.reach`, which ``companion distance`` uses alone; this module gives its results as
the types below and keeps the registries.

Distance is directional: ``distance(s, a, b)`` may differ from
``distance(s, b, a)``.  Cards and skills change distances through the
registries :data:`DISTANCE_MODIFIERS` and :data:`RANGE_MODIFIERS`, each
defined in one place (this module for horses and 马术, through :mod:`.reach`; later modules append).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import overload

from . import reach
from .reach import has_skill, seat_distance
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
        return reach.explain(self.base, [(p.delta, p.en, p.zh) for p in self.parts], self.value, lang)


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
    """Kind id of a card reference: ``"qinggang_sword-spade-6"`` → ``"qinggang_sword"``; a kind id is returned as is
    (:func:`.reach.card_kind_of`, typed here for each kind of argument)."""
    return reach.card_kind_of(ref)


def _built_in(state: GameState, src: Seat, dst: Seat) -> Iterable[Part]:
    return (Part(*t) for t in reach.distance_terms(state, src, dst))


DISTANCE_MODIFIERS: list[Callable[[GameState, Seat, Seat], Iterable[Part]]] = [_built_in]
"""Functions ``(state, src, dst) -> parts`` added to the seat distance (the first: the horses and 马术)."""


def _weapon_range(state: GameState, seat: Seat) -> AttackRange | None:
    r = reach.weapon_reach(state, seat)
    return AttackRange(seat.seat, *r) if r is not None else None


RANGE_MODIFIERS: list[Callable[[GameState, Seat], AttackRange | None]] = [_weapon_range]
"""Functions ``(state, seat) -> AttackRange | None``; the largest answer wins, default 1."""


def distance(state: GameState, src: int, dst: int) -> Distance:
    """Distance from seat ``src`` to seat ``dst`` with its parts (directional).

    Raises ValueError for a dead seat or ``src == dst``.
    """
    base = seat_distance(state, src, dst)
    a, b = state.seat(src), state.seat(dst)
    parts = tuple(p for mod in DISTANCE_MODIFIERS for p in mod(state, a, b))
    return Distance(src, dst, base, parts, reach.total(base, (p.delta for p in parts)))


def attack_range(state: GameState, seat: int) -> AttackRange:
    """The seat's attack range: the best of :data:`RANGE_MODIFIERS`, else 1 (no weapon)."""
    s = state.seat(seat)
    found = (mod(state, s) for mod in RANGE_MODIFIERS)
    return AttackRange(seat, *reach.best_reach((r.value, r.en, r.zh) if r is not None else None for r in found))


def in_range(state: GameState, src: int, dst: int) -> RangeCheck:
    """Whether ``dst`` is within ``src``'s attack range.

    The sentence gives the numbers, e.g. ``"seat 2 → seat 5: distance 3 >
    attack range 2 (青釭剑)"``.  Raises ValueError for a dead seat or
    ``src == dst``.
    """
    d = distance(state, src, dst)
    r = attack_range(state, src)
    ok, en, zh = reach.verdict(src, dst, d.base, [(p.delta, p.en, p.zh) for p in d.parts], d.value, (r.value, r.en, r.zh))
    return RangeCheck(ok, d, r, en, zh)
