"""Every one of the 40 skills is implemented in companion/rules/skills/ (or a rules registry) and documented."""

from __future__ import annotations

from pathlib import Path

from companion.rules.cards.weapons import SLASH_LIMIT_LIFTS
from companion.rules.distance import DISTANCE_MODIFIERS
from companion.rules.generals import SKILLS
from companion.rules.skills import base as sk
from companion.script import parse

ROOT = Path(__file__).resolve().parents[1]
# enforced through registries outside skills.py (distance.py / engine.py / outcome.py hooks)
ELSEWHERE = {"mashu": DISTANCE_MODIFIERS, "paoxiao": SLASH_LIMIT_LIFTS, "qicai": "engine._distance_limit",
             "jiuyuan": "outcome.PEACH_BONUS", "luoyi": "outcome.DAMAGE_MODIFIERS"}


def _implemented() -> set[str]:
    ids = {sid for hooks in sk.HOOKS.values() for sid, _ in hooks}
    ids |= set(sk.ACTIVE) | set(sk.VIEW_AS) | set(sk.RESPONSES) | {k.split(":")[0] for k in sk.STEPS}
    return ids | set(ELSEWHERE)


def test_forty_skills_all_implemented():
    assert len(SKILLS) == 40
    assert set(SKILLS) <= _implemented(), sorted(set(SKILLS) - _implemented())


def test_every_skill_has_a_row_in_rules_md_with_a_source():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "GEN" in line]
    for k in SKILLS.values():
        assert any(f"{k.zh} {k.id}" in r for r in rows), k.id


def test_skill_words_parse_in_every_spelling():
    for k in SKILLS.values():
        for word in (k.id, k.zh):
            a = parse(f"2 {word}")
            assert a.verb == "skill" and a.args["skill"] == k.id, word
    assert parse("tieji").args["skill"] == "tieqi"
    assert parse("2 杀:♥5 3 via 武圣").args["vskill"] == "wusheng"
    assert parse("yes").verb == "yes" and parse("n").verb == "no"


# ---------------------------------------------------------------- skill verbs: arguments, owners, reasons


def _g7():
    from skill_support import at, game
    return at(game("liubei", "daqiao", "sunshangxiang", "huatuo", "ganning", "huanggai", "zhangliao", hands=4), 1)


def test_missing_and_extra_skill_arguments_give_the_syntax():
    from skill_support import at, refused
    st = _g7()
    for seat, line, want in ((4, "4 qingnang", "qingnang needs a target seat: '4 qingnang 2'"),
                             (3, "3 jieyin", "jieyin needs a target seat: '3 jieyin 2'"),
                             (1, "1 rende", "rende needs a target seat and a number of cards: '1 rende 2 1'"),
                             (6, "6 kurou abc", "unexpected 'abc' — kurou is written 'S kurou' (no arguments)"),
                             (3, "3 jieyin 2 extra", "unexpected 'extra' — jieyin is written 'S jieyin T'"),
                             (4, "4 qingnang 2 3", "unexpected '3'")):
        r = refused(at(st, seat), line, "skill.args")
        assert want in r.en and "None" not in r.en, r.en


def test_skill_answers_without_arguments_refuse_extra_words():
    from skill_support import at, begin, game, refused, run
    st = begin(game("zhugeliang", "guanyu", "zhangliao", "ganning", hands=4), 1)
    assert st.prompt.data["skill"] == "guanxing"
    r = refused(st, "guanxing 3", "skill.args")
    assert "takes no arguments" in r.en
    st2 = at(game("sunshangxiang", "guanyu", "zhangliao", "ganning", hands=4), 2)
    st2 = run(st2, "equip 1 赤兔", "2 过河拆桥 1", "pass all", "pick minus_horse")
    assert st2.prompt.data.get("skill") == "xiaoji"
    refused(st2, "xiaoji 2", "skill.args")
    assert run(st2, "xiaoji").seat(1).hand == 6


def test_a_seat_without_the_skill_is_told_so():
    from skill_support import refused
    st = _g7()
    r = refused(st, "6 tuxi 1 2", "skill.none")
    assert r.en == "seat 6 (Huang Gai) does not have Sudden Raid"
    r = refused(st, "3 乐不思蜀:♦5 2 via guose", "viewas.skill")
    assert r.en == "seat 3 (Sun Shangxiang) does not have National Beauty"
    r = refused(st, "6 杀:♥A 7 via wusheng", "viewas.skill")
    assert r.en == "seat 6 (Huang Gai) does not have Warrior Saint"
    r = refused(st, "66 kurou", "seat.unknown")
    assert r.en == "no seat 66: the table has seats 1..7"


def test_a_view_as_skill_written_as_a_verb_shows_the_card_form():
    from skill_support import at, refused
    r = refused(at(_g7(), 5), "5 奇袭 6 ♠3", "skill.form")
    assert "'5 dismantlement:♠3 6 via qixi'" in r.en


def test_dying_huatuo_jijiu_gives_the_reason():
    # variant faq_dying_skills — old FAQ (rulebook 003): a dying general has lost his skills; only 桃 saves yourself
    from skill_support import refused, run
    st = _g7()
    st.variants.add("faq_dying_skills")
    st = run(st, "lose 4 3")
    assert st.prompt.kind == "dying" and st.prompt.data["victim"] == 4
    r = refused(st, "4 桃:♥3 via jijiu", "viewas.skill")
    assert "is dying" in r.en and "rulebook 003" in r.en and "faq_dying_skills" in r.en


def test_fankui_and_guicai_refuse_extra_or_missing_words():
    from skill_support import at, game, refused, run
    st = at(game("liubei", "simayi", "guanyu", "machao", hands=3), 3)
    st = run(st, "equip 3 赤兔", "3 杀 2", "take")
    refused(st, "fankui hand minus_horse", "skill.args")
    st = at(game("liubei", "simayi", "xiahoudun", "guojia", hands=2), 2)
    st = run(st, "2 杀 3", "take", "yes", "judge ♠5")
    assert st.prompt.data["skill"] == "guicai"
    r = refused(st, "guicai", "skill.args")
    assert "'guicai FACE'" in r.en and "None" not in r.en
    refused(st, "guicai ♥5 ♥6", "skill.args")
