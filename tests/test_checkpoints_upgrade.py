"""A game journaled by other rules (an upgrade: another rules fingerprint) gets checkpoints of these rules
as its older states are replayed (companion/session.py ``_state_after``, issue 15): the first replay below
the tip starts from the first entry, the next ones from the checkpoints it wrote."""

from __future__ import annotations

import pytest
from test_checkpoints import DATA, commands, journal_game, same, small  # noqa: F401  (small: a fixture)

import companion.session as session_mod
import companion.snapshot as snapshot_mod
from companion.journal import Journal
from companion.session import Session


@pytest.mark.usefixtures("small")
def test_checkpoints_of_new_rules_are_written_by_the_replays_of_an_old_game(tmp_path, monkeypatch):
    db = tmp_path / "j.sqlite3"
    lines = commands(DATA / "game6.sgs")[:60]
    gid, _n = journal_game(db, lines)
    old = session_mod.rules_fingerprint()
    monkeypatch.setattr(session_mod, "rules_fingerprint", lambda: "new-rules-fingerprint")  # an upgrade
    full = Session.replay_lines(lines)
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 0  # none of these rules: a full replay, and one checkpoint at its end
    s.close()
    with Journal(db) as j:
        assert sorted(j.checkpoint_seqs(gid, "new-rules-fingerprint")) == [56]
        assert len(j.checkpoint_seqs(gid, old)) == 8
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 56 and s._stack.low == 55  # the entries below it: not read, no state kept
    runs: list[int] = []
    real = Session._run

    def counting(self, state, lines_):
        runs.append(1)
        return real(self, state, lines_)

    monkeypatch.setattr(Session, "_run", counting)
    assert s.state_after(20) == full.state_after(20)
    with Journal(db) as j:
        assert sorted(j.checkpoint_seqs(gid, "new-rules-fingerprint")) == [7, 14, 56]  # the places it passed
    s.close()
    s = Session.resume(db, gid)
    runs.clear()
    assert s.checkpoint_used == 56
    assert s.state_after(16) == full.state_after(16)
    assert len(runs) <= 2  # from the checkpoint after entry 14, not from the first entry
    same(s, full)
    s.close()


@pytest.mark.usefixtures("small")
def test_the_checkpoints_written_so_equal_the_full_replay(tmp_path, monkeypatch, capsys):
    db = tmp_path / "j.sqlite3"
    lines = commands(DATA / "game6.sgs")[:60]
    gid, _n = journal_game(db, lines)
    monkeypatch.setattr(session_mod, "rules_fingerprint", lambda: "new-rules-fingerprint")
    monkeypatch.setattr(snapshot_mod, "rules_fingerprint", lambda: "new-rules-fingerprint")
    Session.resume(db, gid).close()  # a full replay: one checkpoint, at its end
    s = Session.resume(db, gid)
    s.log_tail(60)  # the log window reaching the first entry
    s.close()
    with Journal(db) as j:
        seqs = sorted(j.checkpoint_seqs(gid, "new-rules-fingerprint"))
    assert seqs == [7, 14, 21, 28, 35, 42, 49, 56]
    from companion.cli import main
    assert main(["check", "--db", str(db), "--lang", "en"]) == 0  # each equals the replay from the first entry
    assert "8 checkpoints match" in capsys.readouterr().out
