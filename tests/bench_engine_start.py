"""Benchmark of the engine's start in the browser, on a desktop and on a phone profile
(run by ``tests/benchmark.py``; alone: ``.venv/bin/python tests/bench_engine_start.py
[--runs N] [--profile phone] [--page doom-stack/]``). Prints figures, asserts nothing.

For each profile, against a site built from this tree and served by ``site_build.serve``:

- a cold first visit (a fresh browser context: empty caches, no service worker; the site's
  service worker is allowed to install, as for a reader);
- a repeat visit: a new tab in that context once the service worker controls the site and
  the engine has kept its snapshot (when the build makes one);
- a bare ``loadPyodide`` in a module worker in the same state: for the cold visit a fresh
  context with service workers blocked (nothing competes with it), for the repeat visit a
  new tab of the warmed context on the home page (no widget, so no engine starts there),
  started at DOMContentLoaded like the page's own engine.

Figures, each the median of ``--runs`` runs (5 unless told), ms from navigation: the first
odds shown (built into the page), roll ready (the engine's ready mark), the first roll
shown (Roll pressed the moment it is enabled), the bare Pyodide start, their ratio, and the
bytes the server sent from navigation until roll ready (every byte of every response,
headers included; on the repeat visit what the service worker did not answer).

The phone profile is set over the DevTools protocol on each tab before it navigates:
``Emulation.setCPUThrottlingRate`` 4, and ``Network.emulateNetworkConditions`` with 400 ms
latency, 1.6 Mbit/s down, 400 kbit/s up (the issue's "slow 4G"; Lighthouse's own slow-4G
preset is 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, and DevTools adds 562.5 ms latency
per request for it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "support")]

from bench_kit import FIRST_FIGURES, bare_pyodide_script  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

DEFAULT_PAGE = "doom-stack/"
DEFAULT_RUNS = 5

# name → (CPU slow-down, network conditions for Network.emulateNetworkConditions or None).
PROFILES: dict[str, tuple[float, dict[str, float] | None]] = {
    "desktop": (1, None),
    "phone": (
        4,
        {"offline": False, "latency": 400, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 400_000 / 8},
    ),
}
# Generous: a shared, busy machine can take minutes (figures, not assertions).
LIMIT_MS = {"desktop": 300_000, "phone": 600_000}
# Installing the service worker downloads the whole site once (not throttled: it is not the tab's).
CONTROL_MS = 300_000

READY = "performance.getEntriesByName('dice-engine-ready').length > 0"
READY_FIGURES = """(() => {
  const mark = performance.getEntriesByName("dice-engine-ready")[0];
  return { ready: mark.startTime, worker: mark.detail || {} };
})()"""
SNAPSHOT_KEPT = "performance.getEntriesByName('dice-engine-snapshot').length > 0"

# A bare Pyodide start in a module worker on the site's home page, begun at DOMContentLoaded
# as a page's engine is; Pyodide's folder is the one the engine's manifest names.
BARE_PYODIDE = bare_pyodide_script("assets/engine/")  # on the site's home page


def throttled_page(context, profile: str):
    """A new tab in ``context`` with ``profile``'s CPU and network set on it."""
    page = context.new_page()
    cpu, network = PROFILES[profile]
    if cpu != 1 or network:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        if network:
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", network)
    return page


def engine_visit(context, url: str, profile: str, server) -> tuple[dict, object]:
    """Open ``url`` in a new tab; the figures up to the first roll, and the tab."""
    page = throttled_page(context, profile)
    page.add_init_script(FIRST_FIGURES)
    sent = server.bytes_sent
    page.goto(url, wait_until="commit")
    page.wait_for_function(READY, timeout=LIMIT_MS[profile], polling=50)
    sent = server.bytes_sent - sent
    figures = page.evaluate(READY_FIGURES)
    page.wait_for_function("window.srdFirst.roll", timeout=LIMIT_MS[profile])
    first = page.evaluate("window.srdFirst")
    return {
        "odds": first["odds"],
        "ready": figures["ready"],
        "roll": first["roll"],
        "bytes": sent,
        "worker": figures["worker"],
    }, page


