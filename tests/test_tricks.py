"""Issue 3: every trick — legal use, a refused use with its reason, and its resolution steps."""

from __future__ import annotations

import pytest
from engine_support import events, refused, run, table, to_play, turn_to

from companion.rules.cards.tricks import TRICKS


def play6(**kw):
    return to_play(table(6, **kw))


def kinds(ev):
    return [e.kind for e in ev]


# --------------------------------------------------------------------------- 无懈可击 windows


def test_window_asks_in_seat_order_from_the_user_and_pass_all_closes():
    st = play6()
    st = run(st, "1 无中生有")
    p = st.prompt
    assert p.kind == "nullify" and p.seat == 1 and "Ex Nihilo" in p.en and "pass all" in p.en
    st = run(st, "pass")
    assert st.prompt.kind == "nullify" and st.prompt.seat == 2
    st = run(st, "pass", "pass", "pass", "pass")
    assert st.prompt.seat == 6
    h = st.seat(1).hand
    st = run(st, "pass")                 # the last seat: the window closes, 无中生有 takes effect
    assert st.prompt is None and st.seat(1).hand == h + 2
    st2 = run(play6(), "1 无中生有", "pass all")
    assert st2.prompt is None and st2.seat(1).hand == h + 2


def test_window_skips_seats_without_hand_cards():
    st = run(play6(), "hand 1 1", "hand 2 0", "hand 3 0")
    st = run(st, "1 无中生有")            # seat 1 now has 0 cards: seats 4, 5, 6 are asked
    assert st.prompt.seat == 4
    st = run(play6(), *[f"hand {n} 0" for n in range(2, 7)], "hand 1 1", "1 无中生有")
    assert st.prompt is None and st.seat(1).hand == 2   # nobody can hold 无懈可击: no window


@pytest.mark.parametrize("depth,cancelled", [(1, True), (2, False), (3, True)])
def test_nullification_against_nullification_any_depth(depth, cancelled):
    st = play6()
    h1 = st.seat(1).hand
    st = run(st, "1 无中生有")
    for k in range(depth):
        seat = 3 if k % 2 == 0 else 4
        st, ev = events(st, f"{seat} 无懈可击")
        assert st.prompt.kind == "nullify" and f"chain {k + 1}" in st.prompt.en
        assert st.prompt.seat == 1            # everyone is asked again, from the user
    st, ev = events(st, "pass all")
    assert st.seat(1).hand == (h1 - 1 if cancelled else h1 + 1)
    assert ("nullified" in kinds(ev)) == cancelled


def test_nullification_refused_without_hand_cards():
    st = run(play6(), "1 无中生有", "hand 3 0")
    assert refused(st, "3 无懈可击").rule == "hand.empty"


def test_nullification_against_a_delayed_trick():
    st = table(6)
    st = run(st, "place 1 乐不思蜀", "next")     # judge phase: 乐不思蜀 asked
    assert st.prompt.kind == "judge"
    st = run(st, "2 无懈可击")
    assert st.prompt.kind == "nullify" and "Nullification" in st.prompt.en
    st2, ev = events(st, "pass all")
    assert "nullified" in kinds(ev) and st2.seat(1).judgement == [] and st2.prompt is None
    st3 = run(st, "3 无懈可击", "pass all")       # countered: back to the judgement
    assert st3.prompt.kind == "judge" and st3.seat(1).judgement == ["indulgence"]
    st4 = run(st3, "judge ♠3")
    assert st4.seat(1).flags.get("skip_play")


def test_nullified_lightning_moves_on():
    st = run(table(4), "place 1 闪电", "next", "3 无懈可击", "pass all")
    assert st.seat(1).judgement == [] and st.seat(2).judgement == ["lightning"]


def test_answering_the_step_closes_an_untouched_window():
    st = run(play6(), "1 决斗 3")
    assert st.prompt.kind == "nullify"
    st = run(st, "take")                     # "nobody?" — seat 3 takes the damage
    assert st.seat(3).hp == 3
    st = run(play6(), "1 决斗 3", "2 无懈可击")
    assert refused(st, "take").rule == "prompt.pending"   # a chain is never closed implicitly


# --------------------------------------------------------------------------- 决斗


