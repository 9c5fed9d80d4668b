"""The moderator's corrections: what happened at the table without a card being played through the companion
(damage, healing, HP lost, cards drawn or given, a hand count, max HP, equipment and judgement-area cards put or
taken).  Each still checks what cannot be (a hand of 0..108 cards, max HP 1..10, no two same delayed tricks).

Sources: RULES_NOTES: Deck (108 cards), Other facts (no two cards of the same name in one area); rulebook 体力牌.
"""

from __future__ import annotations

from . import outcome as oc
from .cards.common import check_face, equip
from .deck import CardType, card_kind
from .distance import card_kind_of
from .errors import Refused
from .flow import Action, Ctx, card_name, card_ref, push_discard, seat_at
from .outcome import who
from .state import Seat
from .zones import SLOT_ZH

DECK_SIZE = 108  # cards in the standard + EX deck (RULES_NOTES: Deck)
SRC_AREA = "RULES_NOTES: Other facts (no two cards of the same name in one area)"


def v_damage(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    src = a.args.get("source")
    if src is not None:
        seat_at(ctx, src, alive=False)
    oc.deal_damage(ctx.st, ctx.ev, s.seat, int(a.args["n"]), src, a.args.get("nature", "normal"))


def v_heal(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    oc.heal(ctx.st, ctx.ev, s.seat, int(a.args["n"]))
    top = ctx.st.prompt
    if top is not None and top.kind == "dying" and top.data["victim"] == s.seat and s.hp >= 1:
        ctx.st.prompts.pop()
        oc.rescued(ctx.st, ctx.ev, s.seat)


def v_lose(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    oc.lose_hp(ctx.st, ctx.ev, s.seat, int(a.args["n"]))


def v_draw(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    k = int(a.args["n"])
    ctx.check(0 < k and s.hand + k <= DECK_SIZE, "hand.count",
              f"seat {s.seat} cannot draw {k}: a hand holds 0..{DECK_SIZE} cards (now {s.hand})",
              f"{s.seat}号位不能摸{k}张：手牌数只能是0..{DECK_SIZE}（现有{s.hand}）", "RULES_NOTES: Deck (108 cards)",
              forceable=False)
    s.hand += k
    ne, nz = who(ctx.st, s.seat)
    ctx.event("draw", f"{ne} draws {a.args['n']} (hand {s.hand})", f"{nz}摸{a.args['n']}张牌（手牌{s.hand}）", s.seat)


def v_give(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    t = seat_at(ctx, a.args["to"])
    k = int(a.args["n"])
    ctx.check(t.seat != s.seat, "give.self", f"seat {s.seat} cannot give cards to itself",
              f"{s.seat}号位不能把牌交给自己", "companion: hand count", forceable=False)
    ctx.check(k <= s.hand, "hand.count", f"seat {s.seat} has only {oc.hand_cards(s.hand)}, cannot give {k}",
              f"{s.seat}号位只有{s.hand}张手牌", "companion: hand count")
    s.hand = max(0, s.hand - k)
    t.hand += k
    ne, nz = who(ctx.st, s.seat)
    te, tz = who(ctx.st, t.seat)
    ctx.event("give", f"{ne} gives {k} cards to {te} (hands {s.hand}, {t.hand})", f"{nz}交给{tz}{k}张牌", s.seat)


def v_hand(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(0 <= n <= DECK_SIZE, "hand.count", f"a hand holds 0..{DECK_SIZE} cards, not {n}",
              f"手牌数只能是0..{DECK_SIZE}，不是{n}", "RULES_NOTES: Deck (108 cards)", forceable=False)
    s.hand = n
    ne, nz = who(ctx.st, s.seat)
    ctx.event("hand", f"{ne}: hand set to {s.hand}", f"{nz}手牌数设为{s.hand}", s.seat)
    _maybe_discard_prompt(ctx, s)


def _maybe_discard_prompt(ctx: Ctx, s: Seat) -> None:
    st = ctx.st
    if st.turn_seat == s.seat and st.phase == "discard" and (st.prompt is None or st.prompt.kind == "discard"):
        push_discard(ctx, s)


def v_maxhp(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(1 <= n <= 10, "maxhp.range", f"max HP is 1..10, not {n}", f"体力上限只能是1..10，不是{n}",
              "rulebook: 体力牌 (standard generals have 3–4, the lord +1)", forceable=False)
    s.max_hp = n
    s.hp = min(s.hp, s.max_hp)
    ne, nz = who(ctx.st, s.seat)
    ctx.event("maxhp", f"{ne}: max HP {s.max_hp} (HP {s.hp})", f"{nz}体力上限{s.max_hp}", s.seat)
    if s.hp <= 0:
        oc.start_dying(ctx.st, ctx.ev, s.seat, None)


def v_equip(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.EQUIP:
        raise Refused("equip.slot", f"{kind.zh} {kind.en} is not equipment", f"{kind.zh}不是装备牌",
                      "cards.toml", forceable=False)
    check_face(ctx, kind, a.args.get("face"))
    equip(ctx, s, card_ref(kind.id, a.args.get("face")))


def v_unequip(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    what = a.args["what"]
    slot = what if what in s.equipment else None
    if slot is None:
        k = card_kind(what)
        slot = str(k.slot) if k.slot else None
        if slot is None or card_kind_of(s.equipment.get(slot)) != k.id:
            raise Refused("equip.missing", f"seat {s.seat} has no {what} equipped", f"{s.seat}号位没有装备{k.zh}",
                          "companion", forceable=False)
    old = s.equipment.get(slot)
    if old is None:
        raise Refused("equip.missing", f"seat {s.seat} has nothing in the {slot} slot",
                      f"{s.seat}号位的{SLOT_ZH.get(slot, slot)}栏没有装备",
                      "companion", forceable=False)
    s.equipment[slot] = None
    ne, nz = who(ctx.st, s.seat)
    ctx.event("unequip", f"{ne} loses {card_name(old) if old else 'nothing'} ({slot})",
              f"{nz}失去{card_name(old)}（{SLOT_ZH.get(slot, slot)}）", s.seat)


def v_place(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.DELAYED_TRICK:
        raise Refused("place.kind", f"{kind.zh} is not a delayed trick", f"{kind.zh}不是延时锦囊", SRC_AREA, forceable=False)
    ctx.check(not any(card_kind_of(c) == kind.id for c in s.judgement), "judgement.duplicate",
              f"seat {s.seat} already has {kind.zh} in the judgement area", f"{s.seat}号位判定区已有{kind.zh}", SRC_AREA)
    s.judgement.append(card_ref(kind.id, a.args.get("face")))
    ne, nz = who(ctx.st, s.seat)
    ctx.event("place", f"{kind.zh} placed in {ne}'s judgement area", f"{kind.zh}置入{nz}的判定区", s.seat)


def v_remove(ctx: Ctx, a: Action) -> None:
    s = seat_at(ctx, a.seat)
    kind = card_kind(a.args["card"])
    hit = [c for c in s.judgement if card_kind_of(c) == kind.id]
    if not hit:
        raise Refused("place.missing", f"seat {s.seat} has no {kind.zh} in the judgement area",
                      f"{s.seat}号位判定区没有{kind.zh}", SRC_AREA, forceable=False)
    s.judgement.remove(hit[-1])
    ne, nz = who(ctx.st, s.seat)
    ctx.event("remove", f"{kind.zh} removed from {ne}'s judgement area", f"{kind.zh}移出{nz}的判定区", s.seat)
