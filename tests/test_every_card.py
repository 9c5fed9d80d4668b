"""Issue 3 acceptance: every card kind of the deck — a legal use with its resolution steps and a
refused use with its reason (rule id and numbers); judgement boundaries in the judge phase."""

from __future__ import annotations

import pytest
from engine_support import events, refused, run, table, to_play, turn_to

from companion.rules.deck import KINDS, CardType
from companion.rules.distance import distance


def hp(st):
    return [s.hp for s in st.seats]


def hands(st):
    return [s.hand for s in st.seats]


# kind: (setup lines, legal lines, check(before, after), refused setup, refused line, rule, needle in the reason)
CASES = {
    "slash": ([], ["1 杀 2", "take"], lambda b, a: a.seat(2).hp == 3,
              [], "1 杀 4", "slash.range", "distance 3 > attack range 1"),
    "jink": (["1 杀 2"], ["2 闪"], lambda b, a: a.seat(2).hp == 4 and a.seat(2).hand == b.seat(2).hand - 1,
             [], "2 闪", "jink.response", "only played in answer"),
    "peach": (["damage 1 1"], ["1 桃"], lambda b, a: a.seat(1).hp == 5,
              [], "1 桃", "peach.full", "full HP 5/5"),
    "dismantlement": ([], ["1 过河拆桥 3", "pass all", "pick hand"], lambda b, a: a.seat(3).hand == b.seat(3).hand - 1,
                      [], "1 过河拆桥 1", "trick.self", "seat 1"),
    "snatch": ([], ["1 顺手牵羊 2", "pass all", "pick hand"],
               lambda b, a: a.seat(2).hand == b.seat(2).hand - 1 and a.seat(1).hand == b.seat(1).hand,
               [], "1 顺手牵羊 4", "trick.distance", "distance 3 > 1"),
    "duel": ([], ["1 决斗 4", "pass all", "4 杀", "take"], lambda b, a: a.seat(1).hp == 4,
             [], "1 决斗 2 4", "trick.target", "given 2"),
    "collateral": (["equip 2 青釭剑"], ["1 借刀杀人 2 3", "pass all", "pass"],
                   lambda b, a: a.seat(2).equipment["weapon"] is None and a.seat(1).hand == b.seat(1).hand,
                   [], "1 借刀杀人 3 4", "collateral.weapon", "seat 3 has no weapon"),
    "ex_nihilo": ([], ["1 无中生有", "pass all"], lambda b, a: a.seat(1).hand == b.seat(1).hand + 1,
                  [], "1 无中生有 2", "trick.target", "given [2]"),
    "nullification": (["1 无中生有"], ["3 无懈可击", "pass all"],
                      lambda b, a: a.seat(1).hand == b.seat(1).hand and a.seat(3).hand == b.seat(3).hand - 1,
                      ["1 无中生有", "hand 3 0"], "3 无懈可击", "hand.empty", "seat 3 has 0 hand cards"),
    "savage_assault": ([], ["1 南蛮入侵"] + ["pass all", "take"] * 5, lambda b, a: hp(a) == [5, 3, 3, 3, 3, 2],
                       [], "1 南蛮入侵 2", "trick.target", "every other living seat"),
    "archery_attack": ([], ["1 万箭齐发"] + ["pass all", "jink"] * 5, lambda b, a: hp(a) == hp(b),
                       [], "1 万箭齐发 3", "trick.target", "every other living seat"),
    "god_salvation": (["damage 3 1", "damage 1 2"], ["1 桃园结义", "pass all", "pass all"],
                      lambda b, a: a.seat(3).hp == 4 and a.seat(1).hp == 4,
                      [], "1 桃园结义 3", "trick.target", "every living seat"),
    "amazing_grace": ([], ["1 五谷丰登"] + ["pass all", "pick"] * 6,
                      lambda b, a: hands(a) == [h + 1 - (i == 0) for i, h in enumerate(hands(b))],
                      [], "1 五谷丰登 2", "trick.target", "every living seat"),
    "indulgence": ([], ["1 乐不思蜀 2"], lambda b, a: a.seat(2).judgement == ["indulgence"],
                   [], "1 乐不思蜀 1", "trick.self", "another seat"),
    "lightning": ([], ["1 闪电"], lambda b, a: a.seat(1).judgement == ["lightning"],
                  [], "1 闪电 2", "lightning.target", "your own judgement area"),
}
EQUIP = {"weapon", "armor", "plus_horse", "minus_horse"}


def _check_case(kind, variants=()):
    setup, legal, check, rsetup, rline, rule, needle = CASES[kind]
    before = run(to_play(table(6, variants=variants)), *setup)
    after = run(before, *legal)
    assert check(before, after), kind
    assert after.prompt is None or after.prompt.kind != "nullify"
    r = refused(run(to_play(table(6, variants=variants)), *rsetup), rline)
    assert r.rule == rule and needle in r.en and r.zh and r.source, (kind, r.rule, r.en)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_card_legal_resolution_and_refusal(kind):
    _check_case(kind)


