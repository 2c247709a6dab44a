"""The Rulings index (docs/rulings.md) lists every Ruling box of the built site, and each of
its links lands on its box: the anchor right before the box's admonition."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from macros.rulings import anchor_rulings, ruling_boxes, site_rulings

DOCS = Path(__file__).resolve().parents[2] / "docs"

# A Ruling box as built: an admonition (or a collapsible one) titled "Ruling: …"/"Rulings: …".
BOX_TITLE = re.compile(r'<(?:p class="admonition-title"|summary)>(Rulings?:.*?)</(?:p|summary)>', re.S)
ANCHORED_BOX = re.compile(
    r'<div class="ruling-anchor" id="([^"]+)"></div>\s*'
    r'<(?:div|details) class="[^"]*"[^>]*>\s*'
    r'<(?:p class="admonition-title"|summary)>(Rulings?:.*?)</(?:p|summary)>',
    re.S,
)
ENTRY = re.compile(r'<div class="ruling-entry">\s*<p><strong>(.*?)</strong> · <a href="([^"]+)">(.*?)</a></p>', re.S)


def text(fragment: str) -> str:
    """An HTML fragment's text, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def built_boxes(site: Path) -> dict[str, dict[str, str]]:
    """Every built page's Ruling boxes: page address → {anchor id: box title}. Fails when a
    box has no anchor right before it."""
    found: dict[str, dict[str, str]] = {}
    for page in sorted(site.rglob("index.html")):
        address = page.parent.relative_to(site).as_posix() + "/" if page.parent != site else ""
        if address == "rulings/":
            continue
        source = page.read_text(encoding="utf-8")
        titles = [text(t) for t in BOX_TITLE.findall(source)]
        anchored = {anchor: text(title) for anchor, title in ANCHORED_BOX.findall(source)}
        assert sorted(anchored.values()) == sorted(titles), f"{address}: a Ruling box without its anchor"
        if anchored:
            found[address] = anchored
    return found


def test_every_box_is_on_the_index_and_each_link_lands_on_its_box(built_site_dir: Path) -> None:
    boxes = built_boxes(built_site_dir)
    index = (built_site_dir / "rulings" / "index.html").read_text(encoding="utf-8")
    listed: dict[str, dict[str, str]] = {}
    for rule, href, title in ENTRY.findall(index):
        target = urlsplit(urljoin("http://site/rulings/", html.unescape(href)))
        address = target.path.lstrip("/")
        assert target.fragment, f"{href}: no anchor"
        assert target.fragment not in listed.get(address, {}), f"{href} listed twice"
        listed.setdefault(address, {})[target.fragment] = text(title)
        assert text(rule), f"{href}: no rule named"
    assert listed == boxes
    assert sum(map(len, boxes.values())) >= 70  # the site had 78 when the index was made


def test_the_index_names_each_boxs_chapter_and_rule_and_gives_the_reading(built_site_dir: Path) -> None:
    index = (built_site_dir / "rulings" / "index.html").read_text(encoding="utf-8")
    doom = next(
        box for box in site_rulings(DOCS, []) if box.anchor == "ruling-the-modifier-cap-is-a-limit-on-the-total"
    )
    assert doom.chapter == "Doom Stack" and doom.rule == "Building the pool"
    assert '<h2 id="doom-stack">Doom Stack' in index
    entry = index[index.index('#ruling-the-modifier-cap-is-a-limit-on-the-total"') :]
    assert "modifiers of +4 become\n+2" in entry[:1500]


def test_box_parser_finds_boxes_titles_rules_and_numbers_repeated_titles() -> None:
    page = (
        '# Chapter\n\n## Rule one\n\n!!! info "Ruling: same"\n    Reading\n    more.\n\n'
        'Text.\n\n```md\n!!! info "Ruling: in code"\n```\n\n### Rule two\n\n'
        '!!! info "Rulings: same"\n    - a\n    - b\n\n!!! note "Not a ruling"\n    x\n'
    )
    boxes = ruling_boxes("p.md", page)
    assert [(b.chapter, b.rule, b.title, b.anchor, b.body) for b in boxes] == [
        ("Chapter", "Rule one", "Ruling: same", "ruling-same", "Reading\nmore."),
        ("Chapter", "Rule two", "Rulings: same", "ruling-same-2", "- a\n- b"),
    ]
    anchored = anchor_rulings("p.md", page)
    assert anchored.count('<div class="ruling-anchor" id="ruling-same"></div>\n\n!!! info "Ruling: same"') == 1
    assert anchored.count('<div class="ruling-anchor" id="ruling-same-2"></div>\n\n!!! info "Rulings: same"') == 1
    assert "in code" not in "".join(b.title for b in boxes)


def test_every_page_box_is_found_in_the_markdown() -> None:
    """The parser misses no box a page writes (any admonition titled Ruling/Rulings)."""
    for page in sorted(DOCS.rglob("*.md")):
        written = len(re.findall(r'^\s*(?:!!!|\?\?\?\+?) [^\n]*"Rulings?:', page.read_text(encoding="utf-8"), re.M))
        assert len(ruling_boxes(page.name, page.read_text(encoding="utf-8"))) == written, page.name
