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

from .deck import KINDS, Face, Suit
from .messages import Words, en_zh, en_zh_many

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


register(JudgementRule("indulgence", "乐不思蜀", lambda f: f.suit != Suit.HEART,
                       *en_zh_many("judgement.indulgence/heart_play_phase", "judgement.ganglie/heart_effect"),
                       "RULES_NOTES: Judgements (乐不思蜀)"))
register(JudgementRule("lightning", "闪电", lambda f: f.suit == Suit.SPADE and 2 <= f.rank <= 9,
                       *en_zh_many("judgement.lightning/spade_thunder_damage", "judgement.lightning/spade_moves"),
                       "RULES_NOTES: Judgements (闪电)"))
register(JudgementRule("supply_shortage", "兵粮寸断", lambda f: f.suit != Suit.CLUB,
                       *en_zh_many("judgement.supply_shortage/club_draw_phase", "judgement.supply_shortage/club_effect"),
                       "RULES_NOTES: Judgements (兵粮寸断)"))
register(JudgementRule("eight_diagram", "八卦阵", lambda f: f.color == "red",
                       *en_zh_many("judgement.eight_diagram/red_counts", "judgement.eight_diagram/black"),
                       "RULES_NOTES: Judgements (八卦阵)"))


# The judgements of skills (standard_generals.json): 刚烈, 洛神, 铁骑 (alias 铁骑/tieji).
register(JudgementRule("ganglie", "刚烈", lambda f: f.suit != Suit.HEART,
                       *en_zh_many("judgement.ganglie/heart_source_discards", "judgement.ganglie/heart_effect"),
                       "standard_generals.json 夏侯惇 刚烈"))
register(JudgementRule("luoshen", "洛神", lambda f: f.color == "black",
                       *en_zh_many("judgement.luoshen/black_gains_card", "judgement.luoshen/red_card_discarded"),
                       "standard_generals.json 甄姬 洛神"))
_TIEQI = JudgementRule("tieqi", "铁骑", lambda f: f.color == "red",
                       *en_zh_many("judgement.tieqi/red_target_cannot", "judgement.tieqi/black_target_may"),
                       "standard_generals.json 马超 铁骑")
register(_TIEQI)
register(JudgementRule("tieji", *[getattr(_TIEQI, f) for f in ("zh_name", "test", "en_yes", "en_no", "zh_yes", "zh_no",
                                                              "source")]))


def _name(zh_name: str) -> Words:
    """A judgement's subject (乐不思蜀, 刚烈) in each language: a card's or a skill's name, else as it is."""
    from .generals import SKILLS  # noqa: PLC0415

    for item in (*KINDS.values(), *SKILLS.values()):
        if item.zh == zh_name:
            return Words(item.en, item.zh)
    return Words(zh_name, zh_name)


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
    en, zh = en_zh("judgement.resolve_judgement", zh_name=_name(rule.zh_name), face=face,
                   en_yes=Words(rule.en_yes if eff else rule.en_no, rule.zh_yes if eff else rule.zh_no))
    return Judgement(subject, face, eff, en, zh)
