"""The damage-roll builder and the Health-save helper in headless chromium, against the real
built site: a reader ticks, picks and types, and reads the notation and the odds the engine
(imported here) gives for the same inputs; rolls show the engine's dice; at phone width in
both themes nothing moves or overflows.
"""

from __future__ import annotations

from dataclasses import replace

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, height
from browser_layout import assert_inside_screen, heights, open_and_measure
from browser_widgets import roll_seeded, wait_ready
from playwright.sync_api import Page, expect

from rules_engine.core.exact import decimal_text, percent, ratio
from rules_engine.dice_and_danger.actions import outcomes_json
from rules_engine.dice_and_danger.builder import Attack, build_damage, health_save
from rules_engine.dice_and_danger.odds import odds
from rules_engine.dice_and_danger.roll import roll
from rules_engine.dice_and_danger.rules import health_save_outcome

BUILDER = "#dg-builder"
HELPER = "#dh-helper"
#: The builder's inputs as the page opens (macros/dice_and_danger.py's DAMAGE_DEFAULTS).
OPENING = Attack(prepared=True, weapon="swords", armour="leather")


def open_page(page: Page, site_url: str, query: str = "") -> None:
    page.goto(f"{site_url}dice-and-danger/{query}")
    wait_ready(page, BUILDER)


def expect_damage(page: Page, attack: Attack) -> None:
    """The builder shows the engine's written notation, canonical form and odds for ``attack``."""
    built = build_damage(attack)
    result = odds(built.query)
    expect(page.locator(f"{BUILDER} .srd-dd-written__notation")).to_have_text(built.written)
    expect(page.locator(f"{BUILDER} .srd-reading__notation")).to_have_text(built.query.notation)
    any_hit = result.p_at_least(1)
    expect(page.locator(f"{BUILDER} [data-odds=any-hit] .srd-pct")).to_have_text(percent(any_hit, 2))
    expect(page.locator(f"{BUILDER} [data-odds=any-hit] .srd-exact")).to_have_text(ratio(any_hit))
    expect(page.locator(f"{BUILDER} [data-odds=mean] .srd-pct")).to_have_text(decimal_text(result.mean, 2))
    expect(page.locator(f"{BUILDER} .srd-dd-steps li")).to_have_count(len(built.steps))
    for k, p in result.dist.probabilities().items():
        row = page.locator(f"{BUILDER} .srd-hits-table tr[data-value='{k}']")
        if row.count():
            expect(row.locator(".srd-exact-cell")).to_have_text(ratio(p))


