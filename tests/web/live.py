"""A players' view server running in its own thread and event loop, for tests and bench/web.py.

The session is only touched in that loop's thread (as the dashboard does): :meth:`LiveServer.act`
runs a function there, then notifies the server, and waits for it.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from companion.public import public_view
from companion.web.server import Limits, PublicServer


class LiveServer:
    def __init__(self, session: Any, *, limits: Limits | None = None, port: int = 0) -> None:
        self.session = session
        self.loop = asyncio.new_event_loop()
        self.server = PublicServer(lambda: public_view(session.state, session.log),
                                   limits=limits or Limits())
        self._port = port
        self.url = ""
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.start()

    def _run(self, coro, timeout: float = 10):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> str:
        self.url = self._run(self.server.start("127.0.0.1", self._port))
        self._port = self.server.port  # a restart comes back on the same port (same URL)
        return self.url

    def stop(self) -> None:
        self._run(self.server.stop())

    def act(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn()`` in the server's loop (e.g. ``lambda: s.submit("next")``), then push the change."""
        async def go():
            out = fn()
            self.server.notify()
            return out
        return self._run(go())

    def close(self) -> None:
        try:
            self.stop()
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)
