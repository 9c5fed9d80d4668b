"""Splitting an index corner into its rank and suit glyphs, and glyph features.

The same ``glyph_features`` is used when training (on rendered glyphs) and reading.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import CARD_W

NORM = 32  # normalised glyph canvas (px)
_CELL = 8
_BINS = 9
_NCELL = (NORM // _CELL) ** 2
FEATURE_SIZE = _NCELL * _BINS + 144 + 1
_cy, _cx = np.mgrid[0:NORM, 0:NORM]
_CELL_ID = ((_cy // _CELL) * (NORM // _CELL) + _cx // _CELL).ravel()


def _hog(canvas: np.ndarray) -> np.ndarray:
    """Histogram of oriented gradients, 4x4 cells x 9 unsigned bins, L2-Hys normalised."""
    f = canvas.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy)
    b = np.minimum((np.mod(ang, np.pi) * (_BINS / np.pi)).astype(np.int32), _BINS - 1).ravel()
    h = np.bincount(_CELL_ID * _BINS + b, weights=mag.ravel(), minlength=_NCELL * _BINS)
    h = h / (np.linalg.norm(h) + 1e-6)
    h = np.minimum(h, 0.2)
    return (h / (np.linalg.norm(h) + 1e-6)).astype(np.float32)


@dataclass
class IndexGlyphs:
    rank_mask: np.ndarray  # uint8 ink=255, tight crop
    suit_mask: np.ndarray  # uint8 ink=255, tight crop
    redness: float  # hue-like, ≈0 black ink, ≈0.4-1 red ink (after white balance on the paper)
    rank_box: tuple[int, int, int, int]  # x, y, w, h in the corner crop
    suit_box: tuple[int, int, int, int]
    ink_ratio: tuple[float, float, float] = (1.0, 1.0, 1.0)  # ink / paper per channel (B, G, R)


def glyph_features(mask: np.ndarray) -> np.ndarray:
    """Feature vector (float32, 1-D) of a glyph mask (uint8, ink>127), any size.

    Aspect-preserving resize of the ink bounding box into a NORM×NORM canvas, then HOG,
    a 12×12 thumbnail and the log aspect ratio.
    """
    made = _canvas(mask)
    if made is None:
        return np.zeros(FEATURE_SIZE, np.float32)
    canvas, aspect = made
    hog = _hog(canvas) * 3.0
    thumb = cv2.resize(canvas, (12, 12), interpolation=cv2.INTER_AREA).ravel().astype(np.float32) / 255.0
    return np.concatenate([hog, thumb, [aspect]]).astype(np.float32)


def _canvas(mask: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The glyph's ink box resized (aspect kept) into a NORM x NORM canvas with a margin of
    at least 2 px, and log(h / w) / 2 of the box; None when the mask has no ink."""
    x, y, w, h = cv2.boundingRect(np.ascontiguousarray(mask > 127).view(np.uint8))
    if w == 0 or h == 0:
        return None
    m = mask[y:y + h, x:x + w]
    inner = NORM - 4
    sc = inner / max(h, w)
    nh, nw = max(1, int(round(h * sc))), max(1, int(round(w * sc)))
    r = cv2.resize(m, (nw, nh), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((NORM, NORM), np.uint8)
    y0, x0 = (NORM - nh) // 2, (NORM - nw) // 2
    canvas[y0:y0 + nh, x0:x0 + nw] = r
    return canvas, float(np.log(h / w) / 2)


def glyph_features_many(masks: list) -> np.ndarray:
    """(N, FEATURE_SIZE) float32: ``glyph_features`` of each glyph mask of masks (N >= 0),
    computed with one gradient, one polar and one thumbnail call for all of them.

    The NORM x NORM canvases are stacked one above the other; every canvas has at least 2
    empty rows at its top and bottom, so the 3x3 Sobel sees the same zeros across a seam as
    at an image border, and NORM / 12 thumbnails do not cross a seam: the result equals
    ``glyph_features`` row for row (tests/recognition/test_glyph_features.py).
    """
    n = len(masks)
    out = np.zeros((n, FEATURE_SIZE), np.float32)
    made = [_canvas(m) for m in masks]
    idx = [i for i, c in enumerate(made) if c is not None]
    kept = [c for c in made if c is not None]
    if not kept:
        return out
    stack = np.concatenate([c[0] for c in kept])  # (k * NORM, NORM)
    f = stack.astype(np.float32)
    gx = cv2.Sobel(f, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(f, cv2.CV_32F, 0, 1, ksize=3)
    mag, ang = cv2.cartToPolar(gx, gy)
    k = len(idx)
    b = np.minimum((np.mod(ang, np.pi) * (_BINS / np.pi)).astype(np.int32), _BINS - 1).reshape(k, NORM * NORM)
    cells = np.arange(k)[:, None] * (_NCELL * _BINS) + _CELL_ID[None, :] * _BINS + b
    h = np.bincount(cells.ravel(), weights=mag.reshape(k, -1).ravel().astype(np.float64),
                    minlength=k * _NCELL * _BINS).reshape(k, _NCELL * _BINS)
    h = h / (np.linalg.norm(h, axis=1, keepdims=True) + 1e-6)
    h = np.minimum(h, 0.2)
    hog = (h / (np.linalg.norm(h, axis=1, keepdims=True) + 1e-6)).astype(np.float32) * 3.0
    thumb = cv2.resize(stack, (12, 12 * k), interpolation=cv2.INTER_AREA).reshape(k, 144).astype(np.float32) / 255.0
    out[idx, :_NCELL * _BINS] = hog
    out[idx, _NCELL * _BINS:-1] = thumb
    out[idx, -1] = [c[1] for c in kept]
    return out


def ink_map(corner: np.ndarray) -> np.ndarray:
    """255 - min(B, G, R): dark and saturated (red) ink both come out high."""
    b, g, r = cv2.split(corner)
    return cv2.bitwise_not(cv2.min(cv2.min(b, g), r))


def _percentiles(img: np.ndarray, qs) -> list[float]:
    cum = cv2.calcHist([img], [0], None, [256], [0, 256]).ravel().astype(np.int64).cumsum()  # no copy of a slice
    return np.searchsorted(cum, np.asarray(qs, np.float64) / 100.0 * cum[-1]).astype(float).tolist()


def _select(lab: np.ndarray, ids: list[int]) -> np.ndarray:
    m = lab == ids[0]
    for i in ids[1:]:
        m |= lab == i
    return m


@dataclass
class Corner:
    """An upright corner crop thresholded once for every index layout: ``prepare(corner)``."""

    image: np.ndarray  # (h, w, 3) BGR uint8
    ink: np.ndarray  # ink_map, blurred 3x3
    paper: float  # ink level of the paper (40th percentile of the interior)
    top: float  # ink level of the darkest ink (99.5th percentile)
    binm: np.ndarray  # (h, w) uint8 0/1: ink
    n: int  # connected components of binm (incl. the background, 0)
    lab: np.ndarray
    stats: np.ndarray


# The ink threshold, as a fraction of the way from the paper's ink level to the darkest ink's.
INK_LEVEL = 0.45


def prepare(corner: np.ndarray, zone: float = 1.0, box: tuple[int, int, int, int] | None = None,
            level: float = INK_LEVEL) -> Corner | None:
    """Threshold an upright corner crop (h, w, 3) BGR uint8 between its paper and its darkest
    ink and label the ink's pieces; None when there is no ink (darkest ink < 25 above paper).
    zone: the levels come from the top ``zone`` fraction of the crop's rows only (0.5: where
    the index lies, so that dark artwork lower in a 三国杀-style corner does not lift the
    threshold above a thin, faint rank; issue 18). box: (x0, y0, x1, y1) crop pixels, the
    levels come from that box only (instead of zone): where a spot's index lies
    (``reader._read_spot``), so that a dark table beside a small card does not set them.
    level: the threshold, this fraction of the way from the paper to the darkest ink
    (INK_LEVEL; the small-index read and the wide read also try lower ones: a glyph a few
    pixels tall is blurred, its ink paler than the darkest ink of the crop, and it shrinks or
    breaks at 0.45; issue 18)."""
    ink = ink_map(corner)
    ink = cv2.GaussianBlur(ink, (3, 3), 0)
    # levels from the interior: a strip of table at the crop's edge must not set them
    y1 = -2 if zone >= 1.0 else max(12, int(zone * ink.shape[0]))
    region = ink[6:y1, 6:-2] if box is None else ink[box[1]:box[3], box[0]:box[2]]
    paper, top = _percentiles(region, (40, 99.5))
    if top - paper < 25:
        return None
    thr = paper + (top - paper) * level
    binm = (ink > thr).astype(np.uint8)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(binm, connectivity=8)
    return Corner(corner, ink, paper, top, binm, n, lab, stats)


def segment_index(corner: np.ndarray, prep: Corner | None = None) -> IndexGlyphs | None:
    """Find the rank (top) and suit (below it) glyphs in an upright corner crop.

    corner: (h, w, 3) uint8 BGR from ``warp_corner``; prep: ``prepare(corner)`` when the
    caller has it. Returns None when no plausible rank-over-suit pair is found.
    """
    p = prep if prep is not None else prepare(corner)
    if p is None:
        return None
    ink, paper, top, binm, n, lab, stats = p.ink, p.paper, p.top, p.binm, p.n, p.lab, p.stats
    H, W = binm.shape
    unit = CARD_W
    sx, sy, sw, sh, sa = stats[1:].T
    ok = (sh >= 0.03 * unit) & (sh <= 0.2 * unit) & (sw <= 0.22 * unit) & (sa >= 10)
    edge = (sx <= 0) | (sy <= 0) | (sx + sw >= W) | (sy + sh >= H)  # touches the card edge / background
    ids = np.arange(1, n)
    boxes = np.column_stack([ids, stats[1:, :4]])
    cands = [tuple(c) for c in boxes[ok & ~edge].tolist()]
    # glyph-sized (not a frame line) but cut by the border: maybe part of the index
    cut = [tuple(c) for c in boxes[ok & edge & (sw >= 0.25 * sh)].tolist()]
    small = ids[sa >= 4].tolist()  # pieces big enough to join the rank or the suit
    if not cands:
        return None
    cands.sort(key=lambda c: c[2])
    seed = next((c for c in cands if c[1] + c[3] / 2 < 0.75 * W), None)
    if seed is None:
        return None
    rank = [seed]
    sy0, sy1 = seed[2], seed[2] + seed[4]
    rx0, rx1 = seed[1], seed[1] + seed[3]
    for c in cands:
        if c is seed:
            continue
        cy = c[2] + c[4] / 2
        gap = max(c[1] - rx1, rx0 - (c[1] + c[3]))
        if sy0 <= cy <= sy1 and gap < 0.45 * seed[4] and c[4] > 0.5 * seed[4]:
            rank.append(c)
            rx0, rx1 = min(rx0, c[1]), max(rx1, c[1] + c[3])
    ry0 = min(c[2] for c in rank)
    ry1 = max(c[2] + c[4] for c in rank)
    rh = ry1 - ry0
    suit = None
    for c in cands:
        if c in rank:
            continue
        cx = c[1] + c[3] / 2
        if c[2] >= ry1 - 0.15 * rh and c[2] - ry1 < 1.0 * rh and rx0 - 0.3 * rh <= cx <= rx1 + 0.3 * rh:
            if c[4] < 0.35 * rh:
                continue
            suit = c
            break
    if suit is None:
        return None
    # refuse when a glyph-sized piece cut by the crop border continues the rank's row
    # (e.g. the "0" of a "10") or stands right beside the suit: the index is not wholly
    # inside the crop
    def _beside(c, box, gap_max):
        bx0, by0, bx1, by1 = box
        ov = min(by1, c[2] + c[4]) - max(by0, c[2])
        gap = max(c[1] - bx1, bx0 - (c[1] + c[3]))
        return ov >= 0.6 * (by1 - by0) and 0.6 * (by1 - by0) <= c[4] <= 1.5 * (by1 - by0) and gap < gap_max

    for c in cut:
        if _beside(c, (rx0, ry0, rx1, ry1), 0.3 * rh) or \
                _beside(c, (suit[1], suit[2], suit[1] + suit[3], suit[2] + suit[4]), 0.3 * rh):
            return None
    rids = [c[0] for c in rank]
    # fragments of the rank (e.g. the thin foot of a "2" broken off by the threshold)
    # lying under it and above the suit join the rank
    for i in small:
        if i in rids or i == suit[0]:
            continue
        x, y, w, h, a = stats[i].tolist()
        if y >= ry0 and y + h <= suit[2] + 1 and x >= rx0 - 0.25 * rh and x + w <= rx1 + 0.25 * rh:
            rids.append(i)
            rx0, rx1, ry1 = min(rx0, x), max(rx1, x + w), max(ry1, y + h)
    rh = ry1 - ry0
    # merge pieces of the suit (e.g. a thin stem) lying inside its column band
    sx0, sx1, sy0, sy1 = suit[1], suit[1] + suit[3], suit[2], suit[2] + suit[4]
    sids = [suit[0]]
    for i in small:
        if i == suit[0] or i in rids:
            continue
        x, y, w, h, a = stats[i].tolist()
        if x >= sx0 - 2 and x + w <= sx1 + 2 and y >= sy0 - 0.3 * rh and y + h <= sy1 + 0.3 * rh:
            sids.append(i)
            sx0, sx1, sy0, sy1 = min(sx0, x), max(sx1, x + w), min(sy0, y), max(sy1, y + h)
    rmask = _select(lab[ry0:ry1, rx0:rx1], rids).view(np.uint8) * 255
    smask = _select(lab[sy0:sy1, sx0:sx1], sids).view(np.uint8) * 255
    # colour: white-balance on the paper, then compare red against green/blue
    redness, ratio = _ink_colour(corner, binm, _select(lab, rids + sids), ink, paper, top)
    return IndexGlyphs(rmask, smask, redness, (rx0, ry0, rx1 - rx0, rh), (sx0, sy0, sx1 - sx0, sy1 - sy0), ratio)


def bowl_tail(mask: np.ndarray) -> float:
    """How far a tail sticks out of a closed bowl, as a fraction of the glyph height.

    mask: uint8 glyph mask (ink > 127), e.g. ``IndexGlyphs.rank_mask``. Returns 0 unless
    the glyph's largest piece encloses a hole at least BOWL_MIN_HOLE of its height tall
    (a "0", "O" or "Q" bowl) and is rounded at both top corners (in its top rows the ink
    stays at least ROUND_TOP_MIN of its width away from both sides; a stem, as in "p",
    "q", "P", "R", "b", "d", fills a corner). Otherwise: the depth of the deepest concavity of that
    piece's outline (convexity defect) whose deepest point lies in the lower half,
    divided by the glyph height. A "0" is a convex ring (≈ 0.01-0.03 whatever the font);
    a "Q" whose tail leaves the bowl has a notch between bowl and tail. The bowl must
    also lie centred or left of centre (its hole's centre at most BOWL_CENTRE_MAX of the
    width from the left): in a "10" whose digits touch, the "1" beside the "0" also
    makes a deep lower notch, but the hole lies right of centre. Used by the reader's
    second-stage Q check (``reader.Q_TAIL_MIN``).
    """
    b = _bowl(mask)
    if b is None:
        return 0.0
    m, cnt, (x, y, w, h), (hx, _, hw, hh) = b
    if hh < BOWL_MIN_HOLE * h or hx + hw / 2 - x > BOWL_CENTRE_MAX * w:
        return 0.0
    band = m[y:y + max(2, int(round(0.08 * h))), x:x + w].any(0)
    cols = np.flatnonzero(band)
    if min(cols[0], w - 1 - cols[-1]) < ROUND_TOP_MIN * w:
        return 0.0
    hull = cv2.convexHull(cnt, returnPoints=False)
    try:
        d = cv2.convexityDefects(cnt, hull)
    except cv2.error:  # self-intersecting hull order on tiny/odd outlines
        return 0.0
    if d is None:
        return 0.0
    d = d.reshape(-1, 4)
    far_y = cnt[d[:, 2], 0, 1]
    low = d[far_y >= y + 0.5 * h, 3]
    return float(low.max()) / 256.0 / h if len(low) else 0.0


def _bowl(mask: np.ndarray):
    """(bordered 0/1 mask, outline of the largest piece, its bounding box, bounding box of
    its tallest hole) or None when that piece has no hole or is tiny."""
    m0 = (mask > 127).view(np.uint8) if mask.dtype == np.uint8 else (mask > 127).astype(np.uint8)
    m = cv2.copyMakeBorder(m0, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    cnts, hier = cv2.findContours(m, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if not cnts:
        return None
    hier = hier[0]
    outer = [i for i in range(len(cnts)) if hier[i][3] == -1]
    o = max(outer, key=lambda i: cv2.contourArea(cnts[i]))
    box = cv2.boundingRect(cnts[o])
    if box[3] < 8 or len(cnts[o]) < 4:
        return None
    holes = [cv2.boundingRect(cnts[i]) for i in range(len(cnts)) if hier[i][3] == o]
    return None if not holes else (m, cnts[o], box, max(holes, key=lambda r: r[3]))


def bowl_centre(mask: np.ndarray) -> float | None:
    """Centre of the tallest hole of the glyph's largest piece, as a fraction of that
    piece's width from its left (None: no hole). For the evidence behind BOWL_CENTRE_MAX."""
    b = _bowl(mask)
    if b is None:
        return None
    _, _, (x, _, w, _), (hx, _, hw, _) = b
    return (hx + hw / 2 - x) / w


BOWL_MIN_HOLE = 0.4  # a bowl: a hole at least this fraction of the glyph height
# Hole centre (fraction of the glyph width from its left), on rendered index-size glyphs
# that pass bowl_tail without this condition (`card_images/zero_vs_q.py --centre`):
# 1167 queens (looped_q, every installed font's "Q" and "O"+tail, condensed 0.45-1.0)
# at most 0.545; 159 "10"s whose digits touch at least 0.632. 0.58 lies between.
BOWL_CENTRE_MAX = 0.58
ROUND_TOP_MIN = 0.1  # rounded top: top rows' ink this far (fraction of width) from both sides


# --- other index layouts (三国杀-style prints) --------------------------------------

def _ink_colour(corner: np.ndarray, binm: np.ndarray, allink: np.ndarray, ink: np.ndarray,
                paper: float, top: float) -> tuple[float, tuple[float, float, float]]:
    """(redness, ink/paper ratio per channel) of the pixels ``allink`` of a corner (paper level ``paper``,
    ink level ``top``): the colour measure of every index layout."""
    pb = np.array(cv2.mean(corner, mask=(binm == 0).view(np.uint8))[:3], np.float32) + 1.0
    strong = allink & (ink > paper + (top - paper) * 0.6)
    if np.count_nonzero(strong) < 5:
        strong = allink
    ib = np.array(cv2.mean(corner, mask=strong.view(np.uint8))[:3], np.float32)
    ratio = ib / pb
    # how much darker than the paper the ink is, per channel: black ink darkens all three
    # alike, red ink darkens green and blue but hardly red. Dividing by the strongest
    # darkening makes the measure a hue, independent of how faint (thin, blurred) the ink is.
    dark = 1.0 - ratio
    redness = float((min(dark[0], dark[1]) - dark[2]) / max(float(dark.max()), 0.05))
    return redness, (float(ratio[0]), float(ratio[1]), float(ratio[2]))


def segment_index_layouts(corner: np.ndarray, prep: Corner | None = None, first: IndexGlyphs | None = None,
                          first_known: bool = False) -> list[IndexGlyphs]:
    """Every plausible (rank, suit) reading of an upright corner crop's index, whatever its
    layout: rank above suit (``segment_index``), suit above rank, and rank and suit side by
    side (either first), as 三国杀-style prints set them. The caller classifies each and
    keeps the best; a wrong assignment (a suit read by the rank net) scores as junk.

    corner: (h, w, 3) uint8 BGR from ``warp_corner``; prep: ``prepare(corner)`` when the
    caller has it; first: ``segment_index``'s result when
    first_known. Returns [] when nothing is found.
    """
    out = []
    p = prep if prep is not None else prepare(corner)
    g = first if first_known else (segment_index(corner, p) if p is not None else None)
    if g is not None:
        out.append(g)
    if p is None:
        return out
    ink, paper, top, binm, n, lab, stats = p.ink, p.paper, p.top, p.binm, p.n, p.lab, p.stats
    H, W = binm.shape
    unit = CARD_W
    sx, sy, sw, sh, sa = stats[1:].T
    ok = (sh >= 0.03 * unit) & (sh <= 0.2 * unit) & (sw <= 0.22 * unit) & (sa >= 10)
    edge = (sx <= 0) | (sy <= 0) | (sx + sw >= W) | (sy + sh >= H)
    cands = sorted((tuple(c) for c in np.column_stack([np.arange(1, n), stats[1:, :4]])[ok & ~edge].tolist()),
                   key=lambda c: c[2])
    seed = next((c for c in cands if c[1] + c[3] / 2 < 0.75 * W), None)
    if seed is None:
        return out

    def row_of(first):
        """first and the pieces chained to it, left and right, on its row (a "10")."""
        row = [first]
        y0, y1 = first[2], first[2] + first[4]
        grown = True
        while grown:
            grown = False
            x0, x1 = min(c[1] for c in row), max(c[1] + c[3] for c in row)
            for c in cands:
                if c in row:
                    continue
                gap = max(c[1] - x1, x0 - (c[1] + c[3]))
                if y0 <= c[2] + c[4] / 2 <= y1 and gap < 0.6 * first[4] and c[4] > 0.4 * first[4]:
                    row.append(c)
                    grown = True
        return sorted(row, key=lambda c: c[1])

    def glyphs(rank, suit):
        rx0, ry0 = min(c[1] for c in rank), min(c[2] for c in rank)
        rx1, ry1 = max(c[1] + c[3] for c in rank), max(c[2] + c[4] for c in rank)
        s = suit
        if ry1 - ry0 < 0.8 * s[4] or any(c[4] < 0.6 * (ry1 - ry0) for c in rank):
            return None  # a rank is about as tall as the suit or taller, its pieces alike (not a broken-off bowl)
        rids, sids = [c[0] for c in rank], [s[0]]
        rmask = _select(lab[ry0:ry1, rx0:rx1], rids).view(np.uint8) * 255
        smask = (lab[s[2]:s[2] + s[4], s[1]:s[1] + s[3]] == s[0]).view(np.uint8) * 255
        redness, ratio = _ink_colour(corner, binm, _select(lab, rids + sids), ink, paper, top)
        return IndexGlyphs(rmask, smask, redness, (rx0, ry0, rx1 - rx0, ry1 - ry0), (s[1], s[2], s[3], s[4]), ratio)

    row = row_of(seed)
    if len(row) >= 2:  # side by side: split the row between a rank (1-2 pieces) and a suit (1 piece)
        if len(row) <= 3:
            out += [g for g in (glyphs(row[:-1], row[-1]), glyphs(row[1:], row[0])) if g is not None]
    else:  # suit above rank: the next glyph(s) below the seed
        sx0, sx1, sy1, h = seed[1], seed[1] + seed[3], seed[2] + seed[4], seed[4]
        below = next((c for c in cands if c[2] >= sy1 - 0.15 * h and c[2] - sy1 < 1.0 * h
                      and sx0 - 0.5 * h <= c[1] + c[3] / 2 <= sx1 + 0.5 * h and c[4] >= 0.7 * h), None)
        if below is not None:
            rank = row_of(below)
            g = glyphs(rank, seed) if len(rank) <= 2 else None
            if g is not None:
                out.append(g)
    return out
