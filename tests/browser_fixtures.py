"""Fixtures for browser tests of the built site (Playwright + Debian's chromium), shared by
``tests/site/`` and every system's ``tests/<system>/test_browser_*.py`` (``tests/conftest.py``
loads them natively; inside Pyodide there is no browser and those files are not collected).

Session-wide: the site is built once into a temp dir for the exact address it is
served at (Material's instant navigation needs site_url to match, port included),
and one headless chromium is shared. Each test gets a fresh browser context.

``page`` / ``phone_page`` record every request the page and its workers make and,
at teardown, fail the test (as an error) if any went to another origin. They block the
site's service worker, so that what a test routes (``page.route``) is what the page gets;
``sw_page`` lets it run (offline reading, tests/site/test_offline.py).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

# site_build is not installed (only the engine is); make it importable however pytest runs.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from site_build import bind_server, build_site, server_url
from site_build.serve import serve_in_background

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
LOCAL_SCHEMES = ("data", "blob")


@pytest.fixture(scope="session")
def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
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
    """The server of the session's site: ``bytes_sent`` counts every byte it has sent."""
    return _SERVERS[_site[0]]


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


def _open_page(browser, site_origin: str, request_log: list[str], page_errors: list[str],
               **context_options) -> Iterator:
    context = browser.new_context(**{"service_workers": "block", **context_options})
    page = context.new_page()
    page.on("request", lambda req: request_log.append(req.url))
    context.on("request", lambda req: req.service_worker and request_log.append(req.url))
    page.on("pageerror", lambda err: page_errors.append(str(err)))
    yield page
    context.close()
    foreign = [
        url for url in request_log
        if urlsplit(url).scheme not in LOCAL_SCHEMES
        and f"{urlsplit(url).scheme}://{urlsplit(url).netloc}" != site_origin
    ]
    if foreign:
        pytest.fail(f"requests left the site origin {site_origin}: {foreign}", pytrace=False)


@pytest.fixture
def page(browser, site_origin, request_log, page_errors) -> Iterator:
    """A page in a fresh context with the default viewport; off-origin requests fail."""
    yield from _open_page(browser, site_origin, request_log, page_errors)


@pytest.fixture
def phone_page(browser, site_origin, request_log, page_errors) -> Iterator:
    """Like ``page`` with a 360x740 phone viewport."""
    yield from _open_page(browser, site_origin, request_log, page_errors,
                          viewport=PHONE_VIEWPORT)


@pytest.fixture
def sw_page(browser, site_origin, request_log, page_errors) -> Iterator:
    """Like ``page`` with the site's service worker allowed to install and take control
    (its own requests are recorded and checked too)."""
    yield from _open_page(browser, site_origin, request_log, page_errors, service_workers="allow")


@pytest.fixture
def nojs_page(browser, site_origin, request_log, page_errors) -> Iterator:
    """Like ``page`` with JavaScript turned off (what a reader without scripting sees)."""
    yield from _open_page(browser, site_origin, request_log, page_errors, java_script_enabled=False)


SCHEMES = {"light": "default", "dark": "slate"}


@pytest.fixture(params=sorted(SCHEMES))
def theme(request) -> str:
    """Each of Material's two colour schemes, by the name its toggle uses."""
    return request.param
