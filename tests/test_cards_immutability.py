"""Replaying tests/data/cards.sgs never mutates an earlier state (apply works on a clone)."""

from __future__ import annotations

import copy

from test_transcripts import DATA, EXPECT

from companion.rules.state import GameState
from companion.script import execute


def test_cards_replay_never_mutates_earlier_states():
    """apply() works on a clone: every state of the cards.sgs replay is unchanged by the later lines
    (trick frames, ``state.stack``, and prompt data are replaced, never edited in place)."""
    st, kept = GameState(), []
    for raw in (DATA / "cards.sgs").read_text(encoding="utf-8").splitlines():
        if EXPECT.match(raw.strip()) or not raw.split("#")[0].strip():
            continue
        st = execute(st, raw).state
        kept.append((st, copy.deepcopy(st.extra), [(p.kind, p.seat, copy.deepcopy(p.data)) for p in st.prompts],
                     st.to_dict(reveal=True)))
    for s, extra, prompts, d in kept:
        assert s.extra == extra and [(p.kind, p.seat, p.data) for p in s.prompts] == prompts
        assert s.to_dict(reveal=True) == d
