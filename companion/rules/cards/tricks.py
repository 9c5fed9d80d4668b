"""Ordinary tricks (锦囊): legality, 无懈可击 windows and resolution steps.

Every trick is data (:data:`TRICKS`: targets rule + one effect function) and
is resolved by a small state machine kept in ``state.stack`` — a tuple
of *frames* (:class:`~companion.rules.state.Frame`, frozen: replaced, never
mutated, so every earlier state keeps its own).  The engine never waits:
after every action :func:`settle` turns the top frame into the next prompt
(a 无懈可击 window, a 杀/闪 request, a pick, a zone choice) whenever no prompt
is pending.  Deaths, 桃 requests and role reveals push their own prompts on
top and the frame simply continues once they are answered.

Prompt kinds added here: ``nullify`` (window), ``pick`` (五谷丰登), ``zone``
(过河拆桥 / 顺手牵羊), ``collateral`` (借刀杀人); 南蛮入侵 / 万箭齐发 / 决斗 use
the engine's ``respond`` prompt with ``RespondData.need`` = ``"slash"``/``"jink"``
and ``RespondData.frame`` True.

Sources: QSanguosha-v2 ``standard-cards.cpp`` (SavageAssault, ArcheryAttack,
Duel, Collateral, ExNihilo, AmazingGrace, GodSalvation, Dismantlement,
Snatch, Nullification) and FreeKill ``standard_cards`` (same names); rules
text 无懈可击 / 决斗; RULES_NOTES "Distance" (顺手牵羊 distance 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, cast

from .. import outcome as oc
from ..deck import KINDS
from ..distance import card_kind_of, in_range
from ..errors import Refused
from ..flow import (
    RESPONDED,
    Action,
    Ctx,
    call,
    clear_stack,
    pop_frame,
    push_frame,
    push_next_judge,
    set_top,
    skill_target,
    top_frame,
)
from ..messages import Message, Words, en_zh, say, text
from ..outcome import who
from ..prompts import CollateralData, NoData, RespondData, TargetData
from ..state import AnyPrompt, Frame, GameState, Prompt, RespondPrompt, Seat, ZonePrompt
from ..vocab import PromptKind, Rule
from ..zones import ask_hand, card_label, has_cards, resolve_zone, take_zone, zone_label, zone_zh, zones_of
from .common import TARGET_FILTERS, Use, check_target, distance_limit, own_play, uses
from .delayed import nullified_judgement
from .weapons import weapon_pick

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_COLLATERAL: Final = PromptKind.COLLATERAL
_NULLIFY: Final = PromptKind.NULLIFY
_PICK: Final = PromptKind.PICK

__all__ = ["Trick", "TRICKS", "PROMPT_KINDS", "SRC_TRICK", "SRC_NULL", "SRC_DUEL", "start", "settle",
           "answers", "nullify", "v_pick", "v_pass", "responded", "in_window", "implicit_close", "collateral_slash",
           "TARGET_FILTERS", "check_target", "HANDLES", "use_trick", "use_nullification"]

SRC_TRICK = "QS standard-cards.cpp; FK standard_cards (trick effects)"
SRC_NULL = "rules text 无懈可击; QS Nullification (any depth, asked in seat order)"
SRC_DUEL = "rules text 决斗; QS Duel; FK duel.lua (source = the winner)"
SRC_DUEL_OLD = "old FAQ quoted in the rules text (source = the card's user)"

PROMPT_KINDS = frozenset({"nullify", "pick", "zone", "collateral"})
"""Prompt kinds this module creates (besides ``respond`` with ``frame``)."""

Legal = Callable[[Ctx, int, list[int]], list[int]]
"""``legal(ctx, user, targets) -> targets`` of a trick."""
Effect = Callable[[Ctx, Frame, int], bool]
"""``effect(ctx, frame, target) -> done`` of a trick."""


@dataclass(frozen=True, slots=True)
class Trick:
    """One ordinary trick: who it may target (``legal``) and what happens on each target (``effect``).

    ``legal(ctx, user, targets) -> targets`` checks (raises Refused) and returns the
    resolved target list in resolution order; ``effect(ctx, frame, target) -> bool``
    applies or asks; it returns True when the target is done (False: a prompt was
    pushed and the frame waits for its answer).
    """

    id: str
    legal: Legal
    effect: Effect
    source: str = SRC_TRICK


def _order_from(st: GameState, first: int, include_first: bool = True) -> list[int]:
    alive = st.alive
    if first not in alive:
        nxt = st.next_alive(first)
        if nxt is None:
            return []
        first, include_first = nxt, True
    i = alive.index(first)
    seq = alive[i:] + alive[:i]
    return seq if include_first else seq[1:]


# --------------------------------------------------------------------------- legality


def _one_other(ctx: Ctx, n: int, targets: list[int], kind_id: str) -> list[int]:
    k = KINDS[kind_id]
    if len(targets) != 1:
        raise Refused(Rule.TRICK_TARGET, source=SRC_TRICK, forceable=False, msg="needs_one_target_seat", k=k,
                      n_targets=len(targets), n=n, k_id=k.id)
    t = targets[0]
    ctx.check(t != n, Rule.TRICK_SELF, source=SRC_TRICK, forceable=False, msg="targets_another_seat_yourself", k=k, n=n)
    return [t]


def _legal_card_taking(kind_id: str) -> Legal:
    def legal(ctx: Ctx, n: int, targets: list[int]) -> list[int]:
        (t,) = _one_other(ctx, n, targets, kind_id)
        ts = ctx.st.seat(t)
        k = KINDS[kind_id]
        if kind_id == "snatch":  # the rule ids are the cards' own ("snatch.empty", "dismantlement.empty")
            ctx.check(has_cards(ts), Rule.SNATCH_EMPTY, source=SRC_TRICK, t=t, card=k)
        else:
            ctx.check(has_cards(ts), Rule.DISMANTLEMENT_EMPTY, source=SRC_TRICK, t=t, card=k)
        if k.distance_limit:
            distance_limit(ctx, k, n, t)
        return [t]
    return legal


def _legal_duel(ctx: Ctx, n: int, targets: list[int]) -> list[int]:
    return _one_other(ctx, n, targets, "duel")


def _legal_self(kind_id: str) -> Legal:
    def legal(ctx: Ctx, n: int, targets: list[int]) -> list[int]:
        k = KINDS[kind_id]
        ctx.check(not targets or targets == [n], Rule.TRICK_TARGET, source=SRC_TRICK, forceable=False,
                  msg="targets_only_user", k=k, n=n, targets=targets)
        return [n]
    return legal


def _legal_all(others: bool, kind_id: str) -> Legal:
    def legal(ctx: Ctx, n: int, targets: list[int]) -> list[int]:
        k = KINDS[kind_id]
        ctx.check(not targets, Rule.TRICK_TARGET, source=SRC_TRICK, forceable=False, msg="targets_itself_write", k=k,
                  value=text("cards.tricks.legal_all/others") if others else text("cards.tricks.legal_all/all"), n=n,
                  k_id=k.id)
        return _order_from(ctx.st, n, include_first=not others)
    return legal


def _legal_collateral(ctx: Ctx, n: int, targets: list[int]) -> list[int]:
    if len(targets) != 2:
        raise Refused(Rule.TRICK_TARGET, source=SRC_TRICK, forceable=False, msg="needs_two_seats", n_targets=len(targets),
                      n=n)
    a, b = targets
    st = ctx.st
    ctx.check(a != n, Rule.TRICK_SELF, source=SRC_TRICK, forceable=False, msg="first_target_another")
    ctx.check(st.seat(a).equipment.get("weapon") is not None, Rule.COLLATERAL_WEAPON, source=SRC_TRICK, a=a)
    ctx.check(a != b, Rule.COLLATERAL_RANGE, source=SRC_TRICK, forceable=False, msg="seat_cannot_itself", a=a)
    rc = in_range(st, a, b)
    ctx.check(rc.ok, Rule.COLLATERAL_RANGE, source=SRC_TRICK, msg="text", rc=Words(rc.en, rc.zh))
    return [a]


# --------------------------------------------------------------------------- effects


def _eff_ex_nihilo(ctx: Ctx, f: Frame, t: int) -> bool:
    s = ctx.st.seat(t)
    s.hand += 2
    te, tz = who(ctx.st, t)
    ctx.event("draw", say("draw/draws_hand", target=Words(te, tz), hand=s.hand), seat=t)
    return True


def _eff_god_salvation(ctx: Ctx, f: Frame, t: int) -> bool:
    oc.heal(ctx.st, ctx.ev, t, 1, "桃园结义")
    return True


def _eff_respond(need: str) -> Effect:
    def eff(ctx: Ctx, f: Frame, t: int) -> bool:
        st = ctx.st
        k = KINDS[f.kind]
        te, tz = who(st, t)
        ue, uz = who(st, f.user)
        n = len(f.targets)
        card_en = KINDS[need]
        prog = text("cards.tricks.eff", k=k, user=Words(ue, uz), i=f.i, n=n)
        d = oc.expected_damage(st, t, f.user, k.zh)
        st.prompts.append(Prompt(
                              PromptKind.RESPOND, t,
                              text("prompt.respond/play_take_damage_take", target=Words(te, tz), card=card_en, d=d,
                                        prog=prog, value=Words(need, KINDS[need].zh)),
                              data=RespondData(source=f.user, card=f.card, need=need, frame=True, cause=k.zh)))
        return False
    return eff


def _duel_prompt(ctx: Ctx, f: Frame) -> None:
    st = ctx.st
    turn = _seat(f, f.turn)
    other = f.user if turn != f.user else f.targets[0]
    src = f.user if "duel_source_user" in st.variants and not f.lijian else other  # 离间: always the winner
    te, tz = who(st, turn)
    oe, oz = who(st, other)
    r = f.slashes  # 杀 cards played in this 决斗 (under 无双 two a round), not rounds
    d = oc.expected_damage(st, turn, src, "决斗")
    st.prompts.append(Prompt(
                          PromptKind.RESPOND, turn,
                          text("prompt.respond/play_take_damage", target=Words(te, tz), d=d, other=Words(oe, oz), r=r),
                          data=RespondData(source=src, card=f.card, need="slash", frame=True, cause="决斗", duel=True)))


def duel_slash_played(st: GameState) -> None:
    """One 杀 card was played in the 决斗 being resolved: count it for the prompt's progress."""
    f = top_frame(st)
    if f is not None and f.kind == "duel":
        _set(st, slashes=f.slashes + 1)


