"""``companion serve``: a journal followed read-only; the first stdout line is the URL."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from companion.journal import JournalError
from companion.public import public_view
from companion.session import Session
from companion.web.serve import host_note
from companion.web.watch import JournalWatch

SETUP = ["players 4", "lord 1", "deal roles seed=4", "general 1 liubei", "general 2 guanyu",
         "general 3 zhangfei", "general 4 zhaoyun", "start"]


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _files(folder) -> dict[str, str]:
    """The journal's files and their digests; ``-shm`` is left out: it is SQLite's shared-memory index
    of the WAL, where every reader records its read marks (not the journal's content)."""
    return {p.name: _digest(p) for p in folder.iterdir() if not p.name.endswith("-shm")}


def test_watch_follows_actions_undo_and_writes_nothing(tmp_path):
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    for line in SETUP:
        s.submit(line)
    before = _files(tmp_path)
    w = JournalWatch(db)
    assert public_view(w.state, w.log) == public_view(s.state, s.log)
    assert not w.poll()
    assert _files(tmp_path) == before  # opened read-only: nothing written
    for step in (lambda: s.submit("next"), lambda: s.submit("next"), s.undo, s.redo, s.undo,
                 lambda: s.submit("hand 1 5")):
        step()
        assert w.poll()
        assert public_view(w.state, w.log) == public_view(s.state, s.log)
    w.close()
    s.close()


def test_watch_refuses_what_is_not_a_journal(tmp_path):
    with pytest.raises(JournalError):
        JournalWatch(tmp_path / "missing.sqlite3")
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all" * 10)
    with pytest.raises(JournalError):
        JournalWatch(bad)
    assert bad.read_bytes() == b"not a database at all" * 10


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.loads(r.read())


@pytest.mark.parametrize(("lang", "note"), [("en", "game #1 of "), ("zh", "第1局（")])
def test_companion_serve_end_to_end(tmp_path, lang, note):
    db = tmp_path / "j.sqlite3"
    s = Session.new(db)
    for line in SETUP:
        s.submit(line)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--db", str(db), "--host", "127.0.0.1",
                             "--port", "0", "--lang", lang], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert _get(url + "api/state")["game"]["phase"]["id"] == "start"
        s.submit("next")
        deadline = time.monotonic() + 3
        while _get(url + "api/state")["game"]["phase"]["id"] != "judge":
            assert time.monotonic() < deadline, "the page's data did not follow the journal"
            time.sleep(0.05)
        view = _get(url + "api/state")
        assert [v["role"] for v in view["seats"][1:]] == [None, None, None]
    finally:
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(10)
        err = proc.stderr.read()
    assert rc == 0, err
    assert err.startswith(note) and host_note("127.0.0.1", lang) in err  # in the language asked for
    s.close()


def test_the_reach_note_speaks_each_language_and_says_what_the_address_is():
    notes = {(h, lang): host_note(h, lang) for h in ("127.0.0.1", "0.0.0.0", "192.168.1.5", "8.8.8.8") for lang in ("en", "zh")}
    assert notes["127.0.0.1", "en"].startswith("only this computer") and notes["127.0.0.1", "zh"].startswith("只有本机")
    assert "every interface" in notes["0.0.0.0", "en"] and "所有网络接口" in notes["0.0.0.0", "zh"]
    assert "local network" in notes["192.168.1.5", "en"] and "局域网" in notes["192.168.1.5", "zh"]
    assert "not a private address" in notes["8.8.8.8", "en"] and "不是私有地址" in notes["8.8.8.8", "zh"]
    assert len(set(notes.values())) == 8


def test_companion_serve_bad_journal_is_one_clear_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "companion", "serve", "--db", str(tmp_path / "none.sqlite3"), "--lang", "en"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("companion: no journal at") and "Traceback" not in r.stderr


def test_a_game_keeps_its_token_across_restarts(tmp_path):
    from companion.web.serve import game_token

    a = game_token(tmp_path / "j.sqlite3", 1)
    assert game_token(tmp_path / "j.sqlite3", 1) == a  # the phones' URL survives a restart
    assert game_token(tmp_path / "j.sqlite3", 2) != a  # another game, another token
    assert game_token(tmp_path / "other.sqlite3", 1) != a
    assert game_token(None, None) != game_token(None, None)  # no journal: a new one each time
