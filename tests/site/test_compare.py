"""Compare in headless chromium against the built site (docs/assets/js/kit/compare.js, the panel's
markup in macros/widget_html.py): the reader adds the roller's current inputs as rows, and the
panel shows one chart with a line per row and one exact table, in the "exactly", "at least"
and "at most" views; the comparison and its view live in the page's address, and opening that
address in a fresh page brings them back (each row asked of the engine again by its notation).

Expected values come from the engine (`odds` by notation), summed here with Fractions."""

from __future__ import annotations

import csv
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, use_theme
from playwright.sync_api import Page, expect
from test_a11y import RUN_AXE, report, violations
from test_print import A4_CONTENT_PX, laid_out_for_print, pdf_text, squash

from macros.widget_html import comparable
from rules_engine.core.exact import percent
from rules_engine.systems import get_system

VIEWS = ("exactly", "at-least", "at-most")


# --- what the engine says ------------------------------------------------------------------
def engine_outcomes(system: str, notation: str) -> dict[str, Fraction]:
    """The engine's exact chance of each outcome of `notation`, in its order."""
    outcomes = get_system(system).odds(notation).to_json()["outcomes"]
    return {key: Fraction(value) for key, value in outcomes.items()}


def outcome_order(rows: list[dict[str, Fraction]]) -> list[str]:
    """Every row's outcomes: numbers ascending, else in the rows' own order."""
    keys: list[str] = []
    for row in rows:
        for key in row:
            if key not in keys:
                keys.append(key)
    if all(key.lstrip("-").isdigit() for key in keys):
        keys.sort(key=int)
    return keys


def expected_table(system: str, notations: list[str], view: str) -> list[tuple[str, list[tuple[str, Fraction]]]]:
    rows = [engine_outcomes(system, n) for n in notations]
    keys = outcome_order(rows)
    table = []
    for notation, row in zip(notations, rows):
        exact = [row.get(key, Fraction(0)) for key in keys]
        if view == "at-least":
            values = [sum(exact[i:], Fraction(0)) for i in range(len(keys))]
        elif view == "at-most":
            values = [sum(exact[: i + 1], Fraction(0)) for i in range(len(keys))]
        else:
            values = exact
        table.append((notation, list(zip(keys, values))))
    return table


# --- what the page shows -------------------------------------------------------------------
def shown_table(page: Page, widget: str) -> list[tuple[str, list[tuple[str, Fraction, str]]]]:
    raw = page.locator(f"{widget} .srd-compare__table").evaluate("""t => Array.from(t.tBodies[0].rows, r => [
        r.cells[0].textContent.trim(),
        Array.from(r.querySelectorAll('td[data-outcome]'), c => [c.dataset.outcome,
            c.querySelector('.srd-exact').textContent, c.querySelector('.srd-pct').textContent])])""")
    return [(name, [(key, Fraction(exact), pct) for key, exact, pct in cells]) for name, cells in raw]


def assert_table_is_the_engines(page: Page, widget: str, system: str, notations: list[str], view: str) -> None:
    expect(page.locator(f"{widget} .srd-compare__table tbody tr")).to_have_count(len(notations))
    expect(page.locator(f"{widget} .srd-compare__table td.srd-compare__pending")).to_have_count(
        0, timeout=ENGINE_LOAD_MS
    )
    shown = shown_table(page, widget)
    expected = expected_table(system, notations, view)
    assert [name for name, _ in shown] == notations
    for (name, cells), (_, want) in zip(shown, expected):
        assert [(key, value) for key, value, _ in cells] == want, (view, name)
        assert [pct for _, _, pct in cells] == [percent(value, 2) for _, value in want], (view, name)


def open_roller(page: Page, url: str, widget: str) -> None:
    page.goto(url)
    expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def add_row(page: Page, widget: str, notation: str) -> None:
    """Wait until the odds follow the inputs (the Add button names them), then add them."""
    add = page.locator(f"{widget} .srd-compare__add")
    expect(add).to_have_text(f"Add {notation}")
    add.click()
    expect(page.locator(f"{widget} .srd-compare__legend li[data-row='{notation}']")).to_be_visible()


def compare_rows(page: Page, url: str, widget: str, first: str, *steps: tuple[str, str, str]) -> list[str]:
    """Open the roller at ``url`` and its comparison; add the row of its inputs as they stand
    (``first``, its notation), then for each step (a field, a value, the notation it gives) type
    the value in and add that row. Returns the rows' notations in order."""
    open_roller(page, url, widget)
    page.locator(f"{widget} .srd-compare > summary").click()
    add_row(page, widget, first)
    for field, value, notation in steps:
        page.fill(field, value)
        add_row(page, widget, notation)
    return [first, *(notation for _, _, notation in steps)]


def choose_view(page: Page, widget: str, view: str) -> None:
    page.locator(f"{widget} .srd-compare__view input[value='{view}']").check()


