"""Shared fixtures: every test gets its own config, data and cache dirs (no writes to the real user dirs)."""

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run and machine (hermetic: a CI run cannot fail by the luck
# of the draw, and a failure reproduces). Explore new draws by hand: pytest --hypothesis-profile=explore
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    base = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(base / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(base / "state"))  # platformdirs' user_log_dir (the crash log)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
