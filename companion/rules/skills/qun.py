"""群 Qun: 华佗 huatuo (急救, 青囊), 吕布 lvbu (无双), 貂蝉 diaochan (离间, 闭月).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from .. import outcome as oc
from ..cards import tricks as tk
from ..deck import KINDS
from ..flow import Action, Ctx, on, target_refusal
from ..messages import Words, en_zh, text
from ..outcome import who
from ..state import GameState, Prompt, Seat, SkillPrompt
from ..vocab import PromptKind, Rule
from .base import (
    SRC_SKILL,
    VIEW_AS,
    ViewAs,
    accepted,
    active,
    draw_cards,
    duel_opponent,
    equipment_slots,
    int_arg,
    is_male,
    living,
    offer,
    once,
    refuse,
    usable,
    used,
)

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_RESPOND: Final = PromptKind.RESPOND

HANDLES = frozenset({"biyue", "jijiu", "lijian", "qingnang", "wushuang"})
"""The skill ids defined here (docs/architecture.md: skill → module)."""


@active("qingnang")
def _qingnang(ctx: Ctx, n: int, args: list[str]) -> None:
    # 青囊: 出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。
    st = ctx.st
    t = int_arg(args[0] if args else None, "seat", "qingnang")
    o = living(ctx, t, "qingnang")
    me = st.seat(n)
    ctx.check(o.hp < o.max_hp, Rule.SKILL_TARGET, source=SRC_SKILL, msg="seat_hurt", t=t, hp=o.hp, max_hp=o.max_hp)
    ctx.check(me.hand >= 1, Rule.HAND_EMPTY, source=SRC_SKILL, msg="discards_hand_card")
    once(ctx, n, "qingnang")
    me.hand = max(0, me.hand - 1)
    used(ctx, n, "qingnang", *en_zh("skills.qun.qingnang", t=t, hand=me.hand))
    oc.heal(st, ctx.ev, t, 1, "青囊")


@active("lijian")
def _lijian(ctx: Ctx, n: int, args: list[str]) -> None:
    # 离间: 出牌阶段限一次，你可以弃置一张牌并选择两名男性角色，视为其中一名角色对另一名角色使用一张决斗（不能被无懈可击响应）。
    st = ctx.st
    if len(args) not in (2, 3):
        raise refuse(Rule.SKILL_ARGS, msg="lijian_b_slot")
    x, y = int_arg(args[0], "seat", "lijian"), int_arg(args[1], "seat", "lijian")
    living(ctx, x, "lijian"), living(ctx, y, "lijian")
    ctx.check(x != y and is_male(st, x) and is_male(st, y), Rule.SKILL_TARGET, source=SRC_SKILL, msg="needs_two_different")
    me = st.seat(n)
    slots = equipment_slots(ctx, me, args[2:3], "lijian")  # 'lijian A B SLOT' discards that equipment
    ctx.check(me.hand >= 1 or bool(slots), Rule.HAND_EMPTY, source=SRC_SKILL, msg="discards_card")
    for t, u in ((y, x),):
        r = target_refusal(st, u, t, "duel")
        ctx.check(r is None, Rule.SKILL_TARGET, r[0] if r else "", r[1] if r else "", SRC_SKILL)
    once(ctx, n, "lijian")
    if slots:
        me.equipment[slots[0]] = None
    else:
        me.hand = max(0, me.hand - 1)
    xe, xz = who(st, x)
    ye, yz = who(st, y)
    used(ctx, n, "lijian", *en_zh("skills.qun.lijian", seat=Words(xe, xz), y_name=Words(ye, yz)))
    tk.start(ctx, x, "duel", "duel", [y], {"lijian": True, "stage": "effect"})  # no 无懈可击 window


def wushuang(ctx: Ctx, before: GameState) -> None:
    """无双 (吕布): his 杀 needs two 闪, and in his 决斗 the other side plays two 杀 each time — the questions just
    asked get ``jinks`` = 2.  Source: standard_generals.json 无双."""
    # 无双: 锁定技，你使用的杀需两张闪才能抵消；与你决斗的角色每次需打出两张杀。
    st = ctx.st
    for i, p in enumerate(st.prompts):
        if p.kind != _RESPOND or p.data.jinks is not None:
            continue
        if p.data.slash:
            lvbu = p.data.source
        elif p.data.duel:
            lvbu = duel_opponent(st, p.seat)
        else:
            continue
        if lvbu is None or lvbu == p.seat or not usable(st, lvbu, "wushuang"):
            continue
        word = KINDS["jink" if p.data.slash else "slash"]
        pe, pz = who(st, p.seat)
        st.prompts[i] = Prompt(
                            PromptKind.RESPOND, p.seat, text("prompt.respond/two_needed", asked=Words(pe, pz), word=word,
                                      split_value=Words(p.en.split(': ', 1)[-1], p.zh.split('：', 1)[-1])),
                            data=replace(p.data, jinks=2))


@on("finish", "biyue")
def _biyue(ctx: Ctx, s: Seat) -> None:
    # 闭月: 结束阶段，你可以摸一张牌。
    offer(ctx, s, "biyue", "skills.qun.biyue")


@accepted("biyue")
def _biyue_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    draw_cards(ctx, p.seat, 1, "闭月", "闭月")


VIEW_AS["jijiu"] = ViewAs(("peach",), lambda f: f.color == "red", text("skills.qun.module"), own_turn=False)
