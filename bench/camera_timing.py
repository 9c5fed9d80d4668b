#!/usr/bin/env python3
"""The bench's timing loop for paired old/new runs of the camera path.

    python bench/camera_timing.py ROOT        # ROOT: a checkout, e.g. `git archive <commit> | tar -x -C /tmp/old`

Prints median/p95 ms over 200 reads of bench/recognition's 40 timing frames (seeds
5_010_000+i, one core): index only ("off"), read_frame with the QR attempt ("fast";
qr_part = frame number when ROOT has it), the camera loop's mix with qr_every=3
("loop": every third frame a QR frame, which is read_label when ROOT has it, else
read_frame(qr_mode="fast")), and read_label alone ("label"). Alternate old and new runs
on a shared machine.
"""
import inspect
import statistics
import sys
import time

root = sys.argv[1]
sys.path.insert(0, root)  # the checkout under test, before its modules are imported
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from card_images.render import SUITS, synth_photo  # noqa: E402
from recognition import reader  # noqa: E402
from recognition.reader import read_frame  # noqa: E402

cv2.setNumThreads(1)

read_label=getattr(reader,'read_label',None)
newapi = "qr_part" in inspect.signature(read_frame).parameters
frames=[]
for i in range(40):
    rng=np.random.default_rng(5_000_000+10_000+i)
    frames.append(synth_photo(i % 13 + 1, SUITS[(i // 13) % 4], rng).image)
out=[root[-8:]]
for mode in ("off","fast","loop") + (("label",) if newapi else ()):
    read_frame(frames[0], qr_mode="fast")
    ts=[]
    for k in range(200):
        f=frames[k%40]
        m = ("fast" if k % 3 == 0 else "off") if mode == "loop" else ("fast" if mode=="label" else mode)
        kw={"qr_part": (k//3 if mode=="loop" else k)} if newapi else {}
        t0=time.perf_counter()
        if mode == "label":
            read_label(f, qr_part=k)
        elif newapi and mode == "loop" and m == "fast":
            read_label(f, **kw)
        else:
            read_frame(f, qr_mode=m, **kw)
        ts.append((time.perf_counter()-t0)*1000)
    s=sorted(ts)
    out.append("%s %.2f/%.2f"%(mode, statistics.median(ts), s[int(0.95*199)]))
print(*out, flush=True)
