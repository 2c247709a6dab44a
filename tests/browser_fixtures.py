"""Fixtures for browser tests of the built site (Playwright + Debian's chromium), shared by
``tests/site/`` and every system's ``tests/<system>/test_browser_*.py`` (``tests/conftest.py``
loads them natively; inside Pyodide there is no browser and those files are not collected).

Session-wide: the site is built once into a temp dir for the exact address it is
served at (Material's instant navigation needs site_url to match, port included),
and one headless chromium is shared. Tests share one warm browser context per worker (see
``_warm_context``) unless marked ``fresh_context``.

Under pytest-xdist (``pytest -n 2``, as ``site_build/test.sh`` runs) the site is still built
once: the controlling process binds one server before the workers start
(``serve_shared_site``, called from ``tests/conftest.py``) and hands its address to them in
``SRD_TEST_SITE``; the first worker that needs the site builds it for that address under a
file lock, the others wait for it. Each worker's pages carry a cookie naming the worker, so
``site_server.bytes_sent`` still counts only what this worker's pages were sent.

``page`` / ``phone_page`` record every request the page and its workers make and,
at teardown, fail the test (as an error) if any went to another origin. They block the
site's service worker, so that what a test routes (``page.route``) is what the page gets;
``sw_page`` lets it run (offline reading, tests/site/test_offline.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from filelock import FileLock
from playwright.sync_api import Page

# site_build is not installed (only the engine is); make it importable however pytest runs.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_build import bind_server, build_site, server_url
from site_build.serve import SiteRequestHandler, SiteServer, serve_in_background

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE_VIEWPORT = {"width": 360, "height": 740}
DESKTOP_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default
# How long an ``expect`` waits for its state before it fails (Playwright's own default is 5 s).
# A test waits for the state it checks, and a passing one goes on the moment it is there: the
# ceiling only decides when a wait is given up, so it is set for a machine busy on both cores,
# where a step that takes a second on a quiet one can take ten. Speeds are figures of
# tests/benchmark.py, never a test's time-out.
EXPECT_MS = 30_000
LOCAL_SCHEMES = ("data", "blob")


# --- one site for every xdist worker ---------------------------------------------------------
SHARED_SITE_ENV = "SRD_TEST_SITE"  # JSON {"url", "root"} of the site the controller serves
WORKER_COOKIE = "srd-test-worker"  # names the worker whose page sent a request
COUNT_PATH = "/__srd_test_bytes_sent__/"  # + worker name: bytes sent to that worker's pages


class _WorkerCountingWriter:
    """A response stream that adds what it writes to the count of the worker whose page asked
    (the ``WORKER_COOKIE`` of the request being answered)."""

    def __init__(self, raw, handler: _SharedSiteHandler) -> None:
        self._raw, self._handler = raw, handler

    def write(self, data: bytes) -> int:
        self._handler.server.count_for(self._handler.worker(), len(data))
        return self._raw.write(data)

    def __getattr__(self, name: str) -> object:
        return getattr(self._raw, name)


class _SharedSiteHandler(SiteRequestHandler):
    """The site's own handler, counting bytes per worker and answering ``COUNT_PATH``."""

    def setup(self) -> None:
        super().setup()
        self.wfile = _WorkerCountingWriter(self.wfile, self)

    def worker(self) -> str:
        headers = getattr(self, "headers", None)
        morsel = SimpleCookie(headers.get("Cookie", "") if headers else "").get(WORKER_COOKIE)
        return morsel.value if morsel else ""

    def do_GET(self) -> None:
        if self.path.startswith(COUNT_PATH):
            body = str(self.server.sent_to(self.path[len(COUNT_PATH) :])).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


