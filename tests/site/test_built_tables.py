"""Every engine table in the built HTML equals the engine's table, cell by cell."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rules_engine.core.designer import designer_tables
from rules_engine.core.tables import Table, errata_table
from rules_engine.systems import all_errata, all_systems


@dataclass
class ShownTable:
    """A table as a page shows it on screen, and the export toolbar under it (if any)."""

    key: str | None  # data-engine-table
    caption: str = ""
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    tools: dict[str, str | None] | None = None  # the toolbar's attributes (macros/render.py)
    json_href: str = ""  # its JSON link


class ScreenTables(HTMLParser):
    """Every screen table of the generated kind (``table.srd-table``, not a print-only part):
    caption, header and body rows as text, and the toolbar that follows it."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[ShownTable] = []
        self._table: ShownTable | None = None  # being read
        self._section = ""
        self._row: list[str] | None = None
        self._text: list[str] | None = None  # a cell's or the caption's text
        self._in_tools = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if (
            tag == "table"
            and "srd-table" in (attributes.get("class") or "").split()
            and "data-print-part" not in attributes
        ):
            self._table = ShownTable(attributes.get("data-engine-table"))
            self.tables.append(self._table)
        elif tag == "div" and "data-table-tools" in attributes:
            assert self.tables and self.tables[-1].tools is None, "an export toolbar with no table of its own"
            self.tables[-1].tools = attributes
            self._in_tools = True
        elif tag == "a" and self._in_tools and attributes.get("data-table-action") == "json":
            self.tables[-1].json_href = attributes["href"]
        elif self._table is None:
            return
        elif tag in ("thead", "tbody"):
            self._section = tag
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th", "caption"):
            self._text = []

    def handle_endtag(self, tag):
        if tag == "div" and self._in_tools:
            self._in_tools = False
        if self._table is None:
            return
        if tag == "caption" and self._text is not None:
            self._table.caption = "".join(self._text).strip()
            self._text = None
        elif tag in ("td", "th") and self._text is not None and self._row is not None:
            self._row.append("".join(self._text).strip())
            self._text = None
        elif tag == "tr" and self._row is not None:
            (self._table.headers.extend(self._row) if self._section == "thead" else self._table.rows.append(self._row))
            self._row = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)


def shown_tables(site: Path) -> list[tuple[Path, ShownTable]]:
    """Every page's screen tables, with the page they are on."""
    found = []
    for page in sorted(site.rglob("*.html")):
        reader = ScreenTables()
        reader.feed(page.read_text(encoding="utf-8"))
        found.extend((page, table) for table in reader.tables)
    return found


@cache  # computed once: every parametrized test reads its own table from it
def engine_tables() -> dict[str, Table]:
    tables = {t.key: t for system in all_systems() for t in (build() for build in system.tables.values())}
    tables["errata"] = errata_table(all_errata())
    tables.update((t.key, t) for t in designer_tables(all_systems()))  # the designers' page
    return tables


@pytest.fixture(scope="module")
def published(built_site_dir: Path) -> dict[str, tuple[list[str], list[list[str]]]]:
    """Every engine table on the site: key → (headers, body rows as text)."""
    return {t.key: (t.headers, t.rows) for _, t in shown_tables(built_site_dir) if t.key is not None}


@pytest.mark.parametrize("key", sorted(engine_tables()))
def test_published_table_equals_engine_table(published, key):
    table = engine_tables()[key]
    assert key in published, f"table {key} is not on any page"
    headers, rows = published[key]
    assert headers == list(table.headers)
    assert rows == table.text_rows()


def test_no_unknown_engine_tables_on_the_site(published):
    assert set(published) == set(engine_tables())


# --- export: every generated table's toolbar, and its JSON beside the page -----------------


@pytest.fixture(scope="module")
def exported(built_site_dir: Path) -> dict[str, tuple[Path, ShownTable]]:
    """Every table with an export toolbar, by its file name: (its page, the table as shown)."""
    found: dict[str, tuple[Path, ShownTable]] = {}
    for page, table in shown_tables(built_site_dir):
        if table.tools is None:
            continue
        key = table.tools["data-table-file"]
        if key in found:  # one table on two pages must be the same table
            other = found[key][1]
            assert (other.caption, other.headers, other.rows) == (table.caption, table.headers, table.rows), key
        found.setdefault(key, (page, table))
    return found


def json_href(site: Path, page: Path, key: str) -> str:
    """Where a page links its table's JSON: from the site's root (the test site is served at
    the server's root), the page's folder, ``tables/<key>.json`` (macros/render.py)."""
    folder = page.parent.relative_to(site).as_posix()
    return "/" + ("" if folder == "." else folder + "/") + f"tables/{key}.json"


def published_json(site: Path, href: str) -> dict:
    assert href.startswith("/"), f"{href} is not an address from the site's root"
    path = site / href.lstrip("/")
    assert path.is_file(), f"{href} was not published"
    return json.loads(path.read_text(encoding="utf-8"))


def exact(value) -> str | int:
    """An exact cell value as the JSON writes it."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize("key", sorted(engine_tables()))
def test_published_json_equals_engine_table(built_site_dir, exported, key):
    table = engine_tables()[key]
    assert key in exported, f"table {key} has no export toolbar"
    page, shown = exported[key]
    data = published_json(built_site_dir, shown.json_href)
    assert data["key"] == key and data["caption"] == table.caption
    assert data["headers"] == list(table.headers)
    assert [[c["text"] for c in row] for row in data["rows"]] == table.text_rows()
    assert [[c.get("value") for c in row] for row in data["rows"]] == [
        [None if c.value is None else exact(c.value) for c in row] for row in table.rows
    ]
    assert data["notes"] == list(table.notes)


def test_every_generated_table_has_an_export_toolbar_and_json_equal_to_its_html(built_site_dir, exported, published):
    """Engine, errata and chart-values tables alike: the toolbar names the table by its caption,
    its buttons wait hidden for JavaScript, and the JSON beside the page holds the page's text."""
    assert set(published) <= set(exported)
    assert any(key.startswith("chart-") for key in exported), "no chart's values table has a toolbar"
    for key, (page, shown) in exported.items():
        assert shown.tools["data-table-name"] == shown.caption and "data-search-exclude" in shown.tools
        assert shown.json_href == json_href(built_site_dir, page, key)
        data = published_json(built_site_dir, shown.json_href)
        assert data["caption"] == shown.caption, key
        assert data["headers"] == shown.headers, key
        assert [[c["text"] for c in row] for row in data["rows"]] == shown.rows, key


def test_toolbar_buttons_are_hidden_until_javascript_and_labelled(built_site_dir):
    html = (built_site_dir / "doom-stack" / "index.html").read_text(encoding="utf-8")
    assert (
        '<button type="button" class="srd-table-tools__button" data-table-action="csv" '
        'aria-label="Download CSV: Chance of success by pool size" hidden>Download CSV</button>'
    ) in html
    assert ('aria-label="Copy as text: Chance of success by pool size" hidden>Copy as text</button>') in html


def test_tables_index_lists_every_json_file(built_site_dir, exported):
    index = json.loads((built_site_dir / "tables.json").read_text(encoding="utf-8"))["tables"]
    assert sorted(t["key"] for t in index) == sorted(exported)
    for entry in index:
        page, shown = exported[entry["key"]]
        assert entry["caption"] == shown.caption
        assert (built_site_dir / entry["json"]).is_file()
        assert (built_site_dir / entry["page"] / "index.html") == page
