"""The shared steps every card and skill uses: the turn and its phases, judgements, the resolution stack,
the moments skills hook into, and the action context.  Nothing here imports :mod:`companion.rules.cards`
or :mod:`companion.rules.skills`: they register what they add (:data:`HOOKS`, :data:`JUDGED`,
:data:`RESPONDED`, :data:`REPLACE_JUDGEMENT`) when they are imported.

Sources: rulebook 回合流程 (six phases, each in order; RULES_NOTES: Other facts), RULES_NOTES: Judgements;
damage, dying and death are :mod:`companion.rules.outcome`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from . import outcome as oc
from .deck import Face
from .errors import Event, Refused
from .judgement import Judgement, resolve_judgement
from .messages import Message, Words, en_zh, name, say, text
from .outcome import who
from .prompts import DiscardData, JudgeData, JudgementJob, RespondData
from .state import PHASES, Frame, GameState, Prompt, RespondPrompt, Seat
from .vocab import PromptKind, Rule

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_DISCARD: Final = PromptKind.DISCARD
_SKILL_TARGET: Final = Rule.SKILL_TARGET  # skill_target: every 杀 and trick target

SRC_DISCARD = "RULES_NOTES: Other facts (hand limit = current HP)"
SRC_DISCARD_PHASE = "rulebook 001: 弃牌阶段 (discard down to the hand limit = current HP)"
SRC_SEATS = "companion: seats are numbered 1..N in the order of play"


@dataclass(frozen=True, slots=True)
class Action:
    """One command: ``verb``, acting ``seat`` (or None), ``args`` per verb (the verb's ``TypedDict`` of
    :data:`companion.rules.actions.ARGS`: ``{"n": 2}`` for ``draw 3 2``), ``forced``, the source ``text``."""

    verb: str
    seat: int | None = None
    args: dict[str, Any] = field(default_factory=dict)
    forced: bool = False
    text: str = ""


@dataclass(slots=True)
class Applied:
    """Result of :func:`apply`: the new state and what happened."""

    state: GameState
    events: list[Event]


HAND_RULES = frozenset({Rule.HAND_EMPTY, Rule.HAND_COUNT, Rule.DISCARD_LIMIT, Rule.SPEAR_HAND, Rule.DISCARD_NONE,
                        Rule.DISCARD_EXCESS, Rule.DISCARD_COUNT})
"""Refusals that read a hand count: not checked in light mode (``track hands off``: the variant
``untracked_hands``; the companion does not know the hands, the players do — issue 16 §5)."""


class Ctx:
    __slots__ = ("st", "ev", "forced")

    def __init__(self, st: GameState, forced: bool) -> None:
        self.st, self.forced = st, forced
        self.ev: list[Event] = []

    def check(self, ok: bool, rule: str, en: str | None = None, zh: str = "", source: str = "", forceable: bool = True,
              *, msg: str | None = None, **params: Any) -> None:
        """Refuse (``Refused(rule, source=…, msg=…, **params)``) unless ``ok``; a forced action logs the refusal
        it went past instead."""
        if ok or (rule in HAND_RULES and not self.st.hands_tracked):
            return
        r = Refused(rule, en, zh, source, forceable=forceable, msg=msg, **params)
        if self.forced and forceable:
            self.ev.append(Event("forced", say("forced", rule=rule, why=r.text), data={"rule": rule}))
            return
        raise r

    def event(self, kind: str, en: str | Message, zh: str = "", seat: int | None = None, **data: Any) -> None:
        """Log an :class:`Event` of ``kind`` for ``seat`` with ``data`` (the numbers the UI reads)."""
        self.ev.append(Event(kind, en, zh, seat, data))


# --------------------------------------------------------------------------- helpers


def card_ref(kind: str, face: Face | None) -> str:
    """Card id stored in areas: ``"slash-spade-7"`` with a face, else the kind id."""
    return f"{kind}-{face.suit}-{face.rank}" if face is not None else kind


card_name = oc.card_words  # 赤兔♥5: the one card naming of every log line


def phase_name(phase: str | None) -> Message | str:
    """The word for a phase id (``"play"``: ``play`` / ``出牌``, the ``[name] "phase.*"`` entry) as a value that
    renders in the language of the text around it; ``""`` when no turn has begun (``None``)."""
    return name("phase", phase) if phase else ""


def again_data(data: RespondData, more: int) -> RespondData:
    """The data of a 无双 "one more" question: ``jinks`` left, and the hints (八卦阵 ``judge FACE``, 护驾 / 激将)
    are added again by skills' ``_hints`` — each 闪 asked may be judged by an unused 八卦阵 (RULES_NOTES: Judgements)."""
    return replace(data, jinks=more, hinted=None)


