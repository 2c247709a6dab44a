"""Action! at the table by taps (issue 29), on a phone: a short scene played from "New scene"
by taps alone (a trait rolled, shock and wounds marked, the mooks put down) to the fight's end,
each tap's result in sight, one Undo step each, and the scene and its log printed whole; a
refusal shown at its field in the reader's words and gone once fixed; axe in the dying and
error states, light and dark.

Every expected value comes from the engine (``rules_engine.web.call``) with the same scene."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from browser_kit import assert_no_sideways_scroll, use_theme
from play_browser import PlayTool
from playwright.sync_api import Locator, Page, expect

TOOL = PlayTool("action", "#acp", entry="s")
ROOT, STATUS = TOOL.root, TOOL.status
engine, shown = TOOL.engine, TOOL.shown
ADDRESS = "action/play/"
# What a reader must never read: a JSON path, an index in brackets, a key in snake_case.
CODE = re.compile(r"\[\d+\]|\bscene\.|\bentries\b|\b[a-z]+_[a-z_]+\b")


def bare(entry: dict) -> dict:
    return {key: part for key, part in entry.items() if key != "log"}


def combatant(page: Page, i: int) -> Locator:
    return page.locator(f"{ROOT} .srd-action-play__combatant[data-index='{i}']")


def box(page: Page, i: int, group: str, name: str) -> Locator:
    return combatant(page, i).get_by_role("list", name=group).get_by_role("button", name=name, exact=True)


def trait(page: Page, i: int, kind: str, name: str) -> Locator:
    return page.locator(f'{ROOT} [data-key="acp-c{i}-tap-{kind}-{name}"]')


def new_scene(page: Page) -> None:
    page.get_by_role("button", name="New scene").click()
    expect(page.locator(STATUS)).to_have_text("New scene added: New scene.")


def tap_box(page: Page, i: int, group: str, name: str, track: str, number: int) -> dict:
    """Tap a box; the engine's answer for the scene as it was is what the page shows and saves."""
    before = bare(shown(page))
    expected = engine("play_mark", scene=before, index=i, track=track, box=number)
    count = len(shown(page).get("log", []))
    box(page, i, group, name).click()
    TOOL.wait_saved(page, f"(s.log || []).length === {count + 1}")
    assert bare(shown(page)) == expected["scene"]
    expect(page.locator(STATUS)).to_have_text(expected["line"])
    result = page.locator(f"#acp-c{i}-tap")
    expect(result).to_have_text(expected["line"])
    expect(result).to_be_in_viewport()
    assert shown(page)["log"][0] == {"what": expected["line"]}
    return expected


