"""Reading one image or frame: QR label first, then the card's corner indices."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from . import qr
from .geometry import (
    CARD_H,
    CARD_W,
    CORNER_H,
    CORNER_W,
    Candidate,
    card_candidates,
    colour_copy,
    colour_edge_candidates,
    detect_copy,
    edge_candidates,
    fallback_candidates,
    holds_brighter_card,
    usual_shape,
    warp_corner,
)
from .glyphs import INK_LEVEL, bowl_tail, glyph_features_many, ink_map, prepare, segment_index, segment_index_layouts
from .model import default_models
from .words import WordedError, in_view_note

SUITS = ("spade", "heart", "club", "diamond")
SUIT_SYMBOLS = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RED = np.array([False, True, False, True])

# Acceptance threshold on the combined confidence of one image. Chosen on rendered
# validation cards (seeds never used for training) so that none is accepted wrong;
# see docs/recognition.md.
ACCEPT_THRESHOLD = 0.90
MAX_IMAGE_SIDE = 1600
QR_STILL_SIDE = 2000
SINGLE_CORNER_FACTOR = 0.92  # only one of the two indices could be read
# A corner's index is used only when its rank and its suit are at least MIN_GLYPH_PX frame
# pixels tall: smaller glyphs are not resolved (a 9 reads as a 4), yet the net can be sure
# of them. A reading from one corner alone (no second opinion) needs a suit at least
# SINGLE_SUIT_PX tall. Added on 2 Dec after the bench's rendered scenes showed readings
# accepted wrong: one corner with a rank 2.5 px tall, one with a spade 6.8 px tall read as
# a club, and an 8 read as A in both corners with suits 4.0-4.6 px tall (which set 5 px,
# not 4); docs/recognition.md, "Honesty notes".
MIN_GLYPH_PX = 6.0
SINGLE_SUIT_PX = 8.0
# Issue 18 (rsmall, 4 Dec): a lone corner with a smaller suit (from MIN_GLYPH_PX; from
# SMALL_GLYPH_PX in the small-index read) is accepted at LONE_SMALL_CONF = 0.92 x 0.9995 (its
# corner scoring >= 0.9995): on the development seeds (rendered 205 000 000+ and 215 000 000+,
# 三国杀-style 209 000 000+ and 219 000 000+, every scale) the wrong lone readings of such
# corners scored at most 0.9112 (a corner's 0.990) and the right ones mostly 0.9195-0.92; an
# earlier session saw one wrong lone small corner at 0.9987 (0.9188). Such a reading, and every
# reading of the small-index read, also needs its other suits (same rank) to score at most
# SMALL_SUIT_OTHER: the two readings the small-index read accepted wrong there (a club 4.4 and
# 6.1-6.4 px tall read as a spade in both corners) had 0.0092 and 0.0139, the right ones at most 0.0069.
LONE_SMALL_CONF = SINGLE_CORNER_FACTOR * 0.9995
# Every lone corner (issue 18, rsmall, 4 Dec, second session) needs a corner score of at least
# LONE_CORNER_MIN (0.978 before, from ACCEPT_THRESHOLD / SINGLE_CORNER_FACTOR): four lone corners
# were accepted wrong at 0.978-0.990 on seed shifts 300 000 000 and 310 000 000 (三国杀-style
# 309 000 051, 319 000 016, 319 000 028, 319 000 032: art or a busy table read as a rank in a
# suit-above or side-by-side layout), the right ones that low were 6 of 261 lone readings there.
LONE_CORNER_MIN = 0.992
SMALL_SUIT_OTHER = 0.005
# ... and in the small-index read a spade or club needs a suit of SMALL_BLACK_SUIT_PX in every
# corner: what tells them apart (a point or three lobes) is about a third of the suit's height, under
# 2 px below 5 px. Set after the small read accepted a club of 4.0-4.7 px as a spade from both
# corners three times (0.972-0.994; rendered 205 000 081, 265 000 027, 三国杀-style 269 000 027).
SMALL_BLACK_SUIT_PX = 5.0
# Ink redness (glyphs.segment_index: white-balanced on the paper, relative to the ink's
# darkness) between black and red. On 400 rendered validation photos (bench VALID_SEED+i)
# the reddest black index measures 0.14 and the least red red index 0.38 (apart from 4
# corners where something other than the index was segmented); 0.27 lies between.
RED_SPLIT = 0.27
# Second-stage Q check (see docs/recognition.md): the rank net puts mass on "junk" and
# "10" for tall narrow queens because its nearest junk samples are lone zeros (half of
# a "10"). When "Q" is the net's best rank apart from "10" and the glyph is a closed,
# round-topped, centred bowl with a tail notch at least Q_TAIL_MIN deep (glyphs.bowl_tail,
# fraction of the glyph height), the junk and "10" mass go to "Q". Set on rendered glyphs only (card_images/zero_vs_q.py):
# lone zeros in all 172 installed font files measure at most 0.036 through the whole
# reader; 0.07 is about twice that.
Q_TAIL_MIN = 0.07
# QR search around a found card ("fast" mode) on a copy scaled to at most this many px
# per mm of card (a 27 mm label then spans <= 189 px, ~6.5 px per module of a 29-module
# code). On 156 rendered label frames (cards 60-95% of the frame height) 7.0 read every
# label the full-resolution search read; 4 or 5 lost 7 of 103 on cards filling 60-80%.
# CARD_LONG_MM: the long side of a poker-size card.
QR_PX_PER_MM = 7.0
CARD_LONG_MM = 88.0
# Card outlines shorter than this many px per mm of CARD_LONG_MM are too small to carry a
# readable label (labels need ~6 px/mm): the QR search does not look around them.
QR_MIN_PX_PER_MM = 4.0
# Margin around the found card's bounding box searched for its label, as a fraction of
# the box's width/height on each side (the label is stuck on the card's sleeve). Was
# 0.25; 0.05 reads the same labels (156 rendered label frames, cards 55-95% of the
# frame height: 150 with 0.25, 0.1, 0.05 and 0) on about half the pixels.
QR_CARD_MARGIN = 0.05
# No card found ("fast" mode with qr_part set, as CameraScanner does): the whole-frame
# search is spread over successive QR frames, one part each (see whole_frame_parts).
# Part 0 is the whole frame at QR_WHOLE_SCALE (a label spanning >= ~7 px/mm there, i.e.
# >= QR_PX_PER_MM / QR_WHOLE_SCALE px/mm in the frame); the other parts are
# full-resolution strips that overlap by the bounding box of the largest label the
# scaled search may miss (QR_LABEL_MM at that px/mm, turned 45 degrees: sqrt(2) times
# its side; 535 px), so such a label lies wholly in one strip.
QR_WHOLE_SCALE = 0.5
QR_LABEL_MM = 27.0
Q_INDEX = 11
TEN_INDEX = 9
# Two card outlines are different cards (not a card and its inner frame/art, or two
# outlines of one card) when they overlap by at most this fraction of the smaller one's
# area and neither's centre lies inside the other (read_frame: a second card in view).
DISTINCT_OVERLAP = 0.25


class ReadError(WordedError, ValueError):
    """The image file cannot be read or is not an image: ``str(e)`` in English, ``e.zh`` / ``e.text(lang)`` (the
    catalogue's ``[text] "recognition.reader.*"``)."""


@dataclass
class Reading:
    """Result of reading one image/frame.

    suit: "spade" | "heart" | "club" | "diamond" | None; rank: 1..13 | None (best guess
    even when not accepted); confidence: 0..1; accepted: confident enough to use
    without asking; source: "qr" or "index"; corner: for previews, the index (rank and
    suit with a margin) cut from the best warped corner (BGR uint8; the whole corner
    crop when no index was found), or None; quad: (4, 2) card corners in the image or None;
    note: why a confident reading was not accepted (e.g. "two cards in view: ♣2 and
    ♥10"), else None.
    """

    suit: str | None
    rank: int | None
    confidence: float
    accepted: bool
    source: str = "index"
    corner: np.ndarray | None = field(default=None, repr=False)
    quad: np.ndarray | None = field(default=None, repr=False)
    note: str | None = None

    @property
    def label(self) -> str:
        """Short text such as '♠7', or '?' when nothing was read."""
        if self.suit is None or self.rank is None:
            return "?"
        return f"{SUIT_SYMBOLS[self.suit]}{RANK_NAMES.get(self.rank, str(self.rank))}"

    def to_json(self, image: str | None = None) -> dict:
        d = {"suit": self.suit, "rank": self.rank, "confidence": round(float(self.confidence), 4),
             "accepted": bool(self.accepted), "source": self.source}
        if self.note is not None:
            d["note"] = self.note
        return {"image": image, **d} if image is not None else d


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + np.exp(-x))


def corner_scores(corner: np.ndarray) -> np.ndarray | None:
    """Joint scores (13 ranks x 4 suits, each 0..1) for one upright corner crop.

    Rank and suit classifier probabilities (junk class excluded, so its mass lowers the
    scores) times the agreement of the ink colour with the suit colour. None when no
    rank-over-suit pair is found.
    """
    g = segment_index(corner)
    return None if g is None else _glyph_scores([g])[0]


def _glyph_scores(gs: list) -> list[np.ndarray]:
    """corner_scores for segmented corners, both classifiers run once on all of them."""
    nets = default_models()
    feats = glyph_features_many([g.rank_mask for g in gs] + [g.suit_mask for g in gs])  # one call for both nets
    pr = rank_probs([g.rank_mask for g in gs], feats[:len(gs)])
    ps = nets["suit"].predict_proba(feats[len(gs):])[:, :4]
    out = []
    for g, r, s in zip(gs, pr, ps, strict=True):
        p_red = _sigmoid((g.redness - RED_SPLIT) / 0.02)
        colour = np.where(RED, p_red, 1.0 - p_red)
        out.append(np.outer(r, s * colour))
    return out


def rank_probs(masks: list, feats: np.ndarray | None = None) -> np.ndarray:
    """(N, 13) rank probabilities of rank glyph masks, junk excluded, after the Q check.

    When the glyph is a closed bowl with a tail (``glyphs.bowl_tail(mask) >= Q_TAIL_MIN``:
    round-topped, the bowl centred, a notch where the tail leaves it) and "Q" is the
    net's best rank apart from "10", the glyph's junk mass and its "10" mass go to "Q"
    (such a glyph is neither a lone "0" nor a "10": see glyphs.bowl_tail). Otherwise
    the junk mass stays out (it lowers the confidence). feats: the masks'
    ``glyphs.glyph_features_many`` when the caller has them.
    """
    prj = default_models()["rank"].predict_proba(glyph_features_many(masks) if feats is None else feats)
    pr = prj[:, :13].copy()
    for i, m in enumerate(masks):
        free = prj[i, 13] + pr[i, TEN_INDEX]  # junk, and "10", which a bowl with a tail is not
        if free > 0.01 and int(np.delete(pr[i], TEN_INDEX).argmax()) == Q_INDEX - 1 \
                and bowl_tail(m) >= Q_TAIL_MIN:
            pr[i, Q_INDEX] += free
            pr[i, TEN_INDEX] = 0.0
    return pr


