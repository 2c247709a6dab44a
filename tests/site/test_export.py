"""Export and notation buttons in headless chromium against the built site.

Every generated table has a toolbar (macros/render.py, docs/assets/js/kit/table-export.js):
"Download CSV" saves exactly the cells the page shows, "Copy as text" copies them
tab-separated (or, when the browser refuses, selects them in a box to copy by hand), and
"JSON" opens the file the build published beside the page. Notations written in the rules
text are buttons (macros/widget_html.py, docs/assets/js/kit/notation-buttons.js) that load the
page's roller, which then shows the engine's odds for them.

Expected values come from the engine, never from copied numbers."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction

import pytest
from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll
from playwright.sync_api import Page, expect

from rules_engine.core.exact import percent, ratio
from rules_engine.doom_stack.notation import parse as doom_stack_parse
from rules_engine.doom_stack.odds import odds as doom_stack_odds
from rules_engine.systems import get_system
from rules_engine.xy_checks.actions import ACTIONS as XY_ACTIONS

POOL_TABLE = ("doom-stack", "pool-success")


def engine_rows(system: str, name: str) -> list[list[str]]:
    """The engine table's header row and body rows, as text."""
    table = get_system(system).table(name)
    return [list(table.headers), *table.text_rows()]


def page_rows(page: Page, table: str) -> list[list[str]]:
    """The cells of a table as the page shows them (its screen copy), row by row."""
    return page.locator(table).evaluate(
        "t => Array.from(t.rows, r => Array.from(r.cells, c => c.textContent.replace(/\\s+/g, ' ').trim()))"
    )


def tools_of(key: str) -> str:
    return f".srd-table-tools[data-table-file='{key}']"


def open_tables(page: Page, site_url: str, path: str = "doom-stack/") -> None:
    page.goto(f"{site_url}{path}")
    expect(page.locator(".srd-table-tools[data-table-tools] button[data-table-action=csv]").first).to_be_visible()


# --- CSV -----------------------------------------------------------------------------------
def test_download_csv_is_the_table_as_shown_and_as_the_engine_has_it(site_url, page, page_errors):
    open_tables(page, site_url)
    system, name = POOL_TABLE
    key = f"{system}-{name}"
    table = f"table[data-engine-table='{key}']"
    caption = get_system(system).table(name).caption
    button = page.get_by_role("button", name=f"Download CSV: {caption}")
    button.focus()
    with page.expect_download() as download_info:
        page.keyboard.press("Enter")  # keyboard alone
    download = download_info.value
    assert download.suggested_filename == f"{key}.csv"
    raw = open(download.path(), "rb").read()
    text = raw.decode("utf-8")  # UTF-8, no byte-order mark
    assert not text.startswith("\ufeff")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")  # RFC 4180 line ends
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows == page_rows(page, table)
    assert rows == engine_rows(system, name)
    expect(page.locator(f"{tools_of(key)} .srd-table-tools__status")).to_contain_text(f"{key}.csv")
    assert page_errors == []


def test_csv_quotes_commas_and_quotes_and_a_chart_values_table_downloads_too(site_url, page):
    open_tables(page, site_url, "errata/")
    caption = "Printed values that differ from the exact values"
    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Download CSV: {caption}").click()
    text = open(download_info.value.path(), encoding="utf-8", newline="").read()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows == page_rows(page, "table[data-engine-table='errata']")
    assert any("," in cell for row in rows for cell in row), "the errata have commas to quote"
    assert '"' in text

    open_tables(page, site_url)
    details = page.locator("details.srd-chart__values").first
    details.locator("summary").click()
    tools = details.locator(".srd-table-tools")
    key = tools.get_attribute("data-table-file")
    assert key.startswith("chart-")
    with page.expect_download() as download_info:
        tools.locator("button[data-table-action=csv]").click()
    assert download_info.value.suggested_filename == f"{key}.csv"
    rows = list(csv.reader(open(download_info.value.path(), encoding="utf-8", newline="")))
    assert rows == page_rows(page, "details.srd-chart__values >> nth=0 >> table")


# --- copy as text --------------------------------------------------------------------------
def test_copy_as_text_puts_the_table_tab_separated_on_the_clipboard(site_url, page, site_origin):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_origin)
    open_tables(page, site_url)
    system, name = POOL_TABLE
    caption = get_system(system).table(name).caption
    page.get_by_role("button", name=f"Copy as text: {caption}").click()
    status = page.locator(f"{tools_of(f'{system}-{name}')} .srd-table-tools__status")
    expect(status).to_contain_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == "".join("\t".join(row) + "\n" for row in engine_rows(system, name))


