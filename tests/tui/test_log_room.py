"""The log under the table keeps ``LOG_MIN`` lines at 80×24 with 10 seats, whatever the question, its
choices and a message take (newcomer trial, 2 Dec: a two-line question, two lines of choices and a
two-line refusal left the log one line or none).  Played by the real rules core, in zh and en."""

from __future__ import annotations

import pytest
from screen import screen_text

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp, GameLog
from companion.tui.widgets.choices import ChoicesBar
from companion.tui.widgets.table import LOG_MIN, SeatTable

TEN = ["players 10", "lord 1"] + [f"general {i} {g}" for i, g in enumerate(
    "caocao simayi xiahoudun zhangliao xuchu guojia zhenji liubei guanyu zhugeliang".split(), 1)] + [
    "start", "next", "next", "next", "lose 2 2", "1 杀 2", "take"]
"""Seat 2 dying, seat 1 asked for 桃: a two-line question and (en) two lines of choices at 80 columns."""
EQUIPPED = ["equip 1 blade", "equip 1 eight_diagram", "equip 1 dilu", "equip 1 chitu"]
"""The lord with four equipment cards: its card does not fit in fewer lines."""


async def _squeezed(lang: str, extra: list[str], scan: bool) -> tuple[dict[str, int], str, int]:
    """(heights of the card, the banner and the message; the screen's text; the log's lines)."""
    s = Session.new(None)
    for line in TEN[:-3] + extra + TEN[-3:]:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        bar.value = "frobnicate now"  # refused: a two-line message
        await pilot.press("enter")
        if scan:
            app._show_scan_line("looking")  # a scan running: one more line above the message
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        log = app.query_one(GameLog)
        sizes = {"card": app.query_one(SeatTable).card_height, "banner": app.query_one(ChoicesBar).question_lines,
                 "message": app.query_one("#message").size.height}
        _newest_shown(app, text)
        return sizes, text, log.scrollable_content_region.height


def _newest_shown(app: CompanionApp, text: str) -> None:
    """The log pane ends above the line under it (the scan line or the message) and its last visible row is the
    newest line written (item 5 of the newcomer trial, 2 Dec: "the log sometimes shows older entries rather than
    the last" — a min-height past the lines left drew the pane under the message, its newest line hidden)."""
    log = app.query_one(GameLog)
    below = [w.region.y for w in (app.query_one("#scan-line"), app.query_one("#message")) if w.region.height]
    assert log.region.bottom <= min(below), (log.region, below, text)
    r = log.content_region
    rows = [ln[r.x:r.right].strip() for ln in text.splitlines()[r.y:r.bottom]]
    rows = [x for x in rows if x]
    assert rows, text
    newest = log.text().splitlines()[-1]
    assert rows[-1] in newest, (rows[-1], newest)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("scan", [False, True], ids=["", "scan"])
async def test_log_keeps_its_lines_under_a_full_question(lang, scan):
    sizes, text, log_lines = await _squeezed(lang, [], scan)
    assert log_lines >= LOG_MIN, text
    assert sizes["banner"] == 2 and sizes["message"] == 2, text
    # the newest entry ("take", its damage and dying events) is on the screen, above the message
    lines = text.splitlines()
    at = next(i for i, ln in enumerate(lines) if "#19 take" in ln)
    assert any(("dying" in ln or "濒死" in ln) for ln in lines[at + 1:at + 4]), text
    # every seat is still drawn, its hand count too (nothing cut by the squeeze)
    assert text.count("hand" if lang == "en" else "手牌") >= 10, text
    # cards shrink only when they must: zh's four choices take one line, and without a scan nothing is squeezed
    assert sizes["card"] == (3 if lang == "en" or scan else 4)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_card_that_needs_four_lines_keeps_them_and_the_log_its_lines(lang):
    sizes, text, log_lines = await _squeezed(lang, EQUIPPED, True)
    assert sizes["card"] == 4  # the lord's four equipment cards are not cut
    # the log gives up its title line instead; in en (two lines of choices) with the scan line it has the two
    # lines left (it used to be drawn 3 lines high, one of them under the scan line: its newest line hidden)
    assert log_lines >= LOG_MIN - (1 if lang == "en" else 0), text
    assert "-1" in text and "+1" in text and ("八卦" in text if lang == "zh" else "8Diag" in text), text


async def test_an_empty_message_gives_the_cards_their_lines_back():
    s = Session.new(None)
    for line in TEN:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one(SeatTable)
        assert table.card_height == 4  # the question and its choices alone leave the log 3 lines
        app.say("one\ntwo")
        await pilot.pause()
        assert table.card_height == 3
        app.say("")
        await pilot.pause()
        assert table.card_height == 4
