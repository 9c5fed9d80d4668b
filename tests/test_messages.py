"""The message catalogue (companion/data/messages/*.toml, companion/rules/messages.py; issue 14).

* every language has every key, and each text names exactly the values the code gives for that key, the same in
  every language; a value a language does not show is named hidden (``{slot:hide}``), where a reviewer sees it;
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
from citation_support import citations

from companion.rules import messages
from companion.rules.errors import Event, Refused
from companion.rules.messages import LANGS, SECTIONS, Message, Words, say
from companion.rules.vocab import Rule

ROOT = Path(__file__).resolve().parents[1]
MSG_DIR = ROOT / "companion" / "data" / "messages"
RULES = ROOT / "companion" / "rules"
NOT_PARAMS = {"source", "forceable", "msg"}  # keywords of Refused / ctx.check that are not values of the text
MOVED = [ROOT / "companion" / "session.py", ROOT / "companion" / "script.py", ROOT / "companion" / "cli.py",
         ROOT / "companion" / "web" / "serve.py", ROOT / "companion" / "web" / "watch.py", ROOT / "recognition" / "cli.py",
         ROOT / "recognition" / "camera.py", ROOT / "recognition" / "reader.py", ROOT / "recognition" / "labels.py",
         ROOT / "companion" / "journal.py", ROOT / "recognition" / "words.py"]
"""Modules outside the rules core whose sentences are the catalogue's: scanned with the rules (the texts they name
exist in every language with their values; no text is dead) and held to :data:`MOVED_PROSE_LEFT`."""
MOVED_PROSE_LEFT = {"companion/session.py": 0, "companion/script.py": 0, "companion/cli.py": 0, "companion/web/serve.py": 0,
                    "companion/web/watch.py": 0, "recognition/cli.py": 0, "recognition/camera.py": 3,
                    "recognition/reader.py": 3, "recognition/labels.py": 2,
                    "companion/journal.py": 13, "recognition/words.py": 0}
"""Lines of prose a module of :data:`MOVED` still holds (73 in companion/script.py before its verbs' help, the words of
the usage placeholders and of what a number is moved to the catalogue: ``script.verb/…``, ``script.placeholder/…``,
``script.what/…``).  A verb's usage line and example (``Usage("deal roles|generals [seed=N]", …, "deal roles
seed=7")``) are command lines as typed, not prose.  recognition/cli.py: its help is the catalogue's
(``cli.help.scan`` …), and what ``scan`` and ``labels`` print (``recognition.cli.*``; 12 lines before).  The card
reader's errors are the catalogue's (``recognition.camera.*``, ``recognition.reader.*``, ``recognition.labels.*``);
the notes of a reading (``two cards in view: …``, shown after "NOT SURE" / "不确定") are ``recognition.reader.note/*``
(recognition/words.py ``in_view_note``; reader.py 6 lines of prose before, 3 after); left in English:
``ScanStatus.text`` and ``CameraScanner.ended`` (the dashboard and the CLI word the status from its fields), a
``ValueError`` of the program itself, and two font file names labels.py's prose count takes for words.
companion/journal.py: its errors are the catalogue's (``journal.*``); the 13 lines left are SQL, the file's magic
string, SQLite's own English it matches (``"disk is full"``) and a ``ValueError`` of the program itself."""
TEXT_HELPERS = {"_refuse_line": (0, set()), "_journal_error": (0, {"kind", "pid"}), "_err": (1, set()), "_said": (0, set()),
                "label": (0, set()), "qlabel": (0, set()), "_msg": (0, set()), "_help": (0, set()), "offer": (3, set()),
                "_say": (0, set())}
"""Functions of :data:`MOVED` and :data:`TUI` (and ``offer`` of companion/rules/skills/base.py) that render the
``[text]`` entry named by their argument at this position (their keywords but these are the text's values)."""
HELPER_PREFIX = {"label": "tui.text.", "qlabel": "tui.quick.", "_msg": "cli.", "_help": "cli.help.", "_say": "recognition.cli."}
"""The key a helper's argument names, after this prefix: ``label("round", lang, n=2)`` is ``[text] "tui.text.round"``."""
TUI = sorted((ROOT / "companion" / "tui").rglob("*.py"))
"""The dashboard: its texts are the catalogue's ``tui.*`` entries (companion/tui/text.py ``label``, quick.py ``qlabel``
and ``ARG_PARTS``)."""


def _files() -> dict[str, dict]:
    return {lang: tomllib.loads((MSG_DIR / f"{lang}.toml").read_text(encoding="utf-8")) for lang in LANGS}


def _fields(tmpl: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(tmpl) if f is not None}


NAME_KEYS = set(tomllib.loads((MSG_DIR / "en.toml").read_text(encoding="utf-8"))["name"])


def _keys(node: ast.expr) -> list[str]:
    """The catalogue keys an argument names: a string, or either string of ``"a" if … else "b"`` (nested too);
    [] for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _keys(node.body), _keys(node.orelse)
        return body + orelse if body and orelse else []
    return []


def _uses() -> dict[tuple[str, str], list[tuple[str, int, set[str]]]]:
    """(section, key) → [(file, line, keyword names)] for every call of the code that names a catalogue text."""
    uses: dict[tuple[str, str], list[tuple[str, int, set[str]]]] = {}
    for p in sorted(RULES.rglob("*.py")) + MOVED + TUI:
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call):
                continue
            f = n.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            kw = {k.arg for k in n.keywords if k.arg is not None}
            msg = next((k.value for k in n.keywords if k.arg == "msg"), None)
            case = msg.value if isinstance(msg, ast.Constant) else None
            if name in ("say", "en_zh", "text") and isinstance(f, ast.Name) and n.args \
                    and isinstance(n.args[0], ast.Constant):
                uses.setdefault(("event" if name == "say" else "text", n.args[0].value), []).append((p.name, n.lineno, kw))
                continue
            if name in TEXT_HELPERS and isinstance(f, ast.Name):
                at, not_values = TEXT_HELPERS[name]
                for key in _keys(n.args[at]) if len(n.args) > at else []:
                    uses.setdefault(("text", HELPER_PREFIX.get(name, "") + key), []).append(
                        (p.name, n.lineno, kw - not_values))
                continue
            if name in ("name", "Names") and isinstance(f, ast.Name) and n.args and isinstance(n.args[0], ast.Constant):
                for key in NAME_KEYS:  # a vocabulary: all its words
                    if key.startswith(n.args[0].value + "."):
                        uses.setdefault(("name", key), []).append((p.name, n.lineno, set()))
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
    source_keys = {en: key for key, en in tomllib.loads((MSG_DIR / "en.toml").read_text(encoding="utf-8"))["source"].items()}
    for file, line, source in citations():  # a [source] entry is named by the code that cites its document
        for part in source.split("; "):
            if part in source_keys:
                uses.setdefault(("source", source_keys[part]), []).append((file, line, set()))
    return uses


def test_every_language_has_every_key():
    files = _files()
    for sec in SECTIONS:
        keys = {lang: set(files[lang].get(sec, {})) for lang in LANGS}
        for lang in LANGS:
            assert keys[lang] == keys["en"], (lang, sec, sorted(keys[lang] ^ keys["en"])[:10])
        assert keys["en"], sec


_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def untranslated(files: dict[str, dict]) -> list[str]:
    """The keys of the zh catalogue whose text is English: a Latin word (3+ letters, placeholders and their
    format specs aside) and no Chinese character at all (a command word inside a Chinese sentence is fine)."""
    out = []
    for sec in SECTIONS:
        for key, tmpl in files["zh"].get(sec, {}).items():
            bare = re.sub(r"\{[^{}]*\}", "", tmpl)
            if _LATIN_WORD.search(bare) and not re.search(r"[\u4e00-\u9fff]", bare):
                out.append(f"[{sec}] {key}: {tmpl!r}")
    return out


def test_the_chinese_catalogue_holds_no_english_text():
    assert untranslated(_files()) == []
    assert untranslated({"zh": {"text": {"a": "rank must be 1..13", "b": "{seat}号位 pass", "c": "{who}"}}}) == \
        ["[text] a: 'rank must be 1..13'"]


def test_a_face_that_cannot_be_read_says_why_in_chinese():
    from companion.rules.deck import CardSyntaxError, Face, Suit, parse_face

    for bad, why in (("", "为空"), (7, "不是文字")):
        with pytest.raises(CardSyntaxError) as exc:
            parse_face(bad)  # type: ignore[arg-type]
        assert why in exc.value.zh and "empty" not in exc.value.zh and "not text" not in exc.value.zh
    with pytest.raises(CardSyntaxError) as exc:
        Face(next(iter(Suit)), 14)
    assert "点数须为1至13" in exc.value.zh and "1..13" in exc.value.en


def parity_problems(files: dict[str, dict], uses: dict[tuple[str, str], list[tuple[str, int, set[str]]]]) -> list[str]:
    """What breaks placeholder parity: a key the code names missing from a language, a text whose named values
    (hidden ones included) are not exactly those the code gives at a call, a table other than :data:`SECTIONS`."""
    out: list[str] = []
    for lang in LANGS:
        out += [f"{lang}: table [{sec}] is not a catalogue section" for sec in files[lang] if sec not in SECTIONS]
    for (sec, key), sites in sorted(uses.items()):
        for lang in LANGS:
            tmpl = files[lang].get(sec, {}).get(key)
            if tmpl is None:
                out.append(f"{lang}: [{sec}] {key!r} used at {sites[0][:2]} is missing")
                continue
            for file, line, kw in sites:
                if _fields(tmpl) != kw:
                    out.append(f"{lang} [{sec}] {key}: text names {sorted(_fields(tmpl))}, {file}:{line} gives {sorted(kw)}")
    return out


def test_each_text_names_the_values_the_code_gives():
    uses = _uses()
    assert len(uses) > 300  # the rules name their texts through the catalogue
    assert parity_problems(_files(), uses) == []


def test_the_parity_check_finds_a_lost_or_a_surplus_placeholder_and_a_missing_key():
    files = _files()
    uses = _uses()
    (sec, key), sites = next((k, v) for k, v in sorted(uses.items()) if v[0][2])  # a text with values
    name = sorted(sites[0][2])[0]
    for lang in LANGS:
        broken = {lg: {s: dict(t) for s, t in f.items()} for lg, f in files.items()}
        tmpl = broken[lang][sec][key]
        broken[lang][sec][key] = re.sub(r"\{" + name + r"(![rsa])?(:[^}]*)?\}", "", tmpl)
        assert any(p.startswith(f"{lang} [{sec}] {key}:") for p in parity_problems(broken, uses)), (lang, key, name)
        broken[lang][sec][key] = tmpl + "{surplus:hide}"
        assert any(p.startswith(f"{lang} [{sec}] {key}:") for p in parity_problems(broken, uses))
        del broken[lang][sec][key]
        assert any(p.startswith(f"{lang}: [{sec}] {key!r}") for p in parity_problems(broken, uses))
    files["zh"]["unused"] = {f"{sec}.{key}": [name]}
    assert parity_problems(files, uses) == ["zh: table [unused] is not a catalogue section"]


def test_a_hidden_value_renders_as_nothing():
    assert messages._compile("{who}装备{card}{slot:hide}", "zh")({"who": "2号位", "card": "青釭剑", "slot": 1}) \
        == "2号位装备青釭剑"
    assert messages._compile("a{x:hide}b", "en") == "ab"
    assert messages._compile("{d[k]}{z:hide} {{lit}}", "en")({"d": {"k": 5}, "z": 1}) == "5 {lit}"
    assert messages._shown("{a!r:>3}{b:hide}{{x}}") == "{a!r:>3}{{x}}"


def test_no_dead_texts():
    files = _files()
    uses = _uses()
    for sec in SECTIONS:
        dead = sorted(k for k in files["en"].get(sec, {}) if (sec, k) not in uses)
        assert not dead, f"[{sec}] entries no code names: {dead[:10]}"


def test_each_vocabulary_has_a_word_for_every_id():
    from companion.rules.deck import Suit
    from companion.rules.state import SLOTS
    from companion.rules.vocab import Kingdom, Phase, Role
    want = {"phase": set(Phase), "role": set(Role), "kingdom": set(Kingdom), "suit": set(Suit), "slot": set(SLOTS),
            "nature": {"normal", "fire", "thunder"}, "zone": {"hand"},
            "role_title": set(Role), "phase_title": set(Phase)}  # the dashboard's words: 主公 / Lord, 出牌阶段 / play phase
    for lang, f in _files().items():
        got: dict[str, set[str]] = {}
        for key, word in f["name"].items():
            vocab, ident = key.split(".", 1)
            got.setdefault(vocab, set()).add(ident)
            assert not _fields(word), (lang, key)
        assert got == want, lang
    assert messages.Names("role")["lord"] == "主公" and list(messages.Names("slot", "en")) == list(SLOTS)
    assert messages.name("phase", "draw").zh == "摸牌" and say("phase", who="A", phase=messages.name("phase", "draw")).en \
        == "A: draw phase"


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

CJK = re.compile(r"[\u4e00-\u9fff]")  # Chinese words; punctuation alone (、 （ ： ；) is not prose, nor one character alone
ENGLISH = re.compile(r"[A-Za-z']*[a-z'][A-Za-z']*(?:[\s\d,;:.()/-]+[A-Za-z']*[a-z'][A-Za-z']*){2,}")
"""Three words or more; a word in capitals alone is a placeholder of a usage line (``T SUIT FACE``), not a word."""
# Lines of companion/rules/**/*.py with prose outside the catalogue, by file (issue 14: 124 lines before the last
# conversion). What is left is not a message: datafiles.py writes the docstring of the generated compiled_data.py;
# engine.py's light mode matches the catalogue's hand counts ("(hand 3)" / "（手牌3）") to take them out of the log.
# The count may only go down: a new sentence goes in the catalogue.
PROSE_LEFT: dict[str, int] = {
    "datafiles.py": 1, "engine.py": 1,
}


def _names() -> set[str]:
    """The Chinese names of the cards, skills and generals: the field's identifiers (``cause="决斗"``), not prose."""
    from companion.rules.deck import KINDS
    from companion.rules.generals import GENERALS, SKILLS
    return {k.zh for k in KINDS.values()} | {k.zh for k in SKILLS.values()} | {g.zh for g in GENERALS.values()}


INTERNAL = {"RuntimeError", "AttributeError", "TypeError", "AssertionError", "NotImplementedError", "IndexError",
            "KeyError", "DataFileError", "datafiles.DataFileError"}
"""Errors of the program itself (a broken invariant, a misspelt attribute, a data file that contradicts itself): for
a developer, never a moderator's message, so English in the code like python-chess's."""


STYLE_NAMES = {"DEFAULT_CSS", "CSS", "COMPONENT_CLASSES", "get_component_rich_style"}
"""Textual's style sheets and component class names (``"footer-key--key"``): names, not words."""


def _not_prose_nodes(tree: ast.AST) -> set[int]:
    """Docstrings, the rule sources (``source=…``, ``SRC_… = …``: citations, not sentences), catalogue keys,
    literals that are a card's, a skill's or a general's Chinese name (alone or in a command: ``"2 桃"``), the words
    a moderator may type (a table named ``…_WORDS`` or ``ACCEPTED…``, a verb's usage line and example in
    ``Usage(…)``: input, not output), the texts of :data:`INTERNAL` errors and Textual's style names
    (:data:`STYLE_NAMES`)."""
    skip: set[int] = set()
    names = _names()
    for n in ast.walk(tree):
        if isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call) and ast.unparse(n.exc.func) in INTERNAL:
            skip |= {id(m) for m in ast.walk(n.exc)}
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else []
        if targets and n.value is not None and all(  # type: ignore[attr-defined]
                isinstance(m, (ast.Dict, ast.Tuple, ast.Constant, ast.Name, ast.Attribute, ast.Load))
                for m in ast.walk(n.value)) \
                and any(isinstance(t, ast.Name) and (t.id.endswith("_WORDS") or t.id.startswith("ACCEPTED"))
                        for t in targets):
            skip |= {id(m) for m in ast.walk(n.value)}
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip(" :") in names:  # "2 桃" commands
            skip.add(id(n))
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            skip.add(id(n.value))
        elif isinstance(n, ast.keyword) and n.arg == "source":
            skip |= {id(m) for m in ast.walk(n.value)}
        elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id.startswith("SRC") for t in n.targets):
            skip |= {id(m) for m in ast.walk(n.value)}
        elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in STYLE_NAMES for t in n.targets):
            skip |= {id(m) for m in ast.walk(n.value)}  # a widget's style sheet and its class names, not words
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in STYLE_NAMES:
            skip |= {id(a) for a in n.args}
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) \
                and n.func.id in ("say", "en_zh", "text", "name", "Names", *TEXT_HELPERS):
            skip |= {id(a) for a in n.args}  # catalogue keys
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Usage" and n.args:
            skip |= {id(n.args[0]), id(n.args[-1])}  # a verb's usage line and its example: command lines
    return skip