def _eff_duel(ctx: Ctx, f: Frame, t: int) -> bool:
    if f.turn is None:
        _set(ctx.st, turn=t, round=0)
        f = _frame(ctx.st)
    _duel_prompt(ctx, f)
    return False


def _eff_amazing_grace(ctx: Ctx, f: Frame, t: int) -> bool:
    st = ctx.st
    te, tz = who(st, t)
    ue, uz = who(st, f.user)
    left = f.pool
    n = len(f.targets)
    st.prompts.append(Prompt(PromptKind.PICK, t,
                             text("prompt.pick", target=Words(te, tz), left=left, user=Words(ue, uz), i=f.i, n=n), data=NoData()))
    return False


def _eff_zone(ctx: Ctx, f: Frame, t: int) -> bool:
    st = ctx.st
    ts = st.seat(t)
    zs = zones_of(ts)
    if not zs:
        te, tz = who(st, t)
        ctx.event("skip", say("skip/has_card_left", target=Words(te, tz), card_label=card_label(f.card)), seat=t)
        return True
    k = KINDS[f.kind]
    ue, uz = who(st, f.user)
    te, tz = who(st, t)
    labels = [zone_label(ts, z) for z in zs]
    st.prompts.append(Prompt(
                          PromptKind.ZONE, f.user, text("prompt.zone", user=Words(ue, uz), target=Words(te, tz), k=k,
                                    act=text("cards.tricks.zone/discard") if k.id == "dismantlement" else
                                    text("cards.tricks.zone/take"),
                                    value_list=Words(', '.join(x[0] for x in labels), '、'.join(x[1] for x in labels))),
                          data=TargetData(target=t)))
    return False