def bare_start(context, url: str, profile: str) -> float:
    """A bare Pyodide start in a new tab of ``context`` on ``url`` (a page with no widget)."""
    page = throttled_page(context, profile)
    page.add_init_script(BARE_PYODIDE)
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.barePyodide !== undefined", timeout=LIMIT_MS[profile])
    ms = page.evaluate("window.barePyodide")
    page.close()
    return ms


def one_run(browser, site_url: str, page_path: str, profile: str, server) -> dict[str, dict]:
    """A cold visit, a repeat visit and the bare starts beside each."""
    context = browser.new_context(service_workers="allow")
    cold, tab = engine_visit(context, site_url + page_path, profile, server)
    tab.wait_for_function("navigator.serviceWorker.controller !== null", timeout=CONTROL_MS)
    try:
        tab.wait_for_function(SNAPSHOT_KEPT, timeout=60_000)
    except Exception:  # a build that makes no snapshot (the figures before it)
        pass
    tab.close()
    repeat, tab = engine_visit(context, site_url + page_path, profile, server)
    tab.close()
    repeat["bare"] = bare_start(context, site_url, profile)
    context.close()
    context = browser.new_context(service_workers="block")
    cold["bare"] = bare_start(context, site_url, profile)
    context.close()
    return {"cold first visit": cold, "repeat visit": repeat}


def median_of(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def report(profile: str, page_path: str, results: dict[str, list[dict]]) -> None:
    cpu, network = PROFILES[profile]
    if network:
        setting = (
            f"CPU x{cpu:g}, {network['latency']:.0f} ms latency, "
            f"{network['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down, "
            f"{network['uploadThroughput'] * 8 / 1e3:.0f} kbit/s up"
        )
    else:
        setting = "no throttling"
    runs = len(next(iter(results.values())))
    print(f"{profile} profile ({setting}), /{page_path}, medians of {runs}, ms from navigation")
    print(
        f"  {'':18} {'first odds':>10} {'roll ready':>10} {'first roll':>10} {'bare Pyodide':>12} "
        f"{'ready/bare':>10} {'MB before ready':>15}"
    )
    for state, rows in results.items():
        ready, bare = median_of(rows, "ready"), median_of(rows, "bare")
        print(
            f"  {state:18} {median_of(rows, 'odds'):10.0f} {ready:10.0f} {median_of(rows, 'roll'):10.0f} "
            f"{bare:12.0f} {ready / bare:10.2f} {median_of(rows, 'bytes') / 1e6:15.2f}"
        )
        workers = [row["worker"] for row in rows]
        modes = sorted({str(w.get("start", "fresh")) for w in workers})
        numeric = sorted({k for w in workers for k, v in w.items() if isinstance(v, (int, float))})
        split = ", ".join(f"{k} {statistics.median(w[k] for w in workers if k in w):.0f}" for k in numeric)
        print(f"  {'':18} worker, ms from its start: {split}; started: {'/'.join(modes)}")


def run(runs: int = DEFAULT_RUNS, profiles: list[str] | None = None, page_path: str = DEFAULT_PAGE) -> None:
    """Build the site, then print each profile's figures."""
    from playwright.sync_api import sync_playwright

    from site_build import bind_server, build_site, server_url
    from site_build.serve import serve_in_background

    with tempfile.TemporaryDirectory() as tmp:
        server = bind_server(Path(tmp))
        url = server_url(server)
        build_site(Path(tmp), url)
        stop = serve_in_background(server)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for profile in profiles or list(PROFILES):
                    results: dict[str, list[dict]] = {}
                    for _ in range(runs):
                        for state, row in one_run(browser, url, page_path, profile, server).items():
                            results.setdefault(state, []).append(row)
                    report(profile, page_path, results)
                browser.close()
        finally:
            stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--runs",
        type=int,
        default=DEFAULT_RUNS,
        help=f"runs per profile (default {DEFAULT_RUNS}; fewer for a quick look)",
    )
    parser.add_argument("--profile", action="append", choices=list(PROFILES), help="only this profile")
    parser.add_argument("--page", default=DEFAULT_PAGE, help="the page with a widget to time")
    args = parser.parse_args()
    run(args.runs, args.profile, args.page)


if __name__ == "__main__":
    main()
