"""The dashboard on the real Session and command language (skipped until both are merged in).

Drives a turn with keys and the command bar, a refusal, an undo, and a resume
after the app is closed (issue 2, acceptance).
"""

import pytest

from companion.tui.app import CommandBar, CompanionApp
from screen import screen_text

session_mod = pytest.importorskip("companion.session", reason="companion/session.py is on the shell branch")
pytest.importorskip("companion.script", reason="companion/script.py is on the engine branch")

SETUP = [
    "players 6", "name 1 Alice", "name 2 Bob", "name 3 Cara", "name 4 Dan", "name 5 Eve", "name 6 Finn",
    "lord 1", "general 1 caocao", "general 2 simayi", "general 3 guanyu", "general 4 zhouyu",
    "general 5 machao", "general 6 huatuo", "start",
]


async def enter(pilot, line):
    bar = pilot.app.query_one(CommandBar)
    bar.focus()
    bar.value = line
    await pilot.press("enter")
    await pilot.pause()


async def test_turn_refusal_undo_and_resume(tmp_path):
    Session = session_mod.Session
    db = tmp_path / "games.sqlite3"
    s = Session.new(db)
    for line in SETUP:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert s.state.phase == "start"
        for _ in range(3):
            await pilot.press("f2")  # start → judge → draw → play
            await pilot.pause()
        assert s.state.phase == "play"
        assert "play phase" in screen_text(app)
        await enter(pilot, "1 qinggang_sword:s6")
        assert s.state.seat(1).equipment["weapon"] == "qinggang_sword-spade-6"
        before = s.state.to_dict(reveal=True)
        await enter(pilot, "1 杀:♠7 4")  # distance 3 > range 2
        assert s.state.to_dict(reveal=True) == before
        assert "slash.range" in app.message and "distance 3" in app.message
        await enter(pilot, "damage 3 1")
        assert s.state.seat(3).hp == 3
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert s.state.seat(3).hp == 4
        assert "undone" in app.log_text()
        await enter(pilot, "damage 2 1")
        assert s.state.seat(2).hp == 2
    s.close()

    s2 = Session.resume(db)
    app2 = CompanionApp(s2, lang="en")
    async with app2.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert s2.state.phase == "play" and s2.state.seat(2).hp == 2 and s2.state.seat(3).hp == 4
        text = screen_text(app2)
        assert "●●○ 2/3" in text and "W:Qinggang" in text
        assert "undone" in app2.log_text()  # the audit trail survives the restart
    s2.close()
