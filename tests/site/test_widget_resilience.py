"""Every live widget on the built pages never lies and never hangs, whatever its system:

- a load that fails (a file that cannot be fetched: the engine's worker, Pyodide's wasm, the
  engine wheel, the widget's own view module) is told to the reader at once, and one that
  stalls (nothing arrives) within the stall limit; a Retry button then really loads again;
- a roll shown for inputs that have since changed is marked as the roll of earlier inputs
  (and odds the inputs no longer give are marked as those of the last valid input);
- on a 390x844 phone the roll's result is brought into view when it arrives, and the
  keyboard focus stays where the reader pressed Roll.

The widgets are found in the built HTML (``div.srd-widget`` with its ``data-view`` and
``data-widget``), so a new system's widgets are checked without a line here. The stall limit
is shortened for the test through the documented hook ``window.srdTimeouts = {stall: ms}``
(docs/assets/js/runtime/engine.js), set before the page's scripts run.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest
from browser_kit import ENGINE_LOAD_MS, show
from playwright.sync_api import Page, expect

# Engine downloads held back or failed: a first visit, nothing cached.
pytestmark = pytest.mark.fresh_context

WIDGET = re.compile(r'<div class="srd-widget" id="([^"]+)" data-view="([^"]+)" data-widget="([^"]+)"')
# A failure reported "at once" is reported long before the stall limit (40 s) could fire.
PROMPT_MS = 15_000
SHORT_STALL_MS = 3_000


@dataclass(frozen=True)
class Widget:
    page: str  # its page, as a path under the site's address
    id: str
    view: str
    kind: str

    @property
    def root(self) -> str:
        return f"#{self.id}"


def widgets_in(site_dir: Path) -> list[Widget]:
    """Every widget of the built site, in page order."""
    found = []
    for html in sorted(site_dir.rglob("index.html")):
        path = html.parent.relative_to(site_dir).as_posix()
        page = "" if path == "." else path + "/"
        for widget_id, view, kind in WIDGET.findall(html.read_text(encoding="utf-8")):
            found.append(Widget(page, unescape(widget_id), unescape(view), unescape(kind)))
    return found


@pytest.fixture(scope="module")
def widgets(built_site_dir) -> list[Widget]:
    found = widgets_in(built_site_dir)
    assert len({w.view for w in found}) >= 2, found
    return found


def pages_of(widgets: list[Widget]) -> dict[str, list[Widget]]:
    pages: dict[str, list[Widget]] = {}
    for widget in widgets:
        pages.setdefault(widget.page, []).append(widget)
    return pages


def controls(page: Page, widget: Widget):
    return page.locator(f"{widget.root} form input, {widget.root} form button")


def expect_failed_with_retry(page: Page, widget: Widget, words: str, timeout: float) -> None:
    root = page.locator(widget.root)
    expect(root).to_have_attribute("data-state", "failed", timeout=timeout)
    status = root.locator(".srd-widget__status")
    expect(status).to_contain_text(words)
    expect(status).to_contain_text("Retry")
    assert "Loading" not in status.inner_text()
    expect(root.get_by_role("button", name="Retry")).to_be_visible()
    every = controls(page, widget)
    assert every.count() >= 2
    for index in range(every.count()):
        expect(every.nth(index)).to_be_disabled()


def expect_ready(page: Page, widget: Widget) -> None:
    root = page.locator(widget.root)
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(root.get_by_role("button", name="Retry")).to_be_hidden()
    expect(root.locator("button[type=submit]")).to_be_enabled()
    expect(root.locator(".srd-widget__status")).not_to_contain_text("could not")


def roll_works(page: Page, widget: Widget, seed: str = "7") -> None:
    root = page.locator(widget.root)
    page.fill(f"{widget.root} input[name=seed]", seed)
    root.locator("button[type=submit]").click()
    expect(root.locator(".srd-roll__seed")).to_have_text(seed)


def engine_starts(request_log: list[str]) -> int:
    return sum(url.endswith("/engine-worker.js") for url in request_log)


# --- a file that cannot be fetched: told at once, and Retry loads again -------------------
ENGINE_FILES = [
    ("**/pyodide.asm.wasm", "abort"),
    ("**/pyodide.asm.wasm", 404),
    ("**/assets/js/runtime/engine-worker.js", 404),
    ("**/assets/engine/**/*.whl", "abort"),  # the wheel sits in a folder named by its content
]


@pytest.mark.parametrize(("pattern", "how"), ENGINE_FILES, ids=[f"{p.rsplit('/', 1)[-1]}-{h}" for p, h in ENGINE_FILES])
def test_an_engine_file_that_cannot_be_fetched_fails_at_once_and_retry_loads_it(
    page, site_url, widgets, request_log, pattern, how
):
    # Every widget of a page says so at once. Every page meets the first way of failing; the
    # others, which differ only in what the engine's loader meets (the pages answer each the
    # same), meet the first page. On the last page met, one Retry serves every widget; the
    # engine it loads then serves every page, reached by a link, and rolls on each.
    pages = pages_of(widgets)
    if (pattern, how) != ENGINE_FILES[0]:
        pages = dict(list(pages.items())[:1])
    page.route(
        pattern,
        (lambda route: route.abort()) if how == "abort" else (lambda route: route.fulfill(status=how, body="gone")),
    )
    for path, on_page in pages.items():
        started = time.monotonic()
        page.goto(site_url + path)
        for widget in on_page:
            expect_failed_with_retry(page, widget, "could not", timeout=PROMPT_MS)
        assert time.monotonic() - started < PROMPT_MS / 1000
    page.unroute(pattern)

    before = engine_starts(request_log)
    page.locator(on_page[-1].root).get_by_role("button", name="Retry").click()
    for path, on_page in reversed(pages.items()):
        show(page, site_url, path)
        for widget in on_page:
            expect_ready(page, widget)
        rolling = [widget for widget in on_page if rolls(page, widget)]
        if rolling:  # a calculator without a seed answers as it is typed in
            roll_works(page, rolling[0])
    assert engine_starts(request_log) == before + 1, "Retry starts a fresh worker, which serves every page"


def test_a_stalled_engine_load_gives_up_within_the_limit_and_retry_loads_it(page, site_url, widgets, request_log):
    page.add_init_script(f"window.srdTimeouts = {{stall: {SHORT_STALL_MS}}}")
    # The wasm is asked for and never answered: no byte, no error, nothing.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    widget = widgets[0]
    started = time.monotonic()
    page.goto(site_url + widget.page)
    expect_failed_with_retry(page, widget, f"nothing arrived for {SHORT_STALL_MS // 1000} s", timeout=PROMPT_MS)
    elapsed = time.monotonic() - started
    assert SHORT_STALL_MS / 1000 <= elapsed < PROMPT_MS / 1000, elapsed

    # The network is back; a real load takes longer than the test's short limit without a
    # sign of life (compiling the wasm), so the limit goes back to a real one.
    page.unroute("**/pyodide.asm.wasm")
    page.evaluate("window.srdTimeouts.stall = 60000")
    before = engine_starts(request_log)
    retry = page.locator(widget.root).get_by_role("button", name="Retry")
    retry.click()
    # While it loads again the button stays, marked as busy, and the status says so.
    expect(page.locator(f"{widget.root} .srd-widget__status")).to_contain_text("Loading")
    expect_ready(page, widget)
    assert engine_starts(request_log) == before + 1
    roll_works(page, widget)


def test_a_view_module_that_fails_or_stalls_says_so_and_retry_imports_it(page, site_url, widgets):
    # Each view in one visit of its page: the module fails (the page's own import of it), then
    # Retry meets it stalling (widgets.js's import of a fresh copy) and gives up within the
    # limit, then Retry imports it and the widget rolls.
    page.add_init_script(f"window.srdTimeouts = {{stall: {SHORT_STALL_MS}}}")
    for view in sorted({w.view for w in widgets}):
        widget = next(w for w in widgets if w.view == view)
        pattern = f"**/assets/js/views/{view}.js*"
        retry = page.locator(widget.root).get_by_role("button", name="Retry")
        page.route(pattern, lambda route: route.abort())
        page.goto(site_url + widget.page)
        expect_failed_with_retry(page, widget, "could not load", timeout=PROMPT_MS)
        page.unroute(pattern)
        page.route(pattern, lambda route: None)
        retry.click()  # (its handler has run when click() returns: the widget is loading again)
        expect_failed_with_retry(page, widget, "could not load", timeout=PROMPT_MS)
        page.unroute(pattern)
        page.evaluate("window.srdTimeouts.stall = 60000")
        retry.click()
        expect_ready(page, widget)
        roll_works(page, widget)


def test_retry_from_the_keyboard_leaves_the_focus_in_the_form(page, site_url, widgets):
    widget = widgets[0]
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site_url + widget.page)
    retry = page.locator(widget.root).get_by_role("button", name="Retry")
    expect(retry).to_be_visible(timeout=PROMPT_MS)
    page.unroute("**/pyodide.asm.wasm")
    retry.focus()
    page.keyboard.press("Enter")
    expect_ready(page, widget)
    # The vanished button handed the focus on to the form's first control.
    assert page.evaluate(f"document.querySelector('{widget.root} form').contains(document.activeElement)")


# --- results that no longer match the inputs are marked -----------------------------------
def rolls(page: Page, widget: Widget) -> bool:
    """Whether the widget rolls dice (it has a seed); a converter, say, does not."""
    return page.locator(f"{widget.root} input[name=seed]").count() > 0


def first_text_field(page: Page, widget: Widget):
    """The widget's first text input other than the seed (None if the seed is all it has)."""
    fields = page.locator(f"{widget.root} input[type=text]:not([name=seed])")
    return fields.first if fields.count() else None


