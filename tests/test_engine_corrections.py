"""Moderator corrections, forced actions and odd answers."""

from __future__ import annotations

from engine_support import events, refused, run, table, to_play

from companion.rules.engine import Action, apply


def test_apply_never_mutates_its_input():
    st = to_play(table(4))
    before = st.to_dict(reveal=True)
    apply(st, Action("use", 1, {"card": "slash", "targets": [2]}))
    run(st, "damage 2 4 from 1", "place 3 lightning", "equip 4 chitu", "hand 1 9")
    assert st.to_dict(reveal=True) == before and st.prompts == []


def test_damage_natures_and_sources():
    st = table(4)
    st, ev = events(st, "damage 2 1 from 3 fire")
    assert ev[0].data == {"amount": 1, "source": 3, "nature": "fire"} and "fire" in ev[0].en
    st, ev = events(st, "damage 2 1 thunder")
    assert ev[0].data["source"] is None and st.seat(2).hp == 2


def test_lose_and_heal_end_dying():
    st = table(4)
    st = run(st, "lose 3 4")
    assert st.prompt.kind == "dying" and st.seat(3).hp == 0
    st = run(st, "heal 3 2")
    assert st.prompt is None and st.seat(3).hp == 2


def test_maxhp_lowers_hp_and_can_cause_dying():
    st = table(4)
    st = run(st, "maxhp 2 2")
    assert (st.seat(2).max_hp, st.seat(2).hp) == (2, 2)
    st = run(st, "damage 2 1 from none", "maxhp 2 1")
    assert (st.seat(2).max_hp, st.seat(2).hp) == (1, 1)
    r = refused(st, "maxhp 2 0")
    assert r.rule == "maxhp.range" and "not 0" in r.en and not r.forceable
    assert refused(st, "hand 2 -3").rule == "hand.count"
    assert refused(st, "hand 2 109").rule == "hand.count"


def test_end_owes_the_judgement_and_the_discard():
    st = table(4)
    st = run(st, "place 1 indulgence", "hand 1 5")
    st = run(st, "end")  # the judge phase asks for the card: end stops there
    assert st.phase == "judge" and st.prompt.kind == "judge" and "Indulgence" in st.prompt.en
    st = run(st, "judge ♠5")  # not a heart: the draw (+2), the play phase skipped, hand 7 > hand limit 4
    assert st.phase == "discard" and st.prompt.kind == "discard" and st.turn_seat == 1 and st.seat(1).hand == 7
    r = refused(st, "discard 4")
    assert r.rule == "discard.excess" and "3 card(s)" in r.en
    st = run(st, "discard 3")  # the turn goes on to its end by itself
    assert (st.turn_seat, st.phase) == (2, "start")
    assert "skip_play" not in st.seat(1).flags
    st2 = run(table(4), "hand 1 9", "force end")
    assert st2.turn_seat == 2


def test_place_remove_unequip_checks():
    st = table(4)
    assert refused(st, "place 2 slash").rule == "place.kind"
    assert refused(st, "remove 2 lightning").rule == "place.missing"
    assert refused(st, "unequip 2 weapon").rule == "equip.missing"
    st = run(st, "place 2 lightning", "remove 2 闪电")
    assert st.seat(2).judgement == []
    assert refused(st, "equip 2 slash").rule == "equip.slot"
    assert refused(st, "unequip 2 chitu").rule == "equip.missing"
    st = run(st, "place 2 lightning")
    assert refused(st, "place 2 lightning").rule == "judgement.duplicate"


def test_answers_from_the_wrong_seat():
    st = to_play(table(4))
    st = run(st, "1 slash 2")
    assert refused(st, "take 3").rule == "prompt.seat"
    st = run(st, "take 2")
    assert st.seat(2).hp == 3
    st = run(st, "damage 2 3")
    assert refused(st, "pass 4").rule == "prompt.seat"  # seat 1 (current player) is asked first


def test_force_next_drops_questions():
    st = to_play(table(4))
    st = run(st, "1 slash 2")
    st, ev = events(st, "force next")
    assert st.phase == "discard" and st.prompt.kind == "discard"  # the respond question is gone
    assert [e.kind for e in ev][:2] == ["forced", "dropped"]


def test_nullification_needs_a_trick_jink_needs_a_slash():
    st = table(4)
    h = st.seat(3).hand
    r = refused(st, "3 无懈可击")
    assert r.rule == "nullification.window" and r.forceable
    st = run(st, "force 3 无懈可击")  # recorded as played when the moderator insists
    assert st.seat(3).hand == h - 1
    assert refused(st, "3 jink").rule == "jink.response"


def test_pass_all_only_closes_a_nullification_window():
    st = to_play(table(4))
    st = run(st, "1 杀 2")
    assert st.prompt.kind == "respond"
    r = refused(st, "pass all")
    assert r.rule == "pass.all" and "Nullification" in r.en and "Peach" in r.en
    assert st.seat(2).hp == 4


def test_setup_and_start_guards():
    from companion.rules.state import GameState
    assert refused(GameState(), "next").rule == "game.not_started"
    st = run(GameState(), "players 4", "name 2 Bo", "swap 2 3")
    assert st.seat(3).name == "Bo"
    assert refused(st, "role 1 lord").rule == "role.lord"


def test_player_names_are_trimmed_and_bounded():
    from companion.rules.errors import Refused
    from companion.rules.state import GameState
    from companion.script import execute

    st = execute(GameState(), "players 3").state
    st = execute(st, "name 2   Zhang   San  ").state
    assert st.seat(2).name == "Zhang San"
    try:
        execute(st, "name 2 " + "x" * 25)
    except Refused as r:
        assert r.rule == "name.length" and "not 25" in r.en
    else:
        raise AssertionError("a 25-character name was accepted")


def test_discard_phase_refuses_a_discard_nobody_owes():
    # rulebook 001 弃牌阶段: discard only the cards above the hand limit (= current HP).
    st = to_play(table(5))                         # seat 1: the lord, HP 5 with 5 players
    assert st.seat(1).hp == 5
    st = run(st, "hand 1 3", "next", "hand 1 5")
    assert st.phase == "discard" and st.prompt is None
    r = refused(st, "discard 1")
    assert r.rule == "discard.none" and r.forceable
    assert "hand 5 ≤ hand limit 5" in r.en and "手牌5 ≤ 手牌上限5" in r.zh
    st = run(st, "force discard 1")
    assert st.seat(1).hand == 4
    st = run(table(5), "discard 1")                # outside the discard phase: a plain record, as before
    assert st.seat(1).hand == 3


def test_heal_at_full_hp_is_refused_with_the_numbers():
    """``heal 3 99`` at full HP did nothing and was journaled as "recovers 0 HP" (newcomer finding, 4 Dec): refused,
    as 桃 is (``peach.full``), with HP/max HP and the rule (rulebook 体力牌: HP never exceeds max HP); a hurt seat
    still recovers up to its max."""
    st = table(4)
    hp = st.seat(3).max_hp
    assert st.seat(3).hp == hp
    for line in ("heal 3 99", "heal 3 1", "force heal 3 1"):
        r = refused(st, line)
        assert r.rule == "heal.full" and not r.forceable and r.source == "rulebook: HP never exceeds max HP"
        assert f"full HP {hp}/{hp}" in r.en and f"（{hp}/{hp}）" in r.zh, (r.en, r.zh)
    st, ev = events(run(st, "lose 3 2"), "heal 3 99")
    assert st.seat(3).hp == hp and [e.kind for e in ev] == ["heal"] and f"recovers 2 HP: HP {hp}/{hp}" in ev[0].en
