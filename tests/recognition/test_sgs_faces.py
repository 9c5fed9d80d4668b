"""三国杀-style faces (issue 18): the renderer draws them as the prints look (parchment, art,
the Chinese name from the shipped CJK subset, three index layouts), and the reader reads
them in every layout without accepting a wrong card. Rendered only; seeds never used for
training (bench/recognition uses SGS_SEED = 9 000 000 + i, these tests 9 500 000 + i)."""

import cv2
import numpy as np
import pytest

import card_images.render as render
from recognition.glyphs import segment_index_layouts
from recognition.reader import read_image

SEED = 9_500_000


def _pieces(mask):
    n, _, stats, _ = cv2.connectedComponentsWithStats((mask > 127).astype(np.uint8), connectivity=8)
    return sorted((tuple(int(v) for v in s[:4]) for s in stats[1:] if s[4] > 20), key=lambda s: s[2] * s[3], reverse=True)


@pytest.mark.parametrize("layout", render.SGS_LAYOUTS)
def test_index_layouts_place_rank_and_suit(layout):
    """A 7 (one piece) and a spade: where each lies follows the layout."""
    rng = np.random.default_rng(SEED)
    m = render.sgs_index_mask(7, "spade", layout, 60, rng)
    (a, b) = sorted(_pieces(m)[:2], key=lambda s: (s[1], s[0]))  # (x, y, w, h), top first
    if layout == "side_by_side":
        assert abs((a[1] + a[3] / 2) - (b[1] + b[3] / 2)) < 0.5 * max(a[3], b[3])  # one row
        left, right = sorted((a, b))
        assert right[0] >= left[0] + left[2]  # beside, not overlapping
    else:
        assert b[1] >= a[1] + a[3]  # one above the other
        rank_on_top = a[3] > b[3]  # the rank glyph is 60 px tall, the suit 36-57
        assert rank_on_top == (layout == "rank_above")


def test_face_is_parchment_with_art_and_the_chinese_name():
    rng = np.random.default_rng(SEED + 1)
    face = render.render_sgs_card(7, "heart", rng, 400, name="杀").image
    assert face.shape[1] == 400 and 1.35 < face.shape[0] / 400 < 1.55
    b, g, r = (float(face[..., k].mean()) for k in range(3))
    assert r > g > b, "parchment is warm (red > green > blue)"
    # the name: drawn with the shipped CJK serif, so its glyph is not the .notdef box
    from PIL import ImageFont

    from recognition.labels import missing_glyphs
    assert not missing_glyphs(ImageFont.truetype(render.name_font(), 40), "".join(render.SGS_NAMES))
    other = render.render_sgs_card(7, "heart", np.random.default_rng(SEED + 1), 400, name="闪").image
    assert not np.array_equal(face, other)
    # art: the middle of the face is far busier than plain paper
    mid = cv2.cvtColor(face[face.shape[0] // 4: face.shape[0] // 2, 150:380], cv2.COLOR_BGR2GRAY)
    assert float(cv2.Laplacian(mid, cv2.CV_32F).std()) > 5


@pytest.mark.parametrize("layout", render.SGS_LAYOUTS)
def test_segmentation_finds_the_index_in_every_layout(layout):
    """On clean faces (no photo damage) one of the layout readings of the top-left corner is
    the printed rank and suit, by the glyph boxes' positions."""
    from recognition.geometry import order_quad, warp_corner
    found = 0
    for i in range(6):
        rng = np.random.default_rng(SEED + 10 + i)
        face = render.render_sgs_card(7, "club", rng, 420, layout=layout).image
        h, w = face.shape[:2]
        img = cv2.copyMakeBorder(face, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=(30, 60, 30))
        q = order_quad(np.float32([[40, 40], [40 + w, 40], [40 + w, 40 + h], [40, 40 + h]]))
        alts = segment_index_layouts(warp_corner(img, q, 0))
        for g in alts:
            rx, ry, rw, rh = g.rank_box
            sx, sy, sw, sh = g.suit_box
            if layout == "rank_above":
                found += sy >= ry + rh - 2
            elif layout == "suit_above":
                found += ry >= sy + sh - 2
            else:
                found += abs((ry + rh / 2) - (sy + sh / 2)) < 0.5 * rh
            if found > i:
                break
    assert found >= 5, f"{found}/6"


@pytest.mark.parametrize("layout", render.SGS_LAYOUTS)
def test_photos_of_sgs_faces_read_and_never_wrong(layout):
    n = 12
    right = wrong = 0
    for i in range(n):
        rng = np.random.default_rng(SEED + 100 + i)
        rank, suit = i % 13 + 1, render.SUITS[i % 4]
        p = render.synth_photo(rank, suit, rng, style="sgs", layout=layout)
        r = read_image(p.image)
        right += r.accepted and (r.suit, r.rank) == (suit, rank)
        wrong += r.accepted and (r.suit, r.rank) != (suit, rank)
    assert wrong == 0
    assert right >= 0.5 * n, f"{right}/{n}"


def test_unknown_style_is_an_error():
    with pytest.raises(ValueError, match="poker | sgs"):
        render.synth_photo(3, "spade", np.random.default_rng(0), style="tarot")
