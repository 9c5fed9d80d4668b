"""The message catalogue (companion/data/messages/*.toml, companion/rules/messages.py; issue 14).

* every language has every key, and each text uses exactly the values the code gives for that key, except those
  the language's ``[unused]`` table says it leaves out (a Chinese text that shows ``手牌{hand}张`` where the
  English one says ``{hand_cards}``);
* every key the rules' code names exists, and every entry is named by the code (no dead texts);
* every rule id the code refuses with is a ``Rule`` member and its value is the id (the journal and JSON keep the
  same strings);
* rendering: a key falls back to English in a language that lacks it; a bilingual value renders in the language of
  the text around it.
"""

from __future__ import annotations

import ast
import re
import string
import tomllib
from pathlib import Path

import pytest

from companion.rules import messages
from companion.rules.errors import Event, Refused
from companion.rules.messages import LANGS, SECTIONS, Message, Words, say
from companion.rules.vocab import Rule

ROOT = Path(__file__).resolve().parents[1]
MSG_DIR = ROOT / "companion" / "data" / "messages"
RULES = ROOT / "companion" / "rules"
NOT_PARAMS = {"source", "forceable", "msg"}  # keywords of Refused / ctx.check that are not values of the text


def _files() -> dict[str, dict]:
    return {lang: tomllib.loads((MSG_DIR / f"{lang}.toml").read_text(encoding="utf-8")) for lang in LANGS}


def _fields(tmpl: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(tmpl) if f is not None}


def _uses() -> dict[tuple[str, str], list[tuple[str, int, set[str]]]]:
    """(section, key) → [(file, line, keyword names)] for every call of the code that names a catalogue text."""
    uses: dict[tuple[str, str], list[tuple[str, int, set[str]]]] = {}
    for p in sorted(RULES.rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call):
                continue
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            kw = {k.arg for k in n.keywords if k.arg is not None}
            msg = next((k.value for k in n.keywords if k.arg == "msg"), None)
            case = msg.value if isinstance(msg, ast.Constant) else None
            if name in ("say", "en_zh", "en_zh_many", "text") and isinstance(f, ast.Name) and n.args \
                    and isinstance(n.args[0], ast.Constant):
                sec = "event" if name == "say" else "text"
                for a in n.args if name == "en_zh_many" else n.args[:1]:
                    uses.setdefault((sec, a.value), []).append((p.name, n.lineno, kw))
                continue
            pos = 0 if name in ("Refused", "_refuse", "refuse") else 1 if name == "check" else None
            if pos is None or len(n.args) <= pos:
                continue
            r = n.args[pos]
            if isinstance(r, ast.Attribute) and isinstance(r.value, ast.Name) and r.value.id == "Rule":
                rule = Rule[r.attr].value
            elif isinstance(r, ast.Constant) and isinstance(r.value, str):
                rule = r.value
            else:
                continue  # the context's own plumbing (a rule passed through)
            if len(n.args) > pos + 1:
                continue  # the older form with the texts as strings: the prose test below finds those
            key = f"{rule}/{case}" if case else rule
            uses.setdefault(("refused", key), []).append((p.name, n.lineno, kw - NOT_PARAMS))
    return uses


def test_every_language_has_every_key():
    files = _files()
    for sec in SECTIONS:
        keys = {lang: set(files[lang].get(sec, {})) for lang in LANGS}
        for lang in LANGS:
            assert keys[lang] == keys["en"], (lang, sec, sorted(keys[lang] ^ keys["en"])[:10])
        assert keys["en"], sec


def test_each_text_uses_the_values_the_code_gives():
    files = _files()
    uses = _uses()
    assert len(uses) > 300  # the rules name their texts through the catalogue
    for (sec, key), sites in uses.items():
        for lang in LANGS:
            tmpl = files[lang].get(sec, {}).get(key)
            assert tmpl is not None, f"{lang}: [{sec}] {key!r} used at {sites[0][:2]} is missing"
            used = _fields(tmpl)
            left_out = set(files[lang].get("unused", {}).get(f"{sec}.{key}", []))
            for file, line, kw in sites:
                assert used | left_out == kw, f"{lang} [{sec}] {key}: text {sorted(used)}, left out " \
                                              f"{sorted(left_out)}, {file}:{line} gives {sorted(kw)}"
                assert not used & left_out, (lang, key)


