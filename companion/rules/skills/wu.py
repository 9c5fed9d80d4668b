"""吴 Wu: 孙权 sunquan (制衡, 救援), 甘宁 ganning (奇袭), 吕蒙 lvmeng (克己), 黄盖 huanggai (苦肉), 周瑜 zhouyu
(英姿, 反间), 大乔 daqiao (国色, 流离), 陆逊 luxun (谦逊, 连营), 孙尚香 sunshangxiang (结姻, 枭姬).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from dataclasses import replace

from .. import outcome as oc
from .. import zones as zn
from ..deck import KINDS, Suit
from ..distance import in_range
from ..flow import Action, Ctx, on, target_refusal
from ..messages import Message, Words, en_zh, text
from ..outcome import who
from ..state import SLOTS, GameState, Prompt, RespondPrompt, Seat, SkillPrompt
from ..vocab import Kingdom, PromptKind, Rule
from .base import (
    RESPONSES,
    SRC_SKILL,
    VIEW_AS,
    ViewAs,
    accepted,
    active,
    ask,
    draw_cards,
    equipment_slots,
    face_arg,
    int_arg,
    is_male,
    kingdom_of,
    living,
    once,
    present,
    refuse,
    skill_names,
    suit_arg,
    usable,
    used,
)

HANDLES = frozenset({"fanjian", "guose", "jieyin", "jiuyuan", "keji", "kurou", "lianying", "liuli", "qianxun",
                     "qixi", "xiaoji", "yingzi", "zhiheng"})
"""The skill ids defined here (docs/architecture.md: skill → module)."""


@on("draw_count", "yingzi")
def _yingzi(st: GameState, s: Seat, n: int) -> int:
    # 英姿: 摸牌阶段，你可以额外摸一张牌。 (enforced: always taken; the hand limit stays the HP)
    return 1 if usable(st, s, "yingzi") else 0


@active("zhiheng")
def _zhiheng(ctx: Ctx, n: int, args: list[str]) -> None:
    # 制衡: 出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。
    st = ctx.st
    k = int_arg(args[0] if args else None, "count", "zhiheng")
    me = st.seat(n)
    slots = equipment_slots(ctx, me, args[1:], "zhiheng")  # equipment among the N cards: 'zhiheng 3 weapon'
    if k < 1 or len(slots) > k:
        raise refuse(Rule.SKILL_ARGS, msg="discards_least_one")
    ctx.check(me.hand >= k - len(slots), Rule.HAND_COUNT, source="companion: hand count", msg="seat_has_only2", n=n,
              hand_cards=Words(oc.hand_cards(me.hand), me.hand))
    once(ctx, n, "zhiheng")
    for sl in slots:
        me.equipment[sl] = None
    me.hand += len(slots)   # hand cards discarded k - len(slots), k drawn
    used(
        ctx, n, "zhiheng",
        *en_zh("skills.wu.zhiheng", k=k, hand=me.hand, value_plus_slots_list=' incl. ' + ', '.join(slots) if slots else ''))


@active("kurou")
def _kurou(ctx: Ctx, n: int, args: list[str]) -> None:
    # 苦肉: 出牌阶段，你可以失去1点体力，然后摸两张牌。  (a dying 黄盖 draws only once saved)
    st = ctx.st
    used(ctx, n, "kurou", *en_zh("skills.wu.kurou"))
    oc.lose_hp(st, ctx.ev, n, 1)
    if st.seat(n).hp >= 1:
        draw_cards(ctx, n, 2, "苦肉", "苦肉")
    else:
        st.extra["after_dying"] = [*st.extra.get("after_dying", []), ("kurou", n)]


@active("jieyin")
def _jieyin(ctx: Ctx, n: int, args: list[str]) -> None:
    # 结姻: 出牌阶段限一次，你可以弃置两张手牌并选择一名已受伤的男性角色，你与其各回复1点体力。
    st = ctx.st
    t = int_arg(args[0] if args else None, "seat", "jieyin")
    o = living(ctx, t, "jieyin")
    me = st.seat(n)
    ctx.check(t != n and is_male(st, t), Rule.SKILL_TARGET, source=SRC_SKILL, msg="seat_must_male", t=t)
    ctx.check(o.hp < o.max_hp, Rule.SKILL_TARGET, source=SRC_SKILL, msg="seat_hurt2", t=t, hp=o.hp, max_hp=o.max_hp)
    once(ctx, n, "jieyin")
    ctx.check(me.hand >= 2, Rule.HAND_COUNT, source=SRC_SKILL, msg="discards_hand_cards", n=n, hand=me.hand)
    me.hand = max(0, me.hand - 2)
    te, tz = who(st, t)
    if me.hp < me.max_hp:
        used(ctx, n, "jieyin", *en_zh("skills.wu.jieyin/discards_hand_both", hand=me.hand))
        oc.heal(st, ctx.ev, n, 1, "结姻")
    else:  # at full HP she recovers nothing: only the real recovery is logged
        used(ctx, n, "jieyin", *en_zh("skills.wu.jieyin/discards_hand_recovers", target=Words(te, tz), hand=me.hand))
    oc.heal(st, ctx.ev, t, 1, "结姻")


@active("fanjian")
def _fanjian(ctx: Ctx, n: int, args: list[str]) -> None:
    # 反间: 出牌阶段限一次，令一名其他角色选择一种花色，然后获得你的一张手牌并展示之，若此牌花色与其所选不同，你对其造成1点伤害。
    st = ctx.st
    if len(args) != 3:
        raise refuse(Rule.SKILL_ARGS, msg="fanjian_t_suit")
    t = int_arg(args[0], "seat", "fanjian")
    o = living(ctx, t, "fanjian")
    suit = suit_arg(args[1], "fanjian")
    face = face_arg(args[2], "fanjian")
    me = st.seat(n)
    if t == n:
        raise refuse(Rule.SKILL_TARGET, msg="targets_another_seat")
    ctx.check(me.hand >= 1, Rule.HAND_EMPTY, source=SRC_SKILL, msg="needs_hand_card")
    once(ctx, n, "fanjian")
    me.hand = max(0, me.hand - 1)
    o.hand += 1
    te, tz = who(st, t)
    used(ctx, n, "fanjian", *en_zh("skills.wu.fanjian", target=Words(te, tz), symbol=suit.symbol, face=face))
    if face.suit != suit:
        oc.deal_damage(st, ctx.ev, t, 1, n, "normal", "反间")


def _jiuyuan(st: GameState, user: int, victim: int) -> int | tuple[int, str]:
    # 救援: 主公技，锁定技，其他吴势力角色对你使用桃时，你额外回复1点体力。  (works while dying)
    if user != victim and usable(st, victim, "jiuyuan", dying_ok=True) and kingdom_of(st, user) == Kingdom.WU:
        return 1, "救援"
    return 0


oc.PEACH_BONUS.append(_jiuyuan)


@on("skip_discard", "keji")
def _keji(ctx: Ctx, s: Seat) -> bool:
    # 克己: 若你于出牌阶段未使用或打出过杀，你可以跳过此回合的弃牌阶段。 (enforced: always skipped)
    return usable(ctx.st, s, "keji") and not ctx.st.counters.get("keji")


@on("target", "qianxun")
def _qianxun(st: GameState, user: int, target: int, kind: str) -> tuple[str, str] | None:
    # 谦逊: 锁定技，你不能成为顺手牵羊和乐不思蜀的目标。
    if kind in ("snatch", "indulgence") and usable(st, target, "qianxun"):
        k = KINDS[kind]
        return en_zh("skills.wu.qianxun", target=target, k=k, skill_names0=skill_names('qianxun')[0])
    return None


def _liuli(ctx: Ctx, p: RespondPrompt, n: int, args: list[str]) -> None:
    """流离 at respond prompt ``p`` by seat ``n`` (``liuli T [SLOT]``).  Raises :class:`Refused`: ``skill.when``
    unless ``p`` is ``n``'s question of a 杀 (``RespondData.slash``: 万箭齐发's 闪 question, 决斗's and 南蛮入侵's 杀
    questions are a trick's), ``skill.args`` / ``skill.target`` / ``skill.range`` for the target and the card.
    Sources: standard_generals.json 流离 '当你成为杀的目标时'; rulebook 003 on 大乔's 流离 (a card discarded, the 杀's
    user stays its source)."""
    # 流离: 当你成为杀的目标时，你可以弃置一张牌并将此杀转移给你攻击范围内的一名其他角色（不能是此杀的使用者）。
    # The discarded card leaves first: an equipped 麒麟弓 / 赤兔 discarded for 流离 lends no range or distance
    # to the choice (docs/commands.md "using SLOT": a card used as part of another leaves its slot first;
    # QSanguosha LiuliCard: the range is checked without the discarded card).
    st = ctx.st
    src = p.data.source
    if p.seat != n or not p.data.slash or src is None:
        raise refuse(Rule.SKILL_WHEN, msg="used_when_you")
    if not args or len(args) > 2:
        raise refuse(Rule.SKILL_ARGS, msg="needs_target_seat", n=n, slots_list=', '.join(SLOTS))
    t = int_arg(args[0], "seat", "liuli")
    living(ctx, t, "liuli")
    me = st.seat(n)
    if t in (n, src):
        raise refuse(Rule.SKILL_TARGET, msg="seat_you_user", t=t)
    slot = zn.ZONE_WORDS.get(args[1].casefold()) if len(args) > 1 else None
    if len(args) > 1 and slot not in SLOTS:
        raise refuse(Rule.SKILL_ARGS, msg="unknown_slot", args1=args[1],
                     slots_list=Words(', '.join(SLOTS), '、'.join(zn.SLOT_ZH.values())))
    ref = me.equipment.get(slot) if slot else None
    if slot:
        if ref is None:
            raise refuse(Rule.SKILL_ARGS, msg="nothing_slot", slot=zn.slot_words(slot))
        me.equipment[slot] = None  # gone before the range is measured (refusals drop this state)
    else:
        ctx.check(me.hand >= 1, Rule.HAND_EMPTY, source=SRC_SKILL, msg="discards_card_hand")
    rc = in_range(st, n, t)
    without_en, without_zh = en_zh("skills.wu.liuli/without_discarded", card_label=zn.card_label(ref)) if ref else ("", "")
    ctx.check(rc.ok, Rule.SKILL_RANGE, source=SRC_SKILL + "; docs/commands.md (using SLOT: the card leaves its slot first)",
              rc=Words(rc.en, rc.zh), without=Words(without_en, without_zh))
    r = target_refusal(st, src, t, "slash")
    ctx.check(r is None, Rule.SKILL_TARGET, r[0] if r else "", r[1] if r else "", SRC_SKILL)
    if not slot:
        me.hand = max(0, me.hand - 1)
    te, tz = who(st, t)
    se, sz = who(st, src)
    what_en, what_zh = en_zh("skills.wu.liuli/discards", card_words=oc.card_words(ref)) if ref else \
        en_zh("skills.wu.liuli/discards_hand_card", hand=me.hand)
    used(ctx, n, "liuli",
         *en_zh("skills.wu.liuli/passes_stays_user", what=Words(what_en, what_zh), target=Words(te, tz), src=se))
    data = replace(p.data, bagua=None, hinted=None)  # asked again of the new target: its own 八卦阵, its hints
    d = oc.expected_damage(st, t, src, "杀")
    st.prompts[-1] = Prompt(
                         PromptKind.RESPOND, t, text("prompt.respond/play_take_damage_from_jink", target=Words(te, tz), d=d,
                                   src=Words(se, sz)),
                         data=data)


RESPONSES["liuli"] = _liuli


def card_loss(ctx: Ctx, before: GameState) -> None:
    """After an action: 连营 (the last hand card lost: may draw 1) and 枭姬 (an equipped card lost: may draw 2) are
    asked, comparing with ``before``.  Source: standard_generals.json 连营, 枭姬."""
    # 连营: 当你失去最后的手牌时，你可以摸一张牌。  枭姬: 当你失去装备区里的一张牌时，你可以摸两张牌。
    st = ctx.st
    if not st.started or st.over:
        return
    for s in st.seats:
        if s.seat > len(before.seats):
            continue
        b = before.seat(s.seat)
        if usable(st, s, "lianying") and b.hand > 0 and s.hand == 0 and b.alive:
            s.flags["lianying"] = True
        elif usable(st, s, "lianying") and not st.hands_tracked and s.hand < b.hand and b.alive:
            # light mode: the companion does not know whether that was the last hand card — it asks (issue 16 §5)
            s.flags["lianying"] = "light"
        # asked once the card in resolution is done (old FAQ: 陆逊's last 决斗 first resolves)
        if s.flags.get("lianying") and not st.stack and usable(st, s, "lianying"):
            light = s.flags.pop("lianying") == "light"
            ask(ctx, s.seat, "lianying", *(en_zh("skills.wu.card_loss/light_last_card") if light
                                           else en_zh("skills.wu.card_loss/you_lost_your")))
        lost = sum(1 for k, v in b.equipment.items() if v and s.equipment.get(k) != v)
        if lost and usable(st, s, "xiaoji"):
            ask(ctx, s.seat, "xiaoji",
                *en_zh("skills.wu.card_loss/you_lost_equipment", lost=lost, value_times_lost=2 * lost), n=2 * lost)


@accepted("lianying")
def _lianying_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    draw_cards(ctx, p.seat, 1, "连营", "连营")


@accepted("xiaoji")
def _xiaoji_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    draw_cards(ctx, p.seat, present(p.data.n), "枭姬", "枭姬")



@on("draw_note", "yingzi")
def _yingzi_note(st: GameState, s: Seat) -> Message | None:
    return text("skills.wu.yingzi_note") if usable(st, s, "yingzi") else None


VIEW_AS["qixi"] = ViewAs(("dismantlement",), lambda f: f.color == "black", text("skills.wu.module/black_card"))


VIEW_AS["guose"] = ViewAs(("indulgence",), lambda f: f.suit == Suit.DIAMOND, text("skills.wu.module/card"))
