"""X-in-Y at the table (/xy-checks/play/) in headless chromium, played as a reader would:
make a scene of two sides, read a volley's exact odds, roll it and see the damage on the
targets, undo, reload, go offline, export and import, share the link into a fresh browser,
and refuse a broken file or link without touching what is saved.

Every expected value comes from the engine (``rules_engine.web.call``) with the same scene,
never from numbers copied into the test."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from browser_kit import assert_no_sideways_scroll
from browser_play import ScenePlayTool, broken_copy, printed_text
from playwright.sync_api import Locator, Page, expect
from pypdf import PdfReader

TOOL = ScenePlayTool("xy-checks", "#xyp", entry="s")
ROOT, STATUS = TOOL.root, TOOL.status
engine, open_tool, stored, wait_saved = TOOL.engine, TOOL.open, TOOL.stored, TOOL.wait_saved


def without_log(entry: dict) -> dict:
    """A saved scene less its log (the frame's record of changes, not the scene's state)."""
    return {key: value for key, value in entry.items() if key != "log"}


def saved_scene(page: Page) -> dict:
    """The scene shown, as saved on the device, less its log."""
    return without_log(TOOL.shown(page))


def side(page: Page, s: int) -> Locator:
    return page.locator(f"{ROOT} [data-side='{s}']")


def combatant(page: Page, s: int, i: int) -> Locator:
    return side(page, s).locator(".srd-xy-play__combatant").nth(i)


def edit(field: Locator, value: str, page: Page, check: str) -> None:
    """Type into a labelled field and leave it, as a reader does; wait for the engine's save."""
    TOOL.edit(page, field, value, check)


def choose(field: Locator, value: str, page: Page, check: str) -> None:
    field.select_option(value)
    wait_saved(page, check)


def make_ford(page: Page) -> dict:
    """The ford: Wardens (Ada 5/6 +1b) against Raiders (Cy with barely effective defences, Di
    with 4 health). Returns it as saved."""
    page.get_by_role("button", name="New scene").click()
    expect(page.locator(STATUS)).to_have_text("New scene added: New scene.")
    edit(page.get_by_label("Scene", exact=True), "The ford", page, "s.name === 'The ford'")
    edit(side(page, 0).get_by_label("Side's name"), "Wardens", page, "s.sides[0].name === 'Wardens'")
    edit(side(page, 1).get_by_label("Side's name"), "Raiders", page, "s.sides[1].name === 'Raiders'")
    ada = combatant(page, 0, 0)
    edit(ada.get_by_label("Name", exact=True), "Ada", page, "s.sides[0].combatants[0].name === 'Ada'")
    edit(ada.get_by_label("Check", exact=True), "5/6  +2b -1p", page, "s.sides[0].combatants[0].check === '5/6 +1b'")
    expect(combatant(page, 0, 0).get_by_label("Check", exact=True)).to_have_value("5/6 +1b")  # the engine's form
    edit(combatant(page, 1, 0).get_by_label("Name", exact=True), "Cy", page, "s.sides[1].combatants[0].name === 'Cy'")
    choose(
        combatant(page, 1, 0).get_by_label("Defences"), "barely", page, "s.sides[1].combatants[0].defence === 'barely'"
    )
    page.get_by_role("button", name="Add a combatant to Raiders").click()
    expect(page.locator(STATUS)).to_have_text("Added Combatant 2 to Raiders.")
    edit(combatant(page, 1, 1).get_by_label("Name", exact=True), "Di", page, "s.sides[1].combatants[1].name === 'Di'")
    edit(combatant(page, 1, 1).get_by_label("Health", exact=True), "4", page, "s.sides[1].combatants[1].health === 4")
    return saved_scene(page)


