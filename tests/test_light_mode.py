"""Light mode (issue 16 §5): ``track hands off`` — hand counts neither tracked nor shown.

The line is a table option at setup (the variant ``untracked_hands``), journaled as typed and
replayed the same; the public view leaves hand counts out."""

from __future__ import annotations

import pytest

from companion.public import public_view
from companion.rules.errors import CommandError, Refused
from companion.rules.flow import HAND_RULES
from companion.script import parse
from companion.session import Session

SETUP = ["players 4", "track hands off", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞",
         "general 4 赵云", "start"]


def _session(lines, db=None):
    s = Session.new(db)
    for line in lines:
        s.submit(line)
    return s


@pytest.mark.parametrize("line, on", [("track hands off", True), ("track hands on", False),
                                      ("TRACK Hands OFF", True), ("记录手牌 关", True), ("记录手牌 开", False)])
def test_track_hands_parses_to_the_variant(line, on):
    a = parse(line)
    assert (a.verb, a.args) == ("variant", {"name": "untracked_hands", "on": on})


@pytest.mark.parametrize("line", ["track", "track hands", "track hands maybe", "track cards off", "track hands off now"])
def test_track_hands_bad_lines_are_refused_with_the_usage(line):
    with pytest.raises(CommandError) as e:
        parse(line)
    assert "track hands on|off" in str(e.value)


def test_light_mode_is_journaled_and_replays(tmp_path):
    db = tmp_path / "j.sqlite3"
    s = _session(SETUP, db)
    assert not s.state.hands_tracked
    gid = s.game_id
    again = Session.resume(db, gid)
    assert not again.state.hands_tracked
    assert any("track hands off" in " ".join(e.lines) for e in again.log)
    assert again.state.to_dict(reveal=True) == s.state.to_dict(reveal=True)


def test_default_tracks_hands_and_on_switches_back():
    s = _session([x for x in SETUP if x != "track hands off"])
    assert s.state.hands_tracked
    s2 = _session(SETUP[:2] + ["track hands on"] + SETUP[2:])
    assert s2.state.hands_tracked


def test_light_mode_is_chosen_at_setup():
    s = _session(SETUP)
    with pytest.raises(Refused) as e:
        s.submit("track hands on")
    assert e.value.rule == "setup.started"


def test_public_view_leaves_hand_counts_out_in_light_mode():
    light = public_view(_session(SETUP).state)
    assert light["game"]["hand_counts"] is False
    assert [seat["hand"] for seat in light["seats"]] == [None] * 4
    tracked = public_view(_session([x for x in SETUP if x != "track hands off"]).state)
    assert tracked["game"]["hand_counts"] is True
    assert all(isinstance(seat["hand"], int) for seat in tracked["seats"])
    assert "light mode" in light["header"]["en"] and "简易模式" in light["header"]["zh"]
    assert "light mode" not in tracked["header"]["en"]


DATA = __import__("pathlib").Path(__file__).parent / "data"


def _lines(name: str) -> list[tuple[str, str]]:
    out = []
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        line = raw.split("#")[0].strip()
        if line:
            out.append((line, raw))
    return out


def test_no_discard_is_asked_and_no_count_is_refused():
    s = _session(SETUP)
    s.submit("next")
    s.submit("next")
    s.submit("next")  # seat 1's play phase (the draw added its cards)
    assert s.state.phase == "play"
    s.submit("hand 1 0")  # the table says seat 1 holds no hand card…
    s.submit("1 杀 2")  # … and yet no 'hand.empty' refusal: the players know their hands
    s.submit("take")
    s.submit("next")  # to the discard phase: nothing asked, whatever the "count"
    assert s.state.phase == "discard" and s.state.prompt is None
    from companion.rules.quiet import is_quiet

    assert is_quiet(s.state)
    s.submit("next")
    assert s.state.phase == "finish"


@pytest.mark.parametrize("name", ["game6.sgs", "renegade.sgs"])
def test_a_transcript_plays_a_whole_game_in_light_mode(name):
    """The same game, moderated in light mode: the discards are not asked (the players discard), but a typed
    ``discard N`` is taken as said (it was refused ``discard.none`` on the held count); every line is accepted
    (those a tracked game refuses for a hand count are taken too), the winner is the same, no sentence names
    a hand count."""
    tracked = Session.new(None)
    light = Session.new(None)
    for line, raw in _lines(name):
        expect_refused = "expect-refused" in raw
        for s in (tracked, light):
            try:
                s.submit(line)
            except (Refused, CommandError) as e:
                assert expect_refused, line
                assert s is tracked or getattr(e, "rule", "") not in HAND_RULES, (line, e)
                continue
            if s is light and line.startswith("players"):
                s.submit("track hands off")
    assert tracked.state.over and light.state.over
    assert light.state.winner == tracked.state.winner
    events = [e for entry in light.log for e in entry.events or ()]
    assert events and not any("(hand " in e.en or "（手牌" in e.zh for e in events)


