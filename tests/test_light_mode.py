"""Light mode (issue 16 §5): ``track hands off`` — hand counts neither tracked nor shown.

The line is a table option at setup (the variant ``untracked_hands``), journaled as typed and
replayed the same; the public view leaves hand counts out."""

from __future__ import annotations

import pytest

from companion.public import public_view
from companion.rules.errors import CommandError, Refused
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
    s.submit("hand 1 0")  # a correction cannot make the companion think the hand is empty
    s.submit("1 杀 2")  # no 'hand.empty' refusal: the players know their hands
    s.submit("take")
    s.submit("next")  # to the discard phase: nothing asked, whatever the "count"
    assert s.state.phase == "discard" and s.state.prompt is None
    from companion.rules.quiet import is_quiet

    assert is_quiet(s.state)
    s.submit("next")
    assert s.state.phase == "finish"


@pytest.mark.parametrize("name", ["game6.sgs", "renegade.sgs"])
def test_a_transcript_plays_a_whole_game_in_light_mode(name):
    """The same game, moderated in light mode: the discards are not asked (the players discard), so those
    lines are left out; every other line is accepted, the winner is the same, no sentence names a hand count."""
    tracked = Session.new(None)
    light = Session.new(None)
    for line, raw in _lines(name):
        expect_refused = "expect-refused" in raw
        for s in (tracked, light):
            if s is light and line.startswith("discard"):
                continue
            try:
                s.submit(line)
            except (Refused, CommandError):
                assert expect_refused, line
                continue
            if s is light and line.startswith("players"):
                s.submit("track hands off")
    assert tracked.state.over and light.state.over
    assert light.state.winner == tracked.state.winner
    events = [e for entry in light.log for e in entry.events or ()]
    assert events and not any("(hand " in e.en or "（手牌" in e.zh for e in events)
