"""Rebuild the fonts the project ships, reproducibly, from Debian packages (a dev tool).

    pip install fonttools                  # dev only; the project never imports it
    python card_images/fonts/build.py      # downloads the .debs below (apt-get download), subsets, writes:
        card_images/fonts/*.ttf|otf + manifest.json + licenses/   (renderer + training, not installed)
        recognition/fonts/*.otf|ttf + manifest.json + licenses/   (label sheets; package data of the wheel)
    python card_images/fonts/build.py --debs DIR    # use .debs already in DIR (no download)
    python card_images/fonts/build.py --check       # rebuild into a temporary folder, compare sha256

Each output is a subset (fontTools.subset, hinting and .notdef kept, so a glyph renders as
in the full font) holding only the characters listed in ``manifest.json`` ("chars"), and
is renamed ("SGS subset NN ...", name IDs 1/3/4/6/16/17) because subsetting is a
modification and some sources carry Reserved Font Names (Liberation, Source). The
copyright and licence strings in the font (name IDs 0, 13, 14) and the Debian copyright
file of each package (licences/) are kept. Licences: DejaVu = Bitstream Vera licence
(+ public-domain changes), Liberation 2 / Noto / Noto CJK = SIL OFL 1.1, TeX Gyre = GUST
Font License. Nothing is read from the system's font folders: the files come out of the
packages' .deb archives (``dpkg-deb -x``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RUNTIME = ROOT / "recognition" / "fonts"

# Debian bookworm package versions the committed files were made from.
PACKAGES = {
    "fonts-dejavu-core": "2.37-6",
    "fonts-dejavu-extra": "2.37-6",
    "fonts-liberation2": "2.1.5-1",
    "fonts-texgyre": "20180621-6",
    "fonts-noto-core": "20201225-1",
    "fonts-noto-cjk": "1:20220127+repack1-1",
}
LICENCE = {
    "fonts-dejavu-core": "Bitstream-Vera (DejaVu changes public domain)",
    "fonts-dejavu-extra": "Bitstream-Vera (DejaVu changes public domain)",
    "fonts-liberation2": "OFL-1.1 (Reserved Font Names Liberation, Arimo, Tinos, Cousine)",
    "fonts-texgyre": "GUST-Font-License (LPPL-based)",
    "fonts-noto-core": "OFL-1.1",
    "fonts-noto-cjk": "OFL-1.1 (Reserved Font Name Source)",
}
EXTRA_LICENCE_FILES = {"fonts-texgyre": "usr/share/texmf/doc/fonts/tex-gyre/GUST-FONT-LICENSE.txt"}

D = "usr/share/fonts/truetype/dejavu/"
L = "usr/share/fonts/truetype/liberation2/"
N = "usr/share/fonts/truetype/noto/"
G = "usr/share/texmf/fonts/opentype/public/tex-gyre/"
CJK = "usr/share/fonts/opentype/noto/"

# Index glyphs (ranks), the training junk letters, the Q-check's bowl letters and "?#%&@".
RANK_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabdgpq#%&@? "
SUIT_CHARS = "\u2660\u2665\u2663\u2666"
LABEL_LATIN = "".join(chr(c) for c in range(0x20, 0x7F)) + SUIT_CHARS  # English names, card ids

# (package, path in the package, face index in a .ttc, output file, roles)
# roles: "rank" = drawn as a rank index (training + tests), "suit" = its suit glyphs are used.
TRAINING = [
    ("fonts-dejavu-core", D + "DejaVuSans.ttf", 0, "DejaVuSans.ttf", ("rank", "suit")),
    ("fonts-dejavu-core", D + "DejaVuSans-Bold.ttf", 0, "DejaVuSans-Bold.ttf", ("rank",)),
    ("fonts-dejavu-extra", D + "DejaVuSansCondensed.ttf", 0, "DejaVuSansCondensed.ttf", ("rank",)),
    ("fonts-dejavu-extra", D + "DejaVuSansCondensed-Bold.ttf", 0, "DejaVuSansCondensed-Bold.ttf", ("rank",)),
    ("fonts-dejavu-core", D + "DejaVuSerif.ttf", 0, "DejaVuSerif.ttf", ("rank", "suit")),
    ("fonts-dejavu-core", D + "DejaVuSerif-Bold.ttf", 0, "DejaVuSerif-Bold.ttf", ("rank",)),
    ("fonts-dejavu-extra", D + "DejaVuSerifCondensed.ttf", 0, "DejaVuSerifCondensed.ttf", ("rank",)),
    ("fonts-dejavu-extra", D + "DejaVuSerifCondensed-Bold.ttf", 0, "DejaVuSerifCondensed-Bold.ttf", ("rank",)),
    ("fonts-liberation2", L + "LiberationSans-Regular.ttf", 0, "LiberationSans-Regular.ttf", ("rank", "suit")),
    ("fonts-liberation2", L + "LiberationSans-Bold.ttf", 0, "LiberationSans-Bold.ttf", ("rank",)),
    ("fonts-liberation2", L + "LiberationSerif-Regular.ttf", 0, "LiberationSerif-Regular.ttf", ("rank", "suit")),
    ("fonts-liberation2", L + "LiberationSerif-Bold.ttf", 0, "LiberationSerif-Bold.ttf", ("rank",)),
    ("fonts-noto-core", N + "NotoSans-Regular.ttf", 0, "NotoSans-Regular.ttf", ("rank",)),
    ("fonts-noto-core", N + "NotoSans-Bold.ttf", 0, "NotoSans-Bold.ttf", ("rank",)),
    ("fonts-noto-core", N + "NotoSerif-Regular.ttf", 0, "NotoSerif-Regular.ttf", ("rank",)),
    ("fonts-noto-core", N + "NotoSerif-Bold.ttf", 0, "NotoSerif-Bold.ttf", ("rank",)),
    ("fonts-noto-core", N + "NotoSansSymbols2-Regular.ttf", 0, "NotoSansSymbols2-Regular.ttf", ("suit",)),
] + [
    ("fonts-texgyre", G + f"texgyre{fam}-{w}.otf", 0, f"texgyre{fam}-{w}.otf",
     ("rank", "suit") if (fam, w) == ("pagella", "regular") else ("rank",))
    for fam in ("adventor", "bonum", "heros", "heroscn", "pagella", "schola", "termes")
    for w in ("regular", "bold")
]


def cjk_chars() -> str:
    """Every Chinese card name in companion/data/cards.toml, the suits' Chinese names,
    the index characters and the suit symbols (labels print "♠7" and 杀 with this font)."""
    with open(ROOT / "companion" / "data" / "cards.toml", "rb") as f:
        data = tomllib.load(f)
    names: set[str] = set()

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k == "zh" and isinstance(x, str):
                    names.update(x)
                else:
                    walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(data)
    names.update("黑桃红桃梅花方块")
    return "".join(sorted(c for c in names if ord(c) > 0x7F)) + "0123456789AJQK " + SUIT_CHARS


RUNTIME_FONTS = [
    ("fonts-noto-cjk", CJK + "NotoSansCJK-Regular.ttc", 2, "NotoSansCJKsc-Regular-subset.otf", ("label-cjk",)),
    ("fonts-dejavu-core", D + "DejaVuSans.ttf", 0, "DejaVuSans-subset.ttf", ("label-latin",)),
]
# Serif CJK for the card names on 三国杀-style faces (training/test images only).
TRAINING_CJK = [
    ("fonts-noto-cjk", CJK + "NotoSerifCJK-Bold.ttc", 2, "NotoSerifCJKsc-Bold-subset.otf", ("name",)),
]


def chars_for(roles) -> str:
    if "label-cjk" in roles or "name" in roles:
        return cjk_chars()
    if "label-latin" in roles:
        return LABEL_LATIN
    return RANK_CHARS + (SUIT_CHARS if "suit" in roles else "")


def sha256(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def fetch(debs: Path | None, work: Path) -> dict[str, Path]:
    """Extract every package of PACKAGES into work/<pkg>; returns pkg -> folder. Checks versions."""
    src = debs
    if src is None:
        src = work / "debs"
        src.mkdir()
        subprocess.run(["apt-get", "download", *(f"{p}={v}" for p, v in PACKAGES.items())], cwd=src, check=True)
    out = {}
    for pkg, ver in PACKAGES.items():
        found = [d for d in sorted(src.glob(f"{pkg}_*.deb"))
                 if subprocess.run(["dpkg-deb", "-f", str(d), "Version"], capture_output=True, text=True,
                                   check=True).stdout.strip() == ver]
        if not found:
            raise SystemExit(f"{pkg} {ver}: no such .deb in {src}")
        dest = work / pkg
        subprocess.run(["dpkg-deb", "-x", str(found[0]), str(dest)], check=True)
        out[pkg] = dest
    return out


def subset_one(src: Path, index: int, chars: str, out: Path, nn: int) -> None:
    from fontTools import subset  # noqa: PLC0415
    from fontTools.ttLib import TTFont  # noqa: PLC0415

    font = TTFont(str(src), fontNumber=index, recalcTimestamp=False)
    opts = subset.Options()
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.glyph_names = False
    opts.recalc_timestamp = False
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    name = font["name"]
    orig_full = name.getDebugName(4) or src.name
    style = name.getDebugName(2) or "Regular"
    fam = f"SGS subset {nn:02d}"
    ps = f"SGSsubset{nn:02d}-{style.replace(' ', '')}"
    for rec in list(name.names):
        if rec.nameID in (1, 3, 4, 6, 16, 17, 18, 21, 22):
            name.removeNames(nameID=rec.nameID)
    for nid, val in ((1, fam), (2, style), (3, f"{ps};subset of {orig_full}"), (4, f"{fam} {style}"), (6, ps)):
        name.setName(val, nid, 3, 1, 0x409)
        name.setName(val, nid, 1, 0, 0)
    desc = f"Subset of {orig_full} ({len(set(chars))} characters) for the sgs-companion project."
    name.setName(desc, 10, 3, 1, 0x409)
    if "CFF " in font:  # the CFF table carries its own names
        cff = font["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        for k, v in (("FullName", f"{fam} {style}"), ("FamilyName", fam)):
            if hasattr(top, k):
                setattr(top, k, v)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))


def build(folder_of: dict[str, Path], dest_training: Path, dest_runtime: Path) -> None:
    groups = ((dest_training, TRAINING + TRAINING_CJK), (dest_runtime, RUNTIME_FONTS))
    nn = 0
    for dest, rows in groups:
        dest.mkdir(parents=True, exist_ok=True)
        manifest: dict[str, Any] = {"made_by": "card_images/fonts/build.py", "packages": {}, "fonts": []}
        for pkg, path, index, out_name, roles in rows:
            nn += 1
            src = folder_of[pkg] / path
            chars = chars_for(roles)
            out = dest / out_name
            subset_one(src, index, chars, out, nn)
            manifest["packages"][pkg] = {"version": PACKAGES[pkg], "licence": LICENCE[pkg],
                                         "licence_file": f"licenses/{pkg}.copyright"}
            manifest["fonts"].append({"file": out_name, "package": pkg, "source": "/" + path, "face_index": index,
                                      "source_sha256": sha256(src), "roles": list(roles), "chars": chars,
                                      "bytes": out.stat().st_size, "sha256": sha256(out)})
        lic = dest / "licenses"
        lic.mkdir(exist_ok=True)
        for pkg in manifest["packages"]:
            shutil.copyfile(folder_of[pkg] / "usr/share/doc" / pkg / "copyright", lic / f"{pkg}.copyright")
            if pkg in EXTRA_LICENCE_FILES:
                extra = folder_of[pkg] / EXTRA_LICENCE_FILES[pkg]
                shutil.copyfile(extra, lic / extra.name)
        (dest / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
        total = sum(f["bytes"] for f in manifest["fonts"])
        print(f"{dest}: {len(manifest['fonts'])} fonts, {total} bytes")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--debs", type=Path, help="folder holding the .debs (default: apt-get download them)")
    ap.add_argument("--check", action="store_true", help="build into a temporary folder and compare with the committed files")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folders = fetch(a.debs, work)
        if not a.check:
            build(folders, HERE, RUNTIME)
            return 0
        t, r = work / "out-training", work / "out-runtime"
        build(folders, t, r)
        bad = 0
        for new, old in ((t, HERE), (r, RUNTIME)):
            for f in json.loads((new / "manifest.json").read_text())["fonts"]:
                committed = old / f["file"]
                same = committed.exists() and sha256(committed) == f["sha256"]
                bad += not same
                print(f"{'same' if same else 'DIFFERENT'} {committed.relative_to(ROOT)}")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
