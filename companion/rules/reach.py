"""Seat distance and attack range on plain values: the one statement of the rule.

:mod:`companion.rules.distance` (the state-based API the rules use, with its result types and registries)
and ``companion distance`` both compute here.  This module is light to import on purpose (issue 15: the
command starts on it alone): no dataclasses, enums or ``typing`` at run time; results are tuples; a table is
anything with the few attributes of :class:`TableView` (a :class:`~companion.rules.state.GameState`, or the
light :class:`Table` below).

Rules (RULES_NOTES.md "Distance and attack range"; rulebook 距离):

* seat distance counts living seats only, the shorter way round
  (FreeKill ``player.lua`` ``distanceTo``);
* a -1 horse on the *measuring* seat lowers its distance to every other seat
  by 1; a +1 horse on the *target* seat raises every other seat's distance to
  it by 1; 马超's 马术 acts like a -1 horse and adds to it (FreeKill
  ``mashu.lua``); the result is never below 1 (FreeKill ``math.max(ret, 1)``);
* attack range is the weapon's range, or 1 without a weapon; the weapon
  replaces the 1 (FreeKill ``getAttackRange``).

Distance is directional: from ``a`` to ``b`` may differ from ``b`` to ``a``.
"""

from __future__ import annotations

from . import datafiles
from .messages import Words, en_zh, text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (≈ 12 M instructions of a start, issue 15)
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Mapping, Sequence
    from typing import Any, Protocol

    class SeatView(Protocol):
        """What the rule reads of a seat (:class:`~companion.rules.state.Seat` has it)."""

        @property
        def seat(self) -> int: ...
        @property
        def alive(self) -> bool: ...
        @property
        def general(self) -> str | None: ...
        @property
        def role(self) -> str | None: ...
        @property
        def equipment(self) -> Mapping[str, str | None]: ...

    class TableView(Protocol):
        """What the rule reads of a table (:class:`~companion.rules.state.GameState` has it)."""

        @property
        def alive(self) -> Sequence[int]: ...
        @property
        def variants(self) -> Collection[str]: ...
        def seat(self, n: int) -> SeatView: ...

__all__ = ["Term", "Reach", "Table", "TableSeat", "kind_row", "card_kind_of", "has_skill", "seat_distance",
           "distance_terms", "total", "explain", "distance", "weapon_reach", "no_weapon", "best_reach",
           "attack_reach", "verdict", "in_range"]

Term = tuple[int, str, str]
"""One term of a distance: ``(delta, en, zh)``, e.g. ``(-1, "Red Hare -1 horse on seat 2", "2号位赤兔-1马")``."""
Reach = tuple[int, str, str]
"""An attack range and where it comes from: ``(value, en, zh)``, e.g. ``(2, "Qinggang Sword", "青釭剑")``."""


def kind_row(kind_id: str) -> dict[str, Any]:
    """The row of ``cards.toml`` for a kind id (``en``, ``zh``, ``type``, ``slot``, ``range``…: the row
    :data:`companion.rules.deck.KINDS` is built from).  Raises KeyError for an unknown id."""
    row: dict[str, Any] = datafiles.load("cards.toml")["kinds"][kind_id]
    return row


def card_kind_of(ref: str | None) -> str | None:
    """Kind id of a card reference: ``"qinggang_sword-spade-6"`` → ``"qinggang_sword"``; a kind id is returned
    as is; None stays None."""
    if ref is None:
        return None
    return ref.split("-", 1)[0]


def has_skill(state: TableView, seat: SeatView, skill_id: str) -> bool:
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


def seat_distance(state: TableView, src: int, dst: int) -> int:
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


def distance_terms(state: TableView, src: SeatView, dst: SeatView) -> list[Term]:
    """The terms added to the seat distance from ``src`` to ``dst``: ``src``'s -1 horse, ``dst``'s +1 horse,
    ``src``'s 马术, in that order."""
    out: list[Term] = []
    minus = card_kind_of(src.equipment.get("minus_horse"))
    if minus:
        k = kind_row(minus)
        out.append((-1, *en_zh("distance.horses/horse_seat", k=Words(k["en"], k["zh"]), seat=src.seat)))
    plus = card_kind_of(dst.equipment.get("plus_horse"))
    if plus:
        k = kind_row(plus)
        out.append((+1, *en_zh("distance.horses/horse_seat2", k=Words(k["en"], k["zh"]), seat=dst.seat)))
    if has_skill(state, src, "mashu"):
        out.append((-1, *en_zh("distance.mashu", seat=src.seat)))
    return out


def total(base: int, deltas: Iterable[int]) -> int:
    """The distance: ``base`` plus the deltas, never below 1."""
    return max(1, base + sum(deltas))


