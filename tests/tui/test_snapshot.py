"""SVG snapshot of the dashboard on a fixed table (regenerate with --snapshot-update)."""

from fakes import FakeSession, judge_state

from companion.tui.app import CommandBar, CompanionApp


async def _still(pilot):
    pilot.app.query_one(CommandBar).cursor_blink = False  # a blinking cursor is drawn or not by the clock
    await pilot.pause()


def test_dashboard_snapshot_zh(snap_compare):
    assert snap_compare(CompanionApp(FakeSession(), lang="zh"), terminal_size=(100, 30), run_before=_still)


def test_dashboard_snapshot_en_judge_after_damage(snap_compare):
    async def run_before(pilot):
        await _still(pilot)
        pilot.app.submit_line("damage 4 1")
        await pilot.pause()

    app = CompanionApp(FakeSession(judge_state()), lang="en")
    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)
