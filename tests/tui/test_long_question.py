"""Nothing the table needs is cut (issue 16 §6, newcomer trial 2 Dec): at 80×24 the question after a 武圣 杀
on 大乔 (its 流离 hint) took three lines and the banner drew two; a long refusal took three message lines
and the message drew two.  Played by the real rules core, in zh and en."""

from __future__ import annotations

import pytest
from screen import screen_text

from companion.tui.app import CompanionApp
from companion.tui.text import prompt_text


def _squashed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_whole_question_is_on_the_screen(lang, size, liuli_session):
    s = liuli_session  # 关羽's 武圣 杀 on 大乔: she is asked for 闪, with 流离's hint
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        question = prompt_text(s.state, lang)
        assert "liuli" in question
        assert _squashed(question) in _squashed(screen_text(app)), screen_text(app)


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_a_long_message_is_drawn_whole(lang, liuli_session):
    app = CompanionApp(liuli_session, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        long = " ".join(["refused: the rule says this and that, with its numbers"] * 4) + " END"
        app.say(long, error=True)
        await pilot.pause()
        await pilot.pause()
        assert _squashed(long) in _squashed(screen_text(app)), screen_text(app)
