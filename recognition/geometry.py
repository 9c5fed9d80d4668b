"""Finding a card in a frame and warping its corners to a canonical upright view."""

from __future__ import annotations

import math

import cv2
import numpy as np

# Canonical card (portrait) in pixels; the index lives in the top-left corner crop.
CARD_W = 300
CARD_H = 425
CORNER_W = int(CARD_W * 0.32)
CORNER_H = int(CARD_H * 0.36)
DETECT_LONG_SIDE = 360


def order_quad(pts: np.ndarray) -> np.ndarray:
    """Order 4 points clockwise (image coords) so that the first edge is a short side.

    pts: (4, 2) float. Returns (4, 2) float32: the first point is the top-left of a
    portrait card in one of its two upright orientations (0° or 180°).
    """
    pts = np.asarray(pts, np.float32).reshape(4, 2)
    # plain floats: numpy's per-call cost is most of the time on four points (called ~10 times a frame)
    p = pts.tolist()
    cx, cy = (p[0][0] + p[1][0] + p[2][0] + p[3][0]) / 4, (p[0][1] + p[1][1] + p[2][1] + p[3][1]) / 4
    p.sort(key=lambda v: math.atan2(v[1] - cy, v[0] - cx))
    n0 = (p[1][0] - p[0][0]) ** 2 + (p[1][1] - p[0][1]) ** 2  # edges 0-1 and 1-2
    n1 = (p[2][0] - p[1][0]) ** 2 + (p[2][1] - p[1][1]) ** 2
    if n0 > n1:
        p = p[1:] + p[:1]
    return np.array(p, np.float32)


_ROLL1 = np.array([1, 2, 3, 0])
_ROLL2 = np.array([2, 3, 0, 1])


def _quad_from_contour(cnt: np.ndarray) -> np.ndarray:
    return _quad_from_hull(cv2.convexHull(cnt))


def _quad_from_hull(hull: np.ndarray, long_sides: bool = False) -> np.ndarray:
    """A 4-gon approximating the convex hull (N, 1, 2); when none has 4 corners, the quad
    of its four longest sides (long_sides) or its minimum-area rectangle."""
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    q = _quad_from_long_sides(hull, peri) if long_sides else None
    return q if q is not None else cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)


def _quad_from_long_sides(hull: np.ndarray, peri: float) -> np.ndarray | None:
    """The quad whose sides are the lines through the four longest sides of the convex
    hull (N, 1, 2), simplified at 1% of its perimeter: a card with one corner cut (by the
    frame, a finger) or rounded into several short sides still has four long straight
    sides. None when they do not make a convex quad (e.g. two long sides in a row)."""
    pts = cv2.approxPolyDP(hull, 0.01 * peri, True).reshape(-1, 2).astype(np.float32)
    n = len(pts)
    if n < 5:
        return None
    d = np.roll(pts, -1, axis=0) - pts
    L = np.sqrt((d * d).sum(1))
    keep = np.sort(np.argsort(L)[-4:])  # the four longest, in hull order
    if L[keep].sum() < 0.6 * peri:
        return None
    out = []
    for a, b in zip(keep, np.roll(keep, -1), strict=True):
        p, u = pts[a], d[a]
        r, v = pts[b], d[b]
        det = u[0] * v[1] - u[1] * v[0]
        if abs(det) < 1e-6 * L[a] * L[b]:
            return None
        t = ((r[0] - p[0]) * v[1] - (r[1] - p[1]) * v[0]) / det
        out.append(p + t * u)
    q = np.array(out, np.float32)
    if not cv2.isContourConvex(q.reshape(-1, 1, 2)):
        return None
    return q


