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

from .rules import messages
from .rules.deck import KINDS, CardError, Face, UnknownCardError, card_kind, parse_face
from .rules.engine import Action, Applied, apply
from .rules.errors import CommandError, Event, Refused
from .rules.generals import GENERALS, UnknownGeneralError
from .rules.generals import general as find_general
from .rules.messages import Message, Words, en_zh
from .rules.names import is_cjk
from .rules.setup import VARIANTS, deal_roles, offer_generals
from .rules.skills.base import VIEW_AS, skill_word
from .rules.state import ROLES, SLOTS, GameState
from .rules.vocab import Rule
from .rules.zones import ZONE_WORDS

__all__ = ["Usage", "VERBS", "parse", "prepare", "execute", "completions", "ROLE_WORDS"]


def _said(key: str, /) -> Message:
    """The catalogue's ``[text]`` entry ``key`` (no values), rendered when first read.  Not ``text`` imported by name:
    Python 3.11 then compiles ``text.startswith(…)`` on a local ``text`` (the line, in :func:`parse`) as an attribute
    read that binds a method each call, not as a method call (≈ 1.7 M instructions a 1,000-line replay)."""
    return messages.text(key)


@dataclass(frozen=True, slots=True)
class Usage:
    """How a verb is written (``usage``: the command words and placeholders, as typed), what it does (``help``: the
    catalogue's ``[text]`` entry ``script.verb/<verb>``, read as ``en`` / ``zh``) and an ``example`` line."""

    usage: str
    help: Message
    example: str

    @property
    def en(self) -> str:
        """What the verb does, in English."""
        return self.help.en

    @property
    def zh(self) -> str:
        """What the verb does, in Chinese."""
        return self.help.zh


VERBS: dict[str, Usage] = {
    "players": Usage("players N", _said("script.verb/players"), "players 6"),
    "name": Usage("name S TEXT", _said("script.verb/name"), "name 1 Alice"),
    "lord": Usage("lord S", _said("script.verb/lord"), "lord 1"),
    "swap": Usage("swap A B", _said("script.verb/swap"), "swap 2 5"),
    "general": Usage("general S G", _said("script.verb/general"), "general 2 关羽"),
    "role": Usage("role S ROLE", _said("script.verb/role"), "role 3 rebel"),
    "offer": Usage("offer S G1 G2 …", _said("script.verb/offer"), "offer 2 guanyu zhaoyun lvbu"),
    "variant": Usage("variant NAME [on|off]", _said("script.verb/variant"), "variant maneuvering on"),
    "track": Usage("track hands on|off", _said("script.verb/track"), "track hands off"),
    "deal": Usage("deal roles|generals [seed=N]", _said("script.verb/deal"), "deal roles seed=7"),
    "start": Usage("start", _said("script.verb/start"), "start"),
    "next": Usage("next", _said("script.verb/next"), "next"),
    "end": Usage("end", _said("script.verb/end"), "end"),
    "use": Usage("S CARD[:FACE] [T …] [via SKILL|spear] [using SLOT]", _said("script.verb/use"), "1 杀:♥5 3 via wusheng"),
    "yes": Usage("yes", _said("script.verb/yes"), "yes"),
    "no": Usage("no", _said("script.verb/no"), "no"),
    "skill": Usage("[S] SKILL [ARGS …]", _said("script.verb/skill"), "2 zhiheng 3"),
    "zhiheng": Usage("S zhiheng N [SLOT …]", _said("script.verb/zhiheng"), "1 zhiheng 3"),
    "rende": Usage("S rende T N", _said("script.verb/rende"), "1 rende 3 2"),
    "kurou": Usage("S kurou", _said("script.verb/kurou"), "3 kurou"),
    "jieyin": Usage("S jieyin T", _said("script.verb/jieyin"), "4 jieyin 2"),
    "qingnang": Usage("S qingnang T", _said("script.verb/qingnang"), "6 qingnang 2"),
    "fanjian": Usage("S fanjian T SUIT FACE", _said("script.verb/fanjian"), "5 fanjian 3 heart ♠7"),
    "lijian": Usage("S lijian A B [SLOT]", _said("script.verb/lijian"), "8 lijian 2 4"),
    "liuli": Usage("S liuli T [SLOT]", _said("script.verb/liuli"), "5 liuli 3"),
    "tuxi": Usage("tuxi T [T2]", _said("script.verb/tuxi"), "tuxi 3 5"),
    "fankui": Usage("fankui [SLOT]", _said("script.verb/fankui"), "fankui"),
    "guicai": Usage("guicai FACE", _said("script.verb/guicai"), "guicai ♥3"),
    "yiji": Usage("yiji [T N …]", _said("script.verb/yiji"), "yiji 3 1"),
    "judge": Usage("judge FACE", _said("script.verb/judge"), "judge ♥5"),
    "discard": Usage("discard [S] N", _said("script.verb/discard"), "discard 2"),
    "take": Usage("take [S]", _said("script.verb/take"), "take"),
    "pass": Usage("pass [S] | pass all", _said("script.verb/pass"), "pass all"),
    "pick": Usage("pick [S] [WHAT …]", _said("script.verb/pick"), "pick weapon"),
    "reveal": Usage("reveal ROLE", _said("script.verb/reveal"), "reveal rebel"),
    "damage": Usage("damage T N [from S|none] [fire|thunder]", _said("script.verb/damage"), "damage 4 1 from 2 fire"),
    "heal": Usage("heal T N", _said("script.verb/heal"), "heal 4 1"),
    "lose": Usage("lose T N", _said("script.verb/lose"), "lose 3 1"),
    "draw": Usage("draw S N", _said("script.verb/draw"), "draw 2 1"),
    "give": Usage("give S T N", _said("script.verb/give"), "give 1 3 2"),
    "hand": Usage("hand S N", _said("script.verb/hand"), "hand 2 5"),
    "maxhp": Usage("maxhp S N", _said("script.verb/maxhp"), "maxhp 3 5"),
    "equip": Usage("equip S CARD[:FACE]", _said("script.verb/equip"), "equip 2 赤兔"),
    "unequip": Usage("unequip S SLOT|CARD", _said("script.verb/unequip"), "unequip 2 weapon"),
    "place": Usage("place S CARD[:FACE]", _said("script.verb/place"), "place 3 闪电"),
    "remove": Usage("remove S CARD", _said("script.verb/remove"), "remove 3 lightning"),
}
"""Verb → :class:`Usage` (``use`` stands for the card form ``S CARD …``)."""

