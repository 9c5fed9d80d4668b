"""Issue 13 §1–§2: 急救 while dying (variant faq_dying_skills), 空城 only as a target filter (variant
faq_kongcheng_duel)."""

from __future__ import annotations

import pytest
from engine_support import table, to_play
from skill_support import at, events, game, refused, run

ROLES = {2: "loyalist", 3: "rebel", 4: "renegade"}


def play6(generals=None):
    return to_play(table(6, generals=generals))


def _dying_huatuo(variants=()):
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles=ROLES, hands=3, variants=variants), 3)
    st = run(st, "lose 2 3")  # 华佗 dying in seat 3's turn
    assert st.prompt.kind == "dying" and st.prompt.data["victim"] == 2
    return st


def test_dying_huatuo_saves_himself_with_jijiu_outside_his_turn():
    st, ev = events(_dying_huatuo(), "2 桃:♦5 via jijiu")
    assert st.seat(2).hp == 1 and st.prompt is None and st.seat(2).hand == 2
    assert any(e.kind == "rescued" for e in ev)


def test_dying_huatuo_jijiu_refused_under_the_old_faq_variant():
    r = refused(_dying_huatuo(("faq_dying_skills",)), "2 桃:♦5 via jijiu", "viewas.skill")
    assert "is dying" in r.en and "faq_dying_skills" in r.en


@pytest.mark.parametrize("variants", [(), ("faq_dying_skills",)])
def test_in_his_own_turn_jijiu_is_refused_for_the_turn_not_for_dying(variants):
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles=ROLES, hands=3, variants=variants), 2)
    st = run(st, "lose 2 3")
    r = refused(st, "2 桃:♦5 via jijiu", "viewas.turn")
    assert "outside your own turn" in r.en and "dying" not in r.en


@pytest.mark.parametrize("variants", [(), ("faq_dying_skills",)])
def test_jiuyuan_works_while_sunquan_is_dying_under_both_readings(variants):
    st = at(game("sunquan", "ganning", "guanyu", "machao", roles=ROLES, hands=3, variants=variants), 3)
    st = run(st, "lose 1 4")  # 孙权, the lord: 4 → 0 HP
    assert st.prompt.kind == "dying" and st.prompt.data["victim"] == 1
    st = run(st, "2 桃")  # 甘宁 (Wu): 桃 +1 救援
    assert st.seat(1).hp == 2 and st.prompt is None


def test_dying_huatuo_jijiu_for_sunquan_no_jiuyuan_bonus():
    st = at(game("sunquan", "huatuo", "guanyu", "machao", roles=ROLES, hands=3), 3)
    st = run(st, "lose 1 4", "2 桃:♥3 via jijiu")  # 华佗 is Qun: no 救援 bonus
    assert st.seat(1).hp == 1


def _kongcheng_duel(variants=()):
    st = at(game("sunquan", "zhugeliang", "guanyu", "machao", hands=1, variants=variants), 3)
    st.seat(3).hand = 3
    return run(st, "3 决斗 2")


def test_kongcheng_last_card_spent_in_a_duel_the_duel_goes_on():
    st = run(_kongcheng_duel(), "nobody", "2 杀", "3 杀")  # 诸葛亮's last hand card, then 关羽's 杀
    assert st.prompt.kind == "respond" and st.prompt.seat == 2 and st.seat(2).hand == 0
    st, ev = events(st, "take")
    assert st.seat(2).hp == 2 and not any(e.data.get("skill") == "kongcheng" for e in ev)


def test_kongcheng_nullification_exchange_leaves_him_empty_the_duel_goes_on():
    st = run(_kongcheng_duel(), "2 无懈可击", "3 无懈可击", "nobody")  # his last card, cancelled back
    assert st.prompt.kind == "respond" and st.prompt.seat == 2 and st.seat(2).hand == 0
    assert run(st, "take").seat(2).hp == 2


def test_kongcheng_duel_old_faq_variant_ends_without_damage():
    st = run(_kongcheng_duel(("faq_kongcheng_duel",)), "nobody", "2 杀", "3 杀")
    assert st.prompt is None and st.seat(2).hp == 3


# ---------------------------------------------------------------- issue 13 §3 雌雄双股剑 / §4 two-card 杀

def test_double_swords_ask_before_the_nioh_shield_cancels_a_black_slash():
    gens = ["caocao", "sunshangxiang", "zhaoyun", "lvmeng", "ganning", "huatuo"]
    st = run(play6(gens), "equip 1 雌雄双股剑", "equip 2 仁王盾")
    st, ev = events(st, "1 杀:♠7 2")
    assert st.prompt is not None and st.prompt.kind == "weapon.double_swords" and st.prompt.seat == 2
    assert not any(e.kind == "armor" for e in ev)  # the shield acts only once the sword is answered
    hand = st.seat(1).hand
    st, ev = events(st, "pass")  # the user draws 1; then 仁王盾: no effect
    assert st.seat(1).hand == hand + 1 and st.prompt is None and st.seat(2).hp == st.seat(2).max_hp
    assert [e.kind for e in ev][-1] == "armor"


def test_spear_two_faces_of_different_colours_make_a_colourless_slash():
    st = run(play6(), "equip 1 丈八蛇矛", "equip 2 仁王盾")
    st2, ev = events(st, "1 杀:♥3+♠5 2 via spear")
    assert st2.prompt.kind == "respond" and st2.prompt.seat == 2  # no colour: 仁王盾 does not stop it
    use = [e for e in ev if e.kind == "use"][0]
    assert use.data["colour"] == "none" and use.data["faces"] == ["♥3", "♠5"] and "no colour" in use.en
    st3, ev = events(st, "1 杀:♠3+♣5 2 via spear")  # both black: 仁王盾
    assert st3.prompt is None and any(e.kind == "armor" for e in ev)
    assert run(st, "1 杀:♥3+♦5 2 via spear").prompt.kind == "respond"  # both red


def test_two_faces_only_for_two_cards():
    r = refused(play6(), "1 杀:♥3+♠5 2", "card.faces")
    assert "Spear" in r.en and "丈八蛇矛" in r.zh
