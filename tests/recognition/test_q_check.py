"""The second-stage Q check (reader.Q_TAIL_MIN, glyphs.bowl_tail) on rendered glyphs and photos.

A lone "0" (a "10" whose "1" was lost) must never be accepted, as "Q" or anything;
tall queens whose tail leaves the bowl must be accepted. Nothing here uses real photos.
"""

import numpy as np
import pytest

import card_images.render as render
from card_images.zero_vs_q import installed_fonts, read_with_glyph
from recognition import reader
from recognition.glyphs import bowl_tail

SEED = 32_000_000


def _index_size(mask, rng, aspect):
    """A rendered glyph shrunk to index size (~30-45 px tall), condensed, blurred, re-thresholded."""
    import cv2
    h = int(rng.integers(30, 46))
    w = max(4, int(round(mask.shape[1] * h / mask.shape[0] * aspect)))
    m = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
    m = cv2.GaussianBlur(m, (3, 3), 0.6)
    return ((m > 110) * 255).astype(np.uint8)


@pytest.fixture(scope="module")
def fonts():
    f = installed_fonts()
    if len(f) < 5:
        pytest.skip("too few fonts installed")
    return f


def test_zero_rings_have_no_tail_in_any_font(fonts):
    rng = np.random.default_rng(SEED)
    worst = 0.0
    for f in fonts:
        z = render._text_mask_pil("0", f, 96, 1.0)
        for aspect in (0.5, 0.8, 1.1):
            worst = max(worst, bowl_tail(_index_size(z, rng, aspect)))
    assert worst < reader.Q_TAIL_MIN, f"a zero measures {worst:.3f}"


def test_looped_queens_have_a_tail():
    rng = np.random.default_rng(SEED + 1)
    vals = [bowl_tail(_index_size(render.looped_q(rng), rng, float(rng.uniform(0.6, 1.1)))) for _ in range(40)]
    n_ok = sum(v >= reader.Q_TAIL_MIN for v in vals)
    assert n_ok >= 0.9 * len(vals), f"{n_ok}/{len(vals)}; weakest looped Q tail {min(vals):.3f}"


def test_bowl_tail_zero_without_a_bowl():
    m = np.zeros((40, 20), np.uint8)
    m[2:38, 8:12] = 255  # a bar: no hole
    assert bowl_tail(m) == 0.0
    ring = np.zeros((40, 30), np.uint8)
    import cv2
    cv2.ellipse(ring, (15, 20), (11, 17), 0, 0, 360, 255, 4)
    assert bowl_tail(ring) < 0.04


def test_lone_zeros_never_accepted(fonts):
    """Photos whose index is a lone "0" in every 4th installed font: none accepted."""
    acc = []
    for i, f in enumerate(fonts[::4]):
        r, _ = read_with_glyph(lambda rng, f=f: render._text_mask_pil("0", f, 96, 1.0), 10,
                               render.SUITS[i % 4], SEED + 100 + i)
        if r.accepted:
            acc.append((f, r.label, r.confidence))
    assert not acc, acc


def test_looped_queens_accepted():
    n = 16
    rs = [read_with_glyph(render.looped_q, 12, render.SUITS[i % 4], SEED + 200 + i)[0] for i in range(n)]
    assert all(r.rank == 12 for r in rs if r.accepted), [r.label for r in rs if r.accepted]
    assert sum(r.accepted for r in rs) >= 0.75 * n, [f"{r.label} {r.confidence:.2f}" for r in rs]


def _raw(masks):
    from recognition.glyphs import glyph_features
    from recognition.model import default_models
    return default_models()["rank"].predict_proba(np.stack([glyph_features(m) for m in masks]))


def test_check_moves_junk_to_q_for_queens_only(fonts):
    """Glyph level: the junk mass of tailed queens goes to Q; zeros keep theirs."""
    rng = np.random.default_rng(SEED + 2)
    queens = [_index_size(render.looped_q(rng), rng, float(rng.uniform(0.5, 1.1))) for _ in range(30)]
    queens += [_index_size(render._text_mask_pil("Q", f, 96, 1.0), rng, float(rng.uniform(0.5, 1.1)))
               for f in fonts[::6]]
    raw, adj = _raw(queens), reader.rank_probs(queens)
    moved = [i for i in range(len(queens)) if adj[i, 11] > raw[i, 11] + 1e-6]
    for i in moved:
        assert abs(adj[i, 11] - raw[i, 11] - raw[i, 13]) < 1e-5
    # the queens the net doubts (junk >= 0.1 and Q its best rank) are the ones lifted
    doubted = [i for i in range(len(queens)) if raw[i, 13] >= 0.1 and raw[i, :13].argmax() == 11]
    assert doubted, "no doubted queen: the test would not test anything"
    assert len(set(doubted) & set(moved)) >= 0.8 * len(doubted), (len(doubted), len(moved))
    zeros = [_index_size(render._text_mask_pil("0", f, 96, 1.0), rng, a) for f in fonts for a in (0.5, 0.9)]
    rz, az = _raw(zeros), reader.rank_probs(zeros)
    assert np.allclose(az, rz[:, :13]), "junk mass of a zero moved"
