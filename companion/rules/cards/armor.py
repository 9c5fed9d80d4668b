"""Armor: 仁王盾 (a black 杀 has no effect), 八卦阵 (a red judgement counts as 闪).  Weapons that ignore
armor (青釭剑) mark the 杀's question ``ignore_armor``.

Sources: QSanguosha-v2 ``standard-cards.cpp`` (EightDiagram, RenwangShield); FreeKill ``standard_cards``;
RULES_NOTES "Judgements" (八卦阵 red = 闪).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..deck import Face
from ..distance import card_kind_of
from ..flow import JUDGED, Action, Ctx, again_data, judgement, responded
from ..judgement import Judgement
from ..messages import Joined, Message, Words, en_zh, say, text
from ..outcome import named, who
from ..prompts import JudgementJob, RespondData
from ..state import GameState, Prompt, RespondPrompt, Seat
from ..vocab import PromptKind, Rule
from .common import use_equipment, uses

SRC_WEAPON = "QS standard-cards.cpp (weapons, armor); FK standard_cards skills"
SRC_JUDGE = "RULES_NOTES: Judgements"

HANDLES = frozenset({"eight_diagram", "nioh_shield"})
"""The card ids whose rules live here (equipped with ``S CARD``: :func:`companion.rules.cards.common.equip`)."""


def armor_works(st: GameState, data: RespondData, target: Seat) -> str | None:
    """The target's armor kind id when it works against this 杀 / request (青釭剑 ignores it), else None."""
    a = card_kind_of(target.equipment.get("armor"))
    if a is None or data.ignore_armor:
        return None
    return a


def nioh_shield(ctx: Ctx, t: int) -> None:
    """仁王盾 stops a black 杀 aimed at seat ``t``: logs it (no prompt, no damage).  Source: cards.toml 仁王盾 (黑色的杀对你无效)."""
    te, tz = who(ctx.st, t)
    ctx.event("armor", say("armor", target=Words(te, tz)), seat=t)



def bagua_said() -> Message:
    """The hint an unused 八卦阵 adds to a 闪 question (dropped once it was judged black)."""
    return text("cards.armor.module")


def bagua_hint() -> tuple[str, str]:
    """:func:`bagua_said` as ``(en, zh)``."""
    return en_zh("cards.armor.module")


def hinted(question: Message | Words, said: list[Message]) -> Message:
    """``question`` with the hints ``said`` after it: ``"… — hint; hint"`` / ``"……——提示；提示"`` (the catalogue's
    ``prompt.hinted``)."""
    return text("prompt.hinted", question=question, hints=Joined(tuple(said), text("prompt.hinted/sep")))


def __getattr__(name: str) -> Any:
    if name == "BAGUA_HINT":  # the older name, a constant read from the catalogue when first asked for
        return bagua_hint()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def drop_bagua_hint(p: RespondPrompt) -> RespondPrompt:
    """``p`` without the 八卦阵 hint (after a black judgement the seat must play 闪 or take): the hints of
    :func:`hinted` but that one; of a question given as words (made by hand, read from a snapshot) or holding the
    hinted question inside another (无双's), the words without it."""
    q = p.said
    if isinstance(q, Message) and q.key == "prompt.hinted":
        rest = [h for h in q.params["hints"].items if h != bagua_said()]
        return Prompt(p.kind, p.seat, hinted(q.params["question"], rest) if rest else q.params["question"], data=p.data)
    en, zh = p.en, p.zh
    hint_en, hint_zh = bagua_hint()
    for sep_en, sep_zh in ((" — ", "——"), ("; ", "；")):
        en = en.replace(sep_en + hint_en, "")
        zh = zh.replace(sep_zh + hint_zh, "")
    return Prompt(p.kind, p.seat, q if (en, zh) == (p.en, p.zh) else Words(en, zh), data=p.data)


def v_judge(ctx: Ctx, a: Action) -> None:
    """``judge FACE`` at a 闪 question: the target's unused 八卦阵 is judged (red counts as 闪).

    Raises Refused ``judge.none`` (青釭剑 ignores it, no 八卦阵, already judged).  Source: RULES_NOTES Judgements."""
    st = ctx.st
    face: Face = a.args["face"]
    top = st.prompt
    assert top is not None and top.kind == PromptKind.RESPOND  # engine._v_judge: at a 闪 question only
    t = st.seat(top.seat)
    if top.data.ignore_armor and card_kind_of(t.equipment.get("armor")) == "eight_diagram":
        ctx.check(False, Rule.JUDGE_NONE, source=SRC_WEAPON, msg="ignores_seat_judgement", seat=t.seat)
    ctx.check(
        armor_works(st, top.data, t) == "eight_diagram" and (top.data.need or "jink") == "jink"
              and not top.data.bagua,
        Rule.JUDGE_NONE, source=SRC_JUDGE, msg="seat_has_unused", seat=t.seat)
    judgement(ctx, {"kind": "bagua", "subject": "eight_diagram", "seat": t.seat}, face)


def _bagua_judged(ctx: Ctx, job: JudgementJob, j: Judgement) -> None:
    st = ctx.st
    top = st.prompt
    if top is None or top.kind != PromptKind.RESPOND or top.seat != job["seat"]:
        return
    te, tz = who(st, top.seat)
    if j.effect:
        more = (top.data.jinks if top.data.jinks is not None else 1) - 1
        if more > 0:
            st.prompts[-1] = Prompt(PromptKind.RESPOND, top.seat, text("prompt.respond/one_more_needed", target=Words(te, tz)),
                                    data=again_data(top.data, more))
            ctx.event("jink", say("jink/counts_one_more", target=Words(te, tz)), seat=top.seat)
        else:
            st.prompts.pop()
            ctx.event("jink", say("jink/counts_misses", target=Words(te, tz), cause=named(top.data.cause or "杀")),
                      seat=top.seat)
            responded(ctx, top, True)
    else:
        judged = Prompt(PromptKind.RESPOND, top.seat, top.said, data=replace(top.data, bagua=True))
        st.prompts[-1] = drop_bagua_hint(judged)


JUDGED["bagua"] = _bagua_judged


uses(*HANDLES, owner=__name__)(use_equipment)
