"""The log pane grows by what a command added (issue 15).

After any command the pane must show what a full redraw from the session shows:
appending new entries is only an optimisation.  Undo, redo, a language switch,
a revealed role and the journal line are checked against ``redraw_log``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from screen import type_line

from companion.session import Session
from companion.tui.app import LOG_MAX_LINES, CompanionApp, GameLog

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import fake_engine as fe

SETUP = ["players 4", "lord 1", "general 1 孙权", "general 2 甘宁", "general 3 黄盖", "general 4 吕布", "start"]


def pane(app) -> list[str]:
    return [strip.text.rstrip() for strip in app.query_one(GameLog).lines]


def redrawn(app) -> tuple[list[str], str]:
    """The pane and log_text after a full redraw (the app is left redrawn)."""
    app.redraw_log()
    return pane(app), app.log_text()


async def settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


async def check_equal(app, pilot) -> None:
    await settle(pilot)
    shown, text = pane(app), app.log_text()
    again, again_text = redrawn(app)
    assert shown == again
    assert text == again_text


async def test_pane_after_commands_undo_redo_and_language_equals_a_redraw(tmp_path):
    session = Session.new(tmp_path / "j.sqlite3")
    for line in SETUP:
        session.submit(line)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await check_equal(app, pilot)
        assert pane(app)[0].startswith("journal:")  # the whole game fits: the journal line on top
        await pilot.press("f2")  # to the play phase: judge and draw pass by themselves
        await check_equal(app, pilot)
        await type_line(pilot, "1 杀 2")
        await type_line(pilot, "take")
        await check_equal(app, pilot)
        assert any("take" in ln for ln in pane(app))
        await pilot.press("ctrl+z")  # the entry stays, struck through
        await check_equal(app, pilot)
        assert "undone" in app.log_text()
        await pilot.press("ctrl+y")
        await check_equal(app, pilot)
        assert "undone" not in app.log_text()
        await pilot.press("ctrl+z")
        await type_line(pilot, "jink")  # a new entry after an undone one
        await check_equal(app, pilot)
        assert "undone" in app.log_text() and any("jink" in ln for ln in pane(app))
        await pilot.press("f4")  # Chinese
        await check_equal(app, pilot)
        assert "已撤销" in app.log_text() or "撤销" in app.log_text()
        await type_line(pilot, "next")
        await check_equal(app, pilot)
        await pilot.press("f4")
        await check_equal(app, pilot)
    session.close()


async def test_a_command_writes_only_its_own_lines_in_a_long_game(monkeypatch):
    session = Session.replay_lines([f"add {i}" for i in range(1, 2001)], **fe.KW)

    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = len(pane(app))
        assert before < 300  # a window, not the game's 2,000 entries
        assert not pane(app)[0].startswith("journal")
        writes: list[int] = []
        rlog = app.query_one(GameLog)
        real_write = rlog.write

        def counting(content, *a, **kw):
            writes.append(len(content.plain.split("\n")))
            return real_write(content, *a, **kw)

        monkeypatch.setattr(rlog, "write", counting)
        monkeypatch.setattr(Session, "log", property(lambda s: pytest.fail("the whole log was read")))
        await type_line(pilot, "add 5")
        assert writes == [2]  # the entry's title and its one event
        await settle(pilot)
        assert pane(app)[-2:] == ["#2001 add 5", "  · added 5, total 2001005"]
        monkeypatch.undo()
        tail = pane(app)
        again, _ = redrawn(app)
        assert tail[-len(again):] == again  # what a redraw shows is the end of what was appended


async def test_revealing_a_role_redraws_older_lines(tmp_path):
    session = Session.new(tmp_path / "j.sqlite3")
    for line in ["players 4", "lord 1", "role 2 loyalist", "role 3 rebel", "role 4 renegade"]:
        session.submit(line)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await check_equal(app, pilot)
        assert "loyalist" not in app.log_text() and "#3 role 2 ••" in app.log_text()
        app.reveal = True  # as after the confirmation dialog
        app.refresh_view()
        await check_equal(app, pilot)
        assert "#3 role 2 loyalist" in app.log_text()
        app.reveal = False
        app.refresh_view()
        await check_equal(app, pilot)
        assert "loyalist" not in app.log_text()
    session.close()


async def test_the_pane_keeps_a_bounded_number_of_lines():
    session = Session.replay_lines(["add 1"], **fe.KW)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for i in range(LOG_MAX_LINES // 2 + 10):  # two lines each
            session.submit(f"add {i + 1}")
            app.refresh_view()
        await settle(pilot)
        assert len(pane(app)) <= LOG_MAX_LINES
        text = app.log_text().splitlines()
        assert len(text) <= LOG_MAX_LINES and text[-2].startswith(f"#{session.tip} ")


async def test_after_a_command_the_pane_shows_its_end_and_the_scrollbar_its_length():
    """The new lines are scrolled to at once and the scrollbar is given the pane's new length by the pane
    itself (GameLog._sync_scrollbar: no layout follows a write): the thumb must still
    say where the pane is."""
    session = Session.replay_lines([f"add {i}" for i in range(1, 200)], **fe.KW)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        rlog = app.query_one(GameLog)
        for n in (5, 6, 7):
            before = rlog.virtual_size.height
            await type_line(pilot, f"add {n}")
            await settle(pilot)
            assert rlog.virtual_size.height == before + 2  # the entry's title and its event
            assert rlog.max_scroll_y > 0 and rlog.scroll_y == rlog.max_scroll_y  # at the end
            bar = rlog.vertical_scrollbar
            assert bar.window_virtual_size == rlog.virtual_size.height
            assert bar.window_size == rlog.scrollable_content_region.height
            assert bar.position == rlog.scroll_y
            assert pane(app)[-2] == f"#{session.tip} add {n}"
        await pilot.resize_terminal(100, 24)  # a new height: Textual's own update of the scrollbar
        await settle(pilot)
        assert rlog.vertical_scrollbar.window_size == rlog.scrollable_content_region.height
        assert rlog.vertical_scrollbar.window_virtual_size == rlog.virtual_size.height
        assert rlog.outer_size == rlog.region.size and rlog.scroll_y <= rlog.max_scroll_y


def test_the_pane_overrides_no_private_textual_method():
    """GameLog overrode ScrollView._size_updated (private, Textual 8.2.8) to skip a repaint of the scrollbar
    that a layout pass repeats; since a command no longer lays the screen out (``GameLog.refresh``) it skipped
    nothing (measured: the same frames and scrollbar repaints over 30 keys with and without it).  The pane uses
    Textual's public API only: no method of it shadows a private one of its bases."""
    import inspect

    from textual.widgets import RichLog

    def private(cls: type) -> set[str]:
        return {name for name, v in vars(cls).items()
                if inspect.isfunction(v) and name.startswith("_") and not name.startswith("__")}

    assert private(GameLog) & set().union(*(private(c) for c in RichLog.__mro__)) == set()


