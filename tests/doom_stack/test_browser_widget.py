"""The live Doom Stack roller in headless chromium, against the real built site.

The roller runs the engine wheel in the site's own Pyodide, in a Web Worker. Every
expected value here comes from the engine on this machine (its CLI, or ``rules_engine``
imported), never from numbers copied into the test.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import partial
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_widgets import (
    assert_focus_shown,
    cli_roll_lines,
    expect_marked_stale,
    expect_read_without_js,
    focused_id,
    leave_refused,
)
from page_watch import record_shown, shown_texts
from playwright.sync_api import Page, expect

from rules_engine.core.exact import percent, ratio
from rules_engine.doom_stack.notation import query_from_fields
from rules_engine.doom_stack.odds import odds
from rules_engine.doom_stack.roll import pool_line
from rules_engine.web import call

ENGINE_LOAD_MS = 60_000  # cold Pyodide start: a few seconds; generous for a loaded CI box
FIELDS = ("attribute", "skill", "modifiers", "tn")
ROLLER = "#ds-roller"
LINES = "#ds-roller .srd-widget__explain .srd-widget__line"
STACK_PICKS = "#ds-roller .srd-widget__stacks input[type=radio]"


# --- helpers -------------------------------------------------------------------------------
def open_roller(page: Page, site_url: str, query: str = "") -> None:
    """Open the Doom Stack page and wait until the engine is ready and the odds are shown."""
    page.goto(f"{site_url}doom-stack/{query}")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(".srd-odds__pool")).to_be_visible()


def set_fields(page: Page, **values: str) -> None:
    for name, value in values.items():
        page.fill(f"#ds-{name}", value)


def field_values(page: Page) -> dict[str, str]:
    return {name: page.input_value(f"#ds-{name}") for name in FIELDS}


def notation(fields: dict[str, str]) -> str:
    query, _ = query_from_fields(*(fields[name] for name in FIELDS))
    return query.notation


cli_lines = partial(
    cli_roll_lines, "doom-stack"
)  # what `python -m rules_engine roll doom-stack NOTATION --seed SEED` prints


def roll_part(lines: list[str]) -> list[str]:
    """A roll's lines before its list of stacks."""
    return lines[: next(i for i, line in enumerate(lines) if line.startswith("Stacks you can choose"))]


def shown_lines(page: Page) -> list[str]:
    """The roll as the page gives it: the engine's lines above the dice, then the stack
    chooser's heading (its table's caption) and each stack as its radio button names it."""
    # Both parts are drawn (a page swapped in by instant navigation fills them one by one).
    page.wait_for_function(
        """([lines, picks]) => document.querySelectorAll(lines).length > 0
        && (document.querySelectorAll(picks).length > 0 || document.querySelector('#ds-roller .srd-ds-stacks__none'))""",
        arg=[LINES, STACK_PICKS],
    )
    stacks = page.locator(STACK_PICKS)
    heading = page.locator("#ds-roller .srd-ds-stacks__table caption, #ds-roller .srd-ds-stacks__none")
    return [
        *page.locator(LINES).all_inner_texts(),
        heading.inner_text(),
        *(f"  {stacks.nth(i).get_attribute('aria-label')}" for i in range(stacks.count())),
    ]


def roll_with_seed(page: Page, seed: str, *, key: str | None = None) -> list[str]:
    """Type ``seed``, roll (button click, or ``key`` in the seed field) and return the lines."""
    page.fill("#ds-seed", seed)
    if key:
        page.press("#ds-seed", key)
    else:
        page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(".srd-roll__seed")).to_have_text(seed)
    return shown_lines(page)


def engine_error(fields: dict[str, str], seed: str | None = None) -> str:
    """The message the engine gives for these form values."""
    request = {
        "system": "doom-stack",
        "action": "roll_fields" if seed is not None else "odds_fields",
        "fields": fields,
        "seed": seed,
    }
    reply = json.loads(call(json.dumps(request)))
    assert not reply["ok"], reply
    return reply["error"]["message"]


def shown_content(page: Page, region: str) -> str:
    """What a result region shows, without the label that marks it as out of date."""
    return "\n".join(page.locator(f"{region} > :not(.srd-stale-label)").all_inner_texts())


