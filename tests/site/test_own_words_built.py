"""Own words on the built site (issue 17): the text a reader sees on each page, engine
strings and macro output included, shares no run of eight words with a source's prose.
Tables, code and notations are left out, as in ``tests/test_own_words.py``."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from pathlib import Path

import pytest
from own_words import CREDITED_QUOTATIONS, SEEDS, copied_in, quoted, source_runs

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts are not on this machine")

SKIPPED = {"table", "pre", "code", "script", "style", "svg", "template", "nav", "header", "footer"}


class ArticleText(HTMLParser):
    """The text of a page's article, in blocks, without tables, code or scripts."""

    BLOCKS = {
        "p",
        "li",
        "div",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "td",
        "th",
        "dd",
        "dt",
        "summary",
        "figcaption",
        "caption",
        "br",
        "section",
        "details",
        "blockquote",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self._text: list[str] = []
        self._in_article = 0
        self._skip = 0

    def _end_block(self) -> None:
        if "".join(self._text).strip():
            self.blocks.append(" ".join("".join(self._text).split()))
        self._text = []

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self._in_article += 1
        elif tag in SKIPPED and self._in_article:
            self._skip += 1
        if tag in self.BLOCKS:
            self._end_block()

    def handle_endtag(self, tag):
        if tag == "article" and self._in_article:
            self._end_block()
            self._in_article -= 1
        elif tag in SKIPPED and self._skip and self._in_article:
            self._skip -= 1
        if tag in self.BLOCKS:
            self._end_block()

    def handle_data(self, data):
        if self._in_article and not self._skip:
            self._text.append(data)


def article_blocks(page: Path) -> list[str]:
    parser = ArticleText()
    parser.feed(page.read_text(encoding="utf-8"))
    parser.close()
    return parser.blocks


def test_no_built_page_shares_eight_words_with_a_source(built_site_dir: Path) -> None:
    sources = source_runs()
    quotations = [quoted(q) for qs in CREDITED_QUOTATIONS.values() for q in qs]
    found = []
    pages = sorted(built_site_dir.rglob("index.html"))
    assert len(pages) >= 12
    for page in pages:
        text = "\n".join(article_blocks(page))
        for quotation in quotations:
            text = quotation.sub(" ", html.unescape(text))
        found += copied_in(page.relative_to(built_site_dir).as_posix(), text.split("\n"), sources)
    assert not found, "rewrite these passages in the SRD's own words:\n" + "\n".join(map(str, found))
