"""The players' view over the local network: a read-only HTTP server in the caller's asyncio loop.

Built on aiohttp (docs/web.md says why): ``PublicServer(source)`` serves, under a random
per-game token,

* ``GET /<token>/``            the page (``static/index.html`` + ``app.js`` + ``app.css``, no outside asset);
* ``GET /<token>/api/state``   the public view as JSON (:func:`companion.public.public_view`, docs/web.md);
* ``GET /<token>/api/events``  Server-Sent Events: ``event: state`` with the same JSON at once and after
  every change, ``event: ping`` every :attr:`Limits.heartbeat` seconds.

Anything else is 404 (a request without the token included); only GET and HEAD exist, so no route
changes anything.  ``source()`` returns the current public view; the owner calls :meth:`notify` after
each accepted action, undo or redo, and the server rebuilds the payload once and pushes it to every
stream.  A slow or stalled client never makes the caller wait: each stream sends only the latest
version, with a write deadline, and is dropped when it misses it.  Limits: :class:`Limits`.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

__all__ = ["Limits", "PublicServer", "lan_address", "new_token", "DEFAULT_PORT", "STATIC"]

STATIC = Path(__file__).with_name("static")
DEFAULT_PORT = 8765
_log = logging.getLogger("companion.web")


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may cost (docs/web.md, "Limits").

    ``max_connections``: open TCP connections at once (more are closed at once);
    ``max_streams``: live SSE streams (more get 503); ``header_timeout``: seconds a
    connection may take to send a complete request head (slow clients are closed);
    ``max_line``/``max_field`` bytes of the request line / one header, ``max_headers``
    headers (more: 400); ``max_body``: bytes of request body (more: 413);
    ``write_timeout``: seconds one push may take to reach a client before it is dropped;
    ``heartbeat``: seconds between pings on an idle stream.
    """

    max_connections: int = 64
    max_streams: int = 32
    header_timeout: float = 10.0
    max_line: int = 4096
    max_field: int = 4096
    max_headers: int = 40
    max_body: int = 1024
    write_timeout: float = 5.0
    heartbeat: float = 15.0


def new_token() -> str:
    """A random URL-safe token (128 bits), one per game served."""
    return secrets.token_urlsafe(16)


def lan_address() -> str | None:
    """The address of the interface with a private (RFC 1918 / ULA) address on the default route,
    or None when there is none (then only ``127.0.0.1`` is safe by default).

    No packet is sent: a UDP socket is "connected" to a documentation address (RFC 5737) and the
    kernel's choice of source address is read back.
    """
    for family, probe in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9))):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect(probe)
                ip = ipaddress.ip_address(s.getsockname()[0])
        except OSError:
            continue
        if ip.is_private and not ip.is_loopback and not ip.is_link_local:
            return str(ip)
    return None


def _frame(event: str, data: bytes) -> bytes:
    return b"event: " + event.encode() + b"\ndata: " + data + b"\n\n"


