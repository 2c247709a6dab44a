"""A small scanner for dice notation, shared by every system's parser.

Every error it raises is a ``RulesError`` that points at the offending characters.
"""

from __future__ import annotations

import re

from .errors import RulesError

_INT = re.compile(r"[0-9]+")
_WORD = re.compile(r"[A-Za-z&+\-]+|[^\sA-Za-z0-9]")


class Scanner:
    """Reads a notation left to right, case-insensitively, skipping spaces."""

    def __init__(self, text: str) -> None:
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
        self.pos = match.end()
        return int(match.group()), match.start()

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
            token = re.match(r"\S+", self.text[start:]) if start < len(self.text) else None
            length = len(token.group()) if token else 1
        return RulesError(message, notation=self.text, position=start, length=length)


def check_range(value: int, low: int, high: int, what: str, *, scanner: Scanner | None = None,
                position: int | None = None, field: str | None = None) -> int:
    """``value`` if ``low ≤ value ≤ high``, else a ``RulesError`` naming ``what`` and the range."""
    if low <= value <= high:
        return value
    message = f"{what} must be from {low} to {high}, not {value}"
    if scanner is not None:
        raise scanner.error(message, position, len(str(value)))
    raise RulesError(message, field=field)


def parse_whole_number(text: str, field: str, low: int, high: int) -> int:
    """A form field's text as a whole number in ``low … high``, else a ``RulesError`` on it."""
    cleaned = text.strip().replace("\u2212", "-")
    if not re.fullmatch(r"[+-]?[0-9]+", cleaned):
        shown = text.strip() or "nothing"
        raise RulesError(f"{field} must be a whole number, not {shown!s}", field=field)
    return check_range(int(cleaned), low, high, field, field=field)
