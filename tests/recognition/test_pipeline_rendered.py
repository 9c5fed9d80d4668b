"""The whole reader on rendered photos with known answers (seeds unused in training)."""

import numpy as np

from card_images.render import SUITS, synth_photo
from recognition import read_frame, read_image
from recognition.geometry import find_cards

SEED = 31_000_000  # training uses card_images/train.py TRAIN_SEED


def _photos(rotations, **kw):
    """One photo per rank x suit; the rotation cycles through `rotations` (± 8°)."""
    out = []
    for rank in range(1, 14):
        for si, suit in enumerate(SUITS):
            k = (rank + si) % len(rotations)
            rng = np.random.default_rng(SEED + rank * 1000 + si * 100 + k)
            p = synth_photo(rank, suit, rng, rotation=rotations[k] + float(rng.uniform(-8, 8)), **kw)
            out.append(p)
    return out


def _score(photos):
    right = wrong = refused = 0
    seen_right = set()
    for p in photos:
        r = read_frame(p.image, qr_mode="off")
        if r.accepted and (r.suit, r.rank) == (p.suit, p.rank):
            right += 1
            seen_right.add((p.suit, p.rank))
        elif r.accepted:
            wrong += 1
        else:
            refused += 1
    return right, wrong, refused, seen_right


def test_every_rank_and_suit_at_four_rotations():
    photos = _photos((0, 90, 180, 270), tilt=0.06, low_light=False)
    right, wrong, refused, seen = _score(photos)
    n = len(photos)
    assert wrong == 0, f"{wrong} accepted wrong of {n}"
    assert right >= 0.85 * n, f"only {right}/{n} read and accepted ({refused} refused)"
    assert {s for s, _ in seen} == set(SUITS)
    assert {r for _, r in seen} == set(range(1, 14))


def test_tilted_and_dim_frames_never_accepted_wrong():
    photos = _photos((45,), tilt=0.15, low_light=True)
    right, wrong, refused, _ = _score(photos)
    assert wrong == 0
    assert right >= 0.6 * len(photos), f"{right}/{len(photos)} in low light"


def test_card_outline_found_where_it_was_drawn():
    """The drawn outline is among the candidates (first one on most frames)."""
    rng = np.random.default_rng(SEED - 1)
    first = among = 0
    n = 40
    for _ in range(n):
        p = synth_photo(5, "club", rng, tilt=0.05, low_light=False)
        dists = [min(np.abs(q - np.roll(p.quad, k, axis=0)).max() for k in range(4)) for q in find_cards(p.image)]
        ok = [d < 0.03 * 1280 for d in dists]
        first += bool(ok and ok[0])
        among += any(ok)
    # on 80 such photos (Nov 2026): first 57/80 (detection at 480 px) and 55/80 (at 360 px),
    # among 72 and 71; the reader reads up to three candidates. Outlines cut by the frame's
    # edge ordered last (Dec 2026): first 66/80 (these 40: 27 before, 33 now), among 71.
    assert among >= 0.85 * n and first >= 0.75 * n, (first, among)


def test_empty_and_odd_inputs_are_refused_not_raised():
    rng = np.random.default_rng(0)
    for img in (np.zeros((720, 1280, 3), np.uint8), rng.integers(0, 255, (720, 1280, 3), dtype=np.uint8),
                np.full((20, 20, 3), 255, np.uint8), np.zeros((5, 5), np.uint8), np.zeros((100, 100, 3), np.float32)):
        r = read_image(img)
        assert not r.accepted


def test_large_phone_photo_is_downscaled_and_read():
    rng = np.random.default_rng(SEED + 7)
    p = synth_photo(9, "heart", rng, size=(3024, 4032), rotation=90, tilt=0.04, low_light=False)
    r = read_image(p.image)
    assert not r.accepted or (r.suit, r.rank) == ("heart", 9)
    assert r.suit == "heart" and r.rank == 9


def test_thumb_over_one_corner_is_never_accepted_wrong():
    """A thumb (skin-coloured blob) covering one index: one corner left to read."""
    import cv2
    right = wrong = 0
    for i in range(26):
        rank, suit = i % 13 + 1, SUITS[i % 4]
        rng = np.random.default_rng(SEED + 500_000 + i)
        p = synth_photo(rank, suit, rng, tilt=0.05, low_light=False)
        img = p.image.copy()
        c = p.quad[int(rng.integers(4))]
        r = int(0.12 * np.linalg.norm(p.quad[1] - p.quad[0]) + 20)
        cv2.ellipse(img, (int(c[0]), int(c[1])), (r, int(r * 1.4)), float(rng.uniform(0, 180)), 0, 360,
                    (120, 150, 200), -1)
        res = read_frame(img, qr_mode="off")
        right += res.accepted and (res.suit, res.rank) == (suit, rank)
        wrong += res.accepted and (res.suit, res.rank) != (suit, rank)
    assert wrong == 0
    assert right >= 0.5 * 26, right