def _eff_collateral(ctx: Ctx, f: Frame, t: int) -> bool:
    st = ctx.st
    a = st.seat(t)
    b = _seat(f, f.victim)
    w = a.equipment.get("weapon")
    ae, az = who(st, t)
    if w is None or not st.seat(b).alive:
        ctx.event("skip", say("skip/has_effect_weapon", asked=Words(ae, az)), seat=t)
        return True
    be, bz = who(st, b)
    ue, uz = who(st, f.user)
    st.prompts.append(Prompt(
                          PromptKind.COLLATERAL, t, text("prompt.collateral", asked=Words(ae, az), by=Words(be, bz), t=t,
                                    card_label=card_label(w), user=Words(ue, uz)),
                          data=CollateralData(victim=b, user=f.user)))
    return False


TRICKS: dict[str, Trick] = {
    "dismantlement": Trick("dismantlement", _legal_card_taking("dismantlement"), _eff_zone),
    "snatch": Trick("snatch", _legal_card_taking("snatch"), _eff_zone,
                     source="QS Snatch; RULES_NOTES: Distance (顺手牵羊 distance 1)"),
    "duel": Trick("duel", _legal_duel, _eff_duel, SRC_DUEL),
    "collateral": Trick("collateral", _legal_collateral, _eff_collateral),
    "ex_nihilo": Trick("ex_nihilo", _legal_self("ex_nihilo"), _eff_ex_nihilo),
    "amazing_grace": Trick("amazing_grace", _legal_all(False, "amazing_grace"), _eff_amazing_grace),
    "god_salvation": Trick("god_salvation", _legal_all(False, "god_salvation"), _eff_god_salvation),
    "savage_assault": Trick("savage_assault", _legal_all(True, "savage_assault"), _eff_respond("slash")),
    "archery_attack": Trick("archery_attack", _legal_all(True, "archery_attack"), _eff_respond("jink")),
}
"""Ordinary trick id → :class:`Trick` (data + effect), the one place each trick is defined."""


