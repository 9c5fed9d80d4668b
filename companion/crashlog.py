"""Crash details go to a log file, never to the screen (a traceback's locals hold hidden roles).

Stdlib :mod:`logging` into ``platformdirs.user_log_dir("sgs-companion")/companion.log``
(``COMPANION_LOG_DIR`` overrides the folder; tests use it).  The record holds the
traceback without local variables; the moderator is only told where the file is.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

__all__ = ["log_path", "record_crash"]

_LOGGER = "companion"


def log_path() -> Path:
    """The crash log file (its folder is created when something is written)."""
    d = os.environ.get("COMPANION_LOG_DIR")
    if not d:
        from platformdirs import user_log_dir  # noqa: PLC0415

        d = user_log_dir("sgs-companion")
    return Path(d) / "companion.log"


def _logger() -> logging.Logger:
    log = logging.getLogger(_LOGGER)
    path = log_path()
    for h in log.handlers:
        if isinstance(h, logging.FileHandler) and Path(h.baseFilename) == path.resolve():
            return log
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False  # never to the terminal
    return log


def record_crash(error: BaseException, where: str) -> Path | None:
    """Write ``error`` with its traceback (no local variables) to the log; returns the file, or None
    when it cannot be written (a full disk): the caller then names no file."""
    try:
        log = _logger()
        log.error("unexpected error in %s: %s", where, type(error).__name__,
                  exc_info=(type(error), error, error.__traceback__))
        for h in log.handlers:
            h.flush()
        return log_path()
    except Exception:  # noqa: BLE001 - the log is a courtesy; it must not fail the caller
        return None


def crash_message(error: BaseException, where: str, lang: str = "en") -> str:
    """Record ``error`` and return the one line the moderator sees (no game state in it)."""
    path = record_crash(error, where)
    name = type(error).__name__
    if lang == "zh":
        tail = f"详情已写入（报告问题时请附上）：\n{path}" if path else "（无法写入日志文件）"
        return (f"companion 遇到内部错误（{name}）而停止。已确认的每一步都保存在日志中："
                f"用 companion resume 重新打开即可继续。{tail}")
    tail = f"Details are in (please attach it to a bug report):\n{path}" if path else \
        "(the crash log could not be written)"
    return (f"companion stopped after an internal error ({name}). Every acknowledged action is in the journal: "
            f"`companion resume` reopens the game. {tail}")
