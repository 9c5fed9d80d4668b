"""Session: submit / undo / redo / resume / log, with a toy executor (no engine needed)."""

import fake_engine as fe
import pytest

from companion.journal import Journal, JournalError
from companion.rules.errors import CommandError, Refused
from companion.session import ReplayError, Session


@pytest.fixture
def db(tmp_path):
    return tmp_path / "j.sqlite3"


def _rows(db, game_id=1):
    with Journal(db) as j:
        return [(r.seq, r.lines, r.forced, r.undone) for r in j.entries(game_id)]


def test_submit_journals_before_returning(db):
    s = Session.new(db, **fe.KW)
    a = s.submit("add 3")
    assert fe.total(a.state) == 3 and fe.total(s.state) == 3
    assert [e.en for e in a.events] == ["added 3, total 3"]
    # visible to another connection right away (committed)
    assert _rows(db, s.game_id) == [(1, ("add 3",), False, False)]
    s.close()


def test_refused_and_invalid_lines_journal_nothing(db):
    s = Session.new(db, **fe.KW)
    s.submit("add 1")
    with pytest.raises(Refused):
        s.submit("add -2")
    with pytest.raises(CommandError):
        s.submit("frobnicate")
    assert fe.total(s.state) == 1
    assert len(_rows(db, s.game_id)) == 1
    s.close()


def test_forced_line_is_journaled_as_forced(db):
    s = Session.new(db, **fe.KW)
    s.submit("force add -2")
    assert fe.total(s.state) == -2
    assert _rows(db, s.game_id) == [(1, ("force add -2",), True, False)]
    assert s.log[0].forced


def test_prepare_expansion_is_journaled_not_rerolled(db):
    s = Session.new(db, **fe.KW)
    s.submit("roll2", seed=7)
    [(seq, lines, forced, undone)] = _rows(db, s.game_id)
    assert len(lines) == 2 and all(x.startswith("add ") for x in lines)
    expect = sum(int(x.split()[1]) for x in lines)
    assert fe.total(s.state) == expect
    assert len(s.log[0].events) == 2
    s.close()
    r = Session.resume(db, **fe.KW)
    assert fe.total(r.state) == expect


def test_comment_is_not_journaled(db):
    s = Session.new(db, **fe.KW)
    s.submit("# a note")
    assert _rows(db, s.game_id) == [] and s.log == []


def test_undo_redo_any_number_of_steps(db):
    s = Session.new(db, **fe.KW)
    for n in (1, 2, 4, 8):
        s.submit(f"add {n}")
    assert fe.total(s.state) == 15
    assert s.undo() and s.undo() and s.undo()
    assert fe.total(s.state) == 1
    assert s.redo() and fe.total(s.state) == 3
    assert s.undo() and s.undo() and fe.total(s.state) == 0
    assert not s.undo()
    assert s.redo() and s.redo() and s.redo() and s.redo() and not s.redo()
    assert fe.total(s.state) == 15
    assert [r[3] for r in _rows(db, s.game_id)] == [False] * 4


def test_undo_is_o1_no_reexecution(db):
    s = Session.new(db, **fe.KW)
    for _ in range(20):
        s.submit("add 1")
    before = fe.CALLS["execute"]
    for _ in range(20):
        s.undo()
    for _ in range(20):
        s.redo()
    assert fe.CALLS["execute"] == before


def test_submit_after_undo_drops_redo_but_keeps_audit_trail(db):
    s = Session.new(db, **fe.KW)
    s.submit("add 1")
    s.submit("add 2")
    s.submit("add 4")
    s.undo()
    s.undo()
    s.submit("add 10")
    assert not s.can_redo and not s.redo()
    assert fe.total(s.state) == 11
    assert _rows(db, s.game_id) == [
        (1, ("add 1",), False, False), (2, ("add 2",), False, True),
        (3, ("add 4",), False, True), (4, ("add 10",), False, False)]
    log = s.log
    assert [(e.seq, e.undone) for e in log] == [(1, False), (2, True), (3, True), (4, False)]
    assert log[2].events[0].en == "added 4, total 7"  # events of undone entries re-derived on their own base
    s.close()
    r = Session.resume(db, **fe.KW)
    assert fe.total(r.state) == 11 and not r.can_redo
    assert [e.events[0].en for e in r.log] == ["added 1, total 1", "added 2, total 3", "added 4, total 7",
                                              "added 10, total 11"]
    # undo 10 then redo must bring back 10, not the discarded 2 or 4
    assert r.undo() and fe.total(r.state) == 1
    assert r.redo() and fe.total(r.state) == 11 and not r.can_redo


