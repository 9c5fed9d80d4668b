"""A prompt's payload is a dataclass of its kind (companion/rules/prompts.py) whose JSON is the dict ``Prompt.data``
was: the read-only mapping reads that JSON, ``from_json(to_json())`` gives it back, an absent field is its documented
default, and a checkpoint keeps the dict (against the dicts the code before wrote: tests/test_snapshot_payloads.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from companion.rules.prompts import PAYLOADS, DyingData, NoData, RespondData, SkillData, WeaponHitData, payload_from_json
from companion.rules.state import GameState, Prompt
from companion.rules.vocab import PromptKind
from companion.script import execute
from companion.snapshot import decode, encode

DATA = Path(__file__).resolve().parent / "data"


def _prompts_of_the_transcripts() -> list[Prompt]:
    out = []
    for path in sorted(DATA.glob("*.sgs")):
        st = GameState()
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                st = execute(st, line).state
                out.extend(st.prompts)
    return out


PROMPTS = _prompts_of_the_transcripts()


def test_every_payload_is_its_kinds_dataclass_and_round_trips_through_its_json():
    assert len({p.kind for p in PROMPTS}) >= 8
    for p in PROMPTS:
        assert type(p.data) is PAYLOADS[p.kind]
        js = p.data.to_json()
        assert payload_from_json(p.kind, js) == p.data


def test_the_mapping_reads_the_json_to_json_gives():
    for p in PROMPTS:
        old = p.data.to_json()
        assert dict(p.data) == old and list(p.data) == list(old) and len(p.data) == len(old)
        for f in dataclasses.fields(p.data):
            assert (f.name in p.data) == (f.name in old)
            assert p.data.get(f.name, "dflt") == old.get(f.name, "dflt")
            if f.name not in old:
                with pytest.raises(KeyError):
                    p.data[f.name]
        assert "no_such_key" not in p.data and p.data.get("no_such_key", 7) == 7


def test_absent_is_the_documented_default():
    r = RespondData(source=None, card="slash", need="jink", cause="杀")
    assert "source" in r and r["source"] is None  # None: no source, a value of its own
    assert "source" not in RespondData() and RespondData().source == 0  # 0: absent
    assert "jinks" not in r and r.jinks is None and r.get("jinks", 1) == 1
    assert "ignore_armor" in RespondData(ignore_armor=False)  # False is a value, None absent
    assert DyingData(victim=2, source=3, order=(2, 3), i=0)["order"] == [2, 3]  # a tuple reads as the old list
    assert dict(NoData()) == {} and dict(SkillData(skill="fankui", step="ask")) == {"skill": "fankui", "step": "ask"}


def test_a_key_the_kind_does_not_have_or_an_absent_value_is_refused():
    with pytest.raises(TypeError):
        DyingData.from_json({"asked": [2]})
    with pytest.raises(TypeError):
        DyingData.from_json({"victim": 0})  # 0 stands for absent
    with pytest.raises(TypeError):
        Prompt(PromptKind.AXE, 2, "axe", "", RespondData(source=1))  # a weapon hit's payload is a WeaponHitData


def test_a_prompt_given_its_json_or_nothing_holds_its_kinds_dataclass():
    p = Prompt("dying", 5, "seat 5 is dying", "", {"victim": 5, "source": None, "order": [2], "i": 0})
    assert p.data == DyingData(victim=5, source=None, order=(2,), i=0) and p.clone().data is p.data
    assert Prompt("judge", 3, "flip").data == PAYLOADS[PromptKind.JUDGE]()


def test_a_weapon_hit_keeps_the_slash_data_and_its_flags():
    r = RespondData(source=1, card="slash-spade-7", slash=True, need="jink", ignore_armor=False, cause="杀")
    ice = r.hit(3, ice_done=True)
    assert type(ice) is WeaponHitData and ice.to_json() == {**r.to_json(), "target": 3, "ice_done": True}
    assert ice.hit(3, kylin_done=True).to_json() == {**ice.to_json(), "kylin_done": True}


def test_a_checkpoint_keeps_the_payload_as_its_json_dict():
    st = GameState()
    for line in ["players 4", "variant no_generals", "lord 1", "start", "next", "next", "next", "1 slash 2"]:
        st = execute(st, line).state
    assert st.prompt is not None and st.prompt.kind == "respond"
    doc = json.loads(encode(st))
    (prompt,) = doc["state"]["f"]["prompts"]
    assert prompt["f"]["data"] == {"d": [[k, v] for k, v in st.prompt.data.to_json().items()]}
    assert decode(encode(st)) == st
