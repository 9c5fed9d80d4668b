"""Skills of the Wu and Qun generals: each one's effect and a case where it must not apply."""

from __future__ import annotations

from skill_support import ask, at, events, game, refused, run

# ---------------------------------------------------------------- 孙权 制衡 / 救援


def test_zhiheng_once_per_play_phase():
    st = at(game("sunquan", "ganning", "zhouyu", "machao", hands=4), 1)
    st, ev = events(st, "1 zhiheng 3")
    assert st.seat(1).hand == 4 and any(e.kind == "skill" and e.data["skill"] == "zhiheng" for e in ev)
    refused(st, "1 zhiheng 1", "skill.once")
    refused(st, "1 zhiheng 9", "hand.count")
    refused(at(st, 2), "1 zhiheng 1", "skill.phase")
    assert run(at(st, 1), "1 zhiheng 1").seat(1).hand == 4       # a new play phase


def test_jiuyuan_wu_peach_heals_two():
    st = at(game("sunquan", "ganning", "guanyu", "machao", hands=2), 1)
    st = run(st, "lose 1 1", "damage 1 3 from 4")       # 4 HP lord: 3 → 0, dying
    assert st.prompt.kind == "dying"
    st = run(st, "pass", "2 桃")                         # 甘宁 is Wu
    assert st.seat(1).hp == 2


def test_jiuyuan_not_from_non_wu_or_when_not_lord():
    st = at(game("sunquan", "ganning", "guanyu", "machao", hands=2), 1)
    st = run(st, "lose 1 4")
    st = run(st, "pass", "pass", "3 桃")                 # 关羽 is Shu
    assert st.seat(1).hp == 1
    st = at(game("liubei", "sunquan", "ganning", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=2), 2)
    st = run(st, "lose 2 4", "pass", "3 桃")
    assert st.seat(2).hp == 1


# ---------------------------------------------------------------- 甘宁 奇袭, 吕蒙 克己


def test_qixi_black_card_as_dismantlement():
    st = at(game("sunquan", "ganning", "guanyu", "machao", hands=3), 2)
    st, ev = events(st, "2 过河拆桥:♣9 3 via qixi")
    assert st.seat(2).hand == 2 and [e.data["card"] for e in ev if e.kind == "viewas"] == ["♣9"]


def test_qixi_refuses_red_and_other_kinds():
    st = at(game("sunquan", "ganning", "guanyu", "machao", hands=3), 2)
    refused(st, "2 过河拆桥:♥9 3 via qixi", "viewas.face")
    refused(st, "2 顺手牵羊:♠9 3 via qixi", "viewas.kind")


def test_keji_skips_the_discard_phase_without_slash():
    st = at(game("sunquan", "lvmeng", "guanyu", "machao", hands=8), 2)
    st = run(st, "next")
    assert st.phase == "finish" and st.seat(2).hand == 8


def test_keji_not_after_a_slash():
    st = at(game("sunquan", "lvmeng", "guanyu", "machao", hands=8), 2)
    st = run(st, "2 杀 3", "take", "next")
    assert st.phase == "discard" and st.prompt.kind == "discard"
    st = at(game("sunquan", "guanyu", "lvmeng", "machao", hands=8), 2)
    assert run(st, "next").phase == "discard"


# ---------------------------------------------------------------- 黄盖 苦肉


def test_kurou_loses_one_draws_two_repeatable():
    st = at(game("sunquan", "huanggai", "guanyu", "machao", hands=1), 2)
    st = run(st, "2 kurou", "2 kurou")
    assert (st.seat(2).hp, st.seat(2).hand) == (2, 5)


def test_kurou_dying_draws_only_when_saved():
    st = at(game("sunquan", "huanggai", "guanyu", "machao", roles={2: "rebel", 3: "loyalist", 4: "renegade"}, hands=1), 2)
    st = run(st, "lose 2 3", "2 kurou")
    assert st.prompt.kind == "dying" and st.seat(2).hand == 1
    assert run(st, "pass", "pass", "pass", "pass").seat(2).hand == 0
    st = run(st, "2 peach")
    assert (st.seat(2).hp, st.seat(2).hand) == (1, 2)
    refused(at(st, 3), "2 kurou", "skill.phase")


