"""Dying, death, role reveal, reward, penalty and the win conditions (hidden roles)."""

from __future__ import annotations

from engine_support import events, refused, run, table, to_play, turn_to

from companion.rules.outcome import remaining_roles


def test_dying_asks_from_current_player_in_seat_order():
    st = table(6)
    st = turn_to(st, 4)
    st = run(st, "damage 2 4 from 3")
    p = st.prompt
    assert p.kind == "dying" and p.data["victim"] == 2 and p.seat == 4
    asked = []
    for _ in range(5):
        asked.append(st.prompt.seat)
        st = run(st, "pass")
    assert asked == [4, 5, 6, 1, 2]
    assert st.prompt.seat == 3
    st = run(st, "pass")
    assert not st.seat(2).alive and st.prompt.kind == "reveal"


def test_peach_rescue_any_seat_out_of_order():
    st = table(6)
    st = run(st, "damage 2 5 from 3")  # HP -1: needs two 桃
    assert st.seat(2).hp == -1
    h6 = st.seat(6).hand
    st = run(st, "6 peach")
    assert st.seat(2).hp == 0 and st.prompt.kind == "dying" and st.seat(6).hand == h6 - 1
    st, ev = events(st, "peach")  # the asked seat (1, current player)
    assert st.seat(2).hp == 1 and st.prompt is None and any(e.kind == "rescued" for e in ev)


def test_pass_all_at_a_dying_question_closes_the_rescue_round():
    # rulebook 001 武将死亡: without 桃 the dying general dies; "pass all" / "nobody" = no seat gives 桃
    st = table(6)
    st = turn_to(st, 4)
    st = run(st, "damage 2 4 from 3", "pass")               # seat 4 passes, seat 5 is asked
    assert "pass all" in st.prompt.en and "pass all" in st.prompt.zh
    for line in ("pass all", "nobody"):
        s, ev = events(st, line)
        assert not s.seat(2).alive and s.prompt.kind == "reveal", line
        assert [e.kind for e in ev][:2] == ["pass", "death"]
        assert ev[0].data["seats"] == [5, 6, 1, 2, 3]


def test_dying_refuses_other_actions():
    st = to_play(table(6))
    st = run(st, "damage 2 4 from 1")
    assert refused(st, "1 slash 3").rule == "prompt.pending"
    assert refused(st, "next").rule == "prompt.pending"


def _kill(st, seat, source="none"):
    st = run(st, f"damage {seat} 9 from {source}")
    while st.prompt is not None and st.prompt.kind == "dying":
        st = run(st, "pass")
    return st


def test_reveal_validated_and_rebel_reward():
    st = table(6)
    st = _kill(st, 2, "3")
    r = refused(st, "reveal lord")
    assert r.rule == "role.lord"
    h3 = st.seat(3).hand
    st, ev = events(st, "reveal rebel")
    assert st.seat(2).role == "rebel" and st.seat(2).to_dict()["role"] == "rebel"
    assert st.seat(3).hand == h3 + 3 and any(e.kind == "reward" for e in ev)
    st = _kill(st, 4, "3")
    st = run(st, "reveal 反贼")
    st = _kill(st, 5, "none")
    st = run(st, "reveal rebel")
    assert not st.over
    st = _kill(st, 6, "none")
    r = refused(st, "reveal rebel")
    assert r.rule == "role.count" and "3 rebel" in r.en and "3 already known" in r.en
    assert not r.forceable and "role S ROLE" in r.en      # a card the role deck does not have: force cannot help
    assert refused(st, "force reveal rebel").rule == "role.count"


def test_pass_all_with_nothing_pending_says_so():
    r = refused(to_play(table(5)), "pass all")
    assert r.rule == "prompt.none" and "no question is pending" in r.en and "现在没有待回答的询问" in r.zh
    assert "answer the pending question" not in r.message and not r.forceable


def test_no_reward_without_source_or_for_non_rebel():
    st = table(6)
    h = [s.hand for s in st.seats]
    st = _kill(st, 2)
    st = run(st, "reveal rebel")
    assert [s.hand for s in st.seats][2:] == h[2:]
    st = _kill(st, 3, "4")
    st = run(st, "reveal renegade")
    assert st.seat(4).hand == h[3]


