"""Cards: 杀 (phase, target, range, limit and its lifts), 闪, 桃, equipment, delayed tricks, other tricks."""

from __future__ import annotations

from engine_support import events, refused, run, table, to_play

from companion.rules.cards.weapons import SLASH_LIMIT_LIFTS
from companion.rules.distance import in_range


def test_slash_take_and_jink():
    st = to_play(table(6))
    h1, h2 = st.seat(1).hand, st.seat(2).hand
    st, ev = events(st, "1 杀:♠7 2")
    assert "seat 1 (Cao Cao) uses Slash on seat 2 (Guan Yu)" in ev[0].en
    assert st.seat(1).hand == h1 - 1 and st.prompt.kind == "respond" and st.prompt.seat == 2
    st2 = run(st, "jink")
    assert st2.seat(2).hand == h2 - 1 and st2.seat(2).hp == 4 and st2.prompt is None
    st3, ev = events(st, "take")
    dmg = [e for e in ev if e.kind == "damage"][0]
    assert st3.seat(2).hp == 3 and dmg.data["source"] == 1
    assert refused(st, "3 jink").rule == "prompt.seat"  # the answer card from another seat: who must answer


def test_slash_range_refusal_with_numbers():
    st = to_play(table(6))
    st = run(st, "equip 1 qinggang_sword")
    r = refused(st, "1 slash 4")
    assert r.rule == "slash.range" and r.en == "seat 1 → seat 4: distance 3 > attack range 2 (Qinggang Sword)"
    assert "RULES_NOTES" in r.source and r.zh
    assert in_range(st, 1, 3).ok
    st = run(st, "1 slash 3")
    assert st.prompt.seat == 3


def test_slash_range_forceable():
    st = to_play(table(6))
    st, ev = events(st, "force 1 slash 4")
    assert ev[0].kind == "forced" and st.prompt.seat == 4


def test_slash_only_own_play_phase():
    st = table(6)
    r = refused(st, "2 slash 1")
    assert r.rule == "card.phase"
    st = to_play(st)
    assert refused(st, "2 slash 1").rule == "card.phase"
    assert refused(st, "1 slash 1").rule == "slash.self"
    st = run(st, "lose 3 9", "pass", "pass", "pass", "pass", "pass", "pass", "reveal rebel")
    assert refused(st, "1 slash 3").rule == "seat.dead"


def test_slash_limit_and_lifts():
    st = to_play(table(6))
    st = run(st, "1 slash 2", "jink")
    r = refused(st, "1 slash 2")
    assert r.rule == "slash.limit" and "1 Slash" in r.en
    st = run(st, "equip 1 诸葛连弩", "1 slash 2", "take", "1 slash 2", "take")
    assert st.seat(2).hp == 2
    assert st.counters["slash"] == 3
    # a new play phase resets the count
    st = run(st, "unequip 1 weapon")
    assert refused(st, "1 slash 2").rule == "slash.limit"


def test_paoxiao_lifts_limit_and_registry():
    st = to_play(table(4, generals=["zhangfei", "guanyu", "zhaoyun", "lvmeng"]))
    st = run(st, "1 slash 2", "take", "1 slash 2", "take")
    assert st.seat(2).hp == 2
    st2 = to_play(table(4, generals=["zhangfei", "guanyu", "zhaoyun", "lvmeng"], variants=["no_generals"]))
    st2 = run(st2, "1 slash 2", "take")
    assert refused(st2, "1 slash 2").rule == "slash.limit"
    SLASH_LIMIT_LIFTS.append(lambda s, seat: "test lift" if seat.seat == 1 else None)
    try:
        run(st2, "1 slash 2")
    finally:
        SLASH_LIMIT_LIFTS.pop()


def test_hand_empty_refused_forceable():
    st = to_play(table(4))
    st = run(st, "hand 1 0")
    assert refused(st, "1 slash 2").rule == "hand.empty"
    st = run(st, "force 1 slash 2")
    assert st.seat(1).hand == 0


