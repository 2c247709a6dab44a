"""X-in-Y checks: the reference tables the site publishes, generated here."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..core.exact import decimal_text, percent
from ..core.tables import Cell, Erratum, Table, cell
from .notation import CONTEST_EXAMPLE, CheckQuery, ContestQuery, parse
from .odds import contest_odds, degree_distribution, p_success
from .rules import DEFENCES, LADDER, START_CHECK, TIES, Attack, Check, step_easier, step_harder

#: Bonus (+) and penalty (−) dice shown in the success table.
EXTRA_SHOWN = tuple(range(-5, 6))
#: The checks and dice of the degree tables.
DEGREE_CHECKS = tuple(Check(x, 6) for x in range(1, 6))
DEGREE_EXTRA = tuple(range(-3, 4))
FORM_LABELS = {
    "defender": "Defender has form superiority",
    "even": "Neither",
    "attacker": "Attacker has form superiority",
}
DEFENCE_LABELS = {
    "none": "Not effective",
    "barely": "Barely effective",
    "partially": "Partially effective",
    "fully": "Fully effective",
}


def every_check() -> tuple[Check, ...]:
    """Every check on the ladder, die by die, easiest last on each die."""
    return tuple(Check(x, y) for y in LADDER for x in range(1, y))


def chance(check: Check) -> Fraction:
    return Fraction(check.x, check.y)


def pct(value: Fraction, places: int = 1) -> Cell:
    """A probability cell, printed as a percentage, carrying the exact value."""
    return Cell(percent(value, places), value)


def query(check: Check, extra: int = 0) -> CheckQuery:
    return CheckQuery(check, 0, max(extra, 0), max(-extra, 0))


def dice_label(extra: int) -> str:
    """``+2b``, ``-1p``, ``none``."""
    return f"+{extra}b" if extra > 0 else (f"{extra}p" if extra < 0 else "none")


def ladder_table() -> Table:
    """Every check on the ladder with its chance and its neighbours one step either way."""
    rows = []
    for check in every_check():
        easier, harder = step_easier(check), step_harder(check)
        rows.append(
            (
                cell(str(check)),
                pct(chance(check)),
                cell(str(harder)),
                pct(chance(harder)),
                cell(str(easier)),
                pct(chance(easier)),
            )
        )
    return Table(
        "xy-checks-ladder",
        "The die ladder: every check, one step harder and one step easier",
        ("Check", "Chance", "One step harder", "Chance", "One step easier", "Chance"),
        tuple(rows),
        ("1/20 and 19/20 are the ends: a step past them changes nothing (ruling).",),
    )


def success_table() -> Table:
    """P(success) for every check on the ladder with 5 penalty dice … 5 bonus dice."""
    rows = tuple(
        (cell(str(check)), *(pct(p_success(query(check, extra))) for extra in EXTRA_SHOWN)) for check in every_check()
    )
    return Table(
        "xy-checks-success",
        "Chance of success by check and bonus or penalty dice",
        ("Check", *(dice_label(extra) for extra in EXTRA_SHOWN)),
        rows,
        ("+Nb: N bonus dice (any hit succeeds); -Np: N penalty dice (any miss fails), after cancelling.",),
    )


def degree_table() -> Table:
    """The chance of each signed degree, d6 checks with 3 penalty dice … 3 bonus dice."""
    top = 1 + max(DEGREE_EXTRA)
    degrees = [d for d in range(top, 0, -1)] + [-d for d in range(1, top + 1)]
    rows = []
    for check in DEGREE_CHECKS:
        for extra in DEGREE_EXTRA:
            dist = degree_distribution(query(check, extra))
            rows.append(
                (
                    cell(f"{check} {dice_label(extra)}" if extra else str(check)),
                    *(pct(dist.p(d)) if dist.p(d) else Cell("—") for d in degrees),
                )
            )
    headers = ("Check", *(f"Success {d}" if d > 0 else f"Failure {-d}" for d in degrees))
    return Table(
        "xy-checks-degrees",
        "Degrees of success and failure on a d6",
        headers,
        tuple(rows),
        (
            "With bonus dice a success counts its hits; with penalty dice a failure counts its misses; "
            "every other result is of degree 1. The optional crit die is off.",
        ),
    )


def attack_table() -> Table:
    """The attack's check (from 5/6) for every defence and form superiority, with its chance."""
    forms = ("defender", "even", "attacker")
    rows = []
    for defence in DEFENCES:
        checks = [Attack(defence, form).check() for form in forms]
        rows.append(
            (cell(DEFENCE_LABELS[defence]), *(Cell(f"{c} ({percent(chance(c), 1)})", chance(c)) for c in checks))
        )
    return Table(
        "xy-checks-attack",
        f"The attack's check from {Check(*START_CHECK)}, by defences and form",
        ("Defences", *(FORM_LABELS[form] for form in forms)),
        tuple(rows),
        (
            "Bonus dice (attack bonus, advantages) and penalty dice (disadvantages) come on top.",
            "Not effective: the defences change nothing (ruling: the source lists only the three other cases).",
        ),
    )


def tie_options_query(tie: str) -> ContestQuery:
    query = parse(CONTEST_EXAMPLE)
    assert isinstance(query, ContestQuery)
    return ContestQuery(query.sides, tie)


def tie_table() -> Table:
    """What each tie option does to the example contest's damage."""
    rows = []
    for tie, meaning in TIES.items():
        result = contest_odds(tie_options_query(tie))
        first, second = (side.damage.mean() for side in result.sides)
        rows.append(
            (
                cell(f"tie {tie}"),
                cell(meaning),
                pct(result.p_tie),
                Cell(decimal_text(first, 2), first),
                Cell(decimal_text(second, 2), second),
            )
        )
    return Table(
        "xy-checks-ties",
        f"Tie options on {tie_options_query('min').notation}",
        ("Option", "On a tie", "Chance of a tie", "First side's average damage", "Second side's average damage"),
        tuple(rows),
        ("The chances of out-hitting are the same under every option; only the damage on a tie differs.",),
    )


TABLES: dict[str, Callable[[], Table]] = {
    "ladder": ladder_table,
    "success": success_table,
    "degrees": degree_table,
    "attack": attack_table,
    "ties": tie_table,
}


def errata() -> list[Erratum]:
    """The source prints no odds or table values, so there is nothing to correct."""
    return []
