"""Skills of the Wei and Shu generals: each one's effect and a case where it must not apply."""

from __future__ import annotations

from skill_support import ask, at, begin, events, game, refused, run

from companion.rules.distance import distance

# ---------------------------------------------------------------- 曹操 奸雄 / 护驾


def test_jianxiong_takes_the_slash():
    st = at(game("caocao", "guanyu", "zhangfei", "machao", hands=4), 2)
    st = run(st, "2 杀 1", "take")
    assert ask(st) == ("jianxiong", 1, "ask")
    assert "奸雄" in st.prompt.zh and "Cao Cao" in st.prompt.en
    st = run(st, "yes")
    assert st.seat(1).hand == 5 and st.prompt is None


def test_jianxiong_not_without_a_card_and_declined():
    st = at(game("caocao", "guanyu", "zhangfei", "machao", hands=4), 2)
    st = run(st, "damage 1 1 from 2")          # a correction names no card
    assert ask(st) is None
    st = run(at(st, 2), "2 杀 1", "take", "no")
    assert st.seat(1).hand == 4 and st.prompt is None


def test_hujia_wei_seat_gives_jink_for_the_lord():
    st = at(game("caocao", "guanyu", "xiahoudun", "machao", hands=4), 2)
    st = run(st, "2 杀 1", "3 闪 via hujia")
    assert st.prompt is None and st.seat(3).hand == 3 and st.seat(1).hand == 4 and st.seat(1).hp == st.seat(1).max_hp


def test_hujia_refused_for_non_wei_or_non_lord():
    st = at(game("caocao", "guanyu", "xiahoudun", "machao", hands=4), 2)
    st = run(st, "2 杀 1")
    refused(st, "4 闪 via hujia", "viewas.kingdom")    # 马超 is Shu
    st2 = at(game("liubei", "caocao", "xiahoudun", "machao", hands=4), 4)
    st2 = run(at(st2, 1), "1 杀 2")
    refused(st2, "3 闪 via hujia", "viewas.lord")       # 曹操 is not the lord here


# ---------------------------------------------------------------- 司马懿 反馈 / 鬼才


def test_fankui_takes_a_hand_card_or_equipment():
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3)
    st = run(st, "equip 3 赤兔", "3 杀 2", "take")
    assert ask(st) == ("fankui", 2, "ask")
    s2 = run(st, "fankui")
    assert (s2.seat(2).hand, s2.seat(3).hand) == (4, 1)
    s3 = run(st, "fankui minus_horse")
    assert s3.seat(3).equipment["minus_horse"] is None and s3.seat(2).hand == 4


def test_fankui_not_without_source():
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3)
    st = run(st, "damage 2 1")
    assert ask(st) is None
    refused(st, "fankui", "skill.when")


def test_guicai_replaces_a_judgement_heart_boundary():
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3, "judge")
    st = run(st, "place 3 乐不思蜀")
    st.extra["judged"] = []
    from companion.rules.flow import Ctx as _Ctx
    from companion.rules.flow import push_next_judge as _push_next_judge
    _push_next_judge(_Ctx(st, False), st.seat(3))
    st = run(st, "judge ♠9")
    assert ask(st) == ("guicai", 2, "guicai")
    s2 = run(st, "guicai ♥A")                 # a heart: 乐不思蜀 has no effect
    assert not s2.seat(3).flags.get("skip_play") and s2.seat(2).hand == 2
    s3 = run(st, "guicai ♦A")                 # red but not a heart: skip the play phase
    assert s3.seat(3).flags.get("skip_play")
    s4 = run(st, "no")
    assert s4.seat(3).flags.get("skip_play") and s4.seat(2).hand == 3


def test_guicai_not_with_an_empty_hand_or_dead():
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3)
    st = run(st, "hand 2 0", "place 3 乐不思蜀")
    from companion.rules.flow import Ctx as _Ctx
    from companion.rules.flow import push_next_judge as _push_next_judge
    st.extra["judged"] = []
    _push_next_judge(_Ctx(st, False), st.seat(3))
    st = run(st, "judge ♠9")
    assert ask(st) is None and st.seat(3).flags.get("skip_play")


# ---------------------------------------------------------------- 夏侯惇 刚烈


def _ganglie_table():
    st = at(game("liubei", "xiahoudun", "guanyu", "machao", hands=3), 3)
    return run(st, "3 杀 2", "take", "yes")


