"""What the browser tests of every system's widgets do the same way
(``tests/<system>/test_browser_*.py``): wait until a widget's engine is ready, type into its
fields, roll with a seed typed in, read what the command line prints for the same roll, see a
field refused and the results shown before marked as old, see where the focus is, and read a
page without JavaScript."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, urlsplit

from browser_kit import ENGINE_LOAD_MS
from playwright.sync_api import Locator, Page, expect

REPO_ROOT = Path(__file__).resolve().parents[2]


def wait_ready(page: Page, *widgets: str) -> None:
    """Until each widget (by its selector) says its engine is ready."""
    for widget in widgets:
        expect(page.locator(widget)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)


def fill_fields(page: Page, prefix: str, values: dict[str, str]) -> None:
    """Type each value into the field ``#<prefix>-<name>``."""
    for name, value in values.items():
        page.fill(f"#{prefix}-{name}", value)


def leave_refused(page: Page, field: str, value: str, words: str) -> None:
    """Type ``value`` into the field ``field`` and leave it: the message under it says ``words``
    (among others) and the field is marked invalid."""
    page.fill(field, value)
    page.locator(field).blur()
    expect(page.locator(f"{field}-error")).to_contain_text(words)
    expect(page.locator(field)).to_have_attribute("aria-invalid", "true")


def roll_seeded(page: Page, widget: str, seed_field: str, seed: str) -> None:
    """Type ``seed`` into the widget's seed field and press Enter, as a reader rolls; wait until
    the widget shows the roll of that seed."""
    page.fill(seed_field, seed)
    page.press(seed_field, "Enter")
    expect(page.locator(f"{widget} .srd-roll__seed")).to_have_text(seed)


def cli_roll_lines(system: str, notation: str, seed: str) -> list[str]:
    """What ``python -m rules_engine roll SYSTEM NOTATION --seed SEED`` prints, line by line."""
    result = subprocess.run(
        [sys.executable, "-m", "rules_engine", "roll", system, notation, "--seed", seed],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO_ROOT,
    )
    return result.stdout.splitlines()


def type_over(page: Page, field: str, text: str) -> None:
    """From the keyboard alone: focus the field ``field``, select all it holds and type ``text``."""
    page.focus(field)
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type(text)


def focused_id(page: Page) -> str:
    """The id of the element that has the focus (or a false value)."""
    return page.evaluate("document.activeElement && document.activeElement.id")


def assert_focus_shown(page: Page, selector: str) -> None:
    """The focus is on the element ``selector`` names, and it shows: an outline at least 2 px wide."""
    assert page.evaluate("(selector) => document.activeElement.matches(selector)", selector)
    outline = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()"
    )
    assert outline[0] != "none" and outline[1] >= 2, outline


def expect_read_without_js(page: Page, widgets: tuple[str, ...], own_tables: int) -> Locator:
    """A system's page read without JavaScript: one note a widget (in the page's order) says it
    needs JavaScript, each widget's form is hidden rather than promising what never loads, and
    the page's own tables (at least ``own_tables``, not a widget's) and its first chart show.
    Returns those tables."""
    notes = page.locator(".srd-widget__noscript")
    expect(notes).to_have_count(len(widgets))
    for index in range(len(widgets)):
        expect(notes.nth(index)).to_be_visible()
        expect(notes.nth(index)).to_contain_text("needs JavaScript")
    for widget in widgets:
        expect(page.locator(widget)).to_be_hidden()
    tables = page.locator("table.srd-table:not(.srd-widget table)")
    assert tables.count() >= own_tables
    expect(tables.first).to_be_visible()
    expect(page.locator("svg.srd-chart").first).to_be_visible()
    return tables


# What a region's label says of what it still shows once an input is bad or changed.
STALE_WORDS = {
    "canonical": "Reading of the last valid input",
    "odds": "Odds for the last valid input",
    "result": "Roll for earlier inputs",
}


def expect_marked_stale(page: Page, widget: str, notation: str, regions: tuple[str, ...] = ("odds", "result")) -> None:
    """After an input is refused: each of the widget's ``regions`` still shows what it showed,
    labelled as belonging to ``notation``, the last valid input (the odds, the reading) or
    earlier inputs (the roll); and the widget shows the reader words only (no traceback, no
    engine reply as JSON)."""
    for region in regions:
        label = page.locator(f"{widget} .srd-widget__{region} .srd-stale-label")
        expect(label).to_have_text(f"{STALE_WORDS[region]}: {notation}")
    text = page.inner_text(widget)
    assert "Traceback" not in text and '"ok"' not in text and "{" not in text


def link_keys(href: str) -> list[str]:
    """The names a permalink carries, in its order (a blank value counts)."""
    return [key for key, _ in parse_qsl(urlsplit(href).query, keep_blank_values=True)]


def link_words(page: Page, widget: str) -> dict[str, str]:
    """What the widget's roll permalink names: its fragment (``#``) and each parameter's first value."""
    link = urlsplit(page.get_attribute(f"{widget} .srd-roll__permalink", "href") or "")
    return {"#": link.fragment, **{name: values[0] for name, values in parse_qs(link.query).items()}}
