"""Card kinds, card faces and the physical deck of Sanguosha (三国杀) standard edition.

Data source: the project's own ``companion/data/cards.toml`` (kinds) and
``companion/data/deck.toml`` (physical cards), read once at import through
:mod:`companion.rules.datafiles` (their precompiled form while it matches the files).  Kind ids follow the FreeKill packages
``standard_cards`` and ``maneuvering``; the card list is the 104-card box
plus 4 EX cards as listed by FreeKill, QSanguosha-v2 and noname, and is
checked against the team's oracle (``shared/reference/standard_deck.json``)
by ``tests/test_data_oracle.py``.

Pure rules core: standard library only, no I/O besides the package data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from . import datafiles, faces
from .messages import Named, Names, Words, en_zh, text
from .names import build_index, find, is_cjk, starting

__all__ = [
    "Suit",
    "CardType",
    "Slot",
    "CardKind",
    "Face",
    "Card",
    "CardError",
    "UnknownCardError",
    "CardSyntaxError",
    "KINDS",
    "card_kind",
    "kinds_starting",
    "parse_face",
    "standard_deck",
    "maneuvering_cards",
    "faces_of",
]


# --------------------------------------------------------------------------- enums


class Suit(StrEnum):
    """The four suits.  ``.color`` is ``"black"``/``"red"``, ``.symbol`` is ♠♥♣♦, ``.zh`` the Chinese name."""

    SPADE = "spade"
    HEART = "heart"
    CLUB = "club"
    DIAMOND = "diamond"

    @property
    def color(self) -> str:
        """``"black"`` for spade/club, ``"red"`` for heart/diamond."""
        return faces.COLOR[self]

    @property
    def symbol(self) -> str:
        """One of ``♠ ♥ ♣ ♦``."""
        return faces.SYMBOL[self]

    @property
    def zh(self) -> str:
        """One of ``黑桃 红桃 梅花 方块``."""
        return _SUIT_ZH[self]


_SUIT_ZH = Names("suit")


class CardType(StrEnum):
    """Card type.  Delayed tricks (乐不思蜀, 闪电, 兵粮寸断) get their own type here."""

    BASIC = "basic"
    TRICK = "trick"
    DELAYED_TRICK = "delayed_trick"
    EQUIP = "equip"


class Slot(StrEnum):
    """Equipment slot.  PLUS_HORSE = +1 (defensive) horse, MINUS_HORSE = -1 (offensive) horse."""

    WEAPON = "weapon"
    ARMOR = "armor"
    PLUS_HORSE = "plus_horse"
    MINUS_HORSE = "minus_horse"


TARGETS = ("self", "other", "any", "all_others", "all", "none")


# --------------------------------------------------------------------------- errors


class CardError(ValueError):
    """Base class of card errors; the message is meant to be shown to the moderator."""


class UnknownCardError(CardError):
    """A card name matched no kind.  ``.name`` is the input, ``.suggestions`` up to 3 close kind ids."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = suggestions
        if suggestions:
            hint = Words(", ".join(f"{s} ({KINDS[s].zh})" for s in suggestions), "、".join(KINDS[s].zh for s in suggestions))
            self.en, self.zh = en_zh("deck.unknown_card/suggest", name=name, hint=hint)
        elif is_cjk(name):
            # A Chinese name with no close match (e.g. the homophone 沙 for 杀): list the Chinese card names.
            self.en, self.zh = en_zh("deck.unknown_card/cjk", name=name, names="、".join(k.zh for k in KINDS.values()))
        else:
            self.en, self.zh = en_zh("deck.unknown_card/other", name=name)
        super().__init__(self.en)


class CardSyntaxError(CardError):
    """A card face (suit + rank) could not be parsed.  ``.text`` is the input; ``.reason`` the specific
    reason (en) when there is one (a colour word: ``红10``), else ""."""

    ACCEPTED = "♠7, 7♠, S7, 7s, 10h, h10, spade 7, 黑桃7, 红桃10, 梅花K, K梅花, ♥Q, ♦10, 方块A"
    ACCEPTED_ZH = "♠7、7♠、黑桃7、红桃10、梅花K、K梅花、方块A、10h、♥Q"

    def __init__(self, text: str, reason: str = "", reason_zh: str = "") -> None:
        self.text = text
        self.reason = reason
        why = Words(*en_zh("deck.init", reason=Words(reason, reason_zh or reason))) if reason else ""
        self.en, self.zh = en_zh("deck.card_syntax", face=text, why=why,
                                 accepted=Words(self.ACCEPTED, self.ACCEPTED_ZH))
        super().__init__(self.en)


