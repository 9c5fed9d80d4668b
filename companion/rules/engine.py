"""The rules engine, the dispatcher: ``apply(state, action) -> Applied(state, events)`` finds the handler of
the action (a verb; for ``use``, the card's module; for an answer, the pending question's) and runs it.

Contract (docs/architecture.md): ``apply`` never mutates ``state``; it works
on ``state.clone()``.  An illegal action raises :class:`Refused` (rule id,
en/zh with the numbers, source) unless ``action.forced`` and the refusal is
forceable.  After each action ``state.prompt`` says what the table must decide.

Where each rule lives: :mod:`.flow` (turn, phases, judgements, the resolution stack), :mod:`.outcome` (damage,
dying, death, the winner), :mod:`.cards` (one module per kind of card), :mod:`.skills` (one module per kingdom),
:mod:`.table` (setup, roles), :mod:`.corrections` (the moderator's corrections).
Rules applied are listed with their sources in docs/rules.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from . import corrections as cr
from . import outcome as oc
from . import table as tb
from .cards import armor, basic, delayed
from .cards import tricks as tk
from .cards import weapons as eq
from .cards.common import USE, Use, check_face, two_card_colour
from .cards.weapons import SLASH_LIMIT_LIFTS
from .deck import card_kind
from .errors import Event, Refused
from .flow import (
    HOOKS,
    Action,
    Applied,
    Ctx,
    advance_until_decision,
    card_ref,
    carry_end,
    discard_follows,
    hand_limit,
    next_turn,
    seat_at,
    v_discard,
    v_end,
    v_next,
    waiting,
)
from .messages import Words, en_zh, say
from .outcome import who
from .prompts import DyingData, RevealData
from .skills import base as sk
from .state import AnyPrompt, GameState, win_words
from .table import SRC_NO_PROMPT, SRC_PROMPT, SRC_SETUP
from .vocab import PromptKind, Rule

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_DISCARD: Final = PromptKind.DISCARD
_DYING: Final = PromptKind.DYING
_JUDGE: Final = PromptKind.JUDGE
_NULLIFY: Final = PromptKind.NULLIFY
_RESPOND: Final = PromptKind.RESPOND
_REVEAL: Final = PromptKind.REVEAL
_SKILL: Final = PromptKind.SKILL

__all__ = ["Action", "Applied", "apply", "advance_until_decision", "SLASH_LIMIT_LIFTS", "SETUP_VERBS", "CORRECTIONS",
           "card_ref", "hand_limit", "HANDLERS"]

SRC_PLAY = "rulebook: 出牌阶段"
SRC_JUDGE = "RULES_NOTES: Judgements"
SRC_MANEUVER = "RULES_NOTES: Deck (兵粮寸断 and 酒 are 军争)"

SETUP_VERBS = frozenset({"players", "name", "lord", "swap", "general", "role", "offer", "variant", "start"})
CORRECTIONS = frozenset({"damage", "heal", "lose", "draw", "give", "hand", "maxhp", "equip", "unequip",
                         "place", "remove", "name"})


# --------------------------------------------------------------------------- use: the card's module


def _v_use(ctx: Ctx, a: Action) -> None:
    """``S CARD [T…]``: who uses which card (a view-as skill, 丈八蛇矛, ``using SLOT`` converted; the face in the
    deck, 军争 switched on, the hand holds the cost), then the card's own function (:data:`USE`) decides.

    Raises Refused ``use.seat``, ``card.face``, ``card.faces``, ``card.maneuvering``, ``seat.unknown``,
    ``seat.dead``, ``hand.empty`` here; the card's function its own."""
    st = ctx.st
    kind = card_kind(a.args["card"])
    face = a.args.get("face")
    faces = tuple(a.args.get("faces") or ())
    two_cards = a.args.get("via") == "spear" or kind.id == "spear" or bool(faces)  # checked once converted
    if not a.args.get("vskill") and not a.args.get("using") and not two_cards:
        check_face(ctx, kind, face)
    targets: list[int] = list(a.args.get("targets") or [])
    top = st.prompt
    n = a.seat
    need = (top.data.need or "jink") if top is not None and top.kind == _RESPOND else None
    if n is None and top is not None and (kind.id == need or (need == "slash" and kind.id == "spear") or
                                          (kind.id == "peach" and top.kind == _DYING) or
                                          top.kind in ("collateral", "weapon.blade", "weapon.axe")):
        n = top.seat
    if a.args.get("vskill"):
        n = sk.view_as(ctx, a, top)[0]
    if n is None:
        raise Refused(Rule.USE_SEAT, source=SRC_PLAY, forceable=False, msg="who_uses_write", kind=kind, kind_id=kind.id)
    s = seat_at(ctx, n)
    if kind.package == "maneuvering":
        ctx.check("maneuvering" in st.variants, Rule.CARD_MANEUVERING, source=SRC_MANEUVER, kind=kind, kind_kind=kind.en)
    for t in targets:
        seat_at(ctx, t, "target")
    if top is not None and top.kind.startswith("weapon.") and eq.weapon_use(ctx, s, kind.id, card_ref(kind.id, face), face, a):
        return
    kid, cost, via = eq.convert(ctx, s, kind.id, a.args)  # 丈八蛇矛, "using SLOT"
    if kid != kind.id:
        kind = card_kind(kid)
    colour = two_card_colour(ctx, kind, via, face, faces) if two_cards else None
    ctx.check(s.hand >= cost, Rule.HAND_EMPTY, source="companion: hand count", msg="seat_has_needs", n=n, cost=cost,
              hand_cards=oc.hand_cards(s.hand), kind=kind, hand=s.hand)
    USE[kind.id](ctx, Use(a, n, s, kind, face, faces, via, cost, colour, card_ref(kind.id, face), targets, top, need))


