"""Synthetic card images for training and testing the card reader.

Everything here is drawn at build/test time from the fonts the project ships
(card_images/fonts/, Pillow), OpenCV Hershey fonts and our own vector suit shapes;
nothing is downloaded and no system font is read.

- ``render_rank_glyph`` / ``render_suit_glyph``: one glyph as a uint8 mask (ink=255).
- ``render_card``: a card face (BGR, portrait) with poker-style indices.
- ``synth_photo``: a card face placed on a background with perspective, rotation,
  blur, noise, glare, colour cast and dim light, as a webcam/phone frame would show it.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = ("spade", "heart", "club", "diamond")
SUIT_CHARS = {"spade": "\u2660", "heart": "\u2665", "club": "\u2663", "diamond": "\u2666"}
RED_SUITS = ("heart", "diamond")

# The fonts the project ships (card_images/fonts/, made by card_images/fonts/build.py from
# Debian packages; manifest.json says which file draws ranks and which suits). No system fonts.
FONT_DIR = Path(__file__).resolve().parent / "fonts"
HERSHEY = [
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
]


def rank_text(rank: int) -> str:
    """'A', '2'..'10', 'J', 'Q', 'K' for rank 1..13."""
    return RANK_TEXT.get(rank, str(rank))


@lru_cache(maxsize=None)
def font_manifest() -> dict:
    """card_images/fonts/manifest.json (packages, files, roles, characters kept, sha256).

    Raises FileNotFoundError when the shipped fonts are missing (a broken checkout)."""
    with open(FONT_DIR / "manifest.json", encoding="utf-8") as f:
        return json.load(f)


def _fonts_with_role(role: str) -> tuple[str, ...]:
    return tuple(str(FONT_DIR / f["file"]) for f in font_manifest()["fonts"] if role in f["roles"])


@lru_cache(maxsize=None)
def rank_fonts() -> tuple[str, ...]:
    """Shipped font files that draw rank glyphs (upright Latin faces; Hershey fonts add more)."""
    return _fonts_with_role("rank")


@lru_cache(maxsize=None)
def suit_fonts() -> tuple[str, ...]:
    """Shipped font files whose suit glyphs (♠♥♣♦) are drawn on rendered cards."""
    return _fonts_with_role("suit")


@lru_cache(maxsize=None)
def name_font() -> str:
    """The shipped serif CJK subset for the Chinese card names on 三国杀-style faces."""
    return _fonts_with_role("name")[0]


@lru_cache(maxsize=256)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size)


def _crop_mask(m: np.ndarray, pad: int = 2) -> np.ndarray:
    ys, xs = np.nonzero(m > 127)
    if len(ys) == 0:
        return m
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    m = m[y0:y1, x0:x1]
    return cv2.copyMakeBorder(m, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)


def _text_mask_pil(text: str, font_path: str, size: int, squeeze: float) -> np.ndarray:
    font = _font(font_path, size)
    left, t, r, b = font.getbbox(text)
    img = Image.new("L", (int(r - left) + 8, int(b - t) + 8), 0)
    ImageDraw.Draw(img).text((4 - left, 4 - t), text, fill=255, font=font)
    m = np.asarray(img)
    if text == "10" and squeeze != 1.0:
        # Card prints often set "10" tightly: shift the "0" left.
        one = _text_mask_pil("1", font_path, size, 1.0)
        zero = _text_mask_pil("0", font_path, size, 1.0)
        h = max(one.shape[0], zero.shape[0])
        gap = int(round(size * 0.08 * squeeze))
        w = one.shape[1] + zero.shape[1] + gap
        m = np.zeros((h, max(w, 1)), np.uint8)
        m[h - one.shape[0]:, : one.shape[1]] = one
        x = one.shape[1] + gap
        m[h - zero.shape[0]:, x: x + zero.shape[1]] = np.maximum(
            m[h - zero.shape[0]:, x: x + zero.shape[1]], zero)
    return _crop_mask(m)


def _text_mask_hershey(text: str, face: int, thick: int) -> np.ndarray:
    scale = 3.0
    (w, h), base = cv2.getTextSize(text, face, scale, thick)
    img = np.zeros((h + base + 20, w + 20), np.uint8)
    cv2.putText(img, text, (10, h + 10), face, scale, 255, thick, cv2.LINE_AA)
    return _crop_mask(img)


def render_rank_glyph(rank: int, rng: np.random.Generator, size: int = 64) -> np.ndarray:
    """Mask (uint8, ink=255, tight crop + 2 px border) of the rank text in a random font."""
    text = rank_text(rank)
    fonts = rank_fonts()
    if rank == 12 and fonts and rng.random() < 0.5:
        return _q_from_o(fonts[rng.integers(len(fonts))], size, rng)
    if fonts and rng.random() < 0.85:
        path = fonts[rng.integers(len(fonts))]
        squeeze = float(rng.uniform(-0.6, 1.2)) if text == "10" else 1.0
        return _text_mask_pil(text, path, size, squeeze)
    face = HERSHEY[rng.integers(len(HERSHEY))]
    return _text_mask_hershey(text, face, int(rng.integers(4, 12)))


def _q_from_o(font_path: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """A 'Q' drawn as the font's 'O' plus our own tail (straight down, diagonal or curved)."""
    o = _text_mask_pil("O", font_path, size, 1.0)
    h, w = o.shape
    canvas: np.ndarray = np.zeros((int(h * 1.35), w + 8), np.uint8)
    canvas[:h, 4:4 + w] = o
    t = max(2, int(round(h * rng.uniform(0.07, 0.14))))
    style = rng.integers(4)
    x0 = 4 + w * rng.uniform(0.4, 0.6)
    if style == 0:  # vertical tail through the bottom
        pts = [(x0, h * rng.uniform(0.7, 0.85)), (x0 + w * rng.uniform(-0.05, 0.1), h * rng.uniform(1.1, 1.3))]
    elif style == 1:  # diagonal tail to the lower right
        pts = [(x0, h * rng.uniform(0.6, 0.8)), (4 + w * rng.uniform(0.85, 1.0), h * rng.uniform(1.0, 1.2))]
    elif style == 2:  # flat curved tail under the bowl
        pts = [(x0 - w * 0.1, h * 0.9), (x0 + w * 0.2, h * 1.05), (4 + w * 1.0, h * 1.1)]
    else:  # tail crossing the bottom of the bowl, ending in an upward flick on the right
        yb = h * rng.uniform(0.7, 0.85)
        pts = [(4 + w * rng.uniform(0.15, 0.35), yb), (4 + w * 0.6, h * rng.uniform(0.92, 1.02)),
               (4 + w * rng.uniform(0.95, 1.1), h * rng.uniform(1.0, 1.1)),
               (4 + w * rng.uniform(1.05, 1.2), h * rng.uniform(0.85, 0.95))]
        canvas = cv2.copyMakeBorder(canvas, 0, 0, 0, int(w * 0.25), cv2.BORDER_CONSTANT, value=0)
    p = np.array(pts, np.int32).reshape(-1, 1, 2)
    cv2.polylines(canvas, [p], False, 255, t, cv2.LINE_AA)
    return _crop_mask(canvas)


