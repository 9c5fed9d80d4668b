"""The public view of a game: what every player at the table may see, as a JSON-ready dict.

:func:`public_view` is a pure function of a :class:`~companion.rules.state.GameState`
(and, optionally, the session's log).  It is the only thing the players' web view
(``companion/web``) and exports send out of the process, so the rule of
DESIGN.md "Hidden information stays hidden" is enforced here, by construction:

* a seat's role is read only through :attr:`Seat.public_role` (the lord; dead or
  revealed seats).  A living non-lord's role is never copied into the view, so it
  does not exist there at all — there is no ``reveal`` argument (the moderator's
  F5 reveal is a property of the dashboard, never of this view);
* the log is built from the engine's public sentences (``Event.en``/``Event.zh``),
  never from journal lines (``role 3 rebel`` is a journal line); undone entries are
  left out (an undone death's reveal is not public: issue 12 §4), and an event that
  carries a role (``data["role"]``) is kept only while that role is public for its
  seat — otherwise its text is replaced by "role hidden" (the test follows the role,
  not the seat number);
* the pending question is the prompt's own text (``Prompt.en``/``zh``), without the
  moderator's key hints.

Distances and attack ranges come from :mod:`companion.rules.distance` (rulebook 距离,
FreeKill ``distanceTo``/``getAttackRange``), with the reason for every pair in both
languages.  The JSON shape is documented in docs/web.md (``schema`` = :data:`SCHEMA`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .rules.deck import KINDS, Suit
from .rules.distance import attack_range, card_kind_of, in_range
from .rules.generals import GENERALS
from .rules.state import SLOTS, GameState, Seat, win_words
from .tui.text import PHASE_NAMES, ROLE_NAMES, header_text

__all__ = ["SCHEMA", "LOG_LINES", "public_view", "public_log", "public_seat", "distance_matrix", "card_view"]

SCHEMA = 1
"""Version of the JSON shape of :func:`public_view` (docs/web.md)."""

LOG_LINES = 30
"""How many public log lines the view carries (the most recent ones)."""

_SLOT_NAMES = {
    "weapon": ("武器", "weapon"),
    "armor": ("防具", "armor"),
    "plus_horse": ("+1马", "+1 horse"),
    "minus_horse": ("-1马", "-1 horse"),
}


def _zh_en(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def _role(role: str | None) -> dict[str, str] | None:
    if role is None:
        return None
    zh, en = ROLE_NAMES.get(role, (role, role))
    return {"id": role, "zh": zh, "en": en}


def card_view(ref: str) -> dict[str, Any]:
    """One card in an area: ``{"card", "kind", "zh", "en", "face", "range"}``.

    ``ref`` is a card id (``"qinggang_sword-spade-6"``) or a kind id (``"chitu"``);
    ``face`` is e.g. ``"♠6"`` or None when the face was not given; ``range`` is a
    weapon's attack range, else None.  An unknown kind keeps ``ref`` as its name.
    """
    kind = card_kind_of(ref) or ref
    k = KINDS.get(kind)
    face = None
    parts = ref.split("-")
    if len(parts) >= 3:
        try:
            rank = int(parts[2])
            label = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
            face = f"{Suit(parts[1]).symbol}{label}"
        except ValueError:
            face = None
    return {
        "card": ref,
        "kind": kind,
        "zh": k.zh if k is not None else ref,
        "en": k.en if k is not None else ref,
        "face": face,
        "range": k.range if k is not None else None,
    }


def _general(seat: Seat, state: GameState) -> dict[str, Any] | None:
    g = GENERALS.get(seat.general) if seat.general else None
    if g is None:
        if seat.general is None:
            return None
        return {"id": seat.general, "zh": seat.general, "en": seat.general, "kingdom": None, "skills": []}
    skills = []
    if "no_generals" not in state.variants:
        skills = [{"id": sk.id, "zh": sk.zh, "en": sk.en, "lord": sk.lord_skill, "compulsory": sk.compulsory,
                   "summary": _zh_en(sk.summary_zh, sk.summary_en)} for sk in g.skills]
    return {"id": g.id, "zh": g.zh, "en": g.en,
            "kingdom": {"id": g.kingdom.value, "zh": g.kingdom.zh, "en": g.kingdom.value.capitalize()}, "skills": skills}


def public_seat(seat: Seat, state: GameState, *, hand_counts: bool = True) -> dict[str, Any]:
    """One seat as the players may see it (docs/web.md, ``seats[]``).

    ``role`` is :attr:`Seat.public_role` (None for a living non-lord whose role is
    hidden); ``hand`` is None when ``hand_counts`` is False (light mode).
    """
    ar = attack_range(state, seat.seat) if seat.alive and state.seats else None
    p = state.prompt
    return {
        "seat": seat.seat,
        "name": seat.name,
        "general": _general(seat, state),
        "role": _role(seat.public_role),
        "alive": seat.alive,
        "dying": seat.dying,
        "hp": seat.hp,
        "max_hp": seat.max_hp,
        "hand": seat.hand if hand_counts else None,
        "equipment": [dict(card_view(ref), slot=slot, slot_name=_zh_en(*_SLOT_NAMES[slot]))
                      for slot in SLOTS if (ref := seat.equipment.get(slot))],
        "judgement": [card_view(ref) for ref in seat.judgement],  # placement order, oldest first
        "attack_range": None if ar is None else {"value": ar.value, "zh": ar.zh, "en": ar.en},
        "current": bool(state.started and state.turn_seat == seat.seat and seat.alive),
        "asked": p is not None and p.seat == seat.seat,
    }


def distance_matrix(state: GameState) -> dict[str, dict[str, dict[str, Any]]]:
    """``{src: {dst: {"distance", "in_range", "range", "reason": {zh, en}, "explain": {zh, en}}}}`` over living
    seats (seat numbers as strings).  ``reason`` is :func:`companion.rules.distance.in_range`'s sentence
    (it gives the numbers for an out-of-range pair, e.g. "distance 3 > attack range 2 (青釭剑)"),
    ``explain`` the distance's parts (``"2 (seats) - 1 (赤兔 -1 horse) = 1"``).  Directional: the
    distance *to* seat X from seat Y is ``m[Y][X]``.  Dead seats have no distance (rulebook 距离)."""
    alive = state.alive
    out: dict[str, dict[str, dict[str, Any]]] = {}
    if len(alive) < 2:
        return out
    for a in alive:
        row = {}
        for b in alive:
            if a == b:
                continue
            rc = in_range(state, a, b)
            row[str(b)] = {
                "distance": rc.distance.value,
                "in_range": rc.ok,
                "range": rc.range.value,
                "reason": _zh_en(rc.zh, rc.en),
                "explain": _zh_en(rc.distance.explain("zh"), rc.distance.explain("en")),
            }
        out[str(a)] = row
    return out


def _event_text(ev: Any, state: GameState) -> tuple[str, str]:
    en = getattr(ev, "en", "") or str(ev)
    zh = getattr(ev, "zh", "") or en
    data = getattr(ev, "data", None) or {}
    role = data.get("role") if isinstance(data, dict) else None
    if role is not None:
        seat_no = getattr(ev, "seat", None)
        try:
            shown = state.seat(seat_no).public_role if seat_no is not None else None
        except (IndexError, TypeError):
            shown = None
        if shown != role:  # the role is not public (any more) at that seat: say nothing about it
            who_en = f"seat {seat_no}" if seat_no is not None else "a seat"
            who_zh = f"{seat_no}号位" if seat_no is not None else "某座位"
            return f"{who_zh}的身份（保密）", f"{who_en}: role hidden"
    return zh, en


def public_log(entries: Iterable[Any] | None, state: GameState, limit: int = LOG_LINES) -> list[dict[str, Any]]:
    """The last ``limit`` public log lines: ``[{"zh", "en"}]``, oldest first.

    ``entries`` are :class:`companion.session.LogEntry` (``seq``, ``undone``,
    ``events``); undone entries and entries without events are skipped.  Only the
    engine's sentences are used, never the journal lines (see the module docstring).
    """
    out: list[dict[str, Any]] = []
    if not entries or limit <= 0:
        return out
    for e in reversed(list(entries)):
        if getattr(e, "undone", False):
            continue
        lines = [_event_text(ev, state) for ev in (getattr(e, "events", None) or ())]
        for zh, en in reversed(lines):
            out.append({"zh": zh, "en": en})
            if len(out) >= limit:
                return out[::-1]
    return out[::-1]


def _prompt(state: GameState) -> dict[str, Any] | None:
    p = state.prompt
    if p is None:
        return None
    en = " ".join((p.en or "").split())
    zh = " ".join((p.zh or p.en or "").split())
    return {"kind": p.kind, "seat": p.seat, "zh": zh, "en": en}


def public_view(state: GameState, log: Iterable[Any] | None = None, *, hand_counts: bool | None = None,
                version: int | None = None, log_lines: int = LOG_LINES) -> dict[str, Any]:
    """The public view of ``state`` (docs/web.md): a dict of str, int, bool, None, lists and dicts only.

    ``log`` is the session's log (:attr:`companion.session.Session.log`) or None;
    ``hand_counts`` False leaves hand counts out; None (the default) follows the table:
    False in light mode (``track hands off``, :attr:`GameState.hands_tracked`); ``version`` is the
    caller's change counter (e.g. the session's tip), passed through.  Never raises
    for a consistent state; a living non-lord's role is not in the result.
    """
    if hand_counts is None:
        hand_counts = state.hands_tracked
    phase = state.phase
    winner = state.winner if state.over else None
    reason = win_words(state)
    return {
        "schema": SCHEMA,
        "version": version,
        "game": {
            "players": state.players,
            "started": state.started,
            "over": state.over,
            "round": state.round,
            "turn_seat": state.turn_seat if state.started else None,
            "phase": None if phase is None else {"id": phase, "zh": PHASE_NAMES.get(phase, (phase, phase))[0],
                                                 "en": PHASE_NAMES.get(phase, (phase, phase))[1]},
            "winner": _role(winner),
            "win_reason": None if reason is None else _zh_en(reason[1], reason[0]),
            "hand_counts": hand_counts,
        },
        "header": _zh_en(header_text(state, "zh"), header_text(state, "en")),
        "prompt": _prompt(state),
        "seats": [public_seat(s, state, hand_counts=hand_counts) for s in state.seats],
        "distance": distance_matrix(state),
        "log": public_log(log, state, log_lines),
    }
