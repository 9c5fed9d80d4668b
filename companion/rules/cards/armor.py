"""Armor: 仁王盾 (a black 杀 has no effect), 八卦阵 (a red judgement counts as 闪).  Weapons that ignore
armor (青釭剑) mark the 杀's question ``ignore_armor``.

Sources: QSanguosha-v2 ``standard-cards.cpp`` (EightDiagram, RenwangShield); FreeKill ``standard_cards``;
RULES_NOTES "Judgements" (八卦阵 red = 闪).
"""

from __future__ import annotations

from typing import Any

from ..deck import Face
from ..distance import card_kind_of
from ..flow import JUDGED, Action, Ctx, again_data, judgement, responded
from ..judgement import Judgement
from ..outcome import who
from ..state import GameState, Prompt, Seat
from .common import use_equipment, uses

SRC_WEAPON = "QS standard-cards.cpp (weapons, armor); FK standard_cards skills"
SRC_JUDGE = "RULES_NOTES: Judgements"

HANDLES = frozenset({"eight_diagram", "nioh_shield"})
"""The card ids whose rules live here (equipped with ``S CARD``: :func:`companion.rules.cards.common.equip`)."""


def armor_works(st: GameState, data: dict[str, Any], target: Seat) -> str | None:
    """The target's armor kind id when it works against this 杀 / request (青釭剑 ignores it), else None."""
    a = card_kind_of(target.equipment.get("armor"))
    if a is None or data.get("ignore_armor"):
        return None
    return a


def nioh_shield(ctx: Ctx, t: int) -> None:
    te, tz = who(ctx.st, t)
    ctx.event("armor", f"仁王盾: a black 杀 has no effect on {te}", f"仁王盾：黑色杀对{tz}无效", t)



BAGUA_HINT = ("八卦阵: 'judge FACE' (red counts as 闪)", "八卦阵：可 judge 牌面（红色视为闪）")
"""The hint an unused 八卦阵 adds to a 闪 question (dropped once it was judged black)."""


def drop_bagua_hint(p: Prompt) -> Prompt:
    """``p`` without the 八卦阵 hint (after a black judgement the seat must play 闪 or take)."""
    en, zh = p.en, p.zh
    for sep_en, sep_zh in ((" — ", "——"), ("; ", "；")):
        en = en.replace(sep_en + BAGUA_HINT[0], "")
        zh = zh.replace(sep_zh + BAGUA_HINT[1], "")
    return Prompt(p.kind, p.seat, en, zh, p.data)


def v_judge(ctx: Ctx, a: Action) -> None:
    """``judge FACE`` at a 闪 question: the target's unused 八卦阵 is judged (red counts as 闪).

    Raises Refused ``judge.none`` (青釭剑 ignores it, no 八卦阵, already judged).  Source: RULES_NOTES Judgements."""
    st = ctx.st
    face: Face = a.args["face"]
    top = st.prompt
    assert top is not None
    t = st.seat(top.seat)
    if top.data.get("ignore_armor") and card_kind_of(t.equipment.get("armor")) == "eight_diagram":
        ctx.check(False, "judge.none", f"青釭剑 ignores seat {t.seat}'s 八卦阵: no judgement for this 杀",
                  f"青釭剑无视{t.seat}号位的八卦阵：此杀不能判定", SRC_WEAPON)
    ctx.check(armor_works(st, top.data, t) == "eight_diagram" and top.data.get("need", "jink") == "jink"
              and not top.data.get("bagua"),
              "judge.none", f"seat {t.seat} has no unused 八卦阵 to judge for", f"{t.seat}号位没有可用的八卦阵", SRC_JUDGE)
    judgement(ctx, {"kind": "bagua", "subject": "eight_diagram", "seat": t.seat}, face)


def _bagua_judged(ctx: Ctx, job: dict[str, Any], j: Judgement) -> None:
    st = ctx.st
    top = st.prompt
    if top is None or top.kind != "respond" or top.seat != job["seat"]:
        return
    te, tz = who(st, top.seat)
    if j.effect:
        more = top.data.get("jinks", 1) - 1
        if more > 0:
            st.prompts[-1] = Prompt("respond", top.seat, f"{te}: one more 闪 needed (无双) (jink / take)",
                                    f"{tz}：还需一张闪（无双）（jink / take）", again_data(top.data, more))
            ctx.event("jink", f"{te}'s 八卦阵 counts as 闪: one more needed", f"{tz}的八卦阵视为出闪，还需一张", top.seat)
        else:
            st.prompts.pop()
            ctx.event("jink", f"{te}'s 八卦阵 counts as 闪: the {top.data.get('cause', '杀')} misses",
                      f"{tz}的八卦阵视为出闪", top.seat)
            responded(ctx, top, True)
    else:
        top.data["bagua"] = True
        st.prompts[-1] = drop_bagua_hint(top)


JUDGED["bagua"] = _bagua_judged


uses(*HANDLES, owner=__name__)(use_equipment)
