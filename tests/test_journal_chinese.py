"""The journal's errors in each language (companion/journal.py ``_journal_error``, ``[text] "journal.*"``): the
English text unchanged, the Chinese one Chinese but for the command words and names it quotes (``--db``,
``companion resume``, SQLite, the file's path)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from companion.journal import APPLICATION_ID, SCHEMA_VERSION, Journal, JournalError, describe_write_error
from companion.session import describe_error
from companion.web.serve import error_words

KEPT = {"companion", "SQLite", "application_id", "db", "resume", "read", "only", "journal", "wal"}
"""The Latin words a Chinese journal error may hold: the program's name, SQLite's, the header field, the words of a
command line (``--db``, ``companion resume --read-only``) and the file names beside the journal (``-journal``)."""
WORD = re.compile(r"[A-Za-z_]{2,}")


def _english(zh: str, path: Path) -> set[str]:
    return set(WORD.findall(zh.replace(str(path), ""))) - KEPT


def _error(path: Path, **kw) -> JournalError:
    with pytest.raises(JournalError) as exc:
        Journal(path, **kw)
    return exc.value


def test_a_foreign_file_a_directory_and_a_missing_journal_in_chinese(tmp_path: Path):
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not a database at all" * 10)
    cases = [(text, {}, "corrupt", "不是 SQLite 数据库", "not an SQLite database"),
             (tmp_path, {}, "notfile", "是目录", "is a directory"),
             (tmp_path / "none.sqlite3", {"readonly": True}, "nogame", "没有日志", "no journal at")]
    foreign = tmp_path / "other.sqlite3"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE t (x)")
    con.execute("PRAGMA application_id = 7")
    con.commit()
    con.close()
    cases.append((foreign, {}, "foreign", "其他程序的 SQLite 数据库", "another application (application_id 0x7"))
    for path, kw, kind, zh, en in cases:
        e = _error(path, **kw)
        assert e.kind == kind and zh in e.zh and en in str(e), (e.zh, str(e))
        assert e.text("en") == str(e) == describe_error(e) and e.text("zh") == e.zh == describe_error(e, "zh")
        assert not _english(e.zh, path), e.zh
        assert error_words(e).zh == e.zh and error_words(e).en == str(e)


def test_a_newer_journal_says_so_in_both_languages(tmp_path: Path):
    p = tmp_path / "j.sqlite3"
    Journal(p).close()
    con = sqlite3.connect(p)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    e = _error(p)
    assert e.kind == "newer" and str(e) == (
        f"{p} was written by a newer companion (journal schema {SCHEMA_VERSION + 1}, this version reads up to "
        f"{SCHEMA_VERSION}). It was not modified; upgrade the companion to open it.")
    assert "更新版本" in e.zh and not _english(e.zh, p), e.zh
    assert APPLICATION_ID  # the header the foreign check reads


def test_a_failed_write_in_both_languages():
    en, zh = describe_write_error("full", "undo", "/x/j.sqlite3", "disk full")
    assert en == ("the journal cannot be written: the disk is full — nothing was undone; free some disk space and go on "
                  "[/x/j.sqlite3]")
    assert zh == "无法写入日志：磁盘已满——没有撤销；请腾出磁盘空间后继续 [/x/j.sqlite3]"
    en, zh = describe_write_error("strange", "elsewhere", "/j", "oops")
    assert en == "the journal cannot be written (oops) — nothing was written [/j]" and zh == "无法写入日志（oops）——没有写入 [/j]"
