"""F6: the judgement card read from the webcam, filled into the command bar for the moderator to confirm.

:class:`ScanMixin` is mixed into :class:`companion.tui.app.CompanionApp`; it needs the app's ``session``,
``state``, ``lang``, ``camera``, ``say`` and the ``CommandBar``.

The scan is a Textual thread worker (``@work(thread=True, exclusive=True)``, group ``"scan"``) that posts
typed messages (:class:`ScanStatus`, :class:`ScanAccepted`, :class:`ScanUnsure`, :class:`ScanFailed`)
handled on the UI thread with ``@on``.  A scan belongs to the judgement it was started for
(:class:`ScanRun`): when that one is answered or changes, the app forgets the run (``_scan`` no longer
is it), the worker stops before its next frame, and whatever it still posts is dropped because it comes
from a run that is not the app's.  Esc marks the run as stopping: the worker ends and its best guess is
offered.  ``Worker.cancel()`` is not used: a cancelled thread worker counts as finished while its thread
still holds the camera, and the next scan must not open the camera before the last one released it.
cv2, numpy and the reader load only when a scan starts, in the worker thread (tests/test_lazy_imports.py).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

from rich.text import Text
from textual import on, work
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widgets import Static

from companion.tui.text import SCAN_SURE, accepts_judge_face, index_preview, label, scan_status_text
from companion.tui.widgets.command import CommandBar

if TYPE_CHECKING:
    from companion.tui.host import AppMixin
    from companion.tui.protocols import ReadingLike, ScannerLike, ScanStatusLike
    from recognition.camera import CameraScanner
    from recognition.camera import ScanStatus as CameraStatus
    from recognition.reader import Reading

    def _camera_is_a_scanner(c: CameraScanner, st: CameraStatus, r: Reading) -> tuple[ScannerLike, ScanStatusLike,
                                                                                    ReadingLike]:
        return c, st, r  # mypy checks that the reader's scan has what the dashboard reads of one (tui/protocols)

    _Host = AppMixin  # the mixins' one base: the app they are mixed into (tui/host.py)
else:
    # a MessagePump at run time, so that Textual collects the ``@on`` handlers below (its metaclass does)
    _Host = MessagePump

__all__ = ["ScanMixin", "ScanRun", "ScanStatus", "ScanAccepted", "ScanUnsure", "ScanFailed", "SCAN_TIMEOUT_S"]

SCAN_TIMEOUT_S = 60.0
"""A scan without an accepted reading stops by itself after this many seconds (its best guess is offered)."""


class ScanRun:
    """One F6 scan: the judgement it belongs to (``ScanMixin._judgement_key``); compared by identity.

    ``stopping`` is set on the UI thread (Esc) and read by the worker between frames (a plain attribute:
    one writer, one reader, no compound update).

    This class and the messages below are plain classes with an ``__init__`` (Textual's own way of writing a
    message), not dataclasses: the five dataclasses were ≈ 9 M instructions of every start, most of this
    module's import (issue 15, first paint)."""

    def __init__(self, key: tuple | None, stopping: bool = False) -> None:
        self.key = key
        self.stopping = stopping


class ScanStatus(Message):
    """A frame was read: the live status (``recognition.camera`` status) and the warped corner (or None)."""

    def __init__(self, run: ScanRun, status: ScanStatusLike, corner: Any = None) -> None:
        super().__init__()
        self.run, self.status, self.corner = run, status, corner


class ScanAccepted(Message):
    """The reader agreed on ``card`` (e.g. ``♠7``): the scan is over."""

    def __init__(self, run: ScanRun, card: str, corner: Any = None) -> None:
        super().__init__()
        self.run, self.card, self.corner = run, card, corner


class ScanUnsure(Message):
    """Stopped (Esc, the time limit) or the video ended without an agreed card: ``card`` is the best guess
    (None: nothing read)."""

    def __init__(self, run: ScanRun, card: str | None, timed_out: bool = False, corner: Any = None,
                 video_ended: bool = False) -> None:
        super().__init__()
        self.run, self.card, self.timed_out, self.corner, self.video_ended = run, card, timed_out, corner, video_ended


class ScanFailed(Message):
    """No camera, no reader, or the camera stopped: ``en`` / ``zh`` say why; ``card``: the best guess so far."""

    def __init__(self, run: ScanRun, en: str, zh: str | None = None, card: str | None = None,
                 corner: Any = None) -> None:
        super().__init__()
        self.run, self.en, self.zh, self.card, self.corner = run, en, zh, card, corner


