"""Offline after one visit, in headless chromium with the site's service worker running.

- After a visit to the home page (no roller on it), with the network gone: the page
  reloads, every other page opens by its link (Material's instant navigation, the page's
  scripts kept), and a roller on each page rolls, all from the service worker's cache, with
  one engine worker for the whole visit.
- A new build's worker replaces the old one: the open page asks it to take over and
  reloads once into the new build; the cache then holds the new build's files and none
  of the old one's.
- Every page links the web app manifest, and the manifest names PNG icons of 192 and
  512 px (what Chrome needs to install the site) that exist.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Page, expect
from test_layout import built_pages
from test_widget_resilience import expect_ready, pages_of, roll_works, rolls, widgets_in

from site_build.build import postbuild
from site_build.serve import start_server

# Offline and the service worker change the context: each test gets its own.
pytestmark = pytest.mark.fresh_context

CONTROL_MS = 120_000  # installing means downloading and storing every file of the site once


def wait_until_controlled(page: Page) -> None:
    """Until the service worker has cached the site and controls the page."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=CONTROL_MS)


def follow_link(page: Page, target: str) -> None:
    """Click a visible link on the page to ``target`` (an absolute URL), as a reader would,
    and wait until the new page has been swapped in (its own title shows)."""
    title = page.title()
    links = page.evaluate_handle(
        "(target) => [...document.querySelectorAll('a[href]')].filter((a) => a.href === target)", target
    )
    candidates = [handle.as_element() for handle in links.get_properties().values()]
    assert candidates, f"no link to {target} on {page.url}"
    visible = [link for link in candidates if link.is_visible()]
    if visible:
        visible[0].click()
    else:
        # In a folded section of the navigation: the reader unfolds it first; its link is
        # clicked as it is (Material's instant navigation listens to clicks on the document).
        candidates[0].dispatch_event("click")
    # (Material's navigation.tracking may add the section in view as a #fragment.)
    page.wait_for_url(lambda url: url.split("#")[0] == target)
    page.wait_for_function("(title) => document.title !== title", arg=title)
    expect(page.locator("h1").first).to_be_visible()


def test_after_one_visit_every_page_and_roller_works_offline(
    sw_page, site_url, built_site_dir, request_log, page_errors
):
    page = sw_page
    page.goto(site_url)
    wait_until_controlled(page)
    page.context.set_offline(True)

    page.reload()
    expect(page.locator("h1").first).to_be_visible()
    assert page.evaluate("navigator.onLine") is False
    started = len(request_log)
    # A mark on the window: it survives only if pages are swapped in without a reload.
    page.evaluate("window.srdSamePage = true")

    widgets = pages_of(widgets_in(built_site_dir))
    pages = built_pages(built_site_dir)
    assert len(widgets) >= 5
    for path in (p for p in pages if p):
        follow_link(page, urljoin(site_url, path))
        assert page.evaluate("window.srdSamePage === true"), f"{path or 'home'} was not an instant page change"
        for widget in widgets.get(path, []):
            if not rolls(page, widget):
                continue
            expect_ready(page, widget)
            roll_works(page, widget, seed="11")
            break
        # Back on the home page before the next link (every chapter is linked from there).
        follow_link(page, site_url)

    engine_starts = [url for url in request_log[started:] if url.endswith("/engine-worker.js")]
    assert len(engine_starts) == 1, "one engine worker serves every page of the visit"
    assert page_errors == []


def test_a_permalink_opens_offline(sw_page, site_url, built_site_dir):
    # A permalink carries the roll in its query; offline it is still its page.
    page = sw_page
    page.goto(site_url + "errata/")
    wait_until_controlled(page)
    page.context.set_offline(True)
    widget = next(w for w in widgets_in(built_site_dir))
    page.goto(f"{site_url}{widget.page}?seed=5")
    expect(page.locator(widget.root)).to_be_visible()
    expect_ready(page, widget)


