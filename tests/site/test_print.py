"""Every page printed to A4 (headless Chromium's own PDF, the print stylesheet
``docs/assets/css/print.css``): every column header of every table is in the PDF's text, no
printed table is wider than the paper, the site's chrome is left off, and a widget prints as
what it shows (its odds, its last roll with the permalink written out), never as a form."""

from __future__ import annotations

import io
import re

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from browser_kit import ENGINE_LOAD_MS
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
        page.goto(site_url + path)
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
    hidden = laid_out_for_print(page, """() => ['.md-header', '.md-sidebar--primary', '.md-search',
        '.md-footer', '#ds-roller form', '#ds-roller .srd-widget__statusbar']
        .map(s => [s, getComputedStyle(document.querySelector(s)).display])""")
    assert all(display == "none" for _, display in hidden), hidden
    text = pdf_text(page)
    assert "Permalink" not in text  # nothing rolled yet
    assert "Doom Stack" in text


def test_a_rolled_widget_prints_its_result_and_the_permalink_written_out(page, site_url):
    page.goto(site_url + "doom-stack/")
    root = page.locator("#ds-roller")
    expect(root).to_have_attribute("data-state", "ready", timeout=ENGINE_LOAD_MS)
    page.fill("#ds-seed", "7")
    root.locator("button[type=submit]").click()
    link = root.locator("a.srd-roll__permalink")
    expect(link).to_be_visible(timeout=ENGINE_LOAD_MS)
    href = link.get_attribute("href")
    assert href.startswith(site_url) and "seed=7" in href
    text = squash(pdf_text(page))
    assert squash(href) in text, f"the permalink {href} is not written out on paper"
    # The form is not printed: no field labels, no Roll button.
    form = laid_out_for_print(page, "() => getComputedStyle(document.querySelector('#ds-roller form')).display")
    assert form == "none"
