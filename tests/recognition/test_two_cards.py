"""Two cards (or labels) in view: neither may be accepted silently (newcomer trial, 1 Dec)."""
import json
from dataclasses import replace

import cv2
import numpy as np
import pytest

from card_images.render import render_card
from recognition.camera import CameraError, CameraScanner, FrameVoter
from recognition.cli import main
from recognition.labels import LabelEntry, qr_image
from recognition.reader import Reading, distinct_cards, read_frame, read_image, read_label


def _label(suit, rank, px):
    e = LabelEntry(f"x-{suit}-{rank}", "x", suit, rank, "x", "X")
    return np.array(qr_image(e, px).convert("RGB"))[:, :, ::-1]


def two_cards(a, b, seed=2, gap=80, h=560, labels=False, table=(40, 70, 50)):
    """Two rendered card faces side by side on one 1280x720 table (BGR colour ``table``);
    labels: each card carries its own QR label (27 mm on a 63 mm card)."""
    rng = np.random.default_rng(seed)
    bg = np.full((720, 1280, 3), table, np.uint8)
    bg = np.clip(bg.astype(int) + rng.integers(-6, 7, bg.shape), 0, 255).astype(np.uint8)
    for k, (rank, suit) in enumerate((a, b)):
        face = render_card(rank, suit, np.random.default_rng(seed * 10 + k)).image.copy()
        if labels:
            side = int(face.shape[1] * 27 / 63)
            q = cv2.resize(_label(suit, rank, 300), (side, side), interpolation=cv2.INTER_AREA)
            y0, x0 = int(face.shape[0] * 0.62) - side // 2, (face.shape[1] - side) // 2
            face[y0:y0 + side, x0:x0 + side] = q
        w = int(face.shape[1] * h / face.shape[0])
        f = cv2.resize(face, (w, h), interpolation=cv2.INTER_AREA)
        x0 = 640 - gap // 2 - w if k == 0 else 640 + gap // 2
        bg[80:80 + h, x0:x0 + w] = f
    return bg


def test_two_index_cards_in_view_are_not_accepted():
    img = two_cards((2, "club"), (10, "heart"))
    for r in (read_frame(img), read_frame(img, qr_mode="off"), read_image(img)):
        assert not r.accepted and r.source == "index"
        assert r.label in ("♣2", "♥10") and r.confidence > 0.9  # best guess kept
        assert r.note is not None and "two cards in view" in r.note
        assert "♣2" in r.note and "♥10" in r.note


def test_two_copies_of_one_card_are_accepted():
    img = two_cards((2, "club"), (2, "club"))
    r = read_frame(img)
    assert r.accepted and r.label == "♣2" and r.note is None


def test_distinct_cards_tells_inner_frame_from_another_card():
    card = np.float32([[100, 100], [300, 100], [300, 380], [100, 380]])
    inner = np.float32([[130, 140], [270, 140], [270, 340], [130, 340]])
    shifted = card + 6
    beside = card + [260, 0]
    overlapping_a_little = card + [170, 0]   # 15% of the smaller one
    overlapping_much = card + [90, 40]
    assert not distinct_cards(card, inner) and not distinct_cards(inner, card)
    assert not distinct_cards(card, shifted)
    assert distinct_cards(card, beside)
    assert distinct_cards(card, overlapping_a_little)
    assert not distinct_cards(card, overlapping_much)


def test_two_labels_in_a_still_image_are_not_accepted():
    img = two_cards((7, "spade"), (9, "spade"), labels=True)
    r = read_image(img)
    assert r.source == "qr" and not r.accepted
    assert r.note == "two labels in view: ♠7 and ♠9" or r.note == "two labels in view: ♠9 and ♠7"


def test_a_page_of_labels_is_not_accepted():
    from recognition.labels import deck_entries, render_sheets
    page = np.array(render_sheets(deck_entries()[:27])[0].convert("RGB"))[:, :, ::-1]
    page = cv2.resize(page, None, fx=0.45, fy=0.45, interpolation=cv2.INTER_AREA)
    r = read_image(page)
    assert not r.accepted and r.source == "qr" and "labels in view" in r.note


def test_camera_label_search_notices_two_labels():
    frame = np.full((720, 1280, 3), (60, 80, 70), np.uint8)
    frame[200:400, 300:500] = _label("spade", 7, 200)
    frame[250:450, 800:1000] = _label("heart", 3, 200)
    for r in (read_label(frame), read_frame(frame)):
        assert r is not None and r.source == "qr" and not r.accepted and "two labels in view" in r.note


def test_voter_never_accepts_a_reading_with_a_note():
    v = FrameVoter(frames_needed=2)
    for _ in range(5):
        st = v.update(Reading("club", 2, 0.99, False, "index", note="two cards in view: ♣2 and ♥10"))
        assert st.state == "reading" and "two cards in view" in st.text
    for _ in range(5):
        assert v.update(Reading("spade", 7, 1.0, False, "qr", note="two labels in view: ♠7 and ♠9")).state != "accepted"


