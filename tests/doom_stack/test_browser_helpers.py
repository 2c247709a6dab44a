"""Doom Stack's table helpers in headless chromium, on the built site: the stack chooser
under the roller and the attack helper. Expected values come from the engine on this
machine (``rules_engine``), and the stacks also from a brute-force list of subsets."""

from __future__ import annotations

import json
import re

from browser_kit import ENGINE_LOAD_MS, assert_no_sideways_scroll, height, use_theme
from playwright.sync_api import Page, expect

from doom_stack.test_stacks import brute_force_stacks
from rules_engine.web import call

ROLLER = "#ds-roller"
PICKS = f"{ROLLER} .srd-widget__stacks input[type=radio]"
STATUS = f"{ROLLER} .srd-ds-stacks__status"
HELPER = "#dsa-helper"
ATTACK_RESULT = f"{HELPER} .srd-widget__odds"


def engine(**request) -> dict:
    reply = json.loads(call(json.dumps({"system": "doom-stack", **request})))
    assert reply["ok"], reply
    return reply["result"]


def open_page(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(HELPER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def stack_shape(text: str, dice: list[int]) -> tuple[int | None, int, int]:
    """``6 + 6 + 1 = 13`` (or ``6``) as (face, how many of it, how many ones)."""
    parts = [int(p) for p in text.split("=")[0].split("+")]
    assert all(p in dice for p in parts)
    faces = {p for p in parts if p != 1}
    return (faces.pop() if faces else None, sum(1 for p in parts if p != 1), parts.count(1))


# --- the stack chooser -----------------------------------------------------------------------
def test_a_seeded_roll_lists_exactly_the_stacks_the_dice_allow(page, site_url, page_errors):
    open_page(page, site_url)
    for name, value in {"attribute": "4", "skill": "3", "modifiers": "0", "tn": "6", "seed": "2024"}.items():
        page.fill(f"#ds-{name}", value)
    page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(".srd-roll__seed")).to_have_text("2024")
    expected = engine(action="roll", notation="7d6 vs TN 6", seed=2024)
    dice = [int(d) for d in page.locator(f"{ROLLER} .srd-dice .srd-die").all_inner_texts()]
    assert dice == expected["dice"]

    picks = page.locator(PICKS)
    expect(picks).to_have_count(expected["stacks_total"])
    rows = page.locator(f"{ROLLER} .srd-ds-stacks__table tbody tr")
    shown = [rows.nth(i).locator("td").first.inner_text().strip() for i in range(rows.count())]
    # Brute force over every subset of the dice on screen: the same stacks, each once.
    shapes = [stack_shape(text, dice) for text in shown]
    assert len(shapes) == len(set(shapes)) and set(shapes) == set(brute_force_stacks(tuple(dice)))
    # Each row is named by the engine's own line for it, and says its result and what is left.
    for i, stack in enumerate(expected["stacks"]):
        assert picks.nth(i).get_attribute("aria-label") == stack["line"]
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells[2].split(" (")[0] == (" ".join(map(str, stack["attention_pool"])) or "empty")
        verdict = "Glitch" if stack["glitch"] else "Success" if stack["success"] else "Failure"
        assert cells[1].startswith(verdict)
    expect(page.locator(f"{ROLLER} .srd-ds-stacks__table caption")).to_have_text(expected["stacks_heading"])

    # The roller's own stack is picked; the status line (a live region) says what it took.
    expect(picks.first).to_be_checked()
    assert page.get_attribute(STATUS, "aria-live") == "polite"
    expect(page.locator(STATUS)).to_contain_text(f"{expected['stacks_total']} stacks to choose from")

    # Keyboard: the arrow key picks the next stack; the dice and the status line follow it.
    picks.first.focus()
    page.keyboard.press("ArrowDown")
    expect(picks.nth(1)).to_be_checked()
    second = expected["stacks"][1]
    expect(page.locator(STATUS)).to_contain_text(re.compile(r"^Chosen: "))
    expect(page.locator(STATUS)).to_contain_text(f"attention pool {' '.join(map(str, second['attention_pool']))}")
    in_stack = page.locator(f"{ROLLER} .srd-dice .srd-die")
    stacked = [
        i
        for i in range(in_stack.count())
        if re.search(r"srd-die--(stacked|wildcard)", in_stack.nth(i).get_attribute("class"))
    ]
    assert stacked == sorted(second["positions"])
    # A click on a row's label picks it as well.
    rows.nth(2).locator("label").click()
    expect(picks.nth(2)).to_be_checked()
    # "Keep the most for defence" buttons pick the engine's stack for each need.
    keep = page.locator(f"{ROLLER} .srd-ds-stacks__keep button")
    expect(keep).to_have_count(len(expected["keep_most_for_defence"]))
    for index, need in enumerate(expected["keep_most_for_defence"]):
        if need["index"] is None:
            expect(keep.nth(index)).to_be_disabled()
            continue
        keep.nth(index).click()
        expect(picks.nth(need["index"])).to_be_checked()
        expect(page.locator(STATUS)).to_contain_text(
            " ".join(map(str, expected["stacks"][need["index"]]["attention_pool"])) or "no attention pool"
        )
    assert page_errors == []


def test_a_roll_without_a_tn_and_a_roll_of_no_dice(page, site_url, page_errors):
    open_page(page, site_url)
    for name, value in {"attribute": "0", "skill": "0", "modifiers": "0", "tn": "", "seed": "3"}.items():
        page.fill(f"#ds-{name}", value)
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("3")
    expect(page.locator(f"{ROLLER} .srd-ds-stacks__none")).to_have_text(
        "Stacks you can choose: none, there are no dice"
    )
    expect(page.locator(PICKS)).to_have_count(0)
    assert page_errors == []


# --- the attack helper -----------------------------------------------------------------------
def helper_lines(page: Page) -> list[str]:
    return page.locator(f"{ATTACK_RESULT} .srd-widget__line").all_inner_texts()


def test_the_attack_helper_resolves_as_the_engine_does(page, site_url, page_errors):
    open_page(page, site_url)
    # The defaults, 9 against 4, at once.
    default = engine(action="odds", notation="attack 9 vs 4")
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__headline")).to_have_text("5 damage: 5 physical, 0 stun")
    assert helper_lines(page) == default["lines"]
    assert page.get_attribute(ATTACK_RESULT, "aria-live") == "polite"

    # Keyboard alone: type into the fields, Space ticks antitank.
    values = {"attack": "10", "defence": "2", "body": "3", "hard": "2", "physical": "7"}
    for name, value in values.items():
        page.fill(f"#dsa-{name}", value)
    page.focus("#dsa-antitank")
    page.keyboard.press("Space")
    expect(page.locator("#dsa-antitank")).to_be_checked()
    expected = engine(action="odds", notation="attack 10 vs 2 body 3 hard 2 antitank track XXXXXXX")
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__headline")).to_have_text("8 damage: 3 physical, 3 stun")
    assert helper_lines(page) == expected["lines"]
    track = page.locator(f"{ATTACK_RESULT} .srd-ds-track")
    assert track.get_attribute("aria-label") == "Hit boxes: 8 physical, 0 stun, 0 empty; overflow 5"
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__state")).to_have_text("Dying and knocked out")
    bleed = expected["bleeding_out"]
    expect(page.locator(f"{ATTACK_RESULT} .srd-exact[data-bleed-odds=death]")).to_have_text(bleed["p_death"])
    expect(page.locator(f"{ATTACK_RESULT} .srd-pct[data-bleed-odds=stabilise]")).to_have_text(
        bleed["percent_stabilise"]
    )
    assert bleed["p_death"] == "125/216"

    # Cover by mouse: the defender's stack stays, one pip smaller.
    page.click("label[for=dsa-cover]")
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__headline")).to_contain_text("keeps a stack of 1")

    # Bad input: the engine's message under the field; the last result stays, marked.
    page.fill("#dsa-stun", "5")
    page.press("#dsa-stun", "Enter")
    reply = json.loads(
        call(
            json.dumps(
                {
                    "system": "doom-stack",
                    "action": "attack_fields",
                    "fields": {**values, "antitank": "on", "cover": "on", "stun": "5"},
                }
            )
        )
    )
    expect(page.locator("#dsa-stun-error")).to_have_text(reply["error"]["message"])
    expect(page.locator("#dsa-stun")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"{ATTACK_RESULT} .srd-stale-label")).to_contain_text(
        "Result for the last valid input: attack 10"
    )
    page.fill("#dsa-stun", "0")
    expect(page.locator("#dsa-stun-error")).to_have_text("")
    expect(page.locator(f"{ATTACK_RESULT} .srd-stale-label")).to_have_count(0)
    assert page_errors == []


