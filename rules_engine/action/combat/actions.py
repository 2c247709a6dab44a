"""Action! part 2's widget actions for the browser bridge (``rules_engine.web``).

- ``damage_fields``: the damage calculator's form. Its text fields (damage, threshold,
  health, toughness, mass, wounds, shock, focus, luck) are checked in that order, each
  error naming its field; blank optional fields are left out (the rules that need them
  say so). ``options`` is the toggled option words, space-separated. The reply is what
  ``odds action "damage …" --json`` prints for the canonical notation it carries.
"""

from __future__ import annotations

from ...core.errors import RulesError
from ...core.notation import parse_whole_number
from ...core.requests import Request, labelled, request_fields
from ..roll.notation import leading_word
from ..roll.rules import DEFAULT_THRESHOLD, MAX_VALUE
from .damage import EXCLUSIVE, OPTION_WORDS, DamageReport, Hit, luck_rolls_problem
from .notation import DAMAGE_TERMS, NOTATIONS

#: The calculator's text fields, in the order the engine checks them.
DAMAGE_FIELDS = ("damage", "threshold", "health", "toughness", "mass", "wall", "wounds", "shock", "focus", "luck")
#: Each field's label as the damage calculator shows it (``macros/action_combat.py``): errors use these words.
LABELS = {
    "damage": "Damage (PV)",
    "threshold": "Wound Threshold",
    "health": "Health",
    "toughness": "Toughness",
    "mass": "Mass Value",
    "wall": "Solid object behind (m)",
    "wounds": "Wounds before",
    "shock": "Shock before",
    "focus": "Focus",
    "luck": "Luck",
    "options": "Other optional rules",
    "notation": "Combat notation",
}
#: The combat calculator's first notation (``macros/action_combat.py``).
COMBAT_EXAMPLE = "mook 8 vs 5 ev 6 vs 2"
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
        raise RulesError(f"unknown option {unknown[0]!r}: the options are {', '.join(OPTION_WORDS)}", field="options")
    chosen = frozenset(words)
    for first, second in EXCLUSIVE:
        if first in chosen and second in chosen:
            raise RulesError(f"{first} and {second} cannot both apply: pick one", field="options")

    def given(name: str) -> int:
        value = values[name]
        assert value is not None  # required, or defaulted in DEFAULTS
        return value

    hit = Hit(
        given("damage"),
        given("threshold"),
        values["health"],
        values["toughness"],
        values["mass"],
        given("wounds"),
        given("shock"),
        values["focus"],
        values["luck"],
        values["wall"],
        chosen,
    )
    problem = luck_rolls_problem(hit)
    if problem:
        raise RulesError(problem, field="luck")
    return hit


def damage_fields(request: Request) -> dict[str, object]:
    """The damage calculator: everything one hit does (``odds action "damage …" --json``'s keys)."""
    return DamageReport(hit_from_fields(request)).to_json()


def combat_notation(request: Request) -> dict[str, object]:
    """The combat calculator: one combat notation (``mook``, ``fall``, ``heroic``, ``shots``,
    ``cover``, ``conflict``, ``damage`` and its numbers, or ``stack`` and its cards and events) worked
    out exactly, as
    ``odds action NOTATION --json`` gives it (``lines`` included); anything else is refused
    with its caret in the field."""
    text = request_fields(request, ("notation",))["notation"]
    word = leading_word(text)
    if word not in NOTATIONS:
        start = len(text) - len(text.lstrip())
        raise RulesError(
            f"write a combat notation: one of {', '.join(NOTATIONS)}, then its numbers, as in {COMBAT_EXAMPLE}",
            notation=text,
            position=min(start, max(len(text) - 1, 0)),
            length=max(1, len(word)),
            field="notation",
        )
    try:
        return NOTATIONS[word](text).to_json()
    except RulesError as error:
        error.field = "notation"
        raise


ACTIONS = labelled({"damage_fields": damage_fields, "combat_odds": combat_notation}, LABELS)
