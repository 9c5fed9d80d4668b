"""Snapshots of a :class:`~companion.rules.state.GameState` for the journal's checkpoints.

A snapshot is UTF-8 JSON: ``{"v": SNAPSHOT_VERSION, "state": VALUE}``.  VALUE encodes the
state's dataclass tree losslessly:

* ``None``, booleans, integers, floats and strings are themselves;
* a list is a JSON array;
* a tuple is ``{"t": [...]}``, a set ``{"s": [...]}`` (sorted by its encoding), a dict
  ``{"d": [[key, value], ...]}`` in insertion order (keys may be integers);
* a dataclass or named tuple of the rules core (``GameState``, ``Seat``, ``Prompt``, ``Face``,
  ``Frame``... any defined in ``companion.rules``) is ``{"c": "companion.rules.state:GameState",
  "f": {field: value, ...}}``; an enum member of the rules core ``{"e": "module:Class", "v": value}``;
* a prompt's payload (:class:`~companion.rules.prompts.Payload`) is its JSON dict (``to_json``: the present
  fields, in declaration order), as ``Prompt.data`` was a dict before the payloads were dataclasses; ``Prompt``
  makes the dict its kind's payload again when decoded (a snapshot's dict in any key order, so version 3 stays);
* a prompt's question is its words, ``"en"`` and ``"zh"`` (``{"kind", "seat", "en", "zh", "data"}``, as version 3
  wrote them when a prompt kept the words): the prompt holds the catalogue's key and values
  (:attr:`~companion.rules.state.Prompt.said`) and the words are rendered as the snapshot is written, so the JSON
  reads as the question did; read back, the prompt holds those words.  A frame's ``prog_en`` / ``prog_zh`` (where a
  trick of several targets is, ``" — 2 of 5"``) are written the same way from its number
  (:meth:`~companion.rules.state.Frame.progress`) and read back as the number
  (:func:`~companion.rules.state.prog_of_words`).

A snapshot of an older version is read through its upgrade (:data:`UPGRADES`: the fields of a rules-core class
as that version wrote them → the fields of this version), so a checkpoint written before still opens.

Anything else cannot be snapshotted: :func:`encode` raises :class:`SnapshotError` and no
checkpoint is written (a full replay is used instead).  :func:`decode` refuses another
version or an unknown shape with :class:`SnapshotError`; the journal then replays from
the first entry, which stays the source of truth (``companion check`` compares the two).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import importlib
import os
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .rules.prompts import Payload
from .rules.state import WORDS_KEPT, Frame, GameState, Prompt, prog_of_words

__all__ = ["SNAPSHOT_VERSION", "UPGRADES", "SnapshotError", "encode", "decode", "rules_fingerprint"]

SNAPSHOT_VERSION = 3
"""Raised when the encoding changes; an older version is read through :data:`UPGRADES`, a newer one ignored.
2: ``GameState.result`` (the typed :class:`~companion.rules.state.Outcome`) in place of the sentences
``win_reason`` and ``extra["win_reason_zh"]``; 3: ``GameState.stack``, the resolution stack of typed frames
(:class:`~companion.rules.state.Frame`), in place of the dicts of ``extra["stack"]``."""

_RULES = "companion.rules."


def _name(cls: type) -> str | None:
    """``module:Class`` of a class of the rules core, else None."""
    module = getattr(cls, "__module__", "")
    return f"{module}:{cls.__qualname__}" if module.startswith(_RULES) and "." not in cls.__qualname__ else None


def _class(name: Any) -> type:
    """The rules-core class named ``module:Class``; SnapshotError for anything else."""
    module, _, qual = str(name).partition(":")
    if not module.startswith(_RULES) or not qual.isidentifier():
        raise SnapshotError(f"snapshot names a class outside the rules core: {name!r}")
    try:
        cls = getattr(importlib.import_module(module), qual)
    except (ImportError, AttributeError):
        raise SnapshotError(f"snapshot names an unknown class {name!r}") from None
    if not isinstance(cls, type):
        raise SnapshotError(f"snapshot names {name!r}, which is not a class")
    return cls


class SnapshotError(ValueError):
    """A state that cannot be snapshotted, or a snapshot this version cannot read."""


def _enc(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if type(v) is Frame:
        return {"c": _FRAME, "f": _frame_fields(v)}
    if isinstance(v, tuple) and type(v) is not tuple and _name(type(v)) is not None and hasattr(v, "_fields"):
        return {"c": _name(type(v)), "f": {k: _enc(x) for k, x in zip(v._fields, v, strict=True)}}  # a named tuple
    if isinstance(v, tuple):
        return {"t": [_enc(x) for x in v]}
    if isinstance(v, (set, frozenset)):
        import json  # noqa: PLC0415 - a new game's first paint snapshots nothing (issue 15)

        items = [_enc(x) for x in v]
        return {"s": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if isinstance(v, dict):
        return {"d": [[_enc(k), _enc(x)] for k, x in v.items()]}
    if isinstance(v, Payload):
        return {"d": [[k, _enc(x)] for k, x in v.to_json().items()]}
    if type(v) is Prompt:  # the question as its words (version 3's fields)
        return {"c": _PROMPT, "f": {"kind": _enc(v.kind), "seat": v.seat, "en": v.en, "zh": v.zh, "data": _enc(v.data)}}
    name = _name(type(v))
    if name is not None and isinstance(v, enum.Enum):
        return {"e": name, "v": _enc(v.value)}
    if name is not None and dataclasses.is_dataclass(v):
        return {"c": name, "f": {f.name: _enc(getattr(v, f.name)) for f in dataclasses.fields(v)}}
    raise SnapshotError(f"cannot snapshot a {type(v).__qualname__}")


_FRAME = "companion.rules.state:Frame"
_PROMPT = "companion.rules.state:Prompt"
_STORED_FIELDS: dict[str, frozenset[str]] = {_PROMPT: frozenset(("kind", "seat", "en", "zh", "data"))}
"""The fields a rules-core class is stored with where they are not its own (a prompt's question as its words)."""


def _frame_fields(f: Frame) -> dict[str, Any]:
    """A frame's fields as version 3 wrote them: in order, its progress's words after ``ask_from``."""
    out: dict[str, Any] = {}
    for k, x in zip(f._fields, f, strict=True):
        if k == "prog":
            words = f.progress()
            out["prog_en"], out["prog_zh"] = words.en, words.zh
        else:
            out[k] = _enc(x)
    return out


def _hashable(v: Any) -> Any:
    return v if not isinstance(v, list) else tuple(_hashable(x) for x in v)


Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


def _game_state_v1(f: dict[str, Any]) -> dict[str, Any]:
    """Version 1's GameState: the win condition was kept as sentences (``win_reason``, ``extra["win_reason_zh"]``);
    it is the winner's (each side wins by one)."""
    from .rules.outcome import outcome  # noqa: PLC0415 - only for an old snapshot

    f = dict(f)
    f.pop("win_reason", None)
    f["extra"] = {k: x for k, x in f["extra"].items() if k != "win_reason_zh"}
    f["result"] = None
    f["result"] = outcome(GameState(**f))
    return f


def _game_state_v2(f: dict[str, Any]) -> dict[str, Any]:
    """Versions 1 and 2's GameState: the resolution stack was ``extra["stack"]``, a list of dicts."""
    from .rules.state import Frame  # noqa: PLC0415 - only for an old snapshot

    f = dict(f)
    extra = dict(f["extra"])
    f["stack"] = tuple(Frame.from_json(d) for d in extra.pop("stack", None) or ())
    f["extra"] = extra
    return f


UPGRADES: dict[int, dict[str, Upgrade]] = {1: {"companion.rules.state:GameState": _game_state_v1},
                                           2: {"companion.rules.state:GameState": _game_state_v2}}
"""Snapshot version → rules-core class → the upgrade of its decoded fields to this version's (applied in turn)."""


def _dec(v: Any, up: dict[str, list[Upgrade]] | None = None) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, list):
        return [_dec(x, up) for x in v]
    if isinstance(v, dict) and len(v) == 1:
        (tag, body), = v.items()
        if tag == "t":
            return tuple(_dec(x, up) for x in body)
        if tag == "s":
            return {_hashable(_dec(x, up)) for x in body}
        if tag == "d":
            return {_hashable(_dec(k, up)): _dec(x, up) for k, x in body}
    if isinstance(v, dict) and set(v) == {"e", "v"}:
        cls = _class(v["e"])
        if not issubclass(cls, enum.Enum):
            raise SnapshotError(f"{v['e']} is not an enum")
        return cls(_dec(v["v"], up))
    if isinstance(v, dict) and set(v) == {"c", "f"}:
        cls = _class(v["c"])
        named_tuple = issubclass(cls, tuple) and hasattr(cls, "_fields")
        if not dataclasses.is_dataclass(cls) and not named_tuple:
            raise SnapshotError(f"{v['c']} is not a dataclass")
        fields = {k: _dec(x, up) for k, x in v["f"].items()}
        for upgrade in up.get(v["c"], ()) if up else ():
            fields = upgrade(fields)
        if cls is Frame and "prog_en" in fields:  # the progress as its words: the number they say
            fields["prog"] = prog_of_words(fields.get("targets", ()), fields.get("i", 0), fields["prog_en"])
            fields = {k: x for k, x in fields.items() if k not in WORDS_KEPT}
        names = set(getattr(cls, "_fields", ())) if named_tuple else \
            _STORED_FIELDS.get(v["c"]) or {f.name for f in dataclasses.fields(cls)}
        if set(fields) != names:
            raise SnapshotError(f"snapshot of {v['c']} has fields {sorted(fields)}, this version {sorted(names)}")
        return cls(**fields)
    raise SnapshotError(f"unknown value in snapshot: {str(v)[:60]}")