def test_the_helpers_fit_a_phone_and_never_move_the_page(phone_page, site_url, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    page.goto(site_url + "doom-stack/")
    boxes = (HELPER, ATTACK_RESULT, f"{ROLLER} .srd-ds-stacks")
    loading = {s: height(page, s) for s in boxes}
    expect(page.locator(HELPER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__headline")).to_be_visible()
    assert {s: height(page, s) for s in boxes} == loading

    # The biggest result: a long track, dying, every line of the working.
    for name, value in {
        "attack": "1800",
        "defence": "3",
        "body": "40",
        "hard": "20",
        "boxes": "100",
        "physical": "60",
        "stun": "39",
        "overflow": "1",
    }.items():
        page.fill(f"#dsa-{name}", value)
    page.check("#dsa-antitank")
    page.check("#dsa-cover")
    expect(page.locator(f"{ATTACK_RESULT} .srd-ds-attack__headline")).to_contain_text("1797 damage")
    assert {s: height(page, s) for s in boxes} == loading

    # A roll of a big pool: the chooser's box keeps its height and scrolls.
    page.fill("#ds-attribute", "12")
    page.fill("#ds-skill", "12")
    page.fill("#ds-seed", "5")
    page.press("#ds-seed", "Enter")
    expect(page.locator(".srd-roll__seed")).to_have_text("5")
    expect(page.locator(PICKS).first).to_be_checked()
    assert height(page, f"{ROLLER} .srd-ds-stacks") == loading[f"{ROLLER} .srd-ds-stacks"]
    scroller = page.locator(f"{ROLLER} .srd-ds-stacks__scroll")
    assert scroller.evaluate("s => s.scrollHeight > s.clientHeight")
    assert_no_sideways_scroll(page, "doom-stack helpers")
    width = page.evaluate("window.innerWidth")
    for selector in ("#dsa-attack", "#dsa-overflow", "#dsa-antitank", f"{HELPER} button[type=submit]", scroller):
        box = (page.locator(selector) if isinstance(selector, str) else selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    assert page_errors == []
