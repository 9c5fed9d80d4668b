"""The command language: one action per line (docs/commands.md).

* :func:`parse` — a line to an :class:`~companion.rules.engine.Action` (None for
  blank and ``#`` comment lines); raises :class:`CommandError` with the usage.
* :func:`prepare` — the lines to journal for one input: random commands
  (``deal roles``, ``deal generals``) are expanded into their outcome lines
  (``role S R``, ``offer S g1 g2 …``) so a replay never re-rolls.
* :func:`execute` — prepare + parse + apply.
* :data:`VERBS` and :func:`completions` — for help and the command bar.

Seats are integers; Chinese and English card names, ids and aliases are all
accepted (杀 / slash / sha); a face follows a colon (``杀:♠7``); a ``force``
prefix forces an action past a forceable refusal.
"""

from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass
from typing import Any

from .rules.deck import KINDS, CardError, Face, UnknownCardError, card_kind, parse_face
from .rules.engine import Action, Applied, apply
from .rules.errors import CommandError, Event, Refused
from .rules.generals import GENERALS, UnknownGeneralError
from .rules.generals import general as find_general
from .rules.messages import Words, en_zh
from .rules.names import is_cjk
from .rules.setup import VARIANTS, deal_roles, offer_generals
from .rules.skills.base import VIEW_AS, skill_word
from .rules.state import ROLES, SLOTS, GameState
from .rules.vocab import Rule
from .rules.zones import ZONE_WORDS

__all__ = ["Usage", "VERBS", "parse", "prepare", "execute", "completions", "ROLE_WORDS"]


@dataclass(frozen=True, slots=True)
class Usage:
    """How a verb is written, with an example, in English and Chinese."""

    usage: str
    en: str
    zh: str
    example: str


