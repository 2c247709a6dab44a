"""Issue 29's site-wide small items, each as a reader meets it: every page's own description
(search results and chat cards), the home page and each chapter leading to its play tool, the
phone header naming the system of a play page, the Share text's chance of success at the
roll's difficulty, the "Ready offline" notice clear of every control, and a wide table saying
that it scrolls."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_fixtures import DESKTOP_VIEWPORT, PHONE_VIEWPORT, _open_page
from browser_kit import ENGINE_LOAD_MS
from playwright.sync_api import Page, expect

from rules_engine.systems import all_systems
from rules_engine.web import call

SITE_BLURB = "A System Reference Document for five tabletop dice systems, with exact odds and live rollers."
CONTROL_MS = 120_000  # the service worker stores the whole site once (tests/site/test_phone_waiting.py)
SYSTEMS = [(s.key, s.title) for s in all_systems()]


# --- each page's own description -------------------------------------------------------------
def meta(html: str, attribute: str, name: str) -> list[str]:
    """The content of every ``<meta {attribute}="{name}">`` of a built page."""
    return re.findall(rf'<meta {attribute}="{re.escape(name)}" content="([^"]*)"', html)


def built_pages(site: Path) -> dict[str, str]:
    """Every built page but the 404 page, by its address under the site."""
    return {
        str(p.relative_to(site).parent): p.read_text(encoding="utf-8")
        for p in sorted(site.rglob("index.html"))
        if "assets" not in p.relative_to(site).parts
    }


def test_every_page_has_a_description_of_its_own(built_site_dir):
    pages = built_pages(built_site_dir)
    assert len(pages) >= 17, sorted(pages)
    seen: dict[str, str] = {}
    for where, html in pages.items():
        described, card = meta(html, "name", "description"), meta(html, "property", "og:description")
        assert len(described) == 1 and len(card) == 1, where
        assert described == card == meta(html, "name", "twitter:description"), where
        text = described[0]
        assert 40 <= len(text) <= 203 and text != SITE_BLURB, (where, text)
        assert text not in seen, f"{where} and {seen.get(text)} share {text!r}"
        seen[text] = where
    assert seen_for(pages, ".").startswith("A System Reference Document for tabletop dice systems, written for")
    assert seen_for(pages, "doom-stack").startswith("Doom Stack is a d6 dice-pool mechanic")
    assert "dice &amp; danger is a small d6 game" in seen_for(pages, "dice-and-danger")


def seen_for(pages: dict[str, str], where: str) -> str:
    return meta(pages[where], "name", "description")[0]


# --- the way to the play tools -----------------------------------------------------------------
@pytest.mark.parametrize(("key", "title"), SYSTEMS)
def test_home_page_and_chapter_link_the_play_tool(built_site_dir, key, title):
    home = (built_site_dir / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'<a href="{re.escape(key)}/play/">[^<]* at the table</a>', home), key
    chapter = (built_site_dir / key / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="play/">[^<]* at the table</a>', chapter), key


def test_home_page_link_opens_a_play_tool(page: Page, site_url):
    page.goto(site_url)
    section = page.locator("#at-the-table")
    expect(section).to_have_text(re.compile("^At the table"))
    page.get_by_role("link", name="Doom Stack at the table").first.click()
    expect(page).to_have_url(f"{site_url}doom-stack/play/")
    expect(page.locator("h1")).to_have_text(re.compile("^Doom Stack at the table"))


# --- the phone header names the system -------------------------------------------------------
@pytest.mark.parametrize(("key", "title"), SYSTEMS)
def test_phone_header_names_the_system_of_a_play_page(phone_page: Page, site_url, key, title):
    page = phone_page
    page.goto(f"{site_url}{key}/play/")
    topic = page.locator('.md-header__topic[data-md-component="header-topic"]')
    page.evaluate("scrollBy(0, 400)")  # past the h1: the header shows the page's title
    expect(page.locator(".md-header__title")).to_have_class(re.compile("md-header__title--active"))
    expect(topic).to_be_visible()
    expect(topic).to_have_text(re.compile(r"^\s*\S.* at the table\s*$"))
    assert topic.inner_text().strip().split(" at the table")[0] in title, title
    expect(page).to_have_title(re.compile(r"^\S.* at the table - "))


# --- the Share text: the chance of success at the roll's difficulty ---------------------------
def share_text(system: str, action: str, fields: dict[str, str], seed: str) -> list[str]:
    reply = json.loads(call(json.dumps({"system": system, "action": action, "seed": seed, "fields": fields})))
    assert reply["ok"], reply
    return reply["result"]["share"]["text"].split("\n")


def test_doom_stack_share_gives_the_chance_of_success_at_the_tn():
    # 5d6 vs TN 8 (Attribute 3, Skill 2), seed 1: the dice 2 5 1 3 1 make a best stack of 7.
    lines = share_text("doom-stack", "roll_fields", {"attribute": "3", "skill": "2", "modifiers": "", "tn": "8"}, "1")
    assert lines[2:] == [
        "Result: **Failure, best stack 7 vs TN 8**",
        "Chance of a best stack of 7 or more: 83.72% (exactly 1085/1296)",
        "Chance of success at TN 8 (a glitch included): 65.78% (exactly 1705/2592)",
    ]
    # Without a TN there is no difficulty, and no such line.
    plain = share_text("doom-stack", "roll_fields", {"attribute": "3", "skill": "2", "modifiers": "", "tn": ""}, "1")
    assert len(plain) == 4 and not any("success at" in line for line in plain)


def test_adrenaline_share_gives_the_chance_of_success_at_the_difficulty():
    fields = {
        "attribute": "3",
        "ability": "2",
        "difficulty": "7",
        "adrenaline": "",
        "mode": "",
        "options": "",
        "target": "",
    }
    lines = share_text("adrenaline", "roll_form", fields, "3")
    # 5d10 vs 7: each die succeeds on 7-10 (2 in 5) and botches on a 1; a net above 0 is a success.
    assert lines[0] == "**Adrenaline d10 pool** roll: `5d10 vs 7`"
    assert lines[3] == "Chance of a net of 2 or more: 51.10% (exactly 1597/3125)"
    assert lines[4] == "Chance of success at difficulty 7 (a net of 1 or more): 76.24% (exactly 19061/25000)"


def test_action_and_xy_share_give_the_chance_of_success_at_the_difficulty():
    # Action! 7 vs 4, static: no dice, Outcome 3, certain; a success against defence 4 is certain too.
    fields = {
        "skill": "7",
        "defence": "4",
        "active": "",
        "types": "static",
        "threshold": "",
        "attack_ev": "",
        "defence_ev": "",
        "extra_positive": "",
        "extra_negative": "",
    }
    lines = share_text("action", "roll_fields", fields, "3")
    assert lines[-1] == "Chance of success against defence 4 (Success or better): 100.00% (exactly 1/1)"
    # X-in-Y 3/6: a hit on 1-3 of one d6 succeeds, half the time.
    lines = share_text(
        "xy-checks", "check_roll", {"check": "3/6", "tn": "", "bonus": "", "penalty": "", "crit": ""}, "3"
    )
    assert lines[-1] == "Chance of success at 3/6 (a degree of success 1 or more): 50.00% (exactly 1/2)"


# --- "Ready offline" covers no control --------------------------------------------------------
@pytest.fixture(params=[PHONE_VIEWPORT, DESKTOP_VIEWPORT], ids=["phone", "desktop"])
def sw_screen(request, browser, site_origin, request_log, page_errors) -> Iterator[Page]:
    """A first visit with the service worker allowed, on a 360 px phone and on a desktop."""
    touch = {"has_touch": True, "is_mobile": True} if request.param == PHONE_VIEWPORT else {}
    yield from _open_page(
        browser, site_origin, request_log, page_errors, service_workers="allow", viewport=request.param, **touch
    )


CONTROLS_UNDER = """(note) => {
  const box = note.getBoundingClientRect();
  const meets = (r) => r.width && r.height && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
  return [...document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]")]
    .filter((c) => !note.contains(c) && c.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .filter((c) => meets(c.getBoundingClientRect()))
    .map((c) => [c.outerHTML.slice(0, 120), JSON.stringify(c.getBoundingClientRect()), JSON.stringify(box)]);
}"""


@pytest.mark.fresh_context
def test_ready_offline_notice_covers_no_control(sw_screen: Page, site_url):
    page = sw_screen
    page.goto(f"{site_url}doom-stack/")
    roll = page.locator("#ds-roller button[type=submit]")
    expect(roll).to_be_enabled(timeout=ENGINE_LOAD_MS)
    # The Roll button at the foot of the screen, where a notice at the foot would sit on it.
    page.evaluate(
        """(button) => scrollBy(0, button.getBoundingClientRect().bottom - innerHeight + 12)""", roll.element_handle()
    )
    note = page.locator(".srd-offline-note")
    expect(note).to_have_text(re.compile("^Ready offline"), timeout=CONTROL_MS)
    expect(note).to_be_visible()
    shown, button = note.bounding_box(), roll.bounding_box()
    assert shown and button and shown["height"] > 0
    assert button["y"] + button["height"] <= page.viewport_size["height"], "the Roll button is on screen"
    apart = (
        shown["x"] + shown["width"] <= button["x"]
        or button["x"] + button["width"] <= shown["x"]
        or shown["y"] + shown["height"] <= button["y"]
        or button["y"] + button["height"] <= shown["y"]
    )
    assert apart, (shown, button)
    assert note.evaluate(CONTROLS_UNDER) == []


# --- a wide table says it scrolls ---------------------------------------------------------------
SCROLL_CUE = """(wrap) => {
  const cue = getComputedStyle(wrap, "::after");
  return cue.visibility === "visible" && parseFloat(cue.height) > 0 ? cue.content : "";
}"""


def test_a_wide_table_says_it_scrolls_on_a_phone(phone_page: Page, site_url):
    page = phone_page
    page.goto(f"{site_url}action/")
    wide = page.locator('.srd-table-wrap[aria-label="Chance of a double-0"]')
    wide.scroll_into_view_if_needed()
    assert wide.evaluate("(w) => w.scrollWidth > w.clientWidth")
    expect(wide).to_have_attribute("tabindex", "0")
    assert wide.evaluate(SCROLL_CUE) == '"Scroll sideways for more \u2192"'
    narrow = page.locator('.srd-table-wrap[aria-label="Types of action"]')
    narrow.scroll_into_view_if_needed()
    assert narrow.evaluate("(w) => w.scrollWidth <= w.clientWidth")
    assert narrow.evaluate(SCROLL_CUE) == ""
    # By keyboard: the table takes the focus and the arrow key scrolls it.
    wide.focus()
    expect(wide).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(w) => w.scrollLeft > 0", arg=wide.element_handle())


def test_every_wide_table_is_labelled_and_keyboard_scrollable(phone_page: Page, site_url):
    page = phone_page
    for path in ("action/", "designers/", "errata/"):
        page.goto(site_url + path)
        expect(page.locator("h1").first).to_be_visible()
        unlabelled = page.evaluate("""() => [...document.querySelectorAll(".md-content .srd-table-wrap")]
            .filter((w) => w.scrollWidth > w.clientWidth)
            .filter((w) => w.getAttribute("tabindex") !== "0" || !w.getAttribute("aria-label"))
            .map((w) => w.outerHTML.slice(0, 80))""")
        assert unlabelled == [], path


def test_a_table_that_fits_on_a_desktop_says_nothing(page: Page, site_url):
    page.goto(f"{site_url}action/")
    wide = page.locator('.srd-table-wrap[aria-label="Chance of a double-0"]')
    wide.scroll_into_view_if_needed()
    assert wide.evaluate("(w) => w.scrollWidth <= w.clientWidth")
    assert wide.evaluate(SCROLL_CUE) == ""
