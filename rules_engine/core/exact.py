"""Exact numbers: formatting fractions as the project prints them."""

from __future__ import annotations

from fractions import Fraction


def ratio(value: Fraction | int) -> str:
    """A probability as the JSON contract writes it: ``"num/den"``, always with a slash."""
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def round_half_up(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (as people round)."""
    scale = 10**places
    # In whole numbers: floor(|n/d| * scale + 1/2), with no Fraction arithmetic on the way
    # (a lab reply formats hundreds of chances with large denominators).
    numerator, denominator = abs(value.numerator) * scale, value.denominator
    rounded = Fraction((2 * numerator + denominator) // (2 * denominator), scale)
    return rounded if value >= 0 else -rounded


def truncate(value: Fraction, places: int) -> Fraction:
    """``value`` cut (not rounded) to ``places`` decimals."""
    scale = 10**places
    cut = Fraction(int(abs(value) * scale), scale)
    return cut if value >= 0 else -cut


def decimal_text(value: Fraction, places: int) -> str:
    """``value`` written with exactly ``places`` decimals, rounded half up."""
    rounded = round_half_up(value, places)
    sign = "-" if rounded < 0 else ""
    scaled = abs(rounded.numerator * 10**places // rounded.denominator)
    whole, frac = divmod(scaled, 10**places)
    return f"{sign}{whole}" + (f".{frac:0{places}d}" if places else "")


def percent(value: Fraction, places: int = 1) -> str:
    """A probability as a percentage for tables: ``percent(Fraction(1, 3)) == "33.3%"``.

    Values that are not exactly 0 or 1 but round to them are written ``<0.1%`` / ``>99.9%``
    so a table never claims certainty that the odds do not have.
    """
    step = Fraction(1, 10**places) / 100
    if 0 < value < step / 2:
        return f"<{decimal_text(step * 100, places)}%"
    if 1 - step / 2 < value < 1:
        return f">{decimal_text((1 - step) * 100, places)}%"
    return decimal_text(value * 100, places) + "%"