VERBS: dict[str, Usage] = {
    "players": Usage("players N", "set the number of seats (2..10)", "设置人数（2~10）", "players 6"),
    "name": Usage("name S TEXT", "name a seat's player (any time)", "设置玩家名字", "name 1 Alice"),
    "lord": Usage("lord S", "the lord's seat", "指定主公座位", "lord 1"),
    "swap": Usage("swap A B", "swap two seats before the start", "开始前交换两个座位", "swap 2 5"),
    "general": Usage("general S G", "the general a seat picked (zh/en/pinyin)", "座位选择的武将", "general 2 关羽"),
    "role": Usage("role S ROLE", "a hidden role dealt by the companion, a dead seat's role, or after the game a survivor's",
                  "身份（发牌、亮出，或游戏结束后记录）", "role 3 rebel"),
    "offer": Usage("offer S G1 G2 …", "generals offered to a seat", "座位的候选武将", "offer 2 guanyu zhaoyun lvbu"),
    "variant": Usage("variant NAME [on|off]", "switch a rule variant", "开启或关闭规则变体", "variant maneuvering on"),
    "track": Usage("track hands on|off", "light mode: 'off' = hand counts neither tracked nor shown, no hand limit "
                   "(a table option at setup; = variant untracked_hands)",
                   "简易模式：off＝不记录、不显示手牌数，不检查手牌上限（开始前设置；即变体 untracked_hands）",
                   "track hands off"),
    "deal": Usage("deal roles|generals [seed=N]", "deal roles or general offers at random", "随机发身份或候选武将", "deal roles seed=7"),
    "start": Usage("start", "start the game (lord's first turn)", "开始游戏", "start"),
    "next": Usage("next", "go to the next phase (or turn)", "进入下一阶段", "next"),
    "end": Usage("end", "end the current turn", "结束当前回合", "end"),
    "use": Usage("S CARD[:FACE] [T …] [via SKILL|spear] [using SLOT]",
                 "seat S uses a card (on targets T); 'via SKILL' = a card used as another through a skill; "
                 "'S spear T' = 2 hand cards as Slash (Spear); 'using SLOT' = an equipped card used as this card",
                 "S号位使用牌（目标T）；'via 技能'：通过技能将牌当作另一张牌；'S spear T'：两张手牌当杀（丈八蛇矛）；"
                 "'using 栏位'：把装备当作此牌",
                 "1 杀:♥5 3 via wusheng"),
    "yes": Usage("yes", "use the skill the question offers", "发动所询问的技能", "yes"),
    "no": Usage("no", "decline the skill the question offers", "不发动所询问的技能", "no"),
    "skill": Usage("[S] SKILL [ARGS …]", "use a skill: active ones in your play phase, or to answer its question",
                   "发动技能：出牌阶段的主动技，或回答技能询问", "2 zhiheng 3"),
    "zhiheng": Usage("S zhiheng N [SLOT …]", "Balance of Power: discard N cards (named equipment among them), draw N (once per play phase)",
                     "制衡：弃N摸N（每阶段限一次）", "1 zhiheng 3"),
    "rende": Usage("S rende T N", "Benevolence: give N hand cards to T (heal 1 at the second card this phase)",
                   "仁德：交给T N张手牌（本阶段给出第二张时回复1点体力）", "1 rende 3 2"),
    "kurou": Usage("S kurou", "Self-Injury: lose 1 HP, draw 2", "苦肉：失去1点体力，摸两张牌", "3 kurou"),
    "jieyin": Usage("S jieyin T", "Marriage: discard 2 hand cards; you and a hurt male T heal 1 (once per play phase)",
                    "结姻：弃两张手牌，与受伤男性角色各回复1点（限一次）", "4 jieyin 2"),
    "qingnang": Usage("S qingnang T", "Green Satchel: discard 1 hand card, a hurt T heals 1 (once per play phase)",
                      "青囊：弃一张手牌，令受伤角色回复1点（限一次）", "6 qingnang 2"),
    "fanjian": Usage("S fanjian T SUIT FACE", "Sow Dissension: T names SUIT and takes your card FACE; other suit → 1 damage",
                     "反间：T选花色并获得你的牌，花色不同则受到1点伤害", "5 fanjian 3 heart ♠7"),
    "lijian": Usage("S lijian A B [SLOT]", "Alienation: discard 1 (or SLOT's equipment); male A duels male B (winner = damage source)",
                    "离间：弃一张牌，视为男性A对男性B决斗", "8 lijian 2 4"),
    "liuli": Usage("S liuli T [SLOT]", "Deflection: discard a card, the Slash aimed at you goes to T in your range",
                   "流离：弃一张牌，将杀转移给攻击范围内的T", "5 liuli 3"),
    "tuxi": Usage("tuxi T [T2]", "Sudden Raid (answer): take a hand card from up to two seats instead of drawing",
                  "突袭（回答）：获得至多两名角色各一张手牌，代替摸牌", "tuxi 3 5"),
    "fankui": Usage("fankui [SLOT]", "Retaliation (answer): take a hand card (or the equipment in SLOT) of the source",
                    "反馈（回答）：获得伤害来源的一张牌", "fankui"),
    "guicai": Usage("guicai FACE", "Demonic Talent (answer): replace the judgement card with a hand card", "鬼才（回答）：以手牌代替判定牌",
                    "guicai ♥3"),
    "yiji": Usage("yiji [T N …]", "Bequeathed Strategy (answer): give the cards out (the rest kept)", "遗计（回答）：分配牌", "yiji 3 1"),
    "judge": Usage("judge FACE", "the flipped judgement card", "判定牌的牌面", "judge ♥5"),
    "discard": Usage("discard [S] N", "discard N hand cards", "弃置N张手牌", "discard 2"),
    "take": Usage("take [S]", "take the damage instead of playing Jink", "不出闪，受到伤害", "take"),
    "pass": Usage("pass [S] | pass all",
                  "no Peach / no Jink / no Nullification (all: nobody in this window, or nobody gives Peach) / decline a weapon's option",
                  "不出桃/不出闪/不出无懈可击（all：所有人都不出，或无人出桃）/不发动武器效果", "pass all"),
    "pick": Usage("pick [S] [WHAT …]", "choose: a card of Amazing Grace, a zone for Dismantlement/Snatch (hand, weapon, armor, "
                  "plus_horse, minus_horse, Indulgence…), cards for Ice Sword/Kylin Bow",
                  "选择：五谷丰登的牌、过河拆桥/顺手牵羊的区域、寒冰剑/麒麟弓的牌", "pick weapon"),
    "reveal": Usage("reveal ROLE", "the dead seat's role card", "阵亡角色的身份牌", "reveal rebel"),
    "damage": Usage("damage T N [from S|none] [fire|thunder]", "correction: damage", "修正：伤害", "damage 4 1 from 2 fire"),
    "heal": Usage("heal T N", "correction: recover HP (up to max)", "修正：回复体力", "heal 4 1"),
    "lose": Usage("lose T N", "correction: HP loss (no source)", "修正：失去体力", "lose 3 1"),
    "draw": Usage("draw S N", "correction: draw cards", "修正：摸牌", "draw 2 1"),
    "give": Usage("give S T N", "correction: S gives N hand cards to T", "修正：S交给T N张手牌", "give 1 3 2"),
    "hand": Usage("hand S N", "correction: set the hand count", "修正：设置手牌数", "hand 2 5"),
    "maxhp": Usage("maxhp S N", "correction: set max HP", "修正：设置体力上限", "maxhp 3 5"),
    "equip": Usage("equip S CARD[:FACE]", "correction: put equipment in its slot", "修正：装备", "equip 2 赤兔"),
    "unequip": Usage("unequip S SLOT|CARD", "correction: remove equipment", "修正：移除装备", "unequip 2 weapon"),
    "place": Usage("place S CARD[:FACE]", "correction: put a delayed trick in a judgement area", "修正：置入判定区", "place 3 闪电"),
    "remove": Usage("remove S CARD", "correction: take a card out of a judgement area", "修正：移出判定区", "remove 3 lightning"),
}
"""Verb → :class:`Usage` (``use`` stands for the card form ``S CARD …``)."""

