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


APP = TUI / "app.py"
APP_LINES = 250
"""app.py's budget: it composes the screen and routes keys, events and messages (890 lines before issue 14)."""
FUNCTION_LINES = 25
"""The longest function app.py may hold (``__init__``, ``compose``); what a key or an event does lives elsewhere."""
ROUTES = 4
"""Statements an ``on_*`` / ``watch_*`` handler of app.py may have (``on_mount`` aside: it starts what the mounted
screen runs): it hands the event on."""
OWN = {"__init__", "compose", "check_action", "action_key", "script", "_start_gc", "_fatal_error"}
"""The methods of CompanionApp that are neither a route nor in a mixin: composing, the bindings' check, the
command language's import, the collector after the first paint, Textual's last-resort hook."""


def _methods() -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(APP.read_text(encoding="utf-8"))
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "CompanionApp")
    return [n for n in app.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def test_app_py_only_composes_and_routes():
    """app.py within its budget; no long function; its handlers hand the event on; no method but composing and
    routing (drawing is view.py's, the command bar's lines submit.py's, undo / redo history.py's, the dialogs
    dialogs.py's, the choices quick.py's, the scan scan.py's)."""
    text = APP.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= APP_LINES
    tree = ast.parse(text)
    long = [(f.name, f.end_lineno - f.lineno + 1) for f in ast.walk(tree)
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.end_lineno - f.lineno + 1 > FUNCTION_LINES]
    assert long == []
    methods = _methods()
    handlers = [m for m in methods if m.name.startswith(("on_", "watch_")) and m.name != "on_mount"]
    assert handlers, "CompanionApp routes its events"
    fat = [(m.name, len(m.body)) for m in handlers if len(m.body) > ROUTES]
    assert fat == []
    others = sorted(m.name for m in methods if m.name not in OWN and not m.name.startswith(("on_", "watch_")))
    assert others == []


def test_no_mixin_shadows_another():
    """A method defined in two of CompanionApp's mixins would silently hide one of them (the first in the MRO
    wins): each name is defined once."""
    from companion.tui.app import CompanionApp

    seen: dict[str, str] = {}
    twice = []
    for base in CompanionApp.__bases__:
        if base.__module__.startswith("companion.tui."):
            for name, v in vars(base).items():
                if callable(v) or isinstance(v, (property, staticmethod, classmethod)):
                    if name in seen and not name.startswith("__"):
                        twice.append((name, seen[name], base.__name__))
                    seen[name] = base.__name__
    assert len(seen) > 50 and twice == []
