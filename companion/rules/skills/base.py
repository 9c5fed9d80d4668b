"""The skill machinery: when a skill may be used, the questions it asks and how they are answered, the
active-skill verbs, view-as skills, and the glue to damage and rescue.  The skills themselves are in
:mod:`.wei`, :mod:`.shu`, :mod:`.wu`, :mod:`.qun` (one module per kingdom, each skill defined once there).

The engine calls named moments (FreeKill / QSanguosha style "trigger events",
:data:`companion.rules.flow.HOOKS`); a skill registers the moments it cares about with
:func:`companion.rules.flow.on`:

=================  ============================================================
moment             called as / what the hook does
=================  ============================================================
``start``          ``(ctx, seat)`` start (prepare) phase: 洛神, 观星 prompts
``draw``           ``(ctx, seat) -> bool`` True when a prompt now decides the draw (突袭, 裸衣)
``draw_count``     ``(st, seat, n) -> n`` cards drawn in the draw phase (英姿)
``draw_note``      ``(st, seat) -> Message | None`` the draw line's note (英姿 +1)
``skip_discard``   ``(ctx, seat) -> bool`` skip the discard phase (克己)
``finish``         ``(ctx, seat)`` finish phase: 闭月
``target``         ``(st, user, target, kind) -> (en, zh) | None`` refusal (空城, 谦逊)
``slash``          ``(ctx, user, target)`` after a 杀's answer prompt is pushed (铁骑)
``trick``          ``(ctx, user, kind)`` after a trick is used (集智)
``damaged``        ``(ctx, victim, amount, source, cause)`` victim still alive with HP ≥ 1 (奸雄 反馈 刚烈 遗计)
``judged``         ``(ctx, job, judgement) -> bool`` result determined, before the effect (天妒); True defers it
``after``          ``(ctx, before_state)`` after every action: card loss (连营, 枭姬), 无双 on the
                   杀/决斗 questions, 空城 in a 决斗 (variant faq_kongcheng_duel), the 护驾 / 激将 / 流离 hints
=================  ============================================================

Active skills are verbs (``2 zhiheng 3``): :data:`ACTIVE`.  View-as skills
(``1 杀:♥5 3 via wusheng``) are :data:`VIEW_AS` entries.  Triggered skills ask
with a ``skill`` prompt naming the skill, its owner, what it does and the
choice; ``yes`` / the skill's name accepts, ``no`` declines.

A skill works only for a living seat with HP ≥ 1, except what saves a dying
seat (:data:`WHILE_DYING`: 急救; 救援 — variant ``faq_dying_skills``: the old
FAQ's "a dying general has lost its skills"), lord skills only
while the owner is the lord, none in the ``no_generals`` variant
(:func:`companion.rules.distance.has_skill`).  On-damage skills of a seat that
is dying wait until it is saved and are dropped when it dies.

Sources: ``standard_generals.json`` (FK ``standard`` package, original texts),
the old FAQ (``rulebook/003``) and RULES_NOTES.md; docs/rules.md lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final, TypeVar

from .. import outcome as oc
from ..cards.armor import armor_works, bagua_said, hinted
from ..deck import KINDS, CardError, CardKind, Face, Suit, card_kind, faces_of, parse_face
from ..distance import has_skill
from ..errors import Event, Refused, Worded
from ..flow import HOOKS, JUDGED, Action, Ctx, judgement, phase_name, top_frame
from ..generals import GENERALS, SKILL_INDEX, SKILLS, Gender
from ..judgement import Judgement
from ..messages import Message, Words, en_zh, say, text
from ..names import norm
from ..outcome import named, who
from ..prompts import JudgementJob, SkillData
from ..state import AnyPrompt, GameState, Prompt, RespondPrompt, Seat, SkillPrompt
from ..vocab import Kingdom, PromptKind, Rule

# Read on every action (bench/engine), so held as module globals: in Python 3.11 a member read off its Enum class
# (``PromptKind.RESPOND``) goes through ``EnumType.__getattr__``'s slot, ≈ 900 instructions; a global is one
# dict lookup.  The same objects (docs/performance.md, "Enum members on the hot path").
_RESPOND: Final = PromptKind.RESPOND
_SHU: Final = Kingdom.SHU
_SKILL: Final = PromptKind.SKILL
_WEI: Final = Kingdom.WEI

SRC_SKILL = "standard_generals.json (FK standard, original texts)"


SRC_FAQ = "rulebook 003 (old FAQ)"


def skill_of(st: GameState, n: int | None) -> str | None:
    """The general of seat ``n`` (None for no seat or no general yet)."""
    return st.seat(n).general if n is not None else None


WHILE_DYING = frozenset({"jijiu"})
"""Skills a dying owner may still use to be saved: 急救 (a red card as 桃 on himself outside his turn).
Source: FK ``jijiu`` and the QS family, English rule pages (RULES_NOTES disagreement 7).  Under the variant
``faq_dying_skills`` (old FAQ, rulebook 003: "只要桃才能够自救，其它牌都不可") they are lost while dying.
救援 is asked with ``dying_ok`` under both readings (it is about being saved: skill text)."""


def usable(st: GameState, seat: Seat | int, sid: str, dying_ok: bool = False) -> bool:
    """The seat has the skill and can use it now: alive, HP ≥ 1 (unless ``dying_ok``, or ``sid`` is one of
    :data:`WHILE_DYING` and the variant ``faq_dying_skills`` is off), lord skills only as lord."""
    s = st.seat(seat) if isinstance(seat, int) else seat
    if not has_skill(st, s, sid):
        return False
    return dying_ok or s.hp >= 1 or (sid in WHILE_DYING and "faq_dying_skills" not in st.variants)


def owners(st: GameState, sid: str) -> list[int]:
    """Seats that can use ``sid`` now, from the current player on in seat order."""
    alive = st.alive
    start = st.turn_seat if st.turn_seat in alive else (alive[0] if alive else None)
    if start is None:
        return []
    i = alive.index(start)
    return [n for n in alive[i:] + alive[:i] if usable(st, n, sid)]


def skill_names(sid: str) -> tuple[str, str]:
    """The skill's name in English and in Chinese: ``("Villainous Hero", "奸雄")``.  KeyError for an unknown
    id (a bug)."""
    k = SKILLS[sid]
    return k.en, k.zh


def refuse(rule: str, en: str | None = None, zh: str = "", source: str = SRC_SKILL, forceable: bool = False,
            *, msg: str | None = None, **params: Any) -> Refused:
    """A skill's refusal: ``Refused(rule, source=SRC_SKILL, forceable=False, msg=…, **params)`` by default."""
    return Refused(rule, en, zh, source, forceable=forceable, msg=msg, **params)