def expect_odds(page: Page, scene: dict, attacking: str) -> dict:
    """The odds under the exchange are the engine's for this scene: the notation and, for
    each target, its chance to be hit, average damage and chance to go down."""
    odds = engine("play_odds", scene=scene, attacking=attacking)
    expect(page.locator(f"{ROOT} .srd-xy-play__notation code")).to_have_text(odds["notation"])
    rows = page.locator(f"{ROOT} .srd-xy-play__targets tbody tr")
    expect(rows).to_have_count(len(odds["targets"]))
    for row, t in zip(rows.all(), odds["targets"]):
        expect(row).to_have_text(
            " ".join(
                [
                    t["name"],
                    scene["sides"][t["side"]]["name"],
                    t["hit"]["percent"],
                    t["mean_damage"],
                    t["down"]["percent"],
                ]
            ),
            use_inner_text=True,
        )
    # Percentages first, the exact fractions on demand (under a summary the keyboard reaches).
    fractions = page.locator(f"{ROOT} .srd-xy-play__odds .srd-play__fractions li")
    expect(fractions).to_have_text(
        [
            line
            for t in odds["targets"]
            for line in (f"{t['name']}: hit: {t['hit']['ratio']}", f"{t['name']}: goes down: {t['down']['ratio']}")
        ]
        + (
            []
            if attacking != "both"
            else [
                f"{scene['sides'][0]['name']} out-hit {scene['sides'][1]['name']}: {odds['first_more']['ratio']}",
                f"{scene['sides'][1]['name']} out-hit {scene['sides'][0]['name']}: {odds['second_more']['ratio']}",
                f"A tie: {odds['tie']['ratio']}",
            ]
        )
    )
    return odds


def expect_scene(page: Page, scene: dict) -> None:
    """The page shows this scene: names, damage taken and each combatant's state as the engine gives it."""
    sheet = engine("play_sheet", scene=scene)["sheet"]
    expect(page.get_by_label("Scene", exact=True)).to_have_value(scene["name"])
    for s, side_ in enumerate(scene["sides"]):
        expect(side(page, s).locator("legend")).to_have_text(
            f"{side_['name']}: {sheet['sides'][s]['standing']} of {len(side_['combatants'])} standing"
        )
        for i, c in enumerate(side_["combatants"]):
            row = combatant(page, s, i)
            fact = sheet["sides"][s]["combatants"][i]
            expect(row.get_by_label("Damage taken", exact=True)).to_have_value(str(c["damage"]))
            state = row.locator(".srd-xy-play__state")
            expect(state).to_contain_text("down" if fact["down"] else f"{fact['left']} of {c['health']} health left")
            expect(state).to_contain_text(f"hits {fact['hit']['percent']}")


def roll(page: Page, scene: dict, seed: str) -> dict:
    page.fill(f"{ROOT}-seed", seed)
    # (Mid-window: near its top after scrolling up, Material's "Back to top" button comes over it.)
    page.locator(f"{ROOT}-roll").evaluate("(node) => node.scrollIntoView({block: 'center'})")
    page.get_by_role("button", name="Roll the exchange").click()
    rolled = engine("play_roll", scene=scene, attacking="first", seed=seed)
    expect(page.locator(STATUS)).to_have_text(rolled["summary"])
    expect(page.locator(f"{ROOT} .srd-xy-play__result .srd-play__what")).to_have_text(rolled["summary"])
    # The breakdown names the sides and combatants, never their places ("Champion", "Target 1").
    result = page.locator(f"{ROOT} .srd-xy-play__result")
    expect(result.locator(".srd-play__line")).to_have_text(rolled["roll"]["lines"][1:])
    expect(result).to_contain_text(" (champion) ")
    expect(result).not_to_contain_text(re.compile(r"Champion|Target \d|First side|Second side"))
    return rolled


