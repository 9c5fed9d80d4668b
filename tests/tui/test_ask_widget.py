"""The question and the choices are one widget (``#ask``, issue 15, key-to-paint): once the game has started it
keeps ``app.ASK_LINES`` lines while a question and choices come and go within them, and a key that brings or
clears them lays nothing out (Textual lays the whole screen out whenever a widget is shown, hidden or resized:
it did on 19 of 40 keys of the bench's game).  Played by the real rules core, `next` and the asked discard
(as ``bench/paint.py keys`` types them)."""

from __future__ import annotations

import pytest
from pilot_support import played
from screen import screen_text

from companion.tui.app import ASK_LINES, CommandBar, CompanionApp
from companion.tui.text import prompt_text
from companion.tui.widgets.choices import ChoicesBar

SETUP = ["players 4", "lord 1", "general 1 孙权", "general 2 甘宁", "general 3 黄盖", "general 4 吕布", "start"]


def next_line(state) -> str:
    p = state.prompt
    if p is not None and p.kind == "discard":
        return f"discard {state.seat(p.seat).hand - p.data['limit']}"
    return "next"


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_ask_widget_keeps_its_lines_and_nothing_is_laid_out_as_questions_come_and_go(lang):
    s = played(SETUP)
    app = CompanionApp(s, lang=lang)
    app.step_every_phase = True  # one phase a key: the question and the choices change on most keys
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        layouts = [0]
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, lambda _s: layouts.__setitem__(0, layouts[0] + 1))
        ask, bar = app.query_one(ChoicesBar), app.query_one(CommandBar)
        seen, laid_out = set(), []
        for key in range(30):
            bar.value = next_line(s.state)
            await pilot.pause()
            before, tip = layouts[0], s.tip
            await pilot.press("enter")
            await pilot.pause()
            assert s.tip == tip + 1, app.message
            if key:  # the first key also clears the message the dashboard opened with (a layout of its own)
                laid_out.append(layouts[0] - before)
            seen.add((ask.question_lines, ask.lines))
            assert ask.region.height == ASK_LINES and app.query_one("#body").region.y == 1 + ASK_LINES
            rows = [" ".join(r.split()) for r in screen_text(app).splitlines()]
            first = " ".join(app.choices_text.split(" · ")[0].split())  # "1 杀…" / "1 next"
            if ask.question_lines:  # the question on the zone's first line, the choices under it
                assert " ".join(prompt_text(s.state, lang).split()) in rows[1] and first in rows[2], rows[:4]
            elif ask.lines:
                assert first in rows[1], rows[:4]
        assert {(0, 0), (1, 1)} <= seen and any(c == 2 for _q, c in seen), seen  # they did come and go
        assert laid_out == [0] * len(laid_out), laid_out


async def test_a_question_taller_than_the_kept_lines_grows_the_widget_and_it_gives_them_back(liuli_session):
    app = CompanionApp(liuli_session, lang="en")  # 大乔 asked for 闪 with 流离's hint: 3 lines at 80 columns
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ask = app.query_one(ChoicesBar)
        assert ask.question_lines == 3 and ask.region.height == 3 + ask.lines
        app.query_one(CommandBar).value = "take"
        await pilot.press("enter")
        await pilot.pause()
        assert ask.question_lines == 0 and ask.region.height == max(ASK_LINES, ask.lines)
        assert app.query_one("#body").region.y == 1 + ask.region.height
