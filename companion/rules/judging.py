"""Judgements (判定) on plain values: the registry of subjects and what a flipped face does for one.

:mod:`companion.rules.judgement` (the rules' ONE entry point for a flipped card, with its ``Judgement``
result) and ``companion judge`` both judge here.  Light to import on purpose (issue 15): no dataclasses,
enums or ``typing`` at run time; a face is anything with ``suit`` (a suit id or ``deck.Suit``), ``rank`` and
``color`` (``deck.Face``, or :class:`companion.rules.faces.PlainFace`).

Source: RULES_NOTES.md "Judgements" (FK ``indulgence.lua``, ``lightning.lua``,
``eight_diagram.lua``, ``supply_shortage.lua``; QS ``standard-cards.cpp``).
"""

from __future__ import annotations

from . import datafiles
from .messages import Message, Words, en_zh, text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue 15)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol

    class FaceView(Protocol):
        """What a judgement reads of a face (``deck.Face`` has it)."""

        @property
        def suit(self) -> str: ...
        @property
        def rank(self) -> int: ...
        @property
        def color(self) -> str: ...

__all__ = ["JudgementRule", "JUDGEMENTS", "UnknownSubjectError", "register", "judge"]


class JudgementRule:
    """A registered subject: ``test(face) -> effect``, the sentences of both outcomes (``yes`` when the effect
    happens, ``no`` when not: catalogue texts, rendered when first read) and the source::

        JudgementRule("indulgence", "乐不思蜀", lambda f: f.suit != "heart", text("judgement.indulgence/…"),
                      text("judgement.ganglie/heart_effect"), source="RULES_NOTES: Judgements (乐不思蜀)")

    The older form with the four sentences as strings, ``JudgementRule(subject, zh_name, test, en_yes, en_no,
    zh_yes, zh_no, source)``, is still taken (a subject registered from outside the rules core)."""

    __slots__ = ("subject", "zh_name", "test", "yes", "no", "source")

    def __init__(self, subject: str, zh_name: str, test: Callable[[FaceView], bool], yes: Message | Words | str,
                 no: Message | Words | str, *older: str, source: str = "") -> None:
        if isinstance(yes, str) or isinstance(no, str):  # en_yes, en_no, zh_yes, zh_no, source
            zh_yes, zh_no, source = older
            yes, no = Words(str(yes), zh_yes), Words(str(no), zh_no)
        self.subject = subject
        self.zh_name = zh_name
        self.test = test
        self.yes: Message | Words = yes
        self.no: Message | Words = no
        self.source = source


JUDGEMENTS: dict[str, JudgementRule] = {}
"""Registered judgement subjects by id."""


def register(rule: JudgementRule) -> JudgementRule:
    """Add (or replace) a judgement subject; returns it."""
    JUDGEMENTS[rule.subject] = rule
    return rule


register(JudgementRule("indulgence", "乐不思蜀", lambda f: f.suit != "heart",
                       text("judgement.indulgence/heart_play_phase"), text("judgement.ganglie/heart_effect"),
                       source="RULES_NOTES: Judgements (乐不思蜀)"))
register(JudgementRule("lightning", "闪电", lambda f: f.suit == "spade" and 2 <= f.rank <= 9,
                       text("judgement.lightning/spade_thunder_damage"), text("judgement.lightning/spade_moves"),
                       source="RULES_NOTES: Judgements (闪电)"))
register(JudgementRule("supply_shortage", "兵粮寸断", lambda f: f.suit != "club",
                       text("judgement.supply_shortage/club_draw_phase"), text("judgement.supply_shortage/club_effect"),
                       source="RULES_NOTES: Judgements (兵粮寸断)"))
register(JudgementRule("eight_diagram", "八卦阵", lambda f: f.color == "red",
                       text("judgement.eight_diagram/red_counts"), text("judgement.eight_diagram/black"),
                       source="RULES_NOTES: Judgements (八卦阵)"))


# The judgements of skills (standard_generals.json): 刚烈, 洛神, 铁骑 (alias 铁骑/tieji).
register(JudgementRule("ganglie", "刚烈", lambda f: f.suit != "heart",
                       text("judgement.ganglie/heart_source_discards"), text("judgement.ganglie/heart_effect"),
                       source="standard_generals.json 夏侯惇 刚烈"))
register(JudgementRule("luoshen", "洛神", lambda f: f.color == "black",
                       text("judgement.luoshen/black_gains_card"), text("judgement.luoshen/red_card_discarded"),
                       source="standard_generals.json 甄姬 洛神"))
_TIEQI = JudgementRule("tieqi", "铁骑", lambda f: f.color == "red",
                       text("judgement.tieqi/red_target_cannot"), text("judgement.tieqi/black_target_may"),
                       source="standard_generals.json 马超 铁骑")
register(_TIEQI)
register(JudgementRule("tieji", _TIEQI.zh_name, _TIEQI.test, _TIEQI.yes, _TIEQI.no, source=_TIEQI.source))


def _name(zh_name: str) -> Words:
    """A judgement's subject (乐不思蜀, 刚烈) in each language: a card's or a skill's name (the rows of cards.toml
    and generals.toml that ``deck.KINDS`` and ``generals.SKILLS`` are made of), else as it is."""
    rows = (*datafiles.load("cards.toml")["kinds"].values(), *datafiles.load("generals.toml")["skills"].values())
    for row in rows:
        if row["zh"] == zh_name:
            return Words(row["en"], row["zh"])
    return Words(zh_name, zh_name)


class UnknownSubjectError(ValueError):
    """A judgement subject that no card or skill judges; ``.en`` / ``.zh`` say so and name the known ones."""

    def __init__(self, subject: str) -> None:
        self.subject = subject
        self.en, self.zh = en_zh("judgement.unknown_subject", subject=subject, known=", ".join(sorted(JUDGEMENTS)))
        super().__init__(self.en)


def judge(subject: str, face: FaceView) -> tuple[bool, str, str]:
    """``(effect, en, zh)``: whether the subject's effect happens for ``face`` (a key of :data:`JUDGEMENTS`, or
    a skill's other name: 铁骑, Iron Cavalry) and the sentence, e.g. ``"Indulgence judged ♠7: not a heart: the
    play phase is skipped"``.  Raises :class:`UnknownSubjectError` (a ValueError) naming the known subjects."""
    rule = JUDGEMENTS.get(subject)
    if rule is None:
        from .generals import UnknownSkillError, skill  # noqa: PLC0415 - 铁骑 / Iron Cavalry / tieji
        try:
            rule = JUDGEMENTS.get(skill(subject).id)
        except UnknownSkillError:
            rule = None
    if rule is None:
        raise UnknownSubjectError(subject)
    eff = bool(rule.test(face))
    en, zh = en_zh("judgement.resolve_judgement", zh_name=_name(rule.zh_name), face=face,
                   en_yes=rule.yes if eff else rule.no)
    return eff, en, zh
