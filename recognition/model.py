"""The glyph classifier: a small MLP whose weights are stored in an OpenCV FileStorage file.

OpenCV 5 dropped ``cv2.ml``, so the network (ReLU hidden layer, softmax output) is
trained by ``card_images/train.py`` in numpy and run here with two matrix products.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

MODEL_PATH = Path(__file__).parent / "models" / "glyphs.yml.gz"
RANK_CLASSES = [str(r) for r in range(1, 14)] + ["junk"]
SUIT_CLASSES = ["spade", "heart", "club", "diamond", "junk"]


class ModelError(RuntimeError):
    """The committed model file is missing or unreadable."""


@dataclass
class MLP:
    mean: np.ndarray  # (F,)
    std: np.ndarray  # (F,)
    w1: np.ndarray  # (F, Hd)
    b1: np.ndarray  # (Hd,)
    w2: np.ndarray  # (Hd, C)
    b2: np.ndarray  # (C,)
    classes: list[str]

    def predict_proba(self, x: np.ndarray) -> np.ndarray:
        """x: (N, F) float32 features -> (N, C) class probabilities.

        Runs BATCH rows at a time: OpenBLAS multi-threads larger products, which made a
        product of 20-80 rows 6-10 times slower on a busy 2-core machine (and the reader is
        meant to use one thread)."""
        x = np.atleast_2d(x)
        if len(x) > BATCH:
            return np.concatenate([self.predict_proba(x[i:i + BATCH]) for i in range(0, len(x), BATCH)])
        z = (x - self.mean) / self.std
        h = np.maximum(z @ self.w1 + self.b1, 0)
        o = h @ self.w2 + self.b2
        o = o - o.max(axis=1, keepdims=True)
        e = np.exp(o)
        return e / e.sum(axis=1, keepdims=True)


BATCH = 12
"""Rows per product in MLP.predict_proba (OpenBLAS stays on one thread for these)."""


def save_models(path: Path, nets: dict[str, MLP]) -> None:
    """Write nets to an OpenCV FileStorage file (.yml.gz)."""
    fs = cv2.FileStorage(str(path), cv2.FILE_STORAGE_WRITE)
    for name, n in nets.items():
        for k in ("mean", "std", "w1", "b1", "w2", "b2"):
            a = np.asarray(getattr(n, k), np.float32)
            fs.write(f"{name}_{k}", a.reshape(a.shape[0], -1) if a.ndim == 2 else a.reshape(1, -1))
        fs.write(f"{name}_classes", "|".join(n.classes))
    fs.release()


def load_models(path: Path = MODEL_PATH) -> dict[str, MLP]:
    """Read the 'rank' and 'suit' nets. Raises ModelError when absent or corrupt."""
    if not Path(path).exists():
        raise ModelError(f"card reader model not found: {path} (run card_images/train.py)")
    fs = cv2.FileStorage(str(path), cv2.FILE_STORAGE_READ)
    if not fs.isOpened():
        raise ModelError(f"cannot open card reader model {path}")
    nets = {}
    try:
        for name in ("rank", "suit"):
            arrs = {k: fs.getNode(f"{name}_{k}").mat() for k in ("mean", "std", "w1", "b1", "w2", "b2")}
            if any(v is None for v in arrs.values()):
                raise ModelError(f"card reader model {path} is incomplete")
            nets[name] = MLP(arrs["mean"].ravel(), arrs["std"].ravel(), arrs["w1"], arrs["b1"].ravel(),
                             arrs["w2"], arrs["b2"].ravel(),
                             fs.getNode(f"{name}_classes").string().split("|"))
    finally:
        fs.release()
    return nets


@lru_cache(maxsize=1)
def default_models() -> dict[str, MLP]:
    """The committed model, loaded once."""
    return load_models(MODEL_PATH)
