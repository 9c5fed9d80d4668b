"""The dashboard's players' view: the server in the dashboard's own event loop, and the dialog with
its URL and QR code (docs/web.md).  Opened with F10 or the ``serve`` command."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["WebShare", "ServeScreen", "open_serve"]


class WebShare:
    """The players' view of the app's session: one :class:`companion.web.server.PublicServer`, started
    on first use in the app's loop, told about every change by :meth:`notify`."""

    def __init__(self, app: Any) -> None:
        from companion.public import public_view  # noqa: PLC0415
        from companion.web.serve import game_token  # noqa: PLC0415
        from companion.web.server import PublicServer  # noqa: PLC0415

        self.app = app
        session = app.session
        path = getattr(getattr(session, "journal", None), "path", None)
        token = game_token(path, getattr(session, "game_id", None))
        self.server = PublicServer(lambda: public_view(app.session.state, app.session.log), token=token)
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


class ServeScreen(ModalScreen[None]):
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

        zh = self.lang == "zh"
        share = self.share
        with Vertical(classes="dialog", id="serve-dialog"):
            if share.url is None:
                yield Static(("无法启动玩家页面：" if zh else "cannot start the players' view: ") + (share.error or ""),
                             classes="dialog-title")
                return
            yield Static("玩家页面（只读）· 用手机扫码 · Esc 关闭" if zh else
                         "Players' view (read-only) · scan with a phone · Esc closes", classes="dialog-title")
            yield Static(Text(qr_text(share.url), no_wrap=True), id="serve-qr")
            yield Static(Text(share.url, no_wrap=True), id="serve-url")
            yield Static(host_note(share.server.host or "", self.lang), id="serve-note")
            yield Static(("电视：在链接后加 ?view=board" if zh else "TV: add ?view=board to the address"), id="serve-tv")

    def action_close(self) -> None:
        self.dismiss(None)


async def open_serve(app: Any, host: str | None = None, port: int | None = None) -> None:
    """Start the players' view for ``app`` (once) and show the dialog."""
    share = getattr(app, "web_share", None)
    if share is None:
        share = app.web_share = WebShare(app)
    if share.url is None:
        await share.start(host, port)
    app.push_screen(ServeScreen(share, app.lang))
