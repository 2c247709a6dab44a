"""Doom Stack's widget actions for the browser bridge (``rules_engine.web``).

The roller's form sends its fields as text: ``odds_fields`` answers with the exact odds,
``roll_fields`` with a seeded roll (with every stack the dice allow), both with the pool
line the fields assemble. ``attack_fields`` resolves the attack helper's form (fields
``attack``, ``defence``, ``cover``, ``body``, ``hard``, ``antitank``, ``boxes``,
``physical``, ``stun``, ``overflow``) as ``odds doom-stack "attack …" --json`` does, with
the canonical notation.
"""

from __future__ import annotations

from ..core.exact import percent
from ..core.requests import Request, request_fields, request_seed
from .attack import ATTACK_FIELDS, resolve
from .attack import query_from_fields as attack_from_fields
from .notation import DoomStackQuery, query_from_fields
from .odds import odds
from .roll import pool_line, roll

#: The roller's fields, in the order the engine checks them.
FIELDS = ("attribute", "skill", "modifiers", "tn")


def _query(request: Request) -> tuple[DoomStackQuery, str]:
    """The query the form's fields make, and the line that says how the pool was built."""
    fields = request_fields(request, FIELDS)
    query, pool = query_from_fields(*(fields[name] for name in FIELDS))
    return query, pool_line(pool)


def roll_fields(request: Request) -> dict[str, object]:
    """A seeded roll of the form's pool, as ``roll --json`` writes it, plus the pool line."""
    query, assembled = _query(request)
    return {**roll(query, request_seed(request)).to_json(), "pool_line": assembled}


def odds_fields(request: Request) -> dict[str, object]:
    """The exact odds of the form's pool, plus the pool line and the percentages to show."""
    query, assembled = _query(request)
    result = odds(query)
    shown = result.odds
    percents = {} if shown is None else {
        "success": percent(shown.success, 2), "glitch": percent(shown.glitch, 2), "failure": percent(shown.failure, 2)}
    return {**result.to_json(), "pool_line": assembled, "percent": percents}


def attack_fields(request: Request) -> dict[str, object]:
    """The attack helper's form resolved: damage, the track filled, bleeding-out odds."""
    return resolve(attack_from_fields(request_fields(request, ATTACK_FIELDS))).to_json()


ACTIONS = {"roll_fields": roll_fields, "odds_fields": odds_fields, "attack_fields": attack_fields}
