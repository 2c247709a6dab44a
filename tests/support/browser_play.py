"""The steps every play tool's short scene takes the same way (``tests/<system>/test_browser_play.py``):
``ScenePlayTool`` (a ``play_browser.PlayTool``) opens the tool with nothing saved, exports the saved
document and refuses a broken copy of it (``broken_copy``), imports the export again keeping both,
and shares the link with a second reader; ``printed_text`` prints the tool, and
``expect_refused_then_fixed`` checks a form's field refused and fixed. What the scene is, and what
the tool must say, stay in each test."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from browser_kit import use_theme
from play_browser import NO_NATIVE_SHARE, PlayTool
from playwright.sync_api import Locator, Page, expect


class ScenePlayTool(PlayTool):
    """A system's play tool (``play_browser.PlayTool``) with the steps every system's short
    scene takes the same way."""

    def address(self, site_url: str) -> str:
        """The tool's page: ``/<system>/play/``."""
        return f"{site_url}{self.system}/play/"

    def open_with_nothing_saved(self, page: Page, site_url: str, empty: str) -> None:
        """Open the tool on a device with nothing saved (the page's Share falling back to the
        clipboard); the tool says so in ``empty``'s words."""
        page.add_init_script(NO_NATIVE_SHARE)
        self.open(page, self.address(site_url))
        expect(page.locator(f"{self.root} .srd-play__empty")).to_contain_text(empty)

    def open_in_theme(self, page: Page, site_url: str, theme: str) -> None:
        """Pick ``theme`` with Material's palette toggle, then open the tool."""
        use_theme(page, site_url, theme)
        self.open(page, self.address(site_url))

    def export_named(self, page: Page, folder: Path, name: str) -> Path:
        """Press Export file: the file is the saved document, named ``name``."""
        exported = self.export_file(page, folder)
        assert exported.name == name
        return exported

    def expect_refused(self, page: Page, file: Path, says: str | tuple[str, ...]) -> None:
        """Import ``file``: it is refused and nothing saved changes. The status line says ``says``
        (a text: the whole line; a tuple: each part somewhere in it)."""
        saved_before = self.saved_text(page)
        page.set_input_files(f"{self.root} input[type=file]", str(file))
        status = page.locator(self.status)
        if isinstance(says, str):
            expect(status).to_have_text(says)
        else:
            for part in says:
                expect(status).to_contain_text(part)
        assert self.saved_text(page) == saved_before

    def import_keeping_both(self, page: Page, exported: Path, names: str) -> None:
        """Import the exported file again: the tool asks first (its names are saved here), Keep both
        adds its entries beside those saved, and the status line names them (``names``)."""
        page.set_input_files(f"{self.root} input[type=file]", str(exported))
        self.keep_both(page)
        expect(page.locator(self.status)).to_have_text(f"Imported from {exported.name}: {names}.")

    def share_with_a_friend(self, page: Page, friend_page: Page, site_url: str, names: str, check: Callable[[], None]):
        """Share as a link; a fresh browser opening it names what it opened (``names``), saves the
        same document (its format version too) and passes ``check``; the link's state is then
        saved, not left in the address."""
        link = self.copy_link(page, site_url, self.address(site_url))
        self.open(friend_page, link)
        expect(friend_page.locator(self.status)).to_have_text(f"Opened from the link: {names}.")
        assert self.stored(friend_page)["document"] == self.stored(page)["document"]
        check()
        assert "#play=" not in friend_page.url


def add_named_row(tool: PlayTool, page: Page, button: str, label: str, name: str, check: str) -> None:
    """Add a row to a list of the sheet (``button``); its name field, labelled ``label``, has
    the focus: type ``name`` and leave it; the engine saves the row (``check``)."""
    page.get_by_role("button", name=button).click()
    field = page.get_by_label(label, exact=True).last
    expect(field).to_be_focused()
    field.fill(name)
    field.press("Tab")
    tool.wait_saved(page, check)


def broken_copy(exported: Path, path: tuple[str | int, ...], value: object) -> Path:
    """``broken.json`` beside the exported file: the same document with the value at ``path``
    (keys and indexes into the JSON) replaced by ``value``."""
    document = json.loads(exported.read_text(encoding="utf-8"))
    *parents, last = path
    part = document
    for key in parents:
        part = part[key]
    part[last] = value
    broken = exported.parent / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    return broken


def printed_text(page: Page, most_pages: int = 1) -> str:
    """Print the tool (print media, on A4): it fills ``most_pages`` pages at the most; the text
    of the first page."""
    from pypdf import PdfReader

    page.emulate_media(media="print")
    pages = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
    assert 1 <= len(pages) <= most_pages, len(pages)
    return pages[0].extract_text()


def expect_refused_at_the_field(tool: PlayTool, page: Page, field: Locator, bad: str, message: str) -> Locator:
    """A sheet's field left with ``bad``: the tool's error line says ``message``, the field is
    marked invalid and described by that line. Returns the error line."""
    field.fill(bad)
    field.press("Tab")
    error = page.locator(f"{tool.root} .srd-play__field-error")
    expect(error).to_have_text(message)
    expect(field).to_have_attribute("aria-invalid", "true")
    assert error.get_attribute("id") in (field.get_attribute("aria-describedby") or "").split()
    return error


def expect_refused_then_fixed(field: Locator, error: Locator, bad: str, message: str, good: str) -> None:
    """A form's field left with ``bad``: the error at it says ``message`` and the field is marked
    invalid; answered again with ``good``, the error and the mark go."""
    field.fill(bad)
    field.press("Tab")
    expect(error).to_have_text(message)
    expect(field).to_have_attribute("aria-invalid", "true")
    field.fill(good)
    field.press("Tab")
    expect(error).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