# ---------------------------------------------------------------- 周瑜 英姿 / 反间


def test_yingzi_draws_three_hand_limit_unchanged():
    st = at(game("sunquan", "zhouyu", "guanyu", "machao", hands=0), 2, "judge")
    st = run(st, "next")
    assert st.seat(2).hand == 3
    st = run(st, "lose 2 2", "next", "next")
    assert st.prompt.kind == "discard" and "discard 2" in st.prompt.en


def test_yingzi_not_for_others():
    st = at(game("sunquan", "zhouyu", "guanyu", "machao", hands=0), 3, "judge")
    assert run(st, "next").seat(3).hand == 2


def test_fanjian_wrong_suit_damages():
    st = at(game("sunquan", "zhouyu", "guanyu", "machao", hands=3), 2)
    st2 = run(st, "2 fanjian 3 heart ♠7")
    assert (st2.seat(2).hand, st2.seat(3).hand, st2.seat(3).hp) == (2, 4, 3)
    st3 = run(st, "2 fanjian 3 ♠ ♠7")
    assert st3.seat(3).hp == 4
    refused(st2, "2 fanjian 4 heart ♠7", "skill.once")
    refused(st, "2 fanjian 2 heart ♠7", "skill.target")


# ---------------------------------------------------------------- 大乔 国色 / 流离


def test_guose_diamond_as_indulgence():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", hands=3), 2)
    st = run(st, "2 乐不思蜀:♦3 3 via guose")
    assert st.seat(3).judgement == ["indulgence-diamond-3"]


def test_guose_refuses_hearts():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", hands=3), 2)
    refused(st, "2 乐不思蜀:♥3 3 via guose", "viewas.face")


def test_liuli_redirects_attacker_stays_source():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st = run(st, "1 杀 2", "2 liuli 3")
    assert st.prompt.kind == "respond" and st.prompt.seat == 3 and st.prompt.data["source"] == 1
    assert st.seat(2).hand == 2
    st = run(st, "take")
    assert st.seat(3).hp == 3


def test_liuli_refuses_attacker_out_of_range_and_not_targeted():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st = run(st, "1 杀 2")
    refused(st, "2 liuli 1", "skill.target")
    refused(st, "2 liuli 4", "skill.range")          # distance 2 > range 1
    refused(run(at(st, 3), "3 杀 4"), "2 liuli 1", "skill.when")


def test_liuli_range_without_the_discarded_weapon_or_horse():
    # tester r2: the discarded 麒麟弓 / 赤兔 leaves first and lends no range or distance (commands.md, using SLOT)
    st = at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st = run(st, "equip 2 麒麟弓", "1 杀 2")
    r = refused(st, "2 liuli 4 weapon", "skill.range")
    assert "distance 2 > attack range 1" in r.en and "Kylin Bow" in r.en
    st2 = run(st, "2 liuli 4")                        # a hand card discarded: the 麒麟弓 stays and counts
    assert st2.prompt.seat == 4 and st2.seat(2).equipment["weapon"]
    st3 = run(at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1), "equip 2 赤兔", "1 杀 2")
    refused(st3, "2 liuli 4 minus_horse", "skill.range")
    assert run(st3, "2 liuli 4").prompt.seat == 4


def test_liuli_words_and_arguments():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st = run(st, "equip 2 麒麟弓", "1 杀 2")
    assert "Deflection" in st.prompt.en and "discards" in st.prompt.en and "[SLOT]" in st.prompt.en
    assert "Shifting" not in st.prompt.en
    r = refused(st, "2 liuli 5 wepon", "skill.args")
    assert "unknown slot 'wepon' (weapon, armor, plus_horse, minus_horse)" in r.en
    r = refused(st, "2 liuli", "skill.args")
    assert "None" not in r.en and "'2 liuli T [SLOT]'" in r.en
    refused(st, "2 liuli 3 weapon extra", "skill.args")
    st, ev = events(st, "2 liuli 3 weapon")
    assert any("discards Kylin Bow" in e.en and "弃置麒麟弓" in e.zh for e in ev)


