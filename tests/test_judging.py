"""A flipped card is read and judged once (companion/rules/faces.py, companion/rules/judging.py): the deck's
parser and the light reader `companion judge` uses agree on every spelling, and a plain face is judged as
the deck's Face is, for every subject and every face (RULES_NOTES: Judgements)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from companion.cli import main
from companion.rules import faces
from companion.rules.deck import CardError, Face, Suit, parse_face
from companion.rules.judgement import JUDGEMENTS, resolve_judgement
from companion.rules.judging import judge

FACES = [Face(s, r) for s in Suit for r in range(1, 14)]
WORDS = [*faces.SUIT_WORDS, *faces.RANK_WORDS, "红", "黑", "red", "black", "Ｓ", "１０", "\ufe0f", " ", "x", "0", "14",
         "A", "K", "Spade", "HEARTS"]


@settings(max_examples=400, deadline=None)
@given(hs.lists(hs.sampled_from(WORDS), min_size=0, max_size=3).map("".join))
def test_the_light_reader_and_the_deck_parser_agree_on_every_spelling(typed):
    try:
        f = parse_face(typed)
    except CardError:
        assert faces.read(typed) is None
    else:
        assert faces.read(typed) == (str(f.suit), f.rank)


def test_the_reader_sees_faces_in_both_orders_and_widths():
    assert faces.read("7♠") == faces.read("ｓ７") == faces.read("spade 7") == faces.read("黑桃7") == ("spade", 7)
    assert faces.read("红10") is None and faces.read(None) is None


@pytest.mark.parametrize("subject", sorted(JUDGEMENTS))
def test_a_plain_face_is_judged_as_the_decks_face(subject):
    for f in FACES:
        plain = faces.PlainFace(str(f.suit), f.rank)
        assert (plain.color, str(plain)) == (f.color, str(f))
        j = resolve_judgement(subject, f)
        assert judge(subject, plain) == (j.effect, j.en, j.zh)
    # the rule itself for the cards' subjects
    assert [resolve_judgement("lightning", f).effect for f in FACES if f.suit == Suit.SPADE] == \
        [2 <= r <= 9 for r in range(1, 14)]
    assert all(resolve_judgement("indulgence", f).effect is (f.suit != Suit.HEART) for f in FACES)


@settings(max_examples=60, deadline=None)
@given(hs.sampled_from(sorted(JUDGEMENTS) + ["铁骑", "Iron Cavalry", "刚烈"]), hs.sampled_from(FACES),
       hs.sampled_from(["en", "zh"]))
def test_the_command_says_what_resolve_judgement_says(subject, face, lang):
    j = resolve_judgement(subject, face)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["judge", subject, str(face), "--lang", lang, "--json"]) == 0
    assert json.loads(out.getvalue()) == {"subject": subject, "card": {"suit": str(face.suit), "rank": face.rank},
                                          "effect": j.effect, "explanation": j.zh if lang == "zh" else j.en}
