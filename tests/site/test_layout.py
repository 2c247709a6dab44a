"""Every page at phone width (360x740) in Material's light and dark themes: nothing is wider
than the screen. Each system's own layout tests are in ``tests/<system>/test_browser_layout.py``."""

from __future__ import annotations

from pathlib import Path

from browser_fixtures import SCHEMES
from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, use_theme, visit
from playwright.sync_api import expect


def built_pages(site_dir: Path) -> list[str]:
    """Every page of the built site, as a path under its address ("" for the home page)."""
    pages = sorted(p.parent.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html"))
    return ["" if p == "." else p + "/" for p in pages]


def test_no_page_is_wider_than_a_phone(phone_page, site_url, built_site_dir, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    pages = built_pages(built_site_dir)
    assert len(pages) >= 5 and "" in pages
    for path in pages:
        visit(page, site_url, path)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[theme])
        expect(page.locator("h1").first).to_be_visible()
        assert_no_sideways_scroll(page, path or "home")
    assert page_errors == []


# Every control a finger aims at in a widget, with how its target is measured: a text field, a
# button, a summary and a permalink by their own box; a radio or checkbox by the larger of its
# own box and its label's (a tap on the label sets it).
TAP_TARGETS = """() => {
    const box = (el) => el.getBoundingClientRect();
    const seen = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const out = [];
    const name = (el) => (el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + el.className)
        + ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '"';
    for (const w of document.querySelectorAll('.srd-widget')) {
        for (const el of w.querySelectorAll('input[type=text], button, details > summary, a.srd-roll__permalink')) {
            if (seen(el)) out.push([name(el), box(el).width, box(el).height]);
        }
        for (const el of w.querySelectorAll('input[type=radio], input[type=checkbox]')) {
            if (!seen(el) && ![...(el.labels || [])].some(seen)) continue;  // hidden with its field
            let width = box(el).width, height = box(el).height;
            for (const label of el.labels || []) {
                if (!seen(label)) continue;
                width = Math.max(width, box(label).width); height = Math.max(height, box(label).height);
            }
            out.push([name(el), width, height]);
        }
    }
    return out;
}"""


def small_tap_targets(page, where: str) -> tuple[list[str], int]:
    """The widget tap targets under 44 x 44 px on the page, and how many were measured."""
    found = page.evaluate(TAP_TARGETS)
    return (
        [
            f"{where} {name}: {width:.0f} x {height:.0f}"
            for name, width, height in found
            if width < 44 - 0.5 or height < 44 - 0.5
        ],
        len(found),
    )


def test_widget_tap_targets_are_at_least_44px_on_a_phone(phone_page, site_url, built_site_dir, page_errors):
    page = phone_page
    small, measured = [], 0
    for path in built_pages(built_site_dir):
        visit(page, site_url, path)
        # Sizes do not depend on the engine, but its odds bring disclosures ("Exact values").
        page.wait_for_function(
            "() => ![...document.querySelectorAll('.srd-widget')].some(w => w.dataset.state === 'loading')",
            timeout=ENGINE_LOAD_MS,
        )
        found, count = small_tap_targets(page, f"/{path}")
        small += found
        measured += count
    assert not small, "tap targets under 44 x 44 px at 360 px wide:\n" + "\n".join(small)
    assert measured >= 50


def test_a_rolls_permalink_is_a_44px_tap_target_on_a_phone(phone_page, site_url, page_errors):
    page = phone_page
    page.goto(site_url + "doom-stack/")
    root = page.locator("#ds-roller")
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    root.locator("button[type=submit]").click()
    expect(root.locator("a.srd-roll__permalink")).to_be_visible(timeout=ENGINE_LOAD_MS)
    assert root.locator("a.srd-roll__permalink").bounding_box()["height"] >= 44 - 0.5
    small, _ = small_tap_targets(page, "/doom-stack/ after a roll")
    assert not small, "\n".join(small)
    assert page_errors == []


def test_a_wide_table_keeps_its_first_column_and_shows_there_is_more(phone_page, site_url, theme):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    wrap = page.locator(".srd-table-wrap:has([data-engine-table=doom-stack-pool-success])")
    wrap.scroll_into_view_if_needed()
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth"), "expected a table wider than the phone"
    shadow = wrap.evaluate("w => getComputedStyle(w).backgroundImage")
    assert "radial-gradient" in shadow, "no scroll shadow at the right edge"
    header = wrap.locator("tbody tr").first.locator("th")
    left = wrap.bounding_box()["x"]
    wrap.evaluate("w => { w.scrollLeft = 250; }")
    page.wait_for_function("w => w.scrollLeft >= 250", arg=wrap.element_handle())
    # The row header stays at the left edge, opaque over the cells scrolling under it.
    assert abs(header.bounding_box()["x"] - left) <= 2
    assert header.evaluate("h => getComputedStyle(h).position") == "sticky"
    assert header.evaluate("h => getComputedStyle(h).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    # The cell beside it has scrolled under it.
    assert wrap.locator("tbody tr").first.locator("td").first.bounding_box()["x"] < left
    # Material's Markdown tables do the same.
    md = page.locator(".md-typeset__scrollwrap").first
    assert md.locator("tr > :first-child").first.evaluate("c => getComputedStyle(c).position") == "sticky"
