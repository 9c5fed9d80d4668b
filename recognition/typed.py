"""Typed card entry, for when the reader is not sure."""

from __future__ import annotations

SUIT_WORDS = {
    "s": "spade", "spade": "spade", "spades": "spade", "♠": "spade", "黑桃": "spade",
    "h": "heart", "heart": "heart", "hearts": "heart", "♥": "heart", "红桃": "heart", "红心": "heart",
    "c": "club", "club": "club", "clubs": "club", "♣": "club", "梅花": "club",
    "d": "diamond", "diamond": "diamond", "diamonds": "diamond", "♦": "diamond", "方块": "diamond", "方片": "diamond",
}
RANK_WORDS = {"a": 1, "j": 11, "q": 12, "k": 13, **{str(i): i for i in range(1, 14)}}


def parse_card_text(text: str) -> tuple[str, int] | None:
    """Typed card such as "♠7", "S7", "7s", "10 hearts", "QD", "黑桃7" -> (suit, rank) or None."""
    t = text.strip().lower().replace(" ", "")
    for word in sorted(SUIT_WORDS, key=len, reverse=True):
        if t.startswith(word) and t[len(word):] in RANK_WORDS:
            return SUIT_WORDS[word], RANK_WORDS[t[len(word):]]
        if t.endswith(word) and t[: len(t) - len(word)] in RANK_WORDS:
            return SUIT_WORDS[word], RANK_WORDS[t[: len(t) - len(word)]]
    return None
