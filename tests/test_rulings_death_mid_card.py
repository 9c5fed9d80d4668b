"""Issue 13 §6: a card being resolved goes on when its user dies; then the turn passes."""

from __future__ import annotations

from engine_support import events, run, table, to_play, turn_to

GENS = ["caocao", "guanyu", "xiahoudun", "simayi", "zhaoyun"]


def _seat2_at_1hp_in_play():
    st = run(table(5, generals=GENS, start=False), "role 2 rebel", "role 3 loyalist", "role 4 rebel",
             "role 5 renegade", "start")
    st = to_play(turn_to(st, 2))
    return run(st, "lose 2 3")  # 关羽: 1 HP


def _ganglie_kills_seat2(st):
    st = run(st, "pass all", "3 take")  # 夏侯惇 takes the 南蛮入侵 damage
    assert st.prompt.kind == "skill" and st.prompt.data["skill"] == "ganglie"
    st = run(st, "yes", "judge ♠5", "no")  # not a heart (司马懿 does not use 鬼才)
    st = run(st, "take")  # 关羽 takes the 刚烈 damage: dying at 0 HP
    assert st.prompt.kind == "dying"
    st, ev = events(st, "pass all")
    assert not st.seat(2).alive
    assert [e.seat for e in ev if e.kind == "reward"] == [3]  # 夏侯惇 killed a rebel: draws 3
    return st, ev


def test_savage_assault_goes_on_after_its_user_dies():
    st = run(_seat2_at_1hp_in_play(), "2 南蛮入侵")
    st, ev = _ganglie_kills_seat2(st)
    assert st.turn_seat == 2 and not any(e.kind == "end" for e in ev)  # the card is not done: no turn end yet
    asked = []
    for _ in range(3):  # seats 4, 5, 1 are still asked
        assert st.prompt.kind == "nullify"
        st = run(st, "pass all")
        assert st.prompt.kind == "respond"
        asked.append(st.prompt.seat)
        st, ev = events(st, "take")
        dmg = [e for e in ev if e.kind == "damage"]
        assert dmg[0].data["source"] is None  # the dead user is no source
        if st.prompt is not None and st.prompt.kind == "skill":
            assert st.prompt.data["skill"] != "fankui"  # no 反馈 against the dead user
            st, ev = events(st, "no")
    assert asked == [4, 5, 1]
    assert any(e.kind == "end" and "died in their own turn" in e.en for e in ev)
    assert (st.turn_seat, st.phase) == (3, "start")


def test_duel_user_killed_by_ganglie_then_the_turn_passes():
    st = run(_seat2_at_1hp_in_play(), "2 决斗 3", "pass all", "3 take", "yes", "judge ♠5", "no", "take")
    st, ev = events(st, "pass all")
    assert not st.seat(2).alive and (st.turn_seat, st.phase) == (3, "start")
    assert not st.stack


def test_collateral_user_killed_by_the_slash_it_asked_for_then_the_turn_passes():
    # 2 借刀杀人 4 → 3: seat 4 uses 杀 on 大乔 (seat 3), whose 流离 passes it to seat 2, the card's user
    st = run(table(5, generals=["caocao", "guanyu", "daqiao", "zhaoyun", "machao"], start=False),
             "role 2 rebel", "role 3 loyalist", "role 4 rebel", "role 5 renegade", "start")
    st = to_play(turn_to(st, 2))
    st = run(st, "lose 2 3", "equip 4 青釭剑", "2 借刀杀人 4 3", "pass all", "4 杀")
    assert st.prompt.kind == "respond" and st.prompt.seat == 3
    st = run(st, "3 liuli 2", "take")  # the 杀 hits seat 2: dying
    assert st.prompt.kind == "dying" and st.turn_seat == 2
    st, ev = events(st, "pass all")
    assert not st.seat(2).alive and [e.seat for e in ev if e.kind == "reward"] == [4]  # the 杀's user killed him
    assert (st.turn_seat, st.phase) == (3, "start") and not st.stack
