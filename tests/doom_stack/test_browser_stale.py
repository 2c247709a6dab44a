"""The Doom Stack roller never shows odds or a roll as if they were those of the inputs on
screen when they are not: an input the engine cannot read leaves the last good odds on
screen, dimmed and labelled as the odds of the last valid input (and the status line says
so), and a roll from before an input change is labelled as the roll of earlier inputs.
Expected values come from the engine (``rules_engine``), never copied numbers."""

from __future__ import annotations

import json

from browser_widgets import roll_seeded
from playwright.sync_api import Page, expect

from rules_engine.web import call

ENGINE_LOAD_MS = 60_000
ROLLER = "#ds-roller"
ODDS = f"{ROLLER} .srd-widget__odds"
RESULT = f"{ROLLER} .srd-widget__result"
FIELDS = ("attribute", "skill", "modifiers", "tn")


def engine(action: str, fields: dict[str, str], **extra) -> dict:
    return json.loads(call(json.dumps({"system": "doom-stack", "action": action, "fields": fields, **extra})))


def open_roller(page: Page, site_url: str) -> dict[str, str]:
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(".srd-odds__pool")).to_be_visible()
    return {name: page.input_value(f"#ds-{name}") for name in FIELDS}


def dimmed(page: Page, selector: str, yes: bool = True) -> None:
    """Marked as out of date (its region framed by a dashed outline) or not; either way the
    result keeps its full strength, so its text keeps its contrast."""
    shown = page.locator(selector)
    region = page.locator(selector.rsplit(" ", 1)[0])  # the widget's result region around it
    expect(shown).to_have_css("opacity", "1")
    if yes:
        expect(region).to_have_attribute("data-stale", "")
        expect(region).to_have_css("outline-style", "dashed")
    else:
        expect(region).not_to_have_attribute("data-stale", "")
        expect(region).not_to_have_css("outline-style", "dashed")


def test_unreadable_input_marks_the_odds_and_the_roll_as_older(page, site_url, page_errors):
    good = open_roller(page, site_url)
    reply = engine("odds_fields", good)["result"]
    success = "[data-odds=success] .srd-pct"
    expect(page.locator(success)).to_have_text(reply["percent"]["success"])
    page.fill("#ds-seed", "8")
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("8")
    heights = {s: page.locator(s).bounding_box()["height"] for s in (ODDS, RESULT)}
    dimmed(page, f"{ODDS} .srd-odds", False)

    # A reader types a word where a number belongs.
    page.fill("#ds-attribute", "abc")
    message = engine("odds_fields", {**good, "attribute": "abc"})["error"]["message"]
    expect(page.locator("#ds-attribute-error")).to_have_text(message)

    # The old odds are still there, but say whose they are; so does the roll.
    expect(page.locator(ODDS)).to_have_attribute("data-stale", "")
    expect(page.locator(f"{ODDS} .srd-stale-label")).to_have_text(f"Odds for the last valid input: {reply['notation']}")
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_have_text(f"Roll for earlier inputs: {reply['notation']}")
    expect(page.locator(success)).to_have_text(reply["percent"]["success"])
    dimmed(page, f"{ODDS} .srd-odds")
    dimmed(page, f"{RESULT} .srd-roll")
    # The label is visible in both themes' text colour, inside the live region (heard too).
    assert page.locator(f"{ODDS} .srd-stale-label").is_visible()
    assert page.get_attribute(ODDS, "aria-live") == "polite"
    # The status line no longer says the odds follow the inputs.
    status = page.inner_text(f"{ROLLER} .srd-widget__status")
    assert "follow your inputs" not in status and "last valid input" in status
    # Marking moved nothing.
    assert {s: page.locator(s).bounding_box()["height"] for s in heights} == heights

    # A valid input again: fresh odds from the engine, no label, the status back to Ready.
    page.fill("#ds-attribute", "4")
    fresh = engine("odds_fields", {**good, "attribute": "4"})["result"]
    expect(page.locator(".srd-odds__pool")).to_contain_text(fresh["notation"])
    expect(page.locator(f"{ODDS} .srd-stale-label")).to_have_count(0)
    expect(page.locator(ODDS)).not_to_have_attribute("data-stale", "")
    expect(page.locator(success)).to_have_text(fresh["percent"]["success"])
    expect(page.locator(f"{ROLLER} .srd-widget__status")).to_have_text("Ready: the odds follow your inputs.")
    # The roll is still the roll of the earlier inputs, until they are back.
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_have_text(f"Roll for earlier inputs: {reply['notation']}")
    page.fill("#ds-attribute", good["attribute"])
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_have_count(0)
    dimmed(page, f"{RESULT} .srd-roll", False)

    # A new roll belongs to the inputs on screen.
    page.fill("#ds-tn", "11")
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_be_visible()
    page.press("#ds-tn", "Enter")
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_have_count(0)
    expect(page.locator(".srd-roll__seed")).to_have_text("8")
    assert page_errors == []


def test_a_changed_seed_does_not_mark_the_roll(page, site_url):
    # The seed says how to roll, not what: the roll shows its own seed and stays current.
    open_roller(page, site_url)
    roll_seeded(page, ROLLER, "#ds-seed", "5")
    page.fill("#ds-seed", "")
    page.fill("#ds-seed", "6")
    # The edit's own marking ran within its input event, before fill returned; anything later
    # follows a pause (the seed's re-check, the odds' typing pause) or an engine reply, and
    # data-settled comes back only once no pause waits, no request is unanswered, and the
    # view has taken every reply (widget-kit.js, checkSettled). Looking after it, a mark
    # from any of them would be there to see.
    expect(page.locator(ROLLER)).to_have_attribute("data-settled", "")
    expect(page.locator(f"{RESULT} .srd-stale-label")).to_have_count(0)
