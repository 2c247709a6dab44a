"""Exact odds before the engine is up, the engine's bytes while it loads, and the last roll
after Back then Forward, for every widget on the site.

- Every widget whose view first asks the engine about its default inputs (the odds, a
  conversion) carries that request and the engine's reply in its markup (``data-first``,
  macros/widget_html.py): natively, the reply is ``rules_engine.web``'s own; in the browser,
  with the engine held back, it is on the page at once, equals the reply of the engine in
  Pyodide, and an edit made before the engine is ready marks it as the answer of other
  inputs; Roll waits for the engine.
- The build draws that reply into the page (``site_build/prerender.py``): the built HTML
  holds each such widget's first odds, and they read as the live engine's odds for the
  same inputs.
- The status line counts the engine as it arrives, as a share ("37%": bytes as the engine
  receives them, of the shipped files' total; not megabytes, which would count the files'
  own sizes while far fewer cross the network compressed) in the space it keeps, and one line
  per page announces it now and then.
- A roll survives Back then Forward (Material's instant navigation swaps the page in again).

The widgets are found in the built HTML or in what each system's macros draw, so a new
system's widgets are checked without a line here.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from browser_kit import ENGINE_LOAD_MS, follow_link, show, swapped
from macros_env import system_macros
from playwright.sync_api import Page, expect
from test_widget_resilience import Widget, pages_of, roll_works, rolls, widgets_in

from macros.widget_html import default_values, engine_files
from rules_engine import web
from rules_engine.systems import SYSTEM_PACKAGES

# The first odds come before the engine: its start must be a first visit's.
pytestmark = pytest.mark.fresh_context

FIRST = re.compile(r'data-first="([^"]*)"')
REGIONS = ".srd-widget__canonical, .srd-widget__odds, .srd-widget__result"
BYTES = re.compile(r"(\d{1,3})%")
PRERENDER_MS = 10_000  # the first odds come from the page itself: far sooner than the engine


# --- natively: the embedded replies are the engine's ------------------------------------
def drawn_widgets() -> list[tuple[str, str, str]]:
    """(system key, macro name, markup) of every widget every system's macros draw."""
    found = []
    for key in SYSTEM_PACKAGES:
        for name, macro in system_macros(key).items():
            html = macro()
            if 'class="srd-widget"' in html:
                found.append((key, name, html))
    return found


@pytest.fixture(scope="module")
def drawn() -> list[tuple[str, str, str]]:
    return drawn_widgets()


def first_of(html: str) -> dict | None:
    match = FIRST.search(html)
    return json.loads(unescape(match.group(1))) if match else None


def test_every_embedded_reply_is_the_bridges_reply_to_its_request(drawn):
    checked = 0
    for key, name, html in drawn:
        first = first_of(html)
        if first is None:
            continue
        checked += 1
        request, reply = first["request"], first["reply"]
        assert request["system"] == key, name
        assert f'data-view="{key}"' in html, name
        assert reply["ok"] is True, (name, reply)
        assert reply == json.loads(web.call(json.dumps(request))), name
    assert checked >= len(SYSTEM_PACKAGES), checked


def test_every_widget_that_shows_odds_opens_with_them(drawn):
    """A widget with an odds region (or a conversion, which needs no roll) carries its first
    answer; only a widget whose every answer is a roll (the character generator) does not."""
    for key, name, html in drawn:
        if "srd-widget__odds" in html or 'name="seed"' not in html:
            assert first_of(html) is not None, f"{key} {name}: no first answer in its markup"


def test_the_first_request_holds_the_forms_default_inputs():
    fields = (
        '<input id="x-a" name="a" type="text" value="3" disabled>'
        '<input id="x-seed" name="seed" type="text" value="">'
        '<input type="radio" name="mode" value="one" disabled>'
        '<input type="radio" name="mode" value="two" checked disabled>'
        '<input type="checkbox" name="crit" disabled>'
        '<input id="x-n" name="notation" type="text" value="3d+1b vs DC 4">'
    )
    assert default_values(fields) == {"a": "3", "mode": "two", "notation": "3d+1b vs DC 4"}


