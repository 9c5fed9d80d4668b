"""QR sleeve labels: finding a label in a frame (the payload format is ``recognition.payload``,
re-exported here).
"""

from __future__ import annotations

import cv2
import numpy as np

from .payload import EDITION, PREFIX, SUITS, QrLabel, decode_payload, encode_payload

__all__ = ["EDITION", "PREFIX", "SUITS", "QrLabel", "decode_payload", "encode_payload", "find_label", "find_labels"]

_fast = None
_camera = None
_full = None
# Camera path: the ArUco stage thresholds with one adaptive window (7 px) instead of
# OpenCV's three (3, 13, 23): ~40% less time per frame. On 156 rendered label frames
# (cards 60-95% of the frame height) it read 155 like the default; on 156 more (dim,
# tilted, cards from 55%) 154 against the default's 153 (docs/recognition.md).
CAMERA_THRESH_WINDOW = 7


def _camera_detector():
    d = cv2.QRCodeDetectorAruco()
    p = d.getArucoParameters()
    p.adaptiveThreshWinSizeMin = p.adaptiveThreshWinSizeMax = CAMERA_THRESH_WINDOW
    d.setArucoParameters(p)
    return d


def find_label(frame: np.ndarray, thorough: bool = False, scale: float = 1.0,
               camera: bool = False) -> QrLabel | None:
    """Decode one of our QR labels in a BGR or gray frame, or None (the first of
    ``find_labels``)."""
    labs = find_labels(frame, thorough, scale, camera)
    return labs[0] if labs else None


def find_labels(frame: np.ndarray, thorough: bool = False, scale: float = 1.0,
                camera: bool = False) -> list[QrLabel]:
    """Our QR labels decoded in a BGR or gray frame ([] when none; foreign codes ignored).

    The ArUco-based detector (a few ms on 1280×720) is tried first, for every code in
    view (``detectAndDecodeMulti``: no slower than one code, so two labels in view are
    noticed); thorough=True, when it reads none, also tries the classic detector (tens
    of ms; one code), as for still images. camera=True: the faster one-window ArUco
    detector (``CAMERA_THRESH_WINDOW``). scale < 1: the detectors run on a copy
    downscaled by that factor (faster; the caller knows how big a label would be); a
    code found there but not decoded is decoded again from a crop of the
    full-resolution frame.
    """
    global _fast, _camera, _full
    if frame is None or frame.size == 0:
        return []
    full = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    gray = full
    if scale < 1.0:
        gray = cv2.resize(full, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    if camera:
        if _camera is None:
            _camera = _camera_detector()
        d = _camera
    else:
        if _fast is None:
            _fast = cv2.QRCodeDetectorAruco()
        d = _fast
    out: list[QrLabel] = []
    try:
        _, texts, pts, _ = d.detectAndDecodeMulti(gray)
    except cv2.error:
        texts, pts = (), None
    quads = np.asarray(pts, np.float32).reshape(-1, 4, 2) if pts is not None and len(pts) else ()
    for i, q in enumerate(quads):
        text = texts[i] if i < len(texts) else ""
        lab = decode_payload(text)
        if lab is None and not text:
            # found but not decoded (e.g. one corner misplaced): the classic decoder on
            # a crop around it costs a few ms only when this happens
            lab = _decode_crop(full, q / min(scale, 1.0))
        if lab is not None:
            out.append(lab)
    if not out and thorough:
        if _full is None:
            _full = cv2.QRCodeDetector()
        try:
            text, _, _ = _full.detectAndDecode(gray)
        except cv2.error:
            text = ""
        lab = decode_payload(text)
        if lab is not None:
            out.append(lab)
    return out


def _decode_crop(gray: np.ndarray, pts: np.ndarray) -> QrLabel | None:
    global _full
    if _full is None:
        _full = cv2.QRCodeDetector()
    x0, y0 = pts.min(0)
    x1, y1 = pts.max(0)
    m = 0.35 * max(x1 - x0, y1 - y0)
    h, w = gray.shape[:2]
    xa, ya, xb, yb = int(max(0, x0 - m)), int(max(0, y0 - m)), int(min(w, x1 + m)), int(min(h, y1 + m))
    if xb - xa < 21 or yb - ya < 21:
        return None
    crop = gray[ya:yb, xa:xb]
    for img in (crop, cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)):
        try:
            text, _, _ = _full.detectAndDecode(img)
        except cv2.error:
            continue
        lab = decode_payload(text)
        if lab is not None:
            return lab
    return None
