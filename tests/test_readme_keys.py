"""Every function key of the dashboard (companion/tui/keys.py KEYS) has a row in the README's key table
(newcomer trial, issue 16, 3 Dec: the 奸雄 question said "F8 发动 · F9 不发动" and the README's table had no F8 / F9)."""

from __future__ import annotations

import re
from pathlib import Path

from companion.tui.keys import KEYS

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_function_key_is_in_the_readme_table():
    text = README.read_text(encoding="utf-8")
    table = text[text.index("### Dashboard keys"):]
    table = table[: table.index("\n### ", 1)]
    rows = {cell.strip().lower() for line in table.splitlines() if line.startswith("| ")
            for cell in re.split(r"[/,]", line.split("|")[1])}
    fkeys = {k for key in KEYS for k in key.keys.split(",") if re.fullmatch(r"f\d+", k)}
    assert fkeys and fkeys <= rows, sorted(fkeys - rows)