def _refine_quad(q: np.ndarray, cnt: np.ndarray) -> np.ndarray:
    """Fit a line to the straight middle part of each side and intersect them.

    Rounded card corners pull a polygon approximation inwards; the side lines do not.
    q: (4, 2) ordered corners, cnt: the contour (N, 1, 2). Returns (4, 2) float32.
    """
    pts = cnt.reshape(-1, 2).astype(np.float32)
    d = q[_ROLL1] - q  # the four sides
    L = np.sqrt((d * d).sum(1))
    if L.min() < 4:
        return q
    u = d / L[:, None]
    rel = pts[None, :, :] - q[:, None, :]  # (4, N, 2)
    t = rel[..., 0] * u[:, None, 0] + rel[..., 1] * u[:, None, 1]
    dist = np.abs(rel[..., 0] * u[:, None, 1] - rel[..., 1] * u[:, None, 0])
    keep = (t > 0.2 * L[:, None]) & (t < 0.8 * L[:, None]) & (dist < np.maximum(2.0, 0.04 * L)[:, None])
    lines = []
    for i in range(4):
        sel = pts[keep[i]]
        if len(sel) < 5:
            return q
        vx, vy, x0, y0 = (float(v) for v in cv2.fitLine(sel, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel())
        lines.append((x0, y0, vx, vy))
    corners = []
    for i in range(4):
        (x1, y1, dx1, dy1), (x2, y2, dx2, dy2) = lines[i - 1], lines[i]
        det = dx2 * dy1 - dx1 * dy2  # of [d1, -d2]
        if abs(det) < 1e-6:
            return q
        t0 = ((x2 - x1) * -dy2 + dx2 * (y2 - y1)) / det
        corners.append((x1 + t0 * dx1, y1 + t0 * dy1))
    out = np.array(corners, np.float32)
    if np.abs(out - q).max() > 0.1 * np.ptp(q, axis=0).max():
        return q
    return out


def _score_quad(q: np.ndarray, cnt_area: float, img_area: float,
                min_frac: float = 0.02, min_fill: float = 0.9,
                aspect: tuple[float, float] | None = None) -> tuple[float, np.ndarray | None]:
    """(score, ordered quad); score -1 when the quad does not look like a card.

    The score grows with the square root of the area (a small card far from the camera
    still competes with a large patch of table), with how well the contour fills the
    quad, and is lower for shapes far from a card's 1.4-1.6 aspect (a 16:9 screen or
    photo, a square tile). aspect: the (lowest, highest) long:short ratio kept, open
    bounds; None: (1.15, MAX_ASPECT)."""
    qa = cv2.contourArea(q)
    if qa < min_frac * img_area or qa > 0.97 * img_area:
        return -1.0, None
    fill = cnt_area / qa
    if fill < min_fill or fill > 1.08:
        return -1.0, None
    o = order_quad(q)
    p = o.tolist()
    L = [math.dist(p[i], p[(i + 1) % 4]) for i in range(4)]  # edges 0-1, 1-2, 2-3, 3-0
    short = (L[0] + L[2]) / 2
    long_ = (L[1] + L[3]) / 2
    if short < 1:
        return -1.0, None
    ratio = long_ / short
    lo, hi = aspect if aspect is not None else (1.15, MAX_ASPECT)
    if not lo < ratio < hi:
        return -1.0, None
    shape = 1.0 if 1.3 <= ratio <= 1.65 else 0.6
    return float(np.sqrt(qa / img_area)) * min(fill, 1.0) ** 8 * shape, o


# Outlines are card-shaped up to this long:short ratio (1.9 before issue 18): a card whose
# index-less corner is cut off by the frame's edge, or seen at a slant, is longer.
MAX_ASPECT = 1.9
# The fallback search keeps outlines from this long:short range (issue 18, outline): a card tilted
# towards or away from the camera is foreshortened along its long side down to a square, or along
# its short side to over 2:1 (rendered photos, whose corners are jittered by up to 12% of the
# card's height; 17 of the 87 frames no outline was found for on the development seeds lay outside
# 1.15-1.9). Scored x 0.6 as every outline outside 1.3-1.65.
FALLBACK_ASPECT = (1.0, 2.2)


def _percentiles_of(hist: np.ndarray, qs) -> list[int]:
    """Grey levels at percentiles qs (0..100) of a 256-bin histogram."""
    c = hist.cumsum()
    return [int(np.searchsorted(c, q / 100.0 * c[-1])) for q in qs]


def find_cards(frame: np.ndarray, max_candidates: int = 4) -> list[np.ndarray]:
    """Card-like quadrilaterals in a BGR frame, most likely first.

    frame: (H, W, 3) uint8. Bright convex regions with a card's aspect ratio, found
    at several grey levels on a downscaled copy (DETECT_LONG_SIDE), and closed edge
    outlines; small ones are outlined again at full resolution. Each quad is (4, 2)
    float32 in frame pixels, ordered by ``order_quad``. When the frame itself is
    card-shaped (a cropped card), its border is appended as a last candidate.
    """
    return [c.quad() for c in card_candidates(frame, max_candidates)]


# Smallest outline searched, as a fraction of the downscaled frame's area: a card 8% of a
# 16:9 frame's height is ~0.25% of it.
MIN_CARD_AREA = 0.0015
# Outlines whose long side is shorter than this on the downscaled copy are outlined again
# on a full-resolution crop around them (at 360 px a quad corner is only good to ~3 frame
# pixels, too coarse for a small card's index).
REFINE_BELOW = 80
# Grey levels tried: Otsu's, fixed percentiles, and LEVELS evenly spaced levels between the
# 5th and 99.5th percentile (a card beside a large dark or light region, e.g. a letterboxed
# frame or a dark cloth, is separated only at levels the percentiles would miss).
LEVELS = 4


# Corners of cards whose long side is below this fraction of CARD_H are warped bicubic.
CUBIC_BELOW = 0.75


class Candidate:
    """A card outline found on the downscaled grey image; ``quad()`` refines it (once)
    and returns it in frame pixels. Refining costs ~0.5 ms, so the reader refines only
    the candidates it actually reads."""

    __slots__ = ("_q", "_cnt", "_s", "_quad", "_level", "_gray", "_inset", "_aspect")

    def __init__(self, q: np.ndarray, cnt: np.ndarray | None, s: float,
                 level: int | None = None, gray: "np.ndarray | _Lazy | None" = None, inset: float = 0.0,
                 aspect: tuple[float, float] | None = None):
        self._q, self._cnt, self._s = q, cnt, s
        self._quad: np.ndarray | None = None
        self._level, self._gray = level, gray
        self._inset = inset  # pixels of the downscaled copy the refined sides are moved inwards
        self._aspect = aspect  # the long:short range it was found with (None: the usual one)

    def outline(self) -> np.ndarray:
        """The quad in frame pixels without refining it (the refined one once known)."""
        return self._quad if self._quad is not None else self._q / self._s

    def quad(self) -> np.ndarray:
        if self._quad is None:
            q = None
            if self._gray is not None and self._s < 1.0 and _long_side(self._q) < REFINE_BELOW:
                full = self._gray.get() if isinstance(self._gray, _Lazy) else self._gray
                q = _outline_again(full, self._q / self._s, self._level, self._aspect)
            if q is None:
                q = (self._q if self._cnt is None else _refine_quad(self._q, self._cnt))
                q = (_inset_quad(q, self._inset) if self._inset else q) / self._s
            self._quad = order_quad(q)
        return self._quad


def _inset_quad(q: np.ndarray, d: float) -> np.ndarray:
    """Convex quad q (4, 2) with each side moved d pixels towards its inside (outwards for a
    negative d; the sides' lines offset and intersected again). Returns (4, 2) float32; q itself when degenerate."""
    q = np.asarray(q, np.float32)
    e = q[_ROLL1] - q
    L = np.sqrt((e * e).sum(1))
    if L.min() < 4 * abs(d) + 1:
        return q
    n = np.stack([-e[:, 1], e[:, 0]], 1) / L[:, None]  # a normal of each side
    inward = ((q.mean(0) - q) * n).sum(1)
    n *= np.sign(inward)[:, None]
    p = q + d * n  # a point on each moved side i (from q[i] along e[i])
    out = []
    for i in range(4):
        j = i - 1  # sides j and i meet at corner i
        det = e[j, 0] * e[i, 1] - e[j, 1] * e[i, 0]
        if abs(det) < 1e-6:
            return q
        t = ((p[i, 0] - p[j, 0]) * e[i, 1] - (p[i, 1] - p[j, 1]) * e[i, 0]) / det
        out.append(p[j] + t * e[j])
    return np.array(out, np.float32)


def _usual_shape(q: np.ndarray) -> bool:
    """True when the ordered quad q (4, 2) has a long:short ratio within the first searches'
    1.15-MAX_ASPECT."""
    p = np.asarray(q, np.float32).reshape(4, 2).tolist()
    L = [math.dist(p[i], p[(i + 1) % 4]) for i in range(4)]
    return 1.15 < (L[1] + L[3]) / max(1e-6, L[0] + L[2]) < MAX_ASPECT


def _long_side(q: np.ndarray) -> float:
    p = np.asarray(q, np.float32).reshape(4, 2).tolist()  # plain floats: four points
    return max(math.dist(p[i], p[i - 1]) for i in range(4))


def _outline_again(gray: np.ndarray, q: np.ndarray, level: int | None,
                   aspect: tuple[float, float] | None = None) -> np.ndarray | None:
    """The outline of the card found as quad q (frame pixels) on a full-resolution crop of
    the grey frame around it: thresholded at ``level`` (None: edges), the contour that
    holds q's centre and matches its area, card-shaped within aspect (``_score_quad``).
    None when there is no such contour."""
    h, w = gray.shape
    x0, y0 = q.min(0)
    x1, y1 = q.max(0)
    m = 0.15 * max(x1 - x0, y1 - y0) + 3
    xa, ya = max(0, int(x0 - m)), max(0, int(y0 - m))
    xb, yb = min(w, int(np.ceil(x1 + m)) + 1), min(h, int(np.ceil(y1 + m)) + 1)
    crop = cv2.blur(gray[ya:yb, xa:xb], (3, 3))
    if level is None:
        mask = cv2.dilate(cv2.Canny(crop, 30, 90), np.ones((3, 3), np.uint8))
        cnts, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    else:
        _, mask = cv2.threshold(crop, level, 255, cv2.THRESH_BINARY)
        cnts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    area = cv2.contourArea(q)
    c = (q.mean(0) - np.array([xa, ya], np.float32))
    best, best_d = None, 0.25
    for cnt in cnts:
        if len(cnt) < 8:
            continue
        a = cv2.contourArea(cnt)
        d = abs(a - area) / area
        if d < best_d and cv2.pointPolygonTest(cnt, (float(c[0]), float(c[1])), False) >= 0:
            best, best_d = cnt, d
    if best is None:
        return None
    qq = _quad_from_contour(best)
    crop_area = float(crop.shape[0] * crop.shape[1])
    sc, o = _score_quad(qq, cv2.contourArea(best), crop_area, 0.5 * area / crop_area, aspect=aspect)
    if sc <= 0 or o is None:
        return None
    return _refine_quad(o, best) + np.array([xa, ya], np.float32)


def detect_copy(gray: np.ndarray, side: int = DETECT_LONG_SIDE) -> tuple[np.ndarray, float]:
    """The grey frame (H, W) downscaled to a long side of ``side`` px (DETECT_LONG_SIDE; the
    reader's second pass uses a larger one, ``reader.FINE_LONG_SIDE``) and blurred 3x3, and its
    scale (copy px per frame px, <= 1)."""
    w = gray.shape[1]
    gray = _downscale(gray, side)
    return cv2.blur(gray, (3, 3)), gray.shape[1] / w


def _downscale(img: np.ndarray, side: int = DETECT_LONG_SIDE) -> np.ndarray:
    """img (H, W[, C]) with its long side brought to ``side``: halved with INTER_AREA (fast for
    exact halves), then a small linear step; img itself when not longer."""
    while max(img.shape[:2]) >= 2 * side:
        img = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_AREA)
    if max(img.shape[:2]) > side:
        f = side / max(img.shape[:2])
        img = cv2.resize(img, (round(img.shape[1] * f), round(img.shape[0] * f)), interpolation=cv2.INTER_LINEAR)
    return img


