"""Commands import what they need (issue 15): OpenCV and numpy load for `scan` and the dashboard's
scan key only, never for `distance`, `judge`, `replay`, `games` or the dashboard's start.

Each case runs in a fresh interpreter and reports which heavy modules ended up in ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("cv2", "numpy", "recognition.reader", "recognition.camera")

CLI = """
import contextlib, io, json, sys
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main({argv!r})
print(json.dumps([rc, [m for m in {heavy!r} if m in sys.modules]]))
"""

DASHBOARD = """
import asyncio, json, sys
from companion.cli import build_parser
argv = ["new", "--db", {db!r}]
build_parser(argv).parse_args(argv)  # as `companion new` starts (main)
from companion.session import Session
from companion.tui.app import CompanionApp

async def main():
    session = Session.new({db!r})
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f2")  # a key and a command: still no camera
        await pilot.pause()
    session.close()

asyncio.run(main())
print(json.dumps([0, [m for m in {heavy!r} if m in sys.modules]]))
"""


def _loaded(code: str) -> tuple[int, list[str]]:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rc, mods = json.loads(out.stdout.strip().splitlines()[-1])
    return rc, mods


@pytest.mark.parametrize("argv", [
    ["distance", "--players", "5", "--weapon", "2=qinggang_sword"],
    ["judge", "indulgence", "♥7"],
    ["replay", str(ROOT / "tests" / "data" / "game6.sgs")],
    ["--help"],
])
def test_commands_without_the_camera_import_no_opencv(argv):
    rc, mods = _loaded(CLI.format(argv=argv, heavy=HEAVY))
    assert rc == 0
    assert mods == []


def test_games_imports_no_opencv(tmp_path):
    rc, mods = _loaded(CLI.format(argv=["games", "--db", str(tmp_path / "j.sqlite3")], heavy=HEAVY))
    assert (rc, mods) == (0, [])


def test_dashboard_start_imports_no_opencv(tmp_path):
    rc, mods = _loaded(DASHBOARD.format(db=str(tmp_path / "j.sqlite3"), heavy=HEAVY))
    assert mods == []


def test_scan_does_import_the_reader(tmp_path):
    """The check above can fail: `scan` on an image loads the reader (and OpenCV with it)."""
    pytest.importorskip("cv2")
    missing = str(tmp_path / "none.png")
    _rc, mods = _loaded(CLI.format(argv=["scan", missing], heavy=HEAVY))
    assert "cv2" in mods and "recognition.reader" in mods


def test_labels_import_no_opencv(tmp_path):
    """`companion labels` draws QR codes with qrcode and Pillow: the reader and OpenCV stay unloaded."""
    rc, mods = _loaded(CLI.format(argv=["labels", "--out", str(tmp_path / "labels")], heavy=HEAVY))
    assert (rc, mods) == (0, [])
    assert (tmp_path / "labels.pdf").stat().st_size > 10_000


@pytest.mark.parametrize("argv", [
    ["distance", "--players", "5", "--weapon", "2=qinggang_sword"],
    ["judge", "indulgence", "♥7"],
])
def test_commands_outside_the_reader_do_not_import_it(argv):
    """`distance`, `judge` and the dashboard parse their command line without the reader's subcommands."""
    rc, mods = _loaded(CLI.format(argv=argv, heavy=("recognition", "recognition.cli")))
    assert (rc, mods) == (0, [])


def test_dashboard_start_does_not_import_the_reader(tmp_path):
    rc, mods = _loaded(DASHBOARD.format(db=str(tmp_path / "j.sqlite3"), heavy=("recognition", "recognition.cli")))
    assert mods == []


