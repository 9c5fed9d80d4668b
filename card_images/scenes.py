"""Scenes for measuring the card reader: photos letterboxed at a scale, rendered cards on
chosen backgrounds (dark, light, patterned, same colour as the card, touching a dark
region or the frame's edge, partly under a finger), and two cards in one frame.

The card faces come from ``render.render_card`` unchanged; this module only composes
frames (bench/recognition and tests/recognition use it). Nothing here is used for
training.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .render import SUITS, jpeg_round_trip, render_card

FRAME = (720, 1280)  # (h, w) of a camera frame
BACKGROUNDS = ("dark", "light", "patterned", "same", "dark_edge", "frame_edge", "finger")
SCALES = (1.0, 0.75, 0.5, 0.35, 0.25)


def letterbox(img: np.ndarray, scale: float = 1.0, size: tuple[int, int] = FRAME,
              fill: tuple[int, int, int] = (0, 0, 0)) -> np.ndarray:
    """img (H, W, 3) uint8 fitted into a ``size`` (h, w) frame, then scaled by ``scale``
    (0 < scale <= 1) and centred on ``fill``. Returns (h, w, 3) uint8."""
    h, w = size
    f = min(h / img.shape[0], w / img.shape[1]) * float(scale)
    nw, nh = max(1, round(img.shape[1] * f)), max(1, round(img.shape[0] * f))
    interp = cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR
    small = cv2.resize(img, (nw, nh), interpolation=interp)
    out = np.empty((h, w, 3), np.uint8)
    out[:] = fill
    y, x = (h - nh) // 2, (w - nw) // 2
    out[y:y + nh, x:x + nw] = small
    return out


def _noise_field(h: int, w: int, rng: np.random.Generator, cell: int, amp: float) -> np.ndarray:
    small = rng.normal(0, amp, (max(2, h // cell), max(2, w // cell), 3)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def background(kind: str, h: int, w: int, rng: np.random.Generator, paper: np.ndarray | None = None) -> np.ndarray:
    """A (h, w, 3) uint8 table of one kind (BACKGROUNDS; the edge/finger kinds use a
    dark wooden table with a darker cloth). paper: the card's paper colour (BGR) for
    "same"."""
    if kind == "light":
        base = rng.integers(185, 235) + rng.integers(-12, 13, 3)
        bg = base + _noise_field(h, w, rng, 40, 6)
    elif kind == "same":
        p = paper if paper is not None else np.full(3, 225)
        bg = np.asarray(p, np.float32) + rng.integers(-10, 11, 3) + _noise_field(h, w, rng, 40, 4)
    elif kind == "patterned":
        bg = np.empty((h, w, 3), np.float32)
        bg[:] = rng.integers(30, 200, 3)
        pat = int(rng.integers(3))
        if pat == 0:  # checks
            c = int(rng.integers(20, 70))
            yy, xx = np.mgrid[0:h, 0:w]
            on = ((yy // c + xx // c) % 2).astype(bool)
            bg[on] = rng.integers(30, 230, 3)
        elif pat == 1:  # stripes at an angle
            a = rng.uniform(0, math.pi)
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            t = np.sin((xx * math.cos(a) + yy * math.sin(a)) / rng.uniform(4, 20))
            bg += t[..., None] * rng.uniform(30, 90)
        else:  # blobs of colour (a printed cloth)
            for _ in range(int(rng.integers(40, 120))):
                col = tuple(int(v) for v in rng.integers(0, 256, 3))
                cv2.circle(bg, (int(rng.integers(w)), int(rng.integers(h))), int(rng.integers(8, 60)), col, -1)
        bg += _noise_field(h, w, rng, 8, 6)
    else:  # dark wooden table: brown, grain along x; a dark cloth across part of it
        base = np.array([rng.integers(15, 45), rng.integers(25, 60), rng.integers(40, 85)], np.float32)
        yy = np.arange(h, dtype=np.float32)[:, None]
        grain = np.sin(yy / rng.uniform(3, 9) + _noise_field(h, w, rng, 30, 2.0)[..., 0]) * rng.uniform(4, 12)
        bg = base + grain[..., None] + _noise_field(h, w, rng, 20, 5)
        if kind != "dark" or rng.random() < 0.5:
            y0 = int(h * rng.uniform(0.45, 0.75))
            bg[y0:] = rng.integers(5, 25, 3) + _noise_field(h - y0, w, rng, 10, 3)
    bg += rng.normal(0, 3, (h, w, 3)).astype(np.float32)
    return np.clip(bg, 0, 255).astype(np.uint8)


@dataclass
class Scene:
    image: np.ndarray  # (h, w, 3) BGR uint8
    cards: list  # [(rank, suit, quad (4, 2) float32)] of the cards drawn, first one first
    kind: str


def _card_rgba(rank: int, suit: str, rng: np.random.Generator):
    face = render_card(rank, suit, rng).image
    ch, cw = face.shape[:2]
    r = int(cw * rng.uniform(0.03, 0.07))
    alpha = np.zeros((ch, cw), np.uint8)
    cv2.rectangle(alpha, (r, 0), (cw - r, ch), 255, -1)
    cv2.rectangle(alpha, (0, r), (cw, ch - r), 255, -1)
    for cx, cy in ((r, r), (cw - r, r), (r, ch - r), (cw - r, ch - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return face, alpha


def _place(h: int, w: int, ch: int, cw: int, height: float, rng: np.random.Generator,
           rotation: float, tilt: float, centre: tuple[float, float] | None) -> np.ndarray:
    """Corner positions (4, 2) of a card ch x cw drawn ``height`` px tall."""
    s = height / ch
    c = (np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32) - np.array([cw / 2, ch / 2], np.float32)) * s
    c += rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * height
    a = math.radians(rotation)
    c = c @ np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], np.float32).T
    if centre is None:
        ext = c.max(0) - c.min(0)
        centre = (rng.uniform(ext[0] / 2, max(ext[0] / 2 + 1, w - ext[0] / 2)),
                  rng.uniform(ext[1] / 2, max(ext[1] / 2 + 1, h - ext[1] / 2)))
    return (c + np.array(centre, np.float32)).astype(np.float32)


def _paste(img: np.ndarray, face: np.ndarray, alpha: np.ndarray, dst: np.ndarray) -> None:
    h, w = img.shape[:2]
    ch, cw = face.shape[:2]
    M = cv2.getPerspectiveTransform(np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32), dst)
    warped = cv2.warpPerspective(face, M, (w, h), flags=cv2.INTER_AREA)
    wa = cv2.warpPerspective(alpha, M, (w, h), flags=cv2.INTER_LINEAR).astype(np.float32)[..., None] / 255
    img *= 1 - wa
    img += warped.astype(np.float32) * wa


def _finger(img: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> None:
    """A skin-coloured finger over one long side of the card, away from the indices
    (which sit at quad[0] and quad[2])."""
    side = int(rng.integers(2))  # side 1-2 or 3-0: the long sides
    a, b = (quad[1], quad[2]) if side == 0 else (quad[3], quad[0])
    t = rng.uniform(0.4, 0.6)
    p = a + (b - a) * t
    centre = quad.mean(0)
    inward = centre - p
    length = np.linalg.norm(quad[1] - quad[0])  # finger width ~ a third of the short side
    width = max(4, int(length * rng.uniform(0.22, 0.32)))
    tip = p + inward * rng.uniform(0.2, 0.4)
    tail = p - inward * 2.0
    skin = (int(rng.integers(90, 150)), int(rng.integers(120, 175)), int(rng.integers(170, 230)))
    cv2.line(img, tuple(int(v) for v in tail), tuple(int(v) for v in tip), skin, width, cv2.LINE_AA)
    cv2.circle(img, tuple(int(v) for v in tip), width // 2, skin, -1, cv2.LINE_AA)


def _camera(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Light photometric damage (gradient, colour cast, blur, noise, JPEG) to float img."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img *= (1 + rng.uniform(-0.2, 0.2) * (xx / w - 0.5) + rng.uniform(-0.2, 0.2) * (yy / h - 0.5))[..., None]
    img *= rng.uniform(0.85, 1.1, 3).astype(np.float32)
    k = int(rng.integers(0, 2)) * 2 + 1
    if k > 1:
        img = cv2.GaussianBlur(img, (k, k), 0)
    img += rng.normal(0, rng.uniform(1, 5), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    return jpeg_round_trip(out, int(rng.integers(70, 95)))


def card_scene(rank: int, suit: str, rng: np.random.Generator, kind: str = "dark",
               height_frac: float | None = None, size: tuple[int, int] = FRAME, tilt: float = 0.06) -> Scene:
    """One card on a background of ``kind`` (BACKGROUNDS), the card ``height_frac`` of the
    frame's height tall (random 0.08-0.9 when None; its long side, before rotation).
    "dark_edge": the card lies across the border of the dark cloth; "frame_edge": one
    corner without an index just out of the frame; "finger": a finger over one long side.
    """
    h, w = size
    face, alpha = _card_rgba(rank, suit, rng)
    ch, cw = face.shape[:2]
    frac = float(rng.uniform(0.08, 0.9)) if height_frac is None else float(height_frac)
    height = frac * h
    rotation = float(rng.uniform(-25, 25) + 90 * rng.integers(4)) if kind != "frame_edge" else float(rng.uniform(-15, 15))
    bg = background(kind, h, w, rng, paper=face[ch // 2, cw // 20])
    centre = None
    if kind == "dark_edge":  # across the cloth's top edge (find it: the first dark row)
        rows = bg[:, :, :].mean((1, 2))
        y0 = int(np.argmax(rows < rows[:h // 3].mean() * 0.6)) or h // 2
        centre = (float(rng.uniform(0.3, 0.7) * w), float(y0))
    elif kind == "frame_edge":  # the top-right corner (no index) cut off by the frame
        dx = cw * height / ch * 0.5 + height * rng.uniform(-0.08, 0.0)
        centre = (w - dx, max(height / 2 + 2, float(rng.uniform(0.3, 0.7) * h)))
        if height / 2 + 2 > h:
            centre = (w - dx, h / 2)
    dst = _place(h, w, ch, cw, height, rng, rotation, tilt, centre)
    img = bg.astype(np.float32)
    _paste(img, face, alpha, dst)
    if kind == "finger":  # _place keeps the face's corner order: TL, TR, BR, BL
        _finger(img, dst, rng)
    return Scene(_camera(img, rng), [(rank, suit, dst)], kind)


PAIR_KINDS = ("apart", "close", "touching", "overlap", "one_small", "one_turned", "same_bg")


def pair_scene(rng: np.random.Generator, kind: str = "apart", size: tuple[int, int] = FRAME,
               bg_kind: str | None = None) -> Scene:
    """Two different cards in one frame. kind (PAIR_KINDS): side by side with a gap
    ("apart"), a small gap ("close"), edges touching, one overlapping the other without
    covering its indices, one much smaller, one turned by 90 degrees, or on a
    background like the cards' paper ("same_bg")."""
    img, cards, _ = _pair_composite(rng, kind, size, bg_kind)
    return Scene(_camera(img, rng), cards, kind)