class _Refuse(asyncio.Protocol):
    """A connection over :attr:`Limits.max_connections`: closed as soon as it is accepted."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


class PublicServer:
    """The read-only players' view of one game.

    ``source()`` returns the current public view (a JSON-ready dict; its ``version`` is set
    here: it counts payload changes).  ``token`` defaults to :func:`new_token`.  Start with
    :meth:`start` in a running loop, stop with :meth:`stop`; :meth:`notify` after each change.
    """

    def __init__(self, source: Callable[[], dict[str, Any]], *, token: str | None = None,
                 limits: Limits = Limits()) -> None:
        self.source = source
        self.token = token or new_token()
        self.limits = limits
        self.host: str | None = None
        self.port: int | None = None
        self.version = 0
        self._body = b""  # the view without its version, to see whether it changed
        self._json = b"{}"
        self._tick: asyncio.Event = asyncio.Event()
        self._streams: set[web.StreamResponse] = set()
        self._runner: web.AppRunner | None = None
        self._server: asyncio.AbstractServer | None = None
        self._pending = False
        self._closing = False
        self.build_ms = 0.0  # how long the last payload build took in the caller's loop (bench/web.py)
        self.errors = 0  # source() failures (the last payload is kept)

    # -- payload ------------------------------------------------------------------
    def _rebuild(self) -> None:
        self._pending = False
        t0 = time.perf_counter()
        try:
            view = dict(self.source())
        except Exception:  # noqa: BLE001 - a bad state must not stop the server: keep the last payload
            self.errors += 1
            _log.exception("public view failed")
            return
        view["version"] = None
        body = json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode()
        if body == self._body:
            return
        self._body = body
        self.version += 1
        view["version"] = self.version
        self._json = json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode()
        self.build_ms = (time.perf_counter() - t0) * 1000
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    def notify(self) -> None:
        """Something changed: rebuild the payload soon (once for several calls) and push it."""
        if not self._pending and self._runner is not None:
            self._pending = True
            asyncio.get_running_loop().call_soon(self._rebuild)

    @property
    def state_json(self) -> bytes:
        """The current payload of ``/api/state`` (UTF-8 JSON)."""
        return self._json

    @property
    def clients(self) -> int:
        """Live event streams."""
        return len(self._streams)

    @property
    def url(self) -> str:
        """The page's address with the token (after :meth:`start`)."""
        host = self.host or "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/{self.token}/"

    # -- handlers -----------------------------------------------------------------
    @staticmethod
    def _headers(kind: str) -> dict[str, str]:
        return {
            "Content-Type": kind,
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                       "script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
        }

    def _static(self, name: str, kind: str):
        data = (STATIC / name).read_bytes()

        async def handler(request: web.Request) -> web.Response:
            resp = web.Response(body=data, headers=self._headers(kind))
            resp.force_close()
            return resp
        return handler

    async def _state(self, request: web.Request) -> web.Response:
        resp = web.Response(body=self._json, headers=self._headers("application/json; charset=utf-8"))
        resp.force_close()
        return resp

    async def _events(self, request: web.Request) -> web.StreamResponse:
        lim = self.limits
        if len(self._streams) >= lim.max_streams or self._closing:
            raise web.HTTPServiceUnavailable(text="too many viewers", headers={"Retry-After": "5"})
        headers = self._headers("text/event-stream; charset=utf-8")
        headers["X-Accel-Buffering"] = "no"
        resp = web.StreamResponse(headers=headers)
        resp.force_close()
        await resp.prepare(request)
        self._streams.add(resp)
        sent = -1
        try:
            await asyncio.wait_for(resp.write(b"retry: 1000\n\n"), lim.write_timeout)
            while not self._closing:
                if sent != self.version:
                    sent = self.version
                    await asyncio.wait_for(resp.write(_frame("state", self._json)), lim.write_timeout)
                    continue
                tick = self._tick
                try:
                    await asyncio.wait_for(tick.wait(), lim.heartbeat)
                except asyncio.TimeoutError:
                    await asyncio.wait_for(resp.write(_frame("ping", b"{}")), lim.write_timeout)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            pass  # a client that cannot keep up, or gone: drop it (the page reconnects by itself)
        finally:
            self._streams.discard(resp)
            if request.transport is not None and self._closing is False:
                request.transport.close()
        return resp

    async def _redirect(self, request: web.Request) -> web.Response:
        raise web.HTTPFound(f"/{self.token}/")

    def _app(self) -> web.Application:
        app = web.Application(client_max_size=self.limits.max_body, handler_args={
            "max_line_size": self.limits.max_line, "max_field_size": self.limits.max_field,
            "max_headers": self.limits.max_headers,
            # aiohttp starts this timer when a connection opens and closes it if no complete
            # request has arrived by then: the bound on slow request heads (and idle sockets)
            "keepalive_timeout": self.limits.header_timeout,
            "access_log": None,
        })
        t = f"/{self.token}"
        app.router.add_get(t, self._redirect)
        app.router.add_get(t + "/", self._static("index.html", "text/html; charset=utf-8"))
        app.router.add_get(t + "/app.js", self._static("app.js", "text/javascript; charset=utf-8"))
        app.router.add_get(t + "/app.css", self._static("app.css", "text/css; charset=utf-8"))
        app.router.add_get(t + "/api/state", self._state)
        app.router.add_get(t + "/api/events", self._events)
        return app

    def _factory(self):
        assert self._runner is not None
        server = self._runner.server
        assert server is not None
        limit = self.limits.max_connections

        def make() -> asyncio.BaseProtocol:
            if len(server.connections) >= limit:
                return _Refuse()
            return server()
        return make

    # -- lifecycle ----------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> str:
        """Listen on ``host``:``port`` (``port`` 0: any free port); returns :attr:`url`.

        Raises OSError when the address cannot be used (port taken, no such address).
        """
        self._closing = False
        self._tick = asyncio.Event()  # a restart: the stopping tick stays set
        self._runner = web.AppRunner(self._app(), access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        self._rebuild()
        loop = asyncio.get_running_loop()
        try:
            self._server = await loop.create_server(self._factory(), host, port, backlog=64,
                                                    reuse_address=True)
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        sock = self._server.sockets[0].getsockname()
        self.host, self.port = host, sock[1]
        return self.url

    async def stop(self) -> None:
        """Close every stream and the listening socket (idempotent)."""
        self._closing = True
        self._tick.set()
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._runner is not None:
            await self._runner.shutdown()
            await self._runner.cleanup()
            self._runner = None