def test_a_roll_from_before_an_input_change_is_marked_as_the_roll_of_earlier_inputs(page, site_url, widgets):
    checked = 0
    for path, on_page in pages_of(widgets).items():
        show(page, site_url, path)  # (the engine started on the first page serves them all)
        for widget in on_page:
            expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            field = first_text_field(page, widget)
            if field is None or not rolls(page, widget):
                continue
            checked += 1
            result = page.locator(f"{widget.root} .srd-widget__result")
            roll_works(page, widget, "11")
            heights = result.bounding_box()["height"]
            expect(result).not_to_have_attribute("data-stale", "")
            label = result.locator(".srd-stale-label")
            expect(label).to_have_count(0)

            # One more character: the roll shown is no longer the roll of these inputs.
            field.press("End")
            field.type("9")
            expect(result).to_have_attribute("data-stale", "")
            # A card widget says what it dealt ("Draw", "Cards"); every other widget rolled.
            expect(label).to_have_text(re.compile(r"^(Roll|Draw|Cards) for earlier inputs: \S"))
            # The label is inside the live region (heard, not only seen), the roll is framed
            # (never faded: its text keeps full contrast), and nothing moved.
            assert result.get_attribute("aria-live") == "polite"
            expect(result).to_have_css("outline-style", "dashed")
            shown = result.locator(":scope > :not(.srd-stale-label)")
            assert shown.count() >= 1
            for index in range(shown.count()):
                expect(shown.nth(index)).to_have_css("opacity", "1")
            assert result.bounding_box()["height"] == heights

            # Back to the inputs of the roll: it is theirs again.
            field.press("Backspace")
            expect(result).not_to_have_attribute("data-stale", "")
            expect(label).to_have_count(0)
            expect(result).not_to_have_css("outline-style", "dashed")
            for index in range(shown.count()):
                expect(shown.nth(index)).to_have_css("opacity", "1")
    assert checked >= 2


