"""The F6 scan preview at 80×24: the reader's picture of the index, large enough that a
blurred rank can still be read, with the reading above it (issue 18).

The picture is the reader's own ``Reading.corner`` of a rendered, blurred card; "can be read"
is checked on the pixels the terminal shows (decoded from the preview's half-block colours),
by the reader's glyph classifier: if the net reads the rank from those pixels, so can a person.
"""

from __future__ import annotations

import re
import sys
import types

import numpy as np
import pytest
from fakes import scripted_camera
from screen import screen_text, until

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp
from companion.tui.text import PREVIEW_LINES, index_preview

cv2 = pytest.importorskip("cv2")

REPO_ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))  # card_images/ (the renderer) is not an installed package

_STYLE = re.compile(r"rgb\((\d+),(\d+),(\d+)\) on rgb\((\d+),(\d+),(\d+)\)")


def blurred_reading(rank: int, suit: str, seed: int, blur: int = 7):
    """The reader's Reading of a rendered card photo blurred by a ``blur`` px Gaussian (a card
    moving, or out of focus) — accepted or not, with its index picture."""
    from card_images.render import synth_photo
    from recognition.reader import read_frame

    img = synth_photo(rank, suit, np.random.default_rng(seed)).image
    img = cv2.GaussianBlur(img, (blur | 1, blur | 1), 0)
    return read_frame(img, qr_mode="off")


def preview_pixels(picture) -> np.ndarray:
    """The (rows, cols, 3) BGR pixels a half-block preview shows: each cell's foreground is its
    upper pixel, its background the lower one."""
    lines = picture.plain.split("\n")[1:]  # under the caption line
    rows = []
    offset = len(picture.plain.split("\n")[0]) + 1
    pos = offset
    styles = {}
    for span in picture.spans:
        styles[span.start] = str(span.style)
    for line in lines:
        top, bottom = [], []
        for i in range(len(line)):
            m = _STYLE.search(styles.get(pos + i, ""))
            assert m is not None, "every cell of the picture has its two colours"
            r1, g1, b1, r2, g2, b2 = (int(v) for v in m.groups())
            top.append((b1, g1, r1))
            bottom.append((b2, g2, r2))
        rows += [top, bottom]
        pos += len(line) + 1
    return np.array(rows, np.uint8)


