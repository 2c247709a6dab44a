"""The bridge the browser's Web Worker calls: one JSON request in, one JSON reply out.

Requests: ``{"system": "doom-stack", "action": ACTION, ...}`` where ACTION is

- ``"roll"`` / ``"odds"`` with ``"notation"`` (and ``"seed"`` for a roll): the same
  objects as ``python -m rules_engine … --json``;
- ``"roll_fields"`` / ``"odds_fields"`` with ``"fields"`` (the widget's form values as
  strings) and optionally ``"seed"``;
- ``"character"`` (dice & danger) with optionally ``"seed"``: a new character (plus
  ``"attribute_kept"``: which of each attribute's dice was kept);
- ``"odds_kind"`` / ``"roll_kind"`` (dice & danger) with ``"notation"`` and ``"kind"``
  (the widget's damage/save switch; a ``save`` or ``damage`` written at the start of the
  notation wins) and ``"seed"`` for a roll: the odds with the canonical form, the notes
  and what the chart draws, or the roll of the canonical form (its lines are what
  ``python -m rules_engine roll dice-and-danger CANONICAL --seed N`` prints) with each
  die's part in it. Both say which kind the switch should show. A notation error names
  the field ``notation``.

Replies: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {...}}`` where the
error is ``RulesError.to_dict()``. Nothing else ever escapes: a reader never sees a
traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .core.errors import RulesError
from .core.exact import percent
from .core.notation import parse_whole_number
from .core.roller import MAX_SEED
from .systems import get_system

if TYPE_CHECKING:
    from .dice_and_danger.notation import DiceAndDangerQuery
    from .doom_stack.notation import DoomStackQuery

# The handlers below import their system's package when first called (see systems.py):
# a page pays only for the system it shows.


def _seed(value: object) -> int | None:
    if value is None or str(value).strip() == "":
        return None
    return parse_whole_number(str(value), "seed", 0, MAX_SEED)


def _doom_stack_fields(request: Mapping[str, Any]) -> tuple[DoomStackQuery, str]:
    from .doom_stack.notation import query_from_fields
    from .doom_stack.roll import pool_line

    fields = request.get("fields", {})
    query, pool = query_from_fields(
        *(str(fields.get(name, "")) for name in ("attribute", "skill", "modifiers", "tn")))
    return query, pool_line(pool)


def _doom_stack_roll_fields(request: Mapping[str, Any]) -> dict[str, object]:
    from .doom_stack.roll import roll

    query, assembled = _doom_stack_fields(request)
    return {**roll(query, _seed(request.get("seed"))).to_json(), "pool_line": assembled}


def _doom_stack_odds_fields(request: Mapping[str, Any]) -> dict[str, object]:
    from .doom_stack.odds import odds

    query, assembled = _doom_stack_fields(request)
    result = odds(query)
    shown = result.odds
    percents = {} if shown is None else {
        "success": percent(shown.success, 2), "glitch": percent(shown.glitch, 2), "failure": percent(shown.failure, 2)}
    return {**result.to_json(), "pool_line": assembled, "percent": percents}


def _dice_and_danger_character(request: Mapping[str, Any]) -> dict[str, object]:
    from .dice_and_danger.roll import generate_character
    from .dice_and_danger.rules import ATTRIBUTE_NAMES

    character = generate_character(_seed(request.get("seed")))
    kept = {name: result.kept_positions[0] for name, result in zip(ATTRIBUTE_NAMES, character.rolls)}
    return {**character.to_json(), "attribute_kept": kept}


def _dice_and_danger_query(request: Mapping[str, Any]) -> tuple[DiceAndDangerQuery, dict[str, object]]:
    """The query for the widget's notation and switch, and what to tell the switch."""
    from .dice_and_danger.notation import parse_with_kind

    try:
        query, written = parse_with_kind(
            str(request.get("notation", "")), str(request.get("kind", "damage")).strip().lower())
    except RulesError as error:
        if error.field is None:
            error.field = "notation"  # the notation is the widget's only field it can be
        raise
    return query, {"written_kind": written, "switch": "save" if query.save else "damage"}


def _dice_and_danger_odds_kind(request: Mapping[str, Any]) -> dict[str, object]:
    from .dice_and_danger.odds import odds

    query, switch = _dice_and_danger_query(request)
    result = odds(query)
    return {**result.to_json(), **result.chart_json(), **switch}


def _dice_and_danger_roll_kind(request: Mapping[str, Any]) -> dict[str, object]:
    from .dice_and_danger.roll import roll

    query, switch = _dice_and_danger_query(request)
    # The canonical form's roll: the notes on how the notation was read belong to the odds.
    result = roll(replace(query, notes=()), _seed(request.get("seed")))
    return {**result.to_json(), "dice_detail": result.dice_detail(), **switch}


FIELD_ACTIONS: dict[tuple[str, str], Callable[[Mapping[str, Any]], dict[str, object]]] = {
    ("doom-stack", "roll_fields"): _doom_stack_roll_fields,
    ("doom-stack", "odds_fields"): _doom_stack_odds_fields,
    ("dice-and-danger", "character"): _dice_and_danger_character,
    ("dice-and-danger", "odds_kind"): _dice_and_danger_odds_kind,
    ("dice-and-danger", "roll_kind"): _dice_and_danger_roll_kind,
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
