"""Every page printed to A4 (headless Chromium's own PDF, the print stylesheet
``docs/assets/css/print.css``): every column header of every table is in the PDF's text, no
printed table is wider than the paper, the site's chrome is left off, and a widget prints as
what it shows (its odds, its last roll with the permalink written out), never as a form."""

from __future__ import annotations

import io
import re

import pytest
from browser_kit import ENGINE_LOAD_MS, visit
from playwright.sync_api import Locator, Page, expect
from pypdf import PdfReader
from test_layout import built_pages

# A4 less print.css's 12 mm margins, in CSS pixels (96 per inch): 186 mm.
A4_CONTENT_PX = round(186 / 25.4 * 96)

# Column headers of every table on the page, as a reader sees them on screen (the full
# tables, not their print-only parts), with the table's caption to say which one failed.
TABLE_HEADERS = """() => [...document.querySelectorAll('.md-content table')]
    .filter(t => !t.closest('.srd-print-parts'))
    .map(t => ({
        table: (t.caption ? t.caption.textContent : t.rows[0].textContent).trim().slice(0, 60),
        headers: [...t.querySelectorAll('thead th')].map(th => [...th.childNodes]
            .filter(n => !(n.classList && n.classList.contains('srd-visually-hidden')))
            .map(n => n.textContent).join('').trim()).filter(Boolean),
    }))"""

# Tables laid out for print (emulated at the paper's width) that stick out of the page.
TOO_WIDE = """(width) => [...document.querySelectorAll('table')]
    .filter(t => t.getClientRects().length)
    .filter(t => t.getBoundingClientRect().right > width + 1)
    .map(t => (t.caption ? t.caption.textContent : t.rows[0].textContent).trim().slice(0, 60))"""


def squash(text: str) -> str:
    """Text without whitespace: PDF text extraction breaks lines and words where print wrapped."""
    return re.sub(r"\s+", "", text)


def pdf_text(page: Page) -> str:
    reader = PdfReader(io.BytesIO(page.pdf(format="A4")))
    return "".join(p.extract_text() for p in reader.pages)


def laid_out_for_print(page: Page, script: str, arg=None):
    """Run ``script`` with the page laid out as print.css lays it on A4."""
    viewport = page.viewport_size
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_CONTENT_PX, "height": 1000})
    try:
        return page.evaluate(script, arg)
    finally:
        page.emulate_media(media="null")
        page.set_viewport_size(viewport)


def test_every_page_prints_every_column_of_every_table(page, site_url, built_site_dir):
    pages = built_pages(built_site_dir)
    missing, too_wide = [], []
    for path in pages:
        visit(page, site_url, path)
        expect(page.locator("h1").first).to_be_visible()
        tables = page.evaluate(TABLE_HEADERS)
        text = squash(pdf_text(page))
        for table in tables:
            lost = [h for h in table["headers"] if squash(h) not in text]
            if lost:
                missing.append(f"/{path} {table['table']!r}: {lost}")
        too_wide += [f"/{path} {t!r}" for t in laid_out_for_print(page, TOO_WIDE, A4_CONTENT_PX)]
    assert not missing, "column headers missing from the printed PDF:\n" + "\n".join(missing)
    assert not too_wide, "tables wider than A4 in print:\n" + "\n".join(too_wide)


def test_print_leaves_off_navigation_search_and_the_widget_forms(page, site_url):
    page.goto(site_url + "doom-stack/")
    hidden = laid_out_for_print(
        page,
        """() => ['.md-header', '.md-sidebar--primary', '.md-search',
        '.md-footer', '#ds-roller form', '#ds-roller .srd-widget__statusbar']
        .map(s => [s, getComputedStyle(document.querySelector(s)).display])""",
    )
    assert all(display == "none" for _, display in hidden), hidden
    text = pdf_text(page)
    assert "Permalink" not in text  # nothing rolled yet
    assert "Doom Stack" in text


def rolled_doom_stack_roller(page: Page, site_url: str) -> Locator:
    """The Doom Stack page, its roller rolled with seed 7 (by its Roll button): the roller."""
    page.goto(site_url + "doom-stack/")
    root = page.locator("#ds-roller")
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#ds-seed", "7")
    root.locator("button[type=submit]").click()
    return root


