"""Benchmark: prints figures, asserts nothing (targets are in the issues, not in tests).

Run after ``bash site_build/test.sh`` has set up ``.venv``:

    .venv/bin/pip install -e ".[bench]"      # icepool, the comparison (benchmark only)
    .venv/bin/python tests/benchmark.py      # add --full to time icepool past 60 dice too
    .venv/bin/python tests/benchmark.py --system dice-and-danger --no-browser

Prints, in one run:
1. each registered system's engine figures, from its own ``tests/<package>/benchmark.py``
   (``run(full)``), each beside icepool computing the same thing, with the ratio;
2. in headless Chromium against the built site: cold page load to widget ready, next
   to a bare Pyodide start on the same page; and the time an odds update takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rules_engine.systems import SYSTEM_PACKAGES  # noqa: E402

# The browser figures are taken on this page, with this field changed for odds updates.
BROWSER_PAGE, BROWSER_FIELD = "doom-stack/", "#ds-attribute"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


# --- browser ----------------------------------------------------------------------------
# Started at DOMContentLoaded, as the page's own module script starts the engine, so the
# two start-ups are timed from the same point of the same page.
BARE_PYODIDE = """document.addEventListener("DOMContentLoaded", () => {
  const base = new URL("../assets/pyodide/", location.href).href;
  const code = `import { loadPyodide } from "${base}pyodide.mjs";
    await loadPyodide({ indexURL: "${base}" });
    postMessage(performance.timeOrigin + performance.now());`;
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  window.barePyodide = new Promise((resolve, reject) => {
    const worker = new Worker(url, { type: "module" });
    worker.onmessage = (e) => resolve(e.data - performance.timeOrigin);
    worker.onerror = (e) => reject(e.message);
  });
});"""

ODDS_UPDATE = """async ([field, value]) => {
  const input = document.querySelector(field);
  const odds = document.querySelector(".srd-widget__odds");
  const before = odds.textContent;
  const start = performance.now();
  const changed = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (odds.textContent !== before) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(odds, { childList: true, subtree: true, characterData: true, attributes: true });
  });
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return await changed;
}"""


def browser_section() -> None:
    from playwright.sync_api import sync_playwright

    from site_build import bind_server, build_site, server_url
    from site_build.serve import serve_in_background

    with tempfile.TemporaryDirectory() as tmp:
        server = bind_server(Path(tmp))
        url = server_url(server)
        build_site(Path(tmp), url)
        stop = serve_in_background(server)
        page_url = url + BROWSER_PAGE
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                ready, bare, updates, splits = [], [], [], []
                for _ in range(3):
                    context = browser.new_context()  # a new context has a cold cache
                    page = context.new_page()
                    page.goto(page_url)
                    page.wait_for_selector('.srd-widget[data-state="ready"]', timeout=60_000)
                    mark = page.evaluate("(() => { const m = performance.getEntriesByName('dice-engine-ready')[0];"
                                         " return {at: m.startTime, worker: m.detail}; })()")
                    ready.append(mark["at"])
                    splits.append(mark["worker"])
                    for value in ("4", "3", "5", "2", "6", "3"):
                        updates.append(page.evaluate(ODDS_UPDATE, [BROWSER_FIELD, value]))
                    context.close()

                    context = browser.new_context()
                    page = context.new_page()
                    # The same page with the site's widget script held back: Pyodide alone.
                    page.route("**/assets/js/widgets.js", lambda route: route.fulfill(
                        status=200, content_type="text/javascript", body=""))
                    page.add_init_script(BARE_PYODIDE)
                    page.goto(page_url)
                    bare.append(page.evaluate("window.barePyodide"))
                    context.close()
                browser.close()
        finally:
            stop()
    print("Browser (headless Chromium, cold cache, 3 runs, medians)")
    r, b = statistics.median(ready), statistics.median(bare)
    print(f"navigation to widget ready   {r:8.0f} ms")
    print(f"navigation to bare Pyodide   {b:8.0f} ms   (ratio {r / b:.2f}; target <= 1.15)")
    parts = {key: statistics.median(split[key] for split in splits) for key in splits[0]}
    print("  in the worker, ms from its start: " + ", ".join(f"{k} {v:.0f}" for k, v in parts.items()))
    print(f"odds update (input to shown) {statistics.median(updates):8.1f} ms median, "
          f"{max(updates):.1f} ms worst   (target < 100 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="time icepool on every pool size")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser figures")
    parser.add_argument("--system", action="append", choices=list(SYSTEM_PACKAGES),
                        help="only this system's engine figures (repeatable)")
    args = parser.parse_args()
    for key in args.system or SYSTEM_PACKAGES:
        package = SYSTEM_PACKAGES[key].rsplit(".", 1)[-1]
        if (ROOT / "tests" / package / "benchmark.py").is_file():
            import_module(f"{package}.benchmark").run(args.full)
            print()
    if not args.no_browser:
        browser_section()


if __name__ == "__main__":
    main()
