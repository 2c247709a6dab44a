"""The last rolls on this device, on every page with a roller (docs/assets/js/kit/history.js,
overrides/main.html): a closed "Your recent rolls" panel lists each roll, newest first, with
its permalink and one line (the widget, the inputs, the result); the list survives a reload
and Material's instant navigation to another page, takes rolls from every system, and its
Clear button empties it and says so. Storage that is refused breaks no roll; the panel
keeps its 44 px targets on a phone, and is left off paper.
"""

from __future__ import annotations

import re

from browser_kit import ENGINE_LOAD_MS, follow_link, show
from playwright.sync_api import Page, expect
from test_widget_resilience import Widget, pages_of, roll_works, widgets  # noqa: F401 - the fixture

PANEL = "#srd-history"


def page_of(widgets, widget_id: str) -> str:  # noqa: F811
    return next(w.page for w in widgets if w.id == widget_id)


def widget(widgets, widget_id: str) -> Widget:  # noqa: F811
    return next(w for w in widgets if w.id == widget_id)


def open_panel(page: Page):
    panel = page.locator(PANEL)
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    return panel


def items(page: Page):
    return page.locator(f"{PANEL} .srd-history__item")


def roll(page: Page, w: Widget, seed: str) -> None:
    expect(page.locator(w.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    roll_works(page, w, seed)


def test_every_page_with_a_roller_has_the_panel_closed(page, site_url, widgets):  # noqa: F811
    for path in pages_of(widgets):
        show(page, site_url, path)
        panel = page.locator(PANEL)
        expect(panel).to_have_count(1)
        expect(panel).not_to_have_attribute("open", "")
        expect(panel.locator("summary")).to_have_text(re.compile(r"^Your recent rolls"))
    page.goto(site_url + "errata/")
    expect(page.locator(PANEL)).to_have_count(0)


def test_rolls_are_listed_kept_across_reload_and_navigation_and_cleared(page, site_url, widgets):  # noqa: F811
    ds, ad = widget(widgets, "ds-roller"), widget(widgets, "ad-roller")
    page.goto(site_url + ds.page)
    page.evaluate("localStorage.clear()")
    page.reload()
    open_panel(page)
    expect(items(page)).to_have_count(0)
    expect(page.locator(f"{PANEL} .srd-history__empty")).to_be_visible()
    expect(page.locator(f"{PANEL} .srd-history__clear")).to_be_disabled()

    roll(page, ds, "5")
    permalink = page.locator(f"{ds.root} a.srd-roll__permalink").get_attribute("href")
    headline = page.locator(f"{ds.root} .srd-roll__headline").inner_text()
    expect(items(page)).to_have_count(1)
    link = items(page).first.locator("a")
    expect(link).to_have_attribute("href", permalink)
    words = link.inner_text()
    assert words.startswith("Doom Stack roller: ") and "vs TN" in words, words
    assert " ".join(headline.split()) in words, (headline, words)
    expect(page.locator(f"{PANEL} summary")).to_contain_text("(1)")

    # A reload keeps it.
    page.reload()
    open_panel(page)
    expect(items(page)).to_have_count(1)
    expect(items(page).first.locator("a")).to_have_attribute("href", permalink)

    # Material's instant navigation to another system's page: there too, and a roll there
    # goes on top.
    follow_link(page, site_url, ad.page)
    open_panel(page)
    expect(items(page)).to_have_count(1)
    roll(page, ad, "8")
    expect(items(page)).to_have_count(2)
    expect(items(page).first).to_contain_text("Adrenaline roller")
    expect(items(page).nth(1).locator("a")).to_have_attribute("href", permalink)

    # Its link opens the roll again.
    items(page).nth(1).locator("a").click()
    expect(page.locator(f"{ds.root} .srd-roll__seed")).to_have_text("5", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ds.root} .srd-roll__headline")).to_have_text(headline)
    open_panel(page)
    expect(items(page)).to_have_count(2)  # the same roll again is not listed twice

    # Clear empties it, says so, and it stays empty after a reload.
    clear = page.locator(f"{PANEL} .srd-history__clear")
    expect(clear).to_be_enabled()
    clear.click()
    expect(items(page)).to_have_count(0)
    expect(page.locator(f"{PANEL} .srd-history__status")).to_have_text("Roll history cleared.")
    expect(page.locator(f"{PANEL} .srd-history__empty")).to_be_visible()
    assert page.evaluate("localStorage.getItem('srd-roll-history')") is None
    page.reload()
    open_panel(page)
    expect(items(page)).to_have_count(0)


def test_only_the_last_twenty_are_kept(page, site_url, widgets):  # noqa: F811
    ds = widget(widgets, "ds-roller")
    page.goto(site_url + ds.page)
    page.evaluate("localStorage.clear()")
    page.reload()
    for seed in range(1, 23):
        roll(page, ds, str(seed))
    open_panel(page)
    expect(items(page)).to_have_count(20)
    expect(items(page).first.locator("a")).to_have_attribute("href", re.compile(r"seed=22"))
    expect(items(page).last.locator("a")).to_have_attribute("href", re.compile(r"seed=3\b"))


def test_refused_storage_breaks_no_roll(page, site_url, widgets, page_errors):  # noqa: F811
    # The site's own keys are refused (Material's, kept working, are not this test's).
    page.add_init_script("""
        const { getItem, setItem } = Storage.prototype;  // removeItem: refused for every key
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith("srd-")) throw new DOMException("full", "QuotaExceededError");
            return setItem.call(this, key, value);
        };
        Storage.prototype.getItem = function (key) {
            if (String(key).startsWith("srd-")) throw new DOMException("refused", "SecurityError");
            return getItem.call(this, key);
        };
        Storage.prototype.removeItem = () => { throw new DOMException("refused", "SecurityError"); };
    """)
    ds = widget(widgets, "ds-roller")
    page.goto(site_url + ds.page)
    roll(page, ds, "6")
    open_panel(page)
    expect(items(page)).to_have_count(0)
    page.locator(f"{PANEL} .srd-history__clear").evaluate("button => button.disabled = false")
    page.locator(f"{PANEL} .srd-history__clear").click()
    expect(page.locator(f"{PANEL} .srd-history__status")).to_have_text("This browser keeps no roll history.")
    assert not page_errors, page_errors


def test_the_panel_on_a_phone_by_keyboard_in_both_schemes_and_not_on_paper(phone_page, site_url, widgets):  # noqa: F811
    page = phone_page
    ds = widget(widgets, "ds-roller")
    page.goto(site_url + ds.page)
    page.evaluate("localStorage.clear()")
    page.reload()
    roll(page, ds, "5")
    summary = page.locator(f"{PANEL} summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator(PANEL)).to_have_attribute("open", "")
    for target in (summary, items(page).first.locator("a"), page.locator(f"{PANEL} .srd-history__clear")):
        box = target.bounding_box()
        assert box["height"] >= 44, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.keyboard.press("Tab")
    expect(items(page).first.locator("a")).to_be_focused()
    for scheme in ("default", "slate"):
        page.evaluate(f"document.body.setAttribute('data-md-color-scheme', '{scheme}')")
        colour = items(page).first.locator("a").evaluate("a => getComputedStyle(a).color")
        background = page.locator(PANEL).evaluate("d => getComputedStyle(d).backgroundColor")
        assert colour != background
    page.emulate_media(media="print")
    expect(page.locator(PANEL)).to_be_hidden()


def test_without_javascript_the_panel_is_left_off(nojs_page, site_url, widgets):  # noqa: F811
    nojs_page.goto(site_url + page_of(widgets, "ds-roller"))
    expect(nojs_page.locator(PANEL)).to_be_hidden()