def hand_limit(seat: Seat) -> int:
    """Hand limit = current HP (never below 0).  Source: RULES_NOTES Other facts."""
    return max(seat.hp, 0)


def seat_at(ctx: Ctx, n: int | None, what: str = "seat", alive: bool = True) -> Seat:
    """Seat ``n`` of the table (``what`` names it in the refusal).  Raises Refused ``seat.unknown`` when the table
    has no such seat, ``seat.dead`` when ``alive`` and it is dead."""
    st = ctx.st
    if n is None or not 1 <= n <= len(st.seats):
        raise Refused(Rule.SEAT_UNKNOWN, source=SRC_SEATS, forceable=False, msg="table_has_seats", n=n,
                      n_seats=len(st.seats), what=what)
    s = st.seat(n)
    if alive and not s.alive:
        raise Refused(Rule.SEAT_DEAD, source="RULES_NOTES: Death", forceable=False, n=n)
    return s



# --------------------------------------------------------------------------- moments (hooks)

HOOKS: dict[str, list[tuple[str, Callable[..., Any]]]] = {}
"""Moment → ``[(skill id, hook)]`` in registration order (the moments: :mod:`companion.rules.skills.base`)."""

_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def on(moment: str, sid: str) -> Callable[[_Hook], _Hook]:
    """Decorator: register ``fn`` as skill ``sid``'s hook for ``moment``."""
    def deco(fn: _Hook) -> _Hook:
        HOOKS.setdefault(moment, []).append((sid, fn))
        return fn
    return deco


def call(moment: str, *args: Any) -> list[Any]:
    """Call every hook of ``moment``; returns their results."""
    return [fn(*args) for _sid, fn in HOOKS.get(moment, ())]


def first(moment: str, *args: Any) -> Any:
    """The first truthy result of the hooks of ``moment`` (or None)."""
    for _sid, fn in HOOKS.get(moment, ()):
        r = fn(*args)
        if r:
            return r
    return None


def target_refusal(st: GameState, user: int, target: int, kind: str) -> tuple[str, str] | None:
    """(en, zh) when a skill forbids ``target`` for a card of ``kind`` used by ``user`` (空城, 谦逊)."""
    r: tuple[str, str] | None = first("target", st, user, target, kind)
    return r


SRC_SKILL = "standard_generals.json (FK standard, original texts)"


SRC_LIGHT = "issue 16 §5 (light mode: the companion asks where a rule needs to know whether a seat has a hand card)"


def skill_target(ctx: Ctx, n: int, t: int, kind: str) -> None:
    """Refuse (``skill.target``) a target a skill forbids for ``kind`` (空城, 谦逊).

    Light mode (hands not tracked): where the skill depends on whether ``t`` holds a hand card and the table
    has not said (``hand_ask`` hooks: 空城), refuse ``hand.ask`` with ``Refused.seat`` = ``t`` — the dashboard
    asks yes / no, journals the answer as ``hand T 1`` / ``hand T 0`` and sends the line again.  A forced line
    goes past the question (the seat is taken to hold a card)."""
    if not ctx.st.hands_tracked and not ctx.forced:
        sk = first("hand_ask", ctx.st, n, t, kind)
        if sk:
            ask = Refused(Rule.HAND_ASK, source=SRC_LIGHT, seat=t, sk=sk)
            ask.seat = t
            raise ask
    r = target_refusal(ctx.st, n, t, kind)
    ctx.check(r is None, _SKILL_TARGET, r[0] if r else "", r[1] if r else "", SRC_SKILL)


