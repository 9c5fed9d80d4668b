"""What the table may do now: ``choices(state) -> list[Choice]`` (python-chess's ``legal_moves``).

Each :class:`Choice` is a line of the command language (docs/commands.md), so a choice picked
with a key or a click is journaled exactly like the same line typed.  ``line`` is written with the Chinese
card names (``4 杀 3``); ``Choice.command(lang)`` / ``Choice.speaking(lang)`` give it in the command words of a
screen's language (``4 slash 3`` in English: issue 16, one language per screen), which parse to the same action.  A choice is *complete*
(``needs == ""``: submit ``line`` as it is) or *partial* (``needs`` names what is missing —
``"face"`` a judgement card, ``"seat"`` / ``"seats"`` / ``"target"`` seats, ``"face_seat"`` a card's
face then a target seat (``♠3 6``), ``"card"`` a card name, ``"args"`` a skill's words): the dashboard
fills the command bar with ``before + after``, puts the cursor after ``before`` and waits for the rest.
``options`` lists the seats that are legal for a missing seat (empty when any living seat or when not a seat).

What is listed (the rules are the engine's; each is named where the engine applies it):

* a pending question (``state.prompt``): its answers — ``闪`` / ``杀`` when the asked seat has a
  hand card, ``take``, an unused 八卦阵's ``judge FACE`` (RULES_NOTES: Judgements), ``桃`` /
  ``pass`` / ``pass all`` at a 桃 round, ``judge FACE`` and ``S 无懈可击`` at a delayed trick's
  judgement, ``discard K`` (rulebook 001 弃牌阶段), ``reveal ROLE`` for the role cards left
  (RULES_NOTES: Roles per player count), the zones of 过河拆桥 / 顺手牵羊 / 反馈 / 麒麟弓, a
  weapon's option or ``pass``, a skill's ``yes`` / ``no`` / its word (``skills.STEPS`` verbs).
  A 杀 asked for against a seat wearing 仁王盾 (借刀杀人's victim, 青龙偃月刀's target again) waits for its face
  (``needs == "face"``, ``params["shield"]``): the colour decides (cards.toml 仁王盾; :data:`COLOUR_ARMOUR`).
  At a 无懈可击 window nobody has played in yet, the answers of the step behind it come first
  (``5 闪``, ``take``): answering the trick closes the window (docs/commands.md, 无懈可击 window),
  then ``pass all`` ("nobody"), ``pass`` and ``S 无懈可击``.
* the current seat's play phase with nothing pending: the cards it may use with their legal
  targets (distance and attack range, 空城 / 谦逊 target filters, the one-杀 limit, an area
  already holding that delayed trick; a seat wearing 仁王盾 is a 杀 choice of its own waiting for the
  face, ``needs == "face"``, ``params["shield"]`` the seat: :data:`COLOUR_ARMOUR`), its active skills usable now (once per phase), ``next``
  and ``end``.  Equipment is one partial choice (the card is named), before the tricks.
* another phase with nothing pending: ``next`` and ``end``.

View-as answers are listed after ``take`` (the common answers keep their numbers): 武圣 / 倾国 with the
card's face, 龙胆, 护驾 / 激将 by a Wei / Shu seat for the lord, 急救 at a 桃 round, then 流离 (``liuli T``,
the seats in range); in the play phase 奇袭 / 国色 (a face and a target: ``needs == "face_seat"``), 激将 by
each Shu seat for the lord, and 酒 with variant ``maneuvering``.  With an equipped card (``using SLOT``, the
card's face read from its slot or the standard deck, ``_slot_face_ok``): 武圣 (an answer, and a 杀 in the play
phase), 奇袭 / 国色, 急救, and 流离 discarding an equipment card.  Not listed: typed corrections, 兵粮寸断.  The
moderator types those as before.

Pure: no I/O; it reads the state and, for a window's step behind, applies ``pass all`` to a
clone (the engine never mutates its input).  Cost: a few tens of microseconds
(``python bench/choices.py``; docs/performance.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import zones as zn
from .cards import armor
from .cards import tricks as tk
from .cards.weapons import SLASH_LIMIT_LIFTS
from .deck import KINDS, CardError, CardType, faces_of, parse_face
from .distance import card_kind_of, distance, has_skill, in_range
from .engine import Action, apply, hand_limit
from .errors import Refused
from .flow import target_refusal, top_frame
from .generals import SKILLS
from .messages import Words, en_zh, text
from .outcome import ROLE_ZH, remaining_roles
from .prompts import TargetData, WeaponHitData
from .skills import base as sk
from .state import (
    SLOTS,
    AnyPrompt,
    CollateralPrompt,
    DiscardPrompt,
    DyingPrompt,
    GameState,
    JudgePrompt,
    NullifyPrompt,
    RespondPrompt,
    RevealPrompt,
    Seat,
    SkillPrompt,
)
from .vocab import Kingdom, PromptKind

__all__ = ["Choice", "choices", "answers_prompt", "covers", "command_words"]



@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the table may do now.

    ``line``: the command line (complete when ``needs`` is ""); ``before`` / ``after``: what a partial
    choice puts in the command bar around the cursor; ``key`` + ``params``: a typed label (``"jink"``,
    ``"take"``, ``"bagua"``, ``"yes"``, ``"nobody"``, ``"card"`` …) and ``en`` / ``zh`` the label as
    shown; ``seat``: who acts (None: the table / the moderator); ``verb``: the engine verb the line
    parses to; ``options``: legal seats for a missing seat."""

    line: str
    key: str
    en: str
    zh: str
    verb: str
    seat: int | None = None
    needs: str = ""
    before: str = ""
    after: str = ""
    options: tuple[int, ...] = ()
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def complete(self) -> bool:
        """True when ``line`` can be submitted as it is."""
        return not self.needs

    def label(self, lang: str) -> str:
        """The choice's words in ``lang`` (``"zh"`` or anything else: English)."""
        return self.zh if lang == "zh" else self.en

    def command(self, lang: str) -> tuple[str, str, str]:
        """``(line, before, after)`` in the command words of ``lang`` (:func:`command_words`): ``4 杀 3`` in
        ``"zh"``, ``4 slash 3`` otherwise.  Both lines parse to the same action (tests/test_one_language.py)."""
        if lang == "zh":
            return self.line, self.before, self.after
        return command_words(self.line, lang), command_words(self.before, lang), command_words(self.after, lang)

    def speaking(self, lang: str) -> Choice:
        """This choice with ``line`` / ``before`` / ``after`` in the command words of ``lang`` (what the command
        bar is filled with and what is journaled when it is picked: the screen speaks one language)."""
        if lang == "zh":
            return self
        line, before, after = self.command(lang)
        if (line, before, after) == (self.line, self.before, self.after):
            return self
        return Choice(line, self.key, self.en, self.zh, self.verb, self.seat, self.needs, before, after, self.options,
                      self.params)