ROLE_WORDS = {
    "lord": "lord", "主公": "lord", "zhugong": "lord", "king": "lord",
    "loyalist": "loyalist", "loyal": "loyalist", "忠臣": "loyalist", "zhongchen": "loyalist", "minister": "loyalist",
    "rebel": "rebel", "反贼": "rebel", "fanzei": "rebel",
    "renegade": "renegade", "内奸": "renegade", "neijian": "renegade", "spy": "renegade", "traitor": "renegade",
}
"""Accepted role words (en/zh/pinyin) → role id."""

_NATURES = {"fire": "fire", "火": "fire", "火焰": "fire", "thunder": "thunder", "雷": "thunder", "雷电": "thunder",
            "normal": "normal"}


_PLACEHOLDER_ZH = {"S": "座位", "T": "目标", "A": "座位A", "B": "座位B", "N": "数量", "CARD": "牌", "FACE": "牌面",
                   "SKILL": "技能", "SLOT": "装备栏", "ROLE": "身份", "TEXT": "名字", "NAME": "名称", "G": "武将",
                   "G1": "武将1", "G2": "武将2", "T2": "目标2", "SUIT": "花色", "ARGS": "参数", "WHAT": "选择"}
"""Usage placeholders → their Chinese words (the command words themselves stay as typed)."""


def usage_zh(usage: str) -> str:
    """A usage line with Chinese placeholders: ``S CARD[:FACE] [T …]`` → ``座位 牌[:牌面] [目标 …]``."""
    return re.sub(r"\b[A-Z][A-Z0-9]*\b", lambda m: _PLACEHOLDER_ZH.get(m[0], m[0]), usage)


def _err(verb: str, key: str, /, **params: Any) -> CommandError:
    """The CommandError of the catalogue's ``[text]`` entry ``key`` with ``params``, with ``verb``'s usage line."""
    en, zh = en_zh(key, **params)
    return _err_words(verb, en, zh)


def _err_words(verb: str, msg: str, zh: str = "") -> CommandError:
    """A CommandError with texts already worded (another module's error: a card, a general), with ``verb``'s usage line."""
    u = VERBS.get(verb)
    return CommandError(msg, u.usage if u else "", zh, usage_zh(u.usage) if u else "")


def _what(what: str) -> Words:
    """What ``_int`` reads, in both languages."""
    return Words(what, _WHAT_ZH.get(what, what))


_WHAT_ZH = {"number": "数字", "seat": "座位号", "target seat": "目标座位号", "source seat": "来源座位号"}
"""The Chinese words for what ``_int`` reads (its refusals speak zh in zh mode)."""
_SEAT_WHATS = frozenset({"seat", "target seat", "source seat"})
_SEAT_RE = re.compile(r"(\d+)号位?")


def _seat_word(tok: str) -> int | None:
    """``4号`` / ``4号位`` → 4 (how a Chinese moderator names seat 4); None for anything else."""
    m = _SEAT_RE.fullmatch(tok.strip())
    return int(m[1]) if m else None


def _int(verb: str, tok: str | None, what: str = "number") -> int:
    if tok is None:
        raise _err(verb, "script.int/missing", what=_what(what))
    n = _seat_word(tok) if what in _SEAT_WHATS else None
    if n is not None:
        return n
    if re.fullmatch(r"[+-]?\d{10,}", tok):  # int() of 4,300 digits raises; no count reaches 10 digits
        raise _err(verb, "script.int/too_large", what=_what(what), head=tok[:12], digits=len(tok))
    try:
        return int(tok)
    except ValueError:
        shown = tok if len(tok) <= 40 else tok[:40] + "…"
        raise _err(verb, "script.int/not_whole", what=_what(what), shown=shown) from None


