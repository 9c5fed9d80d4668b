"""Issue 14: the session's sentences (a line that cannot be journaled, a journal that does not replay) come from the
message catalogue (``[text] session.*``), in both languages, with their numbers (tests/test_messages.py checks
the keys and placeholders)."""

from __future__ import annotations

import re

import fake_engine as fe
import pytest

from companion.journal import JournalError
from companion.rules.errors import CommandError
from companion.session import Session, check_line

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize(("line", "en", "zh"), [
    ("next\nnext", "one command per line", "每行一条命令"),
    ("next\x07", "control character", "控制字符"),
    ("next \ud800", "lone surrogate", "孤立代理项"),
    ("x" * 2001, "the line is too long (2001 characters, at most 2000)", "这一行太长（2001个字符，最多2000个）"),
])
def test_a_line_that_cannot_be_journaled_says_why_in_both_languages(line: str, en: str, zh: str) -> None:
    with pytest.raises(CommandError) as exc:
        check_line(line)
    assert en in exc.value.en and zh in exc.value.zh and not CJK.search(exc.value.en)


def test_an_entry_that_no_longer_replays_is_told_in_both_languages(tmp_path) -> None:
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("add 1")
    s.submit("add 2")
    s.journal.append(s.game_id, ["bogus line"], parent=2)
    s.journal.append(s.game_id, ["add 4"], parent=3)
    s.close()
    r = Session.resume(p, **fe.KW)
    e = r.problem
    assert e is not None and e.kind == "replay"
    assert str(e).startswith("game 1: entry 3 (bogus line) — it no longer replays: ")
    assert "The game is open at entry 2; entries 3–4 are kept in the journal (marked undone" in str(e)
    assert e.zh.startswith("第1局：第3条（bogus line）——无法重放：")
    assert "对局停在第2条；第3–4条保留在日志中（标记为已撤销，记录中以删除线显示），不会删除。" in e.zh
    r.close()


def test_no_unfinished_game_is_told_in_both_languages(tmp_path) -> None:
    p = tmp_path / "j.sqlite3"
    s = Session.new(p, **fe.KW)
    s.submit("win rebel")
    s.close()
    with pytest.raises(JournalError) as exc:
        Session.resume(p, create=False, **fe.KW)
    assert str(exc.value) == f"no unfinished game in {p}" and exc.value.zh == f"{p} 中没有未完成的对局"