_CARD_WORDS: dict[str, re.Pattern[str]] = {}


def command_words(line: str, lang: str) -> str:
    """A command line (or part of one) with its card and general names in the command words of ``lang``: each
    Chinese name becomes its id outside ``"zh"`` (``1 杀:♠7 3`` → ``1 slash:♠7 3``, ``5 闪 via hujia`` →
    ``5 jink via hujia``, ``general 2 关羽`` → ``general 2 guanyu``); the command language reads both
    (docs/commands.md).  Only these names are changed: choices write nothing else in Chinese."""
    if lang == "zh" or not line or line.isascii():  # ``line``, not ``text``: the imported text() would make
        return line  # Python 3.11 compile ``text.isascii()`` as an attribute read binding a method each call
    rx = _CARD_WORDS.get("")
    if rx is None:
        from .generals import GENERALS  # noqa: PLC0415

        _BY_ZH.update({g.zh: g.id for g in GENERALS.values()})
        _BY_ZH.update({k.zh: k.id for k in KINDS.values()})  # a card wins over a general of the same name
        rx = _CARD_WORDS[""] = re.compile("|".join(map(re.escape, sorted(_BY_ZH, key=len, reverse=True))))
    return rx.sub(lambda m: _BY_ZH[m[0]], line)


_BY_ZH: dict[str, str] = {}


def _c(line: str, key: str, en: str, zh: str, verb: str, seat: int | None = None, **params: Any) -> Choice:
    return Choice(line, key, en, zh, verb, seat, params=params)


def _p(before: str, after: str, needs: str, key: str, en: str, zh: str, verb: str, seat: int | None = None,
       options: tuple[int, ...] = (), **params: Any) -> Choice:
    return Choice((before + after).strip(), key, en, zh, verb, seat, needs, before, after, tuple(options), params)


def _zh(kind: str) -> str:
    k = KINDS.get(kind)
    return k.zh if k else kind


def _en(kind: str) -> str:
    """The English card name (labels are English in en, Chinese in zh; the lines are written with the Chinese
    card names and :meth:`Choice.command` gives them in the command words of the screen's language)."""
    k = KINDS.get(kind)
    return k.en if k else kind


def _hand(st: GameState, n: int) -> int:
    return st.seat(n).hand


# --------------------------------------------------------------------------- questions


def _respond(st: GameState, p: RespondPrompt) -> list[Choice]:
    n = p.seat
    need = p.data.need or "jink"
    out: list[Choice] = []
    card = _zh(need)
    if _hand(st, n) >= 1:
        out.append(_c(f"{n} {card}", need, _en(need), card, "use", n, card=need))
    if need == "jink" and not p.data.bagua:
        t = st.seat(n)
        if armor.armor_works(st, p.data, t) == "eight_diagram" and not (
                p.data.ignore_armor and card_kind_of(t.equipment.get("armor")) == "eight_diagram"):
            out.append(_p("judge ", "", "face", "bagua", *en_zh("choices.respond/eight_diagram_judge"), "judge", n))
    if need == "slash" and card_kind_of(st.seat(n).equipment.get("weapon")) == "spear" and _hand(st, n) >= 2:
        out.append(_c(f"{n} spear", "spear", *en_zh("choices.respond/spear_hand_cards"), "use", n, card="spear"))
    liuli = _liuli(st, p, n)
    dmg = _damage_words(p)
    out.append(_c("take", "take", *(en_zh("choices.respond/take_damage", dmg=dmg) if dmg else en_zh("choices.respond/take")),
                  "take", n, n=dmg))
    return out + _view_as_answers(st, p, n, need) + liuli


def _liuli(st: GameState, p: RespondPrompt, n: int) -> list[Choice]:
    """流离 (大乔): the 杀's target discards a hand card and passes the 杀 to another seat in its attack range,
    not the 杀's user (``skills.wu._liuli``; standard_generals.json).  ``liuli T`` — the seats in range that the
    user's 杀 may go to; a discarded equipment card (``liuli T SLOT``) is typed (its range leaves with it)."""
    src = p.data.source
    if not p.data.slash or src is None or not sk.usable(st, n, "liuli"):
        return []
    seats = tuple(t for t in st.alive if t not in (n, src) and in_range(st, n, t).ok
                  and target_refusal(st, src, t, "slash") is None) if _hand(st, n) >= 1 else ()
    name = SKILLS["liuli"]
    out = [_p("liuli ", "", "target", "skill_args", *en_zh("choices.skill/liuli", name=Words(name.en, name.zh)), "skill",
              n, seats, skill="liuli")] if seats else []
    for slot in SLOTS:  # an equipment card discarded instead: its range leaves with it (skills.wu._liuli)
        ref = st.seat(n).equipment.get(slot)
        if not ref:
            continue
        less = _without(st, n, slot)
        there = tuple(t for t in st.alive if t not in (n, src) and in_range(less, n, t).ok
                      and target_refusal(st, src, t, "slash") is None)
        if there:
            kind = card_kind_of(ref) or ref
            out.append(_p("liuli ", f" {slot}", "target", "skill_args", *en_zh("choices.skill/liuli_using", name=Words(
                name.en, name.zh), card=Words(_en(kind), _zh(kind))), "skill", n, there, skill="liuli", using=slot))
    return out


