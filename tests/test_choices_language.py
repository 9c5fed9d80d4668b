"""The numbered choices speak one language (issue 16 f): no Chinese in an English label, no English word in a
Chinese one, on every state of every transcript; the lines (the command language) are the same in both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.choices import choices
from companion.session import Session

DATA = Path(__file__).parent / "data"
CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("path", sorted(DATA.glob("*.sgs")), ids=lambda p: p.name)
def test_choice_labels_are_in_one_language(path):
    s = Session.new(None)
    seen = 0
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#")[0].strip()
        if not line:
            continue
        try:
            s.submit(line)
        except Exception:  # noqa: BLE001 - transcripts hold refused lines on purpose
            continue
        for c in choices(s.state):
            seen += 1
            assert not CJK.search(c.en), (line, c.en)
            assert not WORD.search(c.zh), (line, c.zh)
    assert seen > 100
