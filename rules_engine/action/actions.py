"""Action!'s widget actions for the browser bridge (``rules_engine.web``).

- ``odds_fields`` / ``roll_fields``: the Action roller's form. Its text fields (skill,
  defence, threshold, attack EV, defence EV, extra positive and negative dice) are checked
  in that order, each error naming its field; ``types`` is the toggled type words
  (space-separated) and ``active`` is ``"1"`` for an active defence. The odds come with the
  canonical notation (what ``odds action NOTATION`` reads), the roll is that notation's
  roll (``roll action NOTATION --seed N`` prints the same lines).
- ``convert``: the value-table converter's ``measure`` field (``250 m``, ``3 weeks``,
  ``40 kg`` or a value 0–20).
- ``card_draw_odds`` / ``card_draw_roll``, ``deck_odds`` / ``deck_roll``: the Dramatic Card
  Draw and the Action! Deck (``card_actions``).
- ``damage_fields``: the damage calculator (``combat_actions``).
"""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.notation import parse_whole_number
from ..core.requests import Request, request_fields, request_seed
from . import card_actions, combat_actions
from .notation import ActionQuery, make_query
from .odds import odds
from .roll import roll
from .rules import DEFAULT_THRESHOLD, MAX_DICE_PER_SIDE, MAX_THRESHOLD, MAX_VALUE, TYPE_WORDS
from .values import convert as convert_measure

#: The roller's text fields, in the order the engine checks them.
FIELDS = ("skill", "defence", "threshold", "attack_ev", "defence_ev", "extra_positive", "extra_negative")
LABELS = {"skill": "skill", "defence": "defence", "threshold": "Threshold", "attack_ev": "attacker's EV bonus",
          "defence_ev": "defender's EV bonus", "extra_positive": "extra positive dice",
          "extra_negative": "extra negative dice"}
LIMITS = {"skill": (-MAX_VALUE, MAX_VALUE), "defence": (-MAX_VALUE, MAX_VALUE), "threshold": (1, MAX_THRESHOLD),
          "attack_ev": (-MAX_VALUE, MAX_VALUE), "defence_ev": (-MAX_VALUE, MAX_VALUE),
          "extra_positive": (0, MAX_DICE_PER_SIDE), "extra_negative": (0, MAX_DICE_PER_SIDE)}
DEFAULTS = {"threshold": str(DEFAULT_THRESHOLD), "attack_ev": "0", "defence_ev": "0", "extra_positive": "0",
            "extra_negative": "0"}


def _field_number(fields: dict[str, str], name: str) -> int:
    """A field as a whole number in its range; a blank optional field takes its default."""
    text = fields[name]
    if text.strip() == "" and name in DEFAULTS:
        text = DEFAULTS[name]
    low, high = LIMITS[name]
    try:
        return parse_whole_number(text, LABELS[name], low, high)
    except RulesError as error:
        error.field = name
        raise


def query_from_fields(request: Request) -> ActionQuery:
    """The action the form describes."""
    fields = request_fields(request, (*FIELDS, "types", "active"))
    numbers = {name: _field_number(fields, name) for name in FIELDS}
    words = fields["types"].lower().split()
    unknown = [w for w in words if w not in TYPE_WORDS]
    if unknown:
        raise RulesError(f"unknown action type {unknown[0]!r}: the types are {', '.join(TYPE_WORDS)}", field="types")
    active = fields["active"].strip().lower()
    if active not in ("", "0", "1", "false", "true"):
        raise RulesError("the active defence switch must be 1 (on) or 0 (off)", field="active")
    return make_query(numbers["skill"], numbers["defence"], active=active in ("1", "true"),
                      types=frozenset(words), threshold=numbers["threshold"], attack_ev=numbers["attack_ev"],
                      defence_ev=numbers["defence_ev"], extra_positive=numbers["extra_positive"],
                      extra_negative=numbers["extra_negative"])


def odds_fields(request: Request) -> dict[str, object]:
    """The exact degree odds of the form's action (``odds --json``'s keys)."""
    return odds(query_from_fields(request)).to_json()


def roll_fields(request: Request) -> dict[str, object]:
    """A seeded roll of the form's action (``roll --json``'s keys)."""
    return roll(query_from_fields(request), request_seed(request)).to_json()


def convert(request: Request) -> dict[str, object]:
    """The converter: a measure's value, or a value's range, time and weight."""
    return convert_measure(request_fields(request, ("measure",))["measure"]).to_json()


ACTIONS = {"odds_fields": odds_fields, "roll_fields": roll_fields, "convert": convert,
           **card_actions.ACTIONS, **combat_actions.ACTIONS}