@pytest.mark.parametrize("kind", sorted(k for k, v in KINDS.items() if v.type == CardType.EQUIP))
def test_equipment_goes_to_its_slot_and_is_refused_outside_the_play_phase(kind):
    k = KINDS[kind]
    st = to_play(table(6))
    h = st.seat(1).hand
    st2 = run(st, f"1 {kind}")
    assert st2.seat(1).equipment[str(k.slot)] == kind and st2.seat(1).hand == h - 1
    r = refused(table(6), f"1 {kind}")           # start phase
    assert r.rule == "card.phase" and "seat 1's start phase" in r.en
    if k.slot == "minus_horse":
        assert distance(st2, 1, 3).value == 1 and distance(st, 1, 3).value == 2
    if k.slot == "plus_horse":
        assert distance(st2, 3, 1).value == 3 and distance(st, 3, 1).value == 2


def test_maneuvering_cards():
    CASES["supply_shortage"] = ([], ["1 兵粮寸断 2"], lambda b, a: a.seat(2).judgement == ["supply_shortage"],
                                [], "1 兵粮寸断 3", "trick.distance", "distance 2 > 1")
    try:
        _check_case("supply_shortage", variants=["maneuvering"])
    finally:
        del CASES["supply_shortage"]
    r = refused(to_play(table(6)), "1 酒")
    assert r.rule == "card.maneuvering" and "variant maneuvering" in r.en
    run(to_play(table(6, variants=["maneuvering"])), "1 酒")


def test_every_kind_of_the_deck_is_covered():
    covered = set(CASES) | {k for k, v in KINDS.items() if v.type == CardType.EQUIP} | {"supply_shortage", "analeptic"}
    assert covered == set(KINDS)


# --------------------------------------------------------------------------- judgements in the judge phase


def _judge(place: str, face: str, n: int = 4, pre=()):
    st = run(table(n), *pre, f"place 1 {place}", "next")
    return events(st, f"judge {face}")


@pytest.mark.parametrize("face,hit", [("♠2", True), ("♠9", True), ("♠5", True), ("♠A", False), ("♠10", False),
                                      ("♥5", False), ("♣5", False), ("♦9", False)])
def test_lightning_boundaries(face, hit):
    st, ev = _judge("闪电", face)
    assert (st.seat(1).hp == 1) == hit
    assert (st.seat(1).judgement == [] and st.seat(2).judgement == (["lightning"] if not hit else []))


@pytest.mark.parametrize("face,skip", [("♥A", False), ("♥K", False), ("♠A", True), ("♣7", True), ("♦Q", True)])
def test_indulgence_every_suit(face, skip):
    st, _ = _judge("乐不思蜀", face)
    st = run(st, "next")      # draw
    st = run(st, "next")
    assert (st.phase == "discard") == skip


def test_several_delayed_tricks_last_placed_first():
    st = run(table(4), "place 1 闪电", "place 1 乐不思蜀", "next")
    assert st.prompt.data["card"] == "indulgence"
    st = run(st, "judge ♥3")
    assert st.prompt.data["card"] == "lightning"
    st = run(st, "judge ♥3")
    assert st.seat(2).judgement == ["lightning"] and st.seat(1).judgement == [] and st.prompt is None


def test_lightning_moves_past_dead_seats_and_a_seat_holding_one():
    st = run(table(5), "damage 2 4", "pass", "pass", "pass", "pass", "pass")
    assert not st.seat(2).alive
    st = run(st, "reveal rebel")
    st = run(st, "place 3 闪电", "place 1 lightning:♠A", "next")
    st = run(st, "judge ♥5")
    assert st.seat(4).judgement == ["lightning-spade-1"] and st.seat(3).judgement == ["lightning"]


def test_lightning_death_gives_no_reward():
    st = run(table(4, start=False), "role 2 rebel", "role 3 loyalist", "role 4 renegade", "start")
    st = turn_to(st, 2)                                   # seat 2 (a rebel)'s turn
    st = run(st, "lose 2 2", "place 2 闪电", "next")
    hands_before = hands(st)
    st, ev = events(st, "judge ♠7")
    assert st.prompt.kind == "dying"
    dmg = [e for e in ev if e.kind == "damage"][0]
    assert dmg.data["source"] is None and dmg.data["nature"] == "thunder"
    st, ev = events(run(st, "pass", "pass", "pass"), "pass")
    assert not st.seat(2).alive and not [e for e in ev if e.kind == "reward"]
    assert [h for i, h in enumerate(hands(st)) if i != 1] == [h for i, h in enumerate(hands_before) if i != 1]


def test_no_two_delayed_tricks_of_the_same_name():
    st = run(to_play(table(6)), "1 乐不思蜀 2")
    r = refused(st, "1 乐不思蜀 2")
    assert r.rule == "judgement.duplicate" and "seat 2 already has Indulgence" in r.en
    st = run(st, "1 闪电")
    assert refused(st, "1 闪电").rule == "judgement.duplicate"
    assert run(st, "place 2 闪电").seat(2).judgement == ["indulgence", "lightning"]   # different names: fine