def edge_candidates(gray: np.ndarray, max_candidates: int = 4, small: tuple | None = None,
                    skip: list[np.ndarray] | None = None) -> list[Candidate]:
    """Card outlines from closed edges (Canny) instead of grey levels: a card on a table
    as light as it, or dim and barely brighter than the table. gray: the grey frame
    (H, W) uint8; small: ``detect_copy(gray)`` when known; skip: quads (frame pixels)
    already tried, left out. Costs ~0.4 ms on a 1280x720 frame, so the reader calls it
    only when the grey-level outlines gave no accepted reading."""
    g, s = small if small is not None else detect_copy(gray)
    img_area = float(g.shape[0] * g.shape[1])
    edges = cv2.dilate(cv2.Canny(g, 30, 90), np.ones((3, 3), np.uint8))
    cnts, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found: list = []
    _collect(cnts, MIN_CARD_AREA * img_area, img_area, found, None)
    return _choose(found, g, s, gray, max_candidates, [q * s for q in (skip or [])])


# A closed-edge outline is a contour of the edges dilated by a 3x3 square: its sides lie
# about this many pixels (of the downscaled copy) outside the card's edge (the band's outer
# contour) or inside it (its hole's).
EDGE_INSET = 1.0


def _choose(found: list, g: np.ndarray, s: float, full: np.ndarray, max_candidates: int,
            kept: list[np.ndarray], aspect: tuple[float, float] | None = None) -> list[Candidate]:
    # most likely first; outlines cut by the frame's edge (a lit patch of table, a card
    # partly out of view) after whole ones
    gh, gw = g.shape
    # with a wider aspect range (the fallback): outlines of the usual shape first
    found.sort(key=lambda x: (_on_border(x[1], gw, gh) >= 2, aspect is not None and not _usual_shape(x[1]), -x[0]))
    out: list[Candidate] = []
    for _, q, c, t, *img in found:  # (score, quad, contour, level[, the full image it was found on])
        tol = max(1.5, 0.03 * _long_side(q))
        if all(_quad_distance(q, o) > tol for o in kept):
            kept.append(q)
            # an outer contour (negative oriented area) lies outside the edge, a hole's inside
            inset = 0.0 if t is not None or c is None else EDGE_INSET * (1 if cv2.contourArea(c, True) < 0 else -1)
            out.append(Candidate(q, c, s, t, img[0] if img else full, inset, aspect))
        if len(out) >= max_candidates:
            break
    return out


