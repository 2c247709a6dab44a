"""Doom Stack at the table by taps (issue 29): a scene played on a phone from a new character to
death by taps alone (a rating rolled, an attention die spent, hit boxes marked and healed, the
overflow filled), its result in sight after every tap, then printed with every value and the
log; a refusal at its field in the reader's words, gone once the field is fixed; a file's
refusal with no JSON path; axe on the knocked-out, dying and dead sheets and on an error, light and dark.

Every expected value comes from the engine (``rules_engine.web.call``) or from the exact odds
module with the dice the page rolled, never from numbers copied into the test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser_kit import assert_no_sideways_scroll, use_theme
from play_browser import PlayTool
from playwright.sync_api import Locator, Page, expect

from rules_engine.core.exact import percent, ratio
from rules_engine.doom_stack.odds import best_stack_distribution

TOOL = PlayTool("doom-stack", "#dsp", entry="c")
ROOT, STATUS = TOOL.root, TOOL.status
engine, shown = TOOL.engine, TOOL.shown
ADDRESS = "doom-stack/play/"


def squash(text: str) -> str:
    """Text without whitespace: PDF text extraction breaks lines and words where print wrapped."""
    return re.sub(r"\s+", "", text)


def without_log(entry: dict) -> dict:
    """A saved entry as the engine's actions see it: the frame's log left out."""
    return {key: value for key, value in entry.items() if key != "log"}


def tap(page: Page, button: Locator, result: str, check: str) -> dict:
    """Tap ``button``; wait until the saved entry passes ``check`` and the tap's result (the
    element ``result``) has words and is in sight. Returns the entry as saved."""
    button.click()
    TOOL.wait_saved(page, check)
    box = page.locator(result)
    expect(box).not_to_be_empty()
    expect(box).to_be_in_viewport()
    return shown(page)


def tap_box(page: Page, index: int, check: str) -> dict:
    """Tap hit box ``index`` (0 is the first; the last is the overflow box)."""
    return tap(page, page.locator(f"{ROOT} .srd-play__tapbox").nth(index), f"{ROOT}-track-result", check)


def chance_words(pool: int, value: int) -> str:
    """The log's chance of a roll with no TN: a best stack of ``value`` or more from ``pool`` d6."""
    p = best_stack_distribution(pool).p_at_least(value)
    return f"{percent(p, 2)} ({ratio(p)}) for a best stack of {value} or more"


