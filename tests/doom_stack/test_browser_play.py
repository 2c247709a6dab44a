"""Doom Stack at the table (/doom-stack/play/) in headless chromium, played as a reader would:
make a character, roll from it, take a hit, undo, reload, go offline, export and import,
share the link into a fresh browser, and refuse a broken file without touching what is saved.

Every expected value comes from the engine (``rules_engine.web.call``) with the same
character, never from numbers copied into the test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser_kit import assert_no_sideways_scroll
from browser_play import ScenePlayTool, printed_text
from playwright.sync_api import Page, expect

TOOL = ScenePlayTool("doom-stack", "#dsp", entry="c")
ROOT, STATUS, STORE = TOOL.root, TOOL.status, TOOL.store
engine, open_tool, stored, wait_saved = TOOL.engine, TOOL.open, TOOL.stored, TOOL.wait_saved


def saved_characters(page: Page) -> list[dict]:
    """Every saved character as the engine's actions give it back: the frame's log left out
    (the log is checked in test_browser_taps.py)."""
    return [{key: value for key, value in entry.items() if key != "log"} for entry in TOOL.entries(page)]


def edit(page: Page, label: str, value: str, check: str) -> None:
    """Type into the field labelled ``label`` and leave it; wait for the engine's save."""
    TOOL.edit(page, page.get_by_label(label, exact=True), value, check)


def make_vex(page: Page) -> dict:
    """A new character named Vex: Strength 3, a skill Firearms 3. Returns it as saved."""
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")
    edit(page, "Name", "Vex", "c.name === 'Vex'")
    edit(page, "Strength: rating", "3", "c.attributes.Strength === 3")
    page.get_by_role("button", name="Add a skill").click()
    name = page.get_by_label("Skills: name", exact=True).last
    expect(name).to_be_focused()
    name.fill("Firearms")
    name.press("Tab")
    wait_saved(page, "c.skills.Firearms === 0")
    edit(page, "Firearms: rating", "3", "c.skills.Firearms === 3")
    return saved_characters(page)[-1]


def roll_from_sheet(page: Page, character: dict) -> dict:
    """Roll Agility + Firearms, modifiers +9 (capped), TN 6, seed 31; the engine's reply."""
    page.select_option(f"{ROOT}-attribute", "Agility")
    page.select_option(f"{ROOT}-skill", "Firearms")
    page.fill(f"{ROOT}-modifiers", "+9")
    page.fill(f"{ROOT}-tn", "6")
    page.fill(f"{ROOT}-seed", "31")
    page.get_by_role("button", name="Roll", exact=True).click()
    expected = engine(
        "play_roll", character=character, attribute="Agility", skill="Firearms", modifiers="+9", tn="6", seed="31"
    )
    roll = expected["roll"]
    attention = " ".join(map(str, roll["attention_pool"])) or "empty"
    expect(page.locator(STATUS)).to_have_text(
        f"Rolled Agility + Firearms: best stack {roll['best_stack']['value']}; attention pool {attention}."
    )
    expect(page.locator(f"{ROOT} .srd-play__what")).to_have_text(f"Agility + Firearms: {expected['pool_line']}")
    return expected


def hit(page: Page, character: dict, attack: str = "14", body: str = "2", defend: bool = True) -> dict:
    """An attack (body armour 2), defended with the biggest stack the attention pool makes (as the
    engine lists them) or not at all; the engine's reply."""
    defences = engine("play_sheet", character=character)["sheet"]["defences"]
    defence = str(defences[0]["value"]) if defend and defences else ""
    page.get_by_label("Attacker's stack").fill(attack)
    page.get_by_label("Defender's stack").select_option(defence)
    page.get_by_label("Body armour").fill(body)
    page.get_by_role("button", name="Apply the hit").click()
    fields = {"attack": attack, "defence": defence, "body": body, "hard": "", "cover": "", "antitank": ""}
    expected = engine("play_attack", character=character, fields=fields)
    report = expected["attack"]
    expect(page.locator(STATUS)).to_have_text(
        f"Hit: {report['physical']} physical, {report['stun']} stun; now {expected['sheet']['track']['state']}."
    )
    return expected


