"""Two things a newcomer read wrong on the dashboard (issue 14: the UI speaks each language completely): the F1
help's row for F4 said only ``EN`` in Chinese, and at 80×24 a seat offered generals read "Sun Shangxiang hand 0"
before the game started (no one holds a card before ``start``: the hand count said nothing)."""

from __future__ import annotations

import pytest
from screen import screen_text

from companion.session import Session
from companion.tui.app import CompanionApp

F4 = {"zh": "语言：切换为英文（English）", "en": "Language: 中文 (switch to Chinese)"}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_help_says_what_f4_switches_to(session, lang):
    rows = dict(CompanionApp(session, lang=lang).help_sections()[0][1])
    assert rows["F4,CTRL+L"] == F4[lang]
    assert rows["F1"] == ("帮助" if lang == "zh" else "Help")  # the other keys: the footer's words, as before


@pytest.mark.parametrize("lang, hand, offered", [("zh", "手牌0", "候选："), ("en", "hand 0", "offered: ")])
async def test_a_seat_offered_generals_shows_no_hand_count_before_start(lang, hand, offered):
    s = Session.new(None)
    for line in ("players 5", "lord 1", "deal generals seed=3"):
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        board = screen_text(app).split("\n─")[0]  # the seat cards, above the log
    card = [ln.split("▊")[1] for ln in board.splitlines() if ln.count("▊") == 3]  # seat 1's column (left)
    assert any(offered in ln for ln in card), board
    assert not any(hand in ln for ln in card), board
    assert hand in board  # the seats without an offer show theirs, as before
    s.close()
