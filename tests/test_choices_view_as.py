"""View-as answers and 酒 in ``choices(state)`` (issue 16 g): each listed, and accepted by the engine once
completed (the property test in test_choices.py does the same on random games)."""

from __future__ import annotations

from companion.rules.choices import choices
from companion.session import Session


def _table(gens: list[str], *more: str) -> Session:
    s = Session.new(None)
    for line in [f"players {len(gens)}", *more, "lord 1", *[f"general {i + 1} {g}" for i, g in enumerate(gens)],
                 "start", "next", "next", "next"]:
        s.submit(line)
    assert s.state.phase == "play" and s.state.turn_seat == 1
    return s


def _va(s: Session, sid: str):
    found = [c for c in choices(s.state) if c.key == "view_as" and c.params.get("skill") == sid]
    assert found, [c.line for c in choices(s.state)]
    return found[0]


def test_wusheng_in_a_duel_needs_a_red_face():
    s = _table(["caocao", "guanyu", "zhaoyun", "simayi"])
    s.submit("1 决斗 2")
    s.submit("pass all")  # nobody plays 无懈可击
    c = _va(s, "wusheng")
    assert (c.before, c.after, c.needs) == ("2 杀:", " via wusheng", "face")
    assert c.en == "Warrior Saint: a red card as Slash" and c.zh == "武圣：红色牌当杀"
    labels = [x.key for x in choices(s.state)]
    assert labels.index("take") < labels.index("view_as")  # the common answers keep their numbers
    s.submit(c.before + "♥Q" + c.after)
    assert s.state.prompt is not None and s.state.prompt.seat == 1  # 曹操 must answer with 杀 now


def test_longdan_needs_no_face_and_qingguo_a_black_one():
    s = _table(["liubei", "zhaoyun", "zhenji", "caocao"])
    s.submit("1 杀 2")
    c = _va(s, "longdan")
    assert c.complete and c.line == "2 闪 via longdan" and c.en == "Dragon Courage: Slash as Jink"
    s.submit(c.line)
    assert s.state.prompt is None and s.state.seat(2).hp == 4
    s2 = _table(["liubei", "zhenji", "zhaoyun", "caocao"])
    s2.submit("1 杀 2")
    c2 = _va(s2, "qingguo")
    s2.submit(c2.before + "♠7" + c2.after)
    assert s2.state.prompt is None and s2.state.seat(2).hp == 3


def _to_play_phase_of(s: Session, seat: int) -> None:
    for _ in range(40):
        st = s.state
        if st.turn_seat == seat and st.phase == "play" and st.prompt is None:
            return
        if st.prompt is not None and st.prompt.kind == "discard":
            s.submit("discard " + st.prompt.en.split("discard ")[1].split()[0])
        else:
            s.submit("next")
    raise AssertionError("never reached the play phase")


def test_hujia_lists_the_wei_seats_for_the_lord():
    s = _table(["caocao", "guanyu", "simayi", "zhangliao"])
    _to_play_phase_of(s, 2)
    s.submit("2 杀 1")  # the Wei lord is asked for 闪: seats 3 and 4 (Wei) may give one (护驾)
    c = _va(s, "hujia")
    assert c.options == (3, 4) and c.after == " 闪 via hujia" and c.en == "Escort: a Wei seat gives Jink"
    s.submit(c.before + "4" + c.after)
    assert s.state.prompt is None and s.state.seat(1).hp == s.state.seat(1).max_hp


def test_jijiu_at_a_peach_round_outside_his_turn():
    s = _table(["caocao", "huatuo", "guanyu", "zhangliao"])
    s.submit("damage 3 4 from 1")  # 关羽 dying on 曹操's turn: 华佗 (seat 2) may give a red card as 桃
    assert s.state.prompt.kind == "dying"
    c = _va(s, "jijiu")
    assert (c.before, c.after, c.seat) == ("2 桃:", " via jijiu", 2)
    s.submit(c.before + "♦A" + c.after)
    assert s.state.seat(3).hp == 1


def test_analeptic_with_maneuvering_only():
    s = _table(["caocao", "guanyu", "zhaoyun", "simayi"], "variant maneuvering")
    lines = [c.line for c in choices(s.state)]
    assert "1 酒" in lines
    s.submit("1 酒")
    plain = _table(["caocao", "guanyu", "zhaoyun", "simayi"])
    assert "1 酒" not in [c.line for c in choices(plain.state)]
