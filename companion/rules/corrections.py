"""The moderator's corrections: what happened at the table without a card being played through the companion
(damage, healing, HP lost, cards drawn or given, a hand count, max HP, equipment and judgement-area cards put or
taken).  Each still checks what cannot be (a hand of 0..108 cards, a draw the deck cannot give, max HP 1..10, no two same
delayed tricks).

Sources: RULES_NOTES: Deck (108 cards), Other facts (no two cards of the same name in one area); rulebook 体力牌.
"""

from __future__ import annotations

from typing import Final

from . import outcome as oc
from .cards.common import check_face, equip
from .deck import CardType, card_kind
from .distance import card_kind_of
from .errors import Refused
from .flow import Action, Ctx, card_name, card_ref, push_discard, seat_at
from .messages import Words, en_zh, say
from .outcome import who
from .state import Seat
from .vocab import PromptKind, Rule
from .zones import slot_words

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_DYING: Final = PromptKind.DYING

DECK_SIZE = 108  # cards in the standard + EX deck (RULES_NOTES: Deck)
SRC_AREA = "RULES_NOTES: Other facts (no two cards of the same name in one area)"


def v_damage(ctx: Ctx, a: Action) -> None:
    """``damage S N [from T|none] [fire|thunder]``: seat S takes N damage (skills, dying and the reward follow as for
    any damage).  Raises Refused ``seat.unknown`` for a seat (or source) the table does not have."""
    s = seat_at(ctx, a.seat)
    src = a.args.get("source")
    if src is not None:
        seat_at(ctx, src, alive=False)
    oc.deal_damage(ctx.st, ctx.ev, s.seat, int(a.args["n"]), src, a.args.get("nature", "normal"))


def v_heal(ctx: Ctx, a: Action) -> None:
    """``heal S N``: seat S recovers N HP (not above its max); a dying seat back to 1 HP leaves its 桃 round.
    Raises Refused ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    oc.heal(ctx.st, ctx.ev, s.seat, int(a.args["n"]))
    top = ctx.st.prompt
    if top is not None and top.kind == _DYING and top.data.victim == s.seat and s.hp >= 1:
        ctx.st.prompts.pop()
        oc.rescued(ctx.st, ctx.ev, s.seat)


def v_lose(ctx: Ctx, a: Action) -> None:
    """``lose S N``: seat S loses N HP (not damage: no source, no damage skills).  Raises Refused ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    oc.lose_hp(ctx.st, ctx.ev, s.seat, int(a.args["n"]))


def v_draw(ctx: Ctx, a: Action) -> None:
    """``draw S N``: seat S draws N cards.  Raises Refused ``hand.count`` when the draw (or the cards then on the
    table) would pass the deck's 108 cards (RULES_NOTES: Deck), ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    k = int(a.args["n"])
    ctx.check(0 < k and s.hand + k <= DECK_SIZE, Rule.HAND_COUNT, source="RULES_NOTES: Deck (108 cards)", forceable=False,
              msg="seat_cannot_draw", seat=s.seat, k=k, deck_size=DECK_SIZE, hand=s.hand)
    held = cards_on_the_table(ctx.st.seats)
    # forceable, unlike a hand over the deck: the other counts at the table may be the ones that are wrong
    ctx.check(held + k <= DECK_SIZE, Rule.HAND_COUNT, source="RULES_NOTES: Deck (108 cards)", msg="table_cannot_draw",
              seat=s.seat, k=k, deck_size=DECK_SIZE, held=held)
    s.hand += k
    ne, nz = who(ctx.st, s.seat)
    ctx.event("draw", say("draw/draws_hand3", who=Words(ne, nz), n=a.args['n'], hand=s.hand), seat=s.seat)


def cards_on_the_table(seats: list[Seat]) -> int:
    """Cards out of the draw and discard piles: every hand, equipment slot and judgement area (a draw can
    take at most ``DECK_SIZE`` minus these; RULES_NOTES: Deck (108 cards))."""
    return sum(x.hand + sum(1 for c in x.equipment.values() if c) + len(x.judgement) for x in seats)


def v_give(ctx: Ctx, a: Action) -> None:
    """``give S T N``: N hand cards go from S to T.  Raises Refused ``give.self``, ``hand.count`` (S holds fewer),
    ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    t = seat_at(ctx, a.args["to"])
    k = int(a.args["n"])
    ctx.check(t.seat != s.seat, Rule.GIVE_SELF, source="companion: hand count", forceable=False, seat=s.seat)
    ctx.check(k <= s.hand, Rule.HAND_COUNT, source="companion: hand count", msg="seat_has_only_cannot", seat=s.seat,
              hand_cards=oc.hand_cards(s.hand), k=k, hand=s.hand)
    s.hand = max(0, s.hand - k)
    t.hand += k
    ne, nz = who(ctx.st, s.seat)
    te, tz = who(ctx.st, t.seat)
    ctx.event("give",
              say("give/gives_cards_hands", who=Words(ne, nz), k=k, target=Words(te, tz), hand=s.hand, t_hand=t.hand),
              seat=s.seat)