def test_no_dead_texts():
    files = _files()
    uses = _uses()
    for sec in SECTIONS:
        dead = sorted(k for k in files["en"].get(sec, {}) if (sec, k) not in uses)
        assert not dead, f"[{sec}] entries no code names: {dead[:10]}"
    unused = files["en"].get("unused", {}) | files["zh"].get("unused", {})
    for k in unused:
        sec, key = k.split(".", 1)
        assert key in files["en"][sec], k


def test_rule_ids_are_the_strings_the_journal_keeps():
    assert len(Rule) >= 78
    for r in Rule:
        assert r == r.value and str(r) == r.value and r.name == r.value.upper().replace(".", "_").replace("-", "_")
    refused_rules = {k.split("/")[0] for k in _files()["en"]["refused"]}
    assert refused_rules <= {r.value for r in Rule}


def test_rendering_is_per_language_with_bilingual_values():
    m = say("phase", who=Words("seat 2 (Guan Yu)", "2号位（关羽）"), phase=Words("draw", "摸牌"))
    assert m.en == "seat 2 (Guan Yu): draw phase"
    assert m.zh == "2号位（关羽）：摸牌阶段"
    e = Event("phase", m, seat=2, data={"phase": "draw"})
    assert (e.en, e.zh, e.seat) == (m.en, m.zh, 2)
    r = Refused(Rule.SEAT_DEAD, source="RULES_NOTES: Death", forceable=False, n=4)
    assert (r.en, r.zh, r.rule, r.forceable) == ("seat 4 is dead", "4号位已阵亡", "seat.dead", False)
    assert str(r) == r.message == "seat 4 is dead [seat.dead; RULES_NOTES: Death]"
    nested = say("forced", rule="seat.dead", why=r.text)
    assert nested.zh == "强制执行：4号位已阵亡 [seat.dead]"


def test_a_language_without_the_key_falls_back_to_english(monkeypatch: pytest.MonkeyPatch):
    en = messages.catalogue("en")
    monkeypatch.setitem(messages._CATALOGUES, "xx", {sec: {} for sec in SECTIONS})
    m = Message("refused", "seat.dead", {"n": 3})
    assert m.text("xx") == en["refused"]["seat.dead"].format(n=3) == "seat 3 is dead"


def test_the_older_string_form_still_works():
    r = Refused("amount.positive", "heal 2 0: the amount is at least 1", "数值至少为1", "engine")
    assert (r.en, r.zh, r.source) == ("heal 2 0: the amount is at least 1", "数值至少为1", "engine")
    e = Event("note", "hello there")
    assert (e.en, e.zh, e.data) == ("hello there", "hello there", {})


# --------------------------------------------------------------------------- prose left in the code

CJK = re.compile(r"[\u4e00-\u9fff]")  # Chinese words; punctuation alone (、 （ ： ；) is not prose
ENGLISH = re.compile(r"[A-Za-z']+(?:[\s\d,;:.()/-]+[A-Za-z']+){2,}")  # three words or more
# Lines of companion/rules/**/*.py with prose outside the catalogue, by file, that are not converted yet (issue 14:
# sentences assembled piece by piece, the Chinese names of suits, phases and roles, list separators). The count may
# only go down: a new sentence goes in the catalogue.
PROSE_LEFT: dict[str, int] = {
    "cards/basic.py": 2, "datafiles.py": 1, "cards/common.py": 2, "cards/tricks.py": 7, "cards/weapons.py": 2, "choices.py": 16,
    "deck.py": 17, "distance.py": 3, "engine.py": 1, "errors.py": 1, "flow.py": 4, "generals.py": 8,
    "judgement.py": 8, "names.py": 2, "outcome.py": 4, "setup.py": 13, "skills/base.py": 14, "skills/shu.py": 2,
    "skills/wei.py": 7, "skills/wu.py": 1, "state.py": 3, "table.py": 1, "vocab.py": 1, "zones.py": 5,
}


