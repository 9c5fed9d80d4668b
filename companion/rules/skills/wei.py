"""魏 Wei: 曹操 caocao (奸雄, 护驾), 司马懿 simayi (反馈, 鬼才), 夏侯惇 xiahoudun (刚烈), 张辽 zhangliao (突袭),
许褚 xuchu (裸衣), 郭嘉 guojia (天妒, 遗计), 甄姬 zhenji (倾国, 洛神).

Each skill is defined here once, as data plus a small effect, on the machinery of :mod:`.base`.  Source:
``standard_generals.json`` (FK ``standard``, original texts); the old FAQ (``rulebook/003``) where a variant says so.
"""

from __future__ import annotations

from .. import outcome as oc
from .. import zones as zn
from ..deck import KINDS, Face
from ..flow import REPLACE_JUDGEMENT, Action, Ctx, deferred_judgement_effect, draw_phase, finish_judgement, on, top_frame
from ..judgement import JUDGEMENTS, Judgement
from ..messages import Words, en_zh, text
from ..outcome import who
from ..prompts import JudgementJob, SkillData
from ..state import GameState, Prompt, Seat, SkillPrompt
from ..vocab import PromptKind, Rule
from .base import (
    SKILL_JUDGED,
    VIEW_AS,
    ViewAs,
    accepted,
    ask,
    declined,
    draw_cards,
    face_arg,
    gain_judged,
    int_arg,
    judge_step,
    living,
    log_event,
    offer,
    owners,
    present,
    refuse,
    skill_names,
    step,
    usable,
    used,
)

HANDLES = frozenset({"fankui", "ganglie", "guicai", "hujia", "jianxiong", "luoshen", "luoyi", "qingguo",
                     "tiandu", "tuxi", "yiji"})
"""The skill ids defined here (docs/architecture.md: skill → module)."""


def job_name(job: JudgementJob) -> tuple[str, str]:
    """``(en, zh)`` name of the judgement ``job`` is for (both the judgement rule's Chinese name)."""
    rule = JUDGEMENTS[job["subject"]]
    return oc.named(rule.zh_name).en, rule.zh_name


_CARD_NAMES = {k.zh for k in KINDS.values()}
"""Damage causes that are cards (刚烈 / 反间 damage is caused by a skill: nothing for 奸雄 to take)."""


@on("damaged", "jianxiong")
def _jianxiong(ctx: Ctx, victim: int, amount: int, source: int | None, cause: str) -> None:
    # 奸雄: 你可以获得对你造成伤害的牌。  Only a physical card: the 决斗 of 离间 is no card ("貂蝉利用离间技能…
    # 相当于施行决斗牌的效果，不等同于出决斗牌" — old FAQ, rulebook 003), nor is 刚烈 / 反间 damage; 闪电 is a
    # card (QS Lightning deals its damage with the card itself).
    f = top_frame(ctx.st)
    if cause == "决斗" and f is not None and f.kind == "duel" and f.lijian:
        return
    if cause in _CARD_NAMES and usable(ctx.st, victim, "jianxiong"):
        ask(ctx, victim, "jianxiong", *en_zh("skills.wei.jianxiong", cause=oc.named(cause)), cause=cause)


@accepted("jianxiong")
def _jianxiong_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    used(ctx, p.seat, "jianxiong", *en_zh("skills.wei.jianxiong_ans/takes", cause=oc.named(p.data.cause)))
    draw_cards(ctx, p.seat, 1, *en_zh("skills.wei.jianxiong_ans/takes2", cause=oc.named(p.data.cause)))


@on("damaged", "fankui")
def _fankui(ctx: Ctx, victim: int, amount: int, source: int | None, cause: str) -> None:
    # 反馈: 你可以获得伤害来源的一张牌。  A source that is 司马懿 himself gives nothing (old FAQ).
    st = ctx.st
    if source is None or source == victim or not usable(st, victim, "fankui"):
        return
    src = st.seat(source)
    if not src.alive or (src.hand == 0 and not any(src.equipment.values())):
        return
    se, sz = who(st, source)
    ask(ctx, victim, "fankui", *en_zh("skills.wei.fankui", src=Words(se, sz)), *en_zh("skills.wei.fankui/fankui_hand_slot"),
        source=source)


