"""A seat wearing 仁王盾 is a 杀 choice of its own (issue 16 item 1; cards.toml 仁王盾 "黑色的杀对你无效"): picked, it
fills the command bar with ``1 slash:▏ 2`` and waits for the face, which decides (the engine refuses a 杀 there
without one: ``slash.colour``); the seat's digit or a click on it, typed into the 杀's target, takes that choice.
Real Session, 80×24."""

from __future__ import annotations

from pilot_support import played
from pilot_support import press as _keys

from companion.tui.app import CommandBar, CompanionApp

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start",
         "equip 2 仁王盾"]


def _session():
    return played(TABLE)


def _number(app, **params) -> str:
    for i, c in enumerate(app.current_choices()):
        if all(c.params.get(k) == v for k, v in params.items()):
            return str(i + 1)
    raise AssertionError(f"no choice {params} in {app.choices_text!r}")


async def _play(pilot, app, s):
    await _keys(pilot, "f2")  # seat 1: judge and draw pass by themselves
    assert (s.state.turn_seat, s.state.phase) == (1, "play")


async def test_the_shield_seat_is_listed_and_waits_for_the_face():
    s = _session()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _play(pilot, app, s)
        c = next(c for c in app.current_choices(full=True) if c.params.get("shield") == 2)
        assert "seat 2" in c.label("en") and "Nioh Shield" in c.label("en") and "black" in c.label("en")
        await _keys(pilot, _number(app, shield=2), "enter")
        bar = app.query_one(CommandBar)
        assert bar.value == "1 slash: 2" and bar.cursor_position == len("1 slash:")
        assert "face" in app.message
        await _keys(pilot, "6", "d", "enter")  # ♦6: red, the 杀 takes effect
        assert s.state.prompt is not None and s.state.prompt.kind == "respond" and s.state.prompt.seat == 2


async def test_the_digit_of_the_shield_seat_at_the_slash_target_takes_its_choice():
    s = _session()
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _play(pilot, app, s)
        await _keys(pilot, _number(app, card="slash", shield=None), "enter")
        bar = app.query_one(CommandBar)
        assert bar.value == "1 杀 "
        await _keys(pilot, "2")  # seat 2 wears 仁王盾: not said to be no target, its own choice is taken
        assert bar.value == "1 杀: 2" and bar.cursor_position == len("1 杀:")
        n = len(s.log)
        await _keys(pilot, "7", "s", "enter")  # ♠7: black, no effect (cards.toml 仁王盾)
        assert len(s.log) > n and s.state.prompt is None
        assert s.state.seat(2).hp == s.state.seat(2).max_hp


async def test_a_click_on_the_shield_seat_takes_its_choice():
    s = _session()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _play(pilot, app, s)
        await _keys(pilot, _number(app, card="slash", shield=None), "enter")
        await pilot.click("#seat-2")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        assert bar.value == "1 slash: 2" and bar.cursor_position == len("1 slash:")
