"""Regressions from the newcomer trial: the seat count changes, undo back to an empty table."""

from __future__ import annotations

from screen import screen_text, type_line

from companion.session import Session
from companion.tui.app import CompanionApp, SeatCard


async def test_player_count_can_change_during_setup(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "new table: type players 6" in screen_text(app)
        for n in (5, 8, 4, 10, 2):
            await type_line(pilot, f"players {n}")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert sorted(c.seat_no for c in app.query(SeatCard)) == list(range(1, n + 1))
        assert "type lord S" in screen_text(app)


async def test_undo_back_to_an_empty_table(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "players 5")
        await type_line(pilot, "lord 2")
        for _ in range(3):  # one more than there is to undo
            await pilot.press("ctrl+z")
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert s.state.players == 0
        assert list(app.query(SeatCard)) == []
        await pilot.press("ctrl+y")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(app.query(SeatCard)) == 5


async def test_after_a_refusal_esc_empties_the_kept_line_for_the_next(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    for line in ["players 4", "lord 1", "variant no_generals", "start"]:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        from companion.tui.app import CommandBar

        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press(*"1 slash 3", "enter")
        await pilot.pause()
        assert bar.value == "1 slash 3" and "card.phase" in app.message
        await pilot.press("escape", *"next", "enter")  # the refused line, kept to edit, emptied by Esc
        await pilot.pause()
        assert s.state.phase == "judge" and bar.value == ""
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("f2")  # play → discard is fine; now refuse by key: hand limit
        await pilot.pause()
        s.submit("hand 1 9")
        await pilot.press("f2")
        await pilot.pause()
        assert "discard" in app.message and "force" not in app.message


async def test_typed_undo_and_redo_work_like_the_keys(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "players 4")
        await type_line(pilot, "undo")
        await app.workers.wait_for_complete()
        assert s.state.players == 0
        await type_line(pilot, "redo")
        assert s.state.players == 4


async def test_seat_cards_before_start_show_real_max_hp(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        for line in ("players 5", "lord 1", "general 1 caocao", "general 2 guojia", "general 3 diaochan"):
            await type_line(pilot, line)
            await app.workers.wait_for_complete()
            await pilot.pause()
        text = screen_text(app)
        assert "●●●●● 5/5" in text                     # the lord: 曹操 4 + 1
        assert text.count("●●● 3/3") == 2               # 郭嘉, 貂蝉
        assert "4/4" not in text                        # seats 4, 5 have no general yet: no made-up HP
        assert text.count("pick a general") == 2
