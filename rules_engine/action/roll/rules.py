"""Action!'s rules as data and small pure functions: the degrees, the action types, how
an action's numbers follow from its dice, and the value table (source 001)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

SIDES = 10  # a d10 reads 1–10: the face marked 0 is 10
DEFAULT_THRESHOLD = 5
TOTAL_FAILURE_MARGIN = 5  # an Outcome of −5 or lower: the literal 5, not the Threshold
ACTIVE_DEFENCE_BONUS = 5  # an active defence is skill + 5 and costs a Shot

# Input limits: every total that sets how much work the odds are is bounded.
MAX_VALUE = 999  # skill, defence and each side's EV bonus, in absolute value
MAX_THRESHOLD = 100
MAX_DICE_PER_SIDE = 10  # positive dice, and negative dice, in all


@dataclass(frozen=True)
class Degree:
    """One of the eight degrees of success and what it does."""

    name: str
    effect: str


DEGREES: tuple[Degree, ...] = (
    Degree("Fumble", "the action goes wrong and makes things worse; the GM says how"),
    Degree("Total Failure", "the action fails, and trying it again counts as Hazardous"),
    Degree("Failure", "the action fails without further trouble; it becomes One-Shot (no second try)"),
    Degree("Success", "the action works; you may keep going with the same action, Inspired"),
    Degree(
        "Major Success",
        "one short-term gain (by default: Inspired on your next action); "
        "the opponent loses 1 pool point (by default a Shot or Shock)",
    ),
    Degree(
        "Negotiated Victory",
        "one long-term gain (by default: Inspired for the rest of the encounter); the opponent loses 2 pool points",
    ),
    Degree("Victory", "the long-term gain of a Negotiated Victory; the opponent loses 3 pool points"),
    Degree("Total Victory", "the opponent loses every point of one pool of your choice"),
)
DEGREE_NAMES = tuple(d.name for d in DEGREES)
FUMBLE, TOTAL_FAILURE, FAILURE, SUCCESS = 0, 1, 2, 3
TOTAL_VICTORY = 7


@dataclass(frozen=True)
class ActionType:
    """A kind of action that changes the roll or its result."""

    word: str  # as written in a notation
    name: str
    effect: str


ACTION_TYPES: tuple[ActionType, ...] = (
    ActionType("inspired", "Inspired", "one more positive die"),
    ActionType("wild", "Wild", "one more positive and one more negative die"),
    ActionType(
        "stymied",
        "Stymied",
        "positive dice do not reroll their 10s; the first extra positive die "
        "(Inspired, Wild or added) is dropped instead, and then every die is open; "
        "it lasts until the target gains a positive d10 or the scene ends",
    ),
    ActionType("routine", "Routine", "the dice add at least +1 to the skill"),
    ActionType("static", "Static", "no dice: the Action Value is the skill itself"),
    ActionType("boosted", "Boosted", "a successful action adds the Threshold to its Effect Value"),
    ActionType("hindered", "Hindered", "a successful action takes the Threshold off its Effect Value"),
    ActionType("promising", "Promising", "a successful action counts its Outcome twice"),
    ActionType("hazardous", "Hazardous", "any failure is a Fumble"),
    ActionType(
        "experimental",
        "Experimental",
        "any pair (first positive and first negative die on the same face) works as a double-0",
    ),
    ActionType("one-shot", "One-Shot", "cannot be tried again (no change to the roll)"),
)
TYPE_WORDS = tuple(t.word for t in ACTION_TYPES)


@dataclass(frozen=True)
class DicePlan:
    """The dice an action rolls: how many positive and negative d10s, whether the positive
    ones are closed (Stymied with no extra positive die), and how many extra positive dice
    Stymied drops."""

    positive: int
    negative: int
    positive_closed: bool = False
    dropped: int = 0

    @property
    def rolls(self) -> bool:
        return self.positive + self.negative > 0


def dice_plan(
    types: frozenset[str],
    extra_positive: int = 0,
    extra_negative: int = 0,
    base_positive: int = 1,
    base_negative: int = 1,
) -> DicePlan:
    """The dice for a set of action types and extra dice (``+Nd``/``-Nd``).

    A plain roll is one positive and one negative die (a house rule may change the
    ``base_…`` counts); Inspired adds a positive die, Wild one of each. Stymied closes the
    positive dice, unless there is an extra positive die: then the first extra one is
    dropped and every die stays open. Static rolls nothing."""
    if "static" in types:
        return DicePlan(0, 0)
    positive = base_positive + ("inspired" in types) + ("wild" in types) + extra_positive
    negative = base_negative + ("wild" in types) + extra_negative
    if "stymied" in types:
        if positive > base_positive:
            return DicePlan(positive - 1, negative, dropped=1)
        return DicePlan(positive, negative, positive_closed=True)
    return DicePlan(positive, negative)


def routine_dice(dice_part: int, types: frozenset[str]) -> int:
    """The dice part as it counts: Routine lifts it to at least +1."""
    return max(dice_part, 1) if "routine" in types else dice_part


def payoff(outcome: int, ev_bonus: int, threshold: int, types: frozenset[str]) -> int:
    """PV = Offensive EV − Defensive EV = Outcome + (attacker's − defender's attribute and
    modifiers), with a successful action's Promising (Outcome counted twice), or Boosted
    (+Threshold) and Hindered (−Threshold). Promising takes the place of Boosted and
    Hindered (they are not cumulative with it)."""
    pv = outcome + ev_bonus
    if outcome < 0:
        return pv
    if "promising" in types:
        return pv + outcome
    return pv + threshold * (("boosted" in types) - ("hindered" in types))


#: The PV, in Thresholds, at which Major Success, Negotiated Victory, Victory and Total Victory start.
DEGREE_STEPS = (1, 2, 3, 4)


class DegreeRules(TypedDict):
    """A rule set's keywords for ``degree_index``."""

    steps: tuple[int, ...]
    total_failure: int | None
    double_fumbles: bool
    double_wins: bool


