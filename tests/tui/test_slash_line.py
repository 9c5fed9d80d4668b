"""The 杀's log line says what was typed about the card (newcomer trial, issue 16, item 12): its face
(``1 杀:♠7 2``), and in Chinese too what lifts the one-杀 limit and the colour of two cards as one (the zh line
used to drop them).  Real Session, the dashboard's log."""

from __future__ import annotations

import pytest

from companion.session import Session
from companion.tui.app import CompanionApp

TABLE = ["players 4", "lord 1", "general 1 zhangfei", "general 2 zhaoyun", "general 3 xiahoudun",
         "general 4 zhangliao", "start", "next", "next", "next"]
"""Seat 1, 张飞 (咆哮: any number of 杀), in its play phase; seat 2 in range."""

WORDS = {"zh": ("（♠7）", "（咆哮）", "（♥3+♦5：红色）"), "en": (" (♠7)", " (Roar)", " (♥3+♦5: red)")}


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_the_slash_line_names_the_typed_face(lang):
    s = Session.new(None)
    for line in [*TABLE, "1 杀:♠7 2", "take", "1 杀 2", "take", "equip 1 spear", "1 杀:h3+d5 2 via spear", "take"]:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        slash = [ln for ln in app.log_text().splitlines() if ("使用杀" if lang == "zh" else "uses Slash") in ln]
        assert len(slash) == 3, slash
        face, lift, colour = WORDS[lang]
        assert face in slash[0] and "♠" not in slash[1], slash
        assert lift in slash[1] and lift in slash[2], slash
        assert colour in slash[2], slash
        if lang == "zh":
            assert not any(w in " ".join(slash) for w in ("Roar", "red")), slash
