"""The Action! roller and the value-table converter in headless chromium, against the real
built site (the engine wheel in the site's own Pyodide, in one Web Worker).

Every expected value comes from the engine on this machine (its CLI, or ``rules_engine``
imported), never from numbers copied into the test. Tests click and type as a reader does
and read what a reader reads.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import parse_qs, urlsplit

from browser_widgets import cli_roll_lines, leave_refused, link_keys
from playwright.sync_api import Page, expect

from rules_engine.action import roll_notation
from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import odds
from rules_engine.action.roll.rules import DEGREE_NAMES
from rules_engine.action.roll.values import convert
from rules_engine.core.exact import percent, ratio

ENGINE_LOAD_MS = 60_000
ROLLER = "#ac-roller"
CONVERTER = "#av-converter"
LINES = f"{ROLLER} .srd-widget__explain .srd-widget__line"


def open_page(page: Page, site_url: str, query: str = "") -> None:
    """Open the Action! page; wait until the engine is ready and the odds are shown."""
    page.goto(f"{site_url}action/{query}")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_be_visible()


cli_lines = partial(cli_roll_lines, "action")  # what `python -m rules_engine roll action NOTATION --seed SEED` prints


def shown_odds(page: Page) -> dict[str, tuple[str, str]]:
    """Degree → (percentage, exact fraction), as the odds table shows them."""
    rows = page.locator(f"{ROLLER} .srd-action-odds__table tbody tr")
    return {
        rows.nth(i).locator("th").inner_text(): (
            rows.nth(i).locator(".srd-pct").inner_text(),
            rows.nth(i).locator(".srd-exact").inner_text(),
        )
        for i in range(rows.count())
    }


def expected_odds(notation: str) -> dict[str, tuple[str, str]]:
    result = odds(parse(notation))
    return {name: (percent(p, 2), ratio(p)) for name, p in zip(DEGREE_NAMES, result.degrees)}


def seed_with_a_reroll(notation: str) -> str:
    """The first seed whose roll of ``notation`` has a die that rolled again."""
    return str(next(s for s in range(1, 2000) if any(len(c.faces) > 1 for c in roll_notation(notation, s).chains)))


def test_the_odds_follow_the_fields_and_the_toggles(page, site_url, page_errors):
    open_page(page, site_url)
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_have_text("5 vs 5")
    assert shown_odds(page) == expected_odds("5 vs 5")
    page.fill("#ac-skill", "8")
    page.get_by_label("Inspired", exact=True).check()
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_have_text("8 vs 5 inspired")
    assert shown_odds(page) == expected_odds("8 vs 5 inspired")
    # Keyboard only: Tab to the Wild toggle and press Space.
    page.focus("#ac-type-inspired")
    page.keyboard.press("Tab")
    expect(page.locator("#ac-type-wild")).to_be_focused()
    page.keyboard.press("Space")
    page.get_by_label("Active defence").check()
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_have_text("8 vs active 5 inspired wild")
    assert shown_odds(page) == expected_odds("8 vs active 5 inspired wild")
    expect(page.locator(f"{ROLLER} .srd-reading__notes")).to_contain_text("active defence: 5 + 5 = 10")
    assert page_errors == []


def test_a_seeded_roll_equals_the_cli_and_its_permalink_reproduces_it(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#ac-skill", "7")
    page.fill("#ac-defence", "6")
    page.get_by_label("Hazardous", exact=True).check()
    notation = "7 vs 6 hazardous"
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_have_text(notation)
    seed = seed_with_a_reroll(notation)
    page.fill("#ac-seed", seed)
    page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed)
    expected = cli_lines(notation, seed)
    assert page.locator(LINES).all_inner_texts() == expected
    rolled = roll_notation(notation, int(seed))
    expect(page.locator(f"{ROLLER} .srd-roll__degree")).to_have_text(DEGREE_NAMES[rolled.degree])
    chains = page.locator(f"{ROLLER} .srd-action-dice__chain")
    assert chains.count() == len(rolled.chains)
    for i, chain in enumerate(rolled.chains):
        assert chains.nth(i).locator(".srd-die").all_inner_texts() == [str(f) for f in chain.faces]
        assert (
            chains.nth(i)
            .locator(".srd-action-dice__faces[role=img]")
            .get_attribute("aria-label")
            .startswith(f"Die {i + 1}, ")
        )

    href = page.get_attribute(f"{ROLLER} .srd-roll__permalink", "href")
    link = urlsplit(href)
    params = {k: v[0] for k, v in parse_qs(link.query, keep_blank_values=True).items()}
    assert link.fragment == "ac-roller" and params["seed"] == seed and params["types"] == "hazardous"
    phone_page.goto(href)
    expect(phone_page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed, timeout=ENGINE_LOAD_MS)
    assert phone_page.locator(LINES).all_inner_texts() == expected
    assert phone_page.is_checked("#ac-type-hazardous") and phone_page.input_value("#ac-skill") == "7"
    assert page_errors == []


def test_a_bad_field_is_named_and_the_odds_are_marked_old(page, site_url, page_errors):
    open_page(page, site_url)
    leave_refused(page, "#ac-threshold", "0", "Threshold must be from 1 to 100")
    message = page.locator("#ac-threshold-error")
    expect(page.locator(f"{ROLLER} .srd-widget__odds")).to_have_attribute("data-stale", "")
    page.fill("#ac-threshold", "10")
    expect(page.locator(f"{ROLLER} .srd-reading__notation")).to_have_text("5 vs 5 T 10")
    expect(message).to_be_empty()
    assert shown_odds(page) == expected_odds("5 vs 5 T 10")
    assert page_errors == []


def test_the_results_are_announced(page, site_url):
    open_page(page, site_url)
    for region in ("canonical", "odds", "result"):
        assert page.get_attribute(f"{ROLLER} .srd-widget__{region}", "aria-live") == "polite"
    assert page.get_attribute(f"{CONVERTER} .srd-widget__result", "aria-live") == "polite"


def test_the_converter_reads_measures_and_values(page, site_url, page_errors):
    open_page(page, site_url)
    expect(page.locator(CONVERTER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    for text in ("250 m", "3 weeks", "40 kg", "7"):
        page.fill("#av-measure", text)
        page.press("#av-measure", "Enter")
        result = convert(text)
        expect(page.locator(f"{CONVERTER} .srd-action-conversion__value strong")).to_have_text(str(result.value))
        expect(page.locator(f"{CONVERTER} .srd-widget__line")).to_have_text(result.lines())
        expect(page.locator(f"{CONVERTER} .srd-action-conversion__measures")).to_contain_text(result.row.weight)
    page.fill("#av-measure", "5 parsecs")
    page.press("#av-measure", "Enter")
    expect(page.locator("#av-measure-error")).to_contain_text("unknown unit 'parsecs'")
    expect(page.locator("#av-measure-error .srd-caret")).to_have_text("5 parsecs\n  ^^^^^^^")
    assert page_errors == []


def test_a_link_without_w_sets_the_types_and_active_defence_and_rolls(page, site_url, page_errors):
    # Links shared before the roller moved onto fieldsForm name no widget (no `w=`): the action
    # types (one space-joined value) and active defence (sent as "1") still fill in, and it rolls.
    open_page(page, site_url, "?skill=7&types=wild+inspired&active=1&seed=5#ac-roller")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("5")
    for box in ("#ac-active", f"{ROLLER} input[value=inspired]", f"{ROLLER} input[value=wild]"):
        expect(page.locator(box)).to_be_checked()
    href = page.locator(f"{ROLLER} a.srd-roll__permalink").get_attribute("href")
    fields = ["skill", "defence", "threshold", "attack_ev", "defence_ev", "extra_positive", "extra_negative"]
    assert link_keys(href) == [*fields, "types", "active", "seed"]
    params = parse_qs(urlsplit(href).query, keep_blank_values=True)
    assert params["types"] == ["inspired wild"] and params["active"] == ["1"] and params["skill"] == ["7"]
    assert page_errors == []
