import pytest

from rules_engine.core.errors import RulesError
from rules_engine.core.notation import Scanner, check_range, parse_whole_number


def test_scanner_reads_words_and_numbers_case_insensitively():
    s = Scanner("  12D6 VS tn 8")
    assert s.integer("a count") == (12, 2)
    assert s.accept("d")
    assert s.integer("sides")[0] == 6
    assert s.accept("vs") and s.accept("TN")
    assert s.integer("a TN") == (8, 13)
    assert s.at_end()


def test_accept_respects_word_edges():
    assert not Scanner("vsx").accept("vs")


def test_errors_point_at_the_token():
    s = Scanner("4d6 vs banana")
    s.integer("n"), s.accept("d"), s.integer("s"), s.accept("vs")
    error = s.error("no such difficulty")
    assert error.position == 7 and error.length == 6
    assert str(error).splitlines() == ["no such difficulty", "  4d6 vs banana", "         ^^^^^^"]


def test_check_range_and_fields():
    assert check_range(3, 0, 5, "x") == 3
    with pytest.raises(RulesError, match="x must be from 0 to 5, not 9"):
        check_range(9, 0, 5, "x")
    assert parse_whole_number(" 7 ", "skill", 0, 10) == 7
    assert parse_whole_number("\u22122", "modifiers", -5, 5) == -2
    with pytest.raises(RulesError) as info:
        parse_whole_number("two", "skill", 0, 10)
    assert info.value.field == "skill" and "whole number" in info.value.message


def test_error_to_dict_has_the_caret():
    error = RulesError("bad", notation="4x6", position=1)
    assert error.to_dict()["caret"] == ["4x6", " ^"]
    assert RulesError("plain").to_dict()["caret"] == []
