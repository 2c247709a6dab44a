"""The X-in-Y widgets in headless chromium against the built site: the check roller, the
attack builder and the volley resolver. Expected values come from the engine (its CLI or
``rules_engine`` imported), never from copied numbers; the tests click, type and read as a
reader does."""

from __future__ import annotations

from functools import partial
from urllib.parse import parse_qs, urlsplit

from browser_widgets import cli_roll_lines, fill_fields
from playwright.sync_api import Page, expect

from rules_engine.xy_checks import SYSTEM
from rules_engine.xy_checks.actions import ACTIONS

ENGINE_LOAD_MS = 60_000
CHECK, ATTACK, VOLLEY = "#xyc-roller", "#xya-builder", "#xyv-resolver"


def open_page(page: Page, site_url: str, query: str = "") -> None:
    page.goto(f"{site_url}xy-checks/{query}")
    for widget in (CHECK, ATTACK, VOLLEY):
        expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{CHECK} .srd-reading__notation")).to_be_visible()


cli_lines = partial(
    cli_roll_lines, "xy-checks"
)  # what `python -m rules_engine roll xy-checks NOTATION --seed SEED` prints


def lines(page: Page, widget: str) -> list[str]:
    return page.locator(f"{widget} .srd-widget__result .srd-widget__explain .srd-widget__line").all_inner_texts()


def roll(page: Page, widget: str, prefix: str, seed: str) -> list[str]:
    page.fill(f"#{prefix}-seed", seed)
    page.press(f"#{prefix}-seed", "Enter")  # Enter in a field rolls, as the button does
    expect(page.locator(f"{widget} .srd-roll__seed")).to_have_text(seed)
    return lines(page, widget)


def permalink_params(page: Page, widget: str) -> tuple[str, dict[str, str]]:
    href = page.get_attribute(f"{widget} .srd-roll__permalink", "href")
    link = urlsplit(href)
    return href, {"#": link.fragment, **{k: v[0] for k, v in parse_qs(link.query, keep_blank_values=True).items()}}


