"""Helpers for browser tests of the layout: colours and contrast, Material's theme toggle,
sizes and sideways scrolling. Shared by ``tests/site/`` and ``tests/<system>/test_browser_*.py``."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from browser_fixtures import SCHEMES

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
