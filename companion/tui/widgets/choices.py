"""The numbered choices line: what the table may do now (``companion.rules.choices``), one key or click each.

``1 闪 · 2 受到1点伤害 · 3 八卦阵：判定`` under the banner.  A number and Enter picks a choice (the
number alone in the command bar marks it first); a click on a choice picks it too (``app.choose(i)``).
Enter on the empty bar at a 无懈可击 window is "nobody" (``pass all``).
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.events import Click
from textual.markup import escape
from textual.widgets import Static

__all__ = ["ChoicesBar", "MAX_KEYS", "choice_text", "plain_text", "spans"]

MAX_KEYS = 9
"""Choices 1..9 have a digit; further ones are reached by click or by typing."""

_HINT = ("数字+Enter ", "number+Enter ")
_WINDOW = ("空Enter=无人出 · ", "Enter=nobody · ")
"""Shown before the choices: how to pick them (short: the line never wraps)."""


def choice_text(chs: list[Any], lang: str, picked: int | None = None, window: bool = False) -> str:
    """The line as Textual markup; ``picked`` (the number in the command bar) is highlighted.  The line never
    wraps, so :func:`spans` gives each choice's cells for a click."""
    zh = lang == "zh"
    parts = []
    for i, c in enumerate(chs):
        key = str(i + 1) if i < MAX_KEYS else "·"
        lab = c.label(lang) + ("…" if c.needs and not c.label(lang).endswith("…") else "")
        style = "bold reverse" if i == picked else "bold"
        text = f"[{style}]{key}[/{style}] {escape(lab)}"
        if i == picked:
            text = f"[reverse]{text}[/reverse]"
        parts.append(text)
    hint = (_WINDOW[0 if zh else 1] if window else "") + _HINT[0 if zh else 1]
    return f"[dim italic]{escape(hint)}[/dim italic]" + " [dim]·[/dim] ".join(parts)


def spans(chs: list[Any], lang: str, window: bool = False) -> list[tuple[int, int]]:
    """The cells ``[start, end)`` of each choice on the line (after the padding), for clicks."""
    zh = lang == "zh"
    x = cell_len((_WINDOW[0 if zh else 1] if window else "") + _HINT[0 if zh else 1])
    out = []
    for i, c in enumerate(chs):
        if i:
            x += cell_len(" · ")
        key = str(i + 1) if i < MAX_KEYS else "·"
        lab = c.label(lang) + ("…" if c.needs and not c.label(lang).endswith("…") else "")
        w = cell_len(f"{key} {lab}")
        out.append((x, x + w))
        x += w
    return out


def plain_text(chs: list[Any], lang: str) -> str:
    """The choices as plain text: ``1 闪 · 2 受到1点伤害``."""
    return " · ".join(f"{i + 1 if i < MAX_KEYS else '·'} {c.label(lang)}" for i, c in enumerate(chs))


class ChoicesBar(Static):
    """One line of numbered choices; hidden when there are none."""

    DEFAULT_CSS = """
    ChoicesBar { height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    ChoicesBar.-none { display: none; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__("", **kw)
        self.choices: list[Any] = []
        self.plain = ""
        self._spans: list[tuple[int, int]] = []
        self._markup: str | None = None

    def on_click(self, event: Click) -> None:
        off = event.get_content_offset(self)
        if off is None or off.y != 0:
            return
        for i, (a, b) in enumerate(self._spans):
            if a <= off.x < b:
                event.stop()
                self.app.action_choose(i)  # type: ignore[attr-defined]
                return

    def show(self, chs: list[Any], lang: str, picked: int | None = None, window: bool = False) -> None:
        self.choices = list(chs)
        self.plain = plain_text(self.choices, lang)
        markup = choice_text(self.choices, lang, picked, window) if self.choices else ""
        if markup == self._markup:
            return  # unchanged: no repaint (the dashboard redraws only what changed)
        self._markup = markup
        self.update(markup)
        self._spans = spans(self.choices, lang, window)
        self.set_class(not self.choices, "-none")
