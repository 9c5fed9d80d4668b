"""Damage, dying, death, reward, penalty and the win check.

Sources (RULES_NOTES.md): "Death, reward and penalty" (QS ``gamerule.cpp``
AskForPeaches, ``rewardAndPunish``; FK ``deathRewardAndPunish``) and "Win
conditions" (QS ``getWinner``; FK rule text).  Hidden roles: the win check
works from the role table minus the roles known so far (issue 2 §1).

These helpers mutate the working copy the engine passes in (never a state a
caller still holds) and append :class:`~companion.rules.errors.Event` s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import cast

from .deck import KINDS, Face, Suit
from .errors import Event
from .generals import GENERALS
from .messages import Message, Names, Words, en_zh, say, text
from .prompts import CollateralData, DyingData, RevealData
from .setup import role_table
from .state import DyingPrompt, GameState, Outcome, Prompt, reason_words, who
from .vocab import PromptKind, Role, WinReason

__all__ = [
    "ROLE_ZH", "NATURE_ZH", "who", "hand_cards", "remaining_roles", "deduce_role", "deal_damage", "lose_hp",
    "heal", "start_dying", "dying_peach", "dying_pass", "dying_nobody", "kill", "finish_death", "check_win",
    "unrecorded", "seat_list", "expected_damage", "named", "card_words", "Outcome", "WinReason", "outcome",
]

ROLE_ZH = Names("role")
"""Role → its Chinese word (the catalogue's ``[name]`` ``role.*``)."""
NATURE_ZH = Names("nature")
"""Damage nature → its Chinese word (``normal``: none)."""
SRC_DEATH = "RULES_NOTES: Death, reward and penalty"
SRC_WIN = "RULES_NOTES: Win conditions"


_BY_NAME: dict[str, Words] = {}


def named(text: object) -> Words:
    """A card, skill or general named by its Chinese name or id (the causes the rules pass around and keep in a
    question's data: 杀, 决斗, 反馈, 麒麟弓) as its name in each language: ``named("杀") == Words("Slash", "杀")``.
    Words are returned as they are; any other text is the same in both languages."""
    if isinstance(text, Words):
        return text
    if not _BY_NAME:
        from .generals import SKILLS  # noqa: PLC0415

        for item in (*GENERALS.values(), *SKILLS.values(), *KINDS.values()):  # a card wins over a skill of its name
            _BY_NAME[item.zh] = _BY_NAME[item.id] = Words(item.en, item.zh)
    return _BY_NAME.get(str(text)) or Words(str(text), str(text))


def card_words(ref: str) -> Words:
    """A card reference in player words, in each language: ``"eight_diagram-spade-2"`` →
    ``Words("Eight Diagram♠2", "八卦阵♠2")`` (a log line names a card by its name in the language of the
    screen, issue 16); a bare kind id gives the name alone; an unknown reference is returned as is."""
    kind, *rest = ref.split("-")
    k = KINDS.get(kind)
    if k is None:
        return Words(ref, ref)
    face = ""
    if len(rest) >= 2:
        try:
            face = str(Face(Suit(rest[0]), int(rest[1])))
        except ValueError:
            face = ""
    return Words(f"{k.en}{face}", f"{k.zh}{face}")


DAMAGE_MODIFIERS: list[Callable[[GameState, int, int, int | None, str], int]] = []
"""Hooks ``(st, victim, amount, source, cause) -> amount`` (e.g. 裸衣 +1); registered by companion.rules.skills."""
AFTER_DAMAGE: list[Callable[[GameState, list[Event], int, int, int | None, str, str], None]] = []
"""Hooks ``(st, ev, victim, amount, source, nature, cause)`` run after HP is lowered (on-damage skills)."""
ON_RESCUE: list[Callable[[GameState, list[Event], int], None]] = []
"""Hooks ``(st, ev, victim)`` run when a dying seat is saved (HP back to ≥ 1)."""
PEACH_BONUS: list[Callable[[GameState, int, int], int | tuple[int, str]]] = []
"""Hooks ``(st, user, victim) -> int | (int, name)`` extra HP healed by a 桃 on a dying seat (救援); a name
is shown in the heal line ("+1 from 救援")."""


def hand_cards(n: int) -> str:
    """English count of hand cards: ``"1 hand card"``, ``"0 hand cards"``, ``"3 hand cards"``."""
    return f"{n} hand card" if n == 1 else f"{n} hand cards"


def remaining_roles(st: GameState, exclude: int | None = None) -> Counter[str]:
    """Role cards of the table not yet known to the companion (role table minus known roles).

    ``exclude``: a seat whose known role is not subtracted.
    """
    left = Counter(role_table(st.players, st.variants))
    for s in st.seats:
        if s.role is not None and s.seat != exclude:
            left[s.role] -= 1
    return left


def deduce_role(st: GameState, n: int) -> str | None:
    """The seat's role if known, or if the remaining role cards leave only one possibility."""
    s = st.seat(n)
    if s.role is not None:
        return s.role
    left = +remaining_roles(st)
    return next(iter(left)) if len(left) == 1 else None


def _dying_order(st: GameState) -> list[int]:
    alive = st.alive
    start = st.turn_seat if st.turn_seat in alive else (st.next_alive(st.turn_seat) if st.turn_seat else None)
    if start is None or start not in alive:
        return alive
    i = alive.index(start)
    return alive[i:] + alive[:i]


def _dying_prompt(st: GameState, victim: int, source: int | None, order: Sequence[int], i: int) -> DyingPrompt:
    v = st.seat(victim)
    asked = order[i]
    ve, vz = who(st, victim)
    ae, az = who(st, asked)
    return Prompt(PromptKind.DYING, asked, text("prompt.dying", victim=Words(ve, vz), hp=v.hp, asked=Words(ae, az)),
                  data=DyingData(victim=victim, source=source, order=tuple(order), i=i))


def start_dying(st: GameState, ev: list[Event], victim: int, source: int | None) -> None:
    """Push the ``dying`` prompt: 桃 is asked of each living seat, current player first, in seat order."""
    for p in st.prompts:
        if p.kind == PromptKind.DYING and p.data.victim == victim:
            return
    order = _dying_order(st)
    st.prompts.append(_dying_prompt(st, victim, source, order, 0))
    ve, vz = who(st, victim)
    ev.append(Event("dying", say("dying", victim=Words(ve, vz), hp=st.seat(victim).hp), seat=victim))


def expected_damage(st: GameState, victim: int, source: int | None, cause: str = "", amount: int = 1) -> int:
    """The damage ``source`` would deal ``victim`` by ``cause`` now (DAMAGE_MODIFIERS applied, e.g. 裸衣 +1):
    the number a 闪/杀 question shows, from the same hooks ``deal_damage`` applies."""
    for mod in DAMAGE_MODIFIERS:
        amount = mod(st, victim, amount, source, cause)
    return amount


def deal_damage(st: GameState, ev: list[Event], victim: int, amount: int, source: int | None,
                nature: str = "normal", cause: str = "") -> None:
    """``amount`` damage to ``victim`` from ``source`` (None = no source); dying when HP ≤ 0."""
    s = st.seat(victim)
    amount = expected_damage(st, victim, source, cause, amount)
    s.hp -= amount
    ve, vz = who(st, victim)
    se, sz = who(st, source)
    frm = text("outcome.deal_damage/source", who=Words(se, sz)) if source is not None else \
        text("outcome.deal_damage/no_source")
    nat = text("outcome.deal_damage/nature", nature=Words(nature, NATURE_ZH.get(nature, ""))) if nature != "normal" \
        else ""
    why = text("outcome.deal_damage/cause", cause=named(cause)) if cause else ""
    ev.append(Event(
                  "damage", say("damage", victim=Words(ve, vz), amount=amount, hp=s.hp, max_hp=s.max_hp, nature=nat,
                                source=frm, cause=why),
                  seat=victim, data={"amount": amount, "source": source, "nature": nature}))
    if s.hp <= 0:
        start_dying(st, ev, victim, source)
    for hook in AFTER_DAMAGE:
        hook(st, ev, victim, amount, source, nature, cause)


def lose_hp(st: GameState, ev: list[Event], victim: int, amount: int) -> None:
    """HP loss (no source, not damage); dying when HP ≤ 0."""
    s = st.seat(victim)
    s.hp -= amount
    ve, vz = who(st, victim)
    ev.append(Event("lose", say("lose", victim=Words(ve, vz), amount=amount, hp=s.hp, max_hp=s.max_hp), seat=victim))
    if s.hp <= 0:
        start_dying(st, ev, victim, None)


def heal(st: GameState, ev: list[Event], n: int, amount: int, cause: str = "", cause_zh: str | None = None) -> int:
    """Recover up to ``amount`` HP, never above max HP; returns the HP gained.  ``cause`` (and
    ``cause_zh``) is named in the heal line: a card or skill named by its Chinese name or id (``"桃"``) is
    shown in each language (:func:`named`); without ``cause_zh`` other text is the same in both."""
    if cause and cause_zh is None:
        cause, cause_zh = named(cause).en, named(cause).zh
    s = st.seat(n)
    gain = max(0, min(amount, s.max_hp - s.hp))
    s.hp += gain
    ne, nz = who(st, n)
    why = f" ({cause})" if cause else ""
    cause_zh = cause if cause_zh is None else cause_zh
    why_zh = f"（{cause_zh}）" if cause_zh else ""
    ev.append(Event("heal", say("heal", who=Words(ne, nz), gain=gain, why=Words(why, why_zh), hp=s.hp, max_hp=s.max_hp),
                    seat=n))
    return gain


def dying_peach(st: GameState, ev: list[Event], user: int) -> None:
    """A 桃 on the dying seat of the top ``dying`` prompt (hand already paid by the caller)."""
    p = cast(DyingPrompt, st.prompts[-1])
    victim = p.data.victim
    ue, uz = who(st, user)
    ve, vz = who(st, victim)
    ev.append(Event("peach", say("peach", user=Words(ue, uz), victim=Words(ve, vz)), seat=user))
    bonus = [b for f in PEACH_BONUS if (b := f(st, user, victim))]
    extra = sum(b if isinstance(b, int) else b[0] for b in bonus)
    why = KINDS["peach"].en + "".join(f", +{b[0]} from {named(b[1]).en}" if isinstance(b, tuple) else f", +{b}"
                                      for b in bonus)
    why_zh = "桃" + "".join(f"，{named(b[1]).zh}+{b[0]}" if isinstance(b, tuple) else f"，+{b}" for b in bonus)
    heal(st, ev, victim, 1 + extra, why, why_zh)
    if st.seat(victim).hp >= 1:
        st.prompts.pop()
        ev.append(Event("rescued", say("rescued", victim=Words(ve, vz)), seat=victim))
        rescued(st, ev, victim)
    else:
        st.prompts[-1] = _dying_prompt(st, victim, p.data.source, p.data.order, p.data.i)


def rescued(st: GameState, ev: list[Event], victim: int) -> None:
    """A dying seat is back to HP ≥ 1: its skills work again (:data:`ON_RESCUE` hooks)."""
    for hook in ON_RESCUE:
        hook(st, ev, victim)


def dying_pass(st: GameState, ev: list[Event]) -> None:
    """The asked seat gives no 桃; the next seat is asked, or the dying seat dies."""
    p = cast(DyingPrompt, st.prompts[-1])
    victim, order, i = p.data.victim, p.data.order, p.data.i + 1
    ae, az = who(st, p.seat)
    ev.append(Event("pass", say("pass/gives", asked=Words(ae, az)), seat=p.seat))
    while i < len(order) and not st.seat(order[i]).alive:
        i += 1
    if i < len(order):
        st.prompts[-1] = _dying_prompt(st, victim, p.data.source, order, i)
        return
    st.prompts.pop()
    kill(st, ev, victim, p.data.source)


def dying_nobody(st: GameState, ev: list[Event]) -> None:
    """``pass all`` / ``nobody`` at a ``dying`` question: no seat still to be asked gives 桃 — the rescue
    round closes and the dying seat dies (rulebook 001 武将死亡: without 桃 the general dies)."""
    p = cast(DyingPrompt, st.prompts.pop())
    victim, order, i = p.data.victim, p.data.order, p.data.i
    rest = [n for n in order[i:] if st.seat(n).alive]
    ve, vz = who(st, victim)
    seats = ", ".join(map(str, rest))
    ev.append(Event("pass",
                    say("pass/nobody_gives_seats", victim=Words(ve, vz), seats=Words(seats, '、'.join(map(str, rest)))),
                    seat=p.seat, data={"seats": rest}))
    kill(st, ev, victim, p.data.source)


def kill(st: GameState, ev: list[Event], victim: int, source: int | None) -> None:
    """The seat dies: prompts about it are dropped; its role is turned up (a ``reveal``
    prompt when unknown), then :func:`finish_death`."""
    s = st.seat(victim)
    s.alive = False
    st.prompts = [p for p in st.prompts if p.seat != victim
                  and not (isinstance(p.data, (DyingData, RevealData, CollateralData)) and p.data.victim == victim)]
    ve, vz = who(st, victim)
    ev.append(Event("death", say("death", victim=Words(ve, vz)), seat=victim, data={"source": source}))
    if s.role is None:
        # 001 rulebook 武将死亡: "弃置该武将所有牌及判定区里的牌，并亮出身份牌" — the cards go at death,
        # so a dead seat never holds cards while its role card is being turned up.
        _discard_everything(st, ev, victim)
        left = +remaining_roles(st)
        opts = " / ".join(sorted(left))
        st.prompts.append(Prompt(PromptKind.REVEAL, victim, text("prompt.reveal", victim=Words(ve, vz), opts=opts),
                                 data=RevealData(victim=victim, source=source)))
        return
    finish_death(st, ev, victim, source)


def finish_death(st: GameState, ev: list[Event], victim: int, source: int | None, discard: bool = True) -> None:
    """Role shown, all cards discarded, win check, then reward (killer of a rebel draws 3)
    or penalty (lord who killed a loyalist discards hand and equipment).  ``discard=False`` after a
    ``reveal`` answer: :func:`kill` already discarded the cards.  Source: RULES_NOTES."""
    s = st.seat(victim)
    s.role_public = True
    ve, vz = who(st, victim)
    role_zh = ROLE_ZH.get(s.role, s.role) if s.role is not None else None  # None: not recorded (a forced death)
    ev.append(Event("role", say("role/role", victim=Words(ve, vz), role=Words(s.role, role_zh)), seat=victim,
                    data={"role": s.role}))
    if discard:
        _discard_everything(st, ev, victim)
    check_win(st, ev)
    if st.over or source is None or source == victim or not st.seat(source).alive:
        return
    ke, kz = who(st, source)
    k = st.seat(source)
    if s.role == "rebel":
        k.hand += 3
        ev.append(Event("reward", say("reward", killer=Words(ke, kz), hand=k.hand), seat=source))
    elif s.role == "loyalist" and k.role == "lord":
        gone_ids = [c for c in k.equipment.values() if c]
        gone = [card_words(c) for c in gone_ids]
        k.hand = 0
        k.equipment = dict.fromkeys(k.equipment)
        cards = Words(*en_zh("outcome.penalty/cards", cards=Words(", ".join(g.en for g in gone), "、".join(g.zh for g in gone)))) \
            if gone else ""
        ev.append(Event("penalty", say("penalty", killer=Words(ke, kz), cards=cards), seat=source, data={"cards": gone_ids}))


def _discard_everything(st: GameState, ev: list[Event], victim: int) -> None:
    """The dead seat's hand, equipment and judgement area are discarded (one ``discard_all`` event).
    Source: 001 rulebook 武将死亡."""
    s = st.seat(victim)
    lost_ids = [c for c in s.equipment.values() if c] + list(s.judgement)
    ve, vz = who(st, victim)
    lost = [card_words(c) for c in lost_ids]
    hand = s.hand
    s.hand = 0
    s.equipment = dict.fromkeys(s.equipment)
    s.judgement = []
    more = Words(*en_zh("outcome.discard_all/more", cards=Words(", ".join(c.en for c in lost), "、".join(c.zh for c in lost)))) \
        if lost else ""
    if not st.hands_tracked:  # light mode: the companion does not know how many (issue 16 §5)
        text = say("discard_all/light", victim=Words(ve, vz), more=more)
    else:
        text = say("discard_all", victim=Words(ve, vz), hand=Words(hand_cards(hand), hand), more=more)
    ev.append(Event("discard_all", text, seat=victim, data={"cards": lost_ids}))


_REASON = {Role.REBEL: WinReason.LORD_DEAD, Role.RENEGADE: WinReason.RENEGADE_ALONE,
           Role.LORD: WinReason.REBELS_AND_RENEGADES_DEAD}


def outcome(st: GameState) -> Outcome | None:
    """The game's :class:`Outcome`, or None while it goes on: ``st.result``, set by :func:`check_win`.  A state
    over without one (made by hand: tests, the dashboard's fakes) gives the win condition of its winner (each
    side wins by one).  The sentence shown is the catalogue's (:func:`~companion.rules.state.win_words`)."""
    if not st.over or st.winner is None:
        return None
    if st.result is not None:
        return st.result
    winner = Role(st.winner)
    return Outcome(winner, _REASON[winner])


def check_win(st: GameState, ev: list[Event]) -> None:
    """Set ``over``/``winner``/``result`` (the :class:`Outcome`) when a win condition holds.  Source: RULES_NOTES Win conditions."""
    if st.over or not st.started:
        return
    lord = st.lord_seat
    if lord is None:
        return
    living = st.alive
    if not st.seat(lord).alive:
        if len(living) == 1 and deduce_role(st, living[0]) == "renegade":
            winner = Role.RENEGADE
        else:
            winner = Role.REBEL
    else:
        if any(st.seat(n).role in ("rebel", "renegade") for n in living):
            return
        left = remaining_roles(st)
        if left["rebel"] + left["renegade"] > 0:
            return
        winner = Role.LORD
    st.over, st.winner, st.result = True, winner, Outcome(winner, _REASON[winner])
    en, zh = reason_words(st, _REASON[winner])
    st.prompts = []
    unrec = unrecorded(st)
    if unrec:  # the surviving seats' role cards are turned up now: the moderator records them
        more_en, more_zh = en_zh("outcome.check_win/unrecorded", seats=seat_list(unrec))
        en, zh = en + more_en, zh + more_zh
    ev.append(Event("win", en, zh, None, {"winner": winner, "unrecorded": unrec}))


def seat_list(ns: list[int]) -> Message:
    """Seats ``ns`` (at least one) in words: ``seat 2`` / ``2`` for one, ``seats 2, 4`` / ``2、4`` for more (the
    catalogue's ``[text] "outcome.seats/one"``, ``"outcome.seats/many"``)."""
    if len(ns) == 1:
        return text("outcome.seats/one", n=ns[0])
    return text("outcome.seats/many", seats=Words(", ".join(map(str, ns)), "、".join(map(str, ns))))


def unrecorded(st: GameState) -> list[int]:
    """Seats whose role the companion does not know (hidden roles never dealt by it, never revealed)."""
    return [s.seat for s in st.seats if s.role is None]
