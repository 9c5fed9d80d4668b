"""What a resume's first paint no longer does up front (issue 15): compile every message text it renders (a
text is rendered by ``str.format`` until its ``COMPILE_AT``-th render); the rules' fingerprint found with
``os.walk`` (not ``Path.rglob``) is the one its docstring defines."""

from __future__ import annotations

import hashlib
import json
import string
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion import snapshot
from companion.rules import messages
from companion.rules.messages import LANGS, Message, Words

ROOT = Path(__file__).resolve().parents[1]

RENDERS = """
import json
from companion.rules import messages as m
from companion.rules.messages import Message, Words
compiled = []
m._compile = lambda tmpl, lang, _c=m._compile: compiled.append(lang) or _c(tmpl, lang)
msg = lambda: Message("event", "phase", {{"who": Words("seat 2", "2号位"), "phase": Words("draw", "摸牌")}})
texts = []
for _ in range({n}):
    x = msg()
    texts.append([x.en, x.zh])
print(json.dumps([compiled, texts, m.COMPILE_AT]))
"""


def renders(n: int) -> tuple[list[str], list[list[str]], int]:
    out = subprocess.run([sys.executable, "-c", RENDERS.format(n=n)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    compiled, texts, at = json.loads(out.stdout)
    return compiled, texts, at


def test_a_text_rendered_a_few_times_is_not_compiled():
    compiled, texts, at = renders(3)
    assert at > 3 and compiled == []  # main compiled both languages on the first render
    assert texts == [texts[0]] * 3 and "2号位" in texts[0][1] and "seat 2" in texts[0][0]


def test_a_text_is_compiled_once_per_language_on_its_compile_at_th_render_and_says_the_same():
    few, before, at = renders(3)
    compiled, texts, _ = renders(at + 2)
    assert sorted(compiled) == ["en", "zh"]  # once each, on the COMPILE_AT-th render
    assert texts == [before[0]] * (at + 2)


@pytest.mark.parametrize("lang", LANGS)
def test_str_format_and_the_compiled_text_give_the_same_for_every_catalogue_text(lang):
    checked = 0
    for section, keys in messages.catalogue(lang).items():
        for key, tmpl in keys.items():
            fields = [f for _lit, f, _spec, _conv in string.Formatter().parse(tmpl) if f is not None]
            if not isinstance(tmpl, str) or not all(f.isidentifier() for f in fields):
                continue
            slow, fast = messages._formatted(tmpl, lang), messages._compile(tmpl, lang)
            for make in (lambda i: f"v{i}'\\", lambda i: Words(f"en{i}", f"中{i}"),
                         lambda i: Message("text", "zones.zone_label/empty", {"z": Words("Hand", "手牌")})):
                params = {f: make(i) for i, f in enumerate(fields)}
                try:
                    want = fast if isinstance(fast, str) else fast(params)
                except (ValueError, TypeError):  # a numeric spec given a string
                    continue
                assert (slow if isinstance(slow, str) else slow(params)) == want, (section, key)
                checked += 1
    assert checked > 500


def documented_fingerprint() -> str:
    """sha256 of the snapshot version and, per rules source as rules_fingerprint's docstring says, its path, length,
    CRC-32 and Adler-32 (of a message catalogue: without its [refused] and [event] tables)."""
    root = Path(snapshot.__file__).resolve().parent
    lines = [f"snapshot {snapshot.SNAPSHOT_VERSION}"]
    for f in sorted([*(root / "rules").rglob("*.py"), root / "script.py", *(root / "data").rglob("*.toml")]):
        data = f.read_bytes()
        if f.parent.name == "messages":
            kept, keep = [], True
            for line in data.decode().splitlines(keepends=True):
                if line.strip() in ("[refused]", "[event]", "[text]", "[name]"):
                    keep = line.strip() in ("[text]", "[name]")
                kept.append(line if keep else "")
            data = "".join(kept).encode()
        lines.append(f"{f.relative_to(root).as_posix()} {len(data)} {zlib.crc32(data):08x} {zlib.adler32(data):08x}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:32]


def test_the_fingerprint_hashes_the_files_its_docstring_names_in_their_order():
    assert snapshot.rules_fingerprint.__wrapped__() == documented_fingerprint()
    root = Path(snapshot.__file__).resolve().parent
    names = ["/".join(parts) for parts, _path in snapshot._fingerprinted(root)]
    assert "script.py" in names and "rules/engine.py" in names and "data/messages/en.toml" in names
    assert not any("__pycache__" in n for n in names)
