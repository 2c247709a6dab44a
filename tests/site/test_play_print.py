"""Every play tool printed whole (issue 29, point 5): a sheet or scene filled in through the page
as a reader fills it, printed to A4 by headless Chromium (``page.pdf``, which fires the page's
``beforeprint``), and the PDF's text read back. Every value typed or chosen is written out on
paper beside its label (no empty boxes), a ticked option prints and an unticked one does not,
nothing of the toolbar or the roll forms' buttons prints, and the whole fits on one A4 page.

The values are the ones the test typed (and the engine kept, as saved on the device)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from browser_play import add_named_row
from play_browser import PlayTool
from playwright.sync_api import Page, expect
from pypdf import PdfReader

# Words of the frame's toolbar and of forms that only act: none of them is on paper.
NEVER_PRINTED = ["Export file", "Import file", "Share as a link", "Delete this", "Undo"]


def squash(text: str) -> str:
    """Text without whitespace: PDF text extraction breaks lines and words where print wrapped."""
    return re.sub(r"\s+", "", text)


def printed(page: Page) -> tuple[int, str]:
    """The page printed to A4: its number of pages and its text."""
    pages = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
    return len(pages), "".join(p.extract_text() for p in pages)


def edit(tool: PlayTool, page: Page, label: str, value: str, check: str, within=None) -> None:
    """Type into the field labelled ``label`` (under ``within`` if given) and leave it."""
    tool.edit(page, (within or page).get_by_label(label, exact=True).last, value, check)


def new_entry(tool: PlayTool, page: Page, noun: str) -> None:
    page.get_by_role("button", name=f"New {noun}").click()
    expect(page.locator(tool.status)).to_have_text(f"New {noun} added: New {noun}.")


@dataclass
class Case:
    """One play tool: how to fill it, and what its paper must and must not say."""

    tool: PlayTool
    address: str
    fill: Callable[[PlayTool, Page], tuple[list[str], list[str]]]  # -> (printed, not printed)


def fill_doom_stack(tool: PlayTool, page: Page):
    new_entry(tool, page, "character")
    edit(tool, page, "Name", "Vex", "c.name === 'Vex'")
    edit(tool, page, "Strength: rating", "3", "c.attributes.Strength === 3")
    add_named_row(tool, page, "Add a skill", "Skills: name", "Firearms", "c.skills.Firearms === 0")
    edit(tool, page, "Firearms: rating", "4", "c.skills.Firearms === 4")
    # (The sheet has no option to tick: cover and anti-tank belong to the attack form, which acts.)
    return ["NameVex", "Strength3", "Willpower", "Firearms4"], []


def fill_adrenaline(tool: PlayTool, page: Page):
    new_entry(tool, page, "character")
    edit(tool, page, "Name", "Mara", "c.name === 'Mara'")
    edit(tool, page, "Perception: rating", "4", "c.attributes.Perception === 4")
    edit(tool, page, "Adrenaline points", "3", "c.adrenaline === 3")
    add_named_row(tool, page, "Add an ability", "Abilities: name", "Intimidation", "c.abilities.Intimidation === 0")
    edit(tool, page, "Intimidation: rating", "2", "c.abilities.Intimidation === 2")
    return ["NameMara", "Perception4", "Adrenalinepoints3", "Intimidation2"], []


def fill_dice_and_danger(tool: PlayTool, page: Page):
    new_entry(tool, page, "character")
    edit(tool, page, "Name", "Wren", "c.name === 'Wren'")
    edit(tool, page, "Level", "2", "c.level === 2")
    edit(tool, page, "Strength", "3", "c.attributes.Strength === 3")
    page.get_by_label("Weapon", exact=True).select_option("swords")
    tool.wait_saved(page, "c.weapon.family === 'swords'")
    page.get_by_label("Light weapon in the off hand").check()
    tool.wait_saved(page, "c.weapon.off_hand")
    sword = page.get_by_label("Weapon", exact=True).locator("option:checked").inner_text()
    # (The weapon's flags print as words: the one ticked, never the one left unticked.)
    return ["Wren", "level2", "Strength3", sword, "a light weapon in the off hand"], ["simple or crude"]


def fill_action(tool: PlayTool, page: Page):
    new_entry(tool, page, "scene")
    edit(tool, page, "Scene", "The docks", "s.name === 'The docks'")
    ann = page.locator(f"{tool.root} .srd-action-play__combatant[data-index='0']")
    edit(tool, page, "Name", "Ann", "s.combatants[0].name === 'Ann'", within=ann)
    ann = page.locator(f"{tool.root} .srd-action-play__combatant[data-index='0']")
    tool.edit(
        page, ann.get_by_label("Attributes"), "Agility 4, Wits 3, Luck 2", "s.combatants[0].attributes.Agility === 4"
    )
    # (A new scene has the source's usual rules in force; Stun is ticked as well.)
    name = "Stun"
    page.locator(f"{tool.root} .srd-action-play__rules").get_by_label(name, exact=True).check()
    tool.wait_saved(page, "s.rules.length === 3")
    # (Reading the labels again: the sheet is drawn anew after the change.)
    on = [
        label.strip()
        for label in page.locator(f"{tool.root} .srd-action-play__rules label:has(input:checked)").all_inner_texts()
    ]
    off = [
        label.strip()
        for label in page.locator(
            f"{tool.root} .srd-action-play__rules label:has(input:not(:checked))"
        ).all_inner_texts()
    ]
    assert name in on and len(off) == 6
    return ["Thedocks", "Ann", "Agility4", *map(squash, on)], off


def fill_xy_checks(tool: PlayTool, page: Page):
    new_entry(tool, page, "scene")
    edit(tool, page, "Scene", "The ford", "s.name === 'The ford'")
    first = page.locator(f"{tool.root} [data-side='0']")
    edit(tool, page, "Side's name", "Wardens", "s.sides[0].name === 'Wardens'", within=first)
    ada = page.locator(f"{tool.root} [data-side='0'] .srd-xy-play__combatant").first
    edit(tool, page, "Name", "Ada", "s.sides[0].combatants[0].name === 'Ada'", within=ada)
    ada = page.locator(f"{tool.root} [data-side='0'] .srd-xy-play__combatant").first
    edit(tool, page, "Check", "5/6 +1b", "s.sides[0].combatants[0].check === '5/6 +1b'", within=ada)
    cy = page.locator(f"{tool.root} [data-side='1'] .srd-xy-play__combatant").first
    cy.get_by_label("Defences").select_option("barely")
    tool.wait_saved(page, "s.sides[1].combatants[0].defence === 'barely'")
    cy = page.locator(f"{tool.root} [data-side='1'] .srd-xy-play__combatant").first
    defence = cy.get_by_label("Defences").locator("option:checked").inner_text()
    return ["Theford", "Wardens", "Ada", "5/6+1b", squash(defence).lower()], []


CASES = {
    "doom-stack": Case(PlayTool("doom-stack", "#dsp"), "doom-stack/play/", fill_doom_stack),
    "adrenaline": Case(PlayTool("adrenaline", "#adp"), "adrenaline/play/", fill_adrenaline),
    "dice-and-danger": Case(PlayTool("dice-and-danger", "#ddp"), "dice-and-danger/play/", fill_dice_and_danger),
    "action": Case(PlayTool("action", "#acp", entry="s"), "action/play/", fill_action),
    "xy-checks": Case(PlayTool("xy-checks", "#xyp", entry="s"), "xy-checks/play/", fill_xy_checks),
}


@pytest.mark.parametrize("system", list(CASES))
def test_a_filled_play_tool_prints_every_value_on_one_page(page, site_url: str, system: str) -> None:
    case = CASES[system]
    case.tool.open(page, site_url + case.address)
    shown, left_off = case.fill(case.tool, page)
    count, text = printed(page)
    flat = squash(text)
    lowered = flat.lower()
    missing = [value for value in shown if squash(value).lower() not in lowered]
    assert not missing, f"not on paper: {missing}\n--- the PDF's text:\n{text}"
    wrongly = [value for value in left_off if squash(value).lower() in lowered]
    assert not wrongly, f"unticked, yet on paper: {wrongly}\n--- the PDF's text:\n{text}"
    chrome = [words for words in NEVER_PRINTED if squash(words) in flat]
    assert not chrome, f"controls on paper: {chrome}"
    assert count == 1, f"{count} pages:\n{text}"
    # After printing the screen is as it was: the written-out values are gone from the page.
    assert page.locator(".srd-print-value").count() == 0
    assert json.dumps(case.tool.shown(page))  # still saved
