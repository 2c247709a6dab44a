"""A small scanner for dice notation, shared by every system's parser.

Every error it raises is a ``RulesError`` that points at the offending characters. The
scanner reads in linear time and refuses a notation longer than
``MAX_NOTATION_LENGTH`` or a number longer than ``MAX_DIGITS`` digits up front, so no
input can make a parser slow or reach Python's limit on digits in ``int()``.
"""

from __future__ import annotations

import re

from .errors import RulesError
from .roller import MAX_SEED

_INT = re.compile(r"[0-9]+")  # ASCII digits only: "٣" is not a number here
_WORD = re.compile(r"[A-Za-z&+\-]+|[^\sA-Za-z0-9]")
_TOKEN = re.compile(r"\S+")

#: The longest notation any system reads. The longest sensible notations are about 60
#: characters (``save 3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b``); 200 leaves room
#: for spaces and long difficulty names while keeping every parse instant.
MAX_NOTATION_LENGTH = 200
#: The most digits (leading zeros aside) a number in a notation or a form field may have:
#: far past every limit the systems set, far below Python's 4,300-digit ``int()`` limit.
MAX_DIGITS = 30


def check_length(text: str, limit: int = MAX_NOTATION_LENGTH) -> None:
    """Nothing when ``text`` has at most ``limit`` characters, else a ``RulesError`` that
    names the limit and marks the characters past it."""
    if len(text) > limit:
        raise RulesError(
            f"a notation can be at most {limit} characters long; this one has {len(text)}",
            notation=text,
            position=limit,
            length=len(text) - limit,
        )


def digits_value(digits: str) -> int | None:
    """The value of a run of ASCII digits, or ``None`` when it has more than ``MAX_DIGITS``
    digits after its leading zeros (too large for any limit, and for ``int()`` past 4,300)."""
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        return None
    return int(significant or "0")


class Scanner:
    """Reads a notation left to right, case-insensitively, skipping spaces."""

    def __init__(self, text: str) -> None:
        check_length(text)
        self.text = text
        self.pos = 0

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def at_end(self) -> bool:
        self.skip_space()
        return self.pos >= len(self.text)

    def accept(self, literal: str) -> bool:
        """Consume ``literal`` (any case) if it comes next; a word must end at a word edge."""
        self.skip_space()
        end = self.pos + len(literal)
        if self.text[self.pos : end].lower() != literal.lower():
            return False
        if literal[-1].isalpha() and end < len(self.text) and self.text[end].isalpha():
            return False
        self.pos = end
        return True

    def peek_int(self) -> bool:
        self.skip_space()
        return bool(_INT.match(self.text, self.pos))

    def integer(self, what: str) -> tuple[int, int]:
        """Read a whole number; return ``(value, start)``; else fail saying ``what`` was due."""
        self.skip_space()
        match = _INT.match(self.text, self.pos)
        if not match:
            raise self.error(f"expected {what} here")
        value = digits_value(match.group())
        if value is None:
            raise self.error(
                f"{what} is too large: a number here has at most {MAX_DIGITS} digits", match.start(), len(match.group())
            )
        self.pos = match.end()
        return value, match.start()

    def word(self) -> tuple[str, int]:
        """Read the next run of letters (or one symbol); return ``(text, start)``."""
        self.skip_space()
        match = _WORD.match(self.text, self.pos)
        if not match:
            return "", self.pos
        self.pos = match.end()
        return match.group(), match.start()

    def error(self, message: str, position: int | None = None, length: int | None = None) -> RulesError:
        """A ``RulesError`` at ``position`` (default: here), as long as the token there."""
        self.skip_space()
        start = self.pos if position is None else position
        if length is None:
            token = _TOKEN.match(self.text, start)
            length = len(token.group()) if token else 1
        return RulesError(message, notation=self.text, position=start, length=length)


def check_range(
    value: int,
    low: int,
    high: int,
    what: str,
    *,
    scanner: Scanner | None = None,
    position: int | None = None,
    field: str | None = None,
    length: int | None = None,
) -> int:
    """``value`` if ``low ≤ value ≤ high``, else a ``RulesError`` naming ``what`` and the range
    (``length``: how many characters the number took in the notation, if not ``str(value)``)."""
    if low <= value <= high:
        return value
    message = f"{what} must be from {low} to {high}, not {value}"
    if scanner is not None:
        raise scanner.error(message, position, length or len(str(value)))
    raise RulesError(message, field=field)


def parse_whole_number(text: str, field: str, low: int, high: int) -> int:
    """A form field's text as a whole number in ``low … high``, else a ``RulesError`` on it.
    Only ASCII digits count (``٣`` is refused), with an optional sign and spaces around."""
    cleaned = text.strip().replace("\u2212", "-")
    if not re.fullmatch(r"[+-]?[0-9]+", cleaned):
        shown = _shortened(text.strip()) or "nothing"
        raise RulesError(f"{field} must be a whole number, not {shown!s}", field=field)
    value = digits_value(cleaned.lstrip("+-"))
    if value is None:
        raise RulesError(
            f"{field} must be from {low} to {high}, not a number of {len(cleaned.lstrip('+-').lstrip('0'))} digits",
            field=field,
        )
    return check_range(-value if cleaned.startswith("-") else value, low, high, field, field=field)


def parse_seed(text: str) -> int:
    """A seed typed as text (CLI ``--seed``, a widget's seed field): a whole number from 0
    to ``MAX_SEED`` in ASCII digits, else a ``RulesError`` on the field ``seed``."""
    return parse_whole_number(text, "seed", 0, MAX_SEED)


def _shortened(text: str, limit: int = 40) -> str:
    """``text``, or its first ``limit`` characters and an ellipsis when it is longer."""
    return text if len(text) <= limit else text[:limit] + "…"