def test_the_check_roller_shows_the_engines_odds_and_rolls_as_the_cli(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#xyc-check", "5/6")
    page.fill("#xyc-tn", "-3")
    page.fill("#xyc-bonus", "1")
    fields = {"check": "5/6", "tn": "-3", "bonus": "1", "penalty": "0", "crit": ""}
    expected = ACTIONS["check_odds"]({"fields": fields})
    expect(page.locator(f"{CHECK} .srd-reading__notation")).to_have_text(expected["notation"])
    expect(page.locator(f"{CHECK} .srd-xy-check")).to_have_text(expected["check"])
    expect(page.locator(f"{CHECK} [data-odds=success] .srd-pct")).to_have_text(expected["success_percent"])
    assert page.inner_text(f"{CHECK} [data-odds=success] .srd-exact") == expected["p_success"]
    rows = page.locator(f"{CHECK} .srd-xy-degrees tbody tr")
    assert rows.count() == len(expected["bars"])
    for i, bar in enumerate(expected["bars"]):
        cells = rows.nth(i).locator("th, td").all_inner_texts()
        assert [cells[0], cells[1], cells[3]] == [bar["label"], bar["percent"], bar["ratio"]]

    seed = "7"
    cli = cli_lines(expected["notation"], seed)
    assert roll(page, CHECK, "xyc", seed) == cli
    rolled = SYSTEM.roll(expected["notation"], int(seed)).result
    dice = page.locator(f"{CHECK} .srd-dice .srd-die")
    assert dice.all_inner_texts() == [str(f) for f in rolled.faces]
    for i, hit in enumerate(rolled.hits):
        assert f"srd-die--{'hit' if hit else 'miss'}" in dice.nth(i).get_attribute("class")
        assert dice.nth(i).get_attribute("aria-label").startswith(f"Die {i + 1}: {rolled.faces[i]}")

    href, params = permalink_params(page, CHECK)
    assert params == {"#": "xyc-roller", "w": "xyc", **fields, "seed": seed}
    phone_page.goto(href)
    expect(phone_page.locator(f"{CHECK} .srd-roll__seed")).to_have_text(seed, timeout=ENGINE_LOAD_MS)
    assert lines(phone_page, CHECK) == cli
    assert phone_page.input_value("#xyc-tn") == "-3"
    # the other widgets ignore a permalink that is not theirs
    expect(phone_page.locator(f"{VOLLEY} .srd-roll__seed")).to_have_count(0)
    assert page_errors == []


def test_the_crit_option_and_a_bad_check(page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#xyc-check", "4/6")
    page.check("#xyc-crit")
    expected = ACTIONS["check_odds"]({"fields": {"check": "4/6", "crit": "on"}})
    expect(page.locator(f"{CHECK} .srd-reading__notation")).to_have_text(expected["notation"])
    expect(page.locator(f"{CHECK} .srd-widget__odds .srd-odds__note").last).to_contain_text(expected["cut_mass"])
    # a die off the ladder: the engine's message and a caret under the field, once typing pauses
    page.fill("#xyc-check", "4/7")
    page.press("#xyc-check", "Tab")
    message = page.locator("#xyc-check-error .srd-field__message")
    expect(message).to_contain_text("ladder")
    expect(page.locator("#xyc-check")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#xyc-check-error .srd-caret")).to_contain_text("4/7\n  ^")
    page.fill("#xyc-check", "4/8")
    expect(message).to_have_count(0)
    assert page_errors == []


def test_the_attack_builder_builds_the_engines_check(page, site_url, page_errors):
    open_page(page, site_url)
    page.get_by_label("Fully (−3 TN)").check()
    page.get_by_label("Attacker (+1 TN)").check()
    typed = {"attack_bonus": "2", "disadvantages": "1"}
    fill_fields(page, "xya", typed)
    fields = {"defence": "fully", "form": "attacker", "advantages": "0", "crit": "", **typed}
    expected = ACTIONS["attack_odds"]({"fields": fields})
    expect(page.locator(f"{ATTACK} .srd-reading__notation")).to_have_text(expected["notation"])
    expect(page.locator(f"{ATTACK} .srd-xy-check")).to_have_text(expected["check"])
    expect(page.locator(f"{ATTACK} .srd-xy-steps li")).to_have_text(expected["steps"])
    expect(page.locator(f"{ATTACK} [data-odds=success] .srd-pct")).to_have_text(expected["success_percent"])
    assert roll(page, ATTACK, "xya", "11") == cli_lines(expected["notation"], "11")
    _, params = permalink_params(page, ATTACK)
    assert params["defence"] == "fully" and params["form"] == "attacker" and params["w"] == "xya"
    assert page_errors == []


def test_the_volley_resolver_one_side(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    typed = {"attackers": "5/6 +1b, 2x 4/6, 3/6", "targets": "fully, barely superior, 2"}
    fill_fields(page, "xyv", typed)
    fields = {"mode": "volley", "order": "lightest", "other": "4/6, 3/6, 3/6", "tie": "min", **typed}
    expected = ACTIONS["volley_odds"]({"fields": fields})
    expect(page.locator(f"{VOLLEY} .srd-reading__notation")).to_have_text(expected["notation"])
    rows = page.locator(f"{VOLLEY} .srd-xy-targets tbody tr")
    expect(rows).to_have_count(len(expected["targets"]))
    for i, target in enumerate(expected["targets"]):
        cells = rows.nth(i).locator("th, td").all_inner_texts()
        assert cells[0] == f"{target['target']}: {target['label']}" and cells[1] == str(target["priority"])
        assert cells[3] == target["mean_damage"]
    assert page.inner_text(f"{VOLLEY} [data-odds=mean-damage] .srd-pct") == expected["mean_damage"]

    seed = "21"
    cli = cli_lines(expected["notation"], seed)
    assert roll(page, VOLLEY, "xyv", seed) == cli
    rolled = SYSTEM.roll(expected["notation"], int(seed)).to_json()
    hit_targets = page.locator(f"{VOLLEY} .srd-xy-hit-targets li")
    for i, target in enumerate(rolled["targets"]):
        text = hit_targets.nth(i).inner_text()
        assert text.startswith(f"Target {i + 1} ({target['label']}): ")
        assert (f"= {target['damage']} damage" in text) if target["hits"] else text.endswith("no hits")
    faces = [str(f) for a in rolled["attackers"] for f in a["dice"] + a["crit_dice"]]
    assert page.locator(f"{VOLLEY} .srd-xy-attackers .srd-die").all_inner_texts() == faces

    href, _ = permalink_params(page, VOLLEY)
    phone_page.goto(href)
    expect(phone_page.locator(f"{VOLLEY} .srd-roll__seed")).to_have_text(seed, timeout=ENGINE_LOAD_MS)
    assert lines(phone_page, VOLLEY) == cli
    assert phone_page.input_value("#xyv-targets") == fields["targets"]
    assert page_errors == []


def test_the_volley_resolver_contested(page, site_url, page_errors):
    open_page(page, site_url)
    page.get_by_label("Both sides (contested)").check()
    expect(page.locator("#xyv-targets")).to_be_hidden()
    expect(page.locator("#xyv-other")).to_be_visible()
    page.get_by_label("Full damage for both").check()
    fields = {
        "mode": "contest",
        "attackers": page.input_value("#xyv-attackers"),
        "other": page.input_value("#xyv-other"),
        "tie": "full",
        "targets": "",
        "order": "",
    }
    expected = ACTIONS["volley_odds"]({"fields": fields})
    expect(page.locator(f"{VOLLEY} .srd-reading__notation")).to_have_text(expected["notation"])
    for key in ("first-more", "second-more", "tie"):
        exact = expected["p_" + key.replace("-", "_")]
        assert page.inner_text(f"{VOLLEY} [data-odds={key}] .srd-exact") == exact
    assert roll(page, VOLLEY, "xyv", "5") == cli_lines(expected["notation"], "5")
    # a bad attacker: the message and caret under the other side's field
    page.fill("#xyv-other", "4/6, 9/6")
    page.press("#xyv-other", "Tab")
    expect(page.locator("#xyv-other-error .srd-field__message")).to_contain_text("sure thing")
    assert page_errors == []
