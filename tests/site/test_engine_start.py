"""The engine's start from a memory snapshot (issue 19), in headless chromium.

- A first visit starts Python afresh and keeps a snapshot of the started engine; a new tab
  in the same browser starts from it, and its seeded rolls are the CLI's; a tab closed while
  the engine was still downloading leaves the snapshot as good as it was.
- A damaged snapshot, one that fails to load, and one of another build are each discarded:
  the engine starts afresh, rolls the CLI's rolls, and keeps a new snapshot of this build.
- On a page with a widget the service worker is registered only once the engine is ready,
  so its precache does not compete with the engine's download.
- The engine's worker starts from the page's head, while the page is still arriving, and
  engine.js takes it on (one worker a page); the head preloads every module the page's views
  import.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
from urllib.parse import urljoin

import pytest
from browser_kit import ENGINE_LOAD_MS
from playwright.sync_api import Page, expect
from test_widget_resilience import expect_ready, widgets_in

from site_build.paths import REPO_ROOT

# A first visit starts afresh: each test needs a context of its own.
pytestmark = pytest.mark.fresh_context

SNAPSHOT_CACHE = "dice-engine-snapshot"
ROLL = ("doom-stack", "4d6 vs TN 8", 424242)

READY = "performance.getEntriesByName('dice-engine-ready').length > 0"
HOW_STARTED = "performance.getEntriesByName('dice-engine-ready')[0].detail.start"
KEPT = "performance.getEntriesByName('dice-engine-snapshot').length > 0"
KEPT_DETAIL = "performance.getEntriesByName('dice-engine-snapshot')[0].detail"

# The page's own engine (engine.js by the address the page imports it from: the same module,
# so the same worker) asked for a roll.
ENGINE_ROLL = """async ([module, system, notation, seed]) => {
  const { getEngine } = await import(module);
  return await getEngine().call({ system, action: "roll", notation, seed });
}"""

# The snapshot cache's entries: [{url, length}].
ENTRIES = """async (name) => {
  const cache = await caches.open(name);
  const out = [];
  for (const request of await cache.keys()) {
    const body = await (await cache.match(request)).arrayBuffer();
    out.push({ url: request.url, length: body.byteLength });
  }
  return out;
}"""

# Rewrite the one stored snapshot: `how` is "garbage" (not a snapshot at all), "build-id"
# (a whole snapshot whose Pyodide build id is not this one's: Pyodide refuses to load it), or
# "old-build" (the same bytes at the address another build's would have).
SPOIL = """async ([name, how]) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  let url = request.url;
  if (how === "garbage") bytes.fill(7);
  else if (how === "build-id") for (let i = 16; i < 48; i++) bytes[i] ^= 0xff;
  else if (how === "old-build") url = url.replace(/build=[^&]*/, "build=old-build%7Cold.whl");
  await cache.delete(request);
  await cache.put(url, new Response(bytes, { headers: { "X-Snapshot-Length": String(bytes.byteLength) } }));
  return url;
}"""


def cli_roll(system: str, notation: str, seed: int) -> dict:
    """What ``python -m rules_engine roll SYSTEM NOTATION --seed SEED --json`` prints."""
    out = subprocess.run(
        [sys.executable, "-m", "rules_engine", "roll", system, notation, "--seed", str(seed), "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO_ROOT,
    )
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def roller(built_site_dir):
    """The site's first widget that rolls with a seed."""
    for widget in widgets_in(built_site_dir):
        html = (built_site_dir / widget.page / "index.html").read_text(encoding="utf-8")
        start = html.index(f'id="{widget.id}"')
        end = html.find('class="srd-widget"', start)
        if 'name="seed"' in html[start : end if end > 0 else None]:
            return widget
    pytest.fail("no widget rolls with a seed")


# Every engine worker the page makes: [whether the page was still being parsed].
COUNT_WORKERS = """window.srdEngineWorkers = [];
{
  const Plain = window.Worker;
  window.Worker = class extends Plain {
    constructor(url, options) {
      super(url, options);
      if (String(url).includes("engine-worker.js")) window.srdEngineWorkers.push(document.readyState === "loading");
    }
  };
}"""


def open_engine(context, site_url: str, widget) -> tuple[Page, str]:
    """A new tab on the widget's page, once its engine is ready; and how the engine started.
    The page's head started the engine while the page was still arriving, and engine.js took
    that worker on: the page made one engine worker, not two."""
    page = context.new_page()
    page.add_init_script(COUNT_WORKERS)
    page.goto(urljoin(site_url, widget.page))
    page.wait_for_function(READY, timeout=ENGINE_LOAD_MS)
    expect_ready(page, widget)
    assert page.evaluate("window.srdEngineWorkers") == [True]
    assert page.evaluate("window.srdEarlyEngine === undefined")  # taken on by engine.js
    return page, page.evaluate(HOW_STARTED)


def rolls_as_the_cli(page: Page, widget, site_url: str) -> None:
    reply = page.evaluate(ENGINE_ROLL, [urljoin(site_url, "assets/js/runtime/engine.js"), *ROLL])
    assert reply["ok"], reply
    assert reply["result"] == cli_roll(*ROLL)
    # And the widget rolls, as a reader would (its system's modules may be imported now).
    root = page.locator(widget.root)
    page.fill(f"{widget.root} input[name=seed]", "31337")
    root.locator("button[type=submit]").click()
    expect(root.locator(".srd-roll__seed")).to_have_text("31337", timeout=ENGINE_LOAD_MS)


