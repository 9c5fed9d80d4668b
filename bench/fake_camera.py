"""What the camera benches (bench/camera_timing.py, bench/reader_paired.py) feed a ``CameraScanner``: the
bench's timing frames as a webcam's MJPG stream, and a fake webcam that decodes them.

``timing_frames()`` renders, once, the 40 timing frames (``synth_photo``, seeds 5 010 000+i: rank i % 13 + 1,
suit i // 13 % 4; 720 × 1280 BGR uint8 arrays), the 12 frames without a card (``scenes.background``, dark, light
and patterned tables, seeds 5 020 000+i) and each set as q85 JPEGs (``cv2.imencode`` buffers).

Import it after the bench has set ``sys.path``: ``card_images`` comes from there (camera_timing.py: the checkout
under test first).
"""
import cv2
import numpy as np

from card_images import scenes
from card_images.render import SUITS, synth_photo

__all__ = ["FakeCamera", "timing_frames"]


def _jpegs(images: list) -> list:
    return [cv2.imencode(".jpg", f, [cv2.IMWRITE_JPEG_QUALITY, 85])[1] for f in images]


def timing_frames() -> tuple[list, list, list, list]:
    """``(frames, empty, jpgs, empty_jpgs)``: the 40 timing frames, the 12 without a card, and each as q85 JPEGs
    (see the module docstring)."""
    frames = [synth_photo(i % 13 + 1, SUITS[(i // 13) % 4], np.random.default_rng(5_010_000 + i)).image
              for i in range(40)]
    empty = [scenes.background(("dark", "light", "patterned")[i % 3], 720, 1280, np.random.default_rng(5_020_000 + i))
             for i in range(12)]
    return frames, empty, _jpegs(frames), _jpegs(empty)


class FakeCamera:
    """A fake webcam over ``data`` (JPEG buffers, taken in turn, round and round): read() decodes the next one
    (the MJPG decode is part of the loop); grab() takes it without decoding (OpenCV's V4L2 capture decodes an MJPG
    frame in retrieve, not grab; a ``CameraScanner`` grabs only under a CPU budget).  ``k``: frames taken."""

    def __init__(self, data):
        self.data, self.k = data, 0

    def read(self):
        g = cv2.imdecode(self.data[self.k % len(self.data)], cv2.IMREAD_COLOR)
        self.k += 1
        return True, g

    def grab(self):
        self.k += 1
        return True

    def release(self):
        pass
