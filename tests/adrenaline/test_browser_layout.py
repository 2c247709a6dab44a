"""Adrenaline at phone width (360x740) in Material's light and dark themes: results appear
without moving the page, nothing overflows sideways, wide tables scroll in their box."""

from __future__ import annotations

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, height, use_theme
from playwright.sync_api import expect


def test_the_roller_fits_a_phone_and_never_moves_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "adrenaline/")
    regions = ("#ad-roller .srd-widget__odds", "#ad-roller .srd-widget__result")
    loading = {s: height(page, s) for s in regions}
    expect(page.locator("#ad-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#ad-roller [data-odds=success]")).to_be_visible()
    assert {s: height(page, s) for s in regions} == loading
    page.fill("#ad-attribute", "5")
    page.fill("#ad-ability", "5")
    page.fill("#ad-seed", "123")
    page.press("#ad-seed", "Enter")
    expect(page.locator("#ad-roller .srd-roll__seed")).to_have_text("123")
    assert {s: height(page, s) for s in regions} == loading
    assert_no_sideways_scroll(page, "adrenaline after a roll")
    width = page.evaluate("window.innerWidth")
    for selector in (
        "#ad-attribute",
        "#ad-difficulty",
        "#ad-seed",
        "#ad-options",
        "#ad-mode",
        "#ad-roller button[type=submit]",
        "#ad-roller .srd-odds__summary",
        "#ad-roller .srd-dice",
    ):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    page.check("#ad-mode-opposed")
    expect(page.locator("#ad-other-attribute")).to_be_visible()
    assert_no_sideways_scroll(page, "adrenaline, opposed")
    assert page_errors == []


def test_tables_and_charts_fit_the_phone(phone_page, site_url, theme):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "adrenaline/")
    width = page.evaluate("window.innerWidth")
    wraps = page.locator("div.srd-table-wrap")
    assert wraps.count() >= 8
    for index in range(wraps.count()):
        box = wraps.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for index in range(page.locator("svg.srd-chart").count()):
        box = page.locator("svg.srd-chart").nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert_no_sideways_scroll(page, "adrenaline page")
