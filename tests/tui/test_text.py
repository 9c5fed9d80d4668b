"""The dashboard's words and seat layout (no Textual)."""

import itertools

import pytest
from fakes import judge_state, table_state

from companion.rules.state import Seat
from companion.tui.text import (
    card_short,
    header_text,
    hp_marks,
    prompt_text,
    ring_layout,
    seat_lines,
)


def test_hp_marks():
    assert hp_marks(3, 4) == "●●●○"
    assert hp_marks(0, 3) == "○○○"
    assert hp_marks(-1, 3) == "○○○"
    assert hp_marks(5, 5) == "●●●●●"


def test_card_short_names():
    assert card_short("qinggang_sword-spade-6", "zh") == "青釭"
    assert card_short("qinggang_sword-spade-6", "en") == "Qinggang"
    assert card_short("chitu", "zh") == "赤兔"
    assert card_short("peach-heart-3", "en") == "Peach"
    assert card_short("mystery", "en") == "mystery"


@pytest.mark.parametrize("n", range(1, 11))
def test_ring_layout_places_every_seat_once_in_a_ring(n):
    rows, cols, pos = ring_layout(n)
    assert sorted(pos) == list(range(1, n + 1))
    assert len(set(pos.values())) == n
    assert all(0 <= r < rows and 0 <= c < cols for r, c in pos.values())
    assert cols <= 4  # at most four seat cards across: they stay readable at 80 columns
    # consecutive seats are neighbours on the ring (adjacent cells, or the same row/column edge)
    order = [pos[s] for s in range(1, n + 1)]
    for (r1, c1), (r2, c2) in itertools.pairwise(order):
        assert abs(r1 - r2) + abs(c1 - c2) <= 2, (n, order)
    # seat 1 top left, play goes left to right along the top
    assert pos[1] == (0, 0)
    if n >= 2:
        assert pos[2] == (0, 1) or (n == 2 and pos[2] == (1, 0))


def test_ring_layout_ten_seats():
    rows, cols, pos = ring_layout(10)
    assert (rows, cols) == (3, 4)
    assert [pos[s] for s in (1, 2, 3, 4)] == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert pos[5] == (1, 3) and pos[10] == (1, 0)
    assert [pos[s] for s in (6, 7, 8, 9)] == [(2, 3), (2, 2), (2, 1), (2, 0)]


def test_seat_lines_hide_living_roles_unless_revealed():
    s = table_state()
    loyal = s.seat(2)
    assert "忠臣" not in "".join(seat_lines(loyal, "zh"))
    assert "忠臣" in seat_lines(loyal, "zh", reveal=True)[0]
    assert "主公" in seat_lines(s.seat(1), "zh")[0]
    dead = seat_lines(s.seat(6), "en")
    assert "Rebel" in dead[0] and "dead" in dead[0]
    assert seat_lines(s.seat(5), "zh")[0] == "5 Eve !濒死"


def test_seat_lines_content():
    top, gen, hp, eq, jud = seat_lines(table_state().seat(3), "en")
    assert top == "3 Cara"
    assert gen == "Guan Yu Shu"  # the kingdom by name, not its id (issue 16)
    assert hp == "●●●● 4/4  hand 4"
    assert eq == "-1:Chitu"
    assert jud == "judge: Indul Lightning"  # not "Light" (read as light mode: tests/tui/test_seat_80x24.py)
    assert seat_lines(Seat(7), "zh")[1] == "（未选将）"


def test_header_and_prompt():
    s = table_state()
    assert header_text(s, "zh") == "第2轮 · 2号位（Bob） 出牌阶段"
    assert header_text(s, "en") == "round 2 · seat 2 (Bob) play phase"
    assert prompt_text(s, "zh") == "⚠ 5号位濒死：求桃（询问2号位）"
    j = judge_state()
    assert prompt_text(j, "en").endswith("type: judge FACE — or press F6 to scan")
    s.prompts = []
    assert prompt_text(s, "en") == ""


def test_package_exports_lazily():
    import companion.tui as tui
    from companion.tui.app import CompanionApp, run_dashboard

    assert tui.run_dashboard is run_dashboard and tui.CompanionApp is CompanionApp
    with pytest.raises(AttributeError):
        tui.nothing_here  # noqa: B018