# --------------------------------------------------------------------------- frames


def _seat(f: Frame, n: int | None) -> int:
    """A seat the frame's kind always has (决斗's ``turn``, 借刀杀人's ``victim``, judge_null's ``target``).
    RuntimeError when it is missing (a bug, not a moderator's error)."""
    if n is None:
        raise RuntimeError(f"a {f.kind} frame without its seat")
    return n


def _frame(st: GameState) -> Frame:
    """The trick being resolved where one must be (a window or a pick of it is open).
    Raises RuntimeError when the resolution stack is empty (a bug, not a moderator's error)."""
    f = top_frame(st)
    if f is None:
        raise RuntimeError("no trick is being resolved (the resolution stack is empty)")
    return f


_set = set_top


def start(ctx: Ctx, n: int, kind_id: str, ref: str, targets: list[int], extra: dict[str, Any] | None = None) -> list[int]:
    """Check the targets of trick ``kind_id`` used by seat ``n`` and queue its resolution.

    Returns the resolved targets.  Raises Refused (``trick.target``, ``trick.self``,
    ``trick.distance``, ``dismantlement.empty``, ``snatch.empty``, ``collateral.weapon``,
    ``collateral.range``).  Nothing is paid here: the engine pays the card after this returns.
    """
    tr = TRICKS[kind_id]
    order = tr.legal(ctx, n, list(targets))
    if targets:
        for t in targets:
            check_target(ctx, kind_id, n, t)
    f = Frame(kind_id, ref, n, tuple(order), stage="window",
              victim=targets[1] if kind_id == "collateral" else None,
              pool=len(order) if kind_id == "amazing_grace" else 0)
    push_frame(ctx.st, f.but(**extra) if extra else f)
    return order


def _can_nullify(st: GameState, n: int) -> bool:
    s = st.seat(n)
    return s.alive and s.hand > 0


def _window_candidates(st: GameState, f: Frame) -> list[int]:
    passed = set(f.passed)
    by = f.by
    if by is not None:
        passed.add(by)  # whoever played the last 无懈可击 is not asked to cancel it
    first = f.ask_from if f.ask_from is not None else f.user  # every trick frame has its user
    return [n for n in _order_from(st, first) if n not in passed and _can_nullify(st, n)]


def in_window(st: GameState) -> bool:
    """True while a 无懈可击 window is the pending question."""
    p = st.prompt
    return p is not None and p.kind == _NULLIFY