def test_a_rolled_widget_prints_its_result_and_the_permalink_written_out(page, site_url):
    root = rolled_doom_stack_roller(page, site_url)
    link = root.locator("a.srd-roll__permalink")
    expect(link).to_be_visible(timeout=ENGINE_LOAD_MS)
    href = link.get_attribute("href")
    assert href.startswith(site_url) and "seed=7" in href
    text = squash(pdf_text(page))
    assert squash(href) in text, f"the permalink {href} is not written out on paper"
    # The form is not printed: no field labels, no Roll button.
    form = laid_out_for_print(page, "() => getComputedStyle(document.querySelector('#ds-roller form')).display")
    assert form == "none"


# --- printed from a phone or a desktop window (issue 19) ---------------------------------------
# print.css's margins in PDF points (12 mm).
MARGIN_PT = 12 / 25.4 * 72


def text_runs(pdf: bytes) -> list[tuple[int, float, float, float, float, str]]:
    """Every run of text in the PDF: (page, x, y, page width, page height, text)."""
    runs = []
    for number, sheet in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)

        def visit(text, cm, tm, _font, _size, number=number, width=width, height=height):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                runs.append((number, x, y, width, height, text.strip()))

        sheet.extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("width", [360, 1280], ids=["phone", "desktop"])
def test_printed_from_a_phone_or_a_desktop_every_column_is_on_the_paper(page, site_url, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "doom-stack/")
    # The table toolbars are wired (their buttons show on screen) before printing.
    expect(page.locator(".srd-table-tools button[data-table-action=csv]").first).to_be_visible()
    caption = "Chance to die while bleeding out"
    table = page.locator(".srd-table-wrap > table", has=page.locator("caption", has_text=caption))
    headers = [squash(h) for h in table.locator("thead th").all_inner_texts()]
    assert {"11boxes", "12boxes"} <= set(headers), headers
    pdf = page.pdf(format="A4")
    runs = text_runs(pdf)
    text = squash("".join(run[-1] for run in runs))
    for header in headers:
        assert header in text, f"{header!r} of {caption!r} is not on paper (printed at {width} px)"
    # Nothing starts beyond the paper's right margin (a column cut off at the edge).
    outside = [run for run in runs if not 0 <= run[1] < run[3] - MARGIN_PT + 1]
    assert not outside, outside[:5]
    # The toolbars are left off paper: nothing there to press.
    for words in ("Download CSV", "Copy as text"):
        assert squash(words) not in text, f"{words!r} printed at {width} px"


def test_the_doom_stack_chooser_prints_every_stack_and_no_control(page, site_url):
    root = rolled_doom_stack_roller(page, site_url)
    rows = root.locator(".srd-ds-stacks__row")
    expect(rows.first).to_be_visible(timeout=ENGINE_LOAD_MS)
    assert rows.count() >= 8
    stacks = [squash(row.locator("td").first.inner_text()) for row in rows.all()]
    taken = squash(root.locator(".srd-ds-stacks__row:has(input:checked) td").first.inner_text())
    pdf = page.pdf(format="A4")
    runs = text_runs(pdf)
    text = squash("".join(run[-1] for run in runs))
    missing = [stack for stack in stacks if stack not in text]
    assert not missing, f"{len(missing)} of {len(stacks)} stacks cut from the printed list: {missing}"
    assert taken + "(taken)" in text, "the stack taken is not marked in words on paper"
    assert squash("Keep the most for defence") not in text  # its buttons are not printed: no lone label
    # Laid out for print: no radio button, no box that scrolls (nothing clipped).
    clipped = laid_out_for_print(
        page,
        """() => [...document.querySelectorAll('#ds-roller *')]
        .filter(e => e.getClientRects().length && e.clientWidth > 1 && e.scrollHeight > e.clientHeight + 1
                     && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowY))
        .map(e => e.className)""",
    )
    assert not clipped, clipped
    radios = laid_out_for_print(
        page, "() => [...document.querySelectorAll('#ds-roller input')].filter(i => i.getClientRects().length).length"
    )
    assert radios == 0
    # The widget may cross a page: the first page is not left mostly blank before it (its odds
    # start there; a chart, kept whole, may go on to the next page).
    first_page = [run for run in runs if run[0] == 0]
    lowest = min(run[2] for run in first_page)
    assert lowest < first_page[0][4] * 0.5, f"page 1's text ends {lowest:.0f} pt from its foot"
