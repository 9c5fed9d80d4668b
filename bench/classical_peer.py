"""The classical contour + template card reader, as a timing (and accuracy) anchor.

A re-implementation, written for this bench, of the method of EdjeElectronics'
OpenCV-Playing-Card-Detector (github.com/EdjeElectronics/OpenCV-Playing-Card-Detector,
Cards.py, 2017), with its published constants: grey + 5x5 Gaussian blur of the whole
frame, one binary threshold at the grey level sampled near the top centre + 60, contours
(RETR_TREE), a card is a contour without parent, 25 000-120 000 px² in area, with 4
corners at approxPolyDP 0.01 of its perimeter; each card is warped to 200x300 grey, its
32x84 corner zoomed 4x and thresholded at the white level sampled at (15, 64) - 30,
split into rank (rows 20-185) and suit (rows 186-336), the largest contour of each
resized to 70x125 / 70x100 and compared by absolute difference with one template per
rank and suit (best below 2000 / 700 wins). The peer's template images are photos of
its author's deck and are not in this repository: the templates here are drawn with
OpenCV's Hershey font and our suit shapes, at the same sizes, so the time per frame is
the peer's (the same operations on the same sizes) and its accuracy is only indicative.
"""

from __future__ import annotations

import cv2
import numpy as np

BKG_THRESH, CARD_THRESH = 60, 30
CORNER_W, CORNER_H = 32, 84
RANK_W, RANK_H, SUIT_W, SUIT_H = 70, 125, 70, 100
RANK_DIFF_MAX, SUIT_DIFF_MAX = 2000, 700
CARD_MIN_AREA, CARD_MAX_AREA = 25000, 120000
SUITS = ("spade", "heart", "club", "diamond")
_TEMPLATES: tuple | None = None


def _tight(mask: np.ndarray, w: int, h: int) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return cv2.resize(mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1], (w, h))


def templates() -> tuple[list[np.ndarray], list[np.ndarray]]:
    """(13 rank templates 125x70, 4 suit templates 100x70), uint8 0/255."""
    global _TEMPLATES
    if _TEMPLATES is None:
        from card_images.render import _suit_vector  # noqa: PLC0415
        ranks = []
        for r in range(1, 14):
            txt = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))
            m = np.zeros((120, 200), np.uint8)
            cv2.putText(m, txt, (10, 100), cv2.FONT_HERSHEY_SIMPLEX, 3, 255, 8)
            ranks.append(_tight(m, RANK_W, RANK_H))
        rng = np.random.default_rng(0)
        suits = [_tight(_suit_vector(s, rng), SUIT_W, SUIT_H) for s in SUITS]
        _TEMPLATES = (ranks, suits)
    return _TEMPLATES


def _order(pts: np.ndarray, w: int, h: int) -> np.ndarray:
    """The peer's corner order for its 200x300 warp (tl, tr, br, bl by sums/differences)."""
    p = pts.reshape(4, 2)
    s, d = p.sum(1), np.diff(p, axis=1).ravel()
    tl, br, tr, bl = p[np.argmin(s)], p[np.argmax(s)], p[np.argmin(d)], p[np.argmax(d)]
    if w >= 1.2 * h:
        return np.float32([bl, tl, tr, br])
    return np.float32([tl, tr, br, bl])


def _largest(m: np.ndarray, w: int, h: int) -> np.ndarray | None:
    cnts, _ = cv2.findContours(m, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if not cnts:
        return None
    x, y, bw, bh = cv2.boundingRect(max(cnts, key=cv2.contourArea))
    return cv2.resize(m[y:y + bh, x:x + bw], (w, h))


def read_frame(frame: np.ndarray) -> list[tuple[int | None, str | None]]:
    """[(rank 1..13 or None, suit or None)] for each card-like contour of a BGR frame."""
    ranks, suits = templates()
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(gray, (5, 5), 0)
    h, w = gray.shape
    level = min(255, int(gray[h // 100, w // 2]) + BKG_THRESH)
    _, th = cv2.threshold(blur, level, 255, cv2.THRESH_BINARY)
    cnts, hier = cv2.findContours(th, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    if not cnts:
        return out
    for i in sorted(range(len(cnts)), key=lambda i: cv2.contourArea(cnts[i]), reverse=True):
        c = cnts[i]
        a = cv2.contourArea(c)
        if a < CARD_MIN_AREA:
            break
        approx = cv2.approxPolyDP(c, 0.01 * cv2.arcLength(c, True), True)
        if a > CARD_MAX_AREA or hier[0][i][3] != -1 or len(approx) != 4:
            continue
        _, _, bw, bh = cv2.boundingRect(c)
        M = cv2.getPerspectiveTransform(_order(np.float32(approx), bw, bh),
                                        np.float32([[0, 0], [199, 0], [199, 299], [0, 299]]))
        warp = cv2.cvtColor(cv2.warpPerspective(frame, M, (200, 300)), cv2.COLOR_BGR2GRAY)
        zoom = cv2.resize(warp[0:CORNER_H, 0:CORNER_W], (0, 0), fx=4, fy=4)
        t = max(1, int(zoom[15, CORNER_W * 2]) - CARD_THRESH)
        _, q = cv2.threshold(zoom, t, 255, cv2.THRESH_BINARY_INV)
        rk, st = _largest(q[20:185, 0:128], RANK_W, RANK_H), _largest(q[186:336, 0:128], SUIT_W, SUIT_H)
        rank = suit = None
        if rk is not None and st is not None:
            rd = [int(np.sum(cv2.absdiff(rk, t)) / 255) for t in ranks]
            sd = [int(np.sum(cv2.absdiff(st, t)) / 255) for t in suits]
            if min(rd) < RANK_DIFF_MAX:
                rank = int(np.argmin(rd)) + 1
            if min(sd) < SUIT_DIFF_MAX:
                suit = SUITS[int(np.argmin(sd))]
        out.append((rank, suit))
    return out