def test_duel_alternates_and_the_winner_is_the_source():
    st = run(play6(), "1 决斗 3", "pass all")
    assert st.prompt.kind == "respond" and st.prompt.seat == 3 and "Duel" in st.prompt.en
    h1, h3 = st.seat(1).hand, st.seat(3).hand
    st = run(st, "3 杀")
    assert st.prompt.seat == 1 and "1 Slash played" in st.prompt.en
    st = run(st, "杀")                       # bare 杀: the asked seat
    assert st.prompt.seat == 3
    st, ev = events(st, "take")
    dmg = [e for e in ev if e.kind == "damage"][0]
    assert st.seat(3).hp == 3 and dmg.data["source"] == 1
    assert st.seat(1).hand == h1 - 1 and st.seat(3).hand == h3 - 1 and st.prompt is None


def test_duel_user_loses_source_is_the_target():
    st = run(play6(), "1 决斗 3", "pass all", "3 杀")
    st, ev = events(st, "take")
    assert st.seat(1).hp == 4 and [e.data["source"] for e in ev if e.kind == "damage"] == [3]


def test_duel_variant_old_faq_source_is_the_user():
    st = to_play(table(6, variants=["duel_source_user"]))
    st = run(st, "1 决斗 3", "pass all", "3 杀")
    st, ev = events(st, "take")
    assert [e.data["source"] for e in ev if e.kind == "damage"] == [1]


def test_duel_refusals():
    st = play6()
    r = refused(st, "1 决斗 1")
    assert r.rule == "trick.self"
    r = refused(st, "1 决斗 2 3")
    assert r.rule == "trick.target" and "given 2" in r.en
    r = refused(st, "1 duel")
    assert r.rule == "trick.target" and "given 0" in r.en


# --------------------------------------------------------------------------- 南蛮入侵 / 万箭齐发


def test_savage_assault_each_other_seat_in_order_after_the_user():
    st = table(6)
    st = turn_to(st, 2)                      # seat 2's turn
    st = to_play(st)
    st = run(st, "2 南蛮入侵")
    asked = []
    for _ in range(5):
        assert st.prompt.kind == "nullify"
        st = run(st, "pass all")
        p = st.prompt
        assert p.kind == "respond" and p.data["need"] == "slash"
        asked.append(p.seat)
        assert f"{len(asked) - 1} of 5 answered" in p.en and "Savage Assault from seat 2" in p.en
        st = run(st, "take" if p.seat % 2 else f"{p.seat} 杀")
    assert asked == [3, 4, 5, 6, 1] and st.prompt.data["skill"] == "jianxiong"  # seat 1 is 曹操: 奸雄 (issue 4)
    st = run(st, "no")
    assert st.prompt is None
    assert [st.seat(n).hp for n in range(1, 7)] == [4, 4, 3, 4, 3, 3]
    assert refused(st, "2 savage_assault 3").rule == "trick.target"


def test_savage_assault_jink_is_not_an_answer():
    st = run(play6(), "1 南蛮入侵", "pass all")
    assert refused(st, "jink").rule == "prompt.pending"


def test_archery_attack_jink_eight_diagram_and_prompt_text():
    st = run(play6(), "equip 3 八卦阵", "1 万箭齐发", "pass all")
    assert st.prompt.en.startswith("seat 2 (Guan Yu): play Jink or take 1 damage — Archery Attack from seat 1 (Cao Cao), 0 of 5 answered")
    st = run(st, "2 闪", "pass all")
    st = run(st, "judge ♥3")                 # 八卦阵 also works against 万箭齐发
    assert st.prompt.kind == "nullify" and st.seat(3).hp == 4
    st = run(st, "pass all", "take", "pass all", "take", "pass all", "take")
    assert [st.seat(n).hp for n in range(1, 7)] == [5, 4, 4, 3, 3, 2]
    assert st.prompt is None


