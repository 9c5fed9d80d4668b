"""Tests for companion.rules.deck: faces, kind lookup, deck composition."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.rules.deck import (
    KINDS,
    Card,
    CardError,
    CardKind,
    CardSyntaxError,
    CardType,
    Face,
    Slot,
    Suit,
    UnknownCardError,
    card_kind,
    maneuvering_cards,
    parse_face,
    standard_deck,
)

# ----------------------------------------------------------------------------- suits and faces


def test_suit_properties():
    assert [s.value for s in Suit] == ["spade", "heart", "club", "diamond"]
    assert [s.symbol for s in Suit] == ["♠", "♥", "♣", "♦"]
    assert [s.zh for s in Suit] == ["黑桃", "红桃", "梅花", "方块"]
    assert [s.color for s in Suit] == ["black", "red", "black", "red"]


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("♠7", Suit.SPADE, 7),
        ("S7", Suit.SPADE, 7),
        ("s7", Suit.SPADE, 7),
        ("s 7", Suit.SPADE, 7),
        ("spade 7", Suit.SPADE, 7),
        ("Spade7", Suit.SPADE, 7),
        ("spades7", Suit.SPADE, 7),
        ("SPADES 7", Suit.SPADE, 7),
        ("黑桃7", Suit.SPADE, 7),
        ("黑桃 7", Suit.SPADE, 7),
        ("♤7", Suit.SPADE, 7),
        ("♠️7", Suit.SPADE, 7),
        ("  ♠7  ", Suit.SPADE, 7),
        ("♥Q", Suit.HEART, 12),
        ("♥q", Suit.HEART, 12),
        ("H12", Suit.HEART, 12),
        ("h 12", Suit.HEART, 12),
        ("heart Q", Suit.HEART, 12),
        ("hearts12", Suit.HEART, 12),
        ("红桃Q", Suit.HEART, 12),
        ("红心Q", Suit.HEART, 12),
        ("♡Q", Suit.HEART, 12),
        ("♦10", Suit.DIAMOND, 10),
        ("D10", Suit.DIAMOND, 10),
        ("diamond 10", Suit.DIAMOND, 10),
        ("diamonds10", Suit.DIAMOND, 10),
        ("方块10", Suit.DIAMOND, 10),
        ("♢10", Suit.DIAMOND, 10),
        ("方块A", Suit.DIAMOND, 1),
        ("♦a", Suit.DIAMOND, 1),
        ("♦1", Suit.DIAMOND, 1),
        ("♣K", Suit.CLUB, 13),
        ("C13", Suit.CLUB, 13),
        ("club k", Suit.CLUB, 13),
        ("clubs 13", Suit.CLUB, 13),
        ("梅花K", Suit.CLUB, 13),
        ("♧J", Suit.CLUB, 11),
        ("c11", Suit.CLUB, 11),
        ("♣２", Suit.CLUB, 2),  # fullwidth digit
        ("Ｓ１０", Suit.SPADE, 10),  # fullwidth letter and digits
    ],
)
def test_parse_face_accepted_forms(text, suit, rank):
    assert parse_face(text) == Face(suit, rank)


@pytest.mark.parametrize(
    "text",
    ["", "   ", "♠", "7", "♠0", "♠14", "♠01", "X7", "黑7", "红7", "spade", "♠7♥", "♠ 1 0", "♠7.5",
     "spadex7", "♠Z", "s-7", "7♠♥"],
)
def test_parse_face_rejects_malformed(text):
    with pytest.raises(CardSyntaxError) as info:
        parse_face(text)
    message = str(info.value)
    assert "♠7" in message and "黑桃7" in message and "方块A" in message  # lists accepted forms
    assert isinstance(info.value, CardError) and isinstance(info.value, ValueError)


def test_face_str_and_labels():
    assert str(Face(Suit.SPADE, 7)) == "♠7"
    assert str(Face(Suit.HEART, 12)) == "♥Q"
    assert str(Face(Suit.DIAMOND, 10)) == "♦10"
    assert str(Face(Suit.CLUB, 1)) == "♣A"
    assert str(Face(Suit.CLUB, 11)) == "♣J"
    assert str(Face(Suit.SPADE, 13)) == "♠K"
    assert [Face(Suit.SPADE, r).rank_label for r in range(1, 14)] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    ]
    assert Face(Suit.HEART, 3).color == "red"
    assert Face(Suit.CLUB, 3).color == "black"


def test_face_round_trip_for_all_52():
    for suit in Suit:
        for rank in range(1, 14):
            face = Face(suit, rank)
            assert parse_face(str(face)) == face
            assert parse_face(f"{suit.zh}{face.rank_label}") == face


def test_face_rejects_bad_rank():
    with pytest.raises(CardError):
        Face(Suit.SPADE, 0)
    with pytest.raises(CardError):
        Face(Suit.SPADE, 14)


# ----------------------------------------------------------------------------- kinds


@pytest.mark.parametrize(
    ("name", "kid"),
    [
        ("slash", "slash"),
        ("SLASH", "slash"),
        ("杀", "slash"),
        ("sha", "slash"),
        ("ex_nihilo", "ex_nihilo"),
        ("ex nihilo", "ex_nihilo"),
        ("Ex-Nihilo", "ex_nihilo"),
        ("无中生有", "ex_nihilo"),
        ("wuzhong", "ex_nihilo"),
        ("double_sword", "double_swords"),
        ("cixiong", "double_swords"),
        ("Double Swords", "double_swords"),
        ("renwang_shield", "nioh_shield"),
        ("仁王盾", "nioh_shield"),
        ("zixin", "zixing"),
        ("dawan", "dayuan"),
        ("lebu", "indulgence"),
        ("乐不思蜀", "indulgence"),
        ("兵粮寸断", "supply_shortage"),
        ("supply shortage", "supply_shortage"),
        ("酒", "analeptic"),
        ("  Kylin Bow ", "kylin_bow"),
    ],
)
def test_card_kind_lookup(name, kid):
    assert card_kind(name) is KINDS[kid]


def test_card_kind_unknown_suggests():
    with pytest.raises(UnknownCardError) as info:
        card_kind("slsh")
    assert str(info.value) == "unknown card 'slsh' — did you mean slash (杀)?"
    assert info.value.suggestions == ("slash",)
    assert isinstance(info.value, CardError)


def test_card_kind_unknown_at_most_three_suggestions():
    with pytest.raises(UnknownCardError) as info:
        card_kind("sword")
    assert 1 <= len(info.value.suggestions) <= 3
    assert "did you mean" in str(info.value)


def test_card_kind_unknown_without_suggestions():
    with pytest.raises(UnknownCardError) as info:
        card_kind("zzzzqqq")
    assert info.value.suggestions == ()
    assert "zzzzqqq" in str(info.value)


def test_kind_fields():
    assert len(KINDS) == 34
    assert all(isinstance(k, CardKind) for k in KINDS.values())
    assert KINDS["snatch"].distance_limit == 1
    assert KINDS["supply_shortage"].distance_limit == 1
    assert KINDS["dismantlement"].distance_limit is None
    assert {k.id for k in KINDS.values() if k.distance_limit is not None} == {"snatch", "supply_shortage"}
    assert KINDS["supply_shortage"].type is CardType.DELAYED_TRICK
    assert KINDS["analeptic"].type is CardType.BASIC
    assert {k.id for k in KINDS.values() if k.package == "maneuvering"} == {"supply_shortage", "analeptic"}
    ranges = {k.id: k.range for k in KINDS.values() if k.slot is Slot.WEAPON}
    assert ranges == {
        "crossbow": 1, "qinggang_sword": 2, "ice_sword": 2, "double_swords": 2, "blade": 3,
        "spear": 3, "axe": 3, "halberd": 4, "kylin_bow": 5,
    }
    assert all(k.range is None for k in KINDS.values() if k.slot is not Slot.WEAPON)
    assert {k.id for k in KINDS.values() if k.slot is Slot.PLUS_HORSE} == {"dilu", "jueying", "zhuahuangfeidian"}
    assert {k.id for k in KINDS.values() if k.slot is Slot.MINUS_HORSE} == {"chitu", "dayuan", "zixing"}
    assert {k.id for k in KINDS.values() if k.slot is Slot.ARMOR} == {"eight_diagram", "nioh_shield"}
    assert all((k.slot is None) == (k.type is not CardType.EQUIP) for k in KINDS.values())


def test_kind_targets():
    t = {k.id: k.targets for k in KINDS.values()}
    for kid in ("slash", "duel", "dismantlement", "snatch", "indulgence", "supply_shortage", "collateral"):
        assert t[kid] == "other", kid
    for kid in ("peach", "ex_nihilo", "lightning", "crossbow", "eight_diagram", "chitu", "dilu"):
        assert t[kid] == "self", kid
    assert t["savage_assault"] == t["archery_attack"] == "all_others"
    assert t["god_salvation"] == t["amazing_grace"] == "all"
    assert t["jink"] == t["nullification"] == "none"
    assert set(t.values()) <= {"self", "other", "any", "all_others", "all", "none"}


# ----------------------------------------------------------------------------- deck


def _types(cards):
    return Counter(KINDS[c.kind].type for c in cards)


def test_deck_size_and_types_with_ex():
    deck = standard_deck()
    assert len(deck) == 108
    types = _types(deck)
    assert types[CardType.BASIC] == 53
    assert types[CardType.TRICK] + types[CardType.DELAYED_TRICK] == 36
    assert types[CardType.DELAYED_TRICK] == 5  # 乐不思蜀 ×3, 闪电 ×2
    assert types[CardType.EQUIP] == 19
    assert Counter(c.suit for c in deck) == {s: 27 for s in Suit}


def test_deck_without_ex():
    deck = standard_deck(ex=False)
    assert len(deck) == 104
    types = _types(deck)
    assert types[CardType.BASIC] == 53
    assert types[CardType.TRICK] + types[CardType.DELAYED_TRICK] == 34
    assert types[CardType.EQUIP] == 17
    assert Counter(c.suit for c in deck) == {s: 26 for s in Suit}
    # Every suit × rank exactly twice in the original box.
    assert set(Counter(c.face for c in deck).values()) == {2}
    assert len({c.face for c in deck}) == 52


def test_ex_cards():
    ex = {(c.kind, str(c.face)) for c in standard_deck() if c.ex}
    assert ex == {("ice_sword", "♠2"), ("nioh_shield", "♣2"), ("lightning", "♥Q"), ("nullification", "♦Q")}


def test_basic_counts():
    kinds = Counter(c.kind for c in standard_deck())
    assert (kinds["slash"], kinds["jink"], kinds["peach"]) == (30, 15, 8)
    assert kinds["crossbow"] == kinds["eight_diagram"] == 2
    assert "supply_shortage" not in kinds and "analeptic" not in kinds


def test_card_ids():
    deck = standard_deck()
    ids = [c.id for c in deck]
    assert len(set(ids)) == 108
    assert deck[0] == Card("slash-spade-7", "slash", Suit.SPADE, 7, False)
    assert "slash-spade-8" in ids and "slash-spade-8-2" in ids
    assert "slash-spade-8-3" not in ids
    for c in deck:
        assert isinstance(c, Card)
        assert c.id.startswith(f"{c.kind}-{c.suit}-{c.rank}")
        assert c.face == Face(c.suit, c.rank)
    assert standard_deck() is standard_deck()  # cached, not re-read
    assert [c.id for c in standard_deck(ex=False)] == [c.id for c in deck if not c.ex]


def test_maneuvering_cards():
    cards = maneuvering_cards()
    faces = Counter((c.kind, str(c.face)) for c in cards)
    assert faces == Counter({
        ("supply_shortage", "♠10"): 1, ("supply_shortage", "♣4"): 1,
        ("analeptic", "♠3"): 1, ("analeptic", "♠9"): 1, ("analeptic", "♣3"): 1,
        ("analeptic", "♣9"): 1, ("analeptic", "♦9"): 1,
    })
    assert not {c.id for c in cards} & {c.id for c in standard_deck()}
    assert all(not c.ex for c in cards)
