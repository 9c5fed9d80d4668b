"""The second-stage Q check (reader.Q_TAIL_MIN, glyphs.bowl_tail) on rendered glyphs and photos.

A lone "0" (a "10" whose "1" was lost) must never be accepted, as "Q" or anything;
tall queens whose tail leaves the bowl must be accepted. Nothing here uses real photos,
and the fonts are the shipped ones (card_images/fonts/), never the machine's.
"""

import numpy as np
import pytest

import card_images.render as render
from card_images.zero_vs_q import centres, read_with_glyph, shipped_fonts
from card_images.zero_vs_q import index_size as _index_size
from recognition import glyphs, reader
from recognition.glyphs import bowl_tail

SEED = 32_000_000


@pytest.fixture(scope="module")
def fonts():
    """The shipped rank fonts (card_images/fonts/): the same on every machine."""
    f = shipped_fonts()
    assert len(f) >= 20, f"shipped rank fonts missing: {f}"
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
    """Glyph level: the junk and "10" mass of doubted queens with a tail goes to Q; only
    tailed bowls are lifted; zeros keep their mass. Queens: looped ones and, in every shipped
    font, its "Q" and its "O" plus a drawn tail, condensed as indices are."""
    rng = np.random.default_rng(SEED + 2)
    queens = [_index_size(render.looped_q(rng), rng, float(rng.uniform(0.5, 1.1))) for _ in range(30)]
    for f in fonts:
        for a in (0.45, 0.6, 0.8, 1.0):
            queens.append(_index_size(render._text_mask_pil("Q", f, 96, 1.0), rng, a))
            queens.append(_index_size(render._q_from_o(f, 96, rng), rng, a))
    raw, adj = _raw(queens), reader.rank_probs(queens)
    moved = [i for i in range(len(queens)) if adj[i, 11] > raw[i, 11] + 1e-6]
    for i in moved:
        assert abs(adj[i, 11] - raw[i, 11] - raw[i, 13] - raw[i, 9]) < 1e-5
        assert adj[i, 9] == 0.0
        assert bowl_tail(queens[i]) >= reader.Q_TAIL_MIN
    # the queens the net doubts (junk >= 0.1 and Q its best rank): those with a tail are lifted
    doubted = [i for i in range(len(queens)) if raw[i, 13] >= 0.1 and raw[i, :13].argmax() == 11]
    tailed = [i for i in doubted if bowl_tail(queens[i]) >= reader.Q_TAIL_MIN]
    assert tailed, f"no doubted queen with a tail among {len(doubted)} doubted: the test would not test anything"
    assert set(tailed) <= set(moved), sorted(set(tailed) - set(moved))
    zeros = [_index_size(render._text_mask_pil("0", f, 96, 1.0), rng, a) for f in fonts for a in (0.5, 0.9)]
    rz, az = _raw(zeros), reader.rank_probs(zeros)
    assert np.allclose(az, rz[:, :13]), "junk mass of a zero moved"


def test_touching_tens_keep_their_mass(fonts):
    """A "10" whose digits touch has a deep lower notch (the "1" beside the "0") but its
    bowl lies right of centre: the check must leave it alone (it would move its "10"
    mass to "Q")."""
    rng = np.random.default_rng(SEED + 3)
    tens = [_index_size(render._text_mask_pil("10", f, 96, sq), rng, a)
            for f in fonts for sq in (-0.6, -0.3) for a in (0.6, 1.0)]
    raw, adj = _raw(tens), reader.rank_probs(tens)
    changed = [i for i in range(len(tens)) if not np.allclose(adj[i], raw[i, :13])]
    assert not changed, [(i, raw[i, 9].round(2), adj[i, 11].round(2)) for i in changed]


def test_bowl_centre_separates_queens_from_touching_tens(fonts):
    c = centres(fonts[::3])
    assert len(c["Q"]) > 100 and len(c["10"]) > 5, {k: len(v) for k, v in c.items()}
    assert max(c["Q"]) < glyphs.BOWL_CENTRE_MAX < min(c["10"]), (max(c["Q"]), min(c["10"]))


class _FakeRankNet:
    def __init__(self, rows):
        self.rows = np.asarray(rows, np.float64)

    def predict_proba(self, x):
        return self.rows[: len(x)]


def test_ten_mass_moves_only_when_q_leads_the_other_ranks(monkeypatch):
    """The rule itself, with chosen net outputs for a tailed queen's glyph: junk and "10"
    go to "Q" when "Q" leads every rank but "10"; nothing moves when another rank leads."""
    rng = np.random.default_rng(SEED + 4)
    q = next(m for m in (_index_size(render.looped_q(rng), rng, 0.7) for _ in range(20))
             if bowl_tail(m) >= reader.Q_TAIL_MIN)
    p_lead = np.zeros(14)
    p_lead[[11, 9, 13, 10]] = [0.18, 0.21, 0.57, 0.04]  # Q, 10, junk, J: Q leads all but 10
    p_other = np.zeros(14)
    p_other[[11, 9, 13, 7]] = [0.18, 0.21, 0.41, 0.20]  # "8" leads Q
    models = {"rank": _FakeRankNet([p_lead, p_other])}
    monkeypatch.setattr(reader, "default_models", lambda: models)
    adj = reader.rank_probs([q, q])
    assert adj[0, 11] == pytest.approx(0.96) and adj[0, 9] == 0.0
    assert np.allclose(adj[1], p_other[:13])