def test_copy_refused_selects_the_text_to_copy_by_hand(site_url, page):
    page.add_init_script("""Object.defineProperty(navigator, 'clipboard', {
        value: {writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError'))}})""")
    open_tables(page, site_url)
    system, name = POOL_TABLE
    key = f"{system}-{name}"
    caption = get_system(system).table(name).caption
    page.get_by_role("button", name=f"Copy as text: {caption}").click()
    expect(page.locator(f"{tools_of(key)} .srd-table-tools__status")).to_contain_text("refused")
    box = page.locator(f"{tools_of(key)} textarea.srd-table-tools__manual")
    expect(box).to_be_focused()
    expected = "".join("\t".join(row) + "\n" for row in engine_rows(system, name))
    assert box.input_value() == expected
    assert box.evaluate("b => b.value.slice(b.selectionStart, b.selectionEnd)") == expected


# --- JSON ----------------------------------------------------------------------------------
def test_json_link_opens_the_published_table(site_url, page):
    open_tables(page, site_url)
    system, name = POOL_TABLE
    key = f"{system}-{name}"
    table = get_system(system).table(name)
    page.get_by_role("link", name=f"JSON: {table.caption}").click()
    page.wait_for_url(f"{site_url}doom-stack/tables/{key}.json")
    data = json.loads(page.locator("body").inner_text())
    assert data["caption"] == table.caption and data["headers"] == list(table.headers)
    assert [[c["text"] for c in row] for row in data["rows"]] == table.text_rows()
    for row, cells in zip(table.rows, data["rows"]):
        for cell, published in zip(row, cells):
            if cell.value is not None:
                value = Fraction(published["value"]) if isinstance(published["value"], str) else published["value"]
                assert value == cell.value


# --- without JavaScript, on a phone, on paper ------------------------------------------------
def test_without_javascript_only_the_json_link_shows_and_notations_read_as_text(site_url, nojs_page):
    nojs_page.goto(f"{site_url}doom-stack/")
    tools = nojs_page.locator(".srd-table-tools[data-table-tools]").first
    expect(tools.locator("a[data-table-action=json]")).to_be_visible()
    expect(tools.locator("button")).to_have_count(2)
    for button in tools.locator("button").all():
        expect(button).to_be_hidden()
    notation = nojs_page.locator("button.srd-notation[data-notation='4d6 vs TN 8']")
    expect(notation).to_be_visible()
    expect(notation).to_be_disabled()
    expect(notation).to_have_text("4d6 vs TN 8")


def test_toolbar_on_a_phone_has_44px_targets_and_no_overflow(site_url, phone_page):
    open_tables(phone_page, site_url)
    assert_no_sideways_scroll(phone_page, "doom-stack")
    for control in phone_page.locator(".srd-table-tools[data-table-tools]").first.locator("button, a").all():
        box = control.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    phone_page.emulate_media(media="print")
    expect(phone_page.locator(".srd-table-tools[data-table-tools]").first).to_be_hidden()


def test_the_toolbar_keeps_its_height_when_its_buttons_appear(site_url, page, nojs_page):
    """Revealing the buttons (and the status speaking) moves nothing under a table."""
    first = ".srd-table-tools[data-table-tools]"
    for width in (360, 1280):
        heights = []
        for reader in (nojs_page, page):
            reader.set_viewport_size({"width": width, "height": 800})
            reader.goto(f"{site_url}doom-stack/")
            if reader is page:
                expect(page.locator(f"{first} button[data-table-action=csv]").first).to_be_visible()
            heights.append(reader.locator(first).first.bounding_box()["height"])
        assert heights[0] == heights[1], f"{width}px: {heights[0]}px without JavaScript, {heights[1]}px with"
        page.locator(f"{first} .srd-table-tools__status").first.evaluate("s => { s.textContent = 'Copied 12 rows.'; }")
        assert page.locator(first).first.bounding_box()["height"] == heights[1]


# --- notation buttons ----------------------------------------------------------------------
def wait_ready(page: Page, widget: str) -> None:
    expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def test_a_doom_stack_notation_in_the_text_loads_the_roller_and_its_odds(site_url, page, page_errors):
    page.goto(f"{site_url}doom-stack/")
    wait_ready(page, "#ds-roller")
    button = page.locator("button.srd-notation[data-notation='4d6 vs TN 8']")
    expect(button).to_be_enabled()
    button.scroll_into_view_if_needed()
    button.click()
    assert {n: page.input_value(f"#ds-{n}") for n in ("attribute", "skill", "modifiers", "tn")} == {
        "attribute": "4",
        "skill": "0",
        "modifiers": "0",
        "tn": "8",
    }
    expect(page.locator("#ds-attribute")).to_be_focused()
    expect(page.locator("#ds-roller form")).to_be_in_viewport()
    chances = doom_stack_odds(doom_stack_parse("4d6 vs TN 8")).odds
    for key, value in (("success", chances.success), ("glitch", chances.glitch), ("failure", chances.failure)):
        expect(page.locator(f"#ds-roller [data-odds={key}] .srd-exact")).to_have_text(
            ratio(value), timeout=ENGINE_LOAD_MS
        )
        expect(page.locator(f"#ds-roller [data-odds={key}] .srd-pct")).to_have_text(percent(value, 2))
    # A pool in a table loads the same way, by keyboard: 6d6, no TN.
    row_button = page.locator(
        "table[data-engine-table='doom-stack-pool-success'] button.srd-notation[data-notation='6d6']"
    )
    row_button.focus()
    page.keyboard.press("Enter")
    assert page.input_value("#ds-attribute") == "6" and page.input_value("#ds-tn") == ""
    assert page_errors == []


