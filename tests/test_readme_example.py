"""The README's worked example (the indented block after "A table of five") replays as written with
``companion replay``: every line accepted, ending with seat 3 hit by seat 2's 杀 (newcomer trial: a single
``next`` commented "start → judge → draw (+2) → play" left the table in the judge phase and line 11, ``2 杀 3``,
was refused ``card.phase``)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def example_lines() -> list[str]:
    """The README's example: the indented lines after the sentence that introduces it."""
    text = README.read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(text) if "A table of five" in ln)
    lines: list[str] = []
    for ln in text[start + 1:]:
        if not ln.strip() and lines:
            break
        if ln.startswith("    "):
            lines.append(ln[4:])
    return lines


def test_the_example_is_found():
    lines = example_lines()
    assert lines[0].startswith("players 5") and lines[-1].startswith("take")


def test_the_readme_example_replays_to_its_end(tmp_path, capsys):
    script = tmp_path / "readme.txt"
    script.write_text("\n".join(example_lines()) + "\n", encoding="utf-8")
    code = main(["replay", str(script), "--json", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == 0, err
    state = json.loads(out)
    game = state["game"]
    assert game["phase"] == "play" and game["turn_seat"] == 2 and game["prompt"] is None, game
    hp = {s["seat"]: s["hp"] for s in state["seats"]}
    maxhp = {s["seat"]: s["max_hp"] for s in state["seats"]}
    assert hp[3] == maxhp[3] - 1  # `take`: seat 3 took the 杀's 1 damage
