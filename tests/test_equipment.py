"""Issue 3: weapon and armor effects at the moment the rules give them."""

from __future__ import annotations

from engine_support import events, refused, run, table, to_play


def play6(generals=None, **kw):
    return to_play(table(6, generals=generals, **kw))


def test_crossbow_lifts_the_limit_and_the_count_stays_when_lost():
    st = run(play6(), "equip 1 诸葛连弩", "1 杀 2", "take", "1 杀 2", "take", "1 杀 6")
    assert st.counters["slash"] == 3
    st = run(st, "take", "unequip 1 weapon")
    r = refused(st, "1 杀 2")
    assert r.rule == "slash.limit" and "already used 3" in r.en


def test_qinggang_ignores_eight_diagram_and_nioh_shield():
    st = run(play6(), "equip 2 八卦阵", "equip 1 青釭剑")
    st, ev = events(st, "1 杀 2")
    assert any("armor is ignored" in e.en for e in ev)
    r = refused(st, "judge ♥3")
    assert r.rule == "judge.none" and "Qinggang Sword ignores seat 2's Eight Diagram" in r.en
    st = run(play6(), "equip 2 仁王盾", "equip 1 青釭剑", "1 杀:♠7 2")
    assert st.prompt.kind == "respond"


def test_nioh_shield_black_slash_no_effect_red_slash_works():
    st = run(play6(), "equip 2 仁王盾")
    st, ev = events(st, "1 杀:♣7 2")
    assert st.prompt is None and any("Nioh Shield" in e.en for e in ev)
    st = run(play6(), "equip 2 仁王盾", "1 杀:♦7 2")
    assert st.prompt.kind == "respond"


def test_faceless_slash_at_nioh_shield_asks_for_the_face():
    st = run(play6(), "equip 2 仁王盾")
    r = refused(st, "1 杀 2")
    assert r.rule == "slash.colour" and r.forceable and "1 slash:♦7 2" in r.en and "1 杀:♦7 2" in r.zh
    assert run(st, "force 1 杀 2").prompt.kind == "respond"      # forced: treated as red
    assert run(play6(), "equip 2 仁王盾", "equip 1 青釭剑", "1 杀 2").prompt.kind == "respond"  # armor ignored
    assert run(play6(), "equip 2 八卦阵", "1 杀 2").prompt.kind == "respond"  # only 仁王盾 cares


def test_eight_diagram_red_counts_as_jink_black_asks_again():
    st = run(play6(), "equip 2 八卦阵", "1 杀 2")
    assert run(st, "judge ♦3").prompt is None
    st = run(st, "judge ♠3")
    assert st.prompt.kind == "respond"
    assert refused(st, "judge ♥3").rule == "judge.none"    # once per request
    st = run(play6(), "equip 2 八卦阵", "1 南蛮入侵", "pass all")
    assert refused(st, "judge ♥3").rule == "judge.none"    # only when a 闪 is needed


def test_double_swords_opposite_gender():
    gens = ["caocao", "diaochan", "zhaoyun", "lvmeng", "ganning", "huatuo"]
    st = run(play6(gens), "equip 1 雌雄双股剑", "1 杀 2")
    p = st.prompt
    assert p.kind == "weapon.double_swords" and p.seat == 2
    h1, h2 = st.seat(1).hand, st.seat(2).hand
    a = run(st, "discard 1")
    assert a.seat(2).hand == h2 - 1 and a.prompt.kind == "respond"
    b = run(st, "pass")
    assert b.seat(1).hand == h1 + 1 and b.prompt.kind == "respond"
    assert refused(st, "discard 2").rule == "weapon.discard"
    # no hand card: the user draws at once
    st0 = run(play6(gens), "hand 2 0", "equip 1 雌雄双股剑")
    st, ev = events(st0, "1 杀 2")
    assert st.prompt.kind == "respond" and st.seat(1).hand == st0.seat(1).hand   # paid 1, drew 1
    assert any("has no hand card" in e.en for e in ev)
    # same gender: nothing
    st = run(play6(), "equip 1 雌雄双股剑", "1 杀 2")
    assert st.prompt.kind == "respond"


def test_blade_may_slash_again_without_counting():
    st = run(play6(), "equip 1 青龙偃月刀", "1 杀 2", "2 闪")
    p = st.prompt
    assert p.kind == "weapon.blade" and p.seat == 1 and "again" in p.en
    st2 = run(st, "1 杀")
    assert st2.prompt.kind == "respond" and st2.prompt.seat == 2 and st2.counters["slash"] == 1
    assert run(st, "pass").prompt is None
    assert refused(st, "1 杀 3").rule == "blade.target"


def test_axe_discard_two_to_hit():
    st = run(play6(), "equip 1 贯石斧", "1 杀 2", "2 闪")
    assert st.prompt.kind == "weapon.axe"
    h = st.seat(1).hand
    a = run(st, "discard 2")
    assert a.seat(2).hp == 3 and a.seat(1).hand == h - 2
    assert run(st, "1 axe").seat(2).hp == 3
    assert run(st, "pass").seat(2).hp == 4
    r = refused(st, "discard 1")
    assert r.rule == "weapon.discard" and "exactly 2 cards" in r.en and "not 1" in r.en
    assert "not seat 2" in refused(st, "discard 2 2").en
    st = run(play6(), "equip 1 贯石斧", "hand 1 2", "1 杀 2", "2 闪")   # 1 card left: no option
    assert st.prompt is None


def test_spear_two_hand_cards_as_slash():
    st = run(play6(), "equip 1 丈八蛇矛")
    h = st.seat(1).hand
    a = run(st, "1 spear 2")
    assert a.seat(1).hand == h - 2 and a.prompt.kind == "respond" and a.counters["slash"] == 1
    b = run(st, "1 杀 2 via spear")
    assert b.seat(1).hand == h - 2
    r = refused(run(st, "hand 1 1"), "1 spear 2")
    assert r.rule == "spear.hand" and "has 1" in r.en
    assert refused(play6(), "1 杀 2 via spear").rule == "spear.none"
    # as an answer to 南蛮入侵
    st = run(play6(), "equip 2 丈八蛇矛", "1 南蛮入侵", "pass all")
    h2 = st.seat(2).hand
    st = run(st, "2 spear")
    assert st.seat(2).hand == h2 - 2 and st.seat(2).hp == 4


def test_halberd_last_hand_card_up_to_three_targets():
    st = run(play6(), "equip 1 方天画戟", "hand 1 1")
    st = run(st, "1 杀 2 3 6")
    assert [p.seat for p in reversed(st.prompts)] == [2, 3, 6]
    st = run(st, "take", "take", "take")
    assert [st.seat(n).hp for n in (2, 3, 6)] == [3, 3, 2]
    r = refused(run(play6(), "equip 1 方天画戟"), "1 杀 2 3")
    assert r.rule == "slash.target" and "given 2" in r.en
    assert refused(run(play6(), "equip 1 方天画戟", "hand 1 1"), "1 杀 2 3 5 6").rule == "slash.target"


def test_kylin_bow_discards_a_horse_on_damage():
    st = run(play6(), "equip 1 麒麟弓", "equip 2 绝影", "1 杀 2", "take")
    assert st.prompt.kind == "weapon.kylin_bow" and st.seat(2).hp == 4
    a = run(st, "pick")
    assert a.seat(2).equipment["plus_horse"] is None and a.seat(2).hp == 3
    b = run(st, "pass")
    assert b.seat(2).equipment["plus_horse"] and b.seat(2).hp == 3
    assert refused(st, "pick minus_horse").rule == "pick.zone"


def test_ice_sword_instead_of_damage():
    st = run(play6(), "equip 1 寒冰剑", "equip 2 赤兔", "1 杀 2", "take")
    assert st.prompt.kind == "weapon.ice_sword"
    h2 = st.seat(2).hand
    a = run(st, "pick hand minus_horse")
    assert a.seat(2).hp == 4 and a.seat(2).hand == h2 - 1 and a.seat(2).equipment["minus_horse"] is None
    b = run(st, "pick")
    assert b.seat(2).hand == h2 - 2 and b.seat(2).hp == 4
    c = run(st, "pass")
    assert c.seat(2).hp == 3
    r = refused(st, "pick armor")
    assert r.rule == "pick.zone" and "choose 2" in r.en


def test_weapon_used_as_part_of_a_card_lends_no_range():
    st = run(play6(), "equip 1 麒麟弓")
    assert st.seat(1).equipment["weapon"]
    r = refused(st, "1 杀 4 using weapon")            # the bow itself is the 杀: range 1
    assert r.rule == "slash.range" and "attack range 1" in r.en
    st = run(play6(), "equip 1 赤兔")
    r = refused(st, "1 杀 3 using minus_horse")        # the -1 horse is the 杀: distance 2
    assert r.rule == "slash.range" and "distance 2 > attack range 1" in r.en
    ok = run(play6(), "equip 1 赤兔", "1 杀 2 using minus_horse")
    assert ok.seat(1).equipment["minus_horse"] is None and ok.seat(1).hand == play6().seat(1).hand
    assert refused(play6(), "1 杀 2 using armor").rule == "using.empty"


def test_ice_sword_default_pick_takes_hand_then_equipment():
    st = run(play6(), "equip 1 寒冰剑", "equip 2 八卦阵", "hand 2 1", "1 杀 2", "take", "pick")
    assert st.seat(2).hand == 0 and st.seat(2).equipment["armor"] is None and st.seat(2).hp == 4


def test_dashboard_judgement_area_in_placement_order():
    from companion.tui.text import seat_lines
    st = run(play6(), "place 3 乐不思蜀", "place 3 闪电")
    assert seat_lines(st.seat(3), "zh")[4] == "判定区: 乐 闪电"
    st = run(st, "remove 3 乐不思蜀", "place 3 indulgence")
    assert seat_lines(st.seat(3), "en")[4] == "judge: Lightning Indul"  # Lightning is never "Light" (light mode?)


def test_a_typed_face_must_be_that_card_in_the_deck():
    st = run(play6(), "1 杀 2")
    r = refused(st, "2 闪:♣3")                 # ♣3 is a 杀 / 顺手牵羊 … never a 闪
    assert r.rule == "card.face" and r.forceable and "♣3" in r.en and "杀" in r.en
    assert run(st, "2 闪:♦3").prompt is None    # a real 闪
    assert run(st, "force 2 闪:♣3").prompt is None
    assert refused(play6(), "1 杀:♥5 2").rule == "card.face"   # ♥5 is 赤兔
    assert refused(play6(), "equip 2 赤兔:♠5").rule == "card.face"
    assert run(play6(), "equip 2 赤兔:♥5").seat(2).equipment["minus_horse"]
    assert run(play6(), "1 杀:♠7 2").prompt.kind == "respond"


def test_a_weapon_named_at_a_question_without_it_equipped_is_not_equipped():
    # 'S spear' / 'S axe' are answers only with that weapon equipped; otherwise refused, nothing equipped
    st = run(table(4), "next", "next", "next", "1 duel 2", "pass all", "2 杀")
    assert st.prompt is not None and (st.prompt.kind, st.prompt.seat) == ("respond", 1)  # his own play phase
    r = refused(st, "1 spear")
    assert r.rule == "prompt.pending" and st.seat(1).equipment.get("weapon") is None
    assert run(st, "1 杀").seat(1).equipment.get("weapon") is None
