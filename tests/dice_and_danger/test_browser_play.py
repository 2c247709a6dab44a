"""dice & danger at the table (/dice-and-danger/play/) in headless chromium, played as a reader
would: make a character (titles, attributes, level, gear, slots, stowed items), read the numbers
that follow, see a damage roll's and a save's exact odds and roll them, take the save's hits on
Hit Defense and as conditions, roll the Health save they call for, undo, reload, go offline,
export and import, refuse a broken file without touching what is saved, share the link into a
fresh browser; the sheet on a phone in both themes, and a life played on a phone to its end
(death: the sheet rolls no more); print on one page.

Every expected value comes from the engine (``rules_engine.web.call``) with the same character,
never from numbers copied into the test."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from browser_kit import assert_no_sideways_scroll, use_theme
from browser_play import (
    ScenePlayTool,
    broken_copy,
    expect_refused_at_the_field,
    expect_refused_then_fixed,
    printed_text,
)
from playwright.sync_api import Page, expect

TOOL = ScenePlayTool("dice-and-danger", "#ddp", entry="c")
ROOT, STATUS = TOOL.root, TOOL.status
engine, open_tool, stored, wait_saved, shown = TOOL.engine, TOOL.open, TOOL.stored, TOOL.wait_saved, TOOL.shown
ATTRIBUTES = {"Strength": 3, "Reflex": 4, "Health": 2, "Intelligence": 1, "Will": 5}
DAMAGE = {"expert": "on", "armour": "leather", "shield": "shield"}
SAVE = {"attribute": "Reflex", "dice": "2", "conditions": "", "weight": "on"}


def bare(entry: dict) -> dict:
    """A saved entry without its log (the frame's): the character the engine answers with."""
    return {key: value for key, value in entry.items() if key != "log"}


def edit(page: Page, label: str, value: str, check: str) -> None:
    """Type into the field labelled ``label`` and leave it; wait for the engine's save."""
    TOOL.edit(page, page.get_by_label(label, exact=True), value, check)


def make(page: Page, name: str = "Wren", gear: bool = True) -> dict:
    """A new character: level 2, the attributes above, a title; with ``gear`` a sword and a knife in
    the off hand, leather armour, two slots filled and four items stowed."""
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")
    edit(page, "Name", name, f"c.name === {json.dumps(name)}")
    edit(page, "Level", "2", "c.level === 2")
    for attribute, value in ATTRIBUTES.items():
        edit(page, attribute, str(value), f"c.attributes.{attribute} === {value}")
    page.get_by_role("button", name="Add a title").click()
    title = page.get_by_label("Title 1", exact=True)
    expect(title).to_be_focused()
    TOOL.edit(page, title, "slayer of goblins", "c.titles.length === 1")
    if gear:
        page.get_by_label("Weapon", exact=True).select_option("swords")
        wait_saved(page, "c.weapon.family === 'swords'")
        page.get_by_label("Light weapon in the off hand").check()
        wait_saved(page, "c.weapon.off_hand")
        page.get_by_label("Armour", exact=True).select_option("leather")
        wait_saved(page, "c.armour === 'leather'")
        edit(page, "Slot 1: item", "sword", "c.slots[0].item === 'sword'")
        edit(page, "Slot 2: item", "knife", "c.slots[1].item === 'knife'")
        edit(page, "Stowed items (one a line)", "tent\npan\nrope\nlamp", "c.stowed.length === 4")
    return shown(page)


def expect_sheet(page: Page, character: dict) -> None:
    """The numbers under the name and in the inventory, as the engine gives them."""
    s = engine("play_sheet", character=character)["sheet"]
    expect(page.locator(f"{ROOT} .srd-play__derived")).to_have_text(
        f"Tier {s['tier']} ({s['tier_name']}), {s['boosted_titles']} boosted {'title' if s['boosted_titles'] == 1 else 'titles'}; "
        f"Hit Defense {s['hit_defense']} ({s['hit_defense_left']} left); Luck {s['luck']} (attributes sum to "
        f"{s['attribute_sum']}); Armor {s['armor']}; Faith {s['faith']}."
    )
    gear = dict(engine("play_lists")["lists"]["gear"])
    broken = f" Broken, not used: {', '.join(gear[g] for g in s['broken_gear'])}." if s["broken_gear"] else ""
    expect(page.locator(f"{ROOT} .srd-play__inventory")).to_have_text(
        f"{s['slots']} slots (6 + Health), {s['slots_used']} used, {s['conditions']} "
        f"{'condition' if s['conditions'] == 1 else 'conditions'}; the armour and weapons take {s['gear_slots_total']}."
        + broken
    )
    expect(page.locator(f"{ROOT} .srd-play__weight")).to_have_text(
        f"{s['stowed']} stowed: +{s['weight_penalty']}p from weight."
    )
    expect(page.get_by_label("Name", exact=True)).to_have_value(character["name"])


def odds_line(odds: dict) -> str:
    parts = [
        f"{row['hits']}{'+' if row['or_more'] else ''} {'hit' if row['hits'] == 1 and not row['or_more'] else 'hits'} "
        f"{row['percent']}"
        for row in odds["rows"]
    ]
    return f"{', '.join(parts)}; average {odds['mean_text']}"


def health_words(health: dict) -> str:
    """The status line after a Health save (its outcome, the moods that were injuries, a standing
    outcome it does not lift), from the engine's reply."""
    n, outcome, injured = health["roll"]["hits"], health["outcome"], health["injured"]
    standing = health["character"]["health_outcome"]
    return (
        f"Health save: {n} {'hit' if n == 1 else 'hits'}, {outcome}."
        + (
            f" The mood in {'slot' if len(injured) == 1 else 'slots'} {', '.join(str(i + 1) for i in injured)} "
            "was an injury."
            if injured
            else ""
        )
        + (f" Still {standing}." if standing != outcome else "")
    )


def save_seed(character: dict, hits: int) -> str:
    """The first seed whose save (``SAVE``) gives ``hits`` hits."""
    for seed in range(500):
        if engine("play_save_roll", character=character, fields=SAVE, seed=str(seed))["hits"] == hits:
            return str(seed)
    raise AssertionError(f"no seed gives {hits} hits")


def test_a_short_scene(sw_page, site_url: str, tmp_path: Path, friend_page) -> None:
    page = sw_page
    TOOL.open_with_nothing_saved(page, site_url, "No characters saved on this device yet")
    wren = make(page)
    assert wren["attributes"] == ATTRIBUTES and wren["titles"] == [{"text": "slayer of goblins", "boosted": False}]
    assert [slot["item"] for slot in wren["slots"]] == ["sword", "knife", "", "", "", "", "", ""]  # 6 + Health 2
    # Slot 1 holds the sheet's weapon: broken, the rolls leave it out.
    page.get_by_label("Slot 1: gear", exact=True).select_option("weapon")
    wait_saved(page, "c.slots[0].gear === 'weapon'")
    wren = shown(page)
    expect_sheet(page, wren)

    # The damage roll from the sheet's weapon: its exact odds before it is rolled, then the roll.
    page.get_by_label("A title applies").check()
    page.get_by_label("Their armour", exact=True).select_option("leather")
    page.get_by_label("Their shield", exact=True).select_option("shield")
    damage = engine("play_damage_odds", character=wren, fields=DAMAGE)
    assert damage["written"] == "1d +1d +1d +2b +1p vs DC 3"
    expect(page.locator(f"{ROOT} .srd-play__damage .srd-play__odds")).to_have_text(
        f"Exact odds of {damage['written']} ({damage['odds']['notation']}): {odds_line(damage['odds'])}."
    )
    page.get_by_label("Seed").first.fill("3")
    page.get_by_role("button", name="Roll damage").click()
    rolled = engine("play_damage_roll", character=wren, fields=DAMAGE, seed="3")
    hits = rolled["roll"]["hits"]
    expect(page.locator(STATUS)).to_have_text(f"Wren rolled damage: {hits} {'hit' if hits == 1 else 'hits'}.")
    expect(page.locator(f"{ROOT} .srd-play__damage .srd-play__line")).to_have_text(rolled["roll"]["lines"])
    # Under it, the permalink that rolls the same dice in the chapter's roller, and Share.
    r = rolled["roll"]
    expect(page.locator(f"{ROOT} .srd-play__damage .srd-roll__permalink")).to_have_attribute(
        "href",
        f"{site_url}dice-and-danger/?{urlencode({'notation': r['notation'], 'kind': r['kind'], 'seed': str(r['seed'])})}"
        "#dd-roller",
    )
    expect(page.locator(f"{ROOT} .srd-play__damage").get_by_role("button", name="Share this roll")).to_be_visible()

    # A save against Reflex, the weight counting: its odds, then a roll of 3 hits to take.
    page.get_by_label("Against", exact=True).select_option("Reflex")
    page.get_by_label("The danger's dice", exact=True).fill("2")
    page.get_by_label("Weight counts (sneaking, swimming, balancing)").check()
    save = engine("play_save_odds", character=wren, fields=SAVE)
    assert save["written"] == "save 2d +2p vs DC 4"
    expect(page.locator(f"{ROOT} .srd-play__save .srd-play__odds")).to_have_text(
        f"Exact odds of {save['written']} ({save['odds']['notation']}), hits Wren takes: {odds_line(save['odds'])}."
    )
    seed = save_seed(wren, 3)
    page.locator(f"{ROOT}-save-seed").fill(seed)
    page.get_by_role("button", name="Roll the save").click()
    expect(page.locator(STATUS)).to_have_text("Wren rolled the save: 3 hits to take.")
    expect(page.locator(f"{ROOT} .srd-play__save .srd-play__line")).to_have_text(
        engine("play_save_roll", character=wren, fields=SAVE, seed=seed)["roll"]["lines"]
    )
    expect(page.get_by_label("Hits to take", exact=True)).to_have_value("3")

    # The 3 hits: one on Hit Defense, one over the sword (a mar), one over an empty slot (a mood).
    page.get_by_label("Hit Defense to mark", exact=True).fill("1")
    page.get_by_label("Slot 1 (sword)").check()
    page.get_by_label("Slot 3", exact=True).check()
    page.get_by_role("button", name="Take the hits").click()
    taken = engine("play_take_hits", character=wren, hits="3", hit_defense="1", slots=[0, 2])
    expect(page.locator(STATUS)).to_have_text(
        "Wren took the hits (1 on Hit Defense; conditions: mar, mood). A Health save is owed: save 2d vs DC 2."
    )
    assert bare(shown(page)) == taken["character"]
    wren = taken["character"]
    expect_sheet(page, wren)

    # The Health save the sheet owes: each outcome's exact chance, then the roll writes its outcome.
    outcomes = engine("play_health_odds", character=wren)["health_outcomes"]
    rows = page.locator(f"{ROOT} .srd-play__health tbody tr")
    expect(rows).to_have_count(6)
    for i, o in enumerate(outcomes):
        expect(rows.nth(i)).to_have_text(f"{o['hits']}{'+' if o['to'] is None else ''}{o['name']}{o['percent']}")
    page.locator(f"{ROOT}-health-seed").fill("5")
    page.get_by_role("button", name="Roll the Health save").click()
    health = engine("play_health_roll", character=wren, seed="5")
    expect(page.locator(STATUS)).to_have_text(health_words(health))
    assert bare(shown(page)) == health["character"]
    expect(page.locator(f"{ROOT} .srd-play__outcome")).to_have_text(f"Last Health save: {health['outcome']}.")

    # Undo takes the roll back: the save is owed again; it is rolled again.
    TOOL.undo_last(page)
    assert bare(shown(page)) == wren
    expect(rows).to_have_count(6)
    page.locator(f"{ROOT}-health-seed").fill("5")
    page.get_by_role("button", name="Roll the Health save").click()
    wait_saved(page, "c.health_save === null")
    everyone = stored(page)["document"]["entries"]
    assert [bare(entry) for entry in everyone] == [health["character"]]

    # Reload (once the service worker holds the site), then offline: the same sheet, from the device.
    TOOL.reload_from_the_device(page, lambda: expect_sheet(page, everyone[0]))
    expect(page.locator(f"{ROOT} .srd-play__damage .srd-play__odds")).to_contain_text("Exact odds of")
    page.context.set_offline(False)

    # Export: the file is the saved document.
    exported = TOOL.export_named(page, tmp_path, "dice-and-danger-wren.json")

    # A broken file is refused with its reason; nothing saved changes.
    TOOL.expect_refused(
        page,
        broken_copy(exported, ("entries", 0, "attributes", "Will"), 7),
        "broken.json was not imported: character 1, Attributes, Will: must be from 1 to 6, not 7. Nothing saved was changed.",
    )

    # Importing the exported file asks first (its names are saved here); Keep both adds its character beside the one saved.
    TOOL.import_keeping_both(page, exported, "Wren")
    assert TOOL.entries(page) == everyone + everyone

    # Share as a link; a fresh browser opening it sees the same characters.
    TOOL.share_with_a_friend(page, friend_page, site_url, "Wren, Wren", lambda: expect_sheet(friend_page, everyone[0]))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_sheet_on_a_phone(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    wren = make(page, gear=False)
    expect_sheet(page, wren)
    expect(page.locator(f"{ROOT} .srd-play__save .srd-play__odds")).to_contain_text("Exact odds of")
    assert_no_sideways_scroll(page, "the dice & danger play tool at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []


def health_seed(character: dict, outcome: str) -> str:
    """The first seed whose Health save (the one ``character`` owes) comes out ``outcome``."""
    for seed in range(500):
        if engine("play_health_roll", character=character, seed=str(seed))["outcome"] == outcome:
            return str(seed)
    raise AssertionError(f"no seed gives {outcome}")


def test_a_life_to_its_end_on_a_phone(phone_page, site_url: str) -> None:
    # Wren (Health 2: 8 slots, level 2: 2 Hit Defense) takes hits until a Health save says she is
    # dead; then the sheet rolls no more, and Undo brings her back.
    page = phone_page
    open_tool(page, f"{site_url}dice-and-danger/play/")
    wren = make(page, gear=False)
    # Five hits: both Hit Defense, three moods over slots 1-3. Owed: a die for each mood.
    page.get_by_label("Hits to take", exact=True).fill("5")
    page.get_by_label("Hit Defense to mark", exact=True).fill("2")
    for n in (1, 2, 3):
        page.get_by_label(f"Slot {n}", exact=True).check()
    page.get_by_role("button", name="Take the hits").click()
    taken = engine("play_take_hits", character=wren, hits="5", hit_defense="2", slots=[0, 1, 2])
    assert taken["sheet"]["health_save"] == "save 3d vs DC 2" and taken["sheet"]["hit_defense_left"] == 0
    expect(page.locator(STATUS)).to_have_text(
        "Wren took the hits (2 on Hit Defense; conditions: mood, mood, mood). A Health save is owed: save 3d vs DC 2."
    )
    wren = taken["character"]
    assert bare(shown(page)) == wren
    # A Health save that kills: the moods were injuries, and the sheet says she is dead.
    seed = health_seed(wren, "Dead")
    page.locator(f"{ROOT}-health-seed").fill(seed)
    page.get_by_role("button", name="Roll the Health save").click()
    dead = engine("play_health_roll", character=wren, seed=seed)
    expect(page.locator(STATUS)).to_have_text(health_words(dead))
    assert bare(shown(page)) == dead["character"] and dead["sheet"]["dead"]
    assert [slot["condition"] for slot in dead["character"]["slots"][:3]] == ["injury"] * 3
    expect(page.locator(f"{ROOT} .srd-play__dead")).to_have_text(
        "Wren is dead: the sheet rolls no more. Change the last Health save to play on."
    )
    expect(page.get_by_role("button", name="Roll damage")).to_have_count(0)
    expect(page.get_by_role("button", name="Take the hits")).to_have_count(0)
    expect(page.locator(f"{ROOT} .srd-play__outcome")).to_have_text("Last Health save: Dead.")
    assert_no_sideways_scroll(page, "a dead dice & danger character at 360 px")
    # Undo: alive again, the save owed.
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("button", name="Roll the Health save")).to_be_visible()
    assert bare(shown(page)) == wren


def test_print_is_one_page(page, site_url: str) -> None:
    open_tool(page, f"{site_url}dice-and-danger/play/")
    wren = make(page)
    expect_sheet(page, wren)
    text = " ".join(printed_text(page).split())
    # (Fields do not print: the sheet's words do.)
    assert "Tier 2 (Apprentice)" in text and "+2p from weight" in text
    assert "Wren, level 2" in text and "Strength 3 · Reflex 4 · Health 2 · Intelligence 1 · Will 5" in text
    assert "slayer of goblins" in text and "Sword or knife, a light weapon in the off hand; Leather" in text
    assert "1. sword · 2. knife · 3. –" in text and "Stowed: tent, pan, rope, lamp" in text
    assert "Export file" not in text and "Roll damage" not in text and "Exact odds of" not in text


# --- taps, the log, errors at their field (issue 29) --------------------------------------------------
#: Whether a region's kept room holds what fills it (no taller than its min-height).
HOLDS = "(node) => node.getBoundingClientRect().height <= parseFloat(getComputedStyle(node).minHeight) + 0.5"


def tapped_in_sight(page: Page, where: str) -> None:
    """The result of a tap is shown under the group tapped, on the screen, within its kept room."""
    result = page.locator(f"{ROOT}-tap-{where}")
    expect(result).not_to_be_empty()
    expect(result).to_be_in_viewport()
    assert result.evaluate(HOLDS), where


def log_top(page: Page, count: int) -> dict:
    """The newest item of the shown character's log, once it holds ``count`` items."""
    wait_saved(page, f"(c.log || []).length === {count}")
    return shown(page)["log"][0]


def seed_of(item: dict) -> str:
    """The seed a log item's dice were rolled with (they are written "…, seed N: …")."""
    return item["dice"].split(", seed ", 1)[1].split(":", 1)[0]


def dice_words(roll: dict) -> str:
    """A roll's dice as the log writes them: every die, the kept ones when some were dropped, the crits."""
    return (
        f"{roll['notation']}, seed {roll['seed']}: rolled {' '.join(map(str, roll['dice']))}"
        + (f", kept {' '.join(map(str, roll['kept']))}" if roll["dropped"] else "")
        + (f", crits rolled {' '.join(str(e['value']) for e in roll['explosions'])}" if roll["explosions"] else "")
    )


def chance_words(chance: dict) -> str:
    return f"{chance['percent']} ({chance['ratio']})"


def plural(n: int, one: str) -> str:
    return f"{n} {one if n == 1 else one + 's'}"


#: The roll forms' choices as a new sheet shows them (the taps roll with them).
SAVE_FORM = {"dice": "", "conditions": "", "weight": "", "weapon": "none"}
DAMAGE_FORM = {
    "expert": "",
    "boosted": "",
    "prepared": "",
    "friend": "",
    "hit_defense": "",
    "unsuited": "",
    "armour": "none",
    "shield": "none",
    "conditions": "",
}
DEAD = ("Dead", "Flagrantly dead")


#: How far below a tap group's top the next thing on the sheet starts (the group's result room kept).
GAP = """([group, next]) => document.querySelector(next).getBoundingClientRect().top
    - document.querySelector(group).getBoundingClientRect().top"""


def squeezed(text: str) -> str:
    """Text with no white space (a PDF's lines break where the page did)."""
    return "".join(text.split())


def test_a_scene_played_by_taps_alone_on_a_phone(phone_page, site_url: str) -> None:
    # From "New character" to death by taps alone: a save tapped on an attribute, damage tapped on
    # the weapon, Hit Defense marked and cleared, a hit in every slot, the Health save they owe.
    # The one thing typed is the Health save's seed (its outcome is a roll: no tap fixes its dice).
    from io import BytesIO

    from pypdf import PdfReader

    page = phone_page
    open_tool(page, f"{site_url}dice-and-danger/play/")
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")
    hero = bare(shown(page))
    name = hero["name"]
    log = len(shown(page).get("log", []))

    # A save against Reflex: its chance of no hits on the button, then one tap rolls it.
    chances = {s["against"]: s for s in engine("play_save_chances", character=hero, fields=SAVE_FORM)["saves"]}
    reflex = page.locator(f"{ROOT} [data-key='ddp-tap-save-Reflex']")
    expect(reflex).to_have_text(f"{chances['Reflex']['what']}no hits {chances['Reflex']['clean']['percent']}")
    # (What follows the group stays where it was when the result comes: its room is kept.)
    save_group = [f"{ROOT} .srd-play__attributes .srd-play__tapgroup", f"{ROOT} .srd-play__attributes + fieldset"]
    before = page.evaluate(GAP, save_group)
    reflex.click()
    log += 1
    item = log_top(page, log)
    rolled = engine("play_save_roll", character=hero, fields={**SAVE_FORM, "attribute": "Reflex"}, seed=seed_of(item))
    taken = plural(rolled["hits"], "hit")
    assert item == {
        "what": f"{name} saved against {rolled['what']} ({rolled['written']}): {taken} to take.",
        "dice": dice_words(rolled["roll"]),
        "result": f"{taken} to take",
        "chance": chance_words(rolled["chance"]),
    }
    expect(page.locator(STATUS)).to_contain_text(item["what"])
    tapped_in_sight(page, "save")
    expect(page.locator(f"{ROOT}-tap-save")).to_contain_text(f"Chance of exactly {taken}: {item['chance']}.")
    assert page.evaluate(GAP, save_group) == before

    # Damage with no weapon: its chance of a hit or more on the button, then a tap.
    odds = engine("play_damage_odds", character=hero, fields=DAMAGE_FORM)["odds"]
    one_or_more = next(row for row in odds["rows"] if row["hits"] == 1)
    damage = page.locator(f"{ROOT} [data-key='ddp-tap-damage']")
    expect(damage.locator(".srd-play__tap-chance")).to_have_text(f"1+ hits {one_or_more['percent']}")
    damage.click()
    log += 1
    item = log_top(page, log)
    rolled = engine("play_damage_roll", character=hero, fields=DAMAGE_FORM, seed=seed_of(item))
    n = plural(rolled["roll"]["hits"], "hit")
    assert item == {
        "what": f"{name} rolled damage ({rolled['written']}): {n}.",
        "dice": dice_words(rolled["roll"]),
        "result": n,
        "chance": chance_words(rolled["chance"]),
    }
    tapped_in_sight(page, "damage")

    # Hit Defense (1 at level 1): a tap marks it, a tap clears it (by hand), a tap marks it again.
    box = page.locator(f"{ROOT} [data-key='ddp-hd-0']")
    for marked, words in (
        (1, "took a hit on Hit Defense: 0 left."),
        (0, "cleared a Hit Defense mark by hand: 1 left."),
        (1, "took a hit on Hit Defense: 0 left."),
    ):
        box.click()
        log += 1
        assert log_top(page, log) == {"what": f"{name} {words}"}
        assert shown(page)["hit_defense_marked"] == marked
        expect(box).to_have_attribute("aria-pressed", "true" if marked else "false")
        tapped_in_sight(page, "hd")
        assert page.locator(f"{ROOT} .srd-play__hd").evaluate(HOLDS)

    # A hit in every slot: each empty slot takes a mood, and the Health save owed grows by a die.
    slot_group = [f"{ROOT} fieldset .srd-play__tapgroup:has([data-key='ddp-slots-0'])", f"{ROOT}-stowed"]
    before = page.evaluate(GAP, slot_group)
    for i in range(len(hero["slots"])):
        page.locator(f"{ROOT} [data-key='ddp-slots-{i}']").click()
        log += 1
        words = f"{name} took a hit in slot {i + 1}: mood."
        assert log_top(page, log) == {"what": words}
        expect(page.locator(f"{ROOT} [data-key='ddp-slots-{i}']")).to_have_attribute("aria-pressed", "true")
        expect(page.locator(f"{ROOT} [data-key='ddp-slots-{i}']")).to_have_text("M")
        tapped_in_sight(page, "slots")
        assert page.evaluate(GAP, slot_group) == before
    hero = bare(shown(page))
    assert hero["health_save"]["now"] == len(hero["slots"]) and hero["hit_defense_marked"] == 1

    # The Health save: the seed typed (the only field typed into), then one tap.
    seed = next(
        str(s) for s in range(3000) if engine("play_health_roll", character=hero, seed=str(s))["outcome"] in DEAD
    )
    health = engine("play_health_roll", character=hero, seed=seed)
    page.locator(f"{ROOT}-health-seed").fill(seed)
    page.get_by_role("button", name="Roll the Health save").click()
    log += 1
    item = log_top(page, log)
    n = plural(health["roll"]["hits"], "hit")
    assert item == {
        "what": f"Health save: {n}, {health['outcome']}.",
        "dice": dice_words(health["roll"]),
        "result": f"{n}: {health['outcome']}",
        "chance": chance_words(health["chance"]),
    }
    expect(page.locator(f"{ROOT} .srd-play__dead")).to_contain_text("the sheet rolls no more")
    expect(page.locator(f"{ROOT}-health-result")).to_be_in_viewport()
    assert bare(shown(page)) == health["character"]
    assert_no_sideways_scroll(page, "a dice & danger character dead by taps at 360 px")
    assert TOOL.axe_violations(page) == []

    # On paper: every value on the sheet and every line of the log.
    final = shown(page)
    s = engine("play_sheet", character=final)["sheet"]
    text = squeezed("".join(p.extract_text() for p in PdfReader(BytesIO(page.pdf(format="A4"))).pages))
    values = [
        f"{name}, level {final['level']}; Hit Defense marked {final['hit_defense_marked']}",
        " · ".join(f"{a} {v}" for a, v in final["attributes"].items()),
        f"Tier {s['tier']} ({s['tier_name']})",
        f"Hit Defense {s['hit_defense']} ({s['hit_defense_left']} left)",
        f"Luck {s['luck']}",
        f"Armor {s['armor']}",
        f"Faith {s['faith']}",
        f"{s['slots']} slots (6 + Health), {s['slots_used']} used, {s['conditions']} conditions",
        " · ".join(f"{i + 1}. – ({slot['condition']})" for i, slot in enumerate(final["slots"])),
        "Stowed: nothing",
        f"{s['stowed']} stowed: +{s['weight_penalty']}p from weight.",
        f"Last Health save: {final['health_outcome']}.",
    ]
    for line in values + [part for entry in final["log"] for part in entry.values()]:
        assert squeezed(line) in text, line


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_errors_sit_at_their_field_in_the_readers_words(phone_page, site_url: str, theme: str, tmp_path: Path) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    wren = make(page, gear=False)
    # A bad value typed in the sheet: the error just after that field, its label first, no path.
    strength = page.get_by_label("Strength", exact=True)
    refusal = expect_refused_at_the_field(
        TOOL, page, strength, "seven", "Strength: must be a whole number from 1 to 6, not text"
    )
    assert refusal.evaluate(
        "(line) => line.previousElementSibling.contains(document.querySelector('#ddp-attr-Strength'))"
    )
    assert TOOL.axe_violations(page) == []
    # Fixed: saved, and the error is gone.
    TOOL.edit(page, strength, "3", "c.attributes.Strength === 3")
    expect(refusal).to_have_count(0)
    expect(strength).not_to_have_attribute("aria-invalid", "true")
    # A bad value in a roll form: the error at that field, gone once the form is answered again.
    dice = page.get_by_label("The danger's dice", exact=True)
    expect_refused_then_fixed(dice, refusal, "x", "The danger's dice must be a whole number, not x", "2")
    # A file with a bad value: the status line names the field in words (no path, no code).
    document = {**stored(page)["document"], "entries": [{**bare(wren), "level": 0, "hit_defense_marked": 1}]}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    page.set_input_files(f"{ROOT} input[type=file]", str(bad))
    expect(page.locator(STATUS)).to_have_text(
        "bad.json was not imported: character 1, Hit Defense marked: must be from 0 to 0, not 1. Nothing saved was changed."
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_dead_character_passes_axe(phone_page, site_url: str, theme: str) -> None:
    from rules_engine.core.play import FORMAT
    from rules_engine.dice_and_danger.play import VERSION, new_character

    dead = {
        **new_character("Ash", 5),
        "health_outcome": "Dead",
        "log": [
            {
                "what": "Health save: 4 hits, Dead.",
                "dice": "save 3d vs DC 2, seed 9: rolled 6 5 4, crits rolled 2",
                "result": "4 hits: Dead",
                "chance": "20.00% (1/5)",
            }
        ],
    }
    page = phone_page
    use_theme(page, site_url, theme)
    TOOL.seed(
        page,
        {
            "document": {"format": FORMAT, "version": VERSION, "system": "dice-and-danger", "entries": [dead]},
            "current": 0,
        },
    )
    open_tool(page, f"{site_url}dice-and-danger/play/")
    expect(page.locator(f"{ROOT} .srd-play__dead")).to_have_text(
        "Ash is dead: the sheet rolls no more. Change the last Health save to play on."
    )
    expect(page.locator(f"{ROOT} .srd-play__tap")).to_have_count(0)
    expect(page.locator(f"{ROOT} .srd-play__tapbox")).to_have_count(0)
    assert_no_sideways_scroll(page, "a dead dice & danger character at 360 px")
    assert TOOL.axe_violations(page) == []
