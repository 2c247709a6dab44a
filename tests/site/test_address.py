"""The page's address follows every widget's inputs as they are edited, before any roll, and
opening that address puts the inputs back with their odds (docs/assets/js/kit/widget-kit.js):

- for a widget of every system: typing changes the address (and nothing is rolled), and the
  address opened afresh shows the same inputs and the same odds, worked out again;
- the page's first widget writes the names its permalinks use (``attribute=5``); the
  others their controls' ids (``dsa-attack=12``), so widgets of one page keep their own
  values; parameters the widgets do not know stay; a link to another page carries none;
- after a Doom Stack roll, the stack the player chose is in the address and the permalink
  (with the roll's seed) and comes back with it, beside the attack helper's inputs; editing
  the inputs takes the roll's words out of the address again.

The fixtures fail the test on any request off the site's origin.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_kit import ENGINE_LOAD_MS, follow_link
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_widget_resilience import widgets  # noqa: F401 - the fixture

# One widget of every system with an edit that keeps its inputs valid: (widget id, field, new
# value, text that holds its odds or answer). Every system must be here (checked below).
EDITS = {
    "doom-stack": ("ds-roller", "#ds-attribute", "5", ".srd-widget__odds"),
    "dice-and-danger": ("dd-roller", "#dd-notation", "5d+1p vs DC 4", ".srd-widget__odds"),
    "adrenaline": ("ad-roller", "#ad-difficulty", "7", ".srd-widget__odds"),
    "xy-checks": ("xyc-roller", "#xyc-check", "4/6", ".srd-widget__odds"),
    "action": ("ac-roller", "#ac-skill", "7", ".srd-widget__odds"),
    # The design lab (a view of its own, opening on the first system with a lab).
    "lab": ("lab", "#lab-roll", "5d6", ".srd-widget__odds"),
}
# Action!'s other pages, each with its own widgets.
MORE_EDITS = [
    ("acd-draw", "#acd-factions", "Heroes, Villains, Mooks", ".srd-widget__odds"),
    ("adk-deck-draw", "#adk-draws", "3", ".srd-widget__odds"),
    ("ad-calculator", "#ad-damage", "15", ".srd-widget__result"),
]


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def ready(page: Page, widget_id: str) -> None:
    expect(page.locator(f"#{widget_id}")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def settled_text(page: Page, selector: str) -> str:
    """The text of an answer once it answers the inputs on screen (not marked stale)."""
    box = page.locator(selector)
    expect(box).not_to_have_attribute("data-stale", "", timeout=ENGINE_LOAD_MS)
    expect(box.locator("> *")).not_to_have_count(0, timeout=ENGINE_LOAD_MS)
    return box.inner_text()


def same_text(page: Page, selector: str, text: str) -> None:
    """Wait until the element reads ``text`` (as the reader sees it: innerText)."""
    try:
        page.wait_for_function(
            "([selector, text]) => document.querySelector(selector).innerText === text",
            arg=[selector, text],
            timeout=ENGINE_LOAD_MS,
        )
    except PlaywrightTimeoutError:
        assert page.locator(selector).inner_text() == text


def page_of(widgets, widget_id: str) -> str:  # noqa: F811
    return next(w.page for w in widgets if w.id == widget_id)


def test_every_system_has_an_edit_here(widgets):  # noqa: F811
    assert {w.view for w in widgets} == set(EDITS), "add the new system's widget to EDITS"


@pytest.mark.parametrize(
    ("widget_id", "field", "value", "answer"),
    [*EDITS.values(), *MORE_EDITS],
    ids=[*EDITS, *(edit[0] for edit in MORE_EDITS)],
)
def test_typing_changes_the_address_and_the_address_brings_the_inputs_and_odds_back(
    page,
    another_reader,
    site_url,
    widgets,  # noqa: F811 - the fixture imported above
    widget_id,
    field,
    value,
    answer,
):
    path = page_of(widgets, widget_id)
    page.goto(site_url + path)
    ready(page, widget_id)
    before = settled_text(page, f"#{widget_id} {answer}")
    assert not query(page)
    page.fill(field, value)
    # The address follows at once, without a roll.
    name = field.removeprefix(f"#{widget_id.split('-')[0]}-")
    key = name if page.evaluate("document.querySelector('.srd-widget').id") == widget_id else field[1:]
    expect(page).to_have_url(re.compile(re.escape(f"{key}=")))
    assert query(page)[key] == [value]
    expect(page.locator(f"#{widget_id} .srd-roll__seed")).to_have_count(0)
    shared = page.url

    # The address, opened in another reader's browser, shows the same inputs and works out their answer
    # (the answer built into the page, for the default inputs, is marked as such meanwhile).
    other = another_reader()
    try:
        other.goto(shared)
        expect(other.locator(field)).to_have_value(value)
        ready(other, widget_id)
        restored = settled_text(other, f"#{widget_id} {answer}")
        assert other.url.split("#")[0] == shared.split("#")[0]  # opening it writes nothing new
    finally:
        other.close()
    assert restored != before
    # The same answer as the page it was shared from shows.
    same_text(page, f"#{widget_id} {answer}", restored)


@pytest.mark.fresh_context
def test_the_first_answer_is_not_shown_for_inputs_from_the_address(page, site_url, widgets):  # noqa: F811
    """While the engine loads, odds built into the page answer the default inputs: with other
    inputs from the address they are marked as the answer of other inputs."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # the engine never arrives
    page.goto(site_url + page_of(widgets, "ds-roller") + "?attribute=6")
    expect(page.locator("#ds-attribute")).to_have_value("6")
    expect(page.locator("#ds-roller .srd-widget__odds")).to_have_attribute("data-stale", "", timeout=ENGINE_LOAD_MS)


