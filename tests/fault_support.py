"""Real file faults for the journal tests, each in a forked child so the test process is not touched.

* :func:`in_fork` runs a function in a forked child and returns what it returned (or fails with the
  child's traceback);
* :func:`file_size_limit` makes every write past ``limit`` bytes fail in this process (``RLIMIT_FSIZE``,
  SIGXFSZ ignored): the OS's EFBIG, which SQLite reports as "disk I/O error";
* :func:`without_root_override` makes a root process obey file permission bits (drops
  CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH; Linux), so a ``chmod`` read-only file or folder is read-only
  for the test even when the suite runs as root.  POSIX only.
"""

from __future__ import annotations

import os
import pickle
import traceback

import pytest

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (POSIX)")


def in_fork(fn, *args):
    """``fn(*args)`` in a forked child; returns its (picklable) result.  An exception in the child fails
    the test with the child's traceback."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            out = ("ok", fn(*args))
        except pytest.skip.Exception as e:
            out = ("skip", str(e))
        except BaseException:  # noqa: BLE001 - handed to the parent
            out = ("error", traceback.format_exc())
        with os.fdopen(w, "wb") as f:
            f.write(pickle.dumps(out))
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    os.waitpid(pid, 0)
    status, value = pickle.loads(data) if data else ("error", "the child died without a word")
    if status == "skip":
        pytest.skip(value)
    if status != "ok":
        pytest.fail(f"in the child:\n{value}", pytrace=False)
    return value


def file_size_limit(limit: int | None) -> None:
    """Writes past ``limit`` bytes fail with EFBIG (None: no limit again, up to the hard limit)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (hard if limit is None else limit, hard))


def without_root_override() -> None:
    """Make this process obey file permission bits even as root (drop CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
    from its effective and permitted sets).  A no-op for other users; skips the test where root cannot
    drop them."""
    if os.geteuid() != 0:
        return
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        capget, capset = libc.capget, libc.capset
    except (OSError, AttributeError):
        pytest.skip("root cannot drop its file-permission override here (no capset)")
    header, data = Header(0x20080522, 0), (Data * 2)()  # _LINUX_CAPABILITY_VERSION_3
    mask = ~((1 << 1) | (1 << 2)) & 0xFFFFFFFF  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
    if capget(ctypes.byref(header), data) != 0:
        pytest.skip("capget failed")
    data[0].effective &= mask
    data[0].permitted &= mask
    if capset(ctypes.byref(header), data) != 0:
        pytest.skip("capset failed")