def test_xy_notations_in_the_text_load_the_check_roller_and_the_volley_resolver(site_url, page, page_errors):
    page.goto(f"{site_url}xy-checks/")
    wait_ready(page, "#xyc-roller")
    page.locator("button.srd-notation[data-notation='5/6 +1 TN']").click()
    assert page.input_value("#xyc-check") == "5/6 +1 TN"
    expect(page.locator("#xyc-check")).to_be_focused()
    expected = XY_ACTIONS["check_odds"](
        {"fields": {"check": "5/6 +1 TN", "tn": "0", "bonus": "0", "penalty": "0", "crit": ""}}
    )
    expect(page.locator("#xyc-roller [data-odds=success] .srd-exact")).to_have_text(
        expected["p_success"], timeout=ENGINE_LOAD_MS
    )
    expect(page.locator("#xyc-roller [data-odds=success] .srd-pct")).to_have_text(expected["success_percent"])
    expect(page.locator("#xyc-roller .srd-xy-check")).to_have_text(expected["check"])

    notation = "contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6 tie full"
    page.locator(f"button.srd-notation[data-notation='{notation}']").click()
    assert page.is_checked("#xyv-mode-contest") and page.is_checked("#xyv-tie-full")
    assert page.input_value("#xyv-attackers") == "5/6 +1b, 4/6"
    assert page.input_value("#xyv-other") == "4/6, 2x 3/6"
    fields = {
        "mode": "contest",
        "attackers": "5/6 +1b, 4/6",
        "targets": page.input_value("#xyv-targets"),
        "order": "lightest",
        "other": "4/6, 2x 3/6",
        "tie": "full",
    }
    expected = XY_ACTIONS["volley_odds"]({"fields": fields})
    expect(page.locator("#xyv-resolver .srd-reading__notation")).to_have_text(
        expected["notation"], timeout=ENGINE_LOAD_MS
    )
    assert expected["notation"] == notation.replace("3/6, 3/6", "2x 3/6")
    for key in ("first-more", "second-more", "tie"):
        assert page.inner_text(f"#xyv-resolver [data-odds={key}] .srd-exact") == expected["p_" + key.replace("-", "_")]
    assert page_errors == []


OTHER_PAGES = [
    # page, notation, the roller, its fields after the press (a few of them)
    (
        "adrenaline/",
        "adrenaline",
        "6d10 vs 7 against 5d10 vs 6",
        "#ad-roller",
        {"#ad-attribute": "6", "#ad-difficulty": "7", "#ad-other-attribute": "5", "#ad-other-difficulty": "6"},
    ),
    (
        "action/",
        "action",
        "8 vs 5 inspired wild",
        "#ac-roller",
        {"#ac-skill": "8", "#ac-defence": "5", "#ac-threshold": "5"},
    ),
    ("dice-and-danger/", "dice-and-danger", "4d-1p vs DC 3", "#dd-roller", {"#dd-notation": "4d-1p vs DC 3"}),
]


@pytest.mark.parametrize("path, system, notation, roller, fields", OTHER_PAGES, ids=[p[1] for p in OTHER_PAGES])
def test_notation_buttons_on_the_other_pages_load_their_roller(
    site_url, page, page_errors, path, system, notation, roller, fields
):
    page.goto(f"{site_url}{path}")
    wait_ready(page, roller)
    button = page.locator(f"button.srd-notation[data-notation='{notation}']")
    expect(button).to_be_enabled()
    expect(button).to_have_attribute("aria-label", re.compile(f"^{re.escape(notation)}: show it in the "))
    button.click()
    for field, value in fields.items():
        assert page.input_value(field) == value, field
    canonical = get_system(system).odds(notation).to_json()["notation"]
    expect(page.locator(roller)).to_contain_text(canonical, timeout=ENGINE_LOAD_MS)
    if system == "action":
        assert page.is_checked("#ac-type-inspired") and page.is_checked("#ac-type-wild")
        assert not page.is_checked("#ac-active")
    assert page_errors == []