def test_voter_waits_after_a_frame_that_saw_two_cards():
    """The second card is not found in every frame: after a frame with a note, clean frames
    accept nothing for NOTE_HOLD_FRAMES; a card accepted before is not announced again."""
    from recognition.camera import NOTE_HOLD_FRAMES
    clean = Reading("heart", 10, 0.95, True, "index")
    noted = Reading("heart", 10, 0.95, False, "index", note="two cards in view: ♥10 and ♣2")
    v = FrameVoter(frames_needed=3, clear_frames=0)
    states = [v.update(clean).state for _ in range(3)]
    assert states[-1] == "accepted"
    seq = [v.update(noted).state] + [v.update(clean).state for _ in range(NOTE_HOLD_FRAMES + 3)]
    assert "accepted" not in seq  # held, then the same card: already announced
    w = FrameVoter(frames_needed=3, clear_frames=0)
    w.update(noted)
    seq = [w.update(clean) for _ in range(NOTE_HOLD_FRAMES + 3)]
    assert [s.state for s in seq[:NOTE_HOLD_FRAMES]].count("accepted") == 0
    assert "another card was in view" in seq[0].text
    assert seq[NOTE_HOLD_FRAMES + 2].state == "accepted"


class _Fake:
    def __init__(self, frames):
        self.frames = list(frames)

    def read(self):
        return (True, self.frames.pop(0)) if self.frames else (False, None)

    def release(self):
        pass


def test_scanner_does_not_accept_two_cards():
    img = two_cards((2, "club"), (10, "heart"))
    states = []
    with pytest.raises(CameraError):
        for st in CameraScanner(_Fake([img.copy() for _ in range(9)]), frames_needed=2, max_bad_frames=1):
            states.append(st.state)
    assert len(states) == 9 and "accepted" not in states


def test_scan_json_has_a_note_only_when_there_is_one(tmp_path, capsys):
    two = tmp_path / "two_cards.png"
    one = tmp_path / "one_card.png"
    cv2.imwrite(str(two), two_cards((2, "club"), (10, "heart")))
    cv2.imwrite(str(one), two_cards((2, "club"), (2, "club")))
    assert main(["scan", str(one), str(two), "--json"]) == 1
    a, b = (json.loads(x) for x in capsys.readouterr().out.strip().splitlines())
    assert "note" not in a and a["accepted"]
    assert not b["accepted"] and b["note"].startswith("two cards in view")
    assert main(["scan", str(two), "--lang", "en"]) == 1
    assert "NOT SURE (two cards in view" in capsys.readouterr().out


def test_rendered_pairs_side_by_side_are_noticed():
    """card_images.scenes pairs with a gap between the cards on a dark table (both indices
    in view): never accepted, and the note names the two cards."""
    from card_images import scenes
    noted = 0
    for k in range(4):
        sc = scenes.pair_scene(np.random.default_rng(43_000_000 + k), "apart", bg_kind="dark")
        r = read_frame(sc.image, qr_mode="off")
        assert not r.accepted, (k, r.label)
        if r.note:
            names = {Reading(s, n, 1.0, True).label for n, s, _ in sc.cards}
            assert "cards in view" in r.note and r.label in names
            noted += 1
    assert noted >= 2


def test_single_rendered_cards_get_no_two_cards_note():
    """The second-card rules (any index in a similar-sized outline, two cards outlined as
    one) on single cards of every table kind and size: no note."""
    from card_images import scenes
    from card_images.render import SUITS
    for i, kind in enumerate(scenes.BACKGROUNDS):
        for j, frac in enumerate((0.7, 0.35)[i % 2:][:1]):
            sc = scenes.card_scene(i % 13 + 1, SUITS[j], np.random.default_rng(44_000_000 + 10 * i + j), kind, frac)
            r = read_frame(sc.image, qr_mode="off")
            assert r.note is None, (kind, frac, r.note)


def test_voter_first_acceptance_waits_for_clear_frames():
    """A second card outlined in one frame of three: the default voter never accepts; a
    card alone is accepted once CLEAR_FRAMES agreeing frames have ruled a second card out."""
    from recognition.camera import CLEAR_FRAMES
    clean = Reading("heart", 10, 0.95, True, "index")
    noted = Reading("heart", 10, 0.95, False, "index", note="two cards in view: ♥10 and ♣2")
    v = FrameVoter(frames_needed=3)
    assert all(v.update(noted if i % 3 == 2 else clean).state != "accepted" for i in range(60))
    w = FrameVoter(frames_needed=3)
    states = [w.update(clean).state for _ in range(CLEAR_FRAMES)]
    assert states[:-1].count("accepted") == 0 and states[-1] == "accepted"
    assert CLEAR_FRAMES > 3


