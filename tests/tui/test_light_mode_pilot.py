"""Light mode end to end in the dashboard (issue 16 §5): ``track hands off`` typed at setup, the game
played with keys, no hand count on any card or in the players' view, the mode back after a resume."""

from __future__ import annotations

from screen import screen_text, type_line

from companion.public import public_view
from companion.session import Session
from companion.tui.app import CompanionApp

SETUP = ["players 4", "track hands off", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞",
         "general 4 赵云", "start"]


async def test_light_mode_typed_played_and_resumed(tmp_path):
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for line in SETUP:
            await type_line(pilot, line)
        assert s.state.started and not s.state.hands_tracked
        text = screen_text(app)
        assert "light mode: hands not tracked" in text
        assert "hand " not in text.split("─Log")[0]  # no hand count on the seat cards
        await pilot.press("f2")  # seat 1: start → play
        await pilot.pause()
        assert s.state.phase == "play"
        await pilot.press("f2")  # the turn ends; seat 2's quiet phases pass
        await pilot.pause()
        assert s.state.turn_seat == 2 and s.state.phase == "play"
        assert "hand " not in screen_text(app).split("─Log")[0]
        assert all(seat["hand"] is None for seat in public_view(s.state)["seats"])
        assert "(hand " not in app.log_text()  # nor in the log's sentences
    gid = s.game_id
    again = Session.resume(db, gid)
    assert not again.state.hands_tracked and again.state.turn_seat == 2
    app2 = CompanionApp(again, lang="zh")
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app2)
        header, rest = text.split("\n", 1)
        assert "简易模式" in header and "手牌" not in rest.split("─记录")[0]  # no hand count on the cards
