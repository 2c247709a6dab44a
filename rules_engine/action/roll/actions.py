"""The Action roller's widget actions for the browser bridge (``rules_engine.web``), part of
Action!'s ``ACTIONS`` (the cards' and the damage calculator's are in ``cards.actions`` and
``combat.actions``).

- ``odds_fields`` / ``roll_fields``: the Action roller's form. Its text fields (skill,
  defence, threshold, attack EV, defence EV, extra positive and negative dice) are checked
  in that order, each error naming its field; ``types`` is the toggled type words
  (space-separated) and ``active`` is ``"1"`` for an active defence. The odds come with the
  canonical notation (what ``odds action NOTATION`` reads), the roll is that notation's
  roll (``roll action NOTATION --seed N`` prints the same lines) plus ``share``: the roll in
  chat words with the exact chance of a degree this good or better.
- ``convert``: the value-table converter's ``measure`` field (``250 m``, ``3 weeks``,
  ``40 kg`` or a value 0–20).
"""

from __future__ import annotations

from fractions import Fraction

from ...core.errors import RulesError
from ...core.notation import parse_whole_number
from ...core.requests import Request, field_flag, labelled, request_fields, request_seed
from ...core.share import share_reply
from .notation import ActionQuery, make_query
from .odds import odds
from .roll import ActionRoll, DieChain, roll
from .rules import DEFAULT_THRESHOLD, DEGREE_NAMES, MAX_DICE_PER_SIDE, MAX_THRESHOLD, MAX_VALUE, TYPE_WORDS
from .values import convert as convert_measure

#: The roller's text fields, in the order the engine checks them.
FIELDS = ("skill", "defence", "threshold", "attack_ev", "defence_ev", "extra_positive", "extra_negative")
#: Each field's label as the roller and the converter show it (``macros/action.py``): errors use these words.
LABELS = {
    "skill": "Skill",
    "defence": "Defence",
    "threshold": "Threshold",
    "attack_ev": "Attacker's EV bonus",
    "defence_ev": "Defender's EV bonus",
    "extra_positive": "Extra + dice",
    "extra_negative": "Extra \u2212 dice",
    "types": "Action types",
    "active": "Active defence",
    "measure": "Measure or value",
    "seed": "Seed",
}
LIMITS = {
    "skill": (-MAX_VALUE, MAX_VALUE),
    "defence": (-MAX_VALUE, MAX_VALUE),
    "threshold": (1, MAX_THRESHOLD),
    "attack_ev": (-MAX_VALUE, MAX_VALUE),
    "defence_ev": (-MAX_VALUE, MAX_VALUE),
    "extra_positive": (0, MAX_DICE_PER_SIDE),
    "extra_negative": (0, MAX_DICE_PER_SIDE),
}
DEFAULTS = {
    "threshold": str(DEFAULT_THRESHOLD),
    "attack_ev": "0",
    "defence_ev": "0",
    "extra_positive": "0",
    "extra_negative": "0",
}


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
    active = field_flag(fields["active"], "active", LABELS["active"])
    return make_query(
        numbers["skill"],
        numbers["defence"],
        active=active,
        types=frozenset(words),
        threshold=numbers["threshold"],
        attack_ev=numbers["attack_ev"],
        defence_ev=numbers["defence_ev"],
        extra_positive=numbers["extra_positive"],
        extra_negative=numbers["extra_negative"],
    )


def odds_fields(request: Request) -> dict[str, object]:
    """The exact degree odds of the form's action (``odds --json``'s keys)."""
    return odds(query_from_fields(request)).to_json()


def chain_text(chain: DieChain) -> str:
    """One die for the chat: ``+7``, ``−3``, ``+10→4`` (an open 10 and the die it rolled)."""
    return ("+" if chain.sign > 0 else "\u2212") + "\u2192".join(map(str, chain.faces))


def share(rolled: ActionRoll) -> dict[str, str]:
    """The roll in chat words (``rules_engine.core.share``): the degree with the AV, the
    Outcome and the PV; the chance of this degree or a better one from the exact degree odds,
    and beside it the chance of success against the roll's defence."""
    name = DEGREE_NAMES[rolled.degree]
    numbers = f"AV {rolled.av}, Outcome {rolled.outcome}" + (f", PV {rolled.pv}" if rolled.outcome >= 0 else "")
    why = f", {rolled.reason}" if rolled.reason else ""
    exact = odds(rolled.query)
    chance = sum(exact.degrees[rolled.degree :], Fraction(0))
    success = (f"success against defence {rolled.query.defence_value} (Success or better)", exact.p_success)
    return share_reply(
        "Action!",
        rolled.query.notation,
        [chain_text(c) for c in rolled.chains],
        f"{name} ({numbers}{why})",
        chance,
        f"{name} or better",
        success=success,
    )


def roll_fields(request: Request) -> dict[str, object]:
    """A seeded roll of the form's action (``roll --json``'s keys), plus the roll in chat
    words (``share``)."""
    rolled = roll(query_from_fields(request), request_seed(request))
    return {**rolled.to_json(), "share": share(rolled)}


def convert(request: Request) -> dict[str, object]:
    """The converter: a measure's value, or a value's range, time and weight."""
    return convert_measure(request_fields(request, ("measure",))["measure"]).to_json()


ACTIONS = labelled({"odds_fields": odds_fields, "roll_fields": roll_fields, "convert": convert}, LABELS)
