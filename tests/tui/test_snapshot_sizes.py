"""SVG snapshots at 80×24 and 120×40 in zh and en (issue 16 §6): ten seats, the lord with four
equipment cards, a seat with two delayed tricks, a question with its numbered choices — nothing
the table needs is cut (no "…" anywhere on the screen; every card and hand count drawn).

The table is played by the real rules core; the dashboard is given a stand-in session holding its
state and log (no journal file: the first log line would name a temporary path).  The SVG holds
text only (Textual's export); no font is read or measured.  Regenerate with --snapshot-update."""

from __future__ import annotations

import pytest
from fakes import FakeSession, LogEntry
from screen import screen_text

from companion.rules.deck import KINDS
from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

TEN = ["players 10", "lord 1", "general 1 caocao", "general 2 simayi", "general 3 xiahoudun", "general 4 zhangliao",
       "general 5 xuchu", "general 6 guojia", "general 7 zhenji", "general 8 liubei", "general 9 guanyu",
       "general 10 zhugeliang", "start", "equip 1 blade", "equip 1 eight_diagram", "equip 1 dilu", "equip 1 chitu",
       "equip 2 qinggang_sword", "equip 2 nioh_shield", "place 3 indulgence", "place 3 lightning",
       "next", "next", "next", "1 杀 10"]


def _session() -> FakeSession:
    real = Session.new(None)
    for line in TEN:
        real.submit(line)
    fake = FakeSession(real.state)
    fake.log = [LogEntry(e.seq, list(e.lines), events=list(e.events or [])) for e in real.log]
    return fake


def _check_nothing_cut(text: str, lang: str) -> None:
    assert "…" not in text, text
    for kind in ("blade", "eight_diagram", "dilu", "chitu", "qinggang_sword", "nioh_shield", "indulgence", "lightning"):
        k = KINDS[kind]
        from companion.tui.text import _SHORT

        names = [k.zh if lang == "zh" else k.en] + ([_SHORT[kind][0 if lang == "zh" else 1]] if kind in _SHORT else [])
        assert any(n in text for n in names) or (kind in ("dilu", "chitu") and ("+1" in text and "-1" in text)), kind
    hand = "手" if lang == "zh" else "h"
    assert text.count(hand) >= 10  # every seat's hand count (the lord's too)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_ten_seats_four_equipment_nothing_cut(snap_compare, lang, size):
    seen: list[str] = []

    async def run_before(pilot):
        pilot.app.query_one(CommandBar).cursor_blink = False  # a blinking cursor is drawn or not by the clock
        await pilot.pause()
        await pilot.pause()
        seen.append(screen_text(pilot.app))

    assert snap_compare(CompanionApp(_session(), lang=lang), terminal_size=size, run_before=run_before)
    _check_nothing_cut(seen[0], lang)
    if size == (120, 40):  # tall cards: full card names, the log beside the board
        assert (KINDS["blade"].zh if lang == "zh" else KINDS["blade"].en) in seen[0]
        assert ("记录" if lang == "zh" else "Log") in seen[0].splitlines()[5]