@step("fankui", verbs=("yes", "no", "skill", "pick"), takes_args=True)
def _fankui_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    """``yes`` / ``fankui`` take a hand card; ``fankui ZONE`` / ``pick ZONE`` name the zone with the words of
    过河拆桥 / 顺手牵羊 (``hand weapon armor plus_horse minus_horse``, 手牌 武器 防具 +1马 -1马 …:
    :data:`companion.rules.zones.ZONE_WORDS`).  反馈 takes a hand or equipped card, never a judgement
    card (standard_generals.json 司马懿 反馈: "one card (hand or equipped)")."""
    st = ctx.st
    if a.verb == "no":
        return declined(ctx, p)
    if a.verb == "pick":
        words = list(a.args.get("what") or [])
    else:
        words = [zn.ZONE_WORDS.get(w.casefold(), w) for w in (a.args.get("args", []) if a.verb == "skill" else [])]
    if len(words) > 1:
        raise refuse(Rule.SKILL_ARGS, msg="takes_one_card", words_list=' '.join(words))
    src = st.seat(present(p.data.source))
    me = st.seat(p.seat)
    word = words[0] if words else "hand"
    z = zn.resolve_zone(src, word) if word == "hand" or word in src.equipment else None
    if z == "hand":  # light mode: does the source hold one? (asked, as for 空城)
        zn.ask_hand(ctx, src, Words(*skill_names("fankui")))
    if z is None:
        zs = zn.zones_of(src, judgement=False)
        have = ", ".join(zn.zone_label(src, x)[0] for x in zs)
        have_zh = "、".join(zn.zone_label(src, x)[1] for x in zs)
        word_zh = zn.zone_zh(word) or word
        raise refuse(Rule.SKILL_ARGS, msg="seat_has_card", seat=src.seat, word=Words(word, word_zh),
                     have=Words(have, have_zh))
    st.prompts.pop()
    used(ctx, p.seat, "fankui", *en_zh("skills.wei.fankui_ans", seat=src.seat))
    zn.take_zone(ctx, src, z, me, "反馈")


@on("judged", "tiandu")
def _tiandu(ctx: Ctx, job: JudgementJob, j: Judgement) -> bool:
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
    ask(ctx, n, "tiandu",
        *en_zh("skills.wei.tiandu", face=j.face, j_name=Words(je, jz), value='effect' if j.effect else 'no effect'),
        face=j.face, job=job.copy())
    return True


def _judgement_goes_on(ctx: Ctx, p: SkillPrompt) -> None:
    deferred_judgement_effect(ctx, present(p.data.job), present(p.data.face))


@accepted("tiandu", on_no=_judgement_goes_on)
def _tiandu_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    gain_judged(ctx, p.seat, present(p.data.face), "tiandu")
    _judgement_goes_on(ctx, p)


@step("guicai", "guicai", verbs=("no", "skill"), takes_args=True)
def _guicai_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    st = ctx.st
    job = present(p.data.job).copy()
    job["replaced"] = True
    if a.verb == "no":
        declined(ctx, p)
        finish_judgement(ctx, job, present(p.data.face))
        return
    args = a.args.get("args", [])
    if len(args) != 1:
        raise refuse(Rule.SKILL_ARGS, msg="replaces_judgement_card")
    face = face_arg(args[0], "guicai")
    s = st.seat(p.seat)
    ctx.check(s.hand >= 1, Rule.HAND_EMPTY, source="companion: hand count", msg="seat_has_hand_cards", seat=p.seat)
    st.prompts.pop()
    s.hand = max(0, s.hand - 1)
    used(ctx, p.seat, "guicai", *en_zh("skills.wei.guicai_ans", face=p.data.face, face2=face, hand=s.hand))
    finish_judgement(ctx, job, face)


@on("damaged", "ganglie")
def _ganglie(ctx: Ctx, victim: int, amount: int, source: int | None, cause: str) -> None:
    # 刚烈: 每当你受到伤害后，你可以判定：若结果不为红桃，伤害来源选择弃置两张手牌或受到你造成的1点伤害。
    if source is None or source == victim or not ctx.st.seat(source).alive or not usable(ctx.st, victim, "ganglie"):
        return
    se, sz = who(ctx.st, source)
    ask(ctx, victim, "ganglie", *en_zh("skills.wei.ganglie", src=Words(se, sz)), source=source)


@accepted("ganglie")
def _ganglie_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    used(ctx, p.seat, "ganglie")
    ask(ctx, p.seat, "ganglie", *en_zh("skills.shu.tieqi_ans"), *en_zh("skills.base.choice/judge"), step="judge",
        source=p.data.source)


