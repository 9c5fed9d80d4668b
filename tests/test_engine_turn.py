"""Turn flow: phases, draw, judge phase (delayed tricks), discard limit, end, turn order property."""

from __future__ import annotations

from engine_support import events, refused, run, table, to_play, turn_to
from hypothesis import given, settings
from hypothesis import strategies as hs

from companion.rules.engine import Action, apply
from companion.rules.state import PHASES


def test_phases_in_order_and_draw_two():
    st = table(4)
    seen = [st.phase]
    hand0 = st.seat(1).hand
    for _ in range(5):
        st = run(st, "next")
        seen.append(st.phase)
        if st.phase == "draw":
            assert st.seat(1).hand == hand0 + 2
        if st.phase == "discard":
            st = run(st, "discard 2")
    assert seen == list(PHASES)
    st = run(st, "next")
    assert (st.turn_seat, st.phase) == (2, "start")


def test_lord_first_and_round_counts():
    st = table(4, lord=3)
    assert st.turn_seat == 3 and st.round == 1
    st = turn_to(st, 4)
    st = turn_to(st, 1)
    assert st.round == 1
    st = turn_to(st, 3)
    assert st.round == 2


def test_discard_limit_blocks_next():
    st = table(4)  # caocao 4 HP, 4 players
    st = run(st, "next", "next", "next", "next")
    assert st.phase == "discard" and st.seat(1).hand == 6
    p = st.prompt
    assert p.kind == "discard" and p.seat == 1
    r = refused(st, "next")
    assert r.rule == "discard.limit" and "hand 6 > hand limit 4" in r.en
    assert refused(st, "end").rule == "discard.limit"
    st = run(st, "discard 1")
    assert st.prompt.kind == "discard" and "hand 5 > hand limit 4" in st.prompt.en
    st = run(st, "discard 1 1")
    assert st.prompt is None and st.seat(1).hand == 4
    st = run(st, "next")
    assert st.phase == "finish"


def test_hand_limit_is_current_hp():
    st = table(4)
    st = run(st, "damage 1 2 from none", "next", "next", "next", "next")
    assert st.seat(1).hp == 2
    r = refused(st, "next")
    assert "hand 6 > hand limit 2" in r.en
    st = run(st, "force next")
    assert st.phase == "finish" and st.prompt is None


def test_end_carries_the_turn_through_its_phases():
    st = table(5)  # the lord: 5 HP, hand 4; the draw phase makes it 6 > 5
    st = run(st, "end")
    assert (st.turn_seat, st.phase) == (1, "discard") and st.seat(1).hand == 6 and st.prompt.kind == "discard"
    st = run(st, "discard 1")  # the discard answered: the turn goes on to its end by itself
    assert (st.turn_seat, st.phase) == (2, "start") and st.seat(1).hand == 5


def test_judge_last_placed_first_and_indulgence():
    st = table(4)
    st = run(st, "place 2 indulgence", "place 2 lightning")
    st = turn_to(st, 2)
    st = run(st, "next")
    assert st.phase == "judge" and st.prompt.kind == "judge" and st.prompt.data["card"] == "lightning"
    assert refused(st, "next").rule == "prompt.pending"
    st = run(st, "judge ♥K")  # lightning misses, moves to seat 3
    assert st.seat(3).judgement == ["lightning"] and st.seat(2).judgement == ["indulgence"]
    assert st.prompt.data["card"] == "indulgence"
    st = run(st, "judge ♠K")  # not a heart → skip play
    assert st.seat(2).judgement == [] and st.prompt is None
    hand = st.seat(2).hand
    st = run(st, "next", "next")
    assert st.phase == "discard" and st.seat(2).hand == hand + 2


def test_indulgence_heart_no_skip():
    st = table(4)
    st = run(st, "place 2 乐不思蜀")
    st = turn_to(st, 2)
    st = run(st, "next", "judge ♥3", "next", "next")
    assert st.phase == "play"


def test_supply_shortage_skips_draw():
    st = table(4, variants=["maneuvering"])
    st = run(st, "place 2 bingliang")
    st = turn_to(st, 2)
    h = st.seat(2).hand
    st = run(st, "next", "judge ♦4", "next")
    assert st.phase == "play" and st.seat(2).hand == h
    st = turn_to(st, 3)
    st = run(st, "place 3 supply_shortage", "next", "judge ♣4", "next")
    assert st.phase == "draw"