def test_seat_card_uses_full_card_names_only_where_they_fit():
    from companion.tui.app import SeatCard

    seat = table_state().seat(3)
    wide = SeatCard._text(seat, "zh", False, False, False, width=30).plain
    narrow = SeatCard._text(seat, "zh", False, False, False, width=16).plain
    assert "判定区: 乐不思蜀 闪电" in wide
    assert "判定区: 乐 闪电" in narrow and "乐不思蜀" not in narrow
    one = SeatCard._text(table_state().seat(1), "en", False, False, False, width=30).plain
    assert "W:Qinggang Sword(2)" in one
    assert "W:Qinggang(2)" in SeatCard._text(table_state().seat(1), "en", False, False, False, width=13).plain
    # narrower than the short name: the compact label, never a cut one
    assert "WQinggang(2)" in SeatCard._text(table_state().seat(1), "en", False, False, False, width=12).plain


def test_redact_line_hides_living_hidden_roles():
    from companion.tui.text import redact_line

    s = table_state()
    assert redact_line("role 2 loyalist", s) == "role 2 ••"
    assert redact_line("force role 3 反贼", s) == "force role 3 ••"
    # seat 6 is dead, but a living seat still hides 'rebel' and the seat number is not trusted (swap): hidden
    assert redact_line("role 6 rebel", s) == "role 6 ••"
    s.seat(3).role_public = True
    s.seat(4).role_public = True  # now no living seat hides 'rebel': the line names no secret
    assert redact_line("role 6 rebel", s) == "role 6 rebel"
    assert redact_line("role 4 loyalist", s) == "role 4 ••"  # seat 2 still hides 'loyalist'
    assert redact_line("role 2 主公", s) == "role 2 主公"  # the lord is public
    assert redact_line("role 2 loyalist", s, reveal=True) == "role 2 loyalist"
    assert redact_line("role x rebel", s) == "role x ••"
    assert redact_line("damage 3 1", s) == "damage 3 1"


def test_fold_cells_breaks_at_spaces_and_inside_long_chinese_runs():
    from rich.cells import cell_len

    from companion.tui.text import fold_cells

    en = "  · seat 4 (Liu Bei) takes 1 damage from seat 2 (Guan Yu) (杀): HP 3/4"
    lines = fold_cells(en, 30)
    assert all(cell_len(x) <= 30 for x in lines)
    assert " ".join(x.strip() for x in lines) == en.strip()  # no word was cut
    zh = "  · 4号位（刘备）受到2号位（关羽）造成的1点伤害（杀）：体力3/4，濒死求桃中"
    lines = fold_cells(zh, 20)
    assert all(cell_len(x) <= 20 for x in lines) and len(lines) >= 3
    assert "".join(x.strip() for x in lines).replace(" ", "") == zh.replace(" ", "")
    assert fold_cells("", 30) == [""]


def test_skill_judgement_prompts_get_the_scan_hint():
    from companion.rules.state import Prompt
    from companion.tui.text import is_judgement_prompt

    assert is_judgement_prompt(Prompt("skill", 2, "flip", "", {"skill": "ganglie", "step": "judge"}))
    assert not is_judgement_prompt(Prompt("skill", 2, "ask", "", {"skill": "ganglie", "step": "ask"}))
    assert is_judgement_prompt(Prompt("judge", 2, "flip", "", {"card": "indulgence"}))
    assert not is_judgement_prompt(None)


def test_prompts_offering_judge_face_take_the_scan():
    from companion.rules.cards.armor import BAGUA_HINT, drop_bagua_hint
    from companion.rules.state import Prompt
    from companion.tui.text import accepts_judge_face

    jink = Prompt("respond", 2, "seat 2: play 闪 or take 1 damage (jink / take) — " + BAGUA_HINT[0],
                  "2号位：打出闪——" + BAGUA_HINT[1], {"need": "jink"})
    assert accepts_judge_face(jink)
    assert not accepts_judge_face(drop_bagua_hint(jink))  # judged black: 闪 or take, no second judgement
    assert accepts_judge_face(Prompt("skill", 2, "seat 2's 洛神: flip a judgement card — judge FACE", "",
                                     {"skill": "luoshen", "step": "judge"}))
    assert not accepts_judge_face(Prompt("dying", 5, "asking for a Peach", "", {}))
    assert not accepts_judge_face(None)