async def test_a_command_that_moves_nothing_lays_nothing_out_and_the_pane_still_scrolls_to_its_end(monkeypatch):
    """The pane's growth and the emptied command bar each asked Textual for a layout of the whole screen on
    every command (issue 15); they are repaints now (GameLog.refresh, CommandBar.refresh).  The pane must still
    end at the new lines, its scrollbar at its length — and the layout must come back when the scrollbar
    appears (the pane's length crosses its height)."""
    from textual._compositor import Compositor

    session = Session.replay_lines([f"add {i}" for i in range(1, 200)], **fe.KW)
    app = CompanionApp(session, lang="en")
    reflows: list[int] = []
    real = Compositor.reflow

    def counting(self, parent, size):
        reflows.append(1)
        return real(self, parent, size)

    monkeypatch.setattr(Compositor, "reflow", counting)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        rlog = app.query_one(GameLog)
        for n in (5, 6, 7):
            reflows.clear()
            await type_line(pilot, f"add {n}")  # typed key by key, then Enter
            await settle(pilot)
            assert reflows == []
            assert rlog.scroll_y == rlog.max_scroll_y > 0
            assert rlog.vertical_scrollbar.window_virtual_size == rlog.virtual_size.height
            assert pane(app)[-2] == f"#{session.tip} add {n}"


async def test_a_pane_that_fills_up_ends_at_its_newest_lines():
    """Before the pane is full its growth is laid out as Textual does; from the command that overflows it, a
    repaint (GameLog.refresh): the pane must end at its newest lines either way."""
    session = Session.replay_lines(["add 1"], **fe.KW)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        rlog = app.query_one(GameLog)
        n = 2
        while rlog.virtual_size.height <= rlog.scrollable_content_region.height + 4:
            await type_line(pilot, f"add {n}")
            await settle(pilot)
            assert rlog.scroll_y == rlog.max_scroll_y
            assert pane(app)[-2] == f"#{session.tip} add {n}"
            n += 1
        assert rlog.max_scroll_y > 0
        assert rlog.vertical_scrollbar.window_virtual_size == rlog.virtual_size.height
        await check_equal(app, pilot)


async def test_a_command_longer_than_the_bar_scrolls_it_without_a_layout(session, monkeypatch):
    from screen import screen_text

    from companion.tui.app import CommandBar

    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        bar = app.query_one(CommandBar)
        long = "x" * 90 + "END"
        for ch in long:
            await pilot.press(ch)
        await settle(pilot)
        assert bar.value == long
        assert bar.scroll_x > 0  # the cursor kept in view
        assert "END" in screen_text(app).splitlines()[bar.region.y]
