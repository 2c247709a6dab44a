"""Adrenaline at the table by taps (issue 29): a trait rolled with one tap (its chance on the
button before, its result just under it, in sight), the bank's points declared by tapping them,
a refusal shown at its field in the reader's words, the log kept and printed; axe in the error
state, light and dark.

Every expected value comes from the engine (``rules_engine.web.call``) or from the entry as
saved on the device, never from numbers copied into the test."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from browser_kit import use_theme
from browser_play import expect_refused_at_the_field, expect_refused_then_fixed
from play_browser import PlayTool
from playwright.sync_api import Page, expect
from pypdf import PdfReader

TOOL = PlayTool("adrenaline", "#adp", entry="c")
ROOT, STATUS = TOOL.root, TOOL.status
engine, open_tool, shown, wait_saved = TOOL.engine, TOOL.open, TOOL.shown, TOOL.wait_saved
#: What no reader's words may hold: a JSON path, an index in brackets, a snake_case key.
CODE = re.compile(r"\w+\[\d+\]|\bcharacter\.|\bentries\b|[a-z]+_[a-z]+")


def flat(text: str) -> str:
    """``text`` without its white space (a PDF's text wraps where the page does)."""
    return "".join(text.split())


def log_length(page: Page) -> int:
    return len(shown(page).get("log", []))


def new_character(page: Page) -> None:
    page.get_by_role("button", name="New character").click()
    expect(page.locator(STATUS)).to_have_text("New character added: New character.")


def tap(page: Page, locator, check: str) -> None:
    """Tap ``locator``: the change is saved (``check`` on the entry) with one more log item."""
    items = log_length(page)
    locator.click()
    wait_saved(page, f"(c.log || []).length === {items + 1} && ({check})")


def test_a_scene_played_by_taps_alone(phone_page, site_url: str) -> None:
    """New character, then taps: two traits rolled (their chance on the button, the result in
    sight under them), a tap on an empty box refused at the bank, an extended roll (the target
    typed: the source sets none) rolled by taps to its end; the printed sheet holds every value
    and every line of the log."""
    page = phone_page
    open_tool(page, f"{site_url}adrenaline/play/")
    new_character(page)
    character = shown(page)
    odds = {t["key"]: t for t in engine("play_tap_odds", character=character, difficulty="", spend="")["taps"]}
    for name in ("Strength", "Perception"):
        button = page.locator(f'{ROOT} [data-tap="attribute:{name}"]')
        t = odds[f"attribute:{name}"]
        expect(button).to_have_text(
            f"{name} {character['attributes'][name]}"
            f"{t['notation']}: success {t['success']['percent'].replace('%', ' %')}"
        )
        before = shown(page)
        tap(page, button, "true")
        after = shown(page)
        item = after["log"][0]
        result = page.locator(f"{ROOT}-tap-attributes")
        expect(result).to_contain_text(item["dice"])
        expect(result).to_be_in_viewport()
        assert item["chance"] == f"success {t['success']['percent'].replace('%', ' %')} ({t['success']['exact']})"
        assert item["what"].startswith(f"Rolled {name}: net ")
        assert after["adrenaline"] == before["adrenaline"] + (", 1 earned" in item["result"])
        if name == "Strength":  # one tap, one step: Undo takes it back (its log item too), Redo puts it back
            page.get_by_role("button", name="Undo", exact=True).click()
            expect(page.locator(STATUS)).to_have_text(f"Undone: {item['what']}")
            assert shown(page) == before
            page.get_by_role("button", name="Redo", exact=True).click()
            expect(page.locator(STATUS)).to_have_text(f"Redone: {item['what']}")
            assert shown(page) == after
    # The tenth box is empty (a new sheet banks at most the points two taps earned): refused at the bank.
    banked = shown(page)["adrenaline"]
    page.locator(f"{ROOT} .srd-play__tapbox").nth(9).click()
    error = page.locator(f"{ROOT} .srd-play__field-error")
    expect(error).to_have_text(
        f"Adrenaline bank: only {banked} {'point is' if banked == 1 else 'points are'} banked: "
        "a point is earned by a pair of successes on a roll"
    )
    expect(error).to_be_in_viewport()
    if banked:  # a point the taps earned: declared with a tap, and the next roll will spend it
        tap(page, page.locator(f"{ROOT} .srd-play__tapbox").first, f"c.declared === {banked}")
        expect(page.locator(f"{ROOT} .srd-play__declared")).to_have_text(
            f"{banked} declared for the next roll: each an automatic success."
        )

    # An extended roll of Strength (the form's first attribute) until 2, rolled by taps to its end.
    page.fill(f"{ROOT}-ext-target", "2")
    tap(page, page.get_by_role("button", name="Start the extended roll"), "c.extended !== null")
    while engine("play_sheet", character=shown(page))["sheet"]["extended"]["ending"] is None:
        rolls = len(shown(page)["extended"]["rolls"])
        tap(page, page.get_by_role("button", name="Roll the next one"), f"c.extended.rolls.length === {rolls + 1}")
        expect(page.locator(f"{ROOT}-ext-result")).to_be_in_viewport()
    ended = shown(page)
    ext = engine("play_sheet", character=ended)["sheet"]["extended"]
    expect(page.get_by_role("button", name="Roll the next one")).to_have_count(0)
    expect(page.locator(f"{ROOT} .srd-play__progress")).to_contain_text(
        "Reached: " if ext["ending"] == "reached" else "A botch on roll"
    )

    # On paper: every value on the sheet and every line of the log.
    page.emulate_media(media="print")
    text = flat("".join(p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(format="A4"))).pages))
    page.emulate_media(media="screen")
    values = [
        f"Name{ended['name']}",
        f"Adrenalinepoints{ended['adrenaline']}",
        *(f"{name}{rating}" for name, rating in ended["attributes"].items()),
        flat(page.locator(f"{ROOT} .srd-play__progress").text_content()),
    ]
    for value in values:
        assert flat(value) in text, value
    assert 1 <= len(ended["log"]) <= 20
    for item in ended["log"]:
        for part, words in item.items():
            label = {"what": "", "dice": "Dice:", "result": "Result:", "chance": "Chance:"}[part]
            assert flat(label + words) in text, (part, words)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_errors_at_their_field_in_the_readers_words(page, site_url: str, theme: str, tmp_path: Path) -> None:
    use_theme(page, site_url, theme)
    open_tool(page, f"{site_url}adrenaline/play/")
    new_character(page)
    rating = page.get_by_label("Perception: rating", exact=True)
    error = expect_refused_at_the_field(TOOL, page, rating, "11", "Perception: rating: must be from 0 to 10, not 11")
    assert TOOL.axe_violations(page) == []
    # A roll form's field: refused there, and gone once it is fixed.
    difficulty = page.locator(f"{ROOT}-difficulty")
    expect_refused_then_fixed(difficulty, error, "12", "Difficulty must be from 2 to 10, not 12", "7")
    # The sheet's field fixed: saved, the error gone.
    rating.fill("12")
    rating.press("Tab")
    expect(error).to_have_text("Perception: rating: must be from 0 to 10, not 12")
    TOOL.edit(page, rating, "3", "c.attributes.Perception === 3")
    expect(error).to_have_count(0)
    expect(rating).not_to_have_attribute("aria-invalid", "true")

    # A file with a bad value: the status line names it in words, no path, no key in code.
    document = TOOL.stored(page)["document"]
    document["entries"][0]["declared"] = 5
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    page.set_input_files(f"{ROOT} input[type=file]", str(broken))
    status = page.locator(STATUS)
    expect(status).to_contain_text("broken.json was not imported: ")
    words = status.text_content()
    assert "Points declared" in words and not CODE.search(words.replace("broken.json", "")), words
    assert TOOL.axe_violations(page) == []
