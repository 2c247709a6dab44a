"""The Action! combat calculator on the combat page, in headless chromium: it opens with
its first answer drawn, the notation buttons beside the rules (Shots, heroic actions,
covering fire, falling, mooks, conflicts) load it, it answers what a reader types with the
engine's exact working out, places a refusal under its field, reads at 360 px; and the
damage calculator's 'Solid object behind' field reaches the engine."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from rules_engine.action import SYSTEM
from rules_engine.action.combat.actions import COMBAT_EXAMPLE

ENGINE_LOAD_MS = 60_000
CALC = "#acc-calculator"
DAMAGE = "#ad-calculator"


def engine_lines(notation: str) -> list[str]:
    return SYSTEM.odds(notation).lines()


def shown_lines(page: Page) -> list[str]:
    return page.locator(f"{CALC} .srd-widget__result .srd-widget__line").all_inner_texts()


def test_the_combat_calculator_works_out_each_rule_from_the_text(page: Page, site_url, page_errors):
    page.goto(f"{site_url}action-combat/")
    expect(page.locator(f"{CALC} .srd-combat__notation")).to_have_text(COMBAT_EXAMPLE)  # built in, before the engine
    expect(page.locator(CALC)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    assert shown_lines(page) == engine_lines(COMBAT_EXAMPLE)
    for notation in (
        "heroic 4",
        "shots agility 4 wits 3 luck 5 spend 2",
        "cover 12",
        "fall 6 stunt 3 agility 2",
        "conflict chase 17",
        "mook 8 vs 5 ev 6 vs 2 inspired",
    ):
        button = page.locator(f'button.srd-notation[data-notation="{notation}"]').first
        expect(button).to_be_enabled()
        button.click()
        expect(page.locator("#acc-notation")).to_have_value(notation)
        expect(page.locator(f"{CALC} .srd-combat__notation")).to_have_text(SYSTEM.odds(notation).to_json()["notation"])
        assert shown_lines(page) == engine_lines(notation)
    # typed by a reader, Enter works it out; a refusal is placed under the field
    page.fill("#acc-notation", "heroic 2")
    page.press("#acc-notation", "Enter")
    expect(page.locator(f"{CALC} .srd-combat__notation")).to_have_text("heroic 2")
    assert shown_lines(page) == engine_lines("heroic 2")
    page.fill("#acc-notation", "fall 999")
    page.press("#acc-notation", "Enter")
    expect(page.locator("#acc-notation-error")).to_contain_text("must be from 0 to 200, not 999")
    assert page_errors == []


def test_the_combat_calculator_reads_on_a_phone(phone_page: Page, site_url, page_errors):
    phone_page.goto(f"{site_url}action-combat/")
    expect(phone_page.locator(CALC)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    phone_page.locator('button.srd-notation[data-notation="mook 8 vs 5 ev 6 vs 2 inspired"]').first.click()
    canonical = SYSTEM.odds("mook 8 vs 5 ev 6 vs 2 inspired").to_json()["notation"]
    expect(phone_page.locator(f"{CALC} .srd-combat__notation")).to_have_text(canonical)
    widths = phone_page.evaluate(f"""() => {{
        const box = document.querySelector("{CALC}");
        return [box.scrollWidth, box.clientWidth, document.documentElement.scrollWidth, window.innerWidth];
    }}""")
    assert widths[0] <= widths[1] and widths[2] <= widths[3], widths
    expect(phone_page.locator(f"{CALC} .srd-widget__result")).to_have_attribute("aria-live", "polite")
    assert page_errors == []


def test_the_damage_calculator_takes_a_solid_object_behind(page: Page, site_url, page_errors):
    page.goto(f"{site_url}action-combat/")
    expect(page.locator(DAMAGE)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    for name, value in (("damage", "30"), ("health", "20"), ("toughness", "3"), ("mass", "2")):
        page.fill(f"#ad-{name}", value)
    page.get_by_label("Solid object behind (m)").fill("1")
    page.press("#ad-wall", "Enter")
    expected = SYSTEM.odds("damage 30 health 20 toughness 3 mass 2 wall 1").to_json()
    expect(page.locator(f'{DAMAGE} [data-key="wall"] dd')).to_have_text(f"{expected['wall_damage']} damage to each")
    page.fill("#ad-wall", "x")
    page.press("#ad-wall", "Enter")
    expect(page.locator("#ad-wall-error")).to_contain_text("Solid object behind (m) must be a whole number")
    assert page_errors == []


def test_the_card_stack_button_plays_the_stack_in_the_calculator(page: Page, site_url, page_errors):
    notation = "stack Ann, Bo, Cy, d10; Ann acts; Bo takes 6 of health 20; Cy defends; Ann acts snapshot -6"
    page.goto(f"{site_url}action-combat/")
    expect(page.locator(CALC)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    button = page.locator(
        f'#another-way-to-run-initiative-the-card-stack ~ p button.srd-notation[data-notation="{notation}"]'
    ).first
    expect(button).to_be_enabled()
    button.click()
    expect(page.locator("#acc-notation")).to_have_value(notation)
    expect(page.locator(f"{CALC} .srd-combat__notation")).to_have_text(notation)
    expect(page.locator(f"{CALC} .srd-widget__result .srd-widget__line").last).to_have_text("out of action: Bo")
    lines = shown_lines(page)
    assert "order now: Ann, Cy, d10" in lines
    assert lines == engine_lines(notation)
    assert page_errors == []
