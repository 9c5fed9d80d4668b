"""Every question the rules core raises carries the payload its kind declares (companion/rules/prompts.py):
the required keys, and no key the kind does not name — over every transcript and a few scripted games."""

from __future__ import annotations

from pathlib import Path

from companion.rules.prompts import PAYLOADS
from companion.rules.state import GameState
from companion.rules.vocab import PromptKind
from companion.script import execute

DATA = Path(__file__).resolve().parent / "data"


def _check(st: GameState, seen: set[str]) -> None:
    for p in st.prompts:
        td = PAYLOADS[PromptKind(p.kind)]
        keys = set(p.data)
        assert td.__required_keys__ <= keys, (p.kind, sorted(td.__required_keys__ - keys))
        assert keys <= td.__required_keys__ | td.__optional_keys__, (p.kind, sorted(keys - set(td.__annotations__)))
        seen.add(p.kind)


def test_every_prompt_of_every_transcript_has_its_kinds_payload():
    seen: set[str] = set()
    for path in sorted(DATA.glob("*.sgs")):
        st = GameState()
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                st = execute(st, line).state
                _check(st, seen)
    assert {"respond", "dying", "reveal", "skill", "nullify"} <= seen, sorted(seen)


def test_every_kind_has_a_payload_type():
    assert set(PAYLOADS) == set(PromptKind)
