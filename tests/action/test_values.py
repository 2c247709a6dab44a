"""The value table as data, checked against the source, and its lookups both ways."""

from pathlib import Path

import pytest
from refusals import refusal

from rules_engine.action.roll.rules import VALUE_TABLE, measure_amount, value_for
from rules_engine.action.roll.values import convert
from rules_engine.core.errors import RulesError

_UP = Path(__file__).resolve().parents
#: The source beside the checkout (absent inside Pyodide, where only tests/ is mounted).
SOURCE = (_UP[3] / "shared" / "seeds" / "001_cd835157f8b5c68b.txt") if len(_UP) > 3 else Path("/nonexistent")


def test_the_table_is_the_sources():
    if not SOURCE.is_file():
        pytest.skip("the source text is not beside this checkout")
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    start = lines.index("Effect Value | Range | Time | Weight |") + 1
    printed = [[cell.strip() for cell in line.split("|")[:4]] for line in lines[start : start + 21]]
    assert printed == [[str(r.value), r.range, r.time, r.weight] for r in VALUE_TABLE]


@pytest.mark.parametrize("kind", ["range", "time", "weight"])
def test_each_column_rises(kind):
    amounts = [measure_amount(getattr(row, kind))[1] for row in VALUE_TABLE]
    assert all(a < b for a, b in zip(amounts, amounts[1:]))
    for row in VALUE_TABLE:  # every entry is its own value
        assert value_for(kind, measure_amount(getattr(row, kind))[1]) == row.value


@pytest.mark.parametrize(
    "text,kind,value",
    [
        ("250 m", "range", 7),
        ("3 weeks", "time", 13),
        ("40 kg", "weight", 8),
        ("39.9 kg", "weight", 7),
        ("1,5 hours", "time", 8),
        ("89 minutes", "time", 7),
        ("10 tons", "weight", 20),
        ("2 Sequences", "time", 2),
        ("1 KM", "range", 9),
        ("500 g", "weight", 0),
        ("10 years", "time", 18),
        ("5 months", "time", 15),
        ("12 metres", "range", 5),
        ("1e", None, None),
    ],
)
def test_measures_to_values(text, kind, value):
    if kind is None:
        refusal(convert, text)
    else:
        result = convert(text)
        assert (result.kind, result.value) == (kind, value)


def test_values_to_measures():
    result = convert(" 13 ")
    assert result.kind is None and (result.row.range, result.row.time, result.row.weight) == (
        "100 km",
        "2 weeks",
        "400 kg",
    )


def test_past_the_top_is_twenty():
    result = convert("1000000 km")
    assert result.value == 20 and result.beyond and "the table ends at 20" in result.lines()[0]


@pytest.mark.parametrize(
    "text,position",
    [("", 0), ("km", 0), ("-3 m", 0), ("21", 0), ("3 parsec", 2), ("3 m 4", 4), ("9" * 40 + " m", 0), ("x" * 201, 200)],
)
def test_bad_measures_point_at_the_problem(text, position):
    with pytest.raises(RulesError) as info:
        convert(text)
    assert info.value.position == position