def test_widgets_of_one_page_keep_their_own_parameters(page, site_url, widgets):  # noqa: F811
    page.goto(site_url + page_of(widgets, "xyc-roller") + "?ref=keep")
    for widget_id in ("xyc-roller", "xya-builder", "xyv-resolver"):
        ready(page, widget_id)
    page.fill("#xyc-bonus", "1")
    page.fill("#xya-attack_bonus", "2")
    page.check("#xyv-mode-contest")
    expect(page).to_have_url(re.compile(r"xyv-mode=contest"))
    assert query(page) == {"ref": ["keep"], "bonus": ["1"], "xya-attack_bonus": ["2"], "xyv-mode": ["contest"]}
    page.reload()
    expect(page.locator("#xyc-bonus")).to_have_value("1")
    expect(page.locator("#xya-attack_bonus")).to_have_value("2")
    expect(page.locator("#xya-advantages")).to_have_value("0")
    expect(page.locator("#xyv-mode-contest")).to_be_checked()
    # Back to its default: the parameter goes.
    ready(page, "xyc-roller")
    page.fill("#xyc-bonus", "0")
    expect(page).not_to_have_url(re.compile(r"[?&]bonus="))
    assert query(page)["ref"] == ["keep"]


def test_a_link_to_another_page_carries_none_of_the_inputs(page, site_url, widgets):  # noqa: F811
    page.goto(site_url + page_of(widgets, "ds-roller"))
    ready(page, "ds-roller")
    page.fill("#ds-skill", "4")
    expect(page).to_have_url(re.compile(r"skill=4"))
    follow_link(page, site_url, page_of(widgets, "ad-roller"))
    assert not query(page)
    ready(page, "ad-roller")
    expect(page.locator("#ad-attribute")).to_have_value("3")
    page.fill("#ad-attribute", "4")
    expect(page).to_have_url(re.compile(r"adrenaline/\?attribute=4"))


