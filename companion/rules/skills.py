"""The 40 skills of the 25 standard generals: each one defined here, once, as data plus a small effect.

The engine calls named moments (FreeKill / QSanguosha style "trigger events");
a skill registers the moments it cares about with :func:`on`:

=================  ============================================================
moment             called as / what the hook does
=================  ============================================================
``start``          ``(ctx, seat)`` start (prepare) phase: 洛神, 观星 prompts
``draw``           ``(ctx, seat) -> bool`` True when a prompt now decides the draw (突袭, 裸衣)
``draw_count``     ``(st, seat, n) -> n`` cards drawn in the draw phase (英姿)
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
from dataclasses import dataclass
from typing import Any, TypeVar

from . import outcome as oc
from .cards import KINDS, CardError, CardType, Face, Suit, card_kind, faces_of, parse_face
from .distance import has_skill, in_range
from .equipment import armor_works
from .errors import Event, Refused
from .generals import _SKILL_INDEX, GENERALS, SKILLS, Gender, Kingdom
from .judgement import JUDGEMENTS, JudgementRule, register
from .names import norm
from .outcome import who
from .state import SLOTS, GameState, Prompt, Seat

__all__ = ["usable", "owners", "on", "HOOKS", "ACTIVE", "VIEW_AS", "ViewAs", "call", "first",
           "answers", "answer", "verb", "view_as", "judgement", "skill_of", "SRC_SKILL", "SRC_FAQ"]

SRC_SKILL = "standard_generals.json (FK standard, original texts)"
SRC_FAQ = "rulebook 003 (old FAQ)"

HOOKS: dict[str, list[tuple[str, Callable]]] = {}
"""Moment → ``[(skill id, hook)]`` in registration order."""


def on(moment: str, sid: str) -> Callable[[_Hook], _Hook]:
    """Decorator: register ``fn`` as skill ``sid``'s hook for ``moment``."""
    def deco(fn: _Hook) -> _Hook:
        HOOKS.setdefault(moment, []).append((sid, fn))
        return fn
    return deco


_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def skill_of(st: GameState, n: int | None) -> str | None:
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


def call(moment: str, *args) -> list:
    """Call every hook of ``moment``; returns their results."""
    return [fn(*args) for _sid, fn in HOOKS.get(moment, ())]


def first(moment: str, *args):
    """The first truthy result of the hooks of ``moment`` (or None)."""
    for _sid, fn in HOOKS.get(moment, ()):
        r = fn(*args)
        if r:
            return r
    return None


def _sk(sid: str) -> tuple[str, str]:
    k = SKILLS[sid]
    return f"{k.zh} {k.en}", k.zh


def _refuse(rule: str, en: str, zh: str, source: str = SRC_SKILL, forceable: bool = False) -> Refused:
    return Refused(rule, en, zh, source, forceable=forceable)


def _ask(ctx, owner: int, sid: str, what_en: str, what_zh: str, choice_en: str = "yes / no",
         choice_zh: str = "yes / no", **data: Any) -> None:
    """Push a ``skill`` prompt: '<owner>'s <skill>: <what> — <choice>'."""
    ne, nz = who(ctx.st, owner)
    ske, skz = _sk(sid)
    data.setdefault("skill", sid)
    data.setdefault("step", "ask")
    ctx.st.prompts.append(Prompt("skill", owner, f"{ne}'s {ske}: {what_en} — {choice_en}",
                                 f"{nz}的{skz}：{what_zh}——{choice_zh}", data))


def _ev(ctx, kind: str, n: int | None, en: str, zh: str, **data) -> None:
    ctx.ev.append(Event(kind, en, zh, n, data))


def _draw(ctx, n: int, k: int, why_en: str, why_zh: str) -> None:
    s = ctx.st.seat(n)
    s.hand += k
    ne, nz = who(ctx.st, n)
    _ev(ctx, "draw", n, f"{ne} draws {k} ({why_en}) (hand {s.hand})", f"{nz}摸{k}张牌（{why_zh}）（手牌{s.hand}）")


def _gain_judged(ctx, n: int, face, sid: str) -> None:
    """``n`` takes the judgement card (洛神, 天妒): gained, not drawn from the deck."""
    s = ctx.st.seat(n)
    s.hand += 1
    ne, nz = who(ctx.st, n)
    skz = SKILLS[sid].zh
    _ev(ctx, "draw", n, f"{ne} gains the judgement card {face} ({skz}) (hand {s.hand})",
        f"{nz}获得判定牌{face}（{skz}）（手牌{s.hand}）")


def _int(tok: str | None, what: str, sid: str) -> int:
    if what == "seat" and tok is not None:
        tok = tok.removesuffix("号位").removesuffix("号")  # 4号 / 4号位: seat 4 (docs/commands.md)
    try:
        return int(tok)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        ske, skz = _sk(sid)
        got = f"not {tok!r}" if tok is not None else "missing"
        what_zh = {"seat": "座位号", "count": "张数"}.get(what, "参数")
        raise _refuse("skill.args", f"{ske}: {what} must be a number ({got})",
                      f"{skz}：{what_zh}应为数字", forceable=False) from None


def _living(ctx, t: int, sid: str) -> Seat:
    st = ctx.st
    if not 1 <= t <= len(st.seats) or not st.seat(t).alive:
        ske, skz = _sk(sid)
        raise _refuse("skill.target", f"{ske}: seat {t} is not a living seat", f"{skz}：{t}号位不是存活角色")
    return st.seat(t)


def _suit(tok: str | None, sid: str) -> Suit:
    try:
        return parse_face(f"{tok}1").suit
    except (CardError, TypeError):
        ske, skz = _sk(sid)
        raise _refuse("skill.args", f"{ske}: {tok!r} is not a suit (♠ ♥ ♣ ♦)" if tok is not None else
                      f"{ske}: the suit is missing (♠ ♥ ♣ ♦)", f"{skz}：{tok or ''}不是花色") from None


def _face(tok: str | None, sid: str) -> Face:
    try:
        return parse_face(tok or "")
    except CardError:
        ske, skz = _sk(sid)
        raise _refuse("skill.args", f"{ske}: write the card face, e.g. ♥5" + (f" (got {tok!r})" if tok else ""),
                      f"{skz}：请写牌面，例如♥5") from None


def _kingdom(st: GameState, n: int) -> Kingdom | None:
    g = GENERALS.get(st.seat(n).general or "")
    return g.kingdom if g else None


def _male(st: GameState, n: int) -> bool:
    g = GENERALS.get(st.seat(n).general or "")
    return g is not None and g.gender == Gender.MALE


# =========================================================================== judgements

register(JudgementRule(
    "ganglie", "刚烈", lambda f: f.suit != Suit.HEART,
    "not a heart: the source discards 2 hand cards or takes 1 damage", "a heart: no effect",
    "不是红桃：伤害来源弃置两张手牌或受到1点伤害", "红桃：无效果", "standard_generals.json 夏侯惇 刚烈"))
register(JudgementRule(
    "luoshen", "洛神", lambda f: f.color == "black",
    "black: 甄姬 gains the card and may judge again", "red: the card is discarded, 洛神 ends",
    "黑色：甄姬获得此牌并可再次判定", "红色：弃置此牌，洛神结束", "standard_generals.json 甄姬 洛神"))
_TIEQI = JudgementRule(
    "tieqi", "铁骑", lambda f: f.color == "red",
    "red: the target cannot play 闪 against this 杀", "black: the target may play 闪",
    "红色：目标不能使用闪响应此杀", "黑色：目标可以出闪", "standard_generals.json 马超 铁骑")
register(_TIEQI)
register(JudgementRule("tieji", *[getattr(_TIEQI, f) for f in ("zh_name", "test", "en_yes", "en_no", "zh_yes", "zh_no",
                                                              "source")]))


def judgement(ctx, job: dict, face: Face) -> None:
    """A judgement card ``face`` is flipped for ``job``; 鬼才 may replace it first (one replacement
    per judgement), then it takes effect (:func:`finish_judgement`)."""
    st = ctx.st
    if not job.get("replaced"):
        for n in owners(st, "guicai"):
            if st.seat(n).hand >= 1:
                je, jz = job_name(job)
                _ask(ctx, n, "guicai", f"replace the judgement card {face} for {je} with a hand card",
                     f"可打出一张手牌代替{jz}的判定牌{face}", "guicai FACE / no", "guicai 牌面 / no",
                     step="guicai", job=dict(job), face=face)
                return
    finish_judgement(ctx, job, face)


def job_name(job: dict) -> tuple[str, str]:
    rule = JUDGEMENTS[job["subject"]]
    return rule.zh_name, rule.zh_name


def finish_judgement(ctx, job: dict, face: Face) -> None:
    """The judgement's result is determined (and logged); a ``judged`` hook that asks a question (天妒)
    defers the effect until it is answered (:func:`judgement_effect`); else the effect happens now."""
    from . import engine  # noqa: PLC0415 - the engine owns card judgements
    j = engine.judgement_result(ctx, job, face)
    for _sid, fn in HOOKS.get("judged", ()):
        if fn(ctx, job, j):
            return
    engine.judgement_effect(ctx, job, j)


def judgement_effect(ctx, job: dict, face: Face) -> None:
    """The deferred effect of a judgement whose result was determined with card ``face``."""
    from . import engine  # noqa: PLC0415
    from .judgement import resolve_judgement  # noqa: PLC0415
    engine.judgement_effect(ctx, job, resolve_judgement(job["subject"], face))


