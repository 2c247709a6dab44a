"""Every registered system's reference tables (``System.tables``), checked alike: each builds,
has rows as wide as its headers, and carries a key of its own that starts with the system's
key (the key names the table on the page and in its CSV). Each system's own tests check the
values (``tests/<system>/test_tables.py`` and the like)."""

from __future__ import annotations

import pytest

from rules_engine.core.system import System
from rules_engine.core.tables import Table
from rules_engine.systems import all_systems


@pytest.mark.parametrize("system", all_systems(), ids=lambda system: system.key)
def test_every_table_builds_with_unique_keys(system: System) -> None:
    tables = [build() for build in system.tables.values()]
    assert tables and all(isinstance(t, Table) and t.rows for t in tables)
    assert len({t.key for t in tables}) == len(tables)
    assert all(t.key.startswith(f"{system.key}-") for t in tables)
    assert all(len(row) == len(t.headers) for t in tables for row in t.rows)