def _amount(verb: str, tok: str | None, least: int = 1) -> int:
    """A count of damage, HP, or cards: a whole number of at least ``least`` (1; 0 for ``hand``).
    Less is refused (not forceable): a negative amount would add cards or HP, zero does nothing."""
    n = _int(verb, tok)
    if n < least:
        turn = Words(*en_zh("script.amount/negative")) if n < 0 else ""
        raise Refused(Rule.AMOUNT_POSITIVE, source="docs/commands.md: corrections (amounts count damage points, HP and cards)",
                      forceable=False, verb=verb, n=n, least=least, turn=turn)
    return n


def _no_more(verb: str, args: list[str], takes: int) -> None:
    """Refuse words after the ``takes`` arguments a verb reads (they used to be ignored: `draw 3 1 junk`)."""
    if len(args) > takes:
        extra = " ".join(args[takes:])
        shown = extra if len(extra) <= 40 else extra[:40] + "…"
        raise _err(verb, "script.extra/after", shown=shown)


def _card(verb: str, tok: str | None, suggest_skills: bool = False) -> tuple[str, Face | None]:
    if tok is None:
        raise _err(verb, "script.card/missing")
    name, _, face = tok.replace("：", ":").partition(":")
    try:
        kind = card_kind(name).id
    except UnknownCardError as e:
        if suggest_skills:  # a card line's first word may be a mistyped skill too
            raise _unknown_word(verb, tok) from None
        raise _err_words(verb, str(e), e.zh) from None
    try:
        f = parse_face(face) if face else None
    except CardError as e:
        raise _err_words(verb, str(e), getattr(e, "zh", "")) from None
    return kind, f


def _role(verb: str, tok: str | None) -> str:
    r = ROLE_WORDS.get((tok or "").casefold())
    if r is None:
        raise _err(verb, "script.role/unknown", role=Words(repr(tok), tok or ""), roles=", ".join(ROLES))
    return r


def _strip(line: str) -> tuple[str, bool]:
    text = line.strip()
    if text.startswith("#"):
        return "", False
    text = re.split(r"\s#", text, maxsplit=1)[0].strip()
    forced = False
    if text.casefold().startswith("force "):
        forced, text = True, text[6:].strip()
    return text, forced


def _card_action(seat: int | None, toks: list[str], forced: bool, text: str) -> Action:
    head = toks[0].replace("：", ":")
    name, _, face_text = head.partition(":")
    faces = None
    if "+" in face_text:  # two cards as one (丈八蛇矛): 杀:♥3+♠5 — each face is read and checked on its own
        parts = face_text.split("+")
        if len(parts) != 2 or not all(parts):
            raise _err("use", "script.card/two_faces", faces=face_text)
        faces = tuple(_card("use", f"{name}:{p}")[1] for p in parts)
        head = name
    kind, face = _card("use", head, suggest_skills=True)
    args: dict = {"card": kind, "face": face, "targets": []}
    if faces is not None:
        args["faces"] = faces
    rest = toks[1:]
    i = 0
    while i < len(rest):
        w = rest[i].casefold()
        if w in ("via", "using", "用") and i + 1 < len(rest):
            if w == "via":
                sid = skill_word(rest[i + 1])
                if sid is not None:
                    args["vskill"] = sid  # 武圣, 龙胆, … 护驾, 激将 (companion/rules/skills/base.py)
                else:
                    try:
                        args["via"] = card_kind(rest[i + 1]).id
                    except UnknownCardError:
                        raise _unknown_word("use", rest[i + 1], via=True) from None
            else:
                slot = ZONE_WORDS.get(rest[i + 1].casefold())
                if slot not in SLOTS:
                    raise _err("use", "script.card/using", slots=Words(", ".join(SLOTS), "、".join(SLOTS)), word=rest[i + 1])
                args["using"] = slot
            i += 2
            continue
        args["targets"].append(_int("use", rest[i], "target seat"))
        i += 1
    return Action("use", seat, args, forced, text)