def test_offline_an_unknown_address_shows_the_sites_not_found_page(sw_page, site_url):
    page = sw_page
    page.goto(site_url + "errata/")
    wait_until_controlled(page)
    page.context.set_offline(True)
    page.goto(site_url + "no-such-chapter/")
    expect(page.locator("article")).to_contain_text("404")
    expect(page.locator(".md-header")).to_be_visible()  # the site's page, not the browser's


@pytest.fixture
def second_site(tmp_path, built_site_dir, browser):
    """A copy of the built site on a server of its own (a later build changes it), and a
    browser context with service workers allowed whose requests must stay on its origin."""
    site = tmp_path / "site"
    shutil.copytree(built_site_dir, site)
    url, stop = start_server(site)
    context = browser.new_context(service_workers="allow")
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    yield site, url, context
    context.close()
    stop()
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    foreign = [u for u in requests if not u.startswith((origin + "/", "data:", "blob:"))]
    assert foreign == [], f"requests left the site origin {origin}: {foreign}"


PRECACHED = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        if (!name.includes("precache")) continue;
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.sort();
}"""


def precached(page: Page) -> list[str]:
    """The addresses in the service worker's precache (each with its revision)."""
    return page.evaluate(PRECACHED)


def wait_until_precached_count(page: Page, count: int) -> None:
    """Wait until the precache holds ``count`` addresses (a worker taking over drops the old
    build's entries as it goes)."""
    page.wait_for_function(
        f"async (count) => (await ({PRECACHED})()).length === count", arg=count, polling=250, timeout=CONTROL_MS
    )


def test_a_new_build_replaces_the_old_one(second_site):
    site, url, context = second_site
    page = context.new_page()
    page.goto(url + "doom-stack/")
    wait_until_controlled(page)
    before = precached(page)
    assert any("pyodide.asm.wasm" in u for u in before) and any(u.endswith(".whl") for u in before)

    # The next build: one page changed. Its worker and its precache list are new.
    page_file = site / "errata" / "index.html"
    html = page_file.read_text(encoding="utf-8")
    page_file.write_text(html.replace("<h1", '<p id="next-build">The next build.</p><h1', 1), encoding="utf-8")
    for stale in ("errata/index.html.gz", "errata/index.html.br"):
        (site / stale).unlink(missing_ok=True)
    postbuild(site)

    # The reader opens a page: the old build shows; the new worker installs, the page asks it
    # to take over and reloads once into the new build.
    page.goto(url + "errata/")
    expect(page.locator("#next-build")).to_be_attached(timeout=CONTROL_MS)
    # The new worker drops the old build's entries as it takes over.
    wait_until_precached_count(page, len(before))
    after = precached(page)
    changed = [u for u in after if "/errata/index.html" in u]
    assert len(changed) == 1 and changed[0] not in before, "the changed page has its new revision only"
    assert len(after) == len(before), "the old build's entries are gone"
    assert set(after) - set(changed) == set(before) - {u for u in before if "/errata/index.html" in u}

    # Offline, the new build is what the cache serves.
    context.set_offline(True)
    page.reload()
    expect(page.locator("#next-build")).to_be_attached()


def test_every_page_links_an_installable_manifest(built_site_dir, site_url):
    pages = built_pages(built_site_dir)
    for path in pages:
        html = (built_site_dir / path / "index.html").read_text(encoding="utf-8")
        assert '<link rel="manifest" href="' in html, path
    manifest = json.loads((built_site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        file: Path = built_site_dir / icon["src"]
        assert file.is_file(), icon
        if icon["type"] == "image/png":
            data = file.read_bytes()
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_the_browser_reads_the_manifest(sw_page, site_url):
    # Chromium fetches and parses the manifest the page links: its icons and start page.
    page = sw_page
    page.goto(site_url)
    session = page.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest.get("errors") == [], manifest.get("errors")
    parsed = json.loads(manifest["data"])
    assert urljoin(manifest["url"], parsed["start_url"]) == site_url
    # What Chrome checks before it offers to install (a test browser context is incognito,
    # which only a real profile is not).
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == []
