"""Setup: role tables, max HP, general offers, setup verbs."""

from __future__ import annotations

import random

import pytest
from engine_support import refused, run, table

from companion.rules.generals import GENERALS, LORD_CANDIDATES
from companion.rules.setup import ROLE_TABLES, deal_roles, max_hp, offer_generals, role_table
from companion.rules.state import GameState


@pytest.mark.parametrize("n,counts", [
    (2, (1, 0, 0, 1)), (3, (1, 0, 1, 1)), (4, (1, 1, 1, 1)), (5, (1, 1, 2, 1)), (6, (1, 1, 3, 1)),
    (7, (1, 2, 3, 1)), (8, (1, 2, 4, 1)), (9, (1, 3, 4, 1)), (10, (1, 3, 4, 2)),
])
def test_role_tables(n, counts):
    t = role_table(n)
    assert (t["lord"], t["loyalist"], t["rebel"], t["renegade"]) == counts
    assert sum(t.values()) == n


def test_role_variants():
    assert role_table(8, {"roles_8_two_renegades"}) == {"lord": 1, "loyalist": 2, "rebel": 3, "renegade": 2}
    assert role_table(10, {"roles_10_1351"})["rebel"] == 5
    # a variant for another player count changes nothing
    assert role_table(6, {"roles_8_two_renegades"}) == ROLE_TABLES[6]
    with pytest.raises(ValueError):
        role_table(11)


def test_max_hp():
    assert max_hp("caocao", True, 5) == 5
    assert max_hp("caocao", True, 4) == 4
    assert max_hp("caocao", True, 4, {"lord_hp_always"}) == 5
    assert max_hp("huatuo", False, 8) == 3
    assert max_hp("huatuo", False, 8, {"no_generals"}) == 4
    assert max_hp("liubei", True, 8, {"no_generals"}) == 5


def test_offers_follow_the_rulebook():
    rng = random.Random(1)
    lord = offer_generals(8, 3, rng)
    assert list(lord) == [3] and lord[3][:3] == list(LORD_CANDIDATES) and len(set(lord[3])) == 5
    rest = offer_generals(8, 3, rng, lord_general="liubei")
    assert sorted(rest) == [1, 2, 4, 5, 6, 7, 8]
    flat = [g for v in rest.values() for g in v]
    assert all(len(v) == 3 for v in rest.values()) and len(set(flat)) == len(flat) and "liubei" not in flat
    ten = offer_generals(10, 1, random.Random(2), lord_general="caocao")
    assert all(len(v) == 2 for v in ten.values())
    nine = offer_generals(9, 1, random.Random(2), lord_general="caocao")
    assert len({g for v in nine.values() for g in v}) == len(GENERALS) - 1


def test_deal_roles_uses_the_table():
    roles = deal_roles(7, 2, random.Random(5))
    assert 2 not in roles and len(roles) == 6
    assert sorted(roles.values()) == sorted(["loyalist"] * 2 + ["rebel"] * 3 + ["renegade"])


def test_start_sets_hp_hand_turn():
    st = table(5, lord=3, generals=["huatuo", "guanyu", "liubei", "zhaoyun", "daqiao"])
    lord = st.seat(3)
    assert (lord.max_hp, lord.hp) == (GENERALS["liubei"].max_hp + 1,) * 2
    assert st.seat(1).max_hp == 3 and all(s.hand == 4 for s in st.seats)
    assert (st.turn_seat, st.phase, st.round) == (3, "start", 1)


def test_four_players_no_lord_bonus():
    st = table(4)
    assert st.seat(1).max_hp == GENERALS["caocao"].max_hp


def test_start_requirements():
    st = run(GameState(), "players 4")
    assert refused(st, "start").rule == "setup.lord"
    st = run(st, "lord 2", "general 1 caocao")
    r = refused(st, "start")
    assert r.rule == "setup.generals" and "2, 3, 4" in r.en
    st = run(st, "variant no_generals", "start")
    assert all(s.max_hp == 4 for s in st.seats)  # no_generals; 4 players: no lord bonus
    assert st.seat(2).role == "lord"


def test_players_range():
    assert refused(GameState(), "players 11").rule == "setup.players"
    assert refused(GameState(), "force players 1").rule == "setup.players"


def test_swap_and_rename():
    st = run(GameState(), "players 3", "name 1 Ann", "name 2 Bob", "general 2 guanyu", "swap 1 2")
    assert [s.name for s in st.seats] == ["Bob", "Ann", ""] and st.seat(1).general == "guanyu"
    assert [s.seat for s in st.seats] == [1, 2, 3]
    st = run(st, "lord 1", "general 2 caocao", "general 3 zhangfei", "start", "name 3 Cid")
    assert st.seat(3).name == "Cid"
    assert refused(st, "swap 1 2").rule == "setup.started"


def test_general_names_zh_en_pinyin_and_offer():
    st = run(GameState(), "players 3", "general 1 关羽", "general 2 Zhang Fei", "general 3 zhaoyun")
    assert [s.general for s in st.seats] == ["guanyu", "zhangfei", "zhaoyun"]
    st = run(st, "offer 1 caocao liubei sunquan guanyu lvbu")
    assert refused(st, "general 1 huatuo").rule == "general.offer"
    st = run(st, "general 1 lvbu")
    assert st.seat(1).general == "lvbu"
    assert refused(run(st, "offer 2 guanyu lvbu zhaoyun"), "general 2 lvbu").rule == "general.taken"


def test_dealt_roles_validated_against_table():
    st = run(GameState(), "players 6", "lord 1", "role 2 rebel", "role 3 rebel", "role 4 rebel")
    r = refused(st, "role 5 rebel")
    assert r.rule == "role.count" and "3 rebel" in r.en and "3 already known" in r.en
    st = run(st, "role 5 renegade", "role 6 loyalist")
    assert not st.seat(2).role_public and st.seat(2).to_dict()["role"] is None
    assert st.seat(1).to_dict()["role"] == "lord"


def test_variant_unknown_and_after_start():
    st = run(GameState(), "players 4")
    from companion.rules.errors import CommandError
    with pytest.raises(CommandError):
        run(st, "variant nope")
    st = table(4)
    assert refused(st, "variant maneuvering").rule == "setup.started"


def test_two_players_rulebook_renegade_or_engines_rebel():
    """Rulebook: 2 players = lord + renegade; FK/QS give lord + rebel (variant roles_2_rebel)."""
    from companion.rules.state import GameState
    from companion.script import execute

    def lord_dies(*variants):
        st = GameState()
        for line in ["players 2", "lord 1", "variant no_generals", *[f"variant {v}" for v in variants],
                     "start", "damage 1 4 from 2", "pass", "pass"]:
            st = execute(st, line).state
        return st

    st = lord_dies()
    assert st.over and st.winner == "renegade" and st.seat(2).role in (None, "renegade")
    st = lord_dies("roles_2_rebel")
    assert st.over and st.winner == "rebel"
