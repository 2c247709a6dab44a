"""The Action! damage calculator in headless chromium, against the real built site (the
engine wheel in the site's own Pyodide). Expected values come from the engine imported
here, never from numbers copied into the test; the test types and clicks as a reader does
and reads what a reader reads."""

from __future__ import annotations

from browser_kit import height
from browser_layout import assert_shown_in_place, open_and_measure
from browser_widgets import leave_refused, wait_ready
from playwright.sync_api import Page, expect

from rules_engine.action.combat.damage import DamageReport, Hit

CALC = "#ad-calculator"
RESULT = f"{CALC} .srd-widget__result"
# What must stay inside a phone's screen with the tallest result shown.
INSIDE = (
    "#ad-damage",
    "#ad-opt-shaken",
    "#ad-penalty-seriousness",
    f"{CALC} button[type=submit]",
    f"{RESULT} .srd-action-damage__mooks",
)


def open_page(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}action-combat/")
    wait_ready(page, CALC)
    expect(page.locator(f"{RESULT} .srd-action-damage__happens")).to_be_visible()


def shown_numbers(page: Page) -> dict[str, str]:
    """Label → value, as the result's lists show them."""
    items = page.locator(f"{RESULT} .srd-action-damage__item")
    return {
        items.nth(i).locator("dt").inner_text(): items.nth(i).locator("dd").inner_text() for i in range(items.count())
    }


def expect_report(page: Page, report: DamageReport) -> None:
    """The result region shows what the engine says about ``report``'s hit."""
    data = report.to_json()
    expect(page.locator(f"{RESULT} .srd-action-damage__notation code")).to_have_text(data["notation"])
    expect(page.locator(f"{RESULT} .srd-action-damage__happens")).to_have_text(
        "What happens: " + "; ".join(data["happens"])
    )
    numbers = shown_numbers(page)
    assert numbers["Shock"].split(" ")[0] == str(data["shock"])
    assert numbers["Wounds"].split(" ")[0] == str(data["wounds"])
    assert numbers["Glass-jaw mook"] == data["mooks"]["glass-jaw"]["effect"]
    assert numbers["Advanced mook"] == data["mooks"]["advanced"]["effect"]
    assert numbers[f"Speed-bump mooks (WT {data['threshold']})"] == f"{data['mooks']['speed-bump']['down']} down"
    if data["impairment"] is not None:
        assert numbers["Impairment"] == str(data["impairment"])
    if data["knockback_m"] is not None:
        assert numbers["Knockback"].startswith(f"{data['knockback_m']} m")


def test_the_result_follows_the_fields_and_the_options(page, site_url, page_errors):
    open_page(page, site_url)
    expect_report(page, DamageReport(Hit(12, 5, 20, 3, 5)))  # the form's starting values
    for name, value in (("damage", "23"), ("threshold", "10"), ("health", "30"), ("toughness", "3"), ("mass", "4")):
        page.fill(f"#ad-{name}", value)
    page.get_by_role("radio", name="−1 per wound", exact=True).check()
    expected = DamageReport(Hit(23, 10, 30, 3, 4, options=frozenset({"wound-penalty"})))
    expect_report(page, expected)
    assert shown_numbers(page)["Impairment"] == "-2" and shown_numbers(page)["Knockback"] == "3 m, knocked down"

    # Keyboard only: from the first penalty radio, the arrow keys move along the group.
    page.focus("#ad-penalty-none")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#ad-penalty-percentile")).to_be_checked()
    expect_report(page, DamageReport(Hit(23, 10, 30, 3, 4, options=frozenset({"percentile"}))))
    page.focus("#ad-opt-stun")
    page.keyboard.press("Space")
    expect_report(page, DamageReport(Hit(23, 10, 30, 3, 4, options=frozenset({"percentile", "stun"}))))
    assert shown_numbers(page)["Shots lost"] == "2"
    assert page_errors == []