def _names() -> set[str]:
    """The Chinese names of the cards, skills and generals: the field's identifiers (``cause="决斗"``), not prose."""
    from companion.rules.deck import KINDS
    from companion.rules.generals import GENERALS, SKILLS
    return {k.zh for k in KINDS.values()} | {k.zh for k in SKILLS.values()} | {g.zh for g in GENERALS.values()}


def _not_prose_nodes(tree: ast.AST) -> set[int]:
    """Docstrings, the rule sources (``source=…``, ``SRC_… = …``: citations, not sentences), catalogue keys and
    literals that are a card's, a skill's or a general's Chinese name."""
    skip: set[int] = set()
    names = _names()
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and n.value in names:
            skip.add(id(n))
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            skip.add(id(n.value))
        elif isinstance(n, ast.keyword) and n.arg == "source":
            skip |= {id(m) for m in ast.walk(n.value)}
        elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id.startswith("SRC") for t in n.targets):
            skip |= {id(m) for m in ast.walk(n.value)}
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("say", "en_zh", "en_zh_many", "text"):
            skip |= {id(a) for a in n.args}  # catalogue keys
    return skip


def prose_lines(root: Path = RULES) -> dict[str, set[int]]:
    """file (relative to companion/rules) → line numbers of string literals holding Chinese or an English phrase."""
    out: dict[str, set[int]] = {}
    for p in sorted(root.rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        skip = _not_prose_nodes(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip:
                if CJK.search(n.value) or ENGLISH.search(n.value):
                    out.setdefault(p.relative_to(root).as_posix(), set()).add(n.lineno)
    return out


def test_no_prose_left_in_the_rules_outside_the_catalogue():
    # messages.py is the catalogue's loader; compiled_data.py is companion/data/*.toml in parsed form (generated data)
    found = {f: len(lines) for f, lines in prose_lines().items() if f not in ("messages.py", "compiled_data.py")}
    grown = {f: (n, PROSE_LEFT.get(f, 0)) for f, n in found.items() if n > PROSE_LEFT.get(f, 0)}
    assert not grown, f"prose outside the catalogue (lines found, lines allowed): {grown}"
    assert sum(found.values()) <= sum(PROSE_LEFT.values())


def test_the_prose_finder_finds_prose():
    sample = ('def f():\n    """A docstring, not prose at all."""\n'
              '    return Refused("x.y", "seat 2 is dead", "2号位已阵亡", source="RULES_NOTES: Death")\n')
    tree = ast.parse(sample)
    skip = _not_prose_nodes(tree)
    hits = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and (CJK.search(n.value) or ENGLISH.search(n.value))]
    assert hits == ["seat 2 is dead", "2号位已阵亡"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_compiled_text_formats_as_str_format_does(lang):
    """``messages._compile`` writes each template as an f-string (issue 15): for every catalogue text, with
    plain, bilingual (Words), message and numeric values, it gives what ``str.format`` gives with each value's
    ``lang`` side — and tricky literals (quotes, backslashes, braces, a newline) survive."""
    texts = [(s, k, t) for s, keys in messages.catalogue(lang).items() for k, t in keys.items() if isinstance(t, str)]
    texts.append(("x", "tricky", "it's \"{a}\" \\ {{b}} {c!r:>6}\n{d:03d}"))
    checked = 0
    for section, key, tmpl in texts:
        fields = [f for _lit, f, _spec, _conv in string.Formatter().parse(tmpl) if f is not None]
        if not all(f.isidentifier() for f in fields):
            continue
        fn = messages._compile(tmpl, lang)
        for make in (lambda i: f"v{i}'\\", lambda i: Words(f"en{i}", f"中{i}"), lambda i: i + 7,
                     lambda i: Message("text", "zones.zone_label/empty", {"z": Words("Hand", "手牌")})):
            params = {f: make(i) for i, f in enumerate(fields)}
            if "d" in params and key == "tricky":
                params["d"] = 5
            sides = {f: v._zh if lang == "zh" and isinstance(v, Words) else v._en if isinstance(v, Words)
                     else v.text(lang) if isinstance(v, Message) else v for f, v in params.items()}
            try:
                want = tmpl.format_map(sides)
            except (ValueError, TypeError):  # a numeric spec given a string
                continue
            got = fn if isinstance(fn, str) else fn(params)
            assert got == want, (section, key)
            checked += 1
    assert checked > 500
