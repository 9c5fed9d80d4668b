"""The basic cards: 杀 slash, 闪 jink, 桃 peach, 酒 analeptic — used in the play phase, played in answer to a
question (a 杀's 闪, a 决斗's or 南蛮入侵's 杀, a dying seat's 桃), and what happens when a 杀 is not dodged.

Sources: rulebook 出牌阶段 and 基本牌; RULES_NOTES: Distance and attack range, Other facts (one 杀 per play
phase); QS standard-cards.cpp (Slash, Jink, Peach); FK standard_cards.
"""

from __future__ import annotations

from typing import Final, cast

from .. import outcome as oc
from ..distance import card_kind_of, in_range
from ..errors import Refused
from ..flow import Action, Ctx, again_data, call, responded, skill_target
from ..messages import Words, en_zh, say, text
from ..outcome import who
from ..state import Prompt, RespondPrompt
from ..vocab import PromptKind, Rule
from . import tricks as tk
from . import weapons as eq
from .common import SRC_PLAY, SRC_RANGE, SRC_WEAPON, Use, check_target, distance_limit, own_play, uses
from .weapons import SLASH_LIMIT_LIFTS

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_COLLATERAL: Final = PromptKind.COLLATERAL
_RESPOND: Final = PromptKind.RESPOND

HANDLES = frozenset({"slash", "jink", "peach", "analeptic"})
"""The card ids whose rules live here."""


def answer_with(ctx: Ctx, u: Use) -> bool:
    """``u`` is the card the pending ``respond`` question asks of its seat (闪 for a 杀, 杀 in a 决斗 or
    against 南蛮入侵): it is played; 无双 may ask one more.  False when ``u`` is not that answer."""
    st, top, kind, n, s = ctx.st, u.top, u.kind, u.n, u.s
    if top is None or top.kind != _RESPOND or kind.id != u.need or top.seat != n:
        return False
    ne, nz = who(st, n)
    u.pay()
    if top.data.duel:
        tk.duel_slash_played(st)  # the 决斗 prompt counts 杀 cards, not rounds (无双: two a round)
    more = (top.data.jinks if top.data.jinks is not None else 1) - 1  # 无双: two 闪 for his 杀, two 杀 each time in his 决斗
    if more > 0:
        st.prompts[-1] = Prompt(
                             PromptKind.RESPOND, n, text("prompt.respond/one_more_needed_take", who=Words(ne, nz), kind=kind,
                                       kind_id=kind.id),
                             data=again_data(top.data, more))
        ctx.event("jink" if kind.id == "jink" else "slash_played",
                  say("cards.basic.answer_with", who=Words(ne, nz), kind=kind, hand=s.hand), seat=n)
        return True
    st.prompts.pop()
    cause = top.data.cause or "杀"
    if kind.id == "jink":
        ctx.event("jink", say("jink/plays_misses_hand", who=Words(ne, nz), cause=oc.named(cause), hand=s.hand), seat=n)
    else:
        ctx.event("slash_played", say("slash_played", who=Words(ne, nz), cause=oc.named(cause), hand=s.hand), seat=n)
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
    if top is not None and top.kind == _COLLATERAL:
        victims = tk.collateral_slash(ctx, s, u.a)
        if victims is not None:
            u.pay()
            ve, vz = who(st, victims[0])
            ctx.event("use", say("use/uses_hand4", who=Words(ne, nz), victim=Words(ve, vz), hand=s.hand), seat=n,
                      card=u.ref, targets=victims)
            eq.slash_at(ctx, n, victims, u.ref, u.face, u.via, u.colour)
            return
    if answer_with(ctx, u):
        return
    own_play(ctx, u)
    most, why = eq.max_slash_targets(st, s, u.cost)
    if not 1 <= len(targets) <= most or len(set(targets)) != len(targets):
        if most == 1:
            raise Refused(Rule.SLASH_TARGET, source=SRC_PLAY, forceable=False, msg="needs_exactly_one",
                          n_targets=len(targets))
        raise Refused(Rule.SLASH_TARGET, source=SRC_WEAPON, forceable=False, msg="takes_different_target", most=most,
                      why=why, targets=targets)
    for t in targets:
        ctx.check(t != n, Rule.SLASH_SELF, source=SRC_RANGE, forceable=False)
        skill_target(ctx, n, t, "slash")
        rc = in_range(st, n, t)
        ctx.check(rc.ok, Rule.SLASH_RANGE, rc.en, rc.zh, SRC_RANGE)
        check_target(ctx, "slash", n, t)
        if u.face is None and u.colour is None and eq.weapon_of(s) != "qinggang_sword" \
                and card_kind_of(st.seat(t).equipment.get("armor")) == "nioh_shield":
            te_, tz_ = who(st, t)
            eg = text("cards.basic.slash_colour/spear", n=n, t=t) if u.via == "spear" else \
                text("cards.basic.slash_colour/face", n=n, t=t)
            ctx.check(False, Rule.SLASH_COLOUR, source=SRC_WEAPON, eg=eg, target=Words(te_, tz_))
    # the limit is the user's own play phase's (rulebook 001 出牌阶段: "每个出牌阶段仅限使用一次【杀】", of 你的 phase);
    # the counter is the current player's: a 杀 forced past card.phase outside its user's play phase is under no
    # limit and uses up nobody's 杀 (it was counted as the current player's, and its refusal said their count)
    own = st.turn_seat == n and st.phase == "play"
    used = st.counters.get("slash", 0) if own else 0
    lifts = [r for f in SLASH_LIMIT_LIFTS if (r := f(st, s))]
    ctx.check(used < 1 or bool(lifts), Rule.SLASH_LIMIT, source="RULES_NOTES: Other facts (one 杀 per play phase)", n=n,
              used=used)
    if own:
        st.counters["slash"] = used + 1
    u.pay()
    te = ", ".join(who(st, t)[0] for t in targets)
    tz = "、".join(who(st, t)[1] for t in targets)
    notes = [text("cards.basic.use/face", face=str(u.face))] if u.face is not None and not u.faces else []
    if used >= 1 and lifts:
        notes.append(text("cards.basic.use/lift", lift=lifts[0]))
    if u.via == "spear":
        notes.append(text("cards.basic.use/spear"))
    if u.faces:
        notes.append(text("cards.basic.use/faces", faces="+".join(map(str, u.faces)),
                          colour=text("cards.basic.use/red") if u.colour == "red" else text("cards.basic.use/black")
                          if u.colour == "black" else text("cards.basic.use/no_colour")))
    extra = Words("".join(m.en for m in notes), "".join(m.zh for m in notes))
    ctx.event("use", say("use/uses_hand", who=Words(ne, nz), target=Words(te, tz), hand=s.hand, extra=extra), seat=n,
              card=u.ref, targets=list(targets), faces=[str(f) for f in u.faces] or None, colour=u.colour)
    eq.slash_at(ctx, n, list(targets), u.ref, u.face, u.via, u.colour)
    for t in targets:
        call("slash", ctx, n, t)


