"""The bridge the browser's Web Worker calls: one JSON request in, one JSON reply out.

Requests: ``{"system": "doom-stack", "action": ACTION, ...}`` where ACTION is

- ``"roll"`` / ``"odds"`` with ``"notation"`` (and ``"seed"`` for a roll): the same
  objects as ``python -m rules_engine … --json``;
- ``"roll_fields"`` / ``"odds_fields"`` with ``"fields"`` (the widget's form values as
  strings) and optionally ``"seed"``;
- ``"character"`` (dice & danger) with optionally ``"seed"``: a new character.

Replies: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {...}}`` where the
error is ``RulesError.to_dict()``. Nothing else ever escapes: a reader never sees a
traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import dice_and_danger, doom_stack
from .core.errors import RulesError
from .core.notation import parse_whole_number
from .core.roller import MAX_SEED
from .doom_stack.roll import pool_line
from .systems import get_system


def _seed(value: object) -> int | None:
    if value is None or str(value).strip() == "":
        return None
    return parse_whole_number(str(value), "seed", 0, MAX_SEED)


def _doom_stack_fields(request: Mapping[str, Any]) -> tuple[doom_stack.notation.DoomStackQuery, str]:
    fields = request.get("fields", {})
    query, pool = doom_stack.notation.query_from_fields(
        *(str(fields.get(name, "")) for name in ("attribute", "skill", "modifiers", "tn")))
    return query, pool_line(pool)


def _doom_stack_roll_fields(request: Mapping[str, Any]) -> dict[str, object]:
    query, assembled = _doom_stack_fields(request)
    return {**doom_stack.roll.roll(query, _seed(request.get("seed"))).to_json(), "pool_line": assembled}


def _doom_stack_odds_fields(request: Mapping[str, Any]) -> dict[str, object]:
    query, assembled = _doom_stack_fields(request)
    return {**doom_stack.odds.odds(query).to_json(), "pool_line": assembled}


def _dice_and_danger_character(request: Mapping[str, Any]) -> dict[str, object]:
    return dice_and_danger.roll.generate_character(_seed(request.get("seed"))).to_json()


FIELD_ACTIONS: dict[tuple[str, str], Callable[[Mapping[str, Any]], dict[str, object]]] = {
    ("doom-stack", "roll_fields"): _doom_stack_roll_fields,
    ("doom-stack", "odds_fields"): _doom_stack_odds_fields,
    ("dice-and-danger", "character"): _dice_and_danger_character,
}


def handle(request: Mapping[str, Any]) -> dict[str, object]:
    """Answer one request (already decoded)."""
    system = get_system(str(request.get("system", "")))
    action = str(request.get("action", ""))
    if action == "roll":
        return system.roll(str(request.get("notation", "")), _seed(request.get("seed"))).to_json()
    if action == "odds":
        return system.odds(str(request.get("notation", ""))).to_json()
    handler = FIELD_ACTIONS.get((system.key, action))
    if handler is None:
        raise RulesError(f"unknown action {action!r} for {system.title}")
    return handler(request)


def call(request_json: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    try:
        return json.dumps({"ok": True, "result": handle(json.loads(request_json))})
    except RulesError as error:
        return json.dumps({"ok": False, "error": error.to_dict()})
    except Exception as error:  # noqa: BLE001 - the page must get a message, not a traceback
        message = f"the engine could not answer ({type(error).__name__}); please report this"
        return json.dumps({"ok": False, "error": RulesError(message).to_dict()})
