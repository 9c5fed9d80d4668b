"""The card reader's errors in each language: the texts are the catalogue's ``[text] "recognition.*"`` entries
(companion/data/messages/*.toml, docs/messages.md), raised as ``Error(*en_zh(key, **values))``."""

from __future__ import annotations

__all__ = ["WordedError"]


class WordedError(Exception):
    """An error said in English (``str(e)``) and in Chinese (``e.zh``); ``text(lang)`` is the one for ``lang``
    (``"zh"`` or ``"en"``), as the command line and the dashboard show it.  A plain English message alone is taken
    too (``zh`` is then the same)."""

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self.zh = zh or message

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.zh if lang == "zh" else str(self)