def looped_q(rng: np.random.Generator, size: int = 96) -> np.ndarray:
    """A tall narrow 'Q' as some card makers draw it: a stadium-shaped bowl, a bar across
    its lower part, and a tail that loops under the bowl and flicks out to the lower right.

    Not used for training (the committed model predates it); the Q-vs-0 check
    (card_images/zero_vs_q.py, tests) uses it as one more queen style.
    """
    h = size
    w = int(h * rng.uniform(0.45, 0.65))
    t = max(2, int(round(h * rng.uniform(0.07, 0.12))))
    canvas = np.zeros((int(h * 1.25) + 2 * t, int(w * 1.5) + 2 * t), np.uint8)
    x0, y0 = t, t
    r = w // 2
    cv2.ellipse(canvas, (x0 + r, y0 + r), (r, r), 0, 180, 360, 255, t, cv2.LINE_AA)
    cv2.ellipse(canvas, (x0 + r, y0 + h - r), (r, r), 0, 0, 180, 255, t, cv2.LINE_AA)
    cv2.line(canvas, (x0, y0 + r), (x0, y0 + h - r), 255, t, cv2.LINE_AA)
    cv2.line(canvas, (x0 + w, y0 + r), (x0 + w, y0 + h - r), 255, t, cv2.LINE_AA)
    yb = int(y0 + h * rng.uniform(0.62, 0.75))
    cv2.line(canvas, (x0, yb), (x0 + w, yb), 255, t, cv2.LINE_AA)
    # tail: from the bar's middle down through the bottom, curling out to the lower right
    pts = np.array([(x0 + w * 0.45, yb), (x0 + w * 0.55, y0 + h * 0.95),
                    (x0 + w * rng.uniform(0.85, 1.0), y0 + h * rng.uniform(1.05, 1.12)),
                    (x0 + w * rng.uniform(1.15, 1.35), y0 + h * rng.uniform(0.98, 1.08))], np.int32)
    cv2.polylines(canvas, [pts.reshape(-1, 1, 2)], False, 255, t, cv2.LINE_AA)
    return _crop_mask(canvas)


# --- vector suit shapes (our own), drawn on a supersampled canvas -----------------

