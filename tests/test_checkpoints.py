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
    con.execute("INSERT INTO checkpoints(game_id, seq, rules, state, at) SELECT game_id, seq + 1, 'other-rules', "
                "state, at FROM checkpoints WHERE seq = 7")
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
    assert main(["check", "--db", str(db), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"game {gid}: {n} entries" in out and "match the full replay" in out
    # a checkpoint that lies (a seat's HP changed) is found
    with Journal(db) as j:
        seq = min(j.checkpoint_seqs(gid, rules_fingerprint()))
        state = decode(j.checkpoint(gid, seq, rules_fingerprint()))
        state.seats[0].hp += 1
        j.save_checkpoint(gid, seq, rules_fingerprint(), encode(state))
    assert main(["check", "--db", str(db), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert f"checkpoint after entry {seq} differs" in out


def test_resume_reads_only_the_rows_from_the_last_checkpoint(tmp_path, small):
    """A resume reads the rows from its checkpoint on (issue 15: the cost of a resume is not the game's
    length); older rows are read when an undo or the log reaches them, and give what the full replay gives."""
    db = tmp_path / "j.sqlite3"
    lines = commands(DATA / "game6.sgs")[:60]
    gid, n = journal_game(db, lines)
    full = Session.replay_lines(lines)  # the same game in memory, replayed from its first line
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 56 and sorted(s._entries) == [56, 57, 58, 59, 60]
    assert len(s._stack) == 60 and s._stack.low == 55  # the 55 below the checkpoint: counted, not read
    same(s, full)  # a log window reaching past the checkpoint reads the rows it shows
    assert min(s._entries) < 56
    assert s.state_after(3) == full.state_after(3)
    for _ in range(60):  # down to the first entry, through rows read on the way
        assert s.state == full.state
        assert s.undo() and full.undo()
    assert s.state == full.state and not s.can_undo
    assert [(e.seq, e.undone, [x.en for x in e.events or ()]) for e in s.log] == \
           [(e.seq, e.undone, [x.en for x in e.events or ()]) for e in full.log]
    s.close()


def test_a_damaged_entry_below_the_checkpoint_is_never_replayed(tmp_path, small):
    """The rows below a resume's checkpoint are checked against their checksums when they are read: a
    damaged one is never executed (no events in the log) and an undo that would replay it is refused."""
    db = tmp_path / "j.sqlite3"
    gid, n = journal_game(db, commands(DATA / "game6.sgs")[:60])
    con = sqlite3.connect(db)
    (lines,) = con.execute("SELECT lines FROM entries WHERE game_id = ? AND seq = 30", (gid,)).fetchone()
    con.execute("UPDATE entries SET lines = ? WHERE game_id = ? AND seq = 30", (lines + " ", gid))
    con.commit()
    con.close()
    s = Session.resume(db, gid)
    assert s.problem is None and s.checkpoint_used == 56  # the state comes from the checkpoint
    row = s._row(30)
    assert row is not None and not row.intact
    assert s.state_after(30) is None
    log = {e.seq: e for e in s.log}
    assert log[30].events is None and log[29].events is not None
    from companion.journal import JournalError
    undone = 0
    with pytest.raises(JournalError) as e:
        while s.undo():  # the kept states and checkpoints go down to 28; the states 29–34 need entry 30
            undone += 1
    assert e.value.kind == "replay" and "damaged" in str(e.value)
    assert s.tip in range(30, 36) and s.tip == 60 - undone  # the refused undo changed nothing
    s.close()


def test_a_watcher_reads_from_the_checkpoints_too(tmp_path, small):
    """Read-only windows (a second window, the players' view) open and follow the writer from the last
    checkpoint, never from the first entry (issue 12), and write no checkpoint themselves."""
    db = tmp_path / "j.sqlite3"
    lines = commands(DATA / "game6.sgs")
    gid, n = journal_game(db, lines[:40])
    with Journal(db) as j:
        before = j.checkpoint_seqs(gid, rules_fingerprint())
    w = Session.resume(db, gid, readonly=True)
    assert w.readonly and w.checkpoint_used == 35 and min(w._entries) == 35
    writer = Session.resume(db, gid)
    for ln in lines[40:60]:
        writer.submit(ln)
    assert w.reload()
    assert w.checkpoint_used == 56 and min(w._entries) == 56
    assert w.state == writer.state and w.tip == writer.tip == 60
    assert not w.reload()  # nothing changed since
    writer.close()
    w.close()
    with Journal(db) as j:  # the checkpoints are the writer's (every 7 live entries), none the watcher's
        assert j.checkpoint_seqs(gid, rules_fingerprint()) - before == {42, 49, 56}
