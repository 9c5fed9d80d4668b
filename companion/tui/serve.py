"""The dashboard's players' view: the server in the dashboard's own event loop, and the dialog with
its URL and QR code (docs/web.md).  Opened with F10 or the ``serve [HOST][:PORT]`` command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from .screens import DialogScreen
from .text import label

if TYPE_CHECKING:
    from .app import CompanionApp
    from .protocols import LogEntryLike

__all__ = ["WebShare", "ServeScreen", "open_serve", "parse_where"]


def recent_log(app: CompanionApp) -> Sequence[LogEntryLike]:
    """The newest entries of the app's log, enough for the public log's last lines (a journaled session's
    ``log_tail``: costs the window, not the game's length), else the session's whole log."""
    return app.journaled.log_tail(256) if app.journaled is not None else app.session.log


class WebShare:
    """The players' view of the app's session: one :class:`companion.web.server.PublicServer`, started
    on first use in the app's loop, told about every change by :meth:`notify`."""

    def __init__(self, app: CompanionApp) -> None:
        from companion.public import public_view  # noqa: PLC0415
        from companion.web.serve import game_token  # noqa: PLC0415
        from companion.web.server import PublicServer  # noqa: PLC0415

        self.app = app
        j = app.journaled
        path = j.journal.path if j is not None and j.journal is not None else None
        token = game_token(path, j.game_id if j is not None else None)
        self.server = PublicServer(lambda: public_view(app.session.state, recent_log(app)), token=token)
        self.url: str | None = None
        self.error: str | None = None

    async def start(self, host: str | None = None, port: int | None = None) -> None:
        from companion.web.serve import start  # noqa: PLC0415

        try:
            self.url = await start(self.server, host, port)
            self.error = None
        except OSError as e:
            self.error = f"{host or ''}:{port or ''} {e.strerror or e}"

    def notify(self) -> None:
        if self.url is not None:
            self.server.notify()

    async def stop(self) -> None:
        if self.url is not None:
            await self.server.stop()
            self.url = None


class ServeScreen(DialogScreen[None]):
    """The URL and its QR code for the players' phones; Esc closes (the server keeps running)."""

    BINDINGS = [Binding("escape,f10", "close", "Close")]
    DEFAULT_CSS = """
    ServeScreen { align: center middle; }
    #serve-dialog { width: auto; height: auto; max-height: 100%; }
    #serve-dialog Static { width: auto; }
    #serve-qr { color: $text; }
    #serve-note { width: 64; }
    """

    def __init__(self, share: WebShare, lang: str = "zh") -> None:
        super().__init__()
        self.share = share
        self.lang = lang

    def compose(self) -> ComposeResult:
        from companion.web.serve import host_note, qr_text  # noqa: PLC0415

        share = self.share
        with Vertical(classes="dialog", id="serve-dialog"):
            if share.url is None:
                yield Static(label("serve_failed", self.lang, why=share.error or ""), classes="dialog-title")
                return
            yield Static(label("serve_title", self.lang), classes="dialog-title")
            yield Static(Text(qr_text(share.url), no_wrap=True), id="serve-qr")
            yield Static(Text(share.url, no_wrap=True), id="serve-url")
            yield Static(host_note(share.server.host or "", self.lang), id="serve-note")
            yield Static(label("serve_tv", self.lang), id="serve-tv")

    def action_close(self) -> None:
        self.dismiss(None)


def parse_where(where: str) -> tuple[str | None, int | None]:
    """``"HOST"``, ``"HOST:PORT"``, ``":PORT"`` or ``""`` (the defaults) → (host, port).  Raises ValueError
    for a port that is not a number 1..65535."""
    where = where.strip()
    if not where:
        return None, None
    host, sep, port = where.rpartition(":") if where.count(":") == 1 or where.startswith("[") else ("", "", "")
    if not sep:
        return where.strip("[]"), None
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"port {port!r}: a number 1..65535")
    return (host.strip("[]") or None), int(port)


async def open_serve(app: CompanionApp, where: str = "") -> None:
    """Start the players' view for ``app`` (once; ``where`` is ``serve``'s ``HOST[:PORT]``) and show the
    dialog.  A server already running is shown as it is."""
    share = app.web_share
    if share is None:
        share = app.web_share = WebShare(app)
    if share.url is None:
        try:
            host, port = parse_where(where)
        except ValueError as e:
            share.error = str(e)
        else:
            await share.start(host, port)
    app.push_screen(ServeScreen(share, app.lang))