def whole_frame_parts(h: int, w: int) -> list[tuple[slice, slice, float]]:
    """Regions (rows, cols, scale) that together search a frame for a label in parts.

    Part 0: the whole frame at QR_WHOLE_SCALE; it reads labels of at least
    QR_PX_PER_MM / QR_WHOLE_SCALE px per mm. Smaller labels (side < s px) are searched at
    full resolution in two strips along the frame's long side that overlap by
    s * sqrt(2) px, so any such label, at any angle, lies wholly inside one strip. A
    frame whose strips would be over 3/4 of it (long side < ~1070 px) is one part: the
    whole frame at full resolution.
    """
    big = int(np.ceil(QR_LABEL_MM * QR_PX_PER_MM / QR_WHOLE_SCALE * np.sqrt(2)))
    long_ = max(h, w)
    half = (long_ + big) // 2 + 1
    if half > 0.75 * long_:  # small frame: the strips would save little; search it whole
        return [(slice(None), slice(None), 1.0)]
    parts = [(slice(None), slice(None), QR_WHOLE_SCALE)]
    for a, b in ((0, half), (long_ - half, long_)):
        parts.append((slice(None), slice(a, b), 1.0) if w >= h else (slice(a, b), slice(None), 1.0))
    return parts


def read_frame(frame: np.ndarray, threshold: float = ACCEPT_THRESHOLD, qr_mode: str = "fast",
               max_candidates: int = 5, qr_part: int | None = None, second_card_edges: bool = True,
               fallback: bool = True, second_search: bool = True, wide: bool = True, fine: bool = True) -> Reading:
    """Read a card from a BGR frame (H, W, 3) uint8.

    Looks for a QR sleeve label first (qr_mode "off", "fast" or "thorough", see
    ``qr.find_label``), then finds the card, warps both index corners upright and
    combines them; when that is not confident, up to max_candidates other card-like
    regions are tried and the most confident reading wins. qr_part (fast mode): when no
    card is found, search only part ``qr_part`` (cyclically) of the frame (``whole_frame_parts``;
    the camera loop cycles through them); None searches the whole frame at full
    resolution. second_card_edges: when a card is accepted, also look for a second card
    among closed-edge outlines (~0.3 ms more). fallback: when nothing is accepted, also try
    ``geometry.fallback_candidates`` (finer grey levels, the darkest channel; ~2-4 ms more on
    such frames: a camera loop may pass it on every few frames only). second_search: when a
    card is accepted and no other outline is a card, search the rest of the frame for a
    second card's index (``_second_index``, ~1 ms; CameraScanner runs it on every
    ``second_every``-th index frame once the card is accepted). wide: when still nothing
    is accepted, read the outlines already read again with ``_read_quad_wide`` (a wider corner,
    levels from the index zone; a card accepted only so is checked as one from the fallback
    search). fine: when nothing was accepted nor refused with a note, every search once more on a
    copy FINE_LONG_SIDE long (``_read_pass``; tens of ms on a 1280x720 frame, only on such frames).
    Never raises on odd content: returns a Reading with accepted=False
    (and suit/rank None when nothing could be read).
    """
    if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3 \
            or min(frame.shape[:2]) < 16 or frame.dtype != np.uint8:
        return Reading(None, None, 0.0, False)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    small = detect_copy(gray)
    loose: list = []  # card-shaped hulls of notched outlines: possible second cards (geometry.LOOSE_FILL)
    cands = card_candidates(frame, max_candidates, gray, small, loose)
    if qr_mode != "off":
        lab = _search_label(gray, cands, qr_mode, qr_part)
        if lab is not None:
            return lab
    best = _read_pass(frame, gray, small, cands, threshold, max_candidates, second_card_edges, fallback,
                      second_search, wide, loose=loose)
    if best.accepted or best.note is not None or not fine \
            or min(max(frame.shape[:2]), FINE_LONG_SIDE) < 1.5 * max(small[0].shape):
        return best
    # the second pass (issue 18, small cards and 三国杀-style faces on busy tables): every search again
    # on a copy FINE_LONG_SIDE long
    fine_small = detect_copy(gray, FINE_LONG_SIDE)
    fine_loose: list = []
    r = _read_pass(frame, gray, fine_small, card_candidates(frame, max_candidates, gray, fine_small, fine_loose),
                   threshold, max_candidates, second_card_edges, fallback, second_search, wide, FINE_LATE, fine_loose)
    return r if r.accepted or r.note is not None or r.confidence > best.confidence else best


# The second pass of ``read_frame`` (fine=True): a frame where nothing was accepted (nor refused
# with a note) is searched again on a copy this long (the first searches: DETECT_LONG_SIDE = 360).
# On 1280 x 720 frames: the whole frame. A card a quarter of the frame's height is ~60 px long on
# the 360 px copy, and a 三国杀-style card on a busy table, merged with it there, is separated by
# its thin frame line at full resolution (issue 18, the development seeds 141 000 000+).
FINE_LONG_SIDE = 1280
# ... and a card it accepts is checked as one from the fallback search (``_another_outline``).
FINE_LATE = True


def _read_pass(frame: np.ndarray, gray: np.ndarray, small: tuple, cands: list, threshold: float,
               max_candidates: int, second_card_edges: bool, fallback: bool, second_search: bool,
               wide: bool, late_all: bool = False, loose: list | None = None) -> Reading:
    """One pass of ``read_frame``'s searches on the detect copy ``small`` (``detect_copy``) whose
    outlines ``cands`` (``card_candidates``) are known: the outlines read in turn (grey levels,
    closed edges, the fallback's, the closed colour edges', the wide read), the accepted reading
    checked for a second card (late_all: also by ``_another_outline``, as one from the fallback search;
    loose: ``card_candidates``' notched hulls, looked at by ``_other_cards``)."""
    done: list[tuple] = []  # (candidate, its Reading)
    best = _read_candidates(frame, cands, threshold, done, Reading(None, None, 0.0, False), gray)
    if not best.accepted:  # closed edges: a card on a table as light as it, or barely brighter
        more = edge_candidates(gray, max_candidates, small, [c.outline() for c in cands])
        cands = cands + more
        best = _read_candidates(frame, more, threshold, done, best, gray)
    late = False  # accepted from the fallback search's outlines
    bgr = None  # the colour detect copy, shared by the fallback and the colour-edge searches
    if not best.accepted and fallback:  # finer levels, cut corners, the darkest channel
        bgr = colour_copy(frame, small[0])
        more = fallback_candidates(frame, gray, small, min(max_candidates, FALLBACK_CANDIDATES),
                                   [c.outline() for c in cands], bgr)
        cands = cands + more
        n = len(done)
        best = _read_candidates(frame, more, threshold, done, best, gray)
        late = best.accepted and any(r is best for _, r in done[n:])
    if not best.accepted and fallback:  # closed colour edges: a card on a busy, colourful table
        more = colour_edge_candidates(frame, gray, small, COLOUR_EDGE_CANDIDATES, [c.outline() for c in cands], bgr)
        cands = cands + more
        n = len(done)
        best = _read_candidates(frame, more, threshold, done, best, gray)
        late = best.accepted and any(r is best for _, r in done[n:])
    if not best.accepted and wide:  # the wide corner, the index-zone threshold (三国杀-style indices)
        best = _read_wide(frame, done, threshold, best, lambda r: _another_outline(frame, cands, r))
        late = late or best.accepted
    if best.accepted:
        best = _other_cards(frame, cands, done, best, threshold, gray if second_card_edges else None, small,
                            second_search, loose)
    if best.accepted and (late or late_all):
        best = _another_outline(frame, cands, best)
    return best


# A card read only from the fallback search's outlines (a frame that was refused before it)
# is refused when any other whole outline within this factor of its area lies beside it: such
# frames were outlined with difficulty, so a second card in them may be outlined but not read.
LATE_SECOND_AREA = 2.0
# ... and when its outline reaches further out of the frame than this fraction of the frame.
LATE_OUTSIDE = 0.01
# ... and when its outline lies on the frame's edge (two corners or more) and covers more than
# this fraction of the frame: the frame's border, or a patch of table cut by it, read as a card
# from an index that lies anywhere in it (rendered pair seed 13 004 023: a ♠J read from a quad of
# the whole frame, a ♦2 beside it inside the quad).
LATE_FRAME_AREA = 0.5


def _another_outline(frame: np.ndarray, cands: list, best: Reading) -> Reading:
    """best (accepted from a fallback outline), or best not accepted: with a two-cards note when
    a candidate of cands is a distinct whole outline of about its size (LATE_SECOND_AREA), and
    when its outline reaches out of the frame (a quad from the long sides of a patch of table
    cut by the frame, holding the card and maybe a second one not outlined), and when it lies on
    the frame's edge and covers more than LATE_FRAME_AREA of the frame."""
    card = best.quad
    if card is None:
        return best
    h, w = frame.shape[:2]
    m = LATE_OUTSIDE * max(h, w)
    if (card[:, 0].min() < -m or card[:, 1].min() < -m or card[:, 0].max() > w - 1 + m
            or card[:, 1].max() > h - 1 + m):
        return replace(best, accepted=False)
    if _on_edge(card, frame.shape) and abs(cv2.contourArea(np.asarray(card, np.float32))) > LATE_FRAME_AREA * h * w:
        return replace(best, accepted=False)
    ac = abs(cv2.contourArea(np.asarray(card, np.float32)))
    for c in cands:
        q = c.outline()
        aq = abs(cv2.contourArea(np.asarray(q, np.float32)))
        if ac <= 0 or aq <= 0 or max(aq, ac) / min(aq, ac) > LATE_SECOND_AREA or _on_edge(q, frame.shape):
            continue
        if distinct_cards(card, q):
            return replace(best, accepted=False, note=in_view_note(best.label))
    return best


# At most this many of the outlines already read are read again by the wide search, and the
# small-index read only for outlines shorter than SMALL_BELOW frame pixels (a longer card's
# glyphs are over MIN_GLYPH_PX): each costs ~0.5-1 ms on frames where nothing was accepted.
# 4 before 3 Dec: at a quarter scale the card's outline is often the 5th or 6th read (on the
# development seeds 69 -> 71 of 100 rendered cards read with 6; 8 read no more than 6).
WIDE_CANDIDATES = 6
SMALL_BELOW = 200.0


