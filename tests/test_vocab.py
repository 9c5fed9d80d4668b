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