def _close_skills(word: str) -> list[str]:
    """Up to 3 skills close to a mistyped word: 'guose (国色)' (the close-match lookup of companion/rules/names.py)."""
    from .rules.generals import SKILL_INDEX, SKILLS  # noqa: PLC0415 - only on an error path
    from .rules.names import find  # noqa: PLC0415
    _hit, close = find(word, SKILL_INDEX)
    return [f"{sid} ({SKILLS[sid].zh})" for sid in close]


def _unknown_word(verb: str, word: str, via: bool = False) -> CommandError:
    """A word that is neither a card nor a skill: suggest the closest skills (after 'via' first), then cards."""
    name = word.replace("：", ":").partition(":")[0]
    skills = _close_skills(name)
    try:
        card_kind(name)
        cards: tuple[str, ...] = ()
    except UnknownCardError as e:
        cards = e.suggestions
    # a card by its name in zh: 杀, not 牌杀
    hints = [en_zh("script.unknown/hint_skill", h=h) for h in skills] + \
        [en_zh("script.unknown/hint_card", c=c, zh=KINDS[c].zh) for c in cards]
    if via:
        hints = hints[:len(skills)] or hints
    what = Words(*en_zh("script.unknown/skill_or_card")) if via or skills else Words(*en_zh("script.unknown/card"))
    if hints:
        return _err(verb, "script.unknown/suggest", what=what, name=name,
                    hints=Words(", ".join(h[0] for h in hints[:4]), "、".join(h[1] for h in hints[:4])))
    if is_cjk(name):
        # No close match for a Chinese word (a homophone such as 沙 for 杀 is not near by spelling):
        # list the Chinese card names instead.
        return _err(verb, "script.unknown/cjk", what=what, name=name, names="、".join(k.zh for k in KINDS.values()))
    return _err(verb, "script.unknown/other", what=what, name=name)


def _pick_words(toks: list[str]) -> list[str]:
    out = []
    for t in toks:
        z = ZONE_WORDS.get(t.casefold())
        if z is not None:
            out.append(z)
            continue
        kind, face = _card("pick", t)
        out.append(f"{kind}-{face.suit}-{face.rank}" if face is not None else kind)
    return out


def _skill_action(seat: int | None, sid: str, args: list[str], forced: bool, text: str) -> Action:
    return Action("skill", seat, {"skill": sid, "args": list(args)}, forced, text)


_ONOFF = {"on": True, "off": False, "开": True, "关": False}