def test_aoe_deaths_resolved_as_they_happen_and_game_stops_at_deciding_death():
    st = run(table(4), "lose 4 3")                       # seat 4: 1 HP
    st = to_play(st)
    st = run(st, "1 南蛮入侵", "pass all", "take")       # seat 2 (loyalist?) 4 → 3
    st = run(st, "pass all", "take")                     # seat 3 4 → 3
    st = run(st, "pass all", "take")                     # seat 4: 1 → 0, dying
    assert st.prompt.kind == "dying"
    st = run(st, "pass", "pass", "pass", "pass")
    assert not st.seat(4).alive
    # the lord's own turn: lord dies to 万箭 → game over at once
    st = run(table(4), "lose 1 3")                       # the lord: 1 HP
    st = to_play(st)
    st = run(st, "end")                                  # hand 6 > hand limit 1: to the discard phase
    assert st.phase == "discard" and st.prompt.kind == "discard"
    st = run(st, "discard 5")                            # the turn goes on to its end by itself
    st = to_play(st)
    st = run(st, "2 万箭齐发", "pass all", "take", "pass all", "take")   # seats 3, 4
    st = run(st, "pass all", "take")                                   # the lord: 1 → 0
    st = run(st, "pass", "pass", "pass", "pass")
    assert st.over and st.prompts == [] and not st.stack


# --------------------------------------------------------------------------- 五谷丰登 / 桃园结义 / 无中生有


def test_amazing_grace_picks_in_seat_order_from_the_user():
    st = play6()
    hands = [s.hand for s in st.seats]
    st = run(st, "1 五谷丰登")
    order = []
    for k in range(6):
        st = run(st, "pass all")
        p = st.prompt
        assert p.kind == "pick" and f"{k} of 6 picked" in p.en and f"{6 - k} revealed" in p.en
        order.append(p.seat)
        st = run(st, "pick 杀:♠7" if k == 0 else "pick")
    assert order == [1, 2, 3, 4, 5, 6] and st.prompt is None
    assert [s.hand for s in st.seats] == [hands[0]] + [h + 1 for h in hands[1:]]  # user: -1 card +1 pick


def test_amazing_grace_nullified_target_skips_and_leftover_discarded():
    st = run(play6(), "1 五谷丰登", "pass all", "pick", "3 无懈可击")
    st, ev = events(st, "pass all")        # seat 2 does not pick
    assert st.prompt.kind == "nullify" and "3 of 6" in st.prompt.en
    st = run(st, "pass all", "pick", "pass all", "pick", "pass all", "pick")
    st, ev = events(st, "pass all")
    st, ev = events(st, "pick")
    assert any("1 card(s) left over" in e.en for e in ev)
    assert refused(play6(), "1 五谷丰登 2").rule == "trick.target"


def test_god_salvation_heals_the_wounded_only():
    st = run(play6(), "damage 2 2", "damage 5 1", "1 桃园结义")
    assert st.prompt.kind == "nullify" and "seat 2" in st.prompt.en   # full-HP seats: no window
    st = run(st, "pass all", "pass all")
    assert st.seat(2).hp == 3 and st.seat(5).hp == 4 and st.prompt is None
    assert refused(play6(), "1 桃园结义 2").rule == "trick.target"


def test_ex_nihilo_refused_on_others():
    r = refused(play6(), "1 无中生有 2")
    assert r.rule == "trick.target" and "given [2]" in r.en


# --------------------------------------------------------------------------- 过河拆桥 / 顺手牵羊


def test_dismantlement_zones():
    st = run(play6(), "equip 3 青釭剑", "place 3 闪电")
    h3 = st.seat(3).hand
    st = run(st, "1 过河拆桥 3", "pass all")
    p = st.prompt
    assert p.kind == "zone" and p.seat == 1 and "hand (4)" in p.en and "weapon Qinggang Sword" in p.en and "judgement Lightning" in p.en
    assert refused(st, "pick armor").rule == "pick.zone"
    a = run(st, "pick weapon")
    assert a.seat(3).equipment["weapon"] is None and a.seat(1).hand == st.seat(1).hand
    b = run(st, "pick 闪电")
    assert b.seat(3).judgement == []
    c = run(st, "pick hand")
    assert c.seat(3).hand == h3 - 1


def test_dismantlement_refused_on_empty_seat_and_self():
    st = run(play6(), "hand 4 0")
    r = refused(st, "1 过河拆桥 4")
    assert r.rule == "dismantlement.empty" and "hand 0" in r.en
    assert refused(st, "1 过河拆桥 1").rule == "trick.self"


def test_snatch_distance_one_and_takes_into_hand():
    st = play6()
    r = refused(st, "1 顺手牵羊 3")
    assert r.rule == "trick.distance" and "distance 2 > 1" in r.en
    st = run(st, "equip 2 赤兔")
    h1 = st.seat(1).hand
    st = run(st, "1 顺手牵羊 2", "pick minus_horse")
    assert st.seat(2).equipment["minus_horse"] is None and st.seat(1).hand == h1 - 1 + 1
    st = run(play6(), "equip 1 赤兔", "1 顺手牵羊 3", "pick hand")     # 赤兔: distance 1
    assert st.seat(3).hand == 3


