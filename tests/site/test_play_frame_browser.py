"""The play frame (docs/assets/js/kit/play-kit.js) that the five play tools share, tested once over
the five of them in headless chromium, as a reader uses it: Undo and Redo through several
changes, across a Delete, kept on the device; a link or a file holding a name already saved asks
whether to replace it or keep both (one Undo step either way, Escape or Cancel changing
nothing); a damaged link is refused with nothing saved changed; an exported file imports again.

The entries come from the engine (``rules_engine.web.call``: play_new, play_link), never
written out here."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from play_browser import PlayTool, first_sentence
from playwright.sync_api import Page, expect


@dataclass(frozen=True)
class Tool:
    """A play tool: its frame (``play``), page and what its entries are called."""

    play: PlayTool
    address: str
    noun: str
    nouns: str


TOOLS = {
    "doom-stack": Tool(PlayTool("doom-stack", "#dsp", entry="c"), "doom-stack/play/", "character", "characters"),
    "adrenaline": Tool(PlayTool("adrenaline", "#adp", entry="c"), "adrenaline/play/", "character", "characters"),
    "dice-and-danger": Tool(
        PlayTool("dice-and-danger", "#ddp", entry="c"), "dice-and-danger/play/", "character", "characters"
    ),
    "xy-checks": Tool(PlayTool("xy-checks", "#xyp", entry="s"), "xy-checks/play/", "scene", "scenes"),
    "action": Tool(PlayTool("action", "#acp", entry="s"), "action/play/", "scene", "scenes"),
}
EVERY_TOOL = pytest.mark.parametrize("tool", list(TOOLS.values()), ids=list(TOOLS))


def made(tool: Tool, name: str) -> dict:
    """A new entry of ``name``, as the engine makes it."""
    return tool.play.engine("play_new", name=name)[tool.noun]


def document(tool: Tool, *entries: dict) -> dict:
    """A play document of ``entries`` in the engine's format version."""
    version = tool.play.engine("play_limits")["version"]
    return {"format": "dice-srd-play", "version": version, "system": tool.play.system, "entries": list(entries)}


