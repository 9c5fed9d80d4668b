"""The webcam hook of a judgement prompt (issue 5): F6 scans in a worker, typed entry stays."""

import sys
import types
from dataclasses import dataclass

from fakes import FakeSession, judge_state
from screen import until

from companion.tui.app import CommandBar, CompanionApp


@dataclass
class _Reading:
    label: str
    confidence: float = 0.83
    corner: object = None


@dataclass
class _Status:
    state: str
    reading: object
    text: str
    streak: int = 0


class _NoVote:
    def best_guess(self):
        return None


class _ZhError(RuntimeError):
    """Like recognition.camera.CameraError: English text, ``zh`` the Chinese one."""

    def __init__(self, en, zh):
        super().__init__(en)
        self.zh = zh


def _fake_camera_module(statuses=None, error=None):
    opened = []

    class CameraScanner:
        def __init__(self, source, **kw):
            opened.append(source)
            self.voter = _NoVote()
            self.ended = None

        def __enter__(self):
            if isinstance(error, Exception):
                raise error
            if error:
                raise RuntimeError(error)
            return self

        def __exit__(self, *exc):
            return None

        def updates(self):
            yield from statuses

    mod = types.SimpleNamespace(CameraScanner=CameraScanner, opened=opened)
    return mod


async def test_scan_accepted_prefills_the_command_bar(monkeypatch):
    statuses = [_Status("searching", None, "searching"),
                _Status("reading", _Reading("♠7"), "reading ♠7 (0.83)"),
                _Status("accepted", _Reading("♠7"), "accepted ♠7")]
    cam = _fake_camera_module(statuses)
    monkeypatch.setitem(sys.modules, "recognition.camera", cam)
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en", camera=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert cam.opened == [2]
        assert app.query_one(CommandBar).value == "judge ♠7"
        assert "read ♠7" in app.message
        assert session.submitted == []  # the moderator confirms with Enter


async def test_scan_without_camera_keeps_typed_entry(monkeypatch):
    cam = _fake_camera_module(error="camera 0 not found")
    monkeypatch.setitem(sys.modules, "recognition.camera", cam)
    session = FakeSession(judge_state())
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        bar = app.query_one(CommandBar)
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "camera not available: camera 0 not found" in app.message
        assert app.query_one("#message").has_class("-error")
        assert bar.value == "" and bar.has_focus
        assert session.submitted == [] and session.state.prompt.kind == "judge"


async def test_scan_failure_in_zh_gives_the_camera_error_in_zh(monkeypatch):
    err = _ZhError("cannot open camera 0 (not connected, busy, or no permission)", "无法打开摄像头0（未连接、被占用或没有权限）")
    for lang, want, not_want in (("zh", "无法打开摄像头0（未连接", "cannot open"), ("en", "cannot open camera 0", "无法打开")):
        monkeypatch.setitem(sys.modules, "recognition.camera", _fake_camera_module(error=err))
        app = CompanionApp(FakeSession(judge_state()), lang=lang)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("f6")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert want in app.message and not_want not in app.message, app.message


async def test_scan_without_recognition_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "recognition.camera", None)  # import fails
    app = CompanionApp(FakeSession(judge_state()), lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "无法使用摄像头" in app.message and "judge 加牌面" in app.message


async def test_escape_stops_a_running_scan(monkeypatch):
    import time

    def forever():
        while True:
            time.sleep(0.01)
            yield _Status("searching", None, "searching")

    cam = _fake_camera_module(statuses=forever())
    monkeypatch.setitem(sys.modules, "recognition.camera", cam)
    app = CompanionApp(FakeSession(judge_state()), lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        assert await until(pilot, lambda: "looking for a card" in app.scan_line)  # the live status has its own line
        assert any(w.name == "scan" and not w.is_finished for w in app.workers)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert all(w.is_finished for w in app.workers if w.name == "scan")
        assert app.message == "no card read — type judge and the card (e.g. judge 10h, judge ♣Q)"  # nothing read: typed entry
        assert app.query_one(CommandBar).value == ""