def take_a_smaller_stack(page: Page, character: dict, dice: list[int]) -> dict:
    """Take the stack of ``dice`` instead of the roller's best (Stack taken); the engine's reply."""
    pick = engine("play_sheet", character=character)["sheet"]["pick"]
    place = [stack["dice"] for stack in pick["stacks"]].index(dice)
    page.get_by_label("Stack taken", exact=True).select_option(str(place))
    expected = engine("play_choose", character=character, stack=str(place))
    attention = " ".join(map(str, expected["character"]["attention"])) or "empty"
    expect(page.locator(STATUS)).to_have_text(
        f"Stack taken: {expected['sheet']['pick']['value']}; attention pool {attention}."
    )
    return expected


def another_action(page: Page, character: dict, attribute: str) -> dict:
    """Another action of ``attribute`` alone, from the attention pool (a smaller pool: no dice rolled)."""
    page.get_by_label("Other attribute").select_option(attribute)
    page.get_by_role("button", name="Take it from the attention pool").click()
    expected = engine("play_multitask", character=character, attribute=attribute, skill="", modifiers="", tn="")
    attention = " ".join(map(str, expected["character"]["attention"])) or "empty"
    expect(page.locator(STATUS)).to_have_text(
        f"Another action ({attribute}): stack {expected['sheet']['pick']['value']}; attention pool {attention}."
    )
    return expected


def bleed_to_the_end(page: Page) -> dict:
    """Roll each hour's bleeding out until the button goes: stable or dead, as the engine's dice fall.
    Each hour's change is the rule's: a 1 makes the character stable, anything else adds 1 to overflow."""
    character = saved_characters(page)[-1]
    button = page.get_by_role("button", name="Roll this hour's bleeding out")
    while (
        character["overflow"]
        and not character["stable"]
        and not engine("play_sheet", character=character)["sheet"]["track"]["dead"]
    ):
        button.click()
        wait_saved(page, f"c.stable || c.overflow === {character['overflow'] + 1}")
        after = saved_characters(page)[-1]
        die = int(re.search(r"Bleeding out, this hour: a (\d)", page.locator(STATUS).inner_text()).group(1))
        assert (after["stable"], after["overflow"]) == (
            (True, character["overflow"]) if die == 1 else (False, character["overflow"] + 1)
        )
        character = after
    expect(button).to_have_count(0)
    return character


def play_to_the_end(page: Page, vex: dict) -> dict:
    """From a hurt character: hit again until dying, bleed to stable or dead; if stable, every box
    healed (recovered). Returns the character at its end."""
    vex = hit(page, vex, attack="10", defend=False)["character"]
    assert saved_characters(page)[-1] == vex and vex["overflow"] > 0
    vex = bleed_to_the_end(page)
    state = page.locator(f"{ROOT} .srd-play__state-word")
    if vex["stable"]:
        expect(state).to_have_text(engine("play_sheet", character=vex)["sheet"]["track"]["state"])
        page.get_by_role("button", name="Clear all damage").click()
        expect(page.locator(STATUS)).to_have_text("All damage cleared.")
        vex = saved_characters(page)[-1]
        assert (vex["marks"], vex["overflow"], vex["stable"]) == ("", 0, False)
        expect(state).to_have_text("still in action")
    else:
        expect(state).to_have_text("dead")
        expect(page.get_by_role("button", name="Clear all damage")).to_have_count(0)
    return vex


