"""Tests for companion.rules.generals: roster, lookups, skill flags."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.rules.generals import (
    GENERALS,
    LORD_CANDIDATES,
    SKILLS,
    Gender,
    General,
    Kingdom,
    Skill,
    UnknownGeneralError,
    UnknownSkillError,
    general,
    skill,
)


def test_roster():
    assert len(GENERALS) == 25
    assert Counter(g.kingdom for g in GENERALS.values()) == {
        Kingdom.WEI: 7, Kingdom.SHU: 7, Kingdom.WU: 8, Kingdom.QUN: 3
    }
    assert {g.id for g in GENERALS.values() if g.gender is Gender.FEMALE} == {
        "zhenji", "huangyueying", "daqiao", "sunshangxiang", "diaochan"
    }
    assert GENERALS["lvbu"].max_hp == 4  # original edition, not the revised 5
    assert {g.id for g in GENERALS.values() if g.max_hp == 3} == {
        "simayi", "guojia", "zhenji", "zhugeliang", "huangyueying", "zhouyu", "daqiao",
        "luxun", "sunshangxiang", "huatuo", "diaochan",
    }
    assert all(isinstance(g, General) and g.skills for g in GENERALS.values())
    assert [k.zh for k in Kingdom] == ["魏", "蜀", "吴", "群"]


def test_skills_index():
    assert len(SKILLS) == 40
    assert all(isinstance(s, Skill) for s in SKILLS.values())
    owned = [s.id for g in GENERALS.values() for s in g.skills]
    assert sorted(owned) == sorted(SKILLS)
    for s in SKILLS.values():
        assert s.summary_zh and s.summary_en and "\n" not in s.summary_zh + s.summary_en
        assert s.kind in ("trigger", "active", "viewas", "compulsory", "lord")


def test_lords():
    assert LORD_CANDIDATES == ("caocao", "liubei", "sunquan")
    assert [g.id for g in GENERALS.values() if g.is_lord_candidate] == list(LORD_CANDIDATES)
    lord_skills = {s.id for s in SKILLS.values() if s.lord_skill}
    assert lord_skills == {"hujia", "jijiang", "jiuyuan"}
    for gid in LORD_CANDIDATES:
        assert any(s.lord_skill for s in GENERALS[gid].skills)


def test_compulsory_flags():
    assert {s.id for s in SKILLS.values() if s.compulsory} == {
        "paoxiao", "kongcheng", "mashu", "qicai", "jiuyuan", "qianxun", "wushuang"
    }
    jiuyuan = SKILLS["jiuyuan"]
    assert jiuyuan.compulsory and jiuyuan.lord_skill and jiuyuan.kind == "lord"
    assert "distance" in SKILLS["mashu"].tags


@pytest.mark.parametrize(
    ("name", "gid"),
    [
        ("caocao", "caocao"),
        ("CaoCao", "caocao"),
        ("曹操", "caocao"),
        ("Cao Cao", "caocao"),
        ("cao_cao", "caocao"),
        ("xuzhu", "xuchu"),
        ("许褚", "xuchu"),
        ("Lü Bu", "lvbu"),
        ("lubu", "lvbu"),
        ("吕蒙", "lvmeng"),
        ("zhuge liang", "zhugeliang"),
        ("sunshangxiang", "sunshangxiang"),
    ],
)
def test_general_lookup(name, gid):
    assert general(name) is GENERALS[gid]


def test_general_unknown():
    with pytest.raises(UnknownGeneralError) as info:
        general("caocoa")
    assert info.value.suggestions[0] == "caocao"
    assert "did you mean caocao (曹操)" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(UnknownGeneralError) as info:
        general("qqqqzzzz")
    assert info.value.suggestions == ()


@pytest.mark.parametrize(
    ("name", "sid"),
    [
        ("tieqi", "tieqi"),
        ("tieji", "tieqi"),
        ("铁骑", "tieqi"),
        ("Iron Cavalry", "tieqi"),
        ("JIANXIONG", "jianxiong"),
        ("护驾", "hujia"),
        ("zhi heng", "zhiheng"),
    ],
)
def test_skill_lookup(name, sid):
    assert skill(name) is SKILLS[sid]


def test_skill_unknown():
    with pytest.raises(UnknownSkillError) as info:
        skill("jianxong")
    assert "jianxiong" in info.value.suggestions
    assert len(info.value.suggestions) <= 3
    assert "did you mean jianxiong (奸雄)" in str(info.value)
    with pytest.raises(UnknownGeneralError):  # one except clause catches both
        skill("nope-nope-nope")


def test_general_skill_order():
    assert [s.id for s in GENERALS["machao"].skills] == ["mashu", "tieqi"]
    assert [s.id for s in GENERALS["caocao"].skills] == ["jianxiong", "hujia"]
    assert GENERALS["machao"].skills[1] is SKILLS["tieqi"]
