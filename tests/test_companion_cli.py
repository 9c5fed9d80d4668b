"""`companion` entry point: dashboard hand-off, games, replay, judge, usage errors."""

import importlib.machinery
import json
import sys
import types

import fake_engine as fe
import pytest

from companion.cli import main
from companion.journal import Journal
from companion.session import Session


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """These tests read the command line's English texts; without ``--lang`` it speaks the locale's language
    (companion/cli.py), so the locale is English here (tests/test_cli_language.py: Chinese, and the choice)."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")


@pytest.fixture
def toy_script(monkeypatch):
    """Install the toy language as companion.script so replay works without the engine."""
    mod = types.ModuleType("companion.script")
    mod.__spec__ = importlib.machinery.ModuleSpec("companion.script", None)
    mod.execute, mod.prepare = fe.execute, fe.prepare
    mod.prepare_actions, mod.execute_prepared = fe.prepare_actions, fe.execute_prepared
    monkeypatch.setitem(sys.modules, "companion.script", mod)
    import companion

    monkeypatch.setattr(companion, "script", mod, raising=False)
    return mod


@pytest.fixture
def dashboard(monkeypatch):
    calls = []
    mod = types.ModuleType("companion.tui.app")

    def run_dashboard(session, lang, camera=0):
        calls.append((session.game_id, fe.total(session.state), lang))
        cameras.append(camera)
        return 0

    cameras = []
    calls_cameras = cameras

    mod.run_dashboard = run_dashboard
    mod.cameras = calls_cameras
    monkeypatch.setitem(sys.modules, "companion.tui.app", mod)
    return calls


def test_no_args_opens_latest_unfinished_game(tmp_path, dashboard, toy_script, monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")  # the dashboard without --lang: the locale's language
    db = tmp_path / "j.sqlite3"
    s = Session.new(db, **fe.KW)
    s.submit("add 4")
    s.close()
    assert main(["--db", str(db)]) == 0
    assert main(["resume", "--db", str(db), "--lang", "en"]) == 0
    assert dashboard == [(1, 4, "zh"), (1, 4, "en")]


def test_resume_by_game_id_and_new(tmp_path, dashboard, toy_script):
    db = tmp_path / "j.sqlite3"
    assert main(["new", "--db", str(db), "--lang", "en"]) == 0
    assert main(["new", "--db", str(db), "--title", "Friday table"]) == 0
    with Journal(db) as j:
        assert [g.title for g in j.games()] == ["", "Friday table"]
    assert main(["resume", "--db", str(db), "--game", "1"]) == 0
    assert [c[0] for c in dashboard] == [1, 2, 1]
    assert main(["resume", "--db", str(db), "--game", "9"]) == 2


def test_dashboard_missing_is_a_clear_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "companion.tui.app", None)
    db = tmp_path / "j.sqlite3"
    assert main(["new", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "dashboard is not available" in err and "Traceback" not in err
    assert not db.exists()  # nothing created for a dashboard that cannot open


def test_corrupt_db_exit_2_untouched(tmp_path, dashboard, capsys):
    db = tmp_path / "j.sqlite3"
    db.write_bytes(b"\x00garbage" * 64)
    for argv in (["--db", str(db)], ["new", "--db", str(db)], ["games", "--db", str(db)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "not a companion journal" in err and "Traceback" not in err
    assert db.read_bytes() == b"\x00garbage" * 64 and dashboard == []


def test_games_list(tmp_path, capsys, toy_script):
    db = tmp_path / "j.sqlite3"
    assert main(["games", "--db", str(db)]) == 0
    assert "no journal" in capsys.readouterr().out and not db.exists()
    a = Session.new(db, **fe.KW)
    a.submit("add 1")
    a.submit("win rebel")
    a.close()
    Session.new(db, **fe.KW).close()
    assert main(["games", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "over, rebel won" in out and "in progress" in out
    assert main(["games", "--db", str(db), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["over"], r["winner"], r["entries"]) for r in rows] == [(1, True, "rebel", 2), (2, False, None, 0)]


def test_replay_prints_log_and_json(tmp_path, capsys, toy_script):
    f = tmp_path / "game.txt"
    f.write_text("# a toy game\nadd 2\n\nadd 3\nwin lord\n", encoding="utf-8")
    assert main(["replay", str(f)]) == 0
    assert capsys.readouterr().out.splitlines() == ["added 2, total 2", "added 3, total 5", "lord wins"]
    assert main(["replay", str(f), "--lang", "zh", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("加2，共2\n加3，共5\nlord胜\n")  # with --json the log goes to stderr
    state = json.loads(out)
    assert state["game"]["over"] is True and state["game"]["winner"] == "lord"


def test_replay_stops_at_first_refused_line(tmp_path, capsys, toy_script):
    f = tmp_path / "bad.txt"
    f.write_text("add 1\n# comment\nadd 0\nadd 4\n", encoding="utf-8")
    assert main(["replay", str(f), "--json"]) == 1
    out, err = capsys.readouterr()
    doc = json.loads(out)  # --json: the error and the state before the refused line
    assert doc["error"]["line"] == 3 and doc["error"]["text"] == "add 0" and "only positive" in doc["error"]["reason"]
    assert err.splitlines()[0] == "added 1, total 1"
    assert err.splitlines()[-1] == f"{f}:3: refused: cannot add 0: only positive numbers [add.positive; toy rules]"
    f.write_text("add 1\nfly\n", encoding="utf-8")
    assert main(["replay", str(f)]) == 1
    out, err = capsys.readouterr()
    assert out == "added 1, total 1\n"  # without --json: the log, no JSON document (it was an internal error)
    assert err.startswith(f"{f}:2: refused: unknown command 'fly'") and err.count("\n") == 1


def test_replay_missing_file_exit_2(tmp_path, capsys, toy_script):
    assert main(["replay", str(tmp_path / "nope.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"add \xff\n")
    assert main(["replay", str(bad)]) == 2


def test_usage_errors_exit_2(capsys):
    assert main(["frobnicate"]) == 2
    assert main(["judge"]) == 2
    assert main(["replay"]) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert main(["--help"]) == 0


def test_scan_and_labels_registered(capsys):
    assert main(["scan", "--lang", "en"]) == 2  # no images: the recognition CLI's own usage message
    assert "give IMAGE" in capsys.readouterr().err
    assert main(["labels", "--help"]) == 0


def test_judge_malformed_card_exit_2(capsys):
    assert main(["judge", "lightning", "X7", "--json"]) == 2
    err = capsys.readouterr().err
    assert "cannot read card face" in err and "Traceback" not in err


# ---- with the real engine (skipped until companion.rules.judgement / companion.script land)


@pytest.mark.parametrize("subject, card, effect", [
    ("lightning", "♠7", True), ("lightning", "S2", True), ("lightning", "spade 9", True),
    ("lightning", "♠A", False), ("lightning", "♠10", False), ("lightning", "♥5", False),
    ("indulgence", "H3", False), ("indulgence", "♠3", True), ("indulgence", "club 3", True),
    ("eight_diagram", "♦K", True), ("eight_diagram", "♣K", False),
])
def test_judge_json(capsys, subject, card, effect):
    pytest.importorskip("companion.rules.judgement")
    assert main(["judge", subject, card, "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert set(r) == {"subject", "card", "effect", "explanation"}
    assert r["subject"] == subject and r["effect"] is effect and r["explanation"]
    assert r["card"]["suit"] in ("spade", "heart", "club", "diamond") and 1 <= r["card"]["rank"] <= 13


def test_judge_example_shape(capsys):
    pytest.importorskip("companion.rules.judgement")
    assert main(["judge", "lightning", "S7", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["card"] == {"suit": "spade", "rank": 7} and r["effect"] is True
    assert main(["judge", "lightning", "spade", "7", "--json"]) == 0  # the face may be two words
    assert json.loads(capsys.readouterr().out)["card"] == {"suit": "spade", "rank": 7}


def test_judge_unknown_subject_exit_2(capsys):
    pytest.importorskip("companion.rules.judgement")
    assert main(["judge", "no_such_thing", "S7", "--json"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_replay_real_engine_refusal_and_json(tmp_path, capsys):
    pytest.importorskip("companion.script")
    f = tmp_path / "s.txt"
    f.write_text("# nothing yet\n\n", encoding="utf-8")
    assert main(["replay", str(f), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert set(state) >= {"game", "seats"}
    f.write_text("# a line no language knows\nfrobnicate the table\n", encoding="utf-8")
    assert main(["replay", str(f)]) == 1
    assert capsys.readouterr().err.startswith(f"{f}:2: refused: ")


def test_camera_option_reaches_the_dashboard(tmp_path, dashboard, toy_script):
    db = tmp_path / "j.sqlite3"
    assert main(["new", "--db", str(db), "--camera", "2"]) == 0
    assert main(["resume", "--db", str(db), "--camera", "/dev/video4"]) == 0
    assert main(["--db", str(db)]) == 0
    assert sys.modules["companion.tui.app"].cameras == [2, "/dev/video4", 0]
