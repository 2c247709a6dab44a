"""Benchmark: prints figures, asserts nothing (targets are in the issues, not in tests).

Run after ``bash site_build/test.sh`` has set up ``.venv``:

    .venv/bin/pip install -e ".[bench]"      # icepool, the comparison (benchmark only)
    .venv/bin/python tests/benchmark.py      # add --full to time icepool past 60 dice too
    .venv/bin/python tests/benchmark.py --system dice-and-danger --no-browser

Prints, in one run:
1. each registered system's engine figures, from its own ``tests/<package>/benchmark.py``
   (``run(full)``), each beside icepool computing the same thing, with the ratio;
2. in headless Chromium against the built site, from a cold cache: the time to the first
   exact odds on the page (built into the page, shown before the engine is up), to the
   first roll (Roll pressed the moment it is enabled) and to widget ready, next to a bare
   Pyodide start on the same page; the first odds on every page with a widget; and the
   time an odds update takes. icepool has no browser counterpart: these figures stand alone.
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
# Pyodide's folder is the one the engine's manifest names (else the plain assets/pyodide/).
BARE_PYODIDE = """document.addEventListener("DOMContentLoaded", () => {
  window.barePyodide = (async () => {
    const engineDir = new URL("../assets/engine/", location.href);
    const named = await fetch(new URL("manifest.json", engineDir)).then((r) => r.json()).catch(() => ({}));
    const base = new URL(named.pyodide || "../pyodide/", engineDir).href;
    const code = `import { loadPyodide } from "${base}pyodide.mjs";
      await loadPyodide({ indexURL: "${base}" });
      postMessage(performance.timeOrigin + performance.now());`;
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    return await new Promise((resolve, reject) => {
      const worker = new Worker(url, { type: "module" });
      worker.onmessage = (e) => resolve(e.data - performance.timeOrigin);
      worker.onerror = (e) => reject(e.message);
    });
  })();
});"""

# From the page's navigation: when the first odds appear in any widget (in any of its result
# regions: the odds, a reading, a conversion), and when the first roll does if Roll is
# pressed the moment the engine is ready.
FIRST_FIGURES = """window.srdFirst = {};
new MutationObserver(() => {
  const first = window.srdFirst;
  if (!first.odds && document.querySelector(".srd-widget > [aria-live] > *")) first.odds = performance.now();
  if (!first.roll && document.querySelector(".srd-widget__result .srd-roll")) first.roll = performance.now();
  const widget = document.querySelector('.srd-widget[data-state="ready"]');
  const button = widget && widget.querySelector("button[type=submit]");
  if (!first.pressed && button && !button.disabled) {
    first.pressed = performance.now();
    button.click();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });"""

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


def pages_with_first_odds(site: Path) -> list[str]:
    """The pages (paths under the site's address) whose widgets open with odds built in."""
    return sorted(("" if html.parent == site else html.parent.relative_to(site).as_posix() + "/")
                  for html in site.rglob("index.html") if "data-first=" in html.read_text(encoding="utf-8"))


def first_odds_ms(browser, url: str) -> float:
    """Navigation to the first odds shown, in a fresh context (a cold cache); the engine is
    not waited for."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(FIRST_FIGURES)
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.srdFirst && window.srdFirst.odds", timeout=30_000)
    odds = page.evaluate("window.srdFirst.odds")
    context.close()
    return odds


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
                ready, bare, updates, splits, odds, rolls = [], [], [], [], [], []
                for _ in range(3):
                    context = browser.new_context()  # a new context has a cold cache
                    page = context.new_page()
                    page.add_init_script(FIRST_FIGURES)
                    page.goto(page_url)
                    page.wait_for_selector('.srd-widget[data-state="ready"]', timeout=60_000)
                    page.wait_for_function("window.srdFirst.roll", timeout=60_000)
                    first = page.evaluate("window.srdFirst")
                    odds.append(first["odds"])
                    rolls.append(first["roll"])
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
                per_page = {path: statistics.median(first_odds_ms(browser, url + path) for _ in range(3))
                            for path in pages_with_first_odds(Path(tmp))}
                browser.close()
        finally:
            stop()
    print(f"Browser (headless Chromium, {BROWSER_PAGE}, cold cache, 3 runs, medians; "
          "icepool has no browser counterpart, so no ratio)")
    r, b = statistics.median(ready), statistics.median(bare)
    print(f"navigation to first odds     {statistics.median(odds):8.0f} ms   (built into the page; target < 500 ms)")
    print(f"navigation to first roll     {statistics.median(rolls):8.0f} ms   (Roll pressed the moment it is enabled)")
    print(f"navigation to widget ready   {r:8.0f} ms")
    print(f"navigation to bare Pyodide   {b:8.0f} ms   (ratio {r / b:.2f}; target <= 1.15)")
    parts = {key: statistics.median(split[key] for split in splits) for key in splits[0]}
    print("  in the worker, ms from its start: " + ", ".join(f"{k} {v:.0f}" for k, v in parts.items()))
    print(f"odds update (input to shown) {statistics.median(updates):8.1f} ms median, "
          f"{max(updates):.1f} ms worst   (target < 100 ms)")
    print("navigation to first odds, every page with a widget (cold cache, median of 3):")
    for path, ms in per_page.items():
        print(f"  /{path:<26} {ms:8.0f} ms")


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
