"""The resolution stack is typed (issue 14): ``GameState.stack`` holds immutable :class:`Frame` s — never dicts in
``extra`` — and every frame the transcripts build round-trips through its JSON and through a snapshot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.rules.errors import CommandError, Refused
from companion.rules.state import Frame, GameState
from companion.script import execute
from companion.snapshot import decode, encode

DATA = Path(__file__).parent / "data"
TRANSCRIPTS = ("cards.sgs", "game6.sgs", "renegade.sgs", "skills8.sgs", "skills8b.sgs")


def states(name: str) -> list[GameState]:
    """Every state of transcript ``name``'s replay (refused lines skipped)."""
    st, out = GameState(), []
    for ln in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not ln.split("#")[0].strip():
            continue
        try:
            st = execute(st, ln).state
        except (Refused, CommandError):
            continue
        out.append(st)
    return out


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_every_frame_of_the_transcripts_is_typed_and_round_trips(name):
    seen = 0
    for st in states(name):
        assert "stack" not in st.extra
        assert isinstance(st.stack, tuple) and all(type(f) is Frame for f in st.stack)
        for f in st.stack:
            seen += 1
            doc = json.loads(json.dumps(f.to_json()))
            assert Frame.from_json(doc) == f
        if st.stack:
            assert decode(encode(st)).stack == st.stack
    assert seen > 0, name  # the transcript resolves tricks


def test_frames_are_frozen_and_replaced_by_but():
    f = Frame("duel", "duel-spade-1", 1, (3,), stage="window")
    with pytest.raises(AttributeError):
        f.i = 1  # type: ignore[misc]
    g = f.but(i=1, turn=3)
    assert (f.i, f.turn) == (0, None) and (g.i, g.turn, g.card) == (1, 3, "duel-spade-1")
    with pytest.raises(TypeError):
        f.but(nonsense=1)


def test_a_frame_as_old_snapshots_kept_it_is_read_and_a_wrong_one_refused():
    old = {"kind": "judge_null", "card": "indulgence-heart-6", "user": 2, "ask_from": 2, "target": 4, "depth": 1,
           "passed": (), "by": 3, "chain": (3,), "targets": (4,), "i": 0}
    f = Frame.from_json(old)
    assert (f.kind, f.target, f.chain, f.stage) == ("judge_null", 4, (3,), "")
    assert f.to_json() == {"kind": "judge_null", "card": "indulgence-heart-6", "user": 2, "targets": [4],
                           "target": 4, "depth": 1, "by": 3, "chain": [3], "ask_from": 2}
    with pytest.raises(TypeError):
        Frame.from_json({**old, "colour": "red"})
    with pytest.raises(ValueError):
        Frame.from_json({**old, "depth": "1"})
