"""Share to the group: the card a chat app shows for a link to any page, and Share under a roll.

Share under a roll (docs/assets/js/kit/share.js) sends the engine's chat text (the notation,
the dice, the result in the system's words, the exact chance of this result or better) and
the roll's permalink: through the browser's share sheet where there is one, else copied to
the clipboard, else shown selected in a box to copy by hand.

Every built page carries Open Graph and Twitter tags (``overrides/main.html``) naming a
preview image that the build drew (``site_build/social.py``) at the size the tags say, under
the site's own address, and precached by the service worker like every other file.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from PIL import Image
from playwright.sync_api import expect

from site_build.social import CARD_SIZE, Card, draw_card, page_card, wrap

META = re.compile(r'<meta\s+(?:property|name)="((?:og|twitter):[a-z:_]+)"\s+content="([^"]*)"\s*/?>')


def page_tags(path: Path) -> dict[str, str]:
    """A built page's Open Graph and Twitter tags, by name."""
    return {name: html.unescape(value) for name, value in META.findall(path.read_text(encoding="utf-8"))}


def built_pages(site_dir: Path) -> list[Path]:
    """Every page of the site a reader can link to (not the 404 page, not search's)."""
    return sorted(p for p in site_dir.rglob("index.html") if "assets" not in p.parts)


def page_address(site_url: str, site_dir: Path, page: Path) -> str:
    folder = page.parent.relative_to(site_dir).as_posix()
    return site_url + ("" if folder == "." else folder + "/")


def test_every_page_names_a_card_the_build_drew(built_site_dir: Path, site_url: str) -> None:
    pages = built_pages(built_site_dir)
    assert len(pages) >= 10
    images = set()
    for page in pages:
        tags = page_tags(page)
        where = page.relative_to(built_site_dir).as_posix()
        assert tags["og:url"] == page_address(site_url, built_site_dir, page), where
        assert tags["og:type"] == "website" and tags["og:site_name"] == "Dice Systems SRD", where
        assert tags["og:title"] and tags["og:description"], where
        assert tags["twitter:card"] == "summary_large_image", where
        assert tags["twitter:title"] == tags["og:title"], where
        assert tags["twitter:image"] == tags["og:image"], where
        image = tags["og:image"]
        assert image.startswith(site_url + "assets/social/") and image.endswith(".png"), where
        file = built_site_dir / urlsplit(image).path.lstrip("/")
        with Image.open(file) as drawn:
            assert drawn.format == "PNG", where
            assert drawn.size == (int(tags["og:image:width"]), int(tags["og:image:height"])) == CARD_SIZE, where
        images.add(image)
    assert len(images) == len(pages), "each page has a card of its own"


def test_titles_name_the_page_and_its_section(built_site_dir: Path) -> None:
    assert page_tags(built_site_dir / "index.html")["og:title"] == "Dice Systems SRD"
    assert page_tags(built_site_dir / "doom-stack" / "index.html")["og:title"] == "Doom Stack"
    assert page_tags(built_site_dir / "action-combat" / "index.html")["og:title"] == "Action!: Combat and damage"


def test_cards_are_precached(built_site_dir: Path) -> None:
    worker = (built_site_dir / "sw.js").read_text(encoding="utf-8")
    for page in built_pages(built_site_dir):
        path = urlsplit(page_tags(page)["og:image"]).path.lstrip("/")
        assert f'"{path}"' in worker, path


def test_a_card_refuses_an_image_outside_the_site() -> None:
    from site_build.social import CardError

    page = '<meta property="og:image" content="https://elsewhere.example/assets/social/x.png">'
    with pytest.raises(CardError, match="not under site_url"):
        page_card(page, "http://127.0.0.1:8000/")
    page = '<meta property="og:image" content="http://127.0.0.1:8000/assets/../sw.png">'
    with pytest.raises(CardError, match="not a card"):
        page_card(page, "http://127.0.0.1:8000/")
    assert page_card("<p>no tags</p>", "http://127.0.0.1:8000/") is None


