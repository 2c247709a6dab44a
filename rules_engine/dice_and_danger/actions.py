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

Every roll's reply (``roll_kind``, ``damage_roll``, ``health_roll``) carries ``share``: the
roll in chat words with the exact chance of a result this good or better: on a damage roll
this many hits or more, on a save (the Health save too) this many hits or fewer (a save's
hits hurt the roller), on a face roll this face or higher. The character generator's reply
(``character``) carries it too: five attributes have no better or worse as a whole, so its
chance is that of this exact character (these five attributes, in this order).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import cast

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.requests import Request, field_flag, labelled, request_fields, request_seed, request_text
from ..core.share import share_reply
from .builder import (
    MAX_CONDITIONS_HAD,
    MAX_CONDITIONS_NOW,
    SHIELDS,
    WEAPONS,
    Attack,
    HealthSave,
    build_damage,
    health_save,
    outcome_odds,
)
from .notation import KINDS, DiceAndDangerQuery, parse_with_kind
from .odds import face_distribution, odds
from .roll import ATTRIBUTE_QUERY, Character, DiceAndDangerRoll, generate_character, roll
from .rules import ARMOURS, ATTRIBUTE_NAMES, HD_READINGS, HEALTH_SAVE_OUTCOMES, MAX_TERM, health_save_outcome


def character_share(made: Character) -> dict[str, str]:
    """The new character in chat words: each attribute's three dice, the five attributes and
    Luck; the chance of this exact character (each attribute the lowest of its three dice,
    from the attribute roll's own face distribution)."""
    faces = face_distribution(ATTRIBUTE_QUERY)
    chance = Fraction(1)
    for value in made.attributes.values():
        chance *= faces.p(value)
    attributes = ", ".join(f"{name} {value}" for name, value in made.attributes.items())
    dice = ["(" + " ".join(map(str, r.dice)) + ")" for r in made.rolls]
    return share_reply(
        SYSTEM_NAME,
        f"{ATTRIBUTE_QUERY.notation} for each attribute",
        dice,
        f"{attributes}; Luck {made.luck.text}",
        chance,
        "this exact character (these five attributes, in this order)",
        what="character",
    )


def character(request: Request) -> dict[str, object]:
    """A new character, as the generator's JSON, and which die each attribute kept; plus
    the character in chat words (``share``)."""
    made = generate_character(request_seed(request))
    kept = {name: result.kept_positions[0] for name, result in zip(ATTRIBUTE_NAMES, made.rolls)}
    return {**made.to_json(), "attribute_kept": kept, "share": character_share(made)}


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


SYSTEM_NAME = "dice & danger"


def _chain(die: dict[str, object]) -> list[dict[str, object]]:
    """The dice a kept 6's crit rolled, as ``dice_detail`` lists them."""
    return cast("list[dict[str, object]]", die["chain"])


def share_dice(rolled: DiceAndDangerRoll) -> list[int | str]:
    """The dice for the chat, in roll order: a dropped die struck out (``~~5~~``, as Discord
    writes it), a kept 6 with the dice its crit rolled (``6→6→2``)."""
    return [
        f"~~{die['value']}~~"
        if die["fate"] == "dropped"
        else "\u2192".join(str(v) for v in [die["value"], *(c["value"] for c in _chain(die))])
        for die in rolled.dice_detail()
    ]


def share_chance(rolled: DiceAndDangerRoll) -> tuple[str, Fraction, str]:
    """The result in words, the exact chance of this result or better, and what it is the
    chance of. A save's hits hurt the roller, so fewer is better; explosions are followed
    far enough that a count of hits up to the cap is exact (``odds``)."""
    q = rolled.query
    result = odds(q)
    if q.dc is None:
        face = rolled.face
        if face is None:
            return "no die kept", Fraction(1), "any result"
        return f"a face of {face}", result.p_at_least(face), f"a face of {face} or more"
    hits = rolled.hits or 0
    words = f"{hits} {'hit' if hits == 1 else 'hits'}"
    if q.save:
        return words, result.dist.p_at_most(hits), f"{hits} or fewer hits on the save"
    return words, result.p_at_least(hits), f"{hits} or more hits"


def share(rolled: DiceAndDangerRoll, outcome: str = "") -> dict[str, str]:
    """The roll in chat words (``rules_engine.core.share``); ``outcome`` follows the hits (the
    Health save's outcome)."""
    words, chance, chance_of = share_chance(rolled)
    return share_reply(
        SYSTEM_NAME,
        rolled.query.notation,
        share_dice(rolled),
        words + (f": {outcome}" if outcome else ""),
        chance,
        chance_of,
    )


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
    return {**result.to_json(), "dice_detail": result.dice_detail(), **switch, "share": share(result)}


