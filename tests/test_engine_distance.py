"""Distance properties over random tables (hypothesis) and both directions of each modifier."""

from __future__ import annotations

import subprocess
import sys

from engine_support import run, table
from hypothesis import given, settings
from hypothesis import strategies as hs

from companion.rules.distance import attack_range, distance, in_range, seat_distance
from companion.rules.state import GameState, Seat

WEAPONS = [None, "crossbow", "qinggang_sword", "blade", "halberd", "kylin_bow"]


@hs.composite
def tables(draw, horses=True):
    n = draw(hs.integers(2, 10))
    dead = draw(hs.sets(hs.integers(1, n), max_size=n - 2))
    st = GameState(players=n, seats=[Seat(i) for i in range(1, n + 1)], started=True)
    for i in dead:
        st.seat(i).alive = False
    for s in st.seats:
        s.equipment["weapon"] = draw(hs.sampled_from(WEAPONS))
        if horses:
            s.equipment["minus_horse"] = draw(hs.sampled_from([None, "chitu"]))
            s.equipment["plus_horse"] = draw(hs.sampled_from([None, "dilu"]))
    return st


def _walk(alive, a, b):
    """Independent oracle: step clockwise and counter-clockwise over living seats."""
    i, j = alive.index(a), alive.index(b)
    return min((j - i) % len(alive), (i - j) % len(alive))


@settings(max_examples=150, deadline=None)
@given(tables(horses=False))
def test_symmetric_without_horses_and_matches_walk(st):
    alive = st.alive
    for a in alive:
        for b in alive:
            if a != b:
                d = distance(st, a, b).value
                assert d == distance(st, b, a).value == _walk(alive, a, b)
                assert 1 <= d <= len(alive) // 2


@settings(max_examples=150, deadline=None)
@given(tables(horses=False), hs.data())
def test_triangle(st, data):
    alive = st.alive
    if len(alive) < 3:
        return
    a, b, c = data.draw(hs.permutations(alive))[:3]
    assert seat_distance(st, a, c) <= seat_distance(st, a, b) + seat_distance(st, b, c)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_horses_directional_and_never_below_one(st):
    alive = st.alive
    for a in alive:
        for b in alive:
            if a == b:
                continue
            base = seat_distance(st, a, b)
            exp = base - (st.seat(a).equipment["minus_horse"] is not None) + (st.seat(b).equipment["plus_horse"] is not None)
            d = distance(st, a, b)
            assert d.value == max(1, exp) >= 1
            r = attack_range(st, a).value
            assert in_range(st, a, b).ok == (d.value <= r)


def test_each_modifier_both_directions():
    st = table(6, variants=["no_generals"])
    st = run(st, "equip 1 chitu", "equip 4 jueying")
    assert distance(st, 1, 3).value == 1 and distance(st, 3, 1).value == 2       # -1 horse: only its owner
    assert distance(st, 2, 4).value == 3 and distance(st, 4, 2).value == 2       # +1 horse: only towards its owner
    assert distance(st, 1, 4).value == 3 and distance(st, 4, 1).value == 3       # both horses cancel one way only
    st = table(6, generals=["machao", "guanyu", "zhaoyun", "lvmeng", "ganning", "huatuo"])
    assert distance(st, 1, 3).value == 1 and distance(st, 3, 1).value == 2       # 马术
    st = run(st, "equip 1 dayuan")
    assert distance(st, 1, 4).value == 1 and distance(st, 4, 1).value == 3


def test_rules_core_imports_neither_textual_nor_cv2():
    code = ("import sys, companion.rules.engine, companion.rules.outcome, companion.rules.setup, "
            "companion.rules.judgement, companion.script; "
            "bad = [m for m in ('textual', 'cv2', 'companion.tui', 'recognition') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_distance_floor_is_worded_as_the_minimum():
    # RULES_NOTES: Distance and attack range — the final distance is never below 1.
    from companion.rules.distance import distance, in_range
    st = run(table(4), "equip 1 赤兔")
    d = distance(st, 1, 2)
    assert d.value == 1
    assert d.explain().startswith("1 - 1 (") and d.explain().endswith("→ 1 (distance is at least 1)")
    assert "= 1" not in d.explain() and d.explain("zh").endswith("→ 1（距离最少为1）")
    assert "distance is at least 1" in in_range(st, 1, 2).en and "距离最少为1" in in_range(st, 1, 2).zh
    assert distance(st, 1, 3).explain().endswith("= 1")        # 2 - 1 = 1: no floor involved
