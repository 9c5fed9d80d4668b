"""The wheel as users install it: built from the repository's files, installed into a fresh virtual
environment outside the source tree, then run. A data file, model or stylesheet the wheel lacks fails here.

No network: the wheel is built with the test environment's setuptools (``--no-build-isolation``) and
installed ``--no-deps``; the fresh environment borrows the test environment's site-packages for the
dependencies only (a ``.pth`` line: the editable install of this project is not activated there).
"""

import json
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _sources(dest: Path) -> Path:
    """The repository's files (tracked and new, not ignored) copied to dest; the whole tree without git."""
    try:
        names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                               capture_output=True, check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__"))
        return dest
    for name in filter(None, names):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv's bin folder, a folder outside the source tree) with the freshly built wheel installed."""
    base = tmp_path_factory.mktemp("wheel")
    src = _sources(base / "src")
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                          "-w", str(base / "dist"), str(src)], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    wheels = list((base / "dist").glob("sgs_companion-*.whl"))
    assert len(wheels) == 1, wheels
    env = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    bin_dir = env / ("Scripts" if sys.platform == "win32" else "bin")
    py = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "_test_deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q",
                          str(wheels[0])], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    work = base / "elsewhere"
    work.mkdir()
    return bin_dir, work


def _env(bin_dir: Path, work: Path) -> dict[str, str]:
    """A user's environment: no PYTHONPATH or virtual environment of the tests leaks in."""
    return {"PATH": str(bin_dir), "HOME": str(work), "LANG": "C.UTF-8", "TZ": "UTC"}


def _run(bin_dir: Path, work: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_dir / "companion"), *args], cwd=work, capture_output=True, text=True,
                          timeout=300, env=_env(bin_dir, work))


def test_the_wheel_is_what_runs(installed):
    bin_dir, work = installed
    code = ("import companion, recognition; from pathlib import Path; "
            "print(Path(companion.__file__).resolve()); print(Path(recognition.__file__).resolve())")
    out = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=work, capture_output=True, text=True,
                         check=True, env=_env(bin_dir, work)).stdout.split()
    assert all(not Path(p).is_relative_to(ROOT) and Path(p).is_relative_to(bin_dir.parent) for p in out), out


def test_version(installed):
    res = _run(*installed, "--version")
    assert res.returncode == 0 and res.stdout.split() == ["companion", "0.1.0"], res.stdout + res.stderr


def test_distance_json(installed):
    res = _run(*installed, "distance", "--players", "5", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["alive"] == [1, 2, 3, 4, 5] and data["distance"]["1"] == {"2": 1, "3": 2, "4": 2, "5": 1}, data


def test_replay_a_transcript_from_outside_the_tree(installed):
    bin_dir, work = installed
    game = shutil.copy(ROOT / "tests" / "data" / "game6.sgs", work / "game6.sgs")
    res = _run(bin_dir, work, "replay", str(game))
    assert res.returncode == 0, res.stdout + res.stderr
    assert len(res.stdout.splitlines()) > 50


def test_data_model_and_stylesheet_are_in_the_wheel(installed):
    bin_dir, work = installed
    code = ("from pathlib import Path\n"
            "from companion.tui.app import CompanionApp\n"
            "from recognition.model import load_models\n"
            "assert Path(CompanionApp.CSS_PATH).is_file(), CompanionApp.CSS_PATH\n"
            "nets = load_models()\n"
            "print(sorted(nets))\n")
    res = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=work, capture_output=True, text=True,
                         env=_env(bin_dir, work))
    assert res.returncode == 0 and res.stdout.split() == ["['rank',", "'suit']"], res.stdout + res.stderr


def test_the_licence_travels_with_the_wheel(installed):
    bin_dir, work = installed
    code = ("from importlib.metadata import distribution\n"
            "d = distribution('sgs-companion')\n"
            "print(d.metadata['License-Expression'])\n"
            "print(any(str(f).endswith('LICENSE') and 'licenses' in str(f) for f in d.files))\n")
    res = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=work, capture_output=True, text=True,
                         env=_env(bin_dir, work))
    assert res.stdout.split() == ["MIT", "True"], res.stdout + res.stderr


def test_labels_use_the_fonts_in_the_wheel(installed):
    bin_dir, work = installed
    res = _run(bin_dir, work, "labels", "--out", str(work / "labels.pdf"))
    assert res.returncode == 0, res.stdout + res.stderr
    assert (work / "labels.pdf").stat().st_size > 10_000
    assert "warning" not in (res.stdout + res.stderr).lower(), res.stdout + res.stderr
