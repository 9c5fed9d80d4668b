"""Journal checkpoints (issue 15): a resume from the last checkpoint equals the full replay.

The full replay from the first entry is the source of truth; checkpoints are written every
``CHECKPOINT_EVERY`` live entries (made small here so that games of a few hundred lines
cross many of them), and the session keeps only some states in memory (``KEEP_RECENT``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from test_engine_fuzz import line as fuzz_line

import companion.session as session_mod
from companion.cli import main
from companion.journal import Journal
from companion.rules.errors import CommandError, Refused
from companion.session import Session
from companion.snapshot import SnapshotError, decode, encode, rules_fingerprint

DATA = Path(__file__).resolve().parent / "data"
TRANSCRIPTS = sorted(DATA.glob("*.sgs"))


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(session_mod, "CHECKPOINT_EVERY", 7)
    monkeypatch.setattr(session_mod, "KEEP_RECENT", 3)
    monkeypatch.setattr(session_mod, "CACHE_STATES", 5)
    monkeypatch.setattr(session_mod, "CACHE_EVENTS", 9)


def commands(path: Path) -> list[str]:
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.strip().startswith("#")]


def journal_game(db: Path, lines: list[str]) -> tuple[int, int]:
    """Journal the accepted ones of ``lines``; (game id, entries)."""
    s = Session.new(db)
    n = 0
    for ln in lines:
        try:
            s.submit(ln)
            n += 1
        except (Refused, CommandError):
            pass
    gid = s.game_id
    s.close()
    return gid, n


def same(a: Session, b: Session) -> None:
    assert a.state == b.state
    assert a.state.to_dict(reveal=True) == b.state.to_dict(reveal=True)
    assert a.tip == b.tip and a.can_redo == b.can_redo
    tail_a, tail_b = a.log_tail(12), b.log_tail(12)
    assert [(e.seq, e.lines, e.undone, [x.en for x in e.events or ()]) for e in tail_a] == \
           [(e.seq, e.lines, e.undone, [x.en for x in e.events or ()]) for e in tail_b]


def test_snapshot_round_trips_and_refuses_foreign_text():
    s = Session.replay_lines(commands(TRANSCRIPTS[0]))
    text = encode(s.state)
    assert decode(text) == s.state
    for bad in ("not json", '{"v": 999, "state": null}', '{"v": 1, "state": {"c": "os:system", "f": {}}}',
                '{"v": 1, "state": [1, 2]}'):
        with pytest.raises(SnapshotError):
            decode(bad)
    assert len(rules_fingerprint()) == 32


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.name)
def test_checkpoint_resume_equals_full_replay_on_every_transcript(tmp_path, small, path):
    db = tmp_path / "j.sqlite3"
    gid, n = journal_game(db, commands(path))
    assert n >= 100
    with Journal(db) as j:
        seqs = j.checkpoint_seqs(gid, rules_fingerprint())
    assert seqs and max(seqs) > n - 7
    fast = Session.resume(db, gid)
    full = Session.resume(db, gid, checkpoints=False)
    assert fast.checkpoint_used == max(seqs) and full.checkpoint_used == 0
    same(fast, full)
    # the whole audit trail too (events recomputed past the caches)
    assert [(e.seq, [x.en for x in e.events or ()]) for e in fast.log] == \
           [(e.seq, [x.en for x in e.events or ()]) for e in full.log]
    fast.close()
    full.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hs.lists(fuzz_line, min_size=20, max_size=80), hs.lists(hs.integers(0, 4), min_size=3, max_size=12))
def test_checkpoint_resume_equals_full_replay_on_fuzzed_games(tmp_path_factory, small, lines, undos):
    db = tmp_path_factory.mktemp("fuzz") / "j.sqlite3"
    setup = ["players 5", "variant no_generals", "lord 1", "start"]
    s = Session.new(db)
    for i, ln in enumerate(setup + lines):
        try:
            s.submit(ln)
        except (Refused, CommandError):
            continue
        if i % 9 == 8:  # undo some, redo some of them: branches in the entry tree
            k = undos[i % len(undos)]
            for _ in range(k):
                s.undo()
            for _ in range(k // 2):
                s.redo()
    gid = s.game_id
    s.close()
    fast = Session.resume(db, gid)
    full = Session.resume(db, gid, checkpoints=False)
    same(fast, full)
    fast.close()
    full.close()


def test_undo_and_redo_across_checkpoints(tmp_path, small):
    db = tmp_path / "j.sqlite3"
    lines = commands(DATA / "game6.sgs")[:60]
    reference = Session.replay_lines(lines)
    states = [reference._step_state(i) for i in range(-1, len(lines))]  # after 0..60 entries
    gid, n = journal_game(db, lines)
    assert n == 60
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 56  # the 8th checkpoint (every 7 entries)
    for k in range(60, 20, -1):  # back across six checkpoints and the kept states
        assert s.state == states[k]
        assert s.undo()
    assert s.state == states[20]
    for k in range(20, 45):
        assert s.redo()
        assert s.state == states[k + 1]
    s.close()
    again = Session.resume(db, gid)  # the undone tail is journaled: the redo stack comes back
    full = Session.resume(db, gid, checkpoints=False)
    same(again, full)
    assert again.state == states[45]
    while again.redo():
        pass
    assert again.state == states[60]
    again.close()
    full.close()


def test_a_bad_or_foreign_checkpoint_is_not_used(tmp_path, small):
    db = tmp_path / "j.sqlite3"
    gid, n = journal_game(db, commands(DATA / "game6.sgs")[:40])
    with Journal(db) as j:
        last = max(j.checkpoint_seqs(gid, rules_fingerprint()))
    con = sqlite3.connect(db)
    con.execute("UPDATE checkpoints SET state = 'garbage' WHERE seq = ?", (last,))
    con.execute("INSERT INTO checkpoints SELECT game_id, seq + 1, 'other-rules', state, at FROM checkpoints "
                "WHERE seq = 7")
    con.commit()
    con.close()
    s = Session.resume(db, gid)
    full = Session.resume(db, gid, checkpoints=False)
    assert s.checkpoint_used == last - 7  # the newest one is unreadable: the one before it
    same(s, full)
    s.close()
    full.close()
    again = Session.resume(db, gid)  # the unreadable one was written again by that resume
    assert again.checkpoint_used == last
    same(again, full)
    again.close()


def test_companion_check_compares_checkpoints_with_the_full_replay(tmp_path, small, capsys):
    db = tmp_path / "j.sqlite3"
    gid, n = journal_game(db, commands(DATA / "renegade.sgs"))
    assert main(["check", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"game {gid}: {n} entries" in out and "match the full replay" in out
    # a checkpoint that lies (a seat's HP changed) is found
    with Journal(db) as j:
        seq = min(j.checkpoint_seqs(gid, rules_fingerprint()))
        state = decode(j.checkpoint(gid, seq, rules_fingerprint()))
        state.seats[0].hp += 1
        j.save_checkpoint(gid, seq, rules_fingerprint(), encode(state))
    assert main(["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert f"checkpoint after entry {seq} differs" in out