def expect_sheet(page: Page, character: dict) -> None:
    """The page shows this character's hit boxes and track as the engine gives them."""
    sheet = engine("play_sheet", character=character)["sheet"]
    a = character["attributes"]
    expect(page.locator(f"{ROOT} .srd-play__boxes-count")).to_have_text(
        f"{sheet['boxes']} hit boxes (4 + Strength {a['Strength']} + Willpower {a['Willpower']})"
    )
    expect(page.locator(f"{ROOT} .srd-play__state-word")).to_have_text(sheet["track"]["state"])
    # The hit boxes, then the overflow box (its number).
    boxes = page.locator(f"{ROOT} .srd-play__tapbox")
    expect(boxes).to_have_count(sheet["boxes"] + 1)
    assert "".join(boxes.all_inner_texts()) == sheet["track"]["marks"] + str(character["overflow"])


def expect_attention(page: Page, character: dict) -> None:
    """The attention pool's dice, each a tap that spends it."""
    dice = page.locator(f"{ROOT} .srd-play__attention .srd-play__tap-words")
    expect(dice).to_have_text([str(die) for die in character["attention"]])


def test_a_short_scene(sw_page, site_url: str, tmp_path: Path, friend_page) -> None:
    page = sw_page
    TOOL.open_with_nothing_saved(page, site_url, "No characters saved on this device yet")
    vex = make_vex(page)
    assert vex == {
        "name": "Vex",
        "attributes": {"Strength": 3, "Agility": 2, "Willpower": 2},
        "skills": {"Firearms": 3},
        "marks": "",
        "overflow": 0,
        "stable": False,
        "attention": [],
        "pick": None,
    }
    expect_sheet(page, vex)

    # Roll from the sheet: the engine's roll, its attention pool kept on the sheet.
    rolled = roll_from_sheet(page, vex)
    vex = saved_characters(page)[-1]
    assert vex == rolled["character"] and vex["attention"] == rolled["roll"]["attention_pool"]
    expect_attention(page, vex)

    # A smaller stack than the best: 4 + 4 of 1 4 1 4 2 6 1, the rest stays in the attention pool.
    chosen = take_a_smaller_stack(page, vex, [4, 4])
    vex = saved_characters(page)[-1]
    assert vex == chosen["character"] and vex["pick"]["stack"] == [4, 4]
    expect_attention(page, vex)

    # A hit, defended from the attention pool, marks the track; Undo takes it back, and it is applied again.
    before_hit = vex
    struck = hit(page, vex)
    vex = saved_characters(page)[-1]
    assert vex == struck["character"] and len(vex["attention"]) < len(before_hit["attention"])
    expect_sheet(page, vex)
    TOOL.undo_last(page)
    assert saved_characters(page)[-1] == before_hit
    expect_sheet(page, before_hit)
    hit(page, before_hit)
    vex = saved_characters(page)[-1]
    # To the end the rules define: dying, then stable (and healed) or dead.
    vex = play_to_the_end(page, vex)

    # Reload (once the service worker holds the site), then offline: the same sheet, from the device,
    # with the engine behind it.
    def same_sheet() -> None:
        expect(page.get_by_label("Name", exact=True)).to_have_value("Vex")
        expect_sheet(page, vex)

    TOOL.reload_from_the_device(page, same_sheet)
    page.context.set_offline(False)
    # The sheet read back is in the engine's format version, and stays so after a change:
    # Firearms goes up to 4.
    edit(page, "Firearms: rating", "4", "c.skills.Firearms === 4")
    vex = saved_characters(page)[-1]
    assert stored(page)["document"]["version"] == engine("play_limits")["version"]

    # Export: the file is the saved document.
    exported = TOOL.export_named(page, tmp_path, "doom-stack-vex.json")

    # A broken file is refused with its reason, in words (the field's name, not its JSON path); nothing saved changes.
    broken = tmp_path / "broken.json"
    broken.write_text(
        exported.read_text(encoding="utf-8").replace('"marks": "', '"marks": "XXXXXXXXXXXXXXX'), encoding="utf-8"
    )
    TOOL.expect_refused(
        page,
        broken,
        "broken.json was not imported: character 1, Hit boxes: "
        f"{len(vex['marks']) + 15} marks, but the character has 9 hit boxes. Nothing saved was changed.",
    )
    future = tmp_path / "future.json"
    future.write_text(json.dumps({**json.loads(exported.read_text()), "version": 99}), encoding="utf-8")
    TOOL.expect_refused(page, future, ("future.json was not imported: the file was saved by a newer version",))

    # Importing the exported file asks first (its names are saved here); Keep both adds its character beside the one saved.
    TOOL.import_keeping_both(page, exported, "Vex")
    assert saved_characters(page) == [vex, vex]
    expect(page.locator(f"{ROOT}-pick option")).to_have_count(2)

    # Share as a link; a fresh browser opening it sees the same characters, in the same format
    # version (a fresh device's document takes the engine's); the link's state is then saved,
    # not left in the address.
    def same_character() -> None:
        expect(friend_page.get_by_label("Name", exact=True)).to_have_value("Vex")
        expect_sheet(friend_page, vex)

    TOOL.share_with_a_friend(page, friend_page, site_url, "Vex, Vex", same_character)