_VIEW_AS_LABELS = {"wusheng": text("choices.view_as/wusheng"), "qingguo": text("choices.view_as/qingguo"),
                   "jijiu": text("choices.view_as/jijiu"), "hujia": text("choices.view_as/hujia"),
                   "jijiang": text("choices.view_as/jijiang"), "qixi": text("choices.view_as/qixi"),
                   "guose": text("choices.view_as/guose")}
"""The view-as skills' rule as a choice label says it (English card names in en; ``skills.VIEW_AS[...].en`` names
the cards in Chinese); 龙胆's names the card it is given for."""


def _va_labels(sid: str, card: str) -> tuple[str, str]:
    name = SKILLS[sid]
    other = "jink" if card == "slash" else "slash"  # 龙胆's other card
    words = text("choices.view_as/longdan", card=Words(_en(card), _zh(card)), other=Words(_en(other), _zh(other))) \
        if sid == "longdan" else _VIEW_AS_LABELS[sid]
    return en_zh("choices.va_labels", name=Words(name.en, name.zh), en_=words)


def _view_as_answers(st: GameState, p: RespondPrompt, n: int, need: str) -> list[Choice]:
    """A card played as another through a skill (``skills.VIEW_AS``; the engine's ``view_as`` checks it):
    武圣 / 倾国 with the card's face (``5 杀:♥Q via wusheng``), 龙胆 without (``4 闪 via longdan``), and for a
    lord asked for 闪 / 杀, 护驾 / 激将 by a Wei / Shu seat (``3 闪 via hujia``).  After ``take``: the common
    answers keep their numbers."""
    out: list[Choice] = []
    card = _zh(need)
    if _hand(st, n) >= 1:
        for sid in ("wusheng", "qingguo", "longdan"):
            va = sk.VIEW_AS.get(sid)
            if va is None or need not in va.as_kinds or not sk.usable(st, n, sid):
                continue
            en, zh = _va_labels(sid, need)
            if va.needs_face:
                out.append(_p(f"{n} {card}:", f" via {sid}", "face", "view_as", en, zh, "use", n, card=need, skill=sid))
            else:
                out.append(_c(f"{n} {card} via {sid}", "view_as", en, zh, "use", n, card=need, skill=sid))
    for sid in ("wusheng",):  # an equipped card (a red weapon as 杀): complete, its face read from the slot
        if need in sk.VIEW_AS[sid].as_kinds:
            for slot, kind in _equipped_for(st, n, sid):
                out.append(_c(f"{n} {card} via {sid} using {slot}", "view_as", *_using_label(sid, kind, need), "use", n,
                              card=need, skill=sid, using=slot))
    helper = {"jink": ("hujia", Kingdom.WEI), "slash": ("jijiang", Kingdom.SHU)}.get(need)
    if helper is not None and st.lord_seat == n and sk.usable(st, n, helper[0]):
        sid, want = helper
        seats = tuple(h for h in sk.owners_from(st, n)
                      if h != n and sk.kingdom_of(st, h) == want and _hand(st, h) >= 1)
        if seats:
            en, zh = _va_labels(sid, need)
            out.append(_p("", f" {card} via {sid}", "seat", "view_as", en, zh, "use", None, seats, card=need,
                          skill=sid))
    return out


_EQUIPPED_OK = ("wusheng", "qixi", "guose", "jijiu")
"""View-as skills whose card may be an equipped one: their texts say 牌 (any card), not 手牌 as 倾国's does
(standard_generals.json: 武圣 "一张红色牌", 奇袭 "一张黑色牌", 国色 "一张方块牌", 急救 "一张红色牌"); 龙胆 turns 杀 / 闪,
never equipped."""


def _slot_face_ok(ref: str, sid: str) -> bool:
    """Whether skill ``sid`` may use the equipped card ``ref`` (the engine's check, ``skills.base.view_as``): a
    face recorded in the ref (``kind-suit-rank``) must pass; without one, the standard deck's copies of the kind
    (RULES_NOTES: Deck) — one copy: it must pass; several: one of them must (the engine takes it on the
    moderator's word); none in the deck: taken on the word."""
    va = sk.VIEW_AS[sid]
    parts = ref.split("-")
    if len(parts) >= 3:
        try:
            return va.check(parse_face(f"{parts[1]}{parts[2]}"))
        except (CardError, ValueError):
            pass
    copies = faces_of(parts[0])
    return not copies or any(va.check(f) for f in copies)


def _equipped_for(st: GameState, n: int, sid: str) -> list[tuple[str, str]]:
    """``(slot, kind)`` of the equipped cards of seat ``n`` that ``sid`` may use (``S CARD … via SID using SLOT``)."""
    if sid not in _EQUIPPED_OK or sid not in sk.VIEW_AS or not sk.usable(st, n, sid, dying_ok=sid == "jijiu"):
        return []
    return [(slot, card_kind_of(ref)) for slot in SLOTS if (ref := st.seat(n).equipment.get(slot))
            and _slot_face_ok(ref, sid)]


def _without(st: GameState, n: int, slot: str) -> GameState:
    """A copy of ``st`` with seat ``n``'s ``slot`` empty: an equipped card used as another leaves its slot first,
    so it lends no range or distance to that use (docs/commands.md, ``using SLOT``)."""
    out = st.clone()
    out.seat(n).equipment[slot] = None
    return out


def _using_label(sid: str, kind: str, as_kind: str) -> tuple[str, str]:
    name = SKILLS[sid]
    en, zh = en_zh("choices.va_using", card=Words(_en(kind), _zh(kind)), kind=Words(_en(as_kind), _zh(as_kind)))
    return en_zh("choices.va_labels", name=Words(name.en, name.zh), en_=Words(en, zh))


