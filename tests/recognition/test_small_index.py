"""The small-index read of the last pass (issue 18, ``reader._read_quad_small``): a card a
quarter of the frame's size has glyphs of 4-8 px, under MIN_GLYPH_PX; they are read only with
both corners agreeing at SMALL_THRESHOLD. Rendered only; seeds 42 000 000 + i, never used for
training, by the bench or for choosing the constants."""

import functools

import numpy as np

import card_images.render as render
from card_images import scenes
from recognition import reader
from recognition.geometry import order_quad

SEED = 42_000_000


def _letterboxed_quad(img, q, scale):
    h, w = scenes.FRAME
    f = min(h / img.shape[0], w / img.shape[1]) * scale
    nw, nh = max(1, round(img.shape[1] * f)), max(1, round(img.shape[0] * f))
    return order_quad((np.asarray(q, np.float32) + 0.5) * f - 0.5 + np.array([(w - nw) // 2, (h - nh) // 2], np.float32))


@functools.cache
def _quarter_scale_photos():
    """40 rendered photos at a quarter scale: (frame, true quad, suit, rank)."""
    out = []
    for i in range(40):
        rank, suit = i % 13 + 1, render.SUITS[(i // 13) % 4]
        p = render.synth_photo(rank, suit, np.random.default_rng(SEED + i))
        out.append((scenes.letterbox(p.image, 0.25), _letterboxed_quad(p.image, p.quad, 0.25), suit, rank))
    return out


def _quarter_scale_reads():
    """(usual, extra, wrong) on 40 rendered photos at a quarter scale read on their true outline:
    accepted right by ``_read_quad``, accepted right by ``_read_quad_small`` where ``_read_quad``
    refused, accepted wrong by either."""
    usual = extra = wrong = 0
    for frame, q, suit, rank in _quarter_scale_photos():
        r = reader._read_quad(frame, q, reader.ACCEPT_THRESHOLD)
        if r.accepted:
            usual += (r.suit, r.rank) == (suit, rank)
            wrong += (r.suit, r.rank) != (suit, rank)
            continue
        s = reader._read_quad_small(frame, q, reader.ACCEPT_THRESHOLD)
        if s is not None and s.accepted:
            extra += (s.suit, s.rank) == (suit, rank)
            wrong += (s.suit, s.rank) != (suit, rank)
    return usual, extra, wrong


def test_quarter_scale_cards_read_on_their_outline_more_and_never_wrong():
    """Rendered photos at a quarter of the frame, read on their true outline: the small-index
    read accepts cards the usual read refuses, and none wrong."""
    usual, extra, wrong = _quarter_scale_reads()
    assert wrong == 0
    # measured: usual 16, extra 18 of 40 (3 Dec, SMALL_LEVELS; extra 4 at 0.45 alone)
    assert extra >= 14, (usual, extra)


def test_lower_thresholds_read_more_small_indices(monkeypatch):
    """The small read's lower threshold levels (SMALL_LEVELS: a blurred glyph of a few pixels
    is paler than the crop's darkest ink) read more of the same cards than 0.45 alone, none
    wrong."""
    _, extra, _ = _quarter_scale_reads()
    monkeypatch.setattr(reader, "SMALL_LEVELS", (reader.INK_LEVEL,))
    _, extra_one, wrong = _quarter_scale_reads()
    assert wrong == 0
    assert extra >= extra_one + 8, (extra, extra_one)  # measured 18 and 4


def test_small_read_needs_both_corners_and_its_threshold(monkeypatch):
    """Two corners are accepted above SMALL_THRESHOLD only; with one corner blank (paper only) the
    small reading is the other corner's alone (SINGLE_CORNER_FACTOR: at most 0.92), accepted only at
    LONE_SMALL_CONF (4 Dec, rsmall: before, no small reading was given from one corner)."""
    read = []
    for i in range(40):
        rank, suit = i % 13 + 1, render.SUITS[(i // 13) % 4]
        p = render.synth_photo(rank, suit, np.random.default_rng(SEED + i))
        frame = scenes.letterbox(p.image, 0.25)
        q = _letterboxed_quad(p.image, p.quad, 0.25)
        s = reader._read_quad_small(frame, q, reader.ACCEPT_THRESHOLD)
        if s is not None and s.accepted:
            assert s.confidence >= reader.SMALL_THRESHOLD or \
                reader.LONE_SMALL_CONF <= s.confidence <= reader.SINGLE_CORNER_FACTOR + 1e-9
            if s.confidence >= reader.SMALL_THRESHOLD:
                read.append((frame, q))
    assert read
    warp = reader.warp_corner

    def one_blank(frame, quad, turn=0, *a):
        c = warp(frame, quad, turn, *a)
        if turn == 2:
            c[:] = np.median(c.reshape(-1, 3), 0).astype(np.uint8)
        return c

    monkeypatch.setattr(reader, "warp_corner", one_blank)
    for frame, q in read:
        r = reader._read_quad_small(frame, q, reader.ACCEPT_THRESHOLD)
        assert r is None or r.confidence <= reader.SINGLE_CORNER_FACTOR + 1e-9
        assert r is None or not r.accepted or r.confidence >= reader.LONE_SMALL_CONF