def _suit_vector(suit: str, rng: np.random.Generator, s: int = 200) -> np.ndarray:
    img = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(img)
    j = lambda a=0.04: float(rng.uniform(-a, a))  # noqa: E731
    if suit == "diamond":
        w = 0.32 + j(0.08)
        bow = j(0.06)  # concave/convex sides
        pts = []
        for k in range(4):
            a0 = k * math.pi / 2
            for t in np.linspace(0, 1, 12, endpoint=False):
                ang = a0 + t * math.pi / 2
                p0 = (math.sin(a0) * w, -math.cos(a0) * 0.48)
                p1 = (math.sin(a0 + math.pi / 2) * w, -math.cos(a0 + math.pi / 2) * 0.48)
                x = p0[0] + (p1[0] - p0[0]) * t
                y = p0[1] + (p1[1] - p0[1]) * t
                bulge = bow * math.sin(math.pi * t)
                mx, my = math.sin(ang + math.pi / 4 * 0), -math.cos(ang)
                pts.append(((0.5 + x + bulge * mx) * s, (0.5 + y + bulge * my) * s))
        d.polygon(pts, fill=255)
        return np.asarray(img)
    if suit in ("heart", "spade"):
        r = 0.25 + j(0.03)
        cy = 0.34 + j(0.03)
        dx = 0.22 + j(0.02)
        tip = 0.92 + j(0.04)
        side = 0.42 + j(0.05)
        d.ellipse([(0.5 - dx - r) * s, (cy - r) * s, (0.5 - dx + r) * s, (cy + r) * s], fill=255)
        d.ellipse([(0.5 + dx - r) * s, (cy - r) * s, (0.5 + dx + r) * s, (cy + r) * s], fill=255)
        xl, xr = 0.5 - dx - r * 0.97, 0.5 + dx + r * 0.97
        d.polygon([(xl * s, side * s), (xr * s, side * s), (0.5 * s, tip * s)], fill=255)
        m = np.asarray(img)
        if suit == "spade":
            m = m[::-1].copy()
            m = np.roll(m, -int(0.12 * s), axis=0)
            img = Image.fromarray(m)
            d = ImageDraw.Draw(img)
            sw = 0.12 + j(0.04)
            d.polygon([(0.5 * s, 0.55 * s), ((0.5 - sw) * s, 0.98 * s), ((0.5 + sw) * s, 0.98 * s)], fill=255)
            m = np.asarray(img)
        return m
    # club
    r = 0.19 + j(0.02)
    for cx, cy in ((0.5, 0.25), (0.28 + j(0.02), 0.56), (0.72 + j(0.02), 0.56)):
        d.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=255)
    d.ellipse([(0.5 - 0.1) * s, 0.38 * s, 0.6 * s, 0.58 * s], fill=255)
    sw = 0.12 + j(0.04)
    d.polygon([(0.5 * s, 0.45 * s), ((0.5 - sw) * s, 0.98 * s), ((0.5 + sw) * s, 0.98 * s)], fill=255)
    return np.asarray(img)


