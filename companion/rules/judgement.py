"""Judgements (判定): the ONE entry point for a flipped card.

``resolve_judgement(subject, face)`` says whether the judged effect happens.
Subjects are a registry (:data:`JUDGEMENTS`) so skills and later card modules
add their own with :func:`register`; a webcam reader feeds faces here.

Source: RULES_NOTES.md "Judgements" (FK ``indulgence.lua``, ``lightning.lua``,
``eight_diagram.lua``, ``supply_shortage.lua``; QS ``standard-cards.cpp``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .deck import Face, Suit

__all__ = ["Judgement", "JudgementRule", "JUDGEMENTS", "register", "resolve_judgement"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """Outcome: ``effect`` True means the subject's effect happens (e.g. skip the play phase)."""

    subject: str
    face: Face
    effect: bool
    en: str
    zh: str


@dataclass(frozen=True, slots=True)
class JudgementRule:
    """A registered subject: ``test(face) -> effect``, sentences for both outcomes, and the source."""

    subject: str
    zh_name: str
    test: Callable[[Face], bool]
    en_yes: str
    en_no: str
    zh_yes: str
    zh_no: str
    source: str


JUDGEMENTS: dict[str, JudgementRule] = {}
"""Registered judgement subjects by id."""


def register(rule: JudgementRule) -> JudgementRule:
    """Add (or replace) a judgement subject; returns it."""
    JUDGEMENTS[rule.subject] = rule
    return rule


register(JudgementRule(
    "indulgence", "乐不思蜀", lambda f: f.suit != Suit.HEART,
    "not a heart: the play phase is skipped", "a heart: no effect",
    "不是红桃：跳过出牌阶段", "红桃：无效果", "RULES_NOTES: Judgements (乐不思蜀)"))
register(JudgementRule(
    "lightning", "闪电", lambda f: f.suit == Suit.SPADE and 2 <= f.rank <= 9,
    "spade 2–9: 3 thunder damage", "not spade 2–9: 闪电 moves on",
    "黑桃2~9：受到3点雷电伤害", "不是黑桃2~9：闪电移动", "RULES_NOTES: Judgements (闪电)"))
register(JudgementRule(
    "supply_shortage", "兵粮寸断", lambda f: f.suit != Suit.CLUB,
    "not a club: the draw phase is skipped", "a club: no effect",
    "不是梅花：跳过摸牌阶段", "梅花：无效果", "RULES_NOTES: Judgements (兵粮寸断)"))
register(JudgementRule(
    "eight_diagram", "八卦阵", lambda f: f.color == "red",
    "red: counts as 闪", "black: no 闪",
    "红色：视为使用了闪", "黑色：无效果", "RULES_NOTES: Judgements (八卦阵)"))


# The judgements of skills (standard_generals.json): 刚烈, 洛神, 铁骑 (alias 铁骑/tieji).
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


def resolve_judgement(subject: str, face: Face) -> Judgement:
    """Judge ``face`` for ``subject`` (a key of :data:`JUDGEMENTS`).

    Returns a :class:`Judgement` with the sentence, e.g. ``"乐不思蜀 judged ♠7:
    not a heart: the play phase is skipped"``.  Raises ValueError naming the
    known subjects for an unknown one.
    """
    rule = JUDGEMENTS.get(subject)
    if rule is None:
        from .generals import UnknownSkillError, skill  # noqa: PLC0415 - 铁骑 / Iron Cavalry / tieji
        try:
            rule = JUDGEMENTS.get(skill(subject).id)
        except UnknownSkillError:
            rule = None
    if rule is None:
        raise ValueError(f"unknown judgement subject {subject!r}; known: {', '.join(sorted(JUDGEMENTS))}")
    eff = bool(rule.test(face))
    en = f"{rule.zh_name} judged {face}: {rule.en_yes if eff else rule.en_no}"
    zh = f"{rule.zh_name}判定{face}：{rule.zh_yes if eff else rule.zh_no}"
    return Judgement(subject, face, eff, en, zh)