def button(page: Page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def names(tool: Tool, page: Page) -> list[str]:
    return [entry["name"] for entry in tool.play.entries(page)]


def expect_steps(page: Page, undo: bool, redo: bool) -> None:
    """Undo and Redo can be pressed (or not)."""
    for name, can in (("Undo", undo), ("Redo", redo)):
        (expect(button(page, name)).to_be_enabled if can else expect(button(page, name)).to_be_disabled)()


def add_new(tool: Tool, page: Page, count: int) -> None:
    """Press New: a new entry is saved, ``count`` in all."""
    button(page, f"New {tool.noun}").click()
    expect(page.locator(tool.play.status)).to_have_text(f"New {tool.noun} added: New {tool.noun}.")
    page.wait_for_function(
        "([key, n]) => JSON.parse(localStorage.getItem(key)).document.entries.length === n",
        arg=[tool.play.store, count],
    )


def step(tool: Tool, page: Page, name: str, words: str, count: int) -> None:
    """Press Undo or Redo: the status line says what was undone or redone, ``count`` entries are left."""
    button(page, name).click()
    expect(page.locator(tool.play.status)).to_have_text(f"{'Undone' if name == 'Undo' else 'Redone'}: {words}")
    assert len(tool.play.entries(page)) == count
    expect(page.locator(f"{tool.play.root}-pick option")).to_have_count(count)


@EVERY_TOOL
def test_undo_and_redo_go_back_and_forth_across_a_delete(page, site_url: str, tool: Tool) -> None:
    play = tool.play
    play.open(page, f"{site_url}{tool.address}")
    expect_steps(page, undo=False, redo=False)
    added = f"New {tool.noun} added: New {tool.noun}."
    deleted = f"New {tool.noun} deleted."
    add_new(tool, page, 1)
    expect_steps(page, undo=True, redo=False)
    button(page, f"Delete this {tool.noun}").click()
    expect(page.locator(play.status)).to_have_text(f"{deleted} Undo brings them back.")
    add_new(tool, page, 1)

    # Back two steps: the deleted entry is here again; forward two: deleted, and the new one added.
    step(tool, page, "Undo", added, 0)
    expect_steps(page, undo=True, redo=True)
    step(tool, page, "Undo", deleted, 1)
    step(tool, page, "Redo", deleted, 0)
    step(tool, page, "Redo", added, 1)
    expect_steps(page, undo=True, redo=False)

    # A new change after an Undo: what was undone can no longer be redone.
    step(tool, page, "Undo", added, 0)
    add_new(tool, page, 1)
    expect_steps(page, undo=True, redo=False)

    # The steps are kept on the device: after a reload, Undo goes on where it was.
    stored = json.loads(page.evaluate("(key) => localStorage.getItem(key)", f"srd-play-undo:{play.system}"))
    assert (stored["format"], stored["version"], len(stored["undo"]), stored["redo"]) == ("srd-play-steps", 1, 3, [])
    page.reload()
    play.ready(page)
    expect_steps(page, undo=True, redo=False)
    step(tool, page, "Undo", added, 0)
    step(tool, page, "Undo", deleted, 1)
    expect(page.locator(f"{play.root}-pick")).to_have_value("0")


def open_link(tool: Tool, page: Page, site_url: str, link: str) -> None:
    page.goto("about:blank")  # a fragment change alone would not load the page again
    page.goto(f"{site_url}{tool.address}#play={link}")
    tool.play.ready(page)


def the_question(page: Page, source: str, one: str):
    """The frame's question about a name already saved (a labelled group, focused)."""
    group = page.get_by_role("group", name=re.compile(f"^{re.escape(source)} holds Vera Kask"))
    expect(group).to_be_visible()
    expect(group).to_be_focused()
    expect(group).to_have_accessible_name(
        f"{source} holds Vera Kask: a name already saved on this device. Replace the saved {one}, or keep both?"
    )
    return group


def saved_pair(tool: Tool) -> dict:
    """What this device holds: Other and Vera Kask, Vera Kask shown."""
    return {"document": document(tool, made(tool, "Other"), made(tool, "Vera Kask")), "current": 1}


@EVERY_TOOL
def test_a_link_with_a_saved_name_asks_to_replace_it_or_keep_both(page, site_url: str, tool: Tool) -> None:
    play = tool.play
    saved = saved_pair(tool)
    play.seed(page, saved)
    vera, newcomer = made(tool, "Vera Kask"), made(tool, "Newcomer")
    link = play.engine("play_link", document=document(tool, vera, newcomer))["link"]
    play.open(page, f"{site_url}{tool.address}")

    # Escape: nothing changes.
    open_link(tool, page, site_url, link)
    the_question(page, "The link", tool.noun)
    page.keyboard.press("Escape")
    expect(page.locator(play.status)).to_have_text("Not added: nothing saved was changed.")
    expect(page.get_by_role("group", name=re.compile("holds Vera Kask"))).to_have_count(0)
    assert play.stored(page) == saved
    expect_steps(page, undo=False, redo=False)

    # Keep both: both added at the end, the first shown; one Undo takes both out.
    open_link(tool, page, site_url, link)
    the_question(page, "The link", tool.noun).get_by_role("button", name="Keep both").click()
    expect(page.locator(play.status)).to_have_text("Opened from the link: Vera Kask, Newcomer.")
    assert play.stored(page) == {
        "document": {**saved["document"], "entries": [*saved["document"]["entries"], vera, newcomer]},
        "current": 2,
    }
    step(tool, page, "Undo", "Opened from the link: Vera Kask, Newcomer.", 2)
    assert play.stored(page) == saved

    # Replace: the link's Vera Kask in the saved one's place, Newcomer added; one Undo step.
    open_link(tool, page, site_url, link)
    the_question(page, "The link", tool.noun).get_by_role("button", name="Replace").click()
    replaced = "Opened from the link: Vera Kask replaced; Newcomer added."
    expect(page.locator(play.status)).to_have_text(replaced)
    assert play.stored(page) == {
        "document": {**saved["document"], "entries": [saved["document"]["entries"][0], vera, newcomer]},
        "current": 1,
    }
    expect(page.locator(f"{play.root}-pick")).to_have_value("1")
    step(tool, page, "Undo", replaced, 2)
    assert play.stored(page) == saved
    step(tool, page, "Redo", replaced, 3)


@EVERY_TOOL
def test_a_file_with_a_saved_name_asks_to_replace_it_or_keep_both(
    page, site_url: str, tool: Tool, tmp_path: Path
) -> None:
    play = tool.play
    saved = saved_pair(tool)
    play.seed(page, saved)
    play.open(page, f"{site_url}{tool.address}")
    vera = made(tool, "Vera Kask")
    file = tmp_path / "vera.json"
    file.write_text(json.dumps(document(tool, vera)), encoding="utf-8")

    def import_file() -> None:
        with page.expect_file_chooser() as chooser:
            button(page, "Import file").click()
        chooser.value.set_files(str(file))

    # Cancel: nothing changes, the focus is back on Import file.
    import_file()
    the_question(page, "vera.json", tool.noun).get_by_role("button", name="Cancel").click()
    expect(page.locator(play.status)).to_have_text("Not added: nothing saved was changed.")
    expect(button(page, "Import file")).to_be_focused()
    assert play.stored(page) == saved
    expect_steps(page, undo=False, redo=False)

    import_file()
    the_question(page, "vera.json", tool.noun).get_by_role("button", name="Replace").click()
    expect(page.locator(play.status)).to_have_text("Imported from vera.json: Vera Kask replaced.")
    assert play.stored(page) == {
        "document": {**saved["document"], "entries": [saved["document"]["entries"][0], vera]},
        "current": 1,
    }
    expect(button(page, "Import file")).to_be_focused()
    step(tool, page, "Undo", "Imported from vera.json: Vera Kask replaced.", 2)
    assert play.stored(page) == saved

    import_file()
    the_question(page, "vera.json", tool.noun).get_by_role("button", name="Keep both").click()
    expect(page.locator(play.status)).to_have_text("Imported from vera.json: Vera Kask.")
    assert names(tool, page) == ["Other", "Vera Kask", "Vera Kask"]
    assert play.stored(page)["current"] == 2


@EVERY_TOOL
def test_an_exported_file_imports_again(page, site_url: str, tool: Tool, tmp_path: Path) -> None:
    play = tool.play
    saved = saved_pair(tool)
    play.seed(page, saved)
    play.open(page, f"{site_url}{tool.address}")
    exported = play.export_file(page, tmp_path)
    assert json.loads(exported.read_text(encoding="utf-8")) == saved["document"]
    with page.expect_file_chooser() as chooser:
        button(page, "Import file").click()
    chooser.value.set_files(str(exported))
    group = page.get_by_role("group", name=re.compile(f"^{re.escape(exported.name)} holds Other, Vera Kask"))
    expect(group).to_be_focused()
    expect(group).to_have_accessible_name(
        f"{exported.name} holds Other, Vera Kask: names already saved on this "
        f"device. Replace the saved {tool.nouns}, or keep both?"
    )
    # Replaced by themselves: the same document, one Undo step.
    group.get_by_role("button", name="Replace").click()
    expect(page.locator(play.status)).to_have_text(f"Imported from {exported.name}: Other, Vera Kask replaced.")
    assert play.stored(page) == {**saved, "current": 0}
    expect_steps(page, undo=True, redo=False)


@EVERY_TOOL
def test_a_damaged_link_is_refused_and_nothing_saved_changes(page, site_url: str, tool: Tool) -> None:
    play = tool.play
    play.seed(page, saved_pair(tool))
    play.open(page, f"{site_url}{tool.address}")
    saved_before = play.saved_text(page)
    open_link(tool, page, site_url, "____")
    expect(page.locator(play.status)).to_have_text(
        "The link was not opened: the link is damaged: its sheet cannot be unpacked (was it cut short?). "
        "Nothing saved was changed."
    )
    expect(page.locator(play.status)).to_have_class(re.compile(r"srd-play__status--error"))
    assert play.saved_text(page) == saved_before
    expect(page.get_by_role("group", name=re.compile("holds"))).to_have_count(0)
    expect_steps(page, undo=False, redo=False)


@pytest.mark.parametrize("tool", [TOOLS["doom-stack"], TOOLS["adrenaline"]], ids=["doom-stack", "adrenaline"])
def test_an_undone_roll_leaves_no_dice_on_the_sheet(page, site_url: str, tool: Tool) -> None:
    play = tool.play
    play.open(page, f"{site_url}{tool.address}")
    add_new(tool, page, 1)
    fresh = play.shown(page)
    result = page.locator(f"{play.root}-result")
    expect(result).to_have_text("")
    button(page, "Roll").click()
    expect(page.locator(play.status)).to_contain_text("Rolled ")
    expect(result).not_to_have_text("")
    rolled = play.shown(page)
    words = first_sentence(page.locator(play.status).text_content())
    # Undo: the sheet is drawn from the entry as it was, with no roll's dice left on it; nor after Redo.
    step(tool, page, "Undo", words, 1)
    assert play.shown(page) == fresh
    expect(result).to_have_text("")
    step(tool, page, "Redo", words, 1)
    assert play.shown(page) == rolled
    expect(result).to_have_text("")


KIT = Path(__file__).resolve().parents[2] / "docs" / "assets" / "js" / "kit" / "play-store.js"
# The play documents the engine kept before format version 2 (made through the bridge by that build).
SAVED_V1 = Path(__file__).resolve().parents[1] / "doom_stack" / "data" / "saved_v1.json"


def seed_steps(page: Page, system: str, steps: object) -> None:
    """Before the page loads, the steps Undo and Redo go through as an earlier build stored them."""
    key = f"srd-play-undo:{system}"
    page.add_init_script(
        f"localStorage.getItem('{key}') === null && localStorage.setItem('{key}', {json.dumps(json.dumps(steps))})"
    )


def test_a_step_an_older_build_stored_is_brought_up_to_date_before_it_is_applied(page, site_url: str) -> None:
    tool = TOOLS["doom-stack"]
    play = tool.play
    now = {"document": document(tool, made(tool, "Now")), "current": 0}
    older = {"document": json.loads(SAVED_V1.read_text(encoding="utf-8")), "current": 1}
    assert older["document"]["version"] < now["document"]["version"]
    play.seed(page, now)
    seed_steps(page, play.system, older)  # the one state an older build kept for its one Undo
    play.open(page, f"{site_url}{tool.address}")
    expect_steps(page, undo=True, redo=False)
    button(page, "Undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator(play.status)).to_have_text("Undone: The last change.")
    checked = play.engine("play_check", document=older["document"])["document"]
    assert checked["version"] == now["document"]["version"]
    assert play.stored(page) == {"document": checked, "current": 1}
    # Nothing left to undo: the focus is on Redo (the keyboard goes on), and back again.
    expect_steps(page, undo=False, redo=True)
    expect(button(page, "Redo")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(play.status)).to_have_text("Redone: The last change.")
    assert play.stored(page) == now
    expect(button(page, "Undo")).to_be_focused()


def test_a_step_the_engine_refuses_is_dropped_and_nothing_changes(page, site_url: str) -> None:
    tool = TOOLS["doom-stack"]
    play = tool.play
    now = {"document": document(tool, made(tool, "Now")), "current": 0}
    future = {"document": {**now["document"], "version": 7}, "current": 0}
    good = {"document": document(tool, made(tool, "Before")), "current": 0}
    play.seed(page, now)
    seed_steps(
        page,
        play.system,
        {
            "format": "srd-play-steps",
            "version": 1,
            "redo": [],
            "undo": [{"state": good, "what": "Before."}, {"state": future, "what": "Later."}],
        },
    )
    play.open(page, f"{site_url}{tool.address}")
    button(page, "Undo").click()
    expect(page.locator(play.status)).to_have_text(
        re.compile(r"^Undo: that step could not be read \(.+\); it is dropped\. Nothing was changed\.$")
    )
    expect(page.locator(play.status)).to_have_class(re.compile(r"srd-play__status--error"))
    assert play.stored(page) == now
    # The step under it is still there, and goes back as it was.
    step(tool, page, "Undo", "Before.", 1)
    assert play.stored(page) == good
    expect_steps(page, undo=False, redo=True)


def test_undo_goes_back_at_most_so_many_changes(page, site_url: str) -> None:
    tool = TOOLS["doom-stack"]
    play = tool.play
    play.open(page, f"{site_url}{tool.address}")
    steps = int(re.search(r"^export const MAX_STEPS = (\d+);$", KIT.read_text(encoding="utf-8"), re.M).group(1))
    assert steps == 30
    for count in range(1, steps + 2):
        add_new(tool, page, count)
    # The oldest change (the first New) is gone: Undo stops with one entry left.
    undone = 0
    while button(page, "Undo").is_enabled():
        button(page, "Undo").click()
        undone += 1
        expect(page.locator(f"{play.root}-pick option")).to_have_count(steps + 1 - undone)
    assert undone == steps
    assert len(play.entries(page)) == 1


ROLLED = {"what": "Rolled Agility 3.", "dice": "6 6 3", "result": "best stack 12", "chance": "65.78 % (1579/2400)"}
EDITED = {"what": "Saved Vera Kask."}


def log_lines(tool: Tool, page: Page) -> list[str]:
    """The log under the sheet, as a reader reads it: one text per item, newest first."""
    items = page.locator(f"{tool.play.root} .srd-play__log li")
    return [" | ".join(part.strip() for part in item.split("\n") if part.strip()) for item in items.all_inner_texts()]


@EVERY_TOOL
def test_the_log_is_drawn_newest_first_and_travels_with_its_entry(
    page, site_url: str, tool: Tool, tmp_path: Path
) -> None:
    play = tool.play
    vera = {**made(tool, "Vera Kask"), "log": [ROLLED, EDITED]}
    saved = {"document": document(tool, made(tool, "Other"), vera), "current": 1}
    play.seed(page, saved)
    play.open(page, f"{site_url}{tool.address}")
    log = page.locator(f"{play.root} .srd-play__log")
    expect(log.get_by_role("heading", name="Log")).to_be_visible()
    assert log_lines(tool, page) == [
        "Rolled Agility 3. | Dice: 6 6 3 | Result: best stack 12 | Chance: 65.78 % (1579/2400)",
        "Saved Vera Kask.",
    ]
    # An entry with no log says where its log will be.
    page.locator(f"{play.root}-pick").select_option("0")
    expect(log).to_contain_text(f"Nothing yet: this {tool.noun}'s rolls and changes are listed here, the newest first.")
    # The file and the link carry it.
    exported = play.export_file(page, tmp_path)
    assert json.loads(exported.read_text(encoding="utf-8"))["entries"][1]["log"] == [ROLLED, EDITED]
    link = play.engine("play_link", document=document(tool, {**vera, "name": "Linked"}))["link"]
    open_link(tool, page, site_url, link)
    expect(page.locator(play.status)).to_have_text("Opened from the link: Linked.")
    assert play.shown(page)["log"] == [ROLLED, EDITED]
    assert log_lines(tool, page)[1] == "Saved Vera Kask."


def test_a_change_past_the_length_drops_the_oldest_log_items_first(page, site_url: str) -> None:
    tool = TOOLS["doom-stack"]
    play = tool.play
    limits = play.engine("play_limits")["limits"]
    most, longest = limits["max_log"], limits["max_log_text"]
    full = [
        {
            "what": f"{i:03d}".ljust(longest, "w"),
            "dice": "d" * longest,
            "result": "r" * longest,
            "chance": "c" * longest,
        }
        for i in range(most)
    ]
    entries = [{**made(tool, f"Full {i}"), "log": list(full)} for i in range(8)]

    def spare() -> int:
        doc = document(tool, *entries, made(tool, "Vex"))
        return limits["max_document_chars"] - len(json.dumps(doc, separators=(",", ":"), ensure_ascii=False))

    # The last full entry's log cut, then padded by an item, until the document is a few
    # characters under the limit (fewer than a log item of the change takes).
    while spare() < 0:
        entries[-1]["log"].pop()
    pad = {"what": "p"}
    entries[-1]["log"].append(pad)
    for part in ("what", "dice", "result", "chance"):
        if part not in pad and spare() > 40:
            pad[part] = ""
        if part in pad:
            pad[part] += "p" * max(0, min(longest - len(pad[part]), spare() - 10))
    assert 0 < spare() <= 30, spare()
    doc = document(tool, *entries, made(tool, "Vex"))
    play.seed(page, {"document": doc, "current": 8})
    play.open(page, f"{site_url}{tool.address}")
    expect(page.locator(play.status)).to_have_text("")
    # Renamed (a change a log item longer than what is spare): saved, the oldest item of a full log gone.
    play.edit(page, page.get_by_label("Name", exact=True), "Vex the Renamed", "c.name === 'Vex the Renamed'")
    saved = play.entries(page)
    assert saved[-1]["log"] == [{"what": "Saved Vex the Renamed."}]
    assert saved[0]["log"] == full[:-1]
    assert [entry["log"] for entry in saved[1:-1]] == [entry["log"] for entry in entries[1:]]
    assert (
        len(json.dumps(play.stored(page)["document"], separators=(",", ":"), ensure_ascii=False))
        <= limits["max_document_chars"]
    )


@EVERY_TOOL
def test_a_saved_copy_the_engine_refuses_is_kept_aside_and_said_in_words(page, site_url: str, tool: Tool) -> None:
    play = tool.play
    broken = {
        "document": document(tool, made(tool, "Other"), {**made(tool, "Vera Kask"), "log": [{"what": " "}]}),
        "current": 1,
    }
    play.seed(page, broken)
    play.open(page, f"{site_url}{tool.address}")
    expect(page.locator(play.status)).to_have_text(
        f"Your saved {tool.nouns} could not be read ({tool.noun} 2, log item 1, what happened: must not be empty); "
        "they are kept aside on this device."
    )
    kept = page.evaluate("(key) => localStorage.getItem(key)", f"srd-play-unreadable:{play.system}")
    assert json.loads(kept) == broken
    expect(page.locator(f"{play.root}-pick option")).to_have_count(0)


@EVERY_TOOL
def test_without_javascript_the_frame_says_the_tool_needs_it(nojs_page, site_url: str, tool: Tool) -> None:
    page = nojs_page
    page.goto(f"{site_url}{tool.address}")
    note = page.locator(".srd-widget__noscript")
    expect(note).to_have_count(1)
    expect(note).to_be_visible()
    expect(note).to_have_text("The play tools need JavaScript. The rules chapter reads without it.")
    expect(page.locator(tool.play.root)).to_have_attribute("data-view", f"{tool.play.system}-play")
