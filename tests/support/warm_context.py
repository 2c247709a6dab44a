"""The browser and its contexts (a fixture module of ``browser_fixtures``): one headless
chromium a session, the warm context most tests share, contexts of a test's own, and what
records a page's requests and errors (a request to another origin fails the test)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import Page
from site_fixtures import SHARED_SITE_ENV, WORKER_COOKIE, worker_name

PHONE_VIEWPORT = {"width": 360, "height": 740}
DESKTOP_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default
# How long an ``expect`` waits for its state before it fails (Playwright's own default is 5 s).
# A test waits for the state it checks, and a passing one goes on the moment it is there: the
# ceiling only decides when a wait is given up, so it is set for a machine busy on both cores,
# where a step that takes a second on a quiet one can take ten. Speeds are figures of
# tests/benchmark.py, never a test's time-out.
EXPECT_MS = 30_000
LOCAL_SCHEMES = ("data", "blob")


def _patient_expect() -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_MS)


_patient_expect()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: site_build/test.sh installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def request_log() -> list[str]:
    """Every URL requested by the test's page (and its workers), in order."""
    return []


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught JavaScript errors of the test's page (not checked automatically)."""
    return []


def _new_context(browser, site_origin: str, **context_options):
    """A browser context as every test page gets it: the service worker blocked unless asked
    for, and the cookie naming this xdist worker (for its byte count)."""
    context = browser.new_context(**{"service_workers": "block", **context_options})
    if os.environ.get(SHARED_SITE_ENV):
        context.add_cookies([{"name": WORKER_COOKIE, "value": worker_name(), "url": site_origin + "/"}])
    return context


def _watched(page, request_log: list[str], page_errors: list[str]):
    """``page`` with its requests (its workers' included) and uncaught errors recorded."""
    _watch(page, request_log, page_errors)
    return page


def _watch(page, request_log: list[str], page_errors: list[str]) -> Callable[[], None]:
    """Record ``page``'s requests and uncaught errors; return what stops recording them."""
    listeners = {
        "request": lambda req: request_log.append(req.url),
        "pageerror": lambda err: page_errors.append(str(err)),
    }
    for event, listener in listeners.items():
        Page.on(page, event, listener)  # Page's own: a kept page counts a test's listeners

    def unwatch() -> None:
        for event, listener in listeners.items():
            page.remove_listener(event, listener)

    return unwatch


def _fail_if_foreign(request_log: list[str], site_origin: str) -> None:
    foreign = [
        url
        for url in request_log
        if urlsplit(url).scheme not in LOCAL_SCHEMES
        and f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" != site_origin
    ]
    if foreign:
        pytest.fail(f"requests left the site origin {site_origin}: {foreign}", pytrace=False)


def _open_page(
    browser, site_origin: str, request_log: list[str], page_errors: list[str], **context_options
) -> Iterator:
    """A page in a context of its own, closed after the test."""
    context = _new_context(browser, site_origin, **context_options)
    context.on("request", lambda req: req.service_worker and request_log.append(req.url))
    yield _watched(context.new_page(), request_log, page_errors)
    context.close()
    _fail_if_foreign(request_log, site_origin)


# --- the warm context ----------------------------------------------------------------------
# Most browser tests test what a page does once its engine is up, not the engine's start. They
# share one context per xdist worker, so that a page after the first finds Pyodide in the
# browser's HTTP and code caches and the engine's memory snapshot in Cache Storage (a repeat
# visit, issue 19: about half the time of a start from nothing). Between tests everything else
# a page can leave behind on the origin is cleared (local storage, IndexedDB, service workers;
# session storage is per page), and permissions a test granted are taken back. A test that needs
# a first visit, or changes the context itself (context routes, offline), is marked
# ``fresh_context`` and gets one of its own.
FRESH_CONTEXT = "fresh_context"
CLEARED_BETWEEN_TESTS = "local_storage,indexeddb,websql,file_systems,service_workers"


FRESH_CONTEXTS_ENV = "SRD_TEST_FRESH_CONTEXTS"  # set to 1: every test gets its own context, as before


def _needs_fresh_context(request) -> bool:
    return request.node.get_closest_marker(FRESH_CONTEXT) is not None or os.environ.get(FRESH_CONTEXTS_ENV) == "1"


@pytest.fixture(scope="session")
def _warm_context(browser, site_origin: str):
    context = _new_context(browser, site_origin)
    yield context
    context.close()


def _clear_origin(context, page, site_origin: str) -> None:
    """Clear what a page can leave behind on the origin (``CLEARED_BETWEEN_TESTS``)."""
    session = context.new_cdp_session(page)
    session.send("Storage.clearDataForOrigin", {"origin": site_origin, "storageTypes": CLEARED_BETWEEN_TESTS})
    session.detach()


# Another reader's browser: a second context kept per worker, warm after its first page (the
# engine's snapshot in its own Cache Storage), nothing shared with the first or with a test's
# context of its own. Its pages open with the origin's storage cleared, as the warm context's do.
@pytest.fixture(scope="session")
def _second_context(browser, site_origin: str):
    context = _new_context(browser, site_origin)
    yield context
    context.close()
