"""The rules engine: ``apply(state, action) -> Applied(state, events)``.

Contract (docs/architecture.md): ``apply`` never mutates ``state``; it works
on ``state.clone()``.  An illegal action raises :class:`Refused` (rule id,
en/zh with the numbers, source) unless ``action.forced`` and the refusal is
forceable.  After each action ``state.prompt`` says what the table must decide.

Rules applied are listed with their sources in docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import equipment as eq
from . import outcome as oc
from . import skills as sk
from . import tricks as tk
from .cards import KINDS, CardType, Face, card_kind, faces_of, maneuvering_cards, standard_deck
from .distance import card_kind_of, distance, has_skill, in_range
from .errors import Event, Refused
from .generals import GENERALS, UnknownGeneralError
from .generals import general as find_general
from .judgement import resolve_judgement
from .outcome import who
from .setup import MAX_PLAYERS, MIN_PLAYERS, VARIANTS, max_hp, role_table
from .state import PHASES, ROLES, GameState, Prompt, Seat

__all__ = ["Action", "Applied", "apply", "advance_until_decision", "SLASH_LIMIT_LIFTS", "SETUP_VERBS", "CORRECTIONS",
           "card_ref", "hand_limit"]

SRC_TURN = "rulebook: 回合流程 (RULES_NOTES: Other facts)"
SRC_PLAY = "rulebook: 出牌阶段"
SRC_RANGE = "RULES_NOTES: Distance and attack range"
SRC_DISCARD = "RULES_NOTES: Other facts (hand limit = current HP)"
SRC_DISCARD_PHASE = "rulebook 001: 弃牌阶段 (discard down to the hand limit = current HP)"
SRC_JUDGE = "RULES_NOTES: Judgements"
SRC_SETUP = "rulebook: 游戏准备 (setup); RULES_NOTES: Roles per player count"
SRC_SEATS = "companion: seats are numbered 1..N in the order of play"
SRC_AREA = "RULES_NOTES: Other facts (no two cards of the same name in one area)"
SRC_MANEUVER = "RULES_NOTES: Deck (兵粮寸断 and 酒 are 军争)"
SRC_PROMPT = "companion: answer the pending question first"
SRC_NO_PROMPT = "companion: answers only answer a pending question (docs/commands.md, Questions)"

NAME_MAX = 24  # characters in a player name (fits a seat card)
DECK_SIZE = 108  # cards in the standard + EX deck (RULES_NOTES: Deck)
SETUP_VERBS = frozenset({"players", "name", "lord", "swap", "general", "role", "offer", "variant", "start"})
CORRECTIONS = frozenset({"damage", "heal", "lose", "draw", "give", "hand", "maxhp", "equip", "unequip",
                         "place", "remove", "name"})


@dataclass(frozen=True, slots=True)
class Action:
    """One command: ``verb``, acting ``seat`` (or None), ``args`` per verb, ``forced``, the source ``text``."""

    verb: str
    seat: int | None = None
    args: dict = field(default_factory=dict)
    forced: bool = False
    text: str = ""


@dataclass(slots=True)
class Applied:
    """Result of :func:`apply`: the new state and what happened."""

    state: GameState
    events: list[Event]


class _Ctx:
    __slots__ = ("st", "ev", "forced")

    def __init__(self, st: GameState, forced: bool) -> None:
        self.st, self.forced = st, forced
        self.ev: list[Event] = []

    def check(self, ok: bool, rule: str, en: str, zh: str, source: str, forceable: bool = True) -> None:
        if ok:
            return
        if self.forced and forceable:
            self.ev.append(Event("forced", f"forced past: {en} [{rule}]", f"强制执行：{zh} [{rule}]", None, {"rule": rule}))
            return
        raise Refused(rule, en, zh, source, forceable=forceable)

    def event(self, kind: str, en: str, zh: str, seat: int | None = None, **data: Any) -> None:
        self.ev.append(Event(kind, en, zh, seat, data))


# --------------------------------------------------------------------------- helpers


def card_ref(kind: str, face: Face | None) -> str:
    """Card id stored in areas: ``"slash-spade-7"`` with a face, else the kind id."""
    return f"{kind}-{face.suit}-{face.rank}" if face is not None else kind


_card_name = oc.card_words  # 赤兔♥5: the one card naming of every log line


def _again(data: dict, more: int) -> dict:
    """The data of a 无双 "one more" question: ``jinks`` left, and the hints (八卦阵 ``judge FACE``, 护驾 / 激将)
    are added again by skills' ``_hints`` — each 闪 asked may be judged by an unused 八卦阵 (RULES_NOTES: Judgements)."""
    return {k: v for k, v in data.items() if k != "hinted"} | {"jinks": more}


def hand_limit(seat: Seat) -> int:
    """Hand limit = current HP (never below 0).  Source: RULES_NOTES Other facts."""
    return max(seat.hp, 0)


def _seat(ctx: _Ctx, n: int | None, what: str = "seat", alive: bool = True) -> Seat:
    st = ctx.st
    if n is None or not 1 <= n <= len(st.seats):
        raise Refused("seat.unknown", f"no {what} {n}: the table has seats 1..{len(st.seats)}",
                      f"没有{n}号位：座位为1..{len(st.seats)}", SRC_SEATS, forceable=False)
    s = st.seat(n)
    if alive and not s.alive:
        raise Refused("seat.dead", f"seat {n} is dead", f"{n}号位已阵亡", "RULES_NOTES: Death", forceable=False)
    return s


def _lift_crossbow(st: GameState, seat: Seat) -> str | None:
    return "诸葛连弩 crossbow" if card_kind_of(seat.equipment.get("weapon")) == "crossbow" else None


def _lift_paoxiao(st: GameState, seat: Seat) -> str | None:
    return "咆哮 paoxiao" if has_skill(st, seat, "paoxiao") else None


SLASH_LIMIT_LIFTS: list[Callable[[GameState, Seat], str | None]] = [_lift_crossbow, _lift_paoxiao]
"""Functions ``(state, seat) -> reason | None``: a non-None reason lifts the one-杀 limit."""


# --------------------------------------------------------------------------- turn


def _enter(ctx: _Ctx, phase: str) -> None:
    st = ctx.st
    st.phase = phase
    n = st.turn_player()
    s = st.seat(n)
    ne, nz = who(st, n)
    zh_phase = {"start": "准备", "judge": "判定", "draw": "摸牌", "play": "出牌", "discard": "弃牌", "finish": "结束"}[phase]
    ctx.event("phase", f"{ne}: {phase} phase", f"{nz}：{zh_phase}阶段", n, phase=phase)
    if phase == "start":
        sk.call("start", ctx, s)
    elif phase == "judge":
        st.extra["judged"] = []
        _push_next_judge(ctx, s)
    elif phase == "draw":
        if s.flags.pop("skip_draw", False):
            ctx.event("skip", f"{ne} skips the draw phase (兵粮寸断)", f"{nz}跳过摸牌阶段", n)
            _enter(ctx, "play")
            return
        if not sk.first("draw", ctx, s):
            sk.draw_phase(ctx, s)
    elif phase == "play":
        st.counters["slash"] = 0
        if s.flags.pop("skip_play", False):
            ctx.event("skip", f"{ne} skips the play phase (乐不思蜀)", f"{nz}跳过出牌阶段", n)
            _enter(ctx, "discard")
            return
    elif phase == "discard":
        if sk.first("skip_discard", ctx, s):
            ctx.event("skip", f"{ne} skips the discard phase (克己: no 杀 in the play phase)", f"{nz}跳过弃牌阶段（克己）", n)
            _enter(ctx, "finish")
            return
        _push_discard(ctx, s)
    elif phase == "finish":
        sk.call("finish", ctx, s)


def _push_discard(ctx: _Ctx, s: Seat) -> None:
    st = ctx.st
    st.prompts = [p for p in st.prompts if p.kind != "discard"]
    lim = hand_limit(s)
    if s.hand > lim:
        ne, nz = who(st, s.seat)
        k = s.hand - lim
        st.prompts.append(Prompt("discard", s.seat, f"{ne}: discard {k} (hand {s.hand} > hand limit {lim})",
                                 f"{nz}：弃置{k}张牌（手牌{s.hand} > 手牌上限{lim}）", {"limit": lim}))


def _push_next_judge(ctx: _Ctx, s: Seat) -> None:
    judged = ctx.st.extra.setdefault("judged", [])
    for ref in reversed(s.judgement):
        if ref not in judged:
            ne, nz = who(ctx.st, s.seat)
            name = _card_name(ref)
            # any seat may first cancel the delayed trick (rulebook: 无懈可击; RULES_NOTES Judgements)
            ctx.st.prompts.append(Prompt("judge", s.seat,
                                         f"{ne}: flip a judgement card for {name} (judge FACE) — or first "
                                         f"'S 无懈可击' cancels it",
                                         f"{nz}：{name}判定，请翻开判定牌（judge 牌面）——或先用 S 无懈可击 抵消",
                                         {"card": ref}))
            return


