"""Helpers for browser tests of the layout: colours and contrast, Material's theme toggle,
sizes and sideways scrolling. Shared by ``tests/site/`` and ``tests/<system>/test_browser_*.py``."""

from __future__ import annotations

import re

from browser_fixtures import SCHEMES
from playwright.sync_api import Page, expect

ENGINE_LOAD_MS = 60_000


# --- colour helpers ------------------------------------------------------------------------
def parse_colour(text: str) -> tuple[float, float, float, float]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    if len(numbers) == 3:
        numbers.append(1.0)
    assert len(numbers) == 4 and text.startswith("rgb"), text
    return tuple(numbers)  # type: ignore[return-value]


def over(colour: tuple[float, float, float, float], background: tuple[float, float, float, float]):
    """``colour`` composited over an opaque ``background``."""
    r, g, b, a = colour
    return tuple(a * c + (1 - a) * bg for c, bg in zip((r, g, b), background[:3])) + (1.0,)


def luminance(colour) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(foreground, background) -> float:
    light, dark = sorted((luminance(over(foreground, background)), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


PAGE_BACKGROUND = """() => {
    for (let node = document.querySelector('.md-content'); node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
}"""


# --- pages -------------------------------------------------------------------------------
def use_theme(page: Page, site_url: str, theme: str) -> None:
    """Pick the theme with Material's own palette toggle (Material remembers it)."""
    page.goto(site_url)
    scheme = SCHEMES[theme]
    if page.get_attribute("body", "data-md-color-scheme") != scheme:
        page.locator(f"label[title='Switch to {theme} theme']:visible").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide on a {widths[1]}px screen"


def height(page: Page, selector: str) -> float:
    return page.locator(selector).bounding_box()["height"]


# --- waiting for a state, never for a time -------------------------------------------------
SEARCH_SETTLED = """(query) => {
    const meta = document.querySelector('.md-search-result__meta');
    if (!meta || /Initializing|Type to start/i.test(meta.textContent)) return false;
    // Material searches as each key goes in: the results are the final query's when the words
    // their links highlight (?h=, the query's words each matched; none for a page matched only
    // in its sections) are all words of the whole query, and some link highlights all of them.
    const links = [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')];
    const wanted = query.trim().toLowerCase().split(/\\s+/);
    const words = (a) => (new URL(a.href).searchParams.get('h') || '').toLowerCase().split(/\\s+/).filter(Boolean);
    if (!links.every((a) => words(a).every((word) => wanted.includes(word)))) return false;
    if (!links.some((a) => wanted.every((word) => words(a).includes(word)))) return false;
    // ... and shown in full: no fade or slide still running in the search (Material fades
    // the results in; read mid-fade, their contrast is too low).
    return !document.getAnimations().some((animation) => {
        const target = animation.effect && animation.effect.target;
        return animation.playState === 'running' && target instanceof Element
            && target.closest('.md-search') !== null
            && animation.effect.getComputedTiming().iterations !== Infinity;
    });
}"""


def wait_for_search_results(page: Page, query: str, timeout: float = ENGINE_LOAD_MS) -> None:
    """Wait until the open search shows the results of the whole of ``query`` (every result
    highlighting every word of it), faded in: the state a reader reads."""
    page.wait_for_function(SEARCH_SETTLED, arg=query, timeout=timeout)


# --- moving through the site ---------------------------------------------------------------
def swapped(page: Page, move) -> None:
    """Do ``move`` (a link, Back, Forward) and wait until Material has swapped the new page in
    (its content is a new element), so the next step acts on the page that is shown."""
    page.evaluate("document.querySelector('.md-content').dataset.leaving = ''")
    move()
    page.wait_for_selector(".md-content:not([data-leaving])", timeout=30_000)


def follow_link(page: Page, site_url: str, path: str) -> None:
    """Follow a link to ``path`` (Material's instant navigation swaps the page in); the link
    is put in for the click, since a page in a collapsed section of the nav has no visible
    link on every page."""
    swapped(
        page,
        lambda: page.evaluate(
            """url => {
        const link = document.createElement("a");
        link.href = url;
        document.querySelector(".md-content").append(link);
        link.click();
        link.remove();
    }""",
            site_url + path,
        ),
    )
    expect(page).to_have_url(re.compile(re.escape(site_url + path) + r"(#.*)?$"))


def visit(page: Page, site_url: str, path: str) -> None:
    """Show the page at ``path`` as a reader moving through the site does: once a page of the
    site is open, by following a link (instant navigation: the engine already started keeps
    serving); the first page, or the one already shown, is loaded."""
    here = shown_page(page)
    on_site = here.startswith(site_url) and page.locator(".md-content").count() > 0
    if not on_site or here == site_url + path:
        page.goto(site_url + path)
    else:
        follow_link(page, site_url, path)


def show(page: Page, site_url: str, path: str) -> None:
    """Make the page at ``path`` the one shown, as ``visit`` does, but leave it as it is when it
    already is (a test going through a page's widgets one after another)."""
    if shown_page(page) != site_url + path:
        visit(page, site_url, path)


def shown_page(page: Page) -> str:
    """The address of the page shown, without the inputs a widget wrote into its query or a
    #fragment."""
    return page.url.split("#", 1)[0].split("?", 1)[0]