def pair_video(rng: np.random.Generator, kind: str = "apart", frames: int = 24, size: tuple[int, int] = FRAME,
               bg_kind: str | None = None, shake: float = 3.0, enter: int = 0) -> list[np.ndarray]:
    """``frames`` camera frames (h, w, 3) BGR uint8 of one two-card scene (as ``pair_scene``
    composes it) seen by a hand-held camera: each frame the scene shifted by up to
    ``shake`` px and turned by up to 0.5 degrees about the frame's centre, with its own
    light, blur, noise and JPEG damage. enter: the frames before this one show the first
    card alone (the second enters the view there); the frames from it on are those of
    enter=0."""
    img, _, alone = _pair_composite(rng, kind, size, bg_kind)
    h, w = size
    out = []
    for i in range(frames):
        M = cv2.getRotationMatrix2D((w / 2, h / 2), float(rng.uniform(-0.5, 0.5)), 1.0)
        M[:, 2] = M[:, 2] + rng.uniform(-shake, shake, 2)
        moved = cv2.warpAffine(img if i >= enter else alone, M, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REFLECT)
        out.append(_camera(moved, rng))
    return out


def _pair_composite(rng: np.random.Generator, kind: str, size: tuple[int, int], bg_kind: str | None):
    """(float32 image before the camera's damage, [(rank, suit, quad)], the same image with the
    first card only) of pair_scene."""
    h, w = size
    (r1, s1), (r2, s2) = _two_cards(rng)
    if bg_kind is None:
        bg_kind = "same" if kind == "same_bg" else ("dark", "light", "patterned")[int(rng.integers(3))]
    f1, a1 = _card_rgba(r1, s1, rng)
    f2, a2 = _card_rgba(r2, s2, rng)
    ch, cw = f1.shape[:2]
    bg = background(bg_kind, h, w, rng, paper=f1[ch // 2, cw // 20])
    frac = float(rng.uniform(0.3, 0.6))
    H1 = frac * h
    H2 = H1 * (rng.uniform(0.45, 0.6) if kind == "one_small" else rng.uniform(0.9, 1.1))
    W1 = H1 * cw / ch
    gap = {"apart": rng.uniform(0.2, 0.6), "close": rng.uniform(0.03, 0.1), "touching": 0.0,
           "overlap": -rng.uniform(0.1, 0.25)}.get(kind, rng.uniform(0.1, 0.4)) * W1
    rot1 = float(rng.uniform(-10, 10))
    rot2 = rot1 + (90.0 if kind == "one_turned" else float(rng.uniform(-8, 8)))
    W2 = (H2 if kind == "one_turned" else H2 * cw / ch)
    total = W1 + gap + W2
    x0 = float(rng.uniform(0.05 * w, max(0.05 * w + 1, 0.95 * w - total)))
    cy = float(rng.uniform(0.5 * H1 + 5, h - 0.5 * H1 - 5)) if H1 < h - 10 else h / 2
    d1 = _place(h, w, ch, cw, H1, rng, rot1, 0.04, (x0 + W1 / 2, cy))
    d2 = _place(h, w, ch, cw, H2, rng, rot2, 0.04, (x0 + W1 + gap + W2 / 2, cy + rng.uniform(-0.1, 0.1) * H1))
    img = bg.astype(np.float32)
    _paste(img, f1, a1, d1)  # "overlap": the second over the first's right edge (its index at TL stays free)
    alone = img.copy()
    _paste(img, f2, a2, d2)
    return img, [(r1, s1, d1), (r2, s2, d2)], alone


def _two_cards(rng: np.random.Generator):
    i, j = rng.choice(52, 2, replace=False)
    return (int(i % 13 + 1), SUITS[int(i // 13)]), (int(j % 13 + 1), SUITS[int(j // 13)])