# An outline that holds another card outline of MERGED_AREA of its area whose inside is at
# least MERGED_CONTRAST grey levels brighter than the band between them is the card merged
# with a lit patch of table around it (a card's own art box or inner frame is darker than,
# or as bright as, the paper around it).
MERGED_AREA = (0.1, 0.8)
MERGED_CONTRAST = 30.0


def holds_brighter_card(q: np.ndarray, others: list[np.ndarray], gray: np.ndarray) -> bool:
    """True when quad q (4, 2; frame pixels) holds one of the quads others (frame pixels) as
    described at MERGED_AREA: q is then a card merged with the table around it, not a card.
    gray: the grey frame (H, W) uint8."""
    q = np.asarray(q, np.float32)
    qa = cv2.contourArea(q)
    x0, y0 = q.min(0)
    x1, y1 = q.max(0)
    poly = q.reshape(-1, 1, 2)
    for b in others:
        b = np.asarray(b, np.float32)
        ba = cv2.contourArea(b)
        if not MERGED_AREA[0] * qa <= ba <= MERGED_AREA[1] * qa:
            continue
        if b[:, 0].min() < x0 or b[:, 1].min() < y0 or b[:, 0].max() > x1 or b[:, 1].max() > y1:
            continue
        if any(cv2.pointPolygonTest(poly, (float(x), float(y)), False) < 0 for x, y in b):
            continue
        xa, ya = max(0, int(x0)), max(0, int(y0))
        xb, yb = min(gray.shape[1], int(np.ceil(x1)) + 1), min(gray.shape[0], int(np.ceil(y1)) + 1)
        crop = gray[ya:yb, xa:xb]
        outer = np.zeros(crop.shape, np.uint8)
        inner = np.zeros(crop.shape, np.uint8)
        off = np.array([xa, ya], np.float32)
        cv2.fillPoly(outer, [np.round(q - off).astype(np.int32)], 255)
        cv2.fillPoly(inner, [np.round(b - off).astype(np.int32)], 255)
        band = cv2.subtract(outer, cv2.dilate(inner, np.ones((5, 5), np.uint8)))
        if cv2.countNonZero(band) < 16:
            continue
        if cv2.mean(crop, inner)[0] - cv2.mean(crop, band)[0] >= MERGED_CONTRAST:
            return True
    return False


