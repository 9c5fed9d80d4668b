"""The command language: parse, prepare (deal expansion), execute, VERBS, completions."""

from __future__ import annotations

import pytest
from engine_support import run, table

from companion.rules.deck import Face, Suit
from companion.rules.errors import CommandError
from companion.rules.state import GameState
from companion.script import VERBS, completions, execute, parse, prepare


def test_blank_and_comments():
    assert parse("") is None and parse("   ") is None and parse("# hello") is None
    a = parse("next  # go on")
    assert a.verb == "next" and not a.forced


def test_card_use_zh_and_en_with_face():
    a = parse("2 杀:♠7 5")
    b = parse("2 slash:S7 5")
    assert a.verb == b.verb == "use" and a.seat == 2
    assert a.args == b.args == {"card": "slash", "face": Face(Suit.SPADE, 7), "targets": [5]}
    assert parse("2 杀：黑桃7 5").args == a.args  # fullwidth colon (Chinese input)
    assert parse("3 peach").args["card"] == "peach"
    assert parse("1 赤兔").args["card"] == "chitu"
    c = parse("peach")
    assert c.verb == "use" and c.seat is None


def test_force_prefix():
    a = parse("force 2 slash 5")
    assert a.forced and a.verb == "use" and a.text == "2 slash 5"


def test_verbs_parse():
    assert parse("players 6").args == {"n": 6}
    assert parse("name 2 Zhang San").args == {"text": "Zhang San"}
    assert parse("general 2 关羽").args == {"general": "guanyu"}
    assert parse("role 3 反贼").args == {"role": "rebel"}
    assert parse("reveal 内奸").args == {"role": "renegade"}
    assert parse("damage 4 1 from 2 fire").args == {"n": 1, "source": 2, "nature": "fire"}
    assert parse("damage 4 3 from none thunder").args == {"n": 3, "source": None, "nature": "thunder"}
    assert parse("give 1 3 2").args == {"to": 3, "n": 2}
    assert parse("discard 2").seat is None and parse("discard 3 2").seat == 3
    assert parse("3 discard 2").args == {"n": 2}
    assert parse("unequip 2 weapon").args == {"what": "weapon"}
    assert parse("unequip 2 赤兔").args == {"what": "chitu"}
    assert parse("judge 黑桃7").args["face"] == Face(Suit.SPADE, 7)
    assert parse("variant maneuvering off").args == {"name": "maneuvering", "on": False}
    assert parse("deal roles seed=4").args == {"what": "roles", "seed": 4}


@pytest.mark.parametrize("line,needle", [
    ("2 slsh 5", "slash"),
    ("frobnicate", "unknown command"),
    ("players x", "players N"),
    ("damage 2", "damage T N"),
    ("judge Z9", "cannot read card face"),
    ("general 2 guanyv", "guanyu"),
    ("role 2 king-ish", "unknown role"),
])
def test_command_errors_name_usage_or_suggestions(line, needle):
    with pytest.raises(CommandError) as e:
        parse(line)
    assert needle in str(e.value)


def test_deal_roles_expands_and_is_reproducible():
    st = run(GameState(), "players 6", "lord 2")
    lines = prepare(st, "deal roles seed=11")
    assert lines == prepare(st, "deal roles", seed=11)
    assert [int(ln.split()[1]) for ln in lines] == [1, 3, 4, 5, 6]
    assert sorted(ln.split()[2] for ln in lines) == ["loyalist", "rebel", "rebel", "rebel", "renegade"]
    st2 = run(st, *lines)
    assert all(s.role for s in st2.seats) and not st2.seat(1).role_public
    assert prepare(st, "next") == ["next"]


def test_deal_generals_two_steps():
    st = run(GameState(), "players 5", "lord 1")
    first = prepare(st, "deal generals seed=3")
    assert len(first) == 1 and first[0].startswith("offer 1 caocao liubei sunquan ")
    st = run(st, *first, "general 1 liubei")
    rest = prepare(st, "deal generals seed=3")
    assert [ln.split()[1] for ln in rest] == ["2", "3", "4", "5"] and all(len(ln.split()) == 5 for ln in rest)
    with pytest.raises(CommandError):
        prepare(GameState(), "deal roles")


def test_execute_deal_and_comment():
    st = run(GameState(), "players 4", "lord 1")
    r = execute(st, "deal roles seed=1")
    assert sum(1 for s in r.state.seats if s.role) == 4
    assert execute(st, "# nothing").state is st