# =========================================================================== prompts and verbs


@dataclass(frozen=True, slots=True)
class Answer:
    """How a prompt step is answered: ``fn(ctx, prompt, action)``; ``verbs`` accepted besides the skill's name."""

    fn: Callable
    verbs: frozenset[str] = frozenset({"yes", "no", "skill"})
    takes_args: bool = False  # 'SKILL ARGS…' answers (突袭 seats, 反馈 zone, 遗计 gifts, 鬼才 face); else none


STEPS: dict[str, Answer] = {}
"""``"<skill>:<step>"`` → :class:`Answer`."""
ACTIVE: dict[str, Callable] = {}
"""Active skills (play-phase verbs): id → ``fn(ctx, seat, args)``."""
RESPONSES: dict[str, Callable] = {}
"""Skills used as the answer of a card prompt (流离 on a 杀): id → ``fn(ctx, prompt, seat, args)``."""


def step(sid: str, name: str = "ask", verbs: tuple[str, ...] = ("yes", "no", "skill"), takes_args: bool = False):
    def deco(fn):
        STEPS[f"{sid}:{name}"] = Answer(fn, frozenset(verbs), takes_args)
        return fn
    return deco


def active(sid: str):
    def deco(fn):
        ACTIVE[sid] = fn
        return fn
    return deco


def answers(p: Prompt, a) -> bool:
    """True when action ``a`` answers prompt ``p`` through a skill."""
    if p.kind == "skill":
        ans = STEPS.get(f"{p.data['skill']}:{p.data.get('step', 'ask')}")
        if ans is None or a.verb not in ans.verbs:
            return False
        return a.verb != "skill" or a.args["skill"] == p.data["skill"]
    if a.verb == "skill" and a.args["skill"] in RESPONSES:
        return p.kind == "respond"
    if a.verb == "use" and a.args.get("vskill") in ("hujia", "jijiang"):
        return p.kind == "respond"
    return False


def answer(ctx, p: Prompt, a) -> None:
    """Answer the top ``skill`` prompt ``p`` with ``a``."""
    if a.seat is not None and a.seat != p.seat and a.verb in ("skill", "yes", "no", "pick"):
        raise _refuse("prompt.seat", f"seat {p.seat} answers this, not seat {a.seat}", f"应由{p.seat}号位回答")
    ans = STEPS[f"{p.data['skill']}:{p.data.get('step', 'ask')}"]
    extra = a.args.get("args") if a.verb == "skill" else None
    if extra and not ans.takes_args:
        sid = p.data["skill"]
        ske, skz = _sk(sid)
        raise _refuse("skill.args", f"{ske} takes no arguments here ({' '.join(extra)!r}): answer 'yes' / '{sid}' or 'no'",
                      f"{skz}此处不带参数：请回答 yes / {sid} 或 no")
    ans.fn(ctx, p, a)


def declined(ctx, p: Prompt) -> None:
    ctx.st.prompts.pop()
    ske, skz = _sk(p.data["skill"])
    ne, nz = who(ctx.st, p.seat)
    _ev(ctx, "decline", p.seat, f"{ne} does not use {ske}", f"{nz}不发动{skz}", skill=p.data["skill"])


def used(ctx, n: int, sid: str, en: str = "", zh: str = "") -> None:
    ske, skz = _sk(sid)
    ne, nz = who(ctx.st, n)
    _ev(ctx, "skill", n, f"{ne} uses {ske}" + (f": {en}" if en else ""), f"{nz}发动{skz}" + (f"：{zh}" if zh else ""),
        skill=sid)


ACTIVE_SYNTAX: dict[str, tuple[int, int | None, str, str, str]] = {
    # id: (fewest args, most args (None: any), usage after 'S id', what the first args are, example args)
    "zhiheng": (1, None, "N [SLOT …]", "the number of cards", "2"),
    "rende": (2, 2, "T N", "a target seat and a number of cards", "2 1"),
    "kurou": (0, 0, "", "", ""),
    "jieyin": (1, 1, "T", "a target seat", "2"),
    "qingnang": (1, 1, "T", "a target seat", "2"),
    "fanjian": (3, 3, "T SUIT FACE", "a target seat, the suit it names and the card it takes", "2 ♥ ♠5"),
    "lijian": (2, 3, "A B [SLOT]", "two male seats (A duels B)", "2 3"),
}
"""The written form of each active skill (docs/commands.md): missing or extra words are refused with it."""


def _syntax(sid: str, n: int, args: list[str]) -> None:
    lo, hi, usage, what, example = ACTIVE_SYNTAX[sid]
    ske, skz = _sk(sid)
    if len(args) < lo:
        raise _refuse("skill.args", f"{sid} needs {what}: '{n} {sid} {example}' ({ske}: 'S {sid} {usage}')",
                      f"{skz}需要参数：{n} {sid} {example}（S {sid} {usage}）")
    if hi is not None and len(args) > hi:
        form = f"'S {sid} {usage}'" if usage else f"'S {sid}' (no arguments)"
        raise _refuse("skill.args", f"{ske}: unexpected {' '.join(args[hi:])!r} — {sid} is written {form}",
                      f"{skz}：多余的参数{' '.join(args[hi:])}——写法 S {sid} {usage}".rstrip())


def _not_owner(st: GameState, n: int, sid: str) -> tuple[str, str]:
    """Why seat ``n`` cannot use ``sid`` (en, zh): dead, does not have it (lord skills: not the lord), or dying."""
    s = st.seat(n)
    ske, skz = _sk(sid)
    ne, nz = who(st, n)
    if not s.alive:
        return f"{ne} is dead: cannot use {ske}", f"{nz}已阵亡"
    if not has_skill(st, s, sid):
        lord = " (a lord skill: only the lord has it)" if SKILLS[sid].lord_skill and st.lord_seat != n else ""
        return f"{ne} does not have {ske}{lord}", f"{nz}没有{skz}"
    if sid in WHILE_DYING:  # only under the variant faq_dying_skills
        return (f"{ne} is dying: under the variant faq_dying_skills a dying general has lost his skills until a 桃 "
                f"brings him back to 1 HP (old FAQ, rulebook 003; only 桃 saves yourself): cannot use {ske}",
                f"{nz}处于濒死状态：变体faq_dying_skills下濒死角色的技能无效，只有桃才能自救（旧FAQ）")
    return (f"{ne} is dying: a dying general has lost his skills until a 桃 brings him back to 1 HP "
            f"(old FAQ, rulebook 003; only 桃 saves yourself): cannot use {ske}",
            f"{nz}处于濒死状态：濒死角色的技能无效，直到用桃回复至1点体力（旧FAQ）")


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
    kind = KINDS[va.as_kinds[0]].zh
    seat = f"{n} " if n is not None else "S "
    if sid in ("hujia", "jijiang"):
        form = f"S {kind}{' T' if sid == 'jijiang' else ''} via {sid}"
    else:
        form = f"{seat}{kind}:{face}{''.join(' ' + t for t in targets)} via {sid}"
    return form, form


def verb(ctx, a) -> None:
    """The ``skill`` verb: answer a skill prompt, answer a card prompt (流离), or use an active skill.

    Checked in this order, each with its own reason: the seat exists, the seat has the skill, the words
    (missing / extra arguments, a view-as skill written as a verb), then dead / dying, then the phase."""
    st = ctx.st
    sid = a.args["skill"]
    top = st.prompt
    ske, skz = _sk(sid)
    if top is not None and top.kind == "skill" and top.data["skill"] == sid:
        if not answers(top, a):
            raise _refuse("prompt.answer", f"answer this question as it says — {top.en}", f"请按询问回答：{top.zh}")
        answer(ctx, top, a)
        return
    if a.seat is not None and not 1 <= a.seat <= len(st.seats):
        raise _refuse("seat.unknown", f"no seat {a.seat}: the table has seats 1..{len(st.seats)}",
                      f"没有{a.seat}号位：座位为1..{len(st.seats)}", "companion: seats are numbered 1..N in the order of play")
    if a.seat is not None and st.seat(a.seat).alive and not has_skill(st, st.seat(a.seat), sid):
        why_en, why_zh = _not_owner(st, a.seat, sid)
        ctx.check(False, "skill.none", why_en, why_zh, SRC_SKILL)
    args = list(a.args.get("args", []))
    if sid in RESPONSES and top is not None and top.kind == "respond":
        n = a.seat if a.seat is not None else top.seat
        if not usable(st, n, sid):
            why_en, why_zh = _not_owner(st, n, sid)
            raise _refuse("skill.none", why_en, why_zh, forceable=True)
        RESPONSES[sid](ctx, top, n, args)
        return
    if sid in VIEW_AS and sid not in ACTIVE:
        form_en, form_zh = _viewas_form(sid, a.seat, args)
        raise _refuse("skill.form", f"{ske} turns a card into another ({VIEW_AS[sid].en}): write the card it becomes, "
                                    f"e.g. '{form_en}'", f"{skz}（{VIEW_AS[sid].zh}）：请写出当作的牌，例如 {form_zh}")
    if sid not in ACTIVE:
        raise _refuse("skill.when", f"{ske} is not used by command now: {SKILLS[sid].summary_en}",
                      f"{skz}现在不能发动：{SKILLS[sid].summary_zh}")
    n = a.seat if a.seat is not None else st.turn_seat
    if n is None:
        raise _refuse("skill.seat", f"who uses {ske}? write the seat first, e.g. '2 {sid}'", f"谁发动{skz}？请先写座位号")
    _syntax(sid, n, args)
    if not usable(st, n, sid):
        why_en, why_zh = _not_owner(st, n, sid)
        ctx.check(False, "skill.none", why_en, why_zh, SRC_SKILL)
    ctx.check(st.turn_seat == n and st.phase == "play" and not st.prompts, "skill.phase",
              f"{ske} is used in your own play phase (now: seat {st.turn_seat}'s {st.phase} phase)",
              f"{skz}只能在自己的出牌阶段发动", SRC_SKILL)
    ACTIVE[sid](ctx, n, args)


