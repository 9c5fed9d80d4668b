"""The basic cards: 杀 slash, 闪 jink, 桃 peach, 酒 analeptic — used in the play phase, played in answer to a
question (a 杀's 闪, a 决斗's or 南蛮入侵's 杀, a dying seat's 桃), and what happens when a 杀 is not dodged.

Sources: rulebook 出牌阶段 and 基本牌; RULES_NOTES: Distance and attack range, Other facts (one 杀 per play
phase); QS standard-cards.cpp (Slash, Jink, Peach); FK standard_cards.
"""

from __future__ import annotations

from .. import outcome as oc
from ..distance import card_kind_of, in_range
from ..errors import Refused
from ..flow import Action, Ctx, again_data, call, responded, skill_target
from ..outcome import who
from ..state import Prompt
from . import tricks as tk
from . import weapons as eq
from .common import SRC_PLAY, SRC_RANGE, SRC_WEAPON, Use, check_target, distance_limit, own_play, uses
from .weapons import SLASH_LIMIT_LIFTS

HANDLES = frozenset({"slash", "jink", "peach", "analeptic"})
"""The card ids whose rules live here."""


def answer_with(ctx: Ctx, u: Use) -> bool:
    """``u`` is the card the pending ``respond`` question asks of its seat (闪 for a 杀, 杀 in a 决斗 or
    against 南蛮入侵): it is played; 无双 may ask one more.  False when ``u`` is not that answer."""
    st, top, kind, n, s = ctx.st, u.top, u.kind, u.n, u.s
    if top is None or top.kind != "respond" or kind.id != u.need or top.seat != n:
        return False
    ne, nz = who(st, n)
    u.pay()
    if top.data.get("duel"):
        tk.duel_slash_played(st)  # the 决斗 prompt counts 杀 cards, not rounds (无双: two a round)
    more = top.data.get("jinks", 1) - 1  # 无双: two 闪 for his 杀, two 杀 each time in his 决斗
    if more > 0:
        st.prompts[-1] = Prompt("respond", n, f"{ne}: one more {kind.zh} needed (无双) ({kind.id} / take)",
                                f"{nz}：还需一张{kind.zh}（无双）（{kind.id} / take）", again_data(top.data, more))
        ctx.event("jink" if kind.id == "jink" else "slash_played", f"{ne} plays {kind.zh} (hand {s.hand}): one more needed (无双)",
                  f"{nz}打出{kind.zh}（手牌{s.hand}），还需一张（无双）", n)
        return True
    st.prompts.pop()
    cause = top.data.get("cause", "杀")
    if kind.id == "jink":
        ctx.event("jink", f"{ne} plays 闪: the {cause} misses (hand {s.hand})", f"{nz}打出闪，{cause}被抵消（手牌{s.hand}）", n)
    else:
        ctx.event("slash_played", f"{ne} plays 杀 against {cause} (hand {s.hand})", f"{nz}打出杀响应{cause}（手牌{s.hand}）", n)
    responded(ctx, top, True)
    return True


@uses("slash")
def use_slash(ctx: Ctx, u: Use) -> None:
    """杀: the answer at a 借刀杀人 or ``respond`` question, else used in the play phase on 1 target in attack
    range (方天画戟: up to 3), one a play phase unless :data:`SLASH_LIMIT_LIFTS` lift it.

    Raises Refused ``slash.target``, ``slash.self``, ``slash.range``, ``slash.colour``, ``slash.limit``,
    ``skill.target``, ``card.phase``."""
    st, top, n, s, targets = ctx.st, u.top, u.n, u.s, u.targets
    ne, nz = who(st, n)
    if top is not None and top.kind == "collateral":
        victims = tk.collateral_slash(ctx, s, u.a)
        if victims is not None:
            u.pay()
            ve, vz = who(st, victims[0])
            ctx.event("use", f"{ne} uses 杀 on {ve} (借刀杀人) (hand {s.hand})", f"{nz}对{vz}使用杀（借刀杀人）（手牌{s.hand}）",
                      n, card=u.ref, targets=victims)
            eq.slash_at(ctx, n, victims, u.ref, u.face, u.via, u.colour)
            return
    if answer_with(ctx, u):
        return
    own_play(ctx, u)
    most, why = eq.max_slash_targets(st, s, u.cost)
    if not 1 <= len(targets) <= most or len(set(targets)) != len(targets):
        if most == 1:
            raise Refused("slash.target", f"杀 needs exactly one target seat, e.g. '2 slash 5' (given {len(targets)})",
                          "杀需要一个目标，例如 2 slash 5", SRC_PLAY, forceable=False)
        raise Refused("slash.target", f"杀 takes 1 to {most} different target seats ({why}); given {targets}",
                      f"杀可指定1~{most}个不同目标（方天画戟）", SRC_WEAPON, forceable=False)
    for t in targets:
        ctx.check(t != n, "slash.self", "杀 cannot target yourself", "杀不能以自己为目标", SRC_RANGE, forceable=False)
        skill_target(ctx, n, t, "slash")
        rc = in_range(st, n, t)
        ctx.check(rc.ok, "slash.range", rc.en, rc.zh, SRC_RANGE)
        check_target(ctx, "slash", n, t)
        if u.face is None and u.colour is None and eq.weapon_of(s) != "qinggang_sword" \
                and card_kind_of(st.seat(t).equipment.get("armor")) == "nioh_shield":
            te_, tz_ = who(st, t)
            eg = f"{n} 杀:♥3+♠5 {t} via spear" if u.via == "spear" else f"{n} 杀:♦7 {t}"
            ctx.check(False, "slash.colour",
                      f"{te_} wears 仁王盾 (a black 杀 has no effect): type the 杀's face, e.g. '{eg}' "
                      f"(force: treat it as red)",
                      f"{tz_}装备仁王盾（黑色杀无效）：请写出杀的花色点数，例如 {eg}（force：按红色处理）",
                      SRC_WEAPON)
    used = st.counters.get("slash", 0)
    lifts = [r for f in SLASH_LIMIT_LIFTS if (r := f(st, s))]
    ctx.check(used < 1 or bool(lifts), "slash.limit",
              f"seat {n} has already used {used} 杀 this play phase (limit 1, no 诸葛连弩 or 咆哮)",
              f"{n}号位本阶段已使用{used}张杀（上限1）", "RULES_NOTES: Other facts (one 杀 per play phase)")
    st.counters["slash"] = used + 1
    u.pay()
    te = ", ".join(who(st, t)[0] for t in targets)
    tz = "、".join(who(st, t)[1] for t in targets)
    extra = f" ({lifts[0]})" if used >= 1 and lifts else ""
    extra += " (丈八蛇矛: 2 hand cards)" if u.via == "spear" else ""
    if u.faces:
        extra += f" ({'+'.join(map(str, u.faces))}: {'no colour' if u.colour == 'none' else u.colour})"
    ctx.event("use", f"{ne} uses 杀 on {te}{extra} (hand {s.hand})", f"{nz}对{tz}使用杀（手牌{s.hand}）", n, card=u.ref,
              targets=list(targets), faces=[str(f) for f in u.faces] or None, colour=u.colour)
    eq.slash_at(ctx, n, list(targets), u.ref, u.face, u.via, u.colour)
    for t in targets:
        call("slash", ctx, n, t)


