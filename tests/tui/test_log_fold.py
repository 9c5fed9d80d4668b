"""The log's folding keeps closing punctuation with its text (newcomer trial, 120 columns: a lone ``）`` on a line of
its own): no continuation line begins with a closing bracket or punctuation, no line ends with an opening bracket,
and a run of Latin letters (a player's name) is not split (companion/tui/text.py ``fold_cells``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from companion.session import Session
from companion.tui.text import fold_cells

DATA = Path(__file__).resolve().parents[1] / "data"
CLOSING = "）」』】》，。、；：！？"
OPENING = "（「『【《"


def _event_lines(name: str, lang: str) -> list[str]:
    s = Session.replay_lines((DATA / name).read_text(encoding="utf-8-sig").splitlines(), lang=lang)
    return ["  · " + ((ev.zh or ev.en) if lang == "zh" else ev.en) for e in s.log for ev in e.events or ()]


@pytest.mark.parametrize("name", ["cards.sgs", "skills8b.sgs"])
def test_no_line_begins_with_closing_punctuation(name):
    lines = _event_lines(name, "zh")
    assert len(lines) > 50
    for width in (30, 35, 38, 41, 44):  # 35: the pane at 120 columns (a third of the screen, less its frame)
        for line in lines:
            out = fold_cells(line, width)
            assert "".join(o if i == 0 else o[4:] for i, o in enumerate(out)) == line, out  # nothing lost
            assert not any(o.strip()[:1] in CLOSING for o in out[1:]), (width, out)
            assert not any(o[-1:] in OPENING for o in out[:-1]), (width, out)
            assert all(cell_len(o) <= width for o in out), (width, out)


def test_the_closing_bracket_takes_the_text_before_it_along():
    assert fold_cells("  · 1号位（Ann）摸2张牌（手牌6）", 30) == ["  · 1号位（Ann）摸2张牌（手牌", "    6）"]
    assert fold_cells("  · 2号位（Bea）受到1号位（Ann）的1点伤害：体力2/3", 30) == \
        ["  · 2号位（Bea）受到1号位", "    （Ann）的1点伤害：体力2/3"]
    assert fold_cells("  · seat 2 (Bea) takes 1 damage", 20) == ["  · seat 2 (Bea)", "    takes 1 damage"]