def _window_prompt(ctx: Ctx, f: Frame, asked: int) -> None:
    st = ctx.st
    depth = f.depth
    trick = _trick_words(st, f)
    prog = f.progress()
    # The window is a question to the whole table (any seat may play 无懈可击), not to the seat asked first:
    # it is not addressed to anyone (the trick's user was asked whether to cancel his own trick).
    # ``pass`` still passes for the seat asked (``asked``, the prompt's seat), in seat order.
    if depth == 0:
        words = text("prompt.nullify", what=trick, prog=prog)
    else:
        # a 无懈可击 against a 无懈可击 (newcomer trial, issue 16: "which one is cancelled?"): the one played, the
        # one it cancels, and what then becomes of the trick (an even chain lets it take effect: _close_window)
        be, bz = who(st, f.by)
        if depth == 1:
            what = text("cards.tricks.window_prompt/chain_first", by=Words(be, bz), trick=trick)
        elif depth % 2 == 0:
            what = text("cards.tricks.window_prompt/chain_stands", by=Words(be, bz), depth=depth, prev=_cancelled(st, f),
                        trick=trick)
        else:
            what = text("cards.tricks.window_prompt/chain_cancels", by=Words(be, bz), depth=depth,
                        prev=_cancelled(st, f), trick=trick)
        words = text("prompt.nullify_chain", what=what, prog=prog)
    st.prompts.append(Prompt(PromptKind.NULLIFY, asked, words, data=NoData()))


def _trick_words(st: GameState, f: Frame) -> Words:
    """The trick a window is about, in words: ``1号位（孙权）对3号位（张飞）的过河拆桥``; a delayed trick's
    judgement (``judge_null``): ``3号位（张飞）判定区的乐不思蜀``."""
    t = f.target
    te, tz = who(st, t) if t is not None else ("", "")
    name = card_label(f.card)
    if f.kind == "judge_null":
        return Words(*en_zh("cards.tricks.window_prompt/judged", name=name, target=Words(te, tz)))
    ue, uz = who(st, f.user)
    return Words(*en_zh("cards.tricks.window_prompt/text", user=Words(ue, uz), name=name, target=Words(te, tz)))


def _cancelled(st: GameState, f: Frame) -> Message:
    """The 无懈可击 the last one played cancels: the one before it in the chain (``f.chain``), by its seat and
    number (``2号位（关羽）的第1张无懈可击``); a frame without the chain (older rules' state) says "the one before"."""
    chain = f.chain
    depth = f.depth
    if len(chain) >= 2 and len(chain) == depth:
        pe, pz = who(st, chain[-2])
        return text("cards.tricks.window_prompt/chain_prev", who=Words(pe, pz), p=depth - 1)
    return text("cards.tricks.window_prompt/chain_prev_unknown", p=depth - 1)


def _close_window(ctx: Ctx) -> None:
    """The window is over: an even chain lets the effect happen, an odd one cancels it."""
    st = ctx.st
    f = _frame(st)
    if f.kind == "judge_null":
        pop_frame(st)
        if f.depth % 2 == 1:
            nullified_judgement(ctx, _seat(f, f.target), f.card)
        else:
            push_next_judge(ctx, st.seat(_seat(f, f.target)))
        return
    t = f.targets[f.i]
    te, tz = who(st, t)
    if f.depth % 2 == 1:
        ctx.event("nullified", say("nullified/cancelled", card_label=card_label(f.card), target=Words(te, tz)), seat=t)
        _set(st, i=f.i + 1, stage="window", depth=0, passed=(), by=None, chain=())
    else:
        _set(st, stage="effect", depth=0, passed=(), by=None, chain=())


def settle(ctx: Ctx) -> None:
    """Advance the trick in resolution while no question is pending (every step becomes a prompt)."""
    st = ctx.st
    if st.over:
        clear_stack(st)  # the game stops at the first deciding death
        return
    guard = 0
    while not st.prompts and not st.over and st.stack:
        guard += 1
        if guard > 200:  # pragma: no cover - defensive
            return
        f = _frame(st)
        if f.kind == "judge_null":
            cands = _window_candidates(st, f)
            if not cands:
                _close_window(ctx)
            else:
                _window_prompt(ctx, f.but(user=f.ask_from), cands[0])
            continue
        if f.i >= len(f.targets):
            pop_frame(st)
            if f.kind == "amazing_grace" and f.pool > 0:
                ctx.event("discard_card", say("discard_card/card_left_over", pool=f.pool), seat=f.user)
            continue
        t = f.targets[f.i]
        if not st.seat(t).alive or (f.kind == "duel" and not st.seat(f.user).alive):
            _set(st, i=f.i + 1, stage="window")
            continue
        if f.stage == "window":
            if f.kind == "god_salvation" and st.seat(t).hp >= st.seat(t).max_hp:
                _set(st, i=f.i + 1)  # a full-HP seat is not affected: no window (QS GodSalvation::isCancelable)
                continue
            _set(st, target=t, prog=f.i + 1 if len(f.targets) > 1 else 0)  # its questions say it: Frame.progress
            f = _frame(st)
            cands = _window_candidates(st, f)
            if cands:
                _window_prompt(ctx, f, cands[0])
            else:
                _set(st, stage="effect")
            continue
        if f.stage == "effect":
            if TRICKS[f.kind].effect(ctx, f, t):
                _set(st, i=_frame(st).i + 1, stage="window")
            else:
                _set(st, stage="wait")
            continue
        _set(st, i=f.i + 1, stage="window")  # "wait" with no prompt: its question was dropped (a death)


