"""A word that already names a card gets no ghost naming a longer card (newcomer finding, 4 Dec: ``1 桃`` showed the
ghost ``园结义``, and Tab or → made it 桃园结义); a beginning still completes, and a longer name of the same card
(``qinggang`` → ``qinggang_sword``) is still offered."""

from __future__ import annotations

import pytest
from screen import screen_text

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


def _app(lang: str) -> CompanionApp:
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    return CompanionApp(s, lang=lang)


def test_a_complete_card_word_is_not_completed_into_another_card():
    app = _app("zh")
    assert app.completions("1 桃") == []
    assert app.completions("1 桃园") == ["1 桃园结义"]
    assert app.completions("1 闪") == [] and app.completions("1 sha") == []  # 闪 / sha: no 闪电 / shan, shandian
    assert "1 qinggang_sword" in app.completions("1 qinggang")  # the same card, its id
    assert "1 peach" in app.completions("1 pe")  # a beginning completes as before


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_no_ghost_behind_a_complete_peach(lang):
    app = _app(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press("1", "space", "桃")
        for _ in range(20):  # the suggester runs in a worker: what it would draw has had its turns
            await pilot.pause()
        shown = screen_text(app)
        bar_line = next(ln for ln in shown.splitlines() if ln.lstrip().startswith("› 1 桃"))
        assert "园" not in bar_line, shown
        await pilot.press("tab")
        await pilot.pause()
        assert bar.value == "1 桃"  # Tab completes nothing
