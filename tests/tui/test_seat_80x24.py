"""Seat cards at 80×24 (newcomer finding, 4 Dec): 闪电 was written "Light" (read as light mode) and the cards hid
the skills although a line was free.  Now Lightning is never "Light", a delayed trick's full name is used wherever
it fits, and a card names its general's skills in a line it has to spare (or in its "—" no-equipment line)."""

from __future__ import annotations

import re

import pytest
from pilot_support import played
from screen import screen_text

from companion.rules.generals import GENERALS
from companion.tui.app import CompanionApp
from companion.tui.text import seat_card

GENS = ["caocao", "guanyu", "zhangfei", "zhaoyun", "simayi", "xiahoudun", "zhangliao", "xuchu", "guojia", "zhenji"]


def _table(n: int, *extra: str) -> list[str]:
    return [f"players {n}", "lord 1", *(f"general {i + 1} {GENS[i]}" for i in range(n)), "start", *extra]


TRICKS = ("place 2 lightning", "place 3 indulgence", "equip 2 qinggang_sword", "equip 2 eight_diagram")


async def _screen(lines: list[str], lang: str) -> str:
    app = CompanionApp(played(lines), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return screen_text(app)


@pytest.mark.parametrize("n", [4, 5, 7, 10])
async def test_lightning_is_never_light(n):
    shown = await _screen(_table(n, *TRICKS), "en")
    assert "Lightning" in shown and not re.search(r"\bLight\b", shown), shown
    if n <= 7:  # room for the full names of both delayed tricks
        assert "Indulgence" in shown and "Indul " not in shown, shown


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("n", [4, 6])
async def test_every_card_names_its_skills_at_80x24(lang, n):
    shown = await _screen(_table(n), lang)
    flat = " ".join(shown.split())
    for gid in GENS[:n]:
        for k in GENERALS[gid].skills:
            assert (k.zh if lang == "zh" else k.en) in flat, (gid, k.en, shown)


async def test_ten_seats_in_chinese_name_every_skill():
    shown = await _screen(_table(10), "zh")
    for gid in GENS:
        assert all(k.zh in shown for k in GENERALS[gid].skills), (gid, shown)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_skills_fit_the_card_and_cut_no_name(lang):
    from rich.cells import cell_len

    st = played(_table(10, *TRICKS)).state
    for width in (17, 19, 25, 38):
        for height in (4, 5):
            for seat in st.seats:
                lines = ["".join(t for t, _ in ln) for ln in seat_card(seat, lang, width, height, state=st)]
                assert len(lines) <= height and all(cell_len(ln) <= width for ln in lines), lines
                assert "…" not in " ".join(lines)
