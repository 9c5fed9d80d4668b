"""Choice numbers stay put within a play phase (newcomer trial, 2 Dec: once the 杀 was used up every
other choice moved up one number, and a moderator's fingers pressed the wrong one).  A choice no longer
possible keeps its number, greyed; picking it says the engine's refusal and applies nothing."""

from __future__ import annotations

from screen import type_line

from companion.session import Session
from companion.tui.app import CompanionApp
from companion.tui.widgets.choices import ChoicesBar

SIX = ["players 6", "lord 1", "general 1 孙权", "general 2 关羽", "general 3 张飞", "general 4 赵云",
       "general 5 甘宁", "general 6 黄盖", "start", "next", "next", "next"]


def _lines(app) -> list[str]:
    """The choices' lines in the rules core's words (the screen fills the bar in its own: ``1 slash`` in English)."""
    from companion.rules.choices import command_words

    return [command_words(c.line, "en") for c in app.current_choices()]


async def test_numbers_stay_when_the_slash_is_used_up():
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = _lines(app)
        assert before[0] == "1 slash" and app.spent == frozenset()
        await type_line(pilot, "1")  # 杀 …
        await pilot.press("2")  # … seat 2: submitted
        await pilot.pause()
        await type_line(pilot, "2")  # seat 2: take 1 damage
        await pilot.pause()
        assert app.state.prompt is None and app.state.phase == "play"
        after = _lines(app)
        assert after == before  # same numbers: 2 is still what 2 was
        assert 0 in app.spent and app.query_one(ChoicesBar).spent == app.spent
        entries = len(s.log)
        await type_line(pilot, "1")  # the spent 杀: refused with the engine's rule, nothing applied
        await pilot.pause()
        assert len(s.log) == entries
        assert "slash.limit" in app.message, app.message
        # the next seat's play phase numbers afresh
        await pilot.press("f2")
        await pilot.pause()
        while app.state.prompt is not None:  # seat 1's discard, if owed
            await type_line(pilot, "1")
            await pilot.pause()
        assert app.state.turn_seat == 2 and app.state.phase == "play"
        assert app.spent == frozenset() and _lines(app)[0] == "2 slash"


async def test_a_choice_that_becomes_possible_takes_a_free_number():
    s = Session.new(None)
    for line in SIX + ["lose 1 1"]:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = _lines(app)
        assert "1 peach" in before  # hurt: 桃 listed
        i = before.index("1 peach")
        await type_line(pilot, str(i + 1))  # 桃: full HP again
        await pilot.pause()
        after = _lines(app)
        assert after[:len(before)] == before[:len(after)] and i in app.spent


async def test_numbers_survive_an_undo_back_into_the_phase():
    s = Session.new(None)
    for line in SIX + ["1 杀 2", "take"]:  # the 杀 already used when the dashboard opens (a resume mid-phase)
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first = _lines(app)
        assert first[0] == "1 slash" and 0 in app.spent  # numbered as at the phase's start: 1 is 杀, greyed
        await pilot.press("f2")  # to seat 2's play phase, then the whole run undone
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.state.turn_seat == 1 and _lines(app) == first and 0 in app.spent
        await pilot.press("ctrl+z", "ctrl+z")  # take, 1 杀 2 undone: the 杀 is possible again, still number 1
        await pilot.pause()
        assert _lines(app) == first and app.spent == frozenset()


async def test_one_trick_keeps_each_answer_on_its_number_round_the_table():
    """Newcomer trial (issue 16, item 7): 万箭齐发 going round the table — ``take`` keeps one number for every
    seat (seat 3 has no hand card: its 闪's number stays, greyed, and says why when pressed; seat 4's 八卦阵 and
    龙胆 take free numbers after the others); picking by those numbers answers each seat."""
    s = Session.new(None)
    for line in SIX + ["hand 3 0", "equip 4 eight_diagram", "1 archery_attack"]:
        s.submit(line)
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen: dict[int, dict[str, int]] = {}
        for seat in (2, 3, 4, 5):
            p = app.state.prompt
            assert p is not None and p.kind == "nullify", p
            chs = app.current_choices()
            keys = {c.key: i for i, c in enumerate(chs) if i not in app.spent}
            seen[seat] = keys
            assert keys["take"] == seen[2]["take"] and keys["nobody"] == seen[2]["nobody"], (seat, keys)
            if seat == 3:
                jink = seen[2]["jink"]
                assert jink in app.spent and chs[jink].key == "jink"
                n = len(s.log)
                await type_line(pilot, str(jink + 1))  # the greyed 闪: said, nothing applied
                await pilot.pause()
                assert len(s.log) == n and "Jink" in app.message
            else:
                assert keys["jink"] == seen[2]["jink"]
            await type_line(pilot, str(keys["take"] + 1))
            await pilot.pause()
        assert seen[4]["bagua"] > seen[2]["nobody"] and seen[4]["view_as"] > seen[2]["nobody"]
        assert [list(e.lines) for e in s.log][-4:] == [["take"]] * 4