def test_the_size_list_is_the_shipped_pyodide_files():
    from site_build.build import shipped_pyodide_sizes

    sizes = json.loads(engine_files())
    assert sizes == shipped_pyodide_sizes()
    assert "pyodide.asm.wasm" in sizes


def test_fill_regions_puts_what_was_drawn_into_each_widgets_empty_regions():
    from site_build.prerender import PrerenderError, fill_regions

    page = (
        '<div class="srd-widget" id="a-roller" data-first="{}"><form></form>'
        '<section class="srd-widget__odds" aria-live="polite" aria-label="Odds"></section>'
        '<div class="srd-widget__result" aria-live="polite"></div></div>'
        '<div class="srd-widget" id="b-roller"><section class="srd-widget__odds" aria-live="polite"></section></div>'
    )
    filled = fill_regions(page, {"a-roller": ["<p>1/6</p>", ""]})
    assert (
        '<section class="srd-widget__odds" aria-live="polite" aria-label="Odds"><p>1/6</p></section>'
        '<div class="srd-widget__result" aria-live="polite"></div></div>'
    ) in filled
    assert filled.endswith(
        '<div class="srd-widget" id="b-roller"><section class="srd-widget__odds" aria-live="polite"></section></div>'
    )
    with pytest.raises(PrerenderError):
        fill_regions(page, {"c-roller": ["<p>x</p>"]})
    with pytest.raises(PrerenderError):
        fill_regions(page, {"b-roller": ["<p>x</p>", "<p>y</p>"]})


# --- in the browser ------------------------------------------------------------------------
def test_the_built_pages_hold_each_widgets_first_odds(built_site_dir, widgets):
    """The regions of every widget with a first answer are drawn in the HTML as built."""
    checked = 0
    for widget in widgets:
        html = (built_site_dir / widget.page / "index.html").read_text(encoding="utf-8")
        start = html.index(f'<div class="srd-widget" id="{widget.id}"')
        end = html.find('<div class="srd-widget" id="', start + 1)
        part = html[start : end if end > 0 else len(html)]
        if first_of(part[: part.index(">")]) is None:
            continue
        checked += 1
        assert re.search(r'aria-live="polite"[^>]*><[a-z]', part), f"{widget.id}: no odds drawn into the page"
    assert checked >= len(SYSTEM_PACKAGES), checked


def test_the_odds_drawn_into_the_page_read_as_the_live_engines(nojs_page, page, site_url, widgets, firsts):
    """What the built HTML holds (read with scripts off, so no view has redrawn it) is what the
    view shows once the engine in Pyodide has answered the same inputs."""
    for path, on_page in pages_of(widgets).items():
        drawn = [w for w in on_page if w.id in firsts]
        if not drawn:
            continue
        nojs_page.goto(site_url + path)
        show(page, site_url, path)  # (by a link after the first: one engine start for all)
        for widget in drawn:
            expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            static = shown_regions(nojs_page, widget).all_text_contents()
            assert static and all(text.strip() for text in static), widget.id
            # The same words and numbers (a closed <details> lays its table out differently).
            live = shown_regions(page, widget).all_text_contents()
            assert [re.sub(r"\s+", "", t) for t in static] == [re.sub(r"\s+", "", t) for t in live], widget.id


@pytest.fixture(scope="module")
def widgets(built_site_dir) -> list[Widget]:
    return widgets_in(built_site_dir)