def once(ctx, n: int, sid: str) -> None:
    """Once per play phase: refuse a second use."""
    key = f"skill:{sid}"
    ske, skz = _sk(sid)
    ctx.check(not ctx.st.counters.get(key), "skill.once", f"{ske} is used once per play phase: already used",
              f"{skz}每阶段限一次：本阶段已发动过", SRC_SKILL)
    ctx.st.counters[key] = 1


# =========================================================================== view-as


@dataclass(frozen=True, slots=True)
class ViewAs:
    """A card used or played as another: ``as_kinds`` it becomes, ``check(face) -> ok``, the rule in words."""

    as_kinds: tuple[str, ...]
    check: Callable[[Face], bool]
    en: str
    zh: str
    own_turn: bool | None = None  # True: only in own turn; False: only outside it; None: any time
    needs_face: bool = True  # False: no colour / suit condition, the face is optional (龙胆)


def _is(kind: str) -> Callable[[Face], bool]:
    faces = faces_of(kind)
    return lambda f: f in faces


VIEW_AS: dict[str, ViewAs] = {
    "wusheng": ViewAs(("slash",), lambda f: f.color == "red", "a red card as 杀", "红色牌当杀"),
    "longdan": ViewAs(("slash", "jink"), lambda f: True, "杀 as 闪 and 闪 as 杀", "杀当闪、闪当杀", needs_face=False),
    "qingguo": ViewAs(("jink",), lambda f: f.color == "black", "a black hand card as 闪", "黑色手牌当闪"),
    "qixi": ViewAs(("dismantlement",), lambda f: f.color == "black", "a black card as 过河拆桥", "黑色牌当过河拆桥"),
    "guose": ViewAs(("indulgence",), lambda f: f.suit == Suit.DIAMOND, "a ♦ card as 乐不思蜀", "方块牌当乐不思蜀"),
    "jijiu": ViewAs(("peach",), lambda f: f.color == "red", "a red card as 桃 outside your turn", "回合外红色牌当桃",
                    own_turn=False),
    "jijiang": ViewAs(("slash",), lambda f: True, "a Shu seat gives 杀 for the lord", "蜀势力角色替主公出杀"),
    "hujia": ViewAs(("jink",), lambda f: True, "a Wei seat gives 闪 for the lord", "魏势力角色替主公出闪"),
}
"""View-as skills by id.  龙胆's face must be a 闪 (as 杀) or 杀 (as 闪) of the standard deck."""
_LONGDAN_FROM = {"slash": _is("jink"), "jink": _is("slash")}


def _ref_face(ref: str) -> Face | None:
    parts = ref.split("-")
    try:
        return Face(Suit(parts[1]), int(parts[2])) if len(parts) >= 3 else None
    except ValueError:
        return None


def _slot_face(ctx, ref: str, sid: str, as_kind: str, va: ViewAs, ske: str, skz: str) -> tuple[Face | None, bool]:
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
        name = k.zh if k else kid
        ctx.check(False, "viewas.face", f"{name} is {faces} in the standard deck: it cannot be used for {ske} ({va.en})",
                  f"{name}在标准牌堆中为{faces}：不能用于{skz}（{va.zh}）", "RULES_NOTES: Deck; " + SRC_SKILL)
    return None, True


def view_as(ctx, a, top: Prompt | None) -> tuple[int, int]:
    """Check ``a`` (``S CARD[:FACE] … via SKILL``): returns (acting seat, paying seat).

    For 护驾 / 激将 the written seat pays (a Wei / Shu seat) and the lord acts; the card moves from
    the payer's hand to the lord's before the lord uses it.  Records both the face and what it was used as.
    """
    st = ctx.st
    sid = a.args["vskill"]
    kind = card_kind(a.args["card"])
    face: Face | None = a.args.get("face")
    va = VIEW_AS.get(sid)
    ske, skz = _sk(sid) if sid in SKILLS else (sid, sid)
    if va is None:
        raise _refuse("viewas.unknown", f"{ske} does not turn a card into another", f"{skz}不是转化类技能")
    n = a.seat
    if n is None and top is not None:
        n = top.seat
    if n is None:
        raise _refuse("use.seat", "write the seat first", "请先写座位号")
    _living(ctx, n, sid)
    ctx.check(kind.id in va.as_kinds, "viewas.kind", f"{ske} turns {va.en}, not into {kind.zh}",
              f"{skz}：{va.zh}，不能当{kind.zh}", SRC_SKILL)
    if sid in ("hujia", "jijiang"):
        want = Kingdom.WEI if sid == "hujia" else Kingdom.SHU
        lord = st.lord_seat
        card_zh = KINDS["jink" if sid == "hujia" else "slash"].zh
        # skill text: "Other Shu (Wei) characters may, one by one, play a 杀 (闪) that counts as used/played by you"
        if lord == n:
            helpers = [h for h in owners_from(st, n) if _kingdom(st, h) == want]
            h = str(helpers[0]) if helpers else "S"
            tg = "".join(f" {t}" for t in a.args.get("targets") or []) or (" T" if sid == "jijiang" else "")
            form = f"{h} {card_zh}{tg} via {sid}"
            ctx.check(False, "viewas.lord",
                      f"{ske}: the {card_zh} comes from another {want.zh} seat, not the lord himself — type the helping "
                      f"seat first: '{form}'" + (f" ({want.zh} seats: {', '.join(map(str, helpers))})" if helpers else
                                                 f" (no other {want.zh} seat is alive)"),
                      f"{skz}：须由其他{want.zh}势力角色替主公出{card_zh}，主公本人不能发动——请先写出牌的座位：{form}"
                      + (f"（{want.zh}势力：{'、'.join(map(str, helpers))}号位）" if helpers else f"（没有其他存活的{want.zh}势力角色）"),
                      SRC_SKILL)
        ctx.check(lord is not None and usable(st, lord, sid), "viewas.lord",
                  f"{ske} works only for a living lord who has it", f"{skz}只对拥有此技能的主公有效", SRC_SKILL)
        ctx.check(_kingdom(st, n) == want, "viewas.kingdom",
                  f"seat {n} is not {want.zh}: only other {want.zh} seats may give a card for {ske}",
                  f"{n}号位不是{want.zh}势力", SRC_SKILL)
        if sid == "hujia":
            ctx.check(top is not None and top.kind == "respond" and top.seat == lord, "viewas.when",
                      "护驾: only when the lord must play 闪", "护驾：仅在主公需要出闪时", SRC_SKILL)
        else:
            ctx.check(st.turn_seat == lord or (top is not None and top.seat == lord), "viewas.when",
                      "激将: only when the lord uses or plays 杀", "激将：仅在主公需要使用或打出杀时", SRC_SKILL)
        payer, actor = st.seat(n), st.seat(lord)
        ctx.check(payer.hand >= 1, "hand.empty", f"seat {n} has 0 hand cards", f"{n}号位没有手牌", "companion: hand count")
        payer.hand = max(0, payer.hand - 1)
        actor.hand += 1
        pe, pz = who(st, n)
        ae, az = who(st, lord)
        _ev(ctx, "viewas", n, f"{pe} gives a {kind.zh} for {ae} ({ske})", f"{pz}为{az}打出{kind.zh}（{skz}）",
            skill=sid, card=str(face) if face else None, as_kind=kind.id, payer=n)
        return lord, n
    if va.own_turn is False and has_skill(st, st.seat(n), sid):
        # in his own turn 急救 is not available, dying or not: that is the reason given (issue 13 §1)
        ctx.check(st.turn_seat != n, "viewas.turn", f"{ske} is used only outside your own turn",
                  f"{skz}只能在回合外发动", SRC_SKILL)
    if not usable(st, n, sid):
        why_en, why_zh = _not_owner(st, n, sid)
        ctx.check(False, "viewas.skill", why_en,
                  f"{why_zh}：不能发动{skz}" if has_skill(st, st.seat(n), sid) else why_zh, SRC_SKILL + "; " + SRC_FAQ)
    slot = a.args.get("using")
    slot_ref = st.seat(n).equipment.get(slot) if slot else None
    on_word = False
    if face is None and slot_ref:
        face = _ref_face(slot_ref)  # 武圣 / 奇袭 / 国色 with an equipped card ('using SLOT')
        if face is None:
            face, on_word = _slot_face(ctx, slot_ref, sid, kind.id, va, ske, skz)
    # 龙胆 has no colour condition (standard_generals.json: any 杀 as 闪, any 闪 as 杀): no face is asked for
    ctx.check(face is not None or on_word or not va.needs_face, "viewas.face", f"{ske}: write the face of the card used, e.g. {kind.zh}:♥5",
              f"{skz}：请写出所用牌的牌面，例如{kind.zh}:♥5", SRC_SKILL)
    if face is not None:
        ok = va.check(face) and (sid != "longdan" or _LONGDAN_FROM[kind.id](face))
        ctx.check(ok, "viewas.face", f"{face} cannot be used for {ske}: {va.en}", f"{face}不能用于{skz}：{va.zh}", SRC_SKILL)
    ne, nz = who(st, n)
    shown = str(face) if face is not None else ""
    if slot_ref:  # the equipped card by name: 赤兔♥5
        k = KINDS.get(slot_ref.split("-")[0])
        shown = f"{k.zh if k else slot_ref}{shown}"
    elif sid == "longdan":  # the card it was: 杀♠7 as 闪, 闪♦2 as 杀
        shown = f"{KINDS['jink' if kind.id == 'slash' else 'slash'].zh}{shown}"
    note_en = note_zh = ""
    if on_word:
        note_en, note_zh = " — face not recorded: taken on the moderator's word", "——牌面未记录：以主持人所记为准"
    _ev(ctx, "viewas", n, f"{ne} uses {shown} as {kind.zh} ({ske}){note_en}", f"{nz}将{shown}当{kind.zh}使用（{skz}）{note_zh}",
        skill=sid, card=str(face) if face else None, as_kind=kind.id)
    return n, n