def ask(ctx: Ctx, owner: int, sid: str, what_en: str, what_zh: str, choice_en: str | None = None,
         choice_zh: str | None = None, **data: Any) -> None:
    """Push a ``skill`` prompt: '<owner>'s <skill>: <what> — <choice>'; the choice by default the answers as typed in
    each language (``yes / no``, 是 / 否: the command language reads both)."""
    if choice_en is None or choice_zh is None:
        yes_no = en_zh("skills.base.ask/yes_no")
        choice_en, choice_zh = choice_en or yes_no[0], choice_zh or yes_no[1]
    ne, nz = who(ctx.st, owner)
    ske, skz = skill_names(sid)
    data.setdefault("skill", sid)
    data.setdefault("step", "ask")
    ctx.st.prompts.append(Prompt(
                              PromptKind.SKILL, owner, text("prompt.skill/text", who=Words(ne, nz), sk_name=Words(ske, skz),
                                        what=Words(what_en, what_zh), choice=Words(choice_en, choice_zh)),
                              data=SkillData(**data)))


def present(value: _T | None) -> _T:
    """A field of a skill question that its step always carries (``present(p.data.source)`` at 反馈's answer,
    ``p.data.job`` at 鬼才's): the value.  RuntimeError when it is absent (a bug: the question was asked without it)."""
    if value is None:
        raise RuntimeError("a skill question without the field its step reads")
    return value


def offer(ctx: Ctx, s: Seat, sid: str, key: str, /) -> bool:
    """The ask of ask → yes → effect: when seat ``s`` may use its optional skill ``sid`` now (:func:`usable`), ask
    it, the question being the catalogue's ``[text]`` entry ``key`` (no values); True when asked.  The answer is the
    skill's :func:`accepted` function."""
    if not usable(ctx.st, s, sid):
        return False
    ask(ctx, s.seat, sid, *en_zh(key))
    return True


def log_event(ctx: Ctx, kind: str, n: int | None, en: str, zh: str, **data: Any) -> None:
    """Log an event of ``kind`` for seat ``n`` (None: none) with texts ``en`` / ``zh`` and ``data``."""
    ctx.ev.append(Event(kind, en, zh, n, data))


def draw_cards(ctx: Ctx, n: int, k: int, why_en: str, why_zh: str) -> None:
    """Seat ``n`` draws ``k`` cards because of a skill (``why_en`` / ``why_zh``: the skill's words), logged as a draw."""
    s = ctx.st.seat(n)
    s.hand += k
    ne, nz = who(ctx.st, n)
    why = named(why_en) if why_en == why_zh else Words(why_en, why_zh)  # a skill's Chinese name: in each language
    log_event(ctx, "draw", n, *en_zh("skills.base.draw_cards", who=Words(ne, nz), k=k, why=why, hand=s.hand))


def gain_judged(ctx: Ctx, n: int, face: Face, sid: str) -> None:
    """``n`` takes the judgement card (洛神, 天妒): gained, not drawn from the deck."""
    s = ctx.st.seat(n)
    s.hand += 1
    ne, nz = who(ctx.st, n)
    log_event(ctx, "draw", n, *en_zh("skills.base.gain_judged", who=Words(ne, nz), face=face, sk_name=SKILLS[sid],
                                     hand=s.hand))


SEAT_SUFFIX_WORDS = ("号位", "号")
"""What a moderator may write after a seat number (``4号``, ``4号位``: seat 4), longest first."""


def int_arg(tok: str | None, what: str, sid: str) -> int:
    """A skill's number argument ``tok`` (``what``: ``seat`` also takes ``4号`` / ``4号位``).  Raises Refused
    ``skill.args`` naming skill ``sid`` when it is missing or not a number."""
    if what == "seat" and tok is not None:
        for suffix in SEAT_SUFFIX_WORDS:  # 4号 / 4号位: seat 4 (docs/commands.md)
            tok = tok.removesuffix(suffix)
    try:
        return int(tok)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        ske, skz = skill_names(sid)
        got = text("skills.base.int_arg/not", tok=tok) if tok is not None else text("skills.base.int_arg/missing")
        words = text("skills.base.int_arg/seat") if what == "seat" else text("skills.base.int_arg/count") \
            if what == "count" else text("skills.base.int_arg/other", what=what)
        raise refuse(Rule.SKILL_ARGS, forceable=False, msg="must_number", sk_name=Words(ske, skz),
                     what=words, got=got) from None


