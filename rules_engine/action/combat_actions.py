"""Action! part 2's widget actions for the browser bridge (``rules_engine.web``).

- ``damage_fields``: the damage calculator's form. Its text fields (damage, threshold,
  health, toughness, mass, wounds, shock, focus, luck) are checked in that order, each
  error naming its field; blank optional fields are left out (the rules that need them
  say so). ``options`` is the toggled option words, space-separated. The reply is what
  ``odds action "damage …" --json`` prints for the canonical notation it carries.
"""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.notation import parse_whole_number
from ..core.requests import Request, request_fields
from .combat_notation import DAMAGE_TERMS
from .damage import EXCLUSIVE, OPTION_WORDS, DamageReport, Hit, luck_rolls_problem
from .rules import DEFAULT_THRESHOLD, MAX_VALUE

#: The calculator's text fields, in the order the engine checks them.
DAMAGE_FIELDS = ("damage", "threshold", "health", "toughness", "mass", "wounds", "shock", "focus", "luck")
LABELS = {"damage": "damage (PV)", "threshold": "Wound Threshold", "health": "Health", "toughness": "Toughness",
          "mass": "Mass Value", "wounds": "wounds taken before", "shock": "shock taken before", "focus": "Focus",
          "luck": "Luck"}
REQUIRED = ("damage",)
DEFAULTS = {"threshold": DEFAULT_THRESHOLD, "wounds": 0, "shock": 0}


def _limits(name: str) -> tuple[int, int]:
    if name == "damage":
        return 0, MAX_VALUE
    _, _, low, high = DAMAGE_TERMS[name]
    return low, high


def hit_from_fields(request: Request) -> Hit:
    """The hit the form describes."""
    fields = request_fields(request, (*DAMAGE_FIELDS, "options"))
    values: dict[str, int | None] = {}
    for name in DAMAGE_FIELDS:
        text = fields[name]
        if text.strip() == "" and name not in REQUIRED:
            values[name] = DEFAULTS.get(name)
            continue
        low, high = _limits(name)
        try:
            values[name] = parse_whole_number(text, LABELS[name], low, high)
        except RulesError as error:
            error.field = name
            raise
    words = fields["options"].lower().split()
    unknown = [w for w in words if w not in OPTION_WORDS]
    if unknown:
        raise RulesError(f"unknown option {unknown[0]!r}: the options are {', '.join(OPTION_WORDS)}",
                         field="options")
    chosen = frozenset(words)
    for first, second in EXCLUSIVE:
        if first in chosen and second in chosen:
            raise RulesError(f"{first} and {second} cannot both apply: pick one", field="options")
    hit = Hit(values["damage"], values["threshold"], values["health"], values["toughness"],  # type: ignore[arg-type]
              values["mass"], values["wounds"], values["shock"], values["focus"], values["luck"],  # type: ignore[arg-type]
              None, chosen)
    problem = luck_rolls_problem(hit)
    if problem:
        raise RulesError(problem, field="luck")
    return hit


def damage_fields(request: Request) -> dict[str, object]:
    """The damage calculator: everything one hit does (``odds action "damage …" --json``'s keys)."""
    return DamageReport(hit_from_fields(request)).to_json()


ACTIONS = {"damage_fields": damage_fields}
