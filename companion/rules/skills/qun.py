"""群 Qun: 华佗 huatuo (急救, 青囊), 吕布 lvbu (无双), 貂蝉 diaochan (离间, 闭月).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from .. import outcome as oc
from ..cards import tricks as tk
from ..flow import Action, Ctx, on, target_refusal
from ..outcome import who
from ..state import GameState, Prompt, Seat
from .base import (
    SRC_SKILL,
    VIEW_AS,
    ViewAs,
    accepted,
    active,
    ask,
    draw_cards,
    duel_opponent,
    equipment_slots,
    int_arg,
    is_male,
    living,
    once,
    refuse,
    usable,
    used,
)

HANDLES = frozenset({"biyue", "jijiu", "lijian", "qingnang", "wushuang"})
"""The skill ids defined here (docs/architecture.md: skill → module)."""


@active("qingnang")
def _qingnang(ctx: Ctx, n: int, args: list[str]) -> None:
    # 青囊: 出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。
    st = ctx.st
    t = int_arg(args[0] if args else None, "seat", "qingnang")
    o = living(ctx, t, "qingnang")
    me = st.seat(n)
    ctx.check(o.hp < o.max_hp, "skill.target", f"青囊: seat {t} is not hurt ({o.hp}/{o.max_hp})", f"青囊：{t}号位未受伤",
              SRC_SKILL)
    ctx.check(me.hand >= 1, "hand.empty", "青囊 discards a hand card: none left", "青囊须弃置一张手牌", SRC_SKILL)
    once(ctx, n, "qingnang")
    me.hand = max(0, me.hand - 1)
    used(ctx, n, "qingnang", f"discards 1 (hand {me.hand}); seat {t} recovers 1", f"弃置一张手牌，{t}号位回复1点体力")
    oc.heal(st, ctx.ev, t, 1, "青囊")


@active("lijian")
def _lijian(ctx: Ctx, n: int, args: list[str]) -> None:
    # 离间: 出牌阶段限一次，你可以弃置一张牌并选择两名男性角色，视为其中一名角色对另一名角色使用一张决斗（不能被无懈可击响应）。
    st = ctx.st
    if len(args) not in (2, 3):
        raise refuse("skill.args", "离间: 'S lijian A B [SLOT]' — A duels B", "离间：S lijian A B（A对B决斗）")
    x, y = int_arg(args[0], "seat", "lijian"), int_arg(args[1], "seat", "lijian")
    living(ctx, x, "lijian"), living(ctx, y, "lijian")
    ctx.check(x != y and is_male(st, x) and is_male(st, y), "skill.target", "离间 needs two different male generals",
              "离间须选择两名男性角色", SRC_SKILL)
    me = st.seat(n)
    slots = equipment_slots(ctx, me, args[2:3], "lijian")  # 'lijian A B SLOT' discards that equipment
    ctx.check(me.hand >= 1 or bool(slots), "hand.empty", "离间 discards a card", "离间须弃置一张牌", SRC_SKILL)
    for t, u in ((y, x),):
        r = target_refusal(st, u, t, "duel")
        ctx.check(r is None, "skill.target", r[0] if r else "", r[1] if r else "", SRC_SKILL)
    once(ctx, n, "lijian")
    if slots:
        me.equipment[slots[0]] = None
    else:
        me.hand = max(0, me.hand - 1)
    xe, xz = who(st, x)
    ye, yz = who(st, y)
    used(ctx, n, "lijian", f"discards 1; {xe} duels {ye} (no 无懈可击; the winner is the damage source)",
         f"弃置一张牌，视为{xz}对{yz}使用决斗")
    tk.start(ctx, x, "duel", "duel", [y], {"lijian": True, "stage": "effect"})  # no 无懈可击 window


def wushuang(ctx: Ctx, before: GameState) -> None:
    # 无双: 锁定技，你使用的杀需两张闪才能抵消；与你决斗的角色每次需打出两张杀。
    st = ctx.st
    for i, p in enumerate(st.prompts):
        if p.kind != "respond" or "jinks" in p.data:
            continue
        if p.data.get("slash"):
            lvbu = p.data.get("source")
        elif p.data.get("duel"):
            lvbu = duel_opponent(st, p.seat)
        else:
            continue
        if lvbu is None or lvbu == p.seat or not usable(st, lvbu, "wushuang"):
            continue
        word = "闪" if p.data.get("slash") else "杀"
        pe, pz = who(st, p.seat)
        st.prompts[i] = Prompt("respond", p.seat, f"{pe}: 无双 — two {word} needed; {p.en.split(': ', 1)[-1]}",
                               f"{pz}：无双——需两张{word}；{p.zh.split('：', 1)[-1]}", {**p.data, "jinks": 2})


@on("finish", "biyue")
def _biyue(ctx: Ctx, s: Seat) -> None:
    # 闭月: 结束阶段，你可以摸一张牌。
    if usable(ctx.st, s, "biyue"):
        ask(ctx, s.seat, "biyue", "draw 1", "摸一张牌")


@accepted("biyue")
def _biyue_ans(ctx: Ctx, p: Prompt, a: Action) -> None:
    draw_cards(ctx, p.seat, 1, "闭月", "闭月")


VIEW_AS["jijiu"] = ViewAs(("peach",), lambda f: f.color == "red", "a red card as 桃 outside your turn", "回合外红色牌当桃",
                   own_turn=False)