def test_the_builder_opens_with_its_odds_and_follows_every_choice(page, site_url, page_errors):
    page.goto(f"{site_url}dice-and-danger/")
    # The first answer is built into the page: the default odds show before the engine is ready.
    expect(page.locator(f"{BUILDER} .srd-reading__notation")).to_have_text(build_damage(OPENING).query.notation)
    open_page(page, site_url)
    expect_damage(page, OPENING)
    reserved = height(page, f"{BUILDER} .srd-widget__canonical")

    # The source's knight: acting, expert, prepared, a heavy greatsword (an axe) against hide.
    page.check("#dg-expert")
    page.check("#dg-weapon-axes")
    page.check("#dg-heavy")
    knight = replace(OPENING, expert=True, weapon="axes", heavy=True)
    expect_damage(page, knight)
    expect(page.locator(f"{BUILDER} .srd-reading__notation")).to_have_text("5d vs DC 3")

    # By keyboard: Space ticks the friend's help, arrow keys move the armour to splint (weak
    # against axes: the target's & +1p), the shield to a tower shield.
    page.focus("#dg-friend")
    page.keyboard.press("Space")
    page.focus("#dg-armour-leather")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#dg-armour-splint")).to_be_checked()
    page.check("#dg-shield-tower")
    armoured = replace(knight, friend_helps=True, armour="splint", shield="tower")
    expect_damage(page, armoured)
    expect(page.locator(f"{BUILDER} .srd-dd-written__notation")).to_contain_text("& +1p")

    # Hit Defense: its reading applies only once one is spent.
    expect(page.locator("#dg-hd_reading-bonus")).to_be_disabled()
    page.check("#dg-hit_defense")
    expect(page.locator("#dg-hd_reading-bonus")).to_be_enabled()
    page.check("#dg-hd_reading-bonus")
    spent = replace(armoured, hit_defense_spent=True, hd_reading="bonus")
    expect_damage(page, spent)

    # Heavy and ranged at once: the engine's message under Ranged, the odds marked stale.
    page.check("#dg-ranged")
    expect(page.locator("#dg-ranged-error")).to_contain_text("cannot also be ranged")
    expect(page.locator(f"{BUILDER} .srd-widget__odds")).to_have_attribute("data-stale", "")
    page.uncheck("#dg-heavy")
    expect(page.locator("#dg-ranged-error")).to_be_empty()
    expect_damage(page, replace(spent, heavy=False, ranged=True))

    # No weapon: its traits are out of use and not counted.
    page.check("#dg-weapon-none")
    expect(page.locator("#dg-heavy")).to_be_disabled()
    expect_damage(page, replace(spent, weapon="none", heavy=False))

    # The busiest build still fits the space the builder keeps for its reading.
    page.check("#dg-weapon-swords")
    page.uncheck("#dg-ranged")
    for box in ("#dg-prepared", "#dg-ranged", "#dg-crude", "#dg-off_hand"):
        page.check(box)
    page.check("#dg-shield-shield")
    page.check("#dg-armour-none")
    expect(page.locator(f"{BUILDER} .srd-dd-steps li")).to_have_count(11)
    assert height(page, f"{BUILDER} .srd-widget__canonical") == reserved
    assert page_errors == []


