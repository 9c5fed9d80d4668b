"""F10 / ``serve``: the players' view starts in the dashboard's loop and its dialog shows the URL and a QR code."""

from __future__ import annotations

import json

import aiohttp
from screen import screen_text, type_line

from companion.session import Session
from companion.tui.app import CompanionApp
from companion.tui.serve import ServeScreen
from companion.tui.text import ROLE_NAMES

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


async def test_the_moderators_reveal_never_reaches_the_players_view(monkeypatch):
    monkeypatch.setattr("companion.web.serve.lan_address", lambda: None)
    session = Session.replay_lines(SETUP)
    hidden = {s.seat: s.role for s in session.state.seats if s.public_role is None}
    assert len(hidden) == 3
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 50)) as pilot:
        await type_line(pilot, "serve")
        for _ in range(20):
            await pilot.pause(0.05)
            if isinstance(app.screen, ServeScreen):
                break
        url = app.web_share.url
        await pilot.press("escape")
        await pilot.press("f5")  # the moderator shows every role on the shared screen, and confirms
        await pilot.pause()
        await pilot.press(*"reveal")
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.reveal
        assert any(f"[{r.capitalize()}]" in screen_text(app) for r in hidden.values())  # the dashboard shows them
        async with aiohttp.ClientSession() as c, c.get(url + "api/state") as r:
            view = await r.json()
        assert [v["role"] for v in view["seats"] if v["seat"] in hidden] == [None, None, None]
        text = json.dumps(view, ensure_ascii=False).replace("lord/loyalist/rebel/renegade", "")
        for role in set(hidden.values()):
            assert role not in text.lower() and ROLE_NAMES[role][0] not in text  # id / English, Chinese
        await app.web_share.stop()


def test_serve_where():
    from companion.tui.serve import parse_where

    assert parse_where("") == (None, None)
    assert parse_where("192.168.1.5") == ("192.168.1.5", None)
    assert parse_where("192.168.1.5:9000") == ("192.168.1.5", 9000)
    assert parse_where(":9000") == (None, 9000)
    assert parse_where("[fd00::1]:9000") == ("fd00::1", 9000)
    assert parse_where("fd00::1") == ("fd00::1", None)
    for bad in ("x:0", "x:http", "x:70000"):
        try:
            parse_where(bad)
        except ValueError as e:
            assert "1..65535" in str(e)
        else:
            raise AssertionError(bad)


async def test_serve_on_a_chosen_port_and_a_bad_one(monkeypatch):
    monkeypatch.setattr("companion.web.serve.lan_address", lambda: None)
    app = CompanionApp(Session.replay_lines(SETUP), lang="zh")
    async with app.run_test(size=(100, 50)) as pilot:
        await type_line(pilot, "serve 127.0.0.1:http")
        for _ in range(20):
            await pilot.pause(0.05)
            if isinstance(app.screen, ServeScreen):
                break
        assert "无法启动玩家页面" in screen_text(app) and "1..65535" in screen_text(app)
        assert app.web_share.url is None