# --- the damage-roll builder ------------------------------------------------------------------
DAMAGE_FLAGS = (
    "acting",
    "expert",
    "prepared",
    "friend",
    "hit_defense",
    "unsuited",
    "heavy",
    "ranged",
    "crude",
    "off_hand",
)
DAMAGE_CHOICES: dict[str, tuple[str, ...]] = {
    "weapon": WEAPONS,
    "shield": SHIELDS,
    "armour": tuple(a.name for a in ARMOURS),
    "hd_reading": HD_READINGS,
}
#: The builder's fields in the order the engine checks them (the widget clears errors by it).
DAMAGE_FIELDS = (
    "acting",
    "expert",
    "prepared",
    "friend",
    "hit_defense",
    "hd_reading",
    "weapon",
    "unsuited",
    "heavy",
    "ranged",
    "crude",
    "off_hand",
    "shield",
    "armour",
)


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
    return Attack(
        acting=flags["acting"],
        expert=flags["expert"],
        prepared=flags["prepared"],
        friend_helps=flags["friend"],
        hit_defense_spent=flags["hit_defense"],
        hd_reading=choices["hd_reading"],
        weapon=choices["weapon"],
        suited=not flags["unsuited"],
        heavy=flags["heavy"],
        ranged=flags["ranged"],
        crude=flags["crude"],
        off_hand=flags["off_hand"],
        shield=choices["shield"],
        armour=choices["armour"],
    )


def damage_odds(request: Request) -> dict[str, object]:
    """The built damage roll: its terms and why, its canonical form and its exact odds."""
    built = build_damage(attack_from_fields(request_fields(request, DAMAGE_FIELDS)))
    result = odds(built.query)
    return {**result.to_json(), **result.chart_json(), **built.to_json()}


def damage_roll(request: Request) -> dict[str, object]:
    """A seeded roll of the built damage roll (its canonical form)."""
    built = build_damage(attack_from_fields(request_fields(request, DAMAGE_FIELDS)))
    result = roll(replace(built.query, notes=()), request_seed(request))
    return {**result.to_json(), "dice_detail": result.dice_detail(), "written": built.written, "share": share(result)}


# --- the Health-save helper --------------------------------------------------------------------
HEALTH_FIELDS = ("conditions_now", "conditions_had", "health")
#: The range each Health-save field takes (what ``health_save`` accepts).
HEALTH_RANGES = {
    "conditions_now": (1, MAX_CONDITIONS_NOW),
    "conditions_had": (0, MAX_CONDITIONS_HAD),
    "health": (0, MAX_TERM),
}


def save_from_fields(fields: dict[str, str]) -> HealthSave:
    """The Health save the helper's three fields describe."""
    now, had, health = (parse_whole_number(fields[name] or "0", name, *HEALTH_RANGES[name]) for name in HEALTH_FIELDS)
    return health_save(now, had, health)


def outcomes_json(query: DiceAndDangerQuery) -> list[dict[str, object]]:
    """Each Health save outcome with its exact chance (the last is that many hits or more)."""
    chances = outcome_odds(query)
    last = len(HEALTH_SAVE_OUTCOMES) - 1
    return [
        {
            "hits": hits,
            "to": hits if i < last else None,
            "name": name,
            "injury": injury,
            "ratio": ratio(p),
            "percent": percent(p, 2),
        }
        for i, ((hits, name, injury), p) in enumerate(zip(HEALTH_SAVE_OUTCOMES, chances))
    ]


def health_odds(request: Request) -> dict[str, object]:
    """The Health save's notation, the exact chance of each outcome and the hits' odds."""
    save = save_from_fields(request_fields(request, HEALTH_FIELDS))
    result = odds(save.query)
    return {
        **result.to_json(),
        **result.chart_json(),
        "written": save.written,
        "health_outcomes": outcomes_json(save.query),
    }


def health_roll(request: Request) -> dict[str, object]:
    """A seeded Health save and its outcome."""
    save = save_from_fields(request_fields(request, HEALTH_FIELDS))
    result = roll(replace(save.query, notes=()), request_seed(request))
    outcome = health_save_outcome(result.hits or 0)
    return {
        **result.to_json(),
        "dice_detail": result.dice_detail(),
        "written": save.written,
        "outcome": outcome,
        "share": share(result, outcome),
    }


#: Each field's label as the widgets show it (``macros/dice_and_danger.py``): errors use these words.
FIELD_LABELS = {
    "notation": "Notation",
    "kind": "Roll as",
    "seed": "Seed",
    "acting": "Acting",
    "expert": "Expert",
    "prepared": "Prepared",
    "friend": "A friend helps",
    "hit_defense": "Hit Defense spent",
    "hd_reading": "Who spends the Hit Defense",
    "weapon": "Weapon",
    "unsuited": "Not suited to the job",
    "heavy": "Heavy melee weapon",
    "ranged": "Ranged",
    "crude": "Simple or crude",
    "off_hand": "Light weapon in the off hand",
    "armour": "Armour (sets the DC)",
    "shield": "Shield",
    "conditions_now": "Conditions taken now",
    "conditions_had": "Conditions already had",
    "health": "Health",
}

ACTIONS = labelled(
    {
        "character": character,
        "odds_kind": odds_kind,
        "roll_kind": roll_kind,
        "damage_odds": damage_odds,
        "damage_roll": damage_roll,
        "health_odds": health_odds,
        "health_roll": health_roll,
    },
    FIELD_LABELS,
)
