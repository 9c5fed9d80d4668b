"""Issue 13 §5 and §7: `end` carries the turn through every remaining phase (advance_until_decision)."""

from __future__ import annotations

from engine_support import events, refused, run, table


def test_end_in_the_start_phase_still_draws_and_names_the_phases_passed():
    st = table(10)  # the lord: 4 + 1 HP at 10 players
    st = run(st, "hand 1 2")
    st, ev = events(st, "end")
    assert (st.turn_seat, st.phase) == (2, "start")
    assert st.seat(1).hand == 4  # the draw phase added its 2 cards (issue 13 §5: the tracked hand was 2 short)
    draws = [e for e in ev if e.kind == "draw" and e.seat == 1]
    assert len(draws) == 1 and "draws 2" in draws[0].en
    end = [e for e in ev if e.kind == "end"]
    assert len(end) == 1 and end[0].data["phases"] == ["judge", "draw", "play", "discard", "finish"]
    assert "passed through: judge, draw, play, discard, finish" in end[0].en and "经过" in end[0].zh
    kinds = [e.kind for e in ev]
    assert kinds.index("end") < kinds.index("turn")  # the end line comes before seat 2's turn


def test_end_stops_at_the_discard_the_hand_limit_asks_for():
    st = table(10)
    st, ev = events(st, "end")  # hand 4 + 2 = 6 > hand limit 5
    assert (st.turn_seat, st.phase) == (1, "discard") and st.prompt.kind == "discard"
    wait = [e for e in ev if e.kind == "end_wait"]
    assert len(wait) == 1 and "discard 1" in wait[0].en
    assert refused(st, "end").rule == "discard.limit"
    st, ev = events(st, "discard 1")
    assert (st.turn_seat, st.phase) == (2, "start") and st.seat(1).hand == 5
    assert [e.kind for e in ev].count("end") == 1


def test_end_stops_at_a_pending_judgement_and_goes_on_once_it_is_flipped():
    st = run(table(4), "place 1 lightning", "hand 1 1")
    st = run(st, "end")
    assert (st.turn_seat, st.phase) == (1, "judge") and st.prompt.kind == "judge"
    st = run(st, "judge ♥K")  # 闪电 misses and moves on: the draw, play, discard, finish follow
    assert st.turn_seat == 2 and st.seat(1).hand == 3 and st.seat(2).judgement == ["lightning"]


def test_end_still_asks_a_finish_phase_skill():
    st = table(4, generals=["caocao", "diaochan", "guanyu", "zhaoyun"])
    st = run(st, "end", "discard 2")  # seat 1's turn
    assert st.turn_seat == 2
    st = run(st, "hand 2 1", "end")  # 貂蝉: hand 3 ≤ 3 HP: no discard; 闭月 asks in the finish phase
    assert (st.turn_seat, st.phase) == (2, "finish") and st.prompt.kind == "skill" and "闭月" in st.prompt.zh
    st = run(st, "yes")
    assert st.turn_seat == 3 and st.seat(2).hand == 4


def test_next_drops_the_end_intent():
    st = run(table(4), "place 1 lightning", "end")
    assert refused(st, "next").rule == "prompt.pending"  # the judgement card is owed first
    st = run(st, "force next")  # the moderator goes on phase by phase instead
    assert (st.turn_seat, st.phase) == (1, "draw") and "ending" not in st.extra


def test_force_end_ends_the_turn_at_once():
    st = run(table(10), "hand 1 9")
    st, ev = events(st, "force end")
    assert st.turn_seat == 2 and st.seat(1).hand == 9
    assert any(e.kind == "end" and "forced" in e.en for e in ev)


def test_keji_end_ends_the_turn():
    # issue 13 §7: 吕蒙 with hand > HP: `end` after the discard phase was skipped by 克己 looped back to it
    st = table(4, generals=["lvmeng", "caocao", "guanyu", "zhaoyun"])
    st = run(st, "next", "next", "next", "next")
    assert st.phase == "finish" and st.seat(1).hand == 6
    st = run(st, "end")
    assert (st.turn_seat, st.phase) == (2, "start")
    st2 = run(table(4, generals=["lvmeng", "caocao", "guanyu", "zhaoyun"]), "end")  # from the start phase too
    assert st2.turn_seat == 2 and st2.seat(1).hand == 6


def test_advance_until_decision_can_stop_at_the_play_phase():
    from companion.rules.flow import Ctx as _Ctx
    from companion.rules.flow import advance_until_decision  # the mechanism "quiet phases" builds on
    st = table(4).clone()
    ctx = _Ctx(st, False)
    passed = advance_until_decision(ctx, stop_at="play")
    assert passed == ["judge", "draw", "play"] and (st.phase, st.seat(1).hand) == ("play", 6)
    assert advance_until_decision(ctx, stop_at="play") == []  # already there: nothing moves
