"""The question and the numbered choices: what is asked and what the table may do now
(``companion.rules.choices``), one key or click each, drawn by one widget (:class:`ChoicesBar`).

``1 闪 · 2 受到1点伤害 · 3 八卦阵：判定`` under the banner.  A number and Enter picks a choice (the
number alone in the command bar marks it first; ``0`` is the 10th); a click on a choice picks it too (``app.choose(i)``).
Enter on the empty bar at a 无懈可击 window is "nobody" (``pass all``).  The choices wrap between
choices onto a second line when the first is full, then (``FITS``) without "number+Enter", then onto a third.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.events import Click
from textual.markup import escape
from textual.widgets import Static

from ..text import label

__all__ = ["ChoicesBar", "MAX_KEYS", "choice_text", "plain_text", "layout", "key_of", "index_of"]

MAX_KEYS = 10
"""Choices 1..9 and the 10th (``0``, as on a keyboard's number row) have a digit; further ones are reached
by click or by typing."""


def key_of(i: int) -> str:
    """The key of choice ``i`` (0-based): ``1`` … ``9``, ``0`` for the 10th, ``·`` past it."""
    return str(i + 1) if i < 9 else "0" if i == 9 else "·"


def index_of(text: str) -> int | None:
    """The choice (0-based) a bar holding only ``text`` names: ``1`` … ``9``, ``0`` = the 10th; None otherwise."""
    t = text.strip()
    if len(t) != 1 or not t.isdigit():
        return None
    return 9 if t == "0" else int(t) - 1

# Shown before the choices, how to pick them: label("choices_hint"), label("choices_window"); after the tenth
# choice when more are possible, label("choices_more") (an 11th has no digit: the command palette lists it).

_SEP = " · "

MAX_LINES = 3
FITS = ((True, 2), (False, 2), (False, MAX_LINES))
"""How the choices are laid out, the first that draws every numbered one: with "number+Enter" on two
lines, without it on two, then on three (80 columns, en: a play phase's ten)."""


def _items(chs: list[Any], lang: str, picked: int | None, spent: frozenset[int] = frozenset()) -> list[tuple[str, str]]:
    """``(markup, plain)`` of each choice; ``picked`` (the number in the command bar) highlighted;
    ``spent`` ones (no longer possible in this play phase, kept in place) greyed and struck through."""
    out = []
    for i, c in enumerate(chs):
        key = key_of(i)
        lab = c.label(lang) + ("…" if c.needs and not c.label(lang).endswith("…") else "")
        if i in spent:
            out.append((f"[dim]{key} [strike]{escape(lab)}[/strike][/dim]", f"{key} {lab}"))
            continue
        style = "bold reverse" if i == picked else "bold"
        text = f"[{style}]{key}[/{style}] {escape(lab)}"
        if i == picked:
            text = f"[reverse]{text}[/reverse]"
        out.append((text, f"{key} {lab}"))
    return out


def layout(chs: list[Any], lang: str, picked: int | None = None, window: bool = False,
           width: int = 78, lines: int = 2, spent: frozenset[int] = frozenset(),
           how: bool = True, more: int = 0) -> tuple[str, list[tuple[int, int, int]]]:
    """The choices as Textual markup, wrapped between choices at ``width`` cells onto at most ``lines``
    lines (a choice that does not fit is not drawn; its number still works), and the ``(line, start,
    end)`` cells of each drawn choice, for clicks.  ``how``: begin with "number+Enter"; ``more`` (how
    many further choices have no digit) > 0: end with ``+N more: ctrl+p`` where it fits (newcomer trial,
    issue 16: a seat's 南蛮入侵 was the 11th and nothing said it was there)."""
    hint = (label("choices_window", lang) if window else "") + (label("choices_hint", lang) if how else "")
    rows: list[list[str]] = [[f"[dim italic]{escape(hint)}[/dim italic]" if hint else ""]]
    x = cell_len(hint)
    spans: list[tuple[int, int, int]] = []
    for markup, plain in _items(chs, lang, picked, spent):
        w = cell_len(plain)
        gap = cell_len(_SEP) if x > 0 and spans and spans[-1][0] == len(rows) - 1 else 0
        if x + gap + w > width:
            if len(rows) >= lines:
                break
            rows.append([])
            x, gap = 0, 0
        if gap:
            rows[-1].append(" [dim]·[/dim] ")
        spans.append((len(rows) - 1, x + gap, x + gap + w))
        rows[-1].append(markup)
        x += gap + w
    if more > 0 and len(spans) == len(chs):
        tag = label("choices_more", lang, n=more)
        w = cell_len(tag)
        if x + cell_len(_SEP) + w <= width:
            rows[-1].append(f" [dim]·[/dim] [dim italic]{escape(tag)}[/dim italic]")
        elif len(rows) < lines:
            rows.append([f"[dim italic]{escape(tag)}[/dim italic]"])
    return "\n".join("".join(r) for r in rows), spans


def choice_text(chs: list[Any], lang: str, picked: int | None = None, window: bool = False) -> str:
    """The choices as Textual markup on one line (:func:`layout` wraps them)."""
    return layout(chs, lang, picked, window, width=10**6, lines=1)[0]


def plain_text(chs: list[Any], lang: str) -> str:
    """The choices as plain text: ``1 闪 · 2 受到1点伤害``."""
    return _SEP.join(f"{key_of(i)} {c.label(lang)}" for i, c in enumerate(chs))


QUESTION_LINES = 4
"""Lines the question may take (``view.BANNER_LINES``; wrapped, never cut: the longest of the transcripts takes 3
at 80 columns)."""


class ChoicesBar(Static):
    """The question and the numbered choices under it, drawn by one widget (``#ask``): the question's lines
    (``ask``), then the choices' (one to three lines: ``FITS``), then blank lines up to ``kept``.

    Its height is what it draws, at least ``kept`` lines: a question and choices that come and go within
    them repaint its lines and lay nothing out (no widget shown or hidden, issue 15, key-to-paint); a longer
    question or more choices take the lines they need and give them back."""

    COMPONENT_CLASSES = {"choices--question", "choices--large"}
    DEFAULT_CSS = """
    ChoicesBar { height: 0; padding: 0; text-wrap: nowrap; text-overflow: clip; }
    ChoicesBar > .choices--question { background: $warning 20%; color: $text; text-style: bold; }
    ChoicesBar > .choices--large { background: $warning 35%; color: $text; text-style: bold; }
    """
    """The question on app.tcss's ``$prompt-bg`` across the whole width, one column of padding each side; large
    (120×36 and up) on ``$prompt-edge 35%``, padded a line above and below and two columns each side."""

    def __init__(self, **kw: Any) -> None:
        super().__init__("", **kw)
        self.choices: list[Any] = []
        self.plain = ""
        self.spent: frozenset[int] = frozenset()
        """The choices (0-based) drawn greyed: no longer possible in this play phase, kept in place."""
        self._spans: list[tuple[int, int, int]] = []
        self._markup = ""
        self._drawn: tuple | None = None
        self.lines = 0
        """Lines of choices drawn (0 when there are none)."""
        self.question = ""
        """The question as given to ``ask`` ("" when none)."""
        self.question_lines = 0
        """Lines the question takes (its padding included when large; 0 when there is none)."""
        self.large = False
        """The question drawn large (120×36 and up: padded, on a stronger background)."""
        self.kept = 0
        """Lines kept when less is drawn (view.py ``ASK_LINES`` once the game has started)."""

    def on_click(self, event: Click) -> None:
        off = event.get_content_offset(self)
        if off is None:
            return
        row, x = off.y - self.question_lines, off.x - 1  # the choices' lines begin with one column of padding
        for i, (r, a, b) in enumerate(self._spans):
            if r == row and a <= x < b:
                event.stop()
                self.app.action_choose(i)  # type: ignore[attr-defined]
                return

    def ask(self, question: str, *, large: bool, kept: int) -> None:
        """Hold the question (wrapped at the width; "" for none), how it is drawn and the lines kept; drawn with
        the choices by the next ``show``."""
        self.question, self.large, self.kept = question, large, kept

    def show(self, chs: list[Any], lang: str, picked: int | None = None, window: bool = False,
             spent: frozenset[int] = frozenset(), more: int = 0) -> None:
        """Draw the question held and ``chs`` (at most ``MAX_KEYS`` of them numbered); ``more``: how many further
        choices the command palette lists (said after the tenth)."""
        self.choices = list(chs)
        self.spent = spent
        self.plain = plain_text(self.choices, lang)
        full_width = self.app.size.width or 80
        width = max(20, full_width - 2)  # the padding: 0 1
        markup = ""
        spans: list[tuple[int, int, int]] = []
        full: tuple[str, list[tuple[int, int, int]]] | None = None  # all numbered, the "+N more" not said
        for how, lines in FITS if self.choices else ():  # every numbered choice drawn: no number without its label
            markup, spans = layout(self.choices, lang, picked, window, width, lines, spent, how, more)
            if len(spans) >= min(len(self.choices), MAX_KEYS):
                if not more or "ctrl+p" in markup:  # a third line for "+N more" rather than silence (80x24, en)
                    break
                full = full or (markup, spans)
        else:
            if full is not None:
                markup, spans = full
        self._markup, self._spans = markup, spans
        self.lines = markup.count("\n") + 1 if self.choices else 0
        self._draw(full_width)

    def _draw(self, full_width: int) -> None:
        from textual.content import Content  # noqa: PLC0415

        key = (self.question, self.large, self.kept, self._markup, self.lines, full_width)
        if key == self._drawn:
            return  # unchanged: no repaint (the dashboard redraws only what changed)
        self._drawn = key
        rows: list[Content] = []
        if self.question:
            from textual.style import Style  # noqa: PLC0415

            pad = 2 if self.large else 1
            rich = self.get_component_rich_style("choices--large" if self.large else "choices--question")
            text_style, fill = Style.from_rich_style(rich), Style(background=Style.from_rich_style(rich).background)
            text = [ln.plain for ln in Content(self.question).wrap(max(1, full_width - 2 * pad))][:QUESTION_LINES]
            if self.large:
                text = ["", *text, ""]
            for ln in text:
                room = full_width - pad - Content(ln).cell_length
                rows.append(Content.assemble((" " * pad, fill), (ln, text_style), (" " * max(0, room), fill)))
        self.question_lines = len(rows)
        if self.choices:
            rows.extend(Content(" ") + Content.from_markup(row) for row in self._markup.split("\n"))
        height = max(len(rows), self.kept)
        rows.extend(Content("") for _ in range(height - len(rows)))
        resized = self.styles.height is None or self.styles.height.value != height
        if resized:
            self.styles.height = height  # a layout, only when the zone's height changes
        self.update(Content("\n").join(rows), layout=False)