def card_candidates(frame: np.ndarray, max_candidates: int = 4, gray: np.ndarray | None = None,
                    small: tuple | None = None, loose: list | None = None) -> list[Candidate]:
    """Like ``find_cards`` but the quads are refined lazily (``Candidate.quad()``).

    gray: the frame already converted to grey (H, W) uint8, when the caller has it;
    small: ``detect_copy(gray)`` when the caller has it. loose: when given, the card-shaped
    hulls of contours that fill only LOOSE_FILL-0.85 of them (``_collect``) are appended to it
    as Candidates (at most LOOSE_MAX, most likely first, none within a few px of another or of
    a returned outline): possible second cards, not outlines to read a card from.
    """
    h, w = frame.shape[:2]
    if gray is None:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    full = gray
    gray, s = small if small is not None else detect_copy(gray)
    img_area = float(gray.shape[0] * gray.shape[1])
    lf: list | None = [] if loose is not None else None
    found = _level_outlines(gray, _levels(gray), loose=lf)
    if not found:  # e.g. a light table: fall back to edges (closed outlines)
        edges = cv2.dilate(cv2.Canny(gray, 30, 90), np.ones((3, 3), np.uint8))
        cnts, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        _collect(cnts, MIN_CARD_AREA * img_area, img_area, found, None)
    kept: list[np.ndarray] = []
    out = _choose(found, gray, s, full, max_candidates, kept)
    if loose is not None and lf:
        loose += _choose(lf, gray, s, full, LOOSE_MAX, kept)
    ratio = max(h, w) / min(h, w)
    if 1.25 < ratio < 1.75:
        out.append(Candidate(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32), None, 1.0))
    return out


