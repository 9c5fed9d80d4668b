"""The rules fingerprint covers what a state depends on (issue 15): a new wording of a refusal or an event keeps
the journal's checkpoints; a new rule, data file, prompt text or command word does not."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion import snapshot

PACKAGE = Path(snapshot.__file__).resolve().parent
DATA = Path(__file__).resolve().parent / "data"

CHILD = r"""
import json, sys
import companion, companion.session as session_mod
from companion.session import Session
assert companion.__file__.startswith(sys.argv[1]), companion.__file__
session_mod.CHECKPOINT_EVERY = 7
db, mode = sys.argv[2], sys.argv[3]
if mode == "write":
    s = Session.new(db)
    for line in json.loads(sys.argv[4]):
        s.submit(line)
    print(json.dumps({"tip": s.tip}))
else:
    s = Session.resume(db, 1)
    print(json.dumps({"tip": s.tip, "used": s.checkpoint_used}))
s.close()
"""


def copy_package(dest: Path) -> Path:
    root = dest / "companion"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def reword(toml: Path, table: str) -> None:
    """Append " (reworded)" to the first template of ``[table]`` (its placeholders unchanged)."""
    lines = toml.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"[{table}]\n")
    i = next(i for i in range(start + 1, len(lines)) if lines[i].rstrip().endswith('"') and " = " in lines[i])
    lines[i] = lines[i].rstrip()[:-1] + ' (reworded)"\n'
    toml.write_text("".join(lines), encoding="utf-8")


def run(root: Path, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root.parent)}
    out = subprocess.run([sys.executable, "-c", CHILD, str(root), *args], capture_output=True, text=True,
                         env=env, cwd=root.parent, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.splitlines()[-1])


def game_lines() -> list[str]:
    text = (DATA / "game6.sgs").read_text(encoding="utf-8")
    return [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")][:40]


def test_a_new_wording_of_refusals_and_events_keeps_the_checkpoints(tmp_path):
    root = copy_package(tmp_path / "pkg")
    db = tmp_path / "j.sqlite3"
    lines = game_lines()
    wrote = run(root, str(db), "write", json.dumps(lines))
    assert wrote["tip"] == len(lines) >= 35
    for lang in ("en", "zh"):
        for table in ("refused", "event"):
            reword(root / "data" / "messages" / f"{lang}.toml", table)
    resumed = run(root, str(db), "resume")
    assert resumed == {"tip": len(lines), "used": 35}  # the last checkpoint (every 7th entry), as before

    reword(root / "data" / "messages" / "en.toml", "text")  # a prompt holds its [text] wording
    assert run(root, str(db), "resume") == {"tip": len(lines), "used": 0}


def test_the_fingerprint_changes_with_what_a_state_holds(tmp_path):
    root = copy_package(tmp_path / "pkg")
    base = snapshot.fingerprint_of(root)
    assert base == snapshot.rules_fingerprint()  # the copy is the package
    en = root / "data" / "messages" / "en.toml"
    original = en.read_bytes()
    for table in ("refused", "event"):
        reword(en, table)
        assert snapshot.fingerprint_of(root) == base, table
    for table in ("text", "name"):
        en.write_bytes(original)
        reword(en, table)
        assert snapshot.fingerprint_of(root) != base, table
    en.write_bytes(original)
    assert snapshot.fingerprint_of(root) == base
    for changed in (root / "data" / "cards.toml", root / "rules" / "engine.py", root / "script.py"):
        before = changed.read_bytes()
        changed.write_bytes(before + b"\n")
        assert snapshot.fingerprint_of(root) != base, changed.name
        changed.write_bytes(before)
    (root / "rules" / "new_rule.py").write_text("X = 1\n", encoding="utf-8")
    assert snapshot.fingerprint_of(root) != base


def test_a_table_header_inside_another_table_is_read_as_a_header():
    raw = b'[refused]\n"a" = "x"\n[text]\n"b" = "y"\n[event]\n"c" = "z"\n[name]\n"d" = "w"\n'
    assert snapshot._stateful(raw) == b'[text]\n"b" = "y"\n[name]\n"d" = "w"\n'