def test_a_chosen_stack_and_the_attack_helper_come_back_from_the_address(page, another_reader, site_url, widgets):  # noqa: F811
    page.goto(site_url + page_of(widgets, "ds-roller"))
    ready(page, "ds-roller")
    ready(page, "dsa-helper")
    page.fill("#ds-attribute", "5")
    page.fill("#dsa-attack", "12")
    page.check("#dsa-cover")
    # The helper answers typing after a pause, its old answer unmarked meanwhile: wait for
    # the answer to these inputs (its working names them) before reading it.
    expect(page.locator("#dsa-helper .srd-ds-attack__lines")).to_contain_text(
        "attack 12 vs 4 cover", timeout=ENGINE_LOAD_MS
    )
    attack = settled_text(page, "#dsa-helper .srd-widget__odds")
    page.fill("#ds-seed", "5")
    page.click("#ds-roller button[type=submit]")
    expect(page.locator("#ds-roller .srd-roll__seed")).to_have_text("5")
    rows = page.locator("#ds-roller .srd-widget__stacks input[type=radio]")
    assert rows.count() >= 3
    expect(rows.nth(0)).to_be_checked()  # the roller spends the biggest
    page.locator("#ds-roller .srd-widget__stacks label.srd-ds-stacks__pick").nth(2).click()
    chosen = page.locator(".srd-ds-stacks__status").inner_text()
    assert chosen.startswith("Chosen: ")
    expect(page).to_have_url(re.compile(r"stack=2"))
    assert {key: query(page)[key] for key in ("attribute", "seed", "stack", "dsa-attack", "dsa-cover")} == {
        "attribute": ["5"],
        "seed": ["5"],
        "stack": ["2"],
        "dsa-attack": ["12"],
        "dsa-cover": ["on"],
    }
    permalink = page.locator("#ds-roller a.srd-roll__permalink").get_attribute("href")
    assert parse_qs(urlsplit(permalink).query)["stack"] == ["2"]
    roll = page.locator("#ds-roller .srd-widget__result .srd-dice").inner_text()

    for address in (page.url, permalink):
        other = another_reader()
        try:
            other.goto(address)
            expect(other.locator("#ds-roller .srd-roll__seed")).to_have_text("5", timeout=ENGINE_LOAD_MS)
            expect(other.locator("#ds-roller .srd-widget__stacks input[type=radio]").nth(2)).to_be_checked()
            expect(other.locator(".srd-ds-stacks__status")).to_have_text(chosen)
            assert other.locator("#ds-roller .srd-widget__result .srd-dice").inner_text() == roll
            expect(other.locator("#ds-attribute")).to_have_value("5")
            if address == page.url:
                expect(other.locator("#dsa-attack")).to_have_value("12")
                expect(other.locator("#dsa-cover")).to_be_checked()
                # The helper takes the roller's chosen stack once the roll is back: wait for its
                # answer to those inputs, not the first one it shows.
                expect(other.locator("#dsa-helper .srd-widget__odds")).to_have_text(
                    attack, use_inner_text=True, timeout=ENGINE_LOAD_MS
                )  # read as settled_text reads it
                assert settled_text(other, "#dsa-helper .srd-widget__odds") == attack
        finally:
            other.close()

    # New inputs: the roll (and its stack) no longer answer them, and leave the address.
    page.fill("#ds-skill", "3")
    expect(page).not_to_have_url(re.compile(r"seed="))
    assert "stack" not in query(page)
    assert query(page)["skill"] == ["3"] and query(page)["dsa-attack"] == ["12"]


def test_an_old_permalink_still_rolls_and_is_left_as_written(page, site_url, widgets):  # noqa: F811
    address = site_url + page_of(widgets, "xya-builder") + "?w=xya&attack_bonus=1&advantages=0&seed=9#xya-builder"
    page.goto(address)
    expect(page.locator("#xya-builder .srd-roll__seed")).to_have_text("9", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#xya-attack_bonus")).to_have_value("1")
    expect(page.locator("#xyc-bonus")).to_have_value("0")  # the other widgets keep their own
    assert page.url.split("#")[0] == address.split("#")[0]
    # Its own inputs edited: the roll's words go, the edit stays (the widget still owns them).
    page.fill("#xyc-bonus", "2")
    expect(page).to_have_url(re.compile(r"xyc-bonus=2"))
    page.fill("#xya-attack_bonus", "3")
    expect(page).not_to_have_url(re.compile(r"seed=9"))
    assert query(page) == {"xyc-bonus": ["2"], "xya-attack_bonus": ["3"]}
