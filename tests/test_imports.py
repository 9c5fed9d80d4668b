"""The rules core imports neither textual nor cv2 (DESIGN.md: the rules core is separate from UI and camera)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_core_imports_no_ui_or_camera():
    code = (
        "import sys, pkgutil, importlib, companion.rules as r\n"
        "for m in pkgutil.iter_modules(r.__path__): importlib.import_module('companion.rules.' + m.name)\n"
        "bad = sorted(k for k in sys.modules if k.split('.')[0] in ('textual', 'cv2', 'recognition', 'numpy', 'rich'))\n"
        "print(len(list(pkgutil.iter_modules(r.__path__))), bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    count, bad = out.split(" ", 1)
    assert int(count) >= 4
    assert bad.strip() == "[]"


def test_import_linter_contracts_hold():
    import shutil

    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    res = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
