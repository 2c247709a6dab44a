"""Reading a refusal: the RulesError that a reader of notation, of a rule set or of a form field
raises on bad input, and the part of the input its caret marks. Every system's notation tests
check their error cases through these two, natively and inside Pyodide alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules_engine.core.errors import RulesError


def refusal(read: Callable[..., object], *given: object) -> RulesError:
    """The RulesError that ``read(*given)`` must raise (a text, or a form's fields; it fails the
    test when nothing is raised)."""
    with pytest.raises(RulesError) as caught:
        read(*given)
    return caught.value


def marked(error: RulesError, text: str | None = None) -> str:
    """The part of ``text`` (by default the notation the error quotes) that the error's caret
    marks: ``length`` characters from ``position``."""
    read = error.notation if text is None else text
    return read[error.position : error.position + error.length]


def quoted_refusal(read: Callable[[str], object], text: str) -> RulesError:
    """The RulesError that ``read(text)`` must raise, checked to quote ``text`` whole and to point
    inside it (its caret may stand just past the end, where something is missing)."""
    error = refusal(read, text)
    assert error.notation == text and 0 <= error.position <= len(text)
    return error


def assert_placed(error: RulesError, position: int, length: int, words: str) -> None:
    """The error says ``words`` and marks ``length`` characters from ``position``: its caret
    lines are its notation and the carets under that stretch."""
    assert words in error.message
    assert (error.position, error.length) == (position, length)
    assert error.caret_lines() == [error.notation, " " * position + "^" * length]
