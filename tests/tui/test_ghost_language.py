"""Before a word is typed, the ghost completion is in the screen's language (newcomer trial, issue 16, 3 Dec:
in Chinese the equipment choice's message listed 诸葛连弩、青釭剑… and the bar's ghost said ``1 axe``)."""

from __future__ import annotations

from companion.session import Session
from companion.tui.app import CommandBar, CompanionApp

SIX = ["players 6", "lord 1", "general 1 刘备", "general 2 曹操", "general 3 孙权", "general 4 吕布",
       "general 5 貂蝉", "general 6 华佗", "start", "next", "next", "next"]


def _cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


async def _equip_ghost(lang: str) -> tuple[str, list[str]]:
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        i = next(i for i, c in enumerate(app.current_choices()) if c.key == "equip")
        await pilot.press(str(i + 1), "enter")  # the equipment choice: '1 ' waits for the card
        await pilot.pause()
        bar = app.query_one(CommandBar)
        return bar.value, app.completions(bar.value)


async def test_zh_ghost_is_a_chinese_card_name():
    value, cands = await _equip_ghost("zh")
    assert value == "1 " and cands, (value, cands)
    word = cands[0][len(value):]
    assert _cjk(word), cands[:5]
    assert word in {"诸葛连弩", "青釭剑", "寒冰剑", "雌雄双股剑", "青龙偃月刀", "丈八蛇矛", "贯石斧", "方天画戟", "麒麟弓",
                    "八卦阵", "仁王盾", "的卢", "绝影", "爪黄飞电", "赤兔", "大宛", "紫骍"}, cands[:5]


async def test_en_ghost_stays_latin_and_typed_letters_still_complete():
    value, cands = await _equip_ghost("en")
    assert value == "1 " and cands and not _cjk(cands[0]), cands[:5]
    s = Session.new(None)
    for line in SIX:
        s.submit(line)
    app = CompanionApp(s, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.completions("1 zhu")[0].startswith("1 zhu")  # pinyin typed in zh: completed as typed
