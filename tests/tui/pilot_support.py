"""Helpers the pilot tests share: a real session played from command lines, and keys pressed one by one."""

from __future__ import annotations

from collections.abc import Iterable

from companion.session import Session

LIULI = ["players 4", "lord 1", "general 1 guanyu", "general 2 daqiao", "general 3 luxun", "general 4 lvbu",
         "start", "next", "next", "next", "1 杀:♥Q 2 via wusheng"]
"""关羽's 武圣 杀 on 大乔: she is asked for 闪, with 流离's hint (three lines at 80 columns; conftest's
``liuli_session``)."""


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
