"""Card faces (suit + rank) on plain values: the words that name them, reading one, writing one.

:class:`companion.rules.deck.Face` and :func:`companion.rules.deck.parse_face` (which words the errors) use
these tables, and ``companion judge`` reads its card with them alone: this module imports no dataclasses,
enums or ``typing`` (issue 15).  A suit is its id (``"spade"`` …, the values of ``deck.Suit``), a rank 1..13.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SUIT_WORDS", "RANK_WORDS", "RANK_ALT", "COLOUR_WORDS", "SYMBOL", "COLOR", "PlainFace", "rank_label", "face_text",
           "normalize", "match", "read"]

SUIT_WORDS: dict[str, str] = {
    "♠": "spade", "♤": "spade", "s": "spade", "spade": "spade", "spades": "spade", "黑桃": "spade",
    "♥": "heart", "♡": "heart", "h": "heart", "heart": "heart", "hearts": "heart", "红桃": "heart", "红心": "heart",
    "♣": "club", "♧": "club", "c": "club", "club": "club", "clubs": "club", "梅花": "club",
    "♦": "diamond", "♢": "diamond", "d": "diamond", "diamond": "diamond", "diamonds": "diamond", "方块": "diamond",
    "方片": "diamond", "草花": "club",
}
"""Every word a typed face may name its suit with (after :func:`normalize`) → the suit id."""
RANK_WORDS = {"a": 1, "j": 11, "q": 12, "k": 13, **{str(n): n for n in range(1, 14)}}
SYMBOL = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
COLOR = {"spade": "black", "club": "black", "heart": "red", "diamond": "red"}
COLOUR_WORDS = {"红": "red", "黑": "black", "red": "red", "black": "black"}
"""Colour words that name two suits: a face written with one is ambiguous (``deck.parse_face`` refuses it
naming both suits)."""

_SUIT_ALT = "|".join(re.escape(w) for w in sorted(SUIT_WORDS, key=len, reverse=True))
RANK_ALT = r"1[0-3]|[1-9]|[ajqk]"
_FACE_RE = re.compile(f"^(?P<suit>{_SUIT_ALT})\\s*(?P<rank>{RANK_ALT})$")
_FACE_RANK_FIRST_RE = re.compile(f"^(?P<rank>{RANK_ALT})\\s*(?P<suit>{_SUIT_ALT})$")
_RANK_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_label(rank: int) -> str:
    """``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
    return _RANK_LABEL.get(rank, str(rank))


def face_text(suit: str, rank: int) -> str:
    """E.g. ``"♠7"``, ``"♥Q"``."""
    return f"{SYMBOL[suit]}{rank_label(rank)}"


def normalize(text: str) -> str:
    """A typed face as it is matched: NFKC (fullwidth characters), no emoji variation selector, stripped, casefolded."""
    return unicodedata.normalize("NFKC", text).replace("\ufe0f", "").strip().casefold()


def match(norm: str) -> tuple[str, int] | None:
    """``(suit, rank)`` of a normalized face, suit first or rank first (``"♠7"``, ``"7♠"``, ``"spade 7"``,
    ``"黑桃7"``), or None."""
    m = _FACE_RE.match(norm) or _FACE_RANK_FIRST_RE.match(norm)
    return None if m is None else (SUIT_WORDS[m["suit"]], RANK_WORDS[m["rank"]])


def read(text: object) -> tuple[str, int] | None:
    """``(suit, rank)`` of a face typed by the moderator, or None when it is not one (``deck.parse_face`` says why)."""
    return match(normalize(text)) if isinstance(text, str) else None


class PlainFace:
    """A face as a suit id and a rank, with what a judgement reads of one (``suit``, ``rank``, ``color``, and
    ``str()`` → ``"♠7"``), as :class:`companion.rules.deck.Face` has it, without the deck's import."""

    __slots__ = ("suit", "rank")

    def __init__(self, suit: str, rank: int) -> None:
        self.suit = suit
        self.rank = rank

    @property
    def color(self) -> str:
        """``"black"`` or ``"red"``."""
        return COLOR[self.suit]

    def __str__(self) -> str:
        return face_text(self.suit, self.rank)
