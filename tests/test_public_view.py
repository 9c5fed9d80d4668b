"""The public view (companion/public.py): no living non-lord's role exists in it, in either language.

Three checks over every state of every transcript in tests/data, each replayed as written and
with hidden roles dealt (``role S R`` lines, the outcome ``deal roles`` journals, consistent with
the roles the transcript reveals at each death):

1. structure: ``seats[i].role`` is None exactly when the seat's ``public_role`` is None;
2. words: the serialized view (zh and en) names no hidden living seat's role, unless that same
   role is public elsewhere in the view (a dead rebel's card) — the start line's role counts
   ("roles 1/1/2/1 (lord/loyalist/rebel/renegade)") are public and removed first;
3. invariance: the view is the same whatever roles the hidden living seats hold — at the state
   level (every hidden role changed to every other, and to unknown), and for whole sessions
   replayed with two different hidden deals, step by step until their public states part
   (a death reveals a different card).
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from companion.public import card_view, distance_matrix, public_view
from companion.rules.distance import in_range
from companion.rules.setup import role_table
from companion.session import Session
from companion.tui.text import ROLE_NAMES

DATA = Path(__file__).parent / "data"
TRANSCRIPTS = sorted(p.name for p in DATA.glob("*.sgs"))
EXPECT = re.compile(r"#\s*expect-refused")
ROLE_COUNTS = re.compile(r"roles \d+/\d+/\d+/\d+ \(lord/loyalist/rebel/renegade\)")


def _lines(name: str) -> list[str]:
    return [ln for ln in (DATA / name).read_text(encoding="utf-8").splitlines()
            if ln.split("#", 1)[0].strip() and not EXPECT.search(ln)]


def _reveals(lines: list[str]) -> dict[int, str]:
    """{seat: role} of the seats whose role card the transcript turns up (``reveal ROLE`` at a death)."""
    s = Session.replay_lines([])
    out = {}
    for ln in lines:
        words = ln.split("#", 1)[0].split()
        if words and words[0] == "reveal" and s.state.prompt is not None:
            out[s.state.prompt.seat] = words[1]
        s.submit(ln)
    return out


def _deals(lines: list[str]) -> list[dict[int, str]]:
    """Up to two hidden-role deals consistent with the transcript's reveals (they differ when the
    survivors' roles can be permuted)."""
    players = next(int(ln.split()[1]) for ln in lines if ln.split()[0] == "players")
    lord = next(int(ln.split()[1]) for ln in lines if ln.split()[0] == "lord")
    known = _reveals(lines)
    left = role_table(players)
    left = {r: n for r, n in left.items()}
    left["lord"] -= 1
    for r in known.values():
        left[r] -= 1
    pool = [r for r, n in left.items() for _ in range(n)]
    free = [s for s in range(1, players + 1) if s != lord and s not in known]
    deals = []
    for perm in dict.fromkeys(itertools.permutations(pool)):
        deals.append({**known, **dict(zip(free, perm, strict=True))})
        if len(deals) == 2:
            break
    return deals


def _with_deal(lines: list[str], deal: dict[int, str]) -> list[str]:
    """The transcript with the deal's ``role S R`` lines after ``lord``; its ``reveal`` lines go (a dealt
    role is turned up by the companion itself at a death)."""
    i = next(k for k, ln in enumerate(lines) if ln.split()[0] == "lord") + 1
    rest = [ln for ln in lines[i:] if ln.split()[0] != "reveal"]
    return lines[:i] + [f"role {s} {r}" for s, r in sorted(deal.items())] + rest


def _states(lines: list[str]):
    """(state, log) after every accepted line."""
    s = Session.replay_lines([])
    for ln in lines:
        s.submit(ln)
        yield s.state, s.log


def _hidden(state) -> list:
    return [s for s in state.seats if s.alive and s.role is not None and s.public_role is None]


def _check_words(view: dict, state) -> int:
    text = ROLE_COUNTS.sub("", json.dumps(view, ensure_ascii=False))
    public = {s.public_role for s in state.seats if s.public_role is not None}
    if view["game"]["winner"]:
        public.add(view["game"]["winner"]["id"])
        if view["game"]["winner"]["id"] == "lord":  # "the lord and the loyalists win" names a side, not a seat
            public.add("loyalist")
    checked = 0
    for seat in _hidden(state):
        if seat.role in public:
            continue  # the same card is public at another seat: the word may appear for that seat
        zh, en = ROLE_NAMES[seat.role]
        for word in (zh, en, seat.role):
            assert word.casefold() not in text.casefold(), (seat.seat, seat.role, word)
        checked += 1
    return checked


def _views(name: str):
    lines = _lines(name)
    yield from _states(lines)
    for deal in _deals(lines):
        yield from _states(_with_deal(lines, deal))


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_no_hidden_role_in_any_view(name):
    states = checked = hidden_seen = 0
    for state, log in _views(name):
        view = public_view(state, log)
        for seat, pv in zip(state.seats, view["seats"], strict=True):
            want = seat.public_role
            assert (pv["role"] or {}).get("id") == want, (seat.seat, pv["role"], want)
        checked += _check_words(view, state)
        hidden_seen += len(_hidden(state))
        states += 1
    assert states > 50
    assert hidden_seen > 0 and checked > 0  # the deals put hidden roles in the views, and the check ran