# =========================================================================== 魏 Wei


_CARD_NAMES = {k.zh for k in KINDS.values()}
"""Damage causes that are cards (刚烈 / 反间 damage is caused by a skill: nothing for 奸雄 to take)."""


@on("damaged", "jianxiong")
def _jianxiong(ctx, victim, amount, source, cause):
    # 奸雄: 你可以获得对你造成伤害的牌。  Only a physical card: the 决斗 of 离间 is no card ("貂蝉利用离间技能…
    # 相当于施行决斗牌的效果，不等同于出决斗牌" — old FAQ, rulebook 003), nor is 刚烈 / 反间 damage; 闪电 is a
    # card (QS Lightning deals its damage with the card itself).
    from . import tricks as tk  # noqa: PLC0415
    f = tk.top_frame(ctx.st)
    if cause == "决斗" and f is not None and f.get("kind") == "duel" and f.get("lijian"):
        return
    if cause in _CARD_NAMES and usable(ctx.st, victim, "jianxiong"):
        _ask(ctx, victim, "jianxiong", f"take the card that caused the damage ({cause})",
             f"获得造成伤害的牌（{cause}）", cause=cause)


@step("jianxiong")
def _jianxiong_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    used(ctx, p.seat, "jianxiong", f"takes {p.data['cause']}", f"获得{p.data['cause']}")
    _draw(ctx, p.seat, 1, f"奸雄 takes {p.data['cause']}", f"奸雄获得{p.data['cause']}")


@on("damaged", "fankui")
def _fankui(ctx, victim, amount, source, cause):
    # 反馈: 你可以获得伤害来源的一张牌。  A source that is 司马懿 himself gives nothing (old FAQ).
    st = ctx.st
    if source is None or source == victim or not usable(st, victim, "fankui"):
        return
    src = st.seat(source)
    if not src.alive or (src.hand == 0 and not any(src.equipment.values())):
        return
    se, sz = who(st, source)
    _ask(ctx, victim, "fankui", f"take one card of {se}", f"获得{sz}的一张牌",
         "fankui [hand|SLOT] / no", "fankui [手牌|装备栏] / no", source=source)


@step("fankui", verbs=("yes", "no", "skill", "pick"), takes_args=True)
def _fankui_ans(ctx, p, a):
    """``yes`` / ``fankui`` take a hand card; ``fankui ZONE`` / ``pick ZONE`` name the zone with the words of
    过河拆桥 / 顺手牵羊 (``hand weapon armor plus_horse minus_horse``, 手牌 武器 防具 +1马 -1马 …:
    :data:`companion.rules.tricks.ZONE_WORDS`).  反馈 takes a hand or equipped card, never a judgement
    card (standard_generals.json 司马懿 反馈: "one card (hand or equipped)")."""
    from . import tricks as tk  # noqa: PLC0415 - the zone words and the card move of 顺手牵羊
    st = ctx.st
    if a.verb == "no":
        return declined(ctx, p)
    if a.verb == "pick":
        words = list(a.args.get("what") or [])
    else:
        words = [tk.ZONE_WORDS.get(w.casefold(), w) for w in (a.args.get("args", []) if a.verb == "skill" else [])]
    if len(words) > 1:
        raise _refuse("skill.args", f"反馈 takes one card: name one zone, e.g. 'fankui hand' (not {' '.join(words)!r})",
                      "反馈只获得一张牌：请只写一个区域，例如 fankui hand")
    src = st.seat(p.data["source"])
    me = st.seat(p.seat)
    word = words[0] if words else "hand"
    z = tk.resolve_zone(src, word) if word == "hand" or word in src.equipment else None
    if z is None:
        zs = tk.zones_of(src, judgement=False)
        have = ", ".join(tk.zone_label(src, x)[0] for x in zs)
        have_zh = "、".join(tk.zone_label(src, x)[1] for x in zs)
        word_zh = "手牌" if word == "hand" else tk.SLOT_ZH.get(word, word)
        raise _refuse("skill.args", f"反馈: seat {src.seat} has no card in {word!r}: choose one of {have}",
                      f"反馈：{src.seat}号位的{word_zh}没有牌：可选{have_zh}")
    st.prompts.pop()
    used(ctx, p.seat, "fankui", f"takes a card from seat {src.seat}", f"获得{src.seat}号位的一张牌")
    tk.take_zone(ctx, src, z, me, "反馈")


@on("judged", "tiandu")
def _tiandu(ctx, job, j) -> bool:
    # 天妒: 你的判定牌生效后，你可以获得此牌。 (standard_generals.json 郭嘉 天妒, "after your own judgement card
    # takes effect".)  Timing: rulebook 001 "鬼道、鬼才：有关判定的技能，只能在判定牌翻开后选择是否发动…天妒也是如此，
    # 但是发动天妒只能是对自己的判定" — asked once the result is determined, BEFORE the effect (闪电's 3 damage,
    # the 闪 of 八卦阵, …), as QSanguosha / FreeKill do (FinishJudge).  郭嘉 keeps the card even if the damage then
    # leaves him dying or dead (his cards are then discarded).  Returns True: the effect waits for the answer.
    n = job.get("seat")
    if n is None or not usable(ctx.st, n, "tiandu"):
        return False
    je, jz = job_name(job)
    # The same words as the skill summary of companion/data/generals.toml (F7): result determined, before its effect.
    _ask(ctx, n, "tiandu", f"take the judgement card {j.face} ({je}: {'effect' if j.effect else 'no effect'}) "
                           f"— its result is determined, before its effect", f"获得判定牌{j.face}（{jz}）——判定结果确定后、其效果执行前",
         face=j.face, job=dict(job))
    return True


@step("tiandu")
def _tiandu_ans(ctx, p, a):
    if a.verb == "no":
        declined(ctx, p)
    else:
        ctx.st.prompts.pop()
        _gain_judged(ctx, p.seat, p.data["face"], "tiandu")
    judgement_effect(ctx, p.data["job"], p.data["face"])


@step("guicai", "guicai", verbs=("no", "skill"), takes_args=True)
def _guicai_ans(ctx, p, a):
    st = ctx.st
    job = dict(p.data["job"])
    job["replaced"] = True
    if a.verb == "no":
        declined(ctx, p)
        finish_judgement(ctx, job, p.data["face"])
        return
    args = a.args.get("args", [])
    if len(args) != 1:
        raise _refuse("skill.args", "鬼才 replaces the judgement card with one hand card: 'guicai FACE', e.g. 'guicai ♥5'",
                      "鬼才：guicai 牌面，例如 guicai ♥5")
    face = _face(args[0], "guicai")
    s = st.seat(p.seat)
    ctx.check(s.hand >= 1, "hand.empty", f"seat {p.seat} has 0 hand cards", f"{p.seat}号位没有手牌", "companion: hand count")
    st.prompts.pop()
    s.hand = max(0, s.hand - 1)
    used(ctx, p.seat, "guicai", f"replaces {p.data['face']} with {face} (hand {s.hand})",
         f"以{face}代替{p.data['face']}（手牌{s.hand}）")
    finish_judgement(ctx, job, face)


@on("damaged", "ganglie")
def _ganglie(ctx, victim, amount, source, cause):
    # 刚烈: 每当你受到伤害后，你可以判定：若结果不为红桃，伤害来源选择弃置两张手牌或受到你造成的1点伤害。
    if source is None or source == victim or not ctx.st.seat(source).alive or not usable(ctx.st, victim, "ganglie"):
        return
    se, sz = who(ctx.st, source)
    _ask(ctx, victim, "ganglie", f"judge: unless a heart, {se} discards 2 hand cards or takes 1 damage",
         f"判定：若不为红桃，{sz}弃置两张手牌或受到1点伤害", source=source)


@step("ganglie")
def _ganglie_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    st = ctx.st
    st.prompts.pop()
    used(ctx, p.seat, "ganglie")
    _ask(ctx, p.seat, "ganglie", "flip a judgement card", "请翻开判定牌", "judge FACE", "judge 牌面",
         step="judge", source=p.data["source"])


