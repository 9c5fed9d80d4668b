"""The precompiled rules data (issue 15: start-up without parsing TOML) equals the TOML it was built from."""

from __future__ import annotations

import tomllib

import pytest

from companion.rules import compiled_data, datafiles


@pytest.mark.parametrize("name", datafiles.FILES)
def test_compiled_data_is_the_toml(name):
    raw = datafiles.read_bytes(name)
    size, crc, data = compiled_data.DATA[name]
    assert data == tomllib.loads(raw.decode("utf-8")), "stale: run python -m companion.rules.datafiles"
    assert (size, crc) == datafiles._stamp(raw), "stale: run python -m companion.rules.datafiles"
    assert datafiles.load(name) is data  # used as it is


def test_an_edited_toml_is_parsed_not_taken_from_the_compiled_module(monkeypatch):
    name = datafiles.FILES[0]
    raw = datafiles.read_bytes(name)
    edited = raw + b"\n# an edit after the module was built\n"
    monkeypatch.setattr(datafiles, "read_bytes", lambda filename: edited)
    got = datafiles.load(name)
    assert got == tomllib.loads(edited.decode("utf-8")) and got is not compiled_data.DATA[name][2]


def test_the_generated_source_is_the_module():
    from pathlib import Path
    assert datafiles.build() == Path(compiled_data.__file__).read_text(encoding="utf-8")
