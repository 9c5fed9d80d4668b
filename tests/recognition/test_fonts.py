"""The project's own fonts (issue 11): nothing reads the system's font folders, the shipped
files are the ones card_images/fonts/build.py recorded, and label sheets draw Chinese names
with real glyphs (not the .notdef box) on any machine."""

import ast
import hashlib
import json
import warnings
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import ImageFont

import card_images.render as render
from recognition import labels
from recognition.labels import CJK_FONT, LATIN_FONT, LabelsWarning, make_entries, missing_glyphs, render_sheets

REPO = Path(__file__).resolve().parents[2]
FONT_DIRS = (REPO / "card_images" / "fonts", REPO / "recognition" / "fonts")
# Split so that this file does not match itself.
FORBIDDEN = ("/usr/share/" + "fonts", "/usr/local/share/" + "fonts", "." + "fonts/", "fc-" + "list", "fc-" + "match",
             "font" + "config", "load_" + "default")


def _code_files():
    skip = {".venv", ".git", "node_modules", "__pycache__"}
    for p in sorted(REPO.rglob("*")):
        if not p.is_file() or skip & set(p.relative_to(REPO).parts):
            continue
        if p.suffix in (".py", ".sh", ".toml", ".cfg") or p.parent.name in ("bench", ".ci") and not p.suffix:
            yield p


def test_no_code_reads_the_system_fonts():
    files = list(_code_files())
    assert any(p.name == "render.py" for p in files) and any(p.parent.name == "bench" for p in files)
    hits = [(str(p.relative_to(REPO)), s) for p in files for s in FORBIDDEN
            if p.resolve() != Path(__file__).resolve() and s in p.read_text(errors="replace")]
    assert not hits, hits


def test_no_font_is_looked_up_by_bare_name():
    """ImageFont.truetype("DejaVuSans.ttf") would search the system's font folders: every
    call must get a path built from the shipped folders, never a string literal."""
    bad = []
    for p in _code_files():
        if p.suffix != ".py" and p.parent.name != "bench":
            continue
        try:
            tree = ast.parse(p.read_text())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "truetype":
                if node.args and isinstance(node.args[0], ast.Constant):
                    bad.append(f"{p.relative_to(REPO)}:{node.lineno}")
    assert not bad, bad


@pytest.mark.parametrize("folder", FONT_DIRS, ids=lambda p: p.parent.name)
def test_shipped_fonts_match_their_manifest(folder):
    m = json.loads((folder / "manifest.json").read_text())
    assert m["fonts"]
    for f in m["fonts"]:
        data = (folder / f["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"], f"{f['file']} changed: rebuild with build.py"
        assert len(data) == f["bytes"]
        assert f["package"] in m["packages"]
    for pkg, info in m["packages"].items():
        assert (folder / info["licence_file"]).stat().st_size > 500, pkg
    shipped = {p.name for p in folder.iterdir() if p.suffix in (".ttf", ".otf", ".ttc")}
    assert shipped == {f["file"] for f in m["fonts"]}, "a font file not in the manifest"


def test_shipped_fonts_stay_small():
    total = sum(p.stat().st_size for d in FONT_DIRS for p in d.rglob("*") if p.is_file())
    assert total < 1_000_000, total


def test_renderer_uses_only_shipped_fonts():
    fonts = render.rank_fonts() + render.suit_fonts() + (render.name_font(),)
    assert len(render.rank_fonts()) >= 20 and len(render.suit_fonts()) >= 4
    for p in fonts:
        assert Path(p).parent == render.FONT_DIR and Path(p).exists(), p
    # every suit font really draws the four suits (not four .notdef boxes)
    for p in render.suit_fonts():
        f = ImageFont.truetype(p, 64)
        assert not missing_glyphs(f, "".join(render.SUIT_CHARS.values())), p


def _ink(img) -> np.ndarray:
    return (255 - np.asarray(img.convert("L"))).astype(np.uint8)


def _glyph(font: ImageFont.FreeTypeFont, ch: str) -> np.ndarray:
    from PIL import Image, ImageDraw
    x0, y0, x1, y1 = font.getbbox(ch)
    im = Image.new("L", (x1 - x0 + 4, y1 - y0 + 4), 255)
    ImageDraw.Draw(im).text((2 - x0, 2 - y0), ch, fill=0, font=font)
    return _ink(im)


def test_label_draws_the_chinese_name_not_a_fallback():
    """The name line of a rendered label holds the glyph of 杀 (found by template matching),
    and not the .notdef box nor the English name."""
    e = make_entries([("slash", "spade", 7, "杀", "Slash")])
    page = _ink(render_sheets(e)[0])
    m, cw, ch = labels._mm(labels.MARGIN_MM), labels._mm(labels.CELL_MM[0]), labels._mm(labels.CELL_MM[1])
    y0 = m + labels._mm(10)
    name_row = np.ascontiguousarray(page[y0:y0 + labels._mm(9), m + ch: m + cw])  # name line: 11 mm down
    font = ImageFont.truetype(str(CJK_FONT), labels._mm(5.5))
    sha, tofu = _glyph(font, "杀"), _glyph(font, "\uffff")
    assert sha.shape != tofu.shape or not np.array_equal(sha, tofu)
    n_sha = cv2.connectedComponents((sha > 127).astype(np.uint8))[0] - 1
    assert n_sha >= 3, "杀 renders as one piece: the .notdef box?"

    def score(t):
        return float(cv2.matchTemplate(name_row.astype(np.float32), t.astype(np.float32), cv2.TM_CCOEFF_NORMED).max())
    assert score(sha) > 0.95, score(sha)
    assert score(tofu) < 0.6, score(tofu)
    latin = _glyph(ImageFont.truetype(str(LATIN_FONT), labels._mm(5.5)), "S")
    assert score(latin) < 0.7, "the English name where the Chinese one should be"


def test_every_card_name_is_in_the_cjk_subset():
    from companion.rules.deck import KINDS
    font = ImageFont.truetype(str(CJK_FONT), 40)
    names = "".join(k.zh for k in KINDS.values())
    assert len(names) > 30
    missing = missing_glyphs(font, names + "♠♥♣♦AJQK0123456789")
    assert not missing, f"{missing!r} not in {CJK_FONT.name}: run card_images/fonts/build.py"


def test_missing_glyphs_detects_the_notdef_box():
    latin = ImageFont.truetype(str(LATIN_FONT), 40)
    assert missing_glyphs(latin, "Slash 杀") == "杀"
    assert missing_glyphs(ImageFont.truetype(str(CJK_FONT), 40), "杀 ♠7") == ""


def test_a_name_outside_the_subset_warns_and_prints_english():
    e = make_entries([("new", "heart", 3, "\u9fa5\u9fa4", "New card")])  # characters the subset lacks
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        render_sheets(e)
    msgs = [str(w.message) for w in caught if issubclass(w.category, LabelsWarning)]
    assert len(msgs) == 1 and "\u9fa5" in msgs[0], msgs
