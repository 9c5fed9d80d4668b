"""Pilot tests of the dashboard against a fake session."""

from __future__ import annotations

import pytest
from fakes import FakeSession, judge_state
from screen import screen_text, type_line
from textual.widgets import DataTable

from companion.rules.distance import distance, in_range
from companion.rules.state import Outcome
from companion.rules.vocab import Role, WinReason
from companion.tui.app import CommandBar, CompanionApp
from companion.tui.screens import ConfirmRevealScreen, DistanceScreen, HelpScreen
from companion.tui.text import label

SIZES = [(80, 24), (130, 40)]




@pytest.mark.parametrize("size", SIZES)
async def test_seats_and_prompt_are_drawn(session, size):
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for name in ("Alice", "Bob", "Cara", "Dan", "Eve", "Finn"):
            assert name in text
        assert "曹操" in text and "司马懿" in text and "马超" in text
        assert "●●●○○○" not in text  # no seat has 3/6
        assert "●○○ 1/3" in text  # seat 4 (Dan)
        assert "武:青釭" in text and "防:八卦" in text and "-1:赤兔" in text and "+1:的卢" in text
        assert "判定区: 乐不思蜀 闪电" in text  # placement order, full names where they fit
        assert "⚠ 5号位濒死：求桃" in text
        assert "第2轮 · 2号位（Bob） 出牌阶段" in text
        assert "▶ 2 Bob" in text and "⚠ 5 Eve" in text
        assert app.query_one("#seat-2").has_class("-current")
        assert app.query_one("#seat-5").has_class("-prompt")
        assert app.query_one("#seat-6").has_class("-dead")


async def test_seat_cards_fit_at_80x24(session):
    app = CompanionApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for n in range(1, 7):
            r = app.query_one(f"#seat-{n}").region
            assert r.right <= 80 and r.bottom <= 24 - 3, (n, r)
            # rows sized by SeatTable.fit: 6 seats at 80×24 leave room for 6-line cards (was 5)
            assert r.height == app.query_one("#table").card_height >= 5


async def test_command_changes_state_and_log(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "damage 3 1")
        assert session.submitted == ["damage 3 1"]
        assert session.state.seat(3).hp == 3
        assert "#1 damage 3 1" in app.log_text()
        assert "seat 3 takes 1 damage (3/4 HP)" in app.log_text()
        assert "●●●○ 3/4" in screen_text(app)
        assert app.query_one(CommandBar).value == ""


async def test_refused_command_shows_reason_and_changes_nothing(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.state.to_dict(reveal=True)
        await type_line(pilot, "slash 2 4")
        expected = in_range(session.state, 2, 4)
        assert not expected.ok
        assert session.state.to_dict(reveal=True) == before
        assert session.log == []
        msg = app.message
        assert expected.en in msg and "slash.range" in msg and "RULES_NOTES: Distance" in msg
        shown = screen_text(app)
        assert "slash.range" in shown
        assert "distance 3" in shown
        # the line stays in the bar to be corrected
        assert app.query_one(CommandBar).value == "slash 2 4"


async def test_unreadable_command_is_shown(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "bogus")
        assert "unknown command 'bogus'" in app.message
        assert session.log == []
        assert app.query_one("#message").has_class("-error")


async def test_undo_redo_keys(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "damage 4 1")
        assert session.state.seat(4).hp == 0
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert session.state.seat(4).hp == 1
        assert "undone" in app.log_text()
        assert "●○○ 1/3" in screen_text(app)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert session.state.seat(4).hp == 0
        assert "undone" not in app.log_text()
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert "nothing to redo" in app.message


async def test_next_phase_key(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert session.submitted == ["next"]
        assert session.state.phase == "discard"
        assert "seat 2 (Bob) discard phase" in screen_text(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert session.state.phase == "finish"


async def test_typing_letters_does_not_trigger_keys(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"qnzyr")
        await pilot.pause()
        assert app.is_running
        assert app.query_one(CommandBar).value == "qnzyr"
        assert session.submitted == []
        assert len(app.screen_stack) == 1


@pytest.mark.parametrize("size", SIZES)
async def test_distance_screen_numbers_from_distance_py(session, size):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=size) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, DistanceScreen)
        table = app.screen.query_one(DataTable)
        alive = session.state.alive
        assert alive == [1, 2, 3, 4, 5]
        assert table.row_count == 5
        for i, a in enumerate(alive):
            for j, b in enumerate(alive):
                cell = str(table.get_cell_at((i, j + 1)))
                if a == b:
                    assert cell == "—"
                    continue
                rc = in_range(session.state, a, b)
                assert cell == f"{rc.distance.value}" + ("" if rc.ok else "×"), (a, b, cell)
        # directional: seat 3 has a -1 horse, seat 4 a +1 horse
        assert distance(session.state, 3, 1).value == 1 and distance(session.state, 1, 3).value == 2
        assert str(table.get_cell_at((2, 1))).rstrip("×") == "1"  # row seat 3 → column seat 1
        assert str(table.get_cell_at((0, 3))).rstrip("×") == "2"  # row seat 1 → column seat 3
        # the reason of the selected pair
        table.move_cursor(row=1, column=4)  # seat 2 → seat 4
        await pilot.pause()
        rc = in_range(session.state, 2, 4)
        assert str(app.screen.query_one("#reason").content).startswith(rc.en)
        text = screen_text(app)
        assert "seat 2 → seat 4: distance 3" in text and "attack range 1" in text
        assert "6" not in [col.label.plain for col in table.columns.values()]  # dead seat 6 left out
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DistanceScreen)
        await pilot.press("ctrl+t")  # the alternative key
        await pilot.pause()
        assert isinstance(app.screen, DistanceScreen)


