#!/usr/bin/env python3
"""Move the rules' inline English / Chinese texts into the message catalogue (issue 14).

    python tools/msg_codemod.py [--check] [ROOT]      # ROOT: the repository (default: this one)

Re-runnable: it rewrites what is still inline and leaves converted code alone; a text already in the
catalogue keeps its key.  What it rewrites, in every ``companion/rules/**/*.py``:

* ``Refused("rule", f"en…", f"zh…", SRC, forceable=…)`` → ``Refused(Rule.X, source=SRC, forceable=…,
  [msg="case",] name=value, …)``;
* ``ctx.check(ok, "rule", en, zh, SRC[, forceable])`` → ``ctx.check(ok, Rule.X, source=SRC, …, name=value)``;
* ``ctx.event(kind, en, zh[, seat], **data)`` and ``Event(kind, en, zh[, seat[, data]])`` →
  ``ctx.event(kind, say("kind[/case]", name=value, …), seat=…, **data)``;
* any other ``…, en, zh, …`` argument pair or tuple (questions, range terms) → ``*en_zh("group[/case]", …)``.

The placeholders are named after the f-string expressions (``{s.hand}`` → ``hand``, ``{len(targets)}`` →
``n_targets``, ``{s.hand - lim}`` → ``hand_minus_lim``); an English and a Chinese expression that name the same
thing (``ne`` / ``nz``, ``p.en`` / ``p.zh``, ``phase`` / ``zh_phase``) become one bilingual value
``Words(en, zh)``.  The Rule StrEnum (``companion/rules/vocab.py``) is rewritten from every rule id found in the
code and the catalogue.  It prints what it could not convert (file:line) for a hand to finish.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import keyword
import re
import sys
import tokenize
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
RESERVED = {"rule", "en", "zh", "source", "forceable", "msg", "self", "ok"}
STOP = {"the", "a", "an", "of", "to", "is", "for", "in", "on", "and", "or", "be", "with", "as", "at", "by", "it",
        "s", "its", "no", "not"}
WIDTH = 124


def is_str(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr)


def literal_text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        return str(node.value)
    assert isinstance(node, ast.JoinedStr)
    return "".join(v.value for v in node.values if isinstance(v, ast.Constant))


def has_cjk(node: ast.AST) -> bool:
    return is_str(node) and bool(CJK.search(literal_text(node)))


def zhness(node: ast.AST) -> float:
    """The share of Chinese in a string's literal text (an English text names cards in Chinese too)."""
    t = literal_text(node)
    cjk = len(CJK.findall(t))
    return cjk / (cjk + len(re.findall(r"[A-Za-z]", t)) + 1)


# --------------------------------------------------------------------------- names of placeholders


# a seat's words ``ne``/``nz`` (who(st, n)): the placeholder says whose name it is
SEAT_WORDS = {"n": "who", "t": "target", "v": "victim", "s": "src", "u": "user", "a": "asked", "k": "killer",
              "d": "dest", "b": "by", "w": "wielder", "o": "other", "p": "asked", "h": "holder", "g": "giver",
              "r": "receiver", "c": "cause", "x": "seat", "m": "mover", "f": "from", "tg": "target"}


def name_of(e: ast.AST) -> str:
    if isinstance(e, ast.Name):
        n = e.id.strip("_")
        m = re.fullmatch(r"([a-z]{1,2})[ez]", n)
        if m:
            return SEAT_WORDS.get(m[1], m[1] + "_name")
        n = re.sub(r"^(zh|en)_|_(zh|en)$", "", n)
        return n.lower() or "value"
    if isinstance(e, ast.Attribute):
        if e.attr in ("en", "zh"):
            return name_of(e.value)
        if e.attr == "id":
            return name_of(e.value) + "_id"
        return e.attr.strip("_").lower()
    if isinstance(e, ast.Call):
        f = e.func
        fname = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else "call"
        fname = re.sub(r"_(en|zh)$", "", fname.strip("_").lower())
        if fname == "join":
            return (name_of(e.args[0]) if e.args else "items") + "_list"
        if fname == "len" and e.args:
            return "n_" + name_of(e.args[0])
        if fname in ("str", "abs", "int", "map", "sorted", "list", "tuple", "repr") and e.args:
            return name_of(e.args[-1])
        if fname == "get" and e.args and isinstance(e.args[0], ast.Constant):
            return str(e.args[0].value)
        return fname
    if isinstance(e, ast.Subscript):
        sl = e.slice
        if isinstance(sl, ast.Constant) and isinstance(sl.value, str):
            return sl.value
        if isinstance(sl, ast.Constant):
            return f"{name_of(e.value)}{sl.value}"
        return f"{name_of(e.value)}_{name_of(sl)}"
    if isinstance(e, ast.BinOp):
        op = {ast.Sub: "minus", ast.Add: "plus", ast.Mult: "times", ast.FloorDiv: "over"}.get(type(e.op), "op")
        return f"{name_of(e.left)}_{op}_{name_of(e.right)}"
    if isinstance(e, ast.UnaryOp):
        return name_of(e.operand)
    if isinstance(e, ast.IfExp):
        return name_of(e.body)
    return "value"