def _ganglie_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    st = ctx.st
    src = job["source"]
    if not j.effect or not st.seat(src).alive:
        return
    s = st.seat(src)
    if s.hand < 2:
        se, sz = who(st, src)
        log_event(ctx, "skill", src, *en_zh("skills.wei.ganglie_judged", src=Words(se, sz)))
        oc.deal_damage(st, ctx.ev, src, 1, job["seat"], "normal", "刚烈")
        return
    se, sz = who(st, src)
    st.prompts.append(Prompt(PromptKind.SKILL, src, text("prompt.skill/discard_hand_cards", src=Words(se, sz)),
                             data=SkillData(owner=job["seat"], skill="ganglie", step="choice")))


SKILL_JUDGED["ganglie"] = _ganglie_judged


@step("ganglie", "choice", verbs=("discard", "take", "pass"))
def _ganglie_choice(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    st = ctx.st
    s = st.seat(p.seat)
    if a.verb == "discard":
        k = int(a.args["n"])
        if k != 2 or (a.seat is not None and a.seat != p.seat):
            raise refuse(Rule.SKILL_ARGS, msg="seat_discards_exactly", seat=p.seat)
        st.prompts.pop()
        s.hand = max(0, s.hand - 2)
        se, sz = who(st, p.seat)
        log_event(ctx, "discard", p.seat, *en_zh("skills.wei.ganglie_choice", src=Words(se, sz), hand=s.hand))
        return
    st.prompts.pop()
    owner = present(p.data.owner)
    oc.deal_damage(st, ctx.ev, p.seat, 1, owner if st.seat(owner).alive else None, "normal", "刚烈")


@on("draw", "tuxi")
def _tuxi(ctx: Ctx, s: Seat) -> bool:
    # 突袭: 摸牌阶段，你可以放弃摸牌，改为获得至多两名其他角色的各一张手牌。
    st = ctx.st
    if usable(st, s, "tuxi") and any(st.seat(n).hand > 0 for n in st.alive if n != s.seat):
        ask(ctx, s.seat, "tuxi", *en_zh("skills.wei.tuxi"), *en_zh("skills.wei.tuxi/tuxi_t_t"))
        return True
    return False


@step("tuxi", verbs=("no", "skill"), takes_args=True)  # no bare 'yes': 突袭 needs its seats (the dashboard's F8 reads these verbs)
def _tuxi_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    st = ctx.st
    if a.verb == "no":
        declined(ctx, p)
        draw_phase(ctx, st.seat(p.seat))
        return
    ts = [int_arg(t, "seat", "tuxi") for t in a.args.get("args", [])]
    if not 1 <= len(ts) <= 2 or len(set(ts)) != len(ts):
        raise refuse(Rule.SKILL_ARGS, msg="name_one_two")
    for t in ts:
        o = living(ctx, t, "tuxi")
        if t != p.seat:  # light mode: does it hold a hand card? (asked, as for 空城; one seat at a time)
            zn.ask_hand(ctx, o, Words(*skill_names("tuxi")))
        if t == p.seat or o.hand < 1:
            raise refuse(Rule.SKILL_TARGET, msg="seat_must_another", t=t)
    st.prompts.pop()
    me = st.seat(p.seat)
    for t in ts:
        st.seat(t).hand = max(0, st.seat(t).hand - 1)
        me.hand += 1
    used(ctx, p.seat, "tuxi",
         *en_zh("skills.wei.tuxi_ans", hand=me.hand, ts_list=Words(', '.join(map(str, ts)), '、'.join(map(str, ts)))))


@on("draw", "luoyi")
def _luoyi(ctx: Ctx, s: Seat) -> bool:
    # 裸衣: 摸牌阶段，你可以少摸一张牌，然后本回合你的杀或决斗造成的伤害+1。
    return offer(ctx, s, "luoyi", "skills.wei.luoyi")


def _draw_as_usual(ctx: Ctx, p: SkillPrompt) -> None:
    draw_phase(ctx, ctx.st.seat(p.seat))


@accepted("luoyi", on_no=_draw_as_usual)
def _luoyi_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    st = ctx.st
    st.counters["luoyi"] = p.seat
    used(ctx, p.seat, "luoyi", *en_zh("skills.wei.luoyi_ans"))
    draw_phase(ctx, st.seat(p.seat), -1)


def _luoyi_bonus(st: GameState, victim: int, amount: int, source: int | None, cause: str) -> int:
    if source is not None and source != victim and st.counters.get("luoyi") == source and cause in ("杀", "决斗") and \
            usable(st, source, "luoyi"):
        return amount + 1
    return amount


oc.DAMAGE_MODIFIERS.append(_luoyi_bonus)


@on("damaged", "yiji")
def _yiji(ctx: Ctx, victim: int, amount: int, source: int | None, cause: str) -> None:
    # 遗计: 每当你受到1点伤害后，你可以观看牌堆顶的两张牌，然后将其交给任意角色。
    # Once per point of damage (standard_generals.json 郭嘉 遗计 timing "once per point of damage"):
    # 3 damage asks 3 times, each time for 2 cards, each answered or declined on its own.
    # (The old FAQ, rulebook 003, counts the same 6 cards for 3 闪电 damage.)
    _yiji_ask(ctx, victim, 1, amount)


def _yiji_ask(ctx: Ctx, victim: int, i: int, times: int) -> None:
    if i > times or not usable(ctx.st, victim, "yiji"):
        return
    of_en, of_zh = en_zh("skills.wei.yiji_ask/text", i=i, times=times) if times > 1 else ("", "")
    ask(ctx, victim, "yiji", *en_zh("skills.wei.yiji_ask/look_top_cards", of=Words(of_en, of_zh)),
        *en_zh("skills.wei.yiji_ask"), n=2, i=i, times=times)


@step("yiji", takes_args=True)
def _yiji_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    st = ctx.st
    i = p.data.i if p.data.i is not None else 1
    times = p.data.times if p.data.times is not None else 1
    if a.verb == "no":
        declined(ctx, p)
        _yiji_ask(ctx, p.seat, i + 1, times)
        return
    k = present(p.data.n)
    args = a.args.get("args", []) if a.verb == "skill" else []
    if len(args) % 2:
        raise refuse(Rule.SKILL_ARGS, msg="give_pairs_seat")
    gifts = [(int_arg(args[i], "seat", "yiji"), int_arg(args[i + 1], "count", "yiji")) for i in range(0, len(args), 2)]
    if sum(c for _, c in gifts) > k or any(c < 0 for _, c in gifts):
        raise refuse(Rule.SKILL_ARGS, msg="gives_out_cards", k=k)
    for t, _c in gifts:
        living(ctx, t, "yiji")
    st.prompts.pop()
    for t, c in gifts:
        st.seat(t).hand += c
    me = st.seat(p.seat)
    me.hand += k - sum(c for _, c in gifts)
    parts = [text("skills.wei.yiji_ans/gift", c=c, t=t) for t, c in gifts]
    given = Words(", ".join(m.en for m in parts), "，".join(m.zh for m in parts)) if parts else \
        text("skills.wei.yiji_ans/keeps_all")
    used(ctx, p.seat, "yiji", *en_zh("skills.wei.yiji_ans", k=k, hand=me.hand, value=given))
    _yiji_ask(ctx, p.seat, i + 1, times)


@on("start", "luoshen")
def _luoshen(ctx: Ctx, s: Seat) -> None:
    # 洛神: 准备阶段，你可以判定：若为黑色，你获得此牌，且可以重复此流程。
    offer(ctx, s, "luoshen", "skills.wei.luoshen")


@accepted("luoshen")
def _luoshen_ans(ctx: Ctx, p: SkillPrompt, a: Action) -> None:
    ask(ctx, p.seat, "luoshen", *en_zh("skills.shu.tieqi_ans"), *en_zh("skills.base.choice/judge"), step="judge")


def _luoshen_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    if j.effect and usable(ctx.st, job["seat"], "luoshen"):
        gain_judged(ctx, job["seat"], j.face, "luoshen")
        _luoshen(ctx, ctx.st.seat(job["seat"]))


SKILL_JUDGED["luoshen"] = _luoshen_judged



judge_step("ganglie")
judge_step("luoshen")


def _guicai(ctx: Ctx, job: JudgementJob, face: Face) -> bool:
    """鬼才 may replace the judgement card first (one replacement per judgement): True when it asks."""
    st = ctx.st
    for n in owners(st, "guicai"):
        if st.seat(n).hand >= 1:
            je, jz = job_name(job)
            ask(ctx, n, "guicai", *en_zh("skills.wei.guicai", face=face, j_name=Words(je, jz)),
                *en_zh("skills.wei.guicai/choice"), step="guicai", job=job.copy(), face=face)
            return True
    return False


REPLACE_JUDGEMENT.append(_guicai)


VIEW_AS["qingguo"] = ViewAs(("jink",), lambda f: f.color == "black", text("skills.wei.module/black_hand_card"))


VIEW_AS["hujia"] = ViewAs(("jink",), lambda f: True, text("skills.wei.module/wei_seat_gives"))
