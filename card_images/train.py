"""Train the glyph classifier of the card reader from rendered cards (no real photos).

    python card_images/train.py                 # full run, writes recognition/models/glyphs.yml.gz
    python card_images/train.py --cards 200 --epochs 2 --out /tmp/m.yml.gz   # tiny smoke run

Deterministic: every random choice comes from numpy Generators seeded from --seed.
Training data: rendered card faces (card_images/render.py) in many fonts, put through the
same corner warp and glyph segmentation as the reader, plus "junk" glyphs (letters,
blobs, the other kind of glyph) so the classifier can say "this is not a rank/suit".
"""

from __future__ import annotations

import argparse
import string
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from card_images.render import (  # noqa: E402
    SUITS,
    _crop_mask,
    _text_mask_pil,
    jpeg_round_trip,
    rank_fonts,
    render_card,
    render_rank_glyph,
    render_sgs_card,
    render_suit_glyph,
)
from recognition.geometry import CARD_H, order_quad, warp_corner  # noqa: E402
from recognition.glyphs import FEATURE_SIZE, INK_LEVEL, glyph_features, prepare, segment_index  # noqa: E402
from recognition.model import MLP, MODEL_PATH, RANK_CLASSES, SUIT_CLASSES, save_models  # noqa: E402

TRAIN_SEED = 20261130
SGS_FRAC = 0.25  # share of 三国杀-style faces among the rendered training cards
# Issue 18 (rsmall, 4 Dec): --small-frac F draws a share F of the faces SMALL_FACE_PX wide (a card
# at a quarter of a 1280x720 frame is ~60-100 px wide; the others FACE_PX wide) and thresholds their
# corners at one of SMALL_LEVELS (the reader's small-index read), so the nets see glyphs of 4-10 frame
# pixels as the reader segments them. Off by default (0: the stream and model as before): trained
# with 0.3 (seed 20261130) it read 2-4 more rendered cards at a quarter scale but accepted 8 wrong on
# the development seeds where the committed model accepted 3 (docs/recognition.md, "Small corners").
FACE_PX = (110, 420)
SMALL_FACE_PX = (50, 110)
SMALL_FACE_FRAC = 0.0
SMALL_LEVELS = (0.45, 0.3, 0.2)


