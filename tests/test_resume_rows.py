"""A resume reads what the entries since the last checkpoint need, not the game (issue 15).

Counted, not timed: the rows the journal's queries return and the SQLite virtual-machine steps they take
(``set_progress_handler`` every step: a scan of the game's rows, as a ``COUNT(*)`` of the live entries below
the checkpoint, takes steps in proportion to them).  The older rows are read when an undo or the log reaches
them and give what the full replay gives; a checkpoint that cannot be used is replaced by the replay and
said; journals written before checkpoints kept their depth still open from their checkpoints.
"""

from __future__ import annotations

import sqlite3

import pytest
from test_checkpoints import DATA, commands, journal_game, same, small  # noqa: F401  (small: a fixture)

from companion.cli import main
from companion.journal import Journal
from companion.session import Session
from companion.snapshot import rules_fingerprint

GAME = commands(DATA / "game6.sgs")


def counted_resume(db, gid) -> tuple[Session, dict[str, int]]:
    """Resume ``gid`` from ``db``, counting the rows the journal's reads return and the VM steps they take."""
    j = Journal(db)
    seen = {"rows": 0, "steps": 0}
    read = j._read

    def counting(sql, args=()):
        rows = read(sql, args)
        seen["rows"] += len(rows)
        return rows

    def step() -> int:
        seen["steps"] += 1
        return 0

    j._read = counting  # type: ignore[method-assign]
    assert j._con is not None
    j._con.set_progress_handler(step, 1)
    s = Session.resume(j, gid)
    j._con.set_progress_handler(None, 1)
    j._read = read  # type: ignore[method-assign]
    return s, seen


@pytest.mark.usefixtures("small")
def test_resume_reads_as_many_rows_for_a_long_game_as_for_a_short_one(tmp_path):
    # 60 and 200 entries, a checkpoint every 7: both resume from a checkpoint 4 entries below the tip
    short_db, long_db = tmp_path / "short.sqlite3", tmp_path / "long.sqlite3"
    gs, ns = journal_game(short_db, GAME[:60])
    gl, nl = journal_game(long_db, GAME[:200])
    assert (ns, nl) == (60, 200)
    short, a = counted_resume(short_db, gs)
    long, b = counted_resume(long_db, gl)
    assert (short.checkpoint_used, long.checkpoint_used) == (56, 196)
    assert sorted(long._entries) == [196, 197, 198, 199, 200]
    assert b["rows"] == a["rows"], (a, b)  # the same rows: the checkpoint's entry on, and one checkpoint
    # the same queries over the same few rows; a B-tree one level deeper may add a step or two per query
    assert b["steps"] <= a["steps"] + 20, (a, b)
    assert long.state == Session.replay_lines(GAME[:200]).state
    short.close()
    long.close()


def branchy_game(db) -> tuple[int, list[str]]:
    """A game whose live chain is not its seqs: undone entries (and a branch left behind) below the
    checkpoints. Returns the game id and the moves in order, "undo" / "redo" included."""
    moves = GAME[:20] + ["undo"] * 5 + GAME[15:18] + ["undo", "undo", "redo"] + GAME[17:70]
    s = Session.new(db)
    for m in moves:
        if m == "undo":
            assert s.undo()
        elif m == "redo":
            assert s.redo()
        else:
            s.submit(m)
    gid = s.game_id
    s.close()
    assert gid is not None
    return gid, moves


@pytest.mark.usefixtures("small")
def test_undo_and_redo_across_the_checkpoint_equal_the_full_replay_without_counting(tmp_path, monkeypatch):
    """The depth of the checkpoint comes with it: the live entries below it are not counted (the undo past
    it reads them), and every state down to the first entry and back equals the full replay's."""
    db = tmp_path / "j.sqlite3"
    gid, moves = branchy_game(db)
    full = Session.resume(db, gid, checkpoints=False, readonly=True)
    tip = full.tip
    assert tip > len(full._stack)  # seqs run ahead of the live chain: undone entries below
    states = [full._step_state(i) for i in range(len(full._stack) - 1, -2, -1)]  # from the tip down to the start
    full.close()

    def no_count(*a, **k):
        raise AssertionError("the live entries below the checkpoint were counted")

    monkeypatch.setattr(Journal, "live_count", no_count)
    s = Session.resume(db, gid)
    assert s.checkpoint_used and s.checkpoint_used > tip - 7 and s.tip == tip
    assert len(s._stack) == len(states) - 1 and s._stack.low > 0
    for st in states[:-1]:
        assert s.state == st
        assert s.undo()
    assert s.state == states[-1] and not s.can_undo
    for st in reversed(states[:-1]):
        assert s.redo()
        assert s.state == st
    assert s.tip == tip
    s.close()


@pytest.mark.usefixtures("small")
def test_the_log_pane_after_a_lazy_resume_equals_a_full_read(tmp_path):
    """What the log pane shows when scrolled back (``log_tail`` of more and more entries) reads the rows below
    the checkpoint when it reaches them, and equals the full replay's log and the journal's raw rows."""
    db = tmp_path / "j.sqlite3"
    gid, _ = branchy_game(db)
    full = Session.resume(db, gid, checkpoints=False, readonly=True)
    s = Session.resume(db, gid)
    assert min(s._entries) == s.checkpoint_used > 50

    def shown(entries):
        return [(e.seq, e.lines, e.undone, e.forced, e.at, e.parent, [x.en for x in e.events or ()]) for e in entries]

    for n in (5, 16, 40, 60, s.last_seq):
        assert shown(s.log_tail(n)) == shown(full.log_tail(n))
    assert min(s._entries) == 1
    with Journal(db) as j:
        raw = j.entries(gid)
    assert [(e.seq, e.lines, e.undone) for e in s.log] == [(r.seq, r.lines, r.undone) for r in raw]
    assert shown(s.log) == shown(full.log)
    s.close()
    full.close()