def test_help_and_unknown_commands_still_name_the_reader_commands(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # argparse's reason in English (in Chinese: tests/test_cli_words.py)
    from companion.cli import main
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "scan" in out and "labels" in out
    assert main(["sacn"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'sacn'" in err and "'scan'" in err and "'labels'" in err


def test_dashboard_start_does_not_import_attrs_and_attrs_still_imports(tmp_path):
    """The log pane's RichLog is imported without ``attrs`` (rich.pretty would load it to pretty-print attrs
    objects; companion/tui/widgets/log.py), and ``attrs`` itself still imports afterwards (aiohttp needs it)."""
    pytest.importorskip("attr")
    rc, mods = _loaded(DASHBOARD.format(db=str(tmp_path / "j.sqlite3"), heavy=("attr", "attrs")))
    assert mods == []
    after = "import companion.tui.app, attr, rich.pretty, json; print(json.dumps([0, [attr.define.__module__]]))"
    assert _loaded(after) == (0, ["attr._next_gen"])


def test_the_commands_light_path_loads_no_toml_parser_once_cached(tmp_path):
    """`companion distance` takes the message catalogue from its parse cache (companion/rules/messages.py):
    no tomllib (nor the datetime it imports) once a first run has written the cache; nor shutil (argparse's
    help width, companion/cli.py) or importlib.resources.  The catalogue is a copy in tmp_path."""
    import shutil

    src = ROOT / "companion" / "data" / "messages"
    for f in src.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    setup = ("import sys; sys.dont_write_bytecode = False\n"
             f"import companion.rules.messages as m; from pathlib import Path; m._DIR = Path({str(tmp_path)!r})\n")
    code = setup + CLI.format(argv=["distance", "--players", "5"], heavy=("tomllib", "shutil", "importlib.resources"))
    rc, mods = _loaded(code)
    assert rc == 0 and mods == ["tomllib"]  # the first run parses and writes the cache
    assert len(list((tmp_path / "__pycache__").glob("*.marshal"))) == 2
    assert _loaded(code) == (0, [])


ONLY_THE_RULES = """
import contextlib, io, sys
before = set(sys.modules)
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main({argv!r})
new = {{m.partition(".")[0] for m in set(sys.modules) - before}}
outside = sorted(m for m in new if m not in sys.stdlib_module_names and m != "companion")
outside += [m for m in ("sqlite3", "asyncio", "json") if m in sys.modules]
import json
print(json.dumps([rc, outside]))
"""


@pytest.mark.parametrize("argv", [
    ["distance", "--players", "5", "--weapon", "2=qinggang_sword", "--minus-horse", "3", "--dead", "4"],
    ["distance", "--players", "6", "--general", "1=machao", "--lang", "zh"],
    ["judge", "indulgence", "♥7"],
])
def test_the_rules_commands_load_no_third_party_package(argv):
    """`companion distance` and `judge` load the rules core, argparse and the standard library only (issue
    15): no Textual or Rich, no OpenCV or numpy, no Pillow or qrcode, no platformdirs; nor the journal's
    sqlite3, asyncio or json (json is for --json only)."""
    assert _loaded(ONLY_THE_RULES.format(argv=argv)) == (0, [])


def test_the_rules_commands_check_sees_an_import():
    """The check above can fail: with ``--json`` the command loads json."""
    assert _loaded(ONLY_THE_RULES.format(argv=["distance", "--players", "3", "--json"])) == (0, ["json"])


FIRST_PAINT = """
import asyncio, json, sys
from companion.session import Session
from companion.tui.app import CompanionApp

async def main():
    session = Session.new({db!r})
    for line in {lines!r}:
        session.submit(line)
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
    session.close()

asyncio.run(main())
print(json.dumps([0, [m for m in {heavy!r} if m in sys.modules]]))
"""


def test_a_new_games_first_paint_does_not_import_the_rules_engine(tmp_path):
    """Before ``start`` the choices bar is empty (``rules.choices.choices``: "empty before start"), so the
    first paint of a new game leaves the engine unloaded (issue 15); a started game lists its choices."""
    heavy = ("companion.rules.choices", "companion.rules.engine")
    _rc, mods = _loaded(FIRST_PAINT.format(db=str(tmp_path / "a.sqlite3"), lines=[], heavy=heavy))
    assert mods == []
    started = ["players 4", "lord 1", "general 1 caocao", "general 2 liubei", "general 3 sunquan",
               "general 4 lvbu", "start"]
    _rc, mods = _loaded(FIRST_PAINT.format(db=str(tmp_path / "b.sqlite3"), lines=started, heavy=heavy))
    assert mods == list(heavy)


LABELS_LIGHT = """
import json, sys
import recognition.labels as labels
entries = labels.deck_entries()
assert len(entries) == 108, len(entries)
print(json.dumps([0, [m for m in ("qrcode", "PIL") if m in sys.modules]]))
"""

LABELS_CACHE_HIT = """
import hashlib, json, sys
from pathlib import Path
import recognition.labels as labels
entries = labels.deck_entries()
cache, out = Path({cache!r}), Path({out!r})
d = cache / labels.sheet_key(entries)
d.mkdir(parents=True)
files = []
for name, data in (("sheet.pdf", b"pdf bytes"), ("sheet-1.png", b"png bytes")):
    (d / name).write_bytes(data)
    files.append((name, hashlib.sha256(data).hexdigest()))
(d / "manifest.json").write_text(json.dumps({{"files": files}}), encoding="utf-8")
paths = labels.write_sheets(entries, out, cache)
assert [p.read_bytes() for p in paths] == [b"pdf bytes", b"png bytes"], paths
print(json.dumps([0, [m for m in ("qrcode", "PIL") if m in sys.modules]]))
"""


def test_label_entries_load_neither_qrcode_nor_pillow():
    """`recognition.labels` imports qrcode and Pillow only to draw (issue 15): the deck's label entries
    are made without them."""
    assert _loaded(LABELS_LIGHT) == (0, [])


def test_labels_from_the_cache_load_neither_qrcode_nor_pillow(tmp_path):
    """A label-cache hit copies the sheets without drawing (recognition/labels.py ``write_sheets``), so it
    imports neither; the cached files are stand-ins whose bytes the copy must carry over."""
    code = LABELS_CACHE_HIT.format(cache=str(tmp_path / "cache"), out=str(tmp_path / "labels"))
    assert _loaded(code) == (0, [])


def test_a_new_games_first_paint_does_not_import_the_generals(tmp_path):
    """The seat cards, the offers and the max HP before ``start`` import the generals' table and the setup
    rules when a seat has a general (companion/tui/text.py ``_general``): a new game's first paint has none
    (issue 15); a game with generals loads them."""
    heavy = ("companion.rules.generals", "companion.rules.setup")
    _rc, mods = _loaded(FIRST_PAINT.format(db=str(tmp_path / "a.sqlite3"), lines=[], heavy=heavy))
    assert mods == []
    lines = ["players 4", "general 1 caocao"]
    _rc, mods = _loaded(FIRST_PAINT.format(db=str(tmp_path / "b.sqlite3"), lines=lines, heavy=heavy))
    assert mods == list(heavy)


LIGHT = """
import sys
before = set(sys.modules)
sys.dont_write_bytecode = False
import companion.rules.messages as m
from pathlib import Path
m._DIR = Path({cat!r})  # a copy of the catalogue whose parse cache a first run writes (as after an install)
import contextlib, io
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    rc = main({argv!r})
import json
print(json.dumps([rc, [m for m in {heavy!r} if m in sys.modules and m not in before]]))
"""
NOT_FOR_DISTANCE = ("dataclasses", "typing", "string", "inspect", "ast", "companion.rules.deck",
                    "companion.rules.state", "companion.rules.distance", "companion.rules.vocab", "companion.rules.generals")


def _light(tmp_path, argv: list[str]) -> tuple[int, list[str]]:
    """The modules of NOT_FOR_DISTANCE that running ``argv`` loads, the message catalogue's parse cache written
    by a first run (tomllib imports typing and string: a first run of an installation parses the TOML once)."""
    import shutil

    cat = tmp_path / "messages"
    if not cat.exists():
        cat.mkdir()
        for f in (ROOT / "companion" / "data" / "messages").glob("*.toml"):
            shutil.copy(f, cat / f.name)
        _loaded(LIGHT.format(cat=str(cat), argv=["distance", "--players", "2"], heavy=()))
    return _loaded(LIGHT.format(cat=str(cat), argv=argv, heavy=NOT_FOR_DISTANCE))


@pytest.mark.parametrize("argv", [
    ["distance", "--players", "5", "--weapon", "2=qinggang_sword"],
    ["distance", "--players", "8", "--dead", "3,4", "--minus-horse", "1", "--plus-horse", "5=jueying",
     "--weapon", "2=kylin_bow", "--lang", "zh"],
    ["distance", "--players", "4", "--json"],
])
def test_distance_runs_on_the_light_core_alone(tmp_path, argv):
    """`companion distance` without --general computes on companion/rules/reach.py (issue 15): it imports neither
    dataclasses, typing nor string (1.6× the interpreter's start between them), nor the rules modules built
    of them (the deck, the state, the state-based distance API, the vocabulary's enums, the generals)."""
    assert _light(tmp_path, argv) == (0, [])


def test_distance_with_a_general_still_reads_the_generals(tmp_path):
    """The check above can fail: --general loads the generals' table (and the dataclasses it is made of)."""
    rc, mods = _light(tmp_path, ["distance", "--players", "5", "--general", "1=machao"])
    assert rc == 0 and "dataclasses" in mods and "companion.rules.generals" in mods


@pytest.mark.parametrize("argv", [
    ["judge", "indulgence", "♥7"],
    ["judge", "lightning", "spade", "7", "--lang", "zh"],
    ["judge", "ganglie", "黑桃K", "--json"],
])
def test_judge_runs_on_the_light_core_alone(tmp_path, argv):
    """`companion judge` reads the face with companion/rules/faces.py and judges with companion/rules/judging.py
    (issue 15): no dataclasses, typing or string, no deck, state, vocabulary or generals."""
    assert _light(tmp_path, argv) == (0, [])


def test_judge_by_a_skills_other_name_still_reads_the_generals(tmp_path):
    """The check above can fail: a subject named by a skill's other name (铁骑 for tieqi) is looked up in the
    generals' table."""
    rc, mods = _light(tmp_path, ["judge", "铁骑", "♥7"])
    assert rc == 0 and "companion.rules.generals" in mods and "dataclasses" in mods
