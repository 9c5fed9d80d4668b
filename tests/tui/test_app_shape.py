"""The dashboard's code keeps its shape (issue 14): the rules' typed vocabulary instead of string ids."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.rules.vocab import Rule

TUI = Path(__file__).resolve().parents[2] / "companion" / "tui"


def _compared_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, text)`` of every string literal one side of a comparison (``==``, ``!=``, ``in``)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                elts = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                out += [(node.lineno, e.value) for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return out


def test_no_rule_id_is_compared_as_a_string_in_the_dashboard():
    """A refusal's rule is compared with its ``Rule`` member (``r.rule == Rule.HAND_ASK``), never with the id's
    text: a renamed rule is then an error at import, not a comparison that silently never holds."""
    ids = {str(r) for r in Rule}
    found = [(path.relative_to(TUI).as_posix(), line, s)
             for path in sorted(TUI.rglob("*.py"))
             for line, s in _compared_strings(ast.parse(path.read_text(encoding="utf-8")))
             if s in ids]
    assert found == []