@pytest.mark.usefixtures("small")
def test_an_unreadable_or_missing_checkpoint_is_replaced_by_the_replay_and_said(tmp_path):
    db = tmp_path / "j.sqlite3"
    gid, n = journal_game(db, GAME[:60])
    reference = Session.replay_lines(GAME[:60])
    con = sqlite3.connect(db)
    con.execute("UPDATE checkpoints SET state = 'garbage'")  # every checkpoint: the replay from the first entry
    con.commit()
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 0 and s.state == reference.state
    note = s.checkpoint_note
    assert note is not None
    assert note.en.startswith(f"game {gid}: the checkpoint after entry 56 cannot be read; 60 entries were replayed "
                              "from the first entry.")
    assert note.zh.startswith(f"第{gid}局：第56条之后的检查点无法读取；从第一条起重放了60条。")
    s.close()
    again = Session.resume(db, gid)  # that replay wrote the checkpoint again
    assert again.checkpoint_used == 56 and again.checkpoint_note is None and again.state == reference.state
    again.close()
    con.execute("DELETE FROM checkpoints")  # none at all (another version's rules, or lost)
    con.commit()
    con.close()
    s = Session.resume(db, gid)
    assert s.checkpoint_used == 0 and s.state == reference.state
    assert s.checkpoint_note is not None
    assert s.checkpoint_note.en.startswith(f"game {gid}: no checkpoint of this version of the rules; 60 entries")
    s.close()
    short_db = tmp_path / "short.sqlite3"
    gid, _ = journal_game(short_db, GAME[:6])  # shorter than CHECKPOINT_EVERY: nothing to say
    s = Session.resume(short_db, gid)
    assert s.checkpoint_used == 0 and s.checkpoint_note is None
    s.close()


OLD_CHECKPOINTS = ("CREATE TABLE old (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, "
                   "rules TEXT NOT NULL, state TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, seq, rules))")


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize("readonly", [False, True], ids=["writer", "watcher"])
def test_a_journal_written_before_checkpoints_kept_their_depth_opens_from_its_checkpoint(tmp_path, readonly):
    db = tmp_path / "j.sqlite3"
    gid, moves = branchy_game(db)
    con = sqlite3.connect(db)  # the checkpoints table as the version before this one made it
    con.execute(OLD_CHECKPOINTS)
    con.execute("INSERT INTO old SELECT game_id, seq, rules, state, at FROM checkpoints")
    con.execute("DROP TABLE checkpoints")
    con.execute("ALTER TABLE old RENAME TO checkpoints")
    con.commit()
    con.close()
    before = db.read_bytes()
    full = Session.resume(db, gid, checkpoints=False, readonly=True)
    s = Session.resume(db, gid, readonly=readonly)
    assert s.checkpoint_used > s.tip - 7 and s.checkpoint_note is None
    used, used_depth = s.checkpoint_used, s._stack.low + 1  # counted: the live entries below it, and itself
    same(s, full)
    if not readonly:
        states = [full._step_state(i) for i in range(len(full._stack) - 1, len(full._stack) - 43, -1)]
        for st in states[:-1]:  # across checkpoints, placed by the count of the live entries below the first one
            assert s.state == st
            assert s.undo()
    s.close()
    full.close()
    if readonly:
        assert db.read_bytes() == before  # a watcher writes nothing
        return
    with Journal(db) as j:  # the writer recorded the depth of the checkpoint it used
        assert j.newest_checkpoints(gid, rules_fingerprint(), below=used + 1, limit=1) == [(used, used_depth)]
    again = Session.resume(db, gid)  # below the checkpoints of the old version again: counted, recorded
    assert again.checkpoint_used < used and again.state == states[-1]
    again.close()
    assert main(["check", "--db", str(db), "--lang", "en"]) == 0


@pytest.mark.usefixtures("small")
def test_companion_check_finds_a_checkpoint_at_the_wrong_depth(tmp_path, capsys):
    db = tmp_path / "j.sqlite3"
    gid, _ = branchy_game(db)
    assert main(["check", "--db", str(db), "--lang", "en"]) == 0
    capsys.readouterr()
    with Journal(db) as j:
        [(seq, depth)] = j.newest_checkpoints(gid, rules_fingerprint(), limit=1)
        j.set_checkpoint_depth(gid, seq, rules_fingerprint(), depth + 1)
    assert main(["check", "--db", str(db), "--lang", "en"]) == 1
    assert f"checkpoint after entry {seq} differs from the full replay (depth {depth + 1}, not {depth})" \
        in capsys.readouterr().out
    with Journal(db) as j:  # an impossible depth (more entries than seqs) is not used: counted and recorded again
        j.set_checkpoint_depth(gid, seq, rules_fingerprint(), seq + 5)
    s = Session.resume(db, gid)
    full = Session.resume(db, gid, checkpoints=False, readonly=True)
    assert s.checkpoint_used == seq and s._stack.low + 1 == depth
    same(s, full)
    s.close()
    full.close()
    assert main(["check", "--db", str(db)]) == 0