ASK = ["players 4", "track hands off", "lord 1", "general 1 sunquan", "general 2 zhugeliang", "general 3 luxun",
       "general 4 lvbu", "start", "next", "next", "next"]
"""Light mode with 诸葛亮 (空城) at seat 2 and 陆逊 (连营) at seat 3; seat 1 in its play phase."""


def test_kongcheng_is_asked_not_assumed():
    """Light mode (issue 16 §5): 空城 needs to know whether 诸葛亮 holds a hand card: the line is refused
    ``hand.ask`` naming the seat, the table's answer is journaled as ``hand 2 0`` / ``hand 2 1``, then the
    line is decided by the rule (in a tracked game 空城 reads the count)."""
    s = _session(ASK)
    with pytest.raises(Refused) as e:
        s.submit("1 杀 2")
    assert e.value.rule == "hand.ask" and e.value.seat == 2
    assert "hand 2 1" in e.value.en and "hand 2 0" in e.value.en and "Empty City" in e.value.en
    s.submit("hand 2 0")
    with pytest.raises(Refused) as e:
        s.submit("1 杀 2")
    assert e.value.rule == "skill.target" and "Empty City" in e.value.en
    with pytest.raises(Refused) as e:
        s.submit("1 决斗 2")
    assert e.value.rule == "skill.target"
    s.submit("hand 2 1")
    s.submit("1 杀 2")
    assert s.state.prompt.kind == "respond" and s.state.prompt.seat == 2
    assert not any("(hand " in ev.en for entry in s.log for ev in entry.events or ())


def test_a_forced_line_goes_past_the_question():
    s = _session(ASK)
    s.submit("force 1 杀 2")
    assert s.state.prompt.kind == "respond"


def test_the_answer_holds_until_the_seat_gains_or_loses_a_card():
    s = _session(ASK)
    s.submit("hand 2 0")  # none: until seat 2 gains a card
    s.submit("end")  # seat 1's turn ends; seat 2's start (观星 asks)
    assert s.state.seat(2).flags.get("light_hand") == "none"
    s.submit("no")
    s.submit("next")
    s.submit("next")  # seat 2 draws 2: what the table said no longer holds
    assert "light_hand" not in s.state.seat(2).flags
    s.submit("hand 2 1")  # holds one: until seat 2 loses a card
    s.submit("next")
    s.submit("2 杀 3")
    assert "light_hand" not in s.state.seat(2).flags


def test_lianying_is_asked_in_light_mode():
    """连营 (陆逊, "当你失去最后的手牌时，你可以摸一张牌"): in light mode the companion does not know the last
    card, so every hand card 陆逊 loses asks "if that was your last hand card, draw 1"; a tracked game asks
    only when the count reaches 0."""
    s = _session(ASK)
    s.submit("hand 2 1")
    s.submit("end")
    s.submit("no")  # seat 2's 观星
    for _ in range(3):
        s.submit("next")
    s.submit("2 杀 3")
    s.submit("3 闪")
    p = s.state.prompt
    assert p.kind == "skill" and p.data["skill"] == "lianying" and "last hand card" in p.en
    s.submit("yes")
    assert any("Linked Camps" in ev.en for ev in s.log[-1].events)
    tracked = _session([x for x in ASK if x != "track hands off"] + ["hand 1 4", "end", "no", "next", "next", "next", "2 杀 3",
                                                                     "3 闪"])
    assert tracked.state.prompt is None  # 4 hand cards: not the last


def test_a_discard_is_taken_as_said():
    s = _session(ASK)
    s.submit("next")  # the discard phase: nothing asked
    s.submit("discard 2")  # was refused discard.none: the held count is within the limit
    assert any(ev.kind == "discard" for ev in s.log[-1].events)
    assert s.state.phase == "discard" and s.state.prompt is None


def test_light_mode_answers_replay_from_the_journal(tmp_path):
    db = tmp_path / "j.sqlite3"
    s = _session(ASK + ["hand 2 0", "end", "no", "next"], db)
    again = Session.resume(db, s.game_id)
    assert again.state.to_dict(reveal=True) == s.state.to_dict(reveal=True)
    assert again.state.seat(2).flags.get("light_hand") == "none"
