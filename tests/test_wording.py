"""Log and question wording found by a newcomer moderating a game (zh and en texts)."""

from __future__ import annotations

import re

from engine_support import events, refused, run, table, to_play
from skill_support import at, game

from companion.rules.deck import KINDS

_EN_WORDS = sorted({k.en for k in KINDS.values()} | {"weapon", "armor", "plus_horse", "minus_horse"}, key=len,
                   reverse=True)


def _english_in(zh: str) -> list[str]:
    return [w for w in _EN_WORDS if re.search(rf"(?<![A-Za-z_]){re.escape(w)}(?![A-Za-z_])", zh)]


def test_role_at_death_reads_as_a_role_not_was_a():
    st = game("liubei", "guanyu", "zhangfei", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"})
    st = run(st, "damage 2 9")
    st, ev = events(st, "pass all")
    role = next(e for e in ev if e.kind == "role")
    assert "was a" not in role.en and role.en.endswith("role: loyalist") and role.zh.endswith("身份：忠臣")


def test_jiuyuan_heal_names_jiuyuan():
    # 救援 (standard_generals.json 孙权): another Wu seat's 桃 on the dying lord heals 1 extra
    st = at(game("sunquan", "zhouyu", "guanyu", "machao", roles={2: "loyalist", 3: "rebel", 4: "renegade"},
                 hands=3), 2)
    st = run(st, "damage 1 4 from 3")
    st, ev = events(st, "2 peach")
    heal = next(e for e in ev if e.kind == "heal")
    assert st.seat(1).hp == 2 and "+1 from Rescue" in heal.en and "救援" in heal.zh


def test_longdan_names_the_card_it_was():
    st = at(game("liubei", "zhaoyun", "guanyu", "machao", hands=3), 3)
    st = run(st, "3 杀 2")
    st, ev = events(st, "2 闪:♠7 via longdan")
    va = next(e for e in ev if e.kind == "viewas")
    assert "Slash♠7 as Jink" in va.en and "杀♠7当闪" in va.zh


def test_jiuyuan_summary_does_not_repeat_the_marks():
    from companion.rules.generals import SKILLS
    from companion.tui.screens import skill_lines
    st = game("sunquan", "zhouyu", "guanyu", "machao")
    en = next(x for x in skill_lines(st, "en", 1) if "Rescue" in x)  # one language: the English name only (issue 16)
    zh = next(x for x in skill_lines(st, "zh", 1) if "救援" in x)
    assert en.lower().count("lord skill") == 1 and en.lower().count("compulsory") == 1, en
    assert zh.count("主公技") == 1 and zh.count("锁定技") == 1, zh
    for sid in ("hujia", "jijiang"):
        assert not SKILLS[sid].summary_en.startswith("Lord skill") and not SKILLS[sid].summary_zh.startswith("主公技")


def test_no_english_card_or_slot_names_in_zh_texts():
    st = to_play(table(4))
    st = run(st, "equip 2 赤兔", "equip 2 青釭剑")
    st, ev = events(st, "unequip 2 weapon")
    assert all(not _english_in(e.zh) for e in ev), [e.zh for e in ev]
    assert "青釭剑" in ev[0].zh
    r = refused(st, "unequip 2 weapon")
    assert not _english_in(r.zh), r.zh
    st = run(st, "1 过河拆桥 2", "pass all")
    r = refused(st, "pick armor")
    assert not _english_in(r.zh) and "赤兔" in r.zh, r.zh


def test_a_cancelled_window_does_not_say_nobody_played():
    st = to_play(table(4))
    st = run(st, "1 过河拆桥 3", "3 无懈可击")
    st, ev = events(st, "pass all")
    assert not any("nobody plays" in e.en or "无人使用" in e.zh for e in ev)
    assert any(e.kind == "nullified" for e in ev)
    st = to_play(table(4))
    st, ev = events(run(st, "1 过河拆桥 3"), "pass all")
    assert any("nobody plays Nullification" in e.en for e in ev)       # nobody played one: said so


def test_nullification_window_is_not_addressed_to_the_tricks_user():
    st = run(to_play(table(4)), "1 过河拆桥 3")
    p = st.prompt
    assert p.kind == "nullify" and p.seat == 1                   # asked from the user on, in seat order
    assert p.zh.startswith("无懈可击？") and "即将生效" in p.zh and p.zh.count("1号位") == 1, p.zh
    assert p.en.startswith("Nullification? ") and "about to take effect" in p.en and p.en.count("seat 1") == 1, p.en
    st = run(st, "3 无懈可击")                                   # the chain: about that 无懈可击 and what it cancels
    assert st.prompt.zh.startswith("无懈可击？") and "3号位（赵云）的第1张无懈可击即将生效：抵消" in st.prompt.zh, st.prompt.zh


def test_jink_question_names_the_eight_diagram_until_judged_black():
    # 八卦阵 (RULES_NOTES: Judgements): when 闪 is needed the holder may judge; red counts as 闪
    st = to_play(table(4))
    st = run(st, "equip 2 八卦阵", "1 杀 2")
    assert "judge FACE" in st.prompt.en and "Eight Diagram" in st.prompt.en and "judge 牌面" in st.prompt.zh
    black = run(st, "judge ♠3")
    assert black.prompt.kind == "respond" and "八卦阵" not in black.prompt.en and "八卦阵" not in black.prompt.zh
    plain = run(to_play(table(4)), "1 杀 2")
    assert "八卦阵" not in plain.prompt.en
    armored = run(to_play(table(4)), "equip 2 八卦阵", "equip 1 青釭剑", "1 杀 2")   # 青釭剑 ignores armor
    assert "八卦阵" not in armored.prompt.en


def test_delayed_trick_judge_question_mentions_nullification():
    st = run(table(4), "place 1 乐不思蜀", "next")
    assert st.prompt.kind == "judge"
    assert "Nullification" in st.prompt.en and "无懈可击" in st.prompt.zh


def test_zh_respond_questions_show_the_answer_words():
    """The answer words of a question, each in the command words of its language (issue 16: no 杀 in English,
    no ``jink`` in Chinese; the command language reads both)."""
    st = to_play(table(4))
    for line, en, zh in (("1 南蛮入侵", "slash / take", "输入 杀 或 take"), ("1 万箭齐发", "jink / take", "输入 闪 或 take"),
                         ("1 决斗 2", "slash / take", "输入 杀 或 take")):
        s = run(st, line, "pass all")
        assert s.prompt.kind == "respond" and en in s.prompt.en and zh in s.prompt.zh, s.prompt.zh


def test_jijiang_hint_singular_and_plural_seats():
    from skill_support import at, game, run
    st = at(game("liubei", "zhangliao", "guanyu", "ganning", hands=4), 2)
    st = run(st, "2 决斗 1", "pass all")
    assert "seat 3 may give Slash ('S slash via jijiang')" in st.prompt.en and "seats 3" not in st.prompt.en
    st = at(game("liubei", "zhangliao", "guanyu", "zhangfei", hands=4), 2)
    st = run(st, "2 决斗 1", "pass all")
    assert "seats 3, 4 may give Slash in this order" in st.prompt.en


def test_death_discard_line_names_cards_in_the_language_of_the_text():
    """Issue 16 (one language per screen) replaced the earlier rule "Chinese card names in English too"."""
    from skill_support import at, events, game, run
    st = at(game("liubei", "guanyu", "zhangliao", "ganning", roles={2: "loyalist", 3: "rebel", 4: "renegade"},
                 hands=2), 1)
    st = run(st, "equip 3 赤兔:♥5", "lose 3 3")
    st, ev = events(st, "damage 3 1 from 1")
    for line in ("pass", "pass", "pass", "pass"):
        if st.prompt is None or st.prompt.kind != "dying":
            break
        st, more = events(st, line)
        ev += more
    if st.prompt is not None and st.prompt.kind == "reveal":
        st, more = events(st, "reveal rebel")
        ev += more
    lines = [e for e in ev if "赤兔" in e.zh]
    assert lines and all("Chitu♥5" in e.en and "赤兔" not in e.en and "赤兔♥5" in e.zh for e in lines), lines


def test_yes_with_no_question_pending_says_so():
    from skill_support import at, game, refused
    st = at(game("liubei", "guanyu", "zhangliao", "ganning", hands=2), 1)
    for line in ("yes", "no", "take"):
        r = refused(st, line, "prompt.none")
        assert "no question is pending" in r.en and "answer the pending question first" not in r.source, r


def test_wrong_seat_answer_card_says_who_must_answer():
    from skill_support import at, game, refused, run
    st = at(game("zhangliao", "guanyu", "machao", "ganning", "zhaoyun", hands=3), 4)
    st = run(st, "4 决斗 5", "pass all")
    assert st.prompt.kind == "respond" and st.prompt.seat == 5
    for line, rule in (("4 杀", "prompt.seat"), ("1 take", "prompt.seat"), ("1 杀", "prompt.seat")):
        r = refused(st, line, rule)
        assert "seat 5 must answer, not seat" in r.en, r
    st2 = run(at(st, 1), "1 杀 2")
    r = refused(st2, "3 闪", "prompt.seat")
    assert r.en == "seat 2 must answer, not seat 3"


def test_unknown_chinese_card_lists_chinese_names_and_zh_text_is_chinese():
    import pytest

    from companion.rules.errors import CommandError
    from companion.script import parse
    from companion.session import describe_error
    with pytest.raises(CommandError) as exc:
        parse("1 沙 3")                                     # homophone of 杀: not near by spelling
    e = exc.value
    assert "杀" in e.en and "南蛮入侵" in e.en
    assert e.zh.startswith("未知的牌“沙”") and "杀、闪" in e.zh and "unknown" not in e.zh and " use " not in e.zh
    assert describe_error(e, "zh") == e.zh and describe_error(e, "en") == e.en
    with pytest.raises(CommandError) as exc:
        parse("1 南蛮入浸")                                  # a close Chinese name is suggested
    assert "南蛮入侵" in exc.value.zh and "是否想输入" in exc.value.zh


def test_typo_suggestions_name_cards_without_a_stray_pai():
    import pytest

    from companion.rules.errors import CommandError
    from companion.script import parse
    with pytest.raises(CommandError) as exc:
        parse("1 shaa 2")
    assert "是否想输入：杀、闪、闪电？" in exc.value.zh and "牌杀" not in exc.value.zh
    with pytest.raises(CommandError) as exc:
        parse("1 过河拆乔 6")
    assert "是否想输入：过河拆桥？" in exc.value.zh


def test_tiandu_prompt_and_summary_say_the_same_timing():
    # rulebook 001: 天妒 is asked once the judgement card is turned (result determined), before its effect.
    from skill_support import at, game, run

    from companion.rules.generals import SKILLS
    st = at(game("liubei", "guojia", "guanyu", "machao", hands=3), 2, "start")
    st = run(st, "place 2 乐不思蜀", "next", "judge ♠3")
    sk = SKILLS["tiandu"]
    for prompt, summary, phrase in ((st.prompt.en, sk.summary_en, "before its effect"),
                                    (st.prompt.zh, sk.summary_zh, "其效果执行前")):
        assert phrase in prompt and phrase in summary, (prompt, summary)
    assert "生效后" not in sk.summary_zh and "然后判定生效" not in st.prompt.zh and "takes effect" not in sk.summary_en


def test_deal_generals_lists_chinese_names_in_zh():
    from engine_support import events, run

    from companion.rules.state import GameState
    st = run(GameState(), "players 5", "lord 1")
    _st, ev = events(st, "deal generals seed=3")
    offer = [e for e in ev if e.kind == "offer"]
    assert offer and "曹操" in offer[0].zh and "caocao" not in offer[0].zh
    assert "caocao" in offer[0].en


def test_one_hand_card_is_singular():
    from engine_support import refused, run, table, to_play
    st = run(to_play(table(5)), "hand 1 1")
    r = refused(st, "discard 2")
    assert "has only 1 hand card," in r.en and "1 hand cards" not in r.en
    assert "has only 3 hand cards" in refused(run(st, "hand 1 3"), "give 1 2 4").en
