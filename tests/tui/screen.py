"""Plain text of what a running app shows (for assertions on the rendered screen)."""

from __future__ import annotations

import asyncio
import html
import re

from rich.cells import cell_len

# one text run of Rich's SVG export: its x (px), the line it is clipped to, its characters
_RUN = re.compile(r'<text [^>]*?x="([\d.]+)" [^>]*?textLength="([\d.]+)" clip-path="url\(#[\w-]+-line-(\d+)\)">(.*?)</text>')


def screen_text(app) -> str:
    """Every character of the current screen (with any dialog over the dashboard), as text lines.

    Read from Textual's public ``App.export_screenshot()`` (the SVG Rich exports: each run of text
    placed at its cell column), so the tests need no private attribute of Textual."""
    width, height = app.size
    rows: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for x, length, line, raw in _RUN.findall(app.export_screenshot()):
        text = html.unescape(raw).replace("\xa0", " ")
        char_width = float(length) / len(text)
        rows[int(line)].append((round(float(x) / char_width), text))
    out = []
    for runs in rows:
        line, col = "", 0
        for start, text in sorted(runs):
            line += " " * max(0, start - col) + text
            col = max(col, start) + cell_len(text)
        out.append(line + " " * max(0, width - col))
    return "\n".join(out) + "\n"


async def until(pilot, cond, timeout: float = 10.0) -> bool:
    """Let the app run until ``cond()`` holds (a worker thread's post arrived), at most ``timeout`` s.
    Returns ``cond()``: assert it. A fixed pause instead would flake on a loaded machine."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond() and loop.time() < end:
        await pilot.pause(0.02)
    return bool(cond())


async def type_line(pilot, text: str) -> None:
    """Focus the command bar, type ``text`` key by key and press Enter."""
    from companion.tui.app import CommandBar

    bar = pilot.app.query_one(CommandBar)
    bar.focus()
    bar.value = ""
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()
