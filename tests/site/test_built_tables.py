"""Every engine table in the built HTML equals the engine's table, cell by cell."""

from __future__ import annotations

import json
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rules_engine.core.designer import designer_tables
from rules_engine.core.tables import Table, errata_table
from rules_engine.systems import all_errata, all_systems


class TableReader(HTMLParser):
    """Collects every ``table[data-engine-table]``: key → (headers, body rows as text)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, tuple[list[str], list[list[str]]]] = {}
        self._key: str | None = None
        self._section = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table" and "data-engine-table" in attributes:
            self._key = attributes["data-engine-table"]
            self.tables[self._key] = ([], [])
        elif self._key is None:
            return
        elif tag in ("thead", "tbody"):
            self._section = tag
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if self._key is None:
            return
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            headers, rows = self.tables[self._key]
            (headers.extend(self._row) if self._section == "thead" else rows.append(self._row))
            self._row = None
        elif tag == "table":
            self._key = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def engine_tables() -> dict[str, Table]:
    tables = {t.key: t for system in all_systems() for t in (build() for build in system.tables.values())}
    tables["errata"] = errata_table(all_errata())
    tables.update((t.key, t) for t in designer_tables(all_systems()))  # the designers' page
    return tables


@pytest.fixture(scope="module")
def published(built_site_dir: Path) -> dict[str, tuple[list[str], list[list[str]]]]:
    found: dict[str, tuple[list[str], list[list[str]]]] = {}
    for page in built_site_dir.rglob("*.html"):
        reader = TableReader()
        reader.feed(page.read_text(encoding="utf-8"))
        found.update(reader.tables)
    return found


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

class ExportReader(HTMLParser):
    """Every screen table followed by its export toolbar (macros/render.py): the toolbar's file
    name → (caption, headers, body rows as text, the toolbar's attributes, its JSON link)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, tuple[str, list[str], list[list[str]], dict, str]] = {}
        self._last: tuple[str, list[str], list[list[str]]] | None = None
        self._in_table = False
        self._section = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._tools: tuple[str, dict] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table" and "srd-table" in (attributes.get("class") or "").split() \
                and "data-print-part" not in attributes:
            self._in_table = True
            self._last = ("", [], [])
        elif tag == "div" and "data-table-tools" in attributes:
            assert self._last is not None, "an export toolbar with no table before it"
            self._tools = (attributes["data-table-file"], attributes)
            self.tables[attributes["data-table-file"]] = (*self._last, attributes, "")
            self._last = None
        elif tag == "a" and self._tools is not None and attributes.get("data-table-action") == "json":
            key, found = self._tools
            self.tables[key] = (*self.tables[key][:4], attributes["href"])
        elif not self._in_table:
            return
        elif tag == "caption":
            self._caption = []
        elif tag in ("thead", "tbody"):
            self._section = tag
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "div" and self._tools is not None and not self._in_table:
            self._tools = None
        if not self._in_table or self._last is None:
            return
        if tag == "caption" and self._caption is not None:
            self._last = ("".join(self._caption).strip(), *self._last[1:])
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            _, headers, rows = self._last
            (headers.extend(self._row) if self._section == "thead" else rows.append(self._row))
            self._row = None
        elif tag == "table":
            self._in_table = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        elif self._caption is not None:
            self._caption.append(data)


@pytest.fixture(scope="module")
def exported(built_site_dir: Path) -> dict[str, tuple[Path, tuple]]:
    """Every table with an export toolbar, by file name: (its page file, what ExportReader read)."""
    found: dict[str, tuple[Path, tuple]] = {}
    for page in sorted(built_site_dir.rglob("*.html")):
        reader = ExportReader()
        reader.feed(page.read_text(encoding="utf-8"))
        for key, table in reader.tables.items():
            assert key not in found or found[key][1][:3] == table[:3], f"two tables named {key}: {found[key][0]}, {page}"
            found.setdefault(key, (page, table))
    return found


def published_json(page: Path, href: str) -> dict:
    path = page.parent / href
    assert path.is_file(), f"{href} (linked from {page}) was not published"
    return json.loads(path.read_text(encoding="utf-8"))


def exact(value) -> str | int:
    """An exact cell value as the JSON writes it."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@pytest.mark.parametrize("key", sorted(engine_tables()))
def test_published_json_equals_engine_table(exported, key):
    table = engine_tables()[key]
    assert key in exported, f"table {key} has no export toolbar"
    page, (_, _, _, _, href) = exported[key]
    data = published_json(page, href)
    assert data["key"] == key and data["caption"] == table.caption
    assert data["headers"] == list(table.headers)
    assert [[c["text"] for c in row] for row in data["rows"]] == table.text_rows()
    assert [[c.get("value") for c in row] for row in data["rows"]] == [
        [None if c.value is None else exact(c.value) for c in row] for row in table.rows]
    assert data["notes"] == list(table.notes)


def test_every_generated_table_has_an_export_toolbar_and_json_equal_to_its_html(exported, published):
    """Engine, errata and chart-values tables alike: the toolbar names the table by its caption,
    its buttons wait hidden for JavaScript, and the JSON beside the page holds the page's text."""
    assert set(published) <= set(exported)
    assert any(key.startswith("chart-") for key in exported), "no chart's values table has a toolbar"
    for key, (page, (caption, headers, rows, tools, href)) in exported.items():
        assert tools["data-table-name"] == caption and "data-search-exclude" in tools
        assert href == f"tables/{key}.json"
        data = published_json(page, href)
        assert data["caption"] == caption, key
        assert data["headers"] == headers, key
        assert [[c["text"] for c in row] for row in data["rows"]] == rows, key


def test_toolbar_buttons_are_hidden_until_javascript_and_labelled(built_site_dir):
    html = (built_site_dir / "doom-stack" / "index.html").read_text(encoding="utf-8")
    assert ('<button type="button" class="srd-table-tools__button" data-table-action="csv" '
            'aria-label="Download CSV: Chance of success by pool size" hidden>Download CSV</button>') in html
    assert ('aria-label="Copy as text: Chance of success by pool size" hidden>Copy as text</button>') in html


def test_tables_index_lists_every_json_file(built_site_dir, exported):
    index = json.loads((built_site_dir / "tables.json").read_text(encoding="utf-8"))["tables"]
    assert sorted(t["key"] for t in index) == sorted(exported)
    for entry in index:
        page, (caption, *_rest) = exported[entry["key"]]
        assert entry["caption"] == caption
        assert (built_site_dir / entry["json"]).is_file()
        assert (built_site_dir / entry["page"] / "index.html") == page