def shown_odds(page: Page) -> dict[str, tuple[str, str]]:
    """success/glitch/failure → (percentage, exact fraction) as the widget shows them."""
    return {
        key: (page.inner_text(f"[data-odds={key}] .srd-pct"), page.inner_text(f"[data-odds={key}] .srd-exact"))
        for key in ("success", "glitch", "failure")
    }


def expected_odds(fields: dict[str, str]) -> tuple[str, dict[str, tuple[str, str]]]:
    """The engine's pool line and success/glitch/failure as (percent with 2 places, "num/den")."""
    query, pool = query_from_fields(*(fields[name] for name in FIELDS))
    chances = odds(query).odds
    values = {"success": chances.success, "glitch": chances.glitch, "failure": chances.failure}
    return (
        f"{pool_line(pool)} vs TN {query.tn}",
        {key: (percent(value, 2), ratio(value)) for key, value in values.items()},
    )


# --- (a) a seeded roll is the CLI's roll, and its permalink reproduces it -----------------
def test_seeded_roll_shows_the_cli_lines_and_its_permalink_reproduces_it(page, phone_page, site_url, page_errors):
    open_roller(page, site_url)
    fields = {"attribute": "4", "skill": "3", "modifiers": "1", "tn": "9"}
    set_fields(page, **fields)
    expected = cli_lines(notation(fields), "424242")
    assert expected[0].startswith("Doom Stack 8d6 vs TN 9")

    assert roll_with_seed(page, "424242") == expected

    # The dice are drawn as well as listed: one die per rolled value, each with a label.
    dice = page.locator(".srd-dice .srd-die")
    rolled = expected[1].removeprefix("Rolled: ").split()
    assert dice.all_inner_texts() == rolled
    for index in range(dice.count()):
        assert dice.nth(index).get_attribute("aria-label").startswith(f"Die {index + 1}: {rolled[index]}, ")
    assert page.locator(".srd-dice .srd-die--stacked, .srd-dice .srd-die--wildcard").count() >= 1

    href = page.get_attribute(".srd-roll__permalink", "href")
    link = urlsplit(href)
    assert link.fragment == "ds-roller"
    assert {name: values[0] for name, values in parse_qs(link.query).items()} == {**fields, "seed": "424242"}

    # A fresh browser (another context, phone-sized) opening the permalink gets the same roll.
    phone_page.goto(href)
    expect(phone_page.locator(".srd-roll__seed")).to_have_text("424242", timeout=ENGINE_LOAD_MS)
    assert shown_lines(phone_page) == expected
    assert field_values(phone_page) == fields

    # Clicking the permalink on its own page, after the inputs were changed, brings back its
    # inputs and its roll (whether instant navigation swaps the page in again or only moves
    # the address).
    set_fields(page, attribute="1", tn="20", seed="")
    page.click(".srd-roll__permalink")
    for name, value in fields.items():
        expect(page.locator(f"#ds-{name}")).to_have_value(value)
    expect(page.locator("#ds-seed")).to_have_value("424242")
    expect(page.locator(LINES)).to_have_text(roll_part(expected))
    assert shown_lines(page) == expected
    expect(page.locator(".srd-odds__pool")).to_have_text(expected_odds(fields)[0])
    assert page_errors == []


def test_a_blank_seed_rolls_a_fresh_seed_and_reports_it(page, site_url, page_errors):
    open_roller(page, site_url)
    page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(".srd-roll__seed")).to_have_text(re.compile(r"^\d+$"))
    seed = page.inner_text(".srd-roll__seed")
    assert shown_lines(page) == cli_lines(notation(field_values(page)), seed)
    assert page.input_value("#ds-seed") == ""  # blank stays blank: the next roll is new again
    assert page_errors == []


