"""Judgements (判定): the ONE entry point for a flipped card.

``resolve_judgement(subject, face)`` says whether the judged effect happens.
Subjects are a registry (:data:`JUDGEMENTS`) so skills and later card modules
add their own with :func:`register`; a webcam reader feeds faces here.  The
registry and the judging itself are :mod:`companion.rules.judging` (light,
for ``companion judge``); this module gives the result as a :class:`Judgement`.

Source: RULES_NOTES.md "Judgements" (FK ``indulgence.lua``, ``lightning.lua``,
``eight_diagram.lua``, ``supply_shortage.lua``; QS ``standard-cards.cpp``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Face
from .judging import JUDGEMENTS, JudgementRule, UnknownSubjectError, judge, register

__all__ = ["Judgement", "JudgementRule", "JUDGEMENTS", "UnknownSubjectError", "register", "resolve_judgement"]


@dataclass(frozen=True, slots=True)
class Judgement:
    """Outcome: ``effect`` True means the subject's effect happens (e.g. skip the play phase)."""

    subject: str
    face: Face
    effect: bool
    en: str
    zh: str


def resolve_judgement(subject: str, face: Face) -> Judgement:
    """Judge ``face`` for ``subject`` (a key of :data:`JUDGEMENTS`).

    Returns a :class:`Judgement` with the sentence, e.g. ``"乐不思蜀 judged ♠7:
    not a heart: the play phase is skipped"``.  Raises :class:`UnknownSubjectError` (a ValueError) naming
    the known subjects for an unknown one.
    """
    eff, en, zh = judge(subject, face)
    return Judgement(subject, face, eff, en, zh)