JUDGED: dict[str, Callable[[Ctx, JudgementJob, Judgement], None]] = {}
"""Judgement job kind (``"delayed"``, ``"bagua"``, ``"skill"``) → its effect ``fn(ctx, job, judgement)``;
registered by the cards and skills modules."""

RESPONDED: list[Callable[[Ctx, RespondPrompt, bool], None]] = []
"""Called after a ``respond`` prompt is answered (``played``: the card was given): weapons after a dodge,
the trick being resolved goes on."""

REPLACE_JUDGEMENT: list[Callable[[Ctx, JudgementJob, Any], bool]] = []
"""``fn(ctx, job, face) -> True`` when a question now decides the judgement card first (鬼才)."""


def draw_phase(ctx: Ctx, s: Seat, delta: int = 0) -> None:
    """The draw phase draws 2 (+ ``draw_count`` hooks: 英姿, + ``delta``: 裸衣 -1)."""
    k = max(0, 2 + delta + sum(call("draw_count", ctx.st, s, 2)))
    s.hand += k
    ne, nz = who(ctx.st, s.seat)
    notes = [r for r in call("draw_note", ctx.st, s) if r]  # " (英姿 +1)"
    extra = Words("".join(r.en for r in notes), "".join(r.zh for r in notes))
    ctx.ev.append(Event("draw", say("draw/draws_hand4", who=Words(ne, nz), k=k, hand=s.hand, extra=extra), seat=s.seat,
                        data={}))


# --------------------------------------------------------------------------- the resolution stack


def frames(st: GameState) -> tuple[Frame, ...]:
    """The resolution stack (top last); empty when nothing is being resolved."""
    return st.stack


def top_frame(st: GameState) -> Frame | None:
    """The trick being resolved (top frame), or None."""
    stack = st.stack
    return stack[-1] if stack else None


def push_frame(st: GameState, f: Frame) -> None:
    """Put ``f`` on top of the resolution stack."""
    st.stack = (*st.stack, f)


def pop_frame(st: GameState) -> None:
    """Take the top frame off the resolution stack (it is resolved).  IndexError when it is empty."""
    if not st.stack:
        raise IndexError("the resolution stack is empty")
    st.stack = st.stack[:-1]


def set_top(st: GameState, **changes: Any) -> None:
    """Replace the top frame by itself with ``changes`` (:meth:`Frame.but`).  IndexError when the stack is empty."""
    stack = st.stack
    st.stack = (*stack[:-1], stack[-1].but(**changes))


def clear_stack(st: GameState) -> None:
    """Forget every trick in resolution (turn ends, questions dropped)."""
    st.stack = ()


# --------------------------------------------------------------------------- turn


def enter(ctx: Ctx, phase: str) -> None:
    """Enter ``phase`` of the current turn and do what it does: start hooks, the judgements asked (last placed
    first), the draw (or a skill in its place), the 杀 counter, the discard asked, finish hooks; a skipped phase
    (乐不思蜀, 兵粮寸断, 克己) goes on to the next.  Source: rulebook 回合流程."""
    st = ctx.st
    st.phase = phase
    n = st.turn_player()
    s = st.seat(n)
    ne, nz = who(st, n)
    ctx.event("phase", say("phase", who=Words(ne, nz), phase=name("phase", phase)), seat=n, phase=phase)
    if phase == "start":
        call("start", ctx, s)
    elif phase == "judge":
        st.extra["judged"] = []
        push_next_judge(ctx, s)
    elif phase == "draw":
        if s.flags.pop("skip_draw", False):
            ctx.event("skip", say("skip/skips_draw_phase", who=Words(ne, nz)), seat=n)
            enter(ctx, "play")
            return
        if not first("draw", ctx, s):
            draw_phase(ctx, s)
    elif phase == "play":
        st.counters["slash"] = 0
        if s.flags.pop("skip_play", False):
            ctx.event("skip", say("skip/skips_play_phase", who=Words(ne, nz)), seat=n)
            enter(ctx, "discard")
            return
    elif phase == "discard":
        if first("skip_discard", ctx, s):
            ctx.event("skip", say("skip/skips_discard_phase", who=Words(ne, nz)), seat=n)
            enter(ctx, "finish")
            return
        push_discard(ctx, s)
    elif phase == "finish":
        call("finish", ctx, s)


