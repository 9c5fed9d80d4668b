"""The footer is rebuilt only when the keys it shows change (companion/tui/widgets/footer.py, issue 15)."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from companion.tui.app import CompanionApp
from companion.tui.widgets.footer import KeyFooter


def keys(app) -> list[tuple[str, str]]:
    return [(k.key, k.description) for k in app.query(FooterKey)]


async def test_the_footer_is_built_once_at_start_and_follows_the_language(session, monkeypatch):
    built: list[int] = []
    real = KeyFooter.recompose

    async def counting(self):
        built.append(1)
        return await real(self)

    monkeypatch.setattr(KeyFooter, "recompose", counting)
    app = CompanionApp(session, lang="zh")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        zh = keys(app)
        assert zh and any("撤销" in d for _k, d in zh)
        assert len(built) == 1  # Textual's Footer: three times, the keys unchanged
        assert app.query_one(KeyFooter).shown_keys(app.screen) == app.query_one(KeyFooter)._shown
        await pilot.press("f4")
        await pilot.pause()
        await pilot.pause()
        en = keys(app)
        assert any(d == "Undo" for _k, d in en) and not any("撤销" in d for _k, d in en)
        assert len(built) == 2
        await pilot.press("f1")  # a screen with its own keys, then back
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert keys(app) == en