def _prose_in(p: Path) -> set[int]:
    """The line numbers of ``p``'s string literals holding Chinese or an English phrase (not :func:`_not_prose_nodes`)."""
    tree = ast.parse(p.read_text(encoding="utf-8"))
    skip = _not_prose_nodes(tree)
    return {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and len(n.value) > 1 and bool(CJK.search(n.value) or ENGLISH.search(n.value))}


def prose_lines(root: Path = RULES) -> dict[str, set[int]]:
    """file (relative to companion/rules) → line numbers of string literals holding Chinese or an English phrase."""
    out: dict[str, set[int]] = {}
    for p in sorted(root.rglob("*.py")):
        lines = _prose_in(p)
        if lines:
            out[p.relative_to(root).as_posix()] = lines
    return out


def test_no_prose_left_in_the_rules_outside_the_catalogue():
    # messages.py is the catalogue's loader; compiled_data.py is companion/data/*.toml in parsed form (generated data)
    found = {f: len(lines) for f, lines in prose_lines().items() if f not in ("messages.py", "compiled_data.py")}
    grown = {f: (n, PROSE_LEFT.get(f, 0)) for f, n in found.items() if n > PROSE_LEFT.get(f, 0)}
    assert not grown, f"prose outside the catalogue (lines found, lines allowed): {grown}"
    assert sum(found.values()) <= sum(PROSE_LEFT.values())


