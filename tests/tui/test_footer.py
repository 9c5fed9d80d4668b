"""The footer: the screen's keys drawn by one widget, as Textual's compact Footer draws them
(companion/tui/widgets/footer.py, issue 15).  That it looks the same is checked by the SVG snapshots
(tests/tui/test_snapshot*.py, drawn with Textual's Footer before and unchanged)."""

from __future__ import annotations

from rich.cells import cell_len
from screen import screen_text
from textual.widget import Widget

from companion.tui.app import CompanionApp
from companion.tui.widgets.footer import KeyFooter


def keys(app) -> list[tuple[str, str]]:
    return [(k.key, k.description) for k in app.query_one(KeyFooter).keys]


async def test_the_footer_is_one_widget_and_follows_the_language_and_the_dialogs(session, monkeypatch):
    drawn: list[int] = []
    real = KeyFooter.render

    def counting(self):
        drawn.append(1)
        return real(self)

    monkeypatch.setattr(KeyFooter, "render", counting)
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        assert not list(footer.query(Widget))  # no key widgets
        zh = keys(app)
        assert ("f1", "帮助") in zh and ("ctrl+z", "撤销") in zh
        assert [d for _k, d in zh] == ["帮助", "下一阶段", "撤销", "重做", "距离", "EN", "身份", "扫描", "退出"]
        last = screen_text(app).splitlines()[-1]
        assert last.startswith("f1 帮助 f2 下一阶段 ^z 撤销 ^y 重做 f3 距离 f4 EN f5 身份 f6 扫描 ^q 退出")
        n = len(drawn)
        app.refresh_bindings()  # the same keys: not drawn again
        await pilot.pause()
        await pilot.pause()
        assert len(drawn) == n
        await pilot.press("f4")
        await pilot.pause()
        await pilot.pause()
        en = keys(app)
        assert ("ctrl+z", "Undo") in en and not any("撤销" in d for _k, d in en)
        assert screen_text(app).splitlines()[-1].startswith("f1 Help f2 Next ^z Undo")
        await pilot.press("f1")  # a dialog: the board's keys are off, the footer shows what is left
        await pilot.pause()
        await pilot.pause()
        assert keys(app) == [("ctrl+q", "Quit")]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert keys(app) == en


async def test_a_click_on_a_key_presses_it(session):
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        line = screen_text(app).splitlines()[-1]
        x = cell_len(line[:line.index("f4 EN")])  # the cell column (a Chinese character takes two)
        assert footer._key_at(x + 3) is not None and footer.keys[footer._key_at(x + 3)].key == "f4"
        assert footer._key_at(cell_len(line[:line.index(" f5")])) is None  # the margin between two keys
        await pilot.click(KeyFooter, offset=(x + 3, 0))
        await pilot.pause()
        await pilot.pause()
        assert app.lang == "en"  # F4: the language


async def test_the_key_under_the_pointer_is_highlighted(session):
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        plain = footer.render()
        await pilot.hover(KeyFooter, offset=(1, 0))
        await pilot.pause()
        assert footer._hover == 0
        hovered = footer.render()
        assert hovered.plain == plain.plain
        assert hovered.get_style_at_offset(app.console, 0).bgcolor != plain.get_style_at_offset(app.console, 0).bgcolor


def test_only_the_compact_footer_without_the_palette_key_is_drawn():
    import pytest

    with pytest.raises(ValueError):
        KeyFooter(compact=False)
    with pytest.raises(ValueError):
        KeyFooter(show_command_palette=True)
