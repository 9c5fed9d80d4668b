"""Who may answer a skill's question, and at which question a skill may answer: two bounds the typed
payloads showed were not kept (issue 14)."""

from __future__ import annotations

from skill_support import ask, at, game, refused, run


def _ganglie_choice():
    st = at(game("liubei", "xiahoudun", "guanyu", "machao", hands=3), 3)
    st = run(st, "3 杀 2", "take", "yes", "judge ♦K")
    assert ask(st) == ("ganglie", 3, "choice")  # seat 3, the damage's source, chooses
    return st


def test_ganglie_choice_is_answered_by_the_source_seat_only():
    """刚烈: '伤害来源选择弃置两张手牌或受到你造成的1点伤害' — the source chooses, not 夏侯惇 (seat 2)."""
    st = _ganglie_choice()
    for line in ("take 2", "pass 2", "take 4"):
        assert refused(st, line, "prompt.seat")
    taken = run(st, "take 3")  # the source's own seat, named, still answers
    assert taken.seat(3).hp == 3 and taken.prompt is None
    assert run(st, "take").seat(3).hp == 3


def test_liuli_is_not_offered_at_archery_attacks_jink_question():
    """流离: '当你成为杀的目标时' — a 万箭齐发's 闪 question is a trick's, not a 杀's: nothing to redirect."""
    st = at(game("liubei", "daqiao", "guanyu", "machao", hands=3), 1)
    st = run(st, "1 万箭齐发", "nobody")
    p = st.prompt
    assert p is not None and (p.kind, p.seat) == ("respond", 2) and not p.data.get("slash")
    refused(st, "2 liuli 3", "skill.when")
    # at a 杀 it is: the same seats, seat 1's 杀 on 大乔
    st = at(game("liubei", "daqiao", "guanyu", "machao", hands=3), 1)
    st = run(st, "1 杀 2", "2 liuli 3")
    assert (st.prompt.kind, st.prompt.seat) == ("respond", 3)