def test_no_prose_left_in_the_modules_moved_to_the_catalogue():
    found = {p.relative_to(ROOT).as_posix(): len(_prose_in(p)) for p in MOVED}
    grown = {f: (n, MOVED_PROSE_LEFT[f]) for f, n in found.items() if n > MOVED_PROSE_LEFT[f]}
    assert not grown, f"prose outside the catalogue (lines found, lines allowed): {grown}"


TUI_PROSE_LEFT: dict[str, int] = {"app.py": 1, "widgets/footer.py": 1, "text.py": 13}
"""Lines of prose companion/tui still holds, by file (relative to companion/tui; 227 before its texts moved into the
catalogue).  The count may only go down: a new text of the dashboard goes in the catalogue (``label``, ``qlabel``).
What is left and why: app.py and widgets/footer.py — a ``ValueError`` of the program itself (a language that is not
zh / en, a widget used wrongly), for a developer; text.py — ``_SHORT``, the seat cards' abbreviated card names
(青釭 / Qinggang: names of the field, as the full card names the count skips, read by tests/tui/test_seat_fit.py and
test_snapshot_sizes.py)."""


def test_no_prose_left_in_the_dashboard_outside_the_catalogue():
    root = ROOT / "companion" / "tui"
    found = {f: len(lines) for f, lines in prose_lines(root).items()}
    grown = {f: (n, TUI_PROSE_LEFT.get(f, 0)) for f, n in found.items() if n > TUI_PROSE_LEFT.get(f, 0)}
    assert not grown, f"prose outside the catalogue (lines found, lines allowed): {grown}"
    assert not {"quick.py", "commands.py", "keys.py", "screens.py", "serve.py", "scan.py", "widgets/choices.py"} & set(found)