@uses("jink")
def use_jink(ctx: Ctx, u: Use) -> None:
    """闪: only the answer of a ``respond`` question asking for it (refused ``jink.response`` otherwise)."""
    if answer_with(ctx, u):
        return
    ctx.check(False, "jink.response", "闪 is only played in answer to a 杀 aimed at you",
              "闪只能在响应杀时打出", SRC_PLAY)
    u.pay()
    ne, nz = who(ctx.st, u.n)
    ctx.event("use", f"{ne} plays 闪 (hand {u.s.hand})", f"{nz}打出闪（手牌{u.s.hand}）", u.n, card=u.ref)


@uses("peach")
def use_peach(ctx: Ctx, u: Use) -> None:
    """桃: saves a dying seat (the 桃 round), else heals its user by 1 in the play phase.

    Raises Refused ``peach.target`` (another seat outside dying), ``peach.full``, ``card.phase``."""
    st, n, s, top = ctx.st, u.n, u.s, u.top
    if top is not None and top.kind == "dying":
        u.pay()
        oc.dying_peach(st, ctx.ev, n)
        return
    own_play(ctx, u)
    ctx.check(not u.targets or u.targets == [n], "peach.target", "outside dying, 桃 heals only yourself",
              "非濒死时桃只能对自己使用", SRC_PLAY)
    ctx.check(s.hp < s.max_hp, "peach.full", f"seat {n} is at full HP {s.hp}/{s.max_hp}",
              f"{n}号位体力已满（{s.hp}/{s.max_hp}）", SRC_PLAY)
    u.pay()
    ne, nz = who(st, n)
    ctx.event("use", f"{ne} uses 桃 (hand {s.hand})", f"{nz}使用桃（手牌{s.hand}）", n, card=u.ref)
    oc.heal(st, ctx.ev, n, 1, "桃")


@uses("analeptic")
def use_analeptic(ctx: Ctx, u: Use) -> None:
    """酒 (军争, variant maneuvering): recorded as used in the play phase."""
    st, n, s, targets, kind = ctx.st, u.n, u.s, u.targets, u.kind
    own_play(ctx, u)
    ne, nz = who(st, n)
    tl = [who(st, t) for t in targets]
    on_en = f" on {', '.join(t[0] for t in tl)}" if tl else ""
    on_zh = f"对{'、'.join(t[1] for t in tl)}" if tl else ""
    for t in targets:
        skill_target(ctx, n, t, kind.id)
    if kind.distance_limit and targets:
        for t in targets:
            distance_limit(ctx, kind, n, t)
    u.pay()
    ctx.event("use", f"{ne} uses {kind.zh}{on_en} (hand {s.hand})", f"{nz}{on_zh}使用{kind.zh}（手牌{s.hand}）",
              n, card=u.ref, targets=targets)
    call("trick", ctx, n, kind)


def v_take(ctx: Ctx, a: Action) -> None:
    """``take`` / ``pass`` at a ``respond`` question: the 杀 hits (weapons may act first) or the trick's damage
    is taken.  Raises Refused ``prompt.seat`` for another seat."""
    st = ctx.st
    top = st.prompt
    assert top is not None
    if a.seat is not None and a.seat != top.seat:
        raise Refused("prompt.seat", f"seat {top.seat} must answer, not seat {a.seat}", f"应由{top.seat}号位响应",
                      "companion: answer the pending question first", forceable=False)
    st.prompts.pop()
    src = top.data.get("source")
    if top.data.get("slash"):
        eq.slash_hit(ctx, top.data, top.seat)
    else:
        oc.deal_damage(st, ctx.ev, top.seat, 1, src if src is not None and st.seat(src).alive else None, "normal",
                       top.data.get("cause", "杀"))
    responded(ctx, top, False)


__all__ = ["HANDLES", "answer_with", "use_slash", "use_jink", "use_peach", "use_analeptic", "v_take"]
