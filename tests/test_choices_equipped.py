"""View-as choices with an EQUIPPED card (newcomer trial, 2 Dec: 武圣 with a red weapon was not listed): 武圣 as
an answer and in the play phase, 奇袭 / 国色, 急救 at a 桃 round, 流离 discarding an equipment card.  Each is
listed where the skill's text allows any card (standard_generals.json: 武圣 "一张红色牌", 奇袭 "一张黑色牌", 国色
"一张方块牌", 急救 "一张红色牌"), and every listed one is accepted by the engine, with every legal seat."""

from __future__ import annotations

from companion.rules.choices import Choice, choices
from companion.rules.errors import CommandError, Refused
from companion.rules.state import GameState
from companion.script import execute


def _state(lines: list[str]) -> GameState:
    st = GameState()
    for line in lines:
        st = execute(st, line).state
    return st


def _state_from(st: GameState, lines: list[str]) -> GameState:
    for line in lines:
        st = execute(st, line).state
    return st


def _using(st: GameState) -> list[Choice]:
    return [c for c in choices(st) if c.params.get("using")]


def _all_accepted(st: GameState, chs: list[Choice]) -> None:
    for c in chs:
        lines = [c.line] if c.complete else [c.before + str(o) + c.after for o in c.options]
        assert lines, c
        for line in lines:
            try:
                execute(st, line)
            except (Refused, CommandError) as e:
                raise AssertionError(f"{line}: {e}") from e


def _to_play(st: GameState, seat: int) -> GameState:
    """On to seat ``seat``'s play phase: every discard owed made, every skill question declined."""
    while st.turn_seat != seat or st.phase != "play" or st.prompt is not None:
        p = st.prompt
        if p is None:
            line = "end" if st.phase == "play" else "next"
        elif p.kind == "discard":
            line = f"discard {st.seat(p.seat).hand - st.seat(p.seat).hp}"
        else:
            line = "no"
        st = execute(st, line).state
    return st


TABLE = ["players 4", "lord 1", "general 1 guanyu", "general 2 daqiao", "general 3 ganning", "general 4 huatuo",
         "start"]


def test_wusheng_with_a_red_horse_in_the_play_phase_and_as_an_answer():
    st = _state(TABLE + ["equip 1 chitu", "equip 1 eight_diagram", "next", "next", "next", "hand 1 0"])
    chs = _using(st)
    assert [c.after for c in chs] == [" via wusheng using minus_horse"], [c.line for c in chs]  # 赤兔 ♥5; 八卦阵 is black
    assert chs[0].label("en") == "Warrior Saint: Chitu as Slash" and chs[0].label("zh") == "武圣：赤兔当杀"
    _all_accepted(st, chs)
    # asked for 杀 by a 决斗 with no hand card: 武圣 with the horse answers
    st = _to_play(_state(TABLE + ["equip 1 chitu"]), 2)
    st = _state_from(st, ["hand 1 0", "2 决斗 1", "pass all"])
    assert st.prompt is not None and st.prompt.seat == 1 and st.prompt.kind == "respond"
    lines = [c.line for c in _using(st)]
    assert lines == ["1 杀 via wusheng using minus_horse"], lines
    _all_accepted(st, _using(st))


def test_qixi_guose_liuli_and_jijiu_with_equipment():
    st = _state(TABLE + ["equip 2 chitu", "equip 3 eight_diagram", "equip 4 zhuahuangfeidian",
                         "next", "next", "next", "1 杀:♥Q 2 via wusheng"])
    liuli = [c for c in _using(st) if c.params.get("skill") == "liuli"]
    assert [c.after for c in liuli] == [" minus_horse"], [c.line for c in _using(st)]
    _all_accepted(st, liuli)
    st = _to_play(_state(TABLE + ["equip 3 eight_diagram"]), 3)
    assert st.turn_seat == 3 and st.phase == "play", (st.turn_seat, st.phase)
    qixi = [c for c in _using(st) if c.params.get("skill") == "qixi"]
    assert [c.after for c in qixi] == [" via qixi using armor"], [c.line for c in _using(st)]  # 八卦阵 is black
    _all_accepted(st, qixi)
    st = _state(TABLE + ["equip 4 chitu", "next", "next", "next", "lose 2 3"])  # seat 2 dying in seat 1's turn
    jijiu = [c for c in _using(st) if c.params.get("skill") == "jijiu"]
    assert [c.line for c in jijiu] == ["4 桃 via jijiu using minus_horse"], [c.line for c in choices(st)]
    _all_accepted(st, jijiu)