@pytest.fixture(scope="module")
def firsts(built_site_dir, widgets) -> dict[str, dict]:
    """Each widget's first answer as built into its page, by widget id."""
    found = {}
    for widget in widgets:
        html = (built_site_dir / widget.page / "index.html").read_text(encoding="utf-8")
        tag = re.search(rf'<div class="srd-widget" id="{re.escape(widget.id)}"[^>]*>', html).group(0)
        first = first_of(tag)
        if first is not None:
            found[widget.id] = first
    assert len(found) >= len(SYSTEM_PACKAGES)
    return found


def hold_the_engine_back(page: Page) -> None:
    """The engine's worker and Pyodide are asked for and never answered."""
    page.route("**/assets/js/runtime/engine-worker.js*", lambda route: None)
    page.route("**/assets/pyodide/**", lambda route: None)


def shown_regions(page: Page, widget: Widget):
    return page.locator(f"{widget.root}").locator(REGIONS).filter(has=page.locator(":scope > *"))


def first_text_field(page: Page, widget: Widget):
    return page.locator(f"{widget.root} form input[type=text]:not([name=seed])").first


def first_input(page: Page, widget: Widget):
    """The form's first input a reader changes: a text field, else a switch (a widget made of
    checkboxes and radios, such as dice & danger's damage-roll builder)."""
    if first_text_field(page, widget).count():
        return first_text_field(page, widget)
    return page.locator(f"{widget.root} form input[type=checkbox]").first


def change_input(control) -> None:
    """An edit a reader makes: a digit typed at the end of a text field, or a switch turned."""
    if control.get_attribute("type") == "checkbox":
        control.press("Space")
    else:
        control.press("End")
        control.type("9")


def undo_change(control) -> None:
    if control.get_attribute("type") == "checkbox":
        control.press("Space")
    else:
        control.press("Backspace")


def test_the_default_odds_show_before_the_engine_and_are_the_engines(page, site_url, widgets, firsts):
    hold_the_engine_back(page)
    shown: dict[str, list[str]] = {}
    for path, on_page in pages_of(widgets).items():
        page.goto(site_url + path)
        for widget in on_page:
            if widget.id not in firsts:
                continue
            root = page.locator(widget.root)
            expect(shown_regions(page, widget).first).to_be_visible(timeout=PRERENDER_MS)
            texts = shown_regions(page, widget).all_inner_texts()
            assert all(text.strip() for text in texts), widget.id
            shown[widget.id] = texts
            # Exact odds, and the page says that rolling waits for the engine.
            expect(root).to_have_attribute("data-state", "loading")
            expect(root.locator("button[type=submit]")).to_be_disabled()
            expect(root.locator(".srd-widget__status")).to_contain_text("waits for the dice engine")
            expect(first_input(page, widget)).to_be_enabled()
            for region in shown_regions(page, widget).all():
                expect(region).not_to_have_attribute("data-stale", "")
    assert set(shown) == set(firsts)

    # The engine in Pyodide answers each first request with the reply built into the page,
    # and shows it as the page did.
    page.unroute("**/assets/js/runtime/engine-worker.js*")
    page.unroute("**/assets/pyodide/**")
    page.goto(site_url)  # (a page of its own: the engine held back above never came)
    for path, on_page in pages_of(widgets).items():
        show(page, site_url, path)  # by a link: the engine started on the first page serves all
        for widget in on_page:
            if widget.id not in firsts:
                continue
            expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            live = page.evaluate(
                """async ([request, site]) => {
                const { getEngine } = await import(new URL("assets/js/runtime/engine.js", site).href);
                return await getEngine().call(request);
            }""",
                [firsts[widget.id]["request"], site_url],
            )
            assert live == firsts[widget.id]["reply"], widget.id
            assert shown_regions(page, widget).all_inner_texts() == shown[widget.id], widget.id


