"""The SQLite journal: create, append, reopen, audit trail, refusing bad files untouched."""

import os
import sqlite3

import pytest

from companion.journal import APPLICATION_ID, MAGIC, SCHEMA_VERSION, Journal, JournalError, default_path


def _fingerprint(path):
    st = os.stat(path)
    with open(path, "rb") as f:
        return f.read(), st.st_mtime_ns, st.st_size


def _siblings(path):
    d = os.path.dirname(path)
    return sorted(os.listdir(d))


def test_default_path_in_user_data_dir():
    from platformdirs import user_data_dir

    assert default_path() == __import__("pathlib").Path(user_data_dir("sgs-companion")) / "journal.sqlite3"


def test_create_sets_header_meta_and_wal(tmp_path):
    p = tmp_path / "sub" / "j.sqlite3"
    with Journal(p) as j:
        assert j.games() == []
    con = sqlite3.connect(p)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    meta = dict(con.execute("SELECT key, value FROM meta"))
    assert meta["application"] == MAGIC and meta["schema_version"] == str(SCHEMA_VERSION)
    cols = [r[1] for r in con.execute("PRAGMA table_info(entries)")]
    assert cols[:6] == ["game_id", "seq", "lines", "forced", "undone", "at"]
    cols = [r[1] for r in con.execute("PRAGMA table_info(games)")]
    assert cols == ["id", "created", "updated", "title", "over", "winner"]
    con.close()


def test_append_and_reopen(tmp_path):
    p = tmp_path / "j.sqlite3"
    with Journal(p) as j:
        g = j.new_game("friday")
        e1 = j.append(g, ["add 1"])
        e2 = j.append(g, ["deal roles", "role 2 rebel"], forced=True, parent=e1.seq)
        assert (e1.seq, e2.seq) == (1, 2)
    with Journal(p) as j:
        rows = j.entries(g)
        assert [r.lines for r in rows] == [("add 1",), ("deal roles", "role 2 rebel")]
        assert [r.forced for r in rows] == [False, True]
        assert [r.parent for r in rows] == [0, 1]
        assert rows[0].at.endswith("+00:00")
        [game] = j.games()
        assert game.title == "friday" and game.entries == 2 and not game.over
        assert j.latest_unfinished() == g
    con = sqlite3.connect(p)
    assert con.execute("SELECT lines FROM entries WHERE seq = 2").fetchone()[0] == "deal roles\nrole 2 rebel"
    con.close()


def test_undo_redo_flags_stay_as_audit_trail(tmp_path):
    p = tmp_path / "j.sqlite3"
    with Journal(p) as j:
        g = j.new_game()
        j.append(g, ["a"])
        j.append(g, ["b"], parent=1)
        j.set_undone(g, 2, True)
        j.append(g, ["c"], parent=1)
        j.set_undone(g, 3, True)
        j.set_undone(g, 2, False)  # redo the other branch
    with Journal(p) as j:
        assert [(r.seq, r.lines[0], r.undone) for r in j.entries(g)] == [(1, "a", False), (2, "b", False), (3, "c", True)]
        assert j.game(g).entries == 2
        with pytest.raises(JournalError):
            j.set_undone(g, 99, True)


def test_over_and_latest_unfinished(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        g1 = j.new_game()
        g2 = j.new_game()
        j.append(g2, ["win lord"], over=True, winner="lord")
        assert j.game(g2).over and j.game(g2).winner == "lord"
        assert j.latest_unfinished() == g1
        j.append(g1, ["x"], over=True, winner="rebel")
        assert j.latest_unfinished() is None
        with pytest.raises(JournalError, match="no game 42"):
            j.game(42)


def test_append_rejects_newlines(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        g = j.new_game()
        with pytest.raises(ValueError):
            j.append(g, ["a\nb"])
        with pytest.raises(ValueError):
            j.append(g, [])
        assert j.entries(g) == []


def test_empty_file_becomes_a_journal(tmp_path):
    p = tmp_path / "j.sqlite3"
    p.write_bytes(b"")
    with Journal(p) as j:
        assert j.new_game() == 1


def _valid_journal_bytes(tmp_path):
    p = tmp_path / "good.sqlite3"
    with Journal(p) as j:
        g = j.new_game()
        for i in range(200):
            j.append(g, [f"add {i} " + "x" * 200], parent=i)
    return p.read_bytes()


def _bad_files(tmp_path):
    good = _valid_journal_bytes(tmp_path)
    files = {}
    files["text"] = b"this is not a database\n" * 50
    files["truncated"] = good[: len(good) // 2]
    files["header_only"] = good[:100]
    files["garbled"] = good[:4096] + bytes(range(256)) * 16 + good[8192:]
    return files


@pytest.mark.parametrize("kind", ["text", "truncated", "header_only", "garbled"])
def test_corrupt_file_refused_untouched(tmp_path, kind):
    data = _bad_files(tmp_path)[kind]
    p = tmp_path / "bad" / "j.sqlite3"
    p.parent.mkdir()
    p.write_bytes(data)
    os.utime(p, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))
    before = _fingerprint(p)
    with pytest.raises(JournalError) as ei:
        Journal(p)
    assert str(p) in str(ei.value) and "not modified" in str(ei.value)
    assert _fingerprint(p) == before
    assert _siblings(p) == ["j.sqlite3"]


def _foreign(p, app_id=0, tables=("CREATE TABLE notes(x)",), version=0):
    con = sqlite3.connect(p)
    for t in tables:
        con.execute(t)
    con.execute(f"PRAGMA application_id = {app_id}")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()


@pytest.mark.parametrize("case", ["other_app", "our_id_missing_tables", "no_app_id_our_tables", "wrong_magic"])
def test_foreign_sqlite_refused_untouched(tmp_path, case):
    p = tmp_path / "f.sqlite3"
    ours = ("CREATE TABLE meta(key, value)", "CREATE TABLE games(id)", "CREATE TABLE entries(game_id)")
    if case == "other_app":
        _foreign(p, app_id=0x12345678)
    elif case == "our_id_missing_tables":
        _foreign(p, app_id=APPLICATION_ID, version=1)
    elif case == "no_app_id_our_tables":
        _foreign(p, app_id=0, tables=ours, version=1)
    else:
        _foreign(p, app_id=APPLICATION_ID, tables=ours + ("INSERT INTO meta VALUES ('application', 'other')",),
                 version=1)
    before = _fingerprint(p)
    with pytest.raises(JournalError, match="not modified"):
        Journal(p)
    assert _fingerprint(p) == before
    assert _siblings(p) == ["f.sqlite3"]


def test_newer_schema_refused_untouched(tmp_path):
    p = tmp_path / "j.sqlite3"
    with Journal(p) as j:
        j.new_game()
    con = sqlite3.connect(p)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    before = _fingerprint(p)
    with pytest.raises(JournalError, match="newer"):
        Journal(p)
    assert _fingerprint(p) == before
    assert _siblings(p) == ["j.sqlite3"]


def test_directory_refused(tmp_path):
    with pytest.raises(JournalError, match="directory"):
        Journal(tmp_path)


def test_connection_settings(tmp_path):
    with Journal(tmp_path / "j.sqlite3") as j:
        assert j._con.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert j._con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_closed_journal_raises(tmp_path):
    j = Journal(tmp_path / "j.sqlite3")
    g = j.new_game()
    j.close()
    j.close()
    with pytest.raises(JournalError, match="closed"):
        j.append(g, ["a"])