def parse(line: str) -> Action | None:
    """Read one command line.

    Returns None for a blank or ``#`` comment line, else an Action
    (``verb, seat, args, forced, text``).  Raises :class:`CommandError` naming the
    usage; unknown card names carry the suggestions of ``UnknownCardError``.
    ``deal`` lines parse to ``Action("deal", …)`` and must go through :func:`prepare`.
    """
    text, forced = _strip(line)
    if not text:
        return None
    toks = text.split()
    head = toks[0]
    if re.fullmatch(r"\d+", head) or _seat_word(head) is not None:
        seat = _seat_word(head) or int(head)
        if len(toks) < 2:
            raise _err("use", "script.seat/what", seat=seat)
        w = toks[1].casefold()
        if w in ("take", "pass", "yes", "no"):
            _no_more(w, toks[2:], 0)
            return Action(w, seat, {}, forced, text)
        if w == "pick":
            return Action("pick", seat, {"what": _pick_words(toks[2:])}, forced, text)
        sid = skill_word(toks[1])
        if sid is not None:
            return _skill_action(seat, sid, toks[2:], forced, text)
        if w == "discard":
            _no_more("discard", toks[2:], 1)
            return Action("discard", seat, {"n": _amount("discard", toks[2] if len(toks) > 2 else None)}, forced, text)
        return _card_action(seat, toks[1:], forced, text)
    verb = head.casefold()
    a = toks[1:]

    def arg(i: int) -> str | None:
        return a[i] if i < len(a) else None

    if verb == "players":
        _no_more(verb, a, 1)
        return Action(verb, None, {"n": _int(verb, arg(0))}, forced, text)
    if verb == "name":
        s = _int(verb, arg(0), "seat")
        if len(a) < 2:
            raise _err(verb, "script.name/missing")
        return Action(verb, s, {"text": " ".join(a[1:])}, forced, text)
    if verb == "lord":
        _no_more(verb, a, 1)
        return Action(verb, _int(verb, arg(0), "seat"), {}, forced, text)
    if verb == "swap":
        _no_more(verb, a, 2)
        return Action(verb, None, {"a": _int(verb, arg(0), "seat"), "b": _int(verb, arg(1), "seat")}, forced, text)
    if verb == "general":
        s = _int(verb, arg(0), "seat")
        if arg(1) is None:
            raise _err(verb, "script.general/missing")
        try:
            g = find_general(" ".join(a[1:])).id
        except UnknownGeneralError as e:
            raise _err_words(verb, str(e), getattr(e, "zh", "")) from None
        return Action(verb, s, {"general": g}, forced, text)
    if verb == "role":
        _no_more(verb, a, 2)
        return Action(verb, _int(verb, arg(0), "seat"), {"role": _role(verb, arg(1))}, forced, text)
    if verb == "reveal":
        _no_more(verb, a, 1)
        return Action(verb, None, {"role": _role(verb, arg(0))}, forced, text)
    if verb == "offer":
        s = _int(verb, arg(0), "seat")
        if len(a) < 2:
            raise _err(verb, "script.general/missing_many")
        try:
            gs = [find_general(g).id for g in a[1:]]
        except UnknownGeneralError as e:
            raise _err_words(verb, str(e), getattr(e, "zh", "")) from None
        return Action(verb, s, {"generals": gs}, forced, text)
    if verb == "variant":
        name = arg(0)
        if name is None:
            raise _err(verb, "script.variant/missing", known=Words(", ".join(VARIANTS), "、".join(VARIANTS)))
        if name not in VARIANTS:
            close = difflib.get_close_matches(name, VARIANTS, n=3)
            hint = Words(*en_zh("script.variant/close", close=Words(", ".join(close), "、".join(close))) if close else
                         en_zh("script.variant/known", known=Words(", ".join(VARIANTS), "、".join(VARIANTS))))
            raise _err(verb, "script.variant/unknown", name=name, hint=hint)
        _no_more(verb, a, 2)
        onoff = (arg(1) or "on").casefold()
        if onoff not in ("on", "off"):
            raise _err(verb, "script.variant/on_off", onoff=onoff)
        return Action(verb, None, {"name": name, "on": onoff == "on"}, forced, text)
    if verb in ("track", "记录手牌"):
        # 'track hands off' is the variant untracked_hands: journaled as typed, replayed the same
        if verb == "track":
            if (arg(0) or "").casefold() not in ("hands", "hand", "手牌"):
                raise _err("track", "script.track/what")
            a = a[1:]
        _no_more("track", a, 1)
        tracked = _ONOFF.get((a[0] if a else "").casefold())
        if tracked is None:
            raise _err("track", "script.track/on_off")
        return Action("variant", None, {"name": "untracked_hands", "on": not tracked}, forced, text)
    if verb == "deal":
        what = (arg(0) or "").casefold()
        if what not in ("roles", "generals"):
            raise _err(verb, "script.deal/what")
        seed = None
        for t in a[1:]:
            m = re.fullmatch(r"seed=(-?\d{1,18})", t)
            if not m:
                shown = t if len(t) <= 40 else t[:40] + "…"
                raise _err(verb, "script.deal/seed", shown=shown)
            seed = int(m[1])
        return Action(verb, None, {"what": what, "seed": seed}, forced, text)
    if verb in ("start", "next", "end"):
        if a:
            raise _err(verb, "script.extra/no_arguments", word=verb)
        return Action(verb, None, {}, forced, text)
    if verb in ("nobody", "无人") or (verb == "pass" and (arg(0) or "").casefold() in ("all", "全部", "都不")):
        _no_more("pass", a, 0 if verb in ("nobody", "无人") else 1)
        return Action("pass", None, {"all": True}, forced, text)
    if verb in ("take", "pass"):
        _no_more(verb, a, 1)
        return Action(verb, _int(verb, arg(0), "seat") if a else None, {}, forced, text)
    if verb in ("yes", "no", "y", "n", "是", "否"):
        if a:
            raise _err("yes", "script.extra/no_arguments", word=head)
        return Action("no" if verb in ("no", "n", "否") else "yes", None, {}, forced, text)
    if verb == "pick":
        return Action("pick", None, {"what": _pick_words(a)}, forced, text)
    if verb == "judge":
        if arg(0) is None:
            raise _err(verb, "script.judge/missing")
        try:
            face = parse_face(" ".join(a))
        except CardError as e:
            raise _err_words(verb, str(e), getattr(e, "zh", "")) from None
        return Action(verb, None, {"face": face}, forced, text)
    if verb == "discard":
        _no_more(verb, a, 2)
        if len(a) >= 2:
            return Action(verb, _int(verb, arg(0), "seat"), {"n": _amount(verb, arg(1))}, forced, text)
        return Action(verb, None, {"n": _amount(verb, arg(0))}, forced, text)
    if verb == "damage":
        target, n = _int(verb, arg(0), "seat"), _amount(verb, arg(1))
        args: dict[str, object] = {"n": n, "source": None, "nature": "normal"}
        i = 2
        while i < len(a):
            w = a[i].casefold()
            if w == "from":
                src = arg(i + 1)
                args["source"] = None if (src or "").casefold() == "none" else _int(verb, src, "source seat")
                i += 2
            elif w in _NATURES:
                args["nature"] = _NATURES[w]
                i += 1
            else:
                raise _err(verb, "script.extra/word", shown=a[i])
        return Action(verb, target, args, forced, text)
    if verb in ("heal", "lose", "draw", "hand", "maxhp"):
        _no_more(verb, a, 2)
        seat_n = _int(verb, arg(0), "seat")
        n = _int(verb, arg(1)) if verb in ("maxhp", "hand") else _amount(verb, arg(1))  # the rules check those two
        return Action(verb, seat_n, {"n": n}, forced, text)
    if verb == "give":
        _no_more(verb, a, 3)
        seat_n, to = _int(verb, arg(0), "seat"), _int(verb, arg(1), "seat")
        return Action(verb, seat_n, {"to": to, "n": _amount(verb, arg(2))}, forced, text)
    if verb in ("equip", "place", "remove"):
        _no_more(verb, a, 2)
        s = _int(verb, arg(0), "seat")
        kind, card_face = _card(verb, arg(1))
        return Action(verb, s, {"card": kind, "face": card_face}, forced, text)
    if verb == "unequip":
        _no_more(verb, a, 2)
        s = _int(verb, arg(0), "seat")
        given = arg(1)
        if given is None:
            raise _err(verb, "script.unequip/missing")
        return Action(verb, s, {"what": given if given in SLOTS else _card(verb, given)[0]}, forced, text)
    sid = skill_word(head)
    if sid is not None:
        return _skill_action(None, sid, a, forced, text)
    # a bare card name answers the question (peach / jink)
    try:
        card_kind(head.replace("：", ":").partition(":")[0])
    except UnknownCardError:
        close = difflib.get_close_matches(verb, list(VERBS), n=3)
        close += [en_zh("script.unknown/hint_skill", h=h)[0] for h in _close_skills(head) if h.split()[0] not in close]
        hint = Words(*en_zh("script.command/close", close=Words(", ".join(close), "、".join(close))) if close else
                     en_zh("script.command/verbs", verbs=Words(", ".join(VERBS), "、".join(VERBS))))
        en, zh = en_zh("script.command/unknown", head=head, hint=hint)
        err = CommandError(en, "", zh)
        err.unknown = head  # the dashboard says it in the room it has (a short list, "F1 lists all")
        raise err from None
    return _card_action(None, toks, forced, text)


