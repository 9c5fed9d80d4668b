"""Checkpoints written while the prompts' payloads were dicts still open (issue 14, payload dataclasses):
tests/data/snapshots_v3_payloads.json holds version-3 snapshots written by main at 5bc85d5 — one for each set of
pending questions (kinds and payload keys) the transcripts reach: every kind of question, 无双's ``jinks``, the hints,
鬼才's judgement in its payload — and each decodes to the state these rules reach by replaying the same entries, its
payloads now their kinds' dataclasses, and is written again as the same JSON (a payload's keys in declaration order,
where the skills' ``ask(…)`` wrote them in another)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_snapshot_upgrade import replayed

from companion.rules.prompts import PAYLOADS
from companion.snapshot import SNAPSHOT_VERSION, decode, encode

DATA = Path(__file__).parent / "data"
SAVED = json.loads((DATA / "snapshots_v3_payloads.json").read_text(encoding="utf-8"))


def _payloads_as_dicts(v):
    """The snapshot's JSON with each prompt's payload (``{"d": [[key, value], …]}``) as a dict: its keys' order left out."""
    if isinstance(v, dict):
        if v.get("c") == "companion.rules.state:Prompt":
            f = dict(v["f"])
            f["data"] = {k: _payloads_as_dicts(x) for k, x in f["data"]["d"]}
            return {"c": v["c"], "f": {k: _payloads_as_dicts(x) for k, x in f.items()}}
        return {k: _payloads_as_dicts(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_payloads_as_dicts(x) for x in v]
    return v


@pytest.mark.parametrize("saved", SAVED, ids=[f"{s['file']}:{s['entries']}:{'+'.join(s['kinds'])}" for s in SAVED])
def test_a_snapshot_of_dict_payloads_decodes_to_the_state_of_its_entries(saved):
    assert json.loads(saved["snapshot"])["v"] == SNAPSHOT_VERSION == 3
    old = decode(saved["snapshot"])
    new = replayed(saved["file"], saved["entries"])
    assert old == new and old.prompts and old.to_dict(reveal=True) == new.to_dict(reveal=True)
    assert all(type(p.data) is PAYLOADS[p.kind] for p in old.prompts)
    again = encode(old)
    assert _payloads_as_dicts(json.loads(again)) == _payloads_as_dicts(json.loads(saved["snapshot"]))
    assert decode(again) == old


def test_the_saved_snapshots_cover_every_kind_and_are_mostly_written_again_byte_for_byte():
    assert {k for s in SAVED for k in s["kinds"]} == {str(k) for k in PAYLOADS}
    same = [s for s in SAVED if encode(decode(s["snapshot"])) == s["snapshot"]]
    assert len(same) == len(SAVED) - 1  # 鬼才's question: ask(step=…, job=…, face=…) wrote "step" first


def test_each_payload_read_by_key_answers_as_the_dict_it_was():
    """The read-only Mapping of a payload against the dict the snapshot kept (written by the code of dict payloads):
    ``in``, ``get`` with and without a default, ``[]`` and the keys, for every field of the kind and a foreign key."""
    from dataclasses import fields

    from companion.snapshot import _dec

    checked = 0
    for s in SAVED:
        kept = [_dec(p["f"]["data"]) for p in json.loads(s["snapshot"])["state"]["f"]["prompts"]]
        for p, old in zip(decode(s["snapshot"]).prompts, kept, strict=True):
            assert set(p.data) == set(old) and len(p.data) == len(old) and dict(p.data) == old
            for name in [f.name for f in fields(p.data)] + ["asked"]:
                assert (name in p.data) == (name in old), (p.kind, name)
                assert p.data.get(name) == old.get(name) and p.data.get(name, "x") == old.get(name, "x")
                if name in old:
                    assert p.data[name] == old[name]
                else:
                    with pytest.raises(KeyError):
                        p.data[name]
                checked += 1
    assert checked > 300