def _damage_words(p: RespondPrompt) -> int | None:
    import re  # noqa: PLC0415
    m = re.search(r"take (\d+) damage", p.en)
    return int(m[1]) if m else None


def _dying(st: GameState, p: DyingPrompt) -> list[Choice]:
    n = p.seat
    v = p.data.victim
    out = []
    if _hand(st, n) >= 1:
        out.append(_c(f"{n} 桃", "peach", *(en_zh("choices.dying/peach_for", n=n, v=v) if v != n else
                                           en_zh("choices.dying/peach", n=n)), "use", n, card="peach"))
    out.append(_c("pass", "pass", *en_zh("choices.dying/seat_peach", n=n), "pass", n))
    out.append(_c("pass all", "nobody", *en_zh("choices.dying/nobody_has_peach"), "pass"))
    others = tuple(s for s in st.alive if s != n and _hand(st, s) >= 1)
    if others:
        out.append(_p("", " 桃", "seat", "peach_by", *en_zh("choices.dying/another_seat_gives_peach"), "use", None, others,
                      card="peach"))
    # 急救: a red card as 桃 outside its owner's turn (skills.VIEW_AS["jijiu"]; it works while dying too)
    va = sk.VIEW_AS.get("jijiu")
    for h in st.alive if va is not None else ():
        if h != st.turn_seat and _hand(st, h) >= 1 and sk.usable(st, h, "jijiu", dying_ok=True):
            en, zh = _va_labels("jijiu", "peach")
            out.append(_p(f"{h} 桃:", " via jijiu", "face", "view_as", *en_zh("choices.dying/seat", h=h, en_=Words(en, zh)),
                          "use", h, card="peach", skill="jijiu"))
    for h in st.alive if va is not None else ():
        if h != st.turn_seat:
            for slot, kind in _equipped_for(st, h, "jijiu"):
                en, zh = _using_label("jijiu", kind, "peach")
                line = " ".join((str(h), _zh("peach"), "via", "jijiu", "using", slot))
                out.append(_c(line, "view_as", *en_zh("choices.dying/seat", h=h, en_=Words(en, zh)), "use", h, card="peach",
                              skill="jijiu", using=slot))
    return out


def _nullifiers(st: GameState) -> tuple[int, ...]:
    return tuple(s for s in st.alive if _hand(st, s) >= 1)


def _nullify_choice(st: GameState) -> Choice | None:
    seats = _nullifiers(st)
    if not seats:
        return None
    return _p("", " 无懈可击", "seat", "nullification", *en_zh("choices.nullify_choice/nullification_seat"), "use", None,
              seats, card="nullification")


def _judge(st: GameState, p: JudgePrompt) -> list[Choice]:
    ref = p.data.card
    kind = card_kind_of(ref) or ""
    label = en_zh("choices.judge/card", card=Words(_en(kind), _zh(kind))) if kind else en_zh("choices.judge/bare")
    out = [_p("judge ", "", "face", "judge", *label, "judge", p.seat, card=card_kind_of(ref))]
    c = _nullify_choice(st)
    if c is not None:
        out.append(c)
    return out


def _discard(st: GameState, p: DiscardPrompt) -> list[Choice]:
    s = st.seat(p.seat)
    k = s.hand - hand_limit(s)
    if k <= 0:
        return []
    return _discard_owed(p.seat, k)


def _discard_owed(n: int, k: int) -> list[Choice]:
    """``discard K``, the K cards seat ``n`` owes (rulebook 001 弃牌阶段: it discards down to its hand limit): the one
    complete answer.  Fewer is accepted as a step, the rest asked again (``engine._v_discard``); typed, and covered by
    this choice (:func:`covers`), it is not listed (the newcomer trial read ``discard 3 · 2 · 1`` as three answers)."""
    return [_c(f"discard {k}", "discard", *en_zh("choices.choices/discard", j=k), "discard", n, n=k, owed=True)]


def _reveal(st: GameState, p: RevealPrompt) -> list[Choice]:
    victim = p.data.victim or p.seat
    left = remaining_roles(st, exclude=victim)
    return [_c(f"reveal {r}", "reveal", r, ROLE_ZH.get(r, r), "reveal", victim, role=r)
            for r in ("loyalist", "rebel", "renegade") if left.get(r, 0) > 0]


def _zone_choices(st: GameState, t: int, head: str, who_acts: int, judgement: bool = True,
                  slots: tuple[str, ...] | None = None) -> list[Choice]:
    s = st.seat(t)
    out = []
    for z in zn.zones_of(s, judgement=judgement):
        if slots is not None and z not in slots:
            continue
        en, zh = _zone_en(s, z, st.hands_tracked), zn.zone_label(s, z)[1]
        if z == "hand" and not st.hands_tracked:
            zh = zn.ZONE_ZH["hand"]  # light mode: no count
        word = z if z == "hand" or z in SLOTS else (card_kind_of(z) or z)
        out.append(_c(f"{head} {word}", "zone", en, zh, "pick" if head == "pick" else "skill", who_acts, zone=word))
    return out


def _zone_en(s: Seat, z: str, tracked: bool = True) -> str:
    """A zone's English label (``zones.zone_label``'s Chinese card names in English)."""
    if z == "hand":
        return f"hand ({s.hand})" if tracked else "hand"
    if z in SLOTS:
        ref = s.equipment[z]
        return f"{zn.SLOT_EN[z]} (empty)" if ref is None else f"{zn.SLOT_EN[z]} {_en(card_kind_of(ref) or ref)}"
    return f"judgement {_en(card_kind_of(z) or z)}"


