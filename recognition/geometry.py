"""Finding a card in a frame and warping its corners to a canonical upright view."""

from __future__ import annotations

import cv2
import numpy as np

# Canonical card (portrait) in pixels; the index lives in the top-left corner crop.
CARD_W = 300
CARD_H = 425
CORNER_W = int(CARD_W * 0.27)
CORNER_H = int(CARD_H * 0.36)
DETECT_LONG_SIDE = 640


def order_quad(pts: np.ndarray) -> np.ndarray:
    """Order 4 points clockwise (image coords) so that the first edge is a short side.

    pts: (4, 2) float. Returns (4, 2) float32: the first point is the top-left of a
    portrait card in one of its two upright orientations (0° or 180°).
    """
    pts = np.asarray(pts, np.float32).reshape(4, 2)
    c = pts.mean(0)
    ang = np.arctan2(pts[:, 1] - c[1], pts[:, 0] - c[0])
    pts = pts[np.argsort(ang)]
    e01 = np.linalg.norm(pts[1] - pts[0])
    e12 = np.linalg.norm(pts[2] - pts[1])
    if e01 > e12:
        pts = np.roll(pts, -1, axis=0)
    return pts


def _quad_from_contour(cnt: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(cnt)
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.03, 0.045):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float32)
    return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)


def _score_quad(q: np.ndarray, cnt_area: float, img_area: float) -> float:
    qa = cv2.contourArea(q.reshape(-1, 1, 2))
    if qa < 0.02 * img_area or qa > 0.97 * img_area:
        return -1.0
    fill = cnt_area / qa
    if fill < 0.9 or fill > 1.08:
        return -1.0
    o = order_quad(q)
    short = (np.linalg.norm(o[1] - o[0]) + np.linalg.norm(o[3] - o[2])) / 2
    long_ = (np.linalg.norm(o[2] - o[1]) + np.linalg.norm(o[0] - o[3])) / 2
    if short < 1:
        return -1.0
    ratio = long_ / short
    if not 1.15 < ratio < 1.9:
        return -1.0
    return qa / img_area * min(fill, 1.0) ** 8


def find_card(frame: np.ndarray) -> np.ndarray | None:
    """Locate the largest card-like quadrilateral in a BGR frame.

    frame: (H, W, 3) uint8. Returns the corners as (4, 2) float32 in frame pixels,
    ordered by ``order_quad``, or None when no card is seen. If the frame itself looks
    like a cropped card (card-shaped, no smaller card found), the frame border is used.
    """
    h, w = frame.shape[:2]
    s = min(1.0, DETECT_LONG_SIDE / max(h, w))
    small = cv2.resize(frame, (int(w * s), int(h * s)), interpolation=cv2.INTER_AREA) if s < 1 else frame
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    img_area = float(gray.shape[0] * gray.shape[1])
    otsu, _ = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    levels = {int(otsu)} | {int(v) for v in np.percentile(gray, (50, 70, 85, 93))}
    best, best_score = None, 0.0
    kernel = np.ones((3, 3), np.uint8)
    for t in sorted(levels):
        m = cv2.morphologyEx((gray > t).astype(np.uint8), cv2.MORPH_OPEN, kernel)
        cnts, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for c in cnts:
            a = cv2.contourArea(c)
            if a < 0.02 * img_area:
                continue
            q = _quad_from_contour(c)
            sc = _score_quad(q, a, img_area)
            if sc > best_score:
                best, best_score = q, sc
    if best is None:
        ratio = max(h, w) / min(h, w)
        if 1.25 < ratio < 1.75:
            return order_quad(np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]))
        return None
    return order_quad(best / s)


def warp_corner(frame: np.ndarray, quad: np.ndarray, turn: int = 0) -> np.ndarray:
    """Warp the top-left index corner of the card to an upright crop.

    quad: (4, 2) ordered by ``order_quad``; turn=0 reads the corner at quad[0], turn=2 the
    opposite corner (the index printed upside down). Returns (CORNER_H, CORNER_W, 3) uint8.
    """
    q = np.roll(np.asarray(quad, np.float32), -turn, axis=0)
    dst = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(frame, M, (CORNER_W, CORNER_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def warp_card(frame: np.ndarray, quad: np.ndarray, turn: int = 0) -> np.ndarray:
    """Whole card warped upright: (CARD_H, CARD_W, 3) uint8 (for previews and QR)."""
    q = np.roll(np.asarray(quad, np.float32), -turn, axis=0)
    dst = np.float32([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]])
    M = cv2.getPerspectiveTransform(q, dst)
    return cv2.warpPerspective(frame, M, (CARD_W, CARD_H), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