# --------------------------------------------------------------------------- 借刀杀人


def test_collateral_slash_or_give_weapon():
    st = run(play6(), "equip 2 青釭剑")
    r = refused(st, "1 借刀杀人 3 4")
    assert r.rule == "collateral.weapon"
    r = refused(st, "1 借刀杀人 2 5")
    assert r.rule == "collateral.range" and "distance 3 > attack range 2" in r.en
    st = run(st, "1 借刀杀人 2 4", "pass all")
    p = st.prompt
    assert p.kind == "collateral" and p.seat == 2
    give = run(st, "pass")
    assert give.seat(2).equipment["weapon"] is None and give.seat(1).hand == st.seat(1).hand + 1
    sl = run(st, "2 杀")
    assert sl.prompt.kind == "respond" and sl.prompt.seat == 4 and sl.prompt.data["source"] == 2
    assert refused(st, "2 杀 3").rule == "collateral.target"
    assert run(sl, "take").seat(4).hp == 3


def test_every_trick_is_defined_in_one_place():
    assert set(TRICKS) == {"dismantlement", "snatch", "duel", "collateral", "ex_nihilo", "amazing_grace",
                           "god_salvation", "savage_assault", "archery_attack"}


def test_turn_end_drops_the_trick_in_resolution():
    st = run(play6(), "1 南蛮入侵", "pass all", "force end")
    assert not st.stack and st.turn_seat == 2


def test_the_last_nullifier_is_not_asked_again():
    st = run(play6(), "1 无中生有", "1 无懈可击")
    assert st.prompt.seat == 2
    st = run(st, "2 无懈可击")
    assert st.prompt.seat == 1


def test_dashboard_banner_shows_the_pending_step_in_player_words():
    from companion.tui.text import prompt_text
    st = table(6)
    st = turn_to(st, 2)
    st = to_play(st)
    st = run(st, "2 万箭齐发", "pass all", "take", "pass all", "take", "pass all", "take", "pass all")
    en = prompt_text(st, "en")
    assert "seat 6: play Jink or take 1 damage — Archery Attack from seat 2 (Guan Yu), 3 of 5 answered" in en.replace(" (Hua Tuo)", "")
    zh = prompt_text(st, "zh")
    assert "打出闪或受到1点伤害" in zh and "已响应3/5" in zh


def test_out_of_order_pass_in_a_window_and_bad_seat():
    st = run(play6(), "1 无中生有", "3 pass")
    assert st.prompt.seat == 1            # seat 3 passed early; seat 1 is still asked
    st = run(st, "pass", "pass")
    assert st.prompt.seat == 4            # seat 3 is not asked again
    assert refused(st, "pass 9").rule == "prompt.seat"


def test_target_filters_registry_refuses_a_chosen_target():
    from companion.rules.cards import tricks

    def no_snatch_on_3(st, n, t, kind):
        if t == 3 and kind in ("snatch", "indulgence", "slash"):
            return ("skill.test", f"seat {t} cannot be chosen for {kind}", "不能成为目标", "test")
        return None

    tricks.TARGET_FILTERS.append(no_snatch_on_3)
    try:
        st = run(play6(), "equip 1 赤兔")
        assert refused(st, "1 顺手牵羊 3").rule == "skill.test"
        assert refused(st, "1 乐不思蜀 3").rule == "skill.test"
        assert refused(st, "1 杀 3").rule == "skill.test"
        run(st, "1 南蛮入侵", "pass all", "take", "pass all")      # automatic targets are not filtered
        run(st, "force 1 顺手牵羊 3")
    finally:
        tricks.TARGET_FILTERS.remove(no_snatch_on_3)
    run(play6(), "equip 1 赤兔", "1 顺手牵羊 3")


def test_a_card_cannot_be_forced_past_an_open_question():
    from engine_support import table, to_play
    st = run(to_play(table(6)), "1 过河拆桥 5", "pass all")
    assert st.prompt is not None and st.prompt.seat in (1, 5)
    r = refused(st, "force 1 顺手牵羊 6")
    assert r.rule == "prompt.pending" and not r.forceable