def test_a_long_title_is_wrapped_within_the_card() -> None:
    title = "A very long page title that goes on and on about stacks, pools and wild ones " * 3
    image = draw_card(Card("assets/social/x.png", title, "Short.", "Dice Systems SRD"))
    assert image.size == CARD_SIZE
    # The right margin stays the background's colour: no line ran past it.
    right = image.crop((CARD_SIZE[0] - 60, 200, CARD_SIZE[0], CARD_SIZE[1] - 20))
    assert {colour for _, colour in right.getcolors(maxcolors=CARD_SIZE[0] * CARD_SIZE[1])} == {(0x31, 0x1B, 0x92)}


def test_wrap_keeps_every_word() -> None:
    from PIL import ImageDraw, ImageFont

    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    font = ImageFont.load_default()
    text = "one two three four five six seven"
    lines = wrap(draw, text, font, 60)
    assert " ".join(lines) == text and len(lines) > 1


# --- Share under a roll ------------------------------------------------------------------------
ENGINE_LOAD_MS = 60_000
ROLL_FIELDS = {"attribute": "3", "skill": "2", "modifiers": "", "tn": "3"}
SEED = "4242"
NO_NATIVE_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


def engine_share(fields: dict[str, str], seed: str) -> dict[str, str]:
    """The engine's own ``share`` reply for this roll (the bridge, called natively)."""
    from rules_engine.web import call

    request = {"system": "doom-stack", "action": "roll_fields", "fields": fields, "seed": seed}
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]["share"]