class _SharedSiteServer(SiteServer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._per_worker: dict[str, int] = {}
        self._per_worker_lock = threading.Lock()

    def count_for(self, worker: str, size: int) -> None:
        with self._per_worker_lock:
            self._per_worker[worker] = self._per_worker.get(worker, 0) + size

    def sent_to(self, worker: str) -> int:
        with self._per_worker_lock:
            return self._per_worker.get(worker, 0)


def serve_shared_site() -> Callable[[], None]:
    """Controller side: bind and serve an (empty, to be built) site folder for every worker,
    announce it in ``SRD_TEST_SITE``; return a function that stops it and removes the folder."""
    root = Path(tempfile.mkdtemp(prefix="srd-test-site-"))
    site_dir = root / "site"
    site_dir.mkdir()
    server = _SharedSiteServer(("127.0.0.1", 0), partial(_SharedSiteHandler, directory=str(site_dir)))
    stop_serving = serve_in_background(server)
    os.environ[SHARED_SITE_ENV] = json.dumps({"url": server_url(server), "root": str(root)})

    def stop() -> None:
        stop_serving()
        os.environ.pop(SHARED_SITE_ENV, None)
        shutil.rmtree(root, ignore_errors=True)

    return stop


def _announced_site() -> tuple[str, Path] | None:
    """The controller's site address and folder (``SRD_TEST_SITE``), or None without xdist."""
    announced = os.environ.get(SHARED_SITE_ENV)
    if not announced:
        return None
    shared = json.loads(announced)
    return shared["url"], Path(shared["root"])


def build_shared_site(url: str, root: Path) -> Path:
    """Build the shared site for ``url`` into ``root``/site unless a worker (or the early
    build) already has, under a lock every builder takes; return the site folder."""
    site_dir, built = root / "site", root / "built"
    with FileLock(str(root / "build.lock")):
        if not built.is_file():
            build_site(site_dir, url)
            built.write_text(url, encoding="utf-8")
    return site_dir


def start_early_build() -> None:
    """Worker side, once per run: build the shared site in a process of its own while the
    workers run the tests that need no browser (``conftest`` runs those first), so no worker
    sits waiting for it. Whoever needs the site first waits on the build's lock; if the early
    build fails, that worker builds again itself and reports the error."""
    site = _announced_site()
    if site is None:
        return
    url, root = site
    try:  # the first worker to claim the build starts it; the other leaves it alone
        os.close(os.open(root / "early-build.claimed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    here = Path(__file__).resolve().parent
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
        "from browser_fixtures import build_shared_site; build_shared_site(sys.argv[2], Path(sys.argv[3]))"
    )
    with open(root / "early-build.log", "wb") as log:
        subprocess.Popen(
            [sys.executable, "-c", code, str(here), url, str(root)],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )


def _shared_site() -> tuple[str, Path] | None:
    """Worker side: the controller's site, built here if no one has built it yet."""
    site = _announced_site()
    if site is None:
        return None
    url, root = site
    return url, build_shared_site(url, root)


class _WorkerByteCount:
    """``bytes_sent`` of the shared server, counting what this worker's pages were sent."""

    def __init__(self, site_url: str, worker: str) -> None:
        self._url = site_url.rstrip("/") + COUNT_PATH + worker

    @property
    def bytes_sent(self) -> int:
        with urllib.request.urlopen(self._url, timeout=30) as reply:
            return int(reply.read())


def _worker_name() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


@pytest.fixture(scope="session")
def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    shared = _shared_site()
    if shared is not None:
        yield shared
        return
    site_dir = tmp_path_factory.mktemp("site")
    # Bind port 0 first and keep the socket: the port is ours before we build for it,
    # so nothing else can take it in between. One retry covers a failed bind.
    try:
        server = bind_server(site_dir)
    except OSError:
        server = bind_server(site_dir)
    try:
        url = server_url(server)
        build_site(site_dir, url)
    except BaseException:
        server.server_close()
        raise
    stop = serve_in_background(server)
    _SERVERS[url] = server
    yield url, site_dir
    stop()


_SERVERS: dict = {}  # site URL → the SiteServer serving it (for its byte count)


@pytest.fixture(scope="session")
def site_server(_site: tuple[str, Path]):
    """The server of the session's site: ``bytes_sent`` counts every byte it has sent (to this
    worker's pages, when xdist workers share one server)."""
    if _site[0] in _SERVERS:
        return _SERVERS[_site[0]]
    return _WorkerByteCount(_site[0], _worker_name())


@pytest.fixture(scope="session")
def site_url(_site: tuple[str, Path]) -> str:
    """``http://127.0.0.1:PORT/`` where the freshly built site is served."""
    return _site[0]


@pytest.fixture(scope="session")
def built_site_dir(_site: tuple[str, Path]) -> Path:
    """The directory the site was built into."""
    return _site[1]


@pytest.fixture(scope="session")
def site_origin(site_url: str) -> str:
    parts = urlsplit(site_url)
    return f"{parts.scheme}://{parts.netloc}"


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
        context.add_cookies([{"name": WORKER_COOKIE, "value": _worker_name(), "url": site_origin + "/"}])
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


# --- the kept page -------------------------------------------------------------------------
# Opening a page of the site costs a page load and an engine start: about 4 s of the machine's
# two cores, even from the warm context's snapshot. Material's instant navigation to the same
# page costs a fifth of that. So the warm context keeps one page open from test to test, and a
# test's first ``goto`` is a swap: a link to the address is followed on the kept page and
# Material swaps the page in (its widgets attach to the engine already running), as a reader's
# next page arrives. Material fetches only a page of another path than the one shown, so to
# show the same path again the swap goes through a small page first (``HOPS``). Every later
# ``goto`` of the test is a page load, as written.
#
# The first ``goto`` loads the page as usual when the test is marked ``page_load``; when it
# first did something only a load applies (an init script, a route, an exposed function,
# emulated media, a listener of its own: ``_KeptPage``); or when the address has a #fragment
# (Material scrolls to it without a swap) or leaves the site. After a test that changed its page
# so, or left it off the site or unlike a fresh page (another colour scheme, the search or the
# drawer open), the page is closed and the next test opens one. The origin's storage and the
# page's session storage are cleared before each test.
PAGE_LOAD = "page_load"
NEW_PAGES_ENV = "SRD_TEST_NEW_PAGES"  # set to 1: every test opens a page of its own (no swaps)
# On a page of the site as a fresh page is: its palette (compared with a fresh page's), or false.
_FRESH_LOOK = """() => typeof document$ !== "undefined" && document.querySelector(".md-content") !== null
    && !document.querySelector("#__search:checked, #__drawer:checked, dialog[open]")
    && !document.fullscreenElement
    && [document.body.dataset.mdColorScheme, document.body.dataset.mdColorPrimary,
        document.body.dataset.mdColorAccent].join(" ")"""
HOPS = ("", "errata/")  # small pages with no widget, to go through to the page shown again
# (The focus leaves the field it is in first, as a reader's click takes it: an edit not yet
# committed commits on the page it was made on, not on the page swapped in.)
_FOLLOW = """url => {
    document.activeElement?.blur();
    document.querySelector(".md-content").dataset.leaving = "";
    const link = document.createElement("a");
    link.href = url;
    document.querySelector(".md-content").append(link);
    link.click();
    link.remove();
}"""


class _KeptPage(Page):
    """A page of the warm context kept for the next test; its first ``goto`` swaps the page in.
    What only a page load applies (``LOAD_ONLY``, ``clock``) marks it changed: it then loads, and
    is not kept."""

    _srd: dict  # "site_url"; "swap": the next goto may swap; "changed"

    def goto(self, url: str, **kwargs):
        swap, self._srd["swap"] = self._srd["swap"] and not self._srd["changed"], False
        if swap and self._can_swap(url):
            here, there = urlsplit(self.url).path, urlsplit(url).path
            if here == there:  # Material fetches only a page of another path: one in between
                self._follow(
                    next(
                        self._srd["site_url"] + hop
                        for hop in HOPS
                        if urlsplit(self._srd["site_url"] + hop).path not in (here, there)
                    )
                )
            self._follow(url)
            return None
        response = super().goto(url, **kwargs)
        if not self._srd["changed"] and "look" not in _KEPT and url.startswith(self._srd["site_url"]):
            _KEPT["look"] = self.evaluate(_FRESH_LOOK)  # a page as it loads, nothing stored
        return response

    def _follow(self, url: str) -> None:
        """Follow a link to ``url``; wait until Material has swapped its page in."""
        self.evaluate(_FOLLOW, url)
        self.wait_for_selector(".md-content:not([data-leaving])", timeout=EXPECT_MS)
        # (navigation.tracking may add the #anchor scrolled to)
        self.wait_for_function("url => location.href.split('#')[0] === url", arg=url, timeout=EXPECT_MS)

    def _can_swap(self, url: str) -> bool:
        site_url = self._srd["site_url"]
        return url.startswith(site_url) and "#" not in url and self.url.startswith(site_url)

    @property
    def clock(self):
        self._srd["changed"] = True
        return super().clock


def _marks_changed(name: str):
    """``Page``'s method ``name``, marking the kept page changed first."""

    def method(self, *args, **kwargs):
        self._srd["changed"] = True
        return getattr(Page, name)(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    return method


#: What only a page load applies (or a listener of the test's own, which would outlive it).
LOAD_ONLY = (
    "add_init_script",
    "route",
    "route_from_har",
    "expose_function",
    "expose_binding",
    "emulate_media",
    "set_extra_http_headers",
    "add_script_tag",
    "add_style_tag",
    "on",
    "once",
)
for _name in LOAD_ONLY:
    setattr(_KeptPage, _name, _marks_changed(_name))


_KEPT: dict = {}  # "page": the warm context's kept page; "look": a fresh page's _FRESH_LOOK


def _take_kept_page(context, site_url: str, may_swap: bool):
    """The kept page (or a new one) made ready for a test: the origin cleared, nothing changed."""
    page = _KEPT.pop("page", None)
    if page is None or page.is_closed():
        page = context.new_page()
        page.__class__ = _KeptPage
    _clear_origin(context, page, site_url.rstrip("/"))
    if page.url.startswith(site_url):
        page.evaluate("sessionStorage.clear()")
    page._srd = {"site_url": site_url, "swap": may_swap, "changed": False}
    return page


def _keep_or_close(page, site_url: str) -> None:
    """Keep the test's page for the next test if it is as a fresh page would be; else close it."""
    keep = not page.is_closed() and not page._srd["changed"] and page.url.startswith(site_url)
    if keep:
        keep = bool(_KEPT.get("look")) and page.evaluate(_FRESH_LOOK) == _KEPT["look"]
    if keep:
        _KEPT["page"] = page
    elif not page.is_closed():
        page.close()


def _open_kept_page(
    request, context, site_url: str, request_log: list[str], page_errors: list[str], viewport: dict
) -> Iterator:
    """The warm context's kept page for a test (see above)."""
    may_swap = request.node.get_closest_marker(PAGE_LOAD) is None and os.environ.get(NEW_PAGES_ENV) != "1"
    page = _take_kept_page(context, site_url, may_swap)
    page.set_viewport_size(viewport)
    unwatch = _watch(page, request_log, page_errors)
    yield page
    unwatch()
    for opened in context.pages:  # any other page the test opened
        if opened is not page:
            opened.close()
    context.clear_permissions()  # a test may grant some (the clipboard's)
    _keep_or_close(page, site_url)
    _fail_if_foreign(request_log, site_url.rstrip("/"))


@pytest.fixture
def page(request, browser, site_origin, request_log, page_errors) -> Iterator:
    """A page with the default viewport, in the warm context (or, marked ``fresh_context``,
    in a context of its own); off-origin requests fail."""
    if _needs_fresh_context(request):
        yield from _open_page(browser, site_origin, request_log, page_errors)
    else:
        context = request.getfixturevalue("_warm_context")
        yield from _open_kept_page(
            request, context, request.getfixturevalue("site_url"), request_log, page_errors, DESKTOP_VIEWPORT
        )


@pytest.fixture
def phone_page(request, browser, site_origin, request_log, page_errors) -> Iterator:
    """Like ``page`` with a 360x740 phone viewport."""
    if _needs_fresh_context(request):
        yield from _open_page(browser, site_origin, request_log, page_errors, viewport=PHONE_VIEWPORT)
    else:
        context = request.getfixturevalue("_warm_context")
        yield from _open_kept_page(
            request, context, request.getfixturevalue("site_url"), request_log, page_errors, PHONE_VIEWPORT
        )


# Another reader's browser: a second context kept per worker, warm after its first page (the
# engine's snapshot in its own Cache Storage), nothing shared with the first or with a test's
# context of its own. Its pages open with the origin's storage cleared, as the warm context's do.
@pytest.fixture(scope="session")
def _second_context(browser, site_origin: str):
    context = _new_context(browser, site_origin)
    yield context
    context.close()


@pytest.fixture
def another_reader(request, site_origin, request_log, page_errors) -> Iterator[Callable[[], object]]:
    """Opens a page in another reader's browser (``_second_context``), nothing of the origin
    stored in it, each time it is called; its requests are checked with the test's. The pages
    are closed after the test."""
    context = request.getfixturevalue("_second_context")

    def open_page():
        page = context.new_page()
        _clear_origin(context, page, site_origin)
        return _watched(page, request_log, page_errors)

    yield open_page
    for page in context.pages:
        page.close()
    context.clear_permissions()
    _fail_if_foreign(request_log, site_origin)


@pytest.fixture
def friend_page(another_reader):
    """A second reader's page beside the test's own (``another_reader``)."""
    return another_reader()


@pytest.fixture
def sw_page(browser, site_origin, request_log, page_errors) -> Iterator:
    """A page in a context of its own with the site's service worker allowed to install and
    take control (its own requests are recorded and checked too)."""
    yield from _open_page(browser, site_origin, request_log, page_errors, service_workers="allow")


@pytest.fixture
def nojs_page(browser, site_origin, request_log, page_errors) -> Iterator:
    """A page in a context of its own with JavaScript turned off (what a reader without
    scripting sees)."""
    yield from _open_page(browser, site_origin, request_log, page_errors, java_script_enabled=False)


SCHEMES = {"light": "default", "dark": "slate"}


@pytest.fixture(params=sorted(SCHEMES))
def theme(request) -> str:
    """Each of Material's two colour schemes, by the name its toggle uses."""
    return request.param
