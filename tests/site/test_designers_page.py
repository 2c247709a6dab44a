"""The designers' page as built: both charts carry a line, a marker shape and a legend entry
for every system, their values tables equal the engine's chances, and the page is in the
navigation and the search index. (Its exact tables are checked cell by cell with every
other engine table in test_built_tables.py.)"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from rules_engine.core.designer import designer_tables
from rules_engine.core.exact import percent
from rules_engine.systems import all_systems

SYSTEMS = [(s, s.designer()) for s in all_systems() if s.designer]


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html)).strip()


def read_figure(html: str) -> dict:
    """A ``figure.srd-figure``: its lines, marker count per line, legend entries and the
    on-screen values table (headers, rows), as text."""
    markers: dict[int, int] = {}
    for index in re.findall(r'class="srd-chart__marker srd-chart__marker--(\d+)"', html.split("</svg>", 1)[0]):
        markers[int(index)] = markers.get(int(index), 0) + 1
    table = re.search(r"<table.*?</table>", html, re.S).group(0)  # the screen table (print parts come after)
    rows = [
        [_text(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)]
        for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S)
    ]
    return {
        "lines": re.findall(r"<polyline ", html),
        "markers": markers,
        "legend": [_text(li) for li in re.findall(r"<li>(.*?)</li>", html, re.S)],
        "headers": rows[0],
        "rows": rows[1:],
    }


@pytest.fixture(scope="module")
def page_html(built_site_dir: Path) -> str:
    return (built_site_dir / "designers" / "index.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def figures(page_html: str) -> list[dict]:
    return [read_figure(html) for html in re.findall(r'<figure class="srd-figure">.*?</figure>', page_html, re.S)]


def test_the_page_has_two_charts_with_every_system(figures):
    assert len(figures) == 2
    for figure in figures:
        assert len(figure["lines"]) == len(SYSTEMS)
        assert len(figure["legend"]) == len(SYSTEMS)
        assert sorted(figure["markers"]) == list(range(len(SYSTEMS))), "every line has its marker shape"
        for (system, _), entry in zip(SYSTEMS, figure["legend"]):
            assert entry.startswith(system.title)


def test_the_difficulty_chart_values_are_the_engine_chances(figures):
    figure = figures[0]
    assert figure["headers"][1:] == figure["legend"]
    for (system, view), column in zip(SYSTEMS, range(1, len(SYSTEMS) + 1)):
        shown = [row[column] for row in figure["rows"]]
        expected = [percent(step.p_success) for step in view.steps]
        assert shown[: len(expected)] == expected, system.key
        assert all(cell == "—" for cell in shown[len(expected) :]), f"{system.key}: no rung past its ladder"
        assert figure["markers"][column - 1] == len(view.steps)


def test_the_spread_chart_values_are_the_engine_chances(figures):
    figure = figures[1]
    margins = [int(row[0]) for row in figure["rows"]]
    for (system, view), column in zip(SYSTEMS, range(1, len(SYSTEMS) + 1)):
        chances = {o.margin: o.p for o in view.outcomes}
        for margin, row in zip(margins, figure["rows"]):
            assert row[column] == percent(chances.get(margin, 0)), f"{system.key} margin {margin}"


def test_every_designer_table_is_on_the_page(page_html):
    keys = set(re.findall(r'data-engine-table="([^"]+)"', page_html))
    assert keys == {t.key for t in designer_tables(all_systems())}


def test_the_page_is_in_the_navigation_and_the_search_index(built_site_dir: Path):
    home = (built_site_dir / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="designers/"', home)
    index = json.loads((built_site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    assert any(loc.startswith("designers/") for loc in locations)
    text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("designers/"))
    for system, view in SYSTEMS:
        assert system.title.replace("&", "&amp;") in text or system.title in text
        assert view.roll in text
