#!/usr/bin/env python3
"""Measure the players' view (docs/web.md, "Figures"), or make its reference screenshots.

    python bench/web.py [--actions 100] [--clients 10]     # figures
    python bench/web.py --screenshots                       # docs/images/web-*.png (needs Chromium)

Figures, in one run (state the load average beside them):

* dashboard: the real dashboard (Textual ``run_test``, 100×40, in-memory session of a 6-seat game),
  keys F2 (next phase) and Ctrl+Z (undo) alternating; key-to-paint as bench/paint.py measures it: the
  key event posted as the driver posts it, then ``App.wait_for_refresh`` until the action is applied
  and the screen has repainted.  Blocks A-B-A: without the players' view, with it and
  ``--clients`` SSE clients connected (a separate process), without again;
* update latency: from the key press to each client receiving the new version (CLOCK_MONOTONIC is
  shared by the processes), over the B block: ``--actions`` actions × ``--clients`` clients;
* standalone ``companion serve``: latency from a journal commit to the clients (it polls every 0.1 s),
  and the server's resident memory with 0 and with ``--clients`` clients connected.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

SETUP = ["players 6", "name 1 Alice", "name 2 Bob", "name 3 Cathy", "name 4 Dan", "name 5 Eve", "name 6 Finn",
         "lord 1", "deal roles seed=5", "general 1 刘备", "general 2 关羽", "general 3 张飞", "general 4 赵云",
         "general 5 lvmeng", "general 6 huatuo", "start", "next", "next", "next", "1 赤兔:♥5"]

CLIENTS = r"""
import asyncio, json, sys, time
import aiohttp
url, n = sys.argv[1], int(sys.argv[2])
async def one(c, k, ready):
    async with c.get(url + "api/events", timeout=aiohttp.ClientTimeout(total=None)) as r:
        event = None
        async for raw in r.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "state":
                t = time.monotonic()
                v = json.loads(line[6:])["version"]
                if not ready.done():
                    ready.set_result(None)
                print(json.dumps([k, v, t]), flush=True)
async def main():
    async with aiohttp.ClientSession() as c:
        readies = [asyncio.get_running_loop().create_future() for _ in range(n)]
        tasks = [asyncio.create_task(one(c, k, readies[k])) for k in range(n)]
        await asyncio.gather(*readies)
        print("ready", flush=True)
        await asyncio.gather(*tasks)
