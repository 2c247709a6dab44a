"""Action! at phone width (360x740) in Material's light and dark themes: the roller and the
converter fit, never move the page when a result appears, and read in both themes."""

from __future__ import annotations

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, contrast, parse_colour
from browser_layout import assert_shown_in_place, open_and_measure, open_in_theme
from browser_widgets import roll_seeded, wait_ready
from playwright.sync_api import expect

REGIONS = (
    "#ac-roller .srd-widget__canonical",
    "#ac-roller .srd-widget__odds",
    "#ac-roller .srd-widget__result",
    "#av-converter .srd-widget__result",
)
# The controls and results that must stay inside a phone's screen.
FIRST_DRAWN = ("#ac-roller .srd-action-odds__table", "#av-converter .srd-action-conversion__value")
FIELDS = ("#ac-skill", "#ac-type-experimental", "#ac-seed", "#av-measure")
INSIDE = (
    *FIELDS,
    *(f"#ac-roller {part}" for part in ("button[type=submit]", ".srd-action-odds .srd-table-wrap", ".srd-action-dice")),
)


def test_the_action_widgets_fit_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    loading = open_and_measure(page, site_url, theme, "action/", REGIONS, ["#ac-roller"], FIRST_DRAWN)

    # The widest odds (long fractions) and a roll with several dice and notes.
    page.get_by_label("Inspired", exact=True).check()
    page.get_by_label("Wild", exact=True).check()
    page.get_by_label("Stymied", exact=True).check()
    page.get_by_label("Active defence").check()
    expect(page.locator("#ac-roller .srd-reading__notation")).to_have_text("5 vs active 5 inspired wild stymied")
    roll_seeded(page, "#ac-roller", "#ac-seed", "123")
    page.fill("#av-measure", "1,5 hours")
    page.press("#av-measure", "Enter")
    expect(page.locator("#av-converter .srd-widget__line")).to_contain_text("1,5 hours")
    assert_shown_in_place(page, loading, "action after a roll", INSIDE)

    # The wide generated tables scroll inside their own box.
    wrap = page.locator(".srd-table-wrap:has([data-engine-table='action-odds-plain-exact'])")
    assert wrap.evaluate("w => w.querySelector('table').scrollWidth > w.clientWidth")
    assert_no_sideways_scroll(page, "action page")
    assert page_errors == []


def test_the_odds_and_dice_read_in_both_themes(phone_page, site_url, theme):
    page = phone_page
    open_in_theme(page, site_url, theme, "action/")
    expect(page.locator("#ac-roller .srd-action-odds__table")).to_be_visible(timeout=ENGINE_LOAD_MS)
    # The odds are built into the page; Roll waits for the engine.
    wait_ready(page, "#ac-roller")
    roll_seeded(page, "#ac-roller", "#ac-seed", "5")
    background = parse_colour(page.locator("#ac-roller").evaluate("w => getComputedStyle(w).backgroundColor"))
    for selector in (
        "#ac-roller .srd-action-odds__table th",
        "#ac-roller .srd-pct",
        "#ac-roller .srd-exact",
        "#ac-roller .srd-toggle__hint",
        "#ac-roller .srd-die--negative",
        ".srd-roll__numbers",
    ):
        colour = parse_colour(page.locator(selector).first.evaluate("t => getComputedStyle(t).color"))
        assert contrast(colour, background) >= 4.5, selector
    die = page.locator("#ac-roller .srd-die--positive").first
    fg = parse_colour(die.evaluate("d => getComputedStyle(d).color"))
    bg = parse_colour(die.evaluate("d => getComputedStyle(d).backgroundColor"))
    assert contrast(fg, bg) >= 4.5
    bar = parse_colour(
        page.locator(".srd-action-odds__bar--hit").first.evaluate("b => getComputedStyle(b).backgroundColor")
    )
    assert contrast(bar, background) >= 3
