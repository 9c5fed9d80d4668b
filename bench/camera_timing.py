#!/usr/bin/env python3
"""The bench's timing loop for paired old/new runs of the camera path.

    python bench/camera_timing.py ROOT [--frames 200]   # ROOT: a checkout, e.g. `git archive <commit> | tar -x -C /tmp/old`

Prints, for ROOT's ``recognition`` package, median / p95 ms per frame (wall time and the
thread's CPU time) over --frames steps, one core:

- "off": ``read_frame(qr_mode="off")`` (the index path) on the bench's 40 timing frames
  (rendered photos, seeds 5 010 000+i);
- "decode": ``cv2.imdecode`` of those frames as q85 JPEGs (a webcam's MJPG frame);
- "loop": one step of ROOT's ``CameraScanner`` (its defaults; a capture object, so no CPU
  budget: every frame is read) fed by a fake camera whose ``read()`` decodes the next q85
  JPEG: the whole camera loop per frame, MJPG decode, QR frames and voting included, as a
  share of a 30 fps frame too;
- "loop empty": the same on 12 frames without a card (rendered dark, light and patterned
  tables, seeds 5 020 000+i);
- "label": ``read_label`` alone (when ROOT has it).

Alternate old and new runs on a shared machine; the CPU figures are the ones to compare.
"""
import argparse
import os
import statistics
import sys
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("root", help="a checkout whose recognition package is timed")
ap.add_argument("--frames", type=int, default=200)
args = ap.parse_args()
sys.path.insert(0, args.root)  # the checkout under test, before its modules are imported
import cv2  # noqa: E402
from fake_camera import FakeCamera, timing_frames  # noqa: E402  (bench/, this script's folder)

from recognition import camera, reader  # noqa: E402

cv2.setNumThreads(1)
frames, empty, jpgs, empty_jpgs = timing_frames()


def loop(data):
    it = iter(camera.CameraScanner(FakeCamera(data)))
    return lambda k: next(it)


modes = {"off": lambda k: reader.read_frame(frames[k % 40], qr_mode="off"),
         "decode": lambda k: cv2.imdecode(jpgs[k % 40], cv2.IMREAD_COLOR),
         "loop": loop(jpgs), "loop empty": loop(empty_jpgs)}
if hasattr(reader, "read_label"):
    modes["label"] = lambda k: reader.read_label(frames[k % 40], qr_part=k)
out = [f"{args.root[-12:]}: ms per frame, median / p95, wall | CPU, {args.frames} frames"]
for name, fn in modes.items():
    fn(0)  # imports, nets
    wall, cpu = [], []
    for k in range(args.frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn(k)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    w, c = sorted(wall), sorted(cpu)
    p95 = int(0.95 * (len(w) - 1))
    line = f"  {name}: {statistics.median(w):.2f} / {w[p95]:.2f} | {statistics.median(c):.2f} / {c[p95]:.2f}"
    if name.startswith("loop"):
        line += (f"  (CPU: {100 * statistics.median(c) / (1000 / 30):.1f}% of a 30 fps frame, "
                 f"mean {100 * statistics.fmean(c) / (1000 / 30):.1f}%)")
    out.append(line)
load = os.getloadavg()
out.append(f"  load {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
print(*out, sep="\n", flush=True)
