"""The design lab (issue 30, point 2: docs/lab.md, macros/lab.py, docs/assets/js/views/lab.js), in a
browser, on a phone and on a desktop.

A reader changes a setting of a house rule with the keyboard (desktop) or by tapping its menu
(phone), and the page shows the printed rule and the house rule side by side: every number
read off the page is the one ``lab_answer`` works out here in Python for the same inputs. The
address then holds the lab, and another reader opening it sees the same; Share copies the
engine's chat text with that address; the house-rule card prints alone on one A4 page with
each changed rule in words beside the printed one and the key odds of both. A setting the
rule set refuses is shown at its house rule's fieldset, with the last answer marked. axe finds
nothing in either colour scheme. The fixtures fail a test on any request off the site's origin.

Generic: the system is the first one the lab offers, the setting the first of its book whose
next choice the engine accepts, the refused one the first choice it refuses: no system is
named here.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_fixtures import SCHEMES
from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, use_theme, visit
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from macros.lab import lab_systems
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer

LAB = "lab/"
ROOT = "#lab"
ODDS = f"{ROOT} .srd-widget__odds"


@dataclass(frozen=True)
class Change:
    """One setting of the first lab system changed to another of its choices."""

    key: str
    title: str
    roll: str
    setting: str
    printed: str
    value: str
    keys: str  # the key that moves a closed menu from the printed choice to ``value``

    @property
    def written(self) -> str:
        return f"{self.setting} {self.value}"


def _answer(change_key: str, roll: str, house: list[str], seed: int | None = None) -> dict:
    system = next(s for s in lab_systems() if s.key == change_key)
    return lab_answer(system.lab, system.title, roll, house, seed)


def _changes() -> tuple[Change, tuple[str, str, str]]:
    """The change the tests make (a menu's next or previous choice, accepted) and a refused
    one (setting, value, the engine's message)."""
    systems = lab_systems()
    if not systems:
        pytest.skip("no system offers a lab yet")
    system = systems[0]
    roll = system.lab.rolls[0].notation
    accepted = refused = None
    for setting in system.lab.book.settings:
        choices = list(setting.choices or [])
        printed = setting.write(setting.default)
        if printed not in choices:
            continue
        at = choices.index(printed)
        for value, key in (
            (choices[at + 1] if at + 1 < len(choices) else None, "ArrowDown"),
            (choices[at - 1] if at > 0 else None, "ArrowUp"),
        ):
            if value is None or accepted:
                continue
            try:
                _answer(system.key, roll, [f"{setting.name} {value}"])
            except RulesError:
                continue
            accepted = Change(system.key, system.title, roll, setting.name, printed, value, key)
        for value in choices:
            if refused:
                break
            try:
                _answer(system.key, roll, [f"{setting.name} {value}"])
            except RulesError as error:
                if error.field == "house-1":
                    refused = (setting.name, value, error.message)
    assert accepted is not None, f"{system.title}: no menu setting with another accepted choice"
    if refused is None:
        pytest.skip(f"{system.title}: every choice of every menu is accepted alone")
    return accepted, refused


@pytest.fixture(scope="module")
def changes() -> tuple[Change, tuple[str, str, str]]:
    return _changes()


def house(page: Page, n: int = 1):
    return page.locator(f"{ROOT} fieldset.srd-lab__house[data-house='{n}']")


def ready(page: Page) -> None:
    expect(page.locator(ROOT)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def settled(page: Page, written: str) -> None:
    """Wait until the odds on screen answer the house rule ``written`` (not marked stale)."""
    expect(page.locator(f"{ODDS} table[data-part=key] .srd-lab__col-rules")).to_have_text(
        [written] if written else [], timeout=ENGINE_LOAD_MS
    )
    expect(page.locator(ODDS)).not_to_have_attribute("data-stale", "")


def cell(page: Page, table_row: str, col: int, diff: bool = False) -> str:
    kind = ".srd-lab__diff" if diff else ".srd-lab__cell:not(.srd-lab__diff)"
    return " ".join(page.locator(f"{ODDS} tr[{table_row}] td{kind}[data-col='{col}']").inner_text().split())


def assert_numbers_match(page: Page, answer: dict) -> None:
    """Every chance, statistic and difference on screen is the engine's, exactly as written."""
    for n, column in enumerate(answer["columns"]):
        usual = cell(page, "data-stat='usual'", n)
        assert column["usual"]["percent"] in usual and column["usual"]["exact"] in usual, (n, usual)
        assert cell(page, "data-stat='mean'", n) == column["stats"]["mean"]["decimal"]
        for stat in ("sd", "median", "p10", "p90"):
            assert cell(page, f"data-stat='{stat}'", n) == str(column["stats"][stat]), stat
        for outcome in column["outcomes"]:
            shown = cell(page, f"data-value='{outcome['value']}'", n)
            assert shown == f"{outcome['percent']} {outcome['exact']}", (outcome, shown)
        for rung in column["rungs"]:
            shown = cell(page, f"data-step='{rung['step']}'", n)
            assert shown == f"{rung['percent']} {rung['exact']}", (rung, shown)
    for n, diff in enumerate(answer["differences"], start=1):
        assert cell(page, "data-stat='usual'", n, diff=True).endswith(f"{diff['usual']['points']} pp")
        assert cell(page, "data-stat='mean'", n, diff=True) == diff["mean"]
        for outcome in diff["outcomes"]:
            assert cell(page, f"data-value='{outcome['value']}'", n, diff=True).endswith(f"{outcome['points']} pp")
        for rung in diff["rungs"]:
            if "points" in rung:
                assert cell(page, f"data-step='{rung['step']}'", n, diff=True).endswith(f"{rung['points']} pp")


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def printed_card(page: Page) -> tuple[int, str]:
    """Print house-rule card, printed to A4 (the browser's print dialog stubbed: the PDF is
    what it would print): its number of pages and its text."""
    page.evaluate("() => { window.srdPrinted = 0; window.print = () => { window.srdPrinted += 1; }; }")
    page.get_by_role("button", name="Print house-rule card").click()
    assert page.evaluate("window.srdPrinted") == 1
    expect(page.locator("html")).to_have_attribute("data-lab-print", "card")
    pages = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
    page.evaluate("delete document.documentElement.dataset.labPrint")
    return len(pages), "".join(p.extract_text() for p in pages)


def change_setting(page: Page, change: Change, by: str) -> None:
    control = house(page).locator(f"select[data-setting='{change.setting}']")
    expect(control).to_have_value(change.printed)
    if by == "keyboard":
        control.focus()
        page.keyboard.press(change.keys)
    else:
        control.click()
        control.select_option(change.value)
    expect(control).to_have_value(change.value)


@pytest.mark.parametrize("profile", ["desktop", "phone"])
def test_a_changed_setting_shows_both_rule_sets_side_by_side_exactly(
    request, site_url, changes, profile, page_errors, friend_page
) -> None:
    change, _ = changes
    page = request.getfixturevalue("page" if profile == "desktop" else "phone_page")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    visit(page, site_url, LAB)
    ready(page)
    # The page opens on the printed rule and one house rule left at it: identical, ±0.
    assert page.locator(f"{ROOT} #lab-system").input_value() == change.key
    settled(page, "")
    assert_numbers_match(page, _answer(change.key, change.roll, [""]))

    change_setting(page, change, "keyboard" if profile == "desktop" else "tap")
    expect(house(page).locator(".srd-lab__written")).to_have_text(f"Written: with {change.written}")
    settled(page, change.written)
    answer = _answer(change.key, change.roll, [change.written])
    assert_numbers_match(page, answer)
    assert_no_sideways_scroll(page, f"lab ({profile})")

    # The address holds the lab.
    assert query(page) == {"system": [change.key], "roll": [change.roll], "house": [change.written]}
    address = page.url.split("#")[0]  # (Material writes the heading scrolled to as a fragment)

    # Share: the engine's chat text, then the address.
    page.get_by_role("button", name="Share this comparison").click()
    expect(page.locator(f"{ODDS} .srd-share__status")).to_contain_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{answer['share']}\n{address}#lab", copied

    # A seeded roll under both rule sets (Enter in the seed field), die by die.
    page.fill(f"{ROOT} #lab-seed", "7")
    page.press(f"{ROOT} #lab-seed", "Enter")
    expect(page.locator(f"{ROOT} .srd-roll__seed")).to_have_text("7", timeout=ENGINE_LOAD_MS)
    seeded = _answer(change.key, change.roll, [change.written], 7)
    rolls = page.locator(f"{ROOT} .srd-lab__rolled")
    expect(rolls).to_have_count(2)
    for n, column in enumerate(seeded["columns"]):
        expect(rolls.nth(n).locator(".srd-widget__line")).to_have_text(column["roll"])
    assert query(page)["seed"] == ["7"]

    # The house-rule card: one page, each change in words beside the printed one, key odds.
    count, text = printed_card(page)
    assert count == 1, text
    flat = squash(text)
    house_rule = answer["columns"][1]
    for entry in house_rule["card"]:
        for words in (entry["meaning"], entry["printed_words"], entry["house_words"]):
            assert squash(words) in flat, words
    for column in answer["columns"]:
        for words in (
            column["usual"]["percent"],
            column["stats"]["mean"]["decimal"],
            column["stats"]["sd"],
            str(column["stats"]["median"]),
        ):
            assert squash(words) in flat, words
    for absent in ("Download CSV", "Headline roll", "Every setting"):
        assert squash(absent) not in flat, absent

    # Another reader opening the address sees the same lab, worked out again.
    if profile == "desktop":
        friend_page.goto(address)
        expect(friend_page.locator(ROOT)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
        expect(
            friend_page.locator(f"{ROOT} fieldset[data-house='1'] select[data-setting='{change.setting}']")
        ).to_have_value(change.value)
        settled(friend_page, change.written)
        assert_numbers_match(friend_page, answer)
    assert page_errors == []


def test_a_refused_setting_is_shown_at_its_house_rule_and_the_last_answer_is_marked(page, site_url, changes) -> None:
    change, (setting, value, message) = changes
    visit(page, site_url, LAB)
    ready(page)
    settled(page, "")
    house(page).locator(f"select[data-setting='{setting}']").select_option(value)
    error = house(page).locator(".srd-field__error")
    expect(error).to_contain_text(message, timeout=ENGINE_LOAD_MS)
    expect(house(page)).to_have_attribute("data-invalid", "")
    expect(house(page).locator(f"select[data-setting='{setting}']")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(ODDS)).to_have_attribute("data-stale", "")
    expect(page.locator(f"{ODDS} .srd-stale-label")).to_contain_text("Odds for the last valid input")
    expect(page.locator(f"{ROOT} .srd-widget__status")).to_contain_text("House rule 1")
    # Put back, the message goes and the odds answer the inputs again.
    printed = next(s for s in lab_systems()[0].lab.book.settings if s.name == setting)
    house(page).locator(f"select[data-setting='{setting}']").select_option(printed.write(printed.default))
    expect(error).to_have_text("")
    settled(page, "")


def test_house_rules_are_added_and_removed_with_the_keyboard(page, site_url, changes) -> None:
    change, _ = changes
    visit(page, site_url, LAB)
    ready(page)
    add = page.get_by_role("button", name="Add a house rule")
    for n in (2, 3):
        add.focus()
        page.keyboard.press("Enter")
        expect(house(page, n)).to_be_visible()
        expect(house(page, n).locator("[data-setting]").first).to_be_focused()
    expect(add).to_have_attribute("aria-disabled", "true")
    change_setting_in = house(page, 3).locator(f"select[data-setting='{change.setting}']")
    change_setting_in.focus()
    page.keyboard.press(change.keys)
    expect(page.locator(f"{ODDS} table[data-part=key] .srd-lab__col-rules")).to_have_text(
        [change.written], timeout=ENGINE_LOAD_MS
    )
    expect(page.locator(f"{ODDS} tr[data-stat='usual'] td[data-col='3']")).to_have_count(2)
    assert query(page)["house"] == ["", "", change.written]
    page.get_by_role("button", name="Remove house rule 2").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{ROOT} fieldset.srd-lab__house")).to_have_count(2)
    expect(house(page, 2).locator(f"select[data-setting='{change.setting}']")).to_have_value(change.value)
    expect(page.locator(f"{ODDS} tr[data-stat='usual'] td[data-col='2']")).to_have_count(2)
    assert query(page)["house"] == ["", change.written]
    assert_numbers_match(page, _answer(change.key, change.roll, ["", change.written]))


@pytest.mark.parametrize("theme", sorted(SCHEMES))
def test_axe_finds_nothing_in_the_lab(phone_page, site_url, changes, theme) -> None:
    from test_a11y import report, violations

    change, (setting, value, _) = changes
    page = phone_page
    use_theme(page, site_url, theme)
    visit(page, site_url, LAB)
    ready(page)
    change_setting(page, change, "tap")
    settled(page, change.written)
    found = {}
    if v := violations(page):
        found["answered"] = v
    page.get_by_role("button", name="Add a house rule").click()
    house(page, 2).locator(f"select[data-setting='{setting}']").select_option(value)
    expect(house(page, 2)).to_have_attribute("data-invalid", "", timeout=ENGINE_LOAD_MS)
    if v := violations(page):
        found["refused"] = v
    assert not found, "axe-core found:\n" + report(found)


def test_every_system_with_a_lab_is_offered_with_its_own_settings(page, site_url) -> None:
    """Each system the lab offers, chosen from the menu: its own settings in the house rule,
    its first headline roll, and its exact odds."""
    systems = lab_systems()
    if not systems:
        pytest.skip("no system offers a lab yet")
    visit(page, site_url, LAB)
    ready(page)
    menu = page.locator(f"{ROOT} #lab-system")
    assert [o.get_attribute("value") for o in menu.locator("option").all()] == [s.key for s in systems]
    for system in [*systems[1:], systems[0]]:
        menu.select_option(system.key)
        roll = system.lab.rolls[0].notation
        expect(page.locator(f"{ROOT} #lab-roll")).to_have_value(roll)
        expect(house(page).locator("[data-setting]")).to_have_count(len(system.lab.book.settings))
        names = [s.name for s in system.lab.book.settings]
        assert [c.get_attribute("data-setting") for c in house(page).locator("[data-setting]").all()] == names
        expect(page.locator(f"{ODDS} .srd-lab__answer")).to_have_attribute(
            "data-system", system.key, timeout=ENGINE_LOAD_MS
        )
        settled(page, "")
        assert_numbers_match(page, _answer(system.key, roll, [""]))
        assert query(page)["system"] == [system.key]
