"""Issue 14: the command language's refusals of a line it cannot read come from the message catalogue
(``[text] script.*``, ``[refused] amount.positive``), in both languages, with the words and numbers typed
(tests/test_messages.py checks the keys and placeholders)."""

from __future__ import annotations

import pytest
from engine_support import run, table

from companion.rules.errors import CommandError, Refused
from companion.rules.state import GameState
from companion.script import execute


@pytest.mark.parametrize(("line", "en", "zh"), [
    ("players 123456789012345", "number 123456789012… is far too large (15 digits)", "数字123456789012…太大（15位）"),
    ("players x", "number must be a whole number, not 'x'", "数字应为整数，不是“x”"),
    ("variant maneuverin", "unknown variant 'maneuverin' — did you mean maneuvering", "未知变体“maneuverin”——是否想输入：maneuvering"),
    ("track hands maybe", "write: track hands on (tracked, the default) or track hands off (light mode)",
     "请写：track hands on（记录手牌数，默认）或 track hands off（简易模式）"),
    ("deal roles junk", "unexpected 'junk' (a seed is seed=N, at most 18 digits)", "多余的“junk”（种子写作 seed=N，最多18位）"),
    ("next 1", "'next' takes no arguments", "next 不带参数"),
    ("2 slash:♥3+", "two cards as one are written FACE+FACE, e.g. slash:♥3+♠5 (not '♥3+')",
     "两张牌当一张牌使用时写作 牌面+牌面，例如 杀:♥3+♠5（不是“♥3+”）"),
    ("2 slash 3 using hat", "'using' names an equipment slot (weapon, armor, plus_horse, minus_horse), not 'hat'",
     "using 后写装备栏（weapon、armor、plus_horse、minus_horse），不是“hat”"),
    ("2 沙", "unknown card '沙' — the Chinese card names are: 杀、闪", "未知的牌“沙”——牌名有：杀、闪"),
    ("role 2 king2", "unknown role 'king2': one of lord, loyalist, rebel, renegade",
     "未知身份“king2”：可选 主公、忠臣、反贼、内奸（lord, loyalist, rebel, renegade）"),
    ("frobnicate", "unknown command 'frobnicate'; verbs: players, ", "未知命令“frobnicate”；命令有：players、"),
])
def test_a_line_that_cannot_be_read_says_why_in_both_languages(line: str, en: str, zh: str) -> None:
    st = run(GameState(), "players 4", "lord 1")
    with pytest.raises(CommandError) as exc:
        execute(st, line)
    assert en in exc.value.en and zh in exc.value.zh


def test_a_negative_amount_is_refused_in_both_languages() -> None:
    st = table(4)
    with pytest.raises(Refused) as exc:
        execute(st, "draw 2 -1")
    r = exc.value
    assert r.rule == "amount.positive" and not r.forceable
    assert r.en == "draw -1: the amount is at least 1 (a negative amount would turn the action around; use the opposite verb)"
    assert r.zh == "draw -1：数量至少为1（负数会反转操作；请用相反的命令）"
    with pytest.raises(Refused) as exc:
        execute(st, "draw 2 0")
    assert exc.value.en == "draw 0: the amount is at least 1" and exc.value.zh == "draw 0：数量至少为1"