def _advance(ctx: Ctx) -> None:
    f = top_frame(ctx.st)
    if f is not None and f.kind != "judge_null":
        _set(ctx.st, i=f.i + 1, stage="window")


def responded(ctx: Ctx, prompt: RespondPrompt, played: bool) -> None:
    """A ``respond`` prompt of a trick was answered (``played``: 杀/闪 given; else the damage was taken)."""
    st = ctx.st
    f = top_frame(st)
    if f is None:
        return
    if prompt.data.duel and played:
        other = f.user if prompt.seat != f.user else f.targets[0]
        _set(st, turn=other, round=f.round + 1, stage="effect")
        return
    _advance(ctx)


# --------------------------------------------------------------------------- answers


def answers(p: AnyPrompt, a: Action) -> bool:
    """Whether action ``a`` answers prompt ``p`` of one of :data:`PROMPT_KINDS`."""
    v = a.verb
    if p.kind == _NULLIFY:
        return v == "pass" or (v == "use" and card_kind_of(a.args["card"]) == "nullification")
    if p.kind in ("pick", "zone"):
        return v == "pick"
    if p.kind == _COLLATERAL:
        return v in ("pass", "take") or (v == "use" and a.args["card"] in ("slash", "spear"))
    return False


def nullify(ctx: Ctx, s: Seat, ref: str) -> bool:
    """Seat ``s`` plays 无懈可击 (hand already checked); True when it answered a window or a judgement.

    In a window the chain grows by one and everyone is asked again; at a ``judge``
    prompt (a delayed trick about to be judged) a window against that trick opens.
    Source: rules text 无懈可击; QS Nullification.
    """
    st = ctx.st
    top = st.prompt
    ne, nz = who(st, s.seat)
    if top is not None and top.kind == PromptKind.NULLIFY:
        f = _frame(st)
        s.hand -= 1
        st.prompts.pop()
        d = f.depth + 1
        _set(st, depth=d, passed=(), by=s.seat, chain=(*f.chain, s.seat))
        against = _trick_words(st, f) if d == 1 else _cancelled(st, _frame(st))
        ctx.event("use", say("use/plays_chain_hand", who=Words(ne, nz), d=d, what=against, hand=s.hand), seat=s.seat,
                  card=ref)
        return True
    if top is not None and top.kind == PromptKind.JUDGE:
        s.hand -= 1
        st.prompts.pop()
        holder = top.seat
        push_frame(st, Frame("judge_null", top.data.card, st.turn_player(), (holder,), ask_from=st.turn_seat,
                             target=holder, depth=1, by=s.seat, chain=(s.seat,)))
        ctx.event("use",
                  say("use/plays_against_hand", who=Words(ne, nz), card_label=card_label(top.data.card), hand=s.hand),
                  seat=s.seat, card=ref)
        return True
    return False


