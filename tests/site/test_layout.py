"""Phone-width layout (360x740) in Material's light and dark themes.

Nothing on any page is wider than the screen; wide engine tables scroll inside their
own box; the chart scales to the width with colours that keep their contrast in both
themes; and the rollers' odds and results appear without moving the page (the Doom Stack
roller, and the dice & danger roller and character generator, whose long notations,
caret lines and big rolls stay inside their own boxes).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

ENGINE_LOAD_MS = 60_000
PAGES = ("", "doom-stack/", "dice-and-danger/", "errata/", "about/sources/")
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


DD_REGIONS = ("#dd-roller .srd-widget__canonical", "#dd-roller .srd-widget__odds",
              "#dd-roller .srd-widget__result", "#dc-character .srd-widget__result")
LONG_BAD_NOTATION = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b & +1p & +1b & +2d & -1h -4b & +1p"


def test_the_dice_and_danger_widgets_fit_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "dice-and-danger/")
    # While the engine loads: the space for the reading, the odds and the results is there.
    loading = {s: height(page, s) for s in DD_REGIONS}
    expect(page.locator("#dd-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#dd-roller [data-odds=any-hit] .srd-exact")).to_be_visible()
    expect(page.locator(".srd-hits-chart__column").first).to_be_visible()
    assert {s: height(page, s) for s in DD_REGIONS} == loading

    page.fill("#dd-seed", "123")
    page.press("#dd-seed", "Enter")
    expect(page.locator("#dd-roller .srd-roll__seed")).to_have_text("123")
    page.fill("#dc-seed", "123")
    page.press("#dc-seed", "Enter")
    expect(page.locator("#dc-character .srd-roll__seed")).to_have_text("123")
    assert {s: height(page, s) for s in DD_REGIONS} == loading
    assert_no_sideways_scroll(page, "dice-and-danger after a roll and a character")

    # Every control and result is inside the screen.
    width = page.evaluate("window.innerWidth")
    for selector in ("#dd-notation", "#dd-kind-damage", "#dd-kind-save", "#dd-seed", "#dd-roller button[type=submit]",
                     ".srd-hits-chart", "#dd-roller .srd-dice", "#dc-seed", "#dc-character button[type=submit]",
                     ".srd-character__attributes"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector

    # A long bad notation: its caret line scrolls inside its own box, the page stays put.
    page.fill("#dd-notation", LONG_BAD_NOTATION)
    caret = page.locator("#dd-notation-error .srd-caret")
    expect(caret).to_be_visible()
    assert caret.evaluate("p => p.scrollWidth > p.clientWidth")
    assert caret.evaluate("p => getComputedStyle(p).overflowX") in ("auto", "scroll")
    box = caret.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert_no_sideways_scroll(page, "dice-and-danger with a long caret error")

    # A big roll: many dice and bars, all inside the screen; the exact table scrolls in its box.
    page.fill("#dd-notation", "60d+10b vs DC 2")
    page.press("#dd-notation", "Enter")
    expect(page.locator("#dd-roller .srd-widget__line").first).to_contain_text("60d+10b vs DC 2")
    expect(page.locator(".srd-reading__notation")).to_have_text("60d+10b vs DC 2")
    page.click(".srd-hits-table summary")
    wrap = page.locator(".srd-hits-table .srd-table-wrap")
    expect(wrap).to_be_visible()
    assert wrap.evaluate("w => w.querySelector('table').scrollWidth > w.clientWidth")
    assert_no_sideways_scroll(page, "dice-and-danger after 60d+10b")
    for selector in (".srd-hits-chart", "#dd-roller .srd-dice", ".srd-hits-table .srd-table-wrap"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    assert page_errors == []


def test_the_hits_chart_reads_in_both_themes(phone_page, site_url, theme):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "dice-and-danger/")
    expect(page.locator(".srd-hits-chart__bar").first).to_be_visible(timeout=ENGINE_LOAD_MS)
    background = parse_colour(page.locator("#dd-roller").evaluate("w => getComputedStyle(w).backgroundColor"))
    bar = parse_colour(page.locator(".srd-hits-chart__bar").first.evaluate("b => getComputedStyle(b).backgroundColor"))
    assert contrast(bar, background) >= 3, f"bars have contrast {contrast(bar, background):.2f} in {theme}"
    for selector in (".srd-hits-chart__label", ".srd-hits-chart figcaption", ".srd-reading__notation"):
        colour = parse_colour(page.locator(selector).first.evaluate("t => getComputedStyle(t).color"))
        assert contrast(colour, background) >= 4.5, selector
