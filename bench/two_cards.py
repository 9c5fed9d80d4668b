#!/usr/bin/env python3
"""Two different cards in one frame: how many are accepted without a note (issue 18 target: 0).

    python bench/two_cards.py                                  # 4 seed sets x 7 kinds x 30 = 840 pairs
    python bench/two_cards.py --seeds 9500000 --per-kind 10    # a quick look
    python bench/two_cards.py --old /tmp/old                   # also an older checkout, pair for pair
    python bench/two_cards.py --save /tmp/pairs-acc            # write the accepted frames as PNG

Each pair is ``card_images.scenes.pair_scene(default_rng(seed + kind_index * 1000 + k), kind)``
(the kinds of ``scenes.PAIR_KINDS``: apart, close, touching, overlap, one_small, one_turned,
same_bg), the same frames as ``bench/recognition --only-pairs --pair-seeds ...``, read with
``read_frame(img, qr_mode="off")`` (the camera's index path). The seed sets 9 500 000+,
12 000 000+, 13 000 000+ and 16 000 000+ are the 840 pairs of docs/performance.md ("Speed and
bounded cost"). Prints per kind: accepted without a note (must be 0) / refused with the
two-cards note / refused without it, and each pair accepted without a note (seed, kind, its
two cards, the reading). ``--old``: the same for a checkout's ``recognition`` package (a copy
imported as ``recog_old``), and the pairs whose verdict differs. One thread (OpenCV and BLAS).
Exit status 0 when no pair was accepted without a note by this checkout, else 1.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from card_images import scenes  # noqa: E402
from recognition import reader as new_reader  # noqa: E402

SEEDS = (9_500_000, 12_000_000, 13_000_000, 16_000_000)
SYMBOL = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_name(rank: int, suit: str) -> str:
    return SYMBOL[suit] + NAMES.get(rank, str(rank))


def verdict(r) -> int:
    """0 accepted (no note), 1 refused with the two-cards note, 2 refused without it."""
    if r.accepted:
        return 0
    return 1 if r.note and "cards in view" in r.note else 2


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, nargs="+", default=list(SEEDS), help="first seed of each set")
    ap.add_argument("--per-kind", type=int, default=30, help="pairs per kind of pair and seed set")
    ap.add_argument("--kinds", nargs="+", default=list(scenes.PAIR_KINDS), choices=scenes.PAIR_KINDS)
    ap.add_argument("--old", type=Path, help="a checkout to compare with (its recognition/ package)")
    ap.add_argument("--save", type=Path, help="write each frame accepted without a note here (PNG)")
    args = ap.parse_args(argv)
    cv2.setNumThreads(1)
    readers = {"now": new_reader}
    tmp = None
    if args.old is not None:
        tmp = Path(tempfile.mkdtemp(prefix="two-cards-"))
        shutil.copytree(args.old / "recognition", tmp / "recog_old")
        sys.path.insert(0, str(tmp))
        from recog_old import reader as old_reader  # noqa: PLC0415
        readers = {"old": old_reader, "now": new_reader}
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    counts = {name: {kind: [0, 0, 0] for kind in args.kinds} for name in readers}
    accepted: dict[str, list[str]] = {name: [] for name in readers}
    differ: list[str] = []
    secs = dict.fromkeys(readers, 0.0)
    n = 0
    for seed in args.seeds:
        for kind in args.kinds:
            ki = scenes.PAIR_KINDS.index(kind)
            for k in range(args.per_kind):
                s = seed + ki * 1000 + k
                sc = scenes.pair_scene(np.random.default_rng(s), kind)
                cards = " + ".join(card_name(r, su) for r, su, _ in sc.cards)
                got = {}
                for name, mod in readers.items():
                    t0 = time.process_time()
                    r = mod.read_frame(sc.image, qr_mode="off")
                    secs[name] += time.process_time() - t0
                    v = verdict(r)
                    got[name] = (v, r.label, r.note)
                    counts[name][kind][v] += 1
                    if v == 0:
                        accepted[name].append(f"{s} {kind}: {cards}, read {r.label} ({r.confidence:.3f})")
                        if args.save and name == "now":
                            cv2.imwrite(str(args.save / f"{s}-{kind}.png"), sc.image)
                if len(got) == 2 and got["old"][0] != got["now"][0]:
                    differ.append(f"{s} {kind}: {cards}: old {got['old']} -> now {got['now']}")
                n += 1
    if tmp is not None:
        shutil.rmtree(tmp, ignore_errors=True)
    load = os.getloadavg()
    print(f"{n} pairs (seeds {', '.join(map(str, args.seeds))}; {args.per_kind} per kind), "
          f"read_frame(qr_mode='off'); load {load[0]:.1f}")
    print("accepted without a note (must be 0) / refused with the two-cards note / refused without it")
    print("| kind of pair | " + " | ".join(readers) + " |")
    print("| --- |" + " --- |" * len(readers))
    for kind in args.kinds:
        print(f"| {kind} | " + " | ".join("%d / %d / %d" % tuple(counts[m][kind]) for m in readers) + " |")
    tot = {m: [sum(c[i] for c in counts[m].values()) for i in range(3)] for m in readers}
    print(f"| all {n} | " + " | ".join("**%d** / %d / %d" % tuple(tot[m]) for m in readers) + " |")
    for name in readers:
        print(f"{name}: {tot[name][0]} accepted without a note; CPU {1000 * secs[name] / max(n, 1):.1f} ms per pair")
        for line in accepted[name]:
            print(f"    {line}")
    if differ:
        print("verdicts that differ (0 accepted, 1 two-cards note, 2 refused without it):")
        for line in differ:
            print(f"    {line}")
    return 1 if tot["now"][0] else 0


if __name__ == "__main__":
    raise SystemExit(main())
