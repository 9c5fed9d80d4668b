"""What the command line says where a newcomer found it wrong or in the other language (issue 14: the UI speaks
Chinese and English completely in each): ``companion check`` on a game without checkpoints, argparse's own
reasons for a usage error, the reader's commands (``scan``, ``labels``).

Every test says its locale (conftest.py gives every test a Chinese one)."""

from __future__ import annotations

import re

import pytest
from test_cli_language import CJK, english_words

from companion.cli import main
from companion.session import Session


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_says_a_game_has_no_checkpoints_rather_than_that_0_match(tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    for line in ("players 4", "lord 1"):
        s.submit(line)
    gid = s.game_id
    s.close()
    code, out, _ = run(capsys, "check", "--db", str(db), "--lang", "en")
    assert code == 0
    assert out == f"game {gid}: 2 entries, no checkpoints to compare (a resume replays it from its first entry)\n"
    code, out, _ = run(capsys, "check", "--db", str(db), "--lang", "zh")
    assert code == 0 and out == f"第{gid}局：2条记录，没有可比较的检查点（恢复时从第一条记录重放）\n"


USAGE_ERRORS = [
    (("distance",), "缺少必需的参数：--players", "the following arguments are required: --players"),
    (("distance", "--players", "x"), "参数 --players：无效的整数值：'x'", "argument --players: invalid int value: 'x'"),
    (("bogus",), "参数 COMMAND：无效的选择：'bogus'（可选：'resume',", "argument COMMAND: invalid choice: 'bogus' (choose"),
    (("distance", "--players", "3", "--foo"), "无法识别的参数：--foo", "unrecognized arguments: --foo"),
    (("distance", "--p", "3"), "选项 --p 有歧义，可能是：--players, --plus-horse",
     "ambiguous option: --p could match --players, --plus-horse"),
    (("distance", "--players", "3", "--dead"), "参数 --dead：需要一个值", "argument --dead: expected one argument"),
    (("distance", "--players", "3", "--json=1"), "参数 --json：此选项不接受值：'1'",
     "argument --json: ignored explicit argument '1'"),
    (("judge",), "缺少必需的参数：SUBJECT, CARD", "the following arguments are required: SUBJECT, CARD"),
    (("games", "--lang", "fr"), "参数 --lang：无效的选择：'fr'（可选：'zh', 'en'）",
     "argument --lang: invalid choice: 'fr' (choose from 'zh', 'en')"),
]


@pytest.mark.parametrize("argv, zh, en", USAGE_ERRORS)
def test_argparses_reasons_are_said_in_the_language(capsys, monkeypatch, argv, zh, en):
    """argparse's own reasons (its English through gettext) in Chinese under a Chinese locale, as they were in
    English; the usage line above them too."""
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    code, _out, err = run(capsys, *argv)
    last = err.splitlines()[-1]
    assert code == 2 and err.startswith("用法：companion") and zh in last and "：错误：" in last, err
    assert english_words(re.sub(r"'[^']*'|--\w+", "", last)) == [], err  # what was typed aside
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    code, _out, err = run(capsys, *argv)
    assert code == 2 and err.startswith("usage: companion") and en in err.splitlines()[-1] and not CJK.search(err), err


def test_a_reason_argparse_words_otherwise_stays_as_it_is(monkeypatch):
    from companion import cli

    monkeypatch.setattr(cli, "_LANG", ["zh"])
    assert cli._argparse_reason("argument --x: something a newer Python says") == "参数 --x：something a newer Python says"
    assert cli._argparse_reason("expected 2 arguments") == "需要2个值"
    monkeypatch.setattr(cli, "_LANG", ["en"])
    assert cli._argparse_reason("expected 2 arguments") == "expected 2 arguments"


FORMATS = {"PDF", "PNG", "pdf", "png", "IMAGE"}
"""Names of file formats, and the placeholder of an image file."""


@pytest.mark.parametrize("command", ["scan", "labels"])
def test_the_readers_commands_help_in_each_language(capsys, command):
    code, zh, _ = run(capsys, command, "-h", "--lang", "zh")
    body = zh[zh.index("\n\n"):]  # the usage line's options aside
    assert code == 0 and zh.startswith(f"用法：companion {command}"), zh
    assert [w for w in english_words(body) if w not in FORMATS] == [], zh
    code, en, _ = run(capsys, command, "-h", "--lang", "en")
    assert code == 0 and en.startswith(f"usage: companion {command}") and not CJK.search(en), en
    code, top, _ = run(capsys, "-h", "--lang", "zh")
    line = next(ln for ln in top.splitlines() if ln.strip().startswith(command))
    assert english_words(line.replace(command, "", 1)) == [], line


def test_following_a_journal_says_what_is_wrong_in_each_language(tmp_path):
    import sqlite3

    from companion.journal import JournalError
    from companion.web.watch import JournalWatch

    missing = tmp_path / "none.sqlite3"
    with pytest.raises(JournalError) as e:
        JournalWatch(missing)
    assert e.value.text("zh") == f"{missing} 没有日志" and e.value.text("en") == f"no journal at {missing}"
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    for line in ("players 4", "lord 1", "general 1 caocao"):
        s.submit(line)
    s.close()
    with pytest.raises(JournalError) as e:
        JournalWatch(db, 7)
    assert e.value.text("zh") == f"{db} 中没有第7局（见 `companion games`）"
    with sqlite3.connect(db) as con:  # an entry that no longer replays: seat 9 of a table of 4
        con.execute("UPDATE entries SET lines = 'general 9 liubei' WHERE seq = 3")
    w = JournalWatch(db)
    assert w.error is not None
    assert w.error.zh.startswith("第3条记录（general 9 liubei）无法重放：没有9号位") and not english_words(
        w.error.zh.split("[")[0].replace("general", "").replace("liubei", ""))
    assert w.error.en.startswith("entry 3 (general 9 liubei) does not replay: ") and not CJK.search(w.error.en)
    w.close()