def degree_index(
    av: int,
    outcome: int,
    pv: int,
    threshold: int,
    double: bool,
    types: frozenset[str],
    *,
    steps: tuple[int, ...] = DEGREE_STEPS,
    total_failure: int | None = TOTAL_FAILURE_MARGIN,
    double_fumbles: bool = True,
    double_wins: bool = True,
) -> int:
    """The degree (index into ``DEGREES``), in order of precedence: AV below 0 is a Fumble;
    a double-0 makes any failure a Fumble and any success a Total Victory; Hazardous makes
    any failure a Fumble; otherwise Outcome −5 or lower is a Total Failure, below 0 a
    Failure, and from 0 up PV sets the degree by steps of the Threshold.

    The keywords are a house rule's (``action/house_rules.py``): the steps of the degrees
    above Success in Thresholds, the Total Failure margin (``None``: no Total Failure), and
    which half of the double-0 rule applies."""
    if av < 0:
        return FUMBLE
    if outcome < 0:
        if (double and double_fumbles) or "hazardous" in types:
            return FUMBLE
        return TOTAL_FAILURE if total_failure is not None and outcome <= -total_failure else FAILURE
    if double and double_wins:
        return TOTAL_VICTORY
    return SUCCESS + sum(1 for step in steps if pv >= step * threshold)


# --- the value table -----------------------------------------------------------------------
@dataclass(frozen=True)
class ValueRow:
    """One row of the value table, as the source prints it."""

    value: int
    range: str
    time: str
    weight: str


