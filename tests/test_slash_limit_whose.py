"""The 杀 limit is the user's own play phase's (rulebook 001 出牌阶段: 每个出牌阶段仅限使用一次【杀】; RULES_NOTES: Other
facts): ``force 4 杀 1`` in seat 1's play phase goes past ``card.phase`` only — it is not refused (nor journaled
as forced) with seat 1's count as if seat 4 had used it, and it uses up none of seat 1's 杀
(companion/rules/cards/basic.py ``use_slash``)."""

from __future__ import annotations

from engine_support import refused, run, table, to_play

from companion.script import execute

GENERALS = ["guanyu", "huatuo", "zhaoyun", "lvmeng"]
"""No skill asks anything when these take damage, none lifts the 杀 limit."""


def _forced(st, line):
    r = execute(st, line)
    return r.state, [e for e in r.events if e.kind == "forced"]


def test_a_forced_slash_outside_its_users_play_phase_is_not_counted_as_the_current_players():
    st = run(to_play(table(4, generals=GENERALS)), "1 杀 2", "take")  # seat 1 has used its 杀
    assert refused(st, "1 杀 2").rule == "slash.limit"
    st, forced = _forced(st, "force 4 杀 1")
    assert [e.data["rule"] for e in forced] == ["card.phase"], [(e.data, e.zh) for e in forced]
    assert not any("已使用" in e.zh or "already used" in e.en for e in forced)
    st = run(st, "take")
    r = refused(st, "1 杀 2")  # seat 1's own count: one, not two
    assert r.rule == "slash.limit" and "1号位本阶段已使用1张杀" in r.text.zh and "seat 1 has already used 1 Slash" in r.text.en


def test_a_forced_slash_by_another_seat_uses_up_none_of_the_current_players():
    st = to_play(table(4, generals=GENERALS))
    st, forced = _forced(st, "force 4 杀 1")
    assert [e.data["rule"] for e in forced] == ["card.phase"]
    st = run(st, "take", "1 杀 2")  # seat 1's one 杀 of the phase is still there
    assert st.prompt is not None and st.prompt.seat == 2
