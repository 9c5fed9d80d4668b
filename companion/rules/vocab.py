"""The rules' vocabulary as string enums: each member *is* its string (``Phase.PLAY == "play"``), so the JSON
of a state, the journal and the command language are unchanged.  Field terms (DEVELOPERS.md): phases start judge
draw play discard finish; roles lord loyalist rebel renegade; kingdoms wei shu wu qun.
Source: rulebook 回合流程 (the six phases), 身份 (the four roles), 武将 (the four kingdoms)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "Role", "Kingdom", "PromptKind"]


class Phase(StrEnum):
    """The six phases of a turn, in order (rulebook 回合流程)."""

    START = "start"
    JUDGE = "judge"
    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    FINISH = "finish"


class Role(StrEnum):
    """The four roles (rulebook 身份牌)."""

    LORD = "lord"
    LOYALIST = "loyalist"
    REBEL = "rebel"
    RENEGADE = "renegade"


class Kingdom(StrEnum):
    """The four kingdoms; ``.zh`` is 魏 蜀 吴 群."""

    WEI = "wei"
    SHU = "shu"
    WU = "wu"
    QUN = "qun"

    @property
    def zh(self) -> str:
        """One of ``魏 蜀 吴 群``."""
        return _KINGDOM_ZH[self]


_KINGDOM_ZH = {Kingdom.WEI: "魏", Kingdom.SHU: "蜀", Kingdom.WU: "吴", Kingdom.QUN: "群"}


class PromptKind(StrEnum):
    """Every kind of question the rules core asks (``Prompt.kind``), by the module that asks it."""

    RESPOND = "respond"  # cards: play the card asked for (闪, 杀) or take the damage
    DYING = "dying"  # outcome: 桃 asked for a dying seat
    REVEAL = "reveal"  # outcome: a dead seat's role card turned up
    DISCARD = "discard"  # flow: down to the hand limit
    JUDGE = "judge"  # flow: a delayed trick's judgement card
    SKILL = "skill"  # skills: a skill's question
    NULLIFY = "nullify"  # cards.tricks: the 无懈可击 window
    PICK = "pick"  # cards.tricks: 五谷丰登
    ZONE = "zone"  # cards.tricks: 过河拆桥 / 顺手牵羊
    COLLATERAL = "collateral"  # cards.tricks: 借刀杀人
    DOUBLE_SWORDS = "weapon.double_swords"  # cards.weapons
    BLADE = "weapon.blade"
    AXE = "weapon.axe"
    ICE_SWORD = "weapon.ice_sword"
    KYLIN_BOW = "weapon.kylin_bow"
