"""Issue 13 §8–§9: card faces in every common order and spelling; every hint's example works; 激将's
refusal says how; 龙胆 asks no face."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from skill_support import at, game, refused, run

from companion.rules.deck import CardSyntaxError, Face, Suit, parse_face
from companion.rules.errors import CommandError
from companion.script import VERBS, parse
from companion.tui.text import LABELS

H10 = Face(Suit.HEART, 10)


@pytest.mark.parametrize("text,want", [
    ("10h", H10), ("h10", H10), ("♥10", H10), ("10♥", H10), ("红桃10", H10), ("10红桃", H10), ("10 H", H10),
    ("梅花K", Face(Suit.CLUB, 13)), ("K梅花", Face(Suit.CLUB, 13)), ("ks", Face(Suit.SPADE, 13)),
    ("As", Face(Suit.SPADE, 1)), ("方片3", Face(Suit.DIAMOND, 3)), ("草花2", Face(Suit.CLUB, 2)),
])
def test_faces_in_either_order_and_common_spellings(text, want):
    assert parse_face(text) == want
    assert parse(f"judge {text}").args["face"] == want


@pytest.mark.parametrize("text", ["红10", "黑K", "10红", "red 5"])
def test_a_colour_is_two_suits_and_is_refused_with_both(text):
    with pytest.raises(CardSyntaxError) as exc:
        parse_face(text)
    assert "two suits" in exc.value.en and "两种花色" in exc.value.zh
    with pytest.raises(CommandError) as exc2:
        parse(f"judge {text}")
    assert "两种花色" in exc2.value.zh


def _label_examples() -> list[str]:
    """Every example a label offers: the text after 'e.g.' / '如' / '例如', up to a bracket or a dash."""
    out = []
    for zh, en in LABELS.values():
        for text in (zh, en):
            for m in re.finditer(r"(?:e\.g\.|例如|如)\s*([^)）—·;]+)", text):
                out += [x.strip() for x in re.split(r"[,、]", m[1]) if x.strip() and "{" not in x]
    return out


def _source_examples() -> list[str]:
    """Literal command examples quoted in refusals of the rules core and the command language."""
    root = Path(__file__).parent.parent / "companion"
    out = []
    for path in [*sorted((root / "rules").glob("*.py")), root / "script.py"]:
        for m in re.finditer(r"e\.g\. '([^'{}]+)'", path.read_text(encoding="utf-8")):
            out.append(m[1])
    return out


def test_every_hint_example_is_read():
    examples = _label_examples() + _source_examples() + [u.example for u in VERBS.values()] \
        + CardSyntaxError.ACCEPTED.split(", ") + CardSyntaxError.ACCEPTED_ZH.split("、")
    assert "judge 10h" in examples and "judge ♣Q" in examples and "judge 黑桃Q" in examples
    assert len(examples) > 60
    faces = CardSyntaxError.ACCEPTED.split(", ") + CardSyntaxError.ACCEPTED_ZH.split("、")
    for ex in examples:
        try:
            parse_face(ex) if ex in faces else parse(ex)
        except (CommandError, CardSyntaxError) as e:  # the message names the example
            raise AssertionError(f"hint example {ex!r} is refused: {e}") from e


def test_scan_hint_example_judges_a_pending_card():
    from engine_support import table
    st = run(table(4), "place 1 lightning", "next")
    assert st.prompt.kind == "judge"
    assert run(st, "judge 10h").seat(2).judgement == ["lightning"]  # ♥10: 闪电 misses and moves on


def test_jijiang_refusal_names_the_helping_seat_first():
    st = at(game("liubei", "caocao", "guanyu", "machao", hands=3), 1)
    r = refused(st, "1 杀 4 via jijiang", "viewas.lord")
    assert "'3 slash 4 via jijiang'" in r.en and "3 杀 4 via jijiang" in r.zh and "helping seat first" in r.en
    assert run(st, "3 杀 4 via jijiang").prompt.seat == 4  # the form it names works


def test_longdan_needs_no_face():
    st = at(game("sunquan", "zhaoyun", "guanyu", "machao", hands=3), 2)
    st = run(st, "2 杀 3 via longdan")  # a 闪 used as 杀: no colour condition, no face asked
    assert st.prompt.kind == "respond" and st.prompt.seat == 3
    st = run(at(st, 3), "3 杀 2", "2 闪 via longdan")
    assert st.prompt is None or st.prompt.seat != 2
