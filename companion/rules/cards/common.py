"""What every card use shares: the use being made (:class:`Use`), the face typed, the play-phase rule,
the distance limit, equipping.  Each card's own rules are in its module (basic, tricks, delayed, weapons,
armor, horses); :data:`USE` maps a card id to the function that uses it.

Sources: RULES_NOTES: Deck (the 108 cards, 军争), Distance and attack range; rulebook 出牌阶段.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..deck import KINDS, CardKind, Face, faces_of, maneuvering_cards, standard_deck
from ..distance import card_kind_of, distance, has_skill
from ..errors import Refused
from ..flow import Action, Ctx, card_name, phase_name
from ..messages import Words, say, text
from ..outcome import who
from ..state import AnyPrompt, GameState, Seat
from ..vocab import Rule
from ..zones import slot_words

SRC_PLAY = "rulebook: 出牌阶段"
SRC_RANGE = "RULES_NOTES: Distance and attack range"
SRC_AREA = "RULES_NOTES: Other facts (no two cards of the same name in one area)"
SRC_WEAPON = "QS standard-cards.cpp (weapons, armor); FK standard_cards skills"
SRC_PROMPT = "companion: answer the pending question first"


@dataclass(slots=True)
class Use:
    """One ``use`` of a card, checked as far as every card needs: seat ``n`` (``s``) uses ``kind`` (after
    丈八蛇矛 / ``using SLOT`` converted it), paying ``cost`` hand cards; ``ref`` is the card id put in an area,
    ``colour`` the colour of a two-card 杀 (None: the face's), ``top`` the question pending (or None) and
    ``need`` the card that question asks for (None when it is not a ``respond`` question)."""

    a: Action
    n: int
    s: Seat
    kind: CardKind
    face: Face | None
    faces: tuple[Face, ...]
    via: str | None
    cost: int
    colour: str | None
    ref: str
    targets: list[int]
    top: AnyPrompt | None
    need: str | None

    def pay(self) -> None:
        """The card (``cost`` hand cards) leaves the user's hand."""
        self.s.hand = max(0, self.s.hand - self.cost)


USE: dict[str, Callable[[Ctx, Use], None]] = {}
"""Card id → ``fn(ctx, use)``: each card module registers the cards it handles (:func:`uses`)."""
OWNER: dict[str, str] = {}
"""Card id → the module that registered its ``use`` (docs/architecture.md's card table)."""


def uses(*ids: str, owner: str | None = None) -> Callable[[Callable[[Ctx, Use], None]], Callable[[Ctx, Use], None]]:
    """Decorator: ``fn`` uses the cards ``ids`` for the module ``owner`` (default: ``fn``'s own).  One module per
    card: a second registration raises RuntimeError (a bug, not a moderator's error)."""
    def deco(fn: Callable[[Ctx, Use], None]) -> Callable[[Ctx, Use], None]:
        for i in ids:
            if i in USE:
                raise RuntimeError(f"card {i!r} is used by two functions")
            USE[i] = fn
            OWNER[i] = owner or fn.__module__
        return fn
    return deco


def own_play(ctx: Ctx, u: Use) -> None:
    """Refuse (``card.phase``, forceable) a card used outside its user's own play phase."""
    st, n, kind = ctx.st, u.n, u.kind
    ctx.check(st.turn_seat == n and st.phase == "play", Rule.CARD_PHASE, source=SRC_PLAY, n=n, kind=kind,
              turn_seat=st.turn_seat, phase=phase_name(st.phase))


def check_face(ctx: Ctx, kind: CardKind, face: Face | None) -> None:
    """A typed face must be a card of that kind in the physical deck (108 cards; 军争 cards with
    variant maneuvering): ``2 闪:♣3`` is refused (forceable) — ♣3 is a 杀 or a 顺手牵羊…

    Raises Refused ``card.face``.  Source: RULES_NOTES: Deck (``cards.standard_deck``)."""
    if face is None:
        return
    mv = "maneuvering" in ctx.st.variants
    faces = faces_of(kind.id, mv)
    if not faces or face in faces:
        return
    deck = standard_deck() + (maneuvering_cards() if mv else ())
    there = list(dict.fromkeys(KINDS[c.kind].zh for c in deck if c.face == face))
    is_ = text("cards.common.face_is", face=face, kinds=Words(" / ".join(there), "/".join(there))) if there else ""
    ctx.check(False, Rule.CARD_FACE, source="RULES_NOTES: Deck; cards.standard_deck", msg="deck_has_check", kind=kind,
              face=face, is_=is_)


def two_card_colour(ctx: Ctx, kind: CardKind, via: str | None, face: Face | None, faces: tuple[Face, ...]) -> str | None:
    """The colour of a 杀 made of two hand cards (丈八蛇矛): each typed face must be a card of the deck
    (any kind: the spear turns any two hand cards into a 杀); two faces of one colour give that colour,
    of different colours no colour (``"none"``: 仁王盾 does not stop it); one face typed gives its colour;
    none typed: None (unknown).  Refused ``card.faces`` when two faces are typed for a one-card use, ``card.face``
    (forceable) for a face the deck does not have.  Source: QS Spear (the view-as card takes the colour of its
    two subcards, colourless when they differ: ``Card::getColor``); FK ``spear_skill``; issue 13 §4."""
    if faces and via != "spear":
        raise Refused(Rule.CARD_FACES, source=SRC_WEAPON, forceable=False, faces_list='+'.join(map(str, faces)),
                      kind=kind)
    if via != "spear":
        check_face(ctx, kind, face)  # 'S spear' equipping the spear itself
        return None
    typed = faces or ((face,) if face is not None else ())
    mv = "maneuvering" in ctx.st.variants
    deck = {c.face for c in standard_deck() + (maneuvering_cards() if mv else ())}
    for f in typed:
        ctx.check(f in deck, Rule.CARD_FACE, source="RULES_NOTES: Deck; cards.standard_deck", msg="deck_has_card", f=f)
    colours = {f.color for f in typed}
    if not colours:
        return None
    return colours.pop() if len(colours) == 1 else "none"


def distance_limit(ctx: Ctx, kind: CardKind, n: int, t: int) -> None:
    """Refuse (``trick.distance``, forceable) seat ``t`` beyond ``kind``'s distance limit from seat ``n`` (顺手牵羊,
    兵粮寸断: 1); 奇才 qicai lifts it.  Source: RULES_NOTES Distance; standard_generals.json 黄月英 奇才."""
    st = ctx.st
    if kind.distance_limit is None or t == n or has_skill(st, st.seat(n), "qicai"):
        return
    d = distance(st, n, t)
    how = f" ({d.explain()})" if d.parts else ""
    ctx.check(d.value <= kind.distance_limit, Rule.TRICK_DISTANCE, source=SRC_RANGE, n=n, t=t, value=d.value,
              distance_limit=kind.distance_limit, kind=kind, how=how)


def equip(ctx: Ctx, s: Seat, ref: str) -> None:
    """Put card ``ref`` (a card ref or kind id) in its slot of seat ``s``; the card it replaces is discarded (logged).
    Source: rulebook 装备牌 (one card per slot, a new one replaces the old)."""
    st = ctx.st
    kind = KINDS[card_kind_of(ref)]
    slot = str(kind.slot)
    old = s.equipment.get(slot)
    s.equipment[slot] = ref
    ne, nz = who(st, s.seat)
    if old:
        ctx.event(
            "equip", say("equip/equips_replacing_discarded", who=Words(ne, nz), card_name=card_name(ref),
                        card_name2=card_name(old), slot=slot_words(slot)),
            seat=s.seat, card=ref, replaced=old)
    else:
        ctx.event("equip", say("equip/equips", who=Words(ne, nz), card_name=card_name(ref), slot=slot_words(slot)), seat=s.seat,
                  card=ref)


TARGET_FILTERS: list[Callable[[GameState, int, int, str], tuple[str, str, str, str] | None]] = []
"""Functions ``(state, user, target, kind_id) -> (rule, en, zh, source) | None`` for a chosen target
(杀, single-target and delayed tricks; not the automatic targets of 南蛮入侵 etc.).  A non-None
answer refuses that target (forceable) — e.g. a skill such as 空城 or 谦逊 registers one here."""


def check_target(ctx: Ctx, kind_id: str, n: int, t: int) -> None:
    """Ask every :data:`TARGET_FILTERS` entry about seat ``n`` choosing seat ``t`` for ``kind_id``.

    Raises Refused with the filter's rule, sentences and source."""
    for flt in TARGET_FILTERS:
        r = flt(ctx.st, n, t, kind_id)
        if r is not None:
            ctx.check(False, *r)


def use_equipment(ctx: Ctx, u: Use) -> None:
    """An equipment card in its user's play phase: it goes to its slot (an old card there is discarded).

    Never while a question is pending: ``S spear`` / ``S axe`` without that weapon equipped reach here only as
    the words of an answer (a 杀 asked, 贯石斧's discard) and are refused ``prompt.pending``."""
    if u.top is not None:
        raise Refused(Rule.PROMPT_PENDING, source=SRC_PROMPT, forceable=False, msg="waiting_answer_first",
                      top=u.top.said)
    own_play(ctx, u)
    u.pay()
    equip(ctx, u.s, u.ref)
