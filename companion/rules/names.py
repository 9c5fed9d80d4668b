"""Name lookup shared by cards and generals: one normaliser, one index, close matches.

A name matches whatever the moderator types — id (``ex_nihilo``), Chinese
(``无中生有``), English (``Ex Nihilo``) or an alias of another engine
(``wuzhong``, ``tieji``) — ignoring case, width (NFKC), spaces, underscores,
hyphens and dots; ``ü`` may be typed ``v`` (``lvbu``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Protocol, TypeVar

from .datafiles import DataFileError

__all__ = ["norm", "build_index", "find", "starting", "is_cjk"]


def norm(name: str) -> str:
    """The lookup key of a name: NFKC, casefold, ü→v, without spaces, ``_ - · • . '``."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("ü", "v")
    return re.sub(r"[\s_\-·•.']+", "", text)


class Named(Protocol):
    """What the index reads of an item (a card kind, a general, a skill)."""

    @property
    def id(self) -> str:
        """The id (pinyin / English: ``guanyu``, ``slash``)."""
    @property
    def zh(self) -> str:
        """The Chinese name."""
    @property
    def en(self) -> str:
        """The English name."""
    @property
    def aliases(self) -> tuple[str, ...]:
        """Other words that name it (pinyin, short forms)."""


N = TypeVar("N", bound=Named)


def build_index(items: Iterable[N], source: str) -> dict[str, N]:
    """``{norm(name): item}`` over each item's ``id``, ``zh``, ``en`` and ``aliases``.

    Raises :class:`~companion.rules.datafiles.DataFileError` (a ValueError) naming ``source`` (the data file) when
    two items share a name.
    """
    index: dict[str, N] = {}
    for item in items:
        for name in (item.id, item.zh, item.en, *item.aliases):
            other = index.setdefault(norm(name), item)
            if other is not item:
                raise DataFileError(f"{source}: name {name!r} used by both {other.id} and {item.id}")
    return index


def find(name: str, index: dict[str, N]) -> tuple[N | None, tuple[str, ...]]:
    """``(item, ())`` when ``name`` matches, else ``(None, up to 3 close item ids)``."""
    key = norm(str(name))
    found = index.get(key)
    if found is not None:
        return found, ()
    ids: list[str] = []
    import difflib  # noqa: PLC0415 - only when a name is not found (an import less at start-up)

    for c in difflib.get_close_matches(key, index.keys(), n=12, cutoff=0.6):
        if index[c].id not in ids:
            ids.append(index[c].id)
    return None, tuple(ids[:3])


def starting(word: str, index: dict[str, N]) -> list[N]:
    """The items one of whose names begins with ``word`` (normalised as :func:`norm`), each once, in the
    index's order; ``[]`` for an empty word.  The dashboard's unique beginning of a card name (``qing`` for
    青釭剑 among the equipment cards: companion/tui/quick.py) — a beginning is never read by the command
    language itself, so a journal line always names its card whole."""
    key = norm(str(word))
    out: list[N] = []
    if not key:
        return out
    for name, item in index.items():
        if name.startswith(key) and item not in out:
            out.append(item)
    return out


def is_cjk(text: str) -> bool:
    """Whether ``text`` holds a CJK ideograph (a Chinese name was typed): its errors list Chinese names."""
    return any("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" for ch in str(text))