VALUE_TABLE: tuple[ValueRow, ...] = tuple(
    ValueRow(v, r, t, w)
    for v, r, t, w in (
        (0, "0 cm", "1 Shot (Move)", "0 kg"),
        (1, "10 cm", "3 Shots (Action)", "1 kg"),
        (2, "30 cm", "1 Sequence", "2 kg"),
        (3, "1 m", "3 Sequences", "4 kg"),
        (4, "3 m", "1 minute", "6 kg"),
        (5, "10 m", "3 minutes", "10 kg"),
        (6, "30 m", "10 minutes", "15 kg"),
        (7, "100 m", "30 minutes", "25 kg"),
        (8, "300 m", "1,5 hours", "40 kg"),
        (9, "1 km", "4,5 hours", "60 kg"),
        (10, "3 km", "12 hours", "100 kg"),
        (11, "10 km", "36 hours", "150 kg"),
        (12, "30 km", "5 days", "250 kg"),
        (13, "100 km", "2 weeks", "400 kg"),
        (14, "300 km", "6 weeks", "600 kg"),
        (15, "1000 km", "5 months", "1000 kg"),
        (16, "3000 km", "1 year", "1500 kg"),
        (17, "10000 km", "3 years", "2500 kg"),
        (18, "30000 km", "10 years", "4000 kg"),
        (19, "100000 km", "30 years", "6000 kg"),
        (20, "300000 km", "100 years", "10 tons"),
    )
)

#: Units the converter reads, by kind, each in the kind's base unit (metres, seconds,
#: kilograms). A Shot counts as 1 second and a Sequence as 6 (ruling); a month is a
#: twelfth of a 365-day year.
DAY = 24 * 3600
YEAR = 365 * DAY
UNITS: dict[str, dict[str, Fraction]] = {
    "range": {
        "mm": Fraction(1, 1000),
        "cm": Fraction(1, 100),
        "m": Fraction(1),
        "km": Fraction(1000),
        "metre": Fraction(1),
        "meter": Fraction(1),
        "kilometre": Fraction(1000),
        "kilometer": Fraction(1000),
    },
    "time": {
        "shot": Fraction(1),
        "sequence": Fraction(6),
        "second": Fraction(1),
        "s": Fraction(1),
        "sec": Fraction(1),
        "minute": Fraction(60),
        "min": Fraction(60),
        "hour": Fraction(3600),
        "h": Fraction(3600),
        "day": Fraction(DAY),
        "week": Fraction(7 * DAY),
        "month": Fraction(YEAR, 12),
        "year": Fraction(YEAR),
    },
    "weight": {
        "g": Fraction(1, 1000),
        "kg": Fraction(1),
        "ton": Fraction(1000),
        "t": Fraction(1000),
        "tonne": Fraction(1000),
        "gram": Fraction(1, 1000),
        "kilogram": Fraction(1),
    },
}
KINDS = ("range", "time", "weight")


def unit_of(word: str) -> tuple[str, Fraction] | None:
    """``(kind, size in the base unit)`` for a unit word (any case, plural s allowed)."""
    lowered = word.lower()
    for candidate in (lowered, lowered[:-1] if lowered.endswith("s") and len(lowered) > 1 else None):
        if candidate is None:
            continue
        for kind, units in UNITS.items():
            if candidate in units:
                return kind, units[candidate]
    return None


def measure_amount(printed: str) -> tuple[str, Fraction]:
    """A printed table entry (``1,5 hours``, ``3 Shots (Action)``) as ``(kind, base units)``."""
    number, unit = printed.split(" (")[0].split(" ", 1)
    kind, size = unit_of(unit)  # type: ignore[misc]  # every printed unit is known
    return kind, Fraction(number.replace(",", ".")) * size


def value_for(kind: str, amount: Fraction) -> int:
    """The value of a measure: the highest value whose table entry does not exceed it
    (0 at the bottom; 20 for anything at or past the top row)."""
    best = 0
    for row in VALUE_TABLE:
        if measure_amount(getattr(row, kind))[1] <= amount:
            best = row.value
    return best


def row_for(value: int) -> ValueRow:
    """The value table's row for a value 0–20."""
    return VALUE_TABLE[value]
