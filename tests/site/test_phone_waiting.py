"""What a reader sees on a 360 px touch phone while the dice engine loads, fails, is retried
and is ready (issue 19, "what the page says while it waits, and the phone as a whole"):

- Retry belongs to a failure only: hidden while the engine loads and once it is ready, shown
  (and working) when the load failed, on a touch screen too, for every widget of the site;
- an address that carries inputs shows the page's own odds marked (a dashed frame and a label,
  the text at full contrast) and the status line says these inputs' odds come when the engine
  is ready; once it is, they are the odds of the shared inputs, unmarked;
- the space kept for a result still to come shows its shape (a skeleton), not emptiness;
- a notation button brings the odds into view without opening the keyboard (no focus in a
  text field) and offers "Back to the text", which returns to the button;
- from the top of a chapter one tap reaches its first widget, another its recent rolls;
- Material's "Back to top" pill stays away while a field has the focus;
- once the site is stored for offline use, the page says so, once;
- axe-core finds nothing on the states above (the stale odds, a roll of Action!'s dice, dice &
  danger's two widgets with their exact chances).

The engine is held back by routing Pyodide's wasm (answered only when the test says so), or
made to fail by aborting it. The widgets are found in the built HTML (test_widget_resilience),
so a new system's widgets are checked without a line here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_fixtures import PHONE_VIEWPORT, _open_page
from browser_kit import ENGINE_LOAD_MS, show
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from test_a11y import AXE, report
from test_widget_resilience import PROMPT_MS, Widget, pages_of, widgets_in

# What a page says while the engine is held back: a first visit's start.
pytestmark = pytest.mark.fresh_context

WASM = "**/pyodide.asm.wasm"
TOUCH = {"viewport": PHONE_VIEWPORT, "has_touch": True, "is_mobile": True}
CONTROL_MS = 120_000  # the service worker stores the whole site once


@pytest.fixture
def touch_phone(browser, site_origin, request_log, page_errors) -> Iterator[Page]:
    """A 360x740 touch phone (coarse pointer); off-origin requests fail the test."""
    yield from _open_page(browser, site_origin, request_log, page_errors, **TOUCH)


@pytest.fixture
def sw_touch_phone(browser, site_origin, request_log, page_errors) -> Iterator[Page]:
    """The same phone with the site's service worker allowed."""
    yield from _open_page(browser, site_origin, request_log, page_errors, service_workers="allow", **TOUCH)


@pytest.fixture(scope="module")
def widgets(built_site_dir) -> list[Widget]:
    found = widgets_in(built_site_dir)
    assert len(found) >= 15, found
    return found


class Gate:
    """Pyodide's wasm as the test lets it through: held back (asked for, not answered), or
    failed, or passed: what is asked from then on, and for failing what was held back."""

    def __init__(self, page: Page) -> None:
        self.page, self.mode, self.held = page, "hold", []
        page.route(WASM, self._route)

    def _route(self, route) -> None:
        if self.mode == "hold":
            self.held.append(route)
        else:
            self._settle(route)

    def _settle(self, route) -> None:
        try:
            route.continue_() if self.mode == "pass" else route.abort()
        except PlaywrightError:
            pass  # the request went with the page or the worker that made it

    def set(self, mode: str) -> None:
        self.mode = mode
        if mode != "hold":
            for route in self.held:
                self._settle(route)
            self.held = []

    def remove(self) -> None:
        self.set("pass")
        self.page.unroute(WASM)


def violations(page: Page, *selectors: str) -> list[dict]:
    """axe-core's findings, every rule, on these widgets together as they are shown (the page
    around them is test_a11y's)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (sels) => (await axe.run({include: sels.map((s) => [s])}, {resultTypes: ['violations']}))
        .violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' | ' + n.failureSummary)}))""",
        list(selectors),
    )


# --- Retry belongs to a failure only ------------------------------------------------------
def test_on_a_touch_screen_retry_shows_only_when_the_engine_failed(touch_phone, site_url, widgets):
    """Every page is seen loading (its wasm held) and failed (the wasm refused); on the last,
    Retry is tapped and loads the engine, which then serves every page, reached by a link:
    one engine start for the whole site, every widget seen in all three states."""
    page = touch_phone
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    by_page = pages_of(widgets)
    gate = Gate(page)
    for path, on_page in by_page.items():
        # Loading: no Retry on any widget.
        gate.set("hold")
        page.goto(site_url + path)
        for widget in on_page:
            root = page.locator(widget.root)
            expect(root).to_have_attribute("data-state", "loading")
            expect(root.locator(".srd-widget__retry")).to_be_hidden()
        gate.set("fail")
        # Failed: Retry on every widget, 44 px high.
        for widget in on_page:
            root = page.locator(widget.root)
            expect(root).to_have_attribute("data-state", "failed", timeout=PROMPT_MS)
            retry = root.get_by_role("button", name="Retry")
            expect(retry).to_be_visible()
            assert retry.bounding_box()["height"] >= 44
    gate.remove()
    page.locator(on_page[0].root).get_by_role("button", name="Retry").tap()
    # Retried: loading again, the button stays where it was (pressed), then goes; ready, no
    # Retry on any widget of any page.
    expect(page.locator(on_page[0].root)).not_to_have_attribute("data-state", "failed")
    for path, on_page in reversed(by_page.items()):
        show(page, site_url, path)
        for widget in on_page:
            root = page.locator(widget.root)
            expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            expect(root.locator(".srd-widget__retry")).to_be_hidden()


