"""The five play tools on a phone, typed into and tapped as a reader does (issue 29, "never lose
a keystroke", "results in sight"): every field of a new entry typed in turn with no pause (the
engine's answer to one field comes while the next is being typed), every value read back from
the page and from the document saved on the device; a roll's form keeps its choices (and the
odds shown are those of the roll); the result of a tap is in the window while the focus stays
on the control tapped.

The sheet is drawn anew after every change (play-kit.js refresh); play-focus.js keeps the field
being typed in, the roll forms' choices and brings a result into sight. Expected values come from
the engine (``rules_engine.web.call``) or are the ones typed."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from play_browser import PlayTool
from playwright.sync_api import Locator, Page, expect


@dataclass(frozen=True)
class Typed:
    """A field (a CSS selector or an exact label) and what is typed into it; ``saved``: the check
    (JavaScript on the entry) the saved document passes once it is saved."""

    field: str
    value: str
    saved: str


# Each tool: its page, its root, its entry's name in the checks, the noun of its New button and
# the fields of a new entry typed in turn.
TOOLS = {
    "doom-stack": (
        "doom-stack/play/",
        "#dsp",
        "c",
        "character",
        (
            Typed("#dsp-name", "Vera Kask", "c.name === 'Vera Kask'"),
            Typed("label=Strength: rating", "3", "c.attributes.Strength === 3"),
            Typed("label=Agility: rating", "4", "c.attributes.Agility === 4"),
            Typed("label=Willpower: rating", "1", "c.attributes.Willpower === 1"),
        ),
    ),
    "adrenaline": (
        "adrenaline/play/",
        "#adp",
        "c",
        "character",
        (
            Typed("#adp-name", "Vera Kask", "c.name === 'Vera Kask'"),
            Typed("label=Strength: rating", "3", "c.attributes.Strength === 3"),
            Typed("label=Perception: rating", "4", "c.attributes.Perception === 4"),
            Typed("#adp-points", "2", "c.adrenaline === 2"),
        ),
    ),
    "dice-and-danger": (
        "dice-and-danger/play/",
        "#ddp",
        "c",
        "character",
        (
            Typed("#ddp-name", "Vera Kask", "c.name === 'Vera Kask'"),
            Typed("#ddp-level", "3", "c.level === 3"),
            Typed("#ddp-attr-Strength", "3", "c.attributes.Strength === 3"),
            Typed("#ddp-attr-Will", "2", "c.attributes.Will === 2"),
            Typed("label=Slot 1: item", "Rope", "c.slots[0].item === 'Rope'"),
        ),
    ),
    "xy-checks": (
        "xy-checks/play/",
        "#xyp",
        "s",
        "scene",
        (
            Typed("#xyp-name", "Ambush", "s.name === 'Ambush'"),
            Typed("#xyp-s0-name", "Wolves", "s.sides[0].name === 'Wolves'"),
            Typed("#xyp-s0-c0-name", "Grey", "s.sides[0].combatants[0].name === 'Grey'"),
            Typed("#xyp-s0-c0-health", "12", "s.sides[0].combatants[0].health === 12"),
        ),
    ),
    "action": (
        "action/play/",
        "#acp",
        "s",
        "scene",
        (
            Typed("#acp-name", "Ambush", "s.name === 'Ambush'"),
            Typed("#acp-threshold", "6", "s.threshold === 6"),
            Typed("#acp-c0-name", "Vera Kask", "s.combatants[0].name === 'Vera Kask'"),
            Typed("#acp-c0-health", "22", "s.combatants[0].health === 22"),
            Typed("#acp-c0-toughness", "4", "s.combatants[0].toughness === 4"),
        ),
    ),
}


def tool_of(system: str) -> PlayTool:
    _, root, entry, _, _ = TOOLS[system]
    return PlayTool(system, root, entry=entry)


def locate(page: Page, root: str, selector: str) -> Locator:
    """A field by its CSS selector or, as ``label=…``, by its exact label within the tool."""
    if selector.startswith("label="):
        return page.locator(root).get_by_label(selector[len("label=") :], exact=True)
    return page.locator(selector)


def open_new(page: Page, site_url: str, system: str) -> PlayTool:
    """The tool on its page with one new entry, saved."""
    address, _, _, noun, _ = TOOLS[system]
    tool = tool_of(system)
    tool.open(page, f"{site_url}{address}")
    page.get_by_role("button", name=f"New {noun}").click()
    expect(page.locator(tool.status)).to_have_text(f"New {noun} added: New {noun}.")
    return tool


@pytest.mark.parametrize("system", list(TOOLS))
def test_every_field_typed_in_turn_without_a_pause_is_kept(phone_page, site_url: str, system: str) -> None:
    page = phone_page
    tool = open_new(page, site_url, system)
    _, root, _, _, fields = TOOLS[system]
    # Tap a field, select what it holds and type over it; straight on to the next (no wait: the
    # engine's answer to the field left comes, and the sheet is drawn anew, while typing). The
    # keys go to the field that has the focus, as a reader's do.
    for typed in fields:
        locate(page, root, typed.field).click()
        page.keyboard.press("Control+a")
        page.keyboard.type(typed.value)
    page.keyboard.press("Tab")
    tool.wait_saved(page, " && ".join(f"({typed.saved})" for typed in fields))
    for typed in fields:
        expect(locate(page, root, typed.field)).to_have_value(typed.value)


def test_the_text_typed_while_the_sheet_is_drawn_anew_keeps_its_caret(phone_page, site_url: str) -> None:
    """The name left, the next field typed into in two halves, the caret moved between them: the
    sheet drawn anew in between keeps the focus, the text and where the caret was."""
    page = phone_page
    tool = open_new(page, site_url, "doom-stack")
    page.locator("#dsp-name").click()
    page.keyboard.press("Control+a")
    page.keyboard.type("Vera")
    strength = page.get_by_label("Strength: rating", exact=True)
    strength.click()
    page.keyboard.press("Control+a")
    page.keyboard.type("4")
    page.keyboard.press("ArrowLeft")
    # The name's change is drawn while the caret sits before the 4.
    tool.wait_saved(page, "c.name === 'Vera'")
    expect(page.locator(tool.status)).to_have_text("Saved Vera.")
    expect(strength).to_be_focused()
    page.keyboard.type("1")
    expect(strength).to_have_value("14")
    page.keyboard.press("Backspace")
    page.keyboard.press("Tab")
    tool.wait_saved(page, "c.attributes.Strength === 4")
    expect(strength).to_have_value("4")


def seed_entry(page: Page, tool: PlayTool, entry: dict) -> None:
    """Before the page loads: one saved entry, in the engine's format version."""
    version = tool.engine("play_limits")["version"]
    tool.seed(
        page,
        {
            "document": {"format": "dice-srd-play", "version": version, "system": tool.system, "entries": [entry]},
            "current": 0,
        },
    )


