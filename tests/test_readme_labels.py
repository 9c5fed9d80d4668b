"""The README says how many files `companion labels` writes and their names (newcomer trial: it said only
"printable QR sleeve labels", and the PNG pages came as a surprise).  The page count is the deck's labels over
the labels a page holds, as recognition/labels.py ``render_sheets`` lays them out (nothing is drawn here)."""

from __future__ import annotations

from pathlib import Path

from recognition import labels

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_names_every_file_labels_writes():
    m = labels._mm(labels.MARGIN_MM)
    cols = (labels._mm(labels.A4_MM[0]) - 2 * m) // labels._mm(labels.CELL_MM[0])
    rows = (labels._mm(labels.A4_MM[1]) - 2 * m) // labels._mm(labels.CELL_MM[1])
    pages = -(-len(labels.deck_entries()) // (cols * rows))
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    text = README.read_text(encoding="utf-8")
    said = text[text.index("`companion labels --out labels`"):]
    said = said[:said.index("\n\n")]
    assert f"writes {words[pages + 1]} files" in said and f"the {words[pages]} A4 pages" in said, said
    assert f"`labels-1.png` … `labels-{pages}.png`" in said and f"{cols * rows} a page" in said, said
    assert "`labels.pdf`" in said