def test_a_scene_played_by_taps_alone(phone_page, site_url: str) -> None:
    page = phone_page
    TOOL.open(page, f"{site_url}{ADDRESS}")
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")
    character = without_log(shown(page))

    # Before a tap, each rating shows what its roll is worth: the roll form has no TN yet, so the
    # best stack's average (the engine's, for the form's choices: no skill, no modifiers).
    taps = engine("play_taps", character=character, attribute="Strength", skill="", modifiers="", tn="")
    agility = page.locator(f"{ROOT} .srd-play__tap").filter(has_text="Agility 2")
    expect(agility.locator(".srd-play__tap-chance")).to_have_text(f"average {taps['attributes']['Agility']['mean']}")
    assert_no_sideways_scroll(page, "the sheet before a tap, at 360 px")

    # Tap Agility until its roll leaves an attention die (two dice that stack leave none).
    rolls = 0
    while True:
        rolls += 1
        character = tap(page, agility, f"{ROOT}-tap-attributes", f"c.log && c.log.length === {rolls}")
        pick = character["pick"]
        assert pick["kind"] == "roll" and pick["pool"] == 2 and len(pick["dice"]) == 2
        item = character["log"][0]
        value = sum(pick["stack"])
        assert item["dice"] == " ".join(map(str, pick["dice"]))
        assert item["chance"] == chance_words(2, value)
        assert item["what"] == (
            f"Rolled Agility: best stack {value}; attention pool "
            f"{' '.join(map(str, character['attention'])) or 'empty'}."
        )
        sheet = engine("play_sheet", character=without_log(character))["sheet"]
        assert item["result"] == sheet["pick"]["line"].split("; attention pool")[0]
        expect(page.locator(f"{ROOT}-tap-attributes")).to_contain_text(sheet["pick"]["line"])
        if character["attention"] or rolls == 12:
            break
    assert character["attention"], "twelve rolls of 2d6 in a row stacked whole"

    # Tap the attention die: spent (on noticing), the pool one die shorter.
    die = character["attention"][0]
    spent = tap(
        page,
        page.locator(f"{ROOT} .srd-play__attention .srd-play__tap").first,
        f"{ROOT}-attention-result",
        f"c.attention.length === {len(character['attention']) - 1}",
    )
    expected = engine("play_spend", character=without_log(character), die="0", tn="")
    assert without_log(spent) == expected["character"]
    assert spent["log"][0] == {"what": f"{expected['line']}.", "dice": str(die), "result": "spent"}

    # Mark one stun box, then physical damage until every box is marked: knocked out.
    boxes = engine("play_sheet", character=without_log(spent))["sheet"]["boxes"]
    assert boxes == 8
    page.get_by_role("button", name="Stun (/)").click()
    expect(page.get_by_role("button", name="Stun (/)")).to_have_attribute("aria-pressed", "true")
    character = tap_box(page, 0, "c.marks === '/'")
    expect(page.locator(f"{ROOT}-track-result")).to_have_text(
        "One box of stun damage, into box 1: now still in action."
    )
    page.get_by_role("button", name="Physical (X)").click()
    for marked in range(2, boxes + 1):
        # (Any empty box takes the damage into the next one: tap the last box, as a reader might.)
        character = tap_box(page, boxes - 1, f"c.marks.length === {marked}")
    assert character["marks"] == "/" + "X" * 7
    expect(page.locator(f"{ROOT} .srd-play__state-word")).to_have_text("knocked out")

    # Tap the stun box: one stun box heals (an hour); tap an empty box: marked again.
    character = tap_box(page, 0, "c.marks === 'XXXXXXX'")
    assert character["log"][0]["what"] == "A stun box healed: now still in action."
    character = tap_box(page, 7, "c.marks === 'XXXXXXXX'")

    # Every box marked: the overflow box takes each tap's damage, physical, until it holds 8: dead.
    for overflow in range(1, boxes + 1):
        character = tap_box(page, boxes, f"c.overflow === {overflow}")
        state = engine("play_sheet", character=without_log(character))["sheet"]["track"]["state"]
        expect(page.locator(f"{ROOT} .srd-play__state-word")).to_have_text(state)
    expect(page.locator(f"{ROOT} .srd-play__state-word")).to_have_text("dead")
    expect(page.locator(f"{ROOT} .srd-play__tapbox").last).to_have_text(str(boxes))
    # The dead take no more: a tap is refused, in words, with nothing saved.
    saved = TOOL.saved_text(page)
    page.locator(f"{ROOT} .srd-play__tapbox").last.click()
    expect(page.locator(f"{ROOT} .srd-play__field-error, {STATUS}").filter(has_text="dead")).not_to_have_count(0)
    assert TOOL.saved_text(page) == saved
    assert_no_sideways_scroll(page, "the dead sheet at 360 px")

    # On paper: every value on the sheet and every line of the log.
    import io

    from pypdf import PdfReader

    page.emulate_media(media="print")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = squash("".join(p.extract_text() for p in pdf.pages))
    character = shown(page)
    for value in [
        "New character",
        "Strength",
        "Agility",
        "Willpower",
        "8 hit boxes (4 + Strength 2 + Willpower 2)",
        "Overflow 8",
        "dead",
        "Log",
    ]:
        assert squash(value) in text, value
    assert squash("X" * 8) in text
    assert len(character["log"]) == 20  # the log's bound: the oldest went
    for item in character["log"]:
        for part, name in (("what", ""), ("dice", "Dice: "), ("result", "Result: "), ("chance", "Chance: ")):
            if part in item:
                assert squash(name + item[part]) in text, item[part]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_error_at_its_field_and_axe(page, site_url: str, tmp_path: Path, theme: str) -> None:
    use_theme(page, site_url, theme)
    fresh = engine("play_new", name="Vera")["character"]
    dead = {**fresh, "marks": "XXXXXXXX", "overflow": 8}
    # The other ends of the track: knocked out (every box marked), dying (the overflow box marked too).
    out, dying = (
        {**fresh, "name": name, "marks": "XXXXXXXX", "overflow": overflow}
        for name, overflow in (("Out", 0), ("Dying", 1))
    )
    TOOL.seed(
        page,
        {
            "document": {
                "format": "dice-srd-play",
                "version": engine("play_limits")["version"],
                "system": "doom-stack",
                "entries": [out, dying, dead],
            },
            "current": 0,
        },
    )
    TOOL.open(page, f"{site_url}{ADDRESS}")
    for index, state in enumerate(("knocked out", "dying and knocked out", "dead")):
        page.locator(f"{ROOT}-pick").select_option(str(index))
        expect(page.locator(f"{ROOT} .srd-play__state-word")).to_have_text(state)
        assert TOOL.axe_violations(page) == [], state

    # A bad rating: refused at its field, in its label's words, no path; the field marked invalid.
    strength = page.get_by_label("Strength: rating", exact=True)
    strength.fill("four")
    strength.press("Tab")
    error = page.locator(f"{ROOT} .srd-play__field-error")
    expect(error).to_have_count(1)
    expect(error).to_contain_text(re.compile(r"^Strength: rating: "))
    words = error.inner_text()
    assert "character" not in words and "attributes" not in words and "." not in words.split(":")[0]
    expect(strength).to_have_attribute("aria-invalid", "true")
    assert error.get_attribute("id") in strength.get_attribute("aria-describedby").split()
    assert shown(page)["attributes"]["Strength"] == 2  # nothing saved
    assert TOOL.axe_violations(page) == []
    # Fixed: saved, and the error is gone.
    TOOL.edit(page, strength, "3", "c.attributes.Strength === 3")
    expect(error).to_have_count(0)
    expect(page.get_by_label("Strength: rating", exact=True)).not_to_have_attribute("aria-invalid", "true")

    # A file with a bad value: refused on the status line in words, no JSON path or key.
    bad = {
        "format": "dice-srd-play",
        "version": 2,
        "system": "doom-stack",
        "entries": [{**dead, "attributes": {"Strength": 99, "Willpower": 2}}],
    }
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad), encoding="utf-8")
    page.set_input_files(f"{ROOT} input[type=file]", str(file))
    expect(page.locator(STATUS)).to_contain_text("bad.json was not imported: ")
    status = page.locator(STATUS).inner_text()
    assert "[" not in status and "entries" not in status and not re.search(r"\w_\w", status), status