def _judge_step(sid: str):
    def fn(ctx, p, a):
        ctx.st.prompts.pop()
        judgement(ctx, {"kind": "skill", "skill": sid, "subject": sid, "seat": p.seat,
                        **{k: v for k, v in p.data.items() if k not in ("skill", "step")}}, a.args["face"])
    STEPS[f"{sid}:judge"] = Answer(fn, frozenset({"judge"}))


for _sid in ("ganglie", "luoshen", "tieqi"):
    _judge_step(_sid)

SKILL_JUDGED: dict[str, Callable] = {}
"""Skill judgements: id → ``fn(ctx, job, judgement)`` once the card takes effect."""


def _ganglie_judged(ctx, job, j):
    st = ctx.st
    src = job["source"]
    if not j.effect or not st.seat(src).alive:
        return
    s = st.seat(src)
    if s.hand < 2:
        se, sz = who(st, src)
        _ev(ctx, "skill", src, f"{se} has fewer than 2 hand cards: takes the 刚烈 damage", f"{sz}手牌不足两张，受到刚烈伤害")
        oc.deal_damage(st, ctx.ev, src, 1, job["seat"], "normal", "刚烈")
        return
    se, sz = who(st, src)
    st.prompts.append(Prompt("skill", src, f"{se}: 刚烈 — discard 2 hand cards or take 1 damage (discard 2 / take)",
                             f"{sz}：刚烈——弃置两张手牌或受到1点伤害（discard 2 / take）",
                             {"skill": "ganglie", "step": "choice", "owner": job["seat"]}))


SKILL_JUDGED["ganglie"] = _ganglie_judged


@step("ganglie", "choice", verbs=("discard", "take", "pass"))
def _ganglie_choice(ctx, p, a):
    st = ctx.st
    s = st.seat(p.seat)
    if a.verb == "discard":
        k = int(a.args["n"])
        if k != 2 or (a.seat is not None and a.seat != p.seat):
            raise _refuse("skill.args", f"刚烈: seat {p.seat} discards exactly 2 hand cards (or take)",
                          f"刚烈：{p.seat}号位须弃置两张手牌（或受到伤害）")
        st.prompts.pop()
        s.hand = max(0, s.hand - 2)
        se, sz = who(st, p.seat)
        _ev(ctx, "discard", p.seat, f"{se} discards 2 for 刚烈 (hand {s.hand})", f"{sz}因刚烈弃置两张手牌（手牌{s.hand}）")
        return
    st.prompts.pop()
    owner = p.data["owner"]
    oc.deal_damage(st, ctx.ev, p.seat, 1, owner if st.seat(owner).alive else None, "normal", "刚烈")


@on("draw", "tuxi")
def _tuxi(ctx, s):
    # 突袭: 摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。
    st = ctx.st
    if usable(st, s, "tuxi") and any(st.seat(n).hand > 0 for n in st.alive if n != s.seat):
        _ask(ctx, s.seat, "tuxi", "instead of drawing, take a hand card from up to two other seats",
             "放弃摸牌，改为获得至多两名其他角色的各一张手牌", "tuxi T [T2] / no", "tuxi 座位 [座位] / no")
        return True
    return False


@step("tuxi", verbs=("no", "skill"), takes_args=True)  # no bare 'yes': 突袭 needs its seats (the dashboard's F8 reads these verbs)
def _tuxi_ans(ctx, p, a):
    st = ctx.st
    if a.verb == "no":
        declined(ctx, p)
        draw_phase(ctx, st.seat(p.seat))
        return
    ts = [_int(t, "seat", "tuxi") for t in a.args.get("args", [])]
    if not 1 <= len(ts) <= 2 or len(set(ts)) != len(ts):
        raise _refuse("skill.args", "突袭: name one or two different seats, e.g. 'tuxi 3 5'", "突袭：请指定一至两名其他角色")
    for t in ts:
        o = _living(ctx, t, "tuxi")
        if t == p.seat or o.hand < 1:
            raise _refuse("skill.target", f"突袭: seat {t} must be another seat with a hand card",
                          f"突袭：{t}号位须为有手牌的其他角色")
    st.prompts.pop()
    me = st.seat(p.seat)
    for t in ts:
        st.seat(t).hand = max(0, st.seat(t).hand - 1)
        me.hand += 1
    used(ctx, p.seat, "tuxi", f"takes a hand card from seat(s) {', '.join(map(str, ts))} instead of drawing (hand {me.hand})",
         f"获得{'、'.join(map(str, ts))}号位各一张手牌（手牌{me.hand}）")


@on("draw", "luoyi")
def _luoyi(ctx, s):
    # 裸衣: 摸牌阶段，你可以少摸一张牌，然后本回合你的杀或决斗造成的伤害+1。
    if usable(ctx.st, s, "luoyi"):
        _ask(ctx, s.seat, "luoyi", "draw 1 fewer; your 杀 and 决斗 deal +1 damage this turn",
             "少摸一张牌，本回合杀或决斗造成的伤害+1")
        return True
    return False


@step("luoyi")
def _luoyi_ans(ctx, p, a):
    st = ctx.st
    if a.verb == "no":
        declined(ctx, p)
        draw_phase(ctx, st.seat(p.seat))
        return
    st.prompts.pop()
    st.counters["luoyi"] = p.seat
    used(ctx, p.seat, "luoyi", "+1 damage from 杀 and 决斗 this turn", "本回合杀或决斗伤害+1")
    draw_phase(ctx, st.seat(p.seat), -1)


def _luoyi_bonus(st, victim, amount, source, cause):
    if source is not None and source != victim and st.counters.get("luoyi") == source and cause in ("杀", "决斗") and \
            usable(st, source, "luoyi"):
        return amount + 1
    return amount


oc.DAMAGE_MODIFIERS.append(_luoyi_bonus)


@on("draw_count", "yingzi")
def _yingzi(st, s, n):
    # 英姿: 摸牌阶段，你可以额外摸一张牌。 (enforced: always taken; the hand limit stays the HP)
    return 1 if usable(st, s, "yingzi") else 0


def draw_phase(ctx, s: Seat, delta: int = 0) -> None:
    """The draw phase draws 2 (+ :func:`draw_count` hooks, + ``delta``)."""
    k = max(0, 2 + delta + sum(call("draw_count", ctx.st, s, 2)))
    s.hand += k
    ne, nz = who(ctx.st, s.seat)
    extra = " (英姿 +1)" if usable(ctx.st, s, "yingzi") else ""
    _ev(ctx, "draw", s.seat, f"{ne} draws {k}{extra} (hand {s.hand})", f"{nz}摸{k}张牌（手牌{s.hand}）")


@on("damaged", "yiji")
def _yiji(ctx, victim, amount, source, cause):
    # 遗计: 每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将其交给任意角色。
    # Once per point of damage (standard_generals.json 郭嘉 遗计 timing "once per point of damage"):
    # 3 damage asks 3 times, each time for 2 cards, each answered or declined on its own.
    # (The old FAQ, rulebook 003, counts the same 6 cards for 3 闪电 damage.)
    _yiji_ask(ctx, victim, 1, amount)


def _yiji_ask(ctx, victim: int, i: int, times: int) -> None:
    if i > times or not usable(ctx.st, victim, "yiji"):
        return
    of_en = f" ({i} of {times})" if times > 1 else ""
    of_zh = f"（第{i}/{times}次）" if times > 1 else ""
    _ask(ctx, victim, "yiji", f"look at the top 2 cards and give them out (keep the rest){of_en}",
         f"观看牌堆顶两张牌并任意分配{of_zh}", "yiji [T N …] / no", "yiji [座位 张数 …] / no", n=2, i=i, times=times)


@step("yiji", takes_args=True)
def _yiji_ans(ctx, p, a):
    st = ctx.st
    i, times = p.data.get("i", 1), p.data.get("times", 1)
    if a.verb == "no":
        declined(ctx, p)
        _yiji_ask(ctx, p.seat, i + 1, times)
        return
    k = p.data["n"]
    args = a.args.get("args", []) if a.verb == "skill" else []
    if len(args) % 2:
        raise _refuse("skill.args", "遗计: give as pairs of seat and count, e.g. 'yiji 3 1 5 1'", "遗计：按“座位 张数”分配")
    gifts = [(_int(args[i], "seat", "yiji"), _int(args[i + 1], "count", "yiji")) for i in range(0, len(args), 2)]
    if sum(c for _, c in gifts) > k or any(c < 0 for _, c in gifts):
        raise _refuse("skill.args", f"遗计 gives out {k} cards, not more", f"遗计只分配{k}张牌")
    for t, _c in gifts:
        _living(ctx, t, "yiji")
    st.prompts.pop()
    for t, c in gifts:
        st.seat(t).hand += c
    me = st.seat(p.seat)
    me.hand += k - sum(c for _, c in gifts)
    given = ", ".join(f"{c} to seat {t}" for t, c in gifts)
    given_zh = "，".join(f"{c}张给{t}号位" for t, c in gifts)
    used(ctx, p.seat, "yiji", f"{k} cards: {given or 'keeps all'} (hand {me.hand})",
         f"{k}张牌：{given_zh or '全部自己获得'}（手牌{me.hand}）")
    _yiji_ask(ctx, p.seat, i + 1, times)


