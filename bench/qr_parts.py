#!/usr/bin/env python3
"""Evidence for the camera's QR search changes (docs/recognition.md, Pipeline step 1).

    python bench/qr_parts.py margin   # labels read around a found card, per QR_CARD_MARGIN
    python bench/qr_parts.py parts    # outline search off: whole frame vs the parts

margin: 156 rendered label frames (27 mm label on the card, cards 55-95% of the frame
height, tilt up to 0.12, every other frame dim; seeds 52_000_000+i).
parts: 208 rendered label frames with the card outline search switched off (104 with
cards 55-95% of the frame height, seeds 53_000_000+i; 104 with cards 95-160%, larger
than the frame, seeds 54_000_000+i): labels read by the full-resolution whole-frame
search (qr_part=None), by each part, and by any part.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2
import numpy as np

from card_images.render import SUITS, synth_photo
from recognition import reader
from recognition.labels import make_entries, qr_image
from recognition.reader import read_frame, whole_frame_parts

cv2.setNumThreads(1)
ENTRIES = make_entries([("card", s, r, "", "") for s in SUITS for r in range(1, 14)])


def frames(n, scale, seed):
    out = []
    for i in range(n):
        e = ENTRIES[i % 52]
        rng = np.random.default_rng(seed + i)
        q = np.array(qr_image(e, 330).convert("RGB"))[:, :, ::-1]
        im = synth_photo(int(rng.integers(1, 14)), SUITS[rng.integers(4)], rng, card_scale=scale,
                         overlay=q, low_light=bool(i % 2)).image
        out.append((im, e))
    return out


def ok(r, e):
    return (r.source, r.suit, r.rank) == ("qr", e.suit, e.rank)


def main(what):
    if what == "margin":
        fr = frames(156, (0.55, 0.95), 52_000_000)
        for m in (0.25, 0.1, 0.05, 0.0):
            reader.QR_CARD_MARGIN = m
            print(f"QR_CARD_MARGIN {m}: {sum(ok(read_frame(im, qr_mode='fast'), e) for im, e in fr)}/{len(fr)} read")
    else:
        fr = frames(104, (0.55, 0.95), 53_000_000) + frames(104, (0.95, 1.6), 54_000_000)
        reader.card_candidates = lambda f, n: []
        whole = [ok(read_frame(im, qr_mode="fast"), e) for im, e in fr]
        per = [[ok(read_frame(im, qr_mode="fast", qr_part=k), e) for im, e in fr]
               for k in range(len(whole_frame_parts(720, 1280)))]
        anyp = [any(p[i] for p in per) for i in range(len(fr))]
        lost = [i for i in range(len(fr)) if whole[i] and not anyp[i]]
        print(f"{len(fr)} frames: whole frame at full resolution {sum(whole)}, parts {[sum(p) for p in per]}, "
              f"any part {sum(anyp)}, read whole but by no part: {lost}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "parts")
