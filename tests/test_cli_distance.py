"""`companion distance`: JSON shape, both directions of each modifier, dead seats, errors (exit 2)."""

import json

import pytest

from companion.cli import main


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """These tests read the command line's English texts; without ``--lang`` it speaks the locale's language
    (companion/cli.py), so the locale is English here (tests/test_cli_language.py: Chinese, and the choice)."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def run(capsys, *argv):
    code = main(["distance", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def js(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def ring(alive, a, b):
    """Seat distance counted over living seats only, the shorter way round."""
    i, j = alive.index(a), alive.index(b)
    d = abs(i - j)
    return min(d, len(alive) - d)


def test_issue_example_values_by_reasoning(capsys):
    r = js(capsys, "--players", "6", "--dead", "3", "--minus-horse", "1", "--plus-horse", "4",
           "--weapon", "2=qinggang_sword", "--general", "1=machao")
    alive = [1, 2, 4, 5, 6]
    assert r["alive"] == alive
    assert set(r) == {"alive", "distance", "attack_range", "in_range"}
    # seat 1: -1 horse and 马超's 马术 (another -1) on every distance *from* seat 1;
    # seat 4: +1 horse on every distance *to* seat 4; never below 1.
    expected = {}
    for a in alive:
        row = {}
        for b in alive:
            if a == b:
                continue
            d = ring(alive, a, b) - (2 if a == 1 else 0) + (1 if b == 4 else 0)
            row[str(b)] = max(1, d)
        expected[str(a)] = row
    assert r["distance"] == expected
    # a few by hand: 6 → 4 is 2 seats (6-5-4) + 1 horse = 3; 1 → 4 is 2 - 2 + 1 = 1; 4 → 1 is 2 (no horse counts)
    assert r["distance"]["6"]["4"] == 3 and r["distance"]["1"]["4"] == 1 and r["distance"]["4"]["1"] == 2
    # dead seat 3 is skipped: 2 → 4 is adjacent in the living ring, + 1 horse = 2
    assert r["distance"]["2"]["4"] == 2
    assert r["attack_range"] == {"1": 1, "2": 2, "4": 1, "5": 1, "6": 1}  # 青釭剑 range 2
    assert r["in_range"] == {a: {b: d <= r["attack_range"][a] for b, d in row.items()}
                             for a, row in expected.items()}
    assert r["in_range"]["2"] == {"1": True, "4": True, "5": True, "6": True}
    assert r["in_range"]["6"]["4"] is False


def test_minus_horse_both_directions(capsys):
    r = js(capsys, "--players", "4", "--minus-horse", "1")
    assert r["distance"]["1"]["3"] == 1  # 2 - 1
    assert r["distance"]["3"]["1"] == 2  # the horse helps only its owner
    assert r["distance"]["1"]["2"] == 1  # never below 1
    assert r["in_range"]["1"]["3"] is True and r["in_range"]["3"]["1"] is False


def test_plus_horse_both_directions(capsys):
    r = js(capsys, "--players", "4", "--plus-horse", "3=jueying")
    assert r["distance"]["1"]["3"] == 3  # 2 + 1 to the owner
    assert r["distance"]["3"]["1"] == 2  # the owner's own distances are unchanged
    assert r["distance"]["2"]["3"] == 2 and r["distance"]["3"]["2"] == 1


def test_mashu_both_directions(capsys):
    r = js(capsys, "--players", "5", "--general", "1=马超")
    assert r["distance"]["1"]["3"] == 1 and r["distance"]["3"]["1"] == 2


def test_weapon_range_one_direction(capsys):
    r = js(capsys, "--players", "7", "--weapon", "1=kylin_bow")
    assert r["attack_range"]["1"] == 5 and r["attack_range"]["4"] == 1
    assert r["in_range"]["1"]["4"] is True and r["in_range"]["4"]["1"] is False


def test_dead_seats_shrink_distances_comma_and_repeat(capsys):
    r = js(capsys, "--players", "8", "--dead", "2,3", "--dead", "7")
    assert r["alive"] == [1, 4, 5, 6, 8]
    assert r["distance"]["1"]["4"] == 1 and r["distance"]["4"]["1"] == 1
    assert r["distance"]["1"]["5"] == 2 and r["distance"]["1"]["6"] == 2
    assert "2" not in r["distance"] and all("7" not in row for row in r["distance"].values())


def test_repeated_equipment_options(capsys):
    r = js(capsys, "--players", "5", "--weapon", "1=blade,2=青釭剑", "--weapon", "3=crossbow",
           "--minus-horse", "4,5=dayuan")
    assert r["attack_range"] == {"1": 3, "2": 2, "3": 1, "4": 1, "5": 1}
    assert r["distance"]["4"]["1"] == 1 and r["distance"]["5"]["2"] == 1


def test_text_output_has_matrix_and_reasons(capsys):
    code, out, err = run(capsys, "--players", "6", "--dead", "3", "--plus-horse", "4", "--weapon", "2=qinggang_sword")
    assert code == 0 and not err
    assert "alive: 1 2 4 5 6" in out and "dead: 3" in out
    assert "seat 6 → seat 4: distance 3" in out and "> attack range 1" in out
    code, out, _ = run(capsys, "--players", "4", "--lang", "zh")
    assert "1号位 → 3号位：距离2 > 攻击范围1" in out


@pytest.mark.parametrize("argv, needle", [
    (["--players", "6", "--dead", "7"], "no such seat"),
    (["--players", "6", "--dead", "x"], "a seat is a number"),
    (["--players", "6", "--minus-horse", "0"], "no such seat"),
    (["--players", "6", "--weapon", "2=nonesuch"], "unknown card"),
    (["--players", "6", "--weapon", "2=chitu"], "not a weapon"),
    (["--players", "6", "--weapon", "2=slash"], "not a weapon"),
    (["--players", "6", "--weapon", "2"], "SEAT=NAME"),
    (["--players", "6", "--plus-horse", "2=chitu"], "not a plus horse"),
    (["--players", "6", "--general", "2=nobody"], "unknown general"),
    (["--players", "1"], "2 to 10"),
    (["--players", "11"], "2 to 10"),
    (["--players", "3", "--dead", "1,2"], "at least two"),
    (["--players", "six"], "invalid int"),
    ([], "--players"),
])
def test_bad_input_exit_2_no_traceback(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err and "Traceback" not in err + out