@on("start", "luoshen")
def _luoshen(ctx: Any, s: Seat) -> None:
    # 洛神: 准备阶段，你可以判定：若为黑色，你获得此牌，且可以重复此流程。
    if usable(ctx.st, s, "luoshen"):
        _ask(ctx, s.seat, "luoshen", "judge: a black card is gained and you may judge again", "判定：黑色则获得并可重复")


@step("luoshen")
def _luoshen_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _ask(ctx, p.seat, "luoshen", "flip a judgement card", "请翻开判定牌", "judge FACE", "judge 牌面", step="judge")


def _luoshen_judged(ctx, job, j):
    if j.effect and usable(ctx.st, job["seat"], "luoshen"):
        _gain_judged(ctx, job["seat"], j.face, "luoshen")
        _luoshen(ctx, ctx.st.seat(job["seat"]))


SKILL_JUDGED["luoshen"] = _luoshen_judged


# =========================================================================== 蜀 Shu


@active("rende")
def _rende(ctx, n, args):
    # 仁德: 出牌阶段，你可以将任意张手牌交给其他角色，当你于此阶段给出第二张牌时，你回复1点体力。
    st = ctx.st
    if len(args) != 2:
        raise _refuse("skill.args", "仁德: 'S rende T N' gives N hand cards to seat T", "仁德：S rende T N")
    t, k = _int(args[0], "seat", "rende"), _int(args[1], "count", "rende")
    o = _living(ctx, t, "rende")
    me = st.seat(n)
    if t == n or k < 1:
        raise _refuse("skill.target", "仁德 gives at least one card to another seat", "仁德须将至少一张牌交给其他角色")
    ctx.check(me.hand >= k, "hand.count", f"seat {n} has only {oc.hand_cards(me.hand)}", f"{n}号位只有{me.hand}张手牌",
              "companion: hand count")
    before = st.counters.get("rende", 0)
    me.hand = max(0, me.hand - k)
    o.hand += k
    st.counters["rende"] = before + k
    te, tz = who(st, t)
    used(ctx, n, "rende", f"gives {k} to {te} (hands {me.hand}, {o.hand}; {before + k} given this phase)",
         f"交给{tz}{k}张牌")
    if before < 2 <= before + k and me.hp < me.max_hp:
        oc.heal(st, ctx.ev, n, 1, "仁德")


@active("zhiheng")
def _zhiheng(ctx, n, args):
    # 制衡: 出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。
    st = ctx.st
    k = _int(args[0] if args else None, "count", "zhiheng")
    me = st.seat(n)
    slots = _slots(ctx, me, args[1:], "zhiheng")  # equipment among the N cards: 'zhiheng 3 weapon'
    if k < 1 or len(slots) > k:
        raise _refuse("skill.args", "制衡 discards at least one card; N counts the named equipment too",
                      "制衡至少弃置一张牌（N包括所列装备）")
    ctx.check(me.hand >= k - len(slots), "hand.count", f"seat {n} has only {oc.hand_cards(me.hand)}",
              f"{n}号位只有{me.hand}张手牌", "companion: hand count")
    once(ctx, n, "zhiheng")
    for sl in slots:
        me.equipment[sl] = None
    me.hand += len(slots)   # hand cards discarded k - len(slots), k drawn
    used(ctx, n, "zhiheng", f"discards {k}{' incl. ' + ', '.join(slots) if slots else ''} and draws {k} (hand {me.hand})",
         f"弃置{k}张并摸{k}张（手牌{me.hand}）")


def _slots(ctx, s: Seat, words: list[str], sid: str) -> list[str]:
    out = []
    for w in words:
        if w not in s.equipment or s.equipment.get(w) is None or w in out:
            ske, skz = _sk(sid)
            raise _refuse("skill.args", f"{ske}: seat {s.seat} has nothing in slot {w!r}", f"{skz}：{s.seat}号位该栏没有装备")
        out.append(w)
    return out


@active("kurou")
def _kurou(ctx, n, args):
    # 苦肉: 出牌阶段，你可以失去1点体力，然后摸两张牌。  (a dying 黄盖 draws only once saved)
    st = ctx.st
    used(ctx, n, "kurou", "loses 1 HP, then draws 2", "失去1点体力，然后摸两张牌")
    oc.lose_hp(st, ctx.ev, n, 1)
    if st.seat(n).hp >= 1:
        _draw(ctx, n, 2, "苦肉", "苦肉")
    else:
        st.extra["after_dying"] = [*st.extra.get("after_dying", []), ("kurou", n)]


@active("jieyin")
def _jieyin(ctx, n, args):
    # 结姻: 出牌阶段限一次，你可以弃置两张手牌并选择一名已受伤的男性角色，你与其各回复1点体力。
    st = ctx.st
    t = _int(args[0] if args else None, "seat", "jieyin")
    o = _living(ctx, t, "jieyin")
    me = st.seat(n)
    ctx.check(t != n and _male(st, t), "skill.target", f"结姻: seat {t} must be a male general", f"结姻：{t}号位须为男性角色",
              SRC_SKILL)
    ctx.check(o.hp < o.max_hp, "skill.target", f"结姻: seat {t} is not hurt ({o.hp}/{o.max_hp})", f"结姻：{t}号位未受伤", SRC_SKILL)
    once(ctx, n, "jieyin")
    ctx.check(me.hand >= 2, "hand.count", f"结姻 discards 2 hand cards: seat {n} has {me.hand}", "结姻须弃置两张手牌",
              SRC_SKILL)
    me.hand = max(0, me.hand - 2)
    te, tz = who(st, t)
    if me.hp < me.max_hp:
        used(ctx, n, "jieyin", f"discards 2 (hand {me.hand}); both recover 1", "弃置两张手牌，双方各回复1点体力")
        oc.heal(st, ctx.ev, n, 1, "结姻")
    else:  # at full HP she recovers nothing: only the real recovery is logged
        used(ctx, n, "jieyin", f"discards 2 (hand {me.hand}); {te} recovers 1 (she is at full HP)",
             f"弃置两张手牌，{tz}回复1点体力（自己体力已满）")
    oc.heal(st, ctx.ev, t, 1, "结姻")


@active("qingnang")
def _qingnang(ctx, n, args):
    # 青囊: 出牌阶段限一次，你可以弃置一张手牌并选择一名已受伤的角色，令其回复1点体力。
    st = ctx.st
    t = _int(args[0] if args else None, "seat", "qingnang")
    o = _living(ctx, t, "qingnang")
    me = st.seat(n)
    ctx.check(o.hp < o.max_hp, "skill.target", f"青囊: seat {t} is not hurt ({o.hp}/{o.max_hp})", f"青囊：{t}号位未受伤",
              SRC_SKILL)
    ctx.check(me.hand >= 1, "hand.empty", "青囊 discards a hand card: none left", "青囊须弃置一张手牌", SRC_SKILL)
    once(ctx, n, "qingnang")
    me.hand = max(0, me.hand - 1)
    used(ctx, n, "qingnang", f"discards 1 (hand {me.hand}); seat {t} recovers 1", f"弃置一张手牌，{t}号位回复1点体力")
    oc.heal(st, ctx.ev, t, 1, "青囊")


@active("fanjian")
def _fanjian(ctx, n, args):
    # 反间: 出牌阶段限一次，令一名其他角色选择一种花色，然后获得你的一张手牌并展示之，若此牌花色与其所选不同，你对其造成1点伤害。
    st = ctx.st
    if len(args) != 3:
        raise _refuse("skill.args", "反间: 'S fanjian T SUIT FACE' — T names SUIT, takes your card FACE",
                      "反间：S fanjian 目标 所选花色 牌面")
    t = _int(args[0], "seat", "fanjian")
    o = _living(ctx, t, "fanjian")
    suit = _suit(args[1], "fanjian")
    face = _face(args[2], "fanjian")
    me = st.seat(n)
    if t == n:
        raise _refuse("skill.target", "反间 targets another seat", "反间须指定其他角色")
    ctx.check(me.hand >= 1, "hand.empty", "反间 needs a hand card", "反间须有手牌", SRC_SKILL)
    once(ctx, n, "fanjian")
    me.hand = max(0, me.hand - 1)
    o.hand += 1
    te, tz = who(st, t)
    used(ctx, n, "fanjian", f"{te} names {suit.symbol} and takes {face}", f"{tz}选择{suit.symbol}并获得{face}")
    if face.suit != suit:
        oc.deal_damage(st, ctx.ev, t, 1, n, "normal", "反间")


@active("lijian")
def _lijian(ctx, n, args):
    # 离间: 出牌阶段限一次，你可以弃置一张牌并选择两名男性角色，视为其中一名角色对另一名角色使用一张决斗（不能被无懈可击响应）。
    st = ctx.st
    if len(args) not in (2, 3):
        raise _refuse("skill.args", "离间: 'S lijian A B [SLOT]' — A duels B", "离间：S lijian A B（A对B决斗）")
    x, y = _int(args[0], "seat", "lijian"), _int(args[1], "seat", "lijian")
    _living(ctx, x, "lijian"), _living(ctx, y, "lijian")
    ctx.check(x != y and _male(st, x) and _male(st, y), "skill.target", "离间 needs two different male generals",
              "离间须选择两名男性角色", SRC_SKILL)
    me = st.seat(n)
    slots = _slots(ctx, me, args[2:3], "lijian")  # 'lijian A B SLOT' discards that equipment
    ctx.check(me.hand >= 1 or slots, "hand.empty", "离间 discards a card", "离间须弃置一张牌", SRC_SKILL)
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
    from . import tricks as tk  # noqa: PLC0415
    tk.start(ctx, x, "duel", "duel", [y], {"lijian": True, "stage": "effect"})  # no 无懈可击 window


