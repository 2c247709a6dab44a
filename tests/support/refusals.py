"""Reading a refusal: the RulesError that a reader of notation, of a rule set or of a form field
raises on bad input, and the part of the input its caret marks. Every system's notation tests
check their error cases through these two, natively and inside Pyodide alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules_engine.core.errors import RulesError


def refusal(read: Callable[[str], object], text: str) -> RulesError:
    """The RulesError that ``read(text)`` must raise (it fails the test when nothing is raised)."""
    with pytest.raises(RulesError) as caught:
        read(text)
    return caught.value


def marked(text: str, error: RulesError) -> str:
    """The part of ``text`` that the error's caret marks (``position`` for ``length`` characters)."""
    return text[error.position : error.position + error.length]
