"""Printable QR sleeve labels: A4 sheets (PNG pages + one PDF) with cut lines.

The label functions take plain ``LabelEntry`` tuples so they work without the deck
data; ``deck_entries()`` adapts ``companion.rules.deck`` when it exists.

Fonts: only the two the package ships in ``recognition/fonts/`` (subsets of Noto Sans CJK SC
and DejaVu Sans, made by ``card_images/fonts/build.py``; licences beside them). No system
font is read, so a sheet looks the same on every machine.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import warnings
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, NamedTuple

from companion.rules.messages import en_zh

from .payload import encode_payload
from .words import WordedError

if TYPE_CHECKING:
    from PIL import Image, ImageFont

# qrcode and Pillow are imported by the functions that draw (``_font``, ``qr_image``, ``render_sheets``;
# ``missing_glyphs`` and ``write_sheets`` use the objects those made), not here: `companion labels`
# copies the sheets from its cache without drawing, and importing both was most of its start-up
# (issue 15, docs/performance.md).

DPI = 300
A4_MM = (210.0, 297.0)
MARGIN_MM = 10.0
CELL_MM = (63.0, 30.0)  # one label: QR + name, cut along the grey lines
QR_MM = 27.0  # incl. the 4-module quiet zone; reads from ~6 px/mm up
SUIT_SYMBOLS = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

FONT_DIR = Path(__file__).parent / "fonts"
CJK_FONT = FONT_DIR / "NotoSansCJKsc-Regular-subset.otf"  # Chinese names, suit + rank
LATIN_FONT = FONT_DIR / "DejaVuSans-subset.ttf"  # English names, card ids


class LabelEntry(NamedTuple):
    card_id: str  # unique, e.g. "slash-spade-7" or "slash-spade-7-2"
    kind: str  # e.g. "slash"
    suit: str  # spade | heart | club | diamond
    rank: int  # 1..13
    zh: str
    en: str


class LabelsError(WordedError, RuntimeError):
    """Deck data unavailable, the shipped fonts missing, or the output cannot be written: ``str(e)`` in English,
    ``e.zh`` / ``e.text(lang)`` (the catalogue's ``[text] "recognition.labels.*"``)."""


class LabelsWarning(WordedError, UserWarning):
    """A Chinese name has characters the shipped CJK subset lacks: that label prints the
    English name instead (rebuild the subset with card_images/fonts/build.py).  ``str(w)`` / ``w.zh``."""


def make_entries(cards: Iterable[tuple[str, str, int, str, str]]) -> list[LabelEntry]:
    """(kind, suit, rank, zh, en) per physical card -> entries with unique card ids.

    The id is ``<kind>-<suit>-<rank>``; a second identical card gets ``-2``, etc.
    """
    seen: Counter[str] = Counter()
    out = []
    for kind, suit, rank, zh, en in cards:
        base = f"{kind}-{suit}-{int(rank)}"
        seen[base] += 1
        cid = base if seen[base] == 1 else f"{base}-{seen[base]}"
        out.append(LabelEntry(cid, kind, str(suit), int(rank), zh, en))
    return out


def deck_entries() -> list[LabelEntry]:
    """Entries for the 108 standard+EX cards from ``companion.rules.deck``.

    Raises LabelsError when that module (another part of the project) is not there yet.
    """
    try:
        from companion.rules.deck import KINDS, standard_deck  # noqa: PLC0415
    except ImportError as e:
        raise LabelsError(*en_zh("recognition.labels.no_deck", why=str(e))) from e
    cards = []
    for c in standard_deck():
        k = KINDS[c.kind]
        suit = getattr(c.suit, "value", c.suit)
        cards.append((c.kind, str(suit), int(c.rank), getattr(k, "zh", c.kind), getattr(k, "en", c.kind)))
    return make_entries(cards)


def _mm(v: float) -> int:
    return int(round(v / 25.4 * DPI))


def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    """One of the shipped fonts at ``size`` px. Raises LabelsError when the file is missing
    or unreadable (a broken installation: the fonts are package data)."""
    from PIL import ImageFont  # noqa: PLC0415 - see the note at the imports

    try:
        return ImageFont.truetype(str(path), size)
    except OSError as e:
        raise LabelsError(*en_zh("recognition.labels.font", path=str(path), why=str(e))) from e


def missing_glyphs(font: ImageFont.FreeTypeFont, text: str) -> str:
    """The characters of ``text`` (whitespace aside) that ``font`` has no glyph for: they
    would print as its .notdef box (the rendering of U+FFFF, which no font maps)."""
    notdef = (font.getbbox("\uffff"), bytes(font.getmask("\uffff")))
    return "".join(dict.fromkeys(c for c in text if not c.isspace()
                                 and (font.getbbox(c), bytes(font.getmask(c))) == notdef))


LABEL_MASK = 2
"""The QR mask pattern of every label (ISO/IEC 18004 §7.8.2: any of the eight masks is legal and
every decoder reads all of them).  Fixed instead of scoring all eight per label (what
``qrcode`` does by default, ~10 ms per label, most of the sheet's time); every label of the
deck is read back in tests/recognition/test_qr_labels.py."""


def qr_image(entry: LabelEntry, size_px: int) -> Image.Image:
    """The QR code of one label (4-module quiet zone) as an ``L`` image of size_px × size_px."""
    import qrcode  # noqa: PLC0415 - see the note at the imports
    from PIL import Image  # noqa: PLC0415
    from qrcode.constants import ERROR_CORRECT_M  # noqa: PLC0415

    q = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4, box_size=1, mask_pattern=LABEL_MASK)
    q.add_data(encode_payload(entry.card_id, entry.suit, entry.rank))
    q.make(fit=True)
    matrix = q.get_matrix()  # rows of modules, True = dark, quiet zone included
    n = len(matrix)
    img = Image.frombytes("L", (n, n), bytes(0 if dark else 255 for row in matrix for dark in row))
    return img.resize((size_px, size_px), Image.Resampling.NEAREST)


