"""What the phone-width layout checks of every system do the same way
(``tests/<system>/test_browser_layout.py`` and the widgets' own phone tests): open a page in one
colour scheme, measure the regions a result will fill, and check that controls and results lie
inside the screen. The selectors and what to do on the page stay in each test."""

from __future__ import annotations

from collections.abc import Iterable

from browser_kit import assert_no_sideways_scroll, height, use_theme
from browser_widgets import wait_ready
from playwright.sync_api import Locator, Page, expect


def open_in_theme(page: Page, site_url: str, theme: str, path: str) -> None:
    """Pick ``theme`` with Material's palette toggle, then go to the page at ``path``."""
    use_theme(page, site_url, theme)
    page.goto(site_url + path)


def heights(page: Page, selectors: Iterable[str]) -> dict[str, float]:
    """The height of each region, by its selector: taken while the engine loads, and compared
    once a result is shown (the space kept for a result does not change)."""
    return {selector: height(page, selector) for selector in selectors}


def open_and_measure(
    page: Page,
    site_url: str,
    theme: str,
    path: str,
    regions: Iterable[str],
    widgets: Iterable[str],
    shown: Iterable[str] = (),
) -> dict[str, float]:
    """Open the page at ``path`` in ``theme``; measure ``regions`` while the engine loads (the
    space kept for the results); wait until each of ``widgets`` is ready and each of ``shown``
    is visible (the first results drawn), then check they took no more room. Returns the heights
    measured while loading, to compare with again (``assert_shown_in_place``)."""
    open_in_theme(page, site_url, theme, path)
    loading = heights(page, regions)
    wait_ready(page, *widgets)
    for selector in shown:
        expect(page.locator(selector)).to_be_visible()
    assert heights(page, loading) == loading
    return loading


def assert_shown_in_place(page: Page, loading: dict[str, float], where: str, inside: Iterable[str | Locator] = ()):
    """With a result shown: every region measured while loading has its height still (the page
    did not move), nothing scrolls the page sideways, and each element of ``inside`` lies in the
    screen (see ``assert_inside_screen``)."""
    assert heights(page, loading) == loading
    assert_no_sideways_scroll(page, where)
    assert_inside_screen(page, inside)


def assert_inside_screen(
    page: Page, elements: Iterable[str | Locator], *, first: bool = False, slack: float = 0
) -> None:
    """Each element (a selector or a locator) lies between the screen's left and right edges,
    ``slack`` px of rounding allowed on the right; ``first``: the first match of each selector.
    A failure names the element."""
    width = page.evaluate("window.innerWidth")
    for element in elements:
        locator = page.locator(element) if isinstance(element, str) else element
        box = (locator.first if first else locator).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + slack, element