def _window(st: GameState, p: NullifyPrompt) -> list[Choice]:
    out: list[Choice] = []
    f = top_frame(st)
    if f is not None and not f.depth and f.kind != "judge_null":
        # the step behind an untouched window: answering it closes the window ("nobody?")
        try:
            after = apply(st, Action("pass", None, {"all": True}, False, "pass all")).state
        except Refused:
            after = None
        q = after.prompt if after is not None else None
        # a skill question behind the window comes from a hook that runs after the line (e.g. 连营 when
        # the trick's user lost his last card): the window's own answer does not reach it, so it is not listed
        if after is not None and q is not None and q.kind not in ("nullify", "skill"):
            out += [c for c in _question(after, q) if c.verb != "pass" and c.key != "nullification"
                    and c.key != "peach_by"]
    out.append(_c("pass all", "nobody", *en_zh("choices.window/nobody_plays_nullification"), "pass"))
    out.append(_c("pass", "pass", *en_zh("choices.window/seat_nullification", seat=p.seat), "pass", p.seat,
                  any_seat=True))  # 'S pass' passes for any seat
    c = _nullify_choice(st)
    if c is not None:
        out.append(c)
    return out


def _weapon(st: GameState, p: AnyPrompt) -> list[Choice]:
    n = p.seat
    k = p.kind
    out: list[Choice] = []
    t = p.data.target if isinstance(p.data, (WeaponHitData, TargetData)) else None  # the hit seat (not 雌雄双股剑's)
    if k == "weapon.double_swords" and _hand(st, n) >= 1:
        out.append(_c(f"discard {n} 1", "discard", *en_zh("choices.weapon/discard"), "discard", n, n=1))
    elif k == "weapon.axe" and _hand(st, n) >= 2:
        out.append(_c(f"discard {n} 2", "discard", *en_zh("choices.weapon/discard_slash_hits"), "discard", n, n=2))
    elif k == "weapon.blade" and _hand(st, n) >= 1:
        words = en_zh("choices.weapon/slash_seat_again", t=t)
        out.append(_shield_answer(st, n, t, words) or _c(f"{n} 杀", "slash", *words, "use", n, card="slash"))
    elif k == "weapon.kylin_bow" and t is not None:
        out += _zone_choices(st, t, "pick", n, judgement=False, slots=("plus_horse", "minus_horse"))
    elif k == "weapon.ice_sword" and t is not None:
        out.append(_c("pick", "ice_sword", *en_zh("choices.weapon/ice_sword_discard"), "pick", n))
    out.append(_c("pass", "pass", *en_zh("choices.weapon/pass_skill"), "pass", n, any_seat=True))  # 'S pass' from any seat
    return out


def _skill(st: GameState, p: SkillPrompt) -> list[Choice]:
    sid = p.data.skill
    stp = p.data.step or "ask"
    ans = sk.STEPS.get(f"{sid}:{stp}")
    if ans is None:
        return []
    n = p.seat
    name = SKILLS[sid]
    out: list[Choice] = []
    if "judge" in ans.verbs:
        out.append(_p("judge ", "", "face", "judge", *en_zh("choices.skill/judge", name=Words(name.en, name.zh)), "judge",
                      n, skill=sid))
    if sid == "ganglie" and stp == "choice":
        if _hand(st, n) >= 2:
            out.append(_c("discard 2", "discard", *en_zh("choices.skill/discard"), "discard", n, n=2))
        # the engine takes 'S take' / 'S pass' here from any seat as the asked seat's answer
        out.append(_c("take", "take", *en_zh("choices.skill/take_damage"), "take", n, n=1, any_seat=True))
        return out
    if sid == "fankui" and stp == "ask":
        src = p.data.source
        if src is not None:
            out += _zone_choices(st, src, "fankui", n, judgement=False)
        out.append(_c("no", "no", *en_zh("choices.skill/text", name=Words(name.en, name.zh)), "no", n, skill=sid))
        return out
    if "yes" in ans.verbs:
        out.append(_c("yes", "yes", *en_zh("choices.skill/yes", name=Words(name.en, name.zh)), "yes", n, skill=sid))
    if ans.takes_args and sid == "tuxi":
        opts = tuple(t for t in st.alive if t != n and _hand(st, t) >= 1)
        out.append(_p("tuxi ", "", "seats", "skill_args", *en_zh("choices.skill/seats2", name=name.en), "skill", n, opts,
                      skill=sid))
    elif ans.takes_args and sid == "guicai":
        if _hand(st, n) >= 1:
            out.append(_p("guicai ", "", "face", "skill_args", *en_zh("choices.skill/card2", name=name.en), "skill", n,
                          skill=sid))
    elif ans.takes_args and sid == "yiji":
        out.append(_p("yiji ", "", "args", "skill_args", *en_zh("choices.skill/give2", name=name.en), "skill", n,
                      skill=sid))
    if "no" in ans.verbs:
        out.append(_c("no", "no", *en_zh("choices.skill/text", name=Words(name.en, name.zh)), "no", n, skill=sid))
    return out


def _collateral(st: GameState, p: CollateralPrompt) -> list[Choice]:
    n = p.seat
    out = []
    v = p.data.victim
    if _hand(st, n) >= 1:
        words = en_zh("choices.collateral/slash_seat", victim=v)
        out.append(_shield_answer(st, n, v, words) or _c(f"{n} 杀", "slash", *words, "use", n, card="slash"))
    out.append(_c("pass", "collateral_give", *en_zh("choices.collateral/give_weapon"), "pass", n))
    return out


def _shield_answer(st: GameState, n: int, t: int | None, words: tuple[str, str]) -> Choice | None:
    """A 杀 that seat ``n`` is asked for against seat ``t`` (借刀杀人's victim, 青龙偃月刀's target again) when ``t``
    wears 仁王盾 (:data:`COLOUR_ARMOUR`): ``N 杀:|`` waiting for the face, which decides (a black 杀 has no
    effect, cards.toml 仁王盾; ``cards.weapons.slash_at``).  The engine takes ``N 杀`` without a face here as a 杀
    of no colour (docs/rules.md: no effect is applied), so that line stays accepted and covered; the choice asks
    for the face instead of taking that guess.  None when ``t`` wears no such armour."""
    if t is None or _colour_armour(st, n, t) is None:
        return None
    return _p(f"{n} 杀:", "", "face", "shield", *_shield_words(None, *words), "use", n, card="slash", shield=t)


