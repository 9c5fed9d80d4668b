"""Issue 14: ``pick`` at a weapon question that takes no pick (雌雄双股剑, 青龙偃月刀, 贯石斧) is refused with a
catalogued refusal naming the question; only 寒冰剑 and 麒麟弓 are answered with ``pick`` (cards.weapons).

The engine's gate (``engine.apply``: an action that does not answer the pending question is refused
``prompt.pending``) stops these before the handler; the handler itself (``engine.HANDLERS["pick"]``, public)
refuses too, instead of reading a ``target`` the question does not carry (雌雄双股剑: KeyError) or taking the
target's cards as 寒冰剑 does (青龙偃月刀, 贯石斧)."""

from __future__ import annotations

import pytest
from engine_support import refused, run, table, to_play

from companion.rules.engine import HANDLERS, Action
from companion.rules.errors import Refused
from companion.rules.flow import Ctx
from companion.rules.state import GameState

GENDERS = ["caocao", "diaochan", "zhaoyun", "lvmeng", "ganning", "huatuo"]  # seat 2 a woman: 雌雄双股剑 asks


def _at(kind: str) -> GameState:
    lines = {
        "weapon.double_swords": ("equip 1 雌雄双股剑", "1 杀 2"),
        "weapon.blade": ("equip 1 青龙偃月刀", "1 杀 2", "2 闪"),
        "weapon.axe": ("equip 1 贯石斧", "1 杀 2", "2 闪"),
    }[kind]
    st = run(to_play(table(6, generals=GENDERS)), "equip 2 赤兔", *lines)
    assert st.prompt is not None and st.prompt.kind == kind
    return st


KINDS = ["weapon.double_swords", "weapon.blade", "weapon.axe"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("line", ["pick", "pick hand", "pick hand minus_horse", "force pick hand"])
def test_pick_at_a_weapon_question_without_a_pick_is_refused_naming_the_question(kind: str, line: str) -> None:
    st = _at(kind)
    r = refused(st, line)
    assert r.rule in ("prompt.pending", "pick.none")
    assert st.prompt is not None and st.prompt.en in r.en and st.prompt.zh in r.zh


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("what", [[], ["hand"], ["hand", "minus_horse"]])
def test_the_pick_handler_refuses_at_those_questions_and_changes_nothing(kind: str, what: list[str]) -> None:
    st = _at(kind)
    work = st.clone()
    ctx = Ctx(work, False)
    with pytest.raises(Refused) as exc:
        HANDLERS["pick"](ctx, Action("pick", None, {"what": what}))
    r = exc.value
    assert r.rule == "pick.none" and not r.forceable
    assert st.prompt is not None and st.prompt.en in r.en and st.prompt.zh in r.zh
    assert ctx.ev == [] and work.to_dict() == st.to_dict()


def test_ice_sword_and_kylin_bow_are_still_answered_with_pick() -> None:
    st = run(to_play(table(6)), "equip 1 寒冰剑", "equip 2 赤兔", "1 杀 2", "take")
    assert st.prompt is not None and st.prompt.kind == "weapon.ice_sword"
    h2 = st.seat(2).hand
    a = run(st, "pick hand minus_horse")
    assert a.seat(2).hand == h2 - 1 and a.seat(2).equipment["minus_horse"] is None
    st = run(to_play(table(6)), "equip 1 麒麟弓", "equip 2 赤兔", "1 杀 2", "take")
    assert st.prompt is not None and st.prompt.kind == "weapon.kylin_bow"
    assert run(st, "pick").seat(2).equipment["minus_horse"] is None
