"""Evidence for the reader's second-stage Q check: lone zeros must never pass as a "Q".

    python card_images/zero_vs_q.py                  # all shipped fonts, ~5 min on 2 cores
    python card_images/zero_vs_q.py --per-font 1 --fonts 20     # quick look
    python card_images/zero_vs_q.py --centre         # the evidence for glyphs.BOWL_CENTRE_MAX

Renders, through the whole reader (card face -> synthetic photo -> read_frame):

- lone zeros (a "10" whose "1" was lost) in every shipped rank font (card_images/fonts/,
  upright faces), condensed as card indices are;
- queens: the font's "Q", the renderer's "O"-plus-tail queens and ``looped_q``;
- other letters with a bowl (junk: "D", "O", "P", "R", "a", "b", "d", "g", "p", "q"),
  which must not pass as anything;
- whole "10"s, set normally and so tight that the digits touch, which must not pass
  as anything but "10";

and prints, for each kind, how many were accepted (and as what), and the spread of
``glyphs.bowl_tail`` on the segmented rank glyphs. Seeds are fixed (never used for
training or for the bench's test/validation sets). Nothing here uses real photos.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import card_images.render as render  # noqa: E402
from recognition import reader  # noqa: E402

SEED = 31_000_000
JUNK_BOWLS = "DOPRabdgpq"


def shipped_fonts() -> list[str]:
    """The rank fonts the project ships (card_images/fonts/, render.rank_fonts), each checked to
    draw "0" and "Q" as real glyphs (not .notdef). No system font is read."""
    fonts = []
    for p in render.rank_fonts():
        f = render._font(p, 64)
        m0, mq, mx = (bytes(f.getmask(c)) for c in ("0", "Q", "\uffff"))
        if m0 and mq and m0 != mx and mq != mx and m0 != mq:
            fonts.append(p)
    return fonts


def index_size(mask: np.ndarray, rng, aspect: float) -> np.ndarray:
    """A rendered glyph shrunk to index size (~30-45 px tall), condensed by aspect, blurred
    and re-thresholded, as the reader's segmentation gives it."""
    import cv2  # noqa: PLC0415
    h = int(rng.integers(30, 46))
    w = max(4, int(round(mask.shape[1] * h / mask.shape[0] * aspect)))
    m = cv2.resize(mask, (w, h), interpolation=cv2.INTER_AREA)
    m = cv2.GaussianBlur(m, (3, 3), 0.6)
    return ((m > 110) * 255).astype(np.uint8)


def centres(fonts: list[str], seed: int = SEED + 900_000) -> dict[str, list[float]]:
    """glyphs.bowl_centre of index-size glyphs whose bowl_tail would pass without the
    centre condition: queens (looped_q x 300, each font's "Q" and "O"+tail at condensations
    0.45/0.7/1.0) and "10"s (each font, 5 letter spacings from overlapping to loose).
    The evidence for glyphs.BOWL_CENTRE_MAX."""
    from recognition import glyphs  # noqa: PLC0415
    rng = np.random.default_rng(seed)
    qs, tens = [index_size(render.looped_q(rng), rng, float(rng.uniform(0.4, 1.1))) for _ in range(300)], []
    for f in fonts:
        for a in (0.45, 0.7, 1.0):
            qs.append(index_size(render._text_mask_pil("Q", f, 96, 1.0), rng, a))
            qs.append(index_size(render._q_from_o(f, 96, rng), rng, a))
            tens += [index_size(render._text_mask_pil("10", f, 96, sq), rng, a) for sq in (1.0, 0.3, -0.1, -0.3, -0.6)]
    saved = glyphs.BOWL_CENTRE_MAX
    glyphs.BOWL_CENTRE_MAX = float("inf")
    try:
        # a glyph that passes bowl_tail has a bowl, so its centre is never None
        return {k: [c for m in ms if glyphs.bowl_tail(m) >= reader.Q_TAIL_MIN if (c := glyphs.bowl_centre(m)) is not None]
                for k, ms in (("Q", qs), ("10", tens))}
    finally:
        glyphs.BOWL_CENTRE_MAX = saved


