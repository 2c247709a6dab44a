"""The dice & danger notation roller and character generator in headless chromium, against
the real built site (the engine wheel in the site's own Pyodide, in one Web Worker).

Every expected value comes from the engine on this machine (its CLI, or ``rules_engine``
imported), never from numbers copied into the test. Tests click and type as a reader does
and read what a reader reads.
"""

from __future__ import annotations

import re
from functools import partial
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from browser_widgets import (
    assert_focus_shown,
    cli_roll_lines,
    expect_marked_stale,
    expect_read_without_js,
    focused_id,
    link_words,
    wait_ready,
)
from page_watch import record_shown, shown_texts
from playwright.sync_api import Page, expect

from rules_engine.core.errors import RulesError
from rules_engine.core.exact import decimal_text, percent, ratio
from rules_engine.dice_and_danger import roll_notation
from rules_engine.dice_and_danger.notation import parse
from rules_engine.dice_and_danger.odds import odds
from rules_engine.dice_and_danger.roll import generate_character
from rules_engine.dice_and_danger.rules import ATTRIBUTE_NAMES

ENGINE_LOAD_MS = 60_000  # cold Pyodide start: a few seconds; generous for a loaded CI box
ROLLER = "#dd-roller"
CHARACTER = "#dc-character"
LINES = f"{ROLLER} .srd-widget__explain .srd-widget__line"
CHARACTER_LINES = f"{CHARACTER} .srd-widget__explain .srd-widget__line"
GNARLY = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b"


# --- helpers -------------------------------------------------------------------------------
def open_page(page: Page, site_url: str, query: str = "") -> None:
    """Open the dice & danger page; wait until the engine is ready and the notation is read."""
    page.goto(f"{site_url}dice-and-danger/{query}")
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator("#dd-roller .srd-reading__notation")).to_be_visible()


cli_lines = partial(
    cli_roll_lines, "dice-and-danger"
)  # what `python -m rules_engine roll dice-and-danger NOTATION --seed SEED` prints


def roll(page: Page, seed: str) -> list[str]:
    """Type ``seed``, click Roll, return the explanation lines once this roll is shown."""
    page.fill("#dd-seed", seed)
    page.click(f"{ROLLER} button[type=submit]")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed)
    return page.locator(LINES).all_inner_texts()


def seed_with_a_crit(notation: str) -> str:
    """The first seed whose roll of ``notation`` explodes, so the chains are drawn."""
    return str(next(seed for seed in range(1, 1000) if roll_notation(notation, seed).explosions))


def check_dice(page: Page, notation: str, seed: str) -> None:
    """The dice drawn are the engine's: each die in roll order, dropped ones struck out with
    the reason, and each kept 6 followed by the dice its crit rolled."""
    rolled = roll_notation(notation, int(seed))
    groups = page.locator(f"{ROLLER} .srd-dice__group")
    assert groups.count() == len(rolled.dice)
    chains = iter(rolled.chains())
    for position, value in enumerate(rolled.dice):
        faces = groups.nth(position).locator(".srd-die")
        first = faces.first
        assert first.inner_text() == str(value)
        label = first.get_attribute("aria-label")
        assert label.startswith(f"Die {position + 1}: {value}, ")
        if position in rolled.dropped:
            assert "srd-die--dropped" in first.get_attribute("class")
            assert label.endswith("drop the " + ("highest" if rolled.query.drops_highest else "lowest"))
            assert faces.count() == 1
        elif faces.count() > 1:  # a crit: the chain 6 → … as the engine's "Crits" line has it
            assert faces.all_inner_texts() == [str(v) for v in next(chains)]
    assert next(chains, None) is None


def shown_content(page: Page, region: str) -> str:
    """What the roller's region shows, without the label that marks it as out of date."""
    return "\n".join(page.locator(f"{ROLLER} .srd-widget__{region} > :not(.srd-stale-label)").all_inner_texts())


def permalink_params(page: Page, widget: str) -> tuple[str, dict[str, str]]:
    href = page.get_attribute(f"{widget} .srd-roll__permalink", "href")
    link = urlsplit(href)
    return href, {"#": link.fragment, **{name: values[0] for name, values in parse_qs(link.query).items()}}


