"""The distance rule is stated once (companion/rules/reach.py): the rules' state-based API
(companion.rules.distance on a GameState) and the light core `companion distance` runs on (reach on its
Table) agree on random tables — seats 2–10, dead seats, horses, weapons, generals (马术, lord skills),
roles, the no_generals variant — and both agree with the rule written out here (RULES_NOTES: Distance and
attack range)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from companion.cli import main
from companion.rules import reach
from companion.rules.deck import KINDS
from companion.rules.distance import attack_range, distance, in_range, seat_distance
from companion.rules.generals import GENERALS
from companion.rules.state import GameState, Seat

WEAPONS = [k.id for k in KINDS.values() if k.slot == "weapon"]
MINUS = [k.id for k in KINDS.values() if k.slot == "minus_horse"]
PLUS = [k.id for k in KINDS.values() if k.slot == "plus_horse"]
MASHU = {g for g, gen in GENERALS.items() if any(s.id == "mashu" for s in gen.skills)}


def _ref(kinds: list[str]) -> hs.SearchStrategy[str | None]:
    """An empty slot, a kind id, or a card id (``"blade-spade-5"``) as the engine writes it."""
    kind = hs.sampled_from(kinds)
    return hs.one_of(hs.none(), kind, hs.builds(lambda k, r: f"{k}-spade-{r}", kind, hs.integers(1, 13)))


seat_st = hs.fixed_dictionaries({
    "alive": hs.sampled_from([True, True, True, False]),
    "weapon": _ref(WEAPONS), "minus_horse": _ref(MINUS), "plus_horse": _ref(PLUS),
    "general": hs.one_of(hs.none(), hs.sampled_from(sorted(MASHU)), hs.sampled_from(sorted(GENERALS))),
    "role": hs.sampled_from([None, "lord", "loyalist", "rebel", "renegade"]),
})
table_st = hs.tuples(hs.lists(seat_st, min_size=2, max_size=10), hs.booleans()).filter(
    lambda t: sum(s["alive"] for s in t[0]) >= 2)


def _both(seats: list[dict], no_generals: bool) -> tuple[GameState, reach.Table]:
    state = GameState(players=len(seats), seats=[Seat(i) for i in range(1, len(seats) + 1)],
                      variants={"no_generals"} if no_generals else set())
    light = reach.Table(len(seats))
    if no_generals:
        light.variants = frozenset({"no_generals"})
    for i, row in enumerate(seats, 1):
        for s in (state.seat(i), light.seat(i)):
            s.alive, s.general, s.role = row["alive"], row["general"], row["role"]
            for slot in ("weapon", "minus_horse", "plus_horse"):
                s.equipment[slot] = row[slot]
    return state, light


def _ring(alive: list[int], a: int, b: int) -> int:
    d = abs(alive.index(a) - alive.index(b))
    return min(d, len(alive) - d)


def _kind(ref: str | None) -> str | None:
    return ref.split("-")[0] if ref else None


@settings(max_examples=300, deadline=None)
@given(table_st)
def test_the_state_api_and_the_light_core_agree_on_random_tables(t):
    seats, no_generals = t
    state, light = _both(seats, no_generals)
    alive = state.alive
    assert light.alive == alive
    for a in alive:
        r = attack_range(state, a)
        assert (r.value, r.en, r.zh) == reach.attack_reach(light, a)
        weapon = _kind(seats[a - 1]["weapon"])
        assert r.value == (KINDS[weapon].range if weapon else 1)
        for b in alive:
            if a == b:
                continue
            d = distance(state, a, b)
            base, terms, value = reach.distance(light, a, b)
            assert (d.base, [(p.delta, p.en, p.zh) for p in d.parts], d.value) == (base, terms, value)
            for lang in ("en", "zh"):
                assert d.explain(lang) == reach.explain(base, terms, value, lang)
            c = in_range(state, a, b)
            assert (c.ok, c.distance.value, c.en, c.zh) == reach.in_range(light, a, b)
            # the rule itself: living seats the shorter way round, -1 for the measuring seat's -1 horse and its
            # working 马术, +1 for the target's +1 horse, never below 1; in range when within the weapon's range
            mashu = seats[a - 1]["general"] in MASHU and not no_generals
            expect = _ring(alive, a, b) - bool(seats[a - 1]["minus_horse"]) - mashu + bool(seats[b - 1]["plus_horse"])
            assert d.value == max(1, expect)
            assert c.ok == (d.value <= r.value)


@pytest.mark.parametrize("src, dst, words", [(1, 1, "seat 1: no distance to itself"), (1, 2, "seat 2 is dead"),
                                             (2, 3, "seat 2 is dead")])
def test_dead_seats_and_a_seat_to_itself_are_refused_alike(src, dst, words):
    state, light = _both([{"alive": i != 2, "weapon": None, "minus_horse": None, "plus_horse": None,
                           "general": None, "role": None} for i in (1, 2, 3)], False)
    with pytest.raises(ValueError) as old:
        seat_distance(state, src, dst)
    with pytest.raises(ValueError) as new:
        reach.in_range(light, src, dst)
    assert str(old.value) == str(new.value)
    assert str(new.value).startswith(words)


def _expected(state: GameState) -> dict:
    """`companion distance --json` computed with the state-based API."""
    alive = state.alive
    return {"alive": alive,
            "distance": {str(a): {str(b): distance(state, a, b).value for b in alive if b != a} for a in alive},
            "attack_range": {str(a): attack_range(state, a).value for a in alive},
            "in_range": {str(a): {str(b): in_range(state, a, b).ok for b in alive if b != a} for a in alive}}


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


cli_seat = hs.fixed_dictionaries({
    "alive": hs.sampled_from([True, True, True, False]), "weapon": hs.one_of(hs.none(), hs.sampled_from(WEAPONS)),
    "minus_horse": hs.one_of(hs.none(), hs.sampled_from(MINUS)), "plus_horse": hs.one_of(hs.none(), hs.sampled_from(PLUS)),
    "general": hs.one_of(hs.none(), hs.none(), hs.sampled_from(sorted(MASHU)), hs.sampled_from(sorted(GENERALS))),
    "role": hs.none(),
})


@settings(max_examples=60, deadline=None)
@given(hs.lists(cli_seat, min_size=2, max_size=10).filter(lambda s: sum(x["alive"] for x in s) >= 2),
       hs.sampled_from(["en", "zh"]))
def test_the_command_says_what_the_state_api_says(seats, lang):
    """`companion distance` (the light core on its Table) prints the numbers and sentences of the rules'
    state-based API for the same table, in JSON and in text, in both languages."""
    state, _light = _both(seats, False)
    argv = ["distance", "--players", str(len(seats))]
    for i, s in enumerate(seats, 1):
        argv += [] if s["alive"] else ["--dead", str(i)]
        argv += [f"--{slot.replace('_', '-')}={i}={s[slot]}" for slot in ("weapon", "minus_horse", "plus_horse") if s[slot]]
        argv += [f"--general={i}={s['general']}"] if s["general"] else []
    rc, out, err = _run([*argv, "--json"])
    assert (rc, err) == (0, "")
    assert json.loads(out) == json.loads(json.dumps(_expected(state)))
    rc, out, err = _run([*argv, "--lang", lang])
    assert (rc, err) == (0, "")
    alive = state.alive
    for a in alive:
        r = attack_range(state, a)
        assert (r.zh if lang == "zh" else r.en) in out
        for b in alive:
            if a != b:
                c = in_range(state, a, b)
                assert (f"  {c.zh if lang == 'zh' else c.en}\n" in out) == (not c.ok)