def test_ganglie_not_heart_source_discards_or_takes():
    st = _ganglie_table()
    assert ask(st) == ("ganglie", 2, "judge")
    st = run(st, "judge ♦K")                     # red but not a heart: effect
    assert ask(st) == ("ganglie", 3, "choice")
    s2 = run(st, "discard 2")
    assert s2.seat(3).hand == 0 and s2.seat(3).hp == 4
    s3 = run(st, "take")
    assert s3.seat(3).hp == 3


def test_ganglie_heart_no_effect_and_small_hand_forces_damage():
    st = _ganglie_table()
    s2 = run(st, "judge ♥A")
    assert s2.prompt is None and s2.seat(3).hp == 4
    st = run(st, "hand 3 1", "judge ♠2")          # one hand card: must take the damage
    assert st.seat(3).hp == 3 and st.prompt is None


def test_ganglie_none_when_killed_at_one_hp_but_after_rescue():
    st = at(game("liubei", "xiahoudun", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=3), 3)
    st = run(st, "lose 2 3", "3 杀 2", "take")   # 1 HP → 0: dying
    assert st.prompt.kind == "dying"
    dead = run(st, "pass", "pass", "pass", "pass")
    assert not dead.seat(2).alive and ask(dead) is None
    saved = run(st, "pass", "peach")             # seat 4 passes... the asked order starts at seat 3
    assert saved.seat(2).hp == 1 and ask(saved) == ("ganglie", 2, "ask")


# ---------------------------------------------------------------- 张辽 突袭


