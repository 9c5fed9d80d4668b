import asyncio
import inspect
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
for p in (str(REPO), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

from fakes import FakeSession  # noqa: E402
from pilot_support import LIULI, played  # noqa: E402


@pytest.fixture
def session():
    return FakeSession()


@pytest.fixture
def liuli_session():
    """A real in-memory session at ``pilot_support.LIULI``: 大乔 asked for 闪 after 关羽's 武圣 杀, with 流离's
    hint (a question of three lines at 80 columns)."""
    return played(LIULI)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests with asyncio.run (no pytest-asyncio needed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        args = {n: pyfuncitem.funcargs[n] for n in pyfuncitem._fixtureinfo.argnames}
        asyncio.run(pyfuncitem.obj(**args))
        return True
    return None