def norm(src: str) -> str:
    """An expression's source with its language marks taken off: ``nz`` ~ ``ne``, ``p.zh`` ~ ``p.en``."""
    s = re.sub(r"\.(zh|en)\b", "", src)
    s = re.sub(r"\bzh_(\w+)", r"\1", s)
    s = re.sub(r"\ben_(\w+)", r"\1", s)
    s = re.sub(r"(\w+?)_(zh|en)\b", r"\1", s)
    s = re.sub(r"(\w+?)_ZH\b", r"\1", s)
    s = re.sub(r"\b([a-z]{1,2})[ez]\b", r"\1", s)
    return s


@dataclass
class Tmpl:
    text: str  # str.format template
    exprs: list[tuple[str, str]]  # (placeholder, expression source) in order of first use


def template(node: ast.AST, src: str, names: dict[str, str]) -> Tmpl | None:
    """The template of one string node; ``names`` maps expression source → placeholder (shared by the pair)."""
    if isinstance(node, ast.Constant):
        return Tmpl(str(node.value).replace("{", "{{").replace("}", "}}"), [])
    out, exprs = [], []
    assert isinstance(node, ast.JoinedStr)
    for v in node.values:
        if isinstance(v, ast.Constant):
            out.append(str(v.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(v, ast.FormattedValue)
        esrc = ast.get_source_segment(src, v.value)
        if esrc is None:
            return None
        esrc = " ".join(esrc.split())
        if esrc not in names:
            return None
        ph = names[esrc]
        conv = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[v.conversion]
        spec = ""
        if v.format_spec is not None:
            if not all(isinstance(x, ast.Constant) for x in v.format_spec.values):  # type: ignore[attr-defined]
                return None
            spec = ":" + literal_text(v.format_spec)
        out.append("{" + ph + conv + spec + "}")
        if ph not in [p for p, _ in exprs]:
            exprs.append((ph, esrc))
    return Tmpl("".join(out), exprs)


def fexprs(node: ast.AST, src: str) -> list[tuple[str, ast.AST]]:
    if not isinstance(node, ast.JoinedStr):
        return []
    res = []
    for v in node.values:
        if isinstance(v, ast.FormattedValue):
            s = ast.get_source_segment(src, v.value)
            if s is not None:
                s = " ".join(s.split())
                if s not in [x for x, _ in res]:
                    res.append((s, v.value))
    return res


@dataclass
class Converted:
    en: str
    zh: str
    params: list[tuple[str, str]]  # (name, value source) — value source may be Words(…)
    one_sided: list[str]  # placeholders in one language only
    unused: dict[str, list[str]] = field(default_factory=dict)  # lang -> params its text leaves out


def convert_pair(en: ast.AST, zh: ast.AST, src: str) -> Converted | None:
    ee, ze = fexprs(en, src), fexprs(zh, src)
    names: dict[str, str] = {}
    params: list[tuple[str, str]] = []
    used: set[str] = set()

    def fresh(base: str, node: ast.AST | None) -> str:
        base = re.sub(r"\W", "_", base) or "value"
        if base in RESERVED or keyword.iskeyword(base):
            base = base + "_"
        cand = base
        if cand in used and node is not None and isinstance(node, ast.Attribute):
            cand = f"{name_of(node.value)}_{base}"
        i = 2
        while cand in used:
            cand = f"{base}{i}"
            i += 1
        used.add(cand)
        return cand

    z_left = list(ze)
    en_only = []
    for es, enode in ee:
        match = next((z for z in z_left if z[0] == es), None) or next((z for z in z_left if norm(z[0]) == norm(es)), None)
        if match is None:
            en_only.append((es, enode))
            continue
        z_left.remove(match)
        ph = fresh(name_of(enode), enode)
        names[es] = ph
        names[match[0]] = ph
        params.append((ph, es if match[0] == es else f"Words({es}, {match[0]})"))
    one_sided = []
    if len(en_only) == len(z_left):  # what is left pairs in order (same count on both sides)
        for (es, enode), (zs, _) in zip(en_only, z_left, strict=True):
            ph = fresh(name_of(enode), enode)
            names[es] = names[zs] = ph
            params.append((ph, f"Words({es}, {zs})"))
    else:
        for es, enode in en_only + z_left:
            ph = fresh(name_of(enode), enode)
            names[es] = ph
            params.append((ph, es))
            one_sided.append(ph)
    te, tz = template(en, src, names), template(zh, src, names)
    if te is None or tz is None:
        return None
    unused = {}
    for lang, t in (("en", te), ("zh", tz)):
        left = [k for k, _ in params if k not in {p for p, _ in t.exprs}]
        if left:
            unused[lang] = left
    return Converted(te.text, tz.text, params, one_sided, unused)


def slug(en_tmpl: str, n: int = 3) -> str:
    words = [w for w in re.findall(r"[a-z]+", re.sub(r"\{[^}]*\}", " ", en_tmpl.lower())) if w not in STOP]
    return "_".join(words[:n]) or "text"


# --------------------------------------------------------------------------- sites


@dataclass
class Site:
    path: Path
    form: str  # refused | check | event | Event | generic | tuple
    node: ast.AST
    group: str | None  # the rule id / event kind / text group; None: not a literal
    section: str
    conv: Converted
    pair_at: int  # index of the en argument / element
    key: str = ""
    with_case: bool = False
    end_node: object = None  # form "assign": the second of the two statements; "quad": the second text's Site


@dataclass
class Module:
    path: Path
    src: str
    tree: ast.Module
    sites: list[Site] = field(default_factory=list)
    leftovers: list[str] = field(default_factory=list)


def callee(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def enclosing_funcs(tree: ast.AST) -> dict[ast.AST, str]:
    res: dict[ast.AST, str] = {}

    def visit(n: ast.AST, fn: str) -> None:
        for c in ast.iter_child_nodes(n):
            name = c.name if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
            res[c] = name
            visit(c, name)

    visit(tree, "module")
    return res


def _lang_pair(a: str, b: str) -> bool:
    """``via_en``/``via_zh``, ``why``/``why_zh``, ``en``/``zh``: names of one text in two languages."""
    return b.endswith("_zh") and a in (b[:-3], b[:-3] + "_en") or b == "zh" and a == "en"


def _append_of(st: ast.stmt) -> tuple[str, ast.expr] | None:
    """``name.append(value)`` → (name, value)."""
    if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Attribute) \
            and st.value.func.attr == "append" and isinstance(st.value.func.value, ast.Name) and len(st.value.args) == 1:
        return st.value.func.value.id, st.value.args[0]
    return None


def find_assign_sites(mod: Module, modname: str, funcs: dict[ast.AST, str]) -> None:
    """``x_en = f"…" [if c else ""]`` followed by ``x_zh = f"…" [if c else ""]`` → one site."""
    for node in ast.walk(mod.tree):
        for body in (getattr(node, "body", None), getattr(node, "orelse", None)):
            if not isinstance(body, list):
                continue
            for s1, s2 in zip(body, body[1:], strict=False):
                app = [_append_of(x) for x in (s1, s2)]
                if app[0] and app[1] and _lang_pair(app[0][0], app[1][0]) and is_str(app[0][1]) and has_cjk(app[1][1]):
                    conv = convert_pair(app[0][1], app[1][1], mod.src)  # en.append(f"…"); zh.append(f"…")
                    if conv is not None:
                        fn = funcs.get(s1, "module").strip("_")
                        mod.sites.append(Site(mod.path, "append", s1, f"{modname}.{fn}", "text", conv, 0, end_node=s2))
                    continue
                if not (isinstance(s1, ast.Assign) and isinstance(s2, ast.Assign) and len(s1.targets) == len(s2.targets) == 1):
                    continue
                t1, t2 = s1.targets[0], s2.targets[0]
                if not (isinstance(t1, ast.Name) and isinstance(t2, ast.Name) and _lang_pair(t1.id, t2.id)):
                    continue
                v1, v2 = s1.value, s2.value
                test = None
                if isinstance(v1, ast.IfExp) and isinstance(v2, ast.IfExp):
                    if ast.dump(v1.test) != ast.dump(v2.test) or not (
                            isinstance(v1.orelse, ast.Constant) and isinstance(v2.orelse, ast.Constant)
                            and v1.orelse.value == v2.orelse.value == ""):
                        continue
                    test, v1, v2 = v1.test, v1.body, v2.body
                if not (is_str(v1) and is_str(v2) and has_cjk(v2)):
                    continue
                conv = convert_pair(v1, v2, mod.src)
                if conv is None:
                    mod.leftovers.append(f"{mod.path}:{s1.lineno}: an f-string the codemod cannot read")
                    continue
                fn = funcs.get(s1, "module").strip("_")
                site = Site(mod.path, "assign", s1, f"{modname}.{fn}", "text", conv, 0, end_node=s2)
                site.with_case = test is not None
                mod.sites.append(site)


# calls whose en / zh arguments are at a known place: the refusal and event builders
FIXED = {"Refused": 1, "_refuse": 1, "refuse": 1, "check": 2, "event": 1, "Event": 1}


def find_sites(mod: Module, modname: str) -> None:
    funcs = enclosing_funcs(mod.tree)
    find_assign_sites(mod, modname, funcs)
    for node in ast.walk(mod.tree):
        elts = node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else None
        if elts is None:
            continue
        fixed = FIXED.get(callee(node)) if isinstance(node, ast.Call) else None
        best, score = None, 0.0
        for i in range(len(elts) - 1):
            if fixed is not None and i != fixed:
                continue
            a, b = elts[i], elts[i + 1]
            if not (is_str(a) and is_str(b) and has_cjk(b)) or zhness(a) >= zhness(b):
                continue
            if zhness(b) < 0.3 and fixed is None:  # a refusal's or an event's texts are where they are: no threshold
                continue
            if not re.search(r"[A-Za-z]{2}", literal_text(a)) and not isinstance(a, ast.JoinedStr):
                continue
            if fixed is None and isinstance(a, ast.Constant) and re.fullmatch(r"[a-z_]+", str(a.value)):
                continue  # an id ("card", "pass"), not an English text
            if zhness(b) - zhness(a) > score:
                best, score = i, zhness(b) - zhness(a)
        if best is not None and funcs.get(node, "") in ("check", "event"):
            mod.leftovers.append(f"{mod.path}:{node.lineno}: inside the context's own check / event")
            best = None
        if best is not None and fixed is None and 0 < best < len(elts) - 2 and is_str(elts[best - 1]) \
                and zhness(elts[best - 1]) < 0.3 and is_str(elts[best + 2]) and zhness(elts[best + 2]) >= 0.3:
            quad = [elts[best - 1], elts[best], elts[best + 1], elts[best + 2]]
            if isinstance(node, ast.Call) and all(isinstance(x, ast.Constant) and " " in str(x.value) for x in quad[:2]) \
                    and all(isinstance(x, ast.Constant) for x in quad):
                fn = funcs.get(node, "module").strip("_")
                first = node.args[0] if node.args else None
                grp = f"{modname}.{first.value}" if isinstance(first, ast.Constant) and isinstance(first.value, str) \
                    else f"{modname}.{fn}"
                one, two = convert_pair(quad[0], quad[2], mod.src), convert_pair(quad[1], quad[3], mod.src)
                assert one is not None and two is not None
                s1 = Site(mod.path, "quad", node, grp, "text", one, best - 1)
                s2 = Site(mod.path, "quad2", node, grp, "text", two, best - 1)
                s1.end_node = s2
                mod.sites += [s1, s2]
            else:
                mod.leftovers.append(f"{mod.path}:{node.lineno}: en, en, zh, zh arguments (two texts): by hand")
            best = None
        for i in [] if best is None else [best]:
            a, b = elts[i], elts[i + 1]
            conv = convert_pair(a, b, mod.src)
            if conv is None:
                mod.leftovers.append(f"{mod.path}:{node.lineno}: an f-string the codemod cannot read")
                break
            fn = funcs.get(node, "module").strip("_")
            if isinstance(node, ast.Call):
                name = callee(node)
                first = node.args[0] if node.args else None
                lit = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
                if name == "Refused" and i == 1:
                    site = Site(mod.path, "refused", node, lit, "refused", conv, i)
                elif name in ("_refuse", "refuse") and i == 1:  # skills' Refused with its own defaults
                    site = Site(mod.path, "refused", node, lit, "refused", conv, i)
                elif name == "check" and i == 2:
                    r = node.args[1]
                    rl = r.value if isinstance(r, ast.Constant) and isinstance(r.value, str) else None
                    site = Site(mod.path, "check", node, rl, "refused", conv, i)
                elif name in ("event", "Event") and i == 1:
                    site = Site(mod.path, name, node, lit or f"{modname}.{fn}", "event", conv, i)
                elif name == "Prompt" and i == 2 and lit:
                    site = Site(mod.path, "generic", node, f"prompt.{lit}", "text", conv, i)
                else:
                    site = Site(mod.path, "generic", node, f"{modname}.{fn}", "text", conv, i)
            else:
                site = Site(mod.path, "tuple", node, f"{modname}.{fn}", "text", conv, i)
            if site.group is None:
                mod.leftovers.append(f"{mod.path}:{node.lineno}: the rule id is not a literal")
                break
            if any(isinstance(k, ast.keyword) and k.arg is None for k in getattr(node, "keywords", [])) and site.form == "refused":
                mod.leftovers.append(f"{mod.path}:{node.lineno}: **kwargs in a Refused")
                break
            mod.sites.append(site)
            break


# --------------------------------------------------------------------------- keys


def assign_keys(sites: list[Site], existing: dict[str, dict[str, dict[str, str]]]) -> None:
    """Each distinct (section, group, en, zh) gets a key: the group alone when the group has one message,
    else ``group/case``; a text already in the catalogue keeps its key."""
    have: dict[tuple[str, str, str], str] = {}
    for sec, entries in existing.get("en", {}).items():
        if sec not in ("refused", "event", "text"):
            continue
        for k, en in entries.items():
            zh = existing.get("zh", {}).get(sec, {}).get(k)
            if zh is not None:
                have[(sec, en, zh)] = k
    taken: dict[str, set[str]] = {sec: set(existing.get("en", {}).get(sec, {})) for sec in ("refused", "event", "text")}
    groups: dict[tuple[str, str], list[Site]] = {}
    for s in sites:
        groups.setdefault((s.section, s.group or ""), []).append(s)
    for (sec, grp), ss in sorted(groups.items()):
        distinct: dict[tuple[str, str], list[Site]] = {}
        for s in ss:
            distinct.setdefault((s.conv.en, s.conv.zh), []).append(s)
        for (en, zh), members in distinct.items():
            k = have.get((sec, en, zh))
            if k is None:
                if len(distinct) == 1 and grp not in taken[sec]:
                    k = grp
                else:
                    base = f"{grp}/{slug(en)}"
                    k, n = base, 3
                    while k in taken[sec]:
                        n += 1
                        k = f"{grp}/{slug(en, n)}" if n <= 6 else f"{base}{n - 5}"
                taken[sec].add(k)
                have[(sec, en, zh)] = k
            for s in members:
                s.key = k


# --------------------------------------------------------------------------- rewriting


def member(rule: str) -> str:
    return re.sub(r"\W", "_", rule).upper()


def dispw(s: str) -> int:
    """Columns as ruff counts them: a CJK character is two wide."""
    return len(s) + len(CJK.findall(s))


def fmt_call(head: str, args: list[str], col: int, tail: int = 0) -> str:
    """``head(arg, arg, …)`` wrapped at WIDTH: continuation lines under the first argument, or, when that is too
    far right, a hanging indent four columns in from ``col``."""
    one = f"{head}({', '.join(args)})"
    if col + dispw(one) + tail <= WIDTH and "\n" not in one:
        return one

    def fill(first: str, ind: int, start_col: int) -> list[str]:
        lines, cur = [], first
        for j, a in enumerate(args):
            piece = a + ("," if j < len(args) - 1 else ")")
            head_w = start_col if not lines else 0
            extra = tail if j == len(args) - 1 else 0
            if cur.strip() and not cur.endswith("(") and head_w + dispw(cur) + 1 + dispw(piece.split("\n")[0]) + extra > WIDTH:
                lines.append(cur.rstrip())
                cur = " " * ind
            cur += ("" if cur.endswith("(") or cur.isspace() else " ") + piece
        lines.append(cur)
        return lines

    lines = fill(f"{head}(", col + len(head) + 1, col)
    if lines[0] == f"{head}(":  # nothing fitted after the parenthesis
        lines = [lines[0] + lines[1].lstrip()] + lines[2:]
    widths = [col + dispw(lines[0])] + [dispw(x) for x in lines[1:]]
    widths[-1] += tail
    if max(widths) > WIDTH:
        lines = [f"{head}("] + [x for x in fill(" " * (col + 4), col + 4, 0) if x.strip()]
    return "\n".join(lines)


def seg(src: str, n: ast.AST) -> str:
    s = ast.get_source_segment(src, n)
    assert s is not None
    return s


def rewrite(mod: Module) -> tuple[str, set[str], list[Site]]:
    src = mod.src
    lines = src.splitlines(keepends=True)
    offs = [0]
    for ln in lines:
        offs.append(offs[-1] + len(ln))

    def pos(lineno: int, col: int) -> int:  # ast col offsets are UTF-8 byte offsets
        line = lines[lineno - 1]
        return offs[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8"))

    def colw(lineno: int, col: int) -> int:
        pre = lines[lineno - 1].encode("utf-8")[:col].decode("utf-8")
        return sum(2 if CJK.match(c) else 1 for c in pre)

    edits: list[tuple[int, int, str]] = []
    needs: set[str] = set()
    for s in mod.sites:
        if s.form == "quad2":
            continue
        n = s.node
        c = s.conv
        params = [f"{k}={v}" for k, v in c.params]
        start = pos(n.lineno, n.col_offset)
        last = s.end_node if s.form in ("assign", "append") and isinstance(s.end_node, ast.AST) else n
        end = pos(last.end_lineno or last.lineno, last.end_col_offset or 0)
        col = colw(n.lineno, n.col_offset)
        end_line = lines[(n.end_lineno or n.lineno) - 1]
        tail = dispw(end_line.encode("utf-8")[n.end_col_offset or 0:].decode("utf-8").rstrip("\n"))
        if s.form == "assign":
            assert isinstance(n, ast.Assign) and isinstance(s.end_node, ast.Assign)
            needs.add("en_zh")
            lhs = f"{seg(src, n.targets[0])}, {seg(src, s.end_node.targets[0])}"
            orelse = ""
            if s.with_case:
                assert isinstance(n.value, ast.IfExp)
                orelse = f" if {seg(src, n.value.test)} else (\"\", \"\")"
            call = fmt_call("en_zh", [json.dumps(s.key, ensure_ascii=False), *params], col + len(lhs) + 3, dispw(orelse))
            call += orelse
            new = f"{lhs} = {call}"
        elif s.form == "append":  # en.append(f"…"); zh.append(f"…") → append_en_zh(en, zh, en_zh("key", …))
            assert isinstance(s.end_node, ast.stmt)
            a1, a2 = _append_of(n), _append_of(s.end_node)  # type: ignore[arg-type]
            assert a1 is not None and a2 is not None
            needs |= {"en_zh", "append_en_zh"}
            call = fmt_call("en_zh", [json.dumps(s.key, ensure_ascii=False), *params], col + len(a1[0]) + len(a2[0]) + 17)
            new = fmt_call("append_en_zh", [a1[0], a2[0], call], col, tail)
        elif s.form == "quad":  # f(…, en1, en2, zh1, zh2, …) → f(…, *en_zh_many("k1", "k2"), …)
            assert isinstance(n, ast.Call) and isinstance(s.end_node, Site)
            needs.add("en_zh_many")
            head = seg(src, n.func)
            a = n.args
            many = f"*en_zh_many({json.dumps(s.key, ensure_ascii=False)}, {json.dumps(s.end_node.key, ensure_ascii=False)})"
            args = [seg(src, x) for x in a[:s.pair_at]] + [many] + [seg(src, x) for x in a[s.pair_at + 4:]]
            args += [seg(src, k) for k in n.keywords]
            new = fmt_call(head, args, col, tail)
        elif isinstance(n, ast.Call):
            head = seg(src, n.func)
            kws = [seg(src, k) for k in n.keywords]
            a = n.args
            if s.form == "refused":
                needs.add("Rule")
                extra = a[s.pair_at + 2:]
                args = [f"Rule.{member(s.group or '')}"]
                if extra:
                    args.append(f"source={seg(src, extra[0])}")
                if len(extra) > 1:
                    args.append(f"forceable={seg(src, extra[1])}")
                args += kws
                if "/" in s.key:
                    args.append(f'msg="{s.key.split("/", 1)[1]}"')
                args += params
            elif s.form == "check":
                needs.add("Rule")
                extra = a[s.pair_at + 2:]
                args = [seg(src, a[0]), f"Rule.{member(s.group or '')}"]
                if extra:
                    args.append(f"source={seg(src, extra[0])}")
                if len(extra) > 1:
                    args.append(f"forceable={seg(src, extra[1])}")
                args += kws
                if "/" in s.key:
                    args.append(f'msg="{s.key.split("/", 1)[1]}"')
                args += params
            elif s.form in ("event", "Event"):
                needs.add("say")
                extra = a[s.pair_at + 2:]
                sayc = fmt_call("say", [json.dumps(s.key, ensure_ascii=False), *params], col + len(head) + 3)
                args = [seg(src, a[0]), sayc]
                for nm, e in zip(("seat", "data"), extra, strict=False):
                    args.append(f"{nm}={seg(src, e)}")
                args += kws
            else:
                needs.add("en_zh")
                ez = fmt_call("*en_zh", [json.dumps(s.key, ensure_ascii=False), *params], col + len(head) + 1)
                args = [seg(src, x) for x in a[:s.pair_at]] + [ez] + [seg(src, x) for x in a[s.pair_at + 2:]] + kws
            new = fmt_call(head, args, col, tail)
        else:
            assert isinstance(n, ast.Tuple)
            needs.add("en_zh")
            els = [seg(src, x) for x in n.elts]
            if len(els) == 2:
                new = fmt_call("en_zh", [json.dumps(s.key, ensure_ascii=False), *params], col)
            else:
                ez = fmt_call("*en_zh", [json.dumps(s.key, ensure_ascii=False), *params], col + 1)
                new = "(" + ", ".join(els[:s.pair_at] + [ez] + els[s.pair_at + 2:]) + ")"
        if any(k.startswith("Words(") for k in (v for _, v in c.params)):
            needs.add("Words")
        if s.form in ("assign", "append"):  # comments inside the two statements stay, after the new one
            notes = [t.string for t in tokenize.generate_tokens(io.StringIO(src[start:end]).readline)
                     if t.type == tokenize.COMMENT]
            if notes:
                new += "  " + " ".join(notes)
        edits.append((start, end, new, s))
    edits.sort(key=lambda e: (e[0], e[1]))
    out, last, applied = [], 0, []
    for a_, b_, t, site in edits:
        if a_ < last:  # nested site (a pair inside a pair's call): done on the next pass
            continue
        out.append(src[last:a_])
        out.append(t)
        last = b_
        applied.append(site)
        if site.form == "quad" and isinstance(site.end_node, Site):
            applied.append(site.end_node)
    out.append(src[last:])
    return "".join(out), needs, applied


def annotate_lists(text: str) -> str:
    """``en, zh = [], []`` filled by ``append_en_zh`` → ``en: list[str] = []`` / ``zh: list[str] = []`` (mypy cannot
    infer a list's type from a call it is passed to)."""
    if "append_en_zh(" not in text:
        return text
    filled = set(re.findall(r"append_en_zh\(\s*(\w+), (\w+),", text))
    for a, b in filled:
        text = re.sub(rf"^(\s*){a}, {b} = \[\], \[\]$", rf"\1{a}: list[str] = []\n\1{b}: list[str] = []", text, flags=re.M)
    return text


def add_imports(text: str, needs: set[str], depth: int) -> str:
    dots = "." * depth
    tree = ast.parse(text)
    have = set()
    for n in tree.body:
        if isinstance(n, ast.ImportFrom):
            have |= {a.asname or a.name for a in n.names}
    lines = []
    m = sorted(x for x in needs if x in ("say", "en_zh", "en_zh_many", "append_en_zh", "Words") and x not in have)
    if m:
        lines.append(f"from {dots}messages import {', '.join(m)}\n")
    if "Rule" in needs and "Rule" not in have:
        lines.append(f"from {dots}vocab import Rule\n")
    if not lines:
        return text
    last_imp = max((n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))), key=lambda n: n.end_lineno or 0, default=None)
    src_lines = text.splitlines(keepends=True)
    at = (last_imp.end_lineno or 0) if last_imp else 0
    return "".join(src_lines[:at] + lines + src_lines[at:])


# --------------------------------------------------------------------------- catalogue files


def toml_str(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


HEADER = {
    "en": "# English texts of the rules' messages (companion/rules/messages.py; docs/messages.md).\n",
    "zh": "# 规则信息的中文文本（companion/rules/messages.py；docs/messages.md）。\n",
}


def write_catalogue(path: Path, lang: str, cat: dict[str, dict[str, str]]) -> None:
    out = [HEADER.get(lang, f"# {lang}\n"),
           "# Keys: [refused] rule id (or rule id/case), [event] event kind (or kind/case), [text] the rest.\n",
           "# {name} is a value the code puts in: keep every placeholder, move it where the language needs it.\n"]
    for sec in ("refused", "event", "text"):
        out.append(f"\n[{sec}]\n")
        for k in sorted(cat.get(sec, {})):
            out.append(f"{toml_str(k)} = {toml_str(cat[sec][k])}\n")
    out.append("\n# Values the code gives that this language's text leaves out, by key (section.key).\n[unused]\n")
    un = cat.get("unused", {})
    for k in sorted(un):
        out.append(f"{toml_str(k)} = [{', '.join(toml_str(x) for x in un[k])}]\n")
    path.write_text("".join(out), encoding="utf-8")


RULE_DOC = (
    '    """A rule id, the name of every rule a refusal gives (``Refused(Rule.SLASH_RANGE, …)``): its value is the id\n'
    "    as the journal, the log line ``[slash.range; …]`` and the catalogue's ``[refused]`` keys spell it\n"
    '    (``Rule.SLASH_RANGE == "slash.range"``). Listed by tools/msg_codemod.py from the ids in the code."""\n\n')


def write_vocab(path: Path, rules: set[str]) -> None:
    """Put ``class Rule(StrEnum)`` with a member per id in ``path``: its members are rewritten (members added by hand
    kept), or the class is added to the file's other enums, or the file is made."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    m = re.search(r"^class Rule\(StrEnum\):\n(.*?)(?=^\S|\Z)", old, re.S | re.M)
    if m:
        rules |= set(re.findall(r'^    \w+ = "([^"]+)"$', m[1], re.M))
    block = "class Rule(StrEnum):\n" + RULE_DOC + "".join(f"    {member(r)} = {toml_str(r)}\n" for r in sorted(rules))
    if m:
        text = old[:m.start()] + block + ("\n\n" if old[m.end():].strip() else "") + old[m.end():]
    elif old:
        text = old.rstrip("\n") + "\n\n\n" + block
        text = re.sub(r'^__all__ = \[(.*)\]$', lambda x: f'__all__ = [{x[1]}, "Rule"]', text, count=1, flags=re.M)
        if "from enum import" not in text:
            fut = "from __future__ import annotations\n"
            text = text.replace(fut, fut + "\nfrom enum import StrEnum\n", 1)
    else:
        text = ('"""Typed vocabulary of the rules core: string enums, so the journal and JSON keep the same strings."""\n\n'
                'from __future__ import annotations\n\nfrom enum import StrEnum\n\n__all__ = ["Rule"]\n\n\n' + block)
    path.write_text(text, encoding="utf-8")


def rule_ids_in(tree: ast.AST) -> set[str]:
    """Rule ids written as literals or as Rule members in the code."""
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            name = callee(n)
            idx = 0 if name in ("Refused", "_refuse", "refuse") else 1 if name == "check" else None
            if idx is not None and len(n.args) > idx:
                a = n.args[idx]
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)+", a.value):
                    out.add(a.value)
    return out


def keys_named(files: list[Path], rules_dir: Path) -> set[tuple[str, str]]:
    """(section, key) of every catalogue text the code names: ``say("k")``, ``en_zh("k")``, ``en_zh_many("a", "b")``,
    and the keyed refusals ``Refused(Rule.X | "x", msg="case", …)`` / ``check(ok, Rule.X, …)``."""
    vocab = rules_dir / "vocab.py"
    members = dict(re.findall(r'^    (\w+) = "([^"]+)"$', vocab.read_text(encoding="utf-8"), re.M)) if vocab.exists() else {}
    out: set[tuple[str, str]] = {("event", "forced")}
    for p in files:
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if not isinstance(n, ast.Call):
                continue
            name = callee(n)
            if name in ("say", "en_zh", "en_zh_many", "text") and isinstance(n.func, ast.Name):
                for a in n.args if name == "en_zh_many" else n.args[:1]:
                    if isinstance(a, ast.Constant):
                        out.add(("event" if name == "say" else "text", str(a.value)))
                continue
            pos = 0 if name in ("Refused", "_refuse", "refuse") else 1 if name == "check" else None
            if pos is None or len(n.args) != pos + 1:
                continue
            r = n.args[pos]
            rule = members.get(r.attr) if isinstance(r, ast.Attribute) else r.value if isinstance(r, ast.Constant) else None
            if rule is None:
                continue
            case = next((k.value.value for k in n.keywords if k.arg == "msg" and isinstance(k.value, ast.Constant)), None)
            out.add(("refused", f"{rule}/{case}" if case else str(rule)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if something is left to convert")
    ap.add_argument("--paths", nargs="*", help="only these files (relative to ROOT)")
    args = ap.parse_args(argv)
    root = Path(args.root)
    rules_dir = root / "companion" / "rules"
    msg_dir = root / "companion" / "data" / "messages"
    skip = {"messages.py", "vocab.py"}
    files = [root / p for p in args.paths] if args.paths else sorted(p for p in rules_dir.rglob("*.py") if p.name not in skip)
    existing = {}
    for lang in ("en", "zh"):
        f = msg_dir / f"{lang}.toml"
        existing[lang] = tomllib.loads(f.read_text(encoding="utf-8")) if f.exists() else {}
    cats = {lang: {sec: dict(existing[lang].get(sec, {})) for sec in ("refused", "event", "text", "unused")}
            for lang in ("en", "zh")}
    rules: set[str] = set()
    for p in sorted((root / "companion").rglob("*.py")):  # the command language and the session refuse too
        if p.parent != rules_dir and rules_dir not in p.parents:
            rules |= rule_ids_in(ast.parse(p.read_text(encoding="utf-8")))
    for n_pass in range(1, 5):  # a pair nested in another pair's call is done by the next pass
        mods = []
        for p in files:
            src = p.read_text(encoding="utf-8")
            mod = Module(p, src, ast.parse(src))
            rel = p.relative_to(rules_dir).with_suffix("")
            find_sites(mod, ".".join(rel.parts))
            mods.append(mod)
            rules |= rule_ids_in(mod.tree)
        sites = [s for m in mods for s in m.sites]
        assign_keys(sites, cats)
        one_sided = [(s, ph) for s in sites for ph in s.conv.one_sided]
        print(f"pass {n_pass}: {len(sites)} sites in {sum(1 for m in mods if m.sites)} files; "
              f"{len(one_sided)} placeholders in one language only; {sum(len(m.leftovers) for m in mods)} left for a hand")
        if n_pass == 1 or not sites:
            for m in mods:
                for lo in m.leftovers:
                    print("  left:", lo)
        if n_pass == 1:
            for s, ph in one_sided:
                print(f"  one-sided: {s.path}:{s.node.lineno} {s.key} {{{ph}}}")
        if args.check:
            return 1 if sites else 0
        if not sites:
            break
        for m in mods:
            if not m.sites:
                continue
            text, needs, applied = rewrite(m)
            depth = len(m.path.relative_to(rules_dir).parts)
            text = annotate_lists(add_imports(text, needs, depth))
            ast.parse(text)
            m.path.write_text(text, encoding="utf-8")
            for s in applied:
                for lang, t in (("en", s.conv.en), ("zh", s.conv.zh)):
                    old = cats[lang][s.section].get(s.key)
                    assert old is None or old == t, (s.key, old, t)
                    cats[lang][s.section][s.key] = t
                    if lang in s.conv.unused:
                        cats[lang]["unused"][f"{s.section}.{s.key}"] = s.conv.unused[lang]
    used = keys_named(files, rules_dir)
    for lang in ("en", "zh"):  # texts no code names any more (the code moved, or a hand changed it): dropped
        for sec in ("refused", "event", "text"):
            for k in [k for k in cats[lang][sec] if (sec, k) not in used]:
                print(f"  dropped: [{sec}] {k!r} ({lang}): no code names it")
                del cats[lang][sec][k]
        cats[lang]["unused"] = {k: v for k, v in cats[lang]["unused"].items()
                                if tuple(k.split(".", 1)) in used}
    rules |= {k.split("/")[0] for k in cats["en"]["refused"]}
    msg_dir.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "zh"):
        write_catalogue(msg_dir / f"{lang}.toml", lang, cats[lang])
    write_vocab(rules_dir / "vocab.py", rules)
    print(f"catalogue: {sum(len(v) for v in cats['en'].values())} entries; Rule: {len(rules)} ids")
    return 0


if __name__ == "__main__":
    sys.exit(main())
