"""Action! at the table (/action/play/) in headless chromium, played as a reader would: make
a scene with a character and a mook group, begin a Sequence, pay Shots for an action, read a
roll's exact odds from the sheet and roll it, apply hits (wounds and shock on the character,
a member off the mook group), undo, reload, go offline, export and import, share the link
into a fresh browser, and refuse a broken file without touching what is saved.

Every expected value comes from the engine (``rules_engine.web.call``) with the same scene,
never from numbers copied into the test."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from browser_kit import assert_no_sideways_scroll
from browser_play import ScenePlayTool, broken_copy, printed_text
from play_browser import CONTROL_MS
from playwright.sync_api import Locator, Page, expect

TOOL = ScenePlayTool("action", "#acp", entry="s")
ROOT, STATUS = TOOL.root, TOOL.status
engine, shown = TOOL.engine, TOOL.shown
ADDRESS = "action/play/"


def bare(entry: dict) -> dict:
    """A saved scene without the log the frame keeps in it (what the engine answers with)."""
    return {key: part for key, part in entry.items() if key != "log"}


def scene_shown(page: Page) -> dict:
    """The scene shown, as saved, without its log."""
    return bare(shown(page))


def combatant(page: Page, i: int) -> Locator:
    return page.locator(f"{ROOT} .srd-action-play__combatant[data-index='{i}']")


def make_docks(page: Page) -> dict:
    """The docks: Ann (Agility 4, Wits 3, Luck 2; Guns 5) and a group of glass-jaw mooks."""
    page.get_by_role("button", name="New scene").click()
    expect(page.locator(STATUS)).to_have_text("New scene added: New scene.")
    TOOL.edit(page, page.get_by_label("Scene", exact=True), "The docks", "s.name === 'The docks'")
    ann = combatant(page, 0)
    TOOL.edit(page, ann.get_by_label("Name", exact=True), "Ann", "s.combatants[0].name === 'Ann'")
    TOOL.edit(
        page,
        combatant(page, 0).get_by_label("Attributes"),
        "Agility 4, Wits 3, Luck 2",
        "s.combatants[0].attributes.Agility === 4",
    )
    TOOL.edit(page, combatant(page, 0).get_by_label("Skills"), "Guns 5", "s.combatants[0].skills.Guns === 5")
    page.get_by_role("button", name="Add a mook group").click()
    expect(page.locator(STATUS)).to_have_text("Added Mooks 1.")
    TOOL.wait_saved(page, "s.combatants.length === 2")
    return shown(page)


def expect_scene(page: Page, scene: dict) -> None:
    """The page shows this scene: each combatant's line as the engine's sheet gives it."""
    sheet = engine("play_sheet", scene=scene)["sheet"]
    expect(page.get_by_label("Scene", exact=True)).to_have_value(scene["name"])
    expect(page.locator(f"{ROOT} .srd-action-play__combatant")).to_have_count(len(scene["combatants"]))
    for i, c in enumerate(scene["combatants"]):
        fact = sheet["combatants"][i]
        state = combatant(page, i).locator(".srd-action-play__state")
        if c["kind"] == "mooks":
            expect(state).to_contain_text(f"{fact['left']} of {c['members']} standing")
            continue
        expect(combatant(page, i).get_by_label("Wounds", exact=True)).to_have_value(str(c["wounds"]))
        expect(state).to_contain_text(f"Shot Count {fact['shot_count']}, {c['shots']} Shot")
        expect(state).to_contain_text(f"Initiative {fact['initiative']} · impairment {fact['impairment']}")


def expect_odds(page: Page, request: dict) -> dict:
    odds = engine("play_odds", **request)
    line = page.locator(f"{ROOT} .srd-action-play__chance")
    expect(line).to_contain_text(odds["notation"])
    expect(line).to_have_text(re.compile(re.escape(f"Success or better {odds['success']['percent']}") + "$"))
    # Percentages first, the exact fractions on demand: under a summary the keyboard reaches.
    fractions = page.locator(f"{ROOT} .srd-action-play__odds .srd-play__fractions")
    expect(fractions.locator("li")).to_have_text(
        [f"Success or better: {odds['success']['ratio']}", *(f"{d['degree']}: {d['ratio']}" for d in odds["degrees"])]
    )
    return odds


def test_a_short_scene(sw_page, site_url: str, tmp_path: Path, friend_page) -> None:
    page = sw_page
    TOOL.open_with_nothing_saved(page, site_url, "No scenes saved on this device yet")
    docks = make_docks(page)
    expect_scene(page, docks)

    # The Sequence begins: Initiative from the Shot pool; +5 Initiative costs Ann a Shot.
    page.get_by_role("button", name="Begin Sequence 1").click()
    begun = engine("play_sequence", scene=docks, padding=False)
    expect(page.locator(STATUS)).to_have_text(begun["line"])
    TOOL.wait_saved(page, "s.sequence === 1")
    page.get_by_label("Who", exact=True).select_option(label="Ann")
    page.get_by_label("Action", exact=True).select_option("raise-initiative")
    page.get_by_role("button", name="Take the action").click()
    raised = engine("play_act", scene=begun["scene"], index=0, act="raise-initiative")
    expect(page.locator(STATUS)).to_have_text(raised["line"])
    TOOL.wait_saved(page, "s.combatants[0].shots === 2")
    assert scene_shown(page) == raised["scene"]
    expect(page.locator(f"{ROOT} .srd-action-play__order li").first).to_have_text(
        f"Ann: Initiative {raised['sheet']['combatants'][0]['initiative']}, 2 Shots"
    )

    # A roll from the sheet: Guns + Agility against 5, its exact odds first, then seed 42.
    page.get_by_label("Skill", exact=True).select_option("Guns")
    page.get_by_label("Attribute (EV)", exact=True).select_option("Agility")
    request = {
        "scene": raised["scene"],
        "index": 0,
        "skill": "Guns",
        "attribute": "Agility",
        "modifiers": "",
        "defence": "5",
        "defence_ev": "",
        "active": False,
    }
    assert expect_odds(page, request)["notation"] == "5 vs 5 ev 4 vs 0"
    page.get_by_label("Seed", exact=True).fill("42")
    page.get_by_role("button", name="Roll", exact=True).click()
    rolled = engine("play_roll", **request, seed="42")
    expect(page.locator(STATUS)).to_have_text(rolled["line"])
    TOOL.wait_saved(page, "s.combatants[0].rolled === true")
    # Under the roll: its seed, the permalink into the chapter's roller (the same fields and
    # seed: the same dice there) and Share.
    note = page.locator(f"{ROOT} .srd-action-play__note")
    expect(note.locator(".srd-roll__seed")).to_have_text("42")
    permalink = note.locator("a.srd-roll__permalink").evaluate("a => a.href")
    assert permalink == f"{site_url}action/?{urlencode({**rolled['fields'], 'seed': '42'})}#ac-roller"
    expect(note.get_by_role("button", name="Share this roll")).to_be_visible()

    # A hit of 12 on Ann: shock and wounds, the wound penalty, and the Shock roll it calls for
    # (seed 2); 10 on the mooks: one goes.
    page.get_by_label("Target").select_option(label="Ann")
    page.get_by_label("Damage (PV)").fill("12")
    page.get_by_label("Seed of its rolls").fill("2")
    page.get_by_role("button", name="Apply the hit").click()
    hit = engine("play_damage", scene=rolled["scene"], index=0, damage="12", focus="", seed="2")
    assert hit["rolls"][0]["what"] == "Shock roll"
    expect(page.locator(STATUS)).to_have_text(hit["line"])
    TOOL.wait_saved(page, "s.combatants[0].wounds === 2")
    expect(page.locator(f"{ROOT} .srd-action-play__note")).to_contain_text(hit["lines"][0])
    page.get_by_label("Target").select_option(label="Mooks 1")
    page.get_by_label("Damage (PV)").fill("10")
    page.get_by_role("button", name="Apply the hit").click()
    mooked = engine("play_damage", scene=hit["scene"], index=1, damage="10")
    expect(page.locator(STATUS)).to_have_text(mooked["line"])
    TOOL.wait_saved(page, "s.combatants[1].left === 5")
    docks = shown(page)
    assert bare(docks) == mooked["scene"]
    expect_scene(page, docks)

    # Undo takes the last hit back; it is applied again.
    TOOL.undo_last(page)
    assert scene_shown(page) == hit["scene"]
    expect_scene(page, hit["scene"])
    page.get_by_label("Target").select_option(label="Mooks 1")
    page.get_by_label("Damage (PV)").fill("10")
    page.get_by_role("button", name="Apply the hit").click()
    TOOL.wait_saved(page, "s.combatants[1].left === 5")
    assert scene_shown(page) == bare(docks)

    # Reload (once the service worker holds the site), then offline: the same scene, from the device.
    TOOL.reload_from_the_device(page, lambda: expect_scene(page, docks))
    page.context.set_offline(False)

    # Export: the file is the saved document.
    exported = TOOL.export_named(page, tmp_path, "action-the-docks.json")

    # A broken file is refused with its reason; nothing saved changes.
    broken = broken_copy(exported, ("entries", 0, "combatants", 0, "wounds"), -1)
    reason = "broken.json was not imported: scene 1, Combatant 1, Wounds: must be from 0 to 99999, not -1"
    TOOL.expect_refused(page, broken, (reason, "Nothing saved was changed."))

    # Importing the exported file asks first (its names are saved here); Keep both adds its scene beside the one saved.
    TOOL.import_keeping_both(page, exported, "The docks")
    assert [bare(entry) for entry in TOOL.entries(page)] == [bare(docks)] * 2

    # Share as a link; a fresh browser opening it sees the same scenes.
    TOOL.share_with_a_friend(
        page, friend_page, site_url, "The docks, The docks", lambda: expect_scene(friend_page, docks)
    )

    # The roll's permalink, opened, rolls the same dice in the chapter's roller.
    page.goto(permalink)
    expect(page.locator("#ac-roller .srd-roll__seed")).to_have_text("42", timeout=CONTROL_MS)
    expect(page.locator("#ac-roller .srd-roll")).to_contain_text(rolled["roll"]["lines"][-1])


def test_initiative_cards(page, site_url: str) -> None:
    TOOL.open(page, f"{site_url}{ADDRESS}")
    docks = make_docks(page)
    page.get_by_label("Initiative", exact=True).select_option("cards")
    TOOL.wait_saved(page, "s.initiative === 'cards'")
    page.get_by_label("Add the padding cards").check()
    page.get_by_role("button", name="Begin Sequence 1").click()
    begun = engine("play_sequence", scene={**docks, "initiative": "cards"}, padding=True)
    TOOL.wait_saved(page, "s.sequence === 1")
    assert scene_shown(page) == begun["scene"]
    order = page.locator(f"{ROOT} .srd-action-play__order li")
    expect(order).to_have_count(len(begun["scene"]["stack"]))
    expect(order.first).to_have_text("Ann")
    page.get_by_label("Who", exact=True).select_option(label="Ann")
    page.get_by_role("button", name="Take the action").click()  # an Action: Ann's card to the back
    acted = engine("play_act", scene=begun["scene"], index=0, act="action")
    expect(page.locator(STATUS)).to_have_text(acted["line"])
    expect(order.last).to_have_text("Ann")
    assert shown(page)["stack"] == acted["scene"]["stack"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_scene_on_a_phone(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    make_docks(page)
    page.get_by_role("button", name="Begin Sequence 1").click()
    TOOL.wait_saved(page, "s.sequence === 1")
    expect(page.locator(f"{ROOT} .srd-action-play__chance")).to_be_visible()
    assert_no_sideways_scroll(page, "the Action! play tool at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []
    # Taking the mooks out: the focus stays on the scene (its Add button); Undo brings them back.
    page.get_by_role("button", name="Remove Mooks 1").click()
    expect(page.locator(STATUS)).to_have_text("Mooks 1 taken out of the scene. Undo brings them back.")
    TOOL.wait_saved(page, "s.combatants.length === 1")
    expect(page.get_by_role("button", name="Add a character")).to_be_focused()
    page.get_by_role("button", name="Undo").click()
    TOOL.wait_saved(page, "s.combatants.length === 2")

    # To the ends the rules define: a hit of 15 leaves Ann dying ("Wounds equal to your
    # Toughness"); the hour passes with no one to stabilise her: dead. The last mook standing
    # takes 10 ("10+ Out"): the group is wiped out.
    scene = shown(page)
    page.get_by_label("Target").select_option(label="Ann")
    page.get_by_label("Damage (PV)").fill("15")
    page.get_by_label("Seed of its rolls").fill("5")
    page.get_by_role("button", name="Apply the hit").click()
    hit = engine("play_damage", scene=scene, index=0, damage="15", focus="", seed="5")
    expect(page.locator(STATUS)).to_have_text(hit["line"])
    TOOL.wait_saved(page, "s.combatants[0].wounds === 3")
    expect(combatant(page, 0).locator(".srd-action-play__state")).to_contain_text(
        hit["sheet"]["combatants"][0]["state"]
    )
    page.get_by_label("For", exact=True).select_option(label="Ann")
    page.get_by_label("What", exact=True).select_option(label="An hour passes unstabilised: they die")
    page.get_by_role("button", name="Roll or apply").click()
    dead = engine("play_stabilise", scene=hit["scene"], index=0, how="hour", value="", seed="")
    expect(page.locator(STATUS)).to_have_text(dead["line"])
    TOOL.wait_saved(page, "s.combatants[0].life === 'dead'")
    expect(combatant(page, 0).locator(".srd-action-play__state")).to_contain_text("dead ·")
    TOOL.edit(page, combatant(page, 1).get_by_label("Standing", exact=True), "1", "s.combatants[1].left === 1")
    page.get_by_label("Target").select_option(label="Mooks 1")
    page.get_by_label("Damage (PV)").fill("10")
    page.get_by_role("button", name="Apply the hit").click()
    TOOL.wait_saved(page, "s.combatants[1].left === 0")
    expect(page.locator(STATUS)).to_have_text("Mooks 1: 1 down, 0 left; wiped out.")
    expect(combatant(page, 1).locator(".srd-action-play__state")).to_contain_text("wiped out")
    assert_no_sideways_scroll(page, "the Action! play tool at 360 px, at the scene's end")


def test_print_is_one_page(page, site_url: str) -> None:
    TOOL.open(page, f"{site_url}{ADDRESS}")
    make_docks(page)
    for n in range(3):  # a fuller scene: four characters and two mook groups
        page.get_by_role("button", name="Add a character").click()
        TOOL.wait_saved(page, f"s.combatants.length === {3 + n}")
    page.get_by_role("button", name="Add a mook group").click()
    TOOL.wait_saved(page, "s.combatants.length === 6")
    page.get_by_role("button", name="Begin Sequence 1").click()
    TOOL.wait_saved(page, "s.sequence === 1")
    expect(page.locator(f"{ROOT} .srd-action-play__combatant")).to_have_count(6)
    text = " ".join(printed_text(page).split())
    assert "The docks · Sequence 1 · Wound Threshold 5" in text
    assert (
        "Agility 4, Wits 3, Luck 2 · skills: Guns 5 · Health 20, Toughness 3 · shock 0, wounds 0 · 3 Shots of 3" in text
    )
    assert "Glass-jaw mook · 6 of 6 standing" in text
    assert "Take the action" not in text and "Export file" not in text
