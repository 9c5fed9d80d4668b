"""Containers the dashboard's widgets cover entirely: drawn as blank lines, not through the style pipeline."""

from __future__ import annotations

from textual.containers import Horizontal, Vertical

__all__ = ["CoveredRow", "CoveredColumn"]


class CoveredColumn(Vertical):
    """A ``Vertical`` whose children cover all of it (``#body``: the board, then the log taking the lines left,
    ``1fr``; wide, side by side, ``2fr`` and ``1fr``).

    Textual renders every widget's region, a container's too, before its children are drawn over it; a container
    without a border, padding or content of its own renders blank lines of its style, which nothing shows.
    ``BLANK`` makes them directly (``Widget.render_lines``): ≈ 3.7 M instructions of the first frame at 100×30
    (issue 15)."""

    BLANK = True


class CoveredRow(Horizontal):
    """A ``Horizontal`` whose children cover all of it (``#command-row``: the prompt, 2 cells, and the command
    bar, ``1fr``); blank lines as :class:`CoveredColumn`'s."""

    BLANK = True
