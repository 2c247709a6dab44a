"""The live Adrenaline roller in headless chromium, against the real built site.

It clicks and types what a reader would and reads what a reader reads. Every expected
value comes from the engine on this machine (its CLI, or ``rules_engine`` imported),
never from numbers copied into the test.
"""

from __future__ import annotations

import json
from functools import partial
from urllib.parse import parse_qs, urlsplit

from browser_widgets import cli_roll_lines, link_keys, type_over
from playwright.sync_api import Page, expect

from rules_engine.web import call

ENGINE_LOAD_MS = 60_000
ROLLER = "#ad-roller"
LINES = "#ad-roller .srd-widget__explain .srd-widget__line"
TEXT_FIELDS = (
    "attribute",
    "ability",
    "difficulty",
    "adrenaline",
    "target",
    "other-attribute",
    "other-ability",
    "other-difficulty",
    "other-adrenaline",
)


def open_roller(page: Page, site_url: str, query: str = "") -> None:
    page.goto(f"{site_url}adrenaline/{query}")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ROLLER} .srd-odds__pool")).to_be_visible()


def form(page: Page) -> dict[str, str]:
    """The form as the widget sends it, read from the page."""
    values = {name: page.input_value(f"#ad-{name}") for name in TEXT_FIELDS}
    values["mode"] = page.locator(f"{ROLLER} input[name=mode]:checked").get_attribute("value")
    boxes = page.locator(f"{ROLLER} input[id^=ad-option-]")
    values["options"] = ",".join(
        boxes.nth(i).get_attribute("value") for i in range(boxes.count()) if boxes.nth(i).is_checked()
    )
    values["wastes"] = "on" if page.is_checked("#ad-wastes") else ""
    values["below"] = "on" if page.is_checked("#ad-below") else ""
    return values


def engine(action: str, fields: dict[str, str], seed: str | None = None) -> dict:
    reply = json.loads(call(json.dumps({"system": "adrenaline", "action": action, "fields": fields, "seed": seed})))
    return reply


cli_lines = partial(
    cli_roll_lines, "adrenaline"
)  # what `python -m rules_engine roll adrenaline NOTATION --seed SEED` prints


def shown_odds(page: Page) -> dict[str, str]:
    items = page.locator(f"{ROLLER} [data-odds]")
    return {
        items.nth(i).get_attribute("data-odds"): items.nth(i).locator(".srd-pct").inner_text()
        for i in range(items.count())
    }


def expect_odds_for(page: Page) -> None:
    """The odds shown are the engine's for what the form now says."""
    expected = engine("odds_form", form(page))["result"]
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text(expected["notation"])
    assert shown_odds(page) == {item["key"]: item["percent"] for item in expected["summary"]}


def roll(page: Page, seed: str) -> list[str]:
    page.fill("#ad-seed", seed)
    page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed)
    return page.locator(LINES).all_inner_texts()


def test_the_odds_follow_the_inputs_and_equal_the_engine(page, site_url, page_errors):
    open_roller(page, site_url)
    expect_odds_for(page)
    page.fill("#ad-attribute", "4")
    page.fill("#ad-difficulty", "8")
    page.fill("#ad-adrenaline", "1")
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text("7d10+1a vs 8")
    expect_odds_for(page)
    page.check("#ad-option-tens-twice")
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text("7d10+1a vs 8 with tens-twice")
    expect_odds_for(page)
    assert page_errors == []


def test_a_seeded_roll_equals_the_cli_and_its_permalink_replays_it(page, site_url, page_errors):
    open_roller(page, site_url)
    page.fill("#ad-attribute", "4")
    page.fill("#ad-ability", "2")
    page.fill("#ad-difficulty", "7")
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text("6d10 vs 7")
    lines = roll(page, "3")
    assert lines == cli_lines("6d10 vs 7", "3")
    # every die is on screen with its part in words
    dice = page.locator(f"{ROLLER} .srd-dice .srd-die")
    assert dice.count() == 6
    rolled = json.loads(
        call(json.dumps({"system": "adrenaline", "action": "roll", "notation": "6d10 vs 7", "seed": 3}))
    )
    assert [dice.nth(i).inner_text() for i in range(6)] == [str(v) for v in rolled["result"]["dice"]]
    assert dice.first.get_attribute("aria-label").startswith(f"Die 1: {rolled['result']['dice'][0]}, ")
    href = page.locator(f"{ROLLER} a.srd-roll__permalink").get_attribute("href")
    params = parse_qs(urlsplit(href).query)
    assert params["seed"] == ["3"] and params["attribute"] == ["4"] and urlsplit(href).fragment == "ad-roller"
    page.goto("about:blank")
    page.goto(href)
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("3")
    assert page.locator(LINES).all_inner_texts() == lines
    assert page_errors == []


