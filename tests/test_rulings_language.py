"""Issue 13 §10: in 中文 mode no English leaks into a refusal or a parse error.

Two walks: (1) every place in the rules core and the command language that builds a refusal or a
parse error (``Refused``, ``_refuse``, ``ctx.check``, ``_err``, ``CommandError``) is read from the source and
must give a Chinese text that is not its English one, whose literal words are Chinese or command words;
(2) a list of bad lines, one per error kind, is executed and each zh message is checked the same way.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from engine_support import run, table, to_play

from companion.rules.deck import KINDS
from companion.rules.errors import CommandError, Refused
from companion.rules.generals import GENERALS, SKILLS
from companion.rules.setup import VARIANTS
from companion.rules.state import PHASES, ROLES, SLOTS
from companion.script import VERBS, execute, parse
from companion.session import describe_error

ROOT = Path(__file__).parent.parent / "companion"
FILES = sorted((ROOT / "rules").rglob("*.py")) + [ROOT / "script.py"]

# command words a Chinese message may quote (what the moderator types), not English sentences
COMMAND_WORDS = ({*VERBS, *KINDS, *SLOTS, *VARIANTS, *ROLES, *PHASES, *GENERALS, *SKILLS}
                 | {a for k in KINDS.values() for a in k.aliases} | {a for k in SKILLS.values() for a in k.aliases}
                 | {"force", "via", "using", "all", "yes", "no", "seed", "on", "off", "nobody", "none", "from",
                    "fire", "thunder", "hand", "hands", "roles", "generals", "tieji", "FACE", "SLOT", "Tab", "id"})
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}")
QUOTED = re.compile(r"“[^”]*”")  # what the moderator typed, quoted back

# (callable name, index of the zh argument, index of the en argument)
BUILDERS = {"Refused": (2, 1), "_refuse": (2, 1), "refuse": (2, 1), "check": (3, 2), "_err": (2, 1), "_err_words": (2, 1),
            "CommandError": (2, 0)}


def _english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(QUOTED.sub("", text)) if w not in COMMAND_WORDS and w.casefold() not in COMMAND_WORDS]


def _literal(node: ast.AST) -> str:
    """The literal text of a string expression (f-string placeholders left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _literal(node.left) + _literal(node.right)
    return ""


def _catalogue() -> dict:
    import tomllib
    d = ROOT / "data" / "messages"
    return {lang: tomllib.loads((d / f"{lang}.toml").read_text(encoding="utf-8")) for lang in ("en", "zh")}


def _keyed(name: str, node: ast.Call, cat: dict):  # cat: filled from the catalogue at the first keyed refusal
    """A refusal keyed by rule id (``Refused(Rule.X, msg=…, …)``, issue 14): its (en, zh) texts from the catalogue
    with the placeholders left out, as ``_literal`` leaves them out of an f-string; None for the older form.
    The command language's ``_err(verb, "script.…", **values)`` is keyed the same way, by its ``[text]`` entry."""
    from companion.rules.vocab import Rule
    strip = re.compile(r"\{[^{}]*\}")
    if name == "_err":
        if len(node.args) != 2 or not isinstance(node.args[1], ast.Constant) or not isinstance(node.args[1].value, str):
            return None
        if not cat:
            cat.update(_catalogue())
        key = node.args[1].value
        return tuple(strip.sub("", cat[lang]["text"][key]).replace("{{", "{").replace("}}", "}") for lang in ("en", "zh"))
    pos = 1 if name == "check" else 0
    if len(node.args) != pos + 1:
        return None
    r = node.args[pos]
    if isinstance(r, ast.Attribute) and isinstance(r.value, ast.Name) and r.value.id == "Rule":
        rule = Rule[r.attr].value
    elif isinstance(r, ast.Constant) and isinstance(r.value, str):
        rule = r.value
    else:
        return None
    case = next((k.value.value for k in node.keywords if k.arg == "msg" and isinstance(k.value, ast.Constant)), None)
    key = f"{rule}/{case}" if case else rule
    if not cat:
        cat.update(_catalogue())
    strip = re.compile(r"\{[^{}]*\}")
    return tuple(strip.sub("", cat[lang]["refused"][key]).replace("{{", "{").replace("}}", "}") for lang in ("en", "zh"))


def _is_keyed_check(node: ast.Call) -> bool:
    return len(node.args) == 2 and any(k.arg == "source" for k in node.keywords)


def _builders():
    for path in FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name not in BUILDERS or (name == "check" and len(node.args) < 4 and not _is_keyed_check(node)):
                continue
            if name == "CommandError" and path.name == "errors.py":
                continue
            yield path.name, node.lineno, name, node


def test_every_refusal_and_parse_error_has_its_own_chinese_text():
    missing, same, english = [], [], []
    cat: dict = {}
    for fname, line, name, node in _builders():
        zi, ei = BUILDERS[name]
        keyed = _keyed(name, node, cat) if name in ("Refused", "_refuse", "refuse", "check", "_err") else None
        if keyed is not None:
            where = f"{fname}:{line} {name}"
            en_text, zh_text = keyed
            if en_text == zh_text:
                same.append(where)
            words = _english_words(zh_text)
            if words:
                english.append(f"{where}: {words}")
            continue
        zh = node.args[zi] if len(node.args) > zi else next((k.value for k in node.keywords if k.arg == "zh"), None)
        where = f"{fname}:{line} {name}"
        if zh is None:
            missing.append(where)
            continue
        en = node.args[ei] if len(node.args) > ei else None
        if en is not None and ast.dump(en) == ast.dump(zh):
            same.append(where)
        words = _english_words(_literal(zh))
        if words:
            english.append(f"{where}: {words}")
    assert not missing, "no Chinese text: " + "; ".join(missing)
    assert not same, "Chinese text = English text: " + "; ".join(same)
    assert not english, "English words in a Chinese text: " + "; ".join(english)


BAD_LINES = [
    "nxet", "1 杀 bow", "players x", "players", "name 1", "general 1", "general 1 nobodyatall", "offer 2",
    "offer 2 nobodyatall", "variant", "variant nosuch", "variant maneuvering maybe", "deal", "deal roles x",
    "next now", "yes please", "judge", "judge 红10", "judge x9", "damage 2 1 sideways", "unequip 2", "role 2 king2",
    "1 杀:♥3+ 2", "1 杀 2 using pocket", "1", "1 沙", "1 杀 2 via flying", "equip 2 赤兔:红5", "1 杀:10x 2",
    "1 杀 9", "1 杀 1", "1 杀 2 3", "1 过河拆桥 1", "1 决斗", "1 闪", "2 桃", "discard 9", "1 zhiheng", "1 rende 2",
    "take", "pick", "reveal rebel", "hand 2 200", "maxhp 2 0", "give 1 1 1", "1 杀:♥3+♠5 2", "place 2 杀",
    "remove 2 闪电", "unequip 2 weapon", "1 八卦阵:♥3", "swap 1 9", "lord 1", "judge ♥3", "yes",
]


@pytest.mark.parametrize("line", BAD_LINES)
def test_bad_lines_are_refused_in_chinese(line):
    st = to_play(table(6))
    with pytest.raises((CommandError, Refused)) as exc:
        execute(st, line)
    zh = describe_error(exc.value, "zh")
    en = describe_error(exc.value, "en")
    body = re.sub(r"\[[^\]]*\]$", "", zh)  # the [rule; source] tail names the source as written
    assert zh != en and not _english_words(body), (line, zh)


def test_seat_numbers_written_n_hao():
    assert parse("4号 闪").seat == 4 and parse("4号位 闪").seat == 4
    assert parse("1 杀 4号").args["targets"] == [4] and parse("1 杀 4号位").args["targets"] == [4]
    assert parse("damage 3号 1 from 2号位").args["source"] == 2
    st = run(to_play(table(6)), "1 杀 2号位")
    assert st.prompt.seat == 2


def test_skill_seats_written_n_hao():
    from skill_support import at, game
    st = at(game("liubei", "guanyu", "zhangfei", "machao", hands=5), 1)
    st = run(st, "1 rende 2号 2")
    assert st.seat(2).hand == 7
