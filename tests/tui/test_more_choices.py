"""More than ten choices in a play phase: the line says how many more the command palette lists (newcomer
trial, issue 16, 3 Dec: seat 3's 南蛮入侵 was the 11th choice and nothing on the screen said it was there)."""

from __future__ import annotations

import pytest

from companion.session import Session
from companion.tui.app import CompanionApp
from companion.tui.widgets.choices import ChoicesBar

SIX = ["players 6", "lord 1", "general 1 刘备", "general 2 曹操", "general 3 孙权", "general 4 吕布",
       "general 5 貂蝉", "general 6 华佗", "start", "next", "next", "next"]


@pytest.mark.parametrize(("lang", "size", "word"), [("en", (80, 24), "more"), ("zh", (80, 24), "更多"),
                                                    ("en", (120, 40), "more")])
async def test_the_line_says_how_many_more(lang, size, word):
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shown, full = app.current_choices(), app.current_choices(full=True)
        assert len(shown) == 10 and len(full) > 10, (len(shown), len(full))
        text = str(app.query_one(ChoicesBar).render())
        assert f"+{len(full) - 10} {word}" in text and "ctrl+p" in text, text
        assert "0 " in text  # the tenth still drawn with its digit
        await pilot.press("1")  # 杀 …: a question / partial — the count goes with the play phase's list only
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert app.state.prompt is not None
        assert "ctrl+p" not in str(app.query_one(ChoicesBar).render())
