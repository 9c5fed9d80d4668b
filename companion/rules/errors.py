"""Typed errors of the rules core.

Modelled on python-chess: a syntax problem (:class:`CommandError`) is not the
same as a rules problem (:class:`Refused`).  Both carry a message meant for the
moderator, in English and Chinese; neither ever escapes as a traceback in the
CLI or the dashboard.
"""

from __future__ import annotations

from typing import Any

from .messages import Message, Words, citation, en_zh

__all__ = ["Worded", "Refused", "CommandError", "Event"]


class Worded:
    """A value that says something in each language: ``text`` is its catalogue
    :class:`~companion.rules.messages.Message` (or a :class:`~companion.rules.messages.Words` pair);
    ``en`` / ``zh`` are its two texts, rendered when first read.  The base of :class:`Refused` and
    :class:`Event`."""

    __slots__ = ()
    text: Message | Words

    @property
    def en(self) -> str:
        """The English text."""
        return self.text.en

    @property
    def zh(self) -> str:
        """The Chinese text."""
        return self.text.zh


class Refused(Worded, Exception):
    """An action the rules forbid.

    ``rule`` is a short rule id (a :class:`~companion.rules.vocab.Rule`: ``"slash.range"``,
    ``"slash.limit"``, ``"equip.slot"``, ...), ``source`` where the rule comes from (``"rulebook §…"``,
    ``"RULES_NOTES: Distance"``, ``"FAQ …"``).  The explanation with the numbers is the catalogue's
    ``[refused]`` entry for the rule (``msg`` names the case when one rule refuses in several ways:
    key ``"<rule>/<msg>"``) with the keyword ``params``::

        Refused(Rule.SLASH_RANGE, source=SRC_RANGE, src=2, dst=5, distance=3, range=1)

    ``en``/``zh`` are its texts (``"seat 2 → seat 5: distance 3 > attack range 2 (青釭剑)"``), rendered
    when first read.  ``Refused(rule, en, zh, source)`` with the texts as strings is the older form,
    still taken from code outside the rules core.  ``forceable`` is False for refusals that even
    ``force`` cannot override (e.g. a seat number that does not exist).
    """

    seat: int | None = None
    """The seat a ``hand.ask`` refusal asks about (light mode: does it hold a hand card?); else None."""

    def __init__(self, rule: str, en: str | Message | Words | None = None, zh: str = "", source: str = "", *,
                 forceable: bool = True, msg: str | None = None, **params: Any) -> None:
        self.rule = rule
        if en is None:
            en = Message("refused", f"{rule}/{msg}" if msg else str(rule), params)
        elif isinstance(en, str):
            en = Words(en, zh or en)
        self.text: Message | Words = en
        self.source = source
        self.forceable = forceable
        super().__init__(rule)

    def citation(self, lang: str = "en") -> str:
        """The rule and its source in ``lang``: ``"[slash.range; RULES_NOTES: Distance and attack range]"`` in
        English (the id and the source as given), ``"[slash.range；规则笔记：距离与攻击范围]"`` in Chinese (the rule
        id as it is, the source's ``[source]`` entries; :func:`~companion.rules.messages.citation`)."""
        return citation(self.rule, self.source, lang)

    def line(self, lang: str = "en") -> str:
        """One line in ``lang``: ``"<text> [rule; source]"`` (:meth:`citation`)."""
        return f"{self.text.text(lang)} {self.citation(lang)}"

    @property
    def message(self) -> str:
        """One line in English: ``"<en> [rule; source]"``."""
        return self.line("en")

    def __str__(self) -> str:
        return self.message


class CommandError(ValueError):
    """A command line that cannot be read (unknown verb, bad seat, bad card name).

    ``hint`` is an optional usage line for the verb.  ``en`` is the English
    text (also ``str(e)``), ``zh`` the Chinese one (the English one when none
    was given); ``hint_zh`` the usage line with Chinese placeholders (the same
    command words: ``座位 牌[:牌面] [目标 …]``), ``hint`` when none was given.
    """

    unknown: str | None = None
    """The unknown command word, when that is the error (the dashboard then says it in the room it has)."""

    def __init__(self, message: str, hint: str = "", zh: str = "", hint_zh: str = "") -> None:
        self.hint = hint
        usage = en_zh("errors.command/usage", usage=Words(hint, hint_zh or hint)) if hint or hint_zh else ("", "")
        self.en = message + (usage[0] if hint else "")
        self.zh = (zh or message) + usage[1]
        super().__init__(self.en)


class Event(Worded):
    """Something that happened, for the log: ``kind`` is a short id (``"damage"``, ``"death"``,
    ``"phase"``, ``"win"``, ...), ``text`` the sentence a player understands (a catalogue
    :class:`~companion.rules.messages.Message`, e.g. ``say("phase", who=…, phase=…)``), ``seat`` the seat
    concerned (or None), ``data`` the numbers for the UI.  ``en``/``zh`` are the two texts, rendered when
    first read.  ``Event(kind, en, zh, seat, data)`` with the texts as strings is the older form, still
    taken (tests' fake engines)."""

    __slots__ = ("kind", "text", "seat", "data")

    def __init__(self, kind: str, en: str | Message | Words, zh: str = "", seat: int | None = None,
                 data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.text: Message | Words = Words(en, zh or en) if isinstance(en, str) else en
        self.seat = seat
        self.data: dict[str, Any] = {} if data is None else data

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.en!r}, {self.zh!r}, {self.seat!r}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and (self.kind, self.seat, self.data) == (other.kind, other.seat, other.data)
                and (self.en, self.zh) == (other.en, other.zh))

    __hash__ = None  # type: ignore[assignment]  # data is a dict
