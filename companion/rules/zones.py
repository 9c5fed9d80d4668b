"""The zones of a seat (hand, equipment slots, judgement area) and moving one card out of them: the step
顺手牵羊 / 过河拆桥, 寒冰剑 / 麒麟弓 and 反馈 share.  Source: QS standard-cards.cpp (Snatch, Dismantlement)."""

from __future__ import annotations

from typing import Any

from .deck import KINDS
from .distance import card_kind_of
from .errors import Refused
from .messages import Names, Words, en_zh, say
from .outcome import named, who
from .state import SLOTS, Seat
from .vocab import Rule

SRC_TRICK = "QS standard-cards.cpp; FK standard_cards (trick effects)"

ZONE_WORDS = {"hand": "hand", "h": "hand", "手牌": "hand", "手": "hand",
              "weapon": "weapon", "武器": "weapon", "armor": "armor", "armour": "armor", "防具": "armor",
              "plus_horse": "plus_horse", "+1": "plus_horse", "+1马": "plus_horse", "防御马": "plus_horse",
              "minus_horse": "minus_horse", "-1": "minus_horse", "-1马": "minus_horse", "进攻马": "minus_horse"}
"""Zone words of ``pick`` → zone (``hand`` or an equipment slot); a delayed-trick name picks a judgement card."""

SLOT_ZH = Names("slot")
"""Equipment slot → its Chinese word (for the zh texts; the catalogue's ``[name]`` ``slot.*``)."""
ZONE_ZH = Names("zone")
"""The zones that are not a slot (``hand``) → their Chinese word."""


def zone_zh(word: str) -> str | None:
    """The Chinese word of a zone word (``hand`` → 手牌, ``weapon`` → 武器), None for another word."""
    return ZONE_ZH.get(word) or SLOT_ZH.get(word)


SLOT_EN = {"weapon": "weapon", "armor": "armor", "plus_horse": "+1 horse", "minus_horse": "-1 horse"}
"""Equipment slot → its English words on screen (the ids ``plus_horse`` / ``minus_horse`` are command words)."""


def slot_words(slot: str) -> Words:
    """An equipment slot in each language: ``Words("-1 horse", "-1马")``; another word as it is."""
    return Words(SLOT_EN.get(slot, slot), SLOT_ZH.get(slot, slot))


def card_label(ref: str | None) -> Words:
    """The name of the card ``ref`` in each language (``"slash-spade-7"`` → ``Words("Slash", "杀")``); an unknown
    ref as it is."""
    k = KINDS.get(card_kind_of(ref) or "")
    return Words(k.en, k.zh) if k else Words(str(ref), str(ref))


def has_cards(s: Seat, judgement: bool = True) -> bool:
    """True when the seat has a hand card, an equipment card, or (``judgement``) a judgement card."""
    return s.hand > 0 or any(s.equipment.values()) or (judgement and bool(s.judgement))


def zones_of(s: Seat, judgement: bool = True) -> list[str]:
    """The zones of a seat that hold cards: ``hand``, slots, and judgement card refs (placement order)."""
    z = ["hand"] if s.hand > 0 else []
    z += [sl for sl in SLOTS if s.equipment.get(sl)]
    if judgement:
        z += list(s.judgement)
    return z


def zone_label(s: Seat, z: str) -> tuple[str, str]:
    """``("hand (4)", "手牌(4)")``, ``("weapon 青釭剑", …)`` or a judgement card's name."""
    if z == "hand":
        return en_zh("zones.zone_label/hand", hand=s.hand)
    if z in SLOTS:
        ref = s.equipment[z]
        if ref is None:
            return en_zh("zones.zone_label/empty", z=slot_words(z))
        name = card_label(ref)
        return f"{SLOT_EN[z]} {name.en}", f"{SLOT_ZH[z]}{name.zh}"
    return en_zh("zones.zone_label/judgement", card_label=card_label(z))


SRC_LIGHT = "issue 16 §5 (light mode: the companion asks where a rule needs to know whether a seat has a hand card)"


def ask_hand(ctx: Any, owner: Seat, what: Words) -> None:
    """Light mode (hands not tracked): a hand card taken from ``owner`` (过河拆桥 / 顺手牵羊's hand zone, 反馈,
    突袭) needs to know it holds one.  Unless the table said it (``hand S 1`` / ``hand S 0``:
    ``Seat.flags["light_hand"]``, ``engine._untracked_hands``) or the line is forced, raises Refused
    ``hand.ask`` with ``Refused.seat`` = ``owner.seat``: the dashboard asks yes / no as for 空城, journals the
    answer and sends the line again — on "no" the line is refused with its own rule (no hand card there).
    ``what``: the card or skill asking.  Source: issue 16 §5 (空城, 突袭, 反馈, 过河拆桥's zone)."""
    st = ctx.st
    if st.hands_tracked or getattr(ctx, "forced", False) or owner.flags.get("light_hand"):
        return
    ask = Refused(Rule.HAND_ASK, source=SRC_LIGHT, seat=owner.seat, sk=what)
    ask.seat = owner.seat
    raise ask


def take_zone(ctx: Any, owner: Seat, z: str, gainer: Seat | None, why: object) -> str:
    """Remove one card of zone ``z`` from ``owner`` (hand count, a slot, or a judgement card ref);
    ``gainer`` (if any) gets it in hand.  ``why``: the card or skill that takes it (a Chinese name, an id or
    Words: shown in each language).  Returns the card's English name."""
    st = ctx.st
    why = named(why)
    if z == "hand":
        owner.hand -= 1
        name_en, name_zh = en_zh("zones.take_zone")
    elif z in SLOTS:
        ref = owner.equipment[z]
        if ref is None:
            raise Refused(Rule.PICK_ZONE, source=SRC_TRICK, forceable=False, msg="seat_has_nothing", seat=owner.seat,
                          z=slot_words(z))
        owner.equipment[z] = None
        name_en, name_zh = card_label(ref).en, card_label(ref).zh
    else:
        owner.judgement.remove(z)
        name_en, name_zh = card_label(z).en, card_label(z).zh
    oe, oz = who(st, owner.seat)
    if gainer is not None:
        gainer.hand += 1
        ge, gz = who(st, gainer.seat)
        ctx.event(
            "move", say("move/takes_from_hand", giver=Words(ge, gz), name=Words(name_en, name_zh), other=Words(oe, oz),
                        why=why, hand=gainer.hand),
            seat=gainer.seat)
    else:
        ctx.event("discard_card", say("discard_card/loses", other=Words(oe, oz), name=Words(name_en, name_zh), why=why),
                  seat=owner.seat)
    return name_en


def resolve_zone(s: Seat, word: str) -> str | None:
    """The zone of ``s`` that ``word`` names (``hand``, a slot, or a delayed-trick kind id), or None."""
    if word in ("hand",) or word in SLOTS:
        return word if (s.hand > 0 if word == "hand" else s.equipment.get(word)) else None
    hits = [c for c in s.judgement if card_kind_of(c) == word or c == word]
    return hits[-1] if hits else None