def test_seat_lines_before_start_show_the_generals_real_max_hp():
    """Newcomer trial: before `start` every card showed 4/4, also for 3-HP generals."""
    from companion.rules.state import GameState
    from companion.script import execute

    st = GameState()
    for line in ("players 5", "lord 1", "general 1 liubei", "general 2 guojia", "general 3 zhugeliang",
                 "general 4 guanyu"):
        st = execute(st, line).state
    hp = lambda n, lang="en": seat_lines(st.seat(n), lang, state=st)[2]  # noqa: E731
    assert hp(1) == "●●●●● 5/5  hand 0"        # 刘备 4 + the lord's 1 (5 players)
    assert hp(2) == "●●● 3/3  hand 0"          # 郭嘉
    assert hp(3) == "●●● 3/3  hand 0"          # 诸葛亮
    assert hp(4) == "●●●● 4/4  hand 0"
    assert hp(5) == "— HP: pick a general  hand 0" and hp(5, "zh") == "— 体力待选将  手牌0"
    started = execute(execute(st, "general 5 daqiao").state, "start").state
    for n in range(1, 6):  # what start gives is what was shown
        s = started.seat(n)
        assert seat_lines(s, "en", state=started)[2].split("  ")[0] == f"{hp_marks(s.max_hp, s.max_hp)} {s.max_hp}/{s.max_hp}"
    st4 = execute(st, "players 4").state  # 4 players: no lord bonus
    assert seat_lines(st4.seat(1), "en", state=st4)[2].startswith("●●●● 4/4")
    nog = execute(st, "variant no_generals").state
    assert seat_lines(nog.seat(5), "en", state=nog)[2].startswith("●●●● 4/4")


def test_skill_hint_follows_the_answers_the_rules_register():
    from companion.rules.state import Prompt
    from companion.tui.text import skill_answer_verbs

    st = table_state()
    ask = Prompt("skill", 1, en="seat 1's 奸雄: take the card? — yes / no", data={"skill": "jianxiong", "step": "ask"})
    choice = Prompt("skill", 2, en="刚烈 — discard 2 hand cards or take 1 damage (discard 2 / take)",
                    data={"skill": "ganglie", "step": "choice", "owner": 1})
    guicai = Prompt("skill", 2, en="鬼才 — guicai FACE / no", data={"skill": "guicai", "step": "guicai"})
    assert {"yes", "no"} <= skill_answer_verbs(ask) and "yes" not in skill_answer_verbs(choice)
    shown = {}
    for name, p in (("ask", ask), ("choice", choice), ("guicai", guicai)):
        st.prompts = [p]
        shown[name] = prompt_text(st, "en")
    assert shown["ask"].endswith("F8 yes · F9 no · F7 skill texts")
    assert shown["choice"].endswith("F7 skill texts") and "F8" not in shown["choice"] and "F9" not in shown["choice"]
    assert shown["guicai"].endswith("F9 no · F7 skill texts") and "F8" not in shown["guicai"]


def test_game_over_header_gives_the_win_reason_in_the_dashboard_language():
    from engine_support import run, table
    from test_engine_outcome import _kill
    st = _kill(table(6), 1, "2")
    assert header_text(st, "zh") == "游戏结束——胜方：反贼（主公阵亡：反贼获胜）"
    assert header_text(st, "en").endswith("(the lord is dead: the rebels win)")
    from companion.rules.state import win_words
    assert win_words(run(st, "name 2 Winner")) == ("the lord is dead: the rebels win", "主公阵亡：反贼获胜")


def test_scan_status_line_in_both_languages_and_no_name_for_a_weak_guess():
    from types import SimpleNamespace as NS

    from companion.tui.text import scan_status_text

    weak = NS(state="reading", reading=NS(label="♦Q", confidence=0.0), text="reading ♦Q (0.00)", streak=0)
    sure = NS(state="reading", reading=NS(label="♦Q", confidence=0.83), text="reading ♦Q (0.83)", streak=2)
    done = NS(state="accepted", reading=NS(label="♦Q", confidence=0.97), text="accepted ♦Q", streak=3)
    none = NS(state="searching", reading=None, text="searching", streak=0)
    assert scan_status_text(weak, "en") == "looking for a card…" and scan_status_text(weak, "zh") == "正在找牌…"
    assert scan_status_text(none, "zh") == "正在找牌…"
    assert scan_status_text(sure, "en") == "reading ♦Q (0.83), 2 frames agree"
    assert scan_status_text(sure, "zh") == "正在识别 ♦Q（0.83），2帧一致"
    assert scan_status_text(done, "zh") == "已读到 ♦Q" and scan_status_text(done, "en") == "accepted ♦Q"