def test_the_doom_stack_roll_form_keeps_its_choices_after_a_roll(phone_page, site_url: str) -> None:
    page = phone_page
    tool = tool_of("doom-stack")
    vex = {**tool.engine("play_new", name="Vex")["character"], "skills": {"Firearms": 3}}
    seed_entry(page, tool, vex)
    tool.open(page, f"{site_url}doom-stack/play/")
    choices = {"#dsp-attribute": "Agility", "#dsp-skill": "Firearms"}
    for selector, value in choices.items():
        page.select_option(selector, value)
    page.fill("#dsp-modifiers", "+1")
    page.fill("#dsp-tn", "6")
    page.fill("#dsp-seed", "31")
    page.get_by_role("button", name="Roll", exact=True).click()
    expect(page.locator(tool.status)).to_have_text(re.compile(r"^Rolled Agility \+ Firearms: "))
    for selector, value in {**choices, "#dsp-modifiers": "+1", "#dsp-tn": "6"}.items():
        expect(page.locator(selector)).to_have_value(value)
    # The seed rolled those dice: the next roll is a new one.
    expect(page.locator("#dsp-seed")).to_have_value("")


def action_odds_text(tool: PlayTool, scene: dict, **choices: str) -> re.Pattern:
    """The odds line the Action! sheet shows for a roll of ``choices`` (the engine's words; the
    exact fraction after the percentage is on demand)."""
    o = tool.engine("play_odds", scene=scene, index=0, active=False, **choices)
    shown = f"{o['what']}: {o['notation']} · Success or better {o['success']['percent']}"
    return re.compile(f"^{re.escape(shown)}(?![0-9.])")


def test_the_action_roll_form_keeps_its_choices_and_their_odds_after_a_roll(phone_page, site_url: str) -> None:
    page = phone_page
    tool = tool_of("action")
    scene = tool.engine("play_new", name="Ambush")["scene"]
    scene["combatants"][0]["skills"] = {"Guns": 4}
    scene = tool.engine("play_sheet", scene=scene)["scene"]
    seed_entry(page, tool, scene)
    tool.open(page, f"{site_url}action/play/")
    odds = page.locator("#acp .srd-action-play__odds")
    chance = page.locator("#acp .srd-action-play__chance")
    page.select_option("#acp-skill", "Guns")
    page.select_option("#acp-attribute", "Agility")
    page.fill("#acp-modifiers", "1")
    page.locator("#acp-modifiers").press("Tab")
    page.fill("#acp-defence", "6")
    page.locator("#acp-defence").press("Tab")
    chosen = {"skill": "Guns", "attribute": "Agility", "modifiers": "1", "defence": "6", "defence_ev": ""}
    expect(chance).to_have_text(action_odds_text(tool, scene, **chosen))
    page.fill("#acp-seed", "7")
    page.locator("#acp-roll").click()
    rolled = tool.engine("play_roll", scene=scene, index=0, active=False, seed="7", **chosen)
    expect(page.locator(tool.status)).to_have_text(rolled["line"])
    for name, value in {"skill": "Guns", "attribute": "Agility", "modifiers": "1", "defence": "6"}.items():
        expect(page.locator(f"#acp-{name}")).to_have_value(value)
    expect(odds).not_to_have_attribute("aria-busy", "true")
    expect(chance).to_have_text(action_odds_text(tool, rolled["scene"], **chosen))


