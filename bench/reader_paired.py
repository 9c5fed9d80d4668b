#!/usr/bin/env python3
"""Paired timing of two versions of the reader and the classical peer, interleaved in one process.

    git archive <commit> | tar -x -C /tmp/old       # the version to compare with
    python bench/reader_paired.py /tmp/old [--frames 200] [--cpu]

Per round, in alternating order: the old and this checkout's index path
(``read_frame(qr_mode="off")``), the classical peer (``bench/classical_peer.py``), and each
version's camera loop frame (each version's own ``CameraScanner`` with its defaults, fed by a
fake camera whose ``read()`` decodes a q85 JPEG, as a webcam's MJPG stream is decoded: one
frame is one step of the scanner, decode included), on the bench's 40 timing frames (seeds
5 010 000+i), and the same for 12 frames without a card (rendered tables: dark, light,
patterned; seeds 5 020 000+i; "empty"), one thread each (OpenCV and BLAS). The old ``recognition`` package is imported as a copy named
``recog_old`` (its imports are relative). --cpu: thread CPU time instead of wall time (less
sensitive to other work on a shared machine). Prints medians, ratios to the peer and the
camera loop as a share of a 30 fps frame. When this checkout's camera has a CPU budget
(``camera.BUDGET``), also its "live" loop as on a webcam (frames beyond the budget grabbed
without decoding, the fake camera's ``grab()``): frames read of frames taken off the camera,
and CPU per camera frame (all time in the loop / frames taken).
"""
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("old", type=Path, help="a checkout of the version to compare with")
ap.add_argument("--frames", type=int, default=200)
ap.add_argument("--cpu", action="store_true", help="thread CPU time instead of wall time")
args = ap.parse_args()
tmp = Path(tempfile.mkdtemp())
shutil.copytree(args.old / "recognition", tmp / "recog_old")
sys.path[:0] = [str(ROOT), str(tmp), str(ROOT / "bench")]

import classical_peer  # noqa: E402
import cv2  # noqa: E402
from fake_camera import FakeCamera, timing_frames  # noqa: E402
from recog_old import camera as old_camera  # noqa: E402
from recog_old import reader as old  # noqa: E402

from recognition import camera as new_camera  # noqa: E402
from recognition import reader as new  # noqa: E402

cv2.setNumThreads(1)
frames, empty, jpgs, empty_jpgs = timing_frames()


def scanner(mod, data):
    it = iter(mod.CameraScanner(FakeCamera(data)))
    return lambda k: next(it)


camera_frames: dict[str, int] = {}  # frames taken off the fake camera by the live loops


def live_scanner(name, data):
    """This checkout's CameraScanner as on a webcam (its BUDGET; the fake camera's grab()); its clock
    counts only the time inside it (the other timings of the round are not its frames' cost)."""
    cam = FakeCamera(data)
    out = [0.0, time.thread_time()]  # thread CPU spent outside the scanner, when it was last left

    def clock():
        return time.thread_time() - out[0]

    it = iter(new_camera.CameraScanner(cam, budget=new_camera.BUDGET, clock=clock))

    def step(k):
        out[0] += time.thread_time() - out[1]
        next(it)
        camera_frames[name] = cam.k
        out[1] = time.thread_time()
    return step


fns = {"old index": lambda k: old.read_frame(frames[k % 40], qr_mode="off"),
       "new index": lambda k: new.read_frame(frames[k % 40], qr_mode="off"),
       "peer": lambda k: classical_peer.read_frame(frames[k % 40]),
       "old loop": scanner(old_camera, jpgs), "new loop": scanner(new_camera, jpgs),
       "decode": lambda k: cv2.imdecode(jpgs[k % 40], cv2.IMREAD_COLOR),
       "old index empty": lambda k: old.read_frame(empty[k % 12], qr_mode="off"),
       "new index empty": lambda k: new.read_frame(empty[k % 12], qr_mode="off"),
       "old loop empty": scanner(old_camera, empty_jpgs), "new loop empty": scanner(new_camera, empty_jpgs)}
live = hasattr(new_camera, "BUDGET")
if live:
    fns.update({"new live loop": live_scanner("new live loop", jpgs),
                "new live loop empty": live_scanner("new live loop empty", empty_jpgs)})
for f in fns.values():
    f(0)
first = dict(camera_frames)  # the live loops' frames before the timed rounds
clock = time.thread_time if args.cpu else time.perf_counter
ts: dict[str, list[float]] = {k: [] for k in fns}
for k in range(args.frames):
    for name in (list(fns) if k % 2 == 0 else list(fns)[::-1]):
        t0 = clock()
        fns[name](k)
        ts[name].append((clock() - t0) * 1000)
shutil.rmtree(tmp, ignore_errors=True)
m = {k: statistics.median(v) for k, v in ts.items()}
load = os.getloadavg()
print(f"{'CPU' if args.cpu else 'wall'} ms, median of {args.frames}, load {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
for k, v in m.items():
    print(f"  {k}: {v:.2f}")
mean = {k: statistics.fmean(v) for k, v in ts.items()}
print(f"  index / peer: old {m['old index'] / m['peer']:.2f}x, new {m['new index'] / m['peer']:.2f}x; camera loop incl. "
      f"decode: old {100 * m['old loop'] / (1000 / 30):.1f}%, new {100 * m['new loop'] / (1000 / 30):.1f}% of a 30 fps frame "
      f"(mean {100 * mean['old loop'] / (1000 / 30):.1f}% / {100 * mean['new loop'] / (1000 / 30):.1f}%); "
      f"without a card: old {100 * m['old loop empty'] / (1000 / 30):.1f}%, new {100 * m['new loop empty'] / (1000 / 30):.1f}% "
      f"(mean {100 * mean['old loop empty'] / (1000 / 30):.1f}% / {100 * mean['new loop empty'] / (1000 / 30):.1f}%)")
if live:
    for name in ("new live loop", "new live loop empty"):
        n_cam = camera_frames[name] - first[name]
        per = sum(ts[name]) / n_cam
        print(f"  {name}: {args.frames} frames read of {n_cam} taken off the camera "
              f"({100 * args.frames / n_cam:.0f}%); {per:.2f} ms per camera frame = {100 * per / (1000 / 30):.1f}% "
              f"of a 30 fps frame (budget {100 * new_camera.BUDGET:.0f}%), {sum(ts[name]) / args.frames:.2f} ms "
              f"per frame read")
