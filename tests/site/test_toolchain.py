"""The site builds the same with ProperDocs, the maintained drop-in fork of MkDocs 1.6, as with
MkDocs: the fallback if Material's last fixes ever need a maintained MkDocs (issue 20).

Both generators build the pages from the same ``mkdocs.yml`` (``site_build.build.run_mkdocs``:
the pages, the tables' JSON, ``tables.json``, the search index, the sitemap, the theme's
assets). The steps after that (engine wheel, Pyodide, prerender, service worker, compression)
take the generator's output as their only input, so they are left out: identical input,
identical output. What may differ, and nothing else:

- each page's ``<meta name="generator">`` names the generator;
- ``sitemap.xml.gz`` is gzip, whose header holds the time it was written (its content, the
  sitemap, must be the same).
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from site_build.build import run_mkdocs

SITE_URL = "http://127.0.0.1:8000/"
GENERATOR_TAG = re.compile(rb'<meta name="generator" content="[^"]*">')


def tree(site: Path) -> dict[str, bytes]:
    """Every file of a built site by its path in the site."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    """The pages as MkDocs and as ProperDocs build them, each once."""
    pytest.importorskip("properdocs", reason="ProperDocs is in the test extra: pip install -e .[site,test]")
    built = {}
    for generator in ("mkdocs", "properdocs"):
        site = tmp_path_factory.mktemp(generator)
        run_mkdocs(site, SITE_URL, generator=generator)
        built[generator] = tree(site)
    return built


def test_properdocs_builds_every_file_mkdocs_builds(builds):
    assert sorted(builds["properdocs"]) == sorted(builds["mkdocs"])
    files = builds["mkdocs"]
    # The comparison covers what matters: pages, the tables' JSON, their list, the search index.
    assert "index.html" in files and "doom-stack/index.html" in files and "tables.json" in files
    assert "search/search_index.json" in files and any(f.endswith("/tables/doom-stack-difficulty.json") for f in files)


def test_every_page_is_the_same_but_for_its_generator_tag(builds):
    mkdocs, properdocs = builds["mkdocs"], builds["properdocs"]
    pages = [f for f in mkdocs if f.endswith(".html")]
    assert len(pages) >= 10
    for name in pages:
        ours, theirs = GENERATOR_TAG.findall(mkdocs[name]), GENERATOR_TAG.findall(properdocs[name])
        assert len(ours) == len(theirs) == 1, name
        assert b"mkdocs-1.6" in ours[0] and b"ProperDocs 1.6" in theirs[0], (ours, theirs)
        assert GENERATOR_TAG.sub(b"", mkdocs[name]) == GENERATOR_TAG.sub(b"", properdocs[name]), name


def test_every_other_file_is_byte_for_byte_the_same(builds):
    """JSON (tables, tables.json, the search index), the sitemap, scripts, styles, images."""
    mkdocs, properdocs = builds["mkdocs"], builds["properdocs"]
    others = [f for f in mkdocs if not f.endswith(".html") and f in properdocs]
    assert any(f.endswith(".json") for f in others)
    for name in others:
        if name.endswith(".gz"):
            assert gzip.decompress(mkdocs[name]) == gzip.decompress(properdocs[name]), name
        else:
            assert mkdocs[name] == properdocs[name], name