def first_visit(context, site_url: str, widget) -> Page:
    """A first visit: a fresh start, and a snapshot of this build kept."""
    page, started = open_engine(context, site_url, widget)
    assert started == "fresh"
    page.wait_for_function(KEPT, timeout=ENGINE_LOAD_MS)
    assert page.evaluate(KEPT_DETAIL)["stored"] is True
    entries = page.evaluate(ENTRIES, SNAPSHOT_CACHE)
    assert len(entries) == 1 and entries[0]["length"] > 1_000_000, entries
    return page


def left_while_downloading(context, site_url: str, widget) -> None:
    """A visit closed while Pyodide's wasm is still on its way (a slow network): the start from
    the snapshot had not begun, so the snapshot stays good for the next visit."""
    page = context.new_page()
    page.route("**/pyodide.asm.wasm", lambda route: None)  # asked for, never answered
    with page.expect_request(lambda request: request.url.endswith("/pyodide.asm.wasm"), timeout=ENGINE_LOAD_MS):
        page.goto(urljoin(site_url, widget.page))
    page.unroute_all(behavior="ignoreErrors")
    page.close()


def test_a_repeat_visit_starts_from_the_snapshot_and_rolls_as_the_cli(page, site_url, roller):
    context = page.context
    first = first_visit(context, site_url, roller)
    rolls_as_the_cli(first, roller, site_url)
    kept = first.evaluate(ENTRIES, SNAPSHOT_CACHE)
    first.close()
    left_while_downloading(context, site_url, roller)
    for _ in range(2):
        again, started = open_engine(context, site_url, roller)
        assert started == "snapshot"
        rolls_as_the_cli(again, roller, site_url)
        # Starting from it neither replaces nor adds to it.
        assert again.evaluate(ENTRIES, SNAPSHOT_CACHE) == kept
        again.close()


@pytest.mark.parametrize("how", ["garbage", "build-id", "old-build"])
def test_a_damaged_or_foreign_snapshot_is_discarded_and_a_fresh_start_follows(page, site_url, roller, how):
    context = page.context
    first = first_visit(context, site_url, roller)
    own = first.evaluate(ENTRIES, SNAPSHOT_CACHE)[0]["url"]
    spoiled = first.evaluate(SPOIL, [SNAPSHOT_CACHE, how])
    assert (spoiled == own) == (how != "old-build")
    first.close()

    again, started = open_engine(context, site_url, roller)
    assert started == "fresh"
    rolls_as_the_cli(again, roller, site_url)
    # The spoiled one is gone; this build's own snapshot is kept again, and used next time.
    again.wait_for_function(KEPT, timeout=ENGINE_LOAD_MS)
    entries = again.evaluate(ENTRIES, SNAPSHOT_CACHE)
    assert [entry["url"] for entry in entries] == [own]
    again.close()
    third, started = open_engine(context, site_url, roller)
    assert started == "snapshot"
    rolls_as_the_cli(third, roller, site_url)


def test_the_service_worker_registers_only_once_the_engine_is_ready(sw_page, site_url, roller):
    page = sw_page
    page.add_init_script("""window.srdRegisteredAt = null;
      const plain = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.srdRegisteredAt = performance.now();
        return plain.apply(this, args);
      };""")
    page.goto(urljoin(site_url, roller.page))
    page.wait_for_function("window.srdRegisteredAt !== null", timeout=ENGINE_LOAD_MS)
    settled = page.evaluate("performance.getEntriesByName('dice-engine-settled').map((m) => m.startTime)")
    assert settled, "registered before the engine settled"
    assert page.evaluate("window.srdRegisteredAt") >= settled[0]
    expect_ready(page, roller)


def test_a_widget_page_loads_its_views_and_preloads_every_module_they_import(built_site_dir):
    """Each page with a widget names, in its head and before any stylesheet (an inline script
    waits for the stylesheets above it), its view modules (imported there) and every module
    they import (read here from the modules themselves), so none waits for another to arrive;
    and starts the engine's worker there."""
    js_dir = built_site_dir / "assets" / "js"
    imports = {}  # each module, by its path from assets/js/ → the modules it imports
    for module in js_dir.rglob("*.js"):
        name = module.relative_to(js_dir).as_posix()
        relative = re.findall(r'from "(\.{1,2}/[a-z0-9/-]+\.js)"', module.read_text(encoding="utf-8"))
        imports[name] = [posixpath.normpath(posixpath.join(posixpath.dirname(name), path)) for path in relative]
    pages = sorted(built_site_dir.glob("**/index.html"))
    checked = 0
    for path in pages:
        html = path.read_text(encoding="utf-8")
        views = set(re.findall(r' data-view="([a-z0-9-]+)"', html))
        if not views:
            continue
        head = html[: html.index('<link rel="stylesheet"')]
        imported = {src.split("assets/js/", 1)[-1] for src in re.findall(r'= import\("([^"]+)"\)', head)}
        assert imported == {f"views/{view}.js" for view in views}, path
        preloaded = {
            href.split("assets/js/", 1)[-1] for href in re.findall(r'<link rel="modulepreload" href="([^"]+)"', head)
        }
        needed, pending = set(), [f"views/{view}.js" for view in views]
        while pending:
            name = pending.pop()
            if name not in needed:
                needed.add(name)
                pending.extend(imports[name])
        assert needed <= preloaded, (path, needed - preloaded)
        assert "srdEarlyEngine" in head, path
        checked += 1
    assert checked >= 12  # the chapters' widget pages and their play pages