def test_extended_and_opposed_helpers(page, site_url, page_errors):
    open_roller(page, site_url)
    page.check("#ad-mode-extended")
    expect(page.locator("#ad-target")).to_be_visible()
    page.fill("#ad-target", "12")
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text("6d10 vs 6 until 12")
    expect_odds_for(page)
    assert page.locator(f"{ROLLER} .srd-ad-rows tbody tr").count() > 3
    assert roll(page, "5") == cli_lines("6d10 vs 6 until 12", "5")

    page.check("#ad-mode-opposed")
    expect(page.locator("#ad-target")).to_be_hidden()
    page.fill("#ad-other-attribute", "4")
    page.fill("#ad-other-difficulty", "7")
    page.check("#ad-below")
    notation = "6d10 vs 6 against 7d10 vs 7 with botches-below-zero"
    expect(page.locator(f"{ROLLER} .srd-ad-notation")).to_have_text(notation)
    expect_odds_for(page)
    assert roll(page, "9") == cli_lines(notation, "9")
    assert page_errors == []


def test_bad_input_shows_the_engines_message_under_its_field(page, site_url, page_errors):
    open_roller(page, site_url)
    page.fill("#ad-difficulty", "12")
    page.locator("#ad-attribute").focus()  # leaving the field shows its error at once
    message = engine("odds_form", form(page))["error"]["message"]
    expect(page.locator("#ad-difficulty-error")).to_have_text(message)
    expect(page.locator("#ad-difficulty")).to_have_attribute("aria-invalid", "true")
    page.fill("#ad-difficulty", "7")
    expect(page.locator("#ad-difficulty-error")).to_have_text("")
    page.check("#ad-mode-extended")
    page.fill("#ad-adrenaline", "2")
    page.locator("#ad-target").focus()
    message = engine("odds_form", form(page))["error"]["message"]
    expect(page.locator("#ad-adrenaline-error")).to_have_text(message)
    assert page_errors == []


def test_the_roller_works_from_the_keyboard(page, site_url, page_errors):
    open_roller(page, site_url)
    type_over(page, "#ad-attribute", "5")
    page.focus("#ad-seed")
    page.keyboard.type("11")
    page.keyboard.press("Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("11")
    notation = engine("odds_form", form(page))["result"]["notation"]
    assert page.locator(LINES).all_inner_texts() == cli_lines(notation, "11")
    # the result regions are announced
    assert page.locator(f"{ROLLER} .srd-widget__result").get_attribute("aria-live") == "polite"
    assert page.locator(f"{ROLLER} .srd-widget__odds").get_attribute("aria-live") == "polite"
    # every text field has a label
    for name in TEXT_FIELDS + ("seed",):
        assert page.locator(f"label[for=ad-{name}]").count() == 1
    assert page_errors == []


def test_the_worked_examples_on_the_page_are_the_engines_reading(page, site_url):
    page.goto(f"{site_url}adrenaline/")
    examples = page.locator(".srd-ad-example")
    assert examples.count() == 5
    for i in range(examples.count()):
        dice = [int(v) for v in examples.nth(i).get_attribute("data-example").split()]
        from rules_engine.adrenaline.roll import read_example

        assert examples.nth(i).locator("li").all_inner_texts() == read_example(dice, 6).lines()


def test_a_link_without_w_sets_the_mode_the_variants_and_a_switch_and_rolls(page, site_url, page_errors):
    # Links shared before the roller moved onto fieldsForm name no widget (no `w=`): they still
    # fill in the mode, the variant boxes (one comma-joined value) and a switch, and roll.
    open_roller(page, site_url, "?mode=opposed&options=no-cancel,tens-twice&below=on&seed=4#ad-roller")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("4")
    expect(page.locator("#ad-other-attribute")).to_be_visible()
    for box in ("#ad-mode-opposed", "#ad-option-no-cancel", "#ad-option-tens-twice", "#ad-below"):
        expect(page.locator(box)).to_be_checked()
    expect(page.locator("#ad-option-tens-explode")).not_to_be_checked()
    href = page.locator(f"{ROLLER} a.srd-roll__permalink").get_attribute("href")
    # Its own permalink still names no widget: the fields in the roller's order, the variants as one list.
    assert link_keys(href) == [*TEXT_FIELDS, "mode", "options", "wastes", "below", "seed"]
    params = parse_qs(urlsplit(href).query, keep_blank_values=True)
    assert params["options"] == ["tens-twice,no-cancel"]
    assert params["below"] == ["on"] and params["mode"] == ["opposed"]
    assert page_errors == []