def test_the_builders_roll_is_the_engines_and_its_permalink_brings_it_back(page, site_url, page_errors):
    open_page(page, site_url)
    page.check("#dg-off_hand")
    page.check("#dg-armour-chain")
    attack = replace(OPENING, off_hand=True, armour="chain")
    expect_damage(page, attack)
    page.fill("#dg-seed", "31")
    page.click(f"{BUILDER} button[type=submit]")
    expect(page.locator(f"{BUILDER} .srd-roll__seed")).to_have_text("31")
    rolled = roll(build_damage(attack).query, 31)
    assert page.locator(f"{BUILDER} .srd-dice__group").count() == len(rolled.dice)
    expect(page.locator(f"{BUILDER} .srd-roll__outcome")).to_have_text(
        f"{rolled.hits} {'hit' if rolled.hits == 1 else 'hits'}"
    )
    href = page.locator(f"{BUILDER} a.srd-roll__permalink").get_attribute("href")
    assert "w=dg" in href and "off_hand=on" in href and "armour=chain" in href

    page.goto(href)
    expect(page.locator(f"{BUILDER} .srd-roll__seed")).to_have_text("31", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#dg-off_hand")).to_be_checked()
    expect(page.locator("#dg-armour-chain")).to_be_checked()
    expect_damage(page, attack)

    # An address that carries the builder's inputs (as the page writes them while they are
    # edited) opens on them, with what does not apply out of use.
    page.goto(f"{site_url}dice-and-danger/?dg-expert=on&dg-weapon=axes&dg-heavy=on#dg-builder")
    expect(page.locator(BUILDER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect_damage(page, replace(OPENING, expert=True, weapon="axes", heavy=True))
    page.goto(f"{site_url}dice-and-danger/?dg-weapon=none&dg-heavy=on#dg-builder")
    expect(page.locator(BUILDER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#dg-heavy")).to_be_disabled()
    expect_damage(page, replace(OPENING, weapon="none"))
    assert page_errors == []


def expect_health(page: Page, now: int, had: int, health: int) -> None:
    save = health_save(now, had, health)
    expect(page.locator(f"{HELPER} .srd-dd-save-written")).to_have_text(save.written)
    expect(page.locator(f"{HELPER} .srd-reading__notation")).to_have_text(save.query.notation)
    for outcome in outcomes_json(save.query):
        row = page.locator(f"{HELPER} tr[data-hits='{outcome['hits']}']")
        expect(row.locator(".srd-exact-cell")).to_have_text(outcome["ratio"])
        expect(row.locator(".srd-num")).to_have_text(outcome["percent"])
        expect(row).to_contain_text(outcome["name"])


def test_the_health_save_helper_gives_each_outcome_exactly_and_rolls(page, site_url, page_errors):
    open_page(page, site_url)
    expect(page.locator(HELPER)).to_have_attribute("data-state", "ready")
    expect_health(page, 1, 0, 3)
    page.fill("#dh-conditions_now", "2")
    page.fill("#dh-conditions_had", "1")
    expect_health(page, 2, 1, 3)
    page.fill("#dh-health", "1")  # below 2: DC 2 with one more die
    expect_health(page, 2, 1, 1)

    page.fill("#dh-conditions_now", "0")
    expect(page.locator("#dh-conditions_now-error")).to_have_text(
        "Conditions taken now must be from 1 to 100, not 0"
    )  # its label and range
    expect(page.locator(f"{HELPER} .srd-widget__odds")).to_have_attribute("data-stale", "")
    page.fill("#dh-conditions_now", "3")
    expect(page.locator("#dh-conditions_now-error")).to_be_empty()
    expect_health(page, 3, 1, 1)

    roll_seeded(page, HELPER, "#dh-seed", "8")
    rolled = roll(health_save(3, 1, 1).query, 8)
    expect(page.locator(f"{HELPER} .srd-roll__outcome")).to_contain_text(health_save_outcome(rolled.hits))
    assert page_errors == []


HELPER_REGIONS = (
    *(f"{BUILDER} .srd-widget__{region}" for region in ("canonical", "odds", "result")),
    *(f"{HELPER} .srd-widget__{region}" for region in ("odds", "result")),
)
# What must stay inside a phone's screen with the builder and the helper used.
FIELDS = ("#dg-expert", "#dg-weapon-spears", "#dg-armour-plate", "#dg-shield-tower", "#dg-seed", "#dh-health")
INSIDE = (
    *FIELDS,
    *(f"{BUILDER} {part}" for part in ("button[type=submit]", ".srd-dd-written")),
    *(f"{HELPER} {part}" for part in ("button[type=submit]", ".srd-widget__odds .srd-table-wrap")),
)


def test_the_helpers_fit_a_phone_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    first_drawn = [f"{HELPER} tr[data-hits='0'] .srd-exact-cell"]
    loading = open_and_measure(page, site_url, theme, "dice-and-danger/", HELPER_REGIONS, [BUILDER], first_drawn)

    roll_seeded(page, BUILDER, "#dg-seed", "5")
    roll_seeded(page, HELPER, "#dh-seed", "5")
    assert heights(page, HELPER_REGIONS) == loading

    # The busiest build: every term at once; its rows stay within the space kept for them.
    for box in ("#dg-expert", "#dg-friend", "#dg-hit_defense", "#dg-ranged", "#dg-crude", "#dg-off_hand"):
        page.check(box)
    page.check("#dg-shield-shield")
    page.check("#dg-armour-none")
    expect(page.locator(f"{BUILDER} .srd-dd-steps li")).to_have_count(11)
    assert height(page, f"{BUILDER} .srd-widget__canonical") == loading[f"{BUILDER} .srd-widget__canonical"]
    assert_no_sideways_scroll(page, "dice-and-danger with the builder and the helper used")
    assert_inside_screen(page, INSIDE)
    # Tap targets: every checkbox and radio row is at least 44 px tall on a phone.
    for selector in ("label[for=dg-expert]", "#dg-builder label:has(#dg-weapon-axes)"):
        assert page.locator(selector).bounding_box()["height"] >= 44, selector
    assert page_errors == []