def living(ctx: Ctx, t: int, sid: str) -> Seat:
    """Seat ``t``, a living seat of the table.  Raises Refused ``skill.target`` naming skill ``sid`` otherwise."""
    st = ctx.st
    if not 1 <= t <= len(st.seats) or not st.seat(t).alive:
        ske, skz = skill_names(sid)
        raise refuse(Rule.SKILL_TARGET, msg="seat_living_seat", sk_name=Words(ske, skz), t=t)
    return st.seat(t)


def suit_arg(tok: str | None, sid: str) -> Suit:
    """A suit argument of skill ``sid`` (``♠`` / ``s`` / ``黑桃`` …).  Raises Refused ``skill.args`` otherwise."""
    try:
        return parse_face(f"{tok}1").suit
    except (CardError, TypeError):
        ske, skz = skill_names(sid)
        if tok is None:
            raise refuse(Rule.SKILL_ARGS, msg="suit_missing", sk_name=Words(ske, skz)) from None
        raise refuse(Rule.SKILL_ARGS, msg="not_a_suit", sk_name=Words(ske, skz), tok=tok) from None


def face_arg(tok: str | None, sid: str) -> Face:
    """A card face argument of skill ``sid`` (``♠7``, ``7s``).  Raises Refused ``skill.args`` otherwise."""
    try:
        return parse_face(tok or "")
    except CardError:
        ske, skz = skill_names(sid)
        got = Words(en_zh("skills.base.face_arg/got", tok=tok)[0], "") if tok else ""
        raise refuse(Rule.SKILL_ARGS, msg="write_the_face", sk_name=Words(ske, skz), got=got) from None


def kingdom_of(st: GameState, n: int) -> Kingdom | None:
    """The kingdom of seat ``n``'s general, or None without one."""
    g = GENERALS.get(st.seat(n).general or "")
    return g.kingdom if g else None


def is_male(st: GameState, n: int) -> bool:
    """True when seat ``n``'s general is male (结姻, 离间); False without a general."""
    g = GENERALS.get(st.seat(n).general or "")
    return g is not None and g.gender == Gender.MALE


@dataclass(frozen=True, slots=True)
class Answer:
    """How a prompt step is answered: ``fn(ctx, prompt, action)``; ``verbs`` accepted besides the skill's name."""

    fn: Callable[[Ctx, SkillPrompt, Action], None]
    verbs: frozenset[str] = frozenset({"yes", "no", "skill"})
    takes_args: bool = False  # 'SKILL ARGS…' answers (突袭 seats, 反馈 zone, 遗计 gifts, 鬼才 face); else none


STEPS: dict[str, Answer] = {}
"""``"<skill>:<step>"`` → :class:`Answer`."""


ACTIVE: dict[str, Callable[..., Any]] = {}
"""Active skills (play-phase verbs): id → ``fn(ctx, seat, args)``."""


RESPONSES: dict[str, Callable[[Ctx, RespondPrompt, int, list[str]], None]] = {}
"""Skills used as the answer of a card prompt (流离 on a 杀): id → ``fn(ctx, prompt, seat, args)``."""


_Fn = TypeVar("_Fn", bound=Callable[..., Any])
_T = TypeVar("_T")


def step(sid: str, name: str = "ask", verbs: tuple[str, ...] = ("yes", "no", "skill"),
         takes_args: bool = False) -> Callable[[_Fn], _Fn]:
    """Decorator: ``fn(ctx, prompt, action)`` answers step ``name`` of skill ``sid``'s question."""
    def deco(fn: _Fn) -> _Fn:
        STEPS[f"{sid}:{name}"] = Answer(fn, frozenset(verbs), takes_args)
        return fn
    return deco