def test_a_short_scene_played_by_taps(phone_page, site_url: str) -> None:
    page = phone_page
    TOOL.open(page, f"{site_url}{ADDRESS}")
    new_scene(page)
    page.get_by_role("button", name="Add a mook group").click()
    expect(page.locator(STATUS)).to_have_text("Added Mooks 1.")
    TOOL.wait_saved(page, "s.combatants.length === 2")

    # Agility, rolled with a tap: its chance shown first (the roll form's Defense 5), then the roll.
    scene = bare(shown(page))
    taps = engine("play_taps", scene=scene, modifiers="", defence="5", defence_ev="", active=False)
    agility = next(t for t in taps["combatants"][0]["traits"] if t["name"] == "Agility")
    button = trait(page, 0, "attribute", "Agility")
    expect(button.locator(".srd-play__tap-chance")).to_have_text(
        f"success {agility['success']['percent'].replace('%', ' %')}"
    )
    count = len(shown(page).get("log", []))
    button.click()
    TOOL.wait_saved(page, f"(s.log || []).length === {count + 1}")
    item = shown(page)["log"][0]
    seed = int(re.search(r"seed (\d+)", item["dice"]).group(1))
    rolled = engine(
        "play_roll",
        scene=scene,
        index=0,
        skill="",
        attribute="Agility",
        modifiers="",
        defence="5",
        defence_ev="",
        active=False,
        seed=seed,
    )
    assert item == {"what": rolled["line"], **rolled["record"]}
    assert (
        rolled["record"]["chance"]
        == f"success {agility['success']['percent'].replace('%', ' %')} ({agility['success']['ratio']})"
    )
    assert bare(shown(page)) == rolled["scene"]
    result = page.locator("#acp-c0-tap")
    expect(result).to_contain_text(rolled["line"])
    expect(result).to_contain_text(f"Chance: {rolled['record']['chance']}")
    expect(result).to_be_in_viewport()
    expect(button).to_be_focused()

    # Three mooks down, shock, a Shot lost and wounds on Character 1 to dying, then the last mooks:
    # the fight is over.
    tap_box(page, 1, "Mooks down", "Mook 3", "down", 3)
    tap_box(page, 0, "Shock boxes", "Shock 4", "shock", 4)
    # Undo takes back one tap; Redo puts it back.
    page.get_by_role("button", name="Undo", exact=True).click()
    TOOL.wait_saved(page, "s.combatants[0].shock === 0")
    expect(box(page, 0, "Shock boxes", "Shock 1")).to_have_attribute("aria-pressed", "false")
    page.get_by_role("button", name="Redo", exact=True).click()
    TOOL.wait_saved(page, "s.combatants[0].shock === 4")
    expect(box(page, 0, "Shock boxes", "Shock 4")).to_have_attribute("aria-pressed", "true")
    tap_box(page, 0, "Shot boxes", "Shot 3", "shots", 3)
    dying = tap_box(page, 0, "Wound boxes", "Wound 3", "wounds", 3)
    assert dying["sheet"]["combatants"][0]["dying"]
    expect(combatant(page, 0).locator(".srd-action-play__state")).to_contain_text("dying")
    expect(button).to_be_disabled()
    expect(button.locator(".srd-play__tap-chance")).to_have_text("dying")
    over = tap_box(page, 1, "Mooks down", "Mook 6", "down", 6)
    assert over["scene"]["combatants"][1]["left"] == 0
    expect(combatant(page, 1).locator(".srd-action-play__state")).to_contain_text("wiped out")
    assert_no_sideways_scroll(page, "the Action! scene played by taps, at 360 px")
    assert TOOL.small_targets(page) == []
    assert TOOL.axe_violations(page) == []

    # On paper: every value of the scene and every line of its log.
    from pypdf import PdfReader

    page.emulate_media(media="print")
    pages = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
    text = " ".join(" ".join(p.extract_text() for p in pages).split())
    scene = shown(page)
    rules = ", ".join(
        r["name"] for r in engine("play_sheet", scene=scene)["sheet"]["rules"] if r["word"] in scene["rules"]
    )
    assert f"New scene · Sequence 0 · Wound Threshold 5 · Initiative from the shot pool · rules: {rules}" in text
    assert (
        "Agility 3, Wits 3, Luck 3 · skills: none · Health 20, Toughness 3 · shock 4, wounds 3 · 2 Shots of 3 · dying"
    ) in text
    assert "Glass-jaw mook · 0 of 6 standing" in text
    # Added the mooks, the roll, five boxes tapped (Undo and Redo put one back as it was).
    assert len(scene["log"]) == 7
    for logged in scene["log"]:
        assert logged["what"] in text
        for part, name in (("dice", "Dice"), ("result", "Result"), ("chance", "Chance")):
            if part in logged:
                assert f"{name}: {logged[part]}" in text
    assert "Take the action" not in text and "Export file" not in text


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_refusals_at_their_field_and_axe_in_the_error_and_dying_states(
    phone_page, site_url: str, theme: str, tmp_path: Path
) -> None:
    page = phone_page
    use_theme(page, site_url, theme)
    TOOL.open(page, f"{site_url}{ADDRESS}")
    new_scene(page)
    # A bad Health: the refusal sits after the Health field, in its label's words.
    health = combatant(page, 0).get_by_label("Health", exact=True)
    health.fill("lots")
    health.press("Tab")
    error = page.locator(f"{ROOT} .srd-play__field-error")
    expect(error).to_have_count(1)
    expect(error).to_have_text(re.compile(r"^Health: "))
    assert not CODE.search(error.text_content())
    expect(health).to_have_attribute("aria-invalid", "true")
    assert error.get_attribute("id") in health.get_attribute("aria-describedby").split()
    assert health.evaluate(
        "(node) => node.closest('.srd-field').nextElementSibling.classList.contains('srd-play__field-error')"
    )
    assert TOOL.axe_violations(page) == []
    # Fixed: saved, and the refusal is gone.
    TOOL.edit(page, combatant(page, 0).get_by_label("Health", exact=True), "12", "s.combatants[0].health === 12")
    expect(error).to_have_count(0)
    expect(combatant(page, 0).get_by_label("Health", exact=True)).not_to_have_attribute("aria-invalid", "true")

    # The roll form's Defense: refused at the field, gone once fixed (nothing saved meanwhile).
    defence = page.get_by_label("Defense", exact=True)
    defence.fill("high")
    defence.press("Tab")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("Defense must be a whole number")
    expect(defence).to_have_attribute("aria-invalid", "true")
    page.get_by_label("Defense", exact=True).fill("10")
    page.get_by_label("Defense", exact=True).press("Tab")
    expect(error).to_have_count(0)
    taps = engine("play_taps", scene=bare(shown(page)), defence="10")
    agility = taps["combatants"][0]["traits"][0]["success"]["percent"].replace("%", " %")
    expect(trait(page, 0, "attribute", "Agility").locator(".srd-play__tap-chance")).to_have_text(f"success {agility}")

    # Dying by taps, and a tap the rules refuse (a wound taken back): said at the taps, in words.
    box(page, 0, "Wound boxes", "Wound 3").click()
    TOOL.wait_saved(page, "s.combatants[0].wounds === 3")
    expect(combatant(page, 0).locator(".srd-action-play__state")).to_contain_text("dying")
    assert TOOL.axe_violations(page) == []
    box(page, 0, "Wound boxes", "Wound 2").click()
    expect(error).to_have_text(
        "Character 1: Character 1's wounds stay: the rules take none away in a fight (Undo takes back a mistaken tap)"
    )
    expect(error).to_be_in_viewport()
    assert TOOL.axe_violations(page) == []

    # A file with a bad value: the status line names the field in words.
    document = TOOL.stored(page)["document"]
    document["entries"][0]["combatants"][0]["wake_due"] = "yes"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    page.set_input_files(f"{ROOT} input[type=file]", str(broken))
    status = page.locator(STATUS)
    expect(status).to_contain_text("broken.json was not imported: scene 1, Combatant 1, Wake-up roll due: ")
    assert not CODE.search(status.text_content())
    assert TOOL.axe_violations(page) == []
