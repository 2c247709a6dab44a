"""Action! part 1: the reference tables of the roll (degrees, types, odds, the value table),
generated here from the rules (keys ``action-…``)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

from ...core.exact import percent, ratio
from ...core.tables import Cell, Erratum, Table, cell
from .notation import make_query
from .odds import degree_odds, p_double
from .rules import ACTION_TYPES, DEFAULT_THRESHOLD, DEGREE_NAMES, DEGREES, VALUE_TABLE

#: The odds tables hold the defence at this value and move the skill around it.
TABLE_DEFENCE = 10
DIFFERENCES = tuple(range(-10, 11))
#: The types with an odds table of their own (One-Shot changes no roll).
ODDS_TYPES = tuple(t.word for t in ACTION_TYPES if t.word != "one-shot")
SHORT = {
    "Total Failure": "Total Fail.",
    "Major Success": "Major",
    "Negotiated Victory": "Negotiated",
    "Total Victory": "Total Vict.",
}


def pct(value: Fraction, places: int = 1) -> Cell:
    """A probability cell printed as a percentage, carrying the exact value."""
    return Cell(percent(value, places), value)


def exact(value: Fraction) -> Cell:
    """A probability cell printed as its exact fraction."""
    return Cell(ratio(value) if value not in (0, 1) else str(value), value)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def degree_odds_table(word: str | None = None, *, fractions: bool = False) -> Table:
    """Each degree's chance as skill − defence runs from −10 to +10 (defence 10)."""
    types = frozenset({word}) if word else frozenset()
    rows = []
    for difference in DIFFERENCES:
        odds = degree_odds(make_query(TABLE_DEFENCE + difference, TABLE_DEFENCE, types=types))
        rows.append((Cell(_signed(difference), difference), *((exact if fractions else pct)(p) for p in odds)))
    name = next(t.name for t in ACTION_TYPES if t.word == word) if word else "plain roll"
    key = f"action-odds-{word or 'plain'}" + ("-exact" if fractions else "")
    caption = (
        f"Degree odds, {name}"
        + (", exact fractions" if fractions else "")
        + f", by skill − defence (defence {TABLE_DEFENCE})"
    )
    headers = ("Skill − defence", *(DEGREE_NAMES if fractions else (SHORT.get(n, n) for n in DEGREE_NAMES)))
    return Table(
        key,
        caption,
        tuple(headers),
        tuple(rows),
        (
            f"Threshold {DEFAULT_THRESHOLD}, no attributes (PV = Outcome). Exact: open-ended dice are "
            "followed to the end, nothing is cut.",
        ),
    )


def double0_table() -> Table:
    """P(double-0) (and of any pair, for Experimental) for each set of dice."""
    rows = []
    for label, types in (
        ("Plain roll", ()),
        ("Inspired", ("inspired",)),
        ("Wild", ("wild",)),
        ("Stymied", ("stymied",)),
        ("Experimental", ("experimental",)),
        ("Static", ("static",)),
    ):
        double0, pair = p_double(make_query(10, 10, types=frozenset(types)))
        counts = pair if "experimental" in types else double0
        rows.append((cell(label), exact(double0), pct(double0, 1), exact(counts)))
    return Table(
        "action-double0",
        "Chance of a double-0",
        ("Roll", "Double-0", "As %", "Counts as double-0"),
        tuple(rows),
        ("With Experimental, any pair on the first positive and first negative die counts.",),
    )


def degrees_table() -> Table:
    """The eight degrees: when each comes, and what it does."""
    when = (
        "AV below 0; or a double-0 with Outcome below 0 (any failure when Hazardous)",
        "Outcome −5 or lower",
        "Outcome −4 to −1",
        "Outcome 0 or more, PV below T",
        "PV T to 2T − 1",
        "PV 2T to 3T − 1",
        "PV 3T to 4T − 1",
        "PV 4T or more; or a double-0 with Outcome 0 or more",
    )
    rows = tuple((cell(d.name), cell(w), cell(d.effect)) for d, w in zip(DEGREES, when))
    return Table(
        "action-degrees",
        "The eight degrees (T: the Threshold, 5 unless given)",
        ("Degree", "When", "What it does"),
        rows,
    )


def types_table() -> Table:
    """The action types and what each does."""
    rows = tuple((cell(t.name), cell(t.word), cell(t.effect)) for t in ACTION_TYPES)
    return Table("action-types", "Types of action", ("Type", "Notation word", "What it does"), rows)


def value_table() -> Table:
    """The value table: range, time and weight for values 0–20 (as the source prints them)."""
    rows = tuple((Cell(str(r.value), r.value), cell(r.range), cell(r.time), cell(r.weight)) for r in VALUE_TABLE)
    return Table("action-values", "Value table", ("Value", "Range", "Time", "Weight"), rows)


