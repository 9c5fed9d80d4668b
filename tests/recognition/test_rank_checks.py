"""The rank of a reading about to be accepted gets a second look (reader._rank_doubted, issue 18):
rendered frames whose wrong reading main accepted at 0.997 per corner (docs/recognition.md, "The
rank's second look"), each refused or read right now, and the checks on their own corners."""

import numpy as np
import pytest

from card_images import scenes
from card_images.render import SUITS, synth_photo
from recognition import reader
from recognition.geometry import warp_corner
from recognition.glyphs import segment_index, segment_index_layouts


def _rendered(seed: int):
    """The bench's rendered photo of this seed (bench/recognition synthetic_frame: photo i of the
    seeds base + i, base a multiple of 1000)."""
    i = seed % 1000
    rank, suit = i % 13 + 1, SUITS[(i // 13) % 4]
    return synth_photo(rank, suit, np.random.default_rng(seed)).image, suit, rank


@pytest.mark.parametrize(("seed", "scale", "wrong", "why"), [
    (85_000_043, 1.0, "♦10", "a poker '5' over '♦' seen on its side (outline turned): '5♦' side by side read ♦10"),
    (85_000_043, 0.5, "♦10", "the same card at half scale"),
    (85_000_024, 0.35, "♥5", "the right half of a looped Q (its left half cut by the crop's edge) read as 5"),
    (85_000_077, 0.35, "♥7", "a K whose thin stem fell under the threshold read as 7"),
    (95_000_003, 1.0, "♠7", "a '4' cut by the crop's top: the table's edge beside its spade read as 7"),
])
def test_a_doubted_rank_is_not_accepted(seed, scale, wrong, why):
    img, suit, rank = _rendered(seed)
    r = reader.read_frame(scenes.letterbox(img, scale), qr_mode="off")
    assert not (r.accepted and r.label == wrong), why
    assert not r.accepted or (r.suit, r.rank) == (suit, rank), (why, r.label)


def test_two_cards_outlined_as_one_landscape_card_get_the_note():
    """Pair 22 002 006: a ♦3 touching a ♠Q, both outlined as one landscape card whose '3' on its
    side read ♦10 (0.918, accepted, no note, on main); the turned check refuses that reading and
    the ♠Q's outline is then read beside the one holding both."""
    sc = scenes.pair_scene(np.random.default_rng(22_002_006), "touching")
    r = reader.read_frame(sc.image, qr_mode="off")
    assert not r.accepted
    assert r.note is not None and r.note.startswith("two cards in view"), r.note


def test_turned_check_reads_a_side_index_upright():
    """The '5 over ♦' index of seed 85 000 043 (its true outline) put on its side, as a turned
    outline shows it: found side by side, read turned back it is rank over suit, a 5."""
    p = synth_photo(5, "diamond", np.random.default_rng(85_000_043))
    crop = warp_corner(p.image, np.asarray(p.quad, np.float32), 0)
    g = segment_index(crop)
    assert g is not None and not reader._side_by_side(g)
    x0, y0 = g.rank_box[0] - 6, g.rank_box[1] - 6
    x1, y1 = g.suit_box[0] + g.suit_box[2] + 6, g.suit_box[1] + g.suit_box[3] + 6
    side = np.rot90(crop[max(0, y0):y1, max(0, x0):x1], 1)  # counter-clockwise: the rank on the left
    canvas = np.empty_like(crop)
    canvas[:] = np.median(side.reshape(-1, 3), axis=0).astype(np.uint8)
    canvas[10:10 + side.shape[0], 10:10 + side.shape[1]] = side
    found = [s for s in segment_index_layouts(canvas) if reader._side_by_side(s)]
    assert found, "the index on its side is found side by side"
    turned = reader._turned_rank(canvas, found[0])
    assert turned is not None and turned[0] == 5 and turned[1] >= reader.TURNED_OTHER, turned


def test_a_rank_over_suit_index_is_not_side_by_side_and_keeps_its_reading():
    """The checks leave a clean upright index alone: seed 85 000 000's ♠A read and accepted."""
    img, suit, rank = _rendered(85_000_000)
    r = reader.read_frame(img, qr_mode="off")
    assert r.accepted and (r.suit, r.rank) == (suit, rank)


def _sgs(i: int, base: int = 39_000_000):
    """The bench's 三国杀-style photo i of seeds base+ (bench/recognition sgs_frame)."""
    from card_images.render import SGS_LAYOUTS
    rank, suit = i % 13 + 1, SUITS[(i // 13) % 4]
    return synth_photo(rank, suit, np.random.default_rng(base + i), style="sgs", layout=SGS_LAYOUTS[i % 3]).image, suit, rank


@pytest.mark.parametrize(("i", "scale"), [(30, 0.35), (38, 0.5), (38, 0.35)])
def test_a_photo_border_around_one_card_is_not_two_cards(i, scale):
    """A letterboxed 三国杀-style photo: the photo's border holds the card and room for another, but
    that room is dark table, not paper (reader._room_is_paper); main noted "two cards in view"."""
    img, suit, rank = _sgs(i)
    r = reader.read_frame(scenes.letterbox(img, scale), qr_mode="off")
    assert r.note is None, r.note
    assert r.accepted and (r.suit, r.rank) == (suit, rank), r.label


def test_room_beside_a_card_on_paper_is_a_second_card():
    """Pair 9 501 001 (a ♣2 close beside another card, outlined together): the room beside the ♣2
    is paper, so the outline holding both still gives the note."""
    sc = scenes.pair_scene(np.random.default_rng(9_501_001), "close")
    r = reader.read_frame(sc.image, qr_mode="off")
    assert not r.accepted and r.note is not None and r.note.startswith("two cards in view"), r.note




def test_rank_box_shapes_hold_every_rendered_glyph_but_not_half_of_one():
    """RANK_ASPECT_MIN .. RANK_ASPECT_MAX (reader._boxes_fit) hold every rendered rank glyph, as wide
    as the fonts draw it or squeezed to 0.6 of that (the narrowest 三国杀-style index), but not a piece
    of one half as wide as the narrowest (a glyph broken by the threshold: fresh seed 105 000 018 at
    half scale, the stem of a thin "6" read as 6 beside its bowl read as ♦)."""
    from types import SimpleNamespace

    from card_images.render import _fit_height, render_rank_glyph

    rng = np.random.default_rng(96_100_000)
    for rank in range(1, 14):
        narrowest = 9.0
        for _ in range(40):
            m = _fit_height(render_rank_glyph(rank, rng, 64), 40, float(rng.uniform(0.6, 1.15)))
            h, w = m.shape
            narrowest = min(narrowest, w / h)
            g = SimpleNamespace(rank_box=(0, 0, w, h), suit_box=(0, 50, 20, 20))
            assert reader._boxes_fit(g, rank), (rank, w, h)
        if rank == 11:  # a J is allowed down to its stem (RANK_ASPECT_MIN: 0.1)
            continue
        half = SimpleNamespace(rank_box=(0, 0, int(40 * narrowest / 2), 40), suit_box=(0, 50, 20, 20))
        assert not reader._boxes_fit(half, rank), (rank, narrowest)


@pytest.mark.parametrize("scale", [1.0, 0.75, 0.5])
def test_a_thin_rank_broken_by_the_threshold_is_not_accepted_as_another_suit(scale):
    """Fresh rendered seed 105 000 018: a thin serif '6' over a heart touching the inner frame line;
    at half scale main accepted ♦6 (0.903). Not accepted, or accepted as the rendered card."""
    img, suit, rank = _rendered(105_000_018)
    r = reader.read_frame(scenes.letterbox(img, scale), qr_mode="off")
    assert not r.accepted or (r.suit, r.rank) == (suit, rank), r.label
