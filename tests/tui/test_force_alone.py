"""``force`` typed alone says what force does and how it is written, in the screen's language (newcomer finding,
4 Dec: it said "unknown command 'force'" and listed every verb, force not among them)."""

from __future__ import annotations

import pytest
from pilot_support import played
from screen import type_line

from companion.rules.errors import CommandError
from companion.script import FORCE, parse
from companion.tui.app import CompanionApp

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]


@pytest.mark.parametrize("line", ["force", "FORCE ", " force # the prefix alone"])
def test_force_alone_is_its_usage_not_an_unknown_command(line):
    with pytest.raises(CommandError) as exc:
        parse(line)
    e = exc.value
    assert e.unknown is None and "unknown" not in e.en and "未知" not in e.zh
    assert FORCE.en in e.en and FORCE.zh in e.zh
    assert "force LINE" in e.en and "force 2 slash 5" in e.en  # usage and an example, in that language's words
    assert "force 命令" in e.zh and "force 2 杀 5" in e.zh


@pytest.mark.parametrize("lang, says", [("en", ("force LINE", "force 2 slash 5")), ("zh", ("force 命令", "force 2 杀 5"))])
async def test_the_dashboard_says_the_usage_of_force_in_its_language(lang, says):
    s = played(TABLE)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        n = len(s.log)
        await type_line(pilot, "force")
        assert len(s.log) == n
        said = app.message
        assert said.startswith("✗ ") and all(w in said for w in says), said
        assert (FORCE.zh if lang == "zh" else FORCE.en) in said