def _rng(seed: int | None) -> random.Random:
    return random.Random(seed) if seed is not None else random.SystemRandom()


def prepare(state: GameState, line: str, seed: int | None = None) -> list[str]:
    """The lines to journal for ``line``: ``[line]``, or for ``deal roles`` / ``deal
    generals`` the outcome lines (``role S R`` for every non-lord seat; ``offer S …``:
    the lord's 5 while the lord has no general, then everyone else's).

    ``seed=N`` in the line wins over ``seed``; without either, SystemRandom.
    Raises CommandError (bad line, or no table/lord yet).
    """
    act = parse(line)
    if act is None or act.verb != "deal":
        return [line]
    return _deal_lines(state, act, seed)


def prepare_actions(state: GameState, line: str, seed: int | None = None) -> list[tuple[str, Action | None]]:
    """:func:`prepare` that also hands back what it parsed: ``[(line, action)]`` for an
    ordinary line (so the caller applies ``action`` without parsing ``line`` again),
    ``[(outcome line, None), ...]`` for ``deal`` (each outcome line is parsed when executed).
    Same lines and same errors as :func:`prepare`."""
    act = parse(line)
    if act is None or act.verb != "deal":
        return [(line, act)]
    return [(ln, None) for ln in _deal_lines(state, act, seed)]


def execute_prepared(state: GameState, line: str, act: Action | None) -> Applied:
    """Execute one line from :func:`prepare_actions`: ``apply`` its parsed action, or
    :func:`execute` the line when there is none.  Same result as ``execute(state, line)``."""
    if act is None or act.verb == "deal":
        return execute(state, line)
    return apply(state, act)


