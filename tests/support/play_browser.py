"""What every play tool's browser test does the same way (tests/<system>/test_browser_play.py):
open the tool once the engine is ready, read what the frame saved on the device, wait for an
edit to be saved, ask the engine for the expected values, copy the share link (a second reader opens
it in the ``friend_page`` fixture's page), and the phone checks (44 px targets, axe). The tool is named by its system,
its root element and the name its saved-state checks give the entry shown (``c``, ``s``).

Each test module makes one ``PlayTool`` and keeps its own scene: the helpers hold no rule and
no expected number (those come from the engine, ``rules_engine.web.call``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from browser_kit import ENGINE_LOAD_MS
from playwright.sync_api import Locator, Page, expect

from rules_engine.web import call

AXE = Path(__file__).resolve().parents[2] / "site_build" / "node_modules" / "axe-core" / "axe.min.js"
# The page's Share falls back to the clipboard (headless Chromium may offer navigator.share).
NO_NATIVE_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
# How long a test waits for the site's service worker to control the page.
CONTROL_MS = 120_000
# These tests are about the play tools, not the engine's loading (tests/site/test_widget_resilience.py):
# on a machine busy enough that compiling Pyodide sends no sign of life for the engine's 40 s
# stall limit, the engine is given until ENGINE_LOAD_MS (the documented test hook).
PATIENT = f"window.srdTimeouts = {{stall: {ENGINE_LOAD_MS}}}"

# Whether the entry shown, as saved on the device, passes a check written in JavaScript on `name`.
_SAVED = """([key, name, check]) => {
    const saved = JSON.parse(localStorage.getItem(key) || 'null');
    const entry = saved && saved.document.entries[saved.current];
    return Boolean(entry) && new Function(name, 'return ' + check)(entry);
}"""

# The visible buttons, drop-downs and text boxes under a root shorter than a 44 px target.
_SMALL = """(root) => [...document.querySelectorAll(`${root} button, ${root} select, ${root} input[type=text]`)]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.textContent || e.id || e.getAttribute('aria-label'), e.getBoundingClientRect().height])
    .filter(([, h]) => h < 44)"""

_AXE_RUN = """async (root) => (await axe.run(document.querySelector(root), {resultTypes: ['violations']}))
    .violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))"""


def first_sentence(words: str) -> str:
    """What Undo and Redo say a step was: the first sentence of the words its change said."""
    return re.split(r"(?<=[.!?])\s+", words.strip())[0]


class PlayTool:
    """One system's play tool on the page: ``PlayTool("doom-stack", "#dsp", entry="c")``."""

    def __init__(self, system: str, root: str, entry: str = "c") -> None:
        self.system = system
        self.root = root
        self.status = f"{root} .srd-play__status"
        self.store = f"srd-play:{system}"
        self.entry_name = entry

    def engine(self, action: str, **request: object) -> dict:
        """The engine's result for a bridge action of this system (it must succeed)."""
        reply = json.loads(call(json.dumps({"system": self.system, "action": action, **request})))
        assert reply["ok"], reply
        return reply["result"]

    def open(self, page: Page, address: str) -> None:
        """Go to the tool, the engine given its patient time-out, and wait until it is ready."""
        page.add_init_script(PATIENT)
        page.goto(address)
        self.ready(page)

    def ready(self, page: Page) -> None:
        """Wait until the tool is ready (after a load or a reload)."""
        expect(page.locator(self.root)).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)

    def reload_from_the_device(self, page: Page, check: Callable[[], None]) -> None:
        """Once the service worker holds the site, reload the tool online and then offline, each
        time ready and passing ``check`` (what was saved, shown again). The page is left offline:
        the caller checks what else must work offline, then goes online again."""
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=CONTROL_MS
        )
        for offline in (False, True):
            page.context.set_offline(offline)
            page.reload()
            self.ready(page)
            check()

    def export_file(self, page: Page, folder: Path) -> Path:
        """Press Export file and keep the download in ``folder``; the file is the saved document."""
        with page.expect_download() as download:
            page.get_by_role("button", name="Export file").click()
        exported = folder / download.value.suggested_filename
        download.value.save_as(exported)
        assert json.loads(exported.read_text(encoding="utf-8")) == self.stored(page)["document"]
        return exported

    def saved_text(self, page: Page) -> str | None:
        """What the frame saved on the device, as stored (to compare before and after)."""
        return page.evaluate("(key) => localStorage.getItem(key)", self.store)

    def stored(self, page: Page) -> dict | None:
        """The saved state, {document, current}, or None before anything is saved."""
        text = self.saved_text(page)
        return None if text is None else json.loads(text)

    def entries(self, page: Page) -> list[dict]:
        """Every saved entry."""
        return self.stored(page)["document"]["entries"]

    def shown(self, page: Page) -> dict:
        """The saved entry the tool shows."""
        state = self.stored(page)
        return state["document"]["entries"][state["current"]]

    def wait_saved(self, page: Page, check: str) -> None:
        """Until the entry shown, as saved on the device, passes ``check`` (JavaScript on the entry's name)."""
        page.wait_for_function(_SAVED, arg=[self.store, self.entry_name, check])

    def edit(self, page: Page, field: Locator, value: str, check: str) -> None:
        """Type into a field and leave it, as a reader does; wait for the engine's save and its word."""
        field.fill(value)
        field.press("Tab")
        self.wait_saved(page, check)
        expect(page.locator(self.status)).to_have_text(f"Saved {self.shown(page)['name']}.")

    def seed(self, page: Page, saved: dict) -> None:
        """Before the page loads, what an earlier visit saved on this device ({document, current})."""
        page.add_init_script(
            f"localStorage.getItem('{self.store}') === null && localStorage.setItem('{self.store}', "
            f"{json.dumps(json.dumps(saved))})"
        )

    def undo_last(self, page: Page) -> None:
        """Press Undo right after a change (its words in the status line): the status says it undid that change."""
        words = page.locator(self.status).text_content() or ""
        page.get_by_role("button", name="Undo", exact=True).click()
        expect(page.locator(self.status)).to_have_text(f"Undone: {first_sentence(words)}")

    def keep_both(self, page: Page) -> None:
        """Answer the frame's question about a name already saved here (a file or a link): Keep both."""
        question = page.locator(f"{self.root} .srd-play__choice")
        expect(question).to_be_focused()
        question.get_by_role("button", name="Keep both", exact=True).click()

    def copy_link(self, page: Page, site_url: str, address: str) -> str:
        """Press Share as a link (the clipboard allowed): the link it copied, for ``address``."""
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
        page.get_by_role("button", name="Share as a link").click()
        expect(page.locator(self.status)).to_have_text(
            "Link copied: whoever opens it sees these sheets and can save them."
        )
        link = page.evaluate("navigator.clipboard.readText()")
        assert link.startswith(f"{address}#play=")
        return link

    def small_targets(self, page: Page) -> list:
        """The visible controls under the tool shorter than 44 px: [words or id, height]."""
        return page.evaluate(_SMALL, self.root)

    def axe_violations(self, page: Page) -> list[str]:
        """axe-core's violations under the tool, one line each."""
        page.add_script_tag(path=str(AXE))
        return page.evaluate(_AXE_RUN, self.root)
