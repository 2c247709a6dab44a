"""Benchmark: prints figures, asserts nothing (targets are in the issue, not in tests).

Run after ``bash site_build/test.sh`` has set up ``.venv``:

    .venv/bin/pip install -e ".[bench]"      # icepool, the comparison (benchmark only)
    .venv/bin/python tests/benchmark.py      # add --full to time icepool past 60 dice too

Prints, in one run:
1. exact Doom Stack odds time for pools 4 … 200, next to icepool computing the same
   distribution (checked equal), with the ratio;
2. in headless Chromium against the built site: cold page load to widget ready, next
   to a bare Pyodide start on the same page; and the time an odds update takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules_engine.doom_stack.odds import best_stack_distribution  # noqa: E402

POOLS = (4, 8, 12, 20, 40, 60, 100, 200)
ICEPOOL_DEFAULT_LIMIT = 60  # icepool needs minutes beyond this; --full times it anyway
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def best_of(fn, repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def ours(pool: int) -> float:
    def run() -> None:
        best_stack_distribution.cache_clear()
        best_stack_distribution(pool)
    return best_of(run)


def icepool_timer():
    """A function timing icepool on a pool (and checking it agrees), or None without icepool."""
    try:
        import icepool
    except ImportError:
        return None

    class BestStack(icepool.MultisetEvaluator):
        """Every 1 plus the best face × count among 2–6."""

        def initial_state(self, order, outcomes, *sizes, **kwargs):
            return (0, 0)

        def next_state(self, state, order, outcome, count):
            ones, best = state
            return (count, best) if outcome == 1 else (ones, max(best, outcome * count))

        def final_outcome(self, final_state, *args, **kwargs):
            return sum(final_state)

    def run(pool: int) -> float:
        evaluator = BestStack()  # a fresh evaluator each time: no cached results
        start = time.perf_counter()
        die = evaluator.evaluate(icepool.d6.pool(pool))
        elapsed = time.perf_counter() - start
        mine = best_stack_distribution(pool)
        if any(die.probability(k) != mine.p(k) for k in die.outcomes()):
            raise SystemExit(f"icepool and the engine disagree at {pool} dice")
        return elapsed

    return run


def engine_section(full: bool) -> None:
    timer = icepool_timer()
    print("Doom Stack exact odds (best of 3, cache cleared)")
    print(f"{'pool':>5} {'engine':>10} {'icepool':>10} {'ratio':>8}")
    for pool in POOLS:
        mine = ours(pool)
        if timer is None:
            theirs_text, ratio = "not installed", ""
        elif pool > ICEPOOL_DEFAULT_LIMIT and not full:
            theirs_text, ratio = "skipped", ""
        else:
            theirs = timer(pool)
            theirs_text, ratio = f"{theirs * 1e3:8.1f}ms", f"{theirs / mine:7.0f}x"
        print(f"{pool:>5} {mine * 1e3:8.1f}ms {theirs_text:>10} {ratio:>8}")
    print("targets: >=10x icepool at 40 dice; every pool up to 200 under 1 s")


# --- browser ----------------------------------------------------------------------------
BARE_PYODIDE = """async () => {
  const base = new URL("assets/pyodide/", document.baseURI.replace(/doom-stack\\/.*$/, "")).href;
  const code = `import { loadPyodide } from "${base}pyodide.mjs";
    await loadPyodide({ indexURL: "${base}" });
    postMessage(performance.timeOrigin + performance.now());`;
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  const done = await new Promise((resolve, reject) => {
    const worker = new Worker(url, { type: "module" });
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(e.message);
  });
  return done - performance.timeOrigin;
}"""

ODDS_UPDATE = """async (value) => {
  const input = document.querySelector("#ds-attribute");
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
        page_url = url + "doom-stack/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                ready, bare, updates = [], [], []
                for _ in range(3):
                    context = browser.new_context()  # a new context has a cold cache
                    page = context.new_page()
                    page.goto(page_url)
                    page.wait_for_selector('[data-widget="doom-stack"][data-state="ready"]', timeout=60_000)
                    ready.append(page.evaluate("performance.now()"))
                    for value in ("4", "3", "5", "2", "6", "3"):
                        updates.append(page.evaluate(ODDS_UPDATE, value))
                    context.close()

                    context = browser.new_context()
                    page = context.new_page()
                    # The same page with the site's widget script held back: Pyodide alone.
                    page.route("**/assets/js/widgets.js", lambda route: route.fulfill(
                        status=200, content_type="text/javascript", body=""))
                    page.goto(page_url)
                    bare.append(page.evaluate(BARE_PYODIDE))
                    context.close()
                browser.close()
        finally:
            stop()
    print()
    print("Browser (headless Chromium, cold cache, 3 runs, medians)")
    r, b = statistics.median(ready), statistics.median(bare)
    print(f"navigation to widget ready   {r:8.0f} ms")
    print(f"navigation to bare Pyodide   {b:8.0f} ms   (ratio {r / b:.2f}; target <= 1.15)")
    print(f"odds update (input to shown) {statistics.median(updates):8.1f} ms median, "
          f"{max(updates):.1f} ms worst   (target < 100 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="time icepool on every pool size")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser figures")
    args = parser.parse_args()
    engine_section(args.full)
    if not args.no_browser:
        browser_section()


if __name__ == "__main__":
    main()
