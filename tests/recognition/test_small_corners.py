"""Small lone corners and the checks that keep them honest (issue 18, rsmall): rendered photos
letterboxed as ``bench/recognition --scales`` does, on the development seeds of that work
(rendered 205 000 000+ / 215 000 000+, 三国杀-style 209 000 000+ / 219 000 000+)."""

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


# (seed, 三国杀-style, scale): a club accepted as a spade before: the small-index read from both corners
# (suits 4.4 and 6.1-6.4 px: the other suit scored 0.0092 / 0.0139, over SMALL_SUIT_OTHER), and the
# wide search's lone corner of a blurred club whose lobes merged (read again at SUIT_RELEVEL_LEVEL).
WRONG_BEFORE = [(205_000_081, False, 0.35), (215_000_026, False, 0.25), (219_000_035, True, 1.0)]


@pytest.mark.parametrize("seed,sgs,scale", WRONG_BEFORE)
def test_clubs_read_as_spades_are_refused(seed, sgs, scale):
    p = _photo(seed, sgs)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert p.suit == "club"
    assert not r.accepted or (r.suit, r.rank) == (p.suit, p.rank), (r.label, r.confidence)


# (seed, scale): a 三国杀-style face with one printed index, at a quarter scale: its glyphs are 4-6 px
# (under MIN_GLYPH_PX), so only the small-index read sees it, and there from one corner alone.
LONE_SMALL = [(209_000_041, 0.25), (219_000_025, 0.25), (209_000_030, 0.25)]


@pytest.mark.parametrize("seed,scale", LONE_SMALL)
def test_a_small_lone_corner_is_read(seed, scale):
    p = _photo(seed, True)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert r.accepted and (r.suit, r.rank) == (p.suit, p.rank), (r.label, r.confidence, p.suit, p.rank)


def test_a_small_lone_corner_needs_lone_small_conf(monkeypatch):
    """The same frames refused when LONE_SMALL_CONF is out of reach: the acceptance above is the
    lone-corner rule's, not another path's."""
    monkeypatch.setattr(reader, "LONE_SMALL_CONF", 1.01)
    seed, scale = LONE_SMALL[0]
    p = _photo(seed, True)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert not r.accepted


# (seed, 三国杀-style, scale): two small corners whose geometric mean is under SMALL_THRESHOLD, one of
# them blurred or broken, both reading the same card: read as the better corner alone (CORNER_VOTE;
# development seeds of that rule, shift 200 000 000).
VOTED = [(205_000_020, False, 0.25), (205_000_048, False, 0.25), (209_000_026, True, 0.25)]


@pytest.mark.parametrize("seed,sgs,scale", VOTED)
def test_an_agreeing_second_corner_is_a_vote(seed, sgs, scale):
    p = _photo(seed, sgs)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert r.accepted and (r.suit, r.rank) == (p.suit, p.rank), (r.label, r.confidence, p.suit, p.rank)


@pytest.mark.parametrize("seed,sgs,scale", VOTED)
def test_without_the_vote_the_pair_is_refused(monkeypatch, seed, sgs, scale):
    """The acceptance above is the vote's: without it the same frames are refused."""
    monkeypatch.setattr(reader, "CORNER_VOTE", False)
    p = _photo(seed, sgs)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert not r.accepted, (r.label, r.confidence)


# (seed, scale): 三国杀-style frames whose lone corner (art or a busy table read as an index in a
# suit-above or side-by-side layout) was accepted wrong at a corner score of 0.978-0.990 (seed shifts
# 300 000 000 / 310 000 000, development sets of LONE_CORNER_MIN).
LONE_WRONG = [(309_000_051, 0.75), (319_000_016, 0.35), (319_000_028, 0.5)]


@pytest.mark.parametrize("seed,scale", LONE_WRONG)
def test_a_weak_lone_corner_is_not_accepted(seed, scale):
    p = _photo(seed, True)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert not r.accepted or (r.suit, r.rank) == (p.suit, p.rank), (r.label, r.confidence)


@pytest.mark.parametrize("seed,scale", LONE_WRONG)
def test_without_lone_corner_min_they_were_wrong(monkeypatch, seed, scale):
    monkeypatch.setattr(reader, "LONE_CORNER_MIN", reader.ACCEPT_THRESHOLD / reader.SINGLE_CORNER_FACTOR)
    p = _photo(seed, True)
    r = read_frame(scenes.letterbox(p.image, scale), qr_mode="off")
    assert r.accepted and (r.suit, r.rank) != (p.suit, p.rank), (r.label, r.confidence)