def push_discard(ctx: Ctx, s: Seat) -> None:
    """Ask seat ``s`` to discard down to its hand limit (its HP) when over it; not in light mode (hands not tracked).
    Source: rulebook 弃牌阶段."""
    st = ctx.st
    st.prompts = [p for p in st.prompts if p.kind != _DISCARD]
    lim = hand_limit(s)
    if s.hand > lim and st.hands_tracked:  # light mode: the players discard down to their limit themselves
        ne, nz = who(st, s.seat)
        k = s.hand - lim
        st.prompts.append(Prompt(PromptKind.DISCARD, s.seat, text("prompt.discard", who=Words(ne, nz), k=k, hand=s.hand, lim=lim),
                                 data=DiscardData(limit=lim, owed=k)))


def discard_follows(ctx: Ctx) -> None:
    """After every action: a pending discard question follows the hand and the HP it was asked with.  A
    correction during the discard question (``draw``, ``give``, ``lose``, ``damage``, ``maxhp`` …) changes what is
    owed (rulebook 001 弃牌阶段: down to the hand limit = current HP, RULES_NOTES Other facts): the question is
    asked again with the new count, or dropped when nothing is owed any more.  (Newcomer trial, 2 Dec: the
    question kept its old count while its choices and the engine used the new one.)"""
    st = ctx.st
    top = st.prompt
    if top is None or top.kind != _DISCARD or st.phase != "discard" or top.seat != st.turn_seat:
        return
    s = st.seat(top.seat)
    if top.data.owed != s.hand - hand_limit(s) or top.data.limit != hand_limit(s):
        push_discard(ctx, s)


def push_next_judge(ctx: Ctx, s: Seat) -> None:
    """Ask for the judgement of seat ``s``'s next delayed trick not yet judged this phase, last placed first.
    Source: RULES_NOTES Judgements (delayed tricks are judged last-placed first)."""
    judged = ctx.st.extra.setdefault("judged", [])
    for ref in reversed(s.judgement):
        if ref not in judged:
            ne, nz = who(ctx.st, s.seat)
            name = card_name(ref)
            # any seat may first cancel the delayed trick (rulebook: 无懈可击; RULES_NOTES Judgements)
            ctx.st.prompts.append(Prompt(PromptKind.JUDGE, s.seat, text("prompt.judge", who=Words(ne, nz), name=name),
                                         data=JudgeData(card=ref)))
            return


def next_turn(ctx: Ctx) -> None:
    """The turn passes to the next living seat (the lord's seat first; a new round at the lord): per-turn counters,
    flags and the resolution stack are cleared, its start phase entered.  Source: rulebook 回合流程."""
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
    clear_stack(st)
    ne, nz = who(st, n)
    ctx.event("turn", say("turn/round_turn", round=st.round, who=Words(ne, nz)), seat=n)
    enter(ctx, "start")


def step_phase(ctx: Ctx) -> None:
    """Leave the current phase for the next one (after finish: the next living seat's turn), doing what
    the new phase does (:func:`enter`: judgements asked, cards drawn, the discard asked, skills asked)."""
    st = ctx.st
    i = PHASES.index(st.phase)
    if i + 1 < len(PHASES):
        enter(ctx, PHASES[i + 1])
    else:
        next_turn(ctx)


def waiting(st: GameState) -> bool:
    """True while something must be decided before the turn may go on: a question is pending, a card is
    being resolved (the resolution stack), or the game is over."""
    return bool(st.prompts) or bool(st.stack) or st.over


def advance_until_decision(ctx: Ctx, stop_at: str | None = None) -> list[str]:
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
        if waiting(st) or st.turn_seat != seat0 or st.phase is None or PHASES.index(st.phase) >= stop:
            break
        step_phase(ctx)
    return [e.data.get("phase", "turn") for e in ctx.ev[first_event:] if e.kind in ("phase", "turn")]


