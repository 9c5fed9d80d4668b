"""The command line speaks the dashboard's language, completely (issue 14; DEVELOPERS.md "The UI speaks Chinese and
English, completely in each"): ``--lang zh|en`` before or after the command, else the saved choice, else the
locale (``distance`` and ``judge``: the locale; companion/cli.py).  Its texts and help are the catalogue's
``[text] "cli.*"`` entries (tests/test_messages.py checks their keys, values and that cli.py holds no prose).

Every test sets the locale itself (conftest.py gives every test a Chinese one; here it is said where it matters)."""

from __future__ import annotations

import re

import pytest

from companion import settings
from companion.cli import main
from companion.rules.deck import CardSyntaxError

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\u3000-\u303f\uff01-\uff5e]")
WORD = re.compile(r"(?<![A-Za-z_\-=])[A-Za-z]{3,}(?![A-Za-z_])")
"""An English word of 3 letters or more, not part of an option (``--players``), an id (``qinggang_sword``) or a
value typed after one (``1=machao``)."""
COMMAND_WORDS = {"distance", "judge", "replay", "check", "games", "serve", "companion", "SEAT", "NAME", "FILE",
                 "KIND", "GEN", "PATH", "COMMAND", "UTF", "JSON", "URL", "COMPANION_DEBUG", "SUBJECT", "CARD",
                 "resume", "new", "spade", "scan", "labels", "lightning", "indulgence", "supply_shortage",
                 "eight_diagram", "SQLite"}
"""What a Chinese text may spell in Latin letters: the commands and option values a moderator types, the
placeholders of a usage line, names of formats."""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def english_words(text: str) -> list[str]:
    """The English words of ``text`` that are not command words, options, ids or in a file path."""
    return [w for w in WORD.findall(re.sub(r"\S*/\S*", "", text)) if w not in COMMAND_WORDS]


