"""Plain text of what a running app shows (for assertions on the rendered screen)."""

from __future__ import annotations

import io

from rich.console import Console


def screen_text(app) -> str:
    """Every character of the current screen (the top screen, with any dialog), as text lines."""
    update = app.screen._compositor.render_update(full=True)
    width, height = app.size
    console = Console(file=io.StringIO(), width=width, height=height, record=True,
                      color_system=None, legacy_windows=False, force_terminal=True)
    console.print(update, end="")
    return console.export_text(styles=False)


async def type_line(pilot, text: str) -> None:
    """Focus the command bar, type ``text`` key by key and press Enter."""
    from companion.tui.app import CommandBar

    bar = pilot.app.query_one(CommandBar)
    bar.focus()
    bar.value = ""
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()