def test_a_short_scene(sw_page, site_url: str, tmp_path: Path, friend_page) -> None:
    page = sw_page
    TOOL.open_with_nothing_saved(page, site_url, "No scenes saved on this device yet")
    ford = make_ford(page)
    assert [[c["name"] for c in s["combatants"]] for s in ford["sides"]] == [["Ada"], ["Cy", "Di"]]
    expect_scene(page, ford)

    # The volley's exact odds; a roll with seed 7 writes the engine's damage onto Cy and Di.
    odds = expect_odds(page, ford, "first")
    assert odds["notation"] == "volley 5/6 +1b vs barely, target"
    rolled = roll(page, ford, "7")
    after = saved_scene(page)
    assert after == rolled["scene"] and after != ford
    expect_scene(page, after)
    expect_odds(page, after, "first")  # the odds follow the damage: Di's chance to go down

    # Undo takes the roll back; it is rolled again.
    TOOL.undo_last(page)
    assert saved_scene(page) == ford
    expect_scene(page, ford)
    roll(page, ford, "7")
    ford = saved_scene(page)

    # Both sides at once: the contested volley's odds.
    page.select_option(f"{ROOT}-attacking", "both")
    contest = expect_odds(page, ford, "both")
    expect(page.locator(f"{ROOT} .srd-xy-play__contest")).to_contain_text(
        f"Wardens out-hit Raiders: {contest['first_more']['percent']}; "
    )

    # Reload (once the service worker holds the site), then offline: the same scene, from the device.
    TOOL.reload_from_the_device(page, lambda: expect_scene(page, ford))
    expect_odds(page, ford, "first")
    page.context.set_offline(False)

    # Export: the file is the saved document.
    exported = TOOL.export_named(page, tmp_path, "xy-checks-the-ford.json")

    # A broken file is refused with its reason; nothing saved changes.
    broken = broken_copy(exported, ("entries", 0, "sides", 1, "combatants", 1, "check"), "5/7")
    reason = "broken.json was not imported: scene 1, side 2, combatant 2, Check: the die must be on the ladder"
    TOOL.expect_refused(page, broken, (reason, "Nothing saved was changed."))
    # In the reader's words: no JSON path, no key as the engine spells it.
    expect(page.locator(STATUS)).not_to_contain_text(re.compile(r"\[\d\]|entries|combatants|\w_\w"))

    # Importing the exported file asks first (its names are saved here); Keep both adds its scene beside the one saved.
    TOOL.import_keeping_both(page, exported, "The ford")
    assert [without_log(entry) for entry in stored(page)["document"]["entries"]] == [ford, ford]
    expect(page.locator(f"{ROOT}-pick option")).to_have_count(2)

    # Share as a link; a fresh browser opening it sees the same scenes.
    def same_scene() -> None:
        expect_scene(friend_page, ford)
        expect_odds(friend_page, ford, "first")

    TOOL.share_with_a_friend(page, friend_page, site_url, "The ford, The ford", same_scene)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_scene_on_a_phone(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    make_ford(page)
    expect(page.locator(f"{ROOT} .srd-xy-play__targets tbody tr")).to_have_count(2)
    assert_no_sideways_scroll(page, "the X-in-Y play tool at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []
    # Taking a combatant off: the side keeps the focus (its Add button), Undo brings them back.
    page.get_by_role("button", name="Remove Di").click()
    expect(page.locator(STATUS)).to_have_text("Di taken off Raiders. Undo brings them back.")
    wait_saved(page, "s.sides[1].combatants.length === 1")
    expect(page.get_by_role("button", name="Add a combatant to Raiders")).to_be_focused()
    page.get_by_role("button", name="Undo").click()
    wait_saved(page, "s.sides[1].combatants.length === 2")
    expect(combatant(page, 1, 1).get_by_label("Name", exact=True)).to_have_value("Di")

    # Played to the end: the Wardens' volleys (seeds 1, 2, ...) until nobody on the Raiders is
    # standing. The exchange then says so in place of its odds, and no roll is left to make.
    scene = saved_scene(page)
    for seed in range(1, 40):
        expect(page.locator(f"{ROOT}-roll")).to_be_enabled()
        rolled = roll(page, scene, str(seed))
        scene = rolled["scene"]
        assert saved_scene(page) == scene
        if rolled["sheet"]["over"]:
            break
    assert rolled["sheet"]["over"] == "Nobody on Raiders is standing: that side is out of the fight."
    expect(page.locator(f"{ROOT} .srd-xy-play__over")).to_have_text(rolled["sheet"]["over"])
    expect(page.locator(f"{ROOT}-roll")).to_be_disabled()
    expect(side(page, 1).locator("legend")).to_have_text("Raiders: 0 of 2 standing")
    page.select_option(f"{ROOT}-attacking", "both")  # who attacks changes nothing: the fight is over
    expect(page.locator(f"{ROOT} .srd-xy-play__over")).to_have_text(rolled["sheet"]["over"])
    assert_no_sideways_scroll(page, "the X-in-Y play tool at 360 px, the fight over")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []


def test_print_puts_the_scene_on_one_page(page, site_url: str) -> None:
    open_tool(page, f"{site_url}xy-checks/play/")
    ford = make_ford(page)
    for n in range(4):  # a fuller scene: five against six
        for s, name in enumerate(("Wardens", "Raiders")):
            page.get_by_role("button", name=f"Add a combatant to {name}").click()
            wait_saved(page, f"s.sides[{s}].combatants.length === {n + 1 + (s + 1 if s else 1)}")
    expect(side(page, 1).locator(".srd-xy-play__combatant")).to_have_count(6)
    # The scene on the first page; its log (every edit above: 18 lines) may go on to a second.
    text = " ".join(printed_text(page, most_pages=2).split())
    assert "The ford" in text and "Wardens: 5 of 5 standing" in text and "Raiders: 6 of 6 standing" in text
    assert "Check 5/6 +1b · defences not effective · form even · health 10 · damage taken 0" in text
    assert f"4 of {ford['sides'][1]['combatants'][1]['health']} health left" in text
    assert "Roll the exchange" not in text and "Export file" not in text
    assert "Combatant 6" in text and "Log" in text


# --- issue 29: taps, the log, errors at their field -------------------------------------------
def in_words(text: str) -> str:
    """Text as a PDF reader gives it back, for a search: every space and line break gone."""
    return re.sub(r"\s+", "", text)


def tap_and_read(page: Page, tap: Locator, result: Locator) -> dict:
    """Tap ``tap``; the change is saved with a log item, its result is shown at ``result``, in
    sight. Returns the log item."""
    count = len(TOOL.shown(page).get("log", []))
    # (Mid-window: near its top after scrolling up, Material's "Back to top" button comes over it.)
    tap.evaluate("(node) => node.scrollIntoView({block: 'center'})")
    tap.click()
    wait_saved(page, f"(s.log || []).length === {count + 1}")
    item = TOOL.shown(page)["log"][0]
    expect(result).to_contain_text(item["what"])
    expect(result).to_be_in_viewport()
    # Within the room kept for it (keepRoom): nothing under it moved when it came.
    height, room = result.evaluate(
        "(n) => [n.getBoundingClientRect().height, parseFloat(getComputedStyle(n).minHeight)]"
    )
    assert height <= room + 1, (item, height, room)
    expect(page.locator(f"{ROOT} .srd-play__log-list > li").first).to_contain_text(item["what"])
    return item


def seed_of(what: str) -> str:
    return re.search(r"\(seed (\d+)\)", what).group(1)


def test_a_short_scene_by_taps_alone(phone_page, site_url: str) -> None:
    # New scene, then only taps, no seed typed: a combatant's check, the exchange, and a health
    # box, until a side is out of the fight. Every roll is checked against the engine with the
    # seed the page names; then the printed page holds every value and every line of the log.
    page = phone_page
    open_tool(page, f"{site_url}xy-checks/play/")
    page.get_by_role("button", name="New scene").click()
    expect(page.locator(STATUS)).to_have_text("New scene added: New scene.")
    new = saved_scene(page)
    sheet = engine("play_sheet", scene=new)["sheet"]

    # Combatant 1 of the first side: its check, its chance of success before the tap.
    check = side(page, 0).get_by_role("button", name=re.compile(r"^Combatant 1: 5.6 "))
    expect(check).to_contain_text(f"success {sheet['sides'][0]['combatants'][0]['hit']['percent']}")
    item = tap_and_read(page, check, page.locator(f"{ROOT}-s0-c0-result"))
    rolled = engine("play_roll_check", scene=new, side=0, index=0, seed=seed_of(item["what"]))
    assert item == {"what": rolled["summary"], **rolled["record"]}
    assert rolled["record"]["chance"] == "83.33 % (5/6) of success"
    assert saved_scene(page) == new  # a check rolled alone deals no damage
    expect(check).to_be_focused()  # the sheet drawn anew: the focus stays on the tap

    # The exchange: the first side attacks.
    roll_button = page.get_by_role("button", name="Roll the exchange")
    item = tap_and_read(page, roll_button, page.locator(f"{ROOT}-result"))
    exchanged = engine("play_roll", scene=new, attacking="first", seed=seed_of(item["what"]))
    assert item["what"] == exchanged["summary"]  # one sentence: nobody is down yet
    assert {key: item[key] for key in ("dice", "result", "chance")} == exchanged["record"]
    after = saved_scene(page)
    assert after == exchanged["scene"]
    hurt = after["sides"][1]["combatants"][0]["damage"]
    assert hurt <= 6  # one attacker, one hit at most: 1d6

    # The second side's last health box: marked with every box before it, and its only
    # combatant is down.
    boxes = side(page, 1).get_by_role("list", name=re.compile(r"^Combatant 1's health"))
    expect(boxes.get_by_role("button")).to_have_count(10)
    expect(boxes.locator("[aria-pressed=true]")).to_have_count(hurt)
    last = boxes.get_by_role("button", name="Combatant 1: health box 10 of 10, clear")
    item = tap_and_read(page, last, page.locator(f"{ROOT}-s1-c0-result"))
    over = "Nobody on Second side is standing: that side is out of the fight."
    assert item == {"what": "Combatant 1: damage taken 10 (down)."}
    expect(page.locator(STATUS)).to_have_text(f"Combatant 1: damage taken 10 (down). {over}")
    expect(page.locator(f"{ROOT} .srd-xy-play__over")).to_have_text(over)
    expect(roll_button).to_be_disabled()
    expect(boxes.locator("[aria-pressed=true]")).to_have_count(10)
    # Each tap is one step: Undo gives the box back (and forgets the result shown under it), Redo marks it again.
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(STATUS)).to_have_text("Undone: Combatant 1: damage taken 10 (down).")
    wait_saved(page, f"s.sides[1].combatants[0].damage === {hurt}")
    assert saved_scene(page) == after
    expect(boxes.locator("[aria-pressed=true]")).to_have_count(hurt)
    expect(page.locator(f"{ROOT}-s1-c0-result")).to_be_empty()
    expect(roll_button).to_be_enabled()
    page.get_by_role("button", name="Redo").click()
    expect(page.locator(STATUS)).to_have_text("Redone: Combatant 1: damage taken 10 (down).")
    expect(page.locator(f"{ROOT} .srd-xy-play__over")).to_have_text(over)
    expect(boxes.locator("[aria-pressed=true]")).to_have_count(10)
    end = TOOL.shown(page)
    assert [i["what"] for i in end["log"][:3]] == [
        "Combatant 1: damage taken 10 (down).",
        exchanged["summary"],
        rolled["summary"],
    ]

    # On paper: the scene's every value, and the log, newest first, each roll's dice, result and chance.
    page.emulate_media(media="print")
    text = "".join(sheet.extract_text() for sheet in PdfReader(io.BytesIO(page.pdf(format="A4"))).pages)
    paper = in_words(text)
    for words in [
        "New scene",
        "First side: 1 of 1 standing",
        "Second side: 0 of 1 standing",
        "Check 5/6 · defences not effective · form even · health 10 · damage taken 0",
        "Check 5/6 · defences not effective · form even · health 10 · damage taken 10",
        "a volley's extra hits go to the lightest targets first",
    ]:
        assert in_words(words) in paper, words
    for logged in end["log"]:
        for part, name in (("what", ""), ("dice", "Dice: "), ("result", "Result: "), ("chance", "Chance: ")):
            if part in logged:
                assert in_words(name + logged[part]) in paper, (part, logged[part])
    assert "Roll the exchange" not in text and "Export file" not in text


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_error_sits_at_its_field_in_the_readers_words(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    page.get_by_role("button", name="New scene").click()
    expect(page.locator(STATUS)).to_have_text("New scene added: New scene.")
    damage = combatant(page, 0, 0).get_by_label("Damage taken", exact=True)
    damage.fill("12")
    damage.press("Tab")
    error = combatant(page, 0, 0).locator(".srd-play__field-error")
    expect(error).to_have_text("Damage taken: must be from 0 to 10, not 12")
    expect(damage).to_have_attribute("aria-invalid", "true")
    described = damage.get_attribute("aria-describedby").split()
    assert error.get_attribute("id") in described
    assert saved_scene(page)["sides"][0]["combatants"][0]["damage"] == 0  # nothing saved
    assert_no_sideways_scroll(page, "the X-in-Y play tool at 360 px, an error shown")
    assert TOOL.axe_violations(page) == []
    # Fixed: saved, and the error is gone.
    edit(damage, "3", page, "s.sides[0].combatants[0].damage === 3")
    expect(page.locator(f"{ROOT} .srd-play__field-error")).to_have_count(0)
    expect(combatant(page, 0, 0).get_by_label("Damage taken", exact=True)).not_to_have_attribute("aria-invalid", "true")
    # A check the chapter cannot read: at the Check field, without its path.
    check = combatant(page, 1, 0).get_by_label("Check", exact=True)
    check.fill("5/7")
    check.press("Tab")
    expect(combatant(page, 1, 0).locator(".srd-play__field-error")).to_contain_text(
        "Check: the die must be on the ladder"
    )
    expect(page.locator(f"{ROOT} .srd-play__field-error")).not_to_contain_text(re.compile(r"scene|\[\d\]|combatants"))