def test_tuxi_takes_instead_of_drawing():
    st = at(game("liubei", "zhangliao", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next")
    assert ask(st) == ("tuxi", 2, "ask")
    s2 = run(st, "tuxi 3 4")
    assert (s2.seat(2).hand, s2.seat(3).hand, s2.seat(4).hand) == (5, 2, 2)
    s3 = run(st, "no")
    assert s3.seat(2).hand == 5 and s3.seat(3).hand == 3
    refused(st, "tuxi 2", "skill.target")
    refused(st, "tuxi 1 3 4", "skill.args")


def test_tuxi_step_does_not_offer_yes():
    # the dashboard shows F8 (yes) from STEPS[...].verbs: 突袭 cannot be answered by a bare yes
    from companion.rules.skills.base import STEPS
    assert "yes" not in STEPS["tuxi:ask"].verbs
    st = at(game("liubei", "zhangliao", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next")
    refused(st, "yes", "prompt.pending")


def test_tuxi_not_when_nobody_has_cards():
    st = at(game("liubei", "zhangliao", "guanyu", "machao", hands=0), 2, "judge")
    st = run(st, "next")
    assert ask(st) is None and st.seat(2).hand == 2


# ---------------------------------------------------------------- 许褚 裸衣


def test_luoyi_draws_one_fewer_and_adds_damage():
    st = at(game("liubei", "xuchu", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next", "yes")
    assert st.seat(2).hand == 4
    st = run(st, "next", "2 杀 3", "take")
    assert st.seat(3).hp == 2
    st = run(st, "damage 4 1 from 2")            # not a 杀 or 决斗: no bonus
    assert st.seat(4).hp == 3


def test_luoyi_declined_or_next_turn_no_bonus():
    st = at(game("liubei", "xuchu", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next", "no", "next", "2 杀 3", "take")
    assert st.seat(2).hand == 4 and st.seat(3).hp == 3


# ---------------------------------------------------------------- 郭嘉 天妒 / 遗计


def test_tiandu_takes_own_judgement_card():
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 2, "start")
    st = run(st, "place 2 乐不思蜀", "next", "judge ♠3")
    assert ask(st) == ("tiandu", 2, "ask")
    assert run(st, "yes").seat(2).hand == 4
    assert run(st, "no").seat(2).hand == 3


def test_tiandu_not_for_another_seats_judgement():
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 3, "start")
    st = run(st, "place 3 乐不思蜀", "next", "judge ♠3")
    assert ask(st) is None


def test_yiji_per_point_of_damage():
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 3)
    st = run(st, "damage 2 1 from 3")
    assert ask(st) == ("yiji", 2, "ask")
    s2 = run(st, "yiji 3 1")
    assert (s2.seat(2).hand, s2.seat(3).hand) == (4, 4)
    refused(st, "yiji 3 3", "skill.args")
    s3 = run(st, "no", "heal 2 1", "damage 2 2 from 3")
    assert ask(s3) == ("yiji", 2, "ask") and s3.prompt.data["n"] == 2     # 2 damage: asked twice, 2 cards each
    s4 = run(s3, "yiji 3 2")
    assert ask(s4) == ("yiji", 2, "ask") and "2 of 2" in s4.prompt.en
    refused(s4, "yiji 3 3", "skill.args")                                 # never 4 at once
    s5 = run(s4, "no")
    assert s5.prompt is None and (s5.seat(2).hand, s5.seat(3).hand) == (3, 5)


def test_yiji_waits_while_dying():
    st = at(game("liubei", "guojia", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=3), 3)
    st = run(st, "lose 2 2", "damage 2 1 from 3")
    assert st.prompt.kind == "dying"
    assert not run(st, "pass", "pass", "pass", "pass").seat(2).alive
    st = run(st, "peach")
    assert ask(st) == ("yiji", 2, "ask")


# ---------------------------------------------------------------- 甄姬 洛神 / 倾国


def test_luoshen_black_gained_repeat_red_stops():
    st = begin(game("liubei", "zhenji", "guanyu", "machao", hands=3), 2)
    assert ask(st) == ("luoshen", 2, "ask")
    st = run(st, "yes", "judge ♣K")               # black: gained, asked again
    assert st.seat(2).hand == 4 and ask(st) == ("luoshen", 2, "ask")
    st = run(st, "yes", "judge ♦A")               # red: ends
    assert st.seat(2).hand == 4 and st.prompt is None


def test_luoshen_not_for_others_and_declined():
    st = begin(game("liubei", "zhenji", "guanyu", "machao", hands=3), 3)
    assert ask(st) is None
    st = begin(game("liubei", "zhenji", "guanyu", "machao", hands=3), 2)
    st = run(st, "no")
    assert st.prompt is None and st.seat(2).hand == 3


def test_qingguo_black_card_as_jink():
    st = at(game("liubei", "zhenji", "guanyu", "machao", hands=3), 3)
    st = run(st, "3 杀 2")
    st, ev = events(st, "2 闪:♠3 via qingguo")
    assert st.prompt is None and st.seat(2).hand == 2
    assert any(e.kind == "viewas" and e.data["card"] == "♠3" and e.data["as_kind"] == "jink" for e in ev)
    st2 = run(at(st, 3), "3 杀 2")
    refused(st2, "2 闪:♥3 via qingguo", "viewas.face")
    refused(st2, "2 闪 via qingguo", "viewas.face")
    refused(run(at(st, 2), "2 杀 3"), "3 闪:♠3 via qingguo", "viewas.skill")


# ---------------------------------------------------------------- 刘备 仁德 / 激将


def test_rende_heals_once_at_the_second_card():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=5), 1)
    st = run(st, "lose 1 2", "1 rende 2 1")
    assert st.seat(1).hp == 2 and st.seat(2).hand == 6
    st = run(st, "1 rende 3 1")
    assert st.seat(1).hp == 3
    st = run(st, "1 rende 3 2")
    assert st.seat(1).hp == 3 and st.seat(1).hand == 1


def test_rende_only_in_own_play_phase():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=5), 2)
    refused(st, "1 rende 2 2", "skill.phase")
    refused(at(st, 1), "1 rende 1 2", "skill.target")


def test_jijiang_shu_seat_gives_slash():
    st = at(game("liubei", "guanyu", "caocao", "machao", hands=3), 1)
    st = run(st, "2 杀 4 via jijiang")            # 4 is at distance 1 from 1 (4 seats)
    assert st.seat(2).hand == 2 and st.seat(1).hand == 3 and st.prompt.seat == 4
    refused(at(st, 1), "3 杀 4 via jijiang", "viewas.kingdom")


def test_jijiang_not_when_liubei_is_not_lord():
    st = at(game("caocao", "liubei", "guanyu", "machao", hands=3), 2)
    refused(st, "3 杀 1 via jijiang", "viewas.lord")


# ---------------------------------------------------------------- 关羽 武圣, 张飞 咆哮


def test_wusheng_red_card_as_slash_recorded():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=3), 2)
    st, ev = events(st, "2 杀:♥5 3 via wusheng")
    assert st.prompt.kind == "respond" and st.seat(2).hand == 2
    assert [(e.data["card"], e.data["as_kind"]) for e in ev if e.kind == "viewas"] == [("♥5", "slash")]
    assert any(e.kind == "use" and e.data["card"] == "slash-heart-5" for e in ev)


