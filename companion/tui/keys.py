"""The dashboard's keys, as data: the footer, the help screen and the bindings come from :data:`KEYS`."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

from companion.rules.messages import Message, text

__all__ = ["KEYS", "Key", "GAME_ACTIONS", "make_bindings"]


@dataclass(frozen=True)
class Key:
    """One key of the dashboard: keys (Textual syntax), action, its words in the footer (the catalogue's ``[text]
    "tui.key.*"``; None: none)."""

    keys: str
    action: str
    words: Message | None
    show: bool = True
    help: Message | None = None
    """Its words in the F1 help when the footer's are too short to say what it does (F4: ``EN`` / ``中文``)."""

    def described(self, lang: str) -> str:
        """Its row's text in the F1 help in ``lang``: :attr:`help`, else the footer's words."""
        words = self.help or self.words
        return words.text(lang) if words is not None else ""

    @property
    def zh(self) -> str:
        """The footer's Chinese words ("" for none)."""
        return self.words.zh if self.words is not None else ""

    @property
    def en(self) -> str:
        """The footer's English words ("" for none)."""
        return self.words.en if self.words is not None else ""


KEYS: tuple[Key, ...] = (
    Key("f1", "help", text("tui.key.help")),
    Key("f2,ctrl+n", "next_phase", text("tui.key.next_phase")),
    Key("ctrl+z", "undo", text("tui.key.undo")),
    Key("ctrl+y", "redo", text("tui.key.redo")),
    Key("f3,ctrl+t", "distances", text("tui.key.distances")),
    Key("f4,ctrl+l", "toggle_lang", text("tui.key.toggle_lang"), help=text("tui.action.toggle_lang")),
    Key("f5", "reveal_roles", text("tui.key.reveal_roles")),
    Key("f6", "scan", text("tui.key.scan")),
    Key("ctrl+q", "quit", text("tui.key.quit")),
    Key("escape", "stop_scan", None, show=False),
    Key("f7", "skills", text("tui.key.skills"), show=False),  # listed in help; the footer stays within 80 columns
    Key("f8", "skill_answer('yes')", text("tui.key.skill_yes"), show=False),  # answer a skill question with one key
    Key("f9", "skill_answer('no')", text("tui.key.skill_no"), show=False),
    Key("f10", "serve", text("tui.key.serve"), show=False),  # URL + QR code for the phones (docs/web.md)
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

