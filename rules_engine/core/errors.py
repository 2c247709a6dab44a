"""The one error type the engine raises for bad input."""

from __future__ import annotations


class RulesError(ValueError):
    """Bad input: unknown notation, an impossible pool, a value out of range, a pool too
    large to compute.

    ``message`` says what is wrong in plain words. When the input was a notation string,
    ``notation`` holds it and ``position``/``length`` mark the offending characters, so
    ``str(error)`` can draw a caret under them. When the input came from a named form
    field (attribute, skill, TN …), ``field`` names it so a widget can show the message
    beside that field.
    """

    def __init__(
        self,
        message: str,
        *,
        notation: str | None = None,
        position: int | None = None,
        length: int = 1,
        field: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.notation = notation
        self.position = position
        self.length = max(1, length)
        self.field = field

    def caret_lines(self) -> list[str]:
        """The notation and a caret line under the offending spot (empty without one)."""
        if self.notation is None or self.position is None:
            return []
        return [self.notation, " " * self.position + "^" * self.length]

    def __str__(self) -> str:
        return "\n".join([self.message, *("  " + line for line in self.caret_lines())])

    def to_dict(self) -> dict[str, object]:
        """The error as JSON-ready data, the shape the CLI and the widgets use."""
        return {
            "message": self.message,
            "notation": self.notation,
            "position": self.position,
            "length": self.length if self.position is not None else None,
            "field": self.field,
            "caret": self.caret_lines(),
        }
