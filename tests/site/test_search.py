"""The site search as a reader uses it: type into Material's search box, read the results.
Stemming ("exploding" finds the dice that explode), the other spelling (armor finds Armour,
marked by ``macros/search_words.py``) and table rows kept apart in the result snippets."""

from __future__ import annotations

import re

from browser_kit import wait_for_search_results
from playwright.sync_api import Page, expect

from macros.search_words import also_spelled, mark_other_spellings


def search(page: Page, site_url: str, query: str) -> list[dict]:
    """Type ``query`` into the search box; every result as its address, title and snippet."""
    page.goto(site_url)
    page.keyboard.press("/")  # Material's search shortcut
    box = page.locator("input.md-search__input")
    expect(box).to_be_focused()
    box.press_sequentially(query, delay=20)
    wait_for_search_results(page, query)  # the whole query's results, not a prefix's
    return page.evaluate("""() => [...document.querySelectorAll('.md-search-result__item a.md-search-result__link,'
        + ' .md-search-result__item details a')].map(a => ({
            href: a.pathname + a.hash,  // without Material's ?h= highlight
            title: (a.querySelector('h1, h2') || a).textContent.trim(),
            text: a.textContent.replace(/\\s+/g, ' ').trim(),
        }))""")


def test_exploding_finds_the_dice_that_explode(page, site_url):
    results = search(page, site_url, "exploding")
    hrefs = [r["href"] for r in results]
    assert any(h.endswith("dice-and-danger/#crits") for h in hrefs), hrefs


def test_armor_finds_doom_stacks_armour_section(page, site_url):
    results = search(page, site_url, "armor")
    hrefs = [r["href"] for r in results]
    assert any(h.endswith("doom-stack/#armour") for h in hrefs), hrefs
    # ... and the other way round: armour finds dice & danger's "Luck, Armor and Faith".
    hrefs = [r["href"] for r in search(page, site_url, "armour")]
    assert any(h.endswith("dice-and-danger/#luck-armor-and-faith") for h in hrefs), hrefs


def test_table_rows_do_not_run_together_in_snippets(page, site_url):
    results = search(page, site_url, "Flashy")
    snippets = [r["text"] for r in results if "doom-stack/" in r["href"]]
    assert snippets, results
    text = " ".join(snippets)
    # The performance names table: 2 Solid, 3 Flashy, 4+ Impressive, each cell a word of its own.
    assert "Solid 3 Flashy 4+ Impressive" in text, text
    assert "3Flashy" not in text and "Flashy4" not in text


def test_other_spellings_are_marked_under_the_heading_only_where_missing():
    assert also_spelled("Armour and armoured cars") == ["armor", "armored"]
    assert also_spelled("Armor or armour") == []
    marked = mark_other_spellings("# Title\n\n## Armour\n\nText.\n\n```\n## armour in code\n```\n")
    assert marked.count('<div class="srd-search-also" hidden>armor</div>') == 1
    assert marked.index("## Armour") < marked.index("armor</div>") < marked.index("Text.")


def test_the_home_pages_chapters_do_not_run_together_in_the_index(built_site_dir):
    """Each chapter's title and what it rolls are words of their own in the home page's text."""
    import json
    from html import escape

    from rules_engine.systems import all_systems

    docs = json.loads((built_site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    home = " ".join(d["text"] for d in docs if d["location"].split("#")[0] == "")
    for system in all_systems():
        assert re.search(
            re.escape(escape(system.title, quote=False)) + r"\s+" + re.escape(system.summary[:12]), home
        ), system.key
