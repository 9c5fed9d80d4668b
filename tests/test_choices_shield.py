"""仁王盾 in ``choices`` (issue 16 item 1; cards.toml 仁王盾 "黑色的杀对你无效", QS RenwangShield): a seat wearing it is
a 杀 choice of its own that waits for the face, in the play phase and where a 杀 is asked for against it (借刀杀人's
victim, 青龙偃月刀's 杀 again); 青釭剑 ignores it; every completion with a 杀 of the deck is accepted and a black one
has no effect, as the engine resolves it."""

from __future__ import annotations

import pytest
from engine_support import run, table, to_play

from companion.rules.choices import COLOUR_ARMOUR, Choice, choices, covers
from companion.rules.deck import KINDS, Slot
from companion.script import execute, parse

RED, BLACK = "♦6", "♠7"  # a red and a black 杀 of the standard deck (RULES_NOTES: Deck)


def _shielded(st) -> list[Choice]:
    return [c for c in choices(st) if c.params.get("shield") is not None]


def _face_decides(st, c: Choice, t: int) -> None:
    """``c`` completed with a red 杀 asks seat ``t`` for 闪; with a black one it has no effect (no question, no damage)."""
    assert c.needs == "face" and not c.complete
    red = execute(st, c.before + RED + c.after).state
    assert red.prompt is not None and red.prompt.seat == t and red.prompt.kind == "respond"
    black = execute(st, c.before + BLACK + c.after)
    assert black.state.prompt is None or black.state.prompt.seat != t
    assert black.state.seat(t).hp == st.seat(t).hp and any("Nioh Shield" in e.en for e in black.events)


def test_the_play_phase_lists_the_shield_seat_with_its_face_to_type():
    st = run(to_play(table(6)), "equip 2 仁王盾")
    (c,) = _shielded(st)
    assert c.params["shield"] == 2 and c.seat == 1 and (c.before, c.after) == ("1 杀:", " 2")
    assert "Nioh Shield" in c.en and "仁王盾" in c.zh and "seat 2" in c.en and "2号位" in c.zh
    slash = next(c for c in choices(st) if c.params.get("card") == "slash" and c.needs == "target")
    assert 2 not in slash.options  # '1 杀 2' without a face is refused there (slash.colour)
    _face_decides(st, c, 2)


def test_qinggang_sword_ignores_it_and_the_seat_is_an_ordinary_target():
    st = run(to_play(table(6)), "equip 2 仁王盾", "equip 1 青釭剑")
    assert not _shielded(st)
    slash = next(c for c in choices(st) if c.params.get("card") == "slash" and c.needs == "target")
    assert 2 in slash.options
    assert execute(st, "1 杀 2").state.prompt.kind == "respond"


def test_collateral_victim_wearing_it_is_asked_for_a_face():
    st = run(to_play(table(6)), "equip 2 仁王盾", "equip 3 诸葛连弩", "1 借刀杀人 3 2", "pass all")
    assert st.prompt.kind == "collateral"
    (c,) = _shielded(st)
    assert (c.before, c.after, c.seat) == ("3 杀:", "", 3)
    _face_decides(st, c, 2)
    assert covers(choices(st), parse("3 杀"), st)  # typed without a face: still accepted and covered


def test_collateral_with_qinggang_sword_is_complete():
    st = run(to_play(table(6)), "equip 2 仁王盾", "equip 3 青釭剑", "1 借刀杀人 3 2", "pass all")
    assert not _shielded(st) and "3 杀" in [c.line for c in choices(st)]


def test_blade_again_at_it_asks_for_a_face():
    st = run(to_play(table(6)), "equip 2 仁王盾", "equip 1 青龙偃月刀", f"1 杀:{RED} 2", "2 闪")
    assert st.prompt.kind == "weapon.blade"
    (c,) = _shielded(st)
    assert (c.before, c.seat) == ("1 杀:", 1) and "again" in c.en
    _face_decides(st, c, 2)


@pytest.mark.parametrize("kind", sorted(k for k, v in KINDS.items() if v.slot is Slot.ARMOR))
def test_the_armour_filtering_by_colour_is_the_one_the_engine_filters_by(kind):
    """Each armour of the deck: a black 杀 at its wearer has no effect exactly when it is in ``COLOUR_ARMOUR``."""
    st = run(to_play(table(6)), f"equip 2 {kind}")
    after = execute(st, f"1 杀:{BLACK} 2").state
    no_effect = after.prompt is None and after.seat(2).hp == st.seat(2).hp
    assert no_effect == (kind in COLOUR_ARMOUR)