def test_wusheng_refuses_black_and_others():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=3), 2)
    refused(st, "2 杀:♠5 3 via wusheng", "viewas.face")
    refused(at(st, 3), "3 杀:♥5 2 via wusheng", "viewas.skill")
    refused(st, "2 桃:♥5 via wusheng", "viewas.kind")


def test_paoxiao_lifts_the_limit_only_for_zhangfei():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=5), 3)
    st = run(st, "3 杀 2", "take", "3 杀 2", "take")
    assert st.seat(2).hp == 2
    st = at(st, 2)
    st = run(st, "2 杀 3", "take")
    refused(st, "2 杀 3", "slash.limit")


# ---------------------------------------------------------------- 诸葛亮 观星 / 空城


def test_guanxing_prompt_at_start():
    st = begin(game("liubei", "zhugeliang", "guanyu", "machao", hands=3), 2)
    assert ask(st) == ("guanxing", 2, "ask") and "4" in st.prompt.en
    st = run(st, "yes")
    assert st.prompt is None and st.seat(2).hand == 3


def test_guanxing_not_for_others():
    assert ask(begin(game("liubei", "zhugeliang", "guanyu", "machao"), 3)) is None


def test_kongcheng_empty_hand_cannot_be_slashed():
    st = at(game("liubei", "zhugeliang", "guanyu", "machao", hands=3), 3)
    st = run(st, "hand 2 0")
    refused(st, "3 杀 2", "skill.target")
    refused(st, "3 决斗 2", "skill.target")
    run(run(st, "equip 2 赤兔"), "3 过河拆桥 2")   # other tricks are fine
    st = run(st, "hand 2 1", "3 杀 2")           # one card: a target again
    assert st.prompt.seat == 2


# ---------------------------------------------------------------- 赵云 龙胆, 马超 马术 / 铁骑


def test_longdan_jink_as_slash_and_slash_as_jink():
    st = at(game("liubei", "zhaoyun", "guanyu", "machao", hands=3), 2)
    st, ev = events(st, "2 杀:♦2 3 via longdan")      # ♦2 is a 闪 in the deck
    assert st.prompt.kind == "respond"
    st = run(at(st, 3), "3 杀 2", "2 闪:♠7 via longdan")  # ♠7 is a 杀
    assert st.prompt is None


def test_longdan_refuses_a_face_that_is_not_the_other_card():
    st = at(game("liubei", "zhaoyun", "guanyu", "machao", hands=3), 2)
    refused(st, "2 杀:♠A 3 via longdan", "viewas.face")     # ♠A is 决斗 / 闪电, never a 闪


def test_mashu_minus_one_only_while_alive():
    st = game("liubei", "guanyu", "zhangfei", "machao", "zhaoyun")
    assert distance(st, 4, 1).value == 1 and distance(st, 3, 1).value == 2
    st.seat(4).alive = False
    assert not [p for p in distance(st, 3, 1).parts if "马术" in p.zh]


def test_tieqi_red_no_jink_black_jink_allowed():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=3), 4)
    st = run(st, "4 杀 1")
    assert ask(st) == ("tieqi", 4, "ask")
    st = run(st, "yes")
    red = run(st, "judge ♦A")
    assert red.seat(1).hp == red.seat(1).max_hp - 1 and red.prompt is None
    black = run(st, "judge ♣K")
    assert black.prompt.kind == "respond"
    assert run(black, "1 闪").prompt is None


def test_tieqi_red_takes_only_a_slash_question_not_a_trick_of_the_same_seat():
    """铁骑 stops 闪 against "this 杀" only (../shared/reference/standard_generals.json 铁骑: "if the result is red,
    that target cannot use 闪 against this 杀"): a red judgement meeting, for the same seat, a question of 马超's
    南蛮入侵 (no ``slash`` in its payload) leaves it — before, an absent ``slash`` read as True and the trick's
    question was taken for the 杀's: dropped, and the target hit by a 杀."""
    from dataclasses import replace

    from companion.rules.prompts import RespondData
    from companion.rules.state import Prompt

    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=3), 4)
    st = run(st, "4 杀 1", "yes")
    assert ask(st) == ("tieqi", 4, "judge") and st.prompts[0].kind == "respond" and st.prompts[0].data.slash
    trick = Prompt("respond", 1, "seat 1: play 杀 or take 1 damage (南蛮入侵)", "",
                   RespondData(source=4, card="savage_assault", need="slash", frame=True, cause="南蛮入侵"))
    st.prompts[0] = trick
    red = run(st, "judge ♦A")
    assert red.seat(1).hp == red.seat(1).max_hp and len(red.prompts) == 1
    assert red.prompt.data == replace(trick.data, hinted=True)  # still asked (激将 named for the lord's 杀)


