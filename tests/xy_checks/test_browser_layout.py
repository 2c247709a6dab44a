"""X-in-Y at phone width (360x740) in Material's light and dark themes: every widget fits,
results appear in space kept for them, and the wide tables scroll in their own box."""

from __future__ import annotations

from browser_kit import contrast, parse_colour
from browser_layout import assert_inside_screen, assert_shown_in_place, open_and_measure
from browser_widgets import roll_seeded

WIDGETS = {"xyc": "#xyc-roller", "xya": "#xya-builder", "xyv": "#xyv-resolver"}  # by the prefix of their fields
REGIONS = tuple(f"{w} .srd-widget__{r}" for w in WIDGETS.values() for r in ("odds", "result"))
# The fields and results that must stay inside a phone's screen (the first of each).
FIELDS = ("#xyc-check", "#xyc-crit", "#xya-defence", "#xya-form", "#xyv-attackers", "#xyv-targets")
INSIDE = (*FIELDS, "#xyv-resolver .srd-xy-attackers", "#xyc-roller .srd-xy-degrees", ".srd-chart")


def test_the_widgets_fit_a_phone_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    loading = open_and_measure(
        page, site_url, theme, "xy-checks/", REGIONS, WIDGETS.values(), ["#xyv-resolver .srd-xy-targets"]
    )
    for prefix, widget in WIDGETS.items():
        roll_seeded(page, widget, f"#{prefix}-seed", "123")
    assert_shown_in_place(page, loading, "xy-checks after three rolls")
    assert_inside_screen(page, INSIDE, first=True, slack=0.5)

    # The widest reference table scrolls sideways inside its own box.
    wrap = page.locator(".srd-table-wrap:has([data-engine-table=xy-checks-success])")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")
    assert_inside_screen(page, [wrap], slack=0.5)

    # The engine's text reads in both themes.
    background = parse_colour(page.locator("#xyc-roller").evaluate("w => getComputedStyle(w).backgroundColor"))
    for selector in (".srd-reading__notation", "#xyv-resolver .srd-xy-hit-targets li", ".srd-roll__verdict"):
        colour = parse_colour(page.locator(selector).first.evaluate("t => getComputedStyle(t).color"))
        assert contrast(colour, background) >= 4.5, f"{selector} in {theme}"
    assert page_errors == []