def test_liuli_not_offered_without_any_card():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st.seat(2).hand = 0
    st = run(st, "1 杀 2")
    assert "liuli" not in st.prompt.en and "流离" not in st.prompt.zh


# ---------------------------------------------------------------- 陆逊 谦逊 / 连营


def test_qianxun_refuses_snatch_and_indulgence():
    st = at(game("sunquan", "luxun", "guanyu", "machao", hands=3), 1)
    refused(st, "1 顺手牵羊 2", "skill.target")
    refused(st, "1 乐不思蜀 2", "skill.target")
    run(st, "1 过河拆桥 2")
    run(at(st, 1), "1 乐不思蜀 3")


def test_lianying_draws_when_the_last_card_goes():
    st = at(game("sunquan", "luxun", "guanyu", "machao", hands=1), 2)
    st = run(st, "2 杀 3")
    assert ask(st) == ("lianying", 2, "ask")
    st = run(st, "yes")
    assert st.seat(2).hand == 1 and st.prompt.kind == "respond"


def test_lianying_not_while_cards_remain_or_for_others():
    st = at(game("sunquan", "luxun", "guanyu", "machao", hands=2), 2)
    assert run(st, "2 杀 3").prompt.kind == "respond"
    st = at(game("sunquan", "luxun", "guanyu", "machao", hands=1), 3)
    assert run(st, "3 杀 4").prompt.kind == "respond"


# ---------------------------------------------------------------- 孙尚香 结姻 / 枭姬


def test_jieyin_both_heal():
    st = at(game("sunquan", "sunshangxiang", "guanyu", "machao", hands=3), 2)
    st = run(st, "lose 2 1", "lose 3 1", "2 jieyin 3")
    assert (st.seat(2).hp, st.seat(3).hp, st.seat(2).hand) == (3, 4, 1)
    refused(run(st, "lose 4 1"), "2 jieyin 4", "skill.once")


def test_jieyin_refuses_female_unhurt_or_short_hand():
    st = at(game("sunquan", "sunshangxiang", "zhenji", "machao", hands=3), 2)
    st = run(st, "lose 3 1")
    refused(st, "2 jieyin 3", "skill.target")          # 甄姬 is female
    refused(st, "2 jieyin 4", "skill.target")          # 马超 is not hurt
    refused(run(st, "lose 4 1", "hand 2 1"), "2 jieyin 4", "hand.count")


def test_xiaoji_draws_two_per_equipment_lost():
    st = at(game("sunquan", "sunshangxiang", "guanyu", "machao", hands=0), 3)
    st = run(st, "equip 2 赤兔", "unequip 2 minus_horse")
    assert ask(st) == ("xiaoji", 2, "ask")
    assert run(st, "yes").seat(2).hand == 2


def test_xiaoji_not_for_others_or_when_declined():
    st = at(game("sunquan", "sunshangxiang", "guanyu", "machao", hands=0), 3)
    assert ask(run(st, "equip 3 赤兔", "unequip 3 minus_horse")) is None
    st = run(st, "equip 2 赤兔", "unequip 2 minus_horse", "no")
    assert st.seat(2).hand == 0


# ---------------------------------------------------------------- 华佗 青囊 / 急救


def test_qingnang_heals_once_per_phase():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", hands=3), 2)
    st = run(st, "lose 3 2", "2 qingnang 3")
    assert (st.seat(3).hp, st.seat(2).hand) == (3, 2)
    refused(st, "2 qingnang 3", "skill.once")


def test_qingnang_refuses_unhurt_target():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", hands=3), 2)
    refused(st, "2 qingnang 4", "skill.target")


