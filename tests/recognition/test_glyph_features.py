"""glyphs.glyph_features_many: the features of many glyphs in one call equal glyph_features'."""

import numpy as np

from recognition.glyphs import FEATURE_SIZE, glyph_features, glyph_features_many


def _masks(seed: int, n: int) -> list[np.ndarray]:
    """Random glyph-like masks of many sizes and shapes (some empty, some 1 px wide)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        h, w = (int(v) for v in rng.integers(1, 70, 2))
        m = (rng.random((h, w)) > rng.random()).astype(np.uint8) * 255
        if i % 9 == 0:
            m[:] = 0
        if i % 11 == 0:  # grey levels: only ink > 127 counts
            m = (rng.random((h, w)) * 255).astype(np.uint8)
        out.append(m)
    return out


def test_many_equals_one_by_one():
    masks = _masks(3, 200)
    one = np.stack([glyph_features(m) for m in masks])
    many = glyph_features_many(masks)
    assert many.shape == (200, FEATURE_SIZE) and many.dtype == np.float32
    assert np.array_equal(one, many)


def test_many_of_none_and_of_empty_masks():
    assert glyph_features_many([]).shape == (0, FEATURE_SIZE)
    z = glyph_features_many([np.zeros((5, 7), np.uint8)] * 3)
    assert z.shape == (3, FEATURE_SIZE) and not z.any()


def test_rotated_views_are_accepted():
    """The second-index search passes np.rot90 views (not contiguous)."""
    m = _masks(8, 12)
    views = [np.rot90(x, -1) for x in m]
    assert np.array_equal(glyph_features_many(views), np.stack([glyph_features(np.ascontiguousarray(v)) for v in views]))