def _question(st: GameState, p: AnyPrompt) -> list[Choice]:
    if p.kind == PromptKind.RESPOND:
        return _respond(st, p)
    if p.kind == PromptKind.DYING:
        return _dying(st, p)
    if p.kind == PromptKind.JUDGE:
        return _judge(st, p)
    if p.kind == PromptKind.DISCARD:
        return _discard(st, p)
    if p.kind == PromptKind.REVEAL:
        return _reveal(st, p)
    if p.kind == PromptKind.NULLIFY:
        return _window(st, p)
    if p.kind == PromptKind.PICK:
        return [_c("pick", "pick", *en_zh("choices.question"), "pick", p.seat)]
    if p.kind == PromptKind.ZONE:
        t = p.data.target
        return _zone_choices(st, t, "pick", p.seat) if t else []  # 0: no target (absent)
    if p.kind == PromptKind.COLLATERAL:
        return _collateral(st, p)
    if p.kind.startswith("weapon."):
        return _weapon(st, p)
    if p.kind == PromptKind.SKILL:
        return _skill(st, p)
    return []


# --------------------------------------------------------------------------- the play phase


def _filtered(st: GameState, n: int, t: int, kind: str) -> bool:
    """A chosen target refused by a skill or a target filter (空城, 谦逊): flow.skill_target + cards.common.check_target."""
    if target_refusal(st, n, t, kind) is not None:
        return True
    return any(f(st, n, t, kind) is not None for f in tk.TARGET_FILTERS)


def _within(st: GameState, n: int, t: int, limit: int | None) -> bool:
    if not limit or has_skill(st, st.seat(n), "qicai"):
        return True
    return distance(st, n, t).value <= limit


COLOUR_ARMOUR: dict[str, str] = {"nioh_shield": "black"}
"""The armour that lets a 杀 of one colour pass without effect, by the colour it stops.  The standard edition has
three armour cards (RULES_NOTES: Deck — 八卦阵 ×2 and the EX 仁王盾; 藤甲 is not in it): 仁王盾 "黑色的杀对你无效"
(cards.toml; QS RenwangShield, FK ``nioh_shield_skill``); 八卦阵 judges for a 闪 and never looks at the 杀's colour."""


def _colour_armour(st: GameState, n: int, t: int) -> str | None:
    """The colour-filtering armour seat ``t`` wears against seat ``n``'s 杀 (``"nioh_shield"``), None when it wears
    none or seat ``n``'s 青釭剑 ignores armour (RULES_NOTES: 青釭剑; engine ``cards.basic`` / ``cards.armor.armor_works``)."""
    kind = card_kind_of(st.seat(t).equipment.get("armor"))
    if kind not in COLOUR_ARMOUR or card_kind_of(st.seat(n).equipment.get("weapon")) == "qinggang_sword":
        return None
    return kind


