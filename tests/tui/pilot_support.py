"""Helpers the pilot tests share: a real session played from command lines, and keys pressed one by one."""

from __future__ import annotations

from collections.abc import Iterable

from companion.session import Session


def played(lines: Iterable[str]) -> Session:
    """A new in-memory session (no journal file) with ``lines`` submitted in order."""
    s = Session.new(None)
    for line in lines:
        s.submit(line)
    return s


async def press(pilot, *keys: str) -> None:
    """Press each key and let the app settle after it (Textual's ``Pilot.press`` then ``pause``)."""
    for k in keys:
        await pilot.press(k)
        await pilot.pause()