def _mutations(state):
    """Copies of ``state`` with the hidden living roles replaced (each by every other role, and unknown)."""
    hidden = [s.seat for s in _hidden(state)]
    for n in hidden:
        for role in ("loyalist", "rebel", "renegade", None):
            if role == state.seat(n).role:
                continue
            other = state.clone()
            other.seat(n).role = role
            yield other


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_view_does_not_depend_on_hidden_roles(name):
    lines = _lines(name)
    deal = _deals(lines)[0]
    compared = 0
    for k, (state, log) in enumerate(_states(_with_deal(lines, deal))):
        if k % 7:  # every 7th state: enough to cover each phase of the game, at a modest cost
            continue
        base = public_view(state, log)
        for other in _mutations(state):
            assert public_view(other, log) == base
            compared += 1
    assert compared > 0


def test_two_deals_give_the_same_views_until_a_death_reveals_a_different_card():
    compared = 0
    for name in TRANSCRIPTS:
        lines = _lines(name)
        deals = _deals(lines)
        if len(deals) < 2:
            continue
        for (sa, la), (sb, lb) in zip(_states(_with_deal(lines, deals[0])), _states(_with_deal(lines, deals[1])), strict=True):
            if sa.over or sb.over:
                break
            va, vb = public_view(sa, la), public_view(sb, lb)
            assert va == vb, name
            compared += 1
    assert compared > 100


def test_deal_roles_then_play_shows_only_the_lord():
    s = Session.replay_lines(["players 5", "lord 1", "deal roles seed=3", "general 1 liubei", "general 2 guanyu",
                              "general 3 zhangfei", "general 4 zhaoyun", "general 5 lvmeng", "start"])
    view = public_view(s.state, s.log)
    assert view["seats"][0]["role"]["id"] == "lord"
    assert [v["role"] for v in view["seats"][1:]] == [None] * 4
    assert {s.state.seat(n).role for n in range(2, 6)} >= {"rebel", "loyalist", "renegade"}
    assert _check_words(view, s.state) >= 1
    # the journal lines name the roles; the view's log does not use them
    assert any(ln.startswith("role ") for e in s.log for ln in e.lines)
    assert not any(ln["en"].startswith("role ") for ln in view["log"])


def test_an_undone_death_is_not_in_the_public_log():
    # 4 players: the renegade at seat 2 dies and is revealed, then the moderator undoes it
    s = Session.replay_lines(["players 4", "lord 1", "role 2 renegade", "role 3 rebel", "role 4 loyalist",
                              "general 1 liubei", "general 2 guanyu", "general 3 zhangfei", "general 4 zhaoyun",
                              "start"])
    before = public_view(s.state, s.log)
    s.submit("force lose 2 4")
    while s.state.prompt is not None and s.state.seat(2).alive:
        p = s.state.prompt
        s.submit("pass" if p.kind == "dying" else "reveal renegade" if p.kind == "reveal" else "next")
    died = public_view(s.state, s.log)
    assert not s.state.seat(2).alive
    assert died["seats"][1]["role"]["id"] == "renegade"
    while s.state.seat(2).alive is False or s.state.seat(2).hp < 4:
        assert s.undo()
    after = public_view(s.state, s.log)
    assert after["seats"][1]["role"] is None
    assert _check_words(after, s.state) == 3  # the three hidden roles, each looked for in zh and en
    assert after == before


def test_distances_match_the_rules_core():
    lines = _lines("game6.sgs")
    for k, (state, _log) in enumerate(_states(lines)):
        if k % 11:
            continue
        m = distance_matrix(state)
        alive = state.alive
        assert sorted(map(int, m)) == (alive if len(alive) >= 2 else [])
        for a in alive:
            for b in alive:
                if a != b:
                    rc = in_range(state, a, b)
                    cell = m[str(a)][str(b)]
                    assert (cell["distance"], cell["in_range"], cell["range"]) == (rc.distance.value, rc.ok,
                                                                                   rc.range.value)
                    assert cell["reason"] == {"zh": rc.zh, "en": rc.en}


def test_hand_counts_off_and_card_faces():
    s = Session.replay_lines(_lines("game6.sgs")[:40])
    light = public_view(s.state, s.log, hand_counts=False)
    assert all(v["hand"] is None for v in light["seats"])
    assert any(v["hand"] for v in public_view(s.state, s.log)["seats"])
    assert card_view("qinggang_sword-spade-6") == {"card": "qinggang_sword-spade-6", "kind": "qinggang_sword",
                                                   "zh": "青釭剑", "en": card_view("qinggang_sword")["en"],
                                                   "face": "♠6", "range": 2}
    assert card_view("chitu")["face"] is None
    json.dumps(light)  # JSON-ready


def test_an_event_naming_a_hidden_role_is_masked():
    # defence in depth: an event that carries a role is shown only while that role is public at its seat
    from companion.public import public_log
    from companion.rules.errors import Event
    from companion.session import LogEntry

    s = Session.replay_lines(["players 4", "lord 1", "role 2 renegade"])
    leak = Event("role", "seat 2 — role: renegade", "2号位——身份：内奸", 2, {"role": "renegade"})
    log = public_log([LogEntry(9, ("x",), False, False, [leak])], s.state)
    assert log == [{"zh": "2号位的身份（保密）", "en": "seat 2: role hidden"}]