def test_death_discards_everything():
    st = table(6)
    st = run(st, "equip 2 赤兔", "place 2 lightning", "hand 2 7")
    st = _kill(st, 2)
    st = run(st, "reveal rebel")
    s = st.seat(2)
    assert s.hand == 0 and all(v is None for v in s.equipment.values()) and s.judgement == []


def test_lord_killing_loyalist_penalty():
    st = table(6)
    st = run(st, "equip 1 qinggang_sword", "equip 1 jueying", "place 1 indulgence", "hand 1 5")
    st = _kill(st, 2, "1")
    st, ev = events(st, "reveal loyalist")
    lord = st.seat(1)
    assert lord.hand == 0 and all(v is None for v in lord.equipment.values())
    assert lord.judgement == ["indulgence"] and any(e.kind == "penalty" for e in ev)


def test_known_role_dies_without_reveal_prompt():
    st = run(table(6, start=False), "role 2 loyalist", "role 3 rebel", "role 4 rebel", "role 5 rebel", "role 6 renegade", "start")
    st = _kill(st, 3, "2")
    assert st.prompt is None and st.seat(3).to_dict()["role"] == "rebel"
    assert st.seat(2).hand == 7


def test_lord_dead_rebels_win_and_game_over():
    st = table(6)
    st = _kill(st, 1, "2")
    assert st.over and st.winner == "rebel" and "rebels win" in st.win_reason
    assert st.prompt is None
    r = refused(st, "next")
    assert r.rule == "game.over"
    st = run(st, "name 2 Winner", "draw 2 1")  # corrections still work


def test_lord_dead_renegade_alone_wins():
    st = table(3, generals=["caocao", "guanyu", "zhaoyun"])
    st = _kill(st, 2, "3")
    st = run(st, "reveal rebel")
    assert not st.over
    st = _kill(st, 1, "3")
    assert st.over and st.winner == "renegade"  # seat 3 deduced: the only role card left


def test_lord_dead_with_two_alive_rebels_win_even_if_renegade_alive():
    st = table(4)
    st = _kill(st, 1, "4")
    assert st.winner == "rebel"


def test_lord_wins_when_every_rebel_and_renegade_is_dead_hidden_roles():
    st = table(6)
    for seat, role in [(2, "rebel"), (3, "rebel"), (4, "renegade")]:
        st = _kill(st, seat)
        st = run(st, f"reveal {role}")
        assert not st.over
    assert remaining_roles(st)["rebel"] == 1
    st = _kill(st, 6)
    st, ev = events(st, "reveal rebel")
    # seat 5 is unknown but the only card left is the loyalist
    assert st.over and st.winner == "lord" and any(e.kind == "win" for e in ev)
    assert st.seat(5).role is None


def test_win_check_before_reward():
    st = table(4, generals=["caocao", "guanyu", "zhaoyun", "lvmeng"])
    st = _kill(st, 3, "1")
    st = run(st, "reveal rebel")
    h1 = st.seat(1).hand
    st = _kill(st, 4, "1")
    st = run(st, "reveal renegade")
    assert st.over and st.winner == "lord" and st.seat(1).hand == h1


def test_current_player_dies_in_own_turn():
    st = to_play(table(6))
    st = turn_to(st, 3)
    st = to_play(st)
    st = run(st, "3 slash 4", "take")
    st = _kill(st, 3, "4")
    st = run(st, "reveal rebel")
    assert (st.turn_seat, st.phase) == (4, "start")
    assert st.seat(4).hand == 4 + 3  # reward to the killer


def test_dead_seat_shrinks_distance():
    from companion.rules.distance import distance
    st = table(6)
    assert distance(st, 1, 4).value == 3
    st = _kill(st, 2)
    st = run(st, "reveal rebel")
    assert distance(st, 1, 4).value == 2


