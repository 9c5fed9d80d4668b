"""The rules' vocabulary as string enums: each member *is* its string (``Phase.PLAY == "play"``), so the JSON
of a state, the journal and the command language are unchanged.  Field terms (DEVELOPERS.md): phases start judge
draw play discard finish; roles lord loyalist rebel renegade; kingdoms wei shu wu qun.
Source: rulebook 回合流程 (the six phases), 身份 (the four roles), 武将 (the four kingdoms)."""

from __future__ import annotations

from enum import StrEnum

from .messages import Names

__all__ = ["Phase", "Role", "Kingdom", "PromptKind", "Rule", "WinReason"]


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


class WinReason(StrEnum):
    """Which win condition ended the game (RULES_NOTES: Win conditions); its sentence is a catalogue text
    (``companion.rules.state.WIN_TEXT``), never kept in the state."""

    LORD_DEAD = "lord_dead"  # the lord is dead and more than a lone renegade lives: the rebels win
    RENEGADE_ALONE = "renegade_alone"  # the lord is dead and a renegade is the only one alive
    REBELS_AND_RENEGADES_DEAD = "rebels_and_renegades_dead"  # the lord and the loyalists win


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

    @property
    def en(self) -> str:
        """One of ``Wei Shu Wu Qun`` (the id is the pinyin, lower case)."""
        return self.value.capitalize()

    def words(self, lang: str) -> str:
        """The kingdom's name on screen: 蜀 in ``"zh"``, Shu otherwise (never the id ``shu``)."""
        return _KINGDOM_ZH[self] if lang == "zh" else self.value.capitalize()

    def command(self, lang: str) -> str:
        """The kingdom in a command line: 蜀 in ``"zh"``, the id ``shu`` otherwise."""
        return _KINGDOM_ZH[self] if lang == "zh" else self.value


_KINGDOM_ZH = Names("kingdom")


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


class Rule(StrEnum):
    """A rule id, the name of every rule a refusal gives (``Refused(Rule.SLASH_RANGE, …)``): its value is the id
    as the journal, the log line ``[slash.range; …]`` and the catalogue's ``[refused]`` keys spell it
    (``Rule.SLASH_RANGE == "slash.range"``); tests/test_messages.py checks that every refused id is one."""

    AMOUNT_POSITIVE = "amount.positive"
    BLADE_TARGET = "blade.target"
    CARD_FACE = "card.face"
    CARD_FACES = "card.faces"
    CARD_MANEUVERING = "card.maneuvering"
    CARD_PHASE = "card.phase"
    COLLATERAL_RANGE = "collateral.range"
    COLLATERAL_TARGET = "collateral.target"
    COLLATERAL_WEAPON = "collateral.weapon"
    DISCARD_COUNT = "discard.count"
    DISCARD_EXCESS = "discard.excess"
    DISCARD_LIMIT = "discard.limit"
    DISCARD_NONE = "discard.none"
    DISMANTLEMENT_EMPTY = "dismantlement.empty"
    EQUIP_MISSING = "equip.missing"
    EQUIP_SLOT = "equip.slot"
    GAME_NOT_STARTED = "game.not_started"
    GAME_OVER = "game.over"
    GENERAL_OFFER = "general.offer"
    GENERAL_TAKEN = "general.taken"
    GENERAL_UNKNOWN = "general.unknown"
    GIVE_SELF = "give.self"
    HAND_COUNT = "hand.count"
    HAND_ASK = "hand.ask"
    HAND_EMPTY = "hand.empty"
    HEAL_FULL = "heal.full"
    JINK_RESPONSE = "jink.response"
    JUDGE_NONE = "judge.none"
    JUDGEMENT_DUPLICATE = "judgement.duplicate"
    LIGHTNING_TARGET = "lightning.target"
    MAXHP_RANGE = "maxhp.range"
    NAME_LENGTH = "name.length"
    NULLIFICATION_WINDOW = "nullification.window"
    PASS_ALL = "pass.all"
    PEACH_FULL = "peach.full"
    PEACH_TARGET = "peach.target"
    PICK_NONE = "pick.none"
    PICK_ZONE = "pick.zone"
    PLACE_KIND = "place.kind"
    PLACE_MISSING = "place.missing"
    PROMPT_ANSWER = "prompt.answer"
    PROMPT_NONE = "prompt.none"
    PROMPT_PENDING = "prompt.pending"
    PROMPT_SEAT = "prompt.seat"
    ROLE_COUNT = "role.count"
    ROLE_HIDDEN = "role.hidden"
    ROLE_KNOWN = "role.known"
    ROLE_LORD = "role.lord"
    ROLE_UNKNOWN = "role.unknown"
    SEAT_DEAD = "seat.dead"
    SEAT_UNKNOWN = "seat.unknown"
    SETUP_GENERALS = "setup.generals"
    SETUP_LORD = "setup.lord"
    SETUP_PLAYERS = "setup.players"
    SETUP_STARTED = "setup.started"
    SKILL_ARGS = "skill.args"
    SKILL_FORM = "skill.form"
    SKILL_NONE = "skill.none"
    SKILL_ONCE = "skill.once"
    SKILL_PHASE = "skill.phase"
    SKILL_RANGE = "skill.range"
    SKILL_SEAT = "skill.seat"
    SKILL_TARGET = "skill.target"
    SKILL_WHEN = "skill.when"
    SLASH_COLOUR = "slash.colour"
    SLASH_LIMIT = "slash.limit"
    SLASH_RANGE = "slash.range"
    SLASH_SELF = "slash.self"
    SLASH_TARGET = "slash.target"
    SNATCH_EMPTY = "snatch.empty"
    SPEAR_HAND = "spear.hand"
    SPEAR_NONE = "spear.none"
    TRICK_DISTANCE = "trick.distance"
    TRICK_SELF = "trick.self"
    TRICK_TARGET = "trick.target"
    USE_SEAT = "use.seat"
    USING_EMPTY = "using.empty"
    VARIANT_UNKNOWN = "variant.unknown"
    VERB_UNKNOWN = "verb.unknown"
    VIEWAS_FACE = "viewas.face"
    VIEWAS_KIND = "viewas.kind"
    VIEWAS_KINGDOM = "viewas.kingdom"
    VIEWAS_LORD = "viewas.lord"
    VIEWAS_SKILL = "viewas.skill"
    VIEWAS_TURN = "viewas.turn"
    VIEWAS_UNKNOWN = "viewas.unknown"
    VIEWAS_WHEN = "viewas.when"
    WEAPON_DISCARD = "weapon.discard"