def v_next(ctx: Ctx, a: Action) -> None:
    """``next``: the next phase (or turn); what is pending is dropped (logged).  Raises Refused ``discard.limit``
    when leaving the discard phase over the hand limit (rulebook 弃牌阶段)."""
    st = ctx.st
    s = st.seat(st.turn_player())
    st.extra.pop("ending", None)  # `next` goes one phase at a time: an earlier `end` no longer carries the turn
    if st.phase == "discard":
        lim = hand_limit(s)
        ctx.check(s.hand <= lim, Rule.DISCARD_LIMIT, source=SRC_DISCARD, hand=s.hand, lim=lim, hand_minus_lim=s.hand - lim)
    drop_prompts(ctx)
    step_phase(ctx)


def _phase_list(names: list[str]) -> Words:
    """``["draw", "play"]`` → ``"draw, play"`` / ``"摸牌阶段、出牌阶段"``."""
    ts = [text("flow.carry_end/phase", phase=name("phase", p)) for p in names]
    return Words(", ".join(t.en for t in ts), "、".join(t.zh for t in ts))


def carry_end(ctx: Ctx) -> None:
    """The ``end`` intent: carry the current turn to its end through :func:`advance_until_decision`; when a
    decision stops it, say what waits (``st.extra["ending"]`` keeps the intent: once it is answered the
    turn goes on by itself, see :func:`apply`)."""
    st = ctx.st
    n = st.turn_seat
    ne, nz = who(st, n)
    first_event = len(ctx.ev)
    passed = advance_until_decision(ctx)
    names = passed[:passed.index("turn")] if "turn" in passed else passed
    via_en, via_zh = en_zh("flow.carry_end", names_list=_phase_list(names)) if names else ("", "")
    if st.turn_seat != n:
        at = next(i for i in range(first_event, len(ctx.ev)) if ctx.ev[i].kind == "turn")
        ctx.ev.insert(at, Event("end", say("end/ends_turn", who=Words(ne, nz), via=Words(via_en, via_zh)), seat=n,
                                data={"phases": names}))
        return
    if st.over:
        return
    st.extra["ending"] = n
    p = st.prompt
    if p is not None:
        ctx.event(
            "end_wait", say("end_wait", who=Words(ne, nz), via=Words(via_en, via_zh), p=p.said,
                        phase=Words(st.phase, name("phase", st.turn_phase()).zh)),
            seat=n)


def v_end(ctx: Ctx, a: Action) -> None:
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
        ctx.check(s.hand <= lim, Rule.DISCARD_LIMIT, source=SRC_DISCARD, hand=s.hand, lim=lim, hand_minus_lim=s.hand - lim)
    if ctx.forced:
        drop_prompts(ctx)
        s.flags.pop("skip_play", None)  # a skipped phase belongs to this turn only
        s.flags.pop("skip_draw", None)
        ne, nz = who(st, n)
        ctx.event("end", say("end/ends_turn_forced", who=Words(ne, nz)), seat=n)
        next_turn(ctx)
        return
    drop_prompts(ctx)  # only a satisfied discard question can be pending here (_answers)
    carry_end(ctx)


def drop_prompts(ctx: Ctx) -> None:
    """Drop every pending question and the resolution stack (each dropped question logged): a phase left by hand."""
    clear_stack(ctx.st)
    if ctx.st.prompts:
        for p in ctx.st.prompts:
            ctx.event("dropped", say("dropped", p=p.said), seat=p.seat)
        ctx.st.prompts = []



