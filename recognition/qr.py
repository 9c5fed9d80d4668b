"""QR sleeve labels: the payload format and finding a label in a frame.

Payload: ``SGS1|std|<card_id>|<suit>|<rank>``, e.g. ``SGS1|std|slash-spade-7|spade|7``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

PREFIX = "SGS1"
EDITION = "std"
SUITS = ("spade", "heart", "club", "diamond")


@dataclass(frozen=True)
class QrLabel:
    edition: str
    card_id: str
    suit: str
    rank: int


def encode_payload(card_id: str, suit: str, rank: int, edition: str = EDITION) -> str:
    """Text stored in a label's QR code. Raises ValueError on a bad suit/rank/id."""
    if suit not in SUITS or not 1 <= int(rank) <= 13 or "|" in card_id or not card_id:
        raise ValueError(f"bad label fields: {card_id!r} {suit!r} {rank!r}")
    return f"{PREFIX}|{edition}|{card_id}|{suit}|{int(rank)}"


def decode_payload(text: str) -> QrLabel | None:
    """Parse a payload; None when it is not one of ours (foreign QR codes are ignored)."""
    parts = (text or "").strip().split("|")
    if len(parts) != 5 or parts[0] != PREFIX:
        return None
    _, edition, card_id, suit, rank = parts
    if suit not in SUITS or not rank.isdigit() or not 1 <= int(rank) <= 13 or not card_id:
        return None
    return QrLabel(edition, card_id, suit, int(rank))


_fast = None
_full = None


def find_label(frame: np.ndarray, thorough: bool = False) -> QrLabel | None:
    """Decode one of our QR labels in a BGR or gray frame, or None.

    The ArUco-based detector (a few ms on 1280×720) is tried first; thorough=True also
    tries the classic detector (tens of ms), as for still images.
    """
    global _fast, _full
    if frame is None or frame.size == 0:
        return None
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    if _fast is None:
        _fast = cv2.QRCodeDetectorAruco()
    detectors = [_fast]
    if thorough:
        if _full is None:
            _full = cv2.QRCodeDetector()
        detectors.append(_full)
    for d in detectors:
        try:
            text, _, _ = d.detectAndDecode(gray)
        except cv2.error:
            continue
        lab = decode_payload(text)
        if lab is not None:
            return lab
    return None