# --------------------------------------------------------------------------- data classes


@dataclass(frozen=True, slots=True)
class CardKind(Named):
    """One kind of card (e.g. 杀), as defined in ``data/cards.toml``.

    ``type``/``slot``/``range`` follow FreeKill; ``range`` is a weapon's attack
    range (None otherwise); ``distance_limit`` is 1 for snatch and
    supply_shortage; ``targets`` is one of ``self other any all_others all none``;
    ``package`` is ``"standard"`` or ``"maneuvering"``; ``subtype`` uses the
    QSanguosha-v2 vocabulary (attack_card, single_target_trick, aoe_trick,
    global_trick, delayed_trick, weapon, armor, defensive_horse, offensive_horse, ...).
    """

    id: str
    zh: str
    en: str
    type: CardType
    slot: Slot | None
    range: int | None
    aliases: tuple[str, ...]
    package: str
    distance_limit: int | None
    targets: str
    subtype: str = ""

    def __str__(self) -> str:
        return f"{self.zh} {self.en}"


@dataclass(frozen=True, slots=True)
class Face:
    """A suit and a rank (1..13, A=1 J=11 Q=12 K=13).  ``str(face)`` gives e.g. ``"♠7"``, ``"♥Q"``."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardSyntaxError(f"{self.suit} {self.rank}", *en_zh("deck.face/rank"))

    @property
    def color(self) -> str:
        """``"black"`` or ``"red"``."""
        return self.suit.color

    @property
    def rank_label(self) -> str:
        """``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
        return faces.rank_label(self.rank)

    def __str__(self) -> str:
        return faces.face_text(self.suit, self.rank)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card of the deck.

    ``id`` is ``"<kind>-<suit>-<rank>"`` (e.g. ``"slash-spade-7"``); a second
    identical card gets ``"-2"`` appended.  ``ex`` marks the 4 EX cards.
    """

    id: str
    kind: str
    suit: Suit
    rank: int
    ex: bool

    @property
    def face(self) -> Face:
        """The card's :class:`Face`."""
        return Face(self.suit, self.rank)

    @property
    def color(self) -> str:
        """``"black"`` or ``"red"``."""
        return self.suit.color

    def __str__(self) -> str:
        return f"{self.face} {KINDS[self.kind].zh}"


# --------------------------------------------------------------------------- name lookup


def card_kind(name: str) -> CardKind:
    """Return the :class:`CardKind` named by ``name``.

    Accepts the id (``ex_nihilo``), the Chinese name (``无中生有``), the English
    name (``Ex Nihilo``) or any alias (``wuzhong``), case-insensitively and
    ignoring spaces, underscores and hyphens.  Covers standard and maneuvering
    kinds.  Raises :class:`UnknownCardError` (with up to 3 close matches).
    """
    if isinstance(name, CardKind):
        return name
    kind, close = find(name, _NAME_INDEX)
    if kind is None:
        raise UnknownCardError(str(name), close)
    return kind