class ScanMixin(_Host):
    """The F6 scan of :class:`~companion.tui.app.CompanionApp` (at most one at a time)."""

    _scan: ScanRun | None = None  # the scan whose reports are shown (None: none, or it was dropped)
    _preview_key: tuple | None = None  # the judgement whose scanned card's preview is held
    _filled: tuple[str, tuple | None] | None = None  # (bar text a scan filled in, its judgement)

    def _judgement_key(self) -> tuple | None:
        """Which judgement is pending, as a scan remembers it: None when none is; else the game,
        the journal position (``session.tip``, or the log's length) and the prompt's seat, kind,
        skill step, card and text.  Any command, undo or redo changes it."""
        p = self.state.prompt
        if p is None:
            return None
        j = self.journaled
        if j is not None:
            tip: object = j.tip
        else:
            entries = list(self.session.log)
            tip = (len(entries), sum(1 for e in entries if e.undone))
        data: Mapping[str, object] = p.data  # any kind's payload, read by key: what identifies the judgement
        return (j.game_id if j is not None else None, tip, p.kind, p.seat, data.get("skill"), data.get("step"),
                str(data.get("card")), p.en)

    @property
    def scanning(self) -> bool:
        """A scan worker is running (scanning, or stopping after Esc / a changed judgement)."""
        return any(w.group == "scan" and not w.is_finished for w in self.workers)

    def action_scan(self) -> None:
        self.scan_judgement_card()

    def action_stop_scan(self) -> None:
        """Esc: stop the running scan; its best guess is offered (confirm or type)."""
        if self._scan is not None:
            self._scan.stopping = True

    def _drop_scan(self) -> None:
        """The judgement the scan was started for is answered, cancelled or gone: the worker stops
        (its run is no longer the app's) and whatever it still reports is dropped."""
        if self._scan is not None:
            self._scan = None
            self._hide_preview()
            self._show_scan_line(None)

    def _check_scan(self) -> None:
        if self._scan is not None and self._scan.key != self._judgement_key():
            self._drop_scan()

    def _scan_after_redraw(self) -> None:
        """After the screen was redrawn: a scan whose judgement is gone stops, the preview held for another
        judgement goes, and a card the scan left in the bar unchanged is cleared when its judgement changed."""
        self._check_scan()  # a scan whose judgement is gone stops
        if self._preview_key is not None and self._preview_key != self._judgement_key():
            self._hide_preview()  # the held preview belonged to another judgement
        if self._filled is not None and self._filled[1] != self._judgement_key():
            bar = self.query_one(CommandBar)  # a scanned card left in the bar belonged to another judgement
            if bar.value == self._filled[0]:
                bar.value = ""
            self._filled = None

    def scan_bar_changed(self, value: str) -> None:
        """The command bar now holds ``value``: cleared, the held preview has nothing left to compare."""
        if not value.strip() and self._preview_key is not None:
            self._hide_preview()

    def on_unmount(self) -> None:
        self._scan = None  # quitting: the worker thread ends after its current frame

    def scan_judgement_card(self) -> None:
        """Read the judgement card from the webcam; overridable.

        Runs ``recognition.camera.CameraScanner`` in a worker thread (one at a time); an accepted
        reading pre-fills ``judge ♠7`` in the command bar for the moderator to confirm with Enter.
        The scan belongs to the judgement it was started for: when that one is answered or changes
        the worker is stopped and anything it still reports is dropped.  Without a camera (or the
        recognition package) it says so and typed entry stays as it is.
        """
        if self.scanning:
            stopping = self._scan is None or self._scan.stopping
            self.say(label("scan_stopping" if stopping else "scan_busy", self.lang), error=stopping)
            return
        p = self.state.prompt
        if not accepts_judge_face(p):  # the banner's test: a judgement, or a prompt offering 'judge FACE' (八卦阵)
            self.say(label("no_judge", self.lang), error=True)
            return
        run = ScanRun(self._judgement_key())
        self._hide_preview()
        self._scan = run
        self.say(label("scan_start", self.lang))
        self._show_scan_line(label("scan_start", self.lang))
        self._scan_worker(run)

    # -- the worker thread ---------------------------------------------------------
    @work(thread=True, exclusive=True, group="scan", name="scan")
    def _scan_worker(self, run: ScanRun) -> None:
        """Read frames until a card is agreed on, Esc, the time limit, a camera fault or ``run`` is dropped;
        every outcome is posted as a message (nothing here touches a widget)."""
        try:
            from recognition.camera import CameraScanner  # noqa: PLC0415 - cv2 loads only when a scan starts
        except Exception as e:  # noqa: BLE001 - cv2 or the model missing
            self.post_message(ScanFailed(run, f"{type(e).__name__}: {e}"))
            return
        scanner: ScannerLike | None = None
        last: ReadingLike | None = None  # the last reading that named a card (the vote may have forgotten it)
        timed_out = False
        try:
            scanner = CameraScanner(self.camera)
            with scanner:
                started = time.monotonic()
                for status in scanner.updates():
                    if run.stopping or self._scan is not run:  # Esc, or the judgement changed: between frames
                        break
                    reading = status.reading
                    if _names_card(reading):
                        last = reading
                    if status.state == "accepted" and _names_card(reading):
                        self.post_message(ScanAccepted(run, reading.label, reading.corner))
                        return
                    self.post_message(ScanStatus(run, status, reading.corner if reading is not None else None))
                    if time.monotonic() - started >= SCAN_TIMEOUT_S:
                        timed_out = True
                        break
        except Exception as e:  # noqa: BLE001 - CameraError and driver faults: back to typing
            zh = getattr(e, "zh", None)  # CameraError says it in Chinese too
            guess = _best_guess(scanner, last)  # what was read before the camera (or video) stopped
            self.post_message(ScanFailed(run, str(e), zh if isinstance(zh, str) else None,
                                         guess.label if guess is not None else None,
                                         guess.corner if guess is not None else None))
            return
        # stopped (Esc, the time limit) or the camera stream ended without an accepted reading:
        # offer the best guess for the moderator to check, never apply it silently
        guess = _best_guess(scanner, last)
        self.post_message(ScanUnsure(run, guess.label if guess is not None else None, timed_out,
                                     guess.corner if guess is not None else None,
                                     scanner is not None and bool(scanner.ended)))

    # -- its messages, on the UI thread ----------------------------------------------
    def _ours(self, run: ScanRun) -> bool:
        """``run`` is the scan of the pending judgement (a report of any other is dropped)."""
        if self._scan is not run:
            return False
        self._check_scan()  # the judgement may have changed without a command of the app's
        return self._scan is run

    def _ended(self, run: ScanRun) -> bool:
        """A final report arrived: True when it is to be shown (``run`` is still the judgement's scan)."""
        if not self._ours(run):
            return False
        self._scan = None
        self._show_scan_line(None)
        return True

    @on(ScanStatus)
    def _scan_status_arrived(self, message: ScanStatus) -> None:
        if self._ours(message.run) and not message.run.stopping:
            self._scan_status(message.status, message.corner)

    @on(ScanAccepted)
    def _scan_accepted_arrived(self, message: ScanAccepted) -> None:
        if self._ended(message.run):
            self._scan_accepted(message.card, message.corner)

    @on(ScanUnsure)
    def _scan_unsure_arrived(self, message: ScanUnsure) -> None:
        if self._ended(message.run):
            self._scan_unsure(message.card, message.timed_out, message.corner, message.video_ended)

    @on(ScanFailed)
    def _scan_failed_arrived(self, message: ScanFailed) -> None:
        if self._ended(message.run):
            why = message.zh if self.lang == "zh" and message.zh else message.en
            self._scan_failed(why, message.card, message.corner)

    # -- what the moderator sees ---------------------------------------------------------
    def _show_scan_line(self, text: str | None) -> None:
        """The scan's own status line (above the message line, which keeps command feedback); None hides it."""
        line = self.query_one("#scan-line", Static)
        if text is not None:
            line.update(Text(f"{label('scan_head', self.lang)}{text}  ·  {label('scan_esc', self.lang)}", no_wrap=True,
                             overflow="ellipsis"))
        if line.has_class("-on") != (text is not None):
            line.set_class(text is not None, "-on")
            self.fit_table()  # one more line above the message: the log keeps LOG_MIN (SeatTable.fit)

    @property
    def scan_line(self) -> str:
        line = self.query_one("#scan-line", Static)
        return str(line.content) if line.has_class("-on") else ""

    def _scan_status(self, status: ScanStatusLike, corner: Any = None) -> None:
        """Live status line and the preview of the warped corner."""
        self._show_scan_line(scan_status_text(status, self.lang))
        preview = self.query_one("#scan-preview", Static)
        reading = status.reading
        picture = index_preview(corner, reading.label if reading is not None else None)
        if picture is not None:
            preview.update(picture)
        preview.set_class(picture is not None, "-on")

    def _hold_preview(self, corner: Any, card: str | None = None) -> None:
        """Keep the preview of the accepted (or best-guess) reading ``card`` beside "press Enter to confirm"
        until the bar is submitted or cleared or the judgement changes; no picture: the preview is hidden."""
        picture = index_preview(corner, card)
        if picture is None:
            self._hide_preview()
            return
        preview = self.query_one("#scan-preview", Static)
        preview.update(picture)
        preview.set_class(True, "-on")
        self._preview_key = self._judgement_key()

    def _hide_preview(self) -> None:
        self._preview_key = None
        try:
            self.query_one("#scan-preview", Static).set_class(False, "-on")
        except Exception:  # noqa: BLE001 - closing
            pass

    def _fill_bar(self, card: str) -> bool:
        """Put ``judge CARD`` in the command bar, unless the moderator has typed something there
        (what an earlier scan filled in may be replaced); False when the typing was kept."""
        bar = self.query_one(CommandBar)
        if bar.value.strip() and (self._filled is None or bar.value != self._filled[0]):
            return False
        bar.value = f"judge {card}"
        bar.cursor_position = len(bar.value)
        self._filled = (bar.value, self._judgement_key())
        return True

    def _scan_unsure(self, card: str | None, timed_out: bool = False, corner: Any = None,
                     video_ended: bool = False) -> bool:
        """Offer the best guess ``card`` (None: nothing read) for the moderator to check; True when it was
        filled into the bar."""
        why = label("scan_then", self.lang, why=label("scan_timeout", self.lang, s=f"{SCAN_TIMEOUT_S:g}")) \
            if timed_out else ""
        if video_ended:
            why = label("scan_then", self.lang, why=label("scan_video_end", self.lang)) + why
        filled = self._fill_bar(card) if card else False
        if filled:
            self._hold_preview(corner, card)
            self.say(why + label("scan_guess", self.lang, card=card), error=True)
        elif card:
            self.say(why + label("scan_kept", self.lang, card=card), error=True)
        else:
            self._hide_preview()
            self.say(why + label("scan_nothing", self.lang), error=True)
        self.query_one(CommandBar).focus()
        return filled

    def _scan_failed(self, why: str, card: str | None = None, corner: Any = None) -> None:
        """The camera failed (or a video ended): the best guess so far, if any, is filled in as on Esc."""
        if card:
            if self._scan_unsure(card, corner=corner):
                self.say(label("scan_failed_guess", self.lang, why=why, card=card), error=True)
            return
        self.query_one("#scan-preview", Static).set_class(False, "-on")
        self.say(label("scan_unavailable", self.lang, why=why), error=True)
        self.query_one(CommandBar).focus()

    def _scan_accepted(self, card: str, corner: Any = None) -> None:
        if self._fill_bar(card):
            self._hold_preview(corner, card)
            self.say(label("scan_accepted", self.lang, card=card))
        else:
            self.say(label("scan_kept", self.lang, card=card), error=True)
        self.query_one(CommandBar).focus()


def _names_card(reading: ReadingLike | None) -> TypeGuard[ReadingLike]:
    return reading is not None and bool(reading.label) and reading.label != "?"


def _sure_enough(reading: ReadingLike | None) -> bool:
    """A reading worth offering as a guess: it names a card with a confidence of at least SCAN_SURE."""
    return _names_card(reading) and float(reading.confidence or 0.0) >= SCAN_SURE


def _best_guess(scanner: ScannerLike | None, last: ReadingLike | None) -> ReadingLike | None:
    """The reader's best guess (``scanner.voter.best_guess()``), else the last reading that named a card;
    None when neither reaches SCAN_SURE (noise read as a card at confidence 0.0 is no guess)."""
    if scanner is not None:
        try:
            guess = scanner.voter.best_guess()
        except Exception:  # noqa: BLE001 - a guess is offered only if the vote gives one
            guess = None
        if _sure_enough(guess):
            return guess
    return last if _sure_enough(last) else None
