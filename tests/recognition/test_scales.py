"""The reader at any card size and on any table (issue 18), on rendered frames.

Floors sit below what `bench/recognition --scales` measured (docs/recognition.md, "Card
size and table"); none of these frames' seeds were used for training or for tuning.
"""

import numpy as np
import pytest

from card_images import scenes
from card_images.render import SGS_LAYOUTS, SUITS, synth_photo
from recognition.reader import read_frame

SEED = 41_000_000  # never used for training (train.py) nor by the bench


def _tally(items):
    right = wrong = 0
    for img, suit, rank in items:
        r = read_frame(img, qr_mode="off")
        if r.accepted:
            ok = (r.suit, r.rank) == (suit, rank)
            right += ok
            wrong += not ok
    return right, wrong


@pytest.fixture(scope="module")
def photos():
    out = []
    for i in range(12):
        rank, suit = i % 13 + 1, SUITS[i % 4]
        p = synth_photo(rank, suit, np.random.default_rng(SEED + i), card_scale=(0.6, 0.85), low_light=False)
        out.append((p.image, suit, rank))
    return out


# measured 11, 11, 11, 10, 9 of 12 (3 Dec, small indices at lower thresholds; 8 at 0.25 before;
# 11, 10, 3 at 1, 0.5, 0.25 before the fallback)
@pytest.mark.parametrize("scale,floor", [(1.0, 10), (0.75, 10), (0.5, 10), (0.35, 9), (0.25, 8)])
def test_letterboxed_rendered_photos_at_each_scale(photos, scale, floor):
    """The same 12 photos fitted into 1280x720 and scaled down: none read wrong, most read."""
    right, wrong = _tally([(scenes.letterbox(img, scale), s, r) for img, s, r in photos])
    assert wrong == 0
    assert right >= floor, (scale, right)


@pytest.fixture(scope="module")
def sgs_photos():
    out = []
    for i in range(12):
        rank, suit = i % 13 + 1, SUITS[i % 4]
        p = synth_photo(rank, suit, np.random.default_rng(SEED + 500_000 + i), card_scale=(0.6, 0.85), low_light=False,
                        style="sgs", layout=SGS_LAYOUTS[i % 3])
        out.append((p.image, suit, rank))
    return out


# measured 11, 8, 9, 7, 3 of 12 (2 Dec, after the small-index read; 9, 5, 0 at 1, 0.5, 0.25 before the fallback)
@pytest.mark.parametrize("scale,floor", [(1.0, 9), (0.75, 7), (0.5, 8), (0.35, 6), (0.25, 2)])
def test_letterboxed_sgs_faces_at_each_scale(sgs_photos, scale, floor):
    """12 三国杀-style faces (the three index layouts in turn) fitted into 1280x720 and scaled
    down: none read wrong, most read down to half scale."""
    right, wrong = _tally([(scenes.letterbox(img, scale), s, r) for img, s, r in sgs_photos])
    assert wrong == 0
    assert right >= floor, (scale, right)


@pytest.mark.parametrize("kind", scenes.BACKGROUNDS)
def test_each_table_kind_at_two_card_sizes(kind):
    """A card 40% and 15% of the frame's height on each kind of table: none read wrong;
    on tables darker than the card some are read (measured 2 of 4; the light and
    same-colour tables and a finger over the card are reported in the bench, not floored)."""
    items = []
    for k, frac in enumerate((0.4, 0.4, 0.15, 0.15)):
        rank, suit = (k * 5) % 13 + 1, SUITS[k % 4]
        sc = scenes.card_scene(rank, suit, np.random.default_rng(SEED + 1000 + 10 * scenes.BACKGROUNDS.index(kind) + k),
                               kind, frac)
        items.append((sc.image, suit, rank))
    right, wrong = _tally(items)
    assert wrong == 0
    if kind in ("dark", "patterned", "dark_edge"):
        assert right >= 1, (kind, right)


def test_letterbox_geometry():
    img = np.full((100, 50, 3), 200, np.uint8)
    out = scenes.letterbox(img, 0.5)
    assert out.shape == (720, 1280, 3)
    ys, xs = np.nonzero(out[..., 0])
    assert ys.max() - ys.min() + 1 == 360 and xs.max() - xs.min() + 1 == 180  # fitted to 720, then halved
    assert abs((ys.min() + ys.max()) / 2 - 359.5) <= 1 and abs((xs.min() + xs.max()) / 2 - 639.5) <= 1