def _read_wide(frame: np.ndarray, done: list, threshold: float, best: Reading,
               check: Callable[[Reading], Reading] | None = None) -> Reading:
    """best, or the first accepted reading of ``_read_quad_wide`` or ``_read_quad_small`` on the
    outlines of done ((candidate, Reading) in the order read; the first WIDE_CANDIDATES), or a
    more confident refused one. check (``_another_outline``): an accepted reading it refuses
    without a note (its outline reaches out of the frame, or is the frame's border) is kept as
    a refused one and the next outlines are read (the search stopped there before 3 Dec: with
    WIDE_LOW_LEVEL, an outline reaching out of the frame was read first and refused, and
    the card a later outline gave was lost: 三国杀-style dev seed 39 000 039); one it refuses with a
    note (another card beside it) is returned."""
    for cand, _ in done[:WIDE_CANDIDATES]:
        q = cand.quad()
        crops = [warp_corner(frame, q, turn, WIDE_CORNER_W) for turn in (0, 2)]  # the usual crop is their left part
        wide = _read_quad_wide(frame, q, threshold, _long(q) / CARD_H, crops)
        small = None
        if wide is None or not wide.accepted:
            small = _read_quad_small(frame, q, threshold, crops) if _long(q) < SMALL_BELOW else None
        for r in (wide, small):
            if r is None:
                continue
            if r.accepted and check is not None:
                c = check(r)
                if c.note is not None:
                    return c
                r = c
            if r.accepted:
                return r
            if r.confidence > best.confidence:
                best = r
    return best


# At most this many outlines of the fallback search are read (each read costs ~0.3-1 ms; the
# search is for frames where nothing else was accepted, e.g. no card at all).
FALLBACK_CANDIDATES = 4
# ... and at most this many of the closed colour edges' outlines (``geometry.colour_edge_candidates``).
COLOUR_EDGE_CANDIDATES = 3


def _read_candidates(frame: np.ndarray, pool: list, threshold: float, done: list, best: Reading,
                     gray: np.ndarray | None = None) -> Reading:
    """Read the candidates of pool in order until one is accepted; each (candidate, Reading)
    is appended to done. Returns the most confident reading, best included (a reading with
    a quad wins over a quadless best). gray (the grey frame): a candidate that holds another
    one of pool or done with a brighter inside (``geometry.holds_brighter_card``: the card
    merged with the table) is not read."""
    for cand in pool:
        if gray is not None and holds_brighter_card(
                cand.quad(), [o.outline() for o in pool if o is not cand] + [c.outline() for c, _ in done], gray):
            continue
        r = _read_quad(frame, cand.quad(), threshold)
        done.append((cand, r))
        # an accepted reading wins over a more confident one refused by a rule (glyph boxes, a
        # lone small corner, the wide search's WIDE_MIN_SCORE)
        if r.confidence > best.confidence or best.quad is None or r.accepted:
            best = r
        if r.accepted:
            break
    return best


def distinct_cards(a: np.ndarray, b: np.ndarray) -> bool:
    """True when quads a and b (4, 2) outline different cards: they overlap by at most
    DISTINCT_OVERLAP of the smaller one's area and neither's centre is inside the other
    (a card's inner frame or art, or a slightly different outline of it, is not)."""
    a = np.asarray(a, np.float32).reshape(4, 2)
    b = np.asarray(b, np.float32).reshape(4, 2)
    small = min(cv2.contourArea(a), cv2.contourArea(b))
    if small <= 0:
        return False
    inter, _ = cv2.intersectConvexConvex(a, b)
    if inter > DISTINCT_OVERLAP * small:
        return False
    for p, q in ((a, b), (b, a)):
        c = p.mean(0)
        if cv2.pointPolygonTest(q.reshape(-1, 1, 2), (float(c[0]), float(c[1])), False) >= 0:
            return False
    return True


# A second card in view lies on the same table, at about the same distance: its outline's
# area is within this factor of the first card's (pairs of rendered cards, one 0.45-0.6
# times as tall as the other, have area ratios down to ~0.2; an outline of the small one found
# inside its edge down to ~0.15: 8, was 6 before 3 Dec, pairs; rendered pair seed 20 004 008, a ♠A
# 0.43 times as tall as the ♣6 beside it, outlined at 1/6.1 of its area). Smaller or larger
# outlines (patches of table, glare, a tile of the cloth) are not read as a second card.
SECOND_CARD_AREA = 8.0
# A different outline about the card's size in which an index (rank over suit) is found is
# a second card in view, however unsure its reading (its confidence must be at least this).
SECOND_CARD_MIN = 0.0


def _holds_two(outer: np.ndarray, card: np.ndarray) -> bool:
    """True when card-shaped outline ``outer`` (4, 2) holds the card ``card`` (4, 2) and
    room for about another one beside it: 1.6-3.2 times its area, the card wholly inside
    and off-centre (two cards side by side outlined as one; a card's own inner frame is
    smaller, a lit patch of table around it is rarely card-shaped and just that size)."""
    ao, ac = abs(cv2.contourArea(np.asarray(outer, np.float32))), abs(cv2.contourArea(np.asarray(card, np.float32)))
    if ac <= 0 or not 1.6 <= ao / ac <= 3.2:
        return False
    inter, _ = cv2.intersectConvexConvex(np.asarray(outer, np.float32), np.asarray(card, np.float32))
    if inter < 0.9 * ac:
        return False
    off = np.linalg.norm(outer.mean(0) - card.mean(0))
    if off <= 0.25 * np.sqrt(ac):
        return False
    # side by side: the pair is as tall as the card is long, about twice as wide
    lo, lc = _sides(outer), _sides(card)
    return bool(0.85 <= lc[1] / lo[0] <= 1.15 and 1.6 <= lo[1] / lc[0] <= 2.6)


# An outline holding the card and room for another (``_holds_two``) is two cards only when that room
# is lit like paper: its median, per channel, at least ROOM_PAPER of the card's paper band's
# (``_paper_band``). Set on the development frames (3 Dec, accept): on 840 rendered pairs the 76
# noticed only so measured 0.73-1.15; on 1600 single rendered frames the outline was a patch of
# table or a letterboxed photo's border around the card 24 times (a false "two cards in view"), 21
# of them 0.02-0.60 (the other 3: tables as light as paper, 0.74-1.0).
ROOM_PAPER = 0.65


def _room_is_paper(frame: np.ndarray, outer: np.ndarray, card: np.ndarray) -> bool:
    """True when the part of outline ``outer`` (4, 2) outside the card ``card`` (4, 2, grown by 5%)
    has a median per channel at least ROOM_PAPER of the card's paper band's (or is empty)."""
    o = np.asarray(outer, np.float32)
    x, y, w, h = cv2.boundingRect(np.round(o).astype(np.int32))
    fh, fw = frame.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(fw, x + w), min(fh, y + h)
    if x1 <= x0 or y1 <= y0:
        return True
    shift = np.array([x0, y0], np.float32)
    m = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(m, np.round(o - shift).astype(np.int32), 1)
    c = np.asarray(card, np.float32)
    cv2.fillConvexPoly(m, np.round((c - c.mean(0)) * 1.05 + c.mean(0) - shift).astype(np.int32), 0)
    room = frame[y0:y1, x0:x1][m > 0]
    if len(room) == 0:
        return True
    paper, _ = _paper_band(frame, c)
    return bool((np.median(room, axis=0) >= ROOM_PAPER * paper).all())


def _on_edge(q: np.ndarray, shape: tuple) -> bool:
    """True when two or more corners of quad q (4, 2) lie on the edge of a frame of shape
    (H, W, ...) (within 3 px): an outline cut by the frame, e.g. a patch of table."""
    h, w = shape[:2]
    x, y = np.asarray(q, np.float32)[:, 0], np.asarray(q, np.float32)[:, 1]
    return int(((x < 3) | (x > w - 4) | (y < 3) | (y > h - 4)).sum()) >= 2


def _long(q: np.ndarray) -> float:
    """The longest side of quad q (4, 2) in pixels."""
    p = np.asarray(q).reshape(4, 2).tolist()  # plain floats: numpy's per-call cost on four points
    return max(math.dist(p[i], p[i - 1]) for i in range(4))


def _sides(q: np.ndarray) -> tuple[float, float]:
    """(short, long) mean side lengths of quad q (4, 2)."""
    p = np.asarray(q, np.float32).reshape(4, 2).tolist()
    d = [math.dist(p[i], p[i - 1]) for i in range(4)]
    a, b = (d[0] + d[2]) / 2, (d[1] + d[3]) / 2
    return (min(a, b), max(a, b))


def _similar_size(a: np.ndarray, b: np.ndarray) -> bool:
    """True when quads a and b (4, 2) have areas within SECOND_CARD_AREA of each other."""
    aa, ab = abs(cv2.contourArea(np.asarray(a, np.float32))), abs(cv2.contourArea(np.asarray(b, np.float32)))
    return min(aa, ab) > 0 and max(aa, ab) / min(aa, ab) <= SECOND_CARD_AREA


def _other_cards(frame: np.ndarray, cands: list, done: list, best: Reading, threshold: float,
                 gray: np.ndarray | None = None, small: tuple | None = None, second_search: bool = True,
                 loose: list | None = None) -> Reading:
    """best was accepted: read the other candidates that are different cards (not
    overlapping it, nor one already read, about its size); when one of them reads as
    another card with at least SECOND_CARD_MIN confidence, best is returned not
    accepted, with a note. Only such candidates are read. gray/small (the grey frame and
    its detect copy): also look at closed-edge outlines (a second card on a table as
    light as it). loose: card-shaped hulls of notched outlines (``geometry.card_candidates(loose=...)``),
    looked at when no other outline is a card: a distinct one of about the card's size whose corner
    gives an index read with at least SECOND_INDEX_MIN (or noticed, ``_notice_quad``) is a second card.
    second_search: when no other outline is a card, search the rest of the frame for a second index
    (``_second_index``)."""
    read = {id(c): r for c, r in done}
    if best.quad is None:  # an accepted index reading has its quad; none: nothing to compare
        return best
    card = best.quad
    seen = [card]
    others: list[Reading] = []
    merged: list[np.ndarray] = []

    def look(pool) -> None:
        for cand in pool:
            r = read.get(id(cand))
            q = cand.quad() if r is not None else cand.outline()
            if r is best:
                continue
            if _holds_two(q, card) and not _on_edge(q, frame.shape) and _room_is_paper(frame, q, card):
                merged.append(q)
                continue
            if not _similar_size(card, q) or not all(distinct_cards(s, q) for s in seen):
                continue
            if r is None:
                r = _read_quad(frame, cand.quad(), threshold)
            if r.suit is not None and r.confidence >= SECOND_CARD_MIN:  # an index: a card
                seen.append(q)
                if (r.suit, r.rank) != (best.suit, best.rank):
                    others.append(r)
            elif _notice_quad(frame, cand.quad(), threshold) or _suits_in_corners(frame, cand.quad()) \
                    or _ranks_in_corners(frame, cand.quad()) \
                    or _same_paper(frame, cand.quad(), card):
                # an index too small or faint to read
                seen.append(q)
                others.append(Reading(None, None, 0.0, False, "index", quad=cand.quad()))

    look(cands)
    if not others and gray is not None:
        look(edge_candidates(gray, 4, small, [c.outline() for c in cands]))
    for cand in loose or []:  # notched outlines: an index needed
        if others or merged:
            break
        q = cand.quad()
        if not _similar_size(card, q) or not all(distinct_cards(s, q) for s in seen):
            continue
        r = _read_quad(frame, q, threshold)
        if r.suit is not None and r.confidence >= SECOND_INDEX_MIN:
            seen.append(q)
            if (r.suit, r.rank) != (best.suit, best.rank):
                others.append(r)
        elif _notice_quad(frame, q, threshold):
            seen.append(q)
            others.append(Reading(None, None, 0.0, False, "index", quad=q))
    if not others and not merged and second_search:  # an index anywhere else in the frame (no outline found)
        # an outline of an odd shape may be two overlapping cards: their indices lie inside it
        second = _second_index(frame, best, threshold, inside=not usual_shape(card))
        if second is not None:
            others.append(second)
    if not others and merged:  # two cards side by side, outlined as one
        return replace(best, accepted=False, note=in_view_note(best.label, beside=True))
    if not others:
        return best
    note = in_view_note(best.label, [x.label if x.suit is not None else None for x in others])  # None: not read
    return replace(best, accepted=False, note=note)