def test_the_odds_show_before_a_roll_and_follow_the_form(page, site_url: str) -> None:
    # Before any roll: the exact odds of the roll the form would make, percentages first, the
    # fractions behind a summary the keyboard reaches; they follow the form as it changes.
    open_tool(page, f"{site_url}doom-stack/play/")
    vex = make_vex(page)
    odds = page.locator(f"{ROOT} .srd-play__odds")
    alone = engine("play_odds", character=vex, attribute="Strength", skill="", modifiers="", tn="")
    expect(odds.locator(".srd-play__chance")).to_have_text(
        f"Odds of Strength ({alone['pool_line']}): no TN: the best stack averages {alone['mean']}."
    )
    page.select_option(f"{ROOT}-attribute", "Agility")
    page.select_option(f"{ROOT}-skill", "Firearms")
    page.fill(f"{ROOT}-tn", "12")
    expected = engine("play_odds", character=vex, attribute="Agility", skill="Firearms", modifiers="", tn="12")
    o = expected["odds"]
    expect(odds.locator(".srd-play__chance")).to_have_text(
        f"Odds of Agility + Firearms ({expected['pool_line']}): success {o['success']['percent']}, glitch "
        f"{o['glitch']['percent']} (a success too), failure {o['failure']['percent']}."
    )
    fraction = odds.get_by_text(f"Success: {o['success']['exact']}", exact=True)
    expect(fraction).to_be_hidden()
    page.locator(f"{ROOT}-seed").focus()
    page.keyboard.press("Tab")  # the Roll button
    page.keyboard.press("Tab")
    expect(odds.locator("summary")).to_be_focused()
    page.keyboard.press("Enter")
    expect(fraction).to_be_visible()
    assert not page.locator(f"{ROOT} .srd-play__roll .srd-play__result").inner_text().strip()  # nothing rolled yet


def test_a_saved_copy_the_engine_refuses_is_kept_aside(page, site_url: str) -> None:
    address = f"{site_url}doom-stack/play/"
    future = {
        "document": {"format": "dice-srd-play", "version": 7, "system": "doom-stack", "entries": []},
        "current": 0,
    }
    page.add_init_script(
        f"localStorage.getItem('{STORE}') === null && localStorage.setItem('{STORE}', {json.dumps(json.dumps(future))})"
    )
    open_tool(page, address)
    expect(page.locator(STATUS)).to_contain_text("Your saved characters could not be read (")
    kept = page.evaluate("localStorage.getItem('srd-play-unreadable:doom-stack')")
    assert json.loads(kept) == future


def full_character(i: int) -> dict:
    """A character as full as a sheet gets: 60 skills with 60-character names (4,000 characters or so)."""
    skills = {f"Skill {i:03d}-{k:03d} ".ljust(60, "x"): 20 for k in range(60)}
    return {
        "name": f"Character {i}",
        "attributes": {"Strength": 20, "Agility": 20, "Willpower": 20},
        "skills": skills,
        "marks": "",
        "overflow": 0,
        "stable": False,
        "attention": [],
        "pick": None,
    }