@uses("jink")
def use_jink(ctx: Ctx, u: Use) -> None:
    """闪: only the answer of a ``respond`` question asking for it (refused ``jink.response`` otherwise)."""
    if answer_with(ctx, u):
        return
    ctx.check(False, Rule.JINK_RESPONSE, source=SRC_PLAY)
    u.pay()
    ne, nz = who(ctx.st, u.n)
    ctx.event("use", say("use/plays_hand", who=Words(ne, nz), hand=u.s.hand), seat=u.n, card=u.ref)


@uses("peach")
def use_peach(ctx: Ctx, u: Use) -> None:
    """桃: saves a dying seat (the 桃 round), else heals its user by 1 in the play phase.

    Raises Refused ``peach.target`` (another seat outside dying), ``peach.full``, ``card.phase``."""
    st, n, s, top = ctx.st, u.n, u.s, u.top
    if top is not None and top.kind == PromptKind.DYING:
        u.pay()
        oc.dying_peach(st, ctx.ev, n)
        return
    own_play(ctx, u)
    ctx.check(not u.targets or u.targets == [n], Rule.PEACH_TARGET, source=SRC_PLAY)
    ctx.check(s.hp < s.max_hp, Rule.PEACH_FULL, source=SRC_PLAY, n=n, hp=s.hp, max_hp=s.max_hp)
    u.pay()
    ne, nz = who(st, n)
    ctx.event("use", say("use/uses_hand2", who=Words(ne, nz), hand=s.hand), seat=n, card=u.ref)
    oc.heal(st, ctx.ev, n, 1, "桃")


@uses("analeptic")
def use_analeptic(ctx: Ctx, u: Use) -> None:
    """酒 (军争, variant maneuvering): recorded as used in the play phase."""
    st, n, s, targets, kind = ctx.st, u.n, u.s, u.targets, u.kind
    own_play(ctx, u)
    ne, nz = who(st, n)
    tl = [who(st, t) for t in targets]
    on_en, on_zh = en_zh("cards.basic.use_analeptic",
                         value_list=Words(', '.join(t[0] for t in tl), '、'.join(t[1] for t in tl))) if tl else ("", "")
    for t in targets:
        skill_target(ctx, n, t, kind.id)
    if kind.distance_limit and targets:
        for t in targets:
            distance_limit(ctx, kind, n, t)
    u.pay()
    ctx.event("use", say("use/uses_hand3", who=Words(ne, nz), kind=kind, on=Words(on_en, on_zh), hand=s.hand), seat=n,
              card=u.ref, targets=targets)
    call("trick", ctx, n, kind)


def v_take(ctx: Ctx, a: Action) -> None:
    """``take`` / ``pass`` at a ``respond`` question: the 杀 hits (weapons may act first) or the trick's damage
    is taken.  Raises Refused ``prompt.seat`` for another seat."""
    st = ctx.st
    top = cast("RespondPrompt | None", st.prompt)  # the engine sends 'take' here at a respond question only
    assert top is not None
    if a.seat is not None and a.seat != top.seat:
        raise Refused(Rule.PROMPT_SEAT, source="companion: answer the pending question first", forceable=False,
                      msg="seat_must_answer", seat=top.seat, a_seat=a.seat)
    st.prompts.pop()
    src = top.data.source
    if top.data.slash:
        eq.slash_hit(ctx, top.data, top.seat)
    else:
        oc.deal_damage(st, ctx.ev, top.seat, 1, src if src is not None and st.seat(src).alive else None, "normal",
                       top.data.cause or "杀")
    responded(ctx, top, False)


__all__ = ["HANDLES", "answer_with", "use_slash", "use_jink", "use_peach", "use_analeptic", "v_take"]
