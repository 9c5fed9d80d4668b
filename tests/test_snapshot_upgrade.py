"""Checkpoints written before a change of the snapshot's shape still open (issue 14): tests/data/snapshots_v1.json
holds version-1 snapshots (``{"v": 1, …}``, written by main at 7347a13) of states of the transcripts — a 杀's
question, tricks being resolved, a discard, 雌雄双股剑, skills, a judgement, a dying seat, two games won — and each
decodes, through companion.snapshot.UPGRADES, to the state these rules reach by replaying the same entries."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from companion.rules.errors import CommandError, Refused
from companion.rules.state import GameState, win_words
from companion.session import Session
from companion.snapshot import SNAPSHOT_VERSION, decode, encode

DATA = Path(__file__).parent / "data"
SAVED = json.loads((DATA / "snapshots_v1.json").read_text(encoding="utf-8"))


def replayed(name: str, entries: int) -> GameState:
    """The state after the first ``entries`` accepted lines of transcript ``name``."""
    lines = [ln for ln in (DATA / name).read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    s = Session.replay_lines([])
    n = 0
    for ln in lines:
        if n == entries:
            break
        try:
            s.submit(ln)
        except (Refused, CommandError):
            continue
        n += 1
    assert n == entries
    return s.state


@pytest.mark.parametrize("saved", SAVED, ids=[f"{s['file']}:{s['entries']}:{s['kind']}" for s in SAVED])
def test_a_version_1_snapshot_decodes_to_the_state_of_its_entries(saved):
    assert json.loads(saved["snapshot"])["v"] == 1 < SNAPSHOT_VERSION
    old = decode(saved["snapshot"])
    new = replayed(saved["file"], saved["entries"])
    assert old == new
    assert old.to_dict(reveal=True) == new.to_dict(reveal=True)
    assert decode(encode(old)) == old  # and is written again in this version's shape


def test_the_saved_games_include_both_kinds_of_win():
    won = [decode(s["snapshot"]) for s in SAVED if s["kind"] == "over"]
    assert {st.winner for st in won} == {"rebel", "renegade"}
    for st in won:
        assert st.result is not None and win_words(st) is not None
        assert "win_reason_zh" not in st.extra


def test_no_sentence_of_the_outcome_is_kept_in_the_state():
    won = [s for s in SAVED if s["kind"] == "over"]
    for s in won:
        st = replayed(s["file"], s["entries"])
        en, zh = win_words(st)
        assert st.win_reason == en and st.to_dict()["game"]["win_reason"] == en
        assert "win_reason" not in {f.name for f in dataclasses.fields(GameState)}
        kept = json.dumps(json.loads(encode(st)), ensure_ascii=False)
        assert en not in kept and zh not in kept  # the state holds the reason as a WinReason, the text is the catalogue's
        assert f'"result": {{"c": "companion.rules.state:Outcome", "f": {{"winner": "{st.winner}", "reason": ' in kept
        assert decode(encode(st)).result.reason is st.result.reason