def test_the_adrenaline_roll_form_keeps_its_choices_after_a_roll(phone_page, site_url: str) -> None:
    page = phone_page
    tool = tool_of("adrenaline")
    vera = {**tool.engine("play_new", name="Vera")["character"], "abilities": {"Shooting": 3}}
    seed_entry(page, tool, vera)
    tool.open(page, f"{site_url}adrenaline/play/")
    page.select_option("#adp-attribute", "Perception")
    page.select_option("#adp-ability", "Shooting")
    page.fill("#adp-difficulty", "7")
    page.locator("#adp-difficulty").press("Tab")
    page.fill("#adp-seed", "5")
    page.locator("#adp-roll").click()
    expect(page.locator(tool.status)).to_have_text(re.compile(r"^Rolled "))
    for selector, value in {"#adp-attribute": "Perception", "#adp-ability": "Shooting", "#adp-difficulty": "7"}.items():
        expect(page.locator(selector)).to_have_value(value)


# Whether the first node matching a selector (and holding a text, if given) is wholly within the window.
_IN_THE_WINDOW = """([selector, text]) => {
    const node = [...document.querySelectorAll(selector)].find((n) => n.textContent.includes(text));
    if (!node) return false;
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top > -1 && box.bottom < window.innerHeight + 1; // (within a pixel's rounding)
}"""


def tapped_in_sight(page: Page, button: str, result: str, text: str = "") -> None:
    """Tap ``button``; its result (``result``, a selector, holding ``text``) comes wholly into
    the window, and the focus stays on the button."""
    # (Mid-window: near its top after scrolling up, Material's "Back to top" button comes over it.)
    page.locator(button).evaluate("(node) => node.scrollIntoView({block: 'center'})")
    page.locator(button).click()
    expect(page.locator(result, has_text=text).first).not_to_be_empty()
    page.wait_for_function(_IN_THE_WINDOW, arg=[result, text])
    expect(page.locator(button)).to_be_focused()


def test_a_doom_stack_hit_and_roll_land_in_sight(phone_page, site_url: str) -> None:
    page = phone_page
    tool = open_new(page, site_url, "doom-stack")
    vex = tool.shown(page)
    page.get_by_label("Attacker's stack").fill("3")
    expected = tool.engine(
        "play_attack",
        character=vex,
        fields={"attack": "3", "defence": "", "body": "", "hard": "", "cover": "", "antitank": ""},
    )
    # The hit's lines, where the reader reads them.
    tapped_in_sight(page, "#dsp-hit", "#dsp .srd-play__note", expected["lines"][0])
    expect(page.locator(tool.status)).to_have_text(re.compile(r"^Hit: "))
    page.fill("#dsp-seed", "31")
    tapped_in_sight(page, "#dsp-roll", "#dsp .srd-play__what")


def test_an_action_hit_lands_in_sight(phone_page, site_url: str) -> None:
    page = phone_page
    tool = open_new(page, site_url, "action")
    page.fill("#acp-damage", "8")
    page.fill("#acp-hit-seed", "3")
    tapped_in_sight(page, "#acp-hit", "#acp .srd-action-play__note")
    expect(page.locator(tool.status)).not_to_be_empty()


def test_the_other_tools_rolls_land_in_sight(phone_page, site_url: str) -> None:
    page = phone_page
    open_new(page, site_url, "adrenaline")
    page.fill("#adp-seed", "5")
    tapped_in_sight(page, "#adp-roll", "#adp .srd-play__roll .srd-play__what")
    open_new(page, site_url, "dice-and-danger")
    page.fill("#ddp-save-seed", "5")
    tapped_in_sight(page, "#ddp-save-roll", "#ddp .srd-play__save .srd-play__what")
    open_new(page, site_url, "xy-checks")
    page.fill("#xyp-seed", "5")
    tapped_in_sight(page, "#xyp-roll", "#xyp .srd-xy-play__result .srd-play__what")
