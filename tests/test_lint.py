"""The code passes the checks configured in pyproject.toml ([tool.ruff], [tool.mypy]), so CI runs them.

Run them by hand the same way: `.venv/bin/ruff check .` and `.venv/bin/mypy`.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    res = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert res.returncode == 0, res.stdout + res.stderr


def test_mypy_finds_nothing():
    res = _run("mypy", "--no-incremental")
    assert res.returncode == 0, res.stdout + res.stderr
