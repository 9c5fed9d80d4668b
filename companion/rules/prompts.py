"""The payload of each kind of question (``Prompt.data``), one ``TypedDict`` per :class:`PromptKind`.

At run time a payload is the plain dict it always was (the dashboard, the players' view, the journal's checkpoints
and ``choices`` read it by key); these types name its keys, and tests/test_prompt_payloads.py checks that every
question the transcripts raise carries exactly the keys its kind declares.
"""

from __future__ import annotations

from typing import Required, TypedDict

from .deck import Face
from .vocab import PromptKind

__all__ = ["RespondData", "DyingData", "RevealData", "DiscardData", "JudgeData", "SkillData", "JudgementJob", "NoData",
           "TargetData", "CollateralData", "DoubleSwordsData", "WeaponHitData", "PAYLOADS"]


class RespondData(TypedDict, total=False):
    """``respond``: play the card asked for or take the damage (a 杀's 闪, 南蛮入侵 / 决斗's 杀, 万箭齐发's 闪)."""

    source: int | None  # who the damage would come from
    card: str  # the card ref of the 杀 / trick
    need: str  # the card id asked for: "jink" (default) or "slash"
    cause: str  # the card's Chinese name in the log: 杀, 决斗 …
    slash: bool  # a 杀's question (weapons act on it)
    ignore_armor: bool  # 青釭剑
    frame: bool  # a trick's question: the resolution stack goes on once answered
    duel: bool  # 决斗
    jinks: int  # cards still needed (无双: 2)
    hinted: bool  # the skills that may answer were named (护驾, 激将, 流离, 八卦阵)
    bagua: bool  # 八卦阵 was judged (black): no second judgement


class WeaponHitData(RespondData, total=False):
    """``weapon.axe`` / ``weapon.ice_sword`` / ``weapon.kylin_bow``: the 杀's data and the seat it hits."""

    target: int
    ice_done: bool
    kylin_done: bool


class DyingData(TypedDict):
    """``dying``: the 桃 round for ``victim``, asking ``order[i]``."""

    victim: int
    source: int | None
    order: list[int]
    i: int


class RevealData(TypedDict):
    """``reveal``: ``victim``'s role card is turned up (the kill's reward / penalty go to ``source``)."""

    victim: int
    source: int | None


class DiscardData(TypedDict, total=False):
    """``discard``: down to the hand limit (``flow.push_discard``; ``flow.discard_follows`` asks again when a
    correction changes either)."""

    limit: Required[int]
    owed: int  # the cards owed when asked (absent in questions journaled before 2 Dec)


class JudgeData(TypedDict):
    """``judge``: the delayed trick ``card`` (a card ref) is judged."""

    card: str


class JudgementJob(TypedDict, total=False):
    """A judgement being made (``flow.judgement``): ``kind`` names its effect (``flow.JUDGED``: ``delayed``,
    ``bagua``, ``skill``), ``subject`` the judgement rule (``judgement.JUDGEMENTS``: a card or skill id), ``seat``
    whose judgement it is.  Source of the order (鬼才 / 天妒 before the effect): RULES_NOTES Judgements."""

    kind: Required[str]
    subject: Required[str]
    seat: Required[int]
    card: str  # delayed: the trick's card ref
    skill: str  # skill: the skill judging (刚烈, 铁骑, 洛神)
    replaced: bool  # 鬼才 replaced the card (one replacement per judgement)
    source: int  # 刚烈: the damage's source
    target: int  # 铁骑: the 杀's target


class SkillData(TypedDict, total=False):
    """``skill``: skill ``skill``'s question at ``step``, with what that step needs."""

    skill: Required[str]
    step: Required[str]
    source: int  # 反馈, 刚烈: the damage's source
    owner: int  # 刚烈's choice: the skill's owner
    target: int  # 铁骑
    cause: str  # 奸雄: the card that caused the damage
    x: int  # 观星: cards looked at
    n: int  # 遗计 / 枭姬: cards
    i: int  # 遗计: the point of damage being answered
    times: int  # 遗计
    job: JudgementJob  # 鬼才 / 天妒: the judgement being made
    face: Face  # 鬼才 / 天妒: the judgement card


class NoData(TypedDict):
    """``nullify`` (the window's state is the resolution stack's frame), ``pick`` (五谷丰登)."""


class TargetData(TypedDict):
    """``zone`` (过河拆桥 / 顺手牵羊), ``weapon.blade``: the seat whose card / who is aimed at."""

    target: int


class CollateralData(TypedDict):
    """``collateral``: 借刀杀人's ``user`` asks for a 杀 on ``victim``."""

    user: int
    victim: int


class DoubleSwordsData(TypedDict):
    """``weapon.double_swords``: the weapon's ``user``; ``nioh``: the seat whose 仁王盾 is logged once answered."""

    user: int
    nioh: int | None


PAYLOADS: dict[PromptKind, type] = {
    PromptKind.RESPOND: RespondData, PromptKind.DYING: DyingData, PromptKind.REVEAL: RevealData,
    PromptKind.DISCARD: DiscardData, PromptKind.JUDGE: JudgeData, PromptKind.SKILL: SkillData,
    PromptKind.NULLIFY: NoData, PromptKind.PICK: NoData, PromptKind.ZONE: TargetData,
    PromptKind.COLLATERAL: CollateralData, PromptKind.DOUBLE_SWORDS: DoubleSwordsData, PromptKind.BLADE: TargetData,
    PromptKind.AXE: WeaponHitData, PromptKind.ICE_SWORD: WeaponHitData, PromptKind.KYLIN_BOW: WeaponHitData,
}
"""Prompt kind → the ``TypedDict`` of its payload."""
