"""蜀 Shu: 刘备 liubei (仁德, 激将), 关羽 guanyu (武圣), 张飞 zhangfei (咆哮), 诸葛亮 zhugeliang (观星, 空城),
赵云 zhaoyun (龙胆), 马超 machao (马术, 铁骑), 黄月英 huangyueying (集智, 奇才).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from typing import Final

from .. import outcome as oc
from ..cards import tricks as tk
from ..cards import weapons as eq
from ..cards.weapons import SLASH_LIMIT_LIFTS
from ..deck import KINDS, CardKind, CardType
from ..distance import has_skill
from ..flow import Action, Ctx, on
from ..generals import SKILLS
from ..judgement import Judgement
from ..messages import Words, en_zh, text
from ..outcome import who
from ..prompts import JudgementJob
from ..state import GameState, Seat, SkillPrompt
from ..vocab import PromptKind, Rule
from .base import (
    SKILL_JUDGED,
    VIEW_AS,
    ViewAs,
    accepted,
    active,
    ask,
    draw_cards,
    int_arg,
    judge_step,
    living,
    log_event,
    refuse,
    skill_names,
    usable,
    used,
)

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_RESPOND: Final = PromptKind.RESPOND
_TRICK: Final = CardType.TRICK

HANDLES = frozenset({"guanxing", "jijiang", "jizhi", "kongcheng", "longdan", "mashu", "paoxiao", "qicai",
                     "rende", "tieqi", "wusheng"})
"""The skill ids defined here (docs/architecture.md: skill → module)."""

# 马术 mashu (-1 to reach others) is counted by companion.rules.reach (distance_terms: every distance,
# the rules core's lowest layer, needs it); 奇才 qicai (no distance limit on tricks) is checked where the limit
# is, companion.rules.cards.common.distance_limit.  Both are 马超's / 黄月英's skills of this kingdom.


@active("rende")
def _rende(ctx: Ctx, n: int, args: list[str]) -> None:
    # 仁德: 出牌阶段，你可以将任意张手牌交给其他角色，当你于此阶段给出第二张牌时，你回复1点体力。
    st = ctx.st
    if len(args) != 2:
        raise refuse(Rule.SKILL_ARGS)
    t, k = int_arg(args[0], "seat", "rende"), int_arg(args[1], "count", "rende")
    o = living(ctx, t, "rende")
    me = st.seat(n)
    if t == n or k < 1:
        raise refuse(Rule.SKILL_TARGET, msg="gives_least_one")
    ctx.check(me.hand >= k, Rule.HAND_COUNT, source="companion: hand count", msg="seat_has_only2", n=n,
              hand_cards=Words(oc.hand_cards(me.hand), me.hand))
    before = st.counters.get("rende", 0)
    me.hand = max(0, me.hand - k)
    o.hand += k
    st.counters["rende"] = before + k
    te, tz = who(st, t)
    used(ctx, n, "rende",
         *en_zh("skills.shu.rende", k=k, target=Words(te, tz), hand=me.hand, o_hand=o.hand, before_plus_k=before + k))
    if before < 2 <= before + k and me.hp < me.max_hp:
        oc.heal(st, ctx.ev, n, 1, "仁德")


@on("start", "guanxing")
def _guanxing(ctx: Ctx, s: Seat) -> None:
    # 观星: 准备阶段，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后以任意顺序置于牌堆顶或牌堆底。
    if usable(ctx.st, s, "guanxing"):
        x = min(5, len(ctx.st.alive))
        ask(ctx, s.seat, "guanxing", *en_zh("skills.shu.guanxing", x=x), x=x)


@accepted("guanxing")
def _guanxing_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    used(ctx, p.seat, "guanxing", *en_zh("skills.shu.guanxing_ans", x=p.data.x))


@on("target", "kongcheng")
def _kongcheng(st: GameState, user: int, target: int, kind: str) -> tuple[str, str] | None:
    # 空城: 锁定技，若你没有手牌，你不能成为杀或决斗的目标。
    if kind in ("slash", "duel") and st.seat(target).hand == 0 and usable(st, target, "kongcheng"):
        k = KINDS[kind]
        return en_zh("skills.shu.kongcheng", target=target, k=k, skill_names0=skill_names('kongcheng')[0])
    return None


@on("hand_ask", "kongcheng")
def _kongcheng_ask(st: GameState, user: int, target: int, kind: str) -> Words | None:
    # Light mode: 空城 depends on whether 诸葛亮 holds a hand card, which the companion does not know: asked
    # (flow.skill_target) unless the table said it (``hand T 0`` / ``hand T 1``: Seat.flags["light_hand"]).
    if kind in ("slash", "duel") and usable(st, target, "kongcheng") and not st.seat(target).flags.get("light_hand"):
        ske, skz = skill_names("kongcheng")
        return Words(ske, skz)
    return None


@on("slash", "tieqi")
def _tieqi(ctx: Ctx, user: int, target: int) -> None:
    # 铁骑: 当你使用杀指定一个目标后，你可以判定：若为红色，该角色不能使用闪。
    if usable(ctx.st, user, "tieqi"):
        te, tz = who(ctx.st, target)
        ask(ctx, user, "tieqi", *en_zh("skills.shu.tieqi", target=Words(te, tz)), target=target)


@accepted("tieqi")
def _tieqi_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    ask(ctx, p.seat, "tieqi", *en_zh("skills.shu.tieqi_ans"), *en_zh("skills.base.choice/judge"), step="judge",
        target=p.data.target)


def _tieqi_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    """铁骑 judged red: the target's 闪 question of 马超's 杀 goes (it cannot use 闪 against this 杀) and the 杀
    hits.  Only a 杀's question (``RespondData.slash``): a question of a trick of his to the same seat (南蛮入侵,
    万箭齐发, 决斗) is not "this 杀" and stays.  Source: ../shared/reference/standard_generals.json 铁骑 ("You may
    judge; if the result is red, that target cannot use 闪 against this 杀")."""
    st = ctx.st
    if not j.effect:
        return
    for i in range(len(st.prompts) - 1, -1, -1):
        p = st.prompts[i]
        if p.kind == PromptKind.RESPOND and p.seat == job["target"] and p.data.source == job["seat"] and p.data.slash:
            del st.prompts[i]
            te, tz = who(st, p.seat)
            log_event(ctx, "skill", p.seat, *en_zh("skills.shu.tieqi_judged", target=Words(te, tz)))
            eq.slash_hit(ctx, p.data, p.seat)
            return


SKILL_JUDGED["tieqi"] = _tieqi_judged


@on("trick", "jizhi")
def _jizhi(ctx: Ctx, user: int, kind: CardKind) -> None:
    # 集智: 当你使用非延时锦囊牌时，你可以摸一张牌。
    if kind.type == _TRICK and usable(ctx.st, user, "jizhi"):
        ask(ctx, user, "jizhi", *en_zh("skills.shu.jizhi", kind=kind))


@accepted("jizhi")
def _jizhi_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    draw_cards(ctx, p.seat, 1, "集智", "集智")


def kongcheng_duel(ctx: Ctx, before: GameState) -> None:
    """Variant ``faq_kongcheng_duel``: 空城 ends a 决斗 once 诸葛亮's last hand card is gone (old FAQ, rulebook 003)."""
    # Variant faq_kongcheng_duel only — 空城 during a 决斗: once 诸葛亮's last hand card is gone he is not affected,
    # the duel ends, no damage (old FAQ, rulebook 003, reading an older wording).  By default 空城 is a target
    # filter only (standard_generals.json "cannot be chosen as a target"; FK kongcheng; English rule pages;
    # RULES_NOTES disagreement 7): a 决斗 already aimed at him goes on.
    st = ctx.st
    p = st.prompt
    if "faq_kongcheng_duel" not in st.variants:
        return
    if p is None or p.kind != _RESPOND or not p.data.duel or st.seat(p.seat).hand > 0 \
            or not usable(st, p.seat, "kongcheng"):
        return
    st.prompts.pop()
    pe, pz = who(st, p.seat)
    log_event(ctx, "skill", p.seat, *en_zh("skills.shu.kongcheng_duel", asked=Words(pe, pz)), skill="kongcheng")
    tk.responded(ctx, p, False)
    tk.settle(ctx)



judge_step("tieqi")


def _lift_paoxiao(st: GameState, seat: Seat) -> Words | None:
    k = SKILLS['paoxiao']
    return Words(k.en, k.zh) if has_skill(st, seat, "paoxiao") else None


SLASH_LIMIT_LIFTS.append(_lift_paoxiao)


VIEW_AS["wusheng"] = ViewAs(("slash",), lambda f: f.color == "red", text("skills.shu.module/red_card"))


VIEW_AS["longdan"] = ViewAs(("slash", "jink"), lambda f: True, text("skills.shu.module/text"), needs_face=False)


VIEW_AS["jijiang"] = ViewAs(("slash",), lambda f: True, text("skills.shu.module/shu_seat_gives"))