def roll_on_page(page, site_url: str) -> str:
    """Open the Doom Stack roller, roll the test's pool with the test's seed; the permalink."""
    page.goto(f"{site_url}doom-stack/")
    expect(page.locator("#ds-roller")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    for name, value in ROLL_FIELDS.items():
        page.fill(f"#ds-{name}", value)
    page.fill("#ds-seed", SEED)
    page.click("#ds-roller button[type=submit]")
    link = page.locator("#ds-roller a.srd-roll__permalink")
    expect(link).to_be_visible()
    return link.evaluate("a => a.href")


def test_share_copies_the_roll_for_a_chat(page, site_url: str) -> None:
    page.add_init_script(NO_NATIVE_SHARE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    permalink = roll_on_page(page, site_url)
    share = engine_share(ROLL_FIELDS, SEED)
    button = page.get_by_role("button", name="Share this roll")
    button.click()
    status = page.locator("#ds-roller .srd-share__status")
    expect(status).to_have_text("Copied: paste it into your group's chat.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{share['text']}\n{permalink}"
    # The exact chance in the text is the engine's own, for this pool and this best stack.
    assert f"(exactly {share['chance']})" in copied.split("\n")[3]
    assert button.bounding_box()["height"] >= 44


def test_share_without_a_clipboard_shows_the_text_to_copy(page, site_url: str) -> None:
    page.add_init_script(
        NO_NATIVE_SHARE
        + """
        Object.defineProperty(navigator, "clipboard", {value: {writeText: () => Promise.reject(new Error("no"))}});"""
    )
    permalink = roll_on_page(page, site_url)
    share = engine_share(ROLL_FIELDS, SEED)
    page.get_by_role("button", name="Share this roll").click()
    box = page.get_by_role("textbox", name="This roll, to copy into a chat")
    expect(box).to_be_focused()
    assert box.input_value() == f"{share['text']}\n{permalink}"
    assert (
        page.evaluate(
            "() => { const b = document.activeElement; return b.value.slice(b.selectionStart, b.selectionEnd); }"
        )
        == box.input_value()
    )
    expect(page.locator("#ds-roller .srd-share__status")).to_contain_text("copy the selected text")


def test_share_uses_the_browsers_share_sheet_where_there_is_one(page, site_url: str) -> None:
    page.add_init_script("""
        window.__shared = [];
        Navigator.prototype.share = function (data) { window.__shared.push(data); return Promise.resolve(); };
        Navigator.prototype.canShare = () => true;""")
    permalink = roll_on_page(page, site_url)
    share = engine_share(ROLL_FIELDS, SEED)
    page.get_by_role("button", name="Share this roll").click()
    expect(page.locator("#ds-roller .srd-share__status")).to_have_text("Shared.")
    shared = page.evaluate("window.__shared")
    assert [item["text"] for item in shared] == [f"{share['text']}\n{permalink}"]


# --- Share under every system's roller ---------------------------------------------------------
# (page, widget, fields filled in, the seed's field, the engine's roll action and how its
# request carries the form: as ``fields`` or, for dice & danger's notation box, at the top).
ROLLERS = {
    "action": ("action/", "#ac-roller", {"#ac-skill": "6", "#ac-defence": "5"}, "#ac-seed", "roll_fields", "fields"),
    "adrenaline": (
        "adrenaline/",
        "#ad-roller",
        {"#ad-attribute": "3", "#ad-ability": "2"},
        "#ad-seed",
        "roll_form",
        "fields",
    ),
    "xy-checks": (
        "xy-checks/",
        "#xyc-roller",
        {"#xyc-check": "3/6 +1b", "#xyc-crit": True},
        "#xyc-seed",
        "check_roll",
        "fields",
    ),
    "dice-and-danger": (
        "dice-and-danger/",
        "#dd-roller",
        {"#dd-notation": "4d+1b vs DC 4"},
        "#dd-seed",
        "roll_kind",
        "top",
    ),
}


def engine_share_from_permalink(system: str, permalink: str) -> dict[str, str]:
    """The engine's ``share`` for the roll a permalink names: its query is the widget's form
    and seed (and, for a page of several widgets, ``w`` naming the widget)."""
    from rules_engine.web import call

    _, _, _, _, action, carried = ROLLERS[system]
    params = dict(parse_qsl(urlsplit(permalink).query, keep_blank_values=True))
    seed = params.pop("seed")
    params.pop("w", None)
    request = {
        "system": system,
        "action": action,
        "seed": seed,
        **({"fields": params} if carried == "fields" else params),
    }
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]["share"]


def share_notation(share: dict[str, str]) -> str:
    """The notation the engine's share text names (between the first line's backticks)."""
    return share["text"].split("\n")[0].split("`")[1]


def shared_text(page, root: str) -> str:
    """Press the roll's Share button (no share sheet here: it copies) and read the clipboard."""
    button = page.locator(root).get_by_role("button", name="Share this roll")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{root} .srd-share__status")).to_have_text("Copied: paste it into your group's chat.")
    assert button.bounding_box()["height"] >= 44
    return page.evaluate("navigator.clipboard.readText()")


@pytest.mark.parametrize("system", list(ROLLERS))
def test_every_systems_roller_shares_its_roll(page, site_url: str, system: str) -> None:
    where, root, fields, seed_field, _, _ = ROLLERS[system]
    page.add_init_script(NO_NATIVE_SHARE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + where)
    expect(page.locator(root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    for selector, value in fields.items():
        if value is True:
            page.check(selector)
        else:
            page.fill(selector, value)
    page.fill(seed_field, SEED)
    page.click(f"{root} button[type=submit]")
    expect(page.locator(f"{root} .srd-roll__seed")).to_have_text(SEED)
    permalink = page.locator(f"{root} a.srd-roll__permalink").evaluate("a => a.href")
    copied = shared_text(page, root)
    share = engine_share_from_permalink(system, permalink)
    # The notation, the dice, the result and the exact chance: the engine's own, then the link.
    assert copied == f"{share['text']}\n{permalink}"
    text = copied.split("\n")
    # ... and it names the notation the page's own explanation of the roll starts with.
    assert share_notation(share) in page.locator(f"{root} .srd-roll .srd-widget__line").first.inner_text()
    assert text[1].startswith("Dice: ") and text[2].startswith("Result: **")
    assert text[3].endswith(f"(exactly {share['chance']})") and share["percent"] in text[3]

    # The permalink, opened afresh, rolls the same dice and shares the same text.
    page.goto("about:blank")
    page.goto(permalink)
    expect(page.locator(f"{root} .srd-roll__seed")).to_have_text(SEED, timeout=ENGINE_LOAD_MS)
    assert shared_text(page, root) == copied


# --- Share under Action!'s card draw and deck deal ----------------------------------------------
# (widget, fields filled in, the seed's field, the engine's action, the fields its request carries)
CARD_WIDGETS = {
    "card draw": (
        "#acd-draw",
        {"#acd-factions": "Heroes, Villains"},
        "#acd-seed",
        "card_draw_roll",
        ("factions", "jokers"),
    ),
    "deck deal": (
        "#adk-deck-draw",
        {"#adk-draws": "5", "#adk-card": "Rally"},
        "#adk-seed",
        "deck_roll",
        ("draws", "deck", "card"),
    ),
}


@pytest.mark.parametrize("widget", list(CARD_WIDGETS))
def test_actions_card_draw_and_deal_share_with_their_exact_chance(page, site_url: str, widget: str) -> None:
    from rules_engine.web import call

    root, fields, seed_field, action, names = CARD_WIDGETS[widget]
    page.add_init_script(NO_NATIVE_SHARE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + "action-cards/")
    expect(page.locator(root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    for selector, value in fields.items():
        page.fill(selector, value)
    page.fill(seed_field, SEED)
    page.click(f"{root} button[type=submit]")
    expect(page.locator(f"{root} .srd-roll__seed")).to_have_text(SEED)
    permalink = page.locator(f"{root} a.srd-roll__permalink").evaluate("a => a.href")
    button = page.locator(root).get_by_role("button", name="Share this draw")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{root} .srd-share__status")).to_have_text("Copied: paste it into your group's chat.")
    assert button.bounding_box()["height"] >= 44
    copied = page.evaluate("navigator.clipboard.readText()")
    # The engine's own share for the draw the permalink names: the cards, the result, the chance.
    params = dict(parse_qsl(urlsplit(permalink).query, keep_blank_values=True))
    request = {
        "system": "action",
        "action": action,
        "seed": params["seed"],
        "fields": {name: params.get(name, "") for name in names},
    }
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    share = reply["result"]["share"]
    assert copied == f"{share['text']}\n{permalink}"
    text = copied.split("\n")
    assert text[0] == f"**Action!** draw: `{reply['result']['notation']}`"
    assert text[1].startswith("Cards: ") and text[2].startswith("Result: **")
    assert text[3].endswith(f"(exactly {share['chance']})") and share["percent"] in text[3]
    if widget == "card draw":  # two factions from 54 cards: 1/(54 × 53), twice that with a Joker (two look alike)
        assert text[3].startswith("Chance of this exact draw (each faction the card shown")
        assert share["chance"] in ("1/2862", "1/1431")
    else:  # Rally is on 10 of the 200 cards
        found = reply["result"]["found_at"]
        assert text[3].startswith(
            "Chance of Rally coming up in 5 draws" if found else "Chance of Rally not coming up in 5 draws"
        )


def test_the_dice_and_danger_character_generator_shares_this_exact_character(page, site_url: str) -> None:
    from rules_engine.web import call

    page.add_init_script(NO_NATIVE_SHARE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page.goto(site_url + "dice-and-danger/")
    expect(page.locator("#dc-character")).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#dc-seed", SEED)
    page.click("#dc-character button[type=submit]")
    expect(page.locator("#dc-character .srd-roll__seed")).to_have_text(SEED)
    permalink = page.locator("#dc-character a.srd-roll__permalink").evaluate("a => a.href")
    button = page.locator("#dc-character").get_by_role("button", name="Share this character")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#dc-character .srd-share__status")).to_have_text("Copied: paste it into your group's chat.")
    assert button.bounding_box()["height"] >= 44
    copied = page.evaluate("navigator.clipboard.readText()")
    # The permalink names the seed (?character=SEED); the engine's share for that character.
    seed = dict(parse_qsl(urlsplit(permalink).query))["character"]
    reply = json.loads(call(json.dumps({"system": "dice-and-danger", "action": "character", "seed": seed})))
    assert reply["ok"], reply
    share = reply["result"]["share"]
    assert copied == f"{share['text']}\n{permalink}"
    text = copied.split("\n")
    assert text[0] == "**dice & danger** character: `1d-2p for each attribute`"
    assert text[3] == (
        f"Chance of this exact character (these five attributes, in this order): {share['percent']} "
        f"(exactly {share['chance']})"
    )