def read_with_glyph(mask_fn, rank_for_card: int, suit: str, seed: int):
    """Render a photo whose rank glyph is mask_fn(rng), read it; (Reading, [bowl_tail of rank glyphs])."""
    rng = np.random.default_rng(seed)
    tails = []
    orig_rg, orig_bt = render.render_rank_glyph, reader.bowl_tail

    def fake_glyph(rank: int, rng: np.random.Generator, size: int = 64) -> np.ndarray:
        return mask_fn(rng)

    render.render_rank_glyph = fake_glyph

    def spy(mask):
        v = orig_bt(mask)
        tails.append(v)
        return v

    reader.bowl_tail = spy
    try:
        p = render.synth_photo(rank_for_card, suit, rng, tilt=0.08)
        r = reader.read_frame(p.image, qr_mode="off")
    finally:
        render.render_rank_glyph, reader.bowl_tail = orig_rg, orig_bt
    # bowl_tail only runs where "Q" is the net's best rank; measure every rank glyph read too
    return r, tails


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-font", type=int, default=2, help="photos per font and kind")
    ap.add_argument("--fonts", type=int, default=0, help="use only the first N fonts (0: all)")
    ap.add_argument("--off", action="store_true", help="without the second-stage Q check (for comparison)")
    ap.add_argument("--centre", action="store_true", help="only the bowl-centre evidence (glyph level, ~1 min)")
    a = ap.parse_args(argv)
    if a.centre:
        from recognition.glyphs import BOWL_CENTRE_MAX  # noqa: PLC0415
        for k, v in centres(shipped_fonts()).items():
            print(f"{k:3s} glyphs passing bowl_tail without the centre condition: {len(v)}; hole centre "
                  f"min {min(v):.3f} p1 {np.percentile(v, 1):.3f} median {np.median(v):.3f} "
                  f"p99 {np.percentile(v, 99):.3f} max {max(v):.3f}")
        print(f"BOWL_CENTRE_MAX = {BOWL_CENTRE_MAX}")
        return 0
    if a.off:
        reader.Q_TAIL_MIN = float("inf")
    fonts = shipped_fonts()
    if a.fonts:
        fonts = fonts[:a.fonts]
    print(f"{len(fonts)} font files")
    kinds = {
        "zero": lambda f: (lambda r: render._text_mask_pil("0", f, 96, 1.0)),
        "Q (font)": lambda f: (lambda r: render._text_mask_pil("Q", f, 96, 1.0)),
        "Q (O + tail)": lambda f: (lambda r: render._q_from_o(f, 96, r)),
        "junk bowl letter": None,
        # whole "10"s: set normally and so tight that the digits touch (one piece)
        "10": lambda f: (lambda r: render._text_mask_pil("10", f, 96, 1.0)),
        "10 (touching)": lambda f: (lambda r: render._text_mask_pil("10", f, 96, -0.6)),
    }
    res: dict[str, list[tuple]] = {k: [] for k in kinds}
    res["Q (looped)"] = []
    n = 0
    for fi, f in enumerate(fonts):
        for j in range(a.per_font):
            n += 1
            seed = SEED + 1000 * fi + j
            suit = render.SUITS[(fi + j) % 4]
            for kind, mk in kinds.items():
                if mk is None:
                    c = JUNK_BOWLS[(fi * a.per_font + j) % len(JUNK_BOWLS)]
                    fn = (lambda ch, font: (lambda r: render._text_mask_pil(ch, font, 96, 1.0)))(c, f)
                    name = f"{Path(f).name} '{c}'"
                else:
                    fn, name = mk(f), Path(f).name
                r, tails = read_with_glyph(fn, 12, suit, seed)
                res[kind].append((r, tails, name))
            if fi % 4 == 0:
                r, tails = read_with_glyph(render.looped_q, 12, suit, seed + 500)
                res["Q (looped)"].append((r, tails, "looped_q"))
    bad = 0
    for kind, rows in res.items():
        acc = [(r, f) for r, _, f in rows if r.accepted]
        acc_q = sum(1 for r, _ in acc if r.rank == 12)
        guess_q = sum(1 for r, _, _ in rows if r.rank == 12)
        tails = [t for _, ts, _ in rows for t in ts]
        print(f"{kind:18s} {len(rows):4d} photos: accepted {len(acc):4d} (as Q {acc_q:4d}), best guess Q {guess_q:4d}"
              + (f"; bowl_tail where checked: max {max(tails):.3f} median {np.median(tails):.3f} n={len(tails)}"
                 if tails else ""))
        if kind in ("zero", "junk bowl letter"):
            for r, f in acc:
                bad += 1
                print(f"    ACCEPTED {r.label} {r.confidence:.3f} from {kind} in {f}")
        if kind.startswith("10"):
            for r, f in acc:
                if r.rank != 10:
                    bad += 1
                    print(f"    ACCEPTED {r.label} {r.confidence:.3f} from {kind} in {f}")
    print("zeros/letters accepted, or 10s accepted as another rank:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
