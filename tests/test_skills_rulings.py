"""Rulings about skills (issue 4, old FAQ rulebook/003, RULES_NOTES) and the trick-dependent skills (离间)."""

from __future__ import annotations

from skill_support import ask, at, events, game, refused, run

ROLES8 = {2: "loyalist", 3: "rebel", 4: "rebel", 5: "renegade"}


def _duel_prompt(st):
    """Close a 无懈可击 window if one is open; the 决斗's first 杀 question is pending."""
    if st.prompt is not None and st.prompt.kind == "nullify":
        st = run(st, "nobody")
    assert st.prompt.kind == "respond" and st.prompt.data.get("duel"), st.prompt
    return st


def test_one_hp_general_killed_uses_no_on_damage_skill():
    st = at(game("liubei", "caocao", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=2), 3)
    st = run(st, "lose 2 3", "3 杀 2", "take")            # 曹操 at 1 HP, the 杀 brings him to 0
    assert st.prompt.kind == "dying" and ask(st) is None
    st = run(st, "pass", "pass", "pass", "pass")
    assert not st.seat(2).alive and ask(st) is None


def test_liuli_passes_the_slash_to_a_rebel_who_dies_user_draws_three():
    st = at(game("sunquan", "daqiao", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=2), 1)
    st = run(st, "lose 3 3", "1 杀 2", "2 liuli 3", "take")
    assert st.prompt.kind == "dying" and st.prompt.data["source"] == 1
    st = run(st, "pass", "pass", "pass", "pass")
    assert not st.seat(3).alive
    assert st.seat(1).hand == 1 + 3 and st.seat(2).hand == 1        # the 杀's user is rewarded, not 大乔


