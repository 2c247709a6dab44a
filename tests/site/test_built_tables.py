"""Every engine table in the built HTML equals the engine's table, cell by cell."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

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