def compact(document: dict) -> int:
    """A document's length as the frame and the engine measure it: characters of compact JSON."""
    return len(json.dumps(document, separators=(",", ":")))


def test_a_change_past_the_size_the_engine_reads_back_is_refused(page, site_url: str, tmp_path: Path) -> None:
    most = engine("play_limits")["limits"]["max_document_chars"]
    assert most == 200_000
    # Saved on this device: full characters, as many as stay within the limit.
    document = {
        "format": "dice-srd-play",
        "version": engine("play_limits")["version"],
        "system": "doom-stack",
        "entries": [],
    }
    while compact({**document, "entries": [*document["entries"], full_character(len(document["entries"]))]}) <= most:
        document["entries"].append(full_character(len(document["entries"])))
    assert engine("play_check", document=document)["document"] == document
    saved = {"document": document, "current": 0}
    page.add_init_script(
        f"localStorage.getItem('{STORE}') === null && localStorage.setItem('{STORE}', {json.dumps(json.dumps(saved))})"
    )
    open_tool(page, f"{site_url}doom-stack/play/")
    expect(page.locator(f"{ROOT}-pick option")).to_have_count(len(document["entries"]))
    saved_before = TOOL.saved_text(page)
    assert json.loads(saved_before) == saved

    # A file of one more full character is a good file, but the two together are past the limit.
    more = {**document, "entries": [full_character(99)]}
    assert compact(more) < most
    file = tmp_path / "one-more.json"
    file.write_text(json.dumps(more), encoding="utf-8")
    page.set_input_files(f"{ROOT} input[type=file]", str(file))
    together = compact({**document, "entries": [*document["entries"], full_character(99)]})
    assert together > most
    expect(page.locator(STATUS)).to_have_text(
        f"Not saved: your characters would take {together:,} characters, and at most 200,000 characters are kept "
        "on this device. Nothing was changed."
    )
    expect(page.locator(STATUS)).to_have_class(re.compile(r"srd-play__status--error"))
    # Nothing applied: what is saved, the list and Undo are as before.
    assert TOOL.saved_text(page) == saved_before
    assert page.evaluate("localStorage.getItem('srd-play-undo:doom-stack')") is None
    expect(page.locator(f"{ROOT}-pick option")).to_have_count(len(document["entries"]))
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    # And what is saved is read back on the next load.
    page.reload()
    TOOL.ready(page)
    expect(page.locator(STATUS)).to_have_text("")
    expect(page.get_by_label("Name", exact=True)).to_have_value("Character 0")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_sheet_on_a_phone(phone_page, site_url: str, theme: str) -> None:
    page = phone_page
    TOOL.open_in_theme(page, site_url, theme)
    vex = make_vex(page)
    assert_no_sideways_scroll(page, "the play tool at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []
    # A life played on the phone: a roll, a smaller stack, another action, hits, to the end.
    roll_from_sheet(page, vex)
    vex = take_a_smaller_stack(page, saved_characters(page)[-1], [4, 4])["character"]
    vex = another_action(page, vex, "Strength")["character"]
    assert vex["pick"]["kind"] == "another action" and vex["pick"]["held"]
    expect(page.locator(f"{ROOT}-stack-hint")).to_contain_text("For another action: ")
    assert_no_sideways_scroll(page, "the play tool at 360 px, a stack taken")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []
    vex = hit(page, vex)["character"]
    play_to_the_end(page, vex)
    assert_no_sideways_scroll(page, "the play tool at 360 px, at the end")
    assert TOOL.axe_violations(page) == []


def test_print_is_one_page(page, site_url: str) -> None:
    open_tool(page, f"{site_url}doom-stack/play/")
    make_vex(page)
    text = printed_text(page)
    assert "Hit boxes" in text and "9 hit boxes (4 + Strength 3 + Willpower 2)" in text
    assert "Apply the hit" not in text and "Export file" not in text
