"""The training script runs on a tiny config (the committed model is not retrained)."""

import subprocess
import sys
from pathlib import Path

from recognition.model import RANK_CLASSES, SUIT_CLASSES, default_models, load_models

REPO = Path(__file__).resolve().parents[2]


def test_committed_model_loads():
    nets = default_models()
    assert nets["rank"].classes == RANK_CLASSES and nets["suit"].classes == SUIT_CLASSES
    assert (REPO / "recognition" / "models" / "glyphs.yml.gz").stat().st_size < 5 * 1024 * 1024


def test_train_tiny(tmp_path):
    out = tmp_path / "m.yml.gz"
    r = subprocess.run([sys.executable, str(REPO / "card_images" / "train.py"), "--cards", "40",
                        "--epochs", "1", "--out", str(out)], capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    nets = load_models(out)
    assert nets["rank"].w1.shape[1] == nets["rank"].w2.shape[0]


def test_reader_does_not_import_the_dashboard():
    code = "import sys, recognition, recognition.cli, recognition.labels; " \
           "bad = [m for m in sys.modules if m.startswith(('textual', 'companion.tui'))]; print(bad); assert not bad"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 0, r.stdout + r.stderr