def test_resume_restores_redo_stack(db):
    s = Session.new(db, **fe.KW)
    for n in (1, 2, 4):
        s.submit(f"add {n}")
    s.undo()
    s.undo()
    s.close()
    r = Session.resume(db, **fe.KW)
    assert fe.total(r.state) == 1 and r.can_redo
    assert r.redo() and fe.total(r.state) == 3
    assert r.redo() and fe.total(r.state) == 7 and not r.redo()
    r.close()
    assert [x[3] for x in _rows(db)] == [False, False, False]


def test_resume_latest_unfinished_and_by_id(db):
    a = Session.new(db, **fe.KW)
    a.submit("add 5")
    b = Session.new(db, **fe.KW)
    b.submit("add 7")
    b.submit("win lord")
    assert b.state.over
    with Journal(db) as j:
        g = j.game(b.game_id)
        assert g.over and g.winner == "lord"
    r = Session.resume(db, **fe.KW)
    assert r.game_id == a.game_id and fe.total(r.state) == 5
    r2 = Session.resume(db, game_id=b.game_id, **fe.KW)
    assert r2.state.over and fe.total(r2.state) == 7
    # undoing the win reopens the game
    r2.undo()
    with Journal(db) as j:
        g = j.game(b.game_id)
        assert not g.over and g.winner is None
    r2.redo()
    with Journal(db) as j:
        assert j.game(b.game_id).over
    with pytest.raises(JournalError, match="no game 99"):
        Session.resume(db, game_id=99, **fe.KW)
    for x in (a, b, r, r2):
        x.close()


def test_resume_with_no_unfinished_game_starts_one(db):
    s = Session.resume(db, **fe.KW)
    assert s.game_id == 1 and s.log == []
    s.submit("win rebel")
    s.close()
    t = Session.resume(db, **fe.KW)
    assert t.game_id == 2
    t.submit("win lord")
    t.close()
    with pytest.raises(JournalError, match="no unfinished game"):
        Session.resume(db, create=False, **fe.KW)


def test_resume_refuses_corrupt_db(tmp_path):
    p = tmp_path / "j.sqlite3"
    p.write_bytes(b"garbage" * 100)
    with pytest.raises(JournalError):
        Session.resume(p, **fe.KW)
    assert p.read_bytes() == b"garbage" * 100


def test_replay_lines_in_memory():
    s = Session.replay_lines(["# comment", "", "add 2", "roll", "add 3"], **fe.KW)
    assert s.journal is None
    assert [e.seq for e in s.log] == [1, 2, 3]
    assert 6 <= fe.total(s.state) <= 11
    s.undo()
    assert s.log[-1].undone


def test_replay_lines_stops_at_first_refusal_with_line_number():
    with pytest.raises(ReplayError) as ei:
        Session.replay_lines(["add 1", "# c", "add 0", "add 5"], **fe.KW)
    e = ei.value
    assert e.lineno == 3 and e.line == "add 0"
    assert "cannot add 0" in e.reason and "add.positive" in e.reason and "toy rules" in e.reason
    assert fe.total(e.session.state) == 1
    with pytest.raises(ReplayError) as ei:
        Session.replay_lines(["add 1", "bogus"], lang="zh", **fe.KW)
    assert ei.value.lineno == 2 and "unknown command" in ei.value.reason


def test_replay_reason_in_chinese():
    with pytest.raises(ReplayError) as ei:
        Session.replay_lines(["add -1"], lang="zh", **fe.KW)
    assert ei.value.reason.startswith("不能加-1")


def test_default_executor_is_companion_script(db):
    pytest.importorskip("companion.script")
    s = Session.new(db)
    assert s.state is not None
    s.close()