# Grey levels closer than this to the previous one find the same outlines and are skipped;
# in the fallback search a frame whose grey range (5th to 99.5th percentile) is under 200
# gets a step scaled down with it (down to LEVEL_STEP_MIN): a dim frame or a card barely
# brighter than the table; and LEVELS_FINE evenly spaced levels instead of LEVELS.
LEVEL_STEP = 6
LEVEL_STEP_MIN = 3
LEVELS_FINE = 8


def _levels(g: np.ndarray, fine: bool = False) -> list[int]:
    """The grey levels the downscaled image g (H, W) uint8 is thresholded at: Otsu's, the
    50/70/85/93th percentiles and LEVELS evenly spaced between the 5th and 99.5th
    percentile (above a flat dark half of the frame), ascending, each at least LEVEL_STEP
    above the previous one (fine: the step scaled down with the grey range, to
    LEVEL_STEP_MIN)."""
    img_area = float(g.shape[0] * g.shape[1])
    otsu, _ = cv2.threshold(g, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    hist = cv2.calcHist([g], [0], None, [256], [0, 256]).ravel()
    p = _percentiles_of(hist, (5, 50, 70, 85, 93, 99.5))
    lo = p[0]
    if p[1] - p[0] < 6:  # half the frame is one flat grey (black bars, a dark cloth): levels above it
        hist[:p[1] + 3] = 0
        lo = _percentiles_of(hist, (5,))[0] if hist.sum() > 0.02 * img_area else p[0]
    n = LEVELS if not fine else LEVELS_FINE
    levels = {int(otsu)} | set(p[1:5]) | {int(v) for v in np.linspace(lo, p[5], n + 2)[1:-1]}
    step = min(LEVEL_STEP, max(LEVEL_STEP_MIN, round(LEVEL_STEP * (p[5] - lo) / 200))) if fine else LEVEL_STEP
    out, last = [], -99
    for t in sorted(levels):
        if t - last >= step:
            out.append(t)
            last = t
    return out


def _level_outlines(g: np.ndarray, levels: list[int], fine: bool = False, loose: list | None = None) -> list:
    """(score, quad, contour, level) of the card-shaped outlines of the downscaled image g
    (H, W) uint8 thresholded at each of levels. fine (the fallback search): a hull without
    four corners gets the quad of its four longest sides. loose: see ``_collect``."""
    img_area = float(g.shape[0] * g.shape[1])
    found: list[tuple[float, np.ndarray, np.ndarray, int | None]] = []
    min_area = MIN_CARD_AREA * img_area
    for t in levels:
        _, m = cv2.threshold(g, t, 255, cv2.THRESH_BINARY)
        cnts, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        _collect(cnts, min_area, img_area, found, t, fine, loose)
    return found


def darkest_channel(frame: np.ndarray) -> np.ndarray:
    """min(B, G, R) of a BGR image (H, W, 3) uint8, as (H, W) uint8: high only where every
    channel is bright (a card's paper, white or parchment), low on saturated colours."""
    b, g, r = cv2.split(frame)
    return cv2.min(cv2.min(b, g), r)


def colour_copy(frame: np.ndarray, g: np.ndarray) -> np.ndarray:
    """The BGR frame (H, W, 3) uint8 downscaled as ``detect_copy`` downscales its grey copy, to
    the shape of that copy g (h, w): (h, w, 3) uint8. The fallback and the colour-edge searches
    share it (``bgr=``)."""
    bgr = _downscale(frame, max(g.shape))
    if bgr.shape[:2] != g.shape:
        bgr = cv2.resize(bgr, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
    return bgr


def fallback_candidates(frame: np.ndarray, gray: np.ndarray, small: tuple, max_candidates: int = 4,
                        skip: list[np.ndarray] | None = None, bgr: np.ndarray | None = None) -> list[Candidate]:
    """The thorough outline search, for a frame where nothing else was accepted: grey
    levels LEVEL_STEP apart scaled down with the frame's grey range (a dim frame, a card
    barely brighter than the table), quads from a hull's four longest sides (a corner cut
    by the frame or a finger), and the same levels on the darkest channel, min(B, G, R)
    (a card about as bright as a colourful table stands out there: its paper is bright in
    all three channels). frame: BGR (H, W, 3) uint8, gray its grey copy, small
    ``detect_copy(gray)``; skip: quads (frame pixels) already tried, left out; bgr: ``colour_copy(frame,
    small[0])`` when the caller has it. At most max_candidates, most likely first, from both images.
    Costs ~2-3 ms on 1280x720."""
    g, s = small
    coarse = set(_levels(g))  # searched by card_candidates already
    found = [(*x, gray) for x in _level_outlines(g, [t for t in _levels(g, True) if t not in coarse], True)]
    if bgr is None:
        bgr = colour_copy(frame, g)  # as detect_copy, on the colour frame
    d = cv2.blur(darkest_channel(bgr), (3, 3))
    full_d = _Lazy(lambda: darkest_channel(frame))
    found += [(*x, full_d) for x in _level_outlines(d, _levels(d, True), True)]
    return _choose(found, g, s, gray, max_candidates, [q * s for q in (skip or [])], FALLBACK_ASPECT)


# Closed edges of the colour copy (issue 18, outline), for a frame where nothing else was accepted:
# Canny on the three channels at once (OpenCV follows the channel with the largest gradient) at
# these thresholds, the edges dilated by a 2 x 2 square. A card on a busy, colourful table merges
# with patches of it at every grey level and in the darkest channel, but its edge is a closed line
# of strong colour change; the table's blotches have weaker edges (on the development seeds, 13 of
# the 67 frames no other search outlined; 11 at 60/180, 12 at 100/250, 7 at 40/120).
COLOUR_EDGES = (80, 200)


def colour_edge_candidates(frame: np.ndarray, gray: np.ndarray, small: tuple, max_candidates: int = 3,
                           skip: list[np.ndarray] | None = None, bgr: np.ndarray | None = None) -> list[Candidate]:
    """Card outlines from the closed colour edges of the frame (COLOUR_EDGES; shapes within
    FALLBACK_ASPECT): frame BGR (H, W, 3) uint8, gray its grey copy, small ``detect_copy(gray)``;
    skip: quads (frame pixels) already tried, left out; bgr: ``colour_copy(frame, small[0])`` when the
    caller has it. At most max_candidates, most likely first. Costs ~1.5-3 ms on 1280x720 (the colour
    Canny)."""
    g, s = small
    if bgr is None:
        bgr = colour_copy(frame, g)
    e = cv2.dilate(cv2.Canny(cv2.blur(bgr, (3, 3)), *COLOUR_EDGES), np.ones((2, 2), np.uint8))
    cnts, _ = cv2.findContours(e, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    img_area = float(g.shape[0] * g.shape[1])
    found: list = []
    _collect(cnts, MIN_CARD_AREA * img_area, img_area, found, None, True)
    return _choose(found, g, s, gray, max_candidates, [q * s for q in (skip or [])], FALLBACK_ASPECT)


class _Lazy:
    """An image computed when first needed (the full-resolution darkest channel, needed
    only to outline a small card again)."""

    __slots__ = ("_f", "_v")

    def __init__(self, f):
        self._f, self._v = f, None

    def get(self) -> np.ndarray:
        if self._v is None:
            self._v = self._f()
        return self._v


def _on_border(q: np.ndarray, w: int, h: int) -> int:
    """How many corners of quad q (4, 2) lie on the edge of a w x h image (within 1.5 px)."""
    return int(((q[:, 0] < 1.5) | (q[:, 0] > w - 2.5) | (q[:, 1] < 1.5) | (q[:, 1] > h - 2.5)).sum())


# A contour filling LOOSE_FILL to 0.85 of its convex hull is not a card outline for reading, but its
# hull, when card-shaped, may be a second card in view whose artwork or index reaches its edge and
# notches the outline at every grey level (issue 18, rtwo: fresh pair 54 001 023, a ♦J on a dark striped
# table whose art cuts its edge, outlined only so, at 0.75 of its hull). ``reader._other_cards`` reads
# such hulls (``card_candidates(loose=...)``) after the other outlines; they cost nothing to collect.
LOOSE_FILL = 0.65
LOOSE_MAX = 3


def _collect(cnts, min_area: float, img_area: float, found: list, level: int | None,
             long_sides: bool = False, loose: list | None = None) -> None:
    """Append (score, ordered quad, contour, level) to found for each card-shaped contour of
    cnts at least min_area (pixels of an image of img_area). long_sides (the fallback search):
    a hull without four corners gets the quad of its four longest sides, and the long:short
    range is FALLBACK_ASPECT. loose: when given, (score, ordered quad, hull, level) of each
    contour that fills only LOOSE_FILL-0.85 of its card-shaped convex hull is appended to it."""
    aspect = FALLBACK_ASPECT if long_sides else None
    for c in cnts:
        if len(c) < 4:
            continue
        a = cv2.contourArea(c)
        if a < min_area:
            continue
        x, y, bw, bh = cv2.boundingRect(c)
        if a < 0.45 * bw * bh:  # far from convex (a rotated card fills >= half its box)
            continue
        hull = cv2.convexHull(c)
        ha = cv2.contourArea(hull)
        if a < 0.85 * ha:  # a card's outline fills its hull
            if loose is not None and a >= LOOSE_FILL * ha:
                sc, o = _score_quad(_quad_from_hull(hull), ha, img_area, MIN_CARD_AREA)
                if sc > 0:
                    loose.append((sc, o, hull, level))
            continue
        sc, o = _score_quad(_quad_from_hull(hull, long_sides), a, img_area, MIN_CARD_AREA, aspect=aspect)
        if sc <= 0 and len(hull) > 4 and a < 0.02 * img_area:  # a small card's round corners cut the polygon's
            sc, o = _score_quad(cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32), a, img_area,
                                MIN_CARD_AREA, 0.84, aspect)
        if sc > 0:
            found.append((sc, o, c, level))


def _quad_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Largest corner distance between two ordered quads, allowing the 180° re-ordering."""
    return min(float(np.abs(a - b).max()), float(np.abs(a - b[_ROLL2]).max()))


def find_card(frame: np.ndarray) -> np.ndarray | None:
    """The most likely card quad (see ``find_cards``) or None when no card is seen."""
    c = find_cards(frame, 1)
    return c[0] if c else None


def warp_corner(frame: np.ndarray, quad: np.ndarray, turn: int = 0, width: int = CORNER_W) -> np.ndarray:
    """Warp the top-left index corner of the card to an upright crop.

    quad: (4, 2) ordered by ``order_quad``; turn=0 reads the corner at quad[0], turn=2 the
    opposite corner (the index printed upside down); width: of the crop in canonical card
    pixels (a side-by-side index is wider). Returns (CORNER_H, width, 3) uint8.
    """
    q = np.asarray(quad, np.float32)
    if turn:
        q = q[(np.arange(4) + turn) % 4]
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    M = cv2.getPerspectiveTransform(q, dst)
    # a small card is enlarged several times: bicubic keeps thin strokes apart (rendered
    # cards at a quarter of the frame: 61 of 80 read with the true outline, 55 bilinear)
    flag = cv2.INTER_CUBIC if _long_side(q) < CUBIC_BELOW * CARD_H else cv2.INTER_LINEAR
    return cv2.warpPerspective(frame, M, (width, CORNER_H), flags=flag,
                               borderMode=cv2.BORDER_REPLICATE)


def warp_card(frame: np.ndarray, quad: np.ndarray, turn: int = 0) -> np.ndarray:
    """Whole card warped upright: (CARD_H, CARD_W, 3) uint8 (for previews and QR)."""
    q = np.asarray(quad, np.float32)
    if turn:
        q = q[(np.arange(4) + turn) % 4]
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(frame, M, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
