"""dice & danger's widget actions for the browser bridge (``rules_engine.web``).

- ``odds_kind`` / ``roll_kind``: the notation box with its damage/save switch (``kind``;
  a ``save`` or ``damage`` written at the start of the notation wins). The odds come with
  the canonical form, the notes and what the chart draws; the roll is the canonical form's
  (its lines are what ``python -m rules_engine roll dice-and-danger CANONICAL --seed N``
  prints) with each die's part in it. Both say which kind the switch should show. A
  notation error names the field ``notation``.
- ``character``: a new character (optionally seeded), plus ``attribute_kept``: which of
  each attribute's dice was kept.
- ``damage_odds`` / ``damage_roll``: the damage-roll builder (``builder.py``). Its form
  ``fields`` are text: the switches ``acting``, ``expert``, ``prepared``, ``friend``,
  ``hit_defense``, ``unsuited``, ``heavy``, ``ranged``, ``crude``, ``off_hand`` (``on``/
  ``true``/``1`` on; ``""``, absent, ``off``/``false``/``0`` off: an absent ``acting`` is
  off too) and the choices ``weapon`` (``none`` swords axes clubs spears), ``shield``
  (``none`` shield tower), ``armour`` (``none`` leather splint chain plate) and
  ``hd_reading`` (``target`` bonus literal); blank choices take the first. The reply is
  ``odds_kind``'s (canonical ``notation``, odds, chart) plus ``written`` (every term
  written out, a notation the command line accepts as it is), ``steps`` (``term``,
  ``why``, ``field``, ``other_side``), ``dc`` and ``armour``; the roll is the canonical
  form's, as ``roll_kind`` gives it, plus ``written``. An error names its field.
- ``health_odds`` / ``health_roll``: the Health-save helper, fields ``conditions_now``
  (1 or more), ``conditions_had`` and ``health`` (whole numbers). The reply is the save's
  odds (as ``odds_kind``) plus ``written`` and ``health_outcomes``: one per outcome of the
  Health save (``hits``, ``to`` (``null`` for "or more"), ``name``, ``injury``, ``ratio``,
  ``percent``), exact, summing to 1; the roll adds ``outcome``, the rolled hits' outcome.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.requests import Request, field_flag, request_fields, request_seed, request_text
from .builder import SHIELDS, WEAPONS, Attack, HealthSave, build_damage, health_save, outcome_odds
from .notation import KINDS, DiceAndDangerQuery, parse_with_kind
from .odds import odds
from .roll import generate_character, roll
from .rules import ARMOURS, ATTRIBUTE_NAMES, HD_READINGS, HEALTH_SAVE_OUTCOMES, health_save_outcome


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


# --- the damage-roll builder ------------------------------------------------------------------
DAMAGE_FLAGS = ("acting", "expert", "prepared", "friend", "hit_defense", "unsuited", "heavy", "ranged", "crude",
                "off_hand")
DAMAGE_CHOICES: dict[str, tuple[str, ...]] = {
    "weapon": WEAPONS, "shield": SHIELDS, "armour": tuple(a.name for a in ARMOURS), "hd_reading": HD_READINGS,
}
#: The builder's fields in the order the engine checks them (the widget clears errors by it).
DAMAGE_FIELDS = ("acting", "expert", "prepared", "friend", "hit_defense", "hd_reading", "weapon", "unsuited",
                 "heavy", "ranged", "crude", "off_hand", "shield", "armour")


def _choice(text: str, name: str, choices: tuple[str, ...]) -> str:
    """A choice field's value (blank: the first choice), else a ``RulesError`` on it."""
    value = text.strip().lower() or choices[0]
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}, not {text[:20]!r}", field=name)
    return value


def attack_from_fields(fields: dict[str, str]) -> Attack:
    """The attack the builder's form describes (see the module's docstring)."""
    flags = {name: field_flag(fields[name], name) for name in DAMAGE_FLAGS}
    choices = {name: _choice(fields[name], name, options) for name, options in DAMAGE_CHOICES.items()}
    return Attack(acting=flags["acting"], expert=flags["expert"], prepared=flags["prepared"],
                  friend_helps=flags["friend"], hit_defense_spent=flags["hit_defense"],
                  hd_reading=choices["hd_reading"], weapon=choices["weapon"], suited=not flags["unsuited"],
                  heavy=flags["heavy"], ranged=flags["ranged"], crude=flags["crude"], off_hand=flags["off_hand"],
                  shield=choices["shield"], armour=choices["armour"])


def damage_odds(request: Request) -> dict[str, object]:
    """The built damage roll: its terms and why, its canonical form and its exact odds."""
    built = build_damage(attack_from_fields(request_fields(request, DAMAGE_FIELDS)))
    result = odds(built.query)
    return {**result.to_json(), **result.chart_json(), **built.to_json()}


def damage_roll(request: Request) -> dict[str, object]:
    """A seeded roll of the built damage roll (its canonical form)."""
    built = build_damage(attack_from_fields(request_fields(request, DAMAGE_FIELDS)))
    result = roll(replace(built.query, notes=()), request_seed(request))
    return {**result.to_json(), "dice_detail": result.dice_detail(), "written": built.written}


# --- the Health-save helper --------------------------------------------------------------------
HEALTH_FIELDS = ("conditions_now", "conditions_had", "health")
#: The largest number a Health-save field takes as typed (the helper checks each's range).
_HEALTH_TYPED_MAX = 10**6


def save_from_fields(fields: dict[str, str]) -> HealthSave:
    """The Health save the helper's three fields describe."""
    now, had, health = (parse_whole_number(fields[name] or "0", name, -_HEALTH_TYPED_MAX, _HEALTH_TYPED_MAX)
                        for name in HEALTH_FIELDS)
    return health_save(now, had, health)


def outcomes_json(query: DiceAndDangerQuery) -> list[dict[str, object]]:
    """Each Health save outcome with its exact chance (the last is that many hits or more)."""
    chances = outcome_odds(query)
    last = len(HEALTH_SAVE_OUTCOMES) - 1
    return [{"hits": hits, "to": hits if i < last else None, "name": name, "injury": injury,
             "ratio": ratio(p), "percent": percent(p, 2)}
            for i, ((hits, name, injury), p) in enumerate(zip(HEALTH_SAVE_OUTCOMES, chances))]


def health_odds(request: Request) -> dict[str, object]:
    """The Health save's notation, the exact chance of each outcome and the hits' odds."""
    save = save_from_fields(request_fields(request, HEALTH_FIELDS))
    result = odds(save.query)
    return {**result.to_json(), **result.chart_json(), "written": save.written,
            "health_outcomes": outcomes_json(save.query)}


def health_roll(request: Request) -> dict[str, object]:
    """A seeded Health save and its outcome."""
    save = save_from_fields(request_fields(request, HEALTH_FIELDS))
    result = roll(replace(save.query, notes=()), request_seed(request))
    return {**result.to_json(), "dice_detail": result.dice_detail(), "written": save.written,
            "outcome": health_save_outcome(result.hits or 0)}


ACTIONS = {"character": character, "odds_kind": odds_kind, "roll_kind": roll_kind,
           "damage_odds": damage_odds, "damage_roll": damage_roll,
           "health_odds": health_odds, "health_roll": health_roll}