def test_jijiu_red_card_as_peach_outside_own_turn():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=3), 3)
    st = run(st, "lose 4 4")
    st, ev = events(st, "2 桃:♦5 via jijiu")
    assert st.seat(4).hp == 1 and st.seat(2).hand == 2
    assert [(e.data["card"], e.data["as_kind"]) for e in ev if e.kind == "viewas"] == [("♦5", "peach")]


def test_jijiu_refused_in_own_turn_or_black():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=3), 2)
    st = run(st, "lose 4 4")
    refused(st, "2 桃:♦5 via jijiu", "viewas.turn")
    st = at(st, 3)
    st.prompts = []
    st = run(st, "heal 4 1", "lose 4 1")
    refused(st, "2 桃:♠5 via jijiu", "viewas.face")


# ---------------------------------------------------------------- 吕布 无双, 貂蝉 闭月


def test_wushuang_needs_two_jinks():
    st = at(game("sunquan", "lvbu", "guanyu", "machao", hands=3), 2)
    st = run(st, "2 杀 3", "3 闪")
    assert st.prompt.kind == "respond" and st.seat(3).hand == 2
    st = run(st, "3 闪")
    assert st.prompt is None
    one = run(at(st, 2), "2 杀 3", "3 闪", "take")
    assert one.seat(3).hp == 3


def test_wushuang_not_for_other_generals():
    st = at(game("sunquan", "lvbu", "guanyu", "machao", hands=3), 3)
    assert run(st, "3 杀 2", "2 闪").prompt is None


def test_biyue_draws_at_finish():
    st = at(game("sunquan", "diaochan", "guanyu", "machao", hands=0), 2, "discard")
    st = run(st, "next")
    assert ask(st) == ("biyue", 2, "ask")
    st = run(st, "yes")
    assert st.seat(2).hand == 1
    refused(at(st, 2, "finish"), "biyue", "skill.when")


def test_biyue_not_for_others_and_lost_on_death():
    st = at(game("sunquan", "diaochan", "guanyu", "machao", hands=0), 3, "discard")
    assert ask(run(st, "next")) is None
    st = at(game("sunquan", "diaochan", "guanyu", "machao", hands=0), 2, "discard")
    st.seat(2).alive = False
    st.seat(2).hp = 0
    assert ask(run(at(st, 3, "discard"), "next")) is None


def test_jijiu_not_for_a_dying_huatuo_himself_under_the_old_faq():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=3,
                 variants=("faq_dying_skills",)), 3)
    st = run(st, "lose 2 3")                             # 华佗 dying: only a real 桃 saves him (old FAQ)
    st = run(st, "pass", "pass", "pass")
    assert st.prompt.seat == 2
    refused(st, "2 桃:♦5 via jijiu", "viewas.skill")
    assert run(st, "2 桃").seat(2).hp == 1


def test_zhiheng_with_equipment_among_the_cards():
    st = at(game("sunquan", "ganning", "zhouyu", "machao", hands=2), 1)
    st = run(st, "equip 1 赤兔", "1 zhiheng 3 minus_horse")
    assert st.seat(1).equipment["minus_horse"] is None and st.seat(1).hand == 3
    refused(at(st, 1), "1 zhiheng 1 weapon", "skill.args")


def test_lijian_discarding_equipment():
    st = at(game("sunquan", "diaochan", "guanyu", "machao", hands=0), 2)
    refused(st, "2 lijian 4 3", "hand.empty")
    st = run(st, "equip 2 赤兔", "2 lijian 4 3 minus_horse")
    assert st.seat(2).equipment["minus_horse"] is None and st.prompt.seat == 3


def test_jieyin_at_full_hp_logs_only_the_real_recovery():
    st = at(game("sunshangxiang", "guanyu", "machao", "zhaoyun", hands=3), 1)
    st = run(st, "lose 2 1")
    st, ev = events(st, "1 jieyin 2")
    assert st.seat(2).hp == st.seat(2).max_hp
    assert not any("both recover" in e.en or "recovers 0" in e.en for e in ev), [e.en for e in ev]
    assert [e.seat for e in ev if e.kind == "heal"] == [2]