def test_two_renegades_are_rivals():
    st = table(8, variants=["roles_8_two_renegades"])
    # everyone but seats 1 (lord), 7 and 8 dies: 2 loyalists, 3 rebels
    for seat, role in [(2, "loyalist"), (3, "loyalist"), (4, "rebel"), (5, "rebel"), (6, "rebel")]:
        st = _kill(st, seat)
        st = run(st, f"reveal {role}")
    assert not st.over and +remaining_roles(st) == {"renegade": 2}
    two = _kill(st, 1)
    assert two.winner == "rebel"  # two renegades alive: not the renegade's win
    st = _kill(st, 8)
    st = run(st, "reveal renegade")
    assert not st.over
    st = _kill(st, 1)
    assert st.winner == "renegade" and "seat 7" in st.win_reason


def test_game_over_one_unrecorded_role_says_seat_not_seats():
    st = run(_kill(table(4), 2), "reveal loyalist")
    st = run(_kill(st, 3), "reveal rebel")
    st, ev = events(st, "damage 1 9")
    while st.prompt is not None and st.prompt.kind == "dying":
        st, ev = events(st, "pass")
    win = next(e for e in ev if e.kind == "win")
    assert win.data["unrecorded"] == [4]
    assert "roles not recorded yet: seat 4 (" in win.en and "seats" not in win.en and "4号位" in win.zh


def test_game_over_lists_unrecorded_roles_and_role_records_them():
    # rulebook 001 游戏结束: the lord dead → the rebels win; the survivors' role cards are turned up then
    st = table(4)
    st, ev = events(run(st, "damage 1 9"), "pass all")
    win = next(e for e in ev if e.kind == "win")
    assert st.over and win.data["unrecorded"] == [2, 3, 4]
    assert "role S ROLE" in win.en and "2, 3, 4" in win.en and "2、3、4号位" in win.zh
    assert st.win_reason == "the lord is dead: the rebels win"
    st, ev = events(st, "role 3 rebel")
    assert st.seat(3).role == "rebel" and st.seat(3).role_public
    assert "seats 2, 4" in ev[0].en
    assert refused(st, "role 3 loyalist").rule == "role.known"
    assert refused(st, "role 2 lord").rule == "role.lord"
    assert refused(st, "role 2 rebel").rule == "role.count"   # 4 players: one rebel card
    st = run(st, "role 2 renegade", "role 4 loyalist")
    assert [s.role for s in st.seats] == ["lord", "renegade", "rebel", "loyalist"]
    assert refused(st, "next").rule == "game.over"


def test_a_dead_seat_holds_no_card_while_its_role_card_is_turned_up():
    """001 rulebook 武将死亡: all its cards are discarded at death, before the reveal is answered
    (found by test_engine_fuzz: `damage 2 1 from 2`, `damage 2 3 from 2`, `pass all`)."""
    from engine_support import table

    from companion.script import execute
    st = table(5)
    for line in ["damage 2 1 from 2", "damage 2 3 from 2", "pass all"]:
        st = execute(st, line).state
    s = st.seat(2)
    assert not s.alive and st.prompt.kind == "reveal"
    assert s.hand == 0 and s.judgement == [] and not any(s.equipment.values())
    after = execute(st, "reveal rebel")
    assert not any(e.kind == "discard_all" for e in after.events)


def test_outcome_names_the_winner_and_the_win_condition():
    from companion.rules.outcome import Outcome, WinReason, outcome
    from companion.rules.vocab import Role

    st = table(6)
    assert outcome(st) is None
    rebels = _kill(st, 1, "2")
    assert outcome(rebels) == Outcome(Role.REBEL, WinReason.LORD_DEAD)
    three = table(3, generals=["caocao", "guanyu", "zhaoyun"])
    three = run(_kill(three, 2, "3"), "reveal rebel")
    assert outcome(three) is None
    assert outcome(_kill(three, 1, "3")) == Outcome(Role.RENEGADE, WinReason.RENEGADE_ALONE)
    lord = table(6)
    for seat, role in [(2, "rebel"), (3, "rebel"), (4, "renegade"), (6, "rebel")]:
        lord = run(_kill(lord, seat), f"reveal {role}")
    assert outcome(lord) == Outcome(Role.LORD, WinReason.REBELS_AND_RENEGADES_DEAD)
    import json
    assert json.loads(json.dumps(lord.to_dict()))["game"]["winner"] == "lord"  # the JSON keeps the plain string