def render_suit_glyph(suit: str, rng: np.random.Generator, size: int = 64) -> np.ndarray:
    """Mask (uint8, ink=255, tight crop) of a suit symbol: a font glyph or our vector shape."""
    fonts = suit_fonts()
    if fonts and rng.random() < 0.5:
        path = fonts[rng.integers(len(fonts))]
        return _text_mask_pil(SUIT_CHARS[suit], path, size, 1.0)
    m = _suit_vector(suit, rng)
    m = _crop_mask(m)
    return cv2.resize(m, (max(4, m.shape[1] * size // 200 * 2), max(4, m.shape[0] * size // 200 * 2)),
                      interpolation=cv2.INTER_AREA)


# --- card faces ------------------------------------------------------------------

@dataclass
class CardFace:
    image: np.ndarray  # BGR uint8, portrait
    rank: int
    suit: str


def _ink_colour(suit: str, rng: np.random.Generator) -> tuple[int, int, int]:
    if suit in RED_SUITS:
        return (int(rng.integers(0, 60)), int(rng.integers(0, 50)), int(rng.integers(170, 240)))
    v = int(rng.integers(0, 50))
    return (v, v, v)


def _stamp(canvas: np.ndarray, mask: np.ndarray, x: int, y: int, colour) -> None:
    h, w = mask.shape
    H, W = canvas.shape[:2]
    if x < 0 or y < 0 or x + w > W or y + h > H:
        return
    a = (mask.astype(np.float32) / 255.0)[..., None]
    roi = canvas[y:y + h, x:x + w].astype(np.float32)
    canvas[y:y + h, x:x + w] = (roi * (1 - a) + np.array(colour, np.float32) * a).astype(np.uint8)


def _fit_height(mask: np.ndarray, h: int, aspect: float = 1.0) -> np.ndarray:
    w = max(2, int(round(mask.shape[1] * h / mask.shape[0] * aspect)))
    return cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)


def render_card(rank: int, suit: str, rng: np.random.Generator, width: int = 500,
                four_corners: bool | None = None) -> CardFace:
    """A card face, BGR uint8 of shape (round(width*1.4), width, 3), with indices.

    The index (rank over suit) sits top-left and, turned 180°, bottom-right; on some
    faces also top-right/bottom-left. The centre gets pips or random "art".
    """
    W = width
    H = int(round(W * float(rng.uniform(1.38, 1.55))))
    paper = rng.integers(205, 250) + rng.integers(-8, 9, 3)
    if rng.random() < 0.2:  # cream / pink stock
        paper = np.array([rng.integers(180, 225), rng.integers(195, 235), rng.integers(225, 256)])
    paper = np.clip(paper, 0, 255)
    card = np.empty((H, W, 3), np.uint8)
    card[:] = paper.astype(np.uint8)
    colour = _ink_colour(suit, rng)
    # centre: pips or art
    if rank <= 10 and rng.random() < 0.8:
        pip = render_suit_glyph(suit, rng, 96)
        ph = int(W * rng.uniform(0.13, 0.2))
        pip = _fit_height(pip, ph)
        for _ in range(min(rank, 10)):
            x = int(rng.uniform(0.28, 0.72) * W - pip.shape[1] / 2)
            y = int(rng.uniform(0.22, 0.78) * H - ph / 2)
            _stamp(card, pip, x, y, colour)
    else:
        x0, y0 = int(W * rng.uniform(0.18, 0.25)), int(H * rng.uniform(0.1, 0.16))
        cv2.rectangle(card, (x0, y0), (W - x0, H - y0), _ink_colour("spade", rng), int(rng.integers(1, 4)))
        for _ in range(int(rng.integers(5, 25))):
            c = tuple(int(v) for v in rng.integers(0, 256, 3))
            p = (int(rng.uniform(x0, W - x0)), int(rng.uniform(y0, H - y0)))
            if rng.random() < 0.5:
                cv2.ellipse(card, p, (int(rng.integers(5, W // 5)), int(rng.integers(5, W // 5))),
                            float(rng.uniform(0, 180)), 0, 360, c, -1)
            else:
                q = (int(rng.uniform(x0, W - x0)), int(rng.uniform(y0, H - y0)))
                cv2.line(card, p, q, c, int(rng.integers(1, 8)))
    # index
    rh = int(W * rng.uniform(0.085, 0.14))
    # card indices are often set in condensed type: squeeze the width down to ~55%
    rmask = _fit_height(render_rank_glyph(rank, rng, 96), rh, float(rng.uniform(0.55, 1.15)))
    sh = int(rh * rng.uniform(0.6, 0.95))
    smask = _fit_height(render_suit_glyph(suit, rng, 96), sh, float(rng.uniform(0.9, 1.1)))
    gap = int(rh * rng.uniform(0.08, 0.4))
    iw = max(rmask.shape[1], smask.shape[1])
    idx = np.zeros((rh + gap + sh + 4, iw + 4), np.uint8)
    rx = 2 + (iw - rmask.shape[1]) // 2
    idx[2:2 + rh, rx:rx + rmask.shape[1]] = rmask
    sx = 2 + (iw - smask.shape[1]) // 2
    idx[2 + rh + gap:2 + rh + gap + sh, sx:sx + smask.shape[1]] = smask
    mx = int(W * rng.uniform(0.035, 0.07))
    my = int(H * rng.uniform(0.025, 0.05))
    _stamp(card, idx, mx, my, colour)
    rot = idx[::-1, ::-1]
    _stamp(card, rot, W - mx - rot.shape[1], H - my - rot.shape[0], colour)
    if four_corners is None:
        four_corners = bool(rng.random() < 0.3)
    if four_corners:
        _stamp(card, idx, W - mx - idx.shape[1], my, colour)
        _stamp(card, rot, mx, H - my - rot.shape[0], colour)
    return CardFace(card, rank, suit)


# --- 三国杀-style faces ----------------------------------------------------------------

SGS_LAYOUTS = ("rank_above", "suit_above", "side_by_side")
# Chinese card names drawn on 三国杀-style faces (every one is in the shipped CJK subset).
SGS_NAMES = ("杀", "闪", "桃", "决斗", "过河拆桥", "顺手牵羊", "无中生有", "借刀杀人", "无懈可击", "南蛮入侵",
             "万箭齐发", "桃园结义", "五谷丰登", "乐不思蜀", "闪电", "诸葛连弩", "青釭剑", "寒冰剑", "八卦阵",
             "仁王盾", "赤兔", "的卢", "麒麟弓", "丈八蛇矛", "青龙偃月刀")


def _parchment(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Parchment / aged paper, BGR float32: a warm base, blotches, fibres, darker edges, stains."""
    base = np.array([rng.uniform(120, 190), rng.uniform(165, 215), rng.uniform(200, 240)], np.float32)
    if rng.random() < 0.25:  # greyer, older paper
        base = np.full(3, rng.uniform(150, 200), np.float32) + np.array([-20, -5, 10], np.float32)
    img: np.ndarray = np.empty((h, w, 3), np.float32)
    img[:] = base
    for scale, amp in ((24, rng.uniform(6, 22)), (6, rng.uniform(3, 12))):
        small = rng.normal(0, 1, (max(2, h // scale), max(2, w // scale), 1)).astype(np.float32)
        img += cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[..., None] * amp
    # fibres: short faint strokes
    fib = np.zeros((h, w), np.float32)
    for _ in range(int(rng.integers(20, 120))):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        a = rng.uniform(0, np.pi)
        ln = rng.uniform(4, 25)
        cv2.line(fib, (x, y), (int(x + ln * np.cos(a)), int(y + ln * np.sin(a))), float(rng.uniform(0.3, 1)), 1)
    img -= fib[..., None] * rng.uniform(5, 25)
    # darker, browner edges (vignette)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.minimum(np.minimum(xx, w - 1 - xx), np.minimum(yy, h - 1 - yy)) / (0.5 * min(h, w))
    img *= (1 - rng.uniform(0.1, 0.35) * np.clip(1 - d / rng.uniform(0.3, 0.7), 0, 1) ** 2)[..., None]
    # a few tea stains (soft rings), kept off the index corner by the caller's clean patch
    for _ in range(int(rng.integers(0, 4))):
        c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        r = int(rng.integers(w // 10, w // 3))
        st: np.ndarray = np.zeros((h, w), np.float32)
        cv2.circle(st, c, r, 1.0, int(rng.integers(2, 8)))
        cv2.circle(st, c, r, 0.3, -1)
        st = cv2.GaussianBlur(st, (0, 0), 4)
        img -= st[..., None] * np.array([rng.uniform(15, 35), rng.uniform(10, 25), rng.uniform(0, 10)], np.float32)
    return img


def _artwork(card: np.ndarray, box: tuple[int, int, int, int], rng: np.random.Generator) -> None:
    """Artwork-like clutter in box (x0, y0, x1, y1): colour washes, figures, strokes, in place."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w < 8 or h < 8:
        return
    art: np.ndarray = card[y0:y1, x0:x1].astype(np.float32)
    wash = rng.normal(0, 1, (max(2, h // 30), max(2, w // 30), 3)).astype(np.float32)
    wash = cv2.resize(wash, (w, h), interpolation=cv2.INTER_CUBIC) * rng.uniform(20, 60)
    tint = np.array([rng.uniform(-60, 40), rng.uniform(-50, 30), rng.uniform(-40, 40)], np.float32)
    alpha = rng.uniform(0.4, 0.9)
    art = art * (1 - alpha) + (art + wash + tint) * alpha
    for _ in range(int(rng.integers(8, 40))):
        c = tuple(float(v) for v in rng.uniform(0, 230, 3))
        p = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        k = rng.random()
        if k < 0.4:
            cv2.ellipse(art, p, (int(rng.integers(4, max(5, w // 4))), int(rng.integers(4, max(5, h // 4)))),
                        float(rng.uniform(0, 180)), 0, 360, c, -1 if rng.random() < 0.6 else int(rng.integers(1, 6)),
                        cv2.LINE_AA)
        elif k < 0.8:
            pts = (np.array(p) + rng.normal(0, w / 5, (int(rng.integers(3, 7)), 2))).astype(np.int32)
            cv2.polylines(art, [pts.reshape(-1, 1, 2)], bool(rng.random() < 0.3), c, int(rng.integers(1, 7)),
                          cv2.LINE_AA)
        else:
            q = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            cv2.line(art, p, q, c, int(rng.integers(1, 10)), cv2.LINE_AA)
    art = cv2.GaussianBlur(art, (0, 0), rng.uniform(0.5, 2.0))
    card[y0:y1, x0:x1] = np.clip(art, 0, 255)


def _sgs_ink(suit: str, rng: np.random.Generator) -> tuple[int, int, int]:
    if suit in RED_SUITS:  # vermilion to dark red
        return (int(rng.integers(10, 60)), int(rng.integers(10, 50)), int(rng.integers(150, 225)))
    v = int(rng.integers(5, 45))
    return (v, v + int(rng.integers(0, 8)), v + int(rng.integers(0, 12)))


def _text_mask_cjk(text: str, size: int, vertical: bool) -> np.ndarray:
    font = _font(name_font(), size)
    if not vertical:
        return _text_mask_pil(text, name_font(), size, 1.0)
    parts = [_text_mask_pil(ch, name_font(), size, 1.0) for ch in text]
    w = max(p.shape[1] for p in parts)
    gap = max(1, size // 10)
    out = np.zeros((sum(p.shape[0] for p in parts) + gap * (len(parts) - 1), w), np.uint8)
    y = 0
    for p in parts:
        x = (w - p.shape[1]) // 2
        out[y:y + p.shape[0], x:x + p.shape[1]] = p
        y += p.shape[0] + gap
    del font
    return out


def sgs_index_mask(rank: int, suit: str, layout: str, rh: int, rng: np.random.Generator) -> np.ndarray:
    """The index of a 三国杀-style face as one mask: rank and suit glyphs in ``layout``
    (one of SGS_LAYOUTS), rank height ``rh`` px."""
    rmask = _fit_height(render_rank_glyph(rank, rng, 96), rh, float(rng.uniform(0.6, 1.15)))
    sh = int(rh * rng.uniform(0.6, 0.95))
    smask = _fit_height(render_suit_glyph(suit, rng, 96), sh, float(rng.uniform(0.9, 1.1)))
    gap = int(rh * rng.uniform(0.1, 0.35))
    if layout == "side_by_side":
        first, second = (rmask, smask) if rng.random() < 0.75 else (smask, rmask)
        hh = max(first.shape[0], second.shape[0])
        out = np.zeros((hh + 4, first.shape[1] + gap + second.shape[1] + 4), np.uint8)
        for m, x in ((first, 2), (second, 2 + first.shape[1] + gap)):
            y = 2 + (hh - m.shape[0]) // 2 if rng.random() < 0.7 else 2 + hh - m.shape[0]
            out[y:y + m.shape[0], x:x + m.shape[1]] = m
        return out
    top, bottom = (rmask, smask) if layout == "rank_above" else (smask, rmask)
    iw = max(top.shape[1], bottom.shape[1])
    out = np.zeros((top.shape[0] + gap + bottom.shape[0] + 4, iw + 4), np.uint8)
    tx = 2 + (iw - top.shape[1]) // 2
    out[2:2 + top.shape[0], tx:tx + top.shape[1]] = top
    bx = 2 + (iw - bottom.shape[1]) // 2
    y = 2 + top.shape[0] + gap
    out[y:y + bottom.shape[0], bx:bx + bottom.shape[1]] = bottom
    return out


def render_sgs_card(rank: int, suit: str, rng: np.random.Generator, width: int = 500,
                    layout: str | None = None, name: str | None = None,
                    turned_index: bool | None = None) -> CardFace:
    """A 三国杀-style face, BGR uint8 of shape (≈1.4·width, width, 3).

    Parchment or aged paper, a decorative double frame, artwork-like clutter filling most of
    the face (behind and near the index, which keeps a small clean patch of paper as on the
    prints), the Chinese card name (shipped CJK serif subset) and the index in the
    top-left corner and, when ``turned_index`` (random, one in two, when None), turned in
    the bottom-right, in ``layout`` (SGS_LAYOUTS; random when None), red or black.
    """
    W = width
    H = int(round(W * float(rng.uniform(1.38, 1.5))))
    card = _parchment(H, W, rng)
    if layout is None:
        layout = SGS_LAYOUTS[int(rng.choice(3, p=[0.5, 0.25, 0.25]))]
    colour = _sgs_ink(suit, rng)
    frame_c = tuple(float(v) for v in (rng.uniform(20, 90), rng.uniform(40, 110), rng.uniform(60, 150)))
    # artwork: most of the face, reaching close to the index
    ax0 = int(W * rng.uniform(0.05, 0.3))
    ay0 = int(H * rng.uniform(0.04, 0.22))
    _artwork(card, (ax0, ay0, W - int(W * rng.uniform(0.04, 0.1)), H - int(H * rng.uniform(0.2, 0.35))), rng)
    # decorative double frame (inside the index margin or around the art)
    m = int(W * rng.uniform(0.015, 0.03))
    t = max(1, int(W * rng.uniform(0.003, 0.01)))
    cv2.rectangle(card, (m, m), (W - m, H - m), frame_c, t, cv2.LINE_AA)
    if rng.random() < 0.7:
        m2 = m + int(W * rng.uniform(0.01, 0.02))
        cv2.rectangle(card, (m2, m2), (W - m2, H - m2), frame_c, max(1, t // 2), cv2.LINE_AA)
    # a text box at the bottom (the card's rule text: rows of small marks)
    by0 = int(H * rng.uniform(0.68, 0.78))
    cv2.rectangle(card, (int(W * 0.08), by0), (int(W * 0.92), int(H * 0.94)), frame_c, max(1, t // 2), cv2.LINE_AA)
    for row in range(int(rng.integers(2, 5))):
        y = by0 + int(H * 0.035 * (row + 1))
        x = int(W * 0.12)
        while x < W * 0.85 and y < H * 0.92:
            s = int(W * rng.uniform(0.02, 0.03))
            cv2.rectangle(card, (x, y), (x + s, y + s), (60, 60, 70), -1)
            x += int(s * 1.4)
    card = np.clip(card, 0, 255).astype(np.uint8)
    # the card name, in a banner: vertical down the right side or horizontal at the top
    if name is None:
        name = SGS_NAMES[int(rng.integers(len(SGS_NAMES)))]
    vertical = rng.random() < 0.5
    size = int(W * rng.uniform(0.08, 0.13))
    nm = _text_mask_cjk(name, size, vertical)
    name_c = _sgs_ink("spade" if rng.random() < 0.6 else "heart", rng)
    if vertical:
        nx, ny = W - int(W * rng.uniform(0.1, 0.2)) - nm.shape[1] // 2, int(H * rng.uniform(0.08, 0.2))
    else:
        nx, ny = (W - nm.shape[1]) // 2 + int(W * rng.uniform(-0.05, 0.1)), int(H * rng.uniform(0.05, 0.1))
    if rng.random() < 0.6:  # a pale banner behind the name
        pad = size // 4
        cv2.rectangle(card, (nx - pad, ny - pad), (nx + nm.shape[1] + pad, ny + nm.shape[0] + pad),
                      tuple(float(v) for v in rng.uniform(170, 240, 3)), -1)
    _stamp(card, nm, nx, ny, name_c)
    # the index: a clean (or faintly textured) patch of paper in the top-left corner
    rh = int(W * rng.uniform(0.085, 0.13))
    idx = sgs_index_mask(rank, suit, layout, rh, rng)
    mx = int(W * rng.uniform(0.04, 0.07))
    my = int(H * rng.uniform(0.03, 0.05))
    ph, pw = idx.shape[0] + int(rh * 0.3), idx.shape[1] + int(rh * 0.3)
    patch = card[max(0, my - rh // 6):my + ph, max(0, mx - rh // 6):mx + pw]
    paper = np.median(_parchment(32, 32, rng).reshape(-1, 3), axis=0)
    patch[:] = np.clip(patch.astype(np.float32) * 0.25 + paper * 0.75, 0, 255).astype(np.uint8)
    _stamp(card, idx, mx, my, colour)
    if turned_index is None:
        turned_index = bool(rng.random() < 0.5)
    if turned_index:  # some prints repeat the index, turned, bottom-right
        rot = idx[::-1, ::-1]
        x, y = W - mx - rot.shape[1], H - my - rot.shape[0]
        patch = card[y - rh // 6:y + rot.shape[0] + rh // 6, x - rh // 6:x + rot.shape[1] + rh // 6]
        patch[:] = np.clip(patch.astype(np.float32) * 0.25 + paper * 0.75, 0, 255).astype(np.uint8)
        _stamp(card, rot, x, y, colour)
    return CardFace(card, rank, suit)


# --- synthetic photos ----------------------------------------------------------------

def _background(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    base = rng.integers(0, 200, 3).astype(np.float32)
    small = rng.normal(0, rng.uniform(5, 40), (max(2, h // 40), max(2, w // 40), 3)).astype(np.float32)
    tex = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    fine = rng.normal(0, rng.uniform(0, 15), (h, w, 3)).astype(np.float32)
    gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :, None] * rng.uniform(-40, 40)
    bg = base + tex + fine + gx
    return np.clip(bg, 0, 255).astype(np.uint8)


@dataclass
class SynthPhoto:
    image: np.ndarray  # BGR uint8
    rank: int
    suit: str
    quad: np.ndarray  # (4, 2) float32 card corners in the image, TL, TR, BR, BL of the face


def jpeg_round_trip(img: np.ndarray, quality: int) -> np.ndarray:
    """The BGR uint8 image as it comes back from JPEG at quality 0..100 (its compression artefacts).
    Raises RuntimeError if OpenCV cannot encode or decode it (no JPEG codec)."""
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    out = cv2.imdecode(enc, cv2.IMREAD_COLOR) if ok else None
    if out is None:
        raise RuntimeError("OpenCV could not round-trip the image through JPEG")
    return out


def synth_photo(rank: int, suit: str, rng: np.random.Generator, size: tuple[int, int] = (720, 1280),
                rotation: float | None = None, tilt: float = 0.12, low_light: bool | None = None,
                card_scale: tuple[float, float] = (0.45, 0.85), overlay: np.ndarray | None = None,
                overlay_mm: float = 27.0, style: str = "poker", layout: str | None = None) -> SynthPhoto:
    """A frame of ``size`` (h, w) showing one card.

    rotation: in-plane angle in degrees (random when None); tilt: max corner jitter as a
    fraction of card size (perspective); low_light: force a dim frame. style: "poker"
    (``render_card``) or "sgs" (``render_sgs_card``, with ``layout``; random when None).
    """
    h, w = size
    if style == "sgs":
        face = render_sgs_card(rank, suit, rng, layout=layout)
    elif style == "poker":
        face = render_card(rank, suit, rng)
    else:
        raise ValueError(f"unknown card style {style!r} (poker | sgs)")
    card = face.image
    ch, cw = card.shape[:2]
    if overlay is not None:
        ow = int(cw * overlay_mm / 63.0)
        oh = int(overlay.shape[0] * ow / overlay.shape[1])
        o = cv2.resize(overlay, (ow, oh), interpolation=cv2.INTER_AREA)
        x0, y0 = (cw - ow) // 2, int(ch * 0.62) - oh // 2
        card = card.copy()
        card[y0:y0 + oh, x0:x0 + ow] = o
    # rounded corners
    r = int(cw * rng.uniform(0.03, 0.07))
    alpha = np.zeros((ch, cw), np.uint8)
    cv2.rectangle(alpha, (r, 0), (cw - r, ch), 255, -1)
    cv2.rectangle(alpha, (0, r), (cw, ch - r), 255, -1)
    for cx, cy in ((r, r), (cw - r, r), (r, ch - r), (cw - r, ch - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    bg = _background(h, w, rng)
    if rotation is None:
        rotation = float(rng.uniform(0, 360))
    target_h = min(h, w) * float(rng.uniform(*card_scale))
    s = target_h / ch
    src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
    c = src - np.array([cw / 2, ch / 2], np.float32)
    c = c * s
    c += rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * target_h
    a = math.radians(rotation)
    R = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], np.float32)
    c = c @ R.T
    ext = c.max(0) - c.min(0)
    cx = rng.uniform(ext[0] / 2, max(ext[0] / 2 + 1, w - ext[0] / 2))
    cy = rng.uniform(ext[1] / 2, max(ext[1] / 2 + 1, h - ext[1] / 2))
    dst = (c + np.array([cx, cy], np.float32)).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(card, M, (w, h), flags=cv2.INTER_AREA)
    wa = cv2.warpPerspective(alpha, M, (w, h), flags=cv2.INTER_LINEAR).astype(np.float32)[..., None] / 255
    img: np.ndarray = bg.astype(np.float32) * (1 - wa) + warped.astype(np.float32) * wa
    # shading, colour cast, dim light, glare
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    grad = 1 + rng.uniform(-0.25, 0.25) * (xx / w - 0.5) + rng.uniform(-0.25, 0.25) * (yy / h - 0.5)
    img *= grad[..., None]
    img *= rng.uniform(0.8, 1.15, 3).astype(np.float32)
    dim = rng.random() < 0.25 if low_light is None else low_light
    if dim:
        img *= rng.uniform(0.25, 0.5)
    if rng.random() < 0.3:
        gx, gy = rng.uniform(0, w), rng.uniform(0, h)
        gs = rng.uniform(0.05, 0.25) * w
        glare = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gs * gs)) * rng.uniform(40, 140)
        img += glare[..., None]
    k = int(rng.integers(0, 3)) * 2 + 1
    if k > 1:
        img = cv2.GaussianBlur(img, (k, k), 0)
    img += rng.normal(0, rng.uniform(1, 8 if not dim else 12), img.shape).astype(np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    q = int(rng.integers(55, 95))
    img = jpeg_round_trip(img, q)
    return SynthPhoto(img, rank, suit, dst)


def contact_sheet(seed: int = 1) -> np.ndarray:
    """A BGR picture of sample glyphs (every rank and suit) and a few rendered photos."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(4):
        gl = [render_rank_glyph(r, rng, 48) for r in range(1, 14)] + [render_suit_glyph(s, rng, 48) for s in SUITS]
        gl = [_fit_height(255 - g, 40) for g in gl]
        rows.append(np.hstack([cv2.copyMakeBorder(g, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255) for g in gl]))
    w = max(r.shape[1] for r in rows)
    glyphs = np.vstack([cv2.copyMakeBorder(r, 0, 0, 0, w - r.shape[1], cv2.BORDER_CONSTANT, value=255) for r in rows])
    glyphs = cv2.cvtColor(glyphs, cv2.COLOR_GRAY2BGR)
    photos = [cv2.resize(synth_photo(int(rng.integers(1, 14)), SUITS[rng.integers(4)], rng).image, (320, 180),
                         interpolation=cv2.INTER_AREA) for _ in range(4)]
    strip = np.hstack(photos)
    W = max(strip.shape[1], glyphs.shape[1])
    pad = lambda im: cv2.copyMakeBorder(im, 0, 0, 0, W - im.shape[1], cv2.BORDER_CONSTANT, value=(255, 255, 255))  # noqa: E731
    return np.vstack([pad(glyphs), pad(strip)])


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Write a contact sheet of rendered glyphs and photos.")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "samples.png"))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    cv2.imwrite(a.out, contact_sheet(a.seed))
    print(a.out)
