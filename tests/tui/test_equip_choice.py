"""Equipping a card is a numbered choice in the play phase (newcomer trial, 2 Dec: it was the 14th choice, past
the 9 that have a number; Tab completion alone found it).  Played by the real rules core."""

from __future__ import annotations

import pytest
from screen import screen_text, until

from companion.rules.deck import CardType, card_kind
from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

PLAY = ["players 6", "lord 1", "general 1 caocao", "general 2 simayi", "general 3 xiahoudun", "general 4 zhangliao",
        "general 5 xuchu", "general 6 guojia", "start", "next", "next", "next", "lose 1 1"]
"""Seat 1 (hurt: 桃 is listed too) in its play phase with a hand: every trick is listed."""


@pytest.mark.parametrize("lang, hint", [("en", "type the equipment card"), ("zh", "请输入要装备的牌")])
async def test_equipment_has_a_number_and_equips(lang, hint):
    s = Session.new(None)
    for line in PLAY:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chs = app.current_choices()
        i = next((i for i, c in enumerate(chs) if c.verb == "use" and c.needs == "card"), None)
        assert i is not None and i < 9, [c.line for c in chs]
        assert f"{i + 1} {chs[i].label(lang)}" in app.choices_text
        await pilot.press(str(i + 1), "enter")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        assert bar.value == "1 " and hint in app.message, app.message
        first = app.completions("1 ")[0]  # the bar's completion names an equipment card first
        assert card_kind(first.split()[1]).type == CardType.EQUIP, first
        await pilot.press(*"cross")
        assert await until(pilot, lambda: "› 1 crossbow" in screen_text(app))  # the ghost completion
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert s.state.seat(1).equipment["weapon"] is not None
        assert list(s.log[-1].lines) == ["1 crossbow"]


async def test_the_tenth_choice_is_zero():
    """Equipment before the tricks pushes 万箭齐发 to the 10th place at this table: ``0`` picks it (one digit, as the
    keyboard's number row), so a 万箭齐发 still takes two keys."""
    s = Session.new(None)
    for line in PLAY:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        chs = app.current_choices()
        assert len(chs) == 10 and chs[9].params.get("card") == "archery_attack", [c.line for c in chs]
        assert "0 Archery Attack" in app.choices_text
        await pilot.press("0", "enter")
        await pilot.pause()
        assert list(s.log[-1].lines) == ["1 archery_attack"]  # the English screen's command words (issue 16)


def _play_session() -> Session:
    s = Session.new(None)
    for line in PLAY:
        s.submit(line)
    return s


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_equipment_hint_names_the_cards(lang):
    """Newcomer trial (issue 16, item 2): the 装备… choice's hint names the cards it takes (``params["cards"]``),
    in the screen's words (zh: 青釭剑; en: its command word qinggang_sword)."""
    from companion.rules.deck import KINDS

    s = _play_session()
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chs = app.current_choices()
        i = next(i for i, c in enumerate(chs) if c.verb == "use" and c.needs == "card")
        cards = chs[i].params["cards"]
        await pilot.press(str(i + 1), "enter")
        await pilot.pause()
        said = app.message
        assert "qinggang_sword" in cards
        for k in cards:
            assert (KINDS[k].zh if lang == "zh" else k) in said, (k, said)


async def test_a_unique_beginning_names_the_equipment_card():
    """``1 qingg`` in the equipment choice is 青釭剑 (the only equipment card whose name begins so); the journal
    holds the whole name."""
    s = _play_session()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        chs = app.current_choices()
        i = next(i for i, c in enumerate(chs) if c.verb == "use" and c.needs == "card")
        await pilot.press(str(i + 1), "enter", *"qingg", "enter")
        await pilot.pause()
        assert s.state.seat(1).equipment["weapon"] is not None, app.message
        assert list(s.log[-1].lines) == ["1 qinggang_sword"]
        bar = app.query_one(CommandBar)
        assert bar.value == ""
        await pilot.press(*"1 ba", "enter")  # typed without the choice: the seat's equipment choice still reads it
        await pilot.pause()
        assert s.state.seat(1).equipment["armor"] is not None, app.message
        assert list(s.log[-1].lines) == ["1 eight_diagram"]


@pytest.mark.parametrize("lang, word, names", [("en", "qing", ("qinggang_sword", "blade")),
                                               ("zh", "青", ("青釭剑", "青龙偃月刀"))])
async def test_an_ambiguous_beginning_is_refused_with_the_candidates(lang, word, names):
    s = _play_session()
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        n = len(s.log)
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press("1", "space", *word, "enter")
        await pilot.pause()
        assert len(s.log) == n and s.state.seat(1).equipment["weapon"] is None
        assert bar.value == "1 " + word  # kept to correct
        for name in names:
            assert name in app.message, app.message
        assert "✗" in app.message