def kinds_starting(word: str, among: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The ids of the card kinds (only those in ``among``, when given) one of whose names — id, Chinese,
    English, alias, as :func:`card_kind` reads them — begins with ``word`` (``"qing"`` → ``qinggang_sword``,
    ``blade`` (alias ``qinglong``), …), in ``cards.toml`` order; ``()`` for an empty word or no match."""
    return tuple(k.id for k in starting(word, _NAME_INDEX) if among is None or k.id in among)


# --------------------------------------------------------------------------- faces

_COLOUR_SUITS = {("red", True): text("deck.module/text"), ("black", True): text("deck.module/text2"),
                 ("red", False): text("deck.module/text3"), ("black", False): text("deck.module/text4")}
"""(colour, written in Chinese) → the two suits, in the words of the face that named the colour."""


def parse_face(text: str) -> Face:
    """Parse a card face typed by the moderator: a suit and a rank, in either order.

    Suits: ``♠♥♣♦`` (also ``♤♡♧♢``), letters ``S H C D``, words ``spade(s)
    heart(s) club(s) diamond(s)``, Chinese ``黑桃 红桃 红心 梅花 草花 方块 方片``.
    Ranks: ``A``/``1``..``13``/``J``/``Q``/``K``; an optional space may separate
    suit and rank; case-insensitive; fullwidth characters are accepted.
    Examples: ``♠7``, ``7♠``, ``S7``, ``10h``, ``h10``, ``spade 7``, ``黑桃7``,
    ``红桃10``, ``梅花K``, ``K梅花``, ``♥Q``, ``方块A``.  The suit letters never
    overlap the rank letters, so either order is unambiguous.  A colour word
    (``红10``, ``黑K``: two suits each) is refused with both suits named.
    Raises :class:`CardSyntaxError` otherwise (``.en`` / ``.zh``).
    """
    if not isinstance(text, str):
        raise CardSyntaxError(repr(text), *en_zh("deck.face/not_text"))
    norm = faces.normalize(text)
    if not norm:
        raise CardSyntaxError(text, *en_zh("deck.face/empty"))
    found = faces.match(norm)
    if found is None:
        bare = re.sub(rf"\s*({faces.RANK_ALT})\s*", "", norm, count=1)
        colour = faces.COLOUR_WORDS.get(bare)
        if colour is not None:
            raise CardSyntaxError(text, *en_zh("deck.parse_face", bare=bare, colour=colour,
                                                 suits=_COLOUR_SUITS[colour, is_cjk(bare)]))
        raise CardSyntaxError(text)
    return Face(Suit(found[0]), found[1])


# --------------------------------------------------------------------------- loading


def _load_toml(filename: str) -> dict[str, Any]:
    return datafiles.load(filename)  # the precompiled form when it was built from this very file


def _load_kinds() -> dict[str, CardKind]:
    kinds: dict[str, CardKind] = {}
    for kid, row in _load_toml("cards.toml")["kinds"].items():
        slot = row.get("slot")
        targets = row["targets"]
        if targets not in TARGETS:
            raise ValueError(f"cards.toml: {kid}: bad targets {targets!r}")
        kinds[kid] = CardKind(
            id=kid,
            zh=row["zh"],
            en=row["en"],
            type=CardType(row["type"]),
            slot=Slot(slot) if slot is not None else None,
            range=row.get("range"),
            aliases=tuple(row.get("aliases", ())),
            package=row["package"],
            distance_limit=row.get("distance_limit"),
            targets=targets,
            subtype=row.get("subtype", ""),
        )
    return kinds


def _load_cards(section: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    counts: dict[str, int] = {}
    for entry in _load_toml("deck.toml")[section]:
        kind = KINDS[entry["kind"]]
        ex = bool(entry.get("ex", False))
        for written in entry["faces"]:
            face = parse_face(written)
            base = f"{kind.id}-{face.suit}-{face.rank}"
            n = counts[base] = counts.get(base, 0) + 1
            cid = base if n == 1 else f"{base}-{n}"
            cards.append(Card(cid, kind.id, face.suit, face.rank, ex))
    return tuple(cards)


KINDS: dict[str, CardKind] = _load_kinds()
"""All card kinds (standard and maneuvering) by id, in ``cards.toml`` order."""

_NAME_INDEX: dict[str, CardKind] = build_index(KINDS.values(), "cards.toml")
_CARDS: dict[str, tuple[Card, ...]] = {}


def _cards(section: str) -> tuple[Card, ...]:
    """``deck.toml``'s ``standard`` or ``maneuvering`` cards, built on first use (not at import: issue 15,
    the 160 faces cost a command that never deals, such as ``companion distance``)."""
    cards = _CARDS.get(section)
    if cards is None:
        cards = _CARDS[section] = _load_cards(section)
    return cards


def standard_deck(ex: bool = True) -> tuple[Card, ...]:
    """The physical standard deck in ``deck.toml`` order: 108 cards, or the 104 of the original box with ``ex=False``.

    Source: FreeKill ``standard_cards`` (标+EX), EX split as in QSanguosha-v2.
    """
    if ex:
        return _cards("standard")
    return tuple(c for c in _cards("standard") if not c.ex)


_FACES: dict[tuple[str, bool], frozenset[Face]] = {}


def faces_of(kind_id: str, maneuvering: bool = False) -> frozenset[Face]:
    """The faces (suit + rank) the physical deck has for a card kind: ``faces_of("minus_horse")`` →
    ``{♥5, ♦K}``; 军争 cards count with ``maneuvering``.  Empty for a kind not in the deck.
    Computed once per kind (the card checks run on every typed face)."""
    key = (kind_id, maneuvering)
    if key not in _FACES:
        deck = _cards("standard") + (_cards("maneuvering") if maneuvering else ())
        _FACES[key] = frozenset(c.face for c in deck if c.kind == kind_id)
    return _FACES[key]


def maneuvering_cards() -> tuple[Card, ...]:
    """The 军争 cards known to the rules core (兵粮寸断 ×2, 酒 ×5); not part of :func:`standard_deck`.

    Source: FreeKill ``maneuvering`` package.
    """
    return _cards("maneuvering")
