"""Adrenaline at phone width (360x740) in Material's light and dark themes: results appear
without moving the page, nothing overflows sideways, wide tables scroll in their box."""

from __future__ import annotations

from browser_kit import assert_no_sideways_scroll
from browser_layout import assert_inside_screen, assert_shown_in_place, open_and_measure, open_in_theme
from browser_widgets import roll_seeded
from playwright.sync_api import expect

REGIONS = ("#ad-roller .srd-widget__odds", "#ad-roller .srd-widget__result")
# The controls and results that must stay inside a phone's screen.
FIELDS = ("#ad-attribute", "#ad-difficulty", "#ad-seed", "#ad-options", "#ad-mode")
INSIDE = (*FIELDS, "#ad-roller button[type=submit]", "#ad-roller .srd-odds__summary", "#ad-roller .srd-dice")


def test_the_roller_fits_a_phone_and_never_moves_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    odds = "#ad-roller [data-odds=success]"
    loading = open_and_measure(page, site_url, theme, "adrenaline/", REGIONS, ["#ad-roller"], [odds])
    page.fill("#ad-attribute", "5")
    page.fill("#ad-ability", "5")
    roll_seeded(page, "#ad-roller", "#ad-seed", "123")
    assert_shown_in_place(page, loading, "adrenaline after a roll", INSIDE)
    page.check("#ad-mode-opposed")
    expect(page.locator("#ad-other-attribute")).to_be_visible()
    assert_no_sideways_scroll(page, "adrenaline, opposed")
    assert page_errors == []


def test_tables_and_charts_fit_the_phone(phone_page, site_url, theme):
    page = phone_page
    open_in_theme(page, site_url, theme, "adrenaline/")
    wraps = page.locator("div.srd-table-wrap")
    assert wraps.count() >= 8
    assert_inside_screen(page, wraps.all())
    assert_inside_screen(page, page.locator("svg.srd-chart").all())
    assert_no_sideways_scroll(page, "adrenaline page")