def test_the_prose_finder_finds_prose():
    sample = ('def f():\n    """A docstring, not prose at all."""\n'
              '    return Refused("x.y", "seat 2 is dead", "2号位已阵亡", source="RULES_NOTES: Death")\n'
              'ZONE_WORDS = {"手牌": "hand", "the hand zone": "hand"}\n'
              'raise RuntimeError("no trick is being resolved")\n'
              'raise ValueError("no seat here at all")\n')
    tree = ast.parse(sample)
    skip = _not_prose_nodes(tree)
    hits = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and len(n.value) > 1 and (CJK.search(n.value) or ENGLISH.search(n.value))]
    assert sorted(hits) == ["2号位已阵亡", "no seat here at all", "seat 2 is dead"]


def test_a_verbs_usage_and_example_are_not_prose_but_its_help_is():
    sample = ('VERBS = {"deal": Usage("deal roles|generals [seed=N]", _said("script.verb/deal"), "deal roles seed=7")}\n'
              'OLD = {"deal": Usage("deal roles", "deal roles or general offers at random", "随机发身份或候选武将", "x")}\n')
    tree = ast.parse(sample)
    skip = _not_prose_nodes(tree)
    hits = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in skip and len(n.value) > 1 and (CJK.search(n.value) or ENGLISH.search(n.value))]
    assert sorted(hits) == ["deal roles or general offers at random", "随机发身份或候选武将"]  # the help, not the lines
    from companion.script import VERBS
    assert all(isinstance(u.help, Message) and u.help.key == f"script.verb/{v}" and u.en and u.zh != u.en
               for v, u in VERBS.items())  # the help is the catalogue's