@on("start", "guanxing")
def _guanxing(ctx, s):
    # 观星: 准备阶段，你可以观看牌堆顶的X张牌（X为存活角色数且至多为5），然后以任意顺序置于牌堆顶或牌堆底。
    if usable(ctx.st, s, "guanxing"):
        x = min(5, len(ctx.st.alive))
        _ask(ctx, s.seat, "guanxing", f"look at the top {x} cards and put them back on top or bottom in any order",
             f"观看牌堆顶{x}张牌，以任意顺序置于牌堆顶或底", x=x)


@step("guanxing")
def _guanxing_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    used(ctx, p.seat, "guanxing", f"looks at {p.data['x']} cards (no count changes)", f"观看{p.data['x']}张牌")


@on("target", "kongcheng")
def _kongcheng(st, user, target, kind):
    # 空城: 锁定技，若你没有手牌，你不能成为杀或决斗的目标。
    if kind in ("slash", "duel") and st.seat(target).hand == 0 and usable(st, target, "kongcheng"):
        k = KINDS[kind]
        return (f"{_sk('kongcheng')[0]}: seat {target} has no hand cards and cannot be the target of {k.zh}",
                f"空城：{target}号位没有手牌，不能成为{k.zh}的目标")
    return None


@on("slash", "tieqi")
def _tieqi(ctx, user, target):
    # 铁骑: 当你使用杀指定一个目标后，你可以判定：若为红色，该角色不能使用闪。
    if usable(ctx.st, user, "tieqi"):
        te, tz = who(ctx.st, target)
        _ask(ctx, user, "tieqi", f"judge: if red, {te} cannot play 闪 against this 杀", f"判定：若为红色，{tz}不能使用闪",
             target=target)


@step("tieqi")
def _tieqi_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _ask(ctx, p.seat, "tieqi", "flip a judgement card", "请翻开判定牌", "judge FACE", "judge 牌面", step="judge",
         target=p.data["target"])


def _tieqi_judged(ctx, job, j):
    st = ctx.st
    if not j.effect:
        return
    for i in range(len(st.prompts) - 1, -1, -1):
        p = st.prompts[i]
        if p.kind == "respond" and p.seat == job["target"] and p.data.get("source") == job["seat"] \
                and p.data.get("slash", True):
            del st.prompts[i]
            te, tz = who(st, p.seat)
            _ev(ctx, "skill", p.seat, f"{te} cannot play 闪 (铁骑): the 杀 hits", f"{tz}不能使用闪（铁骑），杀命中")
            from . import equipment as eq  # noqa: PLC0415
            eq.slash_hit(ctx, p.data, p.seat)
            return


SKILL_JUDGED["tieqi"] = _tieqi_judged


@on("trick", "jizhi")
def _jizhi(ctx, user, kind):
    # 集智: 当你使用非延时锦囊牌时，你可以摸一张牌。
    if kind.type == CardType.TRICK and usable(ctx.st, user, "jizhi"):
        _ask(ctx, user, "jizhi", f"draw 1 for using {kind.zh}", f"因使用{kind.zh}摸一张牌")


@step("jizhi")
def _jizhi_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _draw(ctx, p.seat, 1, "集智", "集智")


# =========================================================================== 吴 Wu


def _jiuyuan(st, user, victim):
    # 救援: 主公技，锁定技，其他吴势力角色对你使用桃时，你额外回复1点体力。  (works while dying)
    if user != victim and usable(st, victim, "jiuyuan", dying_ok=True) and _kingdom(st, user) == Kingdom.WU:
        return 1, "救援"
    return 0


oc.PEACH_BONUS.append(_jiuyuan)


@on("skip_discard", "keji")
def _keji(ctx, s):
    # 克己: 若你于出牌阶段未使用或打出过杀，你可以跳过此回合的弃牌阶段。 (enforced: always skipped)
    return usable(ctx.st, s, "keji") and not ctx.st.counters.get("keji")


@on("target", "qianxun")
def _qianxun(st, user, target, kind):
    # 谦逊: 锁定技，你不能成为顺手牵羊和乐不思蜀的目标。
    if kind in ("snatch", "indulgence") and usable(st, target, "qianxun"):
        k = KINDS[kind]
        return (f"{_sk('qianxun')[0]}: seat {target} cannot be the target of {k.zh}", f"谦逊：{target}号位不能成为{k.zh}的目标")
    return None


def _liuli(ctx, p, n, args):
    # 流离: 当你成为杀的目标时，你可以弃置一张牌并将此杀转移给你攻击范围内的一名其他角色（不能是此杀的使用者）。
    # The discarded card leaves first: an equipped 麒麟弓 / 赤兔 discarded for 流离 lends no range or distance
    # to the choice (docs/commands.md "using SLOT": a card used as part of another leaves its slot first;
    # QSanguosha LiuliCard: the range is checked without the discarded card).
    from . import tricks as tk  # noqa: PLC0415 - the zone words
    st = ctx.st
    if p.seat != n or p.data.get("card_kind", "slash") != "slash" or "source" not in p.data:
        raise _refuse("skill.when", "流离 is used when you are the target of a 杀", "流离须在成为杀的目标时发动")
    if not args or len(args) > 2:
        raise _refuse("skill.args", f"流离 needs a target seat and, to discard equipment, its slot: "
                                    f"'{n} liuli T [SLOT]' (SLOT: {', '.join(SLOTS)})",
                      f"流离：{n} liuli 目标 [装备栏]")
    t = _int(args[0], "seat", "liuli")
    _living(ctx, t, "liuli")
    src = p.data["source"]
    me = st.seat(n)
    if t in (n, src):
        raise _refuse("skill.target", f"流离: seat {t} is you or the 杀's user", "流离：不能转移给自己或杀的使用者")
    slot = tk.ZONE_WORDS.get(args[1].casefold()) if len(args) > 1 else None
    if len(args) > 1 and slot not in SLOTS:
        raise _refuse("skill.args", f"流离: unknown slot {args[1]!r} ({', '.join(SLOTS)})",
                      f"流离：未知装备栏{args[1]}（{'、'.join(tk.SLOT_ZH.values())}）")
    ref = me.equipment.get(slot) if slot else None
    if slot:
        if ref is None:
            raise _refuse("skill.args", f"流离: nothing in slot {slot}", f"流离：{tk.SLOT_ZH[slot]}栏没有装备")
        me.equipment[slot] = None  # gone before the range is measured (refusals drop this state)
    else:
        ctx.check(me.hand >= 1, "hand.empty", "流离 discards a card: no hand card (name an equipment slot)",
                  "流离须弃置一张牌", SRC_SKILL)
    rc = in_range(st, n, t)
    without_en = f" without the discarded {tk._name(ref)}" if ref else ""
    without_zh = f"（不计弃置的{tk._name(ref)}）" if ref else ""
    ctx.check(rc.ok, "skill.range", f"流离: {rc.en}{without_en}", f"流离：{rc.zh}{without_zh}",
              SRC_SKILL + "; docs/commands.md (using SLOT: the card leaves its slot first)")
    r = target_refusal(st, src, t, "slash")
    ctx.check(r is None, "skill.target", r[0] if r else "", r[1] if r else "", SRC_SKILL)
    if not slot:
        me.hand = max(0, me.hand - 1)
    te, tz = who(st, t)
    se, sz = who(st, src)
    what_en, what_zh = (f"discards {oc.card_words(ref)}", f"弃置{oc.card_words(ref)}") if ref else \
        (f"discards a hand card (hand {me.hand})", f"弃置一张手牌（手牌{me.hand}）")
    used(ctx, n, "liuli", f"{what_en} and passes the 杀 to {te}; {se} stays its user",
         f"{what_zh}，将杀转移给{tz}")
    data = {k: v for k, v in p.data.items() if k not in ("bagua", "hinted")}
    d = oc.expected_damage(st, t, src, "杀")
    st.prompts[-1] = Prompt("respond", t, f"{te}: play 闪 or take {d} damage from {se}'s 杀 (jink / take)",
                            f"{tz}：打出闪或受到{sz}的杀造成的{d}点伤害（jink / take）", data)


RESPONSES["liuli"] = _liuli


def _card_loss(ctx, before: GameState):
    # 连营: 当你失去最后的手牌时，你可以摸一张牌。  枭姬: 当你失去装备区里的一张牌时，你可以摸两张牌。
    st = ctx.st
    if not st.started or st.over:
        return
    for s in st.seats:
        if s.seat > len(before.seats):
            continue
        b = before.seat(s.seat)
        if usable(st, s, "lianying") and b.hand > 0 and s.hand == 0 and b.alive:
            s.flags["lianying"] = True
        # asked once the card in resolution is done (old FAQ: 陆逊's last 决斗 first resolves)
        if s.flags.get("lianying") and not st.extra.get("stack") and usable(st, s, "lianying"):
            del s.flags["lianying"]
            _ask(ctx, s.seat, "lianying", "you lost your last hand card: draw 1", "失去最后的手牌：摸一张牌")
        lost = sum(1 for k, v in b.equipment.items() if v and s.equipment.get(k) != v)
        if lost and usable(st, s, "xiaoji"):
            _ask(ctx, s.seat, "xiaoji", f"you lost {lost} equipment card(s): draw {2 * lost}",
                 f"失去{lost}张装备区的牌：摸{2 * lost}张牌", n=2 * lost)


