from fractions import Fraction

from rules_engine.dice_and_danger.notation import parse
from rules_engine.dice_and_danger.odds import hits_distribution, mean_hits
from rules_engine.dice_and_danger.tables import (
    armour_table,
    attribute_odds_table,
    errata,
    health_save_odds,
    health_save_odds_table,
    health_save_query,
    hit_defense_table,
    hit_odds_table,
    luck_table,
    mean_hits_table,
    odds_remark_odds,
    tiers_table,
    weight_penalty_table,
)

from .worked import luck_odds


def test_printed_bands_are_the_first_rows():
    assert weight_penalty_table().text_rows()[:5] == [
        ["0–1", "+0p"],
        ["2–3", "+1p"],
        ["4–6", "+2p"],
        ["7–10", "+3p"],
        ["11–15", "+4p"],
    ]
    assert [row[1:3] for row in tiers_table().text_rows()[:6]] == [
        ["0–1", "Novice"],
        ["2–3", "Apprentice"],
        ["4–6", "Journeyman"],
        ["7–10", "Master"],
        ["11–15", "Grand Master"],
        ["16–21", "World Champion"],
    ]
    assert [row[:2] for row in luck_table().text_rows()] == [
        ["0–1", "4-1h"],
        ["2–3", "6"],
        ["4–6", "5"],
        ["7–10", "4"],
        ["11–15", "3"],
        ["16–21", "2"],
        ["22–28", "3+1h"],
        ["29–36", "2+1h"],
    ]


def test_luck_table_carries_the_exact_odds():
    values = [row[2].value for row in luck_table().rows]
    assert sum(values) == 1 and values[:2] == [0, 0]
    assert [v for v in values if v] == list(luck_odds().values())


def test_attribute_odds_table():
    rows = attribute_odds_table().rows
    assert [r[1].value for r in rows] == [Fraction(n, 216) for n in (91, 61, 37, 19, 7, 1)]


def test_hit_odds_and_means_are_exact():
    hit_odds, means = hit_odds_table(), mean_hits_table()
    assert hit_odds.headers == ("Pool", "DC 2", "DC 3", "DC 4", "DC 5", "DC 6")
    row = next(r for r in hit_odds.rows if r[0].text == "4d-1p")
    assert row[2].value == 1 - hits_distribution(parse("4d-1p vs DC 3")).p(0)
    # no hit when the 4 lowest of 5 all miss: at most one of the 5 dice shows 4+
    assert row[3].value == 1 - (Fraction(1, 2) ** 5 + 5 * Fraction(1, 2) ** 5) == Fraction(13, 16)
    one = next(r for r in hit_odds.rows if r[0].text == "1d")
    assert [c.value for c in one[1:]] == [Fraction(7 - dc, 6) for dc in range(2, 7)]
    mean_row = next(r for r in means.rows if r[0].text == "3d+1b")
    assert mean_row[3].value == mean_hits(parse("3d+1b vs DC 4"))
    assert mean_row[3].text == "2.34"


def test_armour_table():
    assert armour_table().text_rows()[1] == ["Leather", "3", "spears", "1"]


def test_hit_defense_table():
    rows = hit_defense_table().text_rows()
    assert [r[0] for r in rows[:14]] == ["0", "1", "2", "3", "4", "5", "6", "7", "13", "19", "25", "31", "37", "73"]
    assert rows[12] == ["37", "12"]


def test_health_save_odds():
    assert health_save_query(2, 1, 3).notation == "save 2d-1p vs DC 3"
    assert health_save_query(1, 0, 1).notation == "save 2d vs DC 2"  # Health 1: DC 2 with one more die
    odds = health_save_odds(1, 0, 4)
    assert sum(odds.values()) == 1  # exact: the rolls left out are all flagrantly dead
    assert odds["Free parking"] == Fraction(3, 6)
    assert odds["Stunned for 1 round"] == Fraction(2, 6) + Fraction(1, 6) * Fraction(3, 6)
    table = health_save_odds_table()
    assert len(table.rows) == 6 * 3 * 3
    assert all(sum(c.value for c in row[4:]) == 1 for row in table.rows)


def test_errata():
    entries = errata()
    assert [e.where.split(",")[0] for e in entries] == ["Dice Notation example", "Dice Notation example"]
    notation, remark = entries
    assert "4d-2p vs DC 3" in notation.printed and "4d-1p vs DC 3" in notation.exact
    assert remark.printed == "33%"
    assert "29.95% (655/2187)" in remark.exact and "79.70% (581/729)" in remark.exact
    assert "32.92%, 80/243" in remark.reason
    assert list(odds_remark_odds().values()) == [Fraction(80, 243), Fraction(655, 2187), Fraction(581, 729)]