def test_importing_the_rules_core_reads_no_catalogue():
    """Start-up (issue 15): every module of companion/rules imports without reading a catalogue file or compiling a
    text; the first text rendered does.  A fresh interpreter, so that no other test has rendered one."""
    import json
    import subprocess
    import sys

    code = ("import importlib, json, pkgutil, companion.rules as r\n"
            "from companion.rules import messages as m\n"
            "read = []\n"
            "m._read = lambda lang, _r=m._read: read.append(lang) or _r(lang)\n"
            "for i in pkgutil.walk_packages(r.__path__, 'companion.rules.'): importlib.import_module(i.name)\n"
            "before = (list(read), len(m._CATALOGUES), len(m._COMPILED))\n"
            "from companion.rules.judgement import resolve_judgement\n"
            "from companion.rules.deck import parse_face\n"
            "resolve_judgement('indulgence', parse_face('S7')).en\n"
            "print(json.dumps([before, sorted(read)]))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    before, after = json.loads(out.stdout)
    assert before == [[], 0, 0]
    assert after == ["en", "zh"]  # the check itself sees a read


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
                want = messages._shown(tmpl).format_map(sides)  # hidden fields ({x:hide}) left out
            except (ValueError, TypeError):  # a numeric spec given a string
                continue
            got = fn if isinstance(fn, str) else fn(params)
            assert got == want, (section, key)
            checked += 1
    assert checked > 500
