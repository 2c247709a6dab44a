"""dice & danger at phone width (360x740) in Material's light and dark themes: the roller and
the character generator fit and never move the page (long notations, caret lines and big
rolls stay inside their own boxes), and the hits chart reads in both themes."""

from __future__ import annotations

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, contrast, parse_colour
from browser_layout import assert_inside_screen, assert_shown_in_place, open_and_measure, open_in_theme
from browser_widgets import roll_seeded, wait_ready
from playwright.sync_api import expect

DD_REGIONS = (
    "#dd-roller .srd-widget__canonical",
    "#dd-roller .srd-widget__odds",
    "#dd-roller .srd-widget__result",
    "#dc-character .srd-widget__result",
)
# Every control and result inside the screen, after a roll and a character.
FIELDS = ("#dd-notation", "#dd-kind-damage", "#dd-kind-save", "#dd-seed", "#dc-seed")
INSIDE = (
    *FIELDS,
    *(f"#dd-roller {part}" for part in ("button[type=submit]", ".srd-dd-hits-chart", ".srd-dice")),
    "#dc-character button[type=submit]",
    ".srd-dd-character__attributes",
)
# ... and after a big roll.
INSIDE_A_BIG_ROLL = tuple(
    f"#dd-roller {part}" for part in (".srd-dd-hits-chart", ".srd-dice", ".srd-hits-table .srd-table-wrap")
)
# The odds and the chart's first column, drawn once the engine is up.
FIRST_DRAWN = ("#dd-roller [data-odds=any-hit] .srd-exact", "#dd-roller .srd-dd-hits-chart__column >> nth=0")
LONG_BAD_NOTATION = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b & +1p & +1b & +2d & -1h -4b & +1p"


def test_the_dice_and_danger_widgets_fit_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    # While the engine loads: the space for the reading, the odds and the results is there.
    loading = open_and_measure(page, site_url, theme, "dice-and-danger/", DD_REGIONS, ["#dd-roller"], FIRST_DRAWN)

    roll_seeded(page, "#dd-roller", "#dd-seed", "123")
    roll_seeded(page, "#dc-character", "#dc-seed", "123")
    assert_shown_in_place(page, loading, "dice-and-danger after a roll and a character", INSIDE)

    # A long bad notation: its caret line scrolls inside its own box, the page stays put.
    page.fill("#dd-notation", LONG_BAD_NOTATION)
    caret = page.locator("#dd-notation-error .srd-caret")
    expect(caret).to_be_visible()
    assert caret.evaluate("p => p.scrollWidth > p.clientWidth")
    assert caret.evaluate("p => getComputedStyle(p).overflowX") in ("auto", "scroll")
    assert_inside_screen(page, [caret])
    assert_no_sideways_scroll(page, "dice-and-danger with a long caret error")

    # A big roll: many dice and bars, all inside the screen; the exact table scrolls in its box.
    page.fill("#dd-notation", "60d+10b vs DC 2")
    page.press("#dd-notation", "Enter")
    expect(page.locator("#dd-roller .srd-widget__line").first).to_contain_text("60d+10b vs DC 2")
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text("60d+10b vs DC 2")
    page.click("#dd-roller .srd-hits-table summary")
    wrap = page.locator("#dd-roller .srd-hits-table .srd-table-wrap")
    expect(wrap).to_be_visible()
    assert wrap.evaluate("w => w.querySelector('table').scrollWidth > w.clientWidth")
    assert_no_sideways_scroll(page, "dice-and-danger after 60d+10b")
    assert_inside_screen(page, INSIDE_A_BIG_ROLL)
    assert page_errors == []


def test_the_hits_chart_reads_in_both_themes(phone_page, site_url, theme):
    page = phone_page
    open_in_theme(page, site_url, theme, "dice-and-danger/")
    # Read once the roller is up (its view draws the chart again as it attaches).
    wait_ready(page, "#dd-roller")
    expect(page.locator("#dd-roller .srd-dd-hits-chart__bar").first).to_be_visible(timeout=ENGINE_LOAD_MS)
    # Every colour read in one go: the view may draw the chart again between two calls (a node
    # read after it was replaced has no computed style).
    texts = (".srd-dd-hits-chart__label", ".srd-dd-hits-chart figcaption", ".srd-reading__notation")
    read = page.locator("#dd-roller").evaluate(
        """(roller, texts) => [
        getComputedStyle(roller).backgroundColor,
        getComputedStyle(roller.querySelector(".srd-dd-hits-chart__bar")).backgroundColor,
        ...texts.map((selector) => getComputedStyle(roller.querySelector(selector)).color)]""",
        list(texts),
    )
    background, bar, *colours = (parse_colour(colour) for colour in read)
    assert contrast(bar, background) >= 3, f"bars have contrast {contrast(bar, background):.2f} in {theme}"
    for selector, colour in zip(texts, colours):
        assert contrast(colour, background) >= 4.5, selector