# --- an address with inputs, before the engine is up ----------------------------------------
STALE_LOOK = """(sel) => {
    const box = document.querySelector(sel);
    const shown = [...box.children].filter((c) => !c.classList.contains('srd-stale-label'));
    return {
        outline: getComputedStyle(box).outlineStyle,
        faded: shown.some((c) => Number(getComputedStyle(c).opacity) < 1),
        label: box.querySelector('.srd-stale-label')?.textContent ?? null,
    };
}"""


def test_a_shared_address_says_its_odds_come_when_the_engine_is_ready(touch_phone, site_url):
    page = touch_phone
    gate = Gate(page)
    page.goto(f"{site_url}doom-stack/?attribute=4&tn=9")
    root = page.locator("#ds-roller")
    odds = "#ds-roller .srd-widget__odds"
    expect(page.locator("#ds-attribute")).to_have_value("4")
    expect(page.locator("#ds-tn")).to_have_value("9")
    expect(root.locator(".srd-widget__status")).to_contain_text(
        "The odds for these inputs come when the dice engine is ready"
    )
    expect(page.locator(odds)).to_have_attribute("data-stale", "")
    look = page.evaluate(STALE_LOOK, odds)
    assert look["label"].startswith("Odds for the last valid input: "), look
    assert look["outline"] == "dashed" and not look["faded"], look  # marked, at full contrast
    if AXE.is_file():
        assert not (found := violations(page, "#ds-roller")), "axe-core found:\n" + report({"stale odds": found})
    # Ready (the same address opened with the engine let through): the odds of the shared
    # inputs, unmarked.
    gate.remove()
    page.reload()
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(odds)).not_to_have_attribute("data-stale", "", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{odds} .srd-stale-label")).to_have_count(0)
    expect(page.locator(odds)).to_contain_text("TN 9")
    expect(root.locator(".srd-widget__status")).not_to_contain_text("these inputs")


def test_the_page_own_inputs_say_only_that_roll_waits(touch_phone, site_url):
    page = touch_phone
    Gate(page)
    page.goto(f"{site_url}doom-stack/")
    status = page.locator("#ds-roller .srd-widget__status")
    expect(status).to_contain_text("waits for the dice engine")
    expect(status).to_have_text(re.compile(r"\d{1,2}%"))  # a share, not megabytes
    # An edit marks the page's odds, and the line says whose odds come when.
    page.locator("#ds-attribute").fill("5")
    expect(status).to_contain_text("The odds for these inputs come when the dice engine is ready")


# --- a skeleton, not emptiness ----------------------------------------------------------------
SKELETON = """() => [...document.querySelectorAll('.srd-widget__odds:empty, .srd-widget__result:empty')]
    .filter((box) => box.getClientRects().length)
    .map((box) => {
        const after = getComputedStyle(box, '::after');
        return {id: box.closest('.srd-widget').id, image: after.backgroundImage, height: parseFloat(after.height)};
    })"""


def test_the_space_kept_for_a_result_shows_its_shape(touch_phone, site_url, widgets):
    page = touch_phone
    seen = 0
    for path in pages_of(widgets):
        gate = Gate(page)
        page.goto(site_url + path)
        expect(page.locator(".srd-widget").first).to_have_attribute("data-state", "loading")
        for box in page.evaluate(SKELETON):
            seen += 1
            assert box["image"].count("linear-gradient") >= 5 and box["height"] >= 100, box
        gate.remove()
    assert seen >= 10  # every roller's result, and the odds of those without a first answer


# --- notation buttons on a phone -----------------------------------------------------------
def test_a_notation_button_shows_the_odds_without_the_keyboard_and_leads_back(touch_phone, site_url):
    page = touch_phone
    page.goto(f"{site_url}doom-stack/")
    button = page.locator(NOTATION)
    expect(button).to_be_enabled()  # its roller is found (the engine need not be up)
    button.scroll_into_view_if_needed()
    button.tap()
    expect(page.locator("#ds-attribute")).to_have_value("4")
    # No text field has the focus (no keyboard opens); the roller has it, for screen readers.
    expect(page.locator("#ds-roller")).to_be_focused()
    assert page.evaluate("document.activeElement.matches('input, textarea, [contenteditable]')") is False
    back = page.get_by_role("button", name=re.compile("^Back to the text"))
    expect(back).to_be_visible()
    page.wait_for_function(ODDS_AND_BACK_IN_VIEW)  # (once the smooth scroll has ended)
    back.tap()
    expect(button).to_be_focused()
    page.wait_for_function(NOTATION_IN_VIEW, arg=NOTATION)


NOTATION = "button.srd-notation[data-notation='4d6 vs TN 8']"
# The Doom Stack roller's odds are on the screen, and "Back to the text" just above them.
ODDS_AND_BACK_IN_VIEW = """() => {
    const odds = document.querySelector('#ds-roller .srd-widget__odds').getBoundingClientRect();
    const back = document.querySelector('#ds-roller .srd-notation-back').getBoundingClientRect();
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    return odds.top >= header && odds.top < innerHeight * 0.6 && back.bottom > header && back.top < innerHeight;
}"""
NOTATION_IN_VIEW = """(sel) => {
    const box = document.querySelector(sel).getBoundingClientRect();
    return box.top > document.querySelector('.md-header').getBoundingClientRect().bottom && box.bottom < innerHeight;
}"""


# --- from the top of a chapter to its widget and its history, one tap each ------------------
def test_one_tap_from_the_top_of_a_chapter_to_its_widget_and_its_recent_rolls(touch_phone, site_url, widgets):
    page = touch_phone
    for path, on_page in pages_of(widgets).items():
        show(page, site_url, path)  # (by a link: the engine of the first page keeps serving)
        jump = page.get_by_role("navigation", name="Jump to the dice")
        expect(jump).to_be_visible()
        assert jump.bounding_box()["y"] < PHONE_VIEWPORT["height"]  # at the top, no scrolling
        link = jump.locator(f"a[href$='#{on_page[0].id}']")
        expect(link).to_have_text(page.locator(f"{on_page[0].root} form").get_attribute("aria-label"))
        link.tap()
        page.wait_for_function(
            "(sel) => { const t = document.querySelector(sel).getBoundingClientRect().top;"
            " return t >= 0 && t < innerHeight - 44; }",
            arg=on_page[0].root,
        )
        page.evaluate("scrollTo(0, 0)")
        jump.get_by_role("link", name="Your recent rolls").tap()
        expect(page.locator("details#srd-history")).to_have_attribute("open", "")
        page.wait_for_function(
            "() => { const t = document.querySelector('#srd-history').getBoundingClientRect().top;"
            " return t >= 0 && t < innerHeight - 44; }"
        )  # its summary on screen


def test_pages_without_a_widget_have_no_jump(page, site_url):
    page.goto(f"{site_url}errata/")
    expect(page.locator("h1").first).to_be_visible()
    expect(page.locator("nav.srd-jump")).to_have_count(0)


# --- Material's "Back to top" pill and a field being edited --------------------------------
def test_back_to_top_stays_away_while_a_field_has_the_focus(touch_phone, site_url):
    page = touch_phone
    page.goto(f"{site_url}doom-stack/")
    field = page.locator("#ds-tn")
    field.scroll_into_view_if_needed()
    top = page.locator(".md-top")

    def scroll_up() -> None:
        # Material shows the pill as the page scrolls up (down first, so there is room).
        start = page.evaluate("scrollY")
        page.evaluate("scrollBy(0, 600)")
        page.wait_for_function("(start) => scrollY >= start + 600", arg=start)
        page.evaluate("scrollBy(0, -300)")

    scroll_up()
    expect(top).to_be_visible()
    field.focus()
    scroll_up()
    page.wait_for_function("() => !document.querySelector('.md-top').hidden")  # Material would show it
    expect(top).to_be_hidden()
    page.locator("h1").first.click()  # the field is left: the pill may come back
    expect(field).not_to_be_focused()
    scroll_up()
    expect(top).to_be_visible()


# --- offline, said once ----------------------------------------------------------------------
def test_the_site_says_once_that_it_is_ready_offline(sw_touch_phone, site_url):
    page = sw_touch_phone
    page.goto(site_url)
    note = page.locator(".srd-offline-note")
    expect(note).to_have_text(re.compile("^Ready offline"), timeout=CONTROL_MS)
    expect(note).to_have_attribute("role", "status")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=CONTROL_MS)
    # Said once: the next page (a full load, already controlled) says nothing.
    page.goto(f"{site_url}errata/")
    page.evaluate(
        "navigator.serviceWorker.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))"
    )
    expect(page.locator(".srd-offline-note")).to_have_count(0)


# --- axe on what a roll and two widgets draw -------------------------------------------------
@pytest.mark.parametrize("path, roll", [("action/", "#ac-roller"), ("dice-and-danger/", "#dd-roller")])
def test_axe_finds_nothing_on_a_rolled_widget_on_a_phone(touch_phone, site_url, path, roll):
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing")
    page = touch_phone
    page.goto(site_url + path)
    root = page.locator(roll)
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill(f"{roll} input[name=seed]", "7")
    root.locator("button[type=submit]").tap()
    expect(root.locator(".srd-roll__seed")).to_have_text("7", timeout=ENGINE_LOAD_MS)
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.srd-widget')].some(w => w.dataset.state === 'loading')",
        timeout=ENGINE_LOAD_MS,
    )
    every = ["#" + widget.get_attribute("id") for widget in page.locator(".srd-widget[data-view]").all()]
    assert not (found := violations(page, *every)), "axe-core found:\n" + report({path: found})
