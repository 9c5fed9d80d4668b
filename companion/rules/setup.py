"""Table setup: role tables per player count, max HP, general offers.

Sources: RULES_NOTES.md "Roles per player count" (FK ``gamelogic.lua``, the
physical box per SE-setup), "Lord's extra health" (FK ``game_mode.lua``
``#players > 4``; QS ``hasWelfare``), rulebook 选将 (lord: 曹操 刘备 孙权 + 2
random, picks one; every other seat 3 random, 2 with 10 players).

Pure functions; randomness only through a ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from .generals import GENERALS, LORD_CANDIDATES
from .generals import general as find_general
from .messages import Cited, Message, text
from .state import ROLES

__all__ = [
    "ROLE_TABLES", "ROLE_VARIANTS", "VARIANTS", "VARIANT_NAMES", "variant_name", "MIN_PLAYERS", "MAX_PLAYERS",
    "role_table", "role_counts", "max_hp", "offer_generals", "deal_roles",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 10


def _t(lord: int, loyal: int, rebel: int, rene: int) -> dict[str, int]:
    return {"lord": lord, "loyalist": loyal, "rebel": rebel, "renegade": rene}


ROLE_TABLES: dict[int, dict[str, int]] = {
    2: _t(1, 0, 0, 1),
    3: _t(1, 0, 1, 1),
    4: _t(1, 1, 1, 1),
    5: _t(1, 1, 2, 1),
    6: _t(1, 1, 3, 1),
    7: _t(1, 2, 3, 1),
    8: _t(1, 2, 4, 1),
    9: _t(1, 3, 4, 1),
    10: _t(1, 3, 4, 2),
}
"""Default role counts (lord/loyalist/rebel/renegade) by player count (issue 2 §1; physical box)."""

SRC_ROLE_VARIANTS = {
    "roles_2_rebel": "FK gamelogic.lua; QS engine.cpp 02p",
    "roles_8_two_renegades": "QS 08pd; box table B",
    "roles_6_two_renegades": "QS 06pd; box table B",
    "roles_10_1351": "FK gamelogic.lua; QS 10p",
    "roles_4_qs": "QS engine.cpp ZNFF",
}
ROLE_VARIANTS: dict[str, tuple[int, dict[str, int], str]] = {
    "roles_2_rebel": (2, _t(1, 0, 1, 0), SRC_ROLE_VARIANTS["roles_2_rebel"]),
    "roles_8_two_renegades": (8, _t(1, 2, 3, 2), SRC_ROLE_VARIANTS["roles_8_two_renegades"]),
    "roles_6_two_renegades": (6, _t(1, 1, 2, 2), SRC_ROLE_VARIANTS["roles_6_two_renegades"]),
    "roles_10_1351": (10, _t(1, 3, 5, 1), SRC_ROLE_VARIANTS["roles_10_1351"]),
    "roles_4_qs": (4, _t(1, 0, 2, 1), SRC_ROLE_VARIANTS["roles_4_qs"]),
}
"""Named role-table variants: name → (player count, counts, source)."""

VARIANTS: dict[str, Message] = {
    "lord_hp_always": text("setup.variant/lord_hp_always"),
    "no_generals": text("setup.variant/no_generals"),
    "maneuvering": text("setup.variant/maneuvering"),
    "untracked_hands": text("setup.variant/untracked_hands"),
    "duel_source_user": text("setup.variant/duel_source_user"),
    "faq_dying_skills": text("setup.variant/faq_dying_skills"),
    "faq_kongcheng_duel": text("setup.variant/faq_kongcheng_duel"),
    **{k: text("setup.variant/roles", players=v[0], source=Cited(v[2]),
               roles="/".join(str(v[1][r]) for r in ("lord", "loyalist", "rebel", "renegade")))
       for k, v in ROLE_VARIANTS.items()},
}
"""Every known variant name → its one-line description (a catalogue text, rendered when first read)."""

VARIANT_NAMES: dict[str, Message] = {
    "lord_hp_always": text("setup.variant_name/lord_hp_always"),
    "no_generals": text("setup.variant_name/no_generals"),
    "maneuvering": text("setup.variant_name/maneuvering"),
    "untracked_hands": text("setup.variant_name/untracked_hands"),
    "duel_source_user": text("setup.variant_name/duel_source_user"),
    "faq_dying_skills": text("setup.variant_name/faq_dying_skills"),
    "faq_kongcheng_duel": text("setup.variant_name/faq_kongcheng_duel"),
    "roles_2_rebel": text("setup.variant_name/roles_2_rebel"),
    "roles_8_two_renegades": text("setup.variant_name/roles_8_two_renegades"),
    "roles_6_two_renegades": text("setup.variant_name/roles_6_two_renegades"),
    "roles_10_1351": text("setup.variant_name/roles_10_1351"),
    "roles_4_qs": text("setup.variant_name/roles_4_qs"),
}
"""Every variant's name on screen, in the catalogue (``[text] "setup.variant_name/<id>"``); the id
(``no_generals``) is the command word."""


def variant_name(name: str, lang: str) -> str:
    """A variant as the screen names it in ``lang`` (``"no generals"`` / ``"无武将模式"``); an unknown id as it is."""
    m = VARIANT_NAMES.get(name)
    return name if m is None else m.text(lang)


def role_table(players: int, variants: set[str] | frozenset[str] = frozenset()) -> dict[str, int]:
    """Role counts for ``players`` (2..10), honouring role-table variants.

    Raises ValueError for a player count outside 2..10.
    """
    if players not in ROLE_TABLES:
        raise ValueError(text("setup.role_table/players", players=players, min_players=MIN_PLAYERS,
                              max_players=MAX_PLAYERS).en)
    for name in sorted(variants):
        v = ROLE_VARIANTS.get(name)
        if v is not None and v[0] == players:
            return dict(v[1])
    return dict(ROLE_TABLES[players])


def role_counts(roles: Iterable[str | None]) -> Counter[str]:
    """Counter of the non-None roles in an iterable."""
    return Counter(r for r in roles if r is not None)


def max_hp(general: str | None, is_lord: bool, players: int, variants: set[str] | frozenset[str] = frozenset()) -> int:
    """Max HP of a seat: the general's (4 in ``no_generals`` or without a general),
    +1 for the lord with 5 or more players (always with variant ``lord_hp_always``).

    Source: RULES_NOTES "Lord's extra health".  Raises UnknownGeneralError.
    """
    if "no_generals" in variants or general is None:
        base = 4
    else:
        base = find_general(general).max_hp
    if is_lord and (players >= 5 or "lord_hp_always" in variants):
        base += 1
    return base


def offer_generals(players: int, lord_seat: int, rng: random.Random,
                   lord_general: str | None = None, taken: tuple[str, ...] = ()) -> dict[int, list[str]]:
    """General offers by the rulebook.

    Without ``lord_general``: only the lord's offer, ``{lord_seat: [caocao,
    liubei, sunquan, x, y]}`` (2 random others).  With the lord's pick: every
    other seat gets 3 random generals (2 with 10 players) from the 24 others
    (minus ``taken``), seats in order.  Raises ValueError when the pool is short.
    Source: rulebook 选将; issue 2 §1.
    """
    if lord_general is None:
        rest = [g for g in GENERALS if g not in LORD_CANDIDATES and g not in taken]
        return {lord_seat: list(LORD_CANDIDATES) + rng.sample(rest, 2)}
    lg = find_general(lord_general).id
    pool = [g for g in GENERALS if g != lg and g not in taken]
    each = 2 if players >= 10 else 3
    need = each * (players - 1)
    if need > len(pool):
        raise ValueError(f"{players} players need {need} generals, only {len(pool)} left")
    drawn = rng.sample(pool, need)
    seats = [s for s in range(1, players + 1) if s != lord_seat]
    return {s: drawn[i * each:(i + 1) * each] for i, s in enumerate(seats)}


def deal_roles(players: int, lord_seat: int, rng: random.Random, variants: set[str] | frozenset[str] = frozenset()) -> dict[int, str]:
    """Random roles for every seat except the lord's (the remaining cards of the role table, shuffled)."""
    table = role_table(players, variants)
    cards = [r for r in ROLES if r != "lord" for _ in range(table[r])]
    rng.shuffle(cards)
    seats = [s for s in range(1, players + 1) if s != lord_seat]
    return dict(zip(seats, cards, strict=True))  # the table holds one card per non-lord seat
