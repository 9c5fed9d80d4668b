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

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from .app import CompanionApp

__all__ = ["DashboardCommands", "ACTION_NAMES", "palette_entries"]

ACTION_NAMES: dict[str, tuple[str, str]] = {
    "help": ("帮助：按键与命令", "Help: keys and commands"),
    "next_phase": ("下一阶段（跳过无需决定的阶段）", "Next phase (quiet phases pass by themselves)"),
    "undo": ("撤销", "Undo"),
    "redo": ("重做", "Redo"),
    "distances": ("距离表", "Distance matrix"),
    "toggle_lang": ("语言：切换为 English", "Language: 中文 (switch to Chinese)"),
    "reveal_roles": ("亮明 / 隐藏身份", "Reveal / hide roles"),
    "scan": ("扫描判定牌", "Scan the judgement card"),
    "skills": ("技能列表", "Skills list"),
    "skill_answer('yes')": ("技能询问：发动", "Skill question: yes"),
    "skill_answer('no')": ("技能询问：不发动", "Skill question: no"),
    "serve": ("玩家页面（手机扫码）", "Players' view (phones)"),
    "quit": ("退出", "Quit"),
}
"""The palette's name of each ``KEYS`` action (zh, en); actions not here are not listed (Esc)."""

_SETTINGS: tuple[tuple[str, str, str], ...] = (
    ("step every phase on", "设置：逐阶段推进（F2 每次一个阶段）", "Setting: step every phase (F2 one phase at a time)"),
    ("step every phase off", "设置：自动跳过无需决定的阶段", "Setting: quiet phases pass by themselves"),
    ("track hands off", "牌桌：不记录手牌数（简易模式，记入日志）", "Table: do not track hand counts (light mode, journaled)"),
    ("track hands on", "牌桌：记录手牌数", "Table: track hand counts"),
)
"""(line, zh, en): settings typed as lines (the screen's own ``step every phase``; the journaled ``track hands``)."""


def _key_text(keys: str) -> str:
    return " / ".join(k.upper() if k.startswith("f") else k.replace("ctrl+", "^") for k in keys.split(","))


def palette_entries(app: "CompanionApp") -> list[tuple[str, str, Callable[[], Any]]]:
    """``(name, help, callback)`` of every palette command, in the app's language, in the order
    listed before anything is typed: choices, keys, settings, verbs."""
    from .app import KEYS  # noqa: PLC0415

    zh = app.lang == "zh"
    out: list[tuple[str, str, Callable[[], Any]]] = []
    from .widgets.choices import key_of  # noqa: PLC0415

    for i, c in enumerate(app.current_choices(full=True)):  # the 11th and later have no digit: reached here
        key = key_of(i)
        how = ("选项（数字+Enter）" if zh else "choice (number+Enter)") if key != "·" else ("选项" if zh else "choice")
        out.append((f"{key} {c.label(app.lang)}", how, partial(app.action_choose, i)))
    for k in KEYS:
        names = ACTION_NAMES.get(k.action)
        if names is None:
            continue
        out.append((names[0] if zh else names[1], _key_text(k.keys), partial(app.run_action, k.action)))
    step = app.step_every_phase
    untracked = not app.state.hands_tracked
    for line, z, e in _SETTINGS:
        if line.startswith("track") and app.state.started:
            continue  # a table option at setup: refused once the game has started
        now = (line == "step every phase on") == step if line.startswith("step") else \
            (line == "track hands off") == untracked
        mark = (" ✓" if now else "")
        out.append(((z if zh else e) + mark, line, partial(app.palette_line, line)))
    for verb, usage in app.script.VERBS.items():
        syntax, desc, _example = app._usage(verb, usage)
        out.append((f"{syntax} — {desc}", ("命令" if zh else "command"), partial(app.palette_verb, verb, syntax)))
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
        for name, help_, cb in self._entries():
            score = max(matcher.match(name), matcher.match(help_) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(name), cb, text=name, help=help_)