# A second index anywhere in the frame (reader._second_index): a rank and a suit glyph
# 0.4-3 times as tall as the accepted card's rank (its rank height ~ INDEX_RANK_FRAC
# of the card's long side on poker and 三国杀-style faces: 30 of 425 px canonical), outside
# that card (2.5 before issue 18, rtwo: pair seed 52 004 003, a large ♣K whose rank of a large
# index font is 2.67 times the small ♦8's beside it). Candidate pairs of ink blobs are warped upright as an index corner (rank
# centre to suit centre INDEX_PAIR_PX apart, as on the canonical corner crops) and read
# like one; an index reading at least SECOND_INDEX_MIN (any card but the accepted one)
# means a second card in view.
INDEX_RANK_FRAC = 30 / 425
INDEX_PAIR_PX = 36.5
INDEX_RANK_AT = (44.0, 34.0)  # where the rank blob is put on the crop (room on the left for the "1" of a "10")
SECOND_SIZES = (0.4, 3.0)
# ... and the ink threshold's window is 2.4 times the rank height SPOT_WINDOW times the card's (the
# largest glyph sought before SECOND_SIZES reached 3: the same blobs, larger ones kept too)
SPOT_WINDOW = 2.5
SECOND_INDEX_MIN = 0.5
MAX_INDEX_SPOTS = 8
# A spot is an index on a card when its crop's paper is at most SPOT_PAPER_MARGIN ink levels
# darker than the accepted card's and its ink SPOT_CONTRAST_MIN above its paper. On rendered
# pairs the second indices found measured paper 27-87, contrast >= 145; the one false spot on
# single cards (blurred colour blobs of a table, seed 5_000_050) 188 and 64.
SPOT_PAPER_MARGIN = 70.0
SPOT_CONTRAST_MIN = 80.0
# A blob is looked at only when the paper around it is like the accepted card's: the median ink level
# of 8 points around it (_RING: at 0.75 of its size from its centre) at most SPOT_RING_SLACK above the
# spot's paper_max (3 Dec, pairs: rendered pair seed 20 001 020, a ♠Q on a checkered table, whose index
# was crowded out by the table's blobs: the pairs of the 400 largest filled the MAX_INDEX_SPOTS read).
SPOT_RING_SLACK = 40.0
_RING = (np.cos(np.arange(8) * np.pi / 4)[None, :], np.sin(np.arange(8) * np.pi / 4)[None, :])
SPOT_MIN_PX = 5.0  # the smallest glyph sought is at least this tall on the searched copy
# A suit blob may be smaller than the smallest rank sought (0.8 of SECOND_SIZES[0] times the card's rank
# height): from this fraction of it. A small second card's suit is 0.5-0.7 of its rank (rendered pair seed
# 9 504 010: a ♦6 half the size of the ♠Q beside it, rank 8 px, suit 5 px, the smallest rank sought 6.4 px).
SECOND_SUIT_LO = 0.55
# pairs of blobs looked at (the most index-like by size and spacing), and the suit net's
# probability (junk excluded) their suit blob needs before the pair is warped and read
MAX_INDEX_PAIRS = 40
PAIR_SUIT_MIN = 0.5
# Noticing a second card needs less than reading it: glyphs from this many frame px.
NOTICE_GLYPH_PX = 4.0