# --- (a) seeded rolls are the CLI's, for a damage roll and a save; permalinks reproduce them
def test_a_seeded_damage_roll_equals_the_cli_and_its_permalink_reproduces_it(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    notation = "3d+2b vs DC 4"
    seed = seed_with_a_crit(notation)
    page.fill("#dd-notation", notation)
    expected = cli_lines(parse(notation).notation, seed)
    assert expected[0].startswith(f"dice & danger {notation} (damage roll)")
    assert roll(page, seed) == expected
    check_dice(page, notation, seed)
    expect(page.locator(f"{ROLLER} .srd-roll__outcome")).to_have_text(expected[-1].removeprefix("Result: "))

    href, params = permalink_params(page, ROLLER)
    assert params == {"#": "dd-roller", "notation": notation, "kind": "damage", "seed": seed}
    # A fresh browser (another context, phone-sized) opening the permalink gets the same roll.
    phone_page.goto(href)
    expect(phone_page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed, timeout=ENGINE_LOAD_MS)
    assert phone_page.locator(LINES).all_inner_texts() == expected
    assert phone_page.input_value("#dd-notation") == notation
    assert phone_page.is_checked("#dd-kind-damage")
    assert page_errors == []


def test_a_save_by_the_switch_equals_the_cli_and_its_permalink_reproduces_it(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    notation = "2d+3b vs DC 5"
    page.fill("#dd-notation", notation)
    page.get_by_label("Save", exact=True).click()
    # The engine decides what a save means: the canonical form and the drop rule follow.
    canonical = parse("save " + notation).notation
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text(canonical)
    expect(page.locator("#dd-roller .srd-reading__notes")).to_contain_text("the bonus dice drop the highest dice")
    seed = seed_with_a_crit(canonical)
    expected = cli_lines(canonical, seed)
    assert "(save)" in expected[0]
    assert roll(page, seed) == expected
    check_dice(page, canonical, seed)

    href, params = permalink_params(page, ROLLER)
    assert params == {"#": "dd-roller", "notation": notation, "kind": "save", "seed": seed}
    phone_page.goto(href)
    expect(phone_page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text(seed, timeout=ENGINE_LOAD_MS)
    assert phone_page.locator(LINES).all_inner_texts() == expected
    assert phone_page.is_checked("#dd-kind-save")
    expect(phone_page.locator("#dd-roller .srd-reading__notation")).to_have_text(canonical)

    # Clicking the permalink on its own page, after the inputs changed, brings its roll back.
    page.fill("#dd-notation", "1d vs DC 2")
    page.get_by_label("Damage roll", exact=True).click()
    page.fill("#dd-seed", "")
    page.click(f"{ROLLER} .srd-roll__permalink")
    expect(page.locator("#dd-notation")).to_have_value(notation)
    expect(page.locator("#dd-seed")).to_have_value(seed)
    expect(page.locator("#dd-kind-save")).to_be_checked()
    expect(page.locator(LINES)).to_have_text(expected)
    assert page_errors == []


def test_the_notations_own_word_wins_and_the_switch_follows_it(page, site_url, page_errors):
    open_page(page, site_url)
    page.get_by_label("Save", exact=True).click()
    page.fill("#dd-notation", "damage 3d+1b vs DC 4")
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text(parse("3d+1b vs DC 4").notation)
    expect(page.locator("#dd-kind-damage")).to_be_checked()
    expect(page.locator("#dd-kind-save")).to_be_disabled()  # locked while the notation says
    expect(page.locator("#dd-roller .srd-reading__notes")).to_contain_text("the switch follows it")
    assert "wins" in page.inner_text("#dd-kind-hint")
    assert roll(page, "8") == cli_lines("3d+1b vs DC 4", "8")
    # Without the word (or while the notation cannot be read), the switch is the reader's again.
    page.fill("#dd-notation", "save 3d+1b vs DC")
    expect(page.locator("#dd-notation-error .srd-field__message")).not_to_be_empty()
    expect(page.locator("#dd-kind-save")).to_be_enabled()
    page.fill("#dd-notation", "3d+1b vs DC 4")
    expect(page.locator("#dd-kind-save")).to_be_enabled()
    expect(page.locator("#dd-kind-damage")).to_be_checked()
    assert page_errors == []


# --- (b) the canonical form and the chart are the engine's --------------------------------
def test_the_sources_line_reads_as_the_engine_reads_it_with_its_exact_chart(page, site_url, page_errors):
    open_page(page, site_url)
    page.fill("#dd-notation", "")
    page.type("#dd-notation", GNARLY)  # key by key: many requests, only the newest may draw
    query = parse(GNARLY)
    expected = odds(query)
    assert query.notation == "4d-1p vs DC 3"
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text("4d-1p vs DC 3")
    notes = page.locator("#dd-roller .srd-reading__notes li")
    expect(notes).to_have_text([*query.notes, expected.drop_note])

    # The summary: P(at least 1 hit) and the mean, as the engine writes them.
    p_hit = expected.p_at_least(1)
    expect(page.locator("#dd-roller [data-odds=any-hit] .srd-pct")).to_have_text(percent(p_hit, 2))
    assert page.inner_text("#dd-roller [data-odds=any-hit] .srd-exact") == ratio(p_hit)
    assert page.inner_text("#dd-roller [data-odds=mean] .srd-pct") == decimal_text(expected.mean, 2)
    assert page.inner_text("#dd-roller [data-odds=mean] .srd-exact") == ratio(expected.mean)

    # One bar per outcome the engine's table shows, each with its exact value as its title.
    low, high = expected.shown_range()
    shown = list(expected.dist.outcomes)[low:high]
    columns = page.locator("#dd-roller .srd-dd-hits-chart__column")
    assert columns.count() == len(shown)
    for index, hits in enumerate(shown):
        p = expected.dist.p(hits)
        words = f"{hits} hit" if hits == 1 else f"{hits} hits"
        assert columns.nth(index).get_attribute("title") == f"{words}: {percent(p, 2)} ({ratio(p)})"
    # Taller bars for likelier outcomes.
    heights = [columns.nth(i).locator(".srd-dd-hits-chart__bar").bounding_box()["height"] for i in range(len(shown))]
    top = max(shown, key=expected.dist.p)
    assert heights[shown.index(top)] == max(heights)

    # The same values as text for every reader, in the table behind "Exact values".
    page.click("#dd-roller .srd-hits-table summary")
    for hits in shown:
        cells = page.locator(f"#dd-roller .srd-hits-table tr[data-value='{hits}'] td").all_inner_texts()
        p = expected.dist.p(hits)
        assert cells == [percent(p, 2), percent(expected.p_at_least(hits), 2), ratio(p)]
    tail = expected.p_at_least(shown[-1] + 1)
    last = list(expected.dist.outcomes)[-1]
    expect(page.locator("#dd-roller .srd-dd-hits-chart figcaption")).to_contain_text(
        f"{shown[-1] + 1}–{last} hits: {percent(tail, 2)} in all"
    )
    assert page_errors == []


def test_a_stale_reply_never_replaces_a_newer_one(page, site_url, page_errors):
    open_page(page, site_url)
    record_shown(
        page,
        [
            ("#dd-roller .srd-widget__canonical", ".srd-reading__notation"),
            ("#dd-roller .srd-widget__result", ".srd-widget__line"),
        ],
    )
    # A slow request (130 dice: hundreds of ms in the worker) and, straight after, a quick
    # one: the worker answers the slow one first, when it is already out of date.
    page.fill("#dd-notation", "100d+30b vs DC 2")
    page.fill("#dd-seed", "5")
    page.press("#dd-seed", "Enter")  # rolls, and sends the pending odds at once
    page.fill("#dd-notation", "2d vs DC 3")
    page.press("#dd-seed", "Enter")
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text("2d vs DC 3")
    expect(page.locator(LINES).first).to_contain_text("dice & danger 2d vs DC 3")
    page.fill("#dd-seed", "6")  # one more round trip: every older reply has arrived by then
    page.press("#dd-seed", "Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("6")
    shown = shown_texts(page)
    # The slow answer may show while its notation is still the one in the field (on a busy
    # machine it can come back that fast); once the newer one is shown, never again.
    first_newer = next(i for i, text in enumerate(shown) if "2d vs DC 3" in text)
    assert not any("100d" in text for text in shown[first_newer:]), shown
    assert page_errors == []


# --- (c) bad notation: the engine's message and caret under the field; nothing else lost ---
CARET_GEOMETRY = """pre => {
    // The offending characters in the notation line and the carets under them, measured.
    const text = pre.firstChild, [line, marks] = text.data.split('\\n');
    const start = marks.indexOf('^'), end = marks.length;
    const box = (from, to) => { const r = document.createRange(); r.setStart(text, from);
        r.setEnd(text, to); const b = r.getBoundingClientRect(); return [b.left, b.right]; };
    const under = line.length + 1;
    return {chars: box(start, Math.min(end, line.length) || start), carets: box(under + start, under + end),
            scrolls: pre.scrollWidth > pre.clientWidth};
}"""


def test_bad_notation_shows_the_engine_message_with_an_aligned_caret_and_keeps_the_rest(page, site_url, page_errors):
    open_page(page, site_url)
    roll(page, "99")
    before = {region: shown_content(page, region) for region in ("canonical", "odds", "result")}
    good = page.input_value("#dd-notation")

    for bad in ("4d -1b vs DC 3", "4q", "4d vs DC", "3d+1b vs DC 4 & +1b & +2p & -1d & +3b & +1h -2b"):
        try:
            parse(bad)
        except RulesError as error:
            expected = error
        else:
            raise AssertionError(f"{bad!r} should be refused")
        page.fill("#dd-notation", bad)
        message = page.locator("#dd-notation-error .srd-field__message")
        expect(message).to_have_text(f"Notation: {expected.message}")
        expect(page.locator("#dd-notation")).to_have_attribute("aria-invalid", "true")
        assert "dd-notation-error" in page.get_attribute("#dd-notation", "aria-describedby").split()
        caret = page.locator("#dd-notation-error .srd-caret")
        assert caret.inner_text().split("\n") == expected.caret_lines()
        assert caret.evaluate("p => getComputedStyle(p).fontFamily").lower().find("mono") >= 0
        geometry = caret.evaluate(CARET_GEOMETRY)
        if expected.position < len(bad):  # the carets sit exactly under the characters
            assert abs(geometry["chars"][0] - geometry["carets"][0]) < 0.5, geometry
            assert abs(geometry["chars"][1] - geometry["carets"][1]) < 0.5, geometry
        # Rolling it says the same; what was shown before is all still there, marked as
        # belonging to the last valid input (the reading and odds) and earlier inputs (the roll).
        page.press("#dd-notation", "Enter")
        expect(message).to_have_text(f"Notation: {expected.message}")
        for region, text in before.items():
            assert shown_content(page, region) == text, region
        expect_marked_stale(page, ROLLER, parse(good).notation, ("odds", "canonical", "result"))

    # Fixed, the message and the marks go away as the odds come back.
    page.fill("#dd-notation", good)
    expect(page.locator("#dd-notation-error")).to_have_text("")
    expect(page.locator("#dd-notation")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"{ROLLER} .srd-stale-label")).to_have_count(0)

    # A bad seed is the seed's fault, and goes away once it is fixed.
    page.fill("#dd-seed", "abc")
    page.press("#dd-seed", "Enter")
    expect(page.locator("#dd-seed-error")).to_contain_text("Seed must be a whole number")  # named by its label
    expect(page.locator("#dd-seed")).to_have_attribute("aria-invalid", "true")
    assert shown_content(page, "result") == before["result"]
    page.fill("#dd-seed", "100")
    expect(page.locator("#dd-seed-error")).to_have_text("")
    assert roll(page, "100") == cli_lines(parse(good).notation, "100")
    assert page_errors == []


# --- (d) the character generator -----------------------------------------------------------
def test_a_seeded_character_is_the_engines_and_its_permalink_reproduces_it(page, phone_page, site_url, page_errors):
    open_page(page, site_url)
    character = generate_character(2024)
    data = character.to_json()
    page.fill("#dc-seed", "2024")
    page.get_by_role("button", name="Roll a character").click()
    expect(page.locator(f"{CHARACTER} .srd-roll__seed")).to_have_text("2024")

    def shown(page: Page) -> dict[str, object]:
        attributes, dice, kept = {}, {}, {}
        for name in ATTRIBUTE_NAMES:
            card = page.locator(f"{CHARACTER} [data-attribute='{name}']")
            attributes[name] = int(card.locator(".srd-dd-character__value").inner_text())
            faces = card.locator(".srd-die")
            dice[name] = [int(text) for text in faces.all_inner_texts()]
            kept[name] = [i for i in range(faces.count()) if "srd-die--chosen" in faces.nth(i).get_attribute("class")]
        derived = {
            key: page.inner_text(f"{CHARACTER} [data-derived='{key}'] dd")
            for key in ("luck", "inventory", "hit-defense")
        }
        return {
            "attributes": attributes,
            "dice": dice,
            "kept": kept,
            "derived": derived,
            "lines": page.locator(CHARACTER_LINES).all_inner_texts(),
        }

    expected = {
        "attributes": data["attributes"],
        "dice": data["attribute_dice"],
        "kept": {name: list(result.kept_positions) for name, result in zip(ATTRIBUTE_NAMES, character.rolls)},
        "derived": {
            "luck": data["luck"]["text"],
            "inventory": f"{data['inventory_slots']} slots",
            "hit-defense": str(data["hit_defense"]),
        },
        "lines": character.lines(),
    }
    assert shown(page) == expected

    href, params = permalink_params(page, CHARACTER)
    assert params == {"#": "dc-character", "character": "2024"}
    phone_page.goto(href)
    expect(phone_page.locator(f"{CHARACTER} .srd-roll__seed")).to_have_text("2024", timeout=ENGINE_LOAD_MS)
    assert shown(phone_page) == expected
    # The notation roller on that page did not roll: the link was for the character.
    assert phone_page.inner_text(f"{ROLLER} .srd-widget__result") == ""
    assert page_errors == []


# --- (e) keyboard only -----------------------------------------------------------------------
def test_the_roller_works_from_the_keyboard_alone(page, site_url, page_errors):
    open_page(page, site_url)
    page.focus("#dd-notation")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("2d+1b vs DC 5")
    page.keyboard.press("Tab")
    assert focused_id(page) == "dd-kind-damage"  # Tab enters the switch at its checked radio
    page.keyboard.press("ArrowRight")
    assert focused_id(page) == "dd-kind-save"
    expect(page.locator("#dd-kind-save")).to_be_checked()
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text("save 2d+1b vs DC 5")
    page.keyboard.press("Tab")
    assert focused_id(page) == "dd-seed"
    page.keyboard.type("31337")
    page.keyboard.press("Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("31337")
    assert page.locator(LINES).all_inner_texts() == cli_lines("save 2d+1b vs DC 5", "31337")

    # Tab on to the Roll button: its focus is visible, and Enter rolls again (a new seed).
    page.keyboard.press("Tab")
    assert_focus_shown(page, f"{ROLLER} button[type=submit]")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Delete")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).not_to_have_text("31337")
    # Back to Damage with the arrow keys.
    page.focus("#dd-kind-save")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#dd-kind-damage")).to_be_checked()
    expect(page.locator("#dd-roller .srd-reading__notation")).to_have_text("2d+1b vs DC 5")
    assert page_errors == []


# --- (f) one engine for both pages' widgets, across instant navigation -------------------
def nav_link(page: Page, path: str):
    return page.locator(f"nav.md-nav--primary a.md-nav__link[href$='/{path}']:visible").first


@pytest.mark.page_load  # counts the engine files its own load fetched
def test_one_engine_serves_both_pages_across_instant_navigation(page, site_url, request_log, page_errors):
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator("#ds-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#ds-seed", "3")
    page.press("#ds-seed", "Enter")
    expect(page.locator("#ds-roller .srd-roll__seed")).to_have_text("3")
    page.evaluate("window.__same_page_load = true")

    nav_link(page, "dice-and-danger/").click()
    page.wait_for_url(re.compile(r".*/dice-and-danger/(#.*)?$"))  # anchor tracking may add a #
    expect(page.locator(ROLLER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    expect(page.locator(CHARACTER)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    assert roll(page, "12") == cli_lines(parse(page.input_value("#dd-notation")).notation, "12")
    page.fill("#dc-seed", "12")
    page.press("#dc-seed", "Enter")
    expect(page.locator(CHARACTER_LINES)).to_have_text(generate_character(12).lines())

    nav_link(page, "doom-stack/").click()
    page.wait_for_url(re.compile(r".*/doom-stack/(#.*)?$"))
    expect(page.locator("#ds-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#ds-seed", "4")
    page.press("#ds-seed", "Enter")
    expect(page.locator("#ds-roller .srd-roll__seed")).to_have_text("4")
    # Instant navigation really happened: no page load in between.
    assert page.evaluate("window.__same_page_load") is True

    wasm = [url for url in request_log if url.endswith("/pyodide.asm.wasm")]
    workers = [url for url in request_log if url.endswith("/engine-worker.js")]
    assert len(wasm) == 1 and len(workers) == 1, request_log
    assert page_errors == []


# --- without JavaScript ----------------------------------------------------------------------
def test_without_javascript_the_page_reads_and_says_the_widgets_need_it(nojs_page, site_url):
    page = nojs_page
    page.goto(f"{site_url}dice-and-danger/")
    expect(page.locator("h1")).to_contain_text("dice & danger")
    expect_read_without_js(page, (ROLLER, "#dh-helper", "#dg-builder", CHARACTER), own_tables=5)


def test_a_roll_is_linked_and_compared_by_the_kind_the_engine_rolled(page, site_url, page_errors):
    """Enter right after typing a notation that writes its kind: the roll goes before the
    switch has followed the notation, yet its permalink names the kind the engine rolled and
    the notation as the engine reads it (trimmed), and once the switch has followed the roll
    is not marked as answering earlier inputs."""
    page.goto(f"{site_url}dice-and-danger/")
    wait_ready(page, ROLLER)
    expect(page.locator("#dd-kind-damage")).to_be_checked()
    page.fill("#dd-seed", "5")
    page.fill("#dd-notation", "  save 2d+1b vs DC 4 ")
    page.press("#dd-notation", "Enter")
    expect(page.locator(f"{ROLLER} .srd-roll__seed")).to_have_text("5")
    expect(page.locator("#dd-kind-save")).to_be_checked()
    linked = {"#": "dd-roller", "notation": "save 2d+1b vs DC 4", "kind": "save", "seed": "5"}
    assert link_words(page, ROLLER) == linked
    expect(page.locator(f"{ROLLER} .srd-widget__result")).not_to_have_attribute("data-stale", re.compile(".*"))
    assert page_errors == []


def test_another_widgets_permalink_leaves_the_notation_roller_alone(page, site_url, page_errors):
    """A Health-save permalink names no notation: only the Health-save helper rolls, and the
    roller's seed stays blank. The widgets share one engine, which answers in turn, and the
    roller asks first: once the helper's roll is shown, any roll of the roller would be too."""
    query = urlencode({"w": "dh", "conditions_now": "2", "conditions_had": "0", "health": "3", "seed": "9"})
    page.goto(f"{site_url}dice-and-danger/?{query}#dh-helper")
    expect(page.locator("#dh-helper .srd-roll__seed")).to_have_text("9", timeout=ENGINE_LOAD_MS)
    expect(page.locator(f"{ROLLER} .srd-widget__result .srd-roll")).to_have_count(0)
    expect(page.locator("#dd-seed")).to_have_value("")
    assert page_errors == []
