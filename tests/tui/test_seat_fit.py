"""Seat cards hide nothing (issue 16 §6): ``text.seat_card`` fits the card's cells by choosing the
layout, never by cutting a name — four equipment cards, two delayed tricks, a long player name, at
the widths the dashboard gives 10 seats at 80×24 (17 cells) and up."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from companion.rules.deck import KINDS
from companion.session import Session
from companion.tui.text import _SHORT, general_name, offer_lines, seat_card

TEN = ["players 10", "name 1 Alexandra", "name 2 Bartholomew", "lord 1", "general 1 caocao", "general 2 simayi",
       "general 3 xiahoudun", "general 4 zhangliao", "general 5 xuchu", "general 6 guojia", "general 7 zhenji",
       "general 8 liubei", "general 9 guanyu", "general 10 zhugeliang", "start",
       "equip 1 blade", "equip 1 eight_diagram", "equip 1 dilu", "equip 1 chitu",
       "equip 2 qinggang_sword", "equip 2 nioh_shield", "equip 2 zhuahuangfeidian", "equip 2 dayuan",
       "place 3 indulgence", "place 3 lightning"]


@pytest.fixture(scope="module")
def ten(tmp_path_factory):
    # module scope: the autouse per-test user dirs are not in force yet, so the journal gets its own tmp file
    s = Session.new(tmp_path_factory.mktemp("ten") / "journal.sqlite3")
    for line in TEN:
        s.submit(line)
    return s.state


def _names(kind: str, lang: str) -> tuple[str, ...]:
    k = KINDS[kind]
    short = _SHORT.get(kind)
    return (k.zh if lang == "zh" else k.en,) + ((short[0 if lang == "zh" else 1],) if short else ())


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("width, height", [(17, 5), (22, 5), (30, 5), (26, 9)])
def test_every_seat_fits_with_everything_shown(ten, lang, width, height):
    for seat in ten.seats:
        lines = seat_card(seat, lang, width, height, state=ten, mark="▶" if seat.seat == 1 else "")
        plain = [("".join(t for t, _ in ln)) for ln in lines]
        assert len(plain) <= height, plain
        assert all(cell_len(p) <= width for p in plain), plain
        text = " ".join(plain)
        assert f"{seat.hp}/{seat.max_hp}" in text
        hand = (f"手牌{seat.hand}", f"手{seat.hand}") if lang == "zh" else (f"hand {seat.hand}", f"h{seat.hand}")
        assert any(h in plain_words for plain_words in [text.split()] for h in hand) or hand[0] in text, plain
        assert general_name(seat, lang)[0] in text
        if seat.name:
            assert seat.name in text
        for ref in [r for r in seat.equipment.values() if r] + seat.judgement:
            kind = ref.split("-")[0]
            assert any(n in text for n in _names(kind, lang)) or (
                KINDS[kind].slot in ("plus_horse", "minus_horse")
                and ("+1" if KINDS[kind].slot == "plus_horse" else "-1") in text), (kind, plain)
        assert "…" not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tall_cards_use_full_names_one_equipment_a_line(ten, lang):
    lines = ["".join(t for t, _ in ln) for ln in seat_card(ten.seat(2), lang, 26, 9, state=ten)]
    for kind in ("qinggang_sword", "nioh_shield", "zhuahuangfeidian", "dayuan"):
        full = KINDS[kind].zh if lang == "zh" else KINDS[kind].en
        assert sum(full in ln for ln in lines) == 1, lines


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_offers_show_on_the_seat_card_while_picking(lang):
    s = Session.new(None)
    for line in ["players 10", "lord 1", "deal roles seed=1", "deal generals seed=3"]:
        s.submit(line)
    st = s.state
    offered = st.offers[1]
    assert len(offered) >= 3
    lines = ["".join(t for t, _ in ln) for ln in seat_card(st.seat(1), lang, 17, 5, state=st)]
    text = " ".join(lines)
    from companion.rules.generals import GENERALS

    for gid in offered:
        g = GENERALS[gid]
        assert (g.zh if lang == "zh" else g.en) in text, lines
    assert all(cell_len(ln) <= 17 for ln in lines) and len(lines) <= 5
    s.submit(f"general 1 {offered[0]}")
    assert offer_lines(s.state.seat(1), s.state, lang, 17) == []  # picked: the general is shown instead


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tall_cards_with_room_name_the_skills(ten, lang):
    from companion.rules.generals import GENERALS

    seat = ten.seat(4)  # 张辽: no equipment, room to spare in a 9-line card
    lines = ["".join(t for t, _ in ln) for ln in seat_card(seat, lang, 17, 9, state=ten)]
    for k in GENERALS["zhangliao"].skills:
        assert (k.zh if lang == "zh" else k.en) in " ".join(lines)
    assert all(cell_len(ln) <= 17 for ln in lines) and len(lines) <= 9
    # one line to spare (80×24): the skills in it, no blank line before them (tests/tui/test_seat_80x24.py)
    short = ["".join(t for t, _ in ln) for ln in seat_card(seat, lang, 17, 5, state=ten)]
    assert short[-1] and all((k.zh if lang == "zh" else k.en) in short[-1] for k in GENERALS["zhangliao"].skills)
    short = ["".join(t for t, _ in ln) for ln in seat_card(seat, lang, 17, 2, state=ten)]
    assert not any("技能" in ln or "skills" in ln or "Raid" in ln for ln in short)  # no room: F7 has them