#: Examples of actions: what each costs and does (summarised in this SRD's words).
EXAMPLE_ACTIONS = (
    ("Reload", "Action or Move", "reloads one item"),
    (
        "Active Defense",
        "Active Defense",
        "any combat skill serves as the defence, whatever the attack; a Move of 1 comes with it",
    ),
    ("Move", "Free Action", "your Move in metres each time you act, up to twice a round; never added to a Full Move"),
    ("Full Move", "Action", "as far as twice your Move; you can still make an Active Defense"),
    ("Aim", "Action", "+2 to hit on your next action; aiming again before it still gives +2"),
    ("Setup", "10 times normal", "+1 die for your next action (never a One-Shot one)"),
    ("Three round burst", "Action", "+3 Damage"),
    ("Burst Fire", "Action", "Augment 1; a double on the roll empties the weapon"),
    ("Full-Auto Fire", "Action", "+d10 AV, Augment 1; the weapon is empty afterwards unless the roll shows a double"),
    (
        "Support",
        "Action",
        "roll any Proficiency + Attribute against the opponent; at 5 EV one ally gains a "
        "positive d10 for an action of this kind",
    ),
    ("Leadership", "Action", "roll Leadership + Charisma against the opponent; at 5 EV each ally gains 1 Soul point"),
    (
        "Maneuver",
        "Action",
        "roll Stunt + Strength or Agility against the opponent; the EV deals shock points, "
        "and each whole Threshold in it is −1 impairment for EV/Threshold Sequences",
    ),
    (
        "Trick",
        "Action",
        "whole Thresholds in the EV: 0 no effect; 1 a +die; 2 a lasting effect (Setback, a "
        "permanent +die); 3 a negotiated win; 4 or more total success: the target loses all Shots "
        "and cannot act until a Trick + Wits roll beats the EV",
    ),
    (
        "Bluff",
        "Action",
        "whole Thresholds in the EV: 0 no effect; 1 a +die, or the lie lasts EV rounds; 2 the "
        "Outcome added to AV and a +die, the lie lasting EV minutes; 3 the lie stands for as "
        "long as the character stays and nobody questions it; 4 or more the target greets the "
        "character as a friend",
    ),
)

#: What each kind of contest rolls and adds (the source's table of effects).
EFFECTS = (
    ("Attack Action", "Attack Skill", "Damage Value of Attack", "Defense Skill", "Toughness+Armor"),
    ("Social Humiliation", "Social", "Charisma", "Social/Willpower", "Empathy"),
    ("Running", "Athletics", "Move", "Athletics", "Move"),
    ("Fast-Talk & Persuasion", "Bluff", "Manipulation", "Bluff/Willpower", "Empathy"),
    ("Throwing", "Throwing", "Strength", "Defense (Throwing/Dodge)", "Object's Weight Value+5"),
    ("Dogfight", "Pilot/Captain", "Wits+Maneuver or Speed", "Pilot/Captain", "Wits+Maneuver or Speed"),
    ("Car Chase", "Drive", "Wits+Maneuver or Speed", "Drive", "Wits+Maneuver or Speed"),
    ("Information on Subject", "Academics/Appropriate skill", "Intelligence", "0 (or Deceit)", "Obscurity of Subject"),
    ("Siege Warfare", "Tactics", "Intelligence", "Tactics", "Intelligence"),
    ("Holding someone down", "Martial Arts", "Strength", "Martial Arts", "Strength or Agility"),
    ("Gambling", "Gambling", "Luck, Wits or Intelligence", "Gambling", "Luck, Wits or Intelligence"),
    ("Battle of Wits", "Performance", "Charisma or Manipulation", "Performance", "Charisma or Manipulation"),
)


def examples_table() -> Table:
    rows = tuple(tuple(cell(x) for x in row) for row in EXAMPLE_ACTIONS)
    return Table("action-examples", "Examples of actions", ("Action", "Cost", "What it does"), rows)


def effects_table() -> Table:
    rows = tuple(tuple(cell(x) for x in row) for row in EFFECTS)
    return Table(
        "action-effects",
        "Effects: what each side rolls and adds",
        ("Effect", "Attack skill", "Attack value (EV)", "Defense skill", "Defense value (EV)"),
        rows,
    )


TABLES: dict[str, Callable[[], Table]] = {
    "degrees": degrees_table,
    "types": types_table,
    "odds-plain": degree_odds_table,
    "odds-plain-exact": lambda: degree_odds_table(fractions=True),
    **{f"odds-{word}": partial(degree_odds_table, word) for word in ODDS_TYPES},
    "double0": double0_table,
    "values": value_table,
    "examples": examples_table,
    "effects": effects_table,
}


def chart_series(word: str | None) -> dict[int, Fraction]:
    """P(Success or better) by skill − defence (defence 10), for the chart."""
    types = frozenset({word}) if word else frozenset()
    return {
        d: sum(degree_odds(make_query(TABLE_DEFENCE + d, TABLE_DEFENCE, types=types))[3:], Fraction(0))
        for d in DIFFERENCES
    }


def degree_series() -> dict[str, dict[int, Fraction]]:
    """Each degree's chance by skill − defence for a plain roll (defence 10), for the chart."""
    odds = {d: degree_odds(make_query(TABLE_DEFENCE + d, TABLE_DEFENCE)) for d in DIFFERENCES}
    return {name: {d: odds[d][k] for d in DIFFERENCES} for k, name in enumerate(DEGREE_NAMES)}


def errata() -> list[Erratum]:
    """Action! prints no odds, so there is nothing to correct."""
    return []
