"""The header and the window's title speak the dashboard's language, completely (issue 16 F5: the English header
began ``三国杀 · round 1``); F4 switches both."""

from __future__ import annotations

import re

from pilot_support import played
from screen import screen_text

from companion.tui.app import CompanionApp

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]
CJK = re.compile(r"[\u4e00-\u9fff]")


async def test_the_header_and_the_title_follow_the_language():
    app = CompanionApp(played(TABLE), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        header = screen_text(app).splitlines()[0].strip()
        assert header.startswith("Sanguosha · round 1 · seat 1") and not CJK.search(header), header
        assert app.title == "Sanguosha companion"
        await pilot.press("f4")
        await pilot.pause()
        header = screen_text(app).splitlines()[0].strip()
        assert header.startswith("三国杀 · 第1轮 · 1号位") and "round" not in header, header
        assert app.title == "三国杀助手"
