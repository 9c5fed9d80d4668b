"""A skill's choice that needs its words (仁德 T N, 反间 T SUIT FACE, 制衡 N, 离间 A B) says which are still
missing, in zh and en, and moves on as they are typed (newcomer trial, 2 Dec: "complete the command, then
Enter" said nothing of 仁德's count or 反间's suit and face).  Played by the real rules core."""

from __future__ import annotations

import pytest

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

TABLE = ["players 4", "lord 1", "general 1 liubei", "general 2 zhouyu", "general 3 diaochan", "general 4 sunquan",
         "start", "next", "next", "next"]


def _at(s: Session, seat: int) -> None:
    for line in TABLE:
        s.submit(line)
    while s.state.turn_seat != seat or s.state.phase != "play" or s.state.prompt is not None:
        p = s.state.prompt
        if p is None:
            s.submit("end" if s.state.phase == "play" else "next")
        elif p.kind == "discard":  # the discard owed
            s.submit(f"discard {s.state.seat(p.seat).hand - s.state.seat(p.seat).hp}")
        else:  # a skill's question (闭月): declined
            s.submit("no")


async def _hint(seat: int, skill: str, lang: str, typed: list[str]) -> list[str]:
    s = Session.new(None)
    _at(s, seat)
    app = CompanionApp(s, lang=lang)
    out = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        i = next(i for i, c in enumerate(app.current_choices()) if c.params.get("skill") == skill)
        await pilot.press(str(i + 1), "enter")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        assert bar.value == f"{seat} {skill} "
        out.append(app.message)
        for word in typed:
            await pilot.press(*word)
            await pilot.pause()
            out.append(app.message)
    return out


@pytest.mark.parametrize("lang, want", [
    ("en", ["Benevolence: still needed — the seat given to, the number of hand cards given (e.g. 1 rende 2 2), then Enter",
            "Benevolence: still needed — the number of hand cards given (e.g. 1 rende 2 2), then Enter",
            "Benevolence: complete — press Enter"]),
    ("zh", ["仁德：还需交给的座位、给出的手牌张数（例：1 rende 2 2），然后 Enter",
            "仁德：还需给出的手牌张数（例：1 rende 2 2），然后 Enter",
            "仁德：已完整，按 Enter"]),
])
async def test_rende_says_the_seat_then_the_count(lang, want):
    assert await _hint(1, "rende", lang, ["2 ", "1"]) == want


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_fanjian_says_the_suit_and_the_face(lang):
    first, after_seat, after_suit, done = await _hint(2, "fanjian", lang, ["3 ", "heart ", "♠5"])
    if lang == "en":
        assert "the suit it names" in first and "the face of your card it takes" in first, first
        assert "the target seat" not in after_seat and "the suit it names" in after_seat, after_seat
        assert "the suit" not in after_suit and "the face of your card" in after_suit, after_suit
    else:
        assert "花色" in first and "牌面" in first and "目标座位" in first, first
        assert "目标座位" not in after_seat and "花色" in after_seat, after_seat
        assert "花色" not in after_suit and "牌面" in after_suit, after_suit
    assert ("complete" in done) if lang == "en" else ("已完整" in done)


async def test_an_optional_word_left_says_enter_applies_it():
    first, after = await _hint(4, "zhiheng", "en", ["2"])
    assert "the number of cards discarded" in first
    assert after.startswith("Balance of Power: Enter applies it; you may add the equipment slots"), after
