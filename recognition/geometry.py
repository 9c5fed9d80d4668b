"""Finding a card in a frame and warping its corners to a canonical upright view."""

from __future__ import annotations

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
    c = pts.mean(0)
    d = pts - c
    pts = pts[np.argsort(np.arctan2(d[:, 1], d[:, 0]))]
    e = pts[1:3] - pts[0:2]  # edges 0-1 and 1-2
    n = (e * e).sum(1)
    if n[0] > n[1]:
        pts = pts[_ROLL1]
    return pts


_ROLL1 = np.array([1, 2, 3, 0])
_ROLL2 = np.array([2, 3, 0, 1])


def _quad_from_contour(cnt: np.ndarray) -> np.ndarray:
    hull = cv2.convexHull(cnt)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)


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


def _score_quad(q: np.ndarray, cnt_area: float, img_area: float) -> tuple[float, np.ndarray | None]:
    """(score, ordered quad); score -1 when the quad does not look like a card."""
    qa = cv2.contourArea(q)
    if qa < 0.02 * img_area or qa > 0.97 * img_area:
        return -1.0, None
    fill = cnt_area / qa
    if fill < 0.9 or fill > 1.08:
        return -1.0, None
    o = order_quad(q)
    e = o - o[_ROLL1]  # edges 0-1, 1-2, 2-3, 3-0
    L = np.sqrt((e * e).sum(1))
    short = (L[0] + L[2]) / 2
    long_ = (L[1] + L[3]) / 2
    if short < 1:
        return -1.0, None
    ratio = long_ / short
    if not 1.15 < ratio < 1.9:
        return -1.0, None
    return qa / img_area * min(fill, 1.0) ** 8, o


def _percentiles(gray: np.ndarray, qs) -> list[int]:
    hist = cv2.calcHist([gray], [0], None, [256], [0, 256]).ravel().cumsum()
    n = hist[-1]
    return [int(np.searchsorted(hist, q / 100.0 * n)) for q in qs]


def find_cards(frame: np.ndarray, max_candidates: int = 4) -> list[np.ndarray]:
    """Card-like quadrilaterals in a BGR frame, most likely first.

    frame: (H, W, 3) uint8. Bright convex regions with a card's aspect ratio, found
    at several grey levels on a downscaled copy (DETECT_LONG_SIDE). Each quad is (4, 2)
    float32 in frame pixels, ordered by ``order_quad``. When the frame itself is
    card-shaped (a cropped card), its border is appended as a last candidate.
    """
    return [c.quad() for c in card_candidates(frame, max_candidates)]


class Candidate:
    """A card outline found on the downscaled grey image; ``quad()`` refines it (once)
    and returns it in frame pixels. Refining costs ~0.5 ms, so the reader refines only
    the candidates it actually reads."""

    __slots__ = ("_q", "_cnt", "_s", "_quad")

    def __init__(self, q: np.ndarray, cnt: np.ndarray | None, s: float):
        self._q, self._cnt, self._s = q, cnt, s
        self._quad: np.ndarray | None = None

    def outline(self) -> np.ndarray:
        """The quad in frame pixels without refining it (the refined one once known)."""
        return self._quad if self._quad is not None else self._q / self._s

    def quad(self) -> np.ndarray:
        if self._quad is None:
            q = self._q if self._cnt is None else _refine_quad(self._q, self._cnt)
            self._quad = order_quad(q / self._s)
        return self._quad


def card_candidates(frame: np.ndarray, max_candidates: int = 4, gray: np.ndarray | None = None) -> list[Candidate]:
    """Like ``find_cards`` but the quads are refined lazily (``Candidate.quad()``).

    gray: the frame already converted to grey (H, W) uint8, when the caller has it.
    """
    h, w = frame.shape[:2]
    if gray is None:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    # halve with INTER_AREA (fast for exact halves), then a small linear step
    while max(gray.shape) >= 2 * DETECT_LONG_SIDE:
        gray = cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2), interpolation=cv2.INTER_AREA)
    if max(gray.shape) > DETECT_LONG_SIDE:
        f = DETECT_LONG_SIDE / max(gray.shape)
        gray = cv2.resize(gray, (round(gray.shape[1] * f), round(gray.shape[0] * f)), interpolation=cv2.INTER_LINEAR)
    s = gray.shape[1] / w
    gray = cv2.blur(gray, (3, 3))
    img_area = float(gray.shape[0] * gray.shape[1])
    otsu, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    levels = sorted({int(otsu)} | set(_percentiles(gray, (50, 70, 85, 93))))
    found: list[tuple[float, np.ndarray, np.ndarray]] = []
    min_area = 0.02 * img_area
    for t in levels:
        _, m = cv2.threshold(gray, t, 255, cv2.THRESH_BINARY)
        cnts, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        _collect(cnts, min_area, img_area, found)
    if not found:  # e.g. a light table: fall back to edges (closed outlines)
        edges = cv2.dilate(cv2.Canny(gray, 30, 90), np.ones((3, 3), np.uint8))
        cnts, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        _collect(cnts, min_area, img_area, found)
    # most likely first; outlines cut by the frame's edge (a lit patch of table, a card
    # partly out of view) after whole ones
    gh, gw = gray.shape
    found.sort(key=lambda x: (_on_border(x[1], gw, gh) >= 2, -x[0]))
    out: list[Candidate] = []
    kept: list[np.ndarray] = []
    tol = 0.03 * max(gray.shape)
    for _, q, c in found:
        if all(_quad_distance(q, o) > tol for o in kept):
            kept.append(q)
            out.append(Candidate(q, c, s))
        if len(out) >= max_candidates:
            break
    ratio = max(h, w) / min(h, w)
    if 1.25 < ratio < 1.75:
        out.append(Candidate(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32), None, 1.0))
    return out


def _on_border(q: np.ndarray, w: int, h: int) -> int:
    """How many corners of quad q (4, 2) lie on the edge of a w x h image (within 1.5 px)."""
    return int(((q[:, 0] < 1.5) | (q[:, 0] > w - 2.5) | (q[:, 1] < 1.5) | (q[:, 1] > h - 2.5)).sum())


def _collect(cnts, min_area: float, img_area: float, found: list) -> None:
    for c in cnts:
        if len(c) < 4:
            continue
        a = cv2.contourArea(c)
        if a < min_area:
            continue
        sc, o = _score_quad(_quad_from_contour(c), a, img_area)
        if sc > 0:
            found.append((sc, o, c))


def _quad_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Largest corner distance between two ordered quads, allowing the 180° re-ordering."""
    return min(float(np.abs(a - b).max()), float(np.abs(a - b[_ROLL2]).max()))


def find_card(frame: np.ndarray) -> np.ndarray | None:
    """The most likely card quad (see ``find_cards``) or None when no card is seen."""
    c = find_cards(frame, 1)
    return c[0] if c else None


def warp_corner(frame: np.ndarray, quad: np.ndarray, turn: int = 0) -> np.ndarray:
    """Warp the top-left index corner of the card to an upright crop.

    quad: (4, 2) ordered by ``order_quad``; turn=0 reads the corner at quad[0], turn=2 the
    opposite corner (the index printed upside down). Returns (CORNER_H, CORNER_W, 3) uint8.
    """
    q = np.asarray(quad, np.float32)
    if turn:
        q = q[(np.arange(4) + turn) % 4]
    dst = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(frame, M, (CORNER_W, CORNER_H), flags=cv2.INTER_LINEAR,
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
