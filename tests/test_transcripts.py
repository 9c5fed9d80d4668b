"""Replay the transcripts in tests/data line by line and check the final state field by field.

Convention: a comment ``# expect-refused RULE: COMMAND`` is skipped by a replay; here
COMMAND must be refused with RULE at that point (and the state stays as it was).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rules.errors import Refused
from companion.rules.state import GameState
from companion.script import execute

DATA = Path(__file__).parent / "data"
EXPECT = re.compile(r"#\s*expect-refused\s+(\S+):\s*(.+)$")


def replay(name: str):
    st, events, refusals, actions = GameState(), [], [], 0
    for no, raw in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), 1):
        m = EXPECT.match(raw.strip())
        if m:
            with pytest.raises(Refused) as exc:
                execute(st, m[2])
            assert exc.value.rule == m[1], f"line {no}: {exc.value}"
            refusals.append(exc.value)
            continue
        try:
            r = execute(st, raw)
        except Exception as e:  # pragma: no cover - the message names the line
            raise AssertionError(f"{name} line {no}: {raw!r}: {e}") from e
        if raw.split("#")[0].strip():
            actions += 1
        st = r.state
        events.extend(r.events)
    return st, events, refusals, actions


def _seat(d, **kw):
    base = {"alive": False, "hp": 0, "hand": 0, "judgement_area": [],
            "equipment": {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": None}}
    base.update(kw)
    return base


def _check(st, game, seats):
    d = st.to_dict()
    for k, v in game.items():
        assert d["game"][k] == v, k
    for got, want in zip(d["seats"], seats, strict=True):
        for k, v in want.items():
            assert got[k] == v, (got["seat"], k, got[k], v)


def test_game6():
    st, events, refusals, actions = replay("game6.sgs")
    assert actions >= 80
    kinds = [e.kind for e in events]
    # a refused out-of-range 杀 with its reason, later accepted once seat 3 is dead
    assert refusals[0].en == "seat 2 → seat 5: distance 3 > attack range 2 (Qinggang Sword)"
    assert any(e.kind == "use" and e.seat == 2 and e.data.get("targets") == [5] for e in events)
    assert "rescued" in kinds
    reward = [e for e in events if e.kind == "reward"]
    assert [e.seat for e in reward] == [4] and "draws 3" in reward[0].en
    penalty = [e for e in events if e.kind == "penalty"]
    assert [e.seat for e in penalty] == [1] and "Eight Diagram♠2" in penalty[0].en and "八卦阵♠2" in penalty[0].zh
    assert "eight_diagram-spade-2" in penalty[0].data["cards"]
    assert any(e.kind == "end" and "died in their own turn" in e.en and e.seat == 5 for e in events)
    _check(st, {"players": 6, "round": 4, "turn_seat": 4, "phase": "play", "over": True,
                "winner": "rebel", "win_reason": "the lord is dead: the rebels win"}, [
        # lord 刘备: 4 + 1 max HP at 6 players; killed by Dan in round 4
        _seat(1, name="Alice", general="liubei", role="lord", max_hp=5),
        _seat(2, name="Bob", general="guanyu", role="loyalist", max_hp=4),
        _seat(3, name="Cathy", general="zhangfei", role="rebel", max_hp=4),
        # Dan: never damaged; his hand count is checked against the log in the next test
        {"seat": 4, "name": "Dan", "general": "zhaoyun", "role": None, "alive": True, "hp": 4, "max_hp": 4,
         "equipment": {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": "dayuan-spade-13"},
         "judgement_area": []},
        _seat(5, name="Eve", general="lvmeng", role="renegade", max_hp=4),
        {"seat": 6, "name": "Finn", "general": "huatuo", "role": None, "alive": True, "hp": 3, "max_hp": 3,
         "judgement_area": []},
    ])


def test_game6_hand_counts_follow_the_log():
    """Every hand count in the final state equals the last hand count the log reports for that seat."""
    st, events, _, _ = replay("game6.sgs")
    last = {}
    for e in events:
        m = re.search(r"\(hand (\d+)\)", e.en)
        if m and e.seat is not None:
            last[e.seat] = int(m[1])
    for n in (4, 6):
        assert st.seat(n).hand == last[n]


def test_renegade():
    st, events, refusals, actions = replay("renegade.sgs")
    assert [r.rule for r in refusals] == ["slash.limit", "discard.none", "game.over"]
    assert [e.seat for e in events if e.kind == "reward"] == [4]     # Ou killed the rebel
    assert not [e for e in events if e.kind == "penalty"]           # only a lord is penalised
    _check(st, {"players": 4, "round": 3, "turn_seat": 4, "over": True, "winner": "renegade"}, [
        _seat(1, name="Lu", general="sunquan", role="lord", max_hp=5),  # lord_hp_always at 4 players
        _seat(2, name="Ma", general="ganning", role="loyalist", max_hp=4),
        _seat(3, name="Ning", general="huanggai", role="rebel", max_hp=4),
        {"seat": 4, "name": "Ou", "general": "lvbu", "role": None, "alive": True, "hp": 1, "max_hp": 4,
         "hand": 0, "equipment": {"weapon": "halberd-diamond-12", "armor": None, "plus_horse": None, "minus_horse": None}},
    ])
    assert "renegade wins" in st.win_reason


def test_cards():
    """Issue 3: every trick and every weapon (and both armors) used at least once, resolved step by step."""
    from companion.rules.deck import KINDS, CardType
    st, events, refusals, actions = replay("cards.sgs")
    assert actions >= 150
    used = {e.data["card"].split("-")[0] for e in events if e.kind in ("use", "equip") and e.data.get("card")}
    tricks = {k for k, v in KINDS.items() if v.type in (CardType.TRICK, CardType.DELAYED_TRICK) and v.package == "standard"}
    weapons = {k for k, v in KINDS.items() if v.type == CardType.EQUIP and str(v.slot) in ("weapon", "armor")}
    assert tricks <= used, tricks - used
    assert weapons <= used, weapons - used
    assert [r.rule for r in refusals] == ["slash.limit", "trick.distance", "trick.target", "pick.zone", "slash.target"]
    assert refusals[1].en == "seat 2 → seat 4: distance 2 > 1 (Snatch)"
    text = "\n".join(e.en for e in events)
    for effect in ("armor is ignored", "Nioh Shield: a black Slash has no effect", "Axe: the Slash hits", "Ice Sword: the damage",
                   "(chain 2)", "is cancelled by Nullification", "killed a rebel: draws 3",
                   "picks Peach", "Double Swords"):
        assert effect in text, effect
    assert [e.seat for e in events if e.kind == "reward"] == [5]
    duel_damage = [e for e in events if e.kind == "damage" and "(Duel)" in e.en]
    assert [(e.seat, e.data["source"]) for e in duel_damage] == [(2, 4)]     # Bea lost; Dov, the winner, is the source
    _check(st, {"players": 6, "round": 3, "turn_seat": 1, "phase": "play", "over": False, "winner": None, "prompt": None}, [
        {"seat": 1, "name": "Ann", "general": "caocao", "role": "lord", "alive": True, "hp": 1, "max_hp": 5, "hand": 0,
         "equipment": {"weapon": "qinggang_sword", "armor": None, "plus_horse": None, "minus_horse": None},
         "judgement_area": []},
        _seat(2, name="Bea", general="diaochan", role="rebel", max_hp=3),
        {"seat": 3, "name": "Cid", "general": "zhaoyun", "role": None, "alive": True, "hp": 3, "max_hp": 4, "hand": 1,
         "equipment": {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": None},
         "judgement_area": ["lightning-spade-1"]},
        {"seat": 4, "name": "Dov", "general": "lvmeng", "role": None, "alive": True, "hp": 2, "max_hp": 4, "hand": 0,
         "equipment": {"weapon": "kylin_bow", "armor": None, "plus_horse": None, "minus_horse": None},
         "judgement_area": []},
        {"seat": 5, "name": "Eli", "general": "ganning", "role": None, "alive": True, "hp": 3, "max_hp": 4, "hand": 2,
         "equipment": {"weapon": "spear-spade-12", "armor": "nioh_shield-club-2", "plus_horse": None, "minus_horse": None},
         "judgement_area": []},
        {"seat": 6, "name": "Fay", "general": "huatuo", "role": None, "alive": True, "hp": 3, "max_hp": 3, "hand": 1,
         "equipment": {"weapon": "halberd-diamond-12", "armor": None, "plus_horse": None, "minus_horse": None},
         "judgement_area": []},
    ])


def test_light():
    """A whole game in light mode (issue 16 §5): 空城 asked (``hand.ask``) and answered with ``hand 2 1`` /
    ``hand 2 0``, 连营 asked "if that was your last hand card", a discard recorded as said; no hand count
    anywhere in the log."""
    st, events, refusals, actions = replay("light.sgs")
    assert actions >= 80
    assert [r.rule for r in refusals] == ["hand.ask", "skill.target", "skill.target", "skill.target", "hand.ask"]
    assert "Empty City" in refusals[1].en and all(r.seat == 2 for r in refusals if r.rule == "hand.ask")
    said = [e for e in events if e.kind == "hand"]
    assert [("holds no hand card" in e.en) for e in said] == [False, True, False]
    assert any(e.kind == "draw" and "Linked Camps" in e.en for e in events)
    assert [e.data.get("skill") for e in events if e.kind == "decline"].count("lianying") == 1
    assert any(e.kind == "discard" and e.seat == 1 for e in events)
    assert not any(re.search(r"\(hand \d+\)|hand cards?\b.*\d|\d+ hand card", e.en) for e in events
                   if e.kind != "hand"), [e.en for e in events if "hand" in e.en]
    _check(st, {"players": 4, "round": 3, "turn_seat": 4, "over": True, "winner": "lord"}, [
        {"seat": 1, "general": "sunquan", "role": "lord", "alive": True, "hp": 3},
        _seat(2, general="zhugeliang", role="rebel", max_hp=3),
        _seat(3, general="luxun", role="renegade", max_hp=3),
        {"seat": 4, "general": "lvbu", "alive": True, "hp": 3, "max_hp": 4},
    ])


@pytest.mark.parametrize("name", ["game6.sgs", "renegade.sgs", "cards.sgs", "light.sgs"])
def test_transcript_through_companion_replay_json(name, tmp_path):
    """`companion replay FILE --json` (a real process) ends in the state checked above, field by field."""
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    res = subprocess.run([sys.executable, "-m", "companion", "replay", str(DATA / name), "--json", "--lang", "en"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert res.returncode == 0, res.stderr
    got = json.loads(res.stdout)  # stdout is the JSON document alone; the log went to stderr
    assert "the game starts" in res.stderr
    want = replay(name)[0].to_dict()
    assert got["game"] == want["game"]
    assert got["game"]["over"] is (name != "cards.sgs")
    for g, w in zip(got["seats"], want["seats"], strict=True):
        assert g == w


def _full(seat, general, hp, max_hp, hand, role=None, alive=True, equipment=None, judgement_area=()):
    """Every field of a seat in the JSON shape (hidden roles are None)."""
    eq = {"weapon": None, "armor": None, "plus_horse": None, "minus_horse": None}
    eq.update(equipment or {})
    return {"seat": seat, "name": "", "general": general, "role": role, "alive": alive, "hp": hp, "max_hp": max_hp,
            "hand": hand, "equipment": eq, "judgement_area": list(judgement_area)}


def _skill_events(events, sid):
    return [e for e in events if e.data.get("skill") == sid]


def test_skills8():
    """8 seats, 8 generals with skills: every skill moment of the game is in the log; final state field by field."""
    st, events, refusals, actions = replay("skills8.sgs")
    assert actions >= 150
    assert [r.rule for r in refusals if r.rule != "discard.none"] == [
        "viewas.face", "skill.once", "viewas.face", "slash.range", "skill.target", "slash.limit"]
    assert [r.rule for r in refusals].count("discard.none") == 2   # discards nobody owed (rulebook 001 弃牌阶段)
    for sid in ("guicai", "fankui", "wusheng", "guose", "liuli", "fanjian", "jianxiong", "hujia"):
        assert _skill_events(events, sid), sid
    assert any(e.kind == "draw" and "Heroic Looks" in e.en and "draws 3" in e.en for e in events)
    # 反馈 after losing his own 决斗 took from the winner, 关羽 (default rule)
    fk = [e for e in events if e.kind == "skill" and e.data.get("skill") == "fankui"]
    assert "from seat 4" in fk[-1].en
    # 司马懿 killed at 1 HP: no 反馈 question after that damage
    death = next(i for i, e in enumerate(events) if e.kind == "death" and e.seat == 2)
    assert not [e for e in events[death - 12:] if e.data.get("skill") == "fankui"]
    assert not [e for e in events if e.kind == "reward"]             # a renegade and a loyalist died
    _check(st, {"players": 8, "round": 3, "turn_seat": 3, "phase": "finish", "over": False, "winner": None,
                "prompt": None}, [
        _full(1, "caocao", 4, 5, 4, role="lord"),
        _full(2, "simayi", 0, 3, 0, role="loyalist", alive=False),
        _full(3, "xiahoudun", 3, 4, 3),
        _full(4, "guanyu", 4, 4, 2),
        _full(5, "zhugeliang", 3, 3, 0, equipment={"armor": "eight_diagram-spade-2", "minus_horse": "chitu-heart-5"}),
        _full(6, "zhouyu", 3, 3, 3),
        _full(7, "daqiao", 0, 3, 0, role="renegade", alive=False),
        _full(8, "lvbu", 1, 4, 2),
    ])


def test_skills8b():
    """A second 8-seat game with eight other generals (16 different generals in the two transcripts)."""
    st, events, refusals, actions = replay("skills8b.sgs")
    a, _, _, _ = replay("skills8.sgs")
    assert len({s.general for s in st.seats} | {s.general for s in a.seats}) == 16
    assert [r.rule for r in refusals] == ["viewas.kingdom", "skill.target", "skill.target", "skill.once"]
    for sid in ("rende", "tuxi", "luoyi", "yiji", "qingguo", "kurou", "lijian"):
        assert _skill_events(events, sid), sid
    assert any(e.kind == "damage" and e.seat == 4 and e.data["amount"] == 2 for e in events)     # 裸衣
    assert sum(1 for e in events if "gains the judgement card" in e.en and "(Goddess Luo)" in e.en) == 2
    assert any("Linked Camps" in e.en for e in events) and any("Outshine the Moon" in e.en for e in events)
    lij = next(e for e in events if e.kind == "damage" and e.seat == 3 and "Duel" in e.en)
    assert lij.data["source"] == 2                                   # 离间: the winner 张辽
    _check(st, {"players": 8, "round": 2, "turn_seat": 1, "phase": "play", "over": False, "winner": None,
                "prompt": None}, [
        _full(1, "liubei", 5, 5, 3, role="lord"),
        _full(2, "zhangliao", 4, 4, 4),
        _full(3, "xuchu", 2, 4, 3),
        _full(4, "guojia", 1, 3, 1),
        _full(5, "zhenji", 3, 3, 2),
        _full(6, "luxun", 3, 3, 1, equipment={"weapon": "crossbow-club-1", "armor": "eight_diagram-spade-2",
                                              "plus_horse": "jueying-spade-5", "minus_horse": "chitu-heart-5"}),
        _full(7, "huanggai", 2, 4, 4),  # discarded down to the hand limit 2, then 仁德 gave 2
        _full(8, "diaochan", 1, 3, 2),
    ])


@pytest.mark.parametrize("name", ["skills8.sgs", "skills8b.sgs"])
def test_skills_replay_never_mutates_earlier_states(name):
    """Skill prompts, waiting on-damage skills and seat flags are replaced, never edited in place."""
    import copy

    from companion.script import execute as ex
    st, kept = GameState(), []
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        if EXPECT.match(raw.strip()) or not raw.split("#")[0].strip():
            continue
        st = ex(st, raw).state
        kept.append((st, copy.deepcopy(st.extra), [(p.kind, p.seat, copy.deepcopy(p.data)) for p in st.prompts],
                     [copy.deepcopy(s.flags) for s in st.seats], st.to_dict(reveal=True)))
    for s, extra, prompts, flags, d in kept:
        assert s.extra == extra and [(p.kind, p.seat, p.data) for p in s.prompts] == prompts
        assert [x.flags for x in s.seats] == flags and s.to_dict(reveal=True) == d