HOOKS.setdefault("after", []).append(("lianying", _card_loss))


@step("lianying")
def _lianying_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _draw(ctx, p.seat, 1, "连营", "连营")


@step("xiaoji")
def _xiaoji_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _draw(ctx, p.seat, p.data["n"], "枭姬", "枭姬")


# =========================================================================== 群 Qun


def _wushuang(ctx, before):
    # 无双: 锁定技，你使用的杀需两张闪才能抵消；与你决斗的角色每次需打出两张杀。
    st = ctx.st
    for i, p in enumerate(st.prompts):
        if p.kind != "respond" or "jinks" in p.data:
            continue
        if p.data.get("slash"):
            lvbu = p.data.get("source")
        elif p.data.get("duel"):
            lvbu = _duel_opponent(st, p.seat)
        else:
            continue
        if lvbu is None or lvbu == p.seat or not usable(st, lvbu, "wushuang"):
            continue
        word = "闪" if p.data.get("slash") else "杀"
        pe, pz = who(st, p.seat)
        st.prompts[i] = Prompt("respond", p.seat, f"{pe}: 无双 — two {word} needed; {p.en.split(': ', 1)[-1]}",
                               f"{pz}：无双——需两张{word}；{p.zh.split('：', 1)[-1]}", {**p.data, "jinks": 2})


def _duel_opponent(st: GameState, n: int) -> int | None:
    from . import tricks as tk  # noqa: PLC0415
    f = tk.top_frame(st)
    if f is None or f.get("kind") != "duel":
        return None
    user, target = f["user"], f["targets"][0]
    return user if n != user else target


HOOKS.setdefault("after", []).append(("wushuang", _wushuang))


def _kongcheng_duel(ctx, before):
    # Variant faq_kongcheng_duel only — 空城 during a 决斗: once 诸葛亮's last hand card is gone he is not affected,
    # the duel ends, no damage (old FAQ, rulebook 003, reading an older wording).  By default 空城 is a target
    # filter only (standard_generals.json "cannot be chosen as a target"; FK kongcheng; English rule pages;
    # RULES_NOTES disagreement 7): a 决斗 already aimed at him goes on.
    from . import tricks as tk  # noqa: PLC0415
    st = ctx.st
    p = st.prompt
    if "faq_kongcheng_duel" not in st.variants:
        return
    if p is None or p.kind != "respond" or not p.data.get("duel") or st.seat(p.seat).hand > 0 \
            or not usable(st, p.seat, "kongcheng"):
        return
    st.prompts.pop()
    pe, pz = who(st, p.seat)
    _ev(ctx, "skill", p.seat, f"{pe} has no hand card: 空城 — the 决斗 ends without damage",
        f"{pz}没有手牌：空城——决斗结束，不受伤害", skill="kongcheng")
    tk.responded(ctx, p, False)
    tk.settle(ctx)


HOOKS["after"].append(("kongcheng", _kongcheng_duel))


def _hints(ctx, before):
    # The question names the skills that may answer it: 护驾 / 激将 (helpers in seat order), 流离; and an
    # unused 八卦阵 (RULES_NOTES: Judgements 八卦阵 — a red judgement counts as 闪).
    st = ctx.st
    p = st.prompt
    if p is None or p.kind != "respond" or p.data.get("hinted"):
        return
    need = p.data.get("need", "jink")
    en, zh = [], []
    for sid, want, card in (("hujia", Kingdom.WEI, "jink"), ("jijiang", Kingdom.SHU, "slash")):
        if need == card and usable(st, p.seat, sid) and st.lord_seat == p.seat:
            order = [n for n in owners_from(st, p.seat) if n != p.seat and _kingdom(st, n) == want and st.seat(n).hand > 0]
            if order:
                ske, skz = _sk(sid)
                seats = ", ".join(map(str, order))
                who_en = f"seats {seats} may give {KINDS[card].zh} in this order" if len(order) > 1 else \
                    f"seat {seats} may give {KINDS[card].zh}"
                en.append(f"{ske}: {who_en} ('S {card} via {sid}')")
                zh.append(f"{skz}：{'、'.join(map(str, order))}号位可依次替出{KINDS[card].zh}")
    me = st.seat(p.seat)
    if p.data.get("slash") and usable(st, p.seat, "liuli") and (me.hand > 0 or any(me.equipment.values())):
        ske, skz = _sk("liuli")
        en.append(f"{ske}: 'liuli T [SLOT]' discards a hand card (or SLOT's equipment) and passes the 杀 on")
        zh.append(f"{skz}：可用 liuli T [装备栏] 弃置一张牌并转移此杀")
    if need == "jink" and not p.data.get("bagua") and armor_works(st, p.data, st.seat(p.seat)) == "eight_diagram":
        en.append(BAGUA_HINT[0])
        zh.append(BAGUA_HINT[1])
    if en:
        st.prompts[-1] = Prompt(p.kind, p.seat, p.en + " — " + "; ".join(en), p.zh + "——" + "；".join(zh),
                                {**p.data, "hinted": True})


BAGUA_HINT = ("八卦阵: 'judge FACE' (red counts as 闪)", "八卦阵：可 judge 牌面（红色视为闪）")
"""The hint an unused 八卦阵 adds to a 闪 question (dropped once it was judged black)."""


def drop_bagua_hint(p: Prompt) -> Prompt:
    """``p`` without the 八卦阵 hint (after a black judgement the seat must play 闪 or take)."""
    en, zh = p.en, p.zh
    for sep_en, sep_zh in ((" — ", "——"), ("; ", "；")):
        en = en.replace(sep_en + BAGUA_HINT[0], "")
        zh = zh.replace(sep_zh + BAGUA_HINT[1], "")
    return Prompt(p.kind, p.seat, en, zh, p.data)


def owners_from(st: GameState, n: int) -> list[int]:
    """Living seats in seat order starting after seat ``n``."""
    alive = st.alive
    if n not in alive:
        return alive
    i = alive.index(n)
    return alive[i + 1:] + alive[:i]


HOOKS["after"].append(("hints", _hints))


@on("finish", "biyue")
def _biyue(ctx, s):
    # 闭月: 结束阶段，你可以摸一张牌。
    if usable(ctx.st, s, "biyue"):
        _ask(ctx, s.seat, "biyue", "draw 1", "摸一张牌")


@step("biyue")
def _biyue_ans(ctx, p, a):
    if a.verb == "no":
        return declined(ctx, p)
    ctx.st.prompts.pop()
    _draw(ctx, p.seat, 1, "闭月", "闭月")


# =========================================================================== engine glue


def target_refusal(st: GameState, user: int, target: int, kind: str) -> tuple[str, str] | None:
    """(en, zh) when a skill forbids ``target`` for a card of ``kind`` used by ``user`` (空城, 谦逊)."""
    return first("target", st, user, target, kind)


def after_damage(st, ev, victim, amount, source, nature, cause):
    """On-damage skills: asked now when the victim is at HP ≥ 1, else kept until it is saved."""
    if not st.seat(victim).alive:
        return
    if st.seat(victim).hp < 1:
        st.extra["after_dying"] = [*st.extra.get("after_dying", []), ("damaged", victim, amount, source, cause)]
        return
    _fire_damaged(st, ev, victim, amount, source, cause)


class _EvCtx:
    """A minimal context for hooks run from outcome.py (state + event list)."""

    __slots__ = ("st", "ev", "forced")

    def __init__(self, st: GameState, ev: list[Event]) -> None:
        self.st, self.ev, self.forced = st, ev, False

    def check(self, ok, rule, en, zh, source, forceable=True):
        if not ok:
            raise Refused(rule, en, zh, source, forceable=forceable)


def _fire_damaged(st: GameState, ev: list[Event], victim: int, amount: int, source: int | None,
                  cause: str) -> None:
    ctx = _EvCtx(st, ev)
    for _sid, fn in reversed(HOOKS.get("damaged", ())):
        fn(ctx, victim, amount, source, cause)


def after_rescue(st, ev, victim):
    """A dying seat saved: its waiting on-damage skills (and 苦肉's draw) now happen."""
    waiting = st.extra.get("after_dying", [])
    mine = [w for w in waiting if w[1] == victim]
    st.extra["after_dying"] = [w for w in waiting if w[1] != victim]
    for w in mine:
        if w[0] == "damaged":
            _fire_damaged(st, ev, *w[1:])
        elif w[0] == "kurou":
            _draw(_EvCtx(st, ev), victim, 2, "苦肉", "苦肉")


oc.AFTER_DAMAGE.append(after_damage)
oc.ON_RESCUE.append(after_rescue)


def skill_word(word: str) -> str | None:
    """Skill id for a typed word (id, 中文名, English name, alias such as ``tieji``), or None."""
    k = _SKILL_INDEX.get(norm(word))  # exact lookup, no suggestions: runs on every parsed line
    return k.id if k is not None else None
