"""The camera's whole-frame QR search spread over QR frames (no card outline found).

``reader.whole_frame_parts``: part 0 is the whole frame at QR_WHOLE_SCALE, the others
full-resolution strips that overlap by the bounding box of the largest label the scaled
search might miss. These tests check the geometry, that rendered labels where no card
outline is found are read by one of the parts whenever the old full-resolution
whole-frame search read them, and that CameraScanner cycles through the parts.
"""

import math

import cv2
import numpy as np
import pytest

from card_images.render import synth_photo
from recognition import reader
from recognition.camera import CameraError, CameraScanner
from recognition.labels import LabelEntry, make_entries, qr_image
from recognition.reader import QR_LABEL_MM, QR_PX_PER_MM, QR_WHOLE_SCALE, read_frame, whole_frame_parts

SUITS = ("spade", "heart", "club", "diamond")


def _label(e, px, angle=0.0, bg=(60, 80, 70), at=(640, 360), size=(720, 1280)):
    """A frame with one label of side px, turned by angle degrees, centred at `at`."""
    q = np.array(qr_image(e, px).convert("RGB"))[:, :, ::-1]
    h, w = size
    frame = np.full((h, w, 3), bg, np.uint8)
    m = cv2.getRotationMatrix2D((px / 2, px / 2), angle, 1.0)
    m[:, 2] += np.array(at) - px / 2
    mask = cv2.warpAffine(np.full((px, px), 255, np.uint8), m, (w, h))
    warped = cv2.warpAffine(q, m, (w, h), flags=cv2.INTER_LINEAR)
    frame[mask > 127] = warped[mask > 127]
    return cv2.GaussianBlur(frame, (3, 3), 0)


@pytest.mark.parametrize("size", [(720, 1280), (1280, 720), (480, 640), (1080, 1920)])
def test_every_label_the_scaled_search_may_miss_lies_wholly_in_one_strip(size):
    h, w = size
    parts = whole_frame_parts(h, w)
    if max(h, w) < 1000:  # small frames are searched whole, at full resolution
        assert parts == [(slice(None), slice(None), 1.0)]
        return
    assert parts[0] == (slice(None), slice(None), QR_WHOLE_SCALE)
    strips = parts[1:]
    assert strips and all(s == 1.0 for _, _, s in strips)
    # the largest label side the half-size search is not trusted with, at any angle
    side = QR_LABEL_MM * QR_PX_PER_MM / QR_WHOLE_SCALE
    rng = np.random.default_rng(5)
    for _ in range(2000):
        a = rng.uniform(0, math.pi / 2)
        ext = side * (abs(math.cos(a)) + abs(math.sin(a)))  # bounding box of the turned label
        x0, y0 = rng.uniform(0, max(1, w - ext)), rng.uniform(0, max(1, h - ext))
        x1, y1 = min(x0 + ext, w), min(y0 + ext, h)

        def inside(rows, cols, box=(x0, y0, x1, y1)):
            bx0, by0, bx1, by1 = box
            r0, r1, _ = rows.indices(h)
            c0, c1, _ = cols.indices(w)
            return r0 <= by0 and by1 <= r1 and c0 <= bx0 and bx1 <= c1
        assert any(inside(r, c) for r, c, _ in strips), (x0, y0, ext)
    # and the strips are smaller than the frame (that is the point)
    for rows, cols, _ in strips:
        r0, r1, _ = rows.indices(h)
        c0, c1, _ = cols.indices(w)
        assert (r1 - r0) * (c1 - c0) <= 0.75 * h * w


def test_a_label_across_the_middle_turned_45_degrees_is_read_by_a_strip(monkeypatch):
    """A label of ~8 px/mm (too small for the half-size copy to be trusted), turned 45°
    and centred on the frame's middle: only overlapping strips can hold it whole."""
    monkeypatch.setattr(reader, "card_candidates", lambda *a: [])
    e = LabelEntry("peach-heart-12", "peach", "heart", 12, "", "")
    frame = _label(e, 216, angle=45, at=(640, 360))
    assert read_frame(frame, qr_mode="fast").source == "qr"  # the old whole-frame search
    got = [read_frame(frame, qr_mode="fast", qr_part=k) for k in (1, 2)]
    assert any((r.source, r.suit, r.rank) == ("qr", "heart", 12) for r in got)


