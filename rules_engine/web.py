"""The bridge the browser's Web Worker calls: one JSON request in, one JSON reply out.

Requests: ``{"system": KEY, "action": ACTION, ...}``. Every system answers

- ``"roll"`` / ``"odds"`` with ``"notation"`` (and ``"seed"`` for a roll, ``"rules"`` for
  a rule set written apart from the notation): the same objects as
  ``python -m rules_engine roll|odds KEY NOTATION [--rules RULES] --json``;
- ``"lab"`` with ``"roll"``, ``"house"`` (up to three written rule sets) and ``"seed"``:
  the design lab's answer (``core/lab.lab_answer``), and ``"lab_book"``: the system's
  settings and headline rolls (``core/lab.book_json``), for a system with a lab;

and the widget actions its ``System.actions`` names (each documented in its system's
``actions`` module).

Replies: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {...}}`` where the
error is ``RulesError.to_dict()``. A malformed request (not JSON, not an object, a value
of the wrong type, nested too deep, too long) is answered with what is wrong with it.
Nothing else ever escapes: a reader never sees a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from .core.errors import RulesError
from .core.lab import book_json, lab_answer
from .core.play import MAX_FILE_CHARS
from .core.requests import Request, request_object, request_seed, request_text, request_texts
from .core.requests import json_nesting_depth as nesting_depth
from .systems import get_system

#: The longest request the bridge reads (characters of JSON): room for a play tool's imported
#: file at its own limit written as a JSON string (a quote or a line break takes two
#: characters there), and the request around it. A widget's requests are far shorter.
MAX_REQUEST_LENGTH = 2 * MAX_FILE_CHARS + 10_000
#: The deepest nesting of arrays and objects it reads (a widget's request nests 2 deep).
MAX_NESTING = 32


def handle(request: Request) -> dict[str, object]:
    """Answer one decoded request."""
    request = request_object(request)
    system = get_system(request_text(request, "system"))
    action = request_text(request, "action")
    if action in ("roll", "odds"):
        notation = system.with_rules(request_text(request, "notation"), request_text(request, "rules"))
        if action == "roll":
            return system.roll(notation, request_seed(request)).to_json()
        return system.odds(notation).to_json()
    if action in ("lab", "lab_book") and system.lab is not None:
        if action == "lab_book":
            return book_json(system.lab)
        return lab_answer(
            system.lab,
            system.title,
            request_text(request, "roll"),
            request_texts(request, "house"),
            request_seed(request),
        )
    handler = system.actions.get(action)
    if handler is None:
        labs = ["lab", "lab_book"] if system.lab is not None else []
        known = ", ".join(["roll", "odds", *labs, *system.actions])
        raise RulesError(f"unknown action {action!r} for {system.title}: it answers {known}")
    return handler(request)


def decode(request_json: str) -> Any:
    """The request's JSON decoded, else a ``RulesError`` saying why it cannot be read."""
    if not isinstance(request_json, str):
        raise RulesError("a request must be JSON text")
    if len(request_json) > MAX_REQUEST_LENGTH:
        raise RulesError(f"the request is too long: at most {MAX_REQUEST_LENGTH:,} characters of JSON")
    if nesting_depth(request_json) > MAX_NESTING:
        # Checked before decoding: how deep json.loads may go differs between interpreters.
        raise RulesError(f"the request is nested too deeply to read: at most {MAX_NESTING} levels")
    try:
        return json.loads(request_json)
    except RecursionError:
        raise RulesError("the request is nested too deeply to read") from None
    except json.JSONDecodeError as error:
        raise RulesError(f"the request is not valid JSON ({error.msg} at character {error.pos})") from None
    except ValueError:  # a number past Python's 4,300-digit limit
        raise RulesError("the request holds a number with too many digits to read") from None


def call(request_json: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    try:
        return json.dumps({"ok": True, "result": handle(decode(request_json))})
    except RulesError as error:
        return json.dumps({"ok": False, "error": error.to_dict()})
    except Exception as error:  # noqa: BLE001 - the page must get a message, not a traceback
        message = f"the engine could not answer ({type(error).__name__}); please report this"
        return json.dumps({"ok": False, "error": RulesError(message).to_dict()})