def photometric(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Colour cast, dim light, glare, blur, noise and JPEG on a BGR image."""
    f: np.ndarray = img.astype(np.float32)
    f *= rng.uniform(0.75, 1.15, 3).astype(np.float32)
    if rng.random() < 0.3:
        f *= rng.uniform(0.25, 0.55)
    if rng.random() < 0.2:
        h, w = f.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        gx, gy, gs = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.5) * w
        f += (np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gs * gs)) * rng.uniform(30, 120))[..., None]
    k = int(rng.integers(0, 3)) * 2 + 1
    if k > 1:
        f = cv2.GaussianBlur(f, (k, k), 0)
    f += rng.normal(0, rng.uniform(1, 10), f.shape).astype(np.float32)
    f = np.clip(f, 0, 255).astype(np.uint8)
    return jpeg_round_trip(f, int(rng.integers(50, 95)))


def card_corner_samples(rank: int, suit: str, rng: np.random.Generator, sgs: bool = False,
                        small_frac: float = SMALL_FACE_FRAC):
    """Render a card (a poker face, or a 三国杀-style face when sgs), warp its corners with a
    slightly wrong quad, segment the index.

    Yields (rank_mask, suit_mask, redness, is_index) per segmented corner; is_index is False
    for the bottom-right corner of a 三国杀-style face printed without a turned index (what
    is segmented there is art or rule text: junk). small_frac of the faces are drawn
    SMALL_FACE_PX wide and thresholded at a random SMALL_LEVELS level.
    """
    width = int(rng.integers(200, 420))
    turned = True
    if sgs:
        turned = bool(rng.random() < 0.5)
        face = render_sgs_card(rank, suit, rng, width=width, layout="rank_above", turned_index=turned).image
    else:
        face = render_card(rank, suit, rng, width=width).image
    small = small_frac > 0 and bool(rng.random() < small_frac)  # no draw at 0: the old stream
    w_px = int(rng.integers(*(SMALL_FACE_PX if small else FACE_PX)))
    level = float(SMALL_LEVELS[int(rng.integers(len(SMALL_LEVELS)))]) if small else INK_LEVEL
    s = w_px / face.shape[1]
    face = cv2.resize(face, (w_px, max(8, int(face.shape[0] * s))), interpolation=cv2.INTER_AREA)
    h, w = face.shape[:2]
    pad = int(0.15 * w)
    bg = rng.integers(0, 256, 3).tolist()
    img = cv2.copyMakeBorder(face, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=bg)
    img = photometric(img, rng)
    quad = np.array([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]], np.float32)
    quad += rng.normal(0, 0.012 * w, (4, 2)).astype(np.float32)
    q = order_quad(quad)
    for turn in (0, 2):
        c = warp_corner(img, q, turn)
        p = prepare(c, level=level)
        g = segment_index(c, p) if p is not None else None
        if g is None or g.rank_box[1] > 0.12 * CARD_H:
            continue
        yield g.rank_mask, g.suit_mask, g.redness, turn == 0 or turned


def distort_mask(m: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random small affine, resize to a small height, blur and re-threshold a glyph mask."""
    h, w = m.shape
    a = np.array([[rng.uniform(0.6, 1.15), rng.uniform(-0.2, 0.2), 0],
                  [rng.uniform(-0.08, 0.08), 1 + rng.uniform(-0.15, 0.15), 0]], np.float32)
    big = cv2.copyMakeBorder(m, h // 2, h // 2, w // 2 + 4, w // 2 + 4, cv2.BORDER_CONSTANT, value=0)
    big = cv2.warpAffine(big, a, (big.shape[1], big.shape[0]))
    big = _crop_mask(big)
    th = int(rng.integers(12, 40))
    sw = max(2, int(big.shape[1] * th / max(1, big.shape[0])))
    small = cv2.resize(big, (sw, th), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (3, 3), rng.uniform(0.1, 1.0))
    return ((small > rng.uniform(70, 180)) * 255).astype(np.uint8)


# Not ranks, and not shaped like one (an "O" would teach the net that a round Q is junk).
_JUNK_CHARS = [c for c in string.ascii_uppercase + "#%&@?" if c not in "AJQKOCDGUILTZSB"]


def junk_mask(rng: np.random.Generator, kind: str) -> np.ndarray:
    """Something that is not a valid glyph of `kind` ('rank' or 'suit')."""
    r = rng.random()
    fonts = rank_fonts()
    if r < 0.3:
        m = (render_suit_glyph(SUITS[rng.integers(4)], rng, 64) if kind == "rank"
             else render_rank_glyph(int(rng.integers(1, 14)), rng, 64))
    elif r < 0.5 and fonts and kind == "rank":
        # half of a "10": the reader must not take a lone "1" or "0" for a rank
        m = _text_mask_pil("10"[rng.integers(2)], fonts[rng.integers(len(fonts))], 64, 1.0)
    elif r < 0.7 and fonts:
        c = _JUNK_CHARS[rng.integers(len(_JUNK_CHARS))]
        m = _text_mask_pil(c, fonts[rng.integers(len(fonts))], 64, 1.0)
    elif r < 0.8:  # a plain bar (a "1" without its flag, a frame line, ...)
        h = int(rng.integers(30, 64))
        m = np.zeros((h + 4, 24), np.uint8)
        bw = max(2, int(h / rng.uniform(3.5, 12)))
        m[2:h + 2, 12 - bw // 2:12 - bw // 2 + bw] = 255
        if rng.random() < 0.3:
            m = np.ascontiguousarray(m.T)
    else:
        m = np.zeros((64, 64), np.uint8)
        for _ in range(int(rng.integers(1, 4))):
            if rng.random() < 0.5:
                cv2.ellipse(m, (int(rng.integers(10, 54)), int(rng.integers(10, 54))),
                            (int(rng.integers(3, 30)), int(rng.integers(3, 30))), float(rng.uniform(0, 180)),
                            0, 360, 255, -1 if rng.random() < 0.5 else int(rng.integers(2, 8)))
            else:
                cv2.line(m, tuple(int(v) for v in rng.integers(0, 64, 2)),
                         tuple(int(v) for v in rng.integers(0, 64, 2)), 255, int(rng.integers(2, 10)))
        m = _crop_mask(m)
    return distort_mask(m, rng)


def build_dataset(n_cards: int, seed: int, junk_frac: float = 0.12, sgs_frac: float = SGS_FRAC, log=print,
                  small_frac: float = SMALL_FACE_FRAC):
    """Features and labels: returns dict kind -> (X (N, F) float32, y (N,) int32).

    sgs_frac of the cards are 三国杀-style faces (render_sgs_card, rank-above-suit layout:
    the one the reader's segmentation reads)."""
    rng = np.random.default_rng(seed)
    rx, ry, sx, sy = [], [], [], []
    t0 = time.time()
    for i in range(n_cards):
        rank = int(rng.integers(1, 14))
        suit = SUITS[rng.integers(4)]
        sgs = bool(rng.random() < sgs_frac)
        for rm, sm, _, is_index in card_corner_samples(rank, suit, rng, sgs, small_frac):
            rx.append(glyph_features(rm))
            ry.append(rank - 1 if is_index else 13)
            sx.append(glyph_features(sm))
            sy.append(SUITS.index(suit) if is_index else 4)
        # direct glyph renders add fonts/sizes the card renderer drew less often
        if rng.random() < 0.5:
            rx.append(glyph_features(distort_mask(render_rank_glyph(rank, rng, 64), rng)))
            ry.append(rank - 1)
            sx.append(glyph_features(distort_mask(render_suit_glyph(suit, rng, 64), rng)))
            sy.append(SUITS.index(suit))
        if (i + 1) % 1000 == 0:
            log(f"  {i + 1}/{n_cards} cards, {time.time() - t0:.0f}s")
    nj = int(len(rx) * junk_frac)
    for _ in range(nj):
        rx.append(glyph_features(junk_mask(rng, "rank")))
        ry.append(13)
        sx.append(glyph_features(junk_mask(rng, "suit")))
        sy.append(4)
    return {"rank": (np.array(rx, np.float32), np.array(ry, np.int32)),
            "suit": (np.array(sx, np.float32), np.array(sy, np.int32))}


def train_mlp(X: np.ndarray, y: np.ndarray, classes: list[str], seed: int, hidden: int = 96,
              epochs: int = 30, lr: float = 2e-3, wd: float = 1e-4, log=print) -> MLP:
    """Softmax MLP (one ReLU layer) trained with Adam on cross-entropy, fixed seed."""
    rng = np.random.default_rng(seed)
    mean = X.mean(0)
    std = X.std(0) + 1e-3
    Z = (X - mean) / std
    n, f = Z.shape
    c = len(classes)
    w1 = rng.normal(0, np.sqrt(2 / f), (f, hidden)).astype(np.float32)
    b1 = np.zeros(hidden, np.float32)
    w2 = rng.normal(0, np.sqrt(1 / hidden), (hidden, c)).astype(np.float32)
    b2 = np.zeros(c, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    Y = np.eye(c, dtype=np.float32)[y]
    step = 0
    bs = 128
    for ep in range(epochs):
        order = rng.permutation(n)
        loss_sum = 0.0
        for i in range(0, n, bs):
            idx = order[i:i + bs]
            xb = Z[idx] + rng.normal(0, 0.05, (len(idx), f)).astype(np.float32)
            h_pre = xb @ w1 + b1
            h = np.maximum(h_pre, 0)
            o = h @ w2 + b2
            o -= o.max(1, keepdims=True)
            p = np.exp(o)
            p /= p.sum(1, keepdims=True)
            loss_sum += float(-np.log(p[np.arange(len(idx)), y[idx]] + 1e-9).sum())
            d_o = (p - Y[idx]) / len(idx)
            g_w2 = h.T @ d_o + wd * w2
            g_b2 = d_o.sum(0)
            d_h = (d_o @ w2.T) * (h_pre > 0)
            g_w1 = xb.T @ d_h + wd * w1
            g_b1 = d_h.sum(0)
            step += 1
            a = lr * (0.5 * (1 + np.cos(np.pi * ep / epochs)))
            for j, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[j] = 0.9 * m[j] + 0.1 * g
                v[j] = 0.999 * v[j] + 0.001 * g * g
                mh = m[j] / (1 - 0.9 ** step)
                vh = v[j] / (1 - 0.999 ** step)
                params[j] -= (a * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        log(f"  epoch {ep + 1}/{epochs} loss {loss_sum / n:.4f}")
    return MLP(mean.astype(np.float32), std.astype(np.float32), w1, b1, w2, b2, classes=classes)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cards", type=int, default=16000, help="rendered cards for training")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=TRAIN_SEED)
    ap.add_argument("--out", type=Path, default=MODEL_PATH)
    ap.add_argument("--small-frac", type=float, default=SMALL_FACE_FRAC,
                    help="share of faces drawn SMALL_FACE_PX wide (0: as before issue 18's small-face work)")
    args = ap.parse_args(argv)
    cv2.setRNGSeed(args.seed)
    print(f"rendering {args.cards} cards (seed {args.seed}) ...")
    data = build_dataset(args.cards, args.seed, small_frac=args.small_frac)
    nets = {}
    for kind, classes in (("rank", RANK_CLASSES), ("suit", SUIT_CLASSES)):
        X, y = data[kind]
        assert X.shape[1] == FEATURE_SIZE
        print(f"training {kind}: {len(y)} samples, counts {np.bincount(y, minlength=len(classes)).tolist()}")
        net = train_mlp(X, y, classes, args.seed + (1 if kind == "rank" else 2), epochs=args.epochs)
        acc = float((net.predict_proba(X).argmax(1) == y).mean())
        print(f"  {kind} training accuracy {acc:.4f}")
        nets[kind] = net
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_models(args.out, nets)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