def v_hand(ctx: Ctx, a: Action) -> None:
    """``hand S N``: seat S holds N cards (a correction; the discard is asked again if now over the limit).
    Raises Refused ``hand.count`` outside 0..108 (RULES_NOTES: Deck), ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(0 <= n <= DECK_SIZE, Rule.HAND_COUNT, source="RULES_NOTES: Deck (108 cards)", forceable=False,
              msg="hand_holds_cards", deck_size=DECK_SIZE, n=n)
    ne, nz = who(ctx.st, s.seat)
    if not ctx.st.hands_tracked:
        # light mode: no count is kept; 'hand S 0' / 'hand S N' says whether the seat holds a hand card, the
        # answer to a hand.ask question (engine._untracked_hands keeps it until the seat gains / loses a card).
        # A statement, not a card lost or gained: the count is left as it is (陆逊's 连营 is not asked for
        # 'hand 3 1', the answer to 突袭's question about him)
        said = en_zh("corrections.hand/light_none", who=Words(ne, nz)) if n == 0 else \
            en_zh("corrections.hand/light_has", who=Words(ne, nz))
        ctx.event("hand", *said, seat=s.seat, light=n > 0)
        return
    s.hand = n
    ctx.event("hand", say("hand", who=Words(ne, nz), hand=s.hand), seat=s.seat)
    _maybe_discard_prompt(ctx, s)


def _maybe_discard_prompt(ctx: Ctx, s: Seat) -> None:
    st = ctx.st
    if st.turn_seat == s.seat and st.phase == "discard" and (st.prompt is None or st.prompt.kind == PromptKind.DISCARD):
        push_discard(ctx, s)


def v_maxhp(ctx: Ctx, a: Action) -> None:
    """``maxhp S N``: seat S's max HP becomes N (HP capped to it).  Raises Refused ``maxhp.range`` outside 1..10
    (rulebook 体力牌), ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(1 <= n <= 10, Rule.MAXHP_RANGE, source="rulebook: 体力牌 (standard generals have 3–4, the lord +1)",
              forceable=False, n=n)
    s.max_hp = n
    s.hp = min(s.hp, s.max_hp)
    ne, nz = who(ctx.st, s.seat)
    ctx.event("maxhp", say("maxhp", who=Words(ne, nz), max_hp=s.max_hp, hp=s.hp), seat=s.seat)
    if s.hp <= 0:
        oc.start_dying(ctx.st, ctx.ev, s.seat, None)


def v_equip(ctx: Ctx, a: Action) -> None:
    """``equip S CARD[:FACE]``: the equipment card goes into its slot of seat S (the old one is discarded).
    Raises Refused ``equip.slot`` for a card that is not equipment (cards.toml), ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.EQUIP:
        raise Refused(Rule.EQUIP_SLOT, source="cards.toml", forceable=False, kind=kind, kind_kind=kind.en)
    check_face(ctx, kind, a.args.get("face"))
    equip(ctx, s, card_ref(kind.id, a.args.get("face")))


def v_unequip(ctx: Ctx, a: Action) -> None:
    """``unequip S SLOT|CARD``: the equipment in that slot (or that card) leaves seat S.  Raises Refused
    ``equip.missing`` when the slot is empty or the card is not equipped, ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    what = a.args["what"]
    slot = what if what in s.equipment else None
    if slot is None:
        k = card_kind(what)
        slot = str(k.slot) if k.slot else None
        if slot is None or card_kind_of(s.equipment.get(slot)) != k.id:
            raise Refused(Rule.EQUIP_MISSING, source="companion", forceable=False, msg="seat_has_equipped", seat=s.seat,
                          what=Words(what, k.zh))
    old = s.equipment.get(slot)
    if old is None:
        raise Refused(Rule.EQUIP_MISSING, source="companion", forceable=False, msg="seat_has_nothing", seat=s.seat,
                      slot=slot_words(slot))
    s.equipment[slot] = None
    ne, nz = who(ctx.st, s.seat)
    ctx.event(
        "unequip", say("unequip/loses", who=Words(ne, nz),
                    card_name=Words(card_name(old) if old else 'nothing', card_name(old)),
                    slot=slot_words(slot)),
        seat=s.seat)


def v_place(ctx: Ctx, a: Action) -> None:
    """``place S CARD[:FACE]``: a delayed trick goes into seat S's judgement area.  Raises Refused ``place.kind``
    (not a delayed trick), ``judgement.duplicate`` (one of each kind: rulebook 延时锦囊), ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.DELAYED_TRICK:
        raise Refused(Rule.PLACE_KIND, source=SRC_AREA, forceable=False, kind=kind)
    ctx.check(not any(card_kind_of(c) == kind.id for c in s.judgement), Rule.JUDGEMENT_DUPLICATE, source=SRC_AREA,
              msg="seat_already_has_judgement", seat=s.seat, kind=kind)
    s.judgement.append(card_ref(kind.id, a.args.get("face")))
    ne, nz = who(ctx.st, s.seat)
    ctx.event("place", say("place", kind=kind, who=Words(ne, nz)), seat=s.seat)


def v_remove(ctx: Ctx, a: Action) -> None:
    """``remove S CARD``: a delayed trick leaves seat S's judgement area.  Raises Refused ``place.missing`` when it
    is not there, ``seat.unknown``."""
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    hit = [c for c in s.judgement if card_kind_of(c) == kind.id]
    if not hit:
        raise Refused(Rule.PLACE_MISSING, source=SRC_AREA, forceable=False, seat=s.seat, kind=kind)
    s.judgement.remove(hit[-1])
    ne, nz = who(ctx.st, s.seat)
    ctx.event("remove", say("remove", kind=kind, who=Words(ne, nz)), seat=s.seat)
