"""Input that used to corrupt the counts (issue 12 §5): extra words, negative / zero / huge amounts,
control characters, and a forced line that dropped a dying question."""

from __future__ import annotations

import pytest

from companion.rules.errors import CommandError, Refused
from companion.script import parse
from companion.session import Session

SETUP = ["players 4", "lord 1", "general 1 liubei", "general 2 guojia", "general 3 zhangfei",
         "general 4 machao", "start"]


@pytest.mark.parametrize("line", [
    "draw 3 1 junk words here", "heal 2 1 more", "lose 2 1 x", "hand 2 3 4", "maxhp 2 4 x", "give 1 2 1 x",
    "players 4 5", "lord 1 2", "swap 1 2 3", "role 2 rebel x", "reveal rebel x", "variant no_generals on x",
    "take 2 x", "pass 2 x", "pass all x", "discard 2 1 x", "2 discard 1 x", "2 take x", "2 pass x",
    "equip 2 赤兔 x", "place 2 闪电 x", "remove 2 闪电 x", "unequip 2 weapon x", "start x", "next x", "yes x",
])
def test_every_verb_refuses_words_it_does_not_take(line):
    with pytest.raises(CommandError) as ei:
        parse(line)
    assert "unexpected" in str(ei.value) or "takes no arguments" in str(ei.value)
    assert ei.value.zh != str(ei.value)  # a Chinese text too


@pytest.mark.parametrize("line", ["lose 2 -3", "damage 2 -3", "heal 2 -1", "give 1 2 -3", "discard -1",
                                  "draw 2 0", "damage 2 0", "lose 2 0", "give 1 2 0", "discard 2 0"])
def test_negative_and_zero_amounts_are_refused_with_the_rule(line):
    s = Session.replay_lines(SETUP)
    before, entries = s.state.to_dict(reveal=True), len(s.log)
    for ln in (line, "force " + line):
        with pytest.raises(Refused) as ei:
            s.submit(ln)
        assert ei.value.rule == "amount.positive" and not ei.value.forceable and "at least 1" in ei.value.en
    assert s.state.to_dict(reveal=True) == before and len(s.log) == entries


def test_huge_numbers_are_clear_refusals():
    for line in ("draw " + "9" * 5000 + " 1", "draw 1 " + "9" * 5000, "deal roles seed=" + "9" * 5000,
                 "1 杀 " + "9" * 5000):
        with pytest.raises(CommandError) as ei:
            parse(line)
        assert len(str(ei.value)) < 300


def test_counts_no_game_reaches_are_refused():
    s = Session.replay_lines(SETUP)
    with pytest.raises(Refused) as ei:
        s.submit("draw 2 200")
    assert ei.value.rule == "hand.count"


def test_a_draw_the_deck_cannot_give_is_refused_forceable():
    """§5's paste became "draw 3 33" three times (hand 100): each hand stays under 108, but the table cannot
    hold more cards than the deck's 108 (4 seats hold 16 at the start)."""
    s = Session.replay_lines(SETUP)
    s.submit("draw 3 33")
    s.submit("draw 3 33")
    before, entries = s.state.to_dict(reveal=True), len(s.log)
    with pytest.raises(Refused) as ei:
        s.submit("draw 3 33")  # 82 held + 33 > 108; the hand would be 103
    e = ei.value
    assert e.rule == "hand.count" and e.forceable and "82" in e.en and "108" in e.en and "82" in e.zh
    assert s.state.to_dict(reveal=True) == before and len(s.log) == entries
    s.submit("draw 3 26")  # exactly the deck
    s.submit("force draw 3 1")  # the moderator's other counts may be the wrong ones
    assert s.state.seat(3).hand == 4 + 33 + 33 + 26 + 1


def test_force_next_while_dying_asks_for_peach_again():
    s = Session.replay_lines(SETUP)
    s.submit(f"damage 2 {s.state.seat(2).hp}")
    assert s.state.prompt.kind == "dying"
    s.submit("force next")
    st = s.state
    seat = st.seat(2)
    assert not seat.alive or any(p.kind == "dying" and p.data.get("victim") == 2 for p in st.prompts)
    assert any(e.kind == "dying_again" for e in s.log[-1].events)
