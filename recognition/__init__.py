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

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .typed import parse_card_text

if TYPE_CHECKING:
    from .camera import CameraError, CameraScanner, FrameVoter, ScanStatus
    from .reader import ACCEPT_THRESHOLD, ReadError, Reading, read_frame, read_image, read_label

__all__ = [
    "ACCEPT_THRESHOLD", "CameraError", "CameraScanner", "FrameVoter", "ReadError", "Reading",
    "ScanStatus", "parse_card_text", "read_frame", "read_image", "read_label",
]

# OpenCV and numpy load with the first name that needs them, not with the package: `companion labels`,
# `companion distance` and the dashboard's start import `recognition` (its CLI) without reading a card.
_LAZY = {
    "CameraError": "camera", "CameraScanner": "camera", "FrameVoter": "camera", "ScanStatus": "camera",
    "ACCEPT_THRESHOLD": "reader", "ReadError": "reader", "Reading": "reader", "read_frame": "reader",
    "read_image": "reader", "read_label": "reader",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'recognition' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
