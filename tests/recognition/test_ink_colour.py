"""Red/black decision of the index ink: a hue, white-balanced on the card's own paper."""

import cv2
import numpy as np
import pytest

from recognition.geometry import CORNER_H, CORNER_W
from recognition.glyphs import segment_index
from recognition.reader import RED_SPLIT


def _corner(ink_bgr, paper_bgr, cast, stroke):
    img = np.empty((CORNER_H, CORNER_W, 3), np.uint8)
    img[:] = paper_bgr
    cv2.putText(img, "J", (22, 62), cv2.FONT_HERSHEY_SIMPLEX, 1.4, ink_bgr, stroke, cv2.LINE_AA)
    pts = np.array([[36, 80], [48, 96], [36, 112], [24, 96]], np.int32)
    cv2.fillPoly(img, [pts], ink_bgr, cv2.LINE_AA)
    img = cv2.GaussianBlur(img.astype(np.float32) * np.float32(cast), (3, 3), 0.8)
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("cast", [(1.0, 1.0, 1.0), (0.75, 0.9, 1.15), (1.15, 1.0, 0.8)])
@pytest.mark.parametrize("stroke", [2, 4])
def test_thin_red_and_black_ink_under_colour_casts(cast, stroke):
    pink = (205, 215, 245)  # warm card stock
    red = _corner((70, 80, 225), pink, cast, stroke)  # light, slightly orange red
    black = _corner((40, 40, 40), pink, cast, stroke)
    gr, gb = segment_index(red), segment_index(black)
    assert gr is not None and gb is not None
    assert gr.redness > RED_SPLIT + 0.1, gr.redness
    assert gb.redness < RED_SPLIT - 0.1, gb.redness
