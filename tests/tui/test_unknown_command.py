"""An unknown command's message fits the message line (newcomer trial, 2 Dec: its list of every verb was
cut after two lines at 80 columns): the common verbs that fit and "F1 lists all"."""

from __future__ import annotations

import pytest
from screen import screen_text, type_line

from companion.script import VERBS
from companion.session import Session
from companion.tui.app import CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("started", [True, False], ids=["game", "setup"])
async def test_the_unknown_command_message_fits_in_two_lines(lang, started):
    s = Session.new(None)
    for line in SIX if started else SIX[:2]:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "frobnicate")
        await pilot.pause()
        msg = app.message
        text = screen_text(app)
    assert "F1" in msg and str(len(VERBS)) in msg, msg
    # every word of the message is on the screen: nothing cut after the second line
    lines = [ln.strip() for ln in text.splitlines()]
    at = next(i for i, ln in enumerate(lines) if "frobnicate" in ln and "✗" in ln)
    shown = " ".join(lines[at:at + 2])
    assert msg.split()[-1] in shown, (msg, shown)
    first = ("next" if started else "players")
    assert first in msg