def accepted(sid: str, on_no: Callable[[Ctx, SkillPrompt], None] | None = None) -> Callable[[_Fn], _Fn]:
    """Decorator for the answer of an optional skill's question — the shape ask → yes → effect every optional
    skill shares: ``no`` declines it (logged; then ``on_no(ctx, prompt)``: what happens without the skill),
    ``yes`` / the skill's word takes the question away and runs the decorated ``fn(ctx, prompt, action)``, the
    effect.  Registered as step ``"<sid>:ask"`` answered by ``yes`` / ``no`` / the skill's word."""
    def deco(fn: _Fn) -> _Fn:
        def answer(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
            if a.verb == "no":
                declined(ctx, p)
                if on_no is not None:
                    on_no(ctx, p)
                return
            ctx.st.prompts.pop()
            fn(ctx, p, a)
        STEPS[f"{sid}:ask"] = Answer(answer)
        return fn
    return deco


def active(sid: str) -> Callable[[_Fn], _Fn]:
    """Decorator: ``fn(ctx, seat, args)`` is the active skill ``sid`` (a play-phase verb)."""
    def deco(fn: _Fn) -> _Fn:
        ACTIVE[sid] = fn
        return fn
    return deco


def answers(p: AnyPrompt, a: Action) -> bool:
    """True when action ``a`` answers prompt ``p`` through a skill."""
    if p.kind == _SKILL:
        ans = STEPS.get(f"{p.data.skill}:{p.data.step or 'ask'}")
        if ans is None or a.verb not in ans.verbs:
            return False
        return a.verb != "skill" or a.args["skill"] == p.data.skill
    if a.verb == "skill" and a.args["skill"] in RESPONSES:
        return p.kind == _RESPOND
    if a.verb == "use" and a.args.get("vskill") in ("hujia", "jijiang"):
        return p.kind == _RESPOND
    return False


def answer(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    """Answer the top ``skill`` prompt ``p`` with ``a``.  Raises :class:`Refused` (``prompt.seat``) when ``a``
    names another seat than the one asked: a skill's question is its seat's to answer (刚烈's choice is the damage
    source's, ``take S`` / ``pass S`` included: standard_generals.json 刚烈 '伤害来源选择…'; rulebook 003 on 刚烈:
    the seat that caused the damage is the one concerned)."""
    if a.seat is not None and a.seat != p.seat and a.verb in ("skill", "yes", "no", "pick", "take", "pass"):
        raise refuse(Rule.PROMPT_SEAT, msg="seat_answers_this", seat=p.seat, a_seat=a.seat)
    ans = STEPS[f"{p.data.skill}:{p.data.step or 'ask'}"]
    extra = a.args.get("args") if a.verb == "skill" else None
    if extra and not ans.takes_args:
        sid = p.data.skill
        ske, skz = skill_names(sid)
        raise refuse(Rule.SKILL_ARGS, msg="takes_arguments_here", sk_name=Words(ske, skz), sid=sid,
                     extra_list=' '.join(extra))
    ans.fn(ctx, p, a)


def declined(ctx: Ctx, p: SkillPrompt) -> None:
    """Skill question ``p`` is answered no: it leaves the stack, logged as declined."""
    ctx.st.prompts.pop()
    ske, skz = skill_names(p.data.skill)
    ne, nz = who(ctx.st, p.seat)
    log_event(ctx, "decline", p.seat, *en_zh("skills.base.declined", who=Words(ne, nz), sk_name=Words(ske, skz)),
              skill=p.data.skill)


def used(ctx: Ctx, n: int, sid: str, en: str = "", zh: str = "") -> None:
    """Log that seat ``n`` uses skill ``sid`` (``en`` / ``zh``: what it does, or nothing)."""
    ske, skz = skill_names(sid)
    ne, nz = who(ctx.st, n)
    what_en, what_zh = en_zh("skills.base.used/what", what=Words(en, zh))
    ctx.event("skill", say("skill/uses", who=Words(ne, nz), sk_name=Words(ske, skz),
                           what=Words(what_en if en else "", what_zh if zh else "")), seat=n, skill=sid)


ACTIVE_SYNTAX: dict[str, tuple[int, int | None, str, Message | str, str]] = {
    # id: (fewest args, most args (None: any), usage after 'S id', what the first args are, example args)
    "zhiheng": (1, None, "N [SLOT …]", text("skills.base.syntax/zhiheng"), "2"),
    "rende": (2, 2, "T N", text("skills.base.syntax/rende"), "2 1"),
    "kurou": (0, 0, "", "", ""),
    "jieyin": (1, 1, "T", text("skills.base.syntax/target"), "2"),
    "qingnang": (1, 1, "T", text("skills.base.syntax/target"), "2"),
    "fanjian": (3, 3, "T SUIT FACE", text("skills.base.syntax/fanjian"), "2 ♥ ♠5"),
    "lijian": (2, 3, "A B [SLOT]", text("skills.base.syntax/lijian"), "2 3"),
}
"""The written form of each active skill (docs/commands.md): missing or extra words are refused with it."""


def _syntax(sid: str, n: int, args: list[str]) -> None:
    lo, hi, usage, what, example = ACTIVE_SYNTAX[sid]
    ske, skz = skill_names(sid)
    if len(args) < lo:
        raise refuse(Rule.SKILL_ARGS, msg="needs", sid=sid, n=n, example=example, sk_name=Words(ske, skz), usage=usage,
                     what=what)
    if hi is not None and len(args) > hi:
        form = Words(*en_zh("skills.base.syntax/form", sid=sid, usage=usage)) if usage else \
            Words(*en_zh("skills.base.syntax/form_bare", sid=sid))
        raise refuse(Rule.SKILL_ARGS, msg="unexpected_words", sk_name=Words(ske, skz), extra=" ".join(args[hi:]), sid=sid,
                     form=form)


def _not_owner(st: GameState, n: int, sid: str) -> tuple[str, str]:
    """Why seat ``n`` cannot use ``sid`` (en, zh): dead, does not have it (lord skills: not the lord), or dying."""
    s = st.seat(n)
    ske, skz = skill_names(sid)
    ne, nz = who(st, n)
    if not s.alive:
        return en_zh("skills.base.not_owner/dead_cannot_use", who=Words(ne, nz), sk_name=ske)
    if not has_skill(st, s, sid):
        lord = text("skills.base.not_owner/lord_skill") if SKILLS[sid].lord_skill and st.lord_seat != n else ""
        return en_zh("skills.base.not_owner/does_have", who=Words(ne, nz), sk_name=Words(ske, skz), lord=lord)
    if sid in WHILE_DYING:  # only under the variant faq_dying_skills
        return en_zh("skills.base.not_owner/dying_under_variant", who=Words(ne, nz), sk_name=ske)
    return en_zh("skills.base.not_owner/dying_dying_general", who=Words(ne, nz), sk_name=ske)


def _viewas_form(sid: str, n: int | None, args: list[str]) -> tuple[str, str]:
    """'5 过河拆桥:♠3 6 via qixi' from the words of a view-as skill typed as a verb ('5 奇袭 6 ♠3')."""
    va = VIEW_AS[sid]
    face, targets = "FACE", []
    for w in args:
        if w.isdigit():
            targets.append(w)
            continue
        try:
            face = str(parse_face(w))
        except CardError:
            pass
    k = KINDS[va.as_kinds[0]]
    seat = f"{n} " if n is not None else "S "
    forms = []
    for kind in (k.command("en"), k.command("zh")):  # the line in each language's command words
        if sid in ("hujia", "jijiang"):
            forms.append(f"S {kind}{' T' if sid == 'jijiang' else ''} via {sid}")
        else:
            forms.append(f"{seat}{kind}:{face}{''.join(' ' + t for t in targets)} via {sid}")
    return forms[0], forms[1]


def verb(ctx: Ctx, a: Action) -> None:
    """The ``skill`` verb: answer a skill prompt, answer a card prompt (流离), or use an active skill.

    Checked in this order, each with its own reason: the seat exists, the seat has the skill, the words
    (missing / extra arguments, a view-as skill written as a verb), then dead / dying, then the phase."""
    st = ctx.st
    sid = a.args["skill"]
    top = st.prompt
    ske, skz = skill_names(sid)
    if top is not None and top.kind == PromptKind.SKILL and top.data.skill == sid:
        if not answers(top, a):
            raise refuse(Rule.PROMPT_ANSWER, msg="answer_this_question", top=top.said)
        answer(ctx, top, a)
        return
    if a.seat is not None and not 1 <= a.seat <= len(st.seats):
        raise refuse(Rule.SEAT_UNKNOWN, source="companion: seats are numbered 1..N in the order of play",
                     msg="seat_table_has", seat=a.seat, n_seats=len(st.seats))
    if a.seat is not None and st.seat(a.seat).alive and not has_skill(st, st.seat(a.seat), sid):
        why_en, why_zh = _not_owner(st, a.seat, sid)
        ctx.check(False, Rule.SKILL_NONE, why_en, why_zh, SRC_SKILL)
    args = list(a.args.get("args", []))
    if sid in RESPONSES and top is not None and top.kind == PromptKind.RESPOND:
        n = a.seat if a.seat is not None else top.seat
        if not usable(st, n, sid):
            why_en, why_zh = _not_owner(st, n, sid)
            raise refuse(Rule.SKILL_NONE, why_en, why_zh, forceable=True)
        RESPONSES[sid](ctx, top, n, args)
        return
    if sid in VIEW_AS and sid not in ACTIVE:
        form_en, form_zh = _viewas_form(sid, a.seat, args)
        raise refuse(Rule.SKILL_FORM, sk_name=Words(ske, skz), view_as_sid=VIEW_AS[sid].text,
                     form=Words(form_en, form_zh))
    if sid not in ACTIVE:
        raise refuse(Rule.SKILL_WHEN, msg="used_command_now", sk_name=Words(ske, skz),
                     summary_en=Words(SKILLS[sid].summary_en, SKILLS[sid].summary_zh))
    who_uses = a.seat if a.seat is not None else st.turn_seat
    if who_uses is None:
        raise refuse(Rule.SKILL_SEAT, sk_name=Words(ske, skz), sid=sid)
    n = who_uses
    _syntax(sid, n, args)
    if not usable(st, n, sid):
        why_en, why_zh = _not_owner(st, n, sid)
        ctx.check(False, Rule.SKILL_NONE, why_en, why_zh, SRC_SKILL)
    ctx.check(st.turn_seat == n and st.phase == "play" and not st.prompts, Rule.SKILL_PHASE, source=SRC_SKILL,
              sk_name=Words(ske, skz), turn_seat=st.turn_seat, phase=phase_name(st.phase))
    ACTIVE[sid](ctx, n, args)


def once(ctx: Ctx, n: int, sid: str) -> None:
    """Once per play phase: refuse a second use."""
    key = f"skill:{sid}"
    ske, skz = skill_names(sid)
    ctx.check(not ctx.st.counters.get(key), Rule.SKILL_ONCE, source=SRC_SKILL, sk_name=Words(ske, skz))
    ctx.st.counters[key] = 1


@dataclass(frozen=True, slots=True)
class ViewAs(Worded):
    """A card used or played as another: ``as_kinds`` it becomes, ``check(face) -> ok``, the rule in words (a catalogue
    text, rendered when first read)."""

    as_kinds: tuple[str, ...]
    check: Callable[[Face], bool]
    text: Message
    own_turn: bool | None = None  # True: only in own turn; False: only outside it; None: any time
    needs_face: bool = True  # False: no colour / suit condition, the face is optional (龙胆)


def _is(kind: str) -> Callable[[Face], bool]:
    faces = faces_of(kind)
    return lambda f: f in faces


VIEW_AS: dict[str, ViewAs] = {}
"""View-as skills by id (each registered by its kingdom's module).  龙胆's face must be a 闪 (as 杀) or 杀 (as 闪) of
the standard deck."""


_LONGDAN_FROM = {"slash": _is("jink"), "jink": _is("slash")}


def _ref_face(ref: str) -> Face | None:
    parts = ref.split("-")
    try:
        return Face(Suit(parts[1]), int(parts[2])) if len(parts) >= 3 else None
    except ValueError:
        return None


def _slot_face(ctx: Ctx, ref: str, sid: str, as_kind: str, va: ViewAs, ske: str, skz: str) -> tuple[Face | None, bool]:
    """The face of an equipped card recorded without one (``3 赤兔``), from the standard deck data
    (RULES_NOTES: Deck; ``cards.standard_deck``): ``(face, False)`` when the kind has one copy
    (赤兔 is ♥5 only); ``(None, True)`` — accepted on the moderator's word — when several copies differ
    for the skill's check (诸葛连弩 ♣A / ♦A for 武圣) or the kind is not in the deck.  Refused
    ``viewas.face`` (forceable) when no copy of the kind passes (八卦阵 ♠2 / ♣2 is never red)."""
    kid = ref.split("-")[0]
    copies = sorted(faces_of(kid), key=str)
    if len(copies) == 1:
        return copies[0], False
    ok = [f for f in copies if va.check(f) and (sid != "longdan" or _LONGDAN_FROM[as_kind](f))]
    if copies and not ok:
        faces = " / ".join(map(str, copies))
        k = KINDS.get(kid)
        name = k if k else kid
        ctx.check(False, Rule.VIEWAS_FACE, source="RULES_NOTES: Deck; " + SRC_SKILL, msg="standard_deck_cannot", name=name,
                  faces=faces, sk_name=Words(ske, skz), va=va.text)
    return None, True


def _for_the_lord(ctx: Ctx, a: Action, top: AnyPrompt | None, sid: str, n: int, kind: CardKind, face: Face | None,
                  ske: str, skz: str) -> tuple[int, int]:
    """护驾 / 激将: seat ``n`` (another Wei / Shu seat) gives the card; the lord acts with it.  Returns
    (the lord, ``n``).  Raises Refused ``viewas.lord``, ``viewas.kingdom``, ``viewas.when``, ``hand.empty``."""
    st = ctx.st
    want = Kingdom.WEI if sid == "hujia" else Kingdom.SHU
    lord = st.lord_seat
    card_k = KINDS["jink" if sid == "hujia" else "slash"]
    card_zh = card_k.zh
    # skill text: "Other Shu (Wei) characters may, one by one, play a 杀 (闪) that counts as used/played by you"
    if lord == n:
        helpers = [h for h in owners_from(st, n) if kingdom_of(st, h) == want]
        h = str(helpers[0]) if helpers else "S"
        tg = "".join(f" {t}" for t in a.args.get("targets") or []) or (" T" if sid == "jijiang" else "")
        form = f"{h} {card_zh}{tg} via {sid}"
        seats = Words(", ".join(map(str, helpers)), "、".join(map(str, helpers)))
        ctx.check(False, Rule.VIEWAS_LORD, source=SRC_SKILL, msg="from_the_lord", sk_name=Words(ske, skz), card=card_k,
                  kingdom=want, form=Words(f"{h} {card_k.id}{tg} via {sid}", form),
                  helpers=text("skills.base.viewas_lord/helpers", kingdom=want, seats=seats) if helpers else
                  text("skills.base.viewas_lord/no_helpers", kingdom=want))
    ctx.check(lord is not None and usable(st, lord, sid), Rule.VIEWAS_LORD, source=SRC_SKILL, sk_name=Words(ske, skz))
    if lord is None:  # forced past viewas.lord: there is no lord to give the card for
        raise refuse(Rule.VIEWAS_LORD, sk_name=Words(ske, skz))
    ctx.check(kingdom_of(st, n) == want, Rule.VIEWAS_KINGDOM, source=SRC_SKILL, n=n, want=want, sk_name=ske)
    if sid == "hujia":
        ctx.check(top is not None and top.kind == PromptKind.RESPOND and top.seat == lord, Rule.VIEWAS_WHEN, source=SRC_SKILL,
                  msg="only_when_lord")
    else:
        ctx.check(st.turn_seat == lord or (top is not None and top.seat == lord), Rule.VIEWAS_WHEN, source=SRC_SKILL,
                  msg="only_when_lord_uses")
    payer, actor = st.seat(n), st.seat(lord)
    ctx.check(payer.hand >= 1, Rule.HAND_EMPTY, source="companion: hand count", msg="seat_has_hand", n=n)
    payer.hand = max(0, payer.hand - 1)
    actor.hand += 1
    pe, pz = who(st, n)
    ae, az = who(st, lord)
    log_event(
        ctx, "viewas", n, *en_zh("skills.base.view_as/gives", asked=Words(pe, pz), kind=kind, asked2=Words(ae, az),
                     sk_name=Words(ske, skz)),
        skill=sid, card=str(face) if face else None, as_kind=kind.id, payer=n)
    return lord, n


def view_as(ctx: Ctx, a: Action, top: AnyPrompt | None) -> tuple[int, int]:
    """Check ``a`` (``S CARD[:FACE] … via SKILL``): returns (acting seat, paying seat).

    For 护驾 / 激将 the written seat pays (a Wei / Shu seat) and the lord acts; the card moves from
    the payer's hand to the lord's before the lord uses it.  Records both the face and what it was used as.
    """
    st = ctx.st
    sid = a.args["vskill"]
    kind = card_kind(a.args["card"])
    face: Face | None = a.args.get("face")
    va = VIEW_AS.get(sid)
    ske, skz = skill_names(sid) if sid in SKILLS else (sid, sid)
    if va is None:
        raise refuse(Rule.VIEWAS_UNKNOWN, sk_name=Words(ske, skz))
    n = a.seat
    if n is None and top is not None:
        n = top.seat
    if n is None:
        raise refuse(Rule.USE_SEAT, msg="write_seat_first")
    living(ctx, n, sid)
    ctx.check(kind.id in va.as_kinds, Rule.VIEWAS_KIND, source=SRC_SKILL, sk_name=Words(ske, skz), va=va.text,
              kind=kind)
    if sid in ("hujia", "jijiang"):
        return _for_the_lord(ctx, a, top, sid, n, kind, face, ske, skz)
    if va.own_turn is False and has_skill(st, st.seat(n), sid):
        # in his own turn 急救 is not available, dying or not: that is the reason given (issue 13 §1)
        ctx.check(st.turn_seat != n, Rule.VIEWAS_TURN, source=SRC_SKILL, sk_name=Words(ske, skz))
    if not usable(st, n, sid):
        why_en, why_zh = _not_owner(st, n, sid)
        if has_skill(st, st.seat(n), sid):
            ctx.check(False, Rule.VIEWAS_SKILL, source=SRC_SKILL + "; " + SRC_FAQ, msg="cannot_use", why=Words(why_en, why_zh),
                      sk_name=skz)
        ctx.check(False, Rule.VIEWAS_SKILL, why_en, why_zh, SRC_SKILL + "; " + SRC_FAQ)  # texts from the catalogue
    slot = a.args.get("using")
    slot_ref = st.seat(n).equipment.get(slot) if slot else None
    on_word = False
    if face is None and slot_ref:
        face = _ref_face(slot_ref)  # 武圣 / 奇袭 / 国色 with an equipped card ('using SLOT')
        if face is None:
            face, on_word = _slot_face(ctx, slot_ref, sid, kind.id, va, ske, skz)
    # 龙胆 has no colour condition (standard_generals.json: any 杀 as 闪, any 闪 as 杀): no face is asked for
    ctx.check(face is not None or on_word or not va.needs_face, Rule.VIEWAS_FACE, source=SRC_SKILL, msg="write_face_card",
              sk_name=Words(ske, skz), kind=kind)
    if face is not None:
        ok = va.check(face) and (sid != "longdan" or _LONGDAN_FROM[kind.id](face))
        ctx.check(ok, Rule.VIEWAS_FACE, source=SRC_SKILL, msg="cannot_used", face=face, sk_name=Words(ske, skz),
                  va=va.text)
    ne, nz = who(st, n)
    face_text = str(face) if face is not None else ""
    shown: str | Words = face_text
    if slot_ref:  # the equipped card by name: 赤兔♥5
        k = KINDS.get(slot_ref.split("-")[0])
        shown = Words(f"{k.en if k else slot_ref}{face_text}", f"{k.zh if k else slot_ref}{face_text}")
    elif sid == "longdan":  # the card it was: 杀♠7 as 闪, 闪♦2 as 杀
        was = KINDS['jink' if kind.id == 'slash' else 'slash']
        shown = Words(f"{was.en}{face_text}", f"{was.zh}{face_text}")
    note_en = note_zh = ""
    if on_word:
        note_en, note_zh = en_zh("skills.base.view_as/face_recorded_taken")
    log_event(
        ctx, "viewas", n,
        *en_zh("skills.base.view_as/uses", who=Words(ne, nz), shown=shown, kind=kind, sk_name=Words(ske, skz),
                     note=Words(note_en, note_zh)),
        skill=sid, card=str(face) if face else None, as_kind=kind.id)
    return n, n


def judge_step(sid: str) -> None:
    """Register step ``"<sid>:judge"``: ``judge FACE`` answers skill ``sid``'s judgement question (刚烈, 铁骑, 洛神),
    judged with what the question carries as its job: 刚烈's ``source``, 铁骑's ``target`` (SKILL_JUDGED[sid] gives
    the effect)."""
    def fn(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
        ctx.st.prompts.pop()
        job: JudgementJob = {"kind": "skill", "skill": sid, "subject": sid, "seat": p.seat}
        if p.data.source is not None:
            job["source"] = p.data.source
        if p.data.target is not None:
            job["target"] = p.data.target
        judgement(ctx, job, a.args["face"])
    STEPS[f"{sid}:judge"] = Answer(fn, frozenset({"judge"}))


SKILL_JUDGED: dict[str, Callable[[Ctx, JudgementJob, Judgement], None]] = {}
"""Skill judgements: id → ``fn(ctx, job, judgement)`` once the card takes effect."""


def equipment_slots(ctx: Ctx, s: Seat, words: list[str], sid: str) -> list[str]:
    """The slots named in ``words`` (each once, each holding a card of seat ``s``).  Raises Refused ``skill.args``
    naming skill ``sid`` for an empty, unknown or repeated slot."""
    out = []
    for w in words:
        if w not in s.equipment or s.equipment.get(w) is None or w in out:
            ske, skz = skill_names(sid)
            raise refuse(Rule.SKILL_ARGS, msg="seat_has_nothing", sk_name=Words(ske, skz), seat=s.seat, w=w)
        out.append(w)
    return out


def duel_opponent(st: GameState, n: int) -> int | None:
    """The other party of the 决斗 being resolved when seat ``n`` is in it, else None."""
    f = top_frame(st)
    if f is None or f.kind != "duel":
        return None
    user: int = f.user
    target: int = f.targets[0]
    return user if n != user else target


def hints(ctx: Ctx, before: GameState) -> None:
    """After an action: the question now asked names the skills that may answer it (护驾 / 激将 helpers in seat
    order, 流离) and an unused 八卦阵 (RULES_NOTES: Judgements — a red judgement counts as 闪).  ``before``: the
    state before the action (a question already hinted is left as is)."""
    # The question names the skills that may answer it: 护驾 / 激将 (helpers in seat order), 流离; and an
    # unused 八卦阵 (RULES_NOTES: Judgements 八卦阵 — a red judgement counts as 闪).
    st = ctx.st
    p = st.prompt
    if p is None or p.kind != _RESPOND or p.data.hinted:
        return
    need = p.data.need or "jink"
    said: list[Message] = []
    for sid, want, card in (("hujia", _WEI, "jink"), ("jijiang", _SHU, "slash")):
        if need == card and usable(st, p.seat, sid) and st.lord_seat == p.seat:
            order = [n for n in owners_from(st, p.seat) if n != p.seat and kingdom_of(st, n) == want and st.seat(n).hand > 0]
            if order:
                ske, skz = skill_names(sid)
                seats = Words(", ".join(map(str, order)), "、".join(map(str, order)))
                givers = text("skills.base.hints/givers", seats=seats, card=KINDS[card]) if len(order) > 1 else \
                    text("skills.base.hints/giver", seats=seats, card=KINDS[card])
                said.append(text("skills.base.hints/via", sk_name=Words(ske, skz), who=givers, card=card, sid=sid))
    me = st.seat(p.seat)
    if p.data.slash and usable(st, p.seat, "liuli") and (me.hand > 0 or any(me.equipment.values())):
        ske, skz = skill_names("liuli")
        said.append(text("skills.base.hints/liuli_t_slot", sk_name=Words(ske, skz)))
    if need == "jink" and not p.data.bagua and armor_works(st, p.data, st.seat(p.seat)) == "eight_diagram":
        said.append(bagua_said())
    if said:
        st.prompts[-1] = Prompt(p.kind, p.seat, hinted(p.said, said), data=replace(p.data, hinted=True))


def owners_from(st: GameState, n: int) -> list[int]:
    """Living seats in seat order starting after seat ``n``."""
    alive = st.alive
    if n not in alive:
        return alive
    i = alive.index(n)
    return alive[i + 1:] + alive[:i]


def after_damage(st: GameState, ev: list[Event], victim: int, amount: int, source: int | None, nature: str, cause: str) -> None:
    """On-damage skills: asked now when the victim is at HP ≥ 1, else kept until it is saved."""
    if not st.seat(victim).alive:
        return
    if st.seat(victim).hp < 1:
        st.extra["after_dying"] = [*st.extra.get("after_dying", []), ("damaged", victim, amount, source, cause)]
        return
    fire_damaged(st, ev, victim, amount, source, cause)


def ev_ctx(st: GameState, ev: list[Event]) -> Ctx:
    """The context for hooks run from outcome.py (state + event list; never forced)."""
    ctx = Ctx(st, False)
    ctx.ev = ev
    return ctx


def fire_damaged(st: GameState, ev: list[Event], victim: int, amount: int, source: int | None,
                  cause: str) -> None:
    """Run the ``damaged`` hooks (newest first) for ``victim``'s ``amount`` damage from ``source`` by ``cause``."""
    ctx = ev_ctx(st, ev)
    for _sid, fn in reversed(HOOKS.get("damaged", ())):
        fn(ctx, victim, amount, source, cause)


def after_rescue(st: GameState, ev: list[Event], victim: int) -> None:
    """A dying seat saved: its waiting on-damage skills (and 苦肉's draw) now happen."""
    waiting = st.extra.get("after_dying", [])
    mine = [w for w in waiting if w[1] == victim]
    st.extra["after_dying"] = [w for w in waiting if w[1] != victim]
    for w in mine:
        if w[0] == "damaged":
            fire_damaged(st, ev, *w[1:])
        elif w[0] == "kurou":
            draw_cards(ev_ctx(st, ev), victim, 2, "苦肉", "苦肉")


oc.AFTER_DAMAGE.append(after_damage)


oc.ON_RESCUE.append(after_rescue)


def skill_word(word: str) -> str | None:
    """Skill id for a typed word (id, 中文名, English name, alias such as ``tieji``), or None."""
    k = SKILL_INDEX.get(norm(word))  # exact lookup, no suggestions: runs on every parsed line
    return k.id if k is not None else None



def _skill_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    SKILL_JUDGED[job["skill"]](ctx, job, j)


JUDGED["skill"] = _skill_judged
