"""The command palette (ctrl+p) with the dashboard's own commands (issue 16 §6): keys' actions,
settings, choices and verbs, in the dashboard's language; the F-keys stay.  Real Session."""

from __future__ import annotations

from pilot_support import played
from screen import screen_text, until

from companion.tui.app import CommandBar, CompanionApp
from companion.tui.commands import palette_entries

TABLE = ["players 4", "lord 1", "general 1 曹操", "general 2 关羽", "general 3 张飞", "general 4 赵云", "start"]


def _session(lines=TABLE):
    return played(lines)


async def _palette(pilot, query: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    from textual.command import CommandPalette

    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*query)
    await pilot.pause(0.3)  # the providers search in the background
    await pilot.press("down", "enter")
    await pilot.pause()


async def _palette_in(pilot, lang: str) -> None:
    """Switch the dashboard to ``lang`` with F4 if it is not in it, then open the palette (ctrl+p)."""
    from textual.command import CommandPalette

    app = pilot.app
    if app.lang != lang:
        await pilot.press("f4")
        assert await until(pilot, lambda: app.lang == lang)
    await pilot.press("ctrl+p")
    assert await until(pilot, lambda: isinstance(app.screen, CommandPalette))


async def test_palette_opens_a_dialog_by_its_name():
    from companion.tui.screens import DistanceScreen

    app = CompanionApp(_session(), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _palette(pilot, "distance matrix")
        assert await until(pilot, lambda: isinstance(app.screen, DistanceScreen))


async def test_palette_setting_step_every_phase_and_language(monkeypatch):
    saved = {}
    monkeypatch.setattr("companion.settings.save", lambda **kw: saved.update(kw) or True)
    s = _session()
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        n = len(s.log)
        await _palette(pilot, "逐阶段推进")
        assert await until(pilot, lambda: app.step_every_phase)
        assert saved.get("step_every_phase") is True and len(s.log) == n  # a screen setting, not journaled
        await _palette(pilot, "English")
        assert await until(pilot, lambda: app.lang == "en")
        names = [name for name, _h, _cb in palette_entries(app)]
        assert "Setting: step every phase (F2 one phase at a time) ✓" in names
        assert not any("逐阶段" in name for name in names)  # completely English in en


async def test_palette_lists_the_choices_and_picks_one():
    s = _session()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")  # seat 1's play phase
        await pilot.pause()
        assert s.state.phase == "play"
        first = app.current_choices()[0]
        assert first.params.get("card") == "slash"
        await _palette(pilot, "1 " + first.label("en"))
        bar = app.query_one(CommandBar)
        assert await until(pilot, lambda: bar.value == first.before)  # the partial 杀 waits for its target


async def test_palette_verb_fills_the_bar_with_its_usage():
    app = CompanionApp(_session(), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _palette(pilot, "correction: damage")
        bar = app.query_one(CommandBar)
        assert await until(pilot, lambda: bar.value == "damage ")
        assert "damage T N" in app.message


async def test_seat_card_opens_skills_and_distances():
    """Issue 16 §4: the skills list opens from a seat card (a click on its general's line, empty bar) and
    the distance matrix too (a right-click: the cursor on that seat's row); a plain click still selects."""
    from textual.widgets import DataTable

    from companion.tui.screens import DistanceScreen, SkillsScreen

    s = _session()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        # offset (x, y) in the card: x=2 is inside the content (after the border and padding), y=1 the general
        await pilot.click("#seat-3", offset=(3, 1))
        assert await until(pilot, lambda: isinstance(app.screen, SkillsScreen))
        assert app.screen.seat == 3
        await pilot.press("escape")
        assert await until(pilot, lambda: not isinstance(app.screen, SkillsScreen))
        await pilot.click("#seat-3", offset=(3, 1), button=3)
        assert await until(pilot, lambda: isinstance(app.screen, DistanceScreen))
        table = app.screen.query_one(DataTable)
        assert s.state.alive[table.cursor_coordinate.row] == 3
        await pilot.press("escape")
        assert await until(pilot, lambda: not isinstance(app.screen, DistanceScreen))
        await pilot.click("#seat-3", offset=(3, 0))  # the top line: the seat as the actor, as before
        await pilot.pause()
        assert app.query_one(CommandBar).value == "3 "



def _at_seat_2s_judgement():
    """The table played on to seat 2's judgement of 乐不思蜀 (placed on it in seat 1's turn)."""
    s = _session(TABLE + ["place 2 indulgence", "end"])
    for _ in range(10):
        p = s.state.prompt
        if p is not None and p.kind == "judge":
            break
        s.submit("discard 2" if p is not None and p.kind == "discard" else "next")
    return s


async def test_a_face_alone_answers_a_judgement_and_track_hands_is_not_offered_mid_game():
    """Newcomer trial (issue 16): ``9h`` alone at a judgement is ``judge 9h``; ``track hands`` is a setup option."""
    s = _at_seat_2s_judgement()
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not any(line.startswith("track") for _n, line, _cb in palette_entries(app))
        assert s.state.prompt is not None and s.state.prompt.kind == "judge"
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press("9", "h", "enter")
        await pilot.pause()
        assert s.state.prompt is None or s.state.prompt.kind != "judge"
        assert any("judge 9h" in " ".join(e.lines) for e in s.log)


async def test_a_colour_and_rank_alone_at_a_judgement_is_refused_naming_both_suits():
    """Newcomer trial (3 Dec): ``红10`` alone at a judgement was "unknown command '红10'"; it is the
    ``judge`` answer, refused as ``judge 红10`` is: a colour is two suits (docs/commands.md)."""
    s = _at_seat_2s_judgement()
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert s.state.prompt is not None and s.state.prompt.kind == "judge"
        entries = len(s.log)
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press("红", "1", "0", "enter")
        await pilot.pause()
        shown = "".join(screen_text(app).split())  # a message may wrap anywhere in Chinese
        assert "未知命令" not in shown
        assert "“红”是颜色" in shown
        assert s.state.prompt is not None and s.state.prompt.kind == "judge" and len(s.log) == entries


async def test_palette_search_field_speaks_the_dashboards_language():
    """Newcomer trial (issue 16, item 10): the palette's search field is in the dashboard's language, not
    Textual's English "Search for commands…" in a zh dashboard; it follows F4."""
    from textual.command import CommandInput, CommandPalette

    from companion.tui.text import label

    app = CompanionApp(_session(), lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for lang in ("zh", "en"):
            await _palette_in(pilot, lang)
            field = app.screen.query_one(CommandInput)
            assert ("命令" in field.placeholder) == (lang == "zh"), field.placeholder
            assert field.placeholder == label("palette_search", lang)
            await pilot.press("escape")
            assert await until(pilot, lambda: not isinstance(app.screen, CommandPalette))


async def test_palette_lists_the_answers_at_an_archery_attack():
    """The README: ctrl+p lists every choice.  At a 万箭齐发 (each other seat in turn: 闪 or 1 damage, rulebook 001
    万箭齐发) the palette's list, before anything is typed, holds every answer the rules core gives for the pending
    question, numbered as on screen; picking one there answers it."""
    from textual.command import CommandList, CommandPalette

    from companion.rules.choices import choices

    s = _session()
    while s.state.phase != "play":
        s.submit("next")
    s.submit(f"{s.state.turn_seat} 万箭齐发")
    s.submit("pass all")  # nobody plays 无懈可击 against it: the first seat is asked
    p = s.state.prompt
    assert p is not None and p.kind == "respond" and p.data.get("need", "jink") == "jink"
    asked = p.seat
    answers = [c.label("en") for c in choices(s.state)]
    assert any("Jink" in a for a in answers) and any(a.startswith("take") for a in answers), answers
    app = CompanionApp(s, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        assert await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        shown = app.screen.query_one(CommandList)

        def listed() -> list[str]:
            # each option: its name, then its help on the next line
            return [str(shown.get_option_at_index(i).prompt).split("\n")[0] for i in range(shown.option_count)]

        assert await until(pilot, lambda: all(f"{i + 1} {a}" in listed() for i, a in enumerate(answers))), \
            (answers, listed()[:12])
        i, take = next((i, a) for i, a in enumerate(answers) if a.startswith("take"))
        await pilot.press(*f"{i + 1} {take}")
        await pilot.pause(0.3)  # the providers search in the background
        await pilot.press("down", "enter")
        assert await until(pilot, lambda: s.state.prompt is None or s.state.prompt.seat != asked)
        assert s.state.seat(asked).hp == s.state.seat(asked).max_hp - 1


async def test_a_search_that_finds_nothing_says_so_in_the_dashboards_language():
    """Textual's command palette says "No matches found" in English whatever the language (a literal in
    textual/command.py, no public hook): in Chinese the dashboard's provider says it itself, as one hit that does
    nothing; in English Textual's own line stays."""
    from textual.command import CommandList, CommandPalette

    from companion.tui.text import label

    app = CompanionApp(_session(), lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for lang in ("zh", "en"):
            await _palette_in(pilot, lang)
            await pilot.press(*"qqxqqx")

            def shown() -> list[str]:
                cl = app.screen.query_one(CommandList)
                prompts = [cl.get_option_at_index(i).prompt for i in range(cl.option_count)]
                return [str(getattr(p, "plain", p)) for p in prompts]

            want = "没有匹配的命令" if lang == "zh" else "No matches found"
            assert await until(pilot, lambda w=want: any(w in p for p in shown()), timeout=3.0), shown()
            await pilot.pause(0.7)  # past Textual's own countdown (0.5 s)
            assert ("No matches found" in " ".join(shown())) == (lang == "en"), shown()
            assert label("palette_no_match", "zh") == "没有匹配的命令"
            tip, n = app.session.tip, len(app.session.log)
            await pilot.press("enter")  # zh: the hit does nothing but close the palette; en: a disabled line
            await pilot.pause()
            assert (app.session.tip, len(app.session.log)) == (tip, n)
            if isinstance(app.screen, CommandPalette):
                await pilot.press("escape")
            assert await until(pilot, lambda: not isinstance(app.screen, CommandPalette))
