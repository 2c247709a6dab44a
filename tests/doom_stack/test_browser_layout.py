"""Doom Stack at phone width (360x740) in Material's light and dark themes: the roller's odds
and roll appear without moving the page, its wide tables scroll inside their box, and the
best-stack chart fits the screen with colours that keep their contrast."""

from __future__ import annotations

from browser_kit import PAGE_BACKGROUND, contrast, parse_colour
from browser_layout import assert_shown_in_place, open_and_measure, open_in_theme
from browser_widgets import roll_seeded, wait_ready

# The space for the odds and the roll, there while the engine loads.
REGIONS = ("#ds-roller", "#ds-roller .srd-widget__odds", "#ds-roller .srd-widget__result", "#ds-roller .srd-ds-stacks")
# The form wraps inside the widget; every field and the button are inside the screen.
FIELDS = tuple(f"#ds-{field}" for field in ("attribute", "skill", "modifiers", "tn", "seed"))
INSIDE = (*FIELDS, "#ds-roller button[type=submit]", ".srd-odds__summary", ".srd-dice")


def test_the_roller_fits_and_never_moves_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    # While the engine loads: the space for the odds and the roll is already there.
    odds = "[data-odds=success] .srd-exact"
    loading = open_and_measure(page, site_url, theme, "doom-stack/", REGIONS, ["#ds-roller"], [odds])

    roll_seeded(page, "#ds-roller", "#ds-seed", "123")
    assert_shown_in_place(page, loading, "doom-stack after a roll", INSIDE)
    assert page_errors == []


def test_wide_tables_scroll_inside_their_box(phone_page, site_url, theme):
    page = phone_page
    open_in_theme(page, site_url, theme, "doom-stack/")
    # Measured once the widgets are up: attaching, a view draws its regions again, and a box
    # read across that redraw is a different (or a detached) one.
    wait_ready(page, "#ds-roller", "#dsa-helper")
    wraps = page.locator("div.srd-table-wrap")
    assert wraps.count() >= 2
    width = page.evaluate("window.innerWidth")
    wide = 0
    for index in range(wraps.count()):
        wrap = wraps.nth(index)
        box = wrap.bounding_box()
        # Named on failure: which table, where it stood, on how wide a screen (CI once failed here unnamed).
        where = f"table box {index} ({wrap.get_attribute('class')}) at {box} on a {width}px screen"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, where
        assert wrap.evaluate("w => getComputedStyle(w).overflowX") in ("auto", "scroll"), where
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
    open_in_theme(page, site_url, theme, "doom-stack/")
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
