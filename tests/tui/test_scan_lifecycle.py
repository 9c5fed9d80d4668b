"""An F6 scan belongs to the judgement it was started for: one worker at a time, stopped (and its late
results dropped) when that judgement is answered or changes, stopped by Esc or by a time limit."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
import types
from dataclasses import dataclass

import pytest
from fakes import FakeSession, judge_state, scripted_camera
from screen import until

import companion.tui.scan as scan_mod
from companion.tui.app import CommandBar, CompanionApp


@dataclass
class Reading:
    label: str
    confidence: float = 0.9
    corner: object = None


@dataclass
class Status:
    state: str
    reading: object
    text: str
    streak: int = 0


class Feed:
    """A fake camera module: an endless stream of statuses (every 10 ms) until ``done``; ``flip`` makes
    the next frames read ``card`` as accepted (a card put down later, e.g. at another judgement)."""

    def __init__(self, status=None, card="♠2", guess=None, error_after=None, end_after=None):
        self.status = status or Status("searching", None, "searching")
        self.card = card
        self.flip = threading.Event()
        self.done = threading.Event()  # ends every stream (test clean-up)
        self.opened = 0
        self.closed = 0
        self.frames = 0
        self.guess = guess
        self.error_after = error_after
        self.end_after = end_after  # a video file that ends (scanner.ended set, updates stop)
        feed = self

        class Voter:
            def best_guess(self):
                return feed.guess

        class CameraScanner:
            def __init__(self, source, **kw):
                self.voter = Voter()
                self.ended = None

            def __enter__(self):
                feed.opened += 1
                return self

            def __exit__(self, *exc):
                feed.closed += 1

            def updates(self):
                while not feed.done.is_set():
                    time.sleep(0.01)
                    feed.frames += 1
                    if feed.error_after is not None and feed.frames > feed.error_after:
                        raise _CamError("camera 'late.mp4' stopped delivering frames (disconnected?)",
                                        "摄像头'late.mp4'不再传来画面（已断开？）")
                    if feed.end_after is not None and feed.frames > feed.end_after:
                        self.ended = "end of video file"
                        return
                    if feed.flip.is_set():
                        yield Status("accepted", Reading(feed.card, 0.97), f"accepted {feed.card}", 3)
                    else:
                        yield feed.status

        self.module = types.SimpleNamespace(CameraScanner=CameraScanner)


class _CamError(RuntimeError):
    def __init__(self, en, zh):
        super().__init__(en)
        self.zh = zh


@pytest.fixture
def feed(monkeypatch):
    feeds = []

    def make(**kw):
        f = Feed(**kw)
        feeds.append(f)
        monkeypatch.setitem(sys.modules, "recognition.camera", f.module)
        return f

    yield make
    for f in feeds:
        f.done.set()


async def settle(app, pilot, timeout=3.0):
    """Wait for the scan workers to end (a worker that never ends fails the test, not hangs it)."""
    try:
        await asyncio.wait_for(app.workers.wait_for_complete(), timeout)
    except asyncio.TimeoutError:
        pytest.fail("a scan worker is still running")
    await pilot.pause()


def scan_workers(app):
    return [w for w in app.workers if w.name == "scan" and not w.is_finished]


async def type_line(pilot, line):
    for ch in line:
        await pilot.press(ch if ch != " " else "space")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("answer", ["command", "undo", "redo"])
async def test_answered_judgement_stops_its_scan_and_drops_a_late_card(feed, answer):
    f = feed(status=Status("reading", Reading("♦Q", 0.0), "reading ♦Q (0.00)"))
    session = FakeSession(judge_state())
    session.submit("note before")
    if answer == "redo":
        session.undo()
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.1)
        assert len(scan_workers(app)) == 1
        if answer == "command":
            await type_line(pilot, "note judge ♥5")  # the judgement answered by typing
        else:
            await pilot.press("ctrl+z" if answer == "undo" else "ctrl+y")
            await pilot.pause()
        f.flip.set()  # a card read later (the next judgement) must not land in the bar
        await settle(app, pilot)
        assert f.closed == 1  # the scanner was released
        assert app.query_one(CommandBar).value == ""
        assert "♠2" not in app.message
        assert not app.query_one("#scan-preview").has_class("-on")


async def test_scan_is_dropped_when_the_prompt_is_no_longer_that_judgement(feed):
    f = feed()
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.1)
        session.state.prompts.pop()  # cancelled (e.g. by 无懈可击) without the app's own command
        app.refresh_view()
        f.flip.set()
        await settle(app, pilot)
        assert f.closed == 1 and app.query_one(CommandBar).value == ""


async def test_scan_stops_by_itself_after_the_time_limit_with_the_best_guess(feed, monkeypatch):
    monkeypatch.setattr(scan_mod, "SCAN_TIMEOUT_S", 0.3)
    f = feed(status=Status("reading", Reading("♣9", 0.5), "reading ♣9 (0.50)"), guess=Reading("♣9", 0.5))
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await settle(app, pilot)
        assert f.closed == 1
        assert app.query_one(CommandBar).value == "judge ♣9"
        assert "0.3 s" in app.message and "best guess ♣9" in app.message
        assert session.submitted == []  # nothing applied


async def test_second_f6_does_not_start_a_second_scan_and_esc_stops_it(feed):
    f = feed()
    app = CompanionApp(FakeSession(judge_state()), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.1)
        await pilot.press("f6")
        await pilot.pause(0.1)
        assert len(scan_workers(app)) == 1 and f.opened == 1
        await pilot.press("escape")
        await settle(app, pilot)
        assert f.closed == 1
        assert app.message == "no card read — type judge and the card (e.g. judge 10h, judge ♣Q)"
        await pilot.press("f6")  # a new scan can start once the old one ended
        await pilot.pause(0.1)
        assert len(scan_workers(app)) == 1 and f.opened == 2
        await pilot.press("escape")
        await settle(app, pilot)


async def test_scan_status_has_its_own_line_and_command_feedback_stays(feed):
    feed(status=Status("reading", Reading("♦Q", 0.8), "reading ♦Q (0.80)"))
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        assert await until(pilot, lambda: "reading ♦Q" in app.scan_line)
        assert app.message == "scanning the judgement card… (Esc stops)"  # not replaced by the status
        assert "Esc stops" in app.scan_line
        await type_line(pilot, "slash 2 4")  # refused: out of range
        await pilot.pause(0.2)
        assert app.message.startswith("✗ refused") and "reading" not in app.message
        await pilot.press("f6")
        await pilot.pause(0.2)
        assert "already scanning — Esc stops" in app.message
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.scan_line == ""


@pytest.mark.parametrize("lang,words", [("en", "camera stopped: camera 'late.mp4' stopped delivering"),
                                        ("zh", "摄像头中断：摄像头'late.mp4'不再传来画面")])
async def test_camera_failure_mid_scan_fills_the_best_guess_like_esc(feed, lang, words):
    f = feed(status=Status("reading", Reading("♣9", 0.6), "reading ♣9 (0.60)"), guess=Reading("♣9", 0.6),
             error_after=5)
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await settle(app, pilot)
        assert f.closed == 1
        assert app.query_one(CommandBar).value == "judge ♣9"
        assert words in app.message and "♣9" in app.message
        assert app.query_one("#message").has_class("-error") and session.submitted == []


async def test_scan_line_speaks_zh_and_does_not_name_a_zero_confidence_guess(feed):
    f = feed(status=Status("reading", Reading("♦Q", 0.0), "reading ♦Q (0.00)"))
    app = CompanionApp(FakeSession(judge_state()), lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        assert await until(pilot, lambda: "正在找牌" in app.scan_line)
        assert "Esc 停止" in app.scan_line
        assert "reading" not in app.scan_line and "♦Q" not in app.scan_line
        f.status = Status("reading", Reading("♦Q", 0.83), "reading ♦Q (0.83)", 2)
        assert await until(pilot, lambda: "正在识别 ♦Q（0.83）" in app.scan_line)
        await pilot.press("escape")
        await settle(app, pilot)


def _accepting(corner):
    return scripted_camera([Status("accepted", Reading("♠7", 0.97, corner), "accepted ♠7", 3)])


@pytest.mark.parametrize("then", ["enter", "clear", "other judgement"])
async def test_preview_of_the_accepted_card_stays_until_the_bar_is_used(monkeypatch, then):
    import numpy as np

    monkeypatch.setitem(sys.modules, "recognition.camera", _accepting(np.full((60, 40, 3), 200, np.uint8)))
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        preview = app.query_one("#scan-preview")
        await pilot.press("f6")
        await settle(app, pilot)
        bar = app.query_one(CommandBar)
        assert bar.value == "judge ♠7" and "press Enter to confirm" in app.message
        assert preview.has_class("-on")  # something to compare the filled-in card with
        app.refresh_view()
        await pilot.pause()
        assert preview.has_class("-on")
        if then == "enter":
            await pilot.press("enter")  # FakeSession cannot judge (refused), but the bar was submitted
        elif then == "clear":
            bar.value = ""
        else:
            session.submit("note the judgement was cancelled")
            app.refresh_view()
        await pilot.pause()
        assert not preview.has_class("-on")


async def test_preview_of_a_best_guess_is_shown_with_it(feed):
    import numpy as np

    f = feed(status=Status("reading", Reading("♣9", 0.6), "reading ♣9 (0.60)"),
             guess=Reading("♣9", 0.6, np.full((60, 40, 3), 90, np.uint8)))
    app = CompanionApp(FakeSession(judge_state()), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.1)
        await pilot.press("escape")
        await settle(app, pilot)
        assert f.closed == 1 and app.query_one(CommandBar).value == "judge ♣9"
        assert app.query_one("#scan-preview").has_class("-on")


async def test_noise_read_at_zero_confidence_is_no_guess(feed):
    """Frames of noise 'read' as ♦Q at 0.00: Esc offers nothing to confirm (typed entry)."""
    feed(status=Status("reading", Reading("♦Q", 0.0), "reading ♦Q (0.00)"), guess=Reading("♦Q", 0.0))
    app = CompanionApp(FakeSession(judge_state()), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.2)
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.query_one(CommandBar).value == ""
        assert app.message.startswith("no card read")


async def test_a_scanned_card_left_in_the_bar_goes_with_undo(feed):
    """The scan filled 'judge ♠2'; undo brings back another judgement: the filled line is cleared, so Enter
    cannot apply it there."""
    f = feed()
    session = FakeSession(judge_state())
    session.submit("damage 2 1")
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        f.flip.set()
        await pilot.press("f6")
        await settle(app, pilot)
        bar = app.query_one(CommandBar)
        assert bar.value == "judge ♠2"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert bar.value == ""


async def test_a_scan_ending_keeps_what_the_moderator_typed(feed):
    f = feed()
    app = CompanionApp(FakeSession(judge_state()), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await pilot.pause(0.1)
        for ch in "judge h3":
            await pilot.press(ch if ch != " " else "space")
        f.flip.set()
        await settle(app, pilot)
        assert app.query_one(CommandBar).value == "judge h3"
        assert "what you typed was kept" in app.message and "♠2" in app.message


@pytest.mark.parametrize("lang,words", [("en", "end of video file"), ("zh", "视频文件已结束")])
async def test_a_video_that_ends_says_so(feed, lang, words):
    feed(status=Status("reading", Reading("♣9", 0.6), "reading ♣9 (0.60)"), guess=Reading("♣9", 0.6), end_after=5)
    app = CompanionApp(FakeSession(judge_state()), lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await settle(app, pilot)
        assert app.query_one(CommandBar).value == "judge ♣9"
        assert words in app.message
