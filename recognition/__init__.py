"""The card reader: suit and rank of a judgement card from an image or a webcam.

Public API (see docs/recognition.md):

- ``read_image(img_or_path) -> Reading`` — one still image (path or BGR array).
- ``read_frame(frame) -> Reading`` — one camera frame, no acceptance across frames.
- ``read_label(frame) -> Reading | None`` — the camera's QR label search alone.
- ``FrameVoter`` — accept only when several consecutive frames agree.
- ``CameraScanner(source, frames_needed=3)`` — yields ``ScanStatus`` from a camera or
  any capture-like object; raises ``CameraError``.
- ``parse_card_text("♠7") -> ("spade", 7)`` — typed entry when the reader is unsure.
"""

from .camera import CameraError, CameraScanner, FrameVoter, ScanStatus
from .reader import ACCEPT_THRESHOLD, ReadError, Reading, read_frame, read_image, read_label
from .typed import parse_card_text

__all__ = [
    "ACCEPT_THRESHOLD", "CameraError", "CameraScanner", "FrameVoter", "ReadError", "Reading",
    "ScanStatus", "parse_card_text", "read_frame", "read_image", "read_label",
]
