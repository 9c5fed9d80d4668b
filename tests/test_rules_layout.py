"""The rules core's layout (issue 14): every card and skill id is in exactly one module, which handles it, the
docs' table says which, and no private name crosses a module of companion/ (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import companion.rules.engine  # noqa: F401 - registers every card and skill
from companion.rules import cards, skills
from companion.rules.cards.common import OWNER, USE
from companion.rules.deck import KINDS, maneuvering_cards, standard_deck
from companion.rules.generals import GENERALS, SKILLS

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
# skills whose effect is counted outside their kingdom's module, and where (the module's comment says so)
ELSEWHERE = {"mashu": "companion/rules/distance.py", "qicai": "companion/rules/cards/common.py"}


def _table(header: str) -> dict[str, list[str]]:
    """id → the module paths the docs' table under ``header`` gives it (a list: a repeated id shows up)."""
    part = DOC.split(header, 1)[1].split("\n### ", 1)[0]
    out: dict[str, list[str]] = {}
    for row in re.findall(r"^\| `([a-z_]+)` \|.*`(companion/rules/[a-z_/]+\.py)` \|$", part, re.M):
        out.setdefault(row[0], []).append(row[1])
    return out


def _path(module_name: str) -> str:
    return module_name.replace(".", "/") + ".py"


def test_every_card_of_the_deck_is_in_exactly_one_module_that_uses_it():
    deck_ids = {c.kind for c in standard_deck() + maneuvering_cards()}
    assert deck_ids == set(KINDS)
    table = _table("### Cards")
    assert set(table) == deck_ids, sorted(set(table) ^ deck_ids)
    for cid in deck_ids:
        holders = [m for m in cards.MODULES if cid in m.HANDLES]
        assert len(holders) == 1, (cid, [m.__name__ for m in holders])
        (m,) = holders
        assert table[cid] == [_path(m.__name__)], (cid, table[cid])
        assert cid in USE and OWNER[cid] == m.__name__, (cid, OWNER.get(cid))


def test_every_skill_is_in_exactly_one_kingdom_module_that_handles_it():
    table = _table("### Skills")
    assert set(table) == set(SKILLS), sorted(set(table) ^ set(SKILLS))
    kingdom = {s.id: str(g.kingdom) for g in GENERALS.values() for s in g.skills}
    for sid in SKILLS:
        holders = [m for m in skills.MODULES if sid in m.HANDLES]
        assert len(holders) == 1, (sid, [m.__name__ for m in holders])
        (m,) = holders
        assert m.__name__.rsplit(".", 1)[1] == kingdom[sid], (sid, m.__name__)
        assert table[sid] == [_path(m.__name__)], (sid, table[sid])
        where = ELSEWHERE.get(sid, _path(m.__name__))
        assert f'"{sid}"' in (ROOT / where).read_text(encoding="utf-8"), (sid, where)


def test_no_private_name_crosses_a_module():
    bad = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                bad += [f"{path.name}: from {node.module} import {a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]
                modules |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Import):
                modules |= {(a.asname or a.name).split(".")[0] for a in node.names}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                    and node.attr.startswith("_") and not node.attr.startswith("__")):
                bad.append(f"{path.name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert bad == []


def shadowed_imports(tree: ast.Module) -> list[str]:
    """``name:line`` of each method call on a function's local variable that has the name of a module-level import
    (``text = line.strip(); text.startswith("#")`` beside ``from .messages import text``): Python 3.11 compiles
    such a call as an attribute read, binding a method object at every call, not as a method call."""
    imported = {(a.asname or a.name).split(".")[0] for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names}
    out = []
    for f in ast.walk(tree):
        if not isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        a = f.args
        local = {x.arg for x in [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg] if x is not None}
        local |= {n.id for n in ast.walk(f) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        out += [f"{n.func.value.id}:{n.lineno}" for n in ast.walk(f)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
                and n.func.value.id in local & imported]
    return out


def test_no_local_variable_takes_the_name_of_an_import_it_calls_methods_on():
    found = {f"{p.relative_to(ROOT)}: {hit}" for p in sorted((ROOT / "companion").rglob("*.py"))
             for hit in shadowed_imports(ast.parse(p.read_text(encoding="utf-8")))}
    assert found == set(), sorted(found)
    sample = "from .messages import text\ndef f(line):\n    text = line.strip()\n    return text.startswith('#')\n"
    assert shadowed_imports(ast.parse(sample)) == ["text:4"]
