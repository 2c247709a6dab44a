"""Adrenaline at the table (/adrenaline/play/) in headless chromium, played as a reader would:
make a character, give it a pool modifier, see the pool and the odds, roll from it (a point
spent, a point earned), follow an extended roll (on a phone, to its end), roll one sheet against another, undo, reload, go offline, export and import, refuse a
broken file without touching what is saved, share the link into a fresh browser.

Every expected value comes from the engine (``rules_engine.web.call``) with the same
characters, never from numbers copied into the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_kit import assert_no_sideways_scroll
from browser_play import ScenePlayTool, add_named_row, broken_copy, printed_text
from playwright.sync_api import Page, expect

from .characters import MARA

TOOL = ScenePlayTool("adrenaline", "#adp", entry="c")
ROOT, STATUS = TOOL.root, TOOL.status
engine, open_tool, stored, wait_saved = TOOL.engine, TOOL.open, TOOL.stored, TOOL.wait_saved


def unlogged(character: dict) -> dict:
    """A saved character without its log (the frame's, checked in test_browser_taps.py)."""
    return {key: value for key, value in character.items() if key != "log"}


def saved(page: Page) -> list[dict]:
    return [unlogged(character) for character in TOOL.entries(page)]


def shown(page: Page) -> dict:
    return unlogged(TOOL.shown(page))


def chance(c: dict) -> str:
    """A chance as a line reads it: the percentage (the exact fraction is on demand, under it)."""
    return c["percent"]


def cell(c: dict) -> str:
    """A chance as a table cell reads: the percent (the exact fractions are under the table)."""
    return c["percent"]


def edit(page: Page, label: str, value: str, check: str) -> None:
    """Type into the field labelled ``label`` and leave it; wait for the engine's save."""
    TOOL.edit(page, page.get_by_label(label, exact=True), value, check)


def make(page: Page, name: str, perception: str, points: str, ability: str | None) -> dict:
    """A new character: its name, Perception, Adrenaline points and perhaps an ability at 2."""
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")
    edit(page, "Name", name, f"c.name === {json.dumps(name)}")
    edit(page, "Perception: rating", perception, f"c.attributes.Perception === {perception}")
    edit(page, "Adrenaline points", points, f"c.adrenaline === {points}")
    if ability:
        add_named_row(
            TOOL, page, "Add an ability", "Abilities: name", ability, f"c.abilities[{json.dumps(ability)}] === 0"
        )
        edit(page, f"{ability}: rating", "2", f"c.abilities[{json.dumps(ability)}] === 2")
    return shown(page)


def earning_seed(character: dict, spend: str) -> str:
    """The first seed whose roll of Perception + Intimidation at 6 earns a point."""
    for seed in range(500):
        result = engine(
            "play_roll",
            character=character,
            attribute="Perception",
            ability="Intimidation",
            difficulty="6",
            spend=spend,
            seed=str(seed),
        )
        if result["roll"]["adrenaline_earned"]:
            return str(seed)
    raise AssertionError("no seed earns a point")


def add_modifier(page: Page, name: str, dice: str) -> dict:
    """A pool modifier added on the sheet shown: its name, then its dice."""
    add_named_row(TOOL, page, "Add a modifier", "Pool modifiers: name", name, f"c.modifiers[{json.dumps(name)}] === 0")
    edit(page, f"{name}: dice", dice, f"c.modifiers[{json.dumps(name)}] === {int(dice)}")
    return shown(page)


def roll_to_the_end(page: Page) -> dict:
    """Press "Roll the next one" until the extended roll ends; after each roll the bank grows by
    the point its doubles earned (the result says "+1 point"), and the status line says so."""
    character = shown(page)
    while engine("play_sheet", character=character)["sheet"]["extended"]["ending"] is None:
        rolls, bank = len(character["extended"]["rolls"]), character["adrenaline"]
        page.get_by_role("button", name="Roll the next one").click()
        wait_saved(page, f"c.extended.rolls.length === {rolls + 1}")
        character = shown(page)
        lines = page.locator(f"{ROOT} .srd-play__extended .srd-play__result .srd-play__line")
        expect(lines.last).to_contain_text("Adrenaline: ")
        earned = "+1 point" in lines.last.text_content()
        assert character["adrenaline"] == min(10, bank + earned)
        expect(page.locator(STATUS)).to_contain_text(
            f"Adrenaline {bank} → {character['adrenaline']}" + (" (1 earned" if earned else ".")
        )
    return character


def expect_extended(page: Page, character: dict) -> None:
    """The extended roll's progress and chances as the engine gives them for ``character``."""
    ext = engine("play_sheet", character=character)["sheet"]["extended"]
    rolls = len(character["extended"]["rolls"])
    target = character["extended"]["target"]
    expect(page.locator(f"{ROOT} .srd-play__progress")).to_have_text(
        f"Gathered {ext['gathered']} of {target}: {ext['needed']} to go after {rolls} {'roll' if rolls == 1 else 'rolls'}."
    )
    rows = page.locator(f"{ROOT} .srd-play__chances tbody tr")
    expect(rows).to_have_count(5)
    for i, row in enumerate(ext["chances"]):
        expect(rows.nth(i)).to_have_text(
            f"{row['rolls']} {'roll' if row['rolls'] == 1 else 'rolls'}{cell(row['finish'])}{cell(row['lost'])}"
        )


def test_a_short_scene(sw_page, site_url: str, tmp_path: Path, friend_page) -> None:
    page = sw_page
    TOOL.open_with_nothing_saved(page, site_url, "No characters saved on this device yet")
    mara = make(page, "Mara", "3", "2", "Intimidation")
    assert mara == MARA
    # Hurt: a modifier kept on the sheet takes a die from every roll.
    mara = add_modifier(page, "Injured", "-1")
    assert mara["modifiers"] == {"Injured": -1}

    # The exact odds of the roll, before it is rolled.
    page.select_option(f"{ROOT}-attribute", "Perception")
    page.select_option(f"{ROOT}-ability", "Intimidation")
    page.fill(f"{ROOT}-difficulty", "6")
    page.fill(f"{ROOT}-spend", "1")
    page.locator(f"{ROOT}-spend").press("Tab")
    before = engine(
        "play_odds", character=mara, attribute="Perception", ability="Intimidation", difficulty="6", spend="1"
    )
    o = before["odds"]
    assert before["pool_line"] == "Perception 3 + Intimidation 2, Injured −1: 4 dice"
    expect(page.locator(f"{ROOT} .srd-play__odds")).to_have_text(
        f"Pool: {before['pool_line']}. Exact odds of Perception + Intimidation (4d10+1a vs 6): "
        f"success {chance(o['success'])}, botch {chance(o['botch'])}, earns a point {chance(o['adrenaline'])}."
    )

    # Roll: one point spent, one earned by doubles; the sheet keeps the engine's count.
    seed = earning_seed(mara, "1")
    page.fill(f"{ROOT}-seed", seed)
    page.get_by_role("button", name="Roll", exact=True).click()
    rolled = engine(
        "play_roll",
        character=mara,
        attribute="Perception",
        ability="Intimidation",
        difficulty="6",
        spend="1",
        seed=seed,
    )
    r = rolled["roll"]
    expect(page.locator(STATUS)).to_have_text(
        f"Rolled Perception + Intimidation: net {r['net']}, {r['degree']}. Adrenaline 2 → 2 (1 spent, 1 earned)."
    )
    assert saved(page) == [rolled["character"]]
    expect(page.locator(f"{ROOT} .srd-play__points")).to_have_text("Adrenaline 2 → 2 (1 spent, 1 earned).")
    expect(page.get_by_label("Adrenaline points", exact=True)).to_have_value("2")
    # Spending more than the sheet holds is refused, and nothing changes.
    page.fill(f"{ROOT}-spend", "3")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator(f"{ROOT} .srd-play__roll .srd-play__field-error")).to_have_text(
        "Mara has 2 Adrenaline points to spend, not 3"
    )
    expect(page.locator(f"{ROOT}-spend")).to_have_attribute("aria-invalid", "true")
    assert saved(page) == [rolled["character"]]
    mara = rolled["character"]

    # An extended roll: start it, see the chances, roll once, undo that roll.
    page.select_option(f"{ROOT}-ext-attribute", "Perception")
    page.fill(f"{ROOT}-ext-target", "4")
    page.get_by_role("button", name="Start the extended roll").click()
    expect(page.locator(STATUS)).to_have_text("Extended roll started: Perception, 2d10 vs 6 until 4.")
    expect(page.locator(f"{ROOT} .srd-play__ext-pool")).to_have_text("Pool now: Perception 3, Injured −1: 2 dice.")
    started = shown(page)
    assert started["extended"] == {"attribute": "Perception", "ability": "", "difficulty": 6, "target": 4, "rolls": []}
    expect_extended(page, started)
    page.get_by_role("button", name="Roll the next one").click()
    wait_saved(page, "c.extended.rolls.length === 1")
    after = shown(page)
    if engine("play_sheet", character=after)["sheet"]["extended"]["ending"] is None:
        expect_extended(page, after)
    TOOL.undo_last(page)
    assert saved(page) == [started]
    expect_extended(page, started)

    # A second sheet, rolled against the first: both keep their points.
    rook = make(page, "Rook", "1", "0", None)
    page.select_option(f"{ROOT}-opp-attribute", "Strength")
    page.select_option(f"{ROOT}-other", "0")
    page.select_option(f"{ROOT}-other-attribute", "Perception")
    page.select_option(f"{ROOT}-other-ability", "Intimidation")
    page.fill(f"{ROOT}-other-spend", "1")
    page.fill(f"{ROOT}-opp-seed", "7")
    page.get_by_role("button", name="Roll opposed").click()
    contest = engine(
        "play_opposed",
        character=rook,
        other=started,
        attribute="Strength",
        ability="",
        difficulty="",
        spend="",
        **{
            "other-attribute": "Perception",
            "other-ability": "Intimidation",
            "other-difficulty": "",
            "other-spend": "1",
        },
        seed="7",
    )
    margin = contest["roll"]["margin"]
    verdict = f"Rook wins by {margin}" if margin > 0 else f"Mara wins by {-margin}" if margin < 0 else "a stand-off"
    expect(page.locator(STATUS)).to_have_text(f"Opposed roll: {verdict}.")
    assert saved(page) == [contest["other"], contest["character"]]
    w = contest["odds"]
    lines = page.locator(f"{ROOT} .srd-play__opposed .srd-play__result .srd-play__line")
    expect(lines.first).to_have_text(f"Pools: Rook: {contest['pool_lines'][0]}; Mara: {contest['pool_lines'][1]}.")
    assert contest["pool_lines"][1] == "Perception 3 + Intimidation 2, Injured −1: 4 dice"
    expect(lines.nth(1)).to_have_text(
        f"Before the roll: Rook wins {chance(w['win'])}, stand-off {chance(w['standoff'])}, "
        f"Mara wins {chance(w['lose'])}."
    )
    everyone = saved(page)

    # Reload (once the service worker holds the site), then offline: the same sheets, from the device.
    def same_sheets() -> None:
        expect(page.get_by_label("Name", exact=True)).to_have_value("Rook")
        assert saved(page) == everyone

    TOOL.reload_from_the_device(page, same_sheets)
    page.select_option(f"{ROOT}-pick", "0")
    expect(page.get_by_label("Name", exact=True)).to_have_value("Mara")
    expect_extended(page, everyone[0])  # the engine's odds, offline too
    page.context.set_offline(False)

    # Export: the file is the saved document.
    exported = TOOL.export_named(page, tmp_path, "adrenaline-mara.json")

    # A broken file is refused with its reason; nothing saved changes.
    TOOL.expect_refused(
        page,
        broken_copy(exported, ("entries", 1, "adrenaline"), 11),
        "broken.json was not imported: character 2, Adrenaline points: must be from 0 to 10, not 11. "
        "Nothing saved was changed.",
    )

    # Importing the exported file asks first (its names are saved here); Keep both adds its characters beside those saved.
    TOOL.import_keeping_both(page, exported, "Mara, Rook")
    assert saved(page) == everyone + everyone

    # Share as a link; a fresh browser opening it sees the same characters. (The whole document,
    # its format version too: a fresh device's frame must save the version the engine writes,
    # not play-kit.js's fixed 1, once Adrenaline's entries are version 2.)
    def same_characters() -> None:
        expect(friend_page.get_by_label("Name", exact=True)).to_have_value("Mara")
        expect_extended(friend_page, everyone[0])

    TOOL.share_with_a_friend(page, friend_page, site_url, "Mara, Rook, Mara, Rook", same_characters)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_sheet_on_a_phone(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    make(page, "Mara", "3", "2", "Intimidation")
    add_modifier(page, "Keen eyes", "+1")
    page.select_option(f"{ROOT}-ext-attribute", "Perception")
    page.fill(f"{ROOT}-ext-target", "4")
    page.get_by_role("button", name="Start the extended roll").click()
    expect(page.locator(f"{ROOT} .srd-play__chances tbody tr")).to_have_count(5)
    assert_no_sideways_scroll(page, "the Adrenaline play tool at 360 px")
    # Played to its end, the target reached or the attempt lost to a botch, the bank kept roll by roll.
    ended = roll_to_the_end(page)
    ext = engine("play_sheet", character=ended)["sheet"]["extended"]
    rolls = len(ended["extended"]["rolls"])
    expect(page.locator(f"{ROOT} .srd-play__progress")).to_have_text(
        f"Reached: {ext['gathered']} of 4 on roll {rolls}."
        if ext["ending"] == "reached"
        else f"A botch on roll {rolls} ends the attempt: all is lost."
    )
    expect(page.get_by_role("button", name="Roll the next one")).to_have_count(0)
    make(page, "Rook", "1", "0", None)
    expect(page.get_by_role("button", name="Roll opposed")).to_be_visible()
    assert_no_sideways_scroll(page, "the Adrenaline play tool at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []


def test_print_is_one_page(page, site_url: str) -> None:
    open_tool(page, f"{site_url}adrenaline/play/")
    make(page, "Mara", "3", "2", "Intimidation")
    page.select_option(f"{ROOT}-ext-attribute", "Perception")
    page.fill(f"{ROOT}-ext-target", "4")
    page.get_by_role("button", name="Start the extended roll").click()
    expect(page.locator(f"{ROOT} .srd-play__chances tbody tr")).to_have_count(5)
    text = printed_text(page)
    # (The ratings are inputs, drawn on the page but not in the PDF's text layer.)
    assert "Perception: 3d10 vs 6 until 4 (Standard)" in text and "Gathered 0 of 4" in text
    assert "Export file" not in text and "Start the extended roll" not in text and "Exact odds of" not in text
