"""The dashboard's QR code (companion.web.serve.qr_text) decodes to the URL, token included."""

from __future__ import annotations

import numpy as np
import pytest

from companion.web.serve import host_note, qr_text

cv2 = pytest.importorskip("cv2")


def _image(text: str, scale: int = 8) -> np.ndarray:
    """The text drawn as a terminal would: each cell two modules high; a block is a light module
    (light text on a dark terminal), a space a dark one."""
    rows = text.split("\n")
    width = max(len(r) for r in rows)
    px = np.zeros((len(rows) * 2, width), np.uint8)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row.ljust(width)):
            px[2 * y, x] = 255 if ch in "█▀" else 0
            px[2 * y + 1, x] = 255 if ch in "█▄" else 0
    big = np.kron(px, np.ones((scale, scale), np.uint8))
    return cv2.copyMakeBorder(big, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)


@pytest.mark.parametrize("url", ["http://192.168.1.23:8765/kDVLLyawTmb1Hz_QwuVSgg/",
                                 "http://[fd00::17]:41000/AbCdEfGhIjKlMnOpQrStUv/"])
def test_qr_text_decodes_to_the_url(url):
    text = qr_text(url)
    assert set(text) <= set("█▀▄ \n")
    got, _points, _ = cv2.QRCodeDetector().detectAndDecode(_image(text))
    assert got == url


def test_host_notes_say_who_can_reach_it():
    assert "local network only" in host_note("192.168.1.5")
    assert "only this computer" in host_note("127.0.0.1")
    assert "every interface" in host_note("0.0.0.0")
    assert "not a private address" in host_note("8.8.8.8")
    assert "局域网" in host_note("10.0.0.2", "zh")
