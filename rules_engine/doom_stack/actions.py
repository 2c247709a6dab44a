"""Doom Stack's widget actions for the browser bridge (``rules_engine.web``).

The roller's form sends its fields as text: ``odds_fields`` answers with the exact odds,
``roll_fields`` with a seeded roll (with every stack the dice allow, and ``share``: the roll
in chat words with the exact chance of a best stack this big or bigger), both with the pool
line the fields assemble. ``attack_fields`` resolves the attack helper's form (fields
``attack``, ``defence``, ``cover``, ``body``, ``hard``, ``antitank``, ``boxes``,
``physical``, ``stun``, ``overflow``) as ``odds doom-stack "attack …" --json`` does, with
the canonical notation.
"""

from __future__ import annotations

from ..core.exact import percent
from ..core.requests import Request, labelled, request_fields, request_seed
from ..core.share import share_reply
from .attack import ATTACK_FIELDS, resolve
from .attack import query_from_fields as attack_from_fields
from .notation import DoomStackQuery, query_from_fields
from .odds import odds
from .roll import DoomStackRoll, pool_line, roll
from .rules import performance_name

#: The roller's fields, in the order the engine checks them.
FIELDS = ("attribute", "skill", "modifiers", "tn")


def _query(request: Request) -> tuple[DoomStackQuery, str]:
    """The query the form's fields make, and the line that says how the pool was built."""
    fields = request_fields(request, FIELDS)
    query, pool = query_from_fields(*(fields[name] for name in FIELDS))
    return query, pool_line(pool)


def share(rolled: DoomStackRoll) -> dict[str, str]:
    """The roll in chat words (``rules_engine.core.share``): the best stack and, with a TN,
    its verdict; the chance of a best stack at least this big from the pool's exact
    distribution and, with a TN, the chance of success at it."""
    value = rolled.stack.value
    outcome = rolled.outcome
    if outcome is None:
        result = f"best stack {value}"
    elif not outcome.success:
        result = f"Failure, best stack {value} vs TN {outcome.tn}"
    elif outcome.glitch:
        result = f"Glitch (a success with a complication), best stack {value} vs TN {outcome.tn}"
    else:
        result = f"Success, {performance_name(outcome.performance or 0)}, best stack {value} vs TN {outcome.tn}"
    exact = odds(rolled.query)
    at_tn = exact.odds
    success = None if at_tn is None else (f"success at TN {at_tn.tn} (a glitch included)", at_tn.success)
    return share_reply(
        "Doom Stack",
        rolled.query.notation,
        rolled.dice,
        result,
        exact.dist.p_at_least(value),
        f"a best stack of {value} or more",
        success=success,
    )


def roll_fields(request: Request) -> dict[str, object]:
    """A seeded roll of the form's pool, as ``roll --json`` writes it, plus the pool line and
    the roll in chat words (``share``)."""
    query, assembled = _query(request)
    rolled = roll(query, request_seed(request))
    return {**rolled.to_json(), "pool_line": assembled, "share": share(rolled)}


def odds_fields(request: Request) -> dict[str, object]:
    """The exact odds of the form's pool, plus the pool line and the percentages to show."""
    query, assembled = _query(request)
    result = odds(query)
    shown = result.odds
    percents = (
        {}
        if shown is None
        else {
            "success": percent(shown.success, 2),
            "glitch": percent(shown.glitch, 2),
            "failure": percent(shown.failure, 2),
        }
    )
    return {**result.to_json(), "pool_line": assembled, "percent": percents}


def attack_fields(request: Request) -> dict[str, object]:
    """The attack helper's form resolved: damage, the track filled, bleeding-out odds."""
    return resolve(attack_from_fields(request_fields(request, ATTACK_FIELDS))).to_json()


#: Each field's label as the roller and the attack helper show it (``macros/doom_stack.py``):
#: errors use these words.
FIELD_LABELS = {
    "attribute": "Attribute",
    "skill": "Skill",
    "modifiers": "Modifiers",
    "tn": "TN",
    "TN": "TN",
    "seed": "Seed",
    "attack": "Attacker's stack",
    "defence": "Defender's stack",
    "body": "Body armour",
    "hard": "Hard armour",
    "boxes": "Hit boxes",
    "physical": "Boxes marked X",
    "stun": "Boxes marked /",
    "overflow": "Overflow",
    "cover": "Defender in cover",
    "antitank": "Antitank attack",
}

ACTIONS = labelled(
    {"roll_fields": roll_fields, "odds_fields": odds_fields, "attack_fields": attack_fields}, FIELD_LABELS
)
