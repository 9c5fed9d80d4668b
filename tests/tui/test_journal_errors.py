"""The dashboard when the journal cannot be written, and when the app itself crashes (issue 12 §1)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from screen import screen_text, type_line

from companion.session import Session
from companion.tui.app import CompanionApp

ROOT = Path(__file__).resolve().parents[2]
SETUP = ["players 5", "lord 1", "deal roles seed=3", "general 1 孙权", "general 2 甘宁", "general 3 黄盖",
         "general 4 吕布", "general 5 刘备", "start"]


class _Full:
    """A connection whose writes fail as SQLite's do on a full disk."""

    def __init__(self, con):
        self._con, self.fail = con, True

    def execute(self, sql, *args):
        if self.fail and sql.startswith(("INSERT", "UPDATE")):
            e = sqlite3.OperationalError("database or disk is full")
            e.sqlite_errorcode = 13
            raise e
        return self._con.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._con, name)


def _hidden_roles(state):
    return [s.role for s in state.seats if s.alive and s.role not in (None, "lord") and s.public_role is None]


async def test_full_disk_on_submit_undo_redo_is_said_and_the_game_goes_on(tmp_path):
    s = Session.new(tmp_path / "j.sqlite3")
    for line in SETUP:
        s.submit(line)
    s.submit("draw 2 1")
    s.undo()
    roles = _hidden_roles(s.state)
    assert roles
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        full = _Full(s.journal._con)
        s.journal._con = full
        before = s.state.to_dict(reveal=True)
        await type_line(pilot, "draw 2 1")
        assert "the disk is full" in app.message and "nothing was applied" in app.message
        assert "internal error" not in app.message
        assert s.state.to_dict(reveal=True) == before
        for key, words in (("ctrl+z", "nothing was undone"), ("ctrl+y", "nothing was redone")):
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and "the disk is full" in app.message and words in app.message
            assert s.state.to_dict(reveal=True) == before
        shown = screen_text(app)
        for r in ("Loyalist", "Rebel", "Renegade"):
            assert r not in shown
        app.lang = "zh"
        await type_line(pilot, "draw 2 1")
        assert "磁盘已满" in app.message and "内部错误" not in app.message
        full.fail = False  # space freed
        await type_line(pilot, "draw 2 1")
        assert s.state.seat(2).hand == before["seats"][1]["hand"] + 1
    s.close()


CRASH = textwrap.dedent("""
    import sys
    from companion.session import Session
    from companion.tui.app import CompanionApp

    s = Session.replay_lines(sys.argv[1:])

    class Boom(CompanionApp):
        def action_distances(self):
            roles = [seat.role for seat in self.state.seats]  # a local holding every hidden role
            raise RuntimeError("boom")

    async def pilot(p):
        await p.pause()
        await p.press("f3")
        await p.pause()

    app = Boom(s, lang="en")
    app.run(headless=True, size=(100, 30), auto_pilot=pilot)
    print("rc", app.return_code)
""")


def test_a_crash_prints_no_game_state_and_says_where_the_log_is(tmp_path):
    env = dict(os.environ, COMPANION_LOG_DIR=str(tmp_path / "logs"),
               PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    p = subprocess.run([sys.executable, "-c", CRASH, *SETUP], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=120)
    out = p.stdout + p.stderr
    assert "rc 1" in p.stdout
    for word in ("loyalist", "rebel", "renegade", "roles =", "Traceback"):
        assert word not in out, out[-2000:]
    log = tmp_path / "logs" / "companion.log"
    assert str(log) in "".join(out.split()) and "internal error (RuntimeError)" in out
    text = log.read_text(encoding="utf-8")
    assert "RuntimeError: boom" in text and "action_distances" in text
    assert "'loyalist'" not in text  # the traceback is logged without local variables


async def test_a_bug_in_undo_is_logged_not_shown(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_LOG_DIR", str(tmp_path / "logs"))
    s = Session.replay_lines(SETUP)

    def broken():
        raise KeyError("seat 2 loyalist")

    monkeypatch.setattr(s, "undo", broken)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.is_running
        assert "internal error (KeyError)" in app.message and "loyalist" not in app.message
        assert str(tmp_path / "logs" / "companion.log") in app.message
    assert "seat 2 loyalist" in (tmp_path / "logs" / "companion.log").read_text(encoding="utf-8")


async def test_read_only_session_watches_and_refuses_commands(tmp_path):
    p = tmp_path / "j.sqlite3"
    w = Session.new(p)
    w.submit("players 4")
    r = Session.resume(p, game_id=w.game_id, readonly=True)
    app = CompanionApp(r, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        assert "read-only" in screen_text(app)
        await type_line(pilot, "lord 1")
        assert "opened read-only" in app.message and r.state.lord_seat is None
        w.submit("lord 2")  # the writing window goes on; the watcher follows
        await pilot.pause(1.5)
        assert r.state.lord_seat == 2
    r.close()
    w.close()


async def test_multi_line_paste_submits_each_line_in_order(tmp_path):
    from textual import events

    s = Session.replay_lines(SETUP)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        hand = s.state.seat(3).hand
        app.query_one("#command").post_message(events.Paste("draw 3 3\ndraw 3 1\n"))
        await pilot.pause()
        assert s.state.seat(3).hand == hand + 4  # not 'draw 3 33…', not only the first line
        assert "2 pasted lines" in app.message
        app.query_one("#command").post_message(events.Paste("draw 3 1\nbogus words\ndraw 3 1"))
        await pilot.pause()
        assert s.state.seat(3).hand == hand + 5
        assert "pasted line 2 of 3 was refused" in app.message and app.query_one("#command").value == "bogus words"


async def test_a_paste_delivered_as_keys_submits_each_line_in_order(tmp_path):
    """A paste without bracketed paste (tmux paste-buffer without -p) reaches the app as keys: the
    characters and a CR (enter) or an LF (ctrl+j) after each line, all at once.  Each line is submitted
    before the next one is typed (it used to merge into 'draw 3 3draw 3 1', refused)."""
    from textual._xterm_parser import XTermParser

    s = Session.replay_lines(SETUP)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        hand = s.state.seat(3).hand
        for data, added in (("draw 3 3\rdraw 3 1\r", 4), ("draw 3 2\ndraw 3 1\n", 3)):
            tip = s.tip
            for key in XTermParser().feed(data):  # as the terminal driver posts one read's keys
                app.post_message(key)
            await pilot.pause()
            await pilot.pause()
            assert s.state.seat(3).hand == hand + added, app.message
            assert [e.lines for e in s.log_since(tip)] == [(ln,) for ln in data.replace("\n", "\r").split("\r") if ln]
            assert app.query_one("#command").value == ""
            hand += added
