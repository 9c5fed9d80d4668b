"""Every one of the 40 skills is implemented in companion/rules/skills.py (or a rules registry) and documented."""

from __future__ import annotations

from pathlib import Path

from companion.rules import skills as sk
from companion.rules.distance import DISTANCE_MODIFIERS
from companion.rules.engine import SLASH_LIMIT_LIFTS
from companion.rules.generals import SKILLS
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