def _next_turn(ctx: _Ctx) -> None:
    st = ctx.st
    old = st.turn_seat
    if old is not None:
        o = st.seat(old)
        o.flags.pop("skip_play", None)
        o.flags.pop("skip_draw", None)
    n = st.next_alive(old) if old is not None else st.lord_seat
    if n is None:
        return
    st.extra.pop("ending", None)
    st.turn_seat = n
    if n == st.lord_seat:
        st.round += 1
    st.counters = {}
    st.extra.pop("judged", None)
    tk.clear(st)
    ne, nz = who(st, n)
    ctx.event("turn", f"round {st.round}: {ne}'s turn", f"第{st.round}轮：{nz}的回合", n)
    _enter(ctx, "start")


def _step_phase(ctx: _Ctx) -> None:
    """Leave the current phase for the next one (after finish: the next living seat's turn), doing what
    the new phase does (:func:`_enter`: judgements asked, cards drawn, the discard asked, skills asked)."""
    st = ctx.st
    i = PHASES.index(st.phase)
    if i + 1 < len(PHASES):
        _enter(ctx, PHASES[i + 1])
    else:
        _next_turn(ctx)


def _waiting(st: GameState) -> bool:
    """True while something must be decided before the turn may go on: a question is pending, a card is
    being resolved (the resolution stack), or the game is over."""
    return bool(st.prompts) or bool(st.extra.get("stack")) or st.over


def advance_until_decision(ctx: _Ctx, stop_at: str | None = None) -> list[str]:
    """Carry the current turn on, phase by phase, each phase doing what it does, until a decision is needed.

    Every phase passed through happens exactly as with ``next``: the judge phase asks each delayed trick's
    judgement card, the draw phase adds its cards (突袭 / 裸衣 ask first), a skipped phase is skipped
    (乐不思蜀, 兵粮寸断, 克己), the discard phase asks for the discard down to the hand limit, start- and
    finish-phase skills ask (洛神, 观星, 闭月).  It stops as soon as one of these holds:

    * a question is pending (a judgement card to flip, a skill's question, the discard, a 桃 round…),
      a card is being resolved, or the game is over — the caller answers it and may call again;
    * ``stop_at`` (a phase id, e.g. ``"play"``) or a later phase of this turn has been entered;
    * the turn has passed: the next living seat's turn has started (its start phase entered).

    ``stop_at=None`` carries the turn to its end (the ``end`` verb).  Returns the phases entered, in order
    (``"turn"`` marks the next seat's turn), for the log.  Never raises; mutates ``ctx.st``.
    Source: rulebook 回合流程 (six phases, each in order; RULES_NOTES: Other facts); issue 13 §5.
    """
    st = ctx.st
    seat0 = st.turn_seat
    first_event = len(ctx.ev)
    stop = PHASES.index(stop_at) if stop_at is not None else len(PHASES)
    for _ in range(4 * len(PHASES)):  # a phase never re-enters itself; bound the loop all the same
        if _waiting(st) or st.turn_seat != seat0 or st.phase is None or PHASES.index(st.phase) >= stop:
            break
        _step_phase(ctx)
    return [e.data.get("phase", "turn") for e in ctx.ev[first_event:] if e.kind in ("phase", "turn")]