FORCE = Usage("force LINE", _said("script.verb/force"), "force 2 slash 5")
"""The ``force`` prefix (not a verb: it goes before any line, :func:`parse`); ``force`` alone says this."""

ROLE_WORDS = {
    "lord": "lord", "主公": "lord", "zhugong": "lord", "king": "lord",
    "loyalist": "loyalist", "loyal": "loyalist", "忠臣": "loyalist", "zhongchen": "loyalist", "minister": "loyalist",
    "rebel": "rebel", "反贼": "rebel", "fanzei": "rebel",
    "renegade": "renegade", "内奸": "renegade", "neijian": "renegade", "spy": "renegade", "traitor": "renegade",
}
"""Accepted role words (en/zh/pinyin) → role id."""

_NATURE_WORDS = {"fire": "fire", "火": "fire", "火焰": "fire", "thunder": "thunder", "雷": "thunder", "雷电": "thunder",
                 "normal": "normal"}
_TRACK_WORDS = ("track", "记录手牌")
_HAND_WORDS = ("hands", "hand", "手牌")  # track hands on|off
_NOBODY_WORDS = ("nobody", "无人")
_ALL_WORDS = ("all", "全部", "都不")  # pass all


_PLACEHOLDERS = {
    "S": _said("script.placeholder/S"), "T": _said("script.placeholder/T"), "A": _said("script.placeholder/A"),
    "B": _said("script.placeholder/B"), "N": _said("script.placeholder/N"), "CARD": _said("script.placeholder/CARD"),
    "FACE": _said("script.placeholder/FACE"), "SKILL": _said("script.placeholder/SKILL"),
    "SLOT": _said("script.placeholder/SLOT"), "ROLE": _said("script.placeholder/ROLE"),
    "TEXT": _said("script.placeholder/TEXT"), "NAME": _said("script.placeholder/NAME"),
    "G": _said("script.placeholder/G"), "G1": _said("script.placeholder/G1"), "G2": _said("script.placeholder/G2"),
    "T2": _said("script.placeholder/T2"), "SUIT": _said("script.placeholder/SUIT"),
    "ARGS": _said("script.placeholder/ARGS"), "WHAT": _said("script.placeholder/WHAT"),
    "LINE": _said("script.placeholder/LINE"),
}
"""Usage placeholders → their words (the catalogue's ``script.placeholder/<P>``; the command words themselves stay as
typed)."""


def usage_zh(usage: str) -> str:
    """A usage line with Chinese placeholders: ``S CARD[:FACE] [T …]`` → ``座位 牌[:牌面] [目标 …]``."""
    return re.sub(r"\b[A-Z][A-Z0-9]*\b", lambda m: _PLACEHOLDERS[m[0]].zh if m[0] in _PLACEHOLDERS else m[0], usage)


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
    w = _WHATS[what]
    return Words(w.en, w.zh)


_WHATS = {"number": _said("script.what/number"), "seat": _said("script.what/seat"), "target seat": _said("script.what/target"),
          "source seat": _said("script.what/source")}
"""The words for what ``_int`` reads (its refusals speak the screen's language)."""
_SEAT_WHATS = frozenset({"seat", "target seat", "source seat"})
_SEAT_WORDS = r"(\d+)号位?"
"""How a Chinese moderator names a seat (``4号位``, ``4号``): the pattern of :data:`_SEAT_RE`."""
_SEAT_RE = re.compile(_SEAT_WORDS)


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
    if text.casefold() == "force":  # the prefix with no line after it (newcomer finding: "unknown command 'force'")
        en, zh = en_zh("script.force/alone", help=FORCE.help)
        raise CommandError(en, FORCE.usage, zh, usage_zh(FORCE.usage))
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
    if verb in _TRACK_WORDS:
        # 'track hands off' is the variant untracked_hands: journaled as typed, replayed the same
        if verb == "track":
            if (arg(0) or "").casefold() not in _HAND_WORDS:
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
    if verb in _NOBODY_WORDS or (verb == "pass" and (arg(0) or "").casefold() in _ALL_WORDS):
        _no_more("pass", a, 0 if verb in _NOBODY_WORDS else 1)
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
            elif w in _NATURE_WORDS:
                args["nature"] = _NATURE_WORDS[w]
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
