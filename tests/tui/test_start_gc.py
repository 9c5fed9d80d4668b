"""The collector is paused while the dashboard starts and on again after its first paint (issue 15:
``companion.cli.pause_gc_for_start_up``, ``CompanionApp._start_gc``)."""

from __future__ import annotations

import gc
import sys
import types

import pytest

from companion.tui.app import CompanionApp


@pytest.fixture
def gc_restored():
    yield
    gc.unfreeze()
    gc.enable()


async def test_after_the_first_paint_the_collector_runs_again_with_the_start_up_frozen(session, gc_restored):
    gc.disable()  # as `companion new` / `resume` leave it
    frozen = gc.get_freeze_count()
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen  # the app and its widgets, at least


async def test_a_dashboard_started_with_the_collector_on_freezes_nothing(session, gc_restored):
    gc.enable()
    frozen = gc.get_freeze_count()
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() == frozen


@pytest.mark.parametrize("argv", [["new"], ["resume"], ["resume", "--game", "9"]])
def test_new_and_resume_pause_the_collector_for_the_start_up_and_turn_it_on_when_they_return(
        tmp_path, monkeypatch, argv, gc_restored):
    from companion.cli import main

    seen: list[bool] = []
    mod = types.ModuleType("companion.tui.app")

    def run_dashboard(session, lang, camera=0):
        seen.append(gc.isenabled())
        return 0

    mod.run_dashboard = run_dashboard
    monkeypatch.setitem(sys.modules, "companion.tui.app", mod)
    gc.enable()
    rc = main([*argv, "--db", str(tmp_path / "j.sqlite3")])
    assert gc.isenabled()  # also when the game was not found (rc 2)
    if argv == ["resume", "--game", "9"]:
        assert rc == 2 and seen == []
    else:
        assert rc == 0 and seen == [False]