def read_rank_from_pixels(px: np.ndarray) -> int | None:
    """The rank the reader's rank net sees in a preview's pixels: ink thresholded (Otsu), the
    top-most ink (the rank) at least a fifth of the picture's height; None when nothing."""
    from recognition.glyphs import ink_map
    from recognition.reader import rank_probs

    ink = ink_map(cv2.resize(px, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC))
    _, binm = cv2.threshold(ink, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    n, lab, st, _ = cv2.connectedComponentsWithStats(binm, connectivity=8)
    big = [i for i in range(1, n) if st[i, 3] >= 0.2 * binm.shape[0] and st[i, 1] > 0]
    if not big:
        return None
    top = min(st[i, 1] for i in big)
    row = [i for i in big if st[i, 1] <= top + 0.3 * st[i, 3]]  # the rank's pieces ("10": two)
    x0, y0 = min(st[i, 0] for i in row), min(st[i, 1] for i in row)
    x1, y1 = max(st[i, 0] + st[i, 2] for i in row), max(st[i, 1] + st[i, 3] for i in row)
    mask = np.isin(lab[y0:y1, x0:x1], row).astype(np.uint8) * 255
    return int(np.argmax(rank_probs([mask])[0])) + 1


@pytest.mark.parametrize("rank,suit,seed", [(4, "diamond", 5_300_003), (10, "heart", 5_300_009),
                                            (12, "diamond", 5_300_011), (7, "club", 5_300_006)])
def test_a_blurred_rank_can_be_read_in_the_preview(rank, suit, seed):
    """Blurred by 5 px (the ♦4 so much that the reader is unsure of it, 0.29): the best guess's
    index picture, at the preview's size, still shows the rank."""
    reading = blurred_reading(rank, suit, seed, blur=5)
    assert reading.corner is not None and (reading.suit, reading.rank) == (suit, rank)
    picture = index_preview(reading.corner, reading.label)
    assert picture.plain.split("\n")[0].strip() == reading.label
    px = preview_pixels(picture)
    assert 2 * PREVIEW_LINES - 2 <= px.shape[0] <= 2 * PREVIEW_LINES
    assert read_rank_from_pixels(px) == rank


def test_the_preview_reader_can_fail():
    """The check above is not vacuous: a picture without a rank is not read as the rank."""
    px = np.full((24, 16, 3), 230, np.uint8)
    px[14:20, 5:11] = (30, 30, 200)  # only a "suit" blob, low in the picture
    assert read_rank_from_pixels(px) != 7


async def test_preview_fits_at_80x24_beside_the_accepted_reading(tmp_path, monkeypatch):
    """At 80×24 the accepted card's preview is on screen whole: the reading on top, then the
    index picture PREVIEW_LINES lines high, while the command bar holds ``judge ♣7``."""
    reading = blurred_reading(7, "club", 5_300_006, blur=5)
    assert reading.label == "♣7"
    statuses = [types.SimpleNamespace(state="accepted", reading=reading, text=f"accepted {reading.label}", streak=12)]
    monkeypatch.setitem(sys.modules, "recognition.camera", scripted_camera(statuses))
    s = Session.new(tmp_path / "p.sqlite3")
    for line in ["players 4", "variant no_generals", "lord 1", "start", "place 1 闪电", "next"]:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        assert await until(pilot, lambda: app.query_one(CommandBar).value == "judge ♣7")
        preview = app.query_one("#scan-preview")
        assert preview.has_class("-on") and preview.display
        box = preview.region
        assert box.right <= 80 and box.bottom <= 24 and box.x >= 0 and box.y >= 0
        assert box.height >= PREVIEW_LINES  # caption + picture, nothing cut off
        rows = screen_text(app).split("\n")
        inside = [rows[y][box.x:box.right] for y in range(box.y, box.bottom)]
        assert any("♣7" in r for r in inside[:3])  # the reading, above the picture
        picture_lines = len(index_preview(reading.corner, reading.label).plain.split("\n")) - 1
        assert picture_lines >= PREVIEW_LINES - 1 and sum("▀" in r for r in inside) == picture_lines  # all of it


async def test_preview_from_a_video_file_camera_at_80x24(tmp_path):
    """End to end, no camera: ``camera=PATH`` (as ``--camera PATH``) plays an MJPG clip of the
    blurred ♣7; the real reader and camera loop accept it, the bar holds ``judge ♣7`` and the
    preview beside it shows the reading and a picture whose rank the rank net reads as 7."""
    from card_images.render import synth_photo

    img = synth_photo(7, "club", np.random.default_rng(5_300_006)).image
    img = cv2.GaussianBlur(img, (5, 5), 0)
    path = tmp_path / "held.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (img.shape[1], img.shape[0]))
    if not w.isOpened():
        pytest.skip("no video writer in this OpenCV build")
    for _ in range(30):
        w.write(img)
    w.release()
    s = Session.new(tmp_path / "p.sqlite3")
    for line in ["players 4", "variant no_generals", "lord 1", "start", "place 1 闪电", "next"]:
        s.submit(line)
    app = CompanionApp(s, lang="en", camera=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await app.workers.wait_for_complete()
        assert await until(pilot, lambda: app.query_one(CommandBar).value == "judge ♣7")
        assert "read ♣7: press Enter" in screen_text(app)  # accepted, not offered as a best guess
        preview = app.query_one("#scan-preview")
        assert preview.has_class("-on") and preview.display
        box = preview.region
        assert box.right <= 80 and box.bottom <= 24 and box.height >= PREVIEW_LINES
        rows = screen_text(app).split("\n")
        inside = [rows[y][box.x:box.right] for y in range(box.y, box.bottom)]
        assert any("♣7" in r for r in inside[:3])  # the accepted reading, above the picture
        picture = preview.content
        assert picture.plain.split("\n")[0].strip() == "♣7"
        px = preview_pixels(picture)
        assert px.shape[0] >= 2 * PREVIEW_LINES - 2
        assert read_rank_from_pixels(px) == 7
