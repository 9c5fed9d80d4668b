"""Dashboard language: --lang, else the last one used, else the locale."""

from companion import settings


def test_default_language_follows_locale_then_saved_choice(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert settings.default_lang() == "en"
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert settings.default_lang() == "zh"
    assert settings.save(lang="en")
    assert settings.default_lang() == "en"  # the F4 choice wins over the locale
    assert settings.settings_path().exists()


def test_unreadable_settings_mean_defaults(monkeypatch):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert settings.load() == {} and settings.default_lang() == "en"
    assert settings.save(lang="zh") and settings.load() == {"lang": "zh"}


def test_run_dashboard_remembers_the_language(monkeypatch):
    from companion.tui import app as tui

    class Fake:
        def __init__(self, session, lang, camera=0):
            self.lang = "en"  # as if F4 was pressed
            self.return_code = 0

        def run(self):
            return 0

    monkeypatch.setattr(tui, "CompanionApp", Fake)
    assert tui.run_dashboard(object(), "zh") == 0
    assert settings.load()["lang"] == "en"
