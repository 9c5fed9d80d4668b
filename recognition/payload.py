"""The text inside a QR sleeve label, without OpenCV (``companion labels`` writes labels without a camera).

Payload: ``SGS1|std|<card_id>|<suit>|<rank>``, e.g. ``SGS1|std|slash-spade-7|spade|7``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