def v_pass(ctx: Ctx, a: Action) -> bool:
    """``pass`` / ``pass all`` / ``S pass`` at one of this module's prompts; True when handled.

    Window: the asked seat (or seat S) declines; ``pass all`` closes the window for
    everyone.  借刀杀人: the weapon goes to the trick's user.
    """
    st = ctx.st
    top = st.prompt
    if top is None:
        return False
    if top.kind == _NULLIFY:
        f = _frame(st)
        st.prompts.pop()
        if a.args.get("all"):
            if f.depth:  # a 无懈可击 was played: nobody answers it (the close says what stands)
                ctx.event("pass", say("pass/further"), seat=None)
            else:
                ctx.event("pass", say("pass/nobody_plays"), seat=None)
            _close_window(ctx)
            return True
        n = a.seat if a.seat is not None else top.seat
        if not 1 <= n <= len(st.seats) or not st.seat(n).alive:
            raise Refused(Rule.PROMPT_SEAT, source="companion: seats", forceable=False, msg="living_seat_pass", n=n)
        ne, nz = who(st, n)
        ctx.event("pass", say("pass/text", who=Words(ne, nz)), seat=n)
        _set(st, passed=f.passed + (n,))
        if not _window_candidates(st, _frame(st)):
            _close_window(ctx)
        return True
    if top.kind == PromptKind.COLLATERAL:
        st.prompts.pop()
        a_seat = st.seat(top.seat)
        u = st.seat(top.data.user)
        w = a_seat.equipment.get("weapon")
        a_seat.equipment["weapon"] = None
        u.hand += 1
        ae, az = who(st, top.seat)
        ue, uz = who(st, u.seat)
        ctx.event("give",
                  say("give/gives_hand", asked=Words(ae, az), card_label=card_label(w), user=Words(ue, uz), hand=u.hand),
                  seat=u.seat)
        _advance(ctx)
        return True
    return False


SRC_ANSWER = "companion: answer the pending question"
_WEAPON_PICKED = frozenset({PromptKind.ICE_SWORD, PromptKind.KYLIN_BOW})
"""The weapon questions answered with ``pick`` (QS IceSword: two cards of the target; KylinBow: a horse)."""
_PICKED = frozenset({PromptKind.PICK, PromptKind.ZONE}) | _WEAPON_PICKED


def v_pick(ctx: Ctx, a: Action) -> None:
    """``pick [WHAT …]`` answers a ``pick`` (五谷丰登), ``zone`` (过河拆桥 / 顺手牵羊) or a weapon's pick prompt
    (寒冰剑, 麒麟弓: :func:`companion.rules.cards.weapons.weapon_pick`; the other weapons' questions are answered
    with ``discard`` / ``use`` / ``pass``: cards.weapons ``answers``).

    Raises Refused ``pick.none`` (nothing to pick now; at another question, the message names it and its
    answers) or ``pick.zone`` (that zone is empty; the message lists the zones holding cards).
    """
    st = ctx.st
    top = st.prompt
    what: list[str] = list(a.args.get("what") or [])
    if top is None:
        raise Refused(Rule.PICK_NONE, source=SRC_ANSWER, forceable=False)
    if top.kind not in _PICKED:
        raise Refused(Rule.PICK_NONE, source=SRC_ANSWER, forceable=False, msg="question_takes_no_pick",
                      top=top.said)
    if a.seat is not None and a.seat != top.seat:
        raise Refused(Rule.PROMPT_SEAT, source=SRC_ANSWER, forceable=False,
                      msg="seat_picks_seat", seat=top.seat, a_seat=a.seat)
    if top.kind in _WEAPON_PICKED:
        weapon_pick(ctx, top, what)
        return
    if top.kind == _PICK:
        f = _frame(st)
        st.prompts.pop()
        s = st.seat(top.seat)
        s.hand += 1
        card = what[0] if what else None
        ne, nz = who(st, s.seat)
        ctx.event(
            "draw", say("draw/picks_hand", who=Words(ne, nz), hand=s.hand,
                        nm=Words(card_label(card), card_label(card)) if card else text("cards.tricks.pick/a_card")),
            seat=s.seat, card=card)
        _set(st, pool=f.pool - 1)
        _advance(ctx)
        return
    f = _frame(st)
    t = st.seat(cast(ZonePrompt, top).data.target)  # 过河拆桥 / 顺手牵羊's zone question (checked above)
    word = what[0] if what else ""
    z = resolve_zone(t, word)
    if z == "hand":  # light mode: does it hold one? (asked, as for 空城)
        k = KINDS.get(f.kind)
        ask_hand(ctx, t, Words(f"{k.zh} {k.en}", k.zh) if k else Words(f.kind, f.kind))
    if z is None:
        have = ", ".join(zone_label(t, x)[0] for x in zones_of(t))
        have_zh = "、".join(zone_label(t, x)[1] for x in zones_of(t))
        word_zh = zone_zh(word) or (card_label(word) if word else "?")
        raise Refused(Rule.PICK_ZONE, source=SRC_TRICK, forceable=False, msg="seat_has_card", seat=t.seat,
                      have=Words(have, have_zh), value=Words(word or '?', word_zh))
    st.prompts.pop()
    gainer = st.seat(f.user) if f.kind == "snatch" else None
    take_zone(ctx, t, z, gainer, card_label(f.card))
    _advance(ctx)


