"""A resume that replayed past a checkpoint's place says so on the dashboard (``Session.checkpoint_note``,
issue 14: the session knew it, the screen did not), in the message line where the journal line is said."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_checkpoints import DATA, commands, journal_game, small  # noqa: F401  (small: a fixture)

from companion.session import Session
from companion.tui.app import CompanionApp

GAME = commands(DATA / "game6.sgs")[:60]


@pytest.mark.usefixtures("small")
@pytest.mark.parametrize(("lang", "size"), [("zh", (80, 24)), ("en", (80, 24)), ("en", (120, 40))])
async def test_a_resume_past_a_checkpoint_says_so_in_the_screens_language(tmp_path, lang, size):
    db = tmp_path / "j.sqlite3"
    gid, _n = journal_game(db, GAME)
    con = sqlite3.connect(db)
    con.execute("DELETE FROM checkpoints")  # none of these rules (an upgrade) or lost: the replay from the first
    con.commit()
    con.close()
    s = Session.resume(db, gid)
    assert s.checkpoint_note is not None
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        said = app.message
        assert said.endswith(s.checkpoint_note.text(lang)), said
        assert ("检查点" in said) == (lang == "zh")
        if size == (120, 40):  # room for both: the journal line first, as on any opening
            assert said.startswith(app.opened_text(lang)[:20])
    s.close()


@pytest.mark.usefixtures("small")
async def test_a_resume_from_its_checkpoint_says_only_the_journal_line(tmp_path):
    db = tmp_path / "j.sqlite3"
    gid, _n = journal_game(db, GAME)
    s = Session.resume(db, gid)
    assert s.checkpoint_note is None
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.message.replace("\n", "") == app.opened_text("en")
    s.close()