def render_sheets(entries: list[LabelEntry]) -> list[Image.Image]:
    """A4 pages (RGB, 300 dpi) holding one label per entry, with grey cut lines."""
    from PIL import Image, ImageDraw  # noqa: PLC0415 - see the note at the imports

    if not entries:
        raise LabelsError(*en_zh("recognition.labels.no_cards"))
    pw, ph = _mm(A4_MM[0]), _mm(A4_MM[1])
    cw, ch = _mm(CELL_MM[0]), _mm(CELL_MM[1])
    m = _mm(MARGIN_MM)
    cols = (pw - 2 * m) // cw
    rows = (ph - 2 * m) // ch
    per_page = cols * rows
    qpx = _mm(QR_MM)
    big = _font(CJK_FONT, _mm(5.5))
    small = _font(LATIN_FONT, _mm(3.2))
    lacking = {e.zh: missing_glyphs(big, e.zh) for e in entries}
    for zh, miss in lacking.items():
        if miss:
            warnings.warn(LabelsWarning(*en_zh("recognition.labels.glyph", miss=repr(miss), name=repr(zh))), stacklevel=2)
    pages = []
    for start in range(0, len(entries), per_page):
        page = Image.new("RGB", (pw, ph), "white")
        d = ImageDraw.Draw(page)
        chunk = entries[start:start + per_page]
        used_rows = (len(chunk) + cols - 1) // cols
        for i, e in enumerate(chunk):
            r, c = divmod(i, cols)
            x, y = m + c * cw, m + r * ch
            page.paste(qr_image(e, qpx), (x + (ch - qpx) // 2, y + (ch - qpx) // 2))
            tx = x + ch + _mm(1)
            colour = (200, 0, 0) if e.suit in ("heart", "diamond") else (0, 0, 0)
            rank = RANK_NAMES.get(e.rank, str(e.rank))
            name = e.en if lacking[e.zh] else e.zh
            d.text((tx, y + _mm(3)), f"{SUIT_SYMBOLS[e.suit]}{rank}", fill=colour, font=big)
            d.text((tx, y + _mm(11)), name, fill=(0, 0, 0), font=big)
            d.text((tx, y + _mm(19)), f"{e.en}", fill=(60, 60, 60), font=small)
            d.text((tx, y + _mm(24)), e.card_id, fill=(110, 110, 110), font=small)
        grey = (170, 170, 170)
        for c in range(cols + 1):
            d.line([(m + c * cw, m), (m + c * cw, m + used_rows * ch)], fill=grey, width=2)
        for r in range(used_rows + 1):
            d.line([(m, m + r * ch), (m + cols * cw, m + r * ch)], fill=grey, width=2)
        pages.append(page)
    return pages


SHEET_FORMAT = "1"
"""Bump when the sheet's drawing changes in a way the cache key does not see (it hashes this file,
the payload code, the fonts and the entries)."""


def sheet_key(entries: list[LabelEntry]) -> str:
    """The cache key of the sheets for ``entries`` (sha256 hex): what the drawing depends on —
    the entries, this module's and ``payload.py``'s source, the shipped fonts' bytes.
    Raises OSError when one of those files cannot be read."""
    h = hashlib.sha256(SHEET_FORMAT.encode())
    for f in (Path(__file__), Path(__file__).with_name("payload.py"), CJK_FONT, LATIN_FONT):
        h.update(f.read_bytes())
    h.update(json.dumps([list(e) for e in entries], ensure_ascii=False).encode())
    return h.hexdigest()


def _out_names(out: str | os.PathLike, pages: int) -> list[Path]:
    out = Path(out)
    base = out.with_suffix("") if out.suffix.lower() in (".pdf", ".png") else out
    return [base.with_name(base.name + ".pdf")] + [base.with_name(f"{base.name}-{i}.png") for i in range(1, pages + 1)]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _from_cache(entries: list[LabelEntry], out: str | os.PathLike, cache_dir: Path) -> list[Path] | None:
    """Copy the cached sheets for ``entries`` to ``out``'s names; None on a miss (nothing cached, or a
    cached file that is missing or does not match its recorded sha256: the sheets are drawn again)."""
    try:
        key = sheet_key(entries)
        d = cache_dir / key
        files = json.loads((d / "manifest.json").read_text(encoding="utf-8"))["files"]
        src = [d / name for name, _ in files]
        if not files or any(_digest(p) != digest for p, (_, digest) in zip(src, files, strict=True)):
            return None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    dst = _out_names(out, len(src) - 1)
    try:
        dst[0].parent.mkdir(parents=True, exist_ok=True)
        for a, b in zip(src, dst, strict=True):
            shutil.copyfile(a, b)
    except OSError as e:
        raise LabelsError(*en_zh("recognition.labels.write", out=str(out), why=str(e))) from e
    return dst


def _to_cache(entries: list[LabelEntry], paths: list[Path], cache_dir: Path) -> None:
    """Keep a copy of freshly written sheets (best effort: a cache that cannot be written is skipped).
    Only the newest sheet is kept; it is built in a temporary folder and renamed into place."""
    tmp = None
    try:
        key = sheet_key(entries)
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".new-", dir=cache_dir))
        files = []
        for p in paths:
            name = "sheet.pdf" if p.suffix == ".pdf" else f"sheet{p.name[p.name.rindex('-'):]}"
            shutil.copyfile(p, tmp / name)
            files.append((name, _digest(tmp / name)))
        (tmp / "manifest.json").write_text(json.dumps({"files": files}), encoding="utf-8")
        for old in cache_dir.iterdir():
            if old.is_dir() and old != tmp:
                shutil.rmtree(old, ignore_errors=True)
        tmp.rename(cache_dir / key)
    except OSError:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def write_sheets(entries: list[LabelEntry], out: str | os.PathLike, cache_dir: Path | None = None) -> list[Path]:
    """Write ``<out>.pdf`` (all pages) and ``<out>-<n>.png`` per page; returns the paths.

    ``out`` may end in .pdf or .png (the suffix is replaced). ``cache_dir``: a folder keeping the
    last sheets drawn (``sheet_key``); the same entries are then copied from it, checked against
    their recorded sha256, instead of drawn again (about 1 s of drawing and encoding).  Raises
    LabelsError when the files cannot be written.
    """
    if cache_dir is not None:
        hit = _from_cache(entries, out, cache_dir)
        if hit is not None:
            return hit
    pages = render_sheets(entries)
    names = _out_names(out, len(pages))
    paths = []
    try:
        names[0].parent.mkdir(parents=True, exist_ok=True)
        pages[0].save(names[0], "PDF", resolution=DPI, save_all=True, append_images=pages[1:])
        paths.append(names[0])
        for p, png in zip(pages, names[1:], strict=True):
            p.save(png, "PNG", dpi=(DPI, DPI), compress_level=1)  # zlib's fastest: encoding is most of the time
            paths.append(png)
    except OSError as e:
        raise LabelsError(*en_zh("recognition.labels.write", out=str(out), why=str(e))) from e
    if cache_dir is not None:
        _to_cache(entries, paths, cache_dir)
    return paths