def collateral_slash(ctx: Ctx, s: Seat, a: Action) -> list[int] | None:
    """At a 借刀杀人 prompt seat A answers with 杀: returns ``[victim]`` (the engine pays and
    aims the 杀), or None when this is not such an answer.  Raises Refused ``collateral.target``."""
    st = ctx.st
    top = st.prompt
    if top is None or top.kind != PromptKind.COLLATERAL or s.seat != top.seat:
        return None
    b = top.data.victim
    targets = a.args.get("targets") or [b]
    ctx.check(targets == [b], Rule.COLLATERAL_TARGET, source=SRC_TRICK, forceable=False, seat=s.seat, b=b)
    st.prompts.pop()
    _advance(ctx)
    return [b]


def implicit_close(ctx: Ctx) -> None:
    """An untouched window (no 无懈可击 played yet) is closed as "nobody" when the table answers the
    step behind it (e.g. the target plays 杀 or takes the damage).  A window with a 无懈可击 in it
    is never closed implicitly."""
    st = ctx.st
    f = top_frame(st)
    if f is None or f.depth != 0 or f.kind == "judge_null":
        return
    st.prompts.pop()
    _close_window(ctx)
    settle(ctx)


def _responded(ctx: Ctx, prompt: RespondPrompt, played: bool) -> None:
    if prompt.data.frame:
        responded(ctx, prompt, played)


RESPONDED.append(_responded)  # after the weapons' (imported above): a dodge's 青龙偃月刀 comes first


# --------------------------------------------------------------------------- using a trick


@uses("nullification")
def use_nullification(ctx: Ctx, u: Use) -> None:
    """无懈可击: played into an open window (or against a delayed trick about to be judged); refused
    ``nullification.window`` (forceable) when no trick is waiting.  集智 is asked at once (like after any trick,
    before the window goes on); the window is asked again once it is answered (:func:`settle` waits for no
    prompt).  Source: rulebook 无懈可击; standard_generals.json 黄月英 集智; QS Jizhi triggers on CardUsed,
    无懈可击 included."""
    n, s, kind = u.n, u.s, u.kind
    if nullify(ctx, s, u.ref):
        call("trick", ctx, n, kind)
        return
    ctx.check(False, Rule.NULLIFICATION_WINDOW, source="rulebook: 无懈可击; FK standard_cards nullification")
    u.pay()
    ne, nz = who(ctx.st, n)
    ctx.event("use", say("use/plays_hand2", who=Words(ne, nz), hand=s.hand), seat=n, card=u.ref)
    call("trick", ctx, n, kind)


@uses(*TRICKS)
def use_trick(ctx: Ctx, u: Use) -> None:
    """An ordinary trick in its user's play phase: the targets are checked (:data:`TRICKS`' ``legal``, skills'
    refusals) and its resolution queued (:func:`start`); 集智 is asked."""
    st, n, s, kind, targets = ctx.st, u.n, u.s, u.kind, u.targets
    own_play(ctx, u)
    for t in targets:
        skill_target(ctx, n, t, kind.id)
    if kind.id == "collateral" and len(targets) == 2:  # the 杀 it asks for must be legal too (空城)
        skill_target(ctx, targets[0], targets[1], "slash")
    order = start(ctx, n, kind.id, u.ref, targets)
    u.pay()
    ne, nz = who(st, n)
    tl = [who(st, t) for t in order]
    ctx.event(
        "use", say("use/uses_hand5", who=Words(ne, nz), kind=kind, hand=s.hand,
                    value_list=Words(', '.join(t[0] for t in tl), '、'.join(t[1] for t in tl))),
        seat=n, card=u.ref, targets=list(targets) or order)
    call("trick", ctx, n, kind)


HANDLES = frozenset({"nullification", *TRICKS})
"""The card ids whose rules live here."""
