"""Reading one browser request: a decoded JSON object whose values are checked one by one.

Every malformed part is a ``RulesError`` that names the part and says what it should be,
so a widget shows a sentence, never "the engine could not answer".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import RulesError
from .notation import parse_whole_number
from .roller import MAX_SEED

Request = Mapping[str, Any]


def _kind_of(value: object) -> str:
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "an array"
    return "an object"


def request_object(value: object) -> Request:
    """``value`` if it is a request object (a JSON object), else the error saying so."""
    if not isinstance(value, dict):
        raise RulesError(f"a request must be a JSON object with 'system' and 'action', not {_kind_of(value)}")
    return value


def request_text(request: Request, key: str, default: str = "") -> str:
    """The text under ``key`` (``default`` when absent or null); anything else is refused."""
    value = request.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise RulesError(f"the request's {key!r} must be text, not {_kind_of(value)}", field=key)
    return value


def request_seed(request: Request) -> int | None:
    """The request's seed (text or a whole number), or None for a fresh one."""
    value = request.get("seed")
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else request_text(request, "seed")
    if text.strip() == "":
        return None
    return parse_whole_number(text, "seed", 0, MAX_SEED)


def request_fields(request: Request, names: tuple[str, ...]) -> dict[str, str]:
    """The widget's form values for ``names`` (absent ones are empty), each one text."""
    fields = request.get("fields", {})
    if fields is None:
        fields = {}
    if not isinstance(fields, dict):
        raise RulesError(f"the request's 'fields' must be an object of texts, not {_kind_of(fields)}")
    values = {}
    for name in names:
        value = fields.get(name, "")
        if not isinstance(value, str):
            raise RulesError(f"the field {name!r} must be text, not {_kind_of(value)}", field=name)
        values[name] = value
    return values


def field_flag(text: str, name: str) -> bool:
    """A checkbox field's value: ``""``/``off``/``false``/``0`` is off, ``on``/``true``/``1`` on."""
    value = text.strip().lower()
    if value in ("", "off", "false", "0"):
        return False
    if value in ("on", "true", "1"):
        return True
    raise RulesError(f"{name} must be on or off, not {text[:20]!r}", field=name)
