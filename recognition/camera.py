"""Live reading: several frames must agree before a card is accepted.

``FrameVoter`` turns per-frame Readings into a status; ``CameraScanner`` pulls frames
from a camera (or any object with ``read() -> (ok, frame)`` and ``release()``) and
yields statuses. Camera faults become ``CameraError`` with a readable message.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from collections import Counter, deque
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator, Protocol, TypeGuard

import cv2
import numpy as np

from companion.rules.messages import en_zh

from .reader import ACCEPT_THRESHOLD, Reading, read_frame, read_label
from .words import WordedError


class CameraError(WordedError, RuntimeError):
    """No camera, a camera that went away, or a camera that only gives unusable frames.

    ``str(e)`` is the English message; ``e.zh`` the same in Chinese (the dashboard in zh shows it), ``e.text(lang)``
    either (the catalogue's ``[text] "recognition.camera.*"``).
    """


class Capture(Protocol):
    def read(self) -> tuple[bool, np.ndarray | None]: ...
    def release(self) -> None: ...


@dataclass
class ScanStatus:
    """state: "searching" (no card read), "reading" (a guess, not yet accepted) or
    "accepted"; reading: the latest (or, when accepted, the agreed) Reading; text: for
    display, e.g. "reading ♠7 (0.83)"."""

    state: str
    reading: Reading | None
    text: str
    streak: int = 0


class FrameVoter:
    """Accept a card only when ``frames_needed`` consecutive frames read it confidently.

    A card is accepted only after max(frames_needed, clear_frames) agreeing frames
    (clear_frames = CLEAR_FRAMES by default): the frames must have ruled out a second
    card in view, which is not outlined in every frame.
    A QR reading counts as confident. After an acceptance the same card is not accepted
    again until it has left the view (``frames_needed`` frames with no confident read)
    or another card was accepted. A reading with a note (two cards in view) is never
    accepted, nor anything in the NOTE_HOLD_FRAMES frames after one; frames with a note
    do not count as the card having left the view.
    """

    def __init__(self, frames_needed: int = 3, threshold: float = ACCEPT_THRESHOLD, history: int = 15,
                 clear_frames: int | None = None):
        if frames_needed < 1:
            raise ValueError("frames_needed must be >= 1")
        self.frames_needed = frames_needed
        # a card is accepted only after this many agreeing frames, none with a note: a
        # second card in view is not outlined in every frame (see CLEAR_FRAMES)
        self.clear_frames = CLEAR_FRAMES if clear_frames is None else clear_frames
        self.threshold = threshold
        self._streak_key: tuple | None = None
        self._streak = 0
        self._last_accepted: tuple | None = None
        self._absent = 0
        self._recent: deque[Reading] = deque(maxlen=history)
        self._last: ScanStatus | None = None
        self._note_hold = 0  # frames left during which nothing is accepted (a note was seen)

    def reset(self) -> None:
        self._streak_key, self._streak, self._last_accepted, self._absent = None, 0, None, 0
        self._note_hold = 0
        self._recent.clear()
        self._last = None

    def hold(self) -> ScanStatus:
        """A frame that was not read (the camera's QR-only frames without a label): the
        streak neither grows nor breaks; returns the last status (an "accepted" one as
        "reading ... (already)", so a card is reported accepted once)."""
        st = self._last
        if st is None:
            return ScanStatus("searching", None, "searching")
        if st.state == "accepted" and st.reading is not None:  # an accepted status always has its reading
            return ScanStatus("reading", st.reading, f"accepted {st.reading.label} (already)", st.streak)
        return st

    @property
    def settled(self) -> bool:
        """True when the card of the current streak has already been accepted (a second card
        appearing now cannot undo that; a new card starts a new streak)."""
        return self._streak_key is not None and self._streak_key == self._last_accepted

    def best_guess(self) -> Reading | None:
        """The most frequent (then most confident) card among recent frames, for asking
        the moderator to confirm; None when nothing was read lately."""
        read = [r for r in self._recent if r.suit is not None]
        if not read:
            return None
        counts = Counter((r.suit, r.rank) for r in read)
        key = max(counts, key=lambda k: (counts[k], max(r.confidence for r in read if (r.suit, r.rank) == k)))
        return max((r for r in read if (r.suit, r.rank) == key), key=lambda r: r.confidence)

    def update(self, reading: Reading) -> ScanStatus:
        """Feed one frame's Reading; returns the status after it."""
        self._last = self._update(reading)
        return self._last

    def _update(self, reading: Reading) -> ScanStatus:
        self._recent.append(reading)
        key = (reading.suit, reading.rank) if reading.suit is not None else None
        # a reading with a note (e.g. two cards in view) is not accepted whatever its
        # confidence, nor is anything in the NOTE_HOLD_FRAMES after it: the second card is
        # not found in every frame, so a few frames without the note prove nothing
        note = getattr(reading, "note", None)
        held = False
        if note is not None:
            self._note_hold = NOTE_HOLD_FRAMES
        elif self._note_hold > 0:
            self._note_hold -= 1
            held = True
        # an index reading refused by a rule despite its confidence (one small corner, glyph boxes
        # that do not fit the rank, an outline reaching out of the frame) is not confident either
        confident = key is not None and note is None and not held \
            and (reading.source == "qr" or (reading.accepted and reading.confidence >= self.threshold))
        if not confident:
            self._streak = 0
            self._streak_key = None
            if note is None and not held:  # the card was not seen (not: seen beside another)
                self._absent += 1
            if self._absent >= self.frames_needed:
                self._last_accepted = None
            if key is None:
                return ScanStatus("searching", reading, "searching")
            text = f"reading {reading.label} ({reading.confidence:.2f})"
            if note is not None:
                text += f": {note}"
            elif held:
                text += ": waiting, another card was in view just now"
            return ScanStatus("reading", reading, text)
        self._absent = 0
        if key == self._streak_key:
            self._streak += 1
        else:
            self._streak_key, self._streak = key, 1
        if self._streak >= max(self.frames_needed, self.clear_frames):
            if key != self._last_accepted:
                self._last_accepted = key
                return ScanStatus("accepted", reading, f"accepted {reading.label}", self._streak)
            return ScanStatus("reading", reading, f"accepted {reading.label} (already)", self._streak)
        return ScanStatus("reading", reading, f"reading {reading.label} ({reading.confidence:.2f})", self._streak)


SECOND_EVERY = 2
"""CameraScanner: once the card in view is accepted, the second-index search runs on every
SECOND_EVERY-th index frame (before that, on every index frame)."""

FALLBACK_EVERY = 3
"""CameraScanner: with nothing accepted on the last index frame, the fallback outline search
runs on every FALLBACK_EVERY-th index frame."""

FINE_EVERY = 9
"""CameraScanner: with nothing accepted (nor noted) on the last index frame, the reader's second
pass (``read_frame(fine=True)``, ~90 ms CPU on a 1280x720 frame without a card) runs on every
FINE_EVERY-th index frame; after a frame that read a card, on every one."""

NOTE_HOLD_FRAMES = 30
"""Frames (1 s at 30 fps) after a reading with a note during which FrameVoter accepts nothing."""

CLEAR_FRAMES = 12
"""Agreeing frames without a note before FrameVoter accepts a card (0.4 s of index frames
at 30 fps). On a video of two cards side by side the second card was outlined in 31 of 90
frames (docs/recognition.md); if each frame finds it with probability 1/3, 12 frames all
miss it with probability (2/3)^12 < 1%."""


BUDGET = 0.14
"""CameraScanner on a live camera: the share of each camera frame's interval (1/fps) that the loop
may use on average, in the scanning thread's CPU time (decode, reading, voting, the caller's
handling between updates). Frames beyond it are grabbed without being decoded or read. Under
issue 18's 15% of a 30 fps frame: a read slower than MAX_DEBT frames' share is not paid
for in full (at load 8.5 on 2 cores, 0.15 gave 15.0-15.1%, docs/performance.md)."""

MAX_SKIP = 8
"""CameraScanner: at most this many frames grabbed unread in a row (a slow read, e.g. the first,
which loads the nets, does not blind the loop for long)."""

MAX_DEBT = 4 * MAX_SKIP
"""CameraScanner: at most this many frames' share of the budget owed (a slower stretch, e.g. the
first read, which loads the nets, is not paid for later). 2 * MAX_SKIP before issue 18 (rtwo): the
reader's second pass on a frame without a card (``FINE_EVERY``, ~90-110 ms of CPU, more than 16
frames' share) was then not paid for in full, and the live loop without a card took 15.8% of a 30 fps
frame against a budget of 14% (docs/performance.md)."""


def is_device(source) -> bool:
    """True for a camera index (int or digits) or a device path (/dev/..., or any
    character device); False for anything else given as a path (a video file)."""
    if isinstance(source, int):
        return True
    if isinstance(source, (str, os.PathLike)):
        p = os.fspath(source)
        if isinstance(p, str) and p.isdigit():
            return True
        try:
            return str(p).startswith("/dev/") or stat.S_ISCHR(os.stat(p).st_mode)
        except OSError:
            return False
    return False


@contextmanager
def _quiet_stderr():
    """Point file descriptor 2 at /dev/null for a moment: FFmpeg's own messages
    ("[mov,mp4,... @ 0x...] moov atom not found") are written there by C code, past
    Python and OpenCV's log level, and would garble the dashboard."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_capture(source: int | str, width: int = 1280, height: int = 720) -> cv2.VideoCapture:
    """Open a camera by index or a device path / video file with MJPG at width×height.

    Raises CameraError when it cannot be opened, saying which: no such file or device,
    a directory, a file that is not a readable video, or a camera that cannot be opened
    (``e.zh`` in Chinese). OpenCV's and FFmpeg's own messages are kept off stderr
    while opening.
    """
    try:  # OpenCV's own warnings ("[ WARN:0@0.03] global cap_v4l.cpp ...") would garble the terminal
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    except AttributeError:
        pass
    # FFmpeg's log level: OpenCV reads it once, at its first FFmpeg use in the process;
    # when that has already happened, _quiet_stderr still keeps the open quiet
    os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
    device = is_device(source)
    if not device:
        p = str(source)  # not a device: a path
        if not os.path.exists(p):
            raise CameraError(*en_zh("recognition.camera.open/no_file", source=repr(source)))
        if os.path.isdir(p):
            raise CameraError(*en_zh("recognition.camera.open/directory", source=repr(source)))
    try:
        src = int(source) if isinstance(source, str) and source.isdigit() else source
        with _quiet_stderr():
            cap = cv2.VideoCapture(src)
    except (cv2.error, TypeError, ValueError) as e:
        raise CameraError(*en_zh("recognition.camera.open/error", source=repr(source), why=str(e))) from e
    if not cap.isOpened():
        cap.release()
        if not device:
            raise CameraError(*en_zh("recognition.camera.open/bad_file", source=repr(source)))
        if isinstance(source, str) and not source.isdigit() and not os.path.exists(source):
            raise CameraError(*en_zh("recognition.camera.open/no_device", source=repr(source)))
        raise CameraError(*en_zh("recognition.camera.open/unavailable", source=repr(source)))
    if device:
        cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
    return cap


def _usable(frame: object) -> TypeGuard[np.ndarray]:
    return (isinstance(frame, np.ndarray) and frame.dtype == np.uint8 and frame.ndim == 3
            and frame.shape[2] == 3 and min(frame.shape[:2]) >= 64)


class CameraScanner:
    """Iterate over ScanStatus updates read from a camera.

    source: camera index, device path, video file, or a capture object (``read()`` /
    ``release()``; used as is, e.g. a fake in tests). frames_needed: agreeing frames
    to accept. qr_every: try the QR label detector on every n-th frame (it costs a few
    ms; once a label is read it is tried on every frame while it keeps reading). When
    no card outline is found, each QR frame searches one part of the frame
    (``reader.whole_frame_parts``: the whole frame at half size, then two overlapping
    full-resolution halves), so a label there is looked for within 3 QR frames. A QR
    frame (with qr_every > 1) runs only the label search (``reader.read_label``); when
    it finds no label the voter skips it (``FrameVoter.hold``), so a card read from its
    index needs frames_needed index frames, not counting the QR frames between them. A QR
    frame right after an index frame that read a card looks for the label around that
    card's outline (``read_label(near=...)``) instead of outlining the frame again.
    max_bad_frames: consecutive failed/garbage frames before CameraError. clear_frames:
    see FrameVoter (None: CLEAR_FRAMES). second_every: once the card in view has been
    accepted (``FrameVoter.settled``), the search for a second card's index anywhere in the
    frame (``read_frame(second_search=True)``, ~1 ms) runs on every second_every-th index
    frame only; until then on every one (the clear frames before an acceptance all search:
    on every second one, a two-card video was accepted, seed 9 800 000 "touching").
    fallback_every: the fallback outline search (``read_frame(fallback=True)``, up to ~8 ms
    on a frame without a card) runs on every fallback_every-th index frame, and on every
    index frame after one whose reading was accepted or had a note (a card that only the
    fallback finds keeps its streak); 1 runs it on every frame, as ``read_frame`` does. The
    wide-corner search of the outlines read (``read_frame(wide=True)``: 三国杀-style and small
    indices, also costly on a frame without a card) follows the same cadence. fine_every: the
    second pass on a copy of the whole frame (``read_frame(fine=True)``: small cards, 三国杀-style
    faces on busy tables; ~90 ms more on a 1280x720 frame without a card) on every fine_every-th
    index frame, and on every index frame after one that was accepted or had a note.
    budget: the share of each frame's interval at ``fps`` the loop may use on average, in
    ``clock`` seconds (the thread's CPU time); after a frame that cost more, the next frames
    are grabbed (``grab()``: a webcam's MJPG frame is then not decoded; a source without
    ``grab`` is read and dropped) and not read, at most MAX_SKIP in a row (what is still owed
    is paid after the next frame read; at most MAX_DEBT frames' share is owed), so the loop's
    share of a core stays near budget whatever the machine's speed. Every frame that is read
    gets all of its checks: the voter counts read frames only (CLEAR_FRAMES of them before an
    acceptance), so a skipped frame delays an acceptance, never makes it easier. None (the
    default): BUDGET for a camera device, no skipping for a video file or a capture object
    (each of their frames is read, as in the tests); 0 or less: no skipping.
    ``frames_read`` / ``frames_skipped`` count the frames so far.
    Use as a context manager or call close().
    """

    def __init__(self, source, frames_needed: int = 3, threshold: float = ACCEPT_THRESHOLD,
                 qr_every: int = 3, max_bad_frames: int = 15, width: int = 1280, height: int = 720,
                 clear_frames: int | None = None, second_every: int = SECOND_EVERY,
                 fallback_every: int = FALLBACK_EVERY, budget: float | None = None, fps: float = 30.0,
                 clock=time.thread_time, fine_every: int = FINE_EVERY):
        self.source = source
        self.second_every = max(1, second_every)
        self.fallback_every = max(1, fallback_every)
        self.fine_every = max(1, fine_every)
        self.voter = FrameVoter(frames_needed, threshold, clear_frames=clear_frames)
        self.qr_every = max(1, qr_every)
        self.max_bad_frames = max_bad_frames
        self.size = (width, height)
        self._cap: Capture | None = None
        # a video file given as the source: its end ends the updates normally
        self.is_file = not (hasattr(source, "read") and hasattr(source, "release")) and not is_device(source)
        self.ended: str | None = None  # "end of video file" once a file source has ended
        if budget is None:
            budget = BUDGET if not self.is_file and is_device(source) else 0.0
        self.budget = max(0.0, float(budget))
        self.frame_s = 1.0 / max(fps, 1e-3)
        self.clock = clock
        self.frames_read = 0
        self.frames_skipped = 0

    def open(self) -> None:
        """Open the source (no-op if already open). Raises CameraError."""
        if self._cap is not None:
            return
        if hasattr(self.source, "read") and hasattr(self.source, "release"):
            self._cap = self.source
        else:
            self._cap = open_capture(self.source, *self.size)

    def close(self) -> None:
        if self._cap is not None:
            try:
                self._cap.release()
            except Exception:  # noqa: BLE001 - releasing a dead device must not raise
                pass
            self._cap = None

    def __enter__(self) -> "CameraScanner":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __iter__(self) -> Iterator[ScanStatus]:
        return self.updates()

    def updates(self) -> Iterator[ScanStatus]:
        """Yield one ScanStatus per usable frame read (frames skipped for the budget yield
        nothing), forever (a video file: until its end, then ``self.ended`` is "end of video
        file"). Raises CameraError on faults."""
        self.open()
        bad = 0
        n = 0
        last_qr = False
        qr_part = 0  # no card in view: the whole-frame QR search is spread over QR frames
        n_index = 0  # index frames read
        seen_card = False  # the last index frame's reading was accepted or had a note
        near = None  # the card's outline on the last frame read, when that was an index frame that read one
        allowance = self.budget * self.frame_s  # clock seconds each camera frame may cost
        debt = 0.0  # clock seconds spent beyond the allowance of the frames taken so far
        mark: float | None = None  # the clock when the last frame was taken
        while True:
            cap = self._cap
            if cap is None:  # close() was called (from the thread that stopped the scan)
                raise CameraError(*en_zh("recognition.camera.closed", name=self._name()))
            if allowance > 0:
                now = self.clock()
                if mark is not None:  # the last frame's cost (its reading and the caller's handling)
                    # no credit beyond one frame: cheap frames do not buy a run of costly ones
                    debt = min(max(debt + (now - mark) - allowance, -allowance), MAX_DEBT * allowance)
                mark = now
                skipped = 0
                while debt > 0 and skipped < MAX_SKIP and self._skip(cap):
                    skipped += 1
                    now = self.clock()
                    debt += (now - mark) - allowance
                    mark = now
            if allowance > 0:
                mark = self.clock()
            try:
                ok, frame = cap.read()
            except Exception as e:
                self.close()
                raise CameraError(*en_zh("recognition.camera.failed", name=self._name(), why=str(e))) from e
            if not ok and self.is_file:  # a video file's end is not a disconnect
                self.close()
                if n == 0:
                    raise CameraError(*en_zh("recognition.camera.no_frames", name=self._name()))
                self.ended = "end of video file"
                return
            if not ok or not _usable(frame):
                bad += 1
                if bad >= self.max_bad_frames:
                    self.close()
                    if not ok:
                        raise CameraError(*en_zh("recognition.camera.stopped", name=self._name()))
                    raise CameraError(*en_zh("recognition.camera.unusable", name=self._name()))
                continue
            bad = 0
            n += 1
            self.frames_read += 1
            # QR on every qr_every-th frame, and on every frame while labels are being read
            try_qr = last_qr or self.qr_every == 1 or n % self.qr_every == 1
            # A QR frame only searches for a label (no frame pays for both searches); one
            # without a label is not counted by the voter. With qr_every=1 every frame
            # does both.
            qr_only = try_qr and self.qr_every > 1
            try:
                if qr_only:
                    reading = read_label(frame, qr_part, near) if near is not None else read_label(frame, qr_part)
                    near = None
                else:
                    n_index += 1
                    thorough = seen_card or n_index % self.fallback_every == 0
                    fine = seen_card or n_index % self.fine_every == 0
                    reading = read_frame(frame, self.voter.threshold, qr_mode="fast" if try_qr else "off",
                                         qr_part=qr_part,
                                         second_search=not self.voter.settled or n_index % self.second_every == 0,
                                         fallback=thorough, wide=thorough, fine=fine)
                    seen_card = reading.accepted or reading.note is not None
                    near = reading.quad if reading.suit is not None else None
            except cv2.error:
                reading, near = Reading(None, None, 0.0, False), None
            last_qr = reading is not None and reading.source == "qr"
            if try_qr and not last_qr:  # keep the part where a label is being read
                qr_part += 1
            yield self.voter.hold() if reading is None else self.voter.update(reading)

    def _skip(self, cap) -> bool:
        """Take the next frame off the camera without reading it; False when that failed (the
        next read says why)."""
        try:
            grab = getattr(cap, "grab", None)
            ok = bool(grab()) if callable(grab) else bool(cap.read()[0])
        except Exception:  # noqa: BLE001 - the next read() reports the fault
            return False
        if ok:
            self.frames_skipped += 1
        return ok

    def _name(self) -> str:
        return repr(self.source) if isinstance(self.source, (int, str)) else type(self.source).__name__
