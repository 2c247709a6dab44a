"""Phone-width layout (360x740) in Material's light and dark themes.

Nothing on any page is wider than the screen; wide engine tables scroll inside their
own box; the chart scales to the width with colours that keep their contrast in both
themes; and the roller's odds and result appear without moving the page.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

ENGINE_LOAD_MS = 60_000
PAGES = ("", "doom-stack/", "errata/", "about/sources/")
SCHEMES = {"light": "default", "dark": "slate"}


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


# --- helpers -------------------------------------------------------------------------------
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


@pytest.fixture(params=sorted(SCHEMES))
def theme(request) -> str:
    return request.param


# --- tests ---------------------------------------------------------------------------------
def test_no_page_is_wider_than_a_phone(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    for path in PAGES:
        page.goto(site_url + path)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[theme])
        expect(page.locator("h1").first).to_be_visible()
        assert_no_sideways_scroll(page, path or "home")
    assert page_errors == []


def test_the_roller_fits_and_never_moves_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    # While the engine loads: the space for the odds and the roll is already there.
    loading = {s: height(page, s) for s in (".srd-widget", ".srd-widget__odds", ".srd-widget__result")}
    expect(page.locator("#ds-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("[data-odds=success] .srd-exact")).to_be_visible()
    with_odds = {s: height(page, s) for s in loading}
    assert with_odds == loading

    page.fill("#ds-seed", "123")
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("123")
    rolled = {s: height(page, s) for s in loading}
    assert rolled == loading
    assert_no_sideways_scroll(page, "doom-stack after a roll")

    # The form wraps inside the widget; every field and the button are inside the screen.
    width = page.evaluate("window.innerWidth")
    for selector in ("#ds-attribute", "#ds-skill", "#ds-modifiers", "#ds-tn", "#ds-seed",
                     "#ds-roller button[type=submit]", ".srd-odds__summary", ".srd-dice"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    assert page_errors == []


def test_wide_tables_scroll_inside_their_box(phone_page, site_url, theme):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    wraps = page.locator("div.srd-table-wrap")
    assert wraps.count() >= 2
    width = page.evaluate("window.innerWidth")
    wide = 0
    for index in range(wraps.count()):
        wrap = wraps.nth(index)
        box = wrap.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert wrap.evaluate("w => getComputedStyle(w).overflowX") in ("auto", "scroll")
        if wrap.evaluate("w => w.querySelector('table').scrollWidth > w.clientWidth"):
            wide += 1
            # It really scrolls, sideways, inside its own box.
            assert wrap.evaluate("w => { w.scrollLeft = 80; return w.scrollLeft; }") > 0
    assert wide >= 1, "expected at least one engine table wider than a phone"
    # Numbers sit right-aligned on tabular figures.
    cell = page.locator("table.srd-table[data-engine-table$='-difficulty'] tbody td").first
    assert cell.evaluate("c => getComputedStyle(c).textAlign") == "right"
    assert "tabular-nums" in cell.evaluate("c => getComputedStyle(c).fontVariantNumeric")


def test_the_chart_fits_the_screen_and_reads_in_both_themes(phone_page, site_url, theme):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    chart = page.locator("svg.srd-chart").first
    box = chart.bounding_box()
    content = page.locator(".md-content__inner").bounding_box()
    assert box["width"] <= content["width"] and box["width"] >= 0.8 * content["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.evaluate("window.innerWidth")

    background = parse_colour(page.evaluate(PAGE_BACKGROUND))
    lines = chart.locator("polyline.srd-chart__line")
    assert lines.count() >= 2
    strokes = []
    for index in range(lines.count()):
        stroke = lines.nth(index).evaluate("l => getComputedStyle(l).stroke")
        assert stroke.startswith("rgb"), f"line {index} has no colour: {stroke}"
        strokes.append(stroke)
        ratio = contrast(parse_colour(stroke), background)
        assert ratio >= 3, f"line {index} ({stroke}) has contrast {ratio:.2f} on {background} in {theme}"
    assert len(set(strokes)) == len(strokes), "every line has its own colour"

    # Text in the chart is the page's text colour (currentColor), readable in both themes.
    text = chart.locator("text").first
    fill, colour = text.evaluate("t => [getComputedStyle(t).fill, getComputedStyle(t).color]")
    assert fill == colour
    assert contrast(parse_colour(fill), background) >= 4.5
    legend = page.locator("ul.srd-chart__legend").first
    legend_box = legend.bounding_box()
    assert legend_box["x"] + legend_box["width"] <= page.evaluate("window.innerWidth")
