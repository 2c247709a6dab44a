"""The Dramatic Card Draw and the Action! Deck draw in headless chromium, against the real
built site (the engine in the site's own Pyodide). Expected values come from the engine
on this machine (its CLI, or ``rules_engine`` imported); the tests click, type and read
as a reader does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

from browser_kit import ENGINE_LOAD_MS
from browser_layout import assert_shown_in_place, open_and_measure
from browser_widgets import leave_refused, roll_seeded, wait_ready
from playwright.sync_api import Locator, Page, expect

from rules_engine.action.cards import deck, draw

REPO_ROOT = Path(__file__).resolve().parents[2]
DRAW = "#acd-draw"
DECK = "#adk-deck-draw"


def open_page(page: Page, site_url: str, query: str = "") -> None:
    """Open the cards page; wait until both widgets are ready and show their odds."""
    page.goto(f"{site_url}action-cards/{query}")
    wait_ready(page, DRAW, DECK)
    for widget in (DRAW, DECK):
        expect(page.locator(f"{widget} .srd-reading__notation")).to_be_visible()


def reading_follows(page: Page, widget: str, opening: str, field: str, value: str, then: str) -> Locator:
    """The widget's reading of its inputs says ``opening``, then ``then`` once ``value`` is typed
    into ``field``. Returns the reading."""
    notation = page.locator(f"{widget} .srd-reading__notation")
    expect(notation).to_have_text(opening)
    page.fill(field, value)
    expect(notation).to_have_text(then)
    return notation


def cli_json(notation: str, seed: str) -> dict:
    """What ``python -m rules_engine roll action NOTATION --seed SEED --json`` prints."""
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "roll", "action", notation, "--seed", seed, "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO_ROOT,
    )
    return json.loads(result.stdout)


def shown_lines(page: Page, widget: str) -> list[str]:
    """Open the line-by-line explanation, as a reader would, and read it."""
    summary = page.locator(f"{widget} .srd-action-card-lines summary")
    if page.locator(f"{widget} .srd-action-card-lines").get_attribute("open") is None:
        summary.click()
    return page.locator(f"{widget} .srd-action-card-lines .srd-widget__line").all_inner_texts()


def odds_rows(page: Page) -> dict[str, list[str]]:
    rows = page.locator(f"{DRAW} .srd-action-card-odds__table tbody tr")
    return {
        rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())
    }


def test_the_card_odds_follow_the_factions_and_the_jokers(page, site_url, page_errors):
    open_page(page, site_url)
    notation = reading_follows(page, DRAW, "draw Heroes, Villains", "#acd-factions", "4", "draw 4 factions")
    expected = draw.odds(draw.parse("draw 4 factions")).to_json()
    for row in expected["results"]:
        assert odds_rows(page)[row["result"]] == [
            f"{row['p_faction']} ({row['percent']})",
            f"{row['p_any']} ({row['percent_any']})",
        ]
    # Keyboard only: from the first joker choice, the arrow keys pick "None".
    page.focus("#acd-jokers-2")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#acd-jokers-0")).to_be_checked()
    expect(notation).to_have_text("draw 4 factions; no jokers")
    assert odds_rows(page)["Joker"][0] == "0/1 (0.00%)"
    assert page_errors == []


def test_a_seeded_card_draw_equals_the_cli_and_its_permalink_deals_it_again(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#acd-factions", "Heroes, Villains, Cops")
    expect(page.locator(f"{DRAW} .srd-reading__notation")).to_have_text("draw Heroes, Villains, Cops")
    page.fill("#acd-seed", "7")
    page.click(f"{DRAW} button[type=submit]")
    expect(page.locator(f"{DRAW} .srd-roll__seed")).to_have_text("7")
    expected = cli_json("draw Heroes, Villains, Cops", "7")
    items = page.locator(f"{DRAW} .srd-action-card-draw__item")
    assert items.count() == 3
    for i, drawn in enumerate(expected["draws"]):
        assert items.nth(i).locator(".srd-action-card-draw__faction").inner_text() == drawn["faction"]
        assert items.nth(i).locator(".srd-action-card-draw__card").inner_text() == drawn["card"]
        assert items.nth(i).locator(".srd-action-card-draw__result").inner_text() == drawn["result"]
    assert shown_lines(page, DRAW) == expected["lines"]

    href = page.get_attribute(f"{DRAW} .srd-roll__permalink", "href")
    link = urlsplit(href)
    params = {k: v[0] for k, v in parse_qs(link.query).items()}
    assert link.fragment == "acd-draw" and params == {"factions": "Heroes, Villains, Cops", "jokers": "2", "seed": "7"}
    phone_page.goto(href)
    expect(phone_page.locator(f"{DRAW} .srd-roll__seed")).to_have_text("7", timeout=ENGINE_LOAD_MS)
    assert shown_lines(phone_page, DRAW) == expected["lines"]
    assert phone_page.input_value("#acd-factions") == "Heroes, Villains, Cops"
    # The deck widget on the same page was not asked to deal.
    assert phone_page.locator(f"{DECK} .srd-roll__seed").count() == 0
    assert page_errors == []


def test_a_bad_faction_name_is_named_and_the_odds_are_marked_old(page, site_url, page_errors):
    open_page(page, site_url)
    leave_refused(page, "#acd-factions", "Heroes, Vil$ains", "a faction's name is letters")
    expect(page.locator("#acd-factions-error .srd-caret")).to_have_text("Heroes, Vil$ains\n           ^")
    expect(page.locator(f"{DRAW} .srd-widget__odds")).to_have_attribute("data-stale", "")
    page.fill("#acd-factions", "Heroes, Villains")
    expect(page.locator("#acd-factions-error")).to_be_empty()
    expect(page.locator(f"{DRAW} .srd-widget__odds")).not_to_have_attribute("data-stale", "")
    assert page_errors == []


def test_the_deck_chance_follows_the_inputs_and_a_seeded_deal_equals_the_cli(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    notation = reading_follows(page, DECK, "deck: Rally in 1 draw", "#adk-draws", "5", "deck: Rally in 5 draws")
    expected = deck.odds(deck.parse("deck: Rally in 5 draws")).to_json()
    expect(page.locator(f"{DECK} .srd-action-card-odds__headline")).to_contain_text(
        f"{expected['p_drawn']} ({expected['percent']})"
    )
    page.get_by_label("Plots only (20)").check()
    expect(notation).to_have_text("deck plots: Rally in 5 draws")
    expect(page.locator(f"{DECK} .srd-action-card-odds__headline")).to_contain_text("1/4 (25.00%)")

    roll_seeded(page, DECK, "#adk-seed", "4")
    dealt = cli_json("deck plots: Rally in 5 draws", "4")
    shown = page.locator(f"{DECK} .srd-action-deck-card strong").all_inner_texts()
    assert shown == [c["plot"] for c in dealt["cards"]]
    assert shown_lines(page, DECK) == dealt["lines"]
    found = f"Rally came up as card {dealt['found_at']}" if dealt["found_at"] else "Rally did not come up"
    expect(page.locator(f"{DECK} .srd-action-deck-draw__found")).to_have_text(found)

    href = page.get_attribute(f"{DECK} .srd-roll__permalink", "href")
    assert urlsplit(href).fragment == "adk-deck-draw"
    phone_page.goto(href)
    expect(phone_page.locator(f"{DECK} .srd-roll__seed")).to_have_text("4", timeout=ENGINE_LOAD_MS)
    assert shown_lines(phone_page, DECK) == dealt["lines"]
    expect(phone_page.locator("#adk-deck-plots")).to_be_checked()
    assert phone_page.locator(f"{DRAW} .srd-roll__seed").count() == 0
    assert page_errors == []


def test_a_deck_field_error_is_named(page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#adk-card", "Raly")
    page.press("#adk-card", "Enter")
    expect(page.locator("#adk-card-error")).to_contain_text("did you mean Rally?")
    page.fill("#adk-card", "")
    page.press("#adk-card", "Enter")
    expect(page.locator("#adk-card-error")).to_be_empty()
    page.fill("#adk-draws", "201")
    page.press("#adk-draws", "Enter")
    expect(page.locator("#adk-draws-error")).to_contain_text(
        "Cards to draw must be from 1 to 200"
    )  # its label and range
    expect(page.locator(f"{DECK} .srd-widget__odds")).to_have_attribute("data-stale", "")
    assert page_errors == []


def test_the_card_results_are_announced(page, site_url):
    open_page(page, site_url)
    for widget in (DRAW, DECK):
        for region in ("odds", "result"):
            assert page.get_attribute(f"{widget} .srd-widget__{region}", "aria-live") == "polite"


# The space each widget keeps for its odds and its deal; what must stay inside a phone's screen.
REGIONS = tuple(f"{widget} .srd-widget__{region}" for widget in (DRAW, DECK) for region in ("odds", "result"))
FIELDS = ("#acd-factions", "#acd-jokers-0", "#acd-seed", "#adk-card")
INSIDE = (
    *FIELDS,
    *(
        f"{DRAW} {part}"
        for part in ("button[type=submit]", ".srd-action-card-odds .srd-table-wrap", ".srd-action-card-draw")
    ),
    f"{DECK} .srd-action-deck-draw",
)


def test_the_card_widgets_fit_a_phone_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    notations = [f"{widget} .srd-reading__notation" for widget in (DRAW, DECK)]
    loading = open_and_measure(page, site_url, theme, "action-cards/", REGIONS, (DRAW, DECK), notations)
    # Many long-named factions, and a long deal with a card to look for.
    page.fill("#acd-factions", ", ".join(f"The Long-Named Faction {n}" for n in range(6)))
    expect(page.locator(f"{DRAW} .srd-action-card-odds__table caption")).to_contain_text("6 factions")
    roll_seeded(page, DRAW, "#acd-seed", "11")
    page.fill("#adk-draws", "40")
    page.fill("#adk-card", "The Shit Hits The Fan! / Rejuvenation!")
    roll_seeded(page, DECK, "#adk-seed", "3")
    assert_shown_in_place(page, loading, "action-cards after a draw", INSIDE)
    assert page_errors == []


def test_each_draws_permalink_draws_in_that_widget_only(page, site_url, page_errors):
    """The two draws' permalinks name no widget: a link with draws is the deck draw's and one
    with factions the card draw's; the other widget fills nothing in and draws nothing."""
    query = urlencode({"draws": "2", "deck": "cards", "card": "", "seed": "4"})
    page.goto(f"{site_url}action-cards/?{query}#adk-deck-draw")
    expect(page.locator("#adk-deck-draw .srd-roll__seed")).to_have_text("4", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#acd-draw .srd-widget__result .srd-roll")).to_have_count(0)  # it asked first
    expect(page.locator("#acd-seed")).to_have_value("")

    query = urlencode({"factions": "Heroes, Villains", "jokers": "1", "seed": "6"})
    page.goto(f"{site_url}action-cards/?{query}#acd-draw")
    expect(page.locator("#acd-draw .srd-roll__seed")).to_have_text("6", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#acd-jokers-1")).to_be_checked()
    # The deck draw asks after the card draw: a fresh answer of its odds comes after any roll of its own.
    wait_ready(page, "#adk-deck-draw")
    page.fill("#adk-draws", "3")
    expect(page.locator("#adk-deck-draw .srd-reading__notation")).to_contain_text("3")
    expect(page.locator("#adk-deck-draw .srd-widget__result .srd-roll")).to_have_count(0)
    expect(page.locator("#adk-seed")).to_have_value("")
    assert page_errors == []
