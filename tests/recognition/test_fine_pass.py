"""The second pass of ``read_frame`` (issue 18, small cards): a frame where nothing was accepted is
searched again on a copy FINE_LONG_SIDE long. Rendered photos letterboxed as ``bench/recognition
--scales`` does; the seeds are of the development set 141 000 000+ (三国杀-style 150 000 000+) whose
refusals the pass was made for."""

import numpy as np
import pytest

from card_images import scenes
from card_images.render import SGS_LAYOUTS, SUITS, synth_photo
from recognition import reader
from recognition.reader import read_frame


def _photo(seed, sgs=False):
    i = seed % 1000
    kw = {"style": "sgs", "layout": SGS_LAYOUTS[i % 3]} if sgs else {}
    return synth_photo(i % 13 + 1, SUITS[(i // 13) % 4], np.random.default_rng(seed), **kw)


# (seed, 三国杀-style, scale): refused by the first pass alone (no outline near the card), read by the second
CASES = [(150_000_042, True, 0.5), (150_000_053, True, 0.35), (146_000_023, False, 0.35)]


@pytest.mark.parametrize("seed,sgs,scale", CASES)
def test_second_pass_reads_what_the_first_refuses(seed, sgs, scale):
    p = _photo(seed, sgs)
    frame = scenes.letterbox(p.image, scale)
    first = read_frame(frame, qr_mode="off", fine=False)
    assert not first.accepted
    r = read_frame(frame, qr_mode="off")
    assert r.accepted and (r.suit, r.rank) == (p.suit, p.rank), (r.label, r.confidence, p.suit, p.rank)


def test_second_pass_is_skipped_for_a_small_frame(monkeypatch):
    """A frame whose long side is under 1.5 times the first copy's gets no second pass (the copy
    would be about the same): the searches run once."""
    calls = []
    real = reader._read_pass
    monkeypatch.setattr(reader, "_read_pass", lambda *a, **k: calls.append(1) or real(*a, **k))
    frame = np.full((300, 500, 3), 90, np.uint8)
    assert not read_frame(frame, qr_mode="off").accepted
    assert len(calls) == 1
    calls.clear()
    assert not read_frame(np.full((720, 1280, 3), 90, np.uint8), qr_mode="off").accepted
    assert len(calls) == 2
