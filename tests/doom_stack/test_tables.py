from fractions import Fraction

from rules_engine.core.exact import percent, round_half_up
from rules_engine.doom_stack.odds import best_stack_distribution, success_odds
from rules_engine.doom_stack.rules import DIFFICULTY_LADDER
from rules_engine.doom_stack.tables import TABLES, bleed_out_table, difficulty_table, errata, pool_odds_table

# The source's difficulty table, "% on 4d6" column, exactly as printed.
SOURCE_4D6 = {
    "Routine": (4, "99.3"),
    "Fair": (6, "90"),
    "Reasonable": (7, "63.8"),
    "Challenging": (8, "44.6"),
    "Complicated": (9, "33.64"),
    "Tough": (10, "28.4"),
    "Painstaking": (12, "16.9"),
    "Punishing": (14, "3.7"),
    "Miserable": (16, "2"),
    "Amazing": (18, "1.7"),
    "Inconceivable": (24, "0.08"),
}


def test_ladder_data_matches_the_source():
    assert {r.name: (r.tn, r.source_percent_4d6) for r in DIFFICULTY_LADDER} == SOURCE_4D6


def test_every_printed_value_is_right_at_its_precision_or_in_the_errata():
    listed = {e.where for e in errata()}
    for name, (tn, printed) in SOURCE_4D6.items():
        places = len(printed.split(".")[1]) if "." in printed else 0
        exact = success_odds(4, tn).success * 100
        where = f"Difficulty table, {name} {tn}+, % on 4d6"
        assert (round_half_up(exact, places) == Fraction(printed)) != (where in listed), name


def test_errata_say_why():
    entries = {e.where.split(", ")[1]: e for e in errata()}
    assert set(entries) == {"Routine 4+", "Challenging 8+", "Painstaking 12+", "Punishing 14+"}
    assert "AnyDice" in entries["Routine 4+"].reason and entries["Routine 4+"].exact == "100.00%"
    for name in ("Challenging 8+", "Painstaking 12+", "Punishing 14+"):
        assert entries[name].reason == "the source cut the value instead of rounding it"
    assert all(e.reason != "unexplained" for e in errata())


def test_difficulty_table_cells_carry_exact_values():
    table = difficulty_table()
    challenging = table.rows[3]
    assert challenging[0].text == "Challenging"
    assert challenging[2].value == Fraction(193, 432) and challenging[2].text == "44.68%"
    assert challenging[3].value == Fraction(143, 1296)


def test_every_percentage_cell_prints_its_exact_value():
    for build in TABLES.values():
        for row in build().rows:
            for cell in row:
                if isinstance(cell.value, Fraction) and cell.text.endswith("%"):
                    number = cell.text.lstrip("<>").rstrip("%")
                    places = len(number.split(".")[1]) if "." in number else 0
                    assert cell.text == percent(cell.value, places)


def test_pool_table_rows_are_the_engine_odds():
    table = pool_odds_table("success")
    assert len(table.rows) == 12 and len(table.headers) == 1 + len(DIFFICULTY_LADDER)
    for pool, row in enumerate(table.rows, start=1):
        dist = best_stack_distribution(pool)
        assert [c.value for c in row[1:]] == [dist.p_at_least(r.tn) for r in DIFFICULTY_LADDER]


def test_bleed_out_table_by_hand():
    table = bleed_out_table()
    row_three = table.rows[2]
    six_boxes = table.headers.index("6 boxes")
    assert row_three[six_boxes].value == Fraction(125, 216)
    assert table.rows[5][six_boxes].value == 1  # overflow 6 with 6 boxes is death outright
