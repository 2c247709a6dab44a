"""Every page at phone width (360x740) in Material's light and dark themes: nothing is wider
than the screen. Each system's own layout tests are in ``tests/<system>/test_browser_layout.py``."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from browser_fixtures import SCHEMES
from browser_kit import assert_no_sideways_scroll, use_theme


def built_pages(site_dir: Path) -> list[str]:
    """Every page of the built site, as a path under its address ("" for the home page)."""
    pages = sorted(p.parent.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html"))
    return ["" if p == "." else p + "/" for p in pages]


def test_no_page_is_wider_than_a_phone(phone_page, site_url, built_site_dir, theme, page_errors):
    page = phone_page
    use_theme(page, site_url, theme)
    pages = built_pages(built_site_dir)
    assert len(pages) >= 5 and "" in pages
    for path in pages:
        page.goto(site_url + path)
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[theme])
        expect(page.locator("h1").first).to_be_visible()
        assert_no_sideways_scroll(page, path or "home")
    assert page_errors == []