def _second_index(frame: np.ndarray, best: Reading, threshold: float, inside: bool = False) -> Reading | None:
    """An index (rank + suit glyph pair) outside the accepted card best (its quad), read
    with at least SECOND_INDEX_MIN confidence as another card than best; None when there
    is none. Looks at ink blobs of a glyph's size anywhere in the frame (a second card
    whose outline is not found: on a table the colour of the cards, touching or
    overlapping the first). The blobs are sought in the green channel (black and red ink
    are both dark there; one channel instead of 255 - min(B, G, R) of a colour copy), the
    spots are read from the colour frame. inside: the accepted card's outline is searched too
    (an outline outside the usual long:short range, ``geometry.usual_shape``, may be two
    overlapping cards outlined as one: the second card's index lies inside it; the card's
    own indices, read as the accepted card or as its rank with another suit, are passed over)."""
    assert best.quad is not None
    quad = np.asarray(best.quad, np.float32)
    h_rank = _long(quad) * INDEX_RANK_FRAC  # the accepted card's rank height, frame px
    lo, hi = SECOND_SIZES[0] * h_rank, SECOND_SIZES[1] * h_rank
    if hi < MIN_GLYPH_PX:
        return None
    # search a copy halved while the smallest glyph sought keeps SPOT_MIN_PX (exact halvings are fast)
    img, f = cv2.extractChannel(frame, 1), 1.0  # green: dark and red ink are both dark in it
    while lo * f / 2 >= SPOT_MIN_PX and min(img.shape[:2]) >= 64:
        img = cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_AREA)
        f = img.shape[1] / frame.shape[1]
    block = int(2 * round(1.2 * SPOT_WINDOW * h_rank * f) + 1)
    # ink: 25 grey levels darker than the mean of a window 2.4 glyph heights wide
    binm = cv2.adaptiveThreshold(img, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, max(3, block), 25)
    # the accepted card (a margin of 4% of its size) is not searched, unless inside
    c = quad.mean(0)
    if not inside:
        grown = (quad - c) * 1.04 + c
        cv2.fillConvexPoly(binm, np.round(grown * f).astype(np.int32), 0)
    # ink blobs of a glyph's size (contours: far cheaper than labelling the whole frame)
    # (RETR_CCOMP: a blob inside a hole of another, e.g. a glyph on a card ringed by dark table, is on the top level too)
    cnts, hier = cv2.findContours(binm, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    lo_c, hi_c = 0.8 * lo * f, hi * f
    boxes = []
    top = np.flatnonzero(hier[0][:, 3] < 0).tolist() if hier is not None else []  # not a hole's boundary
    for j in top:
        cn = cnts[int(j)]
        if len(cn) < 4:  # a speck
            continue
        x, y, w, h = cv2.boundingRect(cn)
        if SECOND_SUIT_LO * lo_c <= max(w, h) <= hi_c:  # a rank from lo_c, a suit (smaller) from SECOND_SUIT_LO of it
            a = cv2.contourArea(cn)
            # the polygon's area leaves out the half pixel along it: a thin stroke (a red "3" or a light
            # "7" on the halved copy, pair seeds 16 005 014 and 13 001 019) has almost none; a long
            # straight line (a stripe of the table, > ~12 px) still fails
            if a + (w + h) / 2 >= 0.12 * w * h:
                boxes.append((x, y, w, h, a))
    if len(boxes) < 2:
        return None
    st = np.array(boxes, np.float32)
    # a second card's paper is lit like the first's: its ink level at most SPOT_PAPER_MARGIN above
    pa = prepare(best.corner) if best.corner is not None else None
    paper_max = (pa.paper if pa is not None else 60.0) + SPOT_PAPER_MARGIN
    # blobs on such paper only (the median ink level of 8 points around each, at 0.75 of its size from
    # its centre, at most paper_max + SPOT_RING_SLACK): blobs of a busy table no longer crowd out the
    # index (the 400 largest, MAX_INDEX_PAIRS and MAX_INDEX_SPOTS below)
    rc = (st[:, :2] + st[:, 2:4] / 2) / f
    rad = 0.75 * np.maximum(st[:, 2], st[:, 3]) / f
    xs = np.clip(np.round(rc[:, :1] + rad[:, None] * _RING[0]), 0, frame.shape[1] - 1).astype(np.intp)
    ys = np.clip(np.round(rc[:, 1:] + rad[:, None] * _RING[1]), 0, frame.shape[0] - 1).astype(np.intp)
    ring = 255 - frame[ys, xs].min(axis=2).astype(np.int16)  # (N, 8) ink levels
    st = st[np.median(ring, axis=1) <= paper_max + SPOT_RING_SLACK]
    if len(st) < 2:
        return None
    if len(st) > 400:  # a busy table: the largest blobs
        st = st[np.argsort(-st[:, 2] * st[:, 3])[:400]]
    size = np.maximum(st[:, 2], st[:, 3]) / f  # frame px
    ranky = np.maximum(st[:, 2], st[:, 3]) >= lo_c  # big enough for a rank
    cen = (st[:, :2] + st[:, 2:4] / 2) / f
    # a suit is a compact blob about as wide as tall (not a stroke or a ring)
    # (fill: the contour's area plus the half pixel around it, w + h, over its box: small blobs' polygons are thin)
    aspect, fill = st[:, 2] / st[:, 3], (st[:, 4] + st[:, 2] + st[:, 3]) / (st[:, 2] * st[:, 3])
    suits = np.flatnonzero((aspect >= 0.55) & (aspect <= 1.8) & (fill >= 0.4))
    if len(suits) == 0:
        return None
    d = cen[suits][None, :, :] - cen[:, None, :]  # [rank i, suit k]: from the rank to the suit
    dist = np.sqrt((d * d).sum(2))
    ratio = size[suits][None, :] / size[:, None]
    pair = (dist >= 0.75 * size[:, None]) & (dist <= 1.6 * size[:, None]) & (ratio >= 0.45) & (ratio <= 1.15) \
        & ranky[:, None]
    ii, kk = np.nonzero(pair)
    if len(ii) == 0:
        return None
    jj = suits[kk]
    # most index-like first: a rank about the accepted card's, a suit at an index's distance
    order = np.argsort(np.abs(np.log(size[ii] / h_rank)) + 2 * np.abs(dist[ii, kk] / size[ii] - 1.2))[:MAX_INDEX_PAIRS]
    ii, jj, kk = ii[order], jj[order], kk[order]
    v = d[ii, kk]  # rank centre to suit centre
    # the suit blob, turned upright (the pair's direction to the nearest quarter turn), through the suit net
    quarters = np.round(np.degrees(np.arctan2(v[:, 0], v[:, 1])) / 90.0).astype(int) % 4
    keys = list(dict.fromkeys(zip(jj.tolist(), quarters.tolist(), strict=True)))  # (suit blob, turn), each once
    masks = []
    for j, quarter in keys:
        x, y, w, h = (int(t) for t in st[j, :4])
        masks.append(np.rot90(binm[y:y + h, x:x + w] * np.uint8(255), -quarter))  # clockwise: v down
    feats = glyph_features_many(masks)
    p_key = dict(zip(keys, default_models()["suit"].predict_proba(feats)[:, :4].max(1).tolist(), strict=True))
    p_suit = np.array([p_key[k] for k in zip(jj.tolist(), quarters.tolist(), strict=True)])
    spots: list[np.ndarray] = []
    for k in np.argsort(-p_suit)[:MAX_INDEX_SPOTS]:
        if p_suit[k] < PAIR_SUIT_MIN:
            break
        i = int(ii[k])
        ci = cen[i]
        if any(np.linalg.norm(ci - sp) < 0.5 * size[i] for sp in spots):
            continue
        spots.append(ci)
        r = _read_spot(frame, ci, v[k], float(np.linalg.norm(v[k])), threshold, paper_max)
        if r is None or (r.suit, r.rank) == (best.suit, best.rank):
            continue
        # inside the card's outline, its own index read with another suit (♦4 as ♥4, ♣J as ♠J: fresh
        # rendered singles 205 000 094 at scale 0.5, 三国杀-style 209 000 036) is not a second card
        if inside and r.rank == best.rank and cv2.pointPolygonTest(
                quad.reshape(-1, 1, 2), (float(ci[0]), float(ci[1])), False) >= 0:
            continue
        return r
    return None


def _read_spot(frame: np.ndarray, rank_c: np.ndarray, v: np.ndarray, dist: float, threshold: float,
               paper_max: float = 255.0) -> Reading | None:
    """Read an index whose rank centre is at rank_c (frame px) and whose suit centre is v
    away: warped upright onto a canonical corner crop (v's direction, snapped to the
    nearest quarter turn within 30 degrees, points down; when that finds an index but doubts
    it (< SECOND_INDEX_MIN) and v is more than SPOT_TURN_MIN degrees off the quarter turn, read
    again turned as v points). A Reading with at least SECOND_INDEX_MIN confidence, or None.
    The crop must look like ink on a card's paper: its paper's ink level (glyphs.prepare) at
    most paper_max, its ink SPOT_CONTRAST_MIN above the paper."""
    raw = float(np.degrees(np.arctan2(v[0], v[1])))  # 0: suit straight below the rank
    snap = 90.0 * round(raw / 90.0)
    if abs(raw - snap) > 30:
        return _read_spot_at(frame, rank_c, raw, dist, threshold, paper_max)[0]
    r, doubted = _read_spot_at(frame, rank_c, snap, dist, threshold, paper_max)
    if r is None and doubted and abs(raw - snap) > SPOT_TURN_MIN:  # a card turned by 5-30 degrees
        r = _read_spot_at(frame, rank_c, raw, dist, threshold, paper_max)[0]
    return r


# A spot read upright (its pair's direction snapped to a quarter turn) whose index is doubted is read a
# second time turned as the pair points when that is more than this many degrees off: a card turned by
# ~15 degrees (rendered pair seed 13 002 018: a ♠8 touching a ♥6, read ♠8 at 0.28 snapped, 0.99999
# turned by 16 degrees).
SPOT_TURN_MIN = 4.0
# When the whole spot crop's levels find no index and its darkest ink lies outside this box (x0, y0,
# x1, y1) of the crop (the box's own darkest ink at least SPOT_BOX_DARKER levels lighter), the levels
# are taken from the box only: around the rank (centred at INDEX_RANK_AT, ~30 px tall) and the suit
# below it. A table darker than the ink beside a small card sets the whole crop's darkest ink
# (rendered pair seed 12 004 002: a faint ♠Q 76 px tall on a green striped table fell under the
# threshold).
SPOT_LEVELS_BOX = (24, 12, 66, 94)
SPOT_BOX_DARKER = 20.0
# When no index is found at INK_LEVEL (nor with the box's levels), the spot crop is thresholded once
# more at this level (fraction of the way from its paper to its darkest ink): a thin, light rank over
# a dark suit lies under the threshold the suit's ink sets (issue 18, rtwo: fresh pair 64 006 023, a
# grey "7" over a black spade on a pink card on a pink table).
SPOT_LOW_LEVEL = 0.3


def _read_spot_at(frame: np.ndarray, rank_c: np.ndarray, ang: float, dist: float, threshold: float,
                  paper_max: float) -> tuple[Reading | None, bool]:
    """``_read_spot`` with the crop turned by ang degrees (0: the suit straight below the rank):
    (the Reading or None, whether an index was found in place but read below SECOND_INDEX_MIN)."""
    s = INDEX_PAIR_PX / max(dist, 1e-3)
    M = cv2.getRotationMatrix2D((float(rank_c[0]), float(rank_c[1])), -ang, s)
    M[:, 2] += np.array(INDEX_RANK_AT) - rank_c
    flag = cv2.INTER_CUBIC if s > 1.5 else cv2.INTER_LINEAR
    crop = cv2.warpAffine(frame, M, (CORNER_W, CORNER_H), flags=flag, borderMode=cv2.BORDER_REPLICATE)
    p = prepare(crop)
    g = None
    if p is not None and p.paper <= paper_max and p.top - p.paper >= SPOT_CONTRAST_MIN:  # ink on a card's paper
        g = segment_index(crop, p)
    if g is None and p is not None:  # levels from where the index lies, when the darkest ink is elsewhere
        x0, y0, x1, y1 = SPOT_LEVELS_BOX
        if float(np.percentile(p.ink[y0:y1, x0:x1], 99.5)) <= p.top - SPOT_BOX_DARKER:
            p = prepare(crop, box=SPOT_LEVELS_BOX)
            if p is not None and p.paper <= paper_max and p.top - p.paper >= SPOT_CONTRAST_MIN:
                g = segment_index(crop, p)
    if g is None and p is not None and p.paper <= paper_max and p.top - p.paper >= SPOT_CONTRAST_MIN:
        # a thin, light rank over a dark suit falls under the threshold set by the suit's ink
        lp = prepare(crop, level=SPOT_LOW_LEVEL)
        g = segment_index(crop, lp) if lp is not None else None
    if g is None or min(g.rank_box[3], g.suit_box[3]) / s < NOTICE_GLYPH_PX:
        return None, False
    rx, ry = g.rank_box[0] + g.rank_box[2] / 2, g.rank_box[1] + g.rank_box[3] / 2
    if abs(ry - INDEX_RANK_AT[1]) > 15 or abs(rx - INDEX_RANK_AT[0]) > 25:
        return None, False
    sc = _glyph_scores([g])[0]
    r, su = np.unravel_index(int(sc.argmax()), sc.shape)
    conf = float(sc[r, su])
    if conf < SECOND_INDEX_MIN:
        return None, True
    return Reading(SUITS[su], int(r) + 1, conf, False, "index", _index_crop(crop, g)), False


# A card outline whose index cannot be read (too small, faint) is still a card when both of
# its corners hold a glyph the suit net calls a suit with at least this probability.
CORNER_SUIT_MIN = 0.95


def _notice_quad(frame: np.ndarray, quad: np.ndarray, threshold: float) -> bool:
    """True when an index of glyphs at least NOTICE_GLYPH_PX frame px tall (fewer than
    reading needs) is read in a corner of quad (4, 2) with at least SECOND_INDEX_MIN."""
    px = _long(quad) / CARD_H
    gs = [g for g in (segment_index(warp_corner(frame, quad, t)) for t in (0, 2))
          if g is not None and min(g.rank_box[3], g.suit_box[3]) * px >= NOTICE_GLYPH_PX]
    return bool(gs) and max(float(sc.max()) for sc in _glyph_scores(gs)) >= SECOND_INDEX_MIN


# A distinct outline of about the card's size is a second card, even when no index is found in
# it (small, faint, or art up to its index), when the band along its edges is paper like the
# accepted card's: each channel's median within PAPER_MATCH of the card's, and the band even
# (its 25th to 75th percentile within PAPER_EVEN in each channel). The band: 2.5-7.5% of the
# card's width in from its edges, sampled on a PAPER_W-wide warp.
PAPER_MATCH = 30.0
PAPER_EVEN = 30.0
PAPER_W, PAPER_H = 40, 57


def _paper_band(frame: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(median, interquartile range) per channel (B, G, R) of the band along the edges of quad
    (4, 2) on a PAPER_W x PAPER_H warp of it."""
    dst = np.array([[0, 0], [PAPER_W, 0], [PAPER_W, PAPER_H], [0, PAPER_H]], np.float32)
    M = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    w = cv2.warpPerspective(frame, M, (PAPER_W, PAPER_H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inner = np.zeros((PAPER_H, PAPER_W), bool)
    inner[1:-1, 1:-1] = True
    inner[4:-4, 4:-4] = False
    px = w[inner].astype(np.float32)
    q1, med, q3 = np.percentile(px, (25, 50, 75), axis=0)
    return med, q3 - q1


def _same_paper(frame: np.ndarray, quad: np.ndarray, card: np.ndarray) -> bool:
    """True when the band along the edges of quad (4, 2) is even and paper like the band of the
    accepted card's quad card (4, 2): PAPER_MATCH, PAPER_EVEN."""
    m, iqr = _paper_band(frame, quad)
    mc, _ = _paper_band(frame, card)
    return bool(np.abs(m - mc).max() <= PAPER_MATCH and iqr.max() <= PAPER_EVEN)


def _suits_in_corners(frame: np.ndarray, quad: np.ndarray) -> bool:
    """True when both index corners of quad (4, 2) hold a suit-like glyph (suit net, junk
    excluded, p >= CORNER_SUIT_MIN) in the index zone (left 60%, top 70% of the corner crop)."""
    nets = default_models()
    for turn in (0, 2):
        c = warp_corner(frame, quad, turn)
        ink = cv2.GaussianBlur(ink_map(c), (3, 3), 0)
        paper, top = np.percentile(ink[6:-2, 6:-2], (40, 99.5))
        if top - paper < 25:
            return False
        binm = (ink > paper + (top - paper) * 0.45).astype(np.uint8)
        n, lab, st, _ = cv2.connectedComponentsWithStats(binm, connectivity=8)
        H, W = binm.shape
        masks = []
        for i in range(1, n):
            x, y, w, h, a = st[i]
            if not (0.03 * CARD_W <= h <= 0.2 * CARD_W and w <= 0.22 * CARD_W and a >= 10) \
                    or x <= 0 or y <= 0 or x + w >= W or y + h >= H or x + w / 2 > 0.6 * W or y + h / 2 > 0.7 * H:
                continue
            masks.append((lab[y:y + h, x:x + w] == i).view(np.uint8) * 255)
        if not masks:
            return False
        ps = nets["suit"].predict_proba(glyph_features_many(masks))[:, :4]
        if float(ps.max()) < CORNER_SUIT_MIN:
            return False
    return True


# ... or a glyph the rank net calls a rank with at least this probability, alone or with the pieces on
# its row (a "10"), in both corners' index zones: the suit merged with artwork beside it, so that no
# rank-over-suit pair is found (rendered pairs 52 000 020, a ♣10 whose clubs touch its art).
CORNER_RANK_MIN = 0.95


def _ranks_in_corners(frame: np.ndarray, quad: np.ndarray) -> bool:
    """True when both index corners of quad (4, 2) hold a rank-like glyph (``rank_probs``, junk
    excluded, p >= CORNER_RANK_MIN) in the index zone (left 60%, top 40% of the corner crop): a piece
    of a glyph's size not cut by the crop's edge, joined by the pieces beside it on its row."""
    for turn in (0, 2):
        p = prepare(warp_corner(frame, quad, turn))
        if p is None:
            return False
        H, W = p.binm.shape
        st = p.stats
        ok = [i for i in range(1, p.n)
              if 0.03 * CARD_W <= st[i, 3] <= 0.2 * CARD_W and st[i, 2] <= 0.22 * CARD_W and st[i, 4] >= 10
              and st[i, 0] > 0 and st[i, 1] > 0 and st[i, 0] + st[i, 2] < W and st[i, 1] + st[i, 3] < H]
        masks = []
        for i in ok:
            x, y, w, h = st[i, :4].tolist()
            if x + w / 2 > 0.6 * W or y + h / 2 > 0.4 * H:
                continue
            row = [j for j in ok if y <= st[j, 1] + st[j, 3] / 2 <= y + h and st[j, 3] > 0.5 * h
                   and max(st[j, 0] - (x + w), x - (st[j, 0] + st[j, 2])) < 0.45 * h]
            x0, y0 = min(int(st[j, 0]) for j in row), min(int(st[j, 1]) for j in row)
            x1 = max(int(st[j, 0] + st[j, 2]) for j in row)
            y1 = max(int(st[j, 1] + st[j, 3]) for j in row)
            masks.append(np.isin(p.lab[y0:y1, x0:x1], row).view(np.uint8) * 255)
        if not masks or float(rank_probs(masks).max()) < CORNER_RANK_MIN:
            return False
    return True


def _search_label(frame: np.ndarray, cands: list, qr_mode: str, qr_part: int | None,
                  margin: float = QR_CARD_MARGIN) -> Reading | None:
    """frame: the grey frame (H, W) uint8 that cands were found on; margin: around the card's
    box, as a fraction of it on each side."""
    region, scale = frame, 1.0
    # a label is read from about 6 px/mm: only a card at least QR_MIN_PX_PER_MM * CARD_LONG_MM
    # long can carry a readable one (smaller outlines: search the frame as if none was found)
    big = [c for c in cands if _long(c.outline()) >= QR_MIN_PX_PER_MM * CARD_LONG_MM]
    if qr_mode == "fast" and big:  # the label is on the sleeve: look around the card only
        q = big[0].quad()
        x, y, w, h = cv2.boundingRect(q.astype(np.int32))
        mx, my = int(w * margin), int(h * margin)
        region = frame[max(0, y - my):y + h + my, max(0, x - mx):x + w + mx]
        # a 27 mm label on a CARD_LONG_MM card: search a copy with at most
        # QR_PX_PER_MM (the detector's time grows with the pixels)
        long_px = float(max(np.linalg.norm(q - np.roll(q, 1, axis=0), axis=1)))
        scale = min(1.0, QR_PX_PER_MM * CARD_LONG_MM / max(long_px, 1.0))
    elif qr_mode == "fast" and qr_part is not None:
        parts = whole_frame_parts(*frame.shape[:2])
        rows, cols, scale = parts[qr_part % len(parts)]
        region = frame[rows, cols]
    labs = qr.find_labels(region, thorough=qr_mode == "thorough", scale=scale, camera=qr_mode == "fast")
    return _label_reading(labs) if labs else None


def _label_reading(labs: list) -> Reading:
    """The Reading for the labels decoded in one image (at least one): accepted when they
    all name one card; two different cards in view are not accepted (note says which)."""
    uniq, keys = [], set()
    for x in labs:
        if (x.suit, x.rank) not in keys:
            keys.add((x.suit, x.rank))
            uniq.append(x)
    if len(uniq) == 1:
        return Reading(uniq[0].suit, uniq[0].rank, 1.0, True, "qr")
    names = [Reading(x.suit, x.rank, 1.0, False).label for x in uniq]
    if len(names) == 2:
        note = f"two labels in view: {names[0]} and {names[1]}"
    else:
        note = f"{len(names)} labels in view: " + ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
    return Reading(uniq[0].suit, uniq[0].rank, 1.0, False, "qr", note=note)


# read_label(near=...): the margin around a card outlined in an earlier frame (the card may
# have moved since by a few px: a hand-held card between two camera frames).
QR_NEAR_MARGIN = 0.1


def read_label(frame: np.ndarray, qr_part: int | None = None, near: np.ndarray | None = None) -> Reading | None:
    """Only the camera's QR search of ``read_frame`` (fast mode): a Reading with
    source "qr" when one of our labels is read, else None (the index is not read).

    CameraScanner uses it on its QR frames so that no frame pays for both the QR search
    and the index; qr_part as in read_frame. near: a card's outline (4, 2) in frame pixels
    from a recent frame (the camera's last index frame): the label is looked for around it
    (QR_NEAR_MARGIN) without this frame's outline search (~60% of this call's time);
    None: the outline search finds the card.
    """
    if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3 \
            or min(frame.shape[:2]) < 16 or frame.dtype != np.uint8:
        return None
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if near is not None:
        return _search_label(gray, [Candidate(np.asarray(near, np.float32).reshape(4, 2), None, 1.0)], "fast",
                             qr_part, QR_NEAR_MARGIN)
    return _search_label(gray, card_candidates(frame, 3, gray), "fast", qr_part)


def _read_quad(frame: np.ndarray, quad: np.ndarray, threshold: float, wide: bool = False) -> Reading:
    """The index reading of the card outlined by quad (4, 2) in frame: rank over suit in both
    corners, then any layout (``_read_quad_layouts``), then (wide) the wide crop with the
    index-zone threshold (``_read_quad_wide``; ``read_frame`` runs it apart, last, through
    ``_read_wide``); the most confident, or the first accepted."""
    gs, crops, first = [], [], None
    px = _long(quad) / CARD_H  # frame pixels per pixel of the warped corner
    seen = []  # (corner crop, its prepare(), its segment_index) per corner, for the layout fallback
    for turn in (0, 2):
        c = warp_corner(frame, quad, turn)
        first = c if first is None else first
        p = prepare(c)
        g = segment_index(c, p) if p is not None else None
        seen.append((c, p, g))
        if g is not None and _resolved(g, px):
            gs.append(g)
            crops.append(c)
    if not gs:
        r = Reading(None, None, 0.0, False, corner=first, quad=quad)
    else:
        r = _combine(_glyph_scores(gs), gs, crops, quad, threshold, px)
    if r.accepted:
        return r
    alt = _read_quad_layouts(frame, quad, threshold, px, seen)
    r = alt if alt is not None and alt.confidence > r.confidence else r
    if r.accepted or not wide:
        return r
    w = _read_quad_wide(frame, quad, threshold, px)
    return w if w is not None and w.confidence > r.confidence else r


def _resolved(g, px: float) -> bool:
    """True when the rank and the suit of IndexGlyphs g are both at least MIN_GLYPH_PX frame
    pixels tall (px: frame pixels per pixel of the warped corner)."""
    return min(g.rank_box[3], g.suit_box[3]) * px >= MIN_GLYPH_PX


def _combine(scores: list[np.ndarray], gs: list, crops: list[np.ndarray], quad: np.ndarray, threshold: float,
             px: float, relevel: bool = True, small: bool = False, lone_threshold: float | None = None,
             min_corner: float = 0.0) -> Reading:
    """One Reading from the (13, 4) scores of one or two corners (their IndexGlyphs gs and
    corner crops): geometric mean of two, SINGLE_CORNER_FACTOR times a lone one, which is
    accepted only when its suit is SINGLE_SUIT_PX tall, or (a smaller suit, from
    MIN_GLYPH_PX, or SMALL_GLYPH_PX for small) at LONE_SMALL_CONF; and only when the rank
    passes ``_rank_doubted``'s checks (relevel: also the re-read at RELEVEL_LEVEL; off for
    glyphs thresholded below INK_LEVEL). small (the small-index read), or a lone corner's
    suit under SINGLE_SUIT_PX: the reading's other suits (same rank) must score at most
    SMALL_SUIT_OTHER; small: a spade or club SMALL_BLACK_SUIT_PX tall in every corner; a lone
    corner: its suit not doubted (``_suit_doubted``). min_corner: every corner the reading comes
    from scores at least this for it (the wide read's WIDE_MIN_SCORE).
    Two corners not accepted so whose best readings are the same card (CORNER_VOTE): the better
    corner read as a lone one (at lone_threshold, or threshold when None), accepted under the
    lone corner's rules; the other corner's agreement is its second opinion."""
    if len(scores) == 2:
        joint = np.sqrt(scores[0] * scores[1])
    else:
        joint = scores[0] * SINGLE_CORNER_FACTOR
    r, s = np.unravel_index(int(joint.argmax()), joint.shape)
    conf = float(joint[r, s])
    best = int(np.argmax([sc[r, s] for sc in scores]))
    lone_px = gs[0].suit_box[3] * px if len(scores) == 1 else math.inf
    lone_ok = (len(scores) == 2 or conf >= SINGLE_CORNER_FACTOR * LONE_CORNER_MIN) and (lone_px >= SINGLE_SUIT_PX or (
        lone_px >= (SMALL_GLYPH_PX if small else MIN_GLYPH_PX) and conf >= LONE_SMALL_CONF))
    if small or lone_px < SINGLE_SUIT_PX:
        lone_ok = lone_ok and float(np.delete(joint[r], s).max()) <= SMALL_SUIT_OTHER
    if small and not RED[s]:
        lone_ok = lone_ok and min(g.suit_box[3] for g in gs) * px >= SMALL_BLACK_SUIT_PX
    accepted = conf >= threshold and lone_ok and min(float(sc[r, s]) for sc in scores) >= min_corner \
        and all(_boxes_fit(g, int(r) + 1, len(gs) == 1) for g in gs) and not _rank_doubted(gs, crops, int(r) + 1, relevel) \
        and not (len(gs) == 1 and _suit_doubted(crops[0], gs[0], int(s)))
    if not accepted and len(scores) == 2 and CORNER_VOTE:
        picks = [np.unravel_index(int(sc.argmax()), sc.shape) for sc in scores]
        if picks[0] == picks[1]:
            k = int(np.argmax([float(sc.max()) for sc in scores]))
            lone = _combine([scores[k]], [gs[k]], [crops[k]], quad, threshold if lone_threshold is None else lone_threshold,
                            px, relevel, small, min_corner=min_corner)
            if lone.accepted:
                return lone
    return Reading(SUITS[s], int(r) + 1, conf, accepted, "index", _index_crop(crops[best], gs[best]), quad)


# Issue 18 (rsmall, 4 Dec, second session): two corners whose geometric mean is not accepted but
# whose best readings are the same card are read as the better corner alone, under every rule of a
# lone corner (its confidence, suit size, other suits, box shapes, rank and suit checks): a second
# corner that agrees is no weaker evidence than none. At a quarter scale one corner of a small card is
# often blurred or broken (0.5-0.9) while the other reads 0.9999 (development seeds, shifts
# 200 000 000, 210 000 000, 260 000 000: 5 more rendered cards read at 0.25-0.35, none wrong).
CORNER_VOTE = True


# Checks of the rank of a reading about to be accepted (issue 18, 3 Dec, accept): a second look at
# each corner's index that does not depend on the net's certainty, which was 0.997 for each wrong
# reading below (fresh rendered seeds 85 000 000+ and pair 22 002 006; docs/recognition.md).
# - Turned: an index read side by side (suit beside the rank) is read again turned a quarter
#   either way, rank over suit; when that reads another rank with at least TURNED_OTHER, the outline's
#   sides were taken the wrong way round (a poker index "5 over ♦" seen on its side as "5♦" read ♦10;
#   two cards outlined as one landscape card, a "3♦" on its side read ♦10).
# - Relevel: a lone corner's rank (no second opinion) re-read from the pieces of ink holding it,
#   thresholded at RELEVEL_LEVEL (INK_LEVEL: 0.45), gives another rank with at least RELEVEL_OTHER: a
#   faint stroke was lost at 0.45 (a K whose thin stem fell under the threshold read as 7). Two
#   corners are not re-read (~0.3 ms a frame; on the development frames it never fired on two).
# - Cut: a lone corner (no second opinion) with a glyph-sized piece of ink (at least CUT_PIECE_AREA
#   of the rank's ink, at most CUT_PIECE_SIZE of its height each way) cut by the crop's edge where the
#   index's own rank may lie: within CUT_GAP of the rank's height beside the rank, or above the suit
#   (over half the narrower one's width in its columns, at most CUT_ABOVE of the suit's height above
#   it). The outline lies inside the index: the right half of a looped Q read as 5; a "4" cut by the
#   crop's top, the table's edge beside its spade read as 7 (fresh seed 95 000 003, full scale).
TURNED_OTHER = 0.5
RELEVEL_LEVEL = 0.3
RELEVEL_OTHER = 0.9
CUT_GAP = 0.15
CUT_ABOVE = 0.4
CUT_PIECE_AREA = 0.1
CUT_PIECE_SIZE = 1.2


def _rank_doubted(gs: list, crops: list[np.ndarray], rank: int, relevel: bool = True) -> bool:
    """True when a check of TURNED_OTHER / RELEVEL_OTHER / CUT_GAP refuses the reading of rank
    ``rank`` (1..13) from corners with IndexGlyphs gs and upright corner crops ``crops`` (the
    relevel and cut checks for a lone corner only)."""
    masks = []
    for g, c in zip(gs, crops, strict=True):
        if _side_by_side(g):
            t = _turned_rank(c, g)
            if t is not None and t[0] != rank and t[1] >= TURNED_OTHER:
                return True
        if relevel and len(gs) == 1:
            m = _relevel_mask(c, g)
            if m is not None:
                masks.append(m)
        if len(gs) == 1 and _cut_beside(c, g):
            return True
    if masks:
        pr = rank_probs(masks)
        k = pr.argmax(1)
        if bool(np.any((k != rank - 1) & (pr[np.arange(len(k)), k] >= RELEVEL_OTHER))):
            return True
    return False


def _side_by_side(g) -> bool:
    """True when the suit of IndexGlyphs g stands beside its rank (its centre within the rank's rows)."""
    c = g.suit_box[1] + g.suit_box[3] / 2
    return g.rank_box[1] <= c <= g.rank_box[1] + g.rank_box[3]


def _turned_rank(crop: np.ndarray, g) -> tuple[int, float] | None:
    """(rank 1..13, score) of the best rank-over-suit reading of the index of IndexGlyphs g (its
    boxes with a margin of half the rank's height, cut from the upright corner crop) turned a
    quarter either way, on a corner-sized canvas of its paper; None when neither turn has one."""
    boxes = [g.rank_box, g.suit_box]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    m = max(3, g.rank_box[3] // 2)
    h, w = crop.shape[:2]
    win = crop[max(0, y0 - m):min(h, y1 + m), max(0, x0 - m):min(w, x1 + m)]
    paper = np.median(win.reshape(-1, 3), axis=0).astype(np.uint8)
    best: tuple[int, float] | None = None
    for k in (1, 3):
        t = np.rot90(win, k)
        can = np.empty((CORNER_H, CORNER_W, 3), np.uint8)
        can[:] = paper
        th, tw = min(t.shape[0], CORNER_H - 8), min(t.shape[1], CORNER_W - 8)
        can[8:8 + th, 8:8 + tw] = t[:th, :tw]
        tg = segment_index(can)
        if tg is None:
            continue
        sc = _glyph_scores([tg])[0]
        r = int(sc.max(1).argmax())
        if best is None or float(sc[r].max()) > best[1]:
            best = (r + 1, float(sc[r].max()))
    return best


def _pieces_mask(crop: np.ndarray, level: float, box, mask, other_box, other_mask) -> np.ndarray | None:
    """The pieces of ink of the upright corner crop, thresholded at ``level``, that hold the ink of
    one glyph (its box and uint8 mask in the crop) as a tight uint8 mask (ink 255); None when there
    is no ink there or one of those pieces also holds the other glyph's ink (the two merged)."""
    p = prepare(crop, level=level)
    if p is None:
        return None
    x, y, w, h = box
    ids = set(np.unique(p.lab[y:y + h, x:x + w][mask > 127]).tolist()) - {0}
    ox, oy, ow, oh = other_box
    if not ids or ids & set(np.unique(p.lab[oy:oy + oh, ox:ox + ow][other_mask > 127]).tolist()):
        return None
    keep = np.zeros(p.n, bool)
    keep[list(ids)] = True
    st = p.stats[list(ids)]
    x0, y0 = int(st[:, 0].min()), int(st[:, 1].min())
    x1, y1 = int((st[:, 0] + st[:, 2]).max()), int((st[:, 1] + st[:, 3]).max())
    return keep[p.lab[y0:y1, x0:x1]].view(np.uint8) * 255


def _relevel_mask(crop: np.ndarray, g) -> np.ndarray | None:
    """The rank of IndexGlyphs g thresholded at RELEVEL_LEVEL: the pieces of ink there that hold the
    rank's ink (a tight uint8 mask, ink 255); None when there is no ink or one of them also holds
    the suit's ink (rank and suit merged: nothing to compare)."""
    return _pieces_mask(crop, RELEVEL_LEVEL, g.rank_box, g.rank_mask, g.suit_box, g.suit_mask)


# A lone corner's suit read again (issue 18, rsmall, 4 Dec): the pieces of ink holding it, thresholded
# at SUIT_RELEVEL_LEVEL (further into the ink than INK_LEVEL), read by the suit net; another suit with
# at least SUIT_RELEVEL_OTHER doubts the reading. A blurred club's three lobes merge at a lower level
# (or with levels from the index zone only) into a spade's outline and part at a higher one: a
# 三国杀-style ♣10 at full scale read ♠10 from the wide search, its corner scoring 0.9989 (development
# seed 219 000 035); re-thresholded at 0.6 it reads club 0.98.
SUIT_RELEVEL_LEVEL = 0.6
SUIT_RELEVEL_OTHER = 0.5


def _suit_doubted(crop: np.ndarray, g, suit: int) -> bool:
    """True when the suit of IndexGlyphs g in the upright corner crop, thresholded at
    SUIT_RELEVEL_LEVEL (the pieces there holding its ink; not when one of them also holds the
    rank's ink), reads as another suit than ``suit`` (index into SUITS) with at least
    SUIT_RELEVEL_OTHER."""
    m = _pieces_mask(crop, SUIT_RELEVEL_LEVEL, g.suit_box, g.suit_mask, g.rank_box, g.rank_mask)
    if m is None:
        return False
    ps = default_models()["suit"].predict_proba(glyph_features_many([m]))[0, :4]
    k = int(ps.argmax())
    return k != suit and float(ps[k]) >= SUIT_RELEVEL_OTHER


def _cut_beside(crop: np.ndarray, g) -> bool:
    """True when a glyph-sized piece of ink (CUT_PIECE_AREA, CUT_PIECE_SIZE) cut by the edge of the
    upright corner crop lies where the rank of IndexGlyphs g's index may be: within CUT_GAP of the
    rank's height beside its rank, or up to CUT_ABOVE of the suit's height above its suit."""
    p = prepare(crop)
    if p is None:
        return False
    H, W = p.binm.shape
    x, y, w, h = g.rank_box
    sx, sy, sw, sh = g.suit_box
    gap = max(1.0, CUT_GAP * h)
    ink = float(np.count_nonzero(g.rank_mask > 127))
    for i in range(1, p.n):
        cx, cy, cw, ch, a = p.stats[i].tolist()
        if not (cx <= 0 or cy <= 0 or cx + cw >= W or cy + ch >= H) or a < CUT_PIECE_AREA * ink \
                or max(cw, ch) > CUT_PIECE_SIZE * h:
            continue
        if max(x - (cx + cw), cx - (x + w), 0) <= gap and max(y - (cy + ch), cy - (y + h), 0) <= gap:
            return True
        if min(sx + sw, cx + cw) - max(sx, cx) >= 0.5 * min(sw, cw) and 0 <= sy - (cy + ch) <= CUT_ABOVE * sh:
            return True
    return False


# The widest a rank glyph's box (width / height) can be, per rank (1..13): the widest of 400
# rendered glyphs per rank in every training font and squeeze (card_images.render, 2 Dec),
# plus 10%. A box wider than its rank allows is something else merged with the glyph (a frame
# line, art), e.g. a 三国杀-style "3" merged with the frame read as "8" (fresh seed 69000028 at
# scale 0.35). Suit boxes: SUIT_ASPECT (rendered suits 0.52-1.62, real dev suits 0.71-1.15).
RANK_ASPECT_MAX = (1.47, 1.07, 1.05, 1.16, 1.05, 1.07, 1.07, 1.07, 1.07, 2.2, 1.1, 1.3, 1.45)
# The narrowest, per rank: 0.8 of the narrowest of 400 rendered glyphs of that rank squeezed to 0.6
# of its width (the narrowest 三国杀-style index, card_images.render.sgs_index_mask); J 0.1 (a J
# thresholded to its stem read right at 0.13). A box narrower is a piece of a glyph the threshold
# broke: the stem of a thin serif "6" (box 6 x 24, 0.25) read as "6" beside its bowl read as "♦"
# (fresh seed 105 000 018 at half scale, accepted ♦6 for ♥6; right readings of that set: >= 0.31).
# For a lone corner only: a broken "4" (0.235) was read right beside its other corner (三国杀-style
# development seed 39 000 016, at every scale).
RANK_ASPECT_MIN = (0.36, 0.3, 0.3, 0.32, 0.3, 0.28, 0.3, 0.3, 0.28, 0.5, 0.1, 0.3, 0.36)
SUIT_ASPECT = (0.45, 1.8)


def _boxes_fit(g, rank: int, lone: bool = True) -> bool:
    """True when the rank and suit boxes of IndexGlyphs g have shapes a rank ``rank`` (1..13)
    and a suit glyph can have (RANK_ASPECT_MAX, SUIT_ASPECT; and RANK_ASPECT_MIN when ``lone``:
    the reading's only corner; a corner whose rank broke is outvoted when the other agrees)."""
    rw, rh = g.rank_box[2], g.rank_box[3]
    sw, sh = g.suit_box[2], g.suit_box[3]
    return rh > 0 and sh > 0 and (not lone or rw / rh >= RANK_ASPECT_MIN[rank - 1]) \
        and rw / rh <= RANK_ASPECT_MAX[rank - 1] and SUIT_ASPECT[0] <= sw / sh <= SUIT_ASPECT[1]


def _index_crop(corner: np.ndarray, g) -> np.ndarray:
    """The part of an upright corner crop that holds the index (glyphs.IndexGlyphs g: its
    rank and suit boxes), with a margin of a third of the rank's height: the preview."""
    boxes = [g.rank_box, g.suit_box]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    m = max(2, g.rank_box[3] // 3)
    h, w = corner.shape[:2]
    return corner[max(0, y0 - m):min(h, y1 + m), max(0, x0 - m):min(w, x1 + m)]


# A corner whose best (rank, suit) score is below this holds no index (art or rule text where a
# 三国杀-style print has none): in the layout fallback it is left out, not averaged in.
NO_INDEX_SCORE = 0.05


def _keep_best_layout(alts: list, crop: np.ndarray, scores: list[np.ndarray], gs: list, crops: list) -> None:
    """Append to scores / gs / crops the best scoring of a corner's index readings ``alts``
    (``glyphs.segment_index_layouts``) with its corner crop, unless none is index-like
    (best score < NO_INDEX_SCORE) or there are none."""
    if not alts:
        return
    sc = _glyph_scores(alts)
    k = max(range(len(sc)), key=lambda i: float(sc[i].max()))
    if float(sc[k].max()) >= NO_INDEX_SCORE:
        scores.append(sc[k])
        gs.append(alts[k])
        crops.append(crop)


def _read_quad_layouts(frame: np.ndarray, quad: np.ndarray, threshold: float, px: float,
                       seen: list | None = None) -> Reading | None:
    """The fallback for a card not read confidently as rank-over-suit: each corner's index in
    any layout (``glyphs.segment_index_layouts``: suit above rank, side by side), the best
    scoring one per corner; a corner with no index-like reading (< NO_INDEX_SCORE) is left
    out, so a face with one printed index reads as one corner (× SINGLE_CORNER_FACTOR).
    Glyphs under MIN_GLYPH_PX are not read (as in _read_quad). seen: _read_quad's
    (corner crop, prepare(), segment_index) per corner, so nothing is warped or
    thresholded twice."""
    scores: list[np.ndarray] = []
    gs: list = []
    crops: list[np.ndarray] = []
    for j, turn in enumerate((0, 2)):
        if seen is not None:
            c, p, g = seen[j]
            found = segment_index_layouts(c, p, g, True) if p is not None else []
        else:
            c = warp_corner(frame, quad, turn)
            found = segment_index_layouts(c)
        _keep_best_layout([g for g in found if _resolved(g, px)], c, scores, gs, crops)
    return _combine(scores, gs, crops, quad, threshold, px) if scores else None


# The wide corner crop of the last index search (canonical card pixels; the usual crop is
# CORNER_W = 96): a side-by-side 三国杀-style index ("♣K", "Q♦") reaches past 96 px and is
# then cut by the crop's edge. INDEX_ZONE: the rows (fraction of the crop's height) the
# second threshold's levels come from.
WIDE_CORNER_W = 128
INDEX_ZONE = 0.5
# A reading of the wide search is accepted only when every corner it comes from scores at least
# this (p(rank) · p(suit) · p(colour)): the wider crop and the second threshold see more of the
# art and the table, so more pieces can pass for an index. Set on the development seeds
# (rendered 35 000 000+, 三国杀-style 39 000 000+): the three wrong readings this search gave
# there scored 0.991-0.995 per corner (an italic "9" read as Q, a photo's edge read as a card),
# the right ones mostly >= 0.9995.
WIDE_MIN_SCORE = 0.998
# The wide read is made at INK_LEVEL and, when that is not accepted, once more with the index
# sought at WIDE_LOW_LEVEL as well (a faint or thin 三国杀-style rank under dark art breaks at 0.45);
# the first reading keeps the search's result where it accepted (issue 18, 3 Dec).
WIDE_LOW_LEVEL = 0.3


def _read_quad_wide(frame: np.ndarray, quad: np.ndarray, threshold: float, px: float,
                    crops: list | None = None) -> Reading | None:
    """The last index search for a card not read confidently (issue 18, 三国杀-style faces):
    each corner warped WIDE_CORNER_W wide and thresholded twice, with levels from the whole
    crop and from its top INDEX_ZONE only (``glyphs.prepare(zone=...)``: dark artwork below
    the index sets the whole crop's darkest ink, and a thin or faint rank then falls under
    the threshold); every layout (``segment_index_layouts``) of both, the best scoring per
    corner, a corner without an index-like reading (< NO_INDEX_SCORE) left out, as in
    ``_read_quad_layouts``; when that is not accepted, the same with the thresholds at
    WIDE_LOW_LEVEL added. crops: both corners already warped WIDE_CORNER_W wide (turn 0, 2).
    None when no corner gives an index."""
    cs = [crops[j] if crops is not None else warp_corner(frame, quad, turn, WIDE_CORNER_W)
          for j, turn in enumerate((0, 2))]
    found: list[list] = [[], []]  # per corner: its index readings so far
    r: Reading | None = None
    for level in (INK_LEVEL, WIDE_LOW_LEVEL):
        scores: list[np.ndarray] = []
        gs: list = []
        kept: list[np.ndarray] = []
        for j, c in enumerate(cs):
            for zone in (1.0, INDEX_ZONE):
                p = prepare(c, zone, level=level)
                if p is not None:
                    found[j] += [g for g in segment_index_layouts(c, p) if _resolved(g, px)]
            _keep_best_layout(found[j], c, scores, gs, kept)
        if not scores:
            continue
        t = _combine(scores, gs, kept, quad, threshold, px, relevel=level >= INK_LEVEL, min_corner=WIDE_MIN_SCORE)
        if t.accepted:
            return t
        r = t if r is None or t.confidence > r.confidence else r
    return r


# The small-index read of the last pass (``_read_quad_small``): glyphs from SMALL_GLYPH_PX frame
# pixels (MIN_GLYPH_PX = 6 elsewhere), both corners needed, and SMALL_THRESHOLD. Each corner is
# thresholded at every SMALL_LEVELS (``glyphs.prepare(level=...)``; 0.45 elsewhere) with levels
# from the whole crop and from its index zone (INDEX_ZONE), the best scoring index kept: a blurred
# glyph of 4-8 px is paler than the crop's darkest ink and shrinks or breaks at 0.45 (issue 18; on
# the development seeds' true outlines at a quarter scale, 48 -> 82 of 100 rendered cards read).
SMALL_GLYPH_PX = 4.0
SMALL_THRESHOLD = 0.97
SMALL_LEVELS = (0.45, 0.3, 0.2)


def _read_quad_small(frame: np.ndarray, quad: np.ndarray, threshold: float, wide: list | None = None) -> Reading | None:
    """The index of a small card (issue 18: a card a quarter of the frame's size has glyphs of
    4-8 px): both corners (rank over suit, else the best of any layout, each corner thresholded
    at every SMALL_LEVELS with levels from the whole crop and from its INDEX_ZONE) with every
    glyph at least SMALL_GLYPH_PX frame pixels, accepted only at max(threshold, SMALL_THRESHOLD)
    with both corners agreeing (geometric mean) and the glyph boxes' shapes (``_boxes_fit``).
    wide: both corners warped WIDE_CORNER_W wide, when known (the usual crop is their left
    CORNER_W columns: the same warp). None when a corner gives no such index."""
    px = _long(quad) / CARD_H
    scores: list[np.ndarray] = []
    gs: list = []
    crops: list[np.ndarray] = []
    for j, turn in enumerate((0, 2)):
        c = np.ascontiguousarray(wide[j][:, :CORNER_W]) if wide is not None else warp_corner(frame, quad, turn)
        alts = []
        for level in SMALL_LEVELS:
            for zone in (1.0, INDEX_ZONE):
                p = prepare(c, zone, level=level)
                if p is not None:
                    alts += [g for g in segment_index_layouts(c, p)
                             if min(g.rank_box[3], g.suit_box[3]) * px >= SMALL_GLYPH_PX]
        if not alts:
            continue
        sc = _glyph_scores(alts)
        k = max(range(len(sc)), key=lambda i: float(sc[i].max()))
        scores.append(sc[k])
        gs.append(alts[k])
        crops.append(c)
    if not gs:
        return None
    return _combine(scores, gs, crops, quad, max(threshold, SMALL_THRESHOLD if len(gs) == 2 else LONE_SMALL_CONF),
                    px, relevel=False, small=True, lone_threshold=max(threshold, LONE_SMALL_CONF))


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Read an image file to BGR uint8. Raises ReadError when it is missing or not an image."""
    from companion.rules.messages import en_zh  # noqa: PLC0415 - the catalogue only for an error
    p = os.fspath(path)
    if os.path.isdir(p):
        raise ReadError(*en_zh("recognition.reader.directory", path=p))
    if not os.path.isfile(p):
        raise ReadError(*en_zh("recognition.reader.no_file", path=p))
    data = np.fromfile(p, np.uint8)
    img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if img is None:
        raise ReadError(*en_zh("recognition.reader.not_image", path=p))
    return img


def read_image(img_or_path, threshold: float = ACCEPT_THRESHOLD) -> Reading:
    """Read a card from an image path or a BGR array (any size; large ones are downscaled).

    Raises ReadError for a path that cannot be read as an image. Takes up to ~0.5 s on a
    12 MP photo (mostly the QR search).
    """
    img = load_image(img_or_path) if isinstance(img_or_path, (str, os.PathLike)) else img_or_path
    if img is not None and img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img is not None and img.ndim == 3 and img.shape[2] == 4:
        img = cv2.cvtColor(img, cv2.COLOR_BGRA2BGR)
    if not isinstance(img, np.ndarray) or img.ndim != 3 or img.dtype != np.uint8:
        return Reading(None, None, 0.0, False)
    # QR: the fast detector at full resolution (labels can be small; every code in view,
    # so that two different labels are noticed), both detectors on a copy of at most
    # QR_STILL_SIDE px (the classic one is slow on 12 MP photos)
    labs = qr.find_labels(img)
    if not labs:
        f = min(1.0, QR_STILL_SIDE / max(img.shape[:2]))
        labs = qr.find_labels(img if f == 1.0 else cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA),
                              thorough=True)
    if labs:
        return _label_reading(labs)
    if max(img.shape[:2]) > MAX_IMAGE_SIDE:
        s = MAX_IMAGE_SIDE / max(img.shape[:2])
        img = cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    return read_frame(img, threshold, qr_mode="off")
