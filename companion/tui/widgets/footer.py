"""The footer: the screen's keys on one line, drawn by one widget.

Textual's :class:`~textual.widgets.Footer` is a scrolling container of one ``FooterKey`` widget per key
(≈ 10 on the dashboard), rebuilt whenever the screen's bindings are refreshed: mounting, styling and
laying out those widgets was ≈ 30–40 ms of the dashboard's first paint on the shared 2-core machine
(issue 15, docs/performance.md).  :class:`KeyFooter` draws the same line — the same keys in the same
order (one per action, its first key, as Footer shows them), the same colours and styles (Footer's and
FooterKey's stylesheet rules in their compact form, the theme's ``$footer-*`` variables), a key that is
disabled dimmed — as one text, and keeps what Footer does with the mouse: a click presses the key (a
bell for a disabled one), the key under the pointer is highlighted (``$block-hover-background``) and
shows its tooltip, the wheel scrolls a line wider than the screen.  Redrawn only when the keys it shows
change.  Binding groups (Footer's ``KeyGroup``) are not drawn as groups: the dashboard has none.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

__all__ = ["KeyFooter", "ShownKey"]


class ShownKey(NamedTuple):
    """One key as the footer draws it."""

    key: str
    """The key pressed by a click (Textual's key name)."""
    display: str
    """The key as drawn (``App.get_key_display``)."""
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeyFooter(Widget, can_focus=False):
    """The screen's shown bindings on one line (Textual's compact Footer, drawn by one widget)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--item", "footer-key--hover"}
    # Footer's and FooterKey's rules (Textual 8.2.8, compact): the line, each key's own background, the key
    # and its description, the key under the pointer
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        .footer-key--item {
            background: $footer-item-background;
        }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, compact: bool = True, show_command_palette: bool = False, **kwargs: Any) -> None:
        """``compact`` / ``show_command_palette``: as Footer's; only the compact form without the command
        palette's key is drawn (the dashboard's; ctrl+p is in F1's help), anything else raises ValueError."""
        if not compact or show_command_palette:
            raise ValueError("KeyFooter draws the compact footer without the command palette's key only")
        super().__init__(**kwargs)
        self._keys: tuple[ShownKey, ...] = ()
        self._spans: list[tuple[int, int]] = []  # cells of each key (its description included)
        self._hover: int | None = None
        self._offset = 0  # cells scrolled to the left (a line wider than the screen)

    @property
    def keys(self) -> tuple[ShownKey, ...]:
        """The keys drawn now, in order."""
        return self._keys

    @staticmethod
    def shown_keys(screen: Screen) -> tuple[ShownKey, ...]:
        """What Footer draws from ``screen``: for each action, the first of its shown bindings."""
        out: dict[str, ShownKey] = {}
        app = screen.app
        for _node, b, enabled, tooltip in screen.active_bindings.values():
            if b.show and b.action not in out:
                out[b.action] = ShownKey(b.key, app.get_key_display(b), b.description, b.action, enabled, tooltip)
        return tuple(out.values())

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's bindings were refreshed: redraw when the keys shown change."""
        if screen is not self.screen:
            return
        keys = self.shown_keys(screen)
        if keys != self._keys:
            self._keys = keys
            self._hover = None
            self.refresh()

    # -- drawing -------------------------------------------------------------
    def _styles(self) -> tuple[Style, Style, Style, Style]:
        """(line, key, description, hovered key's background) as Rich styles."""
        return (self.rich_style, self.get_component_rich_style("footer-key--key"),
                self.get_component_rich_style("footer-key--description"),
                self.get_component_rich_style("footer-key--hover"))

    def render(self) -> Text:
        line, key_style, desc_style, hover = self._styles()
        item = self.get_component_rich_style("footer-key--item")
        margin = Style(bgcolor=line.bgcolor)  # Footer's own blank line between its key widgets
        text = Text(no_wrap=True, overflow="crop", end="")
        self._spans = []
        for i, k in enumerate(self._keys):
            base = hover if i == self._hover else item
            if not k.enabled:
                base = base + Style(dim=True)
            start = text.cell_len
            ks = base + key_style if i != self._hover else base + key_style + Style(bgcolor=hover.bgcolor)
            text.append(k.display, ks)
            if k.description:
                ds = base + desc_style if i != self._hover else base + desc_style + Style(bgcolor=hover.bgcolor)
                text.append(" " + k.description, ds)
            self._spans.append((start, text.cell_len))
            if i < len(self._keys) - 1:
                text.append(" ", margin)  # the key's right margin (the last one's: the line's end)
        if self._offset:
            text = text[self._offset:] if self._offset < len(text) else Text("", end="")
        return text

    # -- the mouse -----------------------------------------------------------
    def _key_at(self, x: int) -> int | None:
        x += self._offset
        for i, (a, b) in enumerate(self._spans):
            if a <= x < b:
                return i
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, i: int | None) -> None:
        if i != self._hover:
            self._hover = i
            self.tooltip = (self._keys[i].tooltip or None) if i is not None else None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        i = self._key_at(event.x)
        if i is None:
            return
        if self._keys[i].enabled:
            self.app.simulate_key(self._keys[i].key)
        else:
            self.app.bell()

    def _scroll_by(self, cells: int, event: events.Event) -> None:
        width = self._spans[-1][1] + 1 if self._spans else 0
        new = max(0, min(self._offset + cells, max(0, width - self.size.width)))
        if new != self._offset:
            self._offset = new
            self.refresh()
            event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._scroll_by(4, event)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._scroll_by(-4, event)
