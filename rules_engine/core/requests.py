"""Reading one browser request: a decoded JSON object whose values are checked one by one.

Every malformed part is a ``RulesError`` that names the part and says what it should be,
so a widget shows a sentence, never "the engine could not answer".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from .errors import RulesError
from .notation import parse_whole_number
from .roller import MAX_SEED

Request = Mapping[str, Any]

#: A JSON string (an unterminated one runs to the end of the text), and a bracket outside one.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON ``text``, brackets inside strings ignored (so a
    name such as ``Mara :-[`` counts for nothing). Read before decoding: how deep ``json.loads``
    may go differs between interpreters."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_JSON_STRING.sub("", text)):
        if bracket.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


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


def request_texts(request: Request, key: str) -> list[str]:
    """The list of texts under ``key`` (empty when absent or null); anything else is refused."""
    value = request.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RulesError(f"the request's {key!r} must be a list of texts, not {_kind_of(value)}", field=key)
    return value


def request_seed(request: Request) -> int | None:
    """The request's seed (text or a whole number), or None for a fresh one."""
    value = request.get("seed")
    if value is not None and not isinstance(value, str) and (isinstance(value, bool) or not isinstance(value, int)):
        shown = json.dumps(value)[:20] if isinstance(value, (bool, int, float)) else _kind_of(value)
        raise RulesError(
            f"a seed is a whole number from 0 to {MAX_SEED} that picks the roll (the same seed "
            f"gives the same roll), not {shown}",
            field="seed",
        )
    text = str(value) if isinstance(value, int) else request_text(request, "seed")
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


#: What a switch (a checkbox field) reads as off, and as on; anything else is refused.
SWITCH_OFF = ("", "off", "false", "0", "no")
SWITCH_ON = ("on", "true", "1", "yes")


def field_flag(text: str, name: str, label: str | None = None) -> bool:
    """A switch (checkbox) field's value: on only for an on-value (``on``/``true``/``1``/``yes``),
    off for an off-value (``""``/``off``/``false``/``0``/``no``); anything else is a
    ``RulesError`` on the field ``name`` that calls it by ``label`` (as the page shows it)."""
    value = text.strip().lower()
    if value in SWITCH_OFF:
        return False
    if value in SWITCH_ON:
        return True
    shown = name if label is None else f'"{label}"'
    raise RulesError(f"{shown} must be on or off, not {text[:20]!r}", field=name)


Handler = Callable[[Request], dict[str, object]]


def in_readers_words(error: RulesError, labels: Mapping[str, str]) -> RulesError:
    """``error`` about a widget field told with the field's label as the page shows it
    (``labels``: field name → label): a message that opens with the field's name opens
    with its label instead; one that does not name the field at all is prefixed by it."""
    label = labels.get(error.field or "")
    if label is None:
        return error
    message = error.message
    # A message that opens with the label already (any case) has it put as the page writes it,
    # not a second time ("Mass Value Value").
    for name in (label, error.field or "", (error.field or "").replace("_", " ").replace("-", " ")):
        if name and message.lower().startswith(name.lower() + " "):
            message = label + message[len(name) :]
            break
    else:
        if label.casefold() not in message.casefold():
            message = f"{label}: {message}"
    return RulesError(message, notation=error.notation, position=error.position, length=error.length, field=error.field)


def labelled(actions: Mapping[str, Handler], labels: Mapping[str, str]) -> dict[str, Handler]:
    """The widget ``actions`` with every field error told in the reader's words (``in_readers_words``)."""

    def wrap(handler: Handler) -> Handler:
        @wraps(handler)
        def answer(request: Request) -> dict[str, object]:
            try:
                return handler(request)
            except RulesError as error:
                raise in_readers_words(error, labels) from None

        return answer

    return {name: wrap(handler) for name, handler in actions.items()}
