"""A question nested in a trick's run is numbered on its own (newcomer trial, issue 16, 3 Dec: after 离间's
决斗 a dying seat's 桃 round showed ``1 Slash · 2 take 1 damage`` struck through before its own answers, which
started at 3, and the role reveal after it showed ``8 loyalist · 9 rebel · 0 renegade`` behind seven greyed
answers of the questions before it — one more and no digit reached them).  The trick's answers keep their
numbers round the table (tests/tui/test_stable_numbers.py); a dying seat's 桃 round and a reveal are other
questions: numbered from 1, nothing greyed."""

from __future__ import annotations

from screen import type_line

from companion.session import Session
from companion.tui.app import CompanionApp

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


def _keys(app) -> list[str]:
    return [c.key for c in app.current_choices()]


async def test_dying_and_reveal_inside_a_trick_number_from_one():
    s = Session.new(None)
    for line in SIX + ["lose 2 3", "1 archery_attack"]:  # seat 2 at 1 HP; 万箭齐发 goes round from seat 2
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        p = app.state.prompt
        assert p is not None and p.kind == "nullify" and p.seat is not None
        take = _keys(app).index("take")
        await type_line(pilot, str(take + 1))  # seat 2 takes the arrow: dying
        p = app.state.prompt
        assert p is not None and p.kind == "dying", p
        keys = _keys(app)
        assert "take" not in keys and "jink" not in keys, keys  # the trick's answers are not this question's
        assert app.spent == frozenset(), (keys, app.spent)
        nobody = [c for c in app.current_choices() if c.line == "pass all"]
        assert nobody, keys
        await type_line(pilot, str(app.current_choices().index(nobody[0]) + 1))
        p = app.state.prompt
        assert p is not None and p.kind == "reveal", p
        lines = [c.line for c in app.current_choices()]
        assert lines == ["reveal loyalist", "reveal rebel", "reveal renegade"], lines
        assert app.spent == frozenset()
        await type_line(pilot, "2")  # a rebel: the trick goes on to seat 3, 'take' on the number it had
        p = app.state.prompt
        assert p is not None and p.kind == "nullify" and "on seat 3" in p.en, p
        assert _keys(app).index("take") == take and take not in app.spent


async def test_reveal_after_lijian_duel_is_numbered_one_two_three():
    """The trial's own case: 貂蝉's 离间 makes 吕布 duel 华佗 (1 HP), who takes the damage and dies."""
    s = Session.new(None)
    for line in ["players 6", "lord 5", "general 1 刘备", "general 2 曹操", "general 3 孙权", "general 4 吕布",
                 "general 5 貂蝉", "general 6 华佗", "start", "next", "next", "next", "lose 6 2", "5 lijian 4 6"]:
        s.submit(line)
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while app.state.prompt is not None and app.state.prompt.kind == "nullify":
            await pilot.press("enter")  # nobody nullifies the 决斗
            await pilot.pause()
        p = app.state.prompt
        assert p is not None and p.kind == "respond" and p.seat == 6, p
        await type_line(pilot, str(_keys(app).index("take") + 1))
        while app.state.prompt is not None and app.state.prompt.kind == "dying":
            assert app.spent == frozenset() and "take" not in _keys(app), _keys(app)
            nobody = [c.line for c in app.current_choices()].index("pass all")
            await type_line(pilot, str(nobody + 1))
        p = app.state.prompt
        assert p is not None and p.kind == "reveal", p
        assert [c.line for c in app.current_choices()] == ["reveal loyalist", "reveal rebel", "reveal renegade"]
        assert app.spent == frozenset()