def test_distance_in_chinese_has_no_english_and_in_english_no_chinese(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    argv = ("distance", "--players", "5", "--weapon", "2=qinggang_sword", "--dead", "3", "--general", "1=machao")
    code, zh, _ = run(capsys, *argv, "--lang", "zh")
    assert code == 0
    assert "5个座位；存活：1 2 4 5；阵亡：3" in zh and "  3号位：阵亡" in zh and "超出攻击范围：" in zh
    assert any(ln.startswith("从\\到  ") for ln in zh.splitlines())
    assert english_words(zh) == []
    code, en, _ = run(capsys, *argv, "--lang", "en")
    assert code == 0 and "5 seats; alive: 1 2 4 5; dead: 3" in en and "out of attack range:" in en
    assert not CJK.search(en), en


def test_the_matrix_columns_line_up_in_both_languages(capsys):
    from rich.cells import cell_len

    for lang in ("zh", "en"):
        _code, out, _ = run(capsys, "distance", "--players", "4", "--lang", lang)
        lines = out.splitlines()
        head = next(i for i, ln in enumerate(lines) if ln.startswith(("from\\to", "从\\到")))
        widths = {cell_len(ln) for ln in lines[head:head + 5]}
        assert widths == {7 + 4 * 4}, (lang, lines[head:head + 5])


@pytest.mark.parametrize("argv,zh,en", [
    (("distance", "--players", "4", "--weapon", "2=chitu"), "赤兔不是武器", "Chitu is not a weapon"),
    (("distance", "--players", "11"), "一桌有2到10个座位", "a table has 2 to 10 seats"),
    (("distance", "--players", "4", "--dead", "9"), "没有这个座位", "no such seat"),
    (("judge", "nothing_judged", "S7"), "未知的判定对象", "unknown judgement subject"),
    (("judge", "lightning", "X7"), "无法判定", "cannot read card face"),
    (("replay", "no-such-file.sgs"), "没有这个文件", "no such file"),
])
def test_errors_say_why_in_the_language_and_never_a_traceback(capsys, argv, zh, en):
    code, out, err = run(capsys, *argv, "--lang", "zh")
    assert code == 2 and out == "" and zh in err and err.startswith("companion：") and err.count("\n") == 1, err
    assert "Traceback" not in err
    code, _out, err = run(capsys, *argv, "--lang", "en")
    typed = err.replace(CardSyntaxError.ACCEPTED, "")  # the faces one may type (黑桃7) are input, in both languages
    assert code == 2 and en in err and err.startswith("companion: ") and not CJK.search(typed), err


def test_the_language_follows_the_locale_and_the_saved_choice(capsys, monkeypatch, tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert "中没有对局" in run(capsys, "games", "--db", str(empty))[1]
    assert "阵亡" in run(capsys, "distance", "--players", "3", "--dead", "2")[1]
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert "no games in" in run(capsys, "games", "--db", str(empty))[1]
    assert "dead" in run(capsys, "distance", "--players", "3", "--dead", "2")[1]
    assert settings.save(lang="zh")  # the dashboard's F4 choice: the commands that may read it follow it
    assert "中没有对局" in run(capsys, "games", "--db", str(empty))[1]
    assert "dead" in run(capsys, "distance", "--players", "3", "--dead", "2")[1]  # distance: the locale
    assert "no games in" in run(capsys, "games", "--db", str(empty), "--lang", "en")[1]  # --lang wins
    assert "no games in" in run(capsys, "--lang", "en", "games", "--db", str(empty))[1]  # before the command too


def test_the_help_speaks_one_language(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("COLUMNS", "200")
    for argv in (("--help",), ("distance", "--help"), ("judge", "-h"), ("replay", "--hel")):
        code, zh, _ = run(capsys, *argv, "--lang", "zh")
        assert code == 0 and zh.startswith("用法：companion") and "显示本帮助并退出" in zh, argv
        ours = [ln for ln in zh.splitlines() if ln.strip() and not ln.strip().startswith(("scan", "labels"))]
        assert english_words("\n".join(ours).replace("usage", "")) == [], (argv, english_words("\n".join(ours)))
        code, en, _ = run(capsys, *argv, "--lang", "en")
        assert code == 0 and en.startswith("usage: companion") and "show this help message and exit" in en
        assert "Sanguosha" in en or "--help" in en
        described = [ln for ln in en.splitlines() if "  " in ln.strip()]  # an option and its help
        assert described and not any(CJK.search(ln) for ln in described if "CARD" not in ln), argv


def test_a_usage_error_is_one_clear_line_in_the_language(capsys):
    code, _out, err = run(capsys, "distance", "--lang", "zh")
    assert code == 2 and err.startswith("用法：companion distance") and "companion distance：错误：" in err
    code, _out, err = run(capsys, "distance", "--lang", "en")
    assert code == 2 and err.startswith("usage: companion distance") and "companion distance: error: " in err


def test_judge_names_its_subject_in_chinese(capsys):
    code, out, _ = run(capsys, "judge", "lightning", "S7", "--lang", "zh")
    assert code == 0 and out.startswith("闪电 ♠7：生效——") and english_words(out) == []
    code, out, _ = run(capsys, "judge", "lightning", "S7", "--lang", "en")
    assert code == 0 and out.startswith("lightning ♠7: takes effect — ") and not CJK.search(out)


def test_the_parser_gets_its_help_texts_only_for_a_help_request():
    from companion import cli

    assert cli._wants_help(["distance", "-h"]) and cli._wants_help(["--he"]) and cli._wants_help(None)
    assert not cli._wants_help(["distance", "--players", "4"]) and not cli._wants_help(["--game", "1"])
    assert cli._argv_lang(["--lang", "zh", "games"]) == "zh" and cli._argv_lang(["games", "--lang=en"]) == "en"
    assert cli._argv_lang(["games", "--lan", "zh"]) == "zh" and cli._argv_lang(["games", "--lang", "fr"]) is None
    assert cli._argv_lang(["--title", "x"]) is None