async def test_game_keys_are_inert_in_a_dialog(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert session.submitted == []


async def test_hidden_roles_are_not_drawn():
    session = FakeSession()
    for lang, hidden, lord, rebel in (("zh", ("忠臣", "内奸"), "主公", "反贼"),
                                      ("en", ("Loyalist", "Renegade"), "Lord", "Rebel")):
        app = CompanionApp(session, lang=lang)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            for word in hidden:
                assert word not in text
            assert lord in text  # the lord is public
            # seats 3 and 4 are living rebels: only dead seat 6's card is shown
            assert text.count(rebel) == 1


async def test_reveal_needs_confirmation(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmRevealScreen)
        assert "Loyalist" not in screen_text(app)
        await pilot.press("enter")  # a stray Enter: nothing typed → cancelled
        await pilot.pause()
        assert not app.reveal and "Loyalist" not in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("y", "enter")  # a wrong word
        await pilot.pause()
        assert not app.reveal and "Loyalist" not in screen_text(app)
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not app.reveal
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press(*"reveal", "enter")
        await pilot.pause()
        assert app.reveal
        text = screen_text(app)
        assert "Loyalist" in text and "Renegade" in text
        await pilot.press("f5")  # hiding needs no confirmation
        await pilot.pause()
        assert not app.reveal and "Loyalist" not in screen_text(app)


async def test_language_toggle_changes_labels(session):
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "曹操" in text and "手牌4" in text and "出牌阶段" in text
        assert "Cao Cao" not in text
        await pilot.press("f4")
        await pilot.pause()
        text = screen_text(app)
        assert app.lang == "en"
        assert "Cao Cao" in text and "hand 4" in text and "play phase" in text
        assert "曹操" not in text and "手牌" not in text
        assert "Undo" in text  # footer follows the language
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "撤销" in screen_text(app) and app.lang == "zh"


async def test_help_lists_keys(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "CTRL+Z" in text and "Undo" in text and "F3" in text
        assert "damage" in text


async def test_help_uses_the_given_command_languages_verbs(session):
    import types

    fake = types.SimpleNamespace(
        VERBS={"zap": types.SimpleNamespace(usage="zap S", en="test verb", zh="测试动词", example="zap 3")},
        completions=lambda state, text: ["zap 3"] if "zap 3".startswith(text) else [],
    )
    app = CompanionApp(session, lang="en", script=fake)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.completions("za") == ["zap 3"]
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        assert "zap S" in text and "test verb" in text and "e.g. zap 3" in text


async def test_completion_from_the_command_language(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        assert "damage" in app.completions("dam")
        assert "equip 3 qinggang_sword" in app.completions("equip 3 qing")
        assert app.completions("2 无中") == ["2 无中生有"]
        assert "damage 3" not in app.completions("damage 6")  # dead seat 6 is offered nothing else
        bar = app.query_one(CommandBar)
        bar.focus()
        await pilot.press(*"dam")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert bar.value == "damage"


async def test_judge_prompt_offers_scan_and_falls_back():
    session = FakeSession(judge_state())

    class NoCamera(CompanionApp):
        scanned = 0

        def scan_judgement_card(self):
            NoCamera.scanned += 1
            self._scan_failed("no camera in tests")

    app = NoCamera(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "type: judge FACE — or press F6 to scan" in screen_text(app)
        await pilot.press("f6")
        await pilot.pause()
        assert NoCamera.scanned == 1
        assert "camera not available: no camera in tests" in app.message
        assert session.submitted == []


async def test_scan_outside_judgement_says_so(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        assert "no judgement is pending" in app.message


async def test_game_over_header():
    session = FakeSession()
    session.state.over = True
    session.state.winner = "rebel"
    session.state.result = Outcome(Role.REBEL, WinReason.LORD_DEAD)  # the reason's text: the catalogue's
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "game over — winner: Rebel (the lord is dead: the rebels win)" in screen_text(app)


async def test_wide_screen_puts_log_beside_table(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#log").region
        seat3 = app.query_one("#seat-3").region
        assert log.x >= seat3.right
    app = CompanionApp(FakeSession(), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.query_one("#log").region
        assert log.y >= app.query_one("#seat-4").region.bottom


async def test_ten_seats_fit_at_80x24():
    from fakes import table_state

    from companion.rules.state import Seat

    state = table_state()
    for k in range(7, 11):
        state.seats.append(Seat(k, f"P{k}", "zhaoyun", "rebel", False, True, 4, 4, 4))
    state.players = 10
    app = CompanionApp(FakeSession(state), lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for k in range(1, 11):
            r = app.query_one(f"#seat-{k}").region
            # three rows of 4-line cards (SeatTable.fit: the question, choices and 4 log lines keep their room)
            assert r.height == 4 and r.bottom <= 24 - 3 - 4, (k, r)
        assert "P10" in text and "P7" in text
        # ring order: seat 10 left of seat 5 on the middle row, seat 6 below seat 5
        assert app.query_one("#seat-10").region.x < app.query_one("#seat-5").region.x
        assert app.query_one("#seat-6").region.y > app.query_one("#seat-5").region.y


def test_run_dashboard_returns_exit_code(monkeypatch, session):
    from companion.tui import app as app_mod

    seen = {}

    def fake_run(self, *a, **kw):
        seen["lang"] = self.lang
        seen["session"] = self.session
        return None

    monkeypatch.setattr(app_mod.CompanionApp, "run", fake_run)
    assert app_mod.run_dashboard(session, lang="en") == 0
    assert seen == {"lang": "en", "session": session}
    with pytest.raises(ValueError):
        app_mod.CompanionApp(session, lang="fr")


async def test_long_chinese_log_lines_fold_by_cells(session):
    from textual.widgets import RichLog

    long = "强制执行：请先回答：3号位（Cara）濒死（体力0）：1号位（Alice），是否使用桃（peach / pass）"
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        app.submit_line(f"note {long}")
        await pilot.pause()
        rows = [strip.text.rstrip() for strip in app.query_one("#log", RichLog).lines]
        bullet = [r for r in rows if r.startswith("  ·")]
        assert bullet and bullet[0].startswith("  · 强制执行"), rows  # not a bare bullet then a new line
        i = rows.index(bullet[0])
        assert rows[i + 1].startswith("    ") and "".join(r.strip() for r in rows[i:i + 2]).endswith("pass）")


async def test_command_history(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "damage 3 1")
        await type_line(pilot, "bogus")  # refused lines are remembered too, and stay in the bar
        bar = app.query_one(CommandBar)
        bar.value = ""
        await pilot.press("up")
        assert bar.value == "bogus"
        await pilot.press("up")
        assert bar.value == "damage 3 1"
        await pilot.press("down", "down")
        assert bar.value == ""


async def test_dealt_roles_do_not_leak_through_the_log(session):
    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "role 2 loyalist")
        await type_line(pilot, "role 6 rebel")  # seat 6 is dead: its role is public
        log = app.log_text()
        assert "#1 role 2 ••" in log and "loyalist" not in log
        bar = app.query_one(CommandBar)
        assert bar.value == "" and "role 2 loyalist" not in bar.history
        # seats 3 and 4 still hide 'rebel': a role line's seat number is not trusted (swap moves dealt roles,
        # issue 12 §4), so the line stays hidden while a living seat holds that role; seat 6's card shows it
        assert "#2 role 6 ••" in log and "[Rebel]" in screen_text(app)
        assert "loyalist" not in screen_text(app).lower()
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press(*"reveal", "enter")
        await pilot.pause()
        assert "#1 role 2 loyalist" in app.log_text()
        await pilot.press("f5")
        await pilot.pause()
        assert "loyalist" not in app.log_text()


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_skills_screen_lists_each_seats_skills(session, lang):
    from companion.tui.screens import SkillsScreen, skill_lines

    app = CompanionApp(session, lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, SkillsScreen)
        text = "\n".join(skill_lines(app.state, lang))
        if lang == "zh":
            assert "奸雄" in text and "反馈" in text and "鬼才" in text
        else:
            assert "Villainous Hero" in text and "Retaliation" in text
        await pilot.press("right", "right")  # seat 2 (digits now go to the command bar)
        await pilot.pause()
        one = "\n".join(skill_lines(app.state, lang, 2))
        if lang == "zh":
            assert "鬼才" in one and "奸雄" not in one
        else:  # one language: English names only (issue 16)
            assert "Demonic Talent" in one and "Villainous Hero" not in one and "鬼才" not in one
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SkillsScreen)


def test_skill_lines_mark_inactive_skills():
    from companion.rules.state import GameState
    from companion.script import execute
    from companion.tui.screens import skill_lines

    st = GameState()
    for line in ("players 4", "lord 1", "general 1 sunquan", "general 2 caocao", "general 3 zhenji",
                 "general 4 lvbu", "start"):
        st = execute(st, line).state
    zh = "\n".join(skill_lines(st, "zh"))
    assert "护驾（主公技）［无效：非主公］" in zh and "救援（锁定技，主公技）：" in zh
    st = st.clone()
    st.seat(4).alive = False
    en = "\n".join(skill_lines(st, "en", 4))
    assert "[inactive: dead]" in en and "seat 4" in en


async def test_skill_question_named_and_answered_with_one_key():
    from companion.session import Session

    s = Session.replay_lines(["players 4", "lord 1", "general 1 caocao", "general 2 guanyu", "general 3 zhangfei",
                              "general 4 machao", "start", "next", "next", "next", "end", "discard 2",
                              "next", "next", "next",
                              "2 杀 1", "take"])
    assert s.state.prompt.kind == "skill"
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        from screen import screen_text
        text = screen_text(app)
        assert "奸雄" in text and "F8 发动" in text
        hand = s.state.seat(1).hand
        await pilot.press("f8")
        await pilot.pause()
        assert s.state.prompt is None and s.state.seat(1).hand == hand + 1
        await pilot.press("f9")                          # nothing asked now: refused, nothing changes
        await pilot.pause()
        assert s.state.seat(1).hand == hand + 1


@pytest.mark.parametrize("key,screen_name", [("f7", "SkillsScreen"), ("f3", "DistanceScreen"), ("f1", "HelpScreen")])
async def test_typing_on_a_look_only_dialog_lands_in_the_command_bar(session, key, screen_name):
    """Newcomer trial: a line typed while F7 (or F3 / F1) was open was lost."""
    import companion.tui.screens as screens

    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, getattr(screens, screen_name))
        await pilot.press(*"damage 3 1")                # 'a', 'q' and digits included: none is swallowed
        await pilot.pause()
        assert not isinstance(app.screen, getattr(screens, screen_name))
        bar = app.query_one(CommandBar)
        assert bar.value == "damage 3 1" and bar.has_focus
        await pilot.press("enter")
        await pilot.pause()
        assert session.submitted == ["damage 3 1"]
        for first in ("2", "q", "a"):                    # the first key of a line is kept too
            bar.value = ""
            await pilot.press(key)
            await pilot.pause()
            await pilot.press(first)
            await pilot.pause()
            assert not isinstance(app.screen, getattr(screens, screen_name)) and bar.value == first


async def test_skills_screen_steps_through_seats_with_arrows(session):
    from companion.tui.screens import SkillsScreen

    app = CompanionApp(session, lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, SkillsScreen) and app.screen.seat is None
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.seat == 1
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.seat == 2 and "seat 2" in screen_text(app) and "seat 1" not in screen_text(app)
        await pilot.press("left", "left")
        await pilot.pause()
        assert app.screen.seat is None
        await pilot.press("left")
        await pilot.pause()
        assert app.screen.seat == 6


GANGLIE = ["players 4", "lord 1", "general 1 liubei", "general 2 xiahoudun", "general 3 zhangfei",
           "general 4 machao", "start", "next", "next", "next", "1 杀 2", "take"]


@pytest.mark.parametrize("lang", ["zh", "en"])
async def test_f8_f9_hint_only_for_yes_no_skill_questions(lang):
    """Newcomer trial: 刚烈's choice (discard 2 / take) showed the F8/F9 yes/no hint."""
    from companion.session import Session

    ask = Session.replay_lines(GANGLIE)                    # 刚烈: use it? — yes / no
    yes_no = "F8 发动 · F9 不发动" if lang == "zh" else "F8 yes · F9 no"
    app = CompanionApp(ask, lang=lang)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert yes_no in screen_text(app)
    choice = Session.replay_lines(GANGLIE + ["yes", "judge ♠7"])
    assert choice.state.prompt.data["step"] == "choice"
    app = CompanionApp(choice, lang=lang)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        answers = "输入 discard 2 或 take" if lang == "zh" else "discard 2 / take"  # zh: the words to type
        assert answers in text and "F8" not in text and "F9" not in text
        hand, log = choice.state.seat(1).hand, len(choice.log)
        await pilot.press("f8")                              # not a yes / no question: says so, sends nothing
        await pilot.pause()
        assert len(choice.log) == log and choice.state.seat(1).hand == hand
        assert app.message == label("not_yes_no", lang)
        await type_line(pilot, "discard 2")
        assert choice.state.prompt is None and choice.state.seat(1).hand == hand - 2


@pytest.mark.parametrize("lang,words", [("zh", "没有记录任何隐藏身份"), ("en", "no hidden roles recorded")])
async def test_f5_without_hidden_roles_says_so(lang, words):
    session = FakeSession()
    for s in session.state.seats:  # only the lord's (public) role is known
        if s.role != "lord":
            s.role = None
    app = CompanionApp(session, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f5")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmRevealScreen)
        assert app.message == words and not app.reveal
        assert label("roles_shown", lang) not in screen_text(app)


async def test_f4_saves_the_language_at_once(session):
    """The choice is on disk while the app still runs (a killed terminal keeps it)."""
    from companion import settings

    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert settings.load().get("lang") == "en"
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert settings.load().get("lang") == "zh"


@pytest.mark.parametrize("zh", [
    "5号位濒死：" + "求桃" * 34,  # one run without spaces that would wrap whole to the next line
    "\n5号位濒死：求桃（询问2号位）",  # a prompt text that starts with a line break
])
async def test_banner_warning_sign_keeps_its_text_at_80x24(zh):
    from fakes import table_state

    from companion.rules.state import Prompt

    state = table_state()
    state.prompts = [Prompt("dying", 5, en="seat 5 is dying", zh=zh, data={"victim": 5, "source": None, "order": [2], "i": 0})]
    app = CompanionApp(FakeSession(state), lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = screen_text(app).splitlines()
        banner = [r for r in rows if "⚠" in r and "濒死" in r or r.strip() == "⚠"]
        assert banner and banner[0].strip() != "⚠", rows[:4]
        assert banner[0].strip().startswith("⚠ 5号位濒死")
