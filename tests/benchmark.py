"""Benchmark: prints figures, asserts nothing (targets are in the issue, not in tests).

Run after ``bash site_build/test.sh`` has set up ``.venv``:

    .venv/bin/pip install -e ".[bench]"      # icepool, the comparison (benchmark only)
    .venv/bin/python tests/benchmark.py      # add --full to time icepool past 60 dice too

Prints, in one run:
1. exact Doom Stack odds time for pools 4 … 200, next to icepool computing the same
   distribution (checked equal), with the ratio;
2. exact dice & danger hit odds time for four pools (and the largest pools the engine
   takes), next to icepool computing the same hits with the same explosion depth
   (checked to differ only by the mass the engine reports as cut), with the ratio;
3. in headless Chromium against the built site: cold page load to widget ready, next
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

from rules_engine.dice_and_danger import odds as dd_odds  # noqa: E402
from rules_engine.dice_and_danger.notation import parse as dd_parse  # noqa: E402
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA  # noqa: E402
from rules_engine.doom_stack.odds import best_stack_distribution  # noqa: E402

POOLS = (4, 8, 12, 20, 40, 60, 100, 200)
DD_ROLLS = ("4d+1b vs DC 3", "10d+3b vs DC 4", "20d-5p vs DC 5", "60d+10b vs DC 4")
DD_LARGEST = tuple(f"{side}{MAX_DICE}d{extra} vs DC {dc}" for side in ("", "save ") for dc in (2, 4, 6)
                   for extra in (f"+{MAX_EXTRA}b", f"-{MAX_EXTRA}p"))
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


# --- dice & danger -----------------------------------------------------------------------
def dd_ours(text: str) -> float:
    query = dd_parse(text)

    def run() -> None:
        dd_odds._joint.cache_clear()
        dd_odds.odds(query)
    return best_of(run)


def dd_icepool_timer():
    """A function timing icepool on a notation (and checking it agrees), or None without icepool.

    icepool explodes each kept 6's chain to the engine's crit cap, so every roll the engine
    follows is exact in both; icepool also keeps (truncated) the rolls the engine leaves
    out, so for every hits value icepool ≥ engine, and the differences sum to the cut.
    """
    try:
        import icepool
    except ImportError:
        return None

    def hits_die(query, depth: int):
        dc = query.dc
        # miss < hit < six, so keeping the highest or lowest classes keeps the same dice
        classes = icepool.d6.map(lambda face: 0 if face < dc else (1 if face < 6 else 1000))
        pool = classes.pool(query.rolled)
        kept = pool.lowest(query.dice) if query.drops_highest else pool.highest(query.dice)
        chain = icepool.d6.explode(depth=depth)  # one kept 6's explosion dice: 6k + last face
        chain_hits = chain.map(lambda v: (v - 1) // 6 + ((v - 1) % 6 + 1 >= dc))
        dice_hits = kept.sum().map(lambda v: v % 1000 + v // 1000 + (v // 1000) @ chain_hits)
        return dice_hits.map(lambda hits: max(0, hits + query.hits))

    def run(text: str) -> tuple[float, str]:
        query = dd_parse(text)
        cap = dd_odds.crit_cap(query)
        start = time.perf_counter()
        die = hits_die(query, cap)
        elapsed = time.perf_counter() - start
        mine = dd_odds.hits_distribution(query)
        gaps = {k: die.probability(k) - mine.p(k) for k in set(die.outcomes()) | set(mine.outcomes)}
        if any(gap < 0 for gap in gaps.values()) or sum(gaps.values()) != mine.cut_mass:
            raise SystemExit(f"icepool and the engine disagree on {text}")
        return elapsed, f"equal but the cut ({float(mine.cut_mass):.1e})"

    return run


def dice_and_danger_section() -> None:
    timer = dd_icepool_timer()
    print()
    print("dice & danger exact hit odds (best of 3, cache cleared); icepool explodes to the same crit cap")
    print(f"{'notation':<22} {'engine':>10} {'icepool':>10} {'ratio':>8}   check")
    for text in DD_ROLLS:
        mine = dd_ours(text)
        if timer is None:
            theirs_text, ratio, check = "not installed", "", ""
        else:
            theirs, check = timer(text)
            theirs_text, ratio = f"{theirs * 1e3:8.1f}ms", f"{theirs / mine:7.0f}x"
        print(f"{text:<22} {mine * 1e3:8.1f}ms {theirs_text:>10} {ratio:>8}   {check}")
    worst = max((dd_ours(text), text) for text in DD_LARGEST)
    print(f"largest pools ({MAX_DICE} base dice, {MAX_EXTRA} bonus or penalty dice, every DC kind): "
          f"slowest {worst[0] * 1e3:.1f}ms ({worst[1]})")
    print("targets: >=5x icepool on 20d-5p vs DC 5; each of the four, and every pool the engine takes, under 1 s")


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
                ready, bare, updates, splits = [], [], [], []
                for _ in range(3):
                    context = browser.new_context()  # a new context has a cold cache
                    page = context.new_page()
                    page.goto(page_url)
                    page.wait_for_selector('[data-view="doom-stack"][data-state="ready"]', timeout=60_000)
                    mark = page.evaluate("(() => { const m = performance.getEntriesByName('dice-engine-ready')[0];"
                                         " return {at: m.startTime, worker: m.detail}; })()")
                    ready.append(mark["at"])
                    splits.append(mark["worker"])
                    for value in ("4", "3", "5", "2", "6", "3"):
                        updates.append(page.evaluate(ODDS_UPDATE, value))
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
    print()
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
    args = parser.parse_args()
    engine_section(args.full)
    dice_and_danger_section()
    if not args.no_browser:
        browser_section()


if __name__ == "__main__":
    main()
