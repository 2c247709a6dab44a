"""dice & danger's widget actions for the browser bridge (``rules_engine.web``).

- ``odds_kind`` / ``roll_kind``: the notation box with its damage/save switch (``kind``;
  a ``save`` or ``damage`` written at the start of the notation wins). The odds come with
  the canonical form, the notes and what the chart draws; the roll is the canonical form's
  (its lines are what ``python -m rules_engine roll dice-and-danger CANONICAL --seed N``
  prints) with each die's part in it. Both say which kind the switch should show. A
  notation error names the field ``notation``.
- ``character``: a new character (optionally seeded), plus ``attribute_kept``: which of
  each attribute's dice was kept.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.errors import RulesError
from ..core.requests import Request, request_seed, request_text
from .notation import KINDS, DiceAndDangerQuery, parse_with_kind
from .odds import odds
from .roll import generate_character, roll
from .rules import ATTRIBUTE_NAMES


def character(request: Request) -> dict[str, object]:
    """A new character, as the generator's JSON, and which die each attribute kept."""
    made = generate_character(request_seed(request))
    kept = {name: result.kept_positions[0] for name, result in zip(ATTRIBUTE_NAMES, made.rolls)}
    return {**made.to_json(), "attribute_kept": kept}


def _query(request: Request) -> tuple[DiceAndDangerQuery, dict[str, object]]:
    """The query for the widget's notation and switch, and what to tell the switch."""
    notation = request_text(request, "notation")
    kind = request_text(request, "kind", "damage").strip().lower()
    try:
        query, written = parse_with_kind(notation, kind)
    except RulesError as error:
        if error.field is None:
            error.field = "notation"  # the notation is the widget's only field it can be
        raise
    # A face roll (no DC) has no kind of its own: the switch stays where the reader put it.
    shown = written or (kind if query.dc is None and kind in KINDS else ("save" if query.save else "damage"))
    return query, {"written_kind": written, "switch": shown}


def odds_kind(request: Request) -> dict[str, object]:
    """The notation's exact odds as the switch reads it, with the chart's bars."""
    query, switch = _query(request)
    result = odds(query)
    return {**result.to_json(), **result.chart_json(), **switch}


def roll_kind(request: Request) -> dict[str, object]:
    """A seeded roll of the canonical form, with each die's part in it."""
    query, switch = _query(request)
    # The canonical form's roll: the notes on how the notation was read belong to the odds.
    result = roll(replace(query, notes=()), request_seed(request))
    return {**result.to_json(), "dice_detail": result.dice_detail(), **switch}


ACTIONS = {"character": character, "odds_kind": odds_kind, "roll_kind": roll_kind}
