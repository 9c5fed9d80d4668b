"""The damage answer to a second 闪 owed to 无双 says what it means (newcomer trial, issue 16, 3 Dec: the first
question read ``2 take 1 damage``, the second ``2 take`` in English and ``2 不出`` in Chinese, as if the seat
could decline without a cost)."""

from __future__ import annotations

from companion.rules.choices import choices
from companion.session import Session


def test_second_jink_under_wushuang_names_the_damage():
    s = Session.new(None)
    for line in ["players 5", "lord 1", "general 1 吕布", "general 2 曹操", "general 3 孙权", "general 4 马超",
                 "general 5 貂蝉", "start", "next", "next", "next", "1 杀 2", "2 闪"]:
        s.submit(line)
    st = s.state
    p = st.prompt
    assert p is not None and p.kind == "respond" and p.seat == 2, p
    take = [c for c in choices(st) if c.key == "take"]
    assert len(take) == 1, choices(st)
    en, zh = take[0].label("en"), take[0].label("zh")
    assert "damage" in en and en != "take", en
    assert "伤害" in zh, zh
