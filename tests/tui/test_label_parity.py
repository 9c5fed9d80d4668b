"""Issue 14: the dashboard's own texts (companion/tui/text.py ``LABELS``, companion/tui/quick.py ``QUICK_LABELS``:
``key → (zh, en)``) name the same values in both languages, so a text formats in either."""

from __future__ import annotations

import string

import pytest

from companion.tui.quick import QUICK_LABELS, qlabel
from companion.tui.text import LABELS


def _fields(tmpl: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(tmpl) if f is not None}


def mismatched(table: dict[str, tuple[str, str]]) -> list[str]:
    """The keys whose zh and en texts name different values (or that are not a (zh, en) pair of texts)."""
    return [k for k, v in table.items()
            if not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(t, str) and t for t in v))
            or _fields(v[0]) != _fields(v[1])]


@pytest.mark.parametrize("table", [LABELS, QUICK_LABELS], ids=["LABELS", "QUICK_LABELS"])
def test_each_label_names_the_same_values_in_both_languages(table: dict[str, tuple[str, str]]) -> None:
    assert table and mismatched(table) == []


def test_the_check_finds_a_lost_value_and_a_missing_language() -> None:
    assert mismatched({"a": ("{n}号位", "seat"), "b": ("只有中文", ""), "c": ("{n}号位", "seat {n}")}) == ["a", "b"]


def test_a_seat_and_its_phase_in_both_languages() -> None:
    assert qlabel("seat_phase", "zh", n=3, phase="出牌") == "3号位出牌"
    assert qlabel("seat_phase", "en", n=3, phase="play") == "seat 3 play"
