"""X-in-Y tables: built from the engine, with the values checked by hand where small."""

from fractions import Fraction as F

from rules_engine.xy_checks.tables import attack_table, errata, ladder_table, success_table, tie_table


def test_the_ladder_has_every_check_once():
    rows = ladder_table().text_rows()
    assert len(rows) == 3 + 5 + 7 + 9 + 11 + 19
    by_check = {row[0]: row for row in rows}
    assert by_check["1/4"][2] == "1/6" and by_check["5/6"][4] == "7/8"  # the source's own examples
    assert by_check["19/20"][4] == "19/20" and by_check["1/20"][2] == "1/20"


def test_success_values():
    rows = {row[0].text: row for row in success_table().rows}
    assert rows["3/6"][6].value == F(1, 2)  # no extra dice
    assert rows["3/6"][7].value == F(3, 4) and rows["3/6"][5].value == F(1, 4)
    assert rows["1/4"][1].value == F(1, 4) ** 6


def test_attack_table_by_hand():
    rows = attack_table().text_rows()
    assert rows[0] == ["Not effective", "4/6 (66.7%)", "5/6 (83.3%)", "7/8 (87.5%)"]
    assert rows[3] == ["Fully effective", "1/6 (16.7%)", "2/6 (33.3%)", "3/6 (50.0%)"]


def test_tie_options_change_only_the_tie_damage():
    rows = tie_table().rows
    assert len({row[2].value for row in rows}) == 1
    assert rows[1][3].value > rows[0][3].value and rows[1][4].value > rows[0][4].value


def test_no_errata():
    assert errata() == []
