"""Action!'s value table both ways: a measure (``250 m``, ``3 weeks``, ``40 kg``) to its
value, and a value (0–20) to its range, time and weight."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ...core.errors import RulesError
from ...core.notation import MAX_DIGITS, check_length
from .rules import KINDS, VALUE_TABLE, ValueRow, measure_amount, row_for, unit_of, value_for

_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
_UNIT = re.compile(r"[A-Za-z]+")
EXAMPLE_MEASURES = ("250 m", "3 weeks", "40 kg", "7")


@dataclass(frozen=True)
class Conversion:
    """What the converter read and what it gives: a measure's value, or a value's row."""

    text: str
    kind: str | None  # range, time or weight; None when a value was typed
    amount: Fraction | None  # the measure in metres, seconds or kilograms
    value: int
    row: ValueRow
    beyond: bool = False  # the measure is past the table's top row

    def lines(self) -> list[str]:
        if self.kind is None:
            return [f"Value {self.value}: range {self.row.range}, time {self.row.time}, weight {self.row.weight}"]
        shown = getattr(self.row, self.kind)
        line = f"{self.text.strip()} is value {self.value} ({self.kind}: {shown} or more"
        if self.value + 1 < len(VALUE_TABLE) and not self.beyond:
            line += f", less than {getattr(VALUE_TABLE[self.value + 1], self.kind)}"
        line += ")"
        if self.beyond:
            line += "; the table ends at 20"
        return [line]

    def to_json(self) -> dict[str, object]:
        return {
            "measure": self.text,
            "kind": self.kind,
            "value": self.value,
            "beyond": self.beyond,
            "range": self.row.range,
            "time": self.row.time,
            "weight": self.row.weight,
            "lines": self.lines(),
        }


def _error(text: str, message: str, position: int, length: int = 1) -> RulesError:
    return RulesError(message, notation=text, position=position, length=length, field="measure")


def convert(text: str) -> Conversion:
    """Read ``250 m`` / ``3 weeks`` / ``40 kg`` (a number and a unit) or a value ``0``–``20``."""
    try:
        check_length(text)
    except RulesError as error:
        error.field = "measure"
        raise
    cleaned = text.replace("\u00a0", " ")
    at = len(cleaned) - len(cleaned.lstrip())
    if at == len(cleaned):
        raise _error(text, "type a measure such as 250 m, 3 weeks or 40 kg, or a value from 0 to 20", 0)
    number = _NUMBER.match(cleaned, at)
    if not number:
        if cleaned[at] == "-":
            raise _error(text, "a measure cannot be below 0", at)
        raise _error(text, "expected a number here, as in 250 m or 7", at)
    digits = number.group()
    whole, _, fraction = digits.replace(",", ".").partition(".")
    if len(whole.lstrip("0")) > MAX_DIGITS or len(fraction.rstrip("0")) > MAX_DIGITS:
        raise _error(text, f"the number is too large: at most {MAX_DIGITS} digits", at, len(digits))
    amount = Fraction(digits.replace(",", "."))
    rest = number.end()
    while rest < len(cleaned) and cleaned[rest] == " ":
        rest += 1
    if rest == len(cleaned):
        if "." in digits or "," in digits or amount > len(VALUE_TABLE) - 1:
            raise _error(
                text,
                f"a value is a whole number from 0 to {len(VALUE_TABLE) - 1}; add a unit "
                "(m, km, minutes, weeks, kg …) for a measure",
                at,
                len(digits),
            )
        value = int(amount)
        return Conversion(text, None, None, value, row_for(value))
    unit = _UNIT.match(cleaned, rest)
    if not unit:
        raise _error(
            text,
            "expected a unit here: cm, m, km, shots, sequences, seconds, minutes, hours, days, "
            "weeks, months, years, g, kg or tons",
            rest,
        )
    found = unit_of(unit.group())
    if found is None:
        raise _error(
            text,
            f"unknown unit {unit.group()!r}: use cm, m, km, shots, sequences, seconds, minutes, "
            "hours, days, weeks, months, years, g, kg or tons",
            rest,
            len(unit.group()),
        )
    end = unit.end()
    if cleaned[end:].strip():
        extra = end + len(cleaned[end:]) - len(cleaned[end:].lstrip())
        raise _error(text, "nothing may follow the unit", extra, len(cleaned[extra:].rstrip()))
    kind, size = found
    measure = amount * size
    value = value_for(kind, measure)
    top = VALUE_TABLE[-1]
    beyond = measure > measure_amount(getattr(top, kind))[1]
    return Conversion(text, kind, measure, value, row_for(value), beyond)


__all__ = ["KINDS", "Conversion", "convert", "EXAMPLE_MEASURES"]