# --------------------------------------------------------------------------- answers: the question's module


def _v_discard(ctx: Ctx, a: Action) -> None:
    top = ctx.st.prompt
    if top is not None and top.kind in ("weapon.double_swords", "weapon.axe"):
        eq.weapon_discard(ctx, top, a.seat if a.seat is not None else top.seat, int(a.args["n"]))
        return
    v_discard(ctx, a)


def _v_judge(ctx: Ctx, a: Action) -> None:
    top = ctx.st.prompt
    if top is not None and top.kind == _RESPOND:
        armor.v_judge(ctx, a)
        return
    if top is None or top.kind != _JUDGE:
        raise Refused(Rule.JUDGE_NONE, source=SRC_JUDGE, forceable=False, msg="nothing_judge_now")
    delayed.v_judge(ctx, a)


def _v_take(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    top = st.prompt
    if a.args.get("all") and top is not None and top.kind == _DYING:
        oc.dying_nobody(st, ctx.ev)  # "nobody has 桃": the rescue round closes, the dying seat dies
        return
    if a.args.get("all") and top is None:
        raise Refused(Rule.PROMPT_NONE, source=SRC_NO_PROMPT, forceable=False, msg="question_pending_nothing_pass")
    if a.args.get("all") and (top is None or top.kind != _NULLIFY):
        # `pass all` closes a 无懈可击 window (or a rescue round) for everyone; anywhere else it would cost a
        # seat HP or a choice
        asked = Words(*en_zh("engine.pass_all/asked", question=top.said)) if top is not None else ""
        raise Refused(Rule.PASS_ALL, source=SRC_PROMPT, forceable=False, asked=asked)
    if top is not None and top.kind in eq.WEAPON_PROMPTS:
        eq.weapon_pass(ctx, top)
        return
    if top is not None and top.kind in tk.PROMPT_KINDS:
        if not tk.v_pass(ctx, a):
            raise Refused(Rule.PROMPT_ANSWER, source=SRC_PROMPT, forceable=False, msg="answer_pick",
                          top=top.said)
        return
    if top is not None and top.kind == _DYING:
        if a.seat is not None and a.seat != top.seat:
            raise Refused(Rule.PROMPT_SEAT, source=SRC_PROMPT, forceable=False, msg="seat_being_asked", seat=top.seat,
                          a_seat=a.seat)
        oc.dying_pass(st, ctx.ev)
        return
    if top is None or top.kind != _RESPOND:
        raise Refused(Rule.PROMPT_NONE, source=SRC_NO_PROMPT, forceable=False, msg="question_pending_nothing_take")
    basic.v_take(ctx, a)


HANDLERS: dict[str, Callable[[Ctx, Action], None]] = {
    "players": tb.v_players, "name": tb.v_name, "lord": tb.v_lord, "swap": tb.v_swap, "general": tb.v_general,
    "role": tb.v_role, "offer": tb.v_offer, "variant": tb.v_variant, "start": tb.v_start,
    "next": v_next, "end": v_end, "discard": _v_discard, "judge": _v_judge, "use": _v_use,
    "take": _v_take, "pass": _v_take, "reveal": tb.v_reveal,
    "damage": cr.v_damage, "heal": cr.v_heal, "lose": cr.v_lose, "draw": cr.v_draw, "give": cr.v_give, "hand": cr.v_hand,
    "maxhp": cr.v_maxhp, "equip": cr.v_equip, "unequip": cr.v_unequip, "place": cr.v_place, "remove": cr.v_remove,
    "skill": sk.verb, "yes": lambda ctx, a: _v_yes_no(ctx, a), "no": lambda ctx, a: _v_yes_no(ctx, a),
    "pick": tk.v_pick,
}
"""Verb → handler (the engine's verbs; :mod:`companion.script` maps text to them)."""


def _v_yes_no(ctx: Ctx, a: Action) -> None:
    raise Refused(Rule.PROMPT_NONE, source=SRC_NO_PROMPT, forceable=False, msg="question_pending_nothing", verb=a.verb)


def _answers(p: AnyPrompt, a: Action) -> bool:
    v = a.verb
    if sk.answers(p, a):
        return True
    if p.kind in tk.PROMPT_KINDS:
        return tk.answers(p, a)
    if p.kind in eq.WEAPON_PROMPTS:
        return eq.answers(p, a)
    if p.kind == _RESPOND:
        if v == "use":
            cid = card_kind(a.args["card"]).id
            need = p.data.need or "jink"
            as_need = cid == need or (need == "slash" and (cid == "spear" or a.args.get("via") == "spear"))
            return cid == "nullification" or (as_need and a.seat in (None, p.seat))
        return v in ("take", "pass", "judge")
    if p.kind == _DYING:
        return v == "pass" or v == "take" or (v == "use" and card_kind(a.args["card"]).id in ("peach", "nullification"))
    if p.kind == _JUDGE:
        return v == "judge" or (v == "use" and card_kind(a.args["card"]).id == "nullification")
    if p.kind == _DISCARD:
        return v in ("discard", "next", "end", "hand")
    if p.kind == _REVEAL:
        return v in ("reveal", "role")
    return False


def apply(state: GameState, action: Action) -> Applied:
    """Apply ``action`` to a clone of ``state``; returns :class:`Applied` (new state, events).

    Raises :class:`Refused` for an illegal action (forceable refusals pass when
    ``action.forced``; the event log then says what was forced).
    """
    handler = HANDLERS.get(action.verb)
    if handler is None:
        raise Refused(Rule.VERB_UNKNOWN, source="docs/commands.md", forceable=False, verb=action.verb)
    st = state.clone()
    ctx = Ctx(st, action.forced)
    v = action.verb
    if v in SETUP_VERBS and v != "name" and st.started and not (
            v == "role" and (st.over or (st.prompt and st.prompt.kind == _REVEAL))):
        said = "track hands" if v == "variant" and action.args.get("name") == "untracked_hands" else v  # as typed
        raise Refused(Rule.SETUP_STARTED, source=SRC_SETUP, forceable=False, msg="setup_command_game", said=said)
    if v not in SETUP_VERBS and not st.started:
        raise Refused(Rule.GAME_NOT_STARTED, source=SRC_SETUP, forceable=False)
    if st.over and v not in CORRECTIONS and v != "role":
        raise Refused(Rule.GAME_OVER, source=oc.SRC_WIN, forceable=False,
                      win_reason=Words(*(win_words(st) or ('', ''))))
    p = st.prompt
    if p is not None and p.kind == _NULLIFY and v not in CORRECTIONS and not _answers(p, action):
        tk.implicit_close(ctx)  # "nobody?": answering the step behind an untouched window closes it
        p = st.prompt
    if p is not None and p.kind == _RESPOND and v == "use" and action.seat not in (None, p.seat) \
            and not action.args.get("targets") and not action.args.get("vskill") and not _answers(p, action):
        cid = card_kind(action.args["card"]).id
        need = p.data.need or "jink"
        if cid == need or (need == "slash" and cid == "spear"):  # the answer card from the wrong seat (as `S take`)
            raise Refused(Rule.PROMPT_SEAT, source=SRC_PROMPT, forceable=False, msg="seat_must_answer_seat", seat=p.seat,
                          action_seat=action.seat)
    if p is not None and v not in CORRECTIONS and not _answers(p, action):
        # a forced card or skill would be resolved against the open question: only the turn verbs force past it
        ctx.check(False, Rule.PROMPT_PENDING, source=SRC_PROMPT, forceable=v in ("next", "end"), p=p.said)
    if p is not None and p.kind == _SKILL and sk.answers(p, action):
        sk.answer(ctx, p, action)
    else:
        handler(ctx, action)
    tk.settle(ctx)
    if v == "use" and st.turn_seat is not None and st.phase == "play" and \
            card_kind(action.args["card"]).id in ("slash", "spear") and \
            (action.seat if action.seat is not None else (p.seat if p else None)) == st.turn_seat:
        st.counters["keji"] = 1
    if st.started:
        for _sid, hook in HOOKS.get("after", ()):
            hook(ctx, state)
    if action.forced and st.started and not st.over:
        _dying_comes_back(ctx)
    if st.started and not st.over and st.turn_seat is not None:
        discard_follows(ctx)  # a correction during the discard question: asked again with what is owed now
        _turn_goes_on(ctx)
    if not st.hands_tracked:
        return Applied(st, _untracked_hands(st, ctx.ev, state, action))
    return Applied(st, ctx.ev)


UNTRACKED_HAND = 4
"""Light mode (``track hands off``, variant ``untracked_hands``; issue 16 §5): every seat's hand count is held at
this number after each action — the companion does not know the hands, so no rule reads one as empty (a
seat always "has cards": 过河拆桥's hand zone, 突袭's targets, 反馈), no discard is asked (``push_discard``) and
no refusal reads a count (``flow.HAND_RULES``).  Not shown anywhere (seat cards, players' view, log)."""

_HAND_WORDS = (re.compile(r" ?\(hand -?\d+\)"), re.compile(r"（手牌-?\d+）"))


def _untracked_hands(st: GameState, events: list[Event], before: GameState, action: Action) -> list[Event]:
    """Light mode: hold the hand counts (:data:`UNTRACKED_HAND`) and take them out of the log's sentences.

    What the table said of a seat (``hand S 0``: no hand card, ``hand S N``: holds one; the answer to a
    ``hand.ask`` question) is kept in ``Seat.flags["light_hand"]`` (``"none"`` / ``"has"``) until it may no
    longer hold: "none" until the seat gains a card (its count held at 0 meanwhile, so 空城 applies, and
    过河拆桥 / 顺手牵羊 / 反馈 / 突袭 find no hand), "has" until it loses one."""
    said = action.verb == "hand" and action.seat is not None
    for s in st.seats:
        fact = s.flags.get("light_hand")
        was = before.seat(s.seat).hand if s.seat <= len(before.seats) else UNTRACKED_HAND
        if said and s.seat == action.seat:
            fact = "none" if int(action.args["n"]) == 0 else "has"
        elif fact == "none" and s.hand > was:
            fact = None  # it gained a card
        elif fact == "has" and s.hand < was:
            fact = None  # it lost one: it may have been the last
        if fact is None:
            s.flags.pop("light_hand", None)
        else:
            s.flags["light_hand"] = fact
        s.hand = 0 if fact == "none" or not s.alive else UNTRACKED_HAND  # the dead discarded everything
    out = []
    for e in events:
        en, zh = _HAND_WORDS[0].sub("", e.en), _HAND_WORDS[1].sub("", e.zh)
        out.append(e if (en, zh) == (e.en, e.zh) else Event(e.kind, en, zh, e.seat, dict(e.data)))
    return out


def _dying_comes_back(ctx: Ctx) -> None:
    """A forced line may break a rule, never the state's consistency: a living seat at HP ≤ 0 is dying
    (rulebook 001 濒死: "当角色的体力降至0或更低时，进入濒死状态"), so when a forced line dropped its 桃
    question (``force next`` while dying) the question is asked again."""
    st = ctx.st
    asked = {p.data.victim for p in st.prompts if isinstance(p.data, (DyingData, RevealData))}
    for s in st.seats:
        if s.alive and s.hp <= 0 and s.seat not in asked:
            ctx.event("dying_again", say("dying_again", seat=s.seat, hp=s.hp), seat=s.seat)
            oc.start_dying(st, ctx.ev, s.seat, None)


def _turn_goes_on(ctx: Ctx) -> None:
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
        if waiting(st):
            return
        de, dz = who(st, st.turn_seat)
        ctx.event("end", say("end/died_their_own", dest=Words(de, dz)), seat=st.turn_seat)
        next_turn(ctx)
        return
    if st.extra.get("ending") is not None:
        if st.extra["ending"] != st.turn_seat:
            st.extra.pop("ending")
        elif not waiting(st):
            carry_end(ctx)