def test_lightning_hits_no_source():
    st = table(4)
    st = run(st, "place 2 lightning")
    st = turn_to(st, 2)
    st = run(st, "next")
    st, ev = events(st, "judge ♠5")
    d = [e for e in ev if e.kind == "damage"][0]
    assert d.data == {"amount": 3, "source": None, "nature": "thunder"}
    assert st.seat(2).hp == 1 and st.seat(2).judgement == []
    assert all("lightning" not in s.judgement for s in st.seats)


def test_lightning_skips_seat_that_has_one_and_stays_if_none():
    st = table(3, generals=["caocao", "guanyu", "zhaoyun"])
    st = run(st, "place 1 lightning", "place 2 lightning:♥Q", "next")
    st = run(st, "judge ♥2")
    assert st.seat(3).judgement == ["lightning"]
    st = table(2, generals=["caocao", "guanyu"])
    st = run(st, "place 1 lightning", "place 2 lightning:♥Q", "next", "judge ♥2")
    assert st.seat(1).judgement == ["lightning"] and st.prompt is None


def test_death_stops_remaining_judgements_and_ends_turn():
    st = table(4)
    st = run(st, "place 2 indulgence", "place 2 lightning", "hand 2 0")
    st = turn_to(st, 2)
    st = run(st, "damage 2 1 from none", "next", "judge ♠3")  # 3 thunder: 3-3 = 0 → dying
    assert st.prompt.kind == "dying" and st.prompt.seat == 2
    st = run(st, "pass", "pass", "pass", "pass")
    assert not st.seat(2).alive
    assert st.prompt.kind == "reveal"
    st = run(st, "reveal rebel")
    assert (st.turn_seat, st.phase) == (3, "start")
    assert st.prompts == [] and st.seat(2).judgement == []


def test_prompt_discipline_names_the_question():
    st = to_play(table(4))
    st = run(st, "1 slash 2")
    r = refused(st, "next")
    assert r.rule == "prompt.pending" and "seat 2" in r.en and "Jink" in r.en


def _living_next(alive, n, N):
    for k in range(1, N + 1):
        m = (n - 1 + k) % N + 1
        if m in alive:
            return m


@settings(max_examples=60, deadline=None)
@given(hs.integers(2, 10).flatmap(lambda n: hs.tuples(
    hs.just(n), hs.integers(1, n), hs.lists(hs.tuples(hs.integers(1, n), hs.integers(0, 3)), max_size=12))))
def test_turn_order_property(case):
    """Over random tables with deaths (by corrections, at any point of a turn), the next
    turn is always the next living seat and dead seats never get a turn."""
    n, lord, plan = case
    st = table(n, lord=lord, variants=["no_generals"])
    for victim, steps in plan:
        for _ in range(steps):
            if st.over:
                break
            if st.phase == "discard":
                st = run(st, f"hand {st.turn_seat} 0")
            before = st.turn_seat
            alive = set(st.alive)
            was_finish = st.phase == "finish"
            st = apply(st, Action("next")).state if not st.prompts else st
            if was_finish:
                assert st.turn_seat == _living_next(alive, before, n)
            assert st.seat(st.turn_seat).alive
        if st.over or not st.seat(victim).alive or st.prompts:
            continue
        current = st.turn_seat
        alive_before = set(st.alive)
        st = run(st, f"lose {victim} 9")
        while st.prompt is not None and st.prompt.kind == "dying":
            st = run(st, "pass")
        if st.prompt is not None and st.prompt.kind == "reveal":
            left = __import__("companion.rules.outcome", fromlist=["x"]).remaining_roles(st)
            role = [r for r, c in left.items() if c > 0 and r != "lord"][0]
            st = run(st, f"reveal {role}")
        assert not st.seat(victim).alive
        if st.over:
            break
        assert st.seat(st.turn_seat).alive
        if victim == current:
            assert st.turn_seat == _living_next(alive_before - {victim}, victim, n)
            assert st.phase == "start"