# --- a phone: the roll is brought into view, the focus stays -------------------------------
PHONE = {"width": 390, "height": 844}
RESULT_TOP_IN_VIEW = """sel => {
    // Inside the screen, and not under Material's sticky header.
    const top = document.querySelector(sel).getBoundingClientRect().top;
    const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
    return top >= header && top < window.innerHeight;
}"""


WHERE_THE_RESULT_IS = """sel => ({
    top: document.querySelector(sel).getBoundingClientRect().top,
    height: document.querySelector(sel).getBoundingClientRect().height,
    header: document.querySelector('.md-header').getBoundingClientRect().bottom,
    innerHeight: window.innerHeight,
    scrollY: window.scrollY,
})"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_on_a_phone_the_roll_scrolls_into_view_and_the_focus_stays(
    browser, site_origin, site_url, widgets, motion, request_log
):
    context = browser.new_context(viewport=PHONE, reduced_motion=motion)
    try:
        page = context.new_page()
        page.on("request", lambda req: request_log.append(req.url))
        # One engine start for the lot: a page is shown by following a link to it (what is
        # tested here is the scroll and the focus, not the start).
        for widget in widgets:
            show(page, site_url, widget.page)
            root = page.locator(widget.root)
            expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            if not rolls(page, widget):
                continue
            result = f"{widget.root} .srd-widget__result"
            for how in ("button", "Enter"):
                # Roll sits at the bottom of the screen, its result below the fold.
                # Scrolled there at once, again at each check: the previous roll's smooth
                # scroll may still be running and would otherwise carry the page back.
                button = root.locator("button[type=submit]")
                page.wait_for_function(
                    f"""() => {{
                        document.querySelector('{widget.root} button[type=submit]')
                            .scrollIntoView({{block: 'end', behavior: 'instant'}});
                        return document.querySelector('{result}').getBoundingClientRect().top >= window.innerHeight;
                    }}"""
                )
                seed = "21" if how == "button" else "22"
                page.fill(f"{widget.root} input[name=seed]", seed)
                if how == "button":
                    button.click()
                    focused = f"{widget.root} button[type=submit]"
                else:
                    page.press(f"{widget.root} input[name=seed]", "Enter")
                    focused = f"{widget.root} input[name=seed]"
                expect(root.locator(".srd-roll__seed")).to_have_text(seed)
                try:
                    page.wait_for_function(RESULT_TOP_IN_VIEW, arg=result)
                except Exception as error:
                    where = page.evaluate(WHERE_THE_RESULT_IS, result)
                    raise AssertionError(f"{widget.id} ({how}): the result is not in view: {where}") from error
                assert page.evaluate(f"document.activeElement === document.querySelector('{focused}')"), (
                    f"{widget.id}: the focus left {focused}"
                )
    finally:
        context.close()
    foreign = [url for url in request_log if not url.startswith(site_origin) and not url.startswith(("data:", "blob:"))]
    assert not foreign, foreign
