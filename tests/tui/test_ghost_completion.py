"""The ghost completion in the command bar is drawn unlike typed text (newcomer trial, 2 Dec: `1 桃` and
the ghost `园结义` looked like one typed word): italic, in its own colour."""

from __future__ import annotations

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


async def test_the_ghost_completion_is_italic_and_coloured_apart():
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        bar.focus()
        # `1 桃园` (a complete 桃 has no ghost any more: tests/tui/test_ghost_exact.py)
        await pilot.press("1", "space", "桃", "园")
        for _ in range(20):  # the suggester runs in a worker
            await pilot.pause()
            if "结" in "".join(seg.text for seg in bar.render_line(0)):
                break
        segs = [seg for seg in bar.render_line(0) if seg.text.strip()]
        typed = [seg for seg in segs if "桃" in seg.text and "结" not in seg.text]
        ghost = [seg for seg in segs if "结" in seg.text or "义" in seg.text]
        assert typed and ghost, [seg.text for seg in segs]
        assert all(seg.style.italic for seg in ghost)
        assert not any(seg.style.italic for seg in typed)
        assert {seg.style.color for seg in ghost}.isdisjoint({seg.style.color for seg in typed})


async def test_the_ghost_completion_has_its_own_background():
    """Newcomer trial (issue 16, item 6): in a terminal without italics the ghost still read as typed (grey on
    the bar's background): it is drawn on its own background too, the typed text on the bar's."""
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press(*"1 pe")
        for _ in range(20):  # the suggester runs in a worker
            await pilot.pause()
            if "ch" in "".join(seg.text for seg in bar.render_line(0)):
                break
        segs = [seg for seg in bar.render_line(0) if seg.text.strip()]
        typed = [seg for seg in segs if seg.text == "1 pe"]
        ghost = [seg for seg in segs if seg.text == "ch"]  # the ghost "ach" after the cursor (on its "a")
        assert typed and ghost, [seg.text for seg in segs]
        assert {seg.style.bgcolor for seg in ghost}.isdisjoint({seg.style.bgcolor for seg in typed})