def encode(state: GameState) -> str:
    """The snapshot of ``state`` (JSON text).  Raises SnapshotError for a value it cannot encode."""
    import json  # noqa: PLC0415

    return json.dumps({"v": SNAPSHOT_VERSION, "state": _enc(state)}, ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> GameState:
    """The state of a snapshot.  Raises SnapshotError for another version or a malformed snapshot."""
    import json  # noqa: PLC0415

    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as e:
        raise SnapshotError(f"snapshot is not JSON: {e}") from None
    version = doc.get("v") if isinstance(doc, dict) else "?"
    if type(version) is not int or (version != SNAPSHOT_VERSION and version not in UPGRADES):
        raise SnapshotError(f"snapshot version {version}, this version reads {SNAPSHOT_VERSION} and {sorted(UPGRADES)}")
    up: dict[str, list[Upgrade]] = {}
    for old in sorted(UPGRADES):
        if old >= version:  # this version's upgrades, then each later one's
            for name, fn in UPGRADES[old].items():
                up.setdefault(name, []).append(fn)
    try:
        state = _dec(doc.get("state"), up or None)
    except (TypeError, ValueError, KeyError) as e:
        raise SnapshotError(f"malformed snapshot: {e}") from None
    if not isinstance(state, GameState):
        raise SnapshotError("snapshot does not hold a game state")
    return state


def _fingerprinted(root: Path) -> list[tuple[tuple[str, ...], str]]:
    """The files :func:`rules_fingerprint` hashes, as (path parts below ``root``, path), in the order it hashes
    them: ``rules/**/*.py``, ``script.py``, ``data/**/*.toml`` sorted by their parts (``os.walk``: ``Path.rglob``
    made the fingerprint ≈ 30 % dearer, issue 15; reading and hashing the ≈ 600 KB is the rest)."""
    found: list[tuple[tuple[str, ...], str]] = [(("script.py",), str(root / "script.py"))]
    for sub, ext in (("rules", ".py"), ("data", ".toml")):
        top = str(root / sub)
        for folder, dirs, names in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__"]  # byte-code caches hold no .py / .toml
            rel = (sub, *Path(os.path.relpath(folder, top)).parts) if folder != top else (sub,)
            found.extend(((*rel, n), os.path.join(folder, n)) for n in names if n.endswith(ext))
    return sorted(found)


_WORDING = (b"[refused]", b"[event]")
"""The catalogue tables no state holds: refusals are raised, never stored, and events are kept beside the state
(:class:`~companion.rules.errors.Event`), not in it.  ``[text]`` stays in the fingerprint (a snapshot stores a
prompt's rendered question), and ``[name]`` (the words commands are read with)."""
_TABLES = (b"[refused]", b"[event]", b"[text]", b"[name]")  # the catalogue's tables (``messages.SECTIONS``)


def _stateful(raw: bytes) -> bytes:
    """A message catalogue's bytes without its :data:`_WORDING` tables: each table runs from its header line
    (exactly ``[refused]``, …, alone on its line) to the next such header or the end."""
    out: list[bytes] = []
    keep = True
    for line in raw.splitlines(keepends=True):
        head = line.strip()
        if head in _TABLES:
            keep = head not in _WORDING
        if keep:
            out.append(line)
    return b"".join(out)


def fingerprint_of(root: Path) -> str:
    """:func:`rules_fingerprint` of the package at ``root`` (the folder holding ``script.py``, ``rules/``,
    ``data/``).  Raises OSError when a file cannot be read."""
    import hashlib  # noqa: PLC0415 - a new game's first paint needs no fingerprint

    lines = [f"snapshot {SNAPSHOT_VERSION}"]
    for parts, path in _fingerprinted(root):
        with open(path, "rb") as f:
            data = f.read()
        if parts[:2] == ("data", "messages"):
            data = _stateful(data)
        lines.append(f"{'/'.join(parts)} {len(data)} {zlib.crc32(data):08x} {zlib.adler32(data):08x}")
    return hashlib.sha256("\n".join(lines).encode("utf-8", "surrogateescape")).hexdigest()[:32]


@functools.cache
def rules_fingerprint() -> str:
    """What a state after a journal entry depends on besides the entries, 32 hex digits: sha256 of the snapshot
    format and, for each file of the command language (``script.py``), the rules core (``rules/**/*.py``) and
    its data (``data/**/*.toml``, of the message catalogues only the tables a state can hold: ``[text]`` and
    ``[name]``, see :data:`_WORDING`), its path, its length, its CRC-32 and its Adler-32 (``zlib``; any edit
    of up to 32 bits is seen by the CRC, and a file's sha256 cost ≈ 19 M instructions of a resume, issue 15).
    A checkpoint is used only by code with the same fingerprint: a changed rule means a full replay (and new
    checkpoints); a changed wording of a refusal or an event does not."""
    return fingerprint_of(Path(__file__).resolve().parent)
