"""The dashboard's keys, as data: the footer, the help screen and the bindings come from :data:`KEYS`."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

__all__ = ["KEYS", "Key", "GAME_ACTIONS", "make_bindings"]


@dataclass(frozen=True)
class Key:
    """One key of the dashboard: keys (Textual syntax), action, footer text zh/en."""

    keys: str
    action: str
    zh: str
    en: str
    show: bool = True


KEYS: tuple[Key, ...] = (
    Key("f1", "help", "帮助", "Help"),
    Key("f2,ctrl+n", "next_phase", "下一阶段", "Next"),
    Key("ctrl+z", "undo", "撤销", "Undo"),
    Key("ctrl+y", "redo", "重做", "Redo"),
    Key("f3,ctrl+t", "distances", "距离", "Distance"),
    Key("f4,ctrl+l", "toggle_lang", "EN", "中文"),
    Key("f5", "reveal_roles", "身份", "Roles"),
    Key("f6", "scan", "扫描", "Scan"),
    Key("ctrl+q", "quit", "退出", "Quit"),
    Key("escape", "stop_scan", "", "", show=False),
    Key("f7", "skills", "技能", "Skills", show=False),  # listed in help; the footer stays within 80 columns
    Key("f8", "skill_answer('yes')", "发动", "Yes", show=False),  # answer a skill question with one key
    Key("f9", "skill_answer('no')", "不发动", "No", show=False),
    Key("f10", "serve", "玩家页面", "Players' view", show=False),  # URL + QR code for the phones (docs/web.md)
)
"""The dashboard's keys, as data: the footer, the help screen and the bindings come from here.

Only function keys, ctrl combinations and Escape, so nothing collides with typing."""

# actions that change or inspect the game: ignored while a dialog is open
GAME_ACTIONS = {"choose", "next_phase", "undo", "redo", "distances", "reveal_roles", "scan", "help", "toggle_lang", "skills",
                 "skill_answer", "serve"}



def make_bindings() -> list[BindingType]:
    """The bindings of KEYS in both languages, as ``key('zh', ACTION, ARGS…)`` actions.

    ``CompanionApp.check_action`` enables only the current language's (Textual's dynamic actions:
    a binding whose action is disabled is neither shown in the footer nor run, and the key goes to
    the next binding), so F4 changes the footer's words without touching Textual's binding tables."""
    out: list[BindingType] = []
    for lang in ("zh", "en"):
        for k in KEYS:
            name, _, args = k.action.partition("(")
            args = args.removesuffix(")")
            action = f"key({lang!r}, {name!r}{', ' + args if args else ''})"
            out.append(Binding(k.keys, action, k.zh if lang == "zh" else k.en, show=k.show))
    return out

