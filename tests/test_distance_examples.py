"""Distance and attack range: both directions of every modifier (RULES_NOTES: Distance and attack range)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.distance import attack_range, distance, in_range, seat_distance
from companion.rules.state import GameState, Seat


def table(n: int, dead: tuple[int, ...] = ()) -> GameState:
    s = GameState(players=n, seats=[Seat(i) for i in range(1, n + 1)], started=True)
    for d in dead:
        s.seat(d).alive = False
    return s


def ring(n: int, a: int, b: int) -> int:
    d = abs(a - b)
    return min(d, n - d)


def test_plain_table_is_symmetric_shorter_way():
    s = table(6)
    assert distance(s, 1, 4).value == 3
    assert distance(s, 1, 6).value == 1
    assert distance(s, 2, 5).value == distance(s, 5, 2).value == 3


def test_minus_horse_changes_only_its_owners_distance():
    s = table(6)
    s.seat(1).equipment["minus_horse"] = "chitu"
    assert distance(s, 1, 3).value == 1  # 2 - 1
    assert distance(s, 3, 1).value == 2  # unchanged the other way
    assert distance(s, 1, 2).value == 1  # never below 1


def test_plus_horse_changes_only_distance_to_its_owner():
    s = table(6)
    s.seat(4).equipment["plus_horse"] = "dilu"
    assert distance(s, 2, 4).value == 3
    assert distance(s, 4, 2).value == 2
    assert distance(s, 5, 4).value == 2


def test_mashu_adds_to_minus_horse_and_is_lost_in_no_generals():
    s = table(7)
    s.seat(1).general = "machao"
    s.seat(1).equipment["minus_horse"] = "dayuan"
    assert distance(s, 1, 4).value == 1  # 3 - 1 - 1
    assert distance(s, 4, 1).value == 3
    s.variants.add("no_generals")
    assert distance(s, 1, 4).value == 2


def test_dead_seat_shrinks_distances_at_once():
    s = table(5)
    assert distance(s, 2, 4).value == 2
    s.seat(3).alive = False
    assert distance(s, 2, 4).value == 1
    with pytest.raises(ValueError):
        distance(s, 2, 3)


def test_attack_range_weapon_replaces_one_and_reason_has_numbers():
    s = table(6)
    assert attack_range(s, 2).value == 1
    s.seat(2).equipment["weapon"] = "qinggang_sword-spade-6"
    assert attack_range(s, 2).value == 2
    s.seat(5).equipment["plus_horse"] = "jueying"
    check = in_range(s, 2, 5)
    assert not check.ok
    assert check.en.startswith("seat 2 → seat 5: distance 4")
    assert "> attack range 2 (Qinggang Sword)" in check.en
    assert "攻击范围2" in check.zh


@given(
    n=st.integers(2, 10),
    data=st.data(),
)
def test_random_tables_distance_properties(n, data):
    dead = data.draw(st.sets(st.integers(1, n), max_size=max(0, n - 2)))
    s = table(n, tuple(dead))
    alive = s.alive
    minus = data.draw(st.sets(st.sampled_from(alive)))
    plus = data.draw(st.sets(st.sampled_from(alive)))
    for m in minus:
        s.seat(m).equipment["minus_horse"] = "chitu"
    for p in plus:
        s.seat(p).equipment["plus_horse"] = "dilu"
    for a in alive:
        for b in alive:
            if a == b:
                continue
            base = seat_distance(s, a, b)
            i, j = alive.index(a), alive.index(b)
            assert base == ring(len(alive), i, j)
            assert base == seat_distance(s, b, a)
            expected = max(1, base - (a in minus) + (b in plus))
            d = distance(s, a, b)
            assert d.value == expected
            assert d.value >= 1
            assert in_range(s, a, b).ok == (d.value <= 1)


def test_crossbow_range_one_is_named_in_the_reason():
    s = table(6)
    s.seat(1).equipment["weapon"] = "crossbow"
    check = in_range(s, 1, 3)
    assert not check.ok and check.en.endswith("attack range 1 (Crossbow)")
