"""Chinese punctuation on Chinese screens, English examples on English ones (issue 14: "the UI speaks Chinese and
English, completely in each"): the dash of a Chinese text is ——, the colon of a Chinese help heading is the
full-width one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from companion.cli import main

ZH = tomllib.loads((Path(__file__).resolve().parents[1] / "companion/data/messages/zh.toml").read_text(encoding="utf-8"))
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_a_chinese_text_dashes_with_two_em_dashes():
    single = [f"[{sec}] {k}: {v}" for sec, t in ZH.items() for k, v in t.items() if re.search(r"(?<!—)—(?!—)", v)]
    assert single == []


@pytest.mark.parametrize("argv", [["--help"], ["games", "--help"], ["distance", "--help"]])
def test_help_headings_take_the_colon_of_the_language(capsys, argv):
    assert main([*argv, "--lang", "zh"]) == 0
    headings = [ln for ln in capsys.readouterr().out.splitlines() if ln and not ln.startswith(" ") and ln.endswith(("：", ":"))]
    assert headings and all(h.endswith("：") and CJK.search(h) for h in headings), headings
    assert main([*argv, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "\noptions:\n" in out and "：" not in out

