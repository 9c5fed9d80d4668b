#!/usr/bin/env python3
"""Where the card reader's refusals come from, per scale (issue 18): rendered photos and
三国杀-style faces letterboxed into 1280x720 as `bench/recognition --scales` does, each
refusal classified with the card's true outline (the renderer knows it):

    outline_not_found       read right on the true outline, but no outline found near it
                            (within 5% of its long side, in any of the reader's searches)
    outline_found_not_read  read right on the true outline, and an outline near it was found
    index_not_located       no corner gives an index (rank + suit) even on the true outline
    glyph_too_small         an index was found, but every reading of it has a glyph under
                            reader.MIN_GLYPH_PX frame pixels
    glyph_refused           the true outline's reading is the right card, not confident enough
    glyph_misread           the true outline's reading is another card (not accepted)
    WRONG                   accepted, and not the card (must never happen)

    .venv/bin/python bench/recognition_failures.py --seed-shift 30000000     # development seeds
    .venv/bin/python bench/recognition_failures.py --seed-shift 70000000 --synthetic 100 --sgs 60
    .venv/bin/python bench/recognition_failures.py --seed-shift 30000000 --save /tmp/scale-fail
                    # ... and each refused frame as DIR/<shift>_<r|s><i>_<scale>_<class>.png, with
                    # DIR/log<shift>.jsonl (one line per frame: set, index, scale, class, card, true quad)

Seeds as bench/recognition (rendered 5 000 000 + shift + i, 三国杀-style 9 000 000 + shift + i).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from card_images import scenes  # noqa: E402
from card_images.render import SGS_LAYOUTS, SUITS, synth_photo  # noqa: E402
from recognition import reader as R  # noqa: E402
from recognition.geometry import (  # noqa: E402
    CARD_H,
    _quad_distance,
    card_candidates,
    colour_edge_candidates,
    detect_copy,
    edge_candidates,
    fallback_candidates,
    order_quad,
    warp_corner,
)
from recognition.glyphs import prepare, segment_index, segment_index_layouts  # noqa: E402

CLASSES = ("ok", "outline_not_found", "outline_found_not_read", "index_not_located", "glyph_too_small",
           "glyph_refused", "glyph_misread", "WRONG")


def letterboxed_quad(img: np.ndarray, q: np.ndarray, scale: float) -> np.ndarray:
    """Quad q (4, 2) of img as it lies in ``scenes.letterbox(img, scale)``."""
    h, w = scenes.FRAME
    f = min(h / img.shape[0], w / img.shape[1]) * scale
    nw, nh = max(1, round(img.shape[1] * f)), max(1, round(img.shape[0] * f))
    return (np.asarray(q, np.float32) + 0.5) * f - 0.5 + np.array([(w - nw) // 2, (h - nh) // 2], np.float32)


def classify(frame: np.ndarray, quad: np.ndarray, suit: str, rank: int) -> str:
    """One of CLASSES for frame (BGR) holding the card (suit, rank) outlined by quad."""
    r = R.read_frame(frame, qr_mode="off")
    ok = (r.suit, r.rank) == (suit, rank)
    if r.accepted:
        return "ok" if ok else "WRONG"
    t = R._read_quad(frame, quad, R.ACCEPT_THRESHOLD, wide=True)
    if t.accepted and (t.suit, t.rank) == (suit, rank):
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        small = detect_copy(gray)
        cands = card_candidates(frame, 5, gray, small)
        cands += edge_candidates(gray, 5, small, [c.outline() for c in cands])
        cands += fallback_candidates(frame, gray, small, 4, [c.outline() for c in cands])
        cands += colour_edge_candidates(frame, gray, small, 3, [c.outline() for c in cands])
        d = min([_quad_distance(order_quad(c.outline()), quad) for c in cands] or [1e9])
        return "outline_not_found" if d > 0.05 * R._long(quad) else "outline_found_not_read"
    px = R._long(quad) / CARD_H
    located = small_ = 0
    for turn in (0, 2):
        c = warp_corner(frame, quad, turn, R.WIDE_CORNER_W)
        found = []
        for zone in (1.0, R.INDEX_ZONE):
            p = prepare(c, zone)
            if p is not None:
                found += segment_index_layouts(c, p)
        found += [g for g in [segment_index(warp_corner(frame, quad, turn))] if g is not None]
        if found:
            located += 1
            small_ += not any(R._resolved(g, px) for g in found)
    if not located:
        return "index_not_located"
    if small_ == located:
        return "glyph_too_small"
    return "glyph_refused" if (t.suit, t.rank) == (suit, rank) else "glyph_misread"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--synthetic", type=int, default=100)
    ap.add_argument("--sgs", type=int, default=60)
    ap.add_argument("--seed-shift", type=int, default=0)
    ap.add_argument("--save", type=Path, help="folder for the refused frames and a log of every frame")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    photos = []
    for i in range(args.synthetic):
        rank, suit = i % 13 + 1, SUITS[(i // 13) % 4]
        photos.append(("rendered", synth_photo(rank, suit, np.random.default_rng(5_000_000 + args.seed_shift + i))))
    for i in range(args.sgs):
        rank, suit = i % 13 + 1, SUITS[(i // 13) % 4]
        photos.append(("三国杀-style", synth_photo(rank, suit, np.random.default_rng(9_000_000 + args.seed_shift + i),
                                               style="sgs", layout=SGS_LAYOUTS[i % 3])))
    tally: dict = {}
    log = None
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        log = open(args.save / f"log{args.seed_shift}.jsonl", "w")
    for j, (kind, p) in enumerate(photos):
        for sc in scenes.SCALES:
            q = order_quad(letterboxed_quad(p.image, p.quad, sc))
            frame = scenes.letterbox(p.image, sc)
            cls = classify(frame, q, p.suit, p.rank)
            tally.setdefault((kind, sc), Counter())[cls] += 1
            if log is not None:
                log.write(json.dumps({"set": kind, "j": j, "sc": sc, "cls": cls, "suit": p.suit, "rank": p.rank,
                                      "quad": q.tolist()}, ensure_ascii=False) + "\n")
                if cls != "ok":
                    cv2.imwrite(str(args.save / f"{args.seed_shift}_{'r' if kind == 'rendered' else 's'}{j}_{sc:g}_{cls}.png"),
                                frame)
    if log is not None:
        log.close()
    print(f"seed shift {args.seed_shift}; per set and scale: " + ", ".join(CLASSES))
    print("| set | scale | " + " | ".join(CLASSES) + " |")
    print("| --- | --- |" + " --- |" * len(CLASSES))
    for (kind, sc), c in tally.items():
        print(f"| {kind} | {sc:g} | " + " | ".join(str(c[k]) for k in CLASSES) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