def _slash_seats(st: GameState, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Seat ``n``'s legal 杀 targets now, ``(open, shielded)``: ``open`` takes ``N 杀 T`` as typed; ``shielded``
    wears 仁王盾 (:data:`COLOUR_ARMOUR`), where the engine refuses a 杀 without a face (``slash.colour``, forceable:
    its colour decides, ``cards.basic``), resolves a black one with no effect and a red one as usual (cards.toml
    仁王盾; ``cards.weapons.slash_at``).  Both empty past the one-杀 limit (RULES_NOTES: Other facts)."""
    s = st.seat(n)
    if st.counters.get("slash", 0) >= 1 and not any(f(st, s) for f in SLASH_LIMIT_LIFTS):
        return (), ()
    out: list[int] = []
    shielded: list[int] = []
    for t in st.alive:
        if t == n or _filtered(st, n, t, "slash") or not in_range(st, n, t).ok:
            continue
        (shielded if _colour_armour(st, n, t) else out).append(t)
    return tuple(out), tuple(shielded)


def _shield_words(t: int | None, en: str, zh: str) -> tuple[str, str]:
    """A 杀 choice's label at a seat wearing 仁王盾: the words ``(en, zh)``, seat ``t`` (None: the words name it)
    and what the armour does to it."""
    if t is None:
        return en_zh("choices.shield/words", en_=Words(en, zh))
    return en_zh("choices.shield/at", t=t, en_=Words(en, zh))


def _shield_choice(before: str, t: int, tail: str, en: str, zh: str, n: int, **params: Any) -> Choice:
    """The 杀 at 仁王盾 seat ``t``, waiting for its face: fills ``BEFORE|` T TAIL`` (``1 杀:| 2``), the face
    typed at the cursor decides (a black one: no effect; cards.toml 仁王盾).  ``params["shield"]`` is ``t``."""
    return _p(before, f" {t}{tail}", "face", "shield", *_shield_words(t, en, zh), "use", n, card="slash", shield=t,
              **params)


def _trick_targets(st: GameState, n: int, kind: str) -> tuple[int, ...]:
    k = KINDS[kind]
    out = []
    for t in st.alive:
        if t == n or _filtered(st, n, t, kind):
            continue
        ts = st.seat(t)
        if kind in ("dismantlement", "snatch") and not zn.has_cards(ts):
            continue
        if not _within(st, n, t, k.distance_limit):
            continue
        if k.type == CardType.DELAYED_TRICK and any(card_kind_of(c) == kind for c in ts.judgement):
            continue
        if kind == "collateral":
            if ts.equipment.get("weapon") is None or not any(
                    b != t and in_range(st, t, b).ok and target_refusal(st, t, b, "slash") is None
                    for b in st.alive):
                continue
        out.append(t)
    return tuple(out)


_TARGETED = ("duel", "dismantlement", "snatch", "collateral", "indulgence")
_UNTARGETED = ("ex_nihilo", "savage_assault", "archery_attack", "amazing_grace", "god_salvation")


def _play(st: GameState, n: int) -> list[Choice]:
    """The common uses first: 杀, 桃, the seat's active skills and view-as uses, equipment (``params["cards"]``: the
    equipment kinds it may name), then the tricks, 闪电, next, end."""
    s = st.seat(n)
    out: list[Choice] = []
    if s.hand >= 1:
        ts, shielded = _slash_seats(st, n)
        if ts:
            out.append(_p(f"{n} 杀 ", "", "target", "card", _en("slash"), "杀", "use", n, ts, card="slash"))
        for t in shielded:  # 仁王盾: the face decides (a black 杀 has no effect), typed at the cursor
            out.append(_shield_choice(f"{n} 杀:", t, "", _en("slash"), "杀", n))
        if s.hp < s.max_hp:
            out.append(_c(f"{n} 桃", "card", _en("peach"), "桃", "use", n, card="peach"))
    for sid in sk.ACTIVE:
        if not sk.usable(st, s, sid) or st.counters.get(f"skill:{sid}"):
            continue
        c = _active(st, n, sid)
        if c is not None:
            out.append(c)
    out += _play_view_as(st, n)
    if s.hand >= 1:
        # equipment before the tricks: the dashboard numbers the first 9, and a card is equipped far more
        # often than 五谷丰登 or 桃园结义 is used (newcomer trial, 2 Dec: it was the 14th, with no number)
        out.append(_p(f"{n} ", "", "card", "equip", *en_zh("choices.play/equipment"), "use", n, cards=_equipment(s)))
        for kind in _TARGETED:
            ts = _trick_targets(st, n, kind)
            if ts:
                z = KINDS[kind].zh
                out.append(_p(f"{n} {z} ", "", "targets" if kind == "collateral" else "target", "card", _en(kind), z, "use", n,
                              ts, card=kind))
        for kind in _UNTARGETED:
            if kind in ("savage_assault", "archery_attack") and len(st.alive) < 2:
                continue
            z = KINDS[kind].zh
            out.append(_c(f"{n} {z}", "card", _en(kind), z, "use", n, card=kind))
        if not any(card_kind_of(c) == "lightning" for c in s.judgement):
            out.append(_c(f"{n} 闪电", "card", _en("lightning"), "闪电", "use", n, card="lightning"))
        if "maneuvering" in st.variants:  # 酒 (军争): recorded as used in the play phase (cards.basic)
            out.append(_c(f"{n} 酒", "card", _en("analeptic"), "酒", "use", n, card="analeptic"))
    out.append(_c("next", "next", *en_zh("choices.choices/next_phase"), "next"))
    return out + _end(st)


def _equipment(s: Seat) -> tuple[str, ...]:
    """The equipment kinds seat ``s`` may equip from its hand: not a kind of one copy it wears already (the
    standard deck's one 丈八蛇矛 cannot be in its hand too, and ``S spear`` is then the spear's own use;
    RULES_NOTES: Deck)."""
    worn = {card_kind_of(r) for r in s.equipment.values() if r}
    return tuple(k for k, v in KINDS.items() if v.type == CardType.EQUIP and not (k in worn and len(faces_of(k)) <= 1))


def _play_view_as(st: GameState, n: int) -> list[Choice]:
    """In seat ``n``'s play phase: 奇袭 (甘宁: a black card as 过河拆桥) and 国色 (大乔: a ♦ card as 乐不思蜀) —
    ``S 过河拆桥:FACE T via qixi``, the face and the target typed (``skills.VIEW_AS``: the engine checks the
    colour / suit; a hand card — an equipped one is typed with ``using SLOT``, docs/commands.md); 激将 for
    the lord (刘备): another Shu seat gives the
    杀 the lord uses, ``H 杀 T via jijiang`` (one choice per Shu seat with a hand card; the target from
    the lord's range and 杀 limit).  Source: standard_generals.json (FK standard, original texts)."""
    s = st.seat(n)
    out: list[Choice] = []
    for sid, kind in (("qixi", "dismantlement"), ("guose", "indulgence")):
        if not sk.usable(st, n, sid) or s.hand < 1:  # an equipped card is typed: '… via qixi using SLOT'
            continue
        ts = _trick_targets(st, n, kind)
        if ts:
            z = KINDS[kind].zh
            en, zh = _va_labels(sid, kind)
            out.append(_p(f"{n} {z}:", f" via {sid}", "face_seat", "view_as", en, zh, "use", n, ts, card=kind, skill=sid))
    for sid, kind in (("wusheng", "slash"), ("qixi", "dismantlement"), ("guose", "indulgence")):
        for slot, eq in _equipped_for(st, n, sid):
            less = _without(st, n, slot)
            ts, shielded = _slash_seats(less, n) if kind == "slash" else (_trick_targets(less, n, kind), ())
            z = KINDS[kind].zh
            tail = f" via {sid} using {slot}"
            if ts:
                out.append(_p(f"{n} {z} ", tail, "target", "view_as", *_using_label(sid, eq, kind),
                              "use", n, ts, card=kind, skill=sid, using=slot))
            for t in shielded:  # the engine asks the equipped card's face here too (cards.basic slash.colour)
                out.append(_shield_choice(f"{n} {z}:", t, tail, *_using_label(sid, eq, kind), n, skill=sid, using=slot))
    if st.lord_seat == n and sk.usable(st, n, "jijiang"):
        ts, shielded = _slash_seats(st, n)
        en, zh = _va_labels("jijiang", "slash")
        for h in sk.owners_from(st, n):
            if h != n and sk.kingdom_of(st, h) == Kingdom.SHU and _hand(st, h) >= 1:
                words = en_zh("choices.dying/seat", h=h, en_=Words(en, zh))
                if ts:
                    out.append(_p(f"{h} {_zh('slash')} ", " via jijiang", "target", "view_as", *words, "use", h, ts,
                                  card="slash", skill="jijiang"))
                for t in shielded:  # the given 杀's face decides at 仁王盾 (cards.basic slash.colour)
                    out.append(_shield_choice(f"{h} {_zh('slash')}:", t, " via jijiang", *words, h, skill="jijiang"))
    return out


def _hurt(st: GameState, t: int) -> bool:
    s = st.seat(t)
    return s.hp < s.max_hp


def _active(st: GameState, n: int, sid: str) -> Choice | None:
    """An active skill of seat ``n`` usable now (skills.ACTIVE; the costs in hand cards of the skills modules)."""
    s = st.seat(n)
    k = SKILLS[sid]
    if sid == "kurou":
        return _c(f"{n} kurou", "skill", k.en, k.zh, "skill", n, skill=sid)
    if sid == "zhiheng":
        return _p(f"{n} zhiheng ", "", "args", "skill", k.en, k.zh, "skill", n, skill=sid) \
            if s.hand or any(s.equipment.values()) else None
    if sid == "rende":
        opts = tuple(t for t in st.alive if t != n)
        return _p(f"{n} rende ", "", "args", "skill", k.en, k.zh, "skill", n, opts, skill=sid) if s.hand else None
    if sid == "qingnang":
        opts = tuple(t for t in st.alive if _hurt(st, t))
        return _p(f"{n} qingnang ", "", "target", "skill", k.en, k.zh, "skill", n, opts, skill=sid) \
            if s.hand and opts else None
    if sid == "jieyin":
        from .generals import GENERALS, Gender  # noqa: PLC0415
        opts = tuple(t for t in st.alive if t != n and _hurt(st, t)
                     and getattr(GENERALS.get(st.seat(t).general or ""), "gender", None) == Gender.MALE)
        return _p(f"{n} jieyin ", "", "target", "skill", k.en, k.zh, "skill", n, opts, skill=sid) \
            if s.hand >= 2 and opts else None
    if sid in ("fanjian", "lijian"):
        return _p(f"{n} {sid} ", "", "args", "skill", k.en, k.zh, "skill", n, skill=sid) \
            if s.hand or (sid == "lijian" and any(s.equipment.values())) else None
    return None


# --------------------------------------------------------------------------- entry points


def choices(state: GameState) -> list[Choice]:
    """What the table may do now, the common answers first (see the module docstring).

    Empty before ``start`` and after the game is over.  Never raises for a started game."""
    st = state
    if not st.started or st.over:
        return []
    p = st.prompt
    if p is not None:
        return _question(st, p)
    n = st.turn_seat
    if n is None:
        return []
    if st.phase == "play":
        return _play(st, n)
    s = st.seat(n)
    if st.phase == "discard" and st.hands_tracked and s.hand > hand_limit(s):  # owed without a question (HP changed): next is refused
        return _discard_owed(n, s.hand - hand_limit(s))
    return [_c("next", "next", *en_zh("choices.choices/next_phase"), "next")] + _end(st)


def _end(st: GameState) -> list[Choice]:
    """``end``, unless delayed tricks wait in the start phase (engine ``end.judgement``)."""
    if st.phase == "start" and st.seat(st.turn_player()).judgement:
        return []
    return [_c("end", "end", *en_zh("choices.end"), "end")]


def answers_prompt(state: GameState) -> list[Choice]:
    """The choices that answer the pending question (empty when none is pending)."""
    return choices(state) if state.started and not state.over and state.prompt is not None else []


_SAME = {"take": {"take", "pass"}, "pass": {"pass", "take"}}


def covers(chs: list[Choice], action: Action, state: GameState) -> bool:
    """True when ``action`` (parsed from an accepted line) is one of ``chs``: same verb (``take`` ~ ``pass``),
    same acting seat where the choice names one, same card / skill / zone / role / count (a discard of fewer
    than the ``discard K`` listed is a step of it).  Used by the
    property test "every accepted answer is listed"."""
    p = state.prompt
    seat = action.seat
    if p is not None and p.kind == PromptKind.SKILL and p.data.skill == "fankui" and action.verb in ("yes", "pick"):
        # 反馈: 'yes' takes a hand card, 'pick ZONE' is 'fankui ZONE' (skills.wei)
        words = ["hand"] if action.verb == "yes" else list(action.args.get("what") or ["hand"])
        action = Action("skill", seat, {"skill": "fankui", "args": words}, action.forced, action.text)
    if p is not None and p.kind == PromptKind.AXE and action.verb == "use" and action.args.get("card") == "axe":
        action = Action("discard", seat, {"n": 2}, action.forced, action.text)  # 'S axe' = discard 2 (cards/weapons.py)
    for c in chs:
        if action.verb not in _SAME.get(c.verb, {c.verb}):
            continue
        if c.verb == "pass" and bool(action.args.get("all")) != (c.key == "nobody"):
            continue
        card = c.params.get("card")
        if action.verb == "use":
            kid = card_kind_of(action.args.get("card"))
            if card is not None and kid != card:
                continue
            # without a seat the engine answers for the asked seat, which is the choice's seat
            if seat is not None and c.seat is not None and seat != c.seat:
                continue
            if c.options and seat is not None and seat not in c.options:
                continue
            if c.options and seat is None and c.seat is None:
                continue
            return True
        if c.verb in ("take", "pass", "yes", "no") and c.seat is not None and seat not in (None, c.seat) \
                and not c.params.get("any_seat"):
            continue
        if action.verb == "reveal" and action.args.get("role") != c.params.get("role"):
            continue
        n_ = int(action.args.get("n", -1))
        if action.verb == "discard" and n_ != c.params.get("n") and not (c.params.get("owed") and 0 < n_ < c.params["n"]):
            continue  # fewer than owed is a step of the discard phase's discard K, the rest asked again (_discard_owed)
        if action.verb == "pick" and "zone" in c.params:
            what = list(action.args.get("what") or [])
            if not what or card_kind_of(what[0]) != c.params["zone"] and what[0] != c.params["zone"]:
                continue
        if action.verb == "skill":
            if action.args.get("skill") != c.params.get("skill", action.args.get("skill")):
                continue
            if "zone" in c.params:
                words = [zn.ZONE_WORDS.get(w.casefold(), w) for w in action.args.get("args", [])]
                if (words[0] if words else "hand") != c.params["zone"]:
                    continue
            elif not c.needs and action.args.get("args"):
                continue
        return True
    return False