asyncio.run(main())
"""


def _rss_kib(pid: int | str = "self") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _start_clients(url: str, n: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", CLIENTS, url, str(n)], stdout=subprocess.PIPE, text=True)
    while True:
        line = proc.stdout.readline()
        if not line or line.strip() == "ready":
            return proc


def _receipts(proc: subprocess.Popen) -> list[tuple[int, int, float]]:
    proc.terminate()
    out = proc.communicate(timeout=10)[0]
    return [tuple(json.loads(ln)) for ln in out.splitlines() if ln.startswith("[")]


async def dashboard(actions: int, clients: int) -> dict:
    from textual import events  # noqa: PLC0415 - per measurement

    from companion.session import Session  # noqa: PLC0415 - per measurement (playwright only for screenshots)
    from companion.tui.app import CompanionApp  # noqa: PLC0415 - per measurement (playwright only for screenshots)
    from companion.tui.serve import WebShare  # noqa: PLC0415 - per measurement (playwright only for screenshots)

    session = Session.replay_lines(SETUP)
    app = CompanionApp(session, lang="en")
    times: dict[str, list[float]] = {"without": [], "with": []}
    sent: list[tuple[float, int]] = []
    builds: list[float] = []
    mem = {}
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()

        async def block(kind: str, n: int, share=None) -> None:
            for i in range(n):
                key = "f2" if i % 2 == 0 else "ctrl+z"
                before = session.tip
                await asyncio.sleep(0.02)  # idle between keys, as at a table
                t0 = time.monotonic()
                # as bench/paint.py: the key posted as the driver posts it, then until the screen has
                # repainted with its effect (pilot.press would sleep until the CPU is idle)
                app.post_message(events.Key(key, None))
                while session.tip == before:
                    await app.wait_for_refresh()
                await app.wait_for_refresh()
                times[kind].append((time.monotonic() - t0) * 1000)
                if share is not None:
                    sent.append((t0, share.server.version))
                    builds.append(share.server.build_ms)

        await block("without", actions // 2)
        mem["dashboard_no_server_kib"] = _rss_kib()
        share = app.web_share = WebShare(app)
        await share.start("127.0.0.1", 0)
        mem["dashboard_server_0_clients_kib"] = _rss_kib()
        proc = await asyncio.to_thread(_start_clients, share.url, clients)
        await block("with", actions, share)
        await asyncio.sleep(0.5)
        mem["dashboard_server_clients_kib"] = _rss_kib()
        receipts = await asyncio.to_thread(_receipts, proc)
        await share.stop()
        app.web_share = None
        await block("without", actions // 2)
    first = {}
    for _k, v, t in receipts:
        first.setdefault(v, []).append(t)
    lat = []
    missing = 0
    for t0, v in sent:
        got = first.get(v, [])
        missing += clients - len(got)
        lat += [(t - t0) * 1000 for t in got]
    return {"key_to_paint_ms": {k: {"median": statistics.median(v), "p95": _pct(v, 95), "n": len(v)}
                                for k, v in times.items()},
            "latency_ms": {"median": statistics.median(lat), "p95": _pct(lat, 95), "max": max(lat), "n": len(lat),
                           "missing": missing},
            "payload_build_ms": {"median": statistics.median(builds), "p95": _pct(builds, 95),
                                 "bytes": len(share.server.state_json)},
            "memory": mem}


def standalone(actions: int, clients: int) -> dict:
    from companion.session import Session  # noqa: PLC0415 - per measurement (playwright only for screenshots)

    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "j.sqlite3"
        s = Session.new(db)
        for line in SETUP:
            s.submit(line)
        srv = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--db", str(db), "--host", "127.0.0.1",
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               cwd=str(ROOT))
        url = srv.stdout.readline().strip()
        time.sleep(0.5)
        rss0 = _rss_kib(srv.pid)
        proc = _start_clients(url, clients)
        sent = []
        for i in range(actions):
            t0 = time.monotonic()
            if i % 2 == 0:
                s.submit("next")
            else:
                s.undo()
            sent.append(t0)
            time.sleep(0.25)  # one action at a time: each is seen by the next poll
        rss = _rss_kib(srv.pid)
        receipts = _receipts(proc)
        srv.terminate()
        srv.wait(10)
        s.close()
    by_version: dict[int, list[float]] = {}
    for _k, v, t in receipts:
        by_version.setdefault(v, []).append(t)
    versions = sorted(by_version)  # (the state on connecting was read by _start_clients)
    lat = [(t - t0) * 1000 for t0, v in zip(sent, versions, strict=False) for t in by_version[v]]
    return {"latency_ms": {"median": statistics.median(lat), "p95": _pct(lat, 95), "n": len(lat)},
            "rss_kib": {"0_clients": rss0, f"{clients}_clients": rss}}


def screenshots() -> int:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - per measurement (playwright only for screenshots)
    from web.live import LiveServer  # tests/web/live.py  # noqa: PLC0415 - per measurement (playwright only for screenshots)

    from companion.session import Session  # noqa: PLC0415 - per measurement (playwright only for screenshots)

    lines = [ln for ln in (ROOT / "tests/data/game6.sgs").read_text(encoding="utf-8").splitlines()
             if ln.split("#", 1)[0].strip()]
    stop = next(i for i, ln in enumerate(lines) if ln.startswith("5 闪电")) + 1
    session = Session.replay_lines(lines[:stop])
    live = LiveServer(session)
    out = ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=args)
            for name, locale, vp, query, seat in (("web-phone-en", "en-US", (360, 740), "", 2),
                                                  ("web-phone-zh", "zh-CN", (360, 740), "", 2),
                                                  ("web-board", "zh-CN", (1280, 720), "?view=board", None)):
                ctx = b.new_context(viewport={"width": vp[0], "height": vp[1]}, locale=locale, device_scale_factor=1)
                page = ctx.new_page()
                if seat:
                    page.add_init_script(f"localStorage.setItem('sgs-seat:{live.server.token}', '{seat}')")
                page.goto(live.url + query)
                page.wait_for_selector("article.seat")
                page.screenshot(path=str(out / f"{name}.png"), full_page=bool(seat))
                ctx.close()
                print(out / f"{name}.png")
            b.close()
    finally:
        live.close()
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=100)
    ap.add_argument("--clients", type=int, default=10)
    ap.add_argument("--screenshots", action="store_true")
    a = ap.parse_args()
    if a.screenshots:
        return screenshots()
    print(f"load average before: {os.getloadavg()}")
    result = {"dashboard": asyncio.run(dashboard(a.actions, a.clients)),
              "standalone": standalone(a.actions, a.clients)}
    print(json.dumps(result, indent=2))
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