def explain(base: int, terms: Sequence[Term], value: int, lang: str = "en") -> str:
    """E.g. ``"2 (seats) - 1 (赤兔 -1 horse) = 1"``; when the sum is below 1 it says the minimum:
    ``"1 - 1 (赤兔 -1 horse) → 1 (distance is at least 1)"`` / ``"… → 1（距离最少为1）"``
    (RULES_NOTES: Distance and attack range — "The final distance is never below 1"); without terms, the value."""
    if not terms:
        return str(value)
    words = "".join(f" {'+' if d >= 0 else '-'} {abs(d)} ({zh if lang == 'zh' else en})" for d, en, zh in terms)
    if base + sum(t[0] for t in terms) < value:
        return f"{base}{words} → {value}{text('distance.explain/floor').text(lang)}"
    return f"{base}{words} = {value}"


def distance(state: TableView, src: int, dst: int) -> tuple[int, list[Term], int]:
    """``(base, terms, value)`` from seat ``src`` to seat ``dst`` (directional).  Raises ValueError for a dead
    seat or ``src == dst``."""
    base = seat_distance(state, src, dst)
    terms = distance_terms(state, state.seat(src), state.seat(dst))
    return base, terms, total(base, (t[0] for t in terms))


def weapon_reach(state: TableView, seat: SeatView) -> Reach | None:
    """The range of the seat's weapon and its name, or None without a weapon (or one without a range)."""
    w = card_kind_of(seat.equipment.get("weapon"))
    k = kind_row(w) if w else None
    if k is not None and k.get("range"):
        return k["range"], k["en"], k["zh"]
    return None


def no_weapon() -> Reach:
    """The attack range without a weapon: 1."""
    return (1, *en_zh("distance.attack_range"))


def best_reach(found: Iterable[Reach | None]) -> Reach:
    """The largest of the ranges found (the later one of equals: a range-1 weapon, 诸葛连弩, is named), else
    :func:`no_weapon`."""
    best = no_weapon()
    for r in found:
        if r is not None and r[0] >= best[0]:
            best = r
    return best


def attack_reach(state: TableView, seat: int) -> Reach:
    """The seat's attack range: its weapon's, else 1."""
    return best_reach([weapon_reach(state, state.seat(seat))])


def verdict(src: int, dst: int, base: int, terms: Sequence[Term], value: int, reach: Reach) -> tuple[bool, str, str]:
    """``(ok, en, zh)``: whether ``value`` (the distance from ``src`` to ``dst``) is within ``reach``, and the
    sentence with the numbers, e.g. ``"seat 2 → seat 5: distance 3 > attack range 2 (青釭剑)"``."""
    ok = value <= reach[0]
    if terms:
        how = Words(*en_zh("distance.in_range/text", explain=Words(explain(base, terms, value),
                                                                   explain(base, terms, value, "zh"))))
    else:
        how = Words("", "")
    en, zh = en_zh("distance.in_range/seat_seat_distance", src=src, dst=dst, value=value, how=how,
                   rel="≤" if ok else ">", r_value=reach[0], r=Words(reach[1], reach[2]))
    return ok, en, zh


def in_range(state: TableView, src: int, dst: int) -> tuple[bool, int, str, str]:
    """``(ok, distance, en, zh)``: whether ``dst`` is within ``src``'s attack range, the distance and the
    sentence.  Raises ValueError for a dead seat or ``src == dst``."""
    base, terms, value = distance(state, src, dst)
    ok, en, zh = verdict(src, dst, base, terms, value, attack_reach(state, src))
    return ok, value, en, zh


class TableSeat:
    """A seat of a :class:`Table`: its number, whether it lives, its general, its equipment (slot → kind id)."""

    __slots__ = ("seat", "alive", "general", "role", "equipment")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.alive = True
        self.general: str | None = None
        self.role: str | None = None
        self.equipment: dict[str, str | None] = {}


class Table:
    """A table described for distances only (``companion distance``): ``players`` seats numbered 1..players,
    no variant.  ``seat(n)`` raises IndexError out of range."""

    __slots__ = ("players", "seats", "variants")

    def __init__(self, players: int) -> None:
        self.players = players
        self.seats = [TableSeat(i) for i in range(1, players + 1)]
        self.variants: frozenset[str] = frozenset()

    @property
    def alive(self) -> list[int]:
        """Living seat numbers, in seat order."""
        return [s.seat for s in self.seats if s.alive]

    def seat(self, n: int) -> TableSeat:
        """Seat number ``n``."""
        if not 1 <= n <= len(self.seats):
            raise IndexError(f"no seat {n}: the table has seats 1..{len(self.seats)}")
        return self.seats[n - 1]