# --- (b) the odds are the engine's and follow the inputs ----------------------------------
def test_odds_equal_the_engine_and_update_when_an_input_changes(page, site_url, page_errors):
    open_roller(page, site_url)
    fields = field_values(page)
    pool, chances = expected_odds(fields)
    expect(page.locator(".srd-odds__pool")).to_have_text(pool)
    assert shown_odds(page) == chances
    # The three add up: a glitch is counted inside success.
    assert Fraction(chances["success"][1]) + Fraction(chances["failure"][1]) == 1

    set_fields(page, skill="1", tn="7")
    fields = {**fields, "skill": "1", "tn": "7"}
    pool, chances = expected_odds(fields)
    expect(page.locator(".srd-odds__pool")).to_have_text(pool)
    assert shown_odds(page) == chances

    # Modifiers beyond the cap are held to half the pool; the pool line says so.
    set_fields(page, modifiers="9")
    pool, chances = expected_odds({**fields, "modifiers": "9"})
    assert "held to" in pool
    expect(page.locator(".srd-odds__pool")).to_have_text(pool)
    assert shown_odds(page) == chances

    # One bar per best stack in the shown range.
    assert page.locator(".srd-odds__bar").count() >= 5
    assert page_errors == []


def test_a_stale_reply_never_replaces_a_newer_one(page, site_url, page_errors):
    open_roller(page, site_url)
    # Record every pool the odds and the result ever show.
    record_shown(
        page,
        [(f"{ROLLER} .srd-widget__odds", ".srd-odds__pool"), (f"{ROLLER} .srd-widget__result", ".srd-widget__line")],
    )
    # A slow request (300 dice, hundreds of ms in the worker) and, straight after, a quick
    # one: the worker answers the slow one first, when it is already out of date.
    set_fields(page, attribute="150", skill="150", seed="5")
    page.press("#ds-seed", "Enter")  # rolls, and sends the pending odds at once
    set_fields(page, attribute="2", skill="1")
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-odds__pool")).to_contain_text("= 3d6")
    expect(page.locator(LINES).first).to_contain_text("Doom Stack 3d6")
    page.fill("#ds-seed", "6")  # one more round trip: every older reply has arrived by then
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("6")
    shown = shown_texts(page)
    assert shown and not any("300d6" in text for text in shown), shown
    assert page_errors == []


# --- (c) bad input: the engine's message under the field, nothing else lost ---------------
def test_bad_input_is_explained_under_its_field_and_earlier_results_stay(page, site_url, page_errors):
    open_roller(page, site_url)
    roll_with_seed(page, "99")
    odds_before = page.inner_text(f"{ROLLER} .srd-widget__odds")
    result_before = page.inner_text(f"{ROLLER} .srd-widget__result")
    good = field_values(page)

    for name, bad in (("attribute", "x"), ("attribute", "-2"), ("tn", "0"), ("skill", "2.5"), ("seed", "abc")):
        if name == "seed":
            message = engine_error(good, seed=bad)
        else:
            message = engine_error({**good, name: bad})
        page.fill(f"#ds-{name}", bad)
        page.press(f"#ds-{name}", "Enter")
        error = page.locator(f"#ds-{name}-error")
        expect(error).to_have_text(message)
        expect(page.locator(f"#ds-{name}")).to_have_attribute("aria-invalid", "true")
        # The error is read with the field, and what was shown before is all still there,
        # marked as the odds of the last valid input and the roll of earlier inputs.
        assert f"ds-{name}-error" in page.get_attribute(f"#ds-{name}", "aria-describedby").split()
        assert shown_content(page, f"{ROLLER} .srd-widget__odds") == odds_before
        assert shown_content(page, f"{ROLLER} .srd-widget__result") == result_before
        # (The seed is not an input of the odds, and the roll shows its own: nothing is labelled.)
        expect_marked_stale(page, ROLLER, notation(good), () if name == "seed" else ("odds", "result"))

        # Fixed, the message and the marks go away without another roll.
        page.fill(f"#ds-{name}", "99" if name == "seed" else good[name])
        expect(error).to_have_text("")
        expect(page.locator(f"#ds-{name}")).not_to_have_attribute("aria-invalid", "true")
        expect(page.locator(f"{ROLLER} .srd-stale-label")).to_have_count(0)

    # The odds and the roll still work afterwards.
    assert roll_with_seed(page, "100") == cli_lines(notation(good), "100")
    assert page_errors == []


@pytest.mark.fresh_context
def test_a_broken_engine_says_so_in_the_status_line(page, site_url):
    # The worker cannot read the engine's manifest: the reader is told, in words.
    page.context.route("**/assets/engine/manifest.json", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "failed", timeout=ENGINE_LOAD_MS)
    status = page.inner_text(f"{ROLLER} .srd-widget__status")
    assert status.startswith("The dice engine could not load") and "Retry" in status
    expect(page.locator(ROLLER).get_by_role("button", name="Retry")).to_be_visible()
    assert page.locator("#ds-attribute").is_disabled()
    assert page.locator(f"{ROLLER} button[type=submit]").is_disabled()