def test_lijian_duel_winner_is_the_source_and_is_rewarded():
    st = at(game("sunquan", "diaochan", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"}, hands=2), 2)
    st = run(st, "lose 3 3")                                 # 关羽 at 1 HP
    st, ev = events(st, "2 lijian 4 3")                      # 马超 duels 关羽; no 无懈可击 window
    assert st.prompt.kind == "respond" and st.prompt.seat == 3 and st.prompt.data["source"] == 4
    st = run(st, "take", "pass", "pass", "pass", "pass")
    assert not st.seat(3).alive and st.seat(4).hand == 2 + 3 and st.seat(2).hand == 1
    refused(at(game("sunquan", "diaochan", "guanyu", "machao", hands=2), 2), "2 lijian 4 2", "skill.target")


def test_lijian_once_and_only_males():
    st = at(game("sunquan", "diaochan", "guanyu", "zhenji", "machao", hands=2), 2)
    refused(st, "2 lijian 3 4", "skill.target")              # 甄姬 is female
    st = run(st, "2 lijian 3 5", "take")
    refused(st, "2 lijian 3 5", "skill.once")


def test_lijian_winner_is_source_even_under_duel_source_user():
    st = at(game("sunquan", "diaochan", "guanyu", "machao", hands=2, variants=("duel_source_user",)), 2)
    st = run(st, "2 lijian 4 3", "3 杀")
    assert st.prompt.seat == 4 and st.prompt.data["source"] == 3


def _simayi_duel(variants=()):
    st = at(game("sunquan", "simayi", "guanyu", "machao", hands=2, variants=variants), 2)
    st = _duel_prompt(run(st, "2 决斗 3"))
    return run(st, "3 杀", "take")                          # 关羽 plays 杀, 司马懿 has none: he loses


def test_simayi_loses_own_duel_default_rule_fankui_takes_from_the_winner():
    st = _simayi_duel()
    assert st.seat(2).hp == 2 and ask(st) == ("fankui", 2, "ask") and st.prompt.data["source"] == 3
    st = run(st, "fankui")
    assert (st.seat(2).hand, st.seat(3).hand) == (2, 0)


def test_simayi_loses_own_duel_old_faq_variant_fankui_takes_nothing():
    st = _simayi_duel(("duel_source_user",))
    assert st.seat(2).hp == 2 and ask(st) is None


def test_kongcheng_holds_in_a_duel_once_the_last_card_is_gone_under_the_old_faq():
    st = at(game("sunquan", "zhugeliang", "guanyu", "machao", hands=1, variants=("faq_kongcheng_duel",)), 3)
    st.seat(3).hand = 2
    st = _duel_prompt(run(st, "3 决斗 2"))
    st, ev = events(st, "2 杀")                               # 诸葛亮's last card
    st = run(st, "3 杀") if st.prompt is not None and st.prompt.seat == 3 else st
    assert st.seat(2).hp == 3 and st.prompt is None
    assert any(e.data.get("skill") == "kongcheng" for e in ev) or st.seat(2).hand == 0


def test_kongcheng_not_while_a_card_remains_in_the_duel():
    st = at(game("sunquan", "zhugeliang", "guanyu", "machao", hands=2), 3)
    st.seat(2).hand = 2
    st = _duel_prompt(run(st, "3 决斗 2"))
    st = run(st, "2 杀", "3 杀")
    assert st.prompt.kind == "respond" and st.prompt.seat == 2
    st = run(st, "take")
    assert st.seat(2).hp == 2


def test_wushuang_duel_needs_two_slashes_each_time():
    st = at(game("sunquan", "lvbu", "guanyu", "machao", hands=3), 2)
    st = _duel_prompt(run(st, "2 决斗 3"))
    st = run(st, "3 杀")
    assert st.prompt.seat == 3 and st.prompt.data["jinks"] == 1
    st = run(st, "3 杀")
    assert st.prompt.seat == 2                               # 吕布's turn: one 杀 is enough for him
    st = run(st, "2 杀")
    assert st.prompt.seat == 3 and st.prompt.data["jinks"] == 2


def test_luoyi_duel_deals_two():
    st = at(game("sunquan", "xuchu", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next", "yes", "next")
    st = _duel_prompt(run(st, "2 决斗 3"))
    assert "take 2 damage" in st.prompt.en and "受到2点伤害" in st.prompt.zh   # the question says what is applied
    st = run(st, "take")
    assert st.seat(3).hp == 2


def test_luoyi_questions_show_the_damage_that_would_be_dealt():
    st = at(game("sunquan", "xuchu", "guanyu", "machao", hands=3), 2, "judge")
    st = run(st, "next", "yes", "next", "2 杀 3")
    assert "take 2 damage" in st.prompt.en and "造成的2点伤害" in st.prompt.zh
    st = _duel_prompt(run(at(st, 3), "3 决斗 2"))          # not his turn any more: no bonus
    assert "take 1 damage" in st.prompt.en and "受到1点伤害" in st.prompt.zh
    st = at(game("sunquan", "xuchu", "guanyu", "machao", hands=3), 2, "judge")
    st = _duel_prompt(run(st, "next", "yes", "next", "2 决斗 3"))
    st = run(st, "3 杀")                                     # 许褚 answers: 关羽 would deal 1
    assert st.prompt.seat == 2 and "受到1点伤害" in st.prompt.zh
    st = at(game("sunquan", "xuchu", "daqiao", "machao", hands=3), 2, "judge")
    st = run(st, "next", "yes", "next", "2 杀 3", "3 liuli 4")    # 流离's new question: still 许褚's 杀
    assert st.prompt.seat == 4 and "take 2 damage" in st.prompt.en and "造成的2点伤害" in st.prompt.zh


def test_jijiang_in_a_duel_answer():
    st = at(game("liubei", "guanyu", "caocao", "machao", hands=2), 3)
    st = _duel_prompt(run(st, "3 决斗 1"))
    st = run(st, "2 杀 via jijiang")
    assert st.seat(2).hand == 1 and st.prompt.seat == 3


def test_guicai_on_a_skill_judgement_and_tiandu_after_guicai():
    st = at(game("liubei", "simayi", "xiahoudun", "guojia", hands=2), 2)
    st = run(st, "2 杀 3", "take", "yes", "judge ♠5")
    assert ask(st) == ("guicai", 2, "guicai")
    st = run(st, "guicai ♥5")                                # 司马懿 turns 刚烈 into a heart
    assert st.prompt is None and st.seat(2).hp == 3


def test_lianying_waits_until_the_trick_resolved_and_dead_luxun_draws_nothing():
    st = at(game("sunquan", "luxun", "guanyu", "machao", roles={2: "rebel", 3: "loyalist", 4: "renegade"}, hands=1), 2)
    st.seat(2).hp = 1
    st = _duel_prompt(run(st, "2 决斗 3"))
    assert ask(st) is None                                   # not yet: the 决斗 resolves first
    won = run(st, "take")                                    # 关羽 takes: 陆逊 wins, then draws
    assert ask(won) == ("lianying", 2, "ask")
    lost = run(st, "3 杀", "take", "pass", "pass", "pass", "pass")
    assert not lost.seat(2).alive and ask(lost) is None


def test_questions_name_the_lord_skills_and_the_helpers_in_seat_order():
    st = at(game("caocao", "guanyu", "xiahoudun", "machao", "simayi", hands=2), 4)
    st = run(st, "4 杀 1", "no")                            # 马超's 铁骑 declined
    assert "Escort" in st.prompt.en and "seats 3, 5" in st.prompt.en and "3、5号位" in st.prompt.zh
    st = at(game("sunquan", "daqiao", "guanyu", "machao", hands=2), 1)
    assert "Deflection" in run(st, "1 杀 2").prompt.en
    assert "流离" not in run(at(st, 3), "3 杀 4").prompt.en


def test_faq_luxun_last_card_simayi_fankui_then_lianying_again():
    st = at(game("sunquan", "luxun", "simayi", "machao", hands=1), 2)
    st = run(st, "2 杀 3")
    assert ask(st) == ("lianying", 2, "ask")
    st = run(st, "yes", "take")                              # 陆逊 draws, then 司马懿 is hurt
    assert ask(st) == ("fankui", 3, "ask")
    st = run(st, "fankui")                                   # takes 陆逊's only card ...
    assert ask(st) == ("lianying", 2, "ask")                 # ... and 陆逊 may draw again
    assert run(st, "yes").seat(2).hand == 1


def test_luoyi_not_on_xuchu_himself_when_he_loses_his_duel_under_duel_source_user():
    st = at(game("sunquan", "xuchu", "guanyu", "machao", hands=3, variants=("duel_source_user",)), 2, "judge")
    st = run(st, "next", "yes", "next")
    st = _duel_prompt(run(st, "2 决斗 3"))
    st = run(st, "3 杀", "take")                             # 许褚 loses; he is the 'source' under the variant
    assert st.seat(2).hp == 3


def test_forced_lines_never_break_a_skill_question_or_a_hand_count():
    st = at(game("liubei", "xiahoudun", "guanyu", "daqiao", hands=3), 3)
    st = run(st, "3 杀 2", "take", "yes")
    assert refused(st, "force ganglie 3").rule in ("prompt.answer", "prompt.pending")  # wants a face
    st = at(game("sunquan", "daqiao", "guanyu", "machao", hands=2), 1)
    st = run(st, "1 杀 2")
    refused(st, "force 2 liuli 2", "skill.target")           # not past the impossible
    st = at(game("caocao", "guanyu", "xiahoudun", "machao", hands=0), 4)
    st = run(st, "hand 4 1", "4 杀 1", "no", "force 3 闪 via hujia")
    assert st.seat(3).hand == 0 and st.prompt is None


def test_duel_prompt_counts_slash_cards_not_rounds_under_wushuang():
    # 2 决斗 3 (吕布): 3 杀, 2 杀, 2 杀 (无双: two), 3 杀 → four 杀 cards, not three rounds.
    st = at(game("sunquan", "guanyu", "lvbu", "machao", hands=5), 2)
    st = _duel_prompt(run(st, "2 决斗 3"))
    assert "0 Slash played" in st.prompt.en and "已打出0张杀" in st.prompt.zh
    st = run(st, "3 杀")
    assert "1 Slash played" in st.prompt.en and "已打出1张杀" in st.prompt.zh
    st = run(st, "2 杀", "2 杀")
    assert st.prompt.seat == 3
    assert "3 Slash played" in st.prompt.en and "已打出3张杀" in st.prompt.zh
    st = run(st, "3 杀")
    assert st.prompt.seat == 2
    assert "4 Slash played" in st.prompt.en and "已打出4张杀" in st.prompt.zh


def test_wushuang_second_jink_prompt_keeps_the_bagua_hint():
    # 无双: two 闪; an unused 八卦阵 may be judged for the second one too, so its hint is shown again.
    st = at(game("sunquan", "lvbu", "guanyu", "machao", hands=3), 2)
    st = run(st, "equip 3 八卦阵", "2 杀 3")
    assert "judge FACE" in st.prompt.en and "judge 牌面" in st.prompt.zh
    st2 = run(st, "3 闪")
    assert st2.prompt.seat == 3 and st2.prompt.data["jinks"] == 1
    assert "one more Jink" in st2.prompt.en and "judge FACE" in st2.prompt.en and "judge 牌面" in st2.prompt.zh
    st3 = run(st, "judge ♥5")                                   # red: counts as the first 闪
    assert st3.prompt.data["jinks"] == 1 and "judge FACE" in st3.prompt.en
    assert run(st3, "judge ♦5").prompt is None                  # the second judgement is accepted


def test_documented_corrections_damage_triggers_skills_lose_and_heal_are_silent():
    # docs/commands.md, Corrections: `damage` asks the on-damage skills; `lose` / `heal` are the silent HP fixes.
    from pathlib import Path
    st = at(game("liubei", "guojia", "xiahoudun", "simayi", hands=2), 1)
    assert ask(run(st, "damage 2 1 from 1"))[0] == "yiji"
    assert ask(run(st, "damage 3 1 from 1"))[0] == "ganglie"
    assert ask(run(st, "damage 4 1 from 1"))[0] == "fankui"
    for line in ("lose 2 1", "lose 3 1", "lose 4 1"):
        assert run(st, line).prompt is None, line
    assert run(st, "lose 1 1", "heal 1 1").prompt is None  # a hurt seat: at full HP heal is refused (heal.full)
    doc = (Path(__file__).parent.parent / "docs" / "commands.md").read_text(encoding="utf-8")
    assert "silent HP fixes" in doc and "There is no `hp` command" in doc and "discard.none" in doc