def _deal_lines(state: GameState, act: Action, seed: int | None) -> list[str]:
    sd = act.args["seed"] if act.args["seed"] is not None else seed
    rng = _rng(sd)
    lord = state.lord_seat
    if not state.players or lord is None:
        raise _err("deal", "script.deal/table_first")
    if act.args["what"] == "roles":
        roles = deal_roles(state.players, lord, rng, state.variants)
        return [f"role {s} {r}" for s, r in sorted(roles.items())]
    lg = state.seat(lord).general
    offers = offer_generals(state.players, lord, rng, lg)
    return [f"offer {s} {' '.join(g)}" for s, g in sorted(offers.items())]


def execute(state: GameState, line: str, seed: int | None = None) -> Applied:
    """Parse and apply one line (``deal`` lines are expanded by :func:`prepare` first).

    Returns Applied(state, events); blank/comment lines return the same state and no events.
    Raises CommandError or Refused.
    """
    act = parse(line)
    if act is None:
        return Applied(state, [])
    if act.verb == "deal":
        events: list[Event] = []
        for sub in prepare(state, line, seed):
            r = execute(state, sub)
            state, events = r.state, events + r.events
        return Applied(state, events)
    return apply(state, act)


# Every word the card parser accepts without spaces: ids, Chinese names and aliases (`nanman`, `sha`).
_CARD_WORDS = sorted({k.id for k in KINDS.values()} | {k.zh for k in KINDS.values()}
                     | {a for k in KINDS.values() for a in k.aliases if " " not in a})
_SEAT_VERBS = {"name", "lord", "general", "role", "offer", "heal", "lose", "draw", "give", "hand", "maxhp",
               "equip", "unequip", "place", "remove", "damage", "discard", "take", "pass", "swap"}


def completions(state: GameState, text: str) -> list[str]:
    """Full-line completions of ``text`` for the command bar: verbs, card names (en id
    and zh), seat numbers, general ids, roles, variant names — as ``text`` with its
    last word completed."""
    stripped = text.lstrip()
    if stripped.casefold().startswith("force "):
        head = text[: len(text) - len(stripped)] + stripped[:6]
        return [head + c for c in completions(state, stripped[6:])]
    ends_space = text.endswith(" ") or not text
    toks = text.split()
    cur = "" if ends_space else toks[-1]
    done = toks if ends_space else toks[:-1]
    prefix = text[: len(text) - len(cur)]
    seats = [str(s.seat) for s in state.seats if s.alive] if state.seats else []
    if not done:
        cands = list(VERBS) + seats + _CARD_WORDS
        cands.remove("use")
        cands.remove("skill")  # written as the skill's own word
    else:
        first = done[0].casefold()
        if first.isdigit():
            own = []
            if len(done) == 1 and int(first) in range(1, len(state.seats) + 1):
                g = GENERALS.get(state.seat(int(first)).general or "")
                own = [w for k in g.skills for w in (k.id, k.zh, *k.aliases) if " " not in w] if g else []
            cands = (["take", "pass", "discard", "pick"] + own + _CARD_WORDS) if len(done) == 1 else \
                (seats + (["via"] if len(done) >= 3 else []) if done[-1].casefold() != "via" else list(VIEW_AS))
        elif first in ("general", "offer") and len(done) >= 2:
            cands = list(GENERALS)
        elif first in ("role",) and len(done) == 2 or first == "reveal":
            cands = [r for r in ROLES if r != "lord"]
        elif first == "variant":
            cands = list(VARIANTS) if len(done) == 1 else ["on", "off"]
        elif first == "deal":
            cands = ["roles", "generals"] if len(done) == 1 else ["seed="]
        elif first in ("equip", "place", "remove", "unequip") and len(done) == 2:
            cands = _CARD_WORDS + (list(SLOTS) if first == "unequip" else [])
        elif first == "pick":
            cands = ["hand", *SLOTS, "indulgence", "lightning", "乐不思蜀", "闪电"]
        elif first == "pass" and len(done) == 1:
            cands = ["all"] + seats
        elif first == "damage" and len(done) >= 3:
            cands = ["from", "fire", "thunder"] if done[-1] != "from" else seats + ["none"]
        elif first in _SEAT_VERBS:
            cands = seats
        elif first in _CARD_WORDS:
            cands = seats
        else:
            cands = []
    low = cur.casefold()
    return [prefix + c for c in cands if c.casefold().startswith(low)]
