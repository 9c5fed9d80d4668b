"""What the dashboard's mixins use of the app they are mixed into, declared once: :class:`DashboardHost` (the
methods and properties, a protocol) and :class:`AppMixin`, the mixins' one base: to mypy a Textual ``App`` with
those and the attributes the mixins share.  The mixins import it for the checker only; at run time their base is
``object`` (``scan.py``'s a ``MessagePump``), as before.

A module of its own, not in ``protocols.py``: it names Textual's ``App`` and the F10 dialog's ``WebShare``, and
``protocols.py`` is read by the public view (through ``companion.tui.text``), which may import neither (the import
contracts of pyproject.toml count the checker's imports too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.app import App

    from companion.rules.errors import Refused
    from companion.rules.state import GameState

    from .protocols import CommandLanguage, Journaled, SessionLike
    from .serve import WebShare

__all__ = ["AppMixin"]


if TYPE_CHECKING:
    class DashboardHost(Protocol):
        """What the dashboard's mixins (``view.py``, ``submit.py``, ``history.py``, ``dialogs.py``, ``quick.py``,
        ``scan.py``) use of :class:`companion.tui.app.CompanionApp` besides Textual's ``App``: each member is
        provided by the app or by one of the mixins, and declared here once for all of them (through
        :class:`AppMixin`, which declares the attributes they assign); mypy checks, where the app is made, that
        it provides them all."""

        # -- CompanionApp (app.py) --
        @property
        def script(self) -> CommandLanguage: ...

        # -- view.py --
        @property
        def state(self) -> GameState: ...
        @property
        def readonly(self) -> bool: ...
        @property
        def message(self) -> str: ...
        def say(self, text: str, *, error: bool = False) -> None: ...
        def refresh_view(self) -> None: ...
        def fit_table(self) -> None: ...

        # -- submit.py --
        def submit_line(self, line: str, *, typed: bool = True, quiet: bool = True) -> bool: ...
        def refusal_text(self, r: Refused, *, typed: bool = True, kept: bool = False) -> str: ...
        def _internal(self, error: Exception, where: str) -> None: ...

        # -- history.py --
        def action_undo(self) -> None: ...
        def action_redo(self) -> None: ...

        # -- dialogs.py --
        def open_skills(self, seat: int | None) -> None: ...
        def open_distances(self, seat: int | None) -> None: ...
        def action_serve(self, where: str = "") -> None: ...

        # -- quick.py --
        @property
        def asking(self) -> bool: ...
        def action_choose(self, i: int) -> None: ...
        def draw_choices(self) -> None: ...
        def empty_enter(self) -> bool: ...
        def numbered_enter(self, line: str) -> bool: ...
        def step_setting(self, line: str) -> bool: ...
        def card_beginning(self, line: str) -> str | None: ...
        def after_answer(self, before: Any) -> None: ...
        def hand_asked(self, r: Refused, line: str) -> None: ...
        def undo_run(self) -> int: ...
        def redo_run(self) -> int: ...

        # -- scan.py --
        def _drop_scan(self) -> None: ...
        def _hide_preview(self) -> None: ...
        def _scan_after_redraw(self) -> None: ...

    class AppMixin(App[int], DashboardHost):
        """The base of each of the dashboard's mixins: to mypy, the app they are mixed into (a Textual ``App``
        with what :class:`DashboardHost` declares, and the attributes below); at run time ``object``, adding
        nothing to the app's classes.  The attributes are declared here, not in the protocol: the mixins assign
        them, and mypy takes an assignment to a protocol's bare attribute in a subclass for a new definition."""

        # set in CompanionApp.__init__ (app.py)
        session: SessionLike
        journaled: Journaled | None
        lang: str  # "zh" or "en" (a reactive in CompanionApp)
        reveal: bool  # the hidden roles are drawn (F5; a reactive in CompanionApp)
        camera: int | str  # the webcam F6 reads (an index or a device path)
        web_share: WebShare | None
        WIDE: int  # columns from which the log moves to the right of the table
        _ptext: str
        _drawn_header: str | None
        _drawn_banner: str | None
        _opened: dict[str, str] | None
        _slots: dict[tuple, tuple[list[Any], set[int]]]
        # set in QuickMixin (quick.py)
        _partial: Any  # the partial Choice whose line is in the bar
        _ask: tuple[Any, int, str] | None  # (state, seat, line) of a hand.ask refusal
else:
    AppMixin = object
