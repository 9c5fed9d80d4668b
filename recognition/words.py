"""The card reader's errors in each language: the texts are the catalogue's ``[text] "recognition.*"`` entries
(companion/data/messages/*.toml, docs/messages.md), raised as ``Error(*en_zh(key, **values))``."""

from __future__ import annotations

__all__ = ["WordedError", "Note", "in_view_note"]


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


class Note(str):
    """A note of a reading (why a confident reading was not accepted): the ``str`` is its English (``Reading.note``,
    the JSON of ``companion scan --json``, as before), ``zh`` its Chinese, ``text(lang)`` the one for ``lang``."""

    zh: str

    def __new__(cls, en: str, zh: str) -> Note:
        note = super().__new__(cls, en)
        note.zh = zh
        return note

    def text(self, lang: str) -> str:
        """The note in ``lang`` (``"zh"`` or ``"en"``)."""
        return self.zh if lang == "zh" else str(self)


def in_view_note(card: str, others: list[str | None] | None = None, *, beside: bool = False) -> Note:
    """The note of a reading of ``card`` (its label, ``"♣2"``) with more cards in view: ``others`` the labels of
    the others read (None: one not read), none given for one other card not read; ``beside`` for two cards side by
    side outlined as one.  The texts are the catalogue's ``[text] "recognition.reader.note/*"``."""
    from companion.rules.messages import Words, en_zh, text  # noqa: PLC0415 - the catalogue only for a note

    if beside:
        return Note(*en_zh("recognition.reader.note/beside", card=card))
    if not others or others == [None]:
        return Note(*en_zh("recognition.reader.note/and_another", card=card))
    if len(others) == 1:
        return Note(*en_zh("recognition.reader.note/and", card=card, other=others[0]))
    names = [Words(o, o) if o is not None else text("recognition.reader.note/another") for o in others]
    cards = Words(", ".join([card, *(x.en for x in names)]), "、".join([card, *(x.zh for x in names)]))
    return Note(*en_zh("recognition.reader.note/many", n=len(others) + 1, cards=cards))
