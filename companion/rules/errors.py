"""Typed errors of the rules core.

Modelled on python-chess: a syntax problem (:class:`CommandError`) is not the
same as a rules problem (:class:`Refused`).  Both carry a message meant for the
moderator, in English and Chinese; neither ever escapes as a traceback in the
CLI or the dashboard.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Refused", "CommandError", "Event"]


class Refused(Exception):
    """An action the rules forbid.

    ``rule`` is a short rule id (``"slash.range"``, ``"slash.limit"``,
    ``"equip.slot"``, ``"judgement.duplicate"``, ...), ``source`` where the rule
    comes from (``"rulebook §…"``, ``"RULES_NOTES: Distance"``, ``"FAQ …"``),
    ``en``/``zh`` the explanation with the numbers, e.g.
    ``"seat 2 → seat 5: distance 3 > attack range 2 (青釭剑)"``.
    ``forceable`` is False for refusals that even ``force`` cannot override
    (e.g. a seat number that does not exist).
    """

    def __init__(self, rule: str, en: str, zh: str = "", source: str = "", *, forceable: bool = True) -> None:
        self.rule = rule
        self.en = en
        self.zh = zh or en
        self.source = source
        self.forceable = forceable
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """One line: ``"<en> [rule; source]"``."""
        src = f"; {self.source}" if self.source else ""
        return f"{self.en} [{self.rule}{src}]"


class CommandError(ValueError):
    """A command line that cannot be read (unknown verb, bad seat, bad card name).

    ``hint`` is an optional usage line for the verb.  ``en`` is the English
    text (also ``str(e)``), ``zh`` the Chinese one (the English one when none
    was given); ``hint_zh`` the usage line with Chinese placeholders (the same
    command words: ``座位 牌[:牌面] [目标 …]``), ``hint`` when none was given.
    """

    def __init__(self, message: str, hint: str = "", zh: str = "", hint_zh: str = "") -> None:
        self.hint = hint
        self.en = message + (f" — usage: {hint}" if hint else "")
        hint_zh = hint_zh or hint
        self.zh = (zh or message) + (f"——用法：{hint_zh}" if hint_zh else "")
        super().__init__(self.en)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the log: ``kind`` is a short id
    (``"damage"``, ``"death"``, ``"phase"``, ``"win"``, ...), ``en``/``zh`` the
    sentence a player understands, ``seat`` the seat concerned (or None)."""

    kind: str
    en: str
    zh: str = ""
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