def test_tieqi_declined_and_not_for_other_seats():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=3), 4)
    st = run(st, "4 杀 1", "no")
    assert st.prompt.kind == "respond"
    st = run(at(st, 2), "2 杀 1")
    assert st.prompt.kind == "respond"


def test_tieqi_judge_subject_and_alias():
    from companion.rules.deck import parse_face
    from companion.rules.judgement import resolve_judgement
    for subj in ("tieqi", "tieji"):
        assert resolve_judgement(subj, parse_face("♦A")).effect
        assert not resolve_judgement(subj, parse_face("♣K")).effect
    assert resolve_judgement("ganglie", parse_face("♦K")).effect and not resolve_judgement("ganglie", parse_face("♥A")).effect
    assert resolve_judgement("luoshen", parse_face("♠A")).effect and not resolve_judgement("luoshen", parse_face("♥K")).effect


# ---------------------------------------------------------------- 黄月英 集智 / 奇才


def test_jizhi_draws_for_a_trick():
    st = at(game("liubei", "huangyueying", "guanyu", "machao", hands=3), 2)
    st = run(st, "2 无中生有")
    assert ask(st) == ("jizhi", 2, "ask")
    assert run(st, "yes").seat(2).hand == 3


def test_jizhi_not_for_delayed_tricks_or_basic_cards():
    st = at(game("liubei", "huangyueying", "guanyu", "machao", hands=3), 2)
    assert ask(run(st, "2 乐不思蜀 3")) is None
    assert ask(run(st, "2 杀 3")) is None


def test_qicai_snatch_at_any_distance():
    st = at(game("liubei", "huangyueying", "guanyu", "machao", "zhaoyun"), 2)
    st.seat(2).hand = 3
    run(st, "2 顺手牵羊 4")                         # distance 2
    st2 = at(st, 3)
    st2.seat(3).hand = 3
    refused(st2, "3 顺手牵羊 5", "trick.distance")


def test_jianxiong_not_for_skill_damage():
    st = at(game("liubei", "caocao", "guanyu", "zhouyu", hands=3), 4)
    st = run(st, "4 fanjian 2 heart ♠7")                 # 反间's damage is caused by a skill, not a card
    assert st.seat(2).hp == 3 and ask(st) is None


def test_skills_are_lost_when_the_owner_dies():
    st = at(game("sunquan", "liubei", "guanyu", "machao", roles={2: "rebel", 3: "loyalist", 4: "renegade"}, hands=3), 2)
    dead = st.clone()
    dead.seat(2).alive, dead.seat(2).hp = False, 0
    refused(at(dead, 2), "2 rende 3 2", "skill.none")
    st = run(at(st, 3), "lose 2 4")                      # dying: no skills until saved
    assert ask(st) is None and st.prompt.kind == "dying"
    from companion.rules.skills.base import usable
    assert not usable(st, 2, "rende") and usable(run(st, "3 peach"), 2, "rende")
    st = game("liubei", "guanyu", "zhangfei", "machao", variants=("no_generals",))
    refused(at(st, 1), "1 rende 2 2", "skill.none")


def test_wusheng_with_an_equipped_red_card():
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=1), 2)
    st = run(st, "equip 2 赤兔:♥5")
    st, ev = events(st, "2 杀 3 via wusheng using minus_horse")
    assert st.seat(2).equipment["minus_horse"] is None and st.seat(2).hand == 1 and st.prompt.seat == 3
    assert [e.data["card"] for e in ev if e.kind == "viewas"] == ["♥5"]
    st = run(at(st, 2), "equip 2 大宛:♠K")
    refused(st, "2 杀 3 via wusheng using minus_horse", "viewas.face")


def test_kongcheng_protects_from_the_slash_of_collateral():
    st = at(game("liubei", "zhugeliang", "guanyu", "machao", hands=2), 1)
    st = run(st, "equip 3 青釭剑", "hand 2 0")
    refused(st, "1 借刀杀人 3 2", "skill.target")
    st = run(st, "hand 2 1", "1 借刀杀人 3 2")
    assert st.prompt is not None


