"""The arguments of each verb (``Action.args``), one ``TypedDict`` per verb of the command language.

:func:`companion.script.parse` builds them (docs/commands.md is the syntax); the handlers of
:data:`companion.rules.engine.HANDLERS` read them by key.  At run time an action's args are the plain dict they
always were (nothing of an Action is journaled: the journal keeps the line); these types name its keys and what
each holds, and tests/test_action_args.py checks that every action of every transcript carries exactly the keys
(and value types) its verb declares.
"""

from __future__ import annotations

from typing import Required, TypedDict

from .deck import Face

__all__ = ["NoArgs", "CountArgs", "NameArgs", "SwapArgs", "GeneralArgs", "RoleArgs", "OfferArgs", "VariantArgs",
           "DealArgs", "PassArgs", "PickArgs", "JudgeArgs", "DamageArgs", "GiveArgs", "CardArgs", "UnequipArgs",
           "UseArgs", "SkillArgs", "ARGS"]


class NoArgs(TypedDict):
    """``lord S``, ``start``, ``next``, ``end``, ``take [S]``, ``yes``, ``no``: the verb (and the seat) say it all."""


class CountArgs(TypedDict):
    """``players N``, ``discard [S] N``, ``heal / lose / draw / hand / maxhp S N``: a number of seats, cards or HP."""

    n: int


class NameArgs(TypedDict):
    """``name S TEXT``: the player's name (the rest of the line)."""

    text: str


class SwapArgs(TypedDict):
    """``swap A B``: two seats traded before the start."""

    a: int
    b: int


class GeneralArgs(TypedDict):
    """``general S G``: the general's id (pinyin: ``guanyu``)."""

    general: str


class RoleArgs(TypedDict):
    """``role S ROLE`` / ``reveal ROLE``: a role (``lord loyalist rebel renegade``)."""

    role: str


class OfferArgs(TypedDict):
    """``offer S G1 G2 …``: the general ids offered to a seat."""

    generals: list[str]


class VariantArgs(TypedDict):
    """``variant NAME [on|off]`` (and ``track hands on|off``: the variant ``untracked_hands``)."""

    name: str
    on: bool


class DealArgs(TypedDict):
    """``deal roles|generals [seed=N]``: what is dealt and the seed (None: a fresh one); prepared into lines."""

    what: str
    seed: int | None


class PassArgs(TypedDict, total=False):
    """``pass [S]`` (no args) or ``pass all`` / ``nobody`` (``all``: everyone still to be asked)."""

    all: bool


class PickArgs(TypedDict):
    """``pick [WHAT …]``: the zones or cards picked (五谷丰登, 过河拆桥 / 顺手牵羊, 寒冰剑 / 麒麟弓, 反馈)."""

    what: list[str]


class JudgeArgs(TypedDict):
    """``judge FACE``: the judgement card flipped."""

    face: Face


class DamageArgs(TypedDict):
    """``damage S N [from T|none] [fire|thunder]``: amount, source seat (None: no source) and nature."""

    n: int
    source: int | None
    nature: str


class GiveArgs(TypedDict):
    """``give S T N``: N hand cards from S to T."""

    to: int
    n: int


class CardArgs(TypedDict):
    """``equip / place / remove S CARD[:FACE]``: the card's kind id and its face when given."""

    card: str
    face: Face | None


class UnequipArgs(TypedDict):
    """``unequip S SLOT|CARD``: a slot name or a card kind id."""

    what: str


class UseArgs(TypedDict, total=False):
    """``S CARD[:FACE] [T …] [via SKILL|CARD] [using SLOT]`` (and a bare card name answering a question)."""

    card: Required[str]  # the card's kind id
    face: Required[Face | None]
    targets: Required[list[int]]
    faces: tuple[Face | None, ...]  # two cards as one (丈八蛇矛: 杀:♥3+♠5)
    vskill: str  # a view-as skill (武圣, 龙胆, 护驾, 激将 …)
    via: str  # a card kind used as this one (spear)
    using: str  # an equipment slot used as this card


class SkillArgs(TypedDict):
    """``[S] SKILL [ARGS …]`` / ``skill SKILL …``: the skill id and its words."""

    skill: str
    args: list[str]


ARGS: dict[str, type] = {
    "players": CountArgs, "name": NameArgs, "lord": NoArgs, "swap": SwapArgs, "general": GeneralArgs,
    "role": RoleArgs, "reveal": RoleArgs, "offer": OfferArgs, "variant": VariantArgs, "deal": DealArgs,
    "start": NoArgs, "next": NoArgs, "end": NoArgs, "pass": PassArgs, "take": NoArgs, "yes": NoArgs, "no": NoArgs,
    "pick": PickArgs, "judge": JudgeArgs, "discard": CountArgs, "damage": DamageArgs, "heal": CountArgs,
    "lose": CountArgs, "draw": CountArgs, "hand": CountArgs, "maxhp": CountArgs, "give": GiveArgs,
    "equip": CardArgs, "place": CardArgs, "remove": CardArgs, "unequip": UnequipArgs, "use": UseArgs,
    "skill": SkillArgs,
}
"""Verb → the ``TypedDict`` of its ``Action.args``."""
