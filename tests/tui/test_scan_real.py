"""Issue 5 in the dashboard: the real card reader on a (fake) camera feeds the judge prompt.

The reading is never applied by itself: it pre-fills ``judge ♠7`` and the moderator
confirms with Enter; an unsure reading is offered as a best guess to check.
"""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from fakes import scripted_camera

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp
from companion.tui.text import corner_preview
from companion.tui.widgets.choices import ChoicesBar

pytest.importorskip("cv2")


class FakeCapture:
    """Plays the given frames, then reports that the device stopped."""

    def __init__(self, frames):
        self.frames = list(frames)

    def read(self):
        if self.frames:
            return True, self.frames.pop(0)
        return False, None

    def release(self):
        pass


def qr_frame(card_id: str, kind: str, suit: str, rank: int) -> np.ndarray:
    from recognition.labels import LabelEntry, qr_image

    q = np.array(qr_image(LabelEntry(card_id, kind, suit, rank, "", ""), 200).convert("RGB"))[:, :, ::-1]
    frame = np.full((720, 1280, 3), (60, 80, 70), np.uint8)
    frame[200:400, 500:700] = q
    return frame


def judging_session(tmp_path) -> Session:
    s = Session.new(tmp_path / "j.sqlite3")
    for line in ["players 4", "variant no_generals", "lord 1", "start", "place 1 闪电", "next"]:
        s.submit(line)
    assert s.state.prompt is not None and s.state.prompt.kind == "judge"
    return s


async def test_scanned_card_is_confirmed_then_judged(tmp_path):
    s = judging_session(tmp_path)
    cam = FakeCapture([qr_frame("slash-spade-7", "slash", "spade", 7) for _ in range(8)])
    app = CompanionApp(s, lang="en", camera=cam)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        bar = app.query_one(CommandBar)
        assert bar.value == "judge ♠7"
        assert s.state.seat(1).hp == 4  # nothing applied before the moderator confirms
        await pilot.press("enter")
        await pilot.pause()
        assert s.state.seat(1).hp == 1  # ♠7: 闪电 hits for 3 thunder damage
        # the judged line is journaled as typed; the quiet draw phase after it then passes by itself
        judged = [list(e.lines) for e in s.log if list(e.lines) != ["next"]]
        assert judged[-1] == ["judge ♠7"]


async def test_unsure_reading_is_offered_as_a_guess(tmp_path, monkeypatch):
    """When the frames never agree, the best guess is pre-filled and flagged, never applied."""
    reading = types.SimpleNamespace(label="♥Q", confidence=0.62, corner=np.zeros((60, 40, 3), np.uint8))
    statuses = [types.SimpleNamespace(state="reading", reading=reading, text="reading ♥Q (0.62)", streak=0)] * 3
    monkeypatch.setitem(sys.modules, "recognition.camera", scripted_camera(statuses))
    s = judging_session(tmp_path)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.query_one(CommandBar).value == "judge ♥Q"
        assert "best guess ♥Q" in app.message
        assert app.query_one("#message").has_class("-error")
        assert s.state.prompt.kind == "judge" and s.state.seat(1).hp == 4


def test_corner_preview_is_half_blocks_of_the_corner_colours():
    corner = np.zeros((40, 20, 3), np.uint8)
    corner[:20] = (0, 0, 255)  # top half red (BGR)
    corner[20:] = (255, 255, 255)
    pic = corner_preview(corner, width=10)
    lines = pic.plain.split("\n")
    assert len(lines) == 10 and all(len(ln) == 10 and set(ln) == {"▀"} for ln in lines)
    styles = {str(span.style) for span in pic.spans}
    assert "rgb(255,0,0) on rgb(255,0,0)" in styles and "rgb(255,255,255) on rgb(255,255,255)" in styles
    assert corner_preview(None) is None


async def test_f6_scans_for_an_eight_diagram_judgement(tmp_path, monkeypatch):
    """八卦阵 on a 闪 question takes 'judge FACE': F6 fills it the same way, Enter judges it."""
    accepted = types.SimpleNamespace(label="♥7", confidence=0.97, corner=None)
    statuses = [types.SimpleNamespace(state="accepted", reading=accepted, text="accepted ♥7", streak=3)]
    monkeypatch.setitem(sys.modules, "recognition.camera", scripted_camera(statuses))
    s = Session.new(tmp_path / "b.sqlite3")
    for line in ["players 4", "lord 1", "variant no_generals", "start", "equip 2 八卦阵", "next", "next", "next",
                 "1 杀 2"]:
        s.submit(line)
    assert s.state.prompt.kind == "respond" and "judge FACE" in s.state.prompt.en
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        assert "press F6 to scan" in app.query_one(ChoicesBar).question
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.query_one(CommandBar).value == "judge ♥7", app.message
        await pilot.press("enter")
        await pilot.pause()
        assert list(s.log[-1].lines) == ["judge ♥7"] and s.state.prompt is None  # red: counts as 闪


def test_index_preview_is_as_large_as_fits_and_shows_the_reading():
    """The scan preview draws the reader's index picture PREVIEW_LINES lines high, under the reading."""
    from companion.tui.text import PREVIEW_LINES, PREVIEW_WIDTH, index_preview

    index = np.full((60, 30, 3), 235, np.uint8)
    index[5:30, 5:25] = (20, 20, 20)  # a "rank" block
    index[35:55, 6:24] = (30, 30, 200)  # a red "suit" block
    pic = index_preview(index, "♥7")
    lines = pic.plain.split("\n")
    assert lines[0].strip() == "♥7"
    assert len(lines) - 1 == PREVIEW_LINES and all(len(ln) <= PREVIEW_WIDTH for ln in lines)
    assert {len(ln) for ln in lines[1:]} == {PREVIEW_LINES}  # 2:1 picture, square pixels: as wide as tall in pixels
    assert index_preview(None, "♥7") is None