def test_rendered_labels_without_a_card_outline_are_read_by_one_of_the_parts(monkeypatch):
    """Rendered label frames (cards from 55% of the frame height to larger than the frame,
    dim and bright), the card outline search switched off: every label the full-resolution
    whole-frame search reads is read by at least one part."""
    monkeypatch.setattr(reader, "card_candidates", lambda *a: [])
    entries = make_entries([("card", s, r, "", "") for s in SUITS for r in range(1, 14)])
    whole = parts = 0
    lost = []
    for i in range(20):
        e = entries[(7 * i) % 52]
        rng = np.random.default_rng(61_000_000 + i)
        q = np.array(qr_image(e, 330).convert("RGB"))[:, :, ::-1]
        scale = (0.55, 0.95) if i % 2 else (0.95, 1.5)
        im = synth_photo(int(rng.integers(1, 14)), SUITS[rng.integers(4)], rng, card_scale=scale,
                         overlay=q, low_light=i % 4 == 1).image
        ok = [(r.source, r.suit, r.rank) == ("qr", e.suit, e.rank)
              for r in (read_frame(im, qr_mode="fast", qr_part=k) for k in range(3))]
        full = read_frame(im, qr_mode="fast")
        w = (full.source, full.suit, full.rank) == ("qr", e.suit, e.rank)
        whole += w
        parts += any(ok)
        if w and not any(ok):
            lost.append(i)
    assert not lost and whole >= 15, (lost, whole, parts)


def test_scanner_cycles_the_parts_and_reads_a_label_only_a_strip_holds():
    """No card outline (a label on a plain mat at the far right, ~6.7 px/mm): the scanner's
    QR frames search part 0, 1, 2, ...; the label is accepted once the right strip is
    searched, and that part is kept while the label keeps reading."""
    e = LabelEntry("duel-club-1", "duel", "club", 1, "", "")
    frame = _label(e, 180, at=(1150, 500))
    calls = []
    orig, orig_label = reader.read_frame, reader.read_label

    def spy(f, threshold=0.9, qr_mode="fast", max_candidates=3, qr_part=None, **kw):
        r = orig(f, threshold, qr_mode, max_candidates, qr_part, **kw)
        calls.append((qr_mode, qr_part, r.source))
        return r

    def spy_label(f, qr_part=None, near=None):
        r = orig_label(f, qr_part, near)
        calls.append(("fast", qr_part, None if r is None else r.source))
        return r

    seen = _run_scanner([frame] * 16, read_frame=spy, read_label=spy_label)
    assert len(seen) == 16  # one status per frame, QR-only frames included
    acc = [s for s in seen if s.state == "accepted"]
    assert len(acc) == 1 and acc[0].reading.source == "qr" and acc[0].text == "accepted ♣A"
    qr_calls = [(p, s) for m, p, s in calls if m == "fast"]
    assert [p for p, _ in qr_calls[:2]] == [0, 1]  # a new part on each QR frame until read
    first = next(k for k, (_, s) in enumerate(qr_calls) if s == "qr")
    assert all(p == qr_calls[first][0] for p, _ in qr_calls[first:])  # then it stays
    strips = whole_frame_parts(720, 1280)
    assert qr_calls[first][0] % len(strips) == 2  # only the right strip holds the label


def _run_scanner(frames, **patches):
    """Every status a CameraScanner (3 frames, QR every third) yields until the fake camera runs dry,
    with ``recognition.camera`` functions replaced by ``patches``."""
    import recognition.camera as camera
    mp = pytest.MonkeyPatch()
    for name, fn in patches.items():
        mp.setattr(camera, name, fn)
    seen = []
    try:
        with pytest.raises(CameraError):
            for st in CameraScanner(_Fake(frames), frames_needed=3, qr_every=3, max_bad_frames=1, clear_frames=0):
                seen.append(st)
    finally:
        mp.undo()
    return seen


class _Fake:
    def __init__(self, frames):
        self.frames = list(frames)

    def read(self):
        return (True, self.frames.pop(0).copy()) if self.frames else (False, None)

    def release(self):
        pass


def test_scanner_qr_frames_do_not_read_the_index_and_do_not_break_a_streak():
    """A card without a label: QR frames (every third) only search for a label and are
    skipped by the voter, so the card is accepted after 3 index frames, once."""
    rng = np.random.default_rng(5)
    frame = synth_photo(7, "spade", rng, tilt=0.02, card_scale=(0.75, 0.8), low_light=False).image
    assert read_frame(frame, qr_mode="off").accepted
    modes = []
    orig, orig_label = reader.read_frame, reader.read_label
    seen = _run_scanner([frame] * 12,
                        read_frame=lambda f, t, qr_mode, qr_part=None, **kw: modes.append(qr_mode) or orig(f, t, qr_mode, **kw),
                        read_label=lambda f, p=None, near=None: modes.append("label") or orig_label(f, p, near))
    assert modes == ["label", "off", "off"] * 4  # no frame does both searches
    states = [s.state for s in seen]
    assert states.index("accepted") == 4 and states.count("accepted") == 1  # frames 2, 3, 5
    assert seen[6].text == "accepted ♠7 (already)"  # a QR frame after the acceptance


def test_voter_hold_keeps_the_streak():
    from recognition.camera import FrameVoter
    from recognition.reader import Reading
    v = FrameVoter(frames_needed=2, clear_frames=0)
    assert v.hold().state == "searching"
    r = Reading("heart", 3, 0.95, True)
    assert v.update(r).state == "reading"
    assert v.hold().streak == 1
    assert v.update(r).state == "accepted"
    st = v.hold()
    assert (st.state, st.text) == ("reading", "accepted ♥3 (already)")
    assert v.update(r).state == "reading"
