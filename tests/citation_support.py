"""The refusals the code can raise, found in its source: for each ``Refused(…)``, ``refuse(…)`` and ``ctx.check(…)``
call of companion/ (the dashboard aside), the rule id, the case (``msg=``) and the source it cites, the source
evaluated in its module's namespace (``SRC_RANGE``, ``SRC_SKILL + "; " + SRC_FAQ``).  tests/test_citations.py and
tests/test_messages.py (which ``[source]`` entries the code cites) read them."""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CALLS = {"Refused": 0, "refuse": 0, "_refuse": 0, "check": 1}
"""The calls that refuse, and where their rule id stands among the positional arguments."""
DEFAULT_SOURCE = {"refuse": "SRC_SKILL"}
"""The source a call cites when it names none (companion/rules/skills/base.py ``refuse``)."""


@dataclass(frozen=True)
class Site:
    """One refusing call: ``file:line``, its rule id, its case (``msg=``, or None) and the source it cites."""

    file: str
    line: int
    rule: str
    case: str | None
    source: str


@cache
def refusal_sites() -> tuple[tuple[Site, ...], tuple[str, ...]]:
    """``(sites, unread)``: every refusing call whose rule and source evaluate, and ``file:line`` of those that do
    not (the helpers that pass a caller's rule and source through: ``Ctx.check``, ``refuse``)."""
    sites: list[Site] = []
    unread: list[str] = []
    for p in sorted((ROOT / "companion").rglob("*.py")):
        if "tui" in p.parts:
            continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        ns: dict | None = None
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call):
                continue
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            pos = CALLS.get(name)
            if pos is None or len(n.args) <= pos:
                continue
            if isinstance(n.args[pos], ast.Starred):  # ctx.check(False, *r): a filter's answer passed through
                unread.append(f"{p.relative_to(ROOT)}:{n.lineno}")
                continue
            if ns is None:
                ns = vars(importlib.import_module(".".join(p.relative_to(ROOT).with_suffix("").parts)))
            src = next((k.value for k in n.keywords if k.arg == "source"), None)
            if src is None and len(n.args) > pos + 3:
                src = n.args[pos + 3]
            msg = next((k.value for k in n.keywords if k.arg == "msg"), None)
            try:  # our own source: a name, a literal or a sum of them, in the module's namespace
                rule = str(eval(ast.unparse(n.args[pos]), ns))
                source = eval(ast.unparse(src), ns) if src is not None else ns.get(DEFAULT_SOURCE.get(name, ""), "")
            except NameError:
                unread.append(f"{p.relative_to(ROOT)}:{n.lineno}")
                continue
            case = msg.value if isinstance(msg, ast.Constant) else None
            sites.append(Site(p.relative_to(ROOT).as_posix(), n.lineno, rule, case, str(source)))
    return tuple(sites), tuple(unread)


def citations() -> list[tuple[str, int, str]]:
    """``(file, line, source)`` of every source the code cites on screen: each refusal's, and each role-table
    variant's (companion/rules/setup.py ``SRC_ROLE_VARIANTS``, said in ``setup.variant/roles``)."""
    from companion.rules.setup import SRC_ROLE_VARIANTS

    return [(s.file, s.line, s.source) for s in refusal_sites()[0] if s.source] + \
        [("companion/rules/setup.py", 0, src) for src in SRC_ROLE_VARIANTS.values()]


def cited_documents() -> set[str]:
    """Every document the code cites (a source split at ``"; "``)."""
    return {part for _file, _line, source in citations() for part in source.split("; ")}