def test_an_edit_before_the_engine_is_ready_marks_the_first_odds_as_other_inputs(page, site_url, widgets, firsts):
    hold_the_engine_back(page)
    for path, on_page in pages_of(widgets).items():
        page.goto(site_url + path)
        for widget in on_page:
            if widget.id not in firsts:
                continue
            regions = shown_regions(page, widget)
            expect(regions.first).to_be_visible(timeout=PRERENDER_MS)
            count = regions.count()
            field = first_input(page, widget)
            expect(field).to_be_editable()  # the view has attached (a field is disabled until then)
            change_input(field)
            for index in range(count):
                region = regions.nth(index)
                expect(region).to_have_attribute("data-stale", "")
                expect(region.locator(".srd-stale-label")).to_have_text(re.compile(r"last valid input: \S"))
            expect(page.locator(f"{widget.root} button[type=submit]")).to_be_disabled()
            # Back to the defaults: the page's answer is theirs again.
            undo_change(field)
            for index in range(count):
                expect(regions.nth(index)).not_to_have_attribute("data-stale", "")
                expect(regions.nth(index).locator(".srd-stale-label")).to_have_count(0)


def share(text: str) -> int:
    return int(BYTES.search(text).group(1))


def test_the_status_line_counts_the_engines_bytes_in_the_space_it_keeps(page, site_url, widgets, built_site_dir):
    widget = widgets[0]
    # Everything but the wasm arrives: the count stops short of the total.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url + widget.page)
    status = page.locator(f"{widget.root} .srd-widget__status")
    expect(status).to_have_text(BYTES, timeout=PRERENDER_MS)
    listed = sum(json.loads(engine_files()).values()) / 1e6
    wasm = next((built_site_dir / "assets").rglob("pyodide.asm.wasm")).stat().st_size / 1e6
    # It counts up to every file but the wasm (held back), of a total that includes the wasm
    # (and the wheel and its manifest, under 1 MB beside the listed files).
    least = 100 * (listed - wasm - 0.15) / (listed + 1.0)
    page.wait_for_function(
        """([sel, least]) => {
        const m = document.querySelector(sel).textContent.match(/(\\d+)%/);
        return m && Number(m[1]) >= Math.floor(least);
    }""",
        arg=[f"{widget.root} .srd-widget__status", least],
        timeout=ENGINE_LOAD_MS,
    )
    most = 100 * (listed + 1.0 - wasm + 0.15) / listed
    assert least - 1 <= share(status.inner_text()) <= min(most, 99), (status.inner_text(), listed, wasm)
    assert "MB" not in status.inner_text()
    # The bytes are seen, not read out at each change; the page's one announcer says them.
    expect(status.locator(".srd-widget__bytes")).to_have_attribute("aria-hidden", "true")
    announcer = page.locator(".srd-engine-announcer")
    expect(announcer).to_have_attribute("role", "status")
    expect(announcer).to_have_text(re.compile(r"^Dice engine: \d{1,2}% loaded\.$"))
    assert page.locator(".srd-engine-announcer").count() == 1
    bar = page.locator(f"{widget.root} .srd-widget__meter-bar")
    assert 0 < bar.bounding_box()["width"] < page.locator(f"{widget.root} .srd-widget__meter").bounding_box()["width"]


@pytest.mark.parametrize(
    "viewport", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}], ids=["phone", "desktop"]
)
def test_nothing_moves_when_the_engine_becomes_ready(browser, site_url, widgets, viewport):
    """Each widget's status bar is as high once its engine is ready as while the engine loads.
    Every page is read first with the engine held (its wasm never arrives); then the engine
    starts on the first page, watched becoming ready there, and serves the others, reached by
    a link as a reader moves on, where each widget arrives loading and comes up ready."""
    # No service worker: it would answer the held wasm from its precache, out of the route's sight.
    context = browser.new_context(viewport=viewport, service_workers="block")
    try:
        page = context.new_page()
        by_page = pages_of(widgets)
        loading: dict[str, float] = {}
        page.route("**/pyodide.asm.wasm", lambda route: None)
        for path, on_page in by_page.items():
            page.goto(site_url + path)
            for widget in on_page:
                expect(page.locator(f"{widget.root} .srd-widget__status")).to_have_text(BYTES, timeout=PRERENDER_MS)
            loading.update(
                {w.id: page.locator(f"{w.root} .srd-widget__statusbar").bounding_box()["height"] for w in on_page}
            )
        page.unroute("**/pyodide.asm.wasm")
        page.goto("about:blank")
        for path, on_page in by_page.items():
            show(page, site_url, path)
            for widget in on_page:
                expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
                ready = page.locator(f"{widget.root} .srd-widget__statusbar").bounding_box()["height"]
                assert ready == loading[widget.id], (widget.id, viewport, loading[widget.id], ready)
    finally:
        context.close()


