"""The rules' vocabulary (companion/rules/vocab.py, issue 14): string enums whose members are the strings the
JSON, the journal and the command language always used."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from companion.rules.state import PHASES, ROLES, Prompt
from companion.rules.vocab import Kingdom, Phase, PromptKind, Role

RULES = Path(__file__).resolve().parents[1] / "companion" / "rules"


def test_members_are_the_field_terms():
    assert [str(p) for p in PHASES] == ["start", "judge", "draw", "play", "discard", "finish"]
    assert [str(r) for r in ROLES] == ["lord", "loyalist", "rebel", "renegade"]
    assert [k.zh for k in Kingdom] == ["魏", "蜀", "吴", "群"]
    assert Phase.PLAY == "play" and f"{Role.REBEL}" == "rebel"
    assert json.dumps({"phase": Phase.DISCARD, "kind": PromptKind.ICE_SWORD}) == \
        '{"phase": "discard", "kind": "weapon.ice_sword"}'


def test_every_prompt_kind_the_rules_core_asks_is_a_member():
    """Every ``Prompt(...)`` of the rules core is built with a :class:`PromptKind` member (so its payload type is
    the kind's: companion/rules/state.py) or another prompt's ``.kind``; never with a string."""
    asked, strings, other = set(), [], []
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Prompt" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Attribute) and getattr(first.value, "id", None) == "PromptKind":
                    asked.add(first.attr)
                elif isinstance(first, ast.Constant):
                    strings.append(f"{path.name}:{node.lineno}")
                elif not (isinstance(first, ast.Attribute) and first.attr == "kind"):
                    other.append(f"{path.name}:{node.lineno}")
    assert asked and asked <= set(PromptKind.__members__), sorted(asked - set(PromptKind.__members__))
    assert strings == [] and other == [], (strings, other)


def test_a_prompt_keeps_its_kind_as_the_member_and_refuses_an_unknown_one():
    p = Prompt("respond", 2, "seat 2: play 闪")
    assert p.kind is PromptKind.RESPOND and p.clone().kind is PromptKind.RESPOND
    with pytest.raises(ValueError):
        Prompt("respnd", 2, "a typo in the rules core")


REFUSING = {"Refused": 0, "refuse": 0, "_refuse": 0, "check": 1}
"""The calls of the rules core that take a rule id, and its argument's position (``ctx.check(ok, Rule.X, …)``)."""


def string_rule_ids(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` where a rule id is a string literal: the rule argument of a refusing call
    (:data:`REFUSING`), or any string that is a :class:`Rule` member's value (``frozenset({"hand.empty"})``)."""
    from companion.rules.vocab import Rule

    ids = {r.value for r in Rule}
    lines = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in ids:
            lines.add(n.lineno)
        elif isinstance(n, ast.Call):
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            at = REFUSING.get(name)
            if at is not None and len(n.args) > at and isinstance(n.args[at], ast.Constant) \
                    and isinstance(n.args[at].value, str):
                lines.add(n.lineno)
    return sorted(lines)


def test_the_rules_core_names_every_rule_by_its_member():
    """A rule id in companion/rules is ``Rule.X`` (vocab.py defines them): a typo is then an AttributeError at import
    or a mypy error, not a refusal without a text; the journal keeps the same strings (``Rule.X == "x"``)."""
    found = {f"{p.relative_to(RULES)}:{line}" for p in sorted(RULES.rglob("*.py")) if p.name != "vocab.py"
             for line in string_rule_ids(ast.parse(p.read_text(encoding="utf-8")))}
    assert found == set(), sorted(found)


def test_the_string_rule_id_finder_finds_them():
    sample = ('ctx.check(ok, "skill.target", en, zh, SRC)\n'       # 1: a rule id as a string
              'raise Refused("made.up", en, zh)\n'                  # 2: an id that is no member, as a string
              'HAND = frozenset({"hand.empty", Rule.HAND_COUNT})\n'  # 3: a member's value outside a call
              'ctx.check(ok, Rule.SKILL_TARGET, source=SRC)\n'       # fine
              'en_zh("prompt.discard", k=1)\n')                      # fine: a catalogue key
    assert string_rule_ids(ast.parse(sample)) == [1, 2, 3]
