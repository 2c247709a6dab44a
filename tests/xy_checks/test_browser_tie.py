"""X-in-Y's tiebreaker by numbers on the page: the notation button for ``tie fewer`` loads
the volley resolver as a contest with 'Fewer combatants have initiative' chosen, and the
resolver shows the engine's exact odds for it; choosing 'More combatants have initiative'
by keyboard changes the tie the engine settles on."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from rules_engine.xy_checks.actions import ACTIONS

ENGINE_LOAD_MS = 60_000
VOLLEY = "#xyv-resolver"
NOTATION = "contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6 tie fewer"


def expected(tie: str) -> dict:
    fields = {
        "mode": "contest",
        "attackers": "5/6 +1b, 4/6",
        "other": "4/6, 2x 3/6",
        "tie": tie,
        "targets": "",
        "order": "",
    }
    return ACTIONS["volley_odds"]({"fields": fields})


def test_a_tie_by_numbers_from_the_text_into_the_resolver(page: Page, site_url, page_errors):
    page.goto(f"{site_url}xy-checks/")
    expect(page.locator(VOLLEY)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    button = page.locator(f'button.srd-notation[data-notation="{NOTATION}"]')
    expect(button).to_be_enabled()
    button.click()
    fewer = page.get_by_label("Fewer combatants have initiative")
    expect(fewer).to_be_checked()
    answer = expected("fewer")
    assert answer["notation"].endswith("tie first")
    expect(page.locator(f"{VOLLEY} .srd-reading__notation")).to_have_text(answer["notation"])
    for key in ("first-more", "second-more", "tie"):
        expect(page.locator(f"{VOLLEY} [data-odds={key}] .srd-exact")).to_have_text(
            answer["p_" + key.replace("-", "_")]
        )
    fewer.focus()
    page.keyboard.press("ArrowUp")  # the radio group by keyboard: up to 'More combatants …'
    expect(page.get_by_label("More combatants have initiative")).to_be_checked()
    more = expected("more")
    expect(page.locator(f"{VOLLEY} .srd-reading__notation")).to_have_text(more["notation"])
    assert more["notation"].endswith("tie second")
    assert page_errors == []