def test_verbs_have_usage_en_zh():
    for v, u in VERBS.items():
        assert u.usage and u.en and u.zh and u.example
        if v != "use" and v != "deal":
            assert parse(u.example) is not None


def test_completions():
    st = table(4)
    assert "players" in completions(st, "pl")
    assert "2 slash" in completions(st, "2 sl")
    assert "2 杀" in completions(st, "2 杀")
    assert completions(st, "2 slash ") == ["2 slash 1", "2 slash 2", "2 slash 3", "2 slash 4"]
    assert "variant maneuvering" in completions(st, "variant man")
    assert "general 1 guanyu" in completions(st, "general 1 guan")


def test_worked_example_in_docs():
    import re
    from pathlib import Path

    from companion.rules.errors import Refused

    text = (Path(__file__).parent.parent / "docs" / "commands.md").read_text(encoding="utf-8")
    block = text.split("## Worked example", 1)[1].split("```")[1]
    st = GameState()
    n_refused = 0
    for line in block.strip().splitlines():
        m = re.search(r"#\s*refused:.*\[(\S+)\]", line)
        if m:
            with pytest.raises(Refused) as e:
                execute(st, line)
            assert e.value.rule == m[1]
            n_refused += 1
        else:
            st = execute(st, line).state
    assert n_refused == 2
    assert st.seat(3).hp == 1 and st.prompt is None and st.seat(1).max_hp == 4


def test_completions_after_force():
    st = table(4)
    assert "force 2 slash" in completions(st, "force 2 sla")
    assert "force next" in completions(st, "force ne")


def test_issue3_answer_forms():
    import pytest as _pytest

    from companion.rules.errors import CommandError
    from companion.script import parse
    assert parse("pass all").args == {"all": True} and parse("nobody").args == {"all": True}
    assert parse("无人").verb == "pass" and parse("pass 3").seat == 3
    assert parse("pick hand armor").args["what"] == ["hand", "armor"]
    a = parse("3 pick 武器")
    assert a.verb == "pick" and a.seat == 3 and a.args["what"] == ["weapon"]
    assert parse("pick 乐不思蜀").args["what"] == ["indulgence"]
    assert parse("pick 杀:♠7").args["what"] == ["slash-spade-7"]
    a = parse("2 杀 5 via spear")
    assert a.args["card"] == "slash" and a.args["targets"] == [5] and a.args["via"] == "spear"
    assert parse("2 杀 3 using 武器").args["using"] == "weapon"
    with _pytest.raises(CommandError):
        parse("2 杀 3 using hand")
    with _pytest.raises(CommandError):
        parse("pick nothing_such")


def test_completions_offer_the_seats_skills_and_via():
    st = table(4)
    assert "skill" not in [c.strip() for c in completions(st, "")]
    g1 = st.seat(1).general
    from companion.rules.generals import GENERALS
    own = [k.id for k in GENERALS[g1].skills]
    got = completions(st, "1 ")
    assert all(f"1 {sid}" in got for sid in own)
    assert "2 杀 3 via" in completions(st, "2 杀 3 v")
    assert "2 杀 3 via wusheng" in completions(st, "2 杀 3 via wu")


def test_typo_suggests_the_closest_skill():
    # the close-match lookup of companion/rules/names.py over skill names
    with pytest.raises(CommandError) as e:
        parse("1 过河拆桥 2 via gusoe")
    assert "guose (国色)" in str(e.value) and "dismantlement" not in str(e.value)
    with pytest.raises(CommandError) as e:
        parse("6 kurouu")
    assert "kurou (苦肉)" in str(e.value)
    with pytest.raises(CommandError) as e:
        parse("2 杀 5 via spaer")
    assert "spear" in str(e.value)


def test_completions_include_the_aliases_the_parser_accepts():
    from companion.rules.deck import KINDS
    st = execute(GameState(), "players 4").state
    assert "1 nanman" in completions(st, "1 nanm")
    for k in KINDS.values():
        for a in k.aliases:
            if " " not in a:
                assert f"1 {a}" in completions(st, f"1 {a[:-1]}"), a
                assert parse(f"1 {a}").args["card"] == k.id
    st = run(GameState(), "players 4", "lord 1", "general 1 孙权")
    assert "1 制衡" in completions(st, "1 制") and "1 zhiheng" in completions(st, "1 zhi")
