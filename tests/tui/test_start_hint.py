"""At a start phase with nothing asked, the question line says what F2 does (newcomer finding, 4 Dec: the line was
empty right after ``start``, and nothing said how the game goes on), in the screen's language; past it, the line
is the question's again."""

from __future__ import annotations

import pytest
from pilot_support import played, press
from screen import screen_text

from companion.tui.app import CompanionApp
from companion.tui.text import label, prompt_text

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]


@pytest.mark.parametrize("lang, said", [("en", "F2: next phase"), ("zh", "F2：下一阶段")])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_start_phase_says_f2(lang, said, size):
    s = played(TABLE)
    assert s.state.phase == "start" and s.state.prompt is None
    assert prompt_text(s.state, lang) == label("hint_next_phase", lang) == said
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert any(r.strip() == said for r in rows[1:5]), rows[:6]  # under the header, where the question goes
        await press(pilot, "f2")
        assert s.state.phase != "start"
        assert said not in screen_text(app)


def test_only_the_start_phase_with_nothing_asked():
    s = played(TABLE + ["next"])
    assert s.state.phase == "judge" and prompt_text(s.state, "en") == ""
    before = played(TABLE[:-1])
    assert prompt_text(before.state, "en") == label("hint_start", "en")  # setup: its own next step, as before
