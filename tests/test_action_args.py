"""Every action carries the arguments its verb declares (companion/rules/actions.py): the required keys, no key
the verb does not name, and values of the declared types — over every line of every transcript, the lines
``prepare`` journals for them, and every choice the rules core lists on the way."""

from __future__ import annotations

import types
import typing
from pathlib import Path

from companion.rules.actions import ARGS
from companion.rules.choices import choices
from companion.rules.deck import Face
from companion.rules.engine import HANDLERS, Action
from companion.rules.state import GameState
from companion.script import execute, parse, prepare

DATA = Path(__file__).resolve().parent / "data"

MORE = ["players 5", "name 2 Bob Li", "swap 2 3", "deal roles seed=7", "deal generals", "role 3 rebel", "reveal rebel",
        "offer 2 guanyu zhaoyun", "variant maneuvering off", "track hands off", "damage 3 2 from 1 fire", "damage 2 1 from none",
        "heal 2 1", "lose 4 1", "draw 1 2", "hand 2 0", "maxhp 3 5", "give 1 2 2", "equip 2 qinggang_sword:♠6",
        "equip 3 chitu", "unequip 2 weapon", "unequip 2 chitu", "place 3 乐不思蜀:♥6", "remove 3 indulgence",
        "discard 2 1", "2 discard 2", "pass all", "nobody", "pass 3", "take 2", "3 pick hand", "pick armor",
        "1 杀:♥3+♠5 2", "2 杀 3 via wusheng", "1 spear 2", "3 桃 using armor", "2 zhiheng 2 weapon", "guicai 7h"]
"""Lines of the verbs the transcripts do not use (parsed, not applied)."""


def _fits(value: object, hint: object) -> bool:
    """``value`` is of the type ``hint`` (the few shapes actions.py uses)."""
    origin = typing.get_origin(hint)
    if origin is typing.Required:
        return _fits(value, typing.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        return isinstance(value, tuple) and all(_fits(v, item) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    assert hint in (str, bool, Face), hint  # a shape this checker does not know: extend it
    return isinstance(value, hint)  # type: ignore[arg-type]


def _check(a: Action, seen: set[str]) -> None:
    td = ARGS[a.verb]
    keys = set(a.args)
    assert td.__required_keys__ <= keys, (a.text, sorted(td.__required_keys__ - keys))
    assert keys <= td.__required_keys__ | td.__optional_keys__, (a.text, sorted(keys - set(td.__annotations__)))
    hints = typing.get_type_hints(td, include_extras=True)
    for k, v in a.args.items():
        assert _fits(v, hints[k]), (a.text, k, v, hints[k])
    seen.add(a.verb)


def test_every_action_of_every_transcript_and_its_choices_has_its_verbs_args():
    seen: set[str] = set()
    lines = 0
    for path in sorted(DATA.glob("*.sgs")):
        st = GameState()
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            for c in choices(st):
                if c.complete:
                    act = parse(c.line)
                    assert act is not None
                    _check(act, seen)
            act = parse(line)
            assert act is not None
            _check(act, seen)
            for done in prepare(st, line):  # 'deal …' is journaled as the lines it dealt
                prepared = parse(done)
                assert prepared is not None
                _check(prepared, seen)
            st = execute(st, line).state
            lines += 1
    assert lines > 500, lines
    for line in MORE:
        act = parse(line)
        assert act is not None
        _check(act, seen)
    assert {"use", "skill", "damage", "pass", "take", "judge", "pick", "discard", "deal", "role"} <= seen, sorted(seen)


def test_every_verb_has_an_args_type():
    assert set(HANDLERS) | {"deal"} == set(ARGS)  # 'deal' is prepared into lines, never applied


def test_the_checker_can_fail():
    bad = Action("damage", 3, {"n": "1", "source": None, "nature": "normal"}, False, "damage 3 one")
    try:
        _check(bad, set())
    except AssertionError:
        pass
    else:
        raise AssertionError("a count given as a string passed the check")
    missing = Action("give", 1, {"n": 1}, False, "give 1 ? 1")
    try:
        _check(missing, set())
    except AssertionError:
        return
    raise AssertionError("a give without 'to' passed the check")
