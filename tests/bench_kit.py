"""What the per-system benchmarks share (``tests/<system>/benchmark.py``, run by
``tests/benchmark.py``)."""

from __future__ import annotations

import time

ICEPOOL_DEFAULT_LIMIT = 60  # icepool needs minutes beyond this many dice; --full times it anyway


def best_of(fn, repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def ratio_columns(mine: float, theirs: float | None, note: str = "not installed") -> tuple[str, str]:
    """icepool's time and its ratio to ours, as two printed columns (``note`` without a time)."""
    if theirs is None:
        return note, ""
    return f"{theirs * 1e3:8.1f}ms", f"{theirs / mine:7.0f}x"


def print_against_icepool(rows, ours, timer, width: int, column: str = "notation", decimals: int = 2) -> None:
    """A table of the engine's time for each input of ``rows`` (``ours(text)``) beside icepool's
    (``timer(text)`` gives its time and a check's words; ``timer`` None without icepool) and the
    ratio: ``column`` heads the inputs, ``width`` characters wide; engine times to ``decimals``."""
    print(f"{column:<{width}} {'engine':>10} {'icepool':>10} {'ratio':>8}   check")
    for text in rows:
        mine = ours(text)
        theirs, check = timer(text) if timer else (None, "")
        theirs_text, ratio = ratio_columns(mine, theirs)
        print(f"{text:<{width}} {mine * 1e3:8.{decimals}f}ms {theirs_text:>10} {ratio:>8}   {check}")


def bare_pyodide_script(engine_dir: str) -> str:
    """An init script that starts a bare ``loadPyodide`` in a module worker once the page is
    parsed, from the site's own Pyodide (found through the engine's manifest at ``engine_dir``,
    relative to the page); ``window.barePyodide`` resolves to the ms it took from navigation."""
    return (
        """document.addEventListener("DOMContentLoaded", () => {
  window.barePyodide = (async () => {
    const engineDir = new URL("ENGINE_DIR", location.href);
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
    ).replace("ENGINE_DIR", engine_dir)


# From the page's navigation: when the first odds appear in any widget (any of its result
# regions), and when the first roll does if the first widget's Roll is pressed the moment it
# is ready (another widget, a helper that does not roll, may be ready before it).
FIRST_FIGURES = """window.srdFirst = {};
new MutationObserver(() => {
  const first = window.srdFirst;
  if (!first.odds && document.querySelector(".srd-widget > [aria-live] > *")) first.odds = performance.now();
  if (!first.roll && document.querySelector(".srd-widget__result .srd-roll")) first.roll = performance.now();
  const widget = document.querySelector(".srd-widget");
  if (!widget || widget.dataset.state !== "ready") return;
  const button = widget.querySelector("button[type=submit]");
  if (!first.pressed && button && !button.disabled) {
    first.pressed = performance.now();
    button.click();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });"""