def test_tiandu_before_lightning_damage_then_yiji_per_point_once_saved():
    # 天妒 is asked once the judgement's result is determined, before 闪电's 3 damage (rulebook 001: 天妒 like
    # 鬼才, "只能在判定牌翻开后选择是否发动"; QS / FK FinishJudge); 遗计 per point after the damage, once saved.
    st = at(game("liubei", "guojia", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"},
                 hands=3), 2, "start")
    st = run(st, "place 2 闪电", "next", "judge ♠3")
    assert ask(st) == ("tiandu", 2, "ask") and st.seat(2).hp == 3    # no damage yet
    assert "♠3" in st.prompt.en
    s = run(st, "yes")
    assert s.seat(2).hand == 4 and s.prompt.kind == "dying" and s.seat(2).hp == 0
    saved = run(s, "peach")                     # 郭嘉's own 桃: HP 1
    assert saved.seat(2).hand == 3
    for i in (1, 2, 3):                          # 遗计: 3 damage → asked 3 times, 2 cards each
        assert ask(saved) == ("yiji", 2, "ask") and f"{i} of 3" in saved.prompt.en
        saved = run(saved, "yiji")
    assert saved.prompt is None and saved.seat(2).hand == 9
    dead = run(s, "pass", "pass", "pass", "pass")    # nobody saves him: he kept ♠3, discarded with his cards
    assert not dead.seat(2).alive and ask(dead) is None
    declined = run(st, "no")
    assert declined.seat(2).hand == 3 and declined.prompt.kind == "dying"


def test_tiandu_before_lightning_damage_not_dying_and_before_indulgence_skip():
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 2, "start")
    st = run(st, "maxhp 2 4", "heal 2 1", "place 2 闪电", "next", "judge ♠9")
    assert st.seat(2).hp == 4 and ask(st) == ("tiandu", 2, "ask")
    st = run(st, "yes")
    assert st.seat(2).hp == 1 and st.seat(2).hand == 4 and ask(st) == ("yiji", 2, "ask")
    st2 = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 2, "start")
    st2 = run(st2, "place 2 乐不思蜀", "next", "judge ♠3", "yes")
    assert st2.seat(2).flags.get("skip_play") and st2.seat(2).hand == 4


def test_tiandu_before_the_jink_of_eight_diagram():
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 3)
    st = run(st, "equip 2 八卦阵", "3 杀 2", "judge ♥3")
    assert ask(st) == ("tiandu", 2, "ask")
    st = run(st, "yes")
    assert st.prompt is None and st.seat(2).hp == 3 and st.seat(2).hand == 4


def test_fankui_answers_with_the_zone_words_of_snatch():
    # 反馈: "take one card (hand or equipped) from the player who damaged you" (standard_generals.json 司马懿)
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3)
    st = run(st, "equip 3 赤兔", "equip 3 八卦阵", "3 杀 2", "take")
    assert ask(st) == ("fankui", 2, "ask")
    for line in ("fankui hand", "fankui 手牌", "pick hand", "2 pick hand"):
        s = run(st, line)
        assert (s.seat(2).hand, s.seat(3).hand) == (4, 1) and s.prompt is None, line
    for line in ("fankui armor", "fankui 防具", "pick armor"):
        s = run(st, line)
        assert s.seat(3).equipment["armor"] is None and s.seat(2).hand == 4 and s.seat(3).hand == 2, line
    s = run(st, "fankui -1马")
    assert s.seat(3).equipment["minus_horse"] is None
    refused(st, "fankui weapon", "skill.args")            # nothing in seat 3's weapon slot
    empty = run(st, "hand 3 0")
    refused(empty, "fankui hand", "skill.args")


