"""The pages a browser test is given (a fixture module of ``browser_fixtures``): ``page`` and
``phone_page`` (the warm context's kept page, see below), another reader's pages, and pages in a
context of their own (``sw_page``, ``nojs_page``); ``theme``, each colour scheme."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page
from warm_context import (
    DESKTOP_VIEWPORT,
    EXPECT_MS,
    PHONE_VIEWPORT,
    _clear_origin,
    _fail_if_foreign,
    _needs_fresh_context,
    _open_page,
    _watch,
    _watched,
)

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