def test_peach_own_play_phase_when_hurt():
    st = to_play(table(4))
    r = refused(st, "1 桃")
    assert r.rule == "peach.full" and "4/4" in r.en
    st = run(st, "damage 1 2")
    st = run(st, "1 peach")
    assert st.seat(1).hp == 3
    assert refused(st, "2 peach").rule == "card.phase"


def test_heal_never_above_max():
    st = table(4)
    st = run(st, "damage 2 1", "heal 2 5")
    assert st.seat(2).hp == st.seat(2).max_hp == 4


def test_equipment_replaces_and_discards():
    st = to_play(table(4))
    st = run(st, "1 qinggang_sword:♠6")
    assert st.seat(1).equipment["weapon"] == "qinggang_sword-spade-6"
    st, ev = events(st, "1 赤兔")
    assert st.seat(1).equipment["minus_horse"] == "chitu"
    st, ev = events(st, "1 halberd")
    assert st.seat(1).equipment["weapon"] == "halberd"
    assert "replacing" in ev[0].en and ev[0].data["replaced"] == "qinggang_sword-spade-6"
    st = run(st, "equip 2 jueying", "unequip 2 jueying")
    assert st.seat(2).equipment["plus_horse"] is None


def test_delayed_tricks():
    st = to_play(table(4))
    st = run(st, "1 indulgence 3")
    assert st.seat(3).judgement == ["indulgence"]
    r = refused(st, "1 乐不思蜀 3")
    assert r.rule == "judgement.duplicate"
    assert refused(st, "1 indulgence 1").rule == "trick.self"
    st = run(st, "1 lightning")
    assert st.seat(1).judgement == ["lightning"]
    assert refused(st, "1 lightning 2").rule == "lightning.target"


def test_maneuvering_cards_need_the_variant():
    st = to_play(table(6))
    assert refused(st, "1 bingliang 2").rule == "card.maneuvering"
    assert refused(st, "1 酒").rule == "card.maneuvering"
    st = to_play(table(6, variants=["maneuvering"]))
    r = refused(st, "1 supply_shortage 3")
    assert r.rule == "trick.distance" and "distance 2 > 1" in r.en
    st = run(st, "1 supply_shortage 2")
    assert st.seat(2).judgement == ["supply_shortage"]


def test_other_tricks_resolved():
    # issue 3: tricks are no longer only recorded — they open a 无懈可击 window, then resolve
    st = to_play(table(4))
    h = st.seat(1).hand
    st, ev = events(st, "1 决斗 3")
    assert ev[0].data["targets"] == [3] and "Duel" in ev[0].en and st.seat(1).hand == h - 1
    assert st.prompt.kind == "nullify"
    st = run(st, "pass all", "take")
    st, ev = events(st, "1 南蛮入侵")
    assert st.seat(1).hand == h - 2
    st = run(st, "pass all", "take", "pass all", "take", "pass all", "take")
    r = refused(st, "1 snatch 3")
    assert r.rule == "trick.distance"
    st = run(st, "1 snatch 2")
    # 奇才 ignores the distance limit
    st = to_play(table(4, generals=["huangyueying", "guanyu", "zhaoyun", "lvmeng"]))
    run(st, "1 snatch 3")


def test_eight_diagram_judgement_answers_slash():
    st = to_play(table(4))
    st = run(st, "equip 2 eight_diagram", "1 slash 2")
    ok = run(st, "judge ♦3")
    assert ok.prompt is None and ok.seat(2).hp == 4
    miss = run(st, "judge ♣3")
    assert miss.prompt.kind == "respond"
    assert refused(miss, "judge ♦3").rule == "judge.none"
    assert run(miss, "take").seat(2).hp == 3


def test_nothing_to_judge():
    st = table(4)
    assert refused(st, "judge ♦3").rule == "judge.none"


def test_corrections_during_prompt_and_any_time():
    st = to_play(table(4))
    st = run(st, "1 slash 2", "draw 3 2", "give 3 4 1", "hand 4 9", "maxhp 4 3")
    assert (st.seat(3).hand, st.seat(4).hand, st.seat(4).max_hp, st.seat(4).hp) == (5, 9, 3, 3)
    assert st.prompt.kind == "respond"
    assert refused(st, "give 3 4 9").rule == "hand.count"
