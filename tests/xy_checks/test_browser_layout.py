"""X-in-Y at phone width (360x740) in Material's light and dark themes: every widget fits,
results appear in space kept for them, and the wide tables scroll in their own box."""

from __future__ import annotations

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, contrast, height, parse_colour, use_theme
from playwright.sync_api import expect

REGIONS = tuple(
    f"{w} .srd-widget__{r}" for w in ("#xyc-roller", "#xya-builder", "#xyv-resolver") for r in ("odds", "result")
)


def test_the_widgets_fit_a_phone_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "xy-checks/")
    loading = {s: height(page, s) for s in REGIONS}
    for widget in ("#xyc-roller", "#xya-builder", "#xyv-resolver"):
        expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#xyv-resolver .srd-xy-targets")).to_be_visible()
    for prefix, widget in (("xyc", "#xyc-roller"), ("xya", "#xya-builder"), ("xyv", "#xyv-resolver")):
        page.fill(f"#{prefix}-seed", "123")
        page.press(f"#{prefix}-seed", "Enter")
        expect(page.locator(f"{widget} .srd-roll__seed")).to_have_text("123")
    assert {s: height(page, s) for s in REGIONS} == loading
    assert_no_sideways_scroll(page, "xy-checks after three rolls")

    width = page.evaluate("window.innerWidth")
    for selector in (
        "#xyc-check",
        "#xyc-crit",
        "#xya-defence",
        "#xya-form",
        "#xyv-attackers",
        "#xyv-targets",
        "#xyv-resolver .srd-xy-attackers",
        "#xyc-roller .srd-xy-degrees",
        ".srd-chart",
    ):
        box = page.locator(selector).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, selector

    # The widest reference table scrolls sideways inside its own box.
    wrap = page.locator(".srd-table-wrap:has([data-engine-table=xy-checks-success])")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")
    box = wrap.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5

    # The engine's text reads in both themes.
    background = parse_colour(page.locator("#xyc-roller").evaluate("w => getComputedStyle(w).backgroundColor"))
    for selector in (".srd-reading__notation", "#xyv-resolver .srd-xy-hit-targets li", ".srd-roll__verdict"):
        colour = parse_colour(page.locator(selector).first.evaluate("t => getComputedStyle(t).color"))
        assert contrast(colour, background) >= 4.5, f"{selector} in {theme}"
    assert page_errors == []