def test_wusheng_using_a_faceless_equipped_card_reads_the_deck():
    # The standard deck (RULES_NOTES: Deck; cards.standard_deck) has one 赤兔, ♥5: red, so 武圣 may use it
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=1), 2)
    st = run(st, "equip 2 赤兔")
    s, ev = events(st, "2 杀 3 via wusheng using minus_horse")
    assert s.seat(2).equipment["minus_horse"] is None and s.seat(2).hand == 1 and s.prompt.seat == 3
    va = [e for e in ev if e.kind == "viewas"]
    assert [e.data["card"] for e in va] == ["♥5"] and "赤兔♥5" in va[0].zh
    # 大宛 is ♠K only: never red
    refused(run(st, "equip 2 大宛"), "2 杀 3 via wusheng using minus_horse", "viewas.face")
    # 八卦阵 is ♠2 / ♣2: black either way
    refused(run(st, "equip 2 八卦阵"), "2 杀 3 via wusheng using armor", "viewas.face")
    # 诸葛连弩 is ♣A / ♦A: the colour is not in the data, the moderator's word is taken
    s, ev = events(run(st, "equip 2 诸葛连弩"), "2 杀 3 via wusheng using weapon")
    assert s.seat(2).equipment["weapon"] is None and s.prompt.seat == 3
    assert [e.data["card"] for e in ev if e.kind == "viewas"] == [None]


def test_jizhi_for_nullification_in_a_window_then_the_window_goes_on():
    # tester r1: 黄月英's 无懈可击 (an ordinary trick) is a trick used: 集智 asked, the window is asked again after
    st = at(game("huangyueying", "diaochan", "zhangliao", "ganning", hands=4), 1)
    st = run(st, "1 过河拆桥 2", "no", "2 无懈可击", "1 无懈可击")
    assert ask(st) == ("jizhi", 1, "ask")
    st = run(st, "yes")
    assert st.seat(1).hand == 3 and st.prompt.kind == "nullify" and st.prompt.seat == 2
    st = run(st, "pass all", "pick hand")
    assert st.seat(2).hand == 2


def test_jizhi_for_nullification_in_another_seats_window_and_at_a_judgement():
    st = at(game("diaochan", "huangyueying", "zhangliao", "ganning", hands=4), 1)
    st = run(st, "1 过河拆桥 3", "2 无懈可击")
    assert ask(st) == ("jizhi", 2, "ask")
    st = run(st, "no")
    assert st.prompt.kind == "nullify" and st.prompt.seat == 1
    st2 = at(game("diaochan", "huangyueying", "zhangliao", "ganning", hands=4), 1, "start")
    st2.seat(1).judgement.append("indulgence")
    st2 = run(st2, "next", "2 无懈可击")
    assert ask(st2) == ("jizhi", 2, "ask")
    st2 = run(st2, "yes")
    assert st2.seat(2).hand == 4 and st2.prompt.kind == "nullify"


def test_jianxiong_not_after_a_lijian_duel():
    # tester r3: 离间's duel is no 决斗 card (old FAQ, rulebook 003): nothing for 奸雄 to take
    st = at(game("diaochan", "caocao", "zhangliao", "simayi", hands=4), 1)
    st = run(st, "1 lijian 3 2", "2 take")
    assert st.seat(2).hp == 3 and ask(st) is None and st.seat(2).hand == 4
    st2 = at(game("zhangliao", "caocao", "diaochan", "simayi", hands=4), 1)
    st2 = run(st2, "1 决斗 2", "2 take")              # a real 决斗 card: 奸雄 asked
    assert ask(st2) == ("jianxiong", 2, "ask")


def test_jijiang_hujia_by_the_lord_himself_says_another_seat_gives_the_card():
    st = at(game("liubei", "guanyu", "zhangliao", "ganning", hands=4), 1)
    r = refused(st, "1 杀 2 via jijiang", "viewas.lord")
    assert "comes from another Shu seat" in r.en and "only for a living lord" not in r.en
    st = at(game("caocao", "guanyu", "zhangliao", "ganning", hands=4), 2)
    st = run(st, "2 杀 1")
    r = refused(st, "1 闪 via hujia", "viewas.lord")
    assert "comes from another Wei seat" in r.en


def test_luoshen_and_tiandu_say_the_judgement_card_is_gained_not_drawn():
    st = run(begin(game("liubei", "zhenji", "guanyu", "machao", hands=3), 2), "yes")
    st, ev = events(st, "judge ♠3")
    line = next(e for e in ev if e.kind == "draw" and e.seat == 2)
    assert "获得判定牌♠3（洛神）" in line.zh and "摸" not in line.zh
    assert "gains the judgement card ♠3 (Goddess Luo)" in line.en and "draws" not in line.en
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 2, "start")
    st, ev = events(run(st, "place 2 乐不思蜀", "next", "judge ♠3"), "yes")
    assert any("获得判定牌♠3（天妒）" in e.zh and "摸" not in e.zh for e in ev)