# --- Back then Forward ---------------------------------------------------------------------
def test_back_then_forward_keeps_every_roll(page, site_url, widgets):
    by_page = {path: [w for w in on_page] for path, on_page in pages_of(widgets).items()}
    checked = 0
    page.goto(site_url)
    for path, on_page in by_page.items():
        follow_link(page, site_url, path)
        shown = {}
        for index, widget in enumerate(on_page):
            expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
            if not rolls(page, widget):
                continue
            roll_works(page, widget, str(31 + index))
            shown[widget.id] = page.locator(f"{widget.root} .srd-widget__result").text_content()
        if not shown:
            continue  # no widget here rolls (a calculator answers as it is typed in)
        checked += 1
        # Back to where the link was, then Forward to the rolls.
        swapped(page, page.go_back)
        expect(page).not_to_have_url(re.compile(re.escape(path) + r"(#.*)?$"))
        swapped(page, page.go_forward)
        for widget_id, text in shown.items():
            result = page.locator(f"#{widget_id} .srd-widget__result")
            expect(result).to_have_text(text)
            expect(result).not_to_have_attribute("data-stale", "")
        # And after a page further on, Back to them.
        follow_link(page, site_url, "errata/")
        swapped(page, page.go_back)
        for widget_id, text in shown.items():
            expect(page.locator(f"#{widget_id} .srd-widget__result")).to_have_text(text)
        # A fresh visit (a link, not the history) starts from the page as written; so does one
        # through a link to a widget's #anchor, which Material ends with popstates of its own.
        for link in (path, f"{path}#{next(iter(shown))}"):
            follow_link(page, site_url, "errata/")
            follow_link(page, site_url, link)
            for widget_id in shown:
                expect(page.locator(f"#{widget_id}")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
                expect(page.locator(f"#{widget_id} .srd-widget__result > *")).to_have_count(0)
    assert checked >= 2, checked


def test_back_then_forward_keeps_the_inputs_of_a_roll(page, site_url, widgets):
    widget = next(w for w in widgets if w.id == "ds-roller") if any(w.id == "ds-roller" for w in widgets) else None
    if widget is None:
        pytest.skip("no Doom Stack roller on the site")
    page.goto(site_url)
    follow_link(page, site_url, widget.page)
    expect(page.locator(widget.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#ds-attribute", "5")
    roll_works(page, widget, "12")
    odds = page.locator(f"{widget.root} .srd-widget__odds").text_content()
    page.fill("#ds-skill", "4")  # after the roll: the roll is now of earlier inputs
    result = page.locator(f"{widget.root} .srd-widget__result")
    expect(result).to_have_attribute("data-stale", "")
    swapped(page, page.go_back)
    swapped(page, page.go_forward)
    expect(page.locator("#ds-attribute")).to_have_value("5")
    expect(page.locator("#ds-skill")).to_have_value("4")
    expect(page.locator(f"{widget.root} .srd-roll__seed")).to_have_text("12")
    expect(result).to_have_attribute("data-stale", "")
    page.fill("#ds-skill", "2")
    expect(result).not_to_have_attribute("data-stale", "")
    expect(page.locator(f"{widget.root} .srd-widget__odds")).to_have_text(odds)
