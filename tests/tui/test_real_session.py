"""The dashboard on the real Session, command language and SQLite journal (no fakes).

Drives a turn with keys and the command bar, a refusal, an undo, and a resume after
the app is closed (issue 2, acceptance: Pilot tests).
"""

from __future__ import annotations

from screen import screen_text, type_line

from companion.session import Session
from companion.tui.app import CompanionApp

SETUP = ["players 4", "lord 1", "general 1 孙权", "general 2 甘宁", "general 3 黄盖", "general 4 吕布", "start"]




async def test_a_turn_refusal_undo_and_resume(tmp_path):
    db = tmp_path / "journal.sqlite3"
    session = Session.new(db)
    for line in SETUP:
        session.submit(line)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert session.state.phase == "start" and session.state.turn_seat == 1
        await pilot.press("f2")  # judge and draw pass by themselves (nothing to decide): one F2 to play
        await pilot.pause()
        assert session.state.phase == "play"
        assert session.state.seat(1).hand == 6
        assert "play phase" in screen_text(app)

        # seat 1 → seat 3: distance 2 > attack range 1: refused, nothing changes
        before = session.state.to_dict(reveal=True)
        await type_line(pilot, "1 slash 3")
        assert session.state.to_dict(reveal=True) == before
        shown = screen_text(app)
        assert "distance 2 > attack range 1" in shown and "slash.range" in shown

        await type_line(pilot, "1 杀 2")
        assert session.state.prompt is not None and session.state.prompt.seat == 2
        await type_line(pilot, "take")
        assert session.state.seat(2).hp == 3
        assert "3/4" in screen_text(app)

        await pilot.press("ctrl+z")  # undo the damage
        await pilot.pause()
        assert session.state.seat(2).hp == 4 and session.state.prompt.kind == "respond"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert session.state.seat(2).hp == 3
        await pilot.press("ctrl+z")
        await pilot.pause()
        await type_line(pilot, "jink")
        assert session.state.seat(2).hp == 4 and session.state.seat(2).hand == 3
        final = session.state.to_dict(reveal=True)
    session.close()

    # the laptop was closed: a new process reopens the latest unfinished game
    again = Session.resume(db)
    assert again.state.to_dict(reveal=True) == final
    app2 = CompanionApp(again, lang="en")
    async with app2.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app2)
        assert "round 1" in text and "play phase" in text
        assert "jink" in app2.log_text()
        assert any(e.undone for e in again.log)  # the undone take stays in the audit trail
    again.close()


async def test_an_unreadable_command_is_explained_in_chinese(tmp_path):
    session = Session.new(tmp_path / "journal.sqlite3")
    for line in SETUP:
        session.submit(line)
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await type_line(pilot, "1 南蛮入浸")
        shown = screen_text(app)
        assert "南蛮入侵" in shown and "unknown card" not in shown
    session.close()


async def test_the_log_says_which_journal_and_game_were_opened(tmp_path):
    """The first log line names the journal file and the game: resumed, new, or none unfinished."""
    db = tmp_path / "journal.sqlite3"
    first = Session.new(db)
    for line in SETUP:
        first.submit(line)
    first.close()

    session = Session.resume(db)  # the latest unfinished game: game 1, 4 seats, round 1
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = app.log_text().splitlines()[0]
        assert line.startswith(f"journal: {db} · game #1 (started ") and "UTC, 4 seats, round 1)" in line
        assert app.message.replace("\n", "") == line  # on screen at once, above the command bar
        shown = screen_text(app).replace("\n", "").replace(" ", "")
        assert line.replace(" ", "") in shown  # all of it, long tmp path included, at 80 columns
        await pilot.press("f4")
        await pilot.pause()
        line = app.log_text().splitlines()[0]
        assert line.startswith(f"日志文件：{db} · 第1局（开始于 ") and "UTC，4个座位，第1轮）" in line
    session.close()

    session = Session.new(db)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.log_text().splitlines()[0] == f"journal: {db} · new game #2" == app.message.replace("\n", "")
    session.close()

    other = tmp_path / "finished.sqlite3"
    session = Session.resume(other)  # nothing unfinished there: a new game, and it says so
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.log_text().splitlines()[0]
        assert first == f"日志文件：{other} · 没有未完成的对局，已开始新对局 第1局" == app.message.replace("\n", "")
    session.close()
