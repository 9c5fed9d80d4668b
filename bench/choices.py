"""Time ``choices(state)`` on the states of real games (tests/data: game6, cards, skills8, skills8b).

Run: ``python bench/choices.py``.  Prints the median and p99 in microseconds, over every state
of the transcripts (each timed 50 times), and the slowest kind of state.  Target: a few
hundred microseconds at most (issue 16)."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules.choices import choices  # noqa: E402
from companion.session import Session  # noqa: E402

TRANSCRIPTS = ("game6.sgs", "cards.sgs", "skills8.sgs", "skills8b.sgs")
"""Ordinary cards (game6, cards) and the generals' skills (skills8, skills8b: 流离, 国色, 激将 …)."""


def states():
    """Every state after an accepted line (the session's own replay: comments and expected refusals skipped)."""
    out = []
    for name in TRANSCRIPTS:
        s = Session.replay_lines([])
        for raw in (ROOT / "tests" / "data" / name).read_text(encoding="utf-8").splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            s.submit(line)
            if s.state.started and not s.state.over:
                out.append(s.state)
    return out


def main() -> None:
    sts = states()
    times: list[tuple[float, str]] = []
    for st in sts:
        choices(st)
        t0 = time.perf_counter()
        for _ in range(50):
            choices(st)
        dt = (time.perf_counter() - t0) / 50 * 1e6
        p = st.prompt
        times.append((dt, p.kind if p is not None else f"no question, {st.phase} phase"))
    us = sorted(t for t, _ in times)
    worst = max(times)
    print(f"choices(state): {len(sts)} states, median {statistics.median(us):.0f} µs, "
          f"p99 {us[int(len(us) * 0.99) - 1]:.0f} µs, max {worst[0]:.0f} µs ({worst[1]})")


if __name__ == "__main__":
    main()
