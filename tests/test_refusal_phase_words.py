"""A refusal that names the phase (``card.phase``, ``skill.phase``) names it in the language of the text: the
Chinese ``现在：1号位的出牌阶段``, never ``play阶段`` (docs/messages.md "Placeholders": a phase name is a bilingual
value; companion/rules/flow.py ``phase_name``)."""

from __future__ import annotations

from engine_support import refused, run, table

from companion.rules.state import PHASES

ZH = {"start": "准备", "judge": "判定", "draw": "摸牌", "play": "出牌", "discard": "弃牌", "finish": "结束"}


def _each_phase():
    """Seat 1's turn at each phase in turn (its hand small enough that the discard phase asks nothing)."""
    st = run(table(4, generals=["caocao", "sunquan", "guanyu", "zhaoyun"]), "hand 1 2")
    for _ in PHASES:
        yield st
        st = run(st, "next")


def test_every_phase_has_its_chinese_word():
    assert set(ZH) == {str(p) for p in PHASES}


def test_a_card_out_of_its_play_phase_names_the_phase_in_each_language():
    seen = set()
    for st in _each_phase():
        r = refused(st, "2 slash 1")
        assert r.rule == "card.phase"
        zh, en = r.text.zh, r.text.en
        assert f"1号位的{ZH[st.phase]}阶段" in zh, zh
        assert not any(p in zh for p in ZH), zh  # no English phase id in the Chinese text
        assert f"seat 1's {st.phase} phase" in en, en
        seen.add(st.phase)
    assert seen == set(ZH)


def test_a_skill_out_of_its_play_phase_names_the_phase_in_english_and_no_id_in_chinese():
    for st in _each_phase():
        r = refused(st, "2 zhiheng 1")
        assert r.rule == "skill.phase"
        assert f"seat 1's {st.phase} phase" in r.text.en
        assert not any(p in r.text.zh for p in ZH), r.text.zh
