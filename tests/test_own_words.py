"""Own words (issue 17): no page and no engine string shares a run of eight words with a
source's prose. The checker is ``tests/support/own_words.py``; the built pages are checked in
``tests/site/test_own_words_built.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from own_words import (
    CREDITED_QUOTATIONS,
    DOCS,
    SEEDS,
    copied_in,
    copied_in_engine,
    copied_in_pages,
    page_prose,
    quoted,
    runs,
    source_runs,
)

pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts are not on this machine")


@pytest.fixture(scope="module")
def sources() -> dict[tuple[str, ...], str]:
    return source_runs()


def report(found: list) -> str:
    return "\n".join(map(str, found))


def test_no_page_shares_eight_words_with_a_source(sources) -> None:
    found = copied_in_pages(sources)
    assert not found, "rewrite these passages in the SRD's own words:\n" + report(found)


def test_no_engine_string_shares_eight_words_with_a_source(sources) -> None:
    found = copied_in_engine(sources)
    assert not found, "rewrite these engine strings in the SRD's own words:\n" + report(found)


def test_every_credited_quotation_stands_in_quotation_marks_on_its_page() -> None:
    for page, quotations in CREDITED_QUOTATIONS.items():
        text = (DOCS / page).read_text(encoding="utf-8")
        for quotation in quotations:
            assert quoted(quotation).search(text), f"{page}: {quotation!r} is not quoted there"


def test_every_source_is_read() -> None:
    assert len(list(SEEDS.glob("*.txt"))) == 5
    assert len(source_runs()) > 7000


# The checker itself, on made-up text.

FAKE_SOURCE = (
    "Title\nA | table | row | with | many | words | in | it | here |\n"
    "When you really, really want to get out of the way, lower your Shot Count by 1.\n"
    "Roll 3d 2d 1b 3b 2p 2p vs DC 3 1d 2b for the example.\n"
)


@pytest.fixture
def fake(tmp_path: Path) -> dict[tuple[str, ...], str]:
    (tmp_path / "000_fake.txt").write_text(FAKE_SOURCE, encoding="utf-8")
    return source_runs(tmp_path)


def test_a_copy_is_found_whatever_its_case_punctuation_and_spacing(fake) -> None:
    page = page_prose("Some text. WHEN you really -- really want to get\n  out of the Way!\n")
    [found] = copied_in("p.md", page, fake)
    assert found.run == "when you really really want to get out of the way"
    assert found.source == "000_fake.txt"


def test_seven_words_are_not_a_copy(fake) -> None:
    assert copied_in("p.md", page_prose("so really really want to get out of here"), fake) == []
    assert len(runs("one two three four five six seven")) == 0


def test_tables_notations_code_and_macros_are_not_prose(fake) -> None:
    page = (
        "| table row with many words in it here |\n\n"
        "Roll 3d 2d 1b 3b 2p 2p vs DC 3 1d 2b now.\n\n"
        "`when you really really want to get out of the way`\n\n"
        "{{ macro('when you really really want to get out of the way') }}\n\n"
        "```\nwhen you really really want to get out of the way\n```\n"
    )
    assert copied_in("p.md", page_prose(page), fake) == []
    assert copied_in("p.md", ["a table row with many words in it here"], fake) == []


def test_a_quotation_is_allowed_only_inside_quotation_marks(fake) -> None:
    allowed = ("When you really, really want to get out of the way",)
    quoting = 'The source says: "When you really, really want\n    to get out of the way" (credited).'
    assert copied_in("p.md", page_prose(quoting, allowed), fake) == []
    unquoted = "When you really, really want to get out of the way, dodge."
    assert len(copied_in("p.md", page_prose(unquoted, allowed), fake)) == 1
