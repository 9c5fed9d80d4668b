"""The footer: Textual's, redrawn only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["KeyFooter"]


class KeyFooter(Footer):
    """Textual's :class:`~textual.widgets.Footer`, which rebuilds its ≈ 20 key widgets every time the screen's
    bindings are refreshed — at start-up three to four times (the mount, the command bar's focus, the
    language's bindings), though the keys shown do not change: ≈ 90 ms of the first paint on the shared
    2-core machine (issue 15).  Here a refresh that leaves the shown keys as they are is skipped."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple | None = None

    @staticmethod
    def shown_keys(screen: Screen) -> tuple:
        """What :meth:`Footer.compose` draws from ``screen``: each shown binding's key, text, action, group,
        whether it is enabled and its tooltip, in order."""
        return tuple((b.key, b.key_display, b.description, b.action, b.group, enabled, tooltip)
                     for (_node, b, enabled, tooltip) in screen.active_bindings.values() if b.show)

    def bindings_changed(self, screen: Screen) -> None:
        shown = self.shown_keys(screen)
        if self._bindings_ready and shown == self._shown:
            return
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown  # drawn by the recompose Footer asks for now
        super().bindings_changed(screen)
