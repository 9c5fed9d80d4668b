"""The moderator's preferences that outlive a game (today: the dashboard language).

Stored as JSON in the user config dir (platformdirs, ``sgs-companion/settings.json``);
a missing or unreadable file means defaults, and a failed write is ignored — a
preference must never stop a game.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["settings_path", "load", "save", "default_lang", "locale_lang"]


def settings_path() -> Path:
    """``<user config dir>/sgs-companion/settings.json``."""
    from platformdirs import user_config_dir  # noqa: PLC0415 - not for locale_lang (companion distance's start)

    return Path(user_config_dir("sgs-companion")) / "settings.json"


def load() -> dict:
    """The saved settings, or ``{}`` when there are none (or the file is unreadable)."""
    import json  # noqa: PLC0415 - see settings_path

    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(**changes) -> bool:
    """Merge ``changes`` into the settings file; False when it cannot be written."""
    import json  # noqa: PLC0415

    data = load()
    data.update(changes)
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        return False
    return True


def default_lang() -> str:
    """The dashboard language when ``--lang`` is not given: the last one used (F4),
    else Chinese for a Chinese locale (``LC_ALL``/``LC_MESSAGES``/``LANG`` or the
    system's), else English."""
    saved = load().get("lang")
    if saved in ("zh", "en"):
        return saved
    return locale_lang()


def locale_lang() -> str:
    """The locale's language: ``"zh"`` for a Chinese locale (``LC_ALL``/``LC_MESSAGES``/``LANG`` or the system's),
    else ``"en"``.  Reads no file and imports no package outside the standard library."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    import locale  # noqa: PLC0415

    loc = (locale.getlocale()[0] or "").lower()
    return "zh" if loc.startswith("zh") else "en"
