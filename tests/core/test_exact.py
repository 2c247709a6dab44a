from fractions import Fraction

from rules_engine.core.exact import decimal_text, percent, ratio, round_half_up, truncate


def test_ratio_always_has_a_slash():
    assert ratio(Fraction(193, 432)) == "193/432"
    assert ratio(0) == "0/1"
    assert ratio(1) == "1/1"


def test_rounding_and_truncation():
    assert round_half_up(Fraction(44675, 1000), 1) == Fraction(447, 10)
    assert round_half_up(Fraction(5, 100), 1) == Fraction(1, 10)
    assert truncate(Fraction(44675, 1000), 1) == Fraction(446, 10)
    assert decimal_text(Fraction(1, 3), 2) == "0.33"
    assert decimal_text(Fraction(2), 0) == "2"


def test_percent_never_claims_certainty_it_lacks():
    assert percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1)) == "100.0%"
    assert percent(Fraction(0)) == "0.0%"
    assert percent(Fraction(1, 10**6)) == "<0.1%"
    assert percent(1 - Fraction(1, 10**6)) == ">99.9%"
    assert percent(Fraction(193, 432), 2) == "44.68%"
