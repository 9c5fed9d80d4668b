"""Second cards of rendered pairs that bench/two_cards.py found accepted without a note on main
(issue 18, rtwo; fresh pair seeds 52 000 000+ and 54 000 000+): a card whose art notches its outline
at every grey level (geometry.LOOSE_FILL: its card-shaped hull is looked at), and a large card whose
index font is large (reader.SECOND_SIZES: ranks up to 3 times the accepted card's). Each fails on main."""

import cv2
import numpy as np

from card_images import scenes
from recognition import geometry, reader


def _pair(seed: int):
    kind = scenes.PAIR_KINDS[(seed // 1000) % 1000]
    return scenes.pair_scene(np.random.default_rng(seed), kind)


def test_a_card_whose_art_notches_its_outline_is_noticed():
    sc = _pair(54_001_023)  # "close": a ♦J (art reaching its edge) beside a ♦8, dark striped table
    r = reader.read_frame(sc.image, qr_mode="off")
    assert r.label == "♦8" and not r.accepted
    assert r.note == "two cards in view: ♦8 and ♦J"


def test_the_notched_outline_is_a_loose_candidate_only():
    """The ♦J's hull comes back in loose (not among the outlines read), and no loose hull is
    kept when the caller does not ask for them."""
    img = _pair(54_001_023).image
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    small = geometry.detect_copy(gray)
    loose: list = []
    cands = geometry.card_candidates(img, 5, gray, small, loose)
    assert [c.outline().tolist() for c in geometry.card_candidates(img, 5, gray, small)] == \
        [c.outline().tolist() for c in cands]  # the outlines read are unchanged
    jack = [c.quad() for c in loose if reader.distinct_cards(c.quad(), cands[0].quad())]
    assert jack, [c.quad().tolist() for c in loose]
    x0, y0 = jack[0].min(0)
    x1, y1 = jack[0].max(0)
    assert 600 < x0 < 680 and 190 < y0 < 240 and 860 < x1 < 910 and 540 < y1 < 590  # the ♦J (frame px)
    assert all(reader.distinct_cards(c.outline(), jack[0]) for c in cands)  # not among the outlines read


def test_a_large_card_with_a_large_index_font_is_noticed():
    sc = _pair(52_004_003)  # "one_small": a large ♣K whose rank is 2.67 times the small ♦8's
    r = reader.read_frame(sc.image, qr_mode="off")
    assert r.label == "♦8" and not r.accepted
    assert r.note == "two cards in view: ♦8 and ♣K"