# --- (d) one engine across Material's instant page changes --------------------------------
def nav_link(page: Page, path: str):
    return page.locator(f"nav.md-nav--primary a.md-nav__link[href$='/{path}']:visible").first


@pytest.mark.page_load  # counts the engine files its own load fetched
def test_the_engine_survives_instant_navigation_and_loads_once(page, site_url, request_log, page_errors):
    open_roller(page, site_url)
    fields = field_values(page)
    assert roll_with_seed(page, "11") == cli_lines(notation(fields), "11")
    page.evaluate("window.__same_page_load = true")

    # The roll scrolled its result into view: Material's navigation.tracking may carry the
    # anchor scrolled to into the next address.
    nav_link(page, "errata/").click()
    page.wait_for_url(re.compile(r"/errata/(#[\w-]*)?$"))
    expect(page.locator("h1")).to_contain_text("Errata")
    expect(page.locator("table.srd-table").first).to_be_visible()  # the errata have a table per system
    nav_link(page, "doom-stack/").click()
    page.wait_for_url(re.compile(r"/doom-stack/(#[\w-]*)?$"))
    # Instant navigation really happened: no page load in between.
    assert page.evaluate("window.__same_page_load") is True

    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(".srd-odds__pool")).to_be_visible()
    assert roll_with_seed(page, "12") == cli_lines(notation(fields), "12")

    wasm = [url for url in request_log if url.endswith("/pyodide.asm.wasm")]
    workers = [url for url in request_log if url.endswith("/engine-worker.js")]
    assert len(wasm) == 1 and len(workers) == 1, request_log
    assert page_errors == []


# --- (e) keyboard only -----------------------------------------------------------------------
def test_the_roller_works_from_the_keyboard_alone(page, site_url, page_errors):
    open_roller(page, site_url)
    page.focus("#ds-attribute")
    typed = {"attribute": "5", "skill": "1", "modifiers": "-1", "tn": "7", "seed": "31337"}
    for position, name in enumerate(("attribute", "skill", "modifiers", "tn", "seed")):
        if position:
            page.keyboard.press("Tab")
        assert focused_id(page) == f"ds-{name}"
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type(typed[name])
    page.keyboard.press("Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("31337")
    fields = {name: typed[name] for name in FIELDS}
    assert shown_lines(page) == cli_lines(notation(fields), "31337")

    # Tab on to the Roll button: its focus is visible, and Enter rolls again.
    page.keyboard.press("Tab")
    assert_focus_shown(page, f"{ROLLER} button[type=submit]")
    page.fill("#ds-seed", "")  # a blank seed: the next roll picks a new one
    page.focus(f"{ROLLER} button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.locator(".srd-roll__seed")).not_to_have_text("31337")
    assert page_errors == []


# --- (g) without JavaScript ---------------------------------------------------------------
def test_without_javascript_the_page_reads_and_says_the_roller_needs_it(nojs_page, site_url):
    page = nojs_page
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator("h1")).to_contain_text("Doom Stack")
    # A note under the roller and one under the attack helper; their dead forms hidden.
    tables = expect_read_without_js(page, (ROLLER, "#dsa-helper"), own_tables=2)
    assert tables.first.locator("tbody tr").count() >= 3


def test_a_second_bad_field_leaves_the_message_of_the_field_the_engine_did_not_reach(page, site_url, page_errors):
    # The engine checks the attribute before the TN and stops at the first bad one: a bad
    # attribute says nothing of the TN, so the TN's own message stays up until it is fixed.
    open_roller(page, site_url)
    good = field_values(page)
    leave_refused(page, "#ds-tn", "abc", engine_error({**good, "tn": "abc"}))
    leave_refused(page, "#ds-attribute", "abc", engine_error({**good, "attribute": "abc", "tn": "abc"}))
    expect(page.locator("#ds-tn-error")).to_contain_text(engine_error({**good, "tn": "abc"}))
    expect(page.locator("#ds-tn")).to_have_attribute("aria-invalid", "true")
    assert page_errors == []