def _v_next(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    s = st.seat(st.turn_player())
    st.extra.pop("ending", None)  # `next` goes one phase at a time: an earlier `end` no longer carries the turn
    if st.phase == "discard":
        lim = hand_limit(s)
        ctx.check(s.hand <= lim, "discard.limit", f"hand {s.hand} > hand limit {lim}: discard {s.hand - lim} first",
                  f"手牌{s.hand} > 手牌上限{lim}：请先弃置{s.hand - lim}张", SRC_DISCARD)
    _drop_prompts(ctx)
    _step_phase(ctx)


_PHASE_ZH = {"start": "准备", "judge": "判定", "draw": "摸牌", "play": "出牌", "discard": "弃牌", "finish": "结束"}


def _carry_end(ctx: _Ctx) -> None:
    """The ``end`` intent: carry the current turn to its end through :func:`advance_until_decision`; when a
    decision stops it, say what waits (``st.extra["ending"]`` keeps the intent: once it is answered the
    turn goes on by itself, see :func:`apply`)."""
    st = ctx.st
    n = st.turn_seat
    ne, nz = who(st, n)
    first_event = len(ctx.ev)
    passed = advance_until_decision(ctx)
    names = passed[:passed.index("turn")] if "turn" in passed else passed
    via_en = f" (passed through: {', '.join(names)})" if names else ""
    via_zh = f"（经过：{'、'.join(_PHASE_ZH[p] + '阶段' for p in names)}）" if names else ""
    if st.turn_seat != n:
        at = next(i for i in range(first_event, len(ctx.ev)) if ctx.ev[i].kind == "turn")
        ctx.ev.insert(at, Event("end", f"{ne} ends the turn{via_en}", f"{nz}结束回合{via_zh}", n, {"phases": names}))
        return
    if st.over:
        return
    st.extra["ending"] = n
    p = st.prompt
    if p is not None:
        ctx.event("end_wait", f"{ne}'s turn stops at the {st.phase} phase{via_en}: {p.en} — once answered, the turn "
                  "goes on to its end", f"{nz}的回合停在{_PHASE_ZH[st.turn_phase()]}阶段{via_zh}：{p.zh}——回答后回合继续至结束", n)


def _v_end(ctx: _Ctx, a: Action) -> None:
    """Carry the current turn to its end: every remaining phase happens with what it does.

    :func:`advance_until_decision` passes the phases: a delayed trick's judgement still asks for its card,
    the draw phase adds its cards, the discard phase still enforces the hand limit (RULES_NOTES: Other facts
    — hand limit = current HP; refused ``discard.limit`` while that discard is owed), finish-phase skills
    still ask; when such a decision stops it, the log says where and the turn goes on once it is answered.
    The log's ``end`` line names the phases passed through.  ``force end`` ends the turn at once (dropping
    what is pending; the moderator's house rule).  Source: rulebook 回合流程; issue 13 §5, §7.
    """
    st = ctx.st
    n = st.turn_player()
    s = st.seat(n)
    if st.phase == "discard":
        lim = hand_limit(s)
        ctx.check(s.hand <= lim, "discard.limit", f"hand {s.hand} > hand limit {lim}: discard {s.hand - lim} first",
                  f"手牌{s.hand} > 手牌上限{lim}：请先弃置{s.hand - lim}张", SRC_DISCARD)
    if ctx.forced:
        _drop_prompts(ctx)
        s.flags.pop("skip_play", None)  # a skipped phase belongs to this turn only
        s.flags.pop("skip_draw", None)
        ne, nz = who(st, n)
        ctx.event("end", f"{ne} ends the turn (forced: the remaining phases are not played)",
                  f"{nz}结束回合（强制：跳过其余阶段）", n)
        _next_turn(ctx)
        return
    _drop_prompts(ctx)  # only a satisfied discard question can be pending here (_answers)
    _carry_end(ctx)


def _drop_prompts(ctx: _Ctx) -> None:
    tk.clear(ctx.st)
    if ctx.st.prompts:
        for p in ctx.st.prompts:
            ctx.event("dropped", f"dropped question: {p.en}", f"放弃询问：{p.zh}", p.seat)
        ctx.st.prompts = []


def _v_discard(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    if top is not None and top.kind in ("weapon.double_swords", "weapon.axe"):
        eq.weapon_discard(ctx, top, a.seat if a.seat is not None else top.seat, int(a.args["n"]))
        return
    n = a.seat if a.seat is not None else st.turn_seat
    s = _seat(ctx, n)
    k = int(a.args["n"])
    ctx.check(k <= s.hand, "discard.count", f"seat {n} has only {oc.hand_cards(s.hand)}, cannot discard {k}",
              f"{n}号位只有{s.hand}张手牌，不能弃置{k}张", SRC_DISCARD)
    top = st.prompt
    if (st.phase == "discard" and n == st.turn_seat and s.hand <= hand_limit(s)
            and not (top is not None and top.kind == "discard" and top.seat == n)):
        # rulebook 001 弃牌阶段: "每超出一张，需要弃一张手牌" — within the limit nothing is owed.
        ctx.check(False, "discard.none",
                  f"seat {n}: hand {s.hand} ≤ hand limit {hand_limit(s)}: nothing to discard in the discard phase",
                  f"{n}号位手牌{s.hand} ≤ 手牌上限{hand_limit(s)}：弃牌阶段无需弃牌", SRC_DISCARD_PHASE)
    if top is not None and top.kind == "discard" and top.seat == n:
        excess = s.hand - hand_limit(s)
        ctx.check(k <= excess, "discard.excess",
                  f"seat {n} discards down to the hand limit: {excess} card(s) (hand {s.hand} > hand limit "
                  f"{hand_limit(s)}), not {k}",
                  f"{n}号位弃牌至手牌上限：应弃{excess}张（手牌{s.hand} > 上限{hand_limit(s)}），不是{k}张", SRC_DISCARD)
    s.hand = max(0, s.hand - k)
    ne, nz = who(st, n)
    ctx.event("discard", f"{ne} discards {k} (hand {s.hand})", f"{nz}弃置{k}张牌（手牌{s.hand}）", n)
    top = st.prompt
    if top is not None and top.kind == "discard" and top.seat == n:
        st.prompts.pop()
        _push_discard(ctx, s)


def _v_judge(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    face: Face = a.args["face"]
    top = st.prompt
    if top is not None and top.kind == "respond":
        t = st.seat(top.seat)
        if top.data.get("ignore_armor") and card_kind_of(t.equipment.get("armor")) == "eight_diagram":
            ctx.check(False, "judge.none", f"青釭剑 ignores seat {t.seat}'s 八卦阵: no judgement for this 杀",
                      f"青釭剑无视{t.seat}号位的八卦阵：此杀不能判定", eq.SRC_WEAPON)
        ctx.check(eq.armor_works(st, top.data, t) == "eight_diagram" and top.data.get("need", "jink") == "jink"
                  and not top.data.get("bagua"),
                  "judge.none", f"seat {t.seat} has no unused 八卦阵 to judge for", f"{t.seat}号位没有可用的八卦阵", SRC_JUDGE)
        sk.judgement(ctx, {"kind": "bagua", "subject": "eight_diagram", "seat": t.seat}, face)
        return
    if top is None or top.kind != "judge":
        raise Refused("judge.none", "nothing to judge now", "现在没有需要判定的牌", SRC_JUDGE, forceable=False)
    st.prompts.pop()
    ref = top.data["card"]
    st.extra["judged"] = [*st.extra.get("judged", []), ref]
    sk.judgement(ctx, {"kind": "delayed", "subject": card_kind_of(ref), "seat": top.seat, "card": ref}, face)


def finish_judgement(ctx: _Ctx, job: dict, face: Face):
    """The judgement card ``face`` takes effect for ``job`` (after 鬼才); returns the Judgement."""
    j = judgement_result(ctx, job, face)
    judgement_effect(ctx, job, j)
    return j


def judgement_result(ctx: _Ctx, job: dict, face: Face):
    """The result of judgement card ``face`` for ``job`` is determined and logged (no effect yet)."""
    j = resolve_judgement(job["subject"], face)
    ne, nz = who(ctx.st, job["seat"])
    ctx.event("judgement", f"{ne}: {j.en}", f"{nz}：{j.zh}", job["seat"], subject=job["subject"], effect=j.effect)
    return j


def judgement_effect(ctx: _Ctx, job: dict, j):
    """The determined judgement ``j`` takes effect for ``job`` (闪电's damage, 乐不思蜀's skip, a skill's effect)."""
    st = ctx.st
    if job["kind"] == "bagua":
        top = st.prompt
        if top is None or top.kind != "respond" or top.seat != job["seat"]:
            return j
        te, tz = who(st, top.seat)
        if j.effect:
            more = top.data.get("jinks", 1) - 1
            if more > 0:
                st.prompts[-1] = Prompt("respond", top.seat, f"{te}: one more 闪 needed (无双) (jink / take)",
                                        f"{tz}：还需一张闪（无双）（jink / take）", _again(top.data, more))
                ctx.event("jink", f"{te}'s 八卦阵 counts as 闪: one more needed", f"{tz}的八卦阵视为出闪，还需一张", top.seat)
            else:
                st.prompts.pop()
                ctx.event("jink", f"{te}'s 八卦阵 counts as 闪: the {top.data.get('cause', '杀')} misses",
                          f"{tz}的八卦阵视为出闪", top.seat)
                _responded(ctx, top, True)
        else:
            top.data["bagua"] = True
            st.prompts[-1] = sk.drop_bagua_hint(top)
        return j
    if job["kind"] == "skill":
        sk.SKILL_JUDGED[job["skill"]](ctx, job, j)
        return j
    _delayed_effect(ctx, job, j)
    return j


def _delayed_effect(ctx: _Ctx, job: dict, j) -> None:
    st = ctx.st
    s = st.seat(job["seat"])
    ref = job["card"]
    kind = card_kind_of(ref)
    ne, nz = who(st, s.seat)
    if ref in s.judgement:
        s.judgement.remove(ref)
    if kind == "lightning" and not j.effect:
        _lightning_moves(ctx, s, ref)
    else:
        ctx.event("discard_card", f"{_card_name(ref)} leaves {ne}'s judgement area", f"{_card_name(ref)}离开{nz}的判定区", s.seat)
    _push_next_judge(ctx, s)
    if j.effect:
        if kind == "indulgence":
            s.flags["skip_play"] = True
        elif kind == "supply_shortage":
            s.flags["skip_draw"] = True
        elif kind == "lightning":
            oc.deal_damage(st, ctx.ev, s.seat, 3, None, "thunder", "闪电")


def _lightning_moves(ctx: _Ctx, s: Seat, ref: str) -> None:
    """闪电 (already out of ``s``'s area) moves to the next living seat without a 闪电; stays when none."""
    st = ctx.st
    dest = None
    m = s.seat
    for _ in range(len(st.seats)):
        nxt = st.next_alive(m)
        if nxt is None or nxt == s.seat:
            break
        m = nxt
        if not any(card_kind_of(c) == "lightning" for c in st.seat(m).judgement):
            dest = m
            break
    if dest is None:
        s.judgement.append(ref)
        ctx.event("move", "闪电 stays: no other seat can receive it", "闪电留在原处", s.seat)
    else:
        st.seat(dest).judgement.append(ref)
        de, dz = who(st, dest)
        ctx.event("move", f"闪电 moves to {de}", f"闪电移动到{dz}", dest)


def _nullified_judgement(ctx: _Ctx, holder: int, ref: str) -> None:
    """A delayed trick cancelled by 无懈可击 before its judgement: 闪电 moves on, others are discarded;
    then the next delayed trick is asked.  Source: RULES_NOTES Judgements (闪电 cancelled moves on)."""
    st = ctx.st
    s = st.seat(holder)
    st.extra.setdefault("judged", []).append(ref)
    if ref in s.judgement:
        s.judgement.remove(ref)
    ne, nz = who(st, holder)
    ctx.event("nullified", f"{_card_name(ref)} in {ne}'s judgement area is cancelled by 无懈可击",
              f"{nz}判定区的{_card_name(ref)}被无懈可击抵消", holder)
    if card_kind_of(ref) == "lightning":
        _lightning_moves(ctx, s, ref)
    _push_next_judge(ctx, s)


def _responded(ctx: _Ctx, top: Prompt, played: bool) -> None:
    """Hook after a ``respond`` prompt is answered: weapons after a dodge, tricks continue."""
    if played and top.data.get("slash"):
        eq.after_dodge(ctx, top.data, top.seat)
    if top.data.get("frame"):
        tk.responded(ctx, top, played)


# --------------------------------------------------------------------------- cards


def _check_face(ctx: _Ctx, kind, face: Face | None) -> None:
    """A typed face must be a card of that kind in the physical deck (108 cards; 军争 cards with
    variant maneuvering): ``2 闪:♣3`` is refused (forceable) — ♣3 is a 杀 or a 顺手牵羊…

    Raises Refused ``card.face``.  Source: RULES_NOTES: Deck (``cards.standard_deck``)."""
    if face is None:
        return
    mv = "maneuvering" in ctx.st.variants
    faces = faces_of(kind.id, mv)
    if not faces or face in faces:
        return
    deck = standard_deck() + (maneuvering_cards() if mv else ())
    there = list(dict.fromkeys(KINDS[c.kind].zh for c in deck if c.face == face))
    en_is = f" ({face} is {' / '.join(there)})" if there else ""
    zh_is = f"（{face}是{'/'.join(there)}）" if there else ""
    ctx.check(False, "card.face", f"the deck has no {kind.zh} {face}{en_is}: check the card, or force it",
              f"牌堆中没有{face}的{kind.zh}{zh_is}：请核对这张牌，或用 force", "RULES_NOTES: Deck; cards.standard_deck")


def _two_card_colour(ctx: _Ctx, kind, via: str | None, face: Face | None, faces: tuple[Face, ...]) -> str | None:
    """The colour of a 杀 made of two hand cards (丈八蛇矛): each typed face must be a card of the deck
    (any kind: the spear turns any two hand cards into a 杀); two faces of one colour give that colour,
    of different colours no colour (``"none"``: 仁王盾 does not stop it); one face typed gives its colour;
    none typed: None (unknown).  Refused ``card.faces`` when two faces are typed for a one-card use, ``card.face``
    (forceable) for a face the deck does not have.  Source: QS Spear (the view-as card takes the colour of its
    two subcards, colourless when they differ: ``Card::getColor``); FK ``spear_skill``; issue 13 §4."""
    if faces and via != "spear":
        raise Refused("card.faces", f"two faces ({'+'.join(map(str, faces))}) are for two cards used as one "
                      f"(丈八蛇矛: 'S 杀:♥3+♠5 T via spear'); {kind.zh} is one card: write one face",
                      f"两个牌面（{'+'.join(map(str, faces))}）用于两张牌当一张（丈八蛇矛：S 杀:♥3+♠5 T via spear）；"
                      f"{kind.zh}是一张牌：请只写一个牌面", eq.SRC_WEAPON, forceable=False)
    if via != "spear":
        _check_face(ctx, kind, face)  # 'S spear' equipping the spear itself
        return None
    typed = faces or ((face,) if face is not None else ())
    mv = "maneuvering" in ctx.st.variants
    deck = {c.face for c in standard_deck() + (maneuvering_cards() if mv else ())}
    for f in typed:
        ctx.check(f in deck, "card.face", f"the deck has no card {f}: check the card, or force it",
                  f"牌堆中没有{f}：请核对这张牌，或用 force", "RULES_NOTES: Deck; cards.standard_deck")
    colours = {f.color for f in typed}
    if not colours:
        return None
    return colours.pop() if len(colours) == 1 else "none"


def _v_use(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    kind = card_kind(a.args["card"])
    face: Face | None = a.args.get("face")
    faces: tuple[Face, ...] = tuple(a.args.get("faces") or ())
    two_cards = a.args.get("via") == "spear" or kind.id == "spear" or bool(faces)  # checked once converted
    if not a.args.get("vskill") and not a.args.get("using") and not two_cards:
        _check_face(ctx, kind, face)
    targets: list[int] = list(a.args.get("targets") or [])
    top = st.prompt
    n = a.seat
    need = top.data.get("need", "jink") if top is not None and top.kind == "respond" else None
    if n is None and top is not None and (kind.id == need or (need == "slash" and kind.id == "spear") or
                                          (kind.id == "peach" and top.kind == "dying") or
                                          top.kind in ("collateral", "weapon.blade", "weapon.axe")):
        n = top.seat
    if a.args.get("vskill"):
        n = sk.view_as(ctx, a, top)[0]
    if n is None:
        raise Refused("use.seat", f"who uses {kind.zh}? write the seat first, e.g. '2 {kind.id}'",
                      f"谁使用{kind.zh}？请先写座位号", SRC_PLAY, forceable=False)
    s = _seat(ctx, n)
    ne, nz = who(st, n)
    if kind.package == "maneuvering":
        ctx.check("maneuvering" in st.variants, "card.maneuvering",
                  f"{kind.zh} {kind.en} is a 军争 card: switch on variant maneuvering",
                  f"{kind.zh}是军争牌：需开启变体 maneuvering", SRC_MANEUVER)
    for t in targets:
        _seat(ctx, t, "target")
    if top is not None and top.kind.startswith("weapon.") and eq.weapon_use(ctx, s, kind.id, card_ref(kind.id, face), face, a):
        return
    kid, cost, via = eq.convert(ctx, s, kind.id, a.args)  # 丈八蛇矛, "using SLOT"
    if kid != kind.id:
        kind = card_kind(kid)
    colour = _two_card_colour(ctx, kind, via, face, faces) if two_cards else None
    ctx.check(s.hand >= cost, "hand.empty", f"seat {n} has {oc.hand_cards(s.hand)}, {kind.zh} needs {cost}",
              f"{n}号位手牌{s.hand}张，不足{cost}张", "companion: hand count")
    ref = card_ref(kind.id, face)
    # responses
    if kind.id == "slash" and top is not None and top.kind == "collateral":
        victims = tk.collateral_slash(ctx, s, a)
        if victims is not None:
            s.hand = max(0, s.hand - cost)
            ve, vz = who(st, victims[0])
            ctx.event("use", f"{ne} uses 杀 on {ve} (借刀杀人) (hand {s.hand})", f"{nz}对{vz}使用杀（借刀杀人）（手牌{s.hand}）",
                      n, card=ref, targets=victims)
            eq.slash_at(ctx, n, victims, ref, face, via, colour)
            return
    if top is not None and top.kind == "respond" and kind.id == need and top.seat == n:
        s.hand = max(0, s.hand - cost)
        if top.data.get("duel"):
            tk.duel_slash_played(st)  # the 决斗 prompt counts 杀 cards, not rounds (无双: two a round)
        more = top.data.get("jinks", 1) - 1  # 无双: two 闪 for his 杀, two 杀 each time in his 决斗
        if more > 0:
            st.prompts[-1] = Prompt("respond", n, f"{ne}: one more {kind.zh} needed (无双) ({kind.id} / take)",
                                    f"{nz}：还需一张{kind.zh}（无双）（{kind.id} / take）", _again(top.data, more))
            ctx.event("jink" if kind.id == "jink" else "slash_played", f"{ne} plays {kind.zh} (hand {s.hand}): one more needed (无双)",
                      f"{nz}打出{kind.zh}（手牌{s.hand}），还需一张（无双）", n)
            return
        st.prompts.pop()
        cause = top.data.get("cause", "杀")
        if kind.id == "jink":
            ctx.event("jink", f"{ne} plays 闪: the {cause} misses (hand {s.hand})", f"{nz}打出闪，{cause}被抵消（手牌{s.hand}）", n)
        else:
            ctx.event("slash_played", f"{ne} plays 杀 against {cause} (hand {s.hand})", f"{nz}打出杀响应{cause}（手牌{s.hand}）", n)
        _responded(ctx, top, True)
        return
    if kind.id == "peach" and top is not None and top.kind == "dying":
        s.hand = max(0, s.hand - cost)
        oc.dying_peach(st, ctx.ev, n)
        return
    if kind.id == "nullification":
        if tk.nullify(ctx, s, ref):
            # 无懈可击 is an ordinary trick used here: 集智 is asked at once (like after any trick, before the
            # window goes on); the window is asked again once it is answered (tk.settle waits for no prompt).
            # Source: standard_generals.json 黄月英 集智; QS Jizhi triggers on CardUsed, 无懈可击 included.
            sk.call("trick", ctx, n, kind)
            return
        ctx.check(False, "nullification.window",
                  "无懈可击 is played only against a trick about to take effect, and none is waiting now",
                  "无懈可击只能在锦囊即将生效时打出，现在没有待生效的锦囊", "rulebook: 无懈可击; FK standard_cards nullification")
        s.hand = max(0, s.hand - cost)
        ctx.event("use", f"{ne} plays 无懈可击 (hand {s.hand})", f"{nz}打出无懈可击（手牌{s.hand}）", n, card=ref)
        sk.call("trick", ctx, n, kind)
        return
    if kind.id == "jink":
        ctx.check(False, "jink.response", "闪 is only played in answer to a 杀 aimed at you",
                  "闪只能在响应杀时打出", SRC_PLAY)
        s.hand = max(0, s.hand - cost)
        ctx.event("use", f"{ne} plays 闪 (hand {s.hand})", f"{nz}打出闪（手牌{s.hand}）", n, card=ref)
        return
    own_play = st.turn_seat == n and st.phase == "play"
    ctx.check(own_play, "card.phase",
              f"seat {n}: {kind.zh} is used only in your own play phase (now: seat {st.turn_seat}'s {st.phase} phase)",
              f"{n}号位：{kind.zh}只能在自己的出牌阶段使用（现在：{st.turn_seat}号位的{st.phase}阶段）", SRC_PLAY)
    tl = [who(st, t) for t in targets]
    on_en = f" on {', '.join(t[0] for t in tl)}" if tl else ""
    on_zh = f"对{'、'.join(t[1] for t in tl)}" if tl else ""
    if kind.id == "slash":
        most, why = eq.max_slash_targets(st, s, cost)
        if not 1 <= len(targets) <= most or len(set(targets)) != len(targets):
            if most == 1:
                raise Refused("slash.target", f"杀 needs exactly one target seat, e.g. '2 slash 5' (given {len(targets)})",
                              "杀需要一个目标，例如 2 slash 5", SRC_PLAY, forceable=False)
            raise Refused("slash.target", f"杀 takes 1 to {most} different target seats ({why}); given {targets}",
                          f"杀可指定1~{most}个不同目标（方天画戟）", eq.SRC_WEAPON, forceable=False)
        for t in targets:
            ctx.check(t != n, "slash.self", "杀 cannot target yourself", "杀不能以自己为目标", SRC_RANGE, forceable=False)
            _skill_target(ctx, n, t, kind.id)
            rc = in_range(st, n, t)
            ctx.check(rc.ok, "slash.range", rc.en, rc.zh, SRC_RANGE)
            tk.check_target(ctx, "slash", n, t)
            if face is None and colour is None and eq.weapon_of(s) != "qinggang_sword" \
                    and card_kind_of(st.seat(t).equipment.get("armor")) == "nioh_shield":
                te_, tz_ = who(st, t)
                eg = f"{n} 杀:♥3+♠5 {t} via spear" if via == "spear" else f"{n} 杀:♦7 {t}"
                ctx.check(False, "slash.colour",
                          f"{te_} wears 仁王盾 (a black 杀 has no effect): type the 杀's face, e.g. '{eg}' "
                          f"(force: treat it as red)",
                          f"{tz_}装备仁王盾（黑色杀无效）：请写出杀的花色点数，例如 {eg}（force：按红色处理）",
                          eq.SRC_WEAPON)
        used = st.counters.get("slash", 0)
        lifts = [r for f in SLASH_LIMIT_LIFTS if (r := f(st, s))]
        ctx.check(used < 1 or bool(lifts), "slash.limit",
                  f"seat {n} has already used {used} 杀 this play phase (limit 1, no 诸葛连弩 or 咆哮)",
                  f"{n}号位本阶段已使用{used}张杀（上限1）", "RULES_NOTES: Other facts (one 杀 per play phase)")
        st.counters["slash"] = used + 1
        s.hand = max(0, s.hand - cost)
        te = ", ".join(who(st, t)[0] for t in targets)
        tz = "、".join(who(st, t)[1] for t in targets)
        extra = f" ({lifts[0]})" if used >= 1 and lifts else ""
        extra += " (丈八蛇矛: 2 hand cards)" if via == "spear" else ""
        if faces:
            extra += f" ({'+'.join(map(str, faces))}: {'no colour' if colour == 'none' else colour})"
        ctx.event("use", f"{ne} uses 杀 on {te}{extra} (hand {s.hand})", f"{nz}对{tz}使用杀（手牌{s.hand}）", n, card=ref,
                  targets=list(targets), faces=[str(f) for f in faces] or None, colour=colour)
        eq.slash_at(ctx, n, list(targets), ref, face, via, colour)
        for t in targets:
            sk.call("slash", ctx, n, t)
        return
    if kind.id == "peach":
        ctx.check(not targets or targets == [n], "peach.target", "outside dying, 桃 heals only yourself",
                  "非濒死时桃只能对自己使用", SRC_PLAY)
        ctx.check(s.hp < s.max_hp, "peach.full", f"seat {n} is at full HP {s.hp}/{s.max_hp}",
                  f"{n}号位体力已满（{s.hp}/{s.max_hp}）", SRC_PLAY)
        s.hand = max(0, s.hand - cost)
        ctx.event("use", f"{ne} uses 桃 (hand {s.hand})", f"{nz}使用桃（手牌{s.hand}）", n, card=ref)
        oc.heal(st, ctx.ev, n, 1, "桃")
        return
    if kind.type == CardType.EQUIP:
        s.hand = max(0, s.hand - cost)
        _equip(ctx, s, ref)
        return
    if kind.type == CardType.DELAYED_TRICK:
        if kind.id == "lightning":
            ctx.check(not targets or targets == [n], "lightning.target", "闪电 is placed in your own judgement area",
                      "闪电只能置入自己的判定区", "RULES_NOTES: Judgements (闪电)", forceable=False)
            t = n
        else:
            if len(targets) != 1:
                raise Refused("trick.target", f"{kind.zh} needs one target seat", f"{kind.zh}需要一个目标",
                              SRC_PLAY, forceable=False)
            t = targets[0]
            ctx.check(t != n, "trick.self", f"{kind.zh} targets another seat", f"{kind.zh}只能对其他角色使用", SRC_PLAY)
            _skill_target(ctx, n, t, kind.id)
            if kind.distance_limit:
                _distance_limit(ctx, kind, n, t)
            tk.check_target(ctx, kind.id, n, t)
        ts = st.seat(t)
        ctx.check(not any(card_kind_of(c) == kind.id for c in ts.judgement), "judgement.duplicate",
                  f"seat {t} already has {kind.zh} in the judgement area", f"{t}号位判定区已有{kind.zh}", SRC_AREA)
        s.hand = max(0, s.hand - cost)
        ts.judgement.append(ref)
        te, tz = who(st, t)
        ctx.event("use", f"{ne} places {kind.zh} in {te}'s judgement area (hand {s.hand})",
                  f"{nz}将{kind.zh}置入{tz}的判定区（手牌{s.hand}）", n, card=ref, targets=[t])
        return
    for t in targets:
        _skill_target(ctx, n, t, kind.id)
    if kind.id == "collateral" and len(targets) == 2:  # the 杀 it asks for must be legal too (空城)
        _skill_target(ctx, targets[0], targets[1], "slash")
    if kind.id in tk.TRICKS:
        order = tk.start(ctx, n, kind.id, ref, targets)
        s.hand = max(0, s.hand - cost)
        tl = [who(st, t) for t in order]
        ctx.event("use", f"{ne} uses {kind.zh} on {', '.join(t[0] for t in tl)} (hand {s.hand})",
                  f"{nz}对{'、'.join(t[1] for t in tl)}使用{kind.zh}（手牌{s.hand}）", n, card=ref, targets=list(targets) or order)
        sk.call("trick", ctx, n, kind)
        return
    # 酒 (maneuvering): recorded
    if kind.distance_limit and targets:
        for t in targets:
            _distance_limit(ctx, kind, n, t)
    s.hand = max(0, s.hand - cost)
    ctx.event("use", f"{ne} uses {kind.zh}{on_en} (hand {s.hand})", f"{nz}{on_zh}使用{kind.zh}（手牌{s.hand}）",
              n, card=ref, targets=targets)
    sk.call("trick", ctx, n, kind)


def _skill_target(ctx: _Ctx, n: int, t: int, kind: str) -> None:
    r = sk.target_refusal(ctx.st, n, t, kind)
    ctx.check(r is None, "skill.target", r[0] if r else "", r[1] if r else "", sk.SRC_SKILL)


def _distance_limit(ctx: _Ctx, kind, n: int, t: int) -> None:
    st = ctx.st
    if t == n or has_skill(st, st.seat(n), "qicai"):
        return
    d = distance(st, n, t)
    how = f" ({d.explain()})" if d.parts else ""
    ctx.check(d.value <= kind.distance_limit, "trick.distance",
              f"seat {n} → seat {t}: distance {d.value}{how} > {kind.distance_limit} ({kind.zh})",
              f"{n}号位 → {t}号位：距离{d.value} > {kind.distance_limit}（{kind.zh}）", SRC_RANGE)


def _equip(ctx: _Ctx, s: Seat, ref: str) -> None:
    st = ctx.st
    kind = KINDS[card_kind_of(ref)]
    slot = str(kind.slot)
    old = s.equipment.get(slot)
    s.equipment[slot] = ref
    ne, nz = who(st, s.seat)
    if old:
        ctx.event("equip", f"{ne} equips {_card_name(ref)} ({slot}), replacing {_card_name(old)} (discarded)",
                  f"{nz}装备{_card_name(ref)}，替换并弃置{_card_name(old)}", s.seat, card=ref, replaced=old)
    else:
        ctx.event("equip", f"{ne} equips {_card_name(ref)} ({slot})", f"{nz}装备{_card_name(ref)}", s.seat, card=ref)


def _v_take(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    if a.args.get("all") and top is not None and top.kind == "dying":
        oc.dying_nobody(st, ctx.ev)  # "nobody has 桃": the rescue round closes, the dying seat dies
        return
    if a.args.get("all") and top is None:
        raise Refused("prompt.none", "no question is pending: nothing to pass now (pass all closes a 无懈可击 window "
                      "or a 桃 round)", "现在没有待回答的询问：pass all 只用于无懈可击询问或濒死求桃", SRC_NO_PROMPT,
                      forceable=False)
    if a.args.get("all") and (top is None or top.kind != "nullify"):
        # `pass all` closes a 无懈可击 window (or a rescue round) for everyone; anywhere else it would cost a
        # seat HP or a choice
        asked = f" — {top.en}" if top is not None else ""
        raise Refused("pass.all", f"pass all only closes a 无懈可击 window or a 桃 round{asked}",
                      "pass all 只用于无懈可击询问或濒死求桃" + (f"：{top.zh}" if top is not None else ""), SRC_PROMPT,
                      forceable=False)
    if top is not None and top.kind in eq.WEAPON_PROMPTS:
        eq.weapon_pass(ctx, top)
        return
    if top is not None and top.kind in tk.PROMPT_KINDS:
        if not tk.v_pass(ctx, a):
            raise Refused("prompt.answer", f"answer with pick — {top.en}", f"请用 pick 回答：{top.zh}", SRC_PROMPT,
                          forceable=False)
        return
    if top is not None and top.kind == "dying":
        if a.seat is not None and a.seat != top.seat:
            raise Refused("prompt.seat", f"seat {top.seat} is being asked for 桃, not seat {a.seat}",
                          f"正在询问{top.seat}号位是否出桃", SRC_PROMPT, forceable=False)
        oc.dying_pass(st, ctx.ev)
        return
    if top is None or top.kind != "respond":
        raise Refused("prompt.none", "no question is pending: nothing to take or pass now", "现在没有待回答的询问，无需响应",
                      SRC_NO_PROMPT, forceable=False)
    if a.seat is not None and a.seat != top.seat:
        raise Refused("prompt.seat", f"seat {top.seat} must answer, not seat {a.seat}", f"应由{top.seat}号位响应",
                      SRC_PROMPT, forceable=False)
    st.prompts.pop()
    src = top.data.get("source")
    if top.data.get("slash"):
        eq.slash_hit(ctx, top.data, top.seat)
    else:
        oc.deal_damage(st, ctx.ev, top.seat, 1, src if src is not None and st.seat(src).alive else None, "normal",
                       top.data.get("cause", "杀"))
    _responded(ctx, top, False)


def _v_reveal(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    role = a.args["role"]
    if top is None or top.kind != "reveal":
        raise Refused("prompt.none", "no role card to turn up now: no seat has just died", "现在不需要亮身份",
                      SRC_NO_PROMPT, forceable=False)
    victim = top.data["victim"]
    if a.seat is not None and a.seat != victim:
        raise Refused("prompt.seat", f"seat {victim}'s role is being asked, not seat {a.seat}'s",
                      f"正在亮{victim}号位的身份", SRC_PROMPT, forceable=False)
    _check_role(ctx, victim, role)
    s = st.seat(victim)
    s.role, s.role_public = role, True
    st.prompts.pop()
    oc.finish_death(st, ctx.ev, victim, top.data.get("source"), discard=False)


def _check_role(ctx: _Ctx, n: int, role: str) -> None:
    st = ctx.st
    if role not in ROLES:
        raise Refused("role.unknown", f"unknown role {role!r}: one of {', '.join(ROLES)}", f"未知身份{role}",
                      SRC_SETUP, forceable=False)
    ctx.check(role != "lord", "role.lord", "the lord is set with 'lord S'", "主公用 lord 命令设置", SRC_SETUP, forceable=False)
    table = role_table(st.players, st.variants)
    left = oc.remaining_roles(st, exclude=n)
    # Not forceable: the role deck of this table (variants included) has no such card, so forcing would record a
    # card that cannot exist; a wrong earlier entry is corrected with `role S ROLE` for that seat instead.
    ctx.check(left[role] > 0, "role.count",
              f"no {role} card left: {st.players} players have {table[role]} {role} card(s), {table[role] - left[role]} already known"
              f" (if an earlier role was recorded wrong, correct it with 'role S ROLE')",
              f"{st.players}人局共{table[role]}张{oc.ROLE_ZH[role]}，已知{table[role] - left[role]}张"
              f"（若之前记录的身份有误，请用 role 座位 身份 更正）", SRC_SETUP, forceable=False)


# --------------------------------------------------------------------------- setup


def _v_players(ctx: _Ctx, a: Action) -> None:
    k = int(a.args["n"])
    ctx.check(MIN_PLAYERS <= k <= MAX_PLAYERS, "setup.players", f"{k} players: the companion supports {MIN_PLAYERS}..{MAX_PLAYERS}",
              f"{k}人：支持{MIN_PLAYERS}~{MAX_PLAYERS}人", SRC_SETUP, forceable=False)
    st = ctx.st
    old = {s.seat: s for s in st.seats}
    # seats beyond the new count lose what was typed for them: say so (names, generals, roles)
    lost_en, lost_zh = [], []
    for s in st.seats:
        if s.seat <= k:
            continue
        en, zh = [], []
        if s.name:
            en.append(f"name {s.name}")
            zh.append(f"名字{s.name}")
        g = GENERALS.get(s.general or "")
        if s.general:
            en.append(f"general {g.en if g else s.general}")
            zh.append(f"武将{g.zh if g else s.general}")
        if s.role == "lord":
            en.append("the lord")
            zh.append("主公")
        elif s.role is not None:
            en.append("a dealt role")  # never name a hidden role on the shared log
            zh.append("已发身份")
        if s.seat in st.offers:
            en.append("general offer")
            zh.append("候选武将")
        if en:
            lost_en.append(f"seat {s.seat} ({', '.join(en)})")
            lost_zh.append(f"{s.seat}号位（{'、'.join(zh)}）")
    st.players = k
    st.seats = [old[i].clone() if i in old else Seat(i) for i in range(1, k + 1)]
    st.offers = {s: v for s, v in st.offers.items() if s <= k}
    ctx.event("setup", f"table of {k} players", f"{k}人局")
    if lost_en:
        ctx.event("notice", f"removed seats dropped: {'; '.join(lost_en)}", f"移除的座位已删除：{'；'.join(lost_zh)}")


def _v_name(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat, alive=False)
    text = " ".join(str(a.args["text"]).split())
    ctx.check(0 < len(text) <= NAME_MAX, "name.length", f"a player name has 1..{NAME_MAX} characters, not {len(text)}",
              f"玩家名为1..{NAME_MAX}个字符，不是{len(text)}个", SRC_SEATS, forceable=False)
    s.name = text
    ctx.event("name", f"seat {s.seat} is {s.name}", f"{s.seat}号位：{s.name}", s.seat)


def _v_lord(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    for o in ctx.st.seats:
        if o.role == "lord":
            o.role, o.role_public = None, False
    s.role, s.role_public = "lord", True
    ctx.event("lord", f"seat {s.seat} is the lord", f"{s.seat}号位是主公", s.seat)


def _v_swap(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    x, y = int(a.args["a"]), int(a.args["b"])
    _seat(ctx, x), _seat(ctx, y)
    st.seats[x - 1], st.seats[y - 1] = st.seats[y - 1], st.seats[x - 1]
    st.seats[x - 1].seat, st.seats[y - 1].seat = x, y
    ox, oy = st.offers.pop(x, None), st.offers.pop(y, None)
    if ox is not None:
        st.offers[y] = ox
    if oy is not None:
        st.offers[x] = oy
    ctx.event("swap", f"seats {x} and {y} swapped", f"{x}号位与{y}号位交换", None)


def _v_general(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    try:
        g = find_general(a.args["general"])
    except UnknownGeneralError as e:
        raise Refused("general.unknown", e.en, e.zh, "generals.toml", forceable=False) from None
    for o in ctx.st.seats:
        ctx.check(o.seat == s.seat or o.general != g.id, "general.taken", f"{g.zh} {g.en} is already at seat {o.seat}",
                  f"{g.zh}已在{o.seat}号位", "rulebook: 选将")
    offer = ctx.st.offers.get(s.seat)
    ctx.check(not offer or g.id in offer, "general.offer", f"{g.zh} was not offered to seat {s.seat} (offered: {', '.join(offer or [])})",
              f"{g.zh}不在{s.seat}号位的候选武将中", "rulebook: 选将")
    s.general = g.id
    ctx.event("general", f"seat {s.seat} plays {g.en} ({g.zh})", f"{s.seat}号位选择{g.zh}", s.seat)


def _v_role(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    if st.started and top is not None and top.kind == "reveal" and a.seat == top.data["victim"]:
        _v_reveal(ctx, Action("reveal", a.seat, {"role": a.args["role"]}, a.forced))
        return
    s = _seat(ctx, a.seat, alive=False)
    if st.over:
        _record_role(ctx, s, a.args["role"])
        return
    if st.started:
        ctx.check(False, "role.hidden", f"seat {s.seat}'s role is hidden until death", f"{s.seat}号位的身份在阵亡前保密", SRC_SETUP)
    if st.players and s.role == "lord" and not st.started:
        raise Refused("role.lord", "this seat is the lord; set another seat with 'lord S' first", "该座位是主公",
                      SRC_SETUP, forceable=False)
    _check_role(ctx, s.seat, a.args["role"])
    s.role, s.role_public = a.args["role"], False
    ctx.event("role", f"seat {s.seat}'s role is dealt (hidden)", f"{s.seat}号位的身份已发（保密）", s.seat)


def _record_role(ctx: _Ctx, s: Seat, role: str) -> None:
    """After the game: the role cards are turned up (rulebook 001 游戏结束; RULES_NOTES: Win conditions) and
    ``role S ROLE`` records a role the companion never learned (``role.known`` when it did)."""
    if s.role is not None:
        # the refusal names the role only when it is public (a survivor's role stays hidden until revealed)
        shown = s.public_role
        raise Refused("role.known",
                      f"seat {s.seat}'s role is already recorded" + (f": {shown}" if shown else
                                                                     " (hidden: F5 shows the roles)"),
                      f"{s.seat}号位的身份已记录" + (f"：{oc.ROLE_ZH.get(shown, shown)}" if shown else
                                                 "（保密：按 F5 显示身份）"), SRC_SETUP, forceable=False)
    _check_role(ctx, s.seat, role)
    s.role, s.role_public = role, True
    se, sz = who(ctx.st, s.seat)
    left = oc.unrecorded(ctx.st)
    more_en = f"; still unrecorded: {oc.seats_en(left)}" if left else ""
    more_zh = f"；尚未记录：{'、'.join(map(str, left))}号位" if left else ""
    ctx.event("role", f"{se} — role: {role}{more_en}", f"{sz}——身份：{oc.ROLE_ZH[role]}{more_zh}", s.seat, role=role)


def _v_offer(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    gens = []
    for name in a.args["generals"]:
        try:
            gens.append(find_general(name))
        except UnknownGeneralError as e:
            raise Refused("general.unknown", e.en, e.zh, "generals.toml", forceable=False) from None
    ids = [g.id for g in gens]
    ctx.st.offers[s.seat] = ids
    # zh lists the Chinese names (曹操、刘备…), en the ids that `general S ID` takes.
    ctx.event("offer", f"seat {s.seat} is offered {', '.join(ids)}",
              f"{s.seat}号位候选武将：{'、'.join(g.zh for g in gens)}", s.seat)


def _v_variant(ctx: _Ctx, a: Action) -> None:
    name, on = a.args["name"], a.args.get("on", True)
    if name not in VARIANTS:
        raise Refused("variant.unknown", f"unknown variant {name!r}; known: {', '.join(VARIANTS)}", f"未知变体{name}",
                      "docs/rules.md", forceable=False)
    (ctx.st.variants.add if on else ctx.st.variants.discard)(name)
    ctx.event("variant", f"variant {name} {'on' if on else 'off'}", f"变体{name}{'开启' if on else '关闭'}")


def _v_start(ctx: _Ctx, a: Action) -> None:
    st = ctx.st
    ctx.check(st.players >= MIN_PLAYERS, "setup.players", "set the number of players first ('players N')",
              "请先设置人数（players N）", SRC_SETUP, forceable=False)
    lord = st.lord_seat
    if lord is None:
        raise Refused("setup.lord", "name the lord first ('lord S')", "请先指定主公（lord S）", SRC_SETUP, forceable=False)
    if "no_generals" not in st.variants:
        missing = [s.seat for s in st.seats if s.general is None]
        ctx.check(not missing, "setup.generals", f"seats without a general: {', '.join(map(str, missing))}",
                  f"未选武将的座位：{'、'.join(map(str, missing))}", SRC_SETUP)
    table = role_table(st.players, st.variants)
    for s in st.seats:
        s.max_hp = max_hp(s.general, s.role == "lord", st.players, st.variants)
        s.hp = s.max_hp
        s.hand = 4
    st.started, st.round, st.turn_seat = True, 1, lord
    st.counters = {}
    le, lz = who(st, lord)
    roles = "/".join(str(table[r]) for r in ROLES)
    ctx.event("start", f"the game starts: {st.players} players, roles {roles} (lord/loyalist/rebel/renegade); "
              f"{le} is the lord with {st.seat(lord).max_hp} HP", f"游戏开始：{st.players}人，{lz}为主公，体力{st.seat(lord).max_hp}")
    ctx.event("turn", f"round 1: {le}'s turn", f"第1轮：{lz}的回合", lord)
    _enter(ctx, "start")


# --------------------------------------------------------------------------- corrections


def _v_damage(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    src = a.args.get("source")
    if src is not None:
        _seat(ctx, src, alive=False)
    oc.deal_damage(ctx.st, ctx.ev, s.seat, int(a.args["n"]), src, a.args.get("nature", "normal"))


def _v_heal(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    oc.heal(ctx.st, ctx.ev, s.seat, int(a.args["n"]))
    top = ctx.st.prompt
    if top is not None and top.kind == "dying" and top.data["victim"] == s.seat and s.hp >= 1:
        ctx.st.prompts.pop()
        oc.rescued(ctx.st, ctx.ev, s.seat)


def _v_lose(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    oc.lose_hp(ctx.st, ctx.ev, s.seat, int(a.args["n"]))


def _v_draw(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    k = int(a.args["n"])
    ctx.check(0 < k and s.hand + k <= DECK_SIZE, "hand.count",
              f"seat {s.seat} cannot draw {k}: a hand holds 0..{DECK_SIZE} cards (now {s.hand})",
              f"{s.seat}号位不能摸{k}张：手牌数只能是0..{DECK_SIZE}（现有{s.hand}）", "RULES_NOTES: Deck (108 cards)",
              forceable=False)
    s.hand += k
    ne, nz = who(ctx.st, s.seat)
    ctx.event("draw", f"{ne} draws {a.args['n']} (hand {s.hand})", f"{nz}摸{a.args['n']}张牌（手牌{s.hand}）", s.seat)


def _v_give(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    t = _seat(ctx, a.args["to"])
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


def _v_hand(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(0 <= n <= DECK_SIZE, "hand.count", f"a hand holds 0..{DECK_SIZE} cards, not {n}",
              f"手牌数只能是0..{DECK_SIZE}，不是{n}", "RULES_NOTES: Deck (108 cards)", forceable=False)
    s.hand = n
    ne, nz = who(ctx.st, s.seat)
    ctx.event("hand", f"{ne}: hand set to {s.hand}", f"{nz}手牌数设为{s.hand}", s.seat)
    _maybe_discard_prompt(ctx, s)


def _maybe_discard_prompt(ctx: _Ctx, s: Seat) -> None:
    st = ctx.st
    if st.turn_seat == s.seat and st.phase == "discard" and (st.prompt is None or st.prompt.kind == "discard"):
        _push_discard(ctx, s)


def _v_maxhp(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    n = int(a.args["n"])
    ctx.check(1 <= n <= 10, "maxhp.range", f"max HP is 1..10, not {n}", f"体力上限只能是1..10，不是{n}",
              "rulebook: 体力牌 (standard generals have 3–4, the lord +1)", forceable=False)
    s.max_hp = n
    s.hp = min(s.hp, s.max_hp)
    ne, nz = who(ctx.st, s.seat)
    ctx.event("maxhp", f"{ne}: max HP {s.max_hp} (HP {s.hp})", f"{nz}体力上限{s.max_hp}", s.seat)
    if s.hp <= 0:
        oc.start_dying(ctx.st, ctx.ev, s.seat, None)


def _v_equip(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.EQUIP:
        raise Refused("equip.slot", f"{kind.zh} {kind.en} is not equipment", f"{kind.zh}不是装备牌",
                      "cards.toml", forceable=False)
    _check_face(ctx, kind, a.args.get("face"))
    _equip(ctx, s, card_ref(kind.id, a.args.get("face")))


def _v_unequip(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
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
                      f"{s.seat}号位的{tk.SLOT_ZH.get(slot, slot)}栏没有装备",
                      "companion", forceable=False)
    s.equipment[slot] = None
    ne, nz = who(ctx.st, s.seat)
    ctx.event("unequip", f"{ne} loses {_card_name(old) if old else 'nothing'} ({slot})",
              f"{nz}失去{_card_name(old)}（{tk.SLOT_ZH.get(slot, slot)}）", s.seat)


def _v_place(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    kind = card_kind(a.args["card"])
    if kind.type != CardType.DELAYED_TRICK:
        raise Refused("place.kind", f"{kind.zh} is not a delayed trick", f"{kind.zh}不是延时锦囊", SRC_AREA, forceable=False)
    ctx.check(not any(card_kind_of(c) == kind.id for c in s.judgement), "judgement.duplicate",
              f"seat {s.seat} already has {kind.zh} in the judgement area", f"{s.seat}号位判定区已有{kind.zh}", SRC_AREA)
    s.judgement.append(card_ref(kind.id, a.args.get("face")))
    ne, nz = who(ctx.st, s.seat)
    ctx.event("place", f"{kind.zh} placed in {ne}'s judgement area", f"{kind.zh}置入{nz}的判定区", s.seat)


def _v_remove(ctx: _Ctx, a: Action) -> None:
    s = _seat(ctx, a.seat)
    kind = card_kind(a.args["card"])
    hit = [c for c in s.judgement if card_kind_of(c) == kind.id]
    if not hit:
        raise Refused("place.missing", f"seat {s.seat} has no {kind.zh} in the judgement area",
                      f"{s.seat}号位判定区没有{kind.zh}", SRC_AREA, forceable=False)
    s.judgement.remove(hit[-1])
    ne, nz = who(ctx.st, s.seat)
    ctx.event("remove", f"{kind.zh} removed from {ne}'s judgement area", f"{kind.zh}移出{nz}的判定区", s.seat)


HANDLERS: dict[str, Callable[[_Ctx, Action], None]] = {
    "players": _v_players, "name": _v_name, "lord": _v_lord, "swap": _v_swap, "general": _v_general,
    "role": _v_role, "offer": _v_offer, "variant": _v_variant, "start": _v_start,
    "next": _v_next, "end": _v_end, "discard": _v_discard, "judge": _v_judge, "use": _v_use,
    "take": _v_take, "pass": _v_take, "reveal": _v_reveal,
    "damage": _v_damage, "heal": _v_heal, "lose": _v_lose, "draw": _v_draw, "give": _v_give, "hand": _v_hand,
    "maxhp": _v_maxhp, "equip": _v_equip, "unequip": _v_unequip, "place": _v_place, "remove": _v_remove,
    "skill": sk.verb, "yes": lambda ctx, a: _v_yes_no(ctx, a), "no": lambda ctx, a: _v_yes_no(ctx, a),
    "pick": tk.v_pick,
}
"""Verb → handler (the engine's verbs; :mod:`companion.script` maps text to them)."""


def _v_yes_no(ctx: _Ctx, a: Action) -> None:
    raise Refused("prompt.none", f"no question is pending: nothing to answer '{a.verb}' to",
                  f"现在没有待回答的询问：{a.verb}无从回答", SRC_NO_PROMPT,
                  forceable=False)


def _answers(p: Prompt, a: Action) -> bool:
    v = a.verb
    if sk.answers(p, a):
        return True
    if p.kind in tk.PROMPT_KINDS:
        return tk.answers(p, a)
    if p.kind in eq.WEAPON_PROMPTS:
        return eq.answers(p, a)
    if p.kind == "respond":
        if v == "use":
            cid = card_kind(a.args["card"]).id
            need = p.data.get("need", "jink")
            as_need = cid == need or (need == "slash" and (cid == "spear" or a.args.get("via") == "spear"))
            return cid == "nullification" or (as_need and a.seat in (None, p.seat))
        return v in ("take", "pass", "judge")
    if p.kind == "dying":
        return v == "pass" or v == "take" or (v == "use" and card_kind(a.args["card"]).id in ("peach", "nullification"))
    if p.kind == "judge":
        return v == "judge" or (v == "use" and card_kind(a.args["card"]).id == "nullification")
    if p.kind == "discard":
        return v in ("discard", "next", "end", "hand")
    if p.kind == "reveal":
        return v in ("reveal", "role")
    return False


def apply(state: GameState, action: Action) -> Applied:
    """Apply ``action`` to a clone of ``state``; returns :class:`Applied` (new state, events).

    Raises :class:`Refused` for an illegal action (forceable refusals pass when
    ``action.forced``; the event log then says what was forced).
    """
    handler = HANDLERS.get(action.verb)
    if handler is None:
        raise Refused("verb.unknown", f"unknown action {action.verb!r}", f"未知操作{action.verb}", "docs/commands.md", forceable=False)
    st = state.clone()
    ctx = _Ctx(st, action.forced)
    v = action.verb
    if v in SETUP_VERBS and v != "name" and st.started and not (v == "role" and (st.over or (st.prompt and st.prompt.kind == "reveal"))):
        raise Refused("setup.started", f"'{v}' is a setup command: the game has started", f"游戏已开始，不能再执行{v}",
                      SRC_SETUP, forceable=False)
    if v not in SETUP_VERBS and not st.started:
        raise Refused("game.not_started", "the game has not started: finish setup and type 'start' first",
                      "游戏尚未开始：请先完成设置并输入 start", SRC_SETUP, forceable=False)
    if st.over and v not in CORRECTIONS and v != "role":
        raise Refused("game.over", f"game over: {st.win_reason}", f"游戏已结束：{st.extra.get('win_reason_zh') or st.win_reason}",
                      oc.SRC_WIN, forceable=False)
    p = st.prompt
    if p is not None and p.kind == "nullify" and v not in CORRECTIONS and not _answers(p, action):
        tk.implicit_close(ctx)  # "nobody?": answering the step behind an untouched window closes it
        p = st.prompt
    if p is not None and p.kind == "respond" and v == "use" and action.seat not in (None, p.seat) \
            and not action.args.get("targets") and not action.args.get("vskill") and not _answers(p, action):
        cid = card_kind(action.args["card"]).id
        need = p.data.get("need", "jink")
        if cid == need or (need == "slash" and cid == "spear"):  # the answer card from the wrong seat (as `S take`)
            raise Refused("prompt.seat", f"seat {p.seat} must answer, not seat {action.seat}", f"应由{p.seat}号位响应",
                          SRC_PROMPT, forceable=False)
    if p is not None and v not in CORRECTIONS and not _answers(p, action):
        # a forced card or skill would be resolved against the open question: only the turn verbs force past it
        ctx.check(False, "prompt.pending", f"waiting for an answer first — {p.en}", f"请先回答：{p.zh}", SRC_PROMPT,
                  forceable=v in ("next", "end"))
    if p is not None and p.kind == "skill" and sk.answers(p, action):
        sk.answer(ctx, p, action)
    else:
        handler(ctx, action)
    tk.settle(ctx)
    if v == "use" and st.turn_seat is not None and st.phase == "play" and \
            card_kind(action.args["card"]).id in ("slash", "spear") and \
            (action.seat if action.seat is not None else (p.seat if p else None)) == st.turn_seat:
        st.counters["keji"] = 1
    if st.started:
        for _sid, hook in sk.HOOKS.get("after", ()):
            hook(ctx, state)
    if action.forced and st.started and not st.over:
        _dying_comes_back(ctx)
    if st.started and not st.over and st.turn_seat is not None:
        _turn_goes_on(ctx)
    return Applied(st, ctx.ev)


def _dying_comes_back(ctx: _Ctx) -> None:
    """A forced line may break a rule, never the state's consistency: a living seat at HP ≤ 0 is dying
    (rulebook 001 濒死: "当角色的体力降至0或更低时，进入濒死状态"), so when a forced line dropped its 桃
    question (``force next`` while dying) the question is asked again."""
    st = ctx.st
    asked = {p.data.get("victim") for p in st.prompts if p.kind in ("dying", "reveal")}
    for s in st.seats:
        if s.alive and s.hp <= 0 and s.seat not in asked:
            ctx.event("dying_again", f"seat {s.seat} is still at HP {s.hp}: the 桃 question is asked again",
                      f"{s.seat}号位体力仍为{s.hp}：再次求桃", s.seat)
            oc.start_dying(st, ctx.ev, s.seat, None)


def _turn_goes_on(ctx: _Ctx) -> None:
    """After every action: a turn whose player has died passes once the card being resolved is done; a
    turn that ``end`` carries goes on once the question that stopped it is answered.

    A current player who dies in the middle of a card (his 南蛮入侵 and a 刚烈 judgement, a 决斗, …) does
    not stop it: the card is resolved to its end first (every remaining target is still asked; the damage
    then has no source, so no 反馈 against him and no kill reward — ``_v_take`` / ``eq.slash_hit`` /
    ``outcome.finish_death`` check the source is alive), and only then the turn passes.
    Source: QSanguosha-v2 (``RoomThread`` finishes the card's ``CardEffect`` loop; the turn ends at
    ``TurnBroken`` afterwards), FreeKill (``GameEvent.UseCard`` runs every target before ``TurnEnd``);
    issue 13 §6."""
    st = ctx.st
    if not st.seat(st.turn_player()).alive:
        if _waiting(st):
            return
        de, dz = who(st, st.turn_seat)
        ctx.event("end", f"{de} died in their own turn: the turn ends", f"{dz}在自己的回合阵亡，回合结束", st.turn_seat)
        _next_turn(ctx)
        return
    if st.extra.get("ending") is not None:
        if st.extra["ending"] != st.turn_seat:
            st.extra.pop("ending")
        elif not _waiting(st):
            _carry_end(ctx)
