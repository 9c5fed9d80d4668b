"""The dashboard's own commands in Textual's command palette (ctrl+p), as posting does with
``COMMANDS = {PostingProvider}``.

:class:`DashboardCommands` lists, in the dashboard's language:

* the keys' actions (``app.KEYS``: help, next phase, undo, distances, language, roles, scan,
  skills, the players' view, quit), each with its key as help — the F-keys stay as they are;
* the settings: ``step every phase on|off`` (a screen preference) and ``track hands off|on``
  (a table option, journaled: the line is submitted as if typed);
* the numbered choices of the moment (``companion.rules.choices``): picking one is picking its number;
* the command language's verbs (``companion.script.VERBS``): picking one puts the verb in the
  command bar and shows its usage.

Nothing here changes the game except through the app's own actions and ``submit_line``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

from companion.rules.messages import Message, text

from .text import label

if TYPE_CHECKING:
    from .app import CompanionApp

__all__ = ["DashboardCommands", "ACTION_NAMES", "palette_entries"]

ACTION_NAMES: dict[str, Message] = {
    "help": text("tui.action.help"),
    "next_phase": text("tui.action.next_phase"),
    "undo": text("tui.action.undo"),
    "redo": text("tui.action.redo"),
    "distances": text("tui.action.distances"),
    "toggle_lang": text("tui.action.toggle_lang"),
    "reveal_roles": text("tui.action.reveal_roles"),
    "scan": text("tui.action.scan"),
    "skills": text("tui.action.skills"),
    "skill_answer('yes')": text("tui.action.skill_yes"),
    "skill_answer('no')": text("tui.action.skill_no"),
    "serve": text("tui.action.serve"),
    "quit": text("tui.action.quit"),
}
"""The palette's name of each ``KEYS`` action (the catalogue's ``[text] "tui.action.*"``); actions not here are not
listed (Esc)."""

STEP_ON, STEP_OFF, UNTRACK, TRACK = _SETTING_WORDS = (
    "step every phase on", "step every phase off", "track hands off", "track hands on")
"""The settings typed as lines (the screen's own ``step every phase``; the journaled ``track hands``)."""
_SETTINGS: tuple[tuple[str, Message], ...] = tuple(zip(_SETTING_WORDS, (
    text("tui.setting.step_every_phase_on"), text("tui.setting.step_every_phase_off"),
    text("tui.setting.track_hands_off"), text("tui.setting.track_hands_on")), strict=True))
"""(line, its name in the palette: the catalogue's ``[text] "tui.setting.*"``)."""


def _key_text(keys: str) -> str:
    return " / ".join(k.upper() if k.startswith("f") else k.replace("ctrl+", "^") for k in keys.split(","))


def palette_entries(app: "CompanionApp") -> list[tuple[str, str, Callable[[], Any]]]:
    """``(name, help, callback)`` of every palette command, in the app's language, in the order
    listed before anything is typed: choices, keys, settings, verbs."""
    from .app import KEYS  # noqa: PLC0415

    out: list[tuple[str, str, Callable[[], Any]]] = []
    from .widgets.choices import key_of  # noqa: PLC0415

    for i, c in enumerate(app.current_choices(full=True)):  # the 11th and later have no digit: reached here
        key = key_of(i)
        how = label("palette_choice_key" if key != "·" else "palette_choice", app.lang)
        out.append((f"{key} {c.label(app.lang)}", how, partial(app.action_choose, i)))
    for k in KEYS:
        names = ACTION_NAMES.get(k.action)
        if names is None:
            continue
        out.append((names.text(app.lang), _key_text(k.keys), partial(app.run_action, k.action)))
    step = app.step_every_phase
    untracked = not app.state.hands_tracked
    for line, name in _SETTINGS:
        if line.startswith("track") and app.state.started:
            continue  # a table option at setup: refused once the game has started
        now = (line == STEP_ON) == step if line in (STEP_ON, STEP_OFF) else (line == UNTRACK) == untracked
        mark = (" ✓" if now else "")
        out.append((name.text(app.lang) + mark, line, partial(app.palette_line, line)))
    for verb, usage in app.script.VERBS.items():
        syntax, desc, _example = app._usage(verb, usage)
        out.append((f"{syntax} — {desc}", label("palette_command", app.lang), partial(app.palette_verb, verb, syntax)))
    return out


class DashboardCommands(Provider):
    """The dashboard's actions, settings, choices and verbs for the command palette."""

    def _entries(self) -> Iterator[tuple[str, str, Callable[[], Any]]]:
        yield from palette_entries(cast("CompanionApp", self.app))  # the provider of CompanionApp.COMMANDS

    async def discover(self) -> Hits:
        for name, help_, cb in self._entries():
            yield DiscoveryHit(name, cb, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        found = False
        for name, help_, cb in self._entries():
            score = max(matcher.match(name), matcher.match(help_) * 0.8)
            if score > 0:
                found = True
                yield Hit(score, matcher.highlight(name), cb, text=name, help=help_)
        app = cast("CompanionApp", self.app)
        if not found and app.lang == "zh":
            # Textual writes its own "No matches found" (textual/command.py, a literal: no public hook for its
            # text); in Chinese this one hit says it instead, and picking it does nothing (the palette closes)
            words = label("palette_no_match", app.lang)
            yield Hit(1.0, Text(words, style="dim"), _nothing, text=words, help=label("palette_no_match_help", app.lang))


def _nothing() -> None:
    """The palette's "no match" hit: nothing to do."""
