"""A seat that died leaves the choices: 激将 (刘备's Shu helpers), 仁德's targets and every other provider list
living seats only (companion/rules/choices.py; skills.base.owners_from; RULES_NOTES: a dead seat takes no
further part).  The dashboard may still show a choice listed when the play phase began, greyed and "spent" in
its old place (companion/tui/quick.py ``_stable``); the rules core no longer offers it."""

from __future__ import annotations

from engine_support import run, table, to_play, turn_to

from companion.rules.choices import choices


def _seats_named(c) -> set[int]:
    return {c.seat} | set(getattr(c, "options", ()) or ()) if c.seat is not None else set(getattr(c, "options", ()) or ())


def test_jijiang_offers_the_shu_seat_until_it_dies_in_the_lords_play_phase():
    st = table(4, lord=3, generals=["guanyu", "caocao", "liubei", "sunquan"])
    st = to_play(turn_to(st, 3))
    assert any(c.params.get("skill") == "jijiang" and c.seat == 1 for c in choices(st))
    st = run(st, "damage 1 5 from 3", "pass all")
    if st.prompt is not None:
        st = run(st, "reveal rebel")
    assert 1 not in st.alive and st.phase == "play" and st.turn_seat == 3
    chs = choices(st)
    assert not any(c.params.get("skill") == "jijiang" for c in chs)  # the only other Shu seat is dead
    assert all(1 not in _seats_named(c) for c in chs), [c.label("en") for c in chs if 1 in _seats_named(c)]
