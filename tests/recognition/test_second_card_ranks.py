"""A second card whose suits touch its artwork (issue 18, two cards): its outline is found and holds
no rank-over-suit pair, but a rank glyph in both index corners (reader._ranks_in_corners) still makes
it a card. Rendered only."""

import cv2
import numpy as np

from card_images import scenes
from card_images.render import render_card
from recognition import reader
from recognition.geometry import order_quad


def test_a_card_whose_suit_touches_its_art_is_still_noticed():
    """Fresh rendered pair 52 000 020 ("apart"): a ♣10 whose clubs touch a blob of its art in both
    corners beside a ♦7; the ♦7 was accepted without a note."""
    sc = scenes.pair_scene(np.random.default_rng(52_000_020), "apart")
    r = reader.read_frame(sc.image, qr_mode="off")
    assert not r.accepted
    assert r.note is not None and r.note.startswith("two cards in view"), r.note


def _face_on_table(rank: int, suit: str, seed: int, suit_blob: bool):
    face = render_card(rank, suit, np.random.default_rng(seed), width=300).image.copy()
    if suit_blob:  # cover each index's suit with a dark blob reaching into the face (art touching it)
        h, w = face.shape[:2]
        for cx, cy in ((0.1 * w, 0.2 * h), (0.9 * w, 0.8 * h)):
            cv2.ellipse(face, (int(cx + 0.08 * w), int(cy)), (int(0.1 * w), int(0.07 * h)), 0, 0, 360, (90, 30, 40), -1)
    h, w = face.shape[:2]
    img = cv2.copyMakeBorder(face, 60, 60, 60, 60, cv2.BORDER_CONSTANT, value=(40, 90, 40))
    return img, order_quad(np.float32([[60, 60], [60 + w, 60], [60 + w, 60 + h], [60, 60 + h]]))


def test_ranks_in_both_corners_make_a_card_and_a_blank_face_does_not():
    hits = 0
    for k, rank in enumerate((2, 5, 7, 10, 13)):
        img, q = _face_on_table(rank, "club", 96_300_000 + k, True)
        hits += reader._ranks_in_corners(img, q)
        blank = img.copy()
        blank[70:-70, 70:-70] = np.median(img[70:90, 150:200].reshape(-1, 3), axis=0).astype(np.uint8)
        assert not reader._ranks_in_corners(blank, q)
    assert hits >= 4, hits
