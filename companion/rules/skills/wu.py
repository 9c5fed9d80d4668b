"""吴 Wu: 孙权 sunquan (制衡, 救援), 甘宁 ganning (奇袭), 吕蒙 lvmeng (克己), 黄盖 huanggai (苦肉), 周瑜 zhouyu
(英姿, 反间), 大乔 daqiao (国色, 流离), 陆逊 luxun (谦逊, 连营), 孙尚香 sunshangxiang (结姻, 枭姬).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from .. import outcome as oc
from .. import zones as zn
from ..deck import KINDS, Suit
from ..distance import in_range
from ..flow import Action, Ctx, on, target_refusal
from ..outcome import who
from ..state import SLOTS, GameState, Prompt, Seat
from ..vocab import Kingdom
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
        raise refuse("skill.args", "制衡 discards at least one card; N counts the named equipment too",
                      "制衡至少弃置一张牌（N包括所列装备）")
    ctx.check(me.hand >= k - len(slots), "hand.count", f"seat {n} has only {oc.hand_cards(me.hand)}",
              f"{n}号位只有{me.hand}张手牌", "companion: hand count")
    once(ctx, n, "zhiheng")
    for sl in slots:
        me.equipment[sl] = None
    me.hand += len(slots)   # hand cards discarded k - len(slots), k drawn
    used(ctx, n, "zhiheng", f"discards {k}{' incl. ' + ', '.join(slots) if slots else ''} and draws {k} (hand {me.hand})",
         f"弃置{k}张并摸{k}张（手牌{me.hand}）")


@active("kurou")
def _kurou(ctx: Ctx, n: int, args: list[str]) -> None:
    # 苦肉: 出牌阶段，你可以失去1点体力，然后摸两张牌。  (a dying 黄盖 draws only once saved)
    st = ctx.st
    used(ctx, n, "kurou", "loses 1 HP, then draws 2", "失去1点体力，然后摸两张牌")
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
    ctx.check(t != n and is_male(st, t), "skill.target", f"结姻: seat {t} must be a male general", f"结姻：{t}号位须为男性角色",
              SRC_SKILL)
    ctx.check(o.hp < o.max_hp, "skill.target", f"结姻: seat {t} is not hurt ({o.hp}/{o.max_hp})", f"结姻：{t}号位未受伤", SRC_SKILL)
    once(ctx, n, "jieyin")
    ctx.check(me.hand >= 2, "hand.count", f"结姻 discards 2 hand cards: seat {n} has {me.hand}", "结姻须弃置两张手牌",
              SRC_SKILL)
    me.hand = max(0, me.hand - 2)
    te, tz = who(st, t)
    if me.hp < me.max_hp:
        used(ctx, n, "jieyin", f"discards 2 (hand {me.hand}); both recover 1", "弃置两张手牌，双方各回复1点体力")
        oc.heal(st, ctx.ev, n, 1, "结姻")
    else:  # at full HP she recovers nothing: only the real recovery is logged
        used(ctx, n, "jieyin", f"discards 2 (hand {me.hand}); {te} recovers 1 (she is at full HP)",
             f"弃置两张手牌，{tz}回复1点体力（自己体力已满）")
    oc.heal(st, ctx.ev, t, 1, "结姻")


@active("fanjian")
def _fanjian(ctx: Ctx, n: int, args: list[str]) -> None:
    # 反间: 出牌阶段限一次，令一名其他角色选择一种花色，然后获得你的一张手牌并展示之，若此牌花色与其所选不同，你对其造成1点伤害。
    st = ctx.st
    if len(args) != 3:
        raise refuse("skill.args", "反间: 'S fanjian T SUIT FACE' — T names SUIT, takes your card FACE",
                      "反间：S fanjian 目标 所选花色 牌面")
    t = int_arg(args[0], "seat", "fanjian")
    o = living(ctx, t, "fanjian")
    suit = suit_arg(args[1], "fanjian")
    face = face_arg(args[2], "fanjian")
    me = st.seat(n)
    if t == n:
        raise refuse("skill.target", "反间 targets another seat", "反间须指定其他角色")
    ctx.check(me.hand >= 1, "hand.empty", "反间 needs a hand card", "反间须有手牌", SRC_SKILL)
    once(ctx, n, "fanjian")
    me.hand = max(0, me.hand - 1)
    o.hand += 1
    te, tz = who(st, t)
    used(ctx, n, "fanjian", f"{te} names {suit.symbol} and takes {face}", f"{tz}选择{suit.symbol}并获得{face}")
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
        return (f"{skill_names('qianxun')[0]}: seat {target} cannot be the target of {k.zh}", f"谦逊：{target}号位不能成为{k.zh}的目标")
    return None


def _liuli(ctx: Ctx, p: Prompt, n: int, args: list[str]) -> None:
    # 流离: 当你成为杀的目标时，你可以弃置一张牌并将此杀转移给你攻击范围内的一名其他角色（不能是此杀的使用者）。
    # The discarded card leaves first: an equipped 麒麟弓 / 赤兔 discarded for 流离 lends no range or distance
    # to the choice (docs/commands.md "using SLOT": a card used as part of another leaves its slot first;
    # QSanguosha LiuliCard: the range is checked without the discarded card).
    st = ctx.st
    if p.seat != n or p.data.get("card_kind", "slash") != "slash" or "source" not in p.data:
        raise refuse("skill.when", "流离 is used when you are the target of a 杀", "流离须在成为杀的目标时发动")
    if not args or len(args) > 2:
        raise refuse("skill.args", f"流离 needs a target seat and, to discard equipment, its slot: "
                                    f"'{n} liuli T [SLOT]' (SLOT: {', '.join(SLOTS)})",
                      f"流离：{n} liuli 目标 [装备栏]")
    t = int_arg(args[0], "seat", "liuli")
    living(ctx, t, "liuli")
    src = p.data["source"]
    me = st.seat(n)
    if t in (n, src):
        raise refuse("skill.target", f"流离: seat {t} is you or the 杀's user", "流离：不能转移给自己或杀的使用者")
    slot = zn.ZONE_WORDS.get(args[1].casefold()) if len(args) > 1 else None
    if len(args) > 1 and slot not in SLOTS:
        raise refuse("skill.args", f"流离: unknown slot {args[1]!r} ({', '.join(SLOTS)})",
                      f"流离：未知装备栏{args[1]}（{'、'.join(zn.SLOT_ZH.values())}）")
    ref = me.equipment.get(slot) if slot else None
    if slot:
        if ref is None:
            raise refuse("skill.args", f"流离: nothing in slot {slot}", f"流离：{zn.SLOT_ZH[slot]}栏没有装备")
        me.equipment[slot] = None  # gone before the range is measured (refusals drop this state)
    else:
        ctx.check(me.hand >= 1, "hand.empty", "流离 discards a card: no hand card (name an equipment slot)",
                  "流离须弃置一张牌", SRC_SKILL)
    rc = in_range(st, n, t)
    without_en = f" without the discarded {zn.card_label(ref)}" if ref else ""
    without_zh = f"（不计弃置的{zn.card_label(ref)}）" if ref else ""
    ctx.check(rc.ok, "skill.range", f"流离: {rc.en}{without_en}", f"流离：{rc.zh}{without_zh}",
              SRC_SKILL + "; docs/commands.md (using SLOT: the card leaves its slot first)")
    r = target_refusal(st, src, t, "slash")
    ctx.check(r is None, "skill.target", r[0] if r else "", r[1] if r else "", SRC_SKILL)
    if not slot:
        me.hand = max(0, me.hand - 1)
    te, tz = who(st, t)
    se, sz = who(st, src)
    what_en, what_zh = (f"discards {oc.card_words(ref)}", f"弃置{oc.card_words(ref)}") if ref else \
        (f"discards a hand card (hand {me.hand})", f"弃置一张手牌（手牌{me.hand}）")
    used(ctx, n, "liuli", f"{what_en} and passes the 杀 to {te}; {se} stays its user",
         f"{what_zh}，将杀转移给{tz}")
    data = {k: v for k, v in p.data.items() if k not in ("bagua", "hinted")}
    d = oc.expected_damage(st, t, src, "杀")
    st.prompts[-1] = Prompt("respond", t, f"{te}: play 闪 or take {d} damage from {se}'s 杀 (jink / take)",
                            f"{tz}：打出闪或受到{sz}的杀造成的{d}点伤害（jink / take）", data)


RESPONSES["liuli"] = _liuli


def card_loss(ctx: Ctx, before: GameState) -> None:
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
        # asked once the card in resolution is done (old FAQ: 陆逊's last 决斗 first resolves)
        if s.flags.get("lianying") and not st.extra.get("stack") and usable(st, s, "lianying"):
            del s.flags["lianying"]
            ask(ctx, s.seat, "lianying", "you lost your last hand card: draw 1", "失去最后的手牌：摸一张牌")
        lost = sum(1 for k, v in b.equipment.items() if v and s.equipment.get(k) != v)
        if lost and usable(st, s, "xiaoji"):
            ask(ctx, s.seat, "xiaoji", f"you lost {lost} equipment card(s): draw {2 * lost}",
                 f"失去{lost}张装备区的牌：摸{2 * lost}张牌", n=2 * lost)


@accepted("lianying")
def _lianying_ans(ctx: Ctx, p: Prompt, a: Action) -> None:
    draw_cards(ctx, p.seat, 1, "连营", "连营")


@accepted("xiaoji")
def _xiaoji_ans(ctx: Ctx, p: Prompt, a: Action) -> None:
    draw_cards(ctx, p.seat, p.data["n"], "枭姬", "枭姬")



@on("draw_note", "yingzi")
def _yingzi_note(st: GameState, s: Seat) -> str | None:
    return " (英姿 +1)" if usable(st, s, "yingzi") else None


VIEW_AS["qixi"] = ViewAs(("dismantlement",), lambda f: f.color == "black", "a black card as 过河拆桥", "黑色牌当过河拆桥")


VIEW_AS["guose"] = ViewAs(("indulgence",), lambda f: f.suit == Suit.DIAMOND, "a ♦ card as 乐不思蜀", "方块牌当乐不思蜀")