def test_blank_line_is_not_journaled(db):
    s = Session.new(db, **fe.KW)
    s.submit("   ")
    assert _rows(db, s.game_id) == [] and s.log == [] and not s.can_undo


def test_failed_journal_write_leaves_state_unchanged(db):
    s = Session.new(db, **fe.KW)
    s.submit("add 1")
    s.journal.close()
    with pytest.raises(JournalError):
        s.submit("add 2")
    assert fe.total(s.state) == 1 and len(s.log) == 1 and s.can_undo


@pytest.mark.parametrize("seed", range(25))
def test_random_submit_undo_redo_resume_matches_a_model(tmp_path, seed):
    import random

    rng = random.Random(seed)
    db = tmp_path / "j.sqlite3"
    s = Session.new(db, **fe.KW)
    live: list[int] = []
    redo: list[int] = []  # top is the last item
    n = 0
    for _ in range(60):
        op = rng.choice(["add", "add", "undo", "undo", "redo", "resume"])
        if op == "add":
            n += 1
            s.submit(f"add {n}")
            live.append(n)
            redo.clear()
        elif op == "undo":
            assert s.undo() == bool(live)
            if live:
                redo.append(live.pop())
        elif op == "redo":
            assert s.redo() == bool(redo)
            if redo:
                live.append(redo.pop())
        else:
            s.close()
            s = Session.resume(db, **fe.KW)
        assert fe.total(s.state) == sum(live)
        assert s.can_redo == bool(redo) and s.can_undo == bool(live)
        assert [int(e.lines[0].split()[1]) for e in s.log if not e.undone] == live
        assert len(s.log) == n
        assert all(len(e.events) == 1 and e.events[0].en.startswith(f"added {e.lines[0].split()[1]},")
                   for e in s.log)
    s.close()


def test_comment_only_line_is_not_journaled(tmp_path):
    from companion.session import Session

    s = Session.new(tmp_path / "j.sqlite3")
    s.submit("players 4")
    before = len(s.log)
    s.submit("   # just a note")
    assert len(s.log) == before
    assert s.undo() and s.state.players == 0


def test_shrinking_players_names_what_the_removed_seats_lose():
    """Newcomer trial: `players 6` after names/generals for seats 7-8 dropped them silently."""
    s = Session.replay_lines(["players 8", "lord 1", "name 7 Gina", "general 7 guojia", "name 8 Hugo",
                              "general 8 daqiao", "role 8 rebel", "name 2 Bob"])
    applied = s.submit("players 6")
    notes = [e for e in applied.events if e.kind == "notice"]
    assert len(notes) == 1
    en, zh = notes[0].en, notes[0].zh
    assert "seat 7 (name Gina, general Guo Jia)" in en and "seat 8 (name Hugo, general Da Qiao, a dealt role)" in en
    assert "7号位（名字Gina、武将郭嘉）" in zh and "8号位" in zh and "大乔" in zh
    assert "rebel" not in en and "反贼" not in zh          # a hidden role stays hidden
    assert "Bob" not in en                                 # kept seats are not mentioned
    assert not [e for e in s.submit("players 8").events if e.kind == "notice"]  # growing drops nothing


def test_submit_parses_each_line_once(monkeypatch):
    """Session.submit used to parse every line twice (prepare, then execute)."""
    import companion.script as script

    calls = []
    real = script.parse

    def counting(line):
        calls.append(line)
        return real(line)

    monkeypatch.setattr(script, "parse", counting)
    lines = ["players 4", "lord 1", "general 1 liubei", "general 2 guojia", "general 3 zhangfei",
             "general 4 machao", "start", "next"]
    s = Session.replay_lines(lines)
    assert calls == lines
    reference = Session.replay_lines(lines, execute=script.execute, prepare=script.prepare)  # the two-step path
    assert s.state.to_dict(reveal=True) == reference.state.to_dict(reveal=True)
    assert [[e.en for e in x.events] for x in s.log] == [[e.en for e in x.events] for x in reference.log]
    with pytest.raises(Refused):  # a refused line: parsed once, nothing journaled, state unchanged
        s.submit("1 杀 9")
    assert calls[-1] == "1 杀 9" and calls.count("1 杀 9") == 1 and len(s.log) == len(lines)
