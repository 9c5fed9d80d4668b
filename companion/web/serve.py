"""Starting the players' view: the address to bind, the QR code, and ``companion serve`` (docs/web.md).

Shared by the dashboard's ``serve`` dialog (companion/tui/serve.py) and the standalone command.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import signal
import sys
from pathlib import Path

from ..public import public_view
from ..rules.messages import Words, text
from .server import DEFAULT_PORT, PublicServer, lan_address, new_token

__all__ = ["choose_host", "host_note", "start", "qr_text", "serve_journal", "game_token", "POLL_S"]

POLL_S = 0.1
"""How often ``companion serve`` looks at the journal (seconds): a change reaches the page within ~this."""


_KEPT_TOKENS = 50
_PROG = "companion serve"


def game_token(journal_path: str | Path | None, game_id: int | None) -> str:
    """The token of a journaled game: made once (:func:`new_token`) and kept in the user's settings
    (``web_tokens``, the latest 50 games), so the phones' URL stays the same when the dashboard (or
    ``companion serve``) is started again for that game.  A game without a journal gets a new token;
    settings that cannot be read or written only cost that (a new token each time)."""
    if journal_path is None or game_id is None:
        return new_token()
    from .. import settings  # noqa: PLC0415

    key = f"{Path(journal_path).resolve()}#{game_id}"
    kept = settings.load().get("web_tokens")
    kept = dict(kept) if isinstance(kept, dict) else {}
    token = kept.get(key)
    if isinstance(token, str) and len(token) >= 22:
        return token
    token = new_token()
    kept[key] = token
    settings.save(web_tokens=dict(list(kept.items())[-_KEPT_TOKENS:]))
    return token


def choose_host(host: str | None) -> str:
    """``host`` as given, else this machine's private LAN address, else ``127.0.0.1`` (never a public
    address by default)."""
    if host:
        return host
    return lan_address() or "127.0.0.1"


def host_note(host: str, lang: str = "en") -> str:
    """One line saying who can reach ``host`` (shown beside the URL), in ``lang`` (``zh`` / ``en``; the catalogue's
    ``[text] "web.serve.host_note/<case>"``)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    if ip is not None and ip.is_loopback:
        note = text("web.serve.host_note/loopback")
    elif ip is not None and ip.is_unspecified:
        note = text("web.serve.host_note/any")
    elif ip is not None and ip.is_private:
        note = text("web.serve.host_note/private")
    else:
        note = text("web.serve.host_note/public")
    return note.text(lang)


async def start(server: PublicServer, host: str | None = None, port: int | None = None) -> str:
    """Start ``server`` on :func:`choose_host` and ``port`` (default :data:`DEFAULT_PORT`, or any free port
    when that one is taken); returns the URL.  Raises OSError when an explicitly chosen port or host
    cannot be used."""
    h = choose_host(host)
    try:
        return await server.start(h, DEFAULT_PORT if port is None else port)
    except OSError as e:
        if port is None and e.errno == errno.EADDRINUSE:
            return await server.start(h, 0)
        raise


def qr_text(data: str) -> str:
    """A QR code of ``data`` as text, two modules per character cell (``█ ▀ ▄`` and space), dark on light,
    with a quiet zone; scannable from a terminal with dark text on a light background or the reverse."""
    import qrcode  # noqa: PLC0415

    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    qr.add_data(data)
    qr.make(fit=True)
    m = qr.get_matrix()
    if len(m) % 2:
        m.append([False] * len(m[0]))
    chars = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    # light modules drawn as blocks: a terminal's dark background becomes the code's dark modules
    return "\n".join("".join(chars[(not a, not b)] for a, b in zip(m[r], m[r + 1], strict=True)) for r in range(0, len(m), 2))


def error_words(e: BaseException) -> Words:
    """What went wrong, in each language: a JournalError's (or any error's) ``text(lang)``, its ``zh``, else
    ``str(e)`` in both."""
    said = getattr(e, "text", None)
    if callable(said):
        return Words(str(said("en")), str(said("zh")))
    return Words(str(e), getattr(e, "zh", None) or str(e))


def serve_journal(path: Path, game_id: int | None = None, *, host: str | None = None,
                  port: int | None = None, lang: str = "en") -> int:
    """``companion serve``: follow game ``game_id`` of the journal at ``path`` read-only and serve its public
    view until interrupted.  The first stdout line is the URL; the lines on stderr are in ``lang`` (``zh`` / ``en``).
    Returns the exit code (0 on Ctrl+C / SIGTERM).  Raises JournalError for an unusable journal, OSError for an unusable address."""
    from .watch import JournalWatch  # noqa: PLC0415

    watch = JournalWatch(path, game_id)

    async def run() -> None:
        server = PublicServer(lambda: public_view(watch.state, watch.log), token=game_token(path, watch.game_id))
        url = await start(server, host, port)
        print(url, flush=True)
        print(text("web.serve.serve_journal/game", game=watch.game_id, path=path,
                   note=host_note(server.host or "", lang)).text(lang), file=sys.stderr, flush=True)
        if sys.stderr.isatty():
            print(qr_text(url), file=sys.stderr, flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - not on this platform
                pass
        shown_error = None
        try:
            while not stop.is_set():
                try:
                    if watch.poll():
                        server.notify()
                except Exception as e:  # noqa: BLE001 - a journal being written may be briefly unreadable
                    print(text("web.serve.serve_journal/error", prog=_PROG, why=error_words(e)).text(lang), file=sys.stderr,
                          flush=True)
                error = None if watch.error is None else watch.error.en  # a new error, not the one shown
                if error != shown_error and error:
                    print(text("web.serve.serve_journal/error", prog=_PROG, why=watch.error).text(lang), file=sys.stderr, flush=True)
                shown_error = error
                try:
                    await asyncio.wait_for(stop.wait(), POLL_S)
                except asyncio.TimeoutError:
                    pass
        finally:
            await server.stop()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    finally:
        watch.close()
    return 0