@pytest.mark.parametrize("kind", ["apart", "close", "touching", "overlap", "one_small", "one_turned", "same_bg"])
def test_rendered_pairs_of_every_kind_are_never_accepted(kind):
    """card_images.scenes pairs of each kind (seeds never used for tuning): no frame is
    accepted. A second card whose outline is not found (a table the cards' colour,
    touching, overlapping) is noticed by its index, found anywhere in the frame."""
    from card_images import scenes
    ki = scenes.PAIR_KINDS.index(kind)
    for k in range(3):
        sc = scenes.pair_scene(np.random.default_rng(46_000_000 + 1000 * ki + k), kind)
        r = read_frame(sc.image, qr_mode="off")
        assert not r.accepted, (kind, k, r.label)
        if r.note is not None:
            assert "cards in view" in r.note


def test_a_second_index_is_found_without_its_outline():
    """The second card lies on a sheet the colour of its paper (its outline is not found,
    nor a card-shaped one around it): its index is found anywhere in the frame, and the
    note names both cards."""
    from recognition import reader
    for k, (a, b) in enumerate((((2, "club"), (10, "heart")), ((13, "spade"), (6, "diamond")))):
        img = two_cards(a, b, seed=4 + k, gap=120, h=420)
        x = 640 + 60 + 10  # the second card's left edge
        face = img[300, x + 40].copy()  # its paper
        sheet = img.copy()
        sheet[:, 660:] = face
        sheet[80:500, x:] = img[80:500, x:]
        sheet[80:500, x:][np.all(np.abs(img[80:500, x:].astype(int) - (40, 70, 50)) < 12, axis=2)] = face
        r = read_frame(sheet, qr_mode="off")
        labels = {Reading(a[1], a[0], 1, True).label, Reading(b[1], b[0], 1, True).label}
        assert not r.accepted and r.label == Reading(a[1], a[0], 1, True).label, (k, r.label)
        assert r.note is not None and "two cards in view" in r.note, (k, r.note)
        other = reader._second_index(sheet, replace(r, accepted=True, note=None), reader.ACCEPT_THRESHOLD)
        assert other is not None and other.label in labels - {r.label}, (k, other)


def test_second_index_search_ignores_the_card_itself_and_the_table():
    """A single card on each kind of table: the index search finds nothing outside it."""
    from card_images import scenes
    from card_images.render import SUITS
    from recognition import reader
    looked = 0
    for i, kind in enumerate(scenes.BACKGROUNDS):
        for frac in ((0.7, 0.4)[i % 2],):
            sc = scenes.card_scene(i % 13 + 1, SUITS[i % 4], np.random.default_rng(48_000_000 + 10 * i), kind, frac)
            r = read_frame(sc.image, qr_mode="off")
            assert r.note is None, (kind, frac, r.note)
            if r.quad is not None and r.suit is not None:
                looked += 1
                assert reader._second_index(sc.image, r, reader.ACCEPT_THRESHOLD) is None, (kind, frac)
    assert looked >= 4


@pytest.mark.parametrize("kind", ["close", "same_bg"])
def test_two_card_video_is_never_accepted(kind):
    """A hand-held camera's frames of two cards (card_images.scenes.pair_video): the camera
    loop accepts nothing, and says why."""
    from card_images import scenes
    frames = scenes.pair_video(np.random.default_rng(49_000_000 + scenes.PAIR_KINDS.index(kind)), kind, 16)
    texts = []
    with pytest.raises(CameraError):
        for st in CameraScanner(_Fake(frames), max_bad_frames=1):
            assert st.state != "accepted", st.text
            texts.append(st.text)
    assert len(texts) == 16 and any("cards in view" in t for t in texts)


def test_a_card_outline_with_an_unreadably_small_index_is_a_second_card():
    """A second card outlined, its index too small to read (glyphs under MIN_GLYPH_PX) but
    an index all the same (glyphs from NOTICE_GLYPH_PX): a second card in view."""
    from recognition import reader
    from recognition.geometry import order_quad
    img = two_cards((2, "club"), (10, "heart"), h=210, gap=200)
    w = int(210 * 0.7)
    card = img[80:290, 740:740 + w].copy()
    img[80:290, 700:] = (40, 70, 50)
    sh, sw = int(210 * 0.6), int(w * 0.6)
    img[300:300 + sh, 800:800 + sw] = cv2.resize(card, (sw, sh), interpolation=cv2.INTER_AREA)
    q = order_quad(np.float32([[800, 300], [800 + sw, 300], [800 + sw, 300 + sh], [800, 300 + sh]]))
    assert reader._read_quad(img, q, 0.9).suit is None  # not readable
    assert reader._notice_quad(img, q, 0.9)  # but an index
    r = read_frame(img, qr_mode="off")
    assert not r.accepted and r.label == "♣2" and "two cards in view" in r.note