def address(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


# --- the tests -----------------------------------------------------------------------------
def test_doom_stack_rows_match_the_engine_in_every_view_and_the_address_restores_them(site_url, page, page_errors):
    widget = "#ds-roller"
    steps = (("#ds-attribute", "4", "6d6 vs TN 8"), ("#ds-tn", "10", "6d6 vs TN 10"))
    notations = compare_rows(page, f"{site_url}doom-stack/", widget, "5d6 vs TN 8", *steps)
    # The same inputs again cannot be added twice.
    expect(page.locator(f"{widget} .srd-compare__add")).to_be_disabled()

    for view in VIEWS:
        choose_view(page, widget, view)
        assert_table_is_the_engines(page, widget, "doom-stack", notations, view)
        # One line per row in the chart, each with its own marker shape and dash pattern.
        series = page.locator(f"{widget} .srd-compare__svg .srd-compare__series")
        expect(series).to_have_count(3)
        assert series.evaluate_all("gs => gs.map(g => g.dataset.series)") == notations
        dashes = series.evaluate_all("gs => gs.map(g => g.querySelector('polyline').getAttribute('stroke-dasharray'))")
        shapes = series.evaluate_all(
            "gs => gs.map(g => g.querySelector('.srd-compare__marks > *').tagName + "
            "(g.querySelector('.srd-compare__marks > *').getAttribute('points') || '').split(' ').length)"
        )
        assert len(set(dashes)) == 3 and len(set(shapes)) == 3
    assert "at most" in page.locator(f"{widget} .srd-compare__svg").get_attribute("aria-label")

    # The address holds the rows in order and the view; the widget's own inputs stay beside them.
    query = address(page)
    assert query["compare"] == notations
    assert query["compare-view"] == ["at-most"]
    assert query.get("tn") == ["10"] and query.get("attribute") == ["4"]

    # The comparison downloads as CSV: the table as shown, its header row first.
    with page.expect_download() as download_info:
        page.locator(f"{widget} .srd-compare button[data-table-action=csv]").click()
    download = download_info.value
    assert download.suggested_filename == "ds-roller-comparison.csv"
    with open(download.path(), encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    expected = expected_table("doom-stack", notations, "at-most")
    assert rows[0] == ["Row \\ Best stack", *(key for key, _ in expected[0][1])]
    for row, (notation, cells) in zip(rows[1:], expected):
        assert row[0] == notation
        assert [Fraction(cell.split()[0]) for cell in row[1:]] == [value for _, value in cells]

    # A fresh page at that address: the rows and the view come back, asked of the engine.
    fresh = page.context.new_page()
    fresh.on("pageerror", lambda err: page_errors.append(str(err)))
    fresh.goto(page.url)
    expect(fresh.locator(f"{widget} .srd-compare")).to_have_attribute("open", "")
    expect(fresh.locator(f"{widget} .srd-compare__view input[value='at-most']")).to_be_checked()
    assert_table_is_the_engines(fresh, widget, "doom-stack", notations, "at-most")
    expect(fresh.locator(f"{widget} .srd-compare__svg .srd-compare__series")).to_have_count(3)

    # Remove one row, then clear: the address follows, the other parameters stay.
    fresh.get_by_role("button", name=f"Remove {notations[1]}").click()
    expect(fresh.locator(f"{widget} .srd-compare__table tbody tr")).to_have_count(2)
    assert address(fresh)["compare"] == [notations[0], notations[2]]
    assert_table_is_the_engines(fresh, widget, "doom-stack", [notations[0], notations[2]], "at-most")
    fresh.locator(f"{widget} .srd-compare__clear").click()
    expect(fresh.locator(f"{widget} .srd-compare__table tbody tr")).to_have_count(0)
    assert "compare" not in address(fresh) and "compare-view" not in address(fresh)
    assert address(fresh).get("tn") == ["10"]
    assert page_errors == []


def test_xy_checks_rows_with_and_without_a_bonus_die(site_url, page, page_errors):
    widget = "#xyc-roller"
    steps = (("#xyc-bonus", "1", "5/6 +1b"), ("#xyc-check", "4/6", "4/6 +1b"))
    notations = compare_rows(page, f"{site_url}xy-checks/", widget, "5/6", *steps)
    for view in ("at-least", "exactly", "at-most"):
        choose_view(page, widget, view)
        assert_table_is_the_engines(page, widget, "xy-checks", notations, view)
        expect(page.locator(f"{widget} .srd-compare__svg .srd-compare__series")).to_have_count(3)
    query = address(page)
    assert query["compare"] == notations and query["compare-view"] == ["at-most"]

    fresh = page.context.new_page()
    fresh.on("pageerror", lambda err: page_errors.append(str(err)))
    fresh.goto(page.url)
    assert_table_is_the_engines(fresh, widget, "xy-checks", notations, "at-most")
    # The page's other widget with a Compare panel keeps its own (empty) comparison.
    expect(fresh.locator("#xya-builder .srd-compare__table tbody tr")).to_have_count(0)
    assert page_errors == []


@pytest.mark.fresh_context
def test_named_outcomes_keep_the_engines_order_and_show_loading_first(site_url, page, page_errors):
    """Action!'s outcomes are words (Fumble … ): the table keeps the engine's order; opened from
    an address before the engine has loaded, the panel says it is loading, then fills in."""
    widget = "#ac-roller"
    notations = ["5 vs 5", "7 vs 5"]
    held, released = [], []
    page.route("**/assets/engine/**", lambda route: route.continue_() if released else held.append(route))
    query = "&".join(f"compare={n.replace(' ', '+')}" for n in notations) + "&compare-view=at-least&skill=7"
    page.goto(f"{site_url}action/?{query}")
    expect(page.locator(f"{widget} .srd-compare")).to_have_attribute("open", "")
    expect(page.locator(f"{widget} .srd-compare__table td.srd-compare__pending")).to_have_count(2)
    expect(page.locator(f"{widget} .srd-compare__status")).to_contain_text("Loading the dice engine")
    released.append(True)  # the engine's files arrive from now on
    for route in held:
        route.continue_()
    expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    assert_table_is_the_engines(page, widget, "action", notations, "at-least")
    heads = page.locator(f"{widget} .srd-compare__table thead th").all_text_contents()[1:]
    assert heads == list(engine_outcomes("action", "5 vs 5"))
    # The widget's own input from the address is there too, and its odds can be added.
    expect(page.locator("#ac-skill")).to_have_value("7")
    page.fill("#ac-defence", "3")
    add_row(page, widget, "7 vs 3")
    assert address(page)["compare"] == [*notations, "7 vs 3"]
    assert_table_is_the_engines(page, widget, "action", [*notations, "7 vs 3"], "at-least")
    assert page_errors == []


def test_the_panel_fits_a_phone_and_axe_finds_nothing(site_url, phone_page, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    widget = "#ds-roller"
    notations = ["5d6 vs TN 8", "9d6 vs TN 12"]
    page.goto(f"{site_url}doom-stack/?" + "&".join(f"compare={n.replace(' ', '+')}" for n in notations))
    assert_table_is_the_engines(page, widget, "doom-stack", notations, "exactly")
    assert_no_sideways_scroll(page, "doom-stack with a comparison")
    width = page.evaluate("window.innerWidth")
    chart = page.locator(f"{widget} .srd-compare__svg").bounding_box()
    assert chart["x"] >= 0 and chart["x"] + chart["width"] <= width
    small = page.locator(f"{widget} .srd-compare").evaluate("""p => Array.from(
        p.querySelectorAll('button, summary, label.srd-compare__choice'), e => e.getBoundingClientRect())
        .filter(r => r.width && (r.width < 44 || r.height < 44)).length""")
    assert small == 0
    violations(page)  # loads axe-core; then it checks the Compare panel alone (test_a11y checks the pages)
    assert "axe.run(document," in RUN_AXE
    found = page.evaluate(RUN_AXE.replace("axe.run(document,", "axe.run({ include: [['.srd-compare']] },"))
    assert not found, "axe-core found:\n" + report({"doom-stack's Compare panel": found})
    assert page_errors == []


# --- the markup (no browser) ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("system", "request_", "expected"),
    [
        (
            "doom-stack",
            {"action": "odds_fields", "fields": {"attribute": "3", "skill": "2", "modifiers": "0", "tn": "8"}},
            True,
        ),
        ("doom-stack", {"action": "attack_fields", "fields": {"attack": "9", "defence": "4"}}, False),
        (
            "dice-and-danger",
            {"action": "health_odds", "fields": {"conditions_now": "1", "conditions_had": "0", "health": "3"}},
            True,
        ),
        ("action", {"action": "convert", "fields": {"measure": "250 m"}}, False),
        ("xy-checks", {"action": "check_odds", "fields": {"check": "5/6"}}, True),
        ("doom-stack", None, False),
    ],
)
def test_only_widgets_whose_odds_have_outcomes_get_the_panel(system, request_, expected):
    assert comparable(system, request_) is expected


def test_a_comparison_prints_its_table_in_parts_that_fit_a4(site_url, page, page_errors):
    widget = "#ds-roller"
    notations = ["5d6 vs TN 8", "7d6 vs TN 8"]
    page.goto(
        f"{site_url}doom-stack/?"
        + "&".join(f"compare={n.replace(' ', '+')}" for n in notations)
        + "&compare-view=at-least"
    )
    assert_table_is_the_engines(page, widget, "doom-stack", notations, "at-least")
    parts = laid_out_for_print(
        page,
        """() => Array.from(document.querySelectorAll('.srd-compare__print table'),
        t => [getComputedStyle(t).display, t.getBoundingClientRect().width])""",
    )
    assert len(parts) >= 2 and all(display != "none" and width <= A4_CONTENT_PX for display, width in parts), parts
    text = squash(pdf_text(page))
    expected = expected_table("doom-stack", notations, "at-least")
    for notation, cells in expected:
        assert squash(notation) in text
        for _, value in cells:
            assert squash(f"{value.numerator}/{value.denominator}" if value.denominator > 1 else str(value)) in text
    assert "Clearall" not in text and "DownloadCSV" not in text  # the controls stay off paper
    assert page_errors == []
