"""The message catalogue's parse cache (issue 15): used only for the very bytes it was made from, written as
byte-code is (not under ``sys.dont_write_bytecode``), and a damaged cache is never believed."""

from __future__ import annotations

import marshal
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

from companion.rules import messages
from companion.rules.messages import SECTIONS

SRC = Path(messages.__file__).resolve().parent.parent / "data" / "messages"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    for lang in ("en", "zh"):
        shutil.copy(SRC / f"{lang}.toml", tmp_path / f"{lang}.toml")
    monkeypatch.setattr(messages, "_DIR", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path


def toml(path: Path) -> dict:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {sec: dict(data.get(sec, {})) for sec in SECTIONS}


def test_the_cache_is_written_and_read_back(folder, monkeypatch):
    raw = (folder / "en.toml").read_bytes()
    first = messages._parse("en", raw)
    cache = messages._cache_path("en", raw)
    assert cache.parent == folder / "__pycache__" and cache.is_file()
    assert first == toml(folder / "en.toml") == marshal.loads(cache.read_bytes())
    monkeypatch.setitem(sys.modules, "tomllib", None)  # a second parse must not need the TOML parser
    assert messages._parse("en", raw) == first


def test_edited_bytes_are_parsed_again(folder):
    path = folder / "zh.toml"
    messages._parse("zh", path.read_bytes())
    text = path.read_text(encoding="utf-8")
    key = next(iter(toml(path)["text"]))
    edited = text.replace("[text]\n", f'[text]\n"{key}_extra" = "新的一句"\n', 1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    got = messages._parse("zh", path.read_bytes())
    assert got["text"][f"{key}_extra"] == "新的一句"
    assert len(list((folder / "__pycache__").glob("zh.*.marshal"))) == 2  # one per version of the file


@pytest.mark.parametrize("junk", [b"", b"\x00garbage", marshal.dumps(["not", "a", "catalogue"]),
                                  marshal.dumps({"refused": {}, "event": {}})])
def test_a_damaged_cache_is_not_believed(folder, junk):
    raw = (folder / "en.toml").read_bytes()
    cache = messages._cache_path("en", raw)
    cache.parent.mkdir()
    cache.write_bytes(junk)
    assert messages._parse("en", raw) == toml(folder / "en.toml")
    assert marshal.loads(cache.read_bytes()) == toml(folder / "en.toml")  # written anew


def test_no_cache_is_written_without_byte_code(folder, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    raw = (folder / "en.toml").read_bytes()
    assert messages._parse("en", raw) == toml(folder / "en.toml")
    assert not (folder / "__pycache__").exists()


def test_a_folder_that_cannot_be_written_only_costs_the_parse(folder):
    (folder / "__pycache__").write_text("a file where the folder would be")
    raw = (folder / "en.toml").read_bytes()
    assert messages._parse("en", raw) == toml(folder / "en.toml")