def test_three_wounds_roll_luck_at_5_10_and_15(page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#ad-damage", "15")
    page.fill("#ad-luck", "5")
    page.get_by_role("radio", name="Variable", exact=True).check()
    roll = page.locator(f"{RESULT} [data-roll=cinematic]")
    expect(roll.locator(".srd-action-damage__roll")).to_have_text(
        "Luck rolls at 5, 10, 15: passes all with 0.55%; failing: one Cinematic Wound"
    )
    expect(roll.locator(".srd-action-damage__exact")).to_have_text("184/33275")
    chance = DamageReport(Hit(15, 5, 20, 3, 5, luck=5, options=frozenset({"cinematic-variable"}))).to_json()
    assert chance["rolls"]["cinematic"]["pass_all"] == "184/33275"
    # Without a Luck value, the difficulties are still shown, and the chance is asked for.
    page.fill("#ad-luck", "")
    expect(roll).to_contain_text("give the value rolled for its chance")
    assert page_errors == []


def test_a_bad_field_is_named_and_the_result_is_marked_old(page, site_url, page_errors):
    open_page(page, site_url)
    leave_refused(page, "#ad-threshold", "0", "Wound Threshold must be from 1 to 100")
    expect(page.locator(RESULT)).to_have_attribute("data-stale", "")
    page.fill("#ad-threshold", "4")
    expect(page.locator("#ad-threshold-error")).to_be_empty()
    expect_report(page, DamageReport(Hit(12, 4, 20, 3, 5)))
    page.fill("#ad-damage", "999")
    page.fill("#ad-threshold", "1")
    page.fill("#ad-luck", "3")
    page.get_by_role("radio", name="Variable", exact=True).check()
    page.locator("#ad-luck").blur()
    expect(page.locator("#ad-luck-error")).to_contain_text("at most 20")
    assert page_errors == []


def test_the_result_is_announced_and_the_fields_are_labelled(page, site_url):
    open_page(page, site_url)
    assert page.get_attribute(RESULT, "aria-live") == "polite"
    for name in ("damage", "threshold", "health", "toughness", "mass", "wounds", "shock", "focus", "luck"):
        label = page.locator(f"label[for=ad-{name}]")
        assert label.count() == 1 and label.inner_text().strip()


def show_the_tallest_result(page: Page) -> None:
    """Every roll shown with its exact chance, every kind of event, every option on."""
    for name, value in (
        ("damage", "37"),
        ("threshold", "4"),
        ("health", "12"),
        ("toughness", "40"),
        ("mass", "2"),
        ("wounds", "3"),
        ("shock", "7"),
        ("focus", "-6"),
        ("luck", "-9"),
    ):
        page.fill(f"#ad-{name}", value)
    page.get_by_role("radio", name="Percentile", exact=True).check()
    page.get_by_role("radio", name="Variable", exact=True).check()
    for option in ("shock-roll", "stun", "dark-times", "shaken", "sand"):
        page.check(f"#ad-opt-{option}")
    expect(page.locator(f"{RESULT} [data-roll=wake]")).to_be_visible()
    expect(page.locator(f"{RESULT} .srd-action-damage__notation code")).to_contain_text("with percentile shock-roll")


def test_the_tallest_result_fits_its_reserved_space_on_a_desktop(page, site_url, page_errors):
    page.goto(f"{site_url}action-combat/")
    loading = height(page, RESULT)
    wait_ready(page, CALC)
    show_the_tallest_result(page)
    assert height(page, RESULT) == loading
    assert page_errors == []


def test_the_calculator_fits_a_phone_and_never_moves_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    loading = open_and_measure(
        page, site_url, theme, "action-combat/", [RESULT], [CALC], [f"{RESULT} .srd-action-damage__happens"]
    )
    show_the_tallest_result(page)
    assert_shown_in_place(page, loading, "action-combat with the tallest result", INSIDE)
    assert page_errors == []