def v_discard(ctx: Ctx, a: Action) -> None:
    """``discard [S] N``: seat S (the current player) discards N hand cards — in the discard phase down to the
    hand limit, never more; outside it (or another seat's) a correction, its event's data ``correction=True``
    (the log marks it as it marks the other corrections).  Raises Refused ``discard.count``, ``discard.none``,
    ``discard.excess``.
    Source: rulebook 001 弃牌阶段; RULES_NOTES Other facts (hand limit = current HP)."""
    st = ctx.st
    n = a.seat if a.seat is not None else st.turn_seat
    s = seat_at(ctx, n)
    k = int(a.args["n"])
    ctx.check(k <= s.hand, Rule.DISCARD_COUNT, source=SRC_DISCARD, n=n, k=k,
              hand_cards=Words(oc.hand_cards(s.hand), s.hand))
    top = st.prompt
    answer = top is not None and top.kind == _DISCARD and top.seat == n
    # outside the discard phase, or another seat's: not a phase step but a correction (docs/commands.md), marked so
    correction = not answer and not (st.phase == "discard" and n == st.turn_seat)
    if (st.phase == "discard" and n == st.turn_seat and s.hand <= hand_limit(s)
            and not (top is not None and top.kind == _DISCARD and top.seat == n)):
        # rulebook 001 弃牌阶段: "每超出一张，需要弃一张手牌" — within the limit nothing is owed.
        ctx.check(False, Rule.DISCARD_NONE, source=SRC_DISCARD_PHASE, n=n, hand=s.hand, hand_limit=hand_limit(s))
    if top is not None and top.kind == _DISCARD and top.seat == n:
        excess = s.hand - hand_limit(s)
        ctx.check(k <= excess, Rule.DISCARD_EXCESS, source=SRC_DISCARD, n=n, excess=excess, hand=s.hand,
                  hand_limit=hand_limit(s), k=k)
    s.hand = max(0, s.hand - k)
    ne, nz = who(st, n)
    said = say("discard/discards_hand2", who=Words(ne, nz), k=k, hand=s.hand)
    if correction:
        ctx.event("discard", said, seat=n, correction=True)
    else:
        ctx.event("discard", said, seat=n)
    top = st.prompt
    if top is not None and top.kind == _DISCARD and top.seat == n:
        st.prompts.pop()
        push_discard(ctx, s)


# --------------------------------------------------------------------------- judgements


def judgement(ctx: Ctx, job: JudgementJob, face: Any) -> None:
    """A judgement card ``face`` is flipped for ``job``; 鬼才 may replace it first (one replacement
    per judgement: :data:`REPLACE_JUDGEMENT`), then it takes effect (:func:`finish_judgement`)."""
    if not job.get("replaced"):
        for fn in REPLACE_JUDGEMENT:
            if fn(ctx, job, face):
                return
    finish_judgement(ctx, job, face)


def finish_judgement(ctx: Ctx, job: JudgementJob, face: Any) -> None:
    """The judgement's result is determined (and logged); a ``judged`` hook that asks a question (天妒)
    defers the effect until it is answered (:func:`deferred_judgement_effect`); else the effect happens now."""
    j = judgement_result(ctx, job, face)
    for _sid, fn in HOOKS.get("judged", ()):
        if fn(ctx, job, j):
            return
    judgement_effect(ctx, job, j)


def deferred_judgement_effect(ctx: Ctx, job: JudgementJob, face: Any) -> None:
    """The deferred effect of a judgement whose result was determined with card ``face``."""
    judgement_effect(ctx, job, resolve_judgement(job["subject"], face))


def judgement_result(ctx: Ctx, job: JudgementJob, face: Face) -> Judgement:
    """The result of judgement card ``face`` for ``job`` is determined and logged (no effect yet)."""
    j = resolve_judgement(job["subject"], face)
    ne, nz = who(ctx.st, job["seat"])
    ctx.event("judgement", say("judgement", who=Words(ne, nz), j=Words(j.en, j.zh)), seat=job["seat"],
              subject=job["subject"], effect=j.effect)
    return j


def judgement_effect(ctx: Ctx, job: JudgementJob, j: Judgement) -> Judgement:
    """The determined judgement ``j`` takes effect for ``job`` (闪电's damage, 乐不思蜀's skip, 八卦阵's 闪, a
    skill's effect): the effect registered for ``job["kind"]`` in :data:`JUDGED`."""
    JUDGED[job["kind"]](ctx, job, j)
    return j


def responded(ctx: Ctx, top: RespondPrompt, played: bool) -> None:
    """A ``respond`` prompt was answered (``played``: the card was given, else the damage taken): every
    :data:`RESPONDED` function runs (a dodged 杀's weapon, the trick being resolved goes on)."""
    for fn in RESPONDED:
        fn(ctx, top, played)
