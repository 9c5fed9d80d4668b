"""A partial choice's hint says what really happens (newcomer trial, 2 Dec: "type the seat … then Enter"
was shown though one digit submits at once): a seat's digit that no other legal seat starts with applies
at once; the others (10, and 1 when 10 is legal) wait for Enter."""

from __future__ import annotations

from companion.session import Session
from companion.tui.app import CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]
TEN = ["players 10", "lord 1"] + [f"general {i} {g}" for i, g in enumerate(
    "caocao simayi xiahoudun zhangliao xuchu guojia zhenji liubei guanyu zhugeliang".split(), 1)] + [
    "start", "next", "next", "next"]


async def _hint(lines, lang):
    s = Session.new(None)
    for line in lines:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.action_choose(0)  # 杀 …
        await pilot.pause()
        hint = app.message
        entries = len(s.log)
        await pilot.press("2")
        await pilot.pause()
        return hint, len(s.log) - entries


async def test_one_digit_applies_at_once_and_the_hint_says_so():
    for lang in ("en", "zh"):
        hint, applied = await _hint(SIX, lang)
        assert applied == 1  # the digit submitted the 杀
        assert "Enter" not in hint and ("at once" in hint or "立即生效" in hint), hint
        assert "2 6" in hint


async def test_a_seat_another_starts_like_waits_for_enter_and_the_hint_names_it():
    hint, applied = await _hint(TEN, "en")  # seat 1's 杀: seats 2 and 10
    assert applied == 1
    assert "2 10" in hint and "at once" in hint and "10 then Enter" in hint, hint
