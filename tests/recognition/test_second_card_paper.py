"""A second card outlined but with no index found: noticed by the paper along its edges
(reader._same_paper), and a patch of table of a card's size is not taken for one."""

import cv2
import numpy as np

from card_images import scenes
from recognition import reader


def _rect(x, y, w, h):
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def _table(seed):
    rng = np.random.default_rng(seed)
    img = np.full((480, 640, 3), (40, 55, 70), np.uint8)
    return cv2.add(img, (rng.random((480, 640, 3)) * 20).astype(np.uint8))


def test_same_paper_beside_the_card_and_not_on_a_textured_patch():
    img = _table(1)
    card, other, patch = _rect(60, 60, 180, 255), _rect(330, 80, 120, 170), _rect(470, 250, 120, 170)
    for q in (card, other):
        cv2.fillConvexPoly(img, q.astype(np.int32), (226, 232, 236))
    cv2.fillConvexPoly(img, _rect(360, 110, 60, 110).astype(np.int32), (40, 160, 200))  # art inside the second card
    rng = np.random.default_rng(2)  # a lit, streaky patch of table: not even along its edges
    x0, y0 = 470, 250
    img[y0:y0 + 170, x0:x0 + 120] = np.clip(150 + rng.normal(0, 60, (170, 120, 3)), 0, 255).astype(np.uint8)
    assert reader._same_paper(img, other, card)
    assert not reader._same_paper(img, patch, card)
    # a dark cloth of a card's shape is not paper like the card's
    cv2.fillConvexPoly(img, _rect(330, 280, 120, 170).astype(np.int32), (60, 60, 60))
    assert not reader._same_paper(img, _rect(330, 280, 120, 170), card)


def test_small_second_card_with_art_up_to_its_index_is_noticed():
    """Rendered pair (one_small, seed 9 500 026): a ♣9 and a small ♦K whose index is not read;
    its outline is found and its edges are paper like the ♣9's."""
    kind = "one_small"
    sc = scenes.pair_scene(np.random.default_rng(9_500_000 + scenes.PAIR_KINDS.index(kind) * 1000 + 26), kind)
    r = reader.read_frame(sc.image, qr_mode="off")
    assert not r.accepted
    assert r.note == "two cards in view: ♣9 and another card"
