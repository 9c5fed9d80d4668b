"""F10 / ``serve``: the players' view starts in the dashboard's loop and its dialog shows the URL and a QR code."""

from __future__ import annotations

import aiohttp
from screen import screen_text, type_line

from companion.session import Session
from companion.tui.app import CompanionApp
from companion.tui.serve import ServeScreen

SETUP = ["players 4", "lord 1", "deal roles seed=2", "general 1 孙权", "general 2 甘宁", "general 3 黄盖",
         "general 4 吕布", "start"]


async def test_serve_dialog_and_live_updates(monkeypatch):
    monkeypatch.setattr("companion.web.serve.lan_address", lambda: None)  # hermetic: loopback only
    session = Session.replay_lines(SETUP)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 50)) as pilot:
        await type_line(pilot, "serve")
        for _ in range(20):
            await pilot.pause(0.05)
            if isinstance(app.screen, ServeScreen):
                break
        await pilot.pause()
        share = app.web_share
        url = share.url
        assert url.startswith("http://127.0.0.1:") and share.server.token in url
        text = screen_text(app)
        assert url in text and "only this computer" in text
        assert "█" in text or "▀" in text  # the QR code
        async with aiohttp.ClientSession() as c:
            async with c.get(url + "api/state") as r:
                assert (await r.json())["game"]["phase"]["id"] == "start"
            await pilot.press("escape")
            await pilot.press("f2")  # next phase, by key, in the dashboard (judge and draw pass by themselves)
            await pilot.pause(0.1)
            async with c.get(url + "api/state") as r:
                assert (await r.json())["game"]["phase"]["id"] == "play"
        await pilot.press("f10")  # again: the same server, the same URL
        await pilot.pause(0.1)
        assert app.web_share.url == url and url in screen_text(app)
        await share.stop()
