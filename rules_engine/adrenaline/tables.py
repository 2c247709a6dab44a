"""Adrenaline: the reference tables the site publishes, generated here from the exact odds.

The source prints no chances, so there are no errata to list: every number here is new.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..core.exact import decimal_text, percent
from ..core.tables import Cell, Erratum, Table, cell
from .notation import Side
from .odds import RollOdds, roll_odds
from .rules import DEGREES, DIFFICULTY_NAMES, HIGHEST_DIFFICULTY, LOWEST_DIFFICULTY, MAX_POOL, OPTION_HELP, Options

POOLS = tuple(range(1, MAX_POOL + 1))
DIFFICULTIES = tuple(range(LOWEST_DIFFICULTY, HIGHEST_DIFFICULTY + 1))
LADDER_POOL = 5  # the pool of the source's examples
SPEND_DIFFICULTY = 6
#: The variants shown side by side: (label, options).
VARIANTS: tuple[tuple[str, Options], ...] = (
    ("As written", Options()),
    ("botch-if-none", Options(botch_if_none=True)),
    ("no-cancel", Options(no_cancel=True)),
    ("tens-twice", Options(tens_twice=True)),
    ("tens-explode", Options(tens_explode=True)),
)
VARIANT_POOLS = (3, 5, 8)


def pct(value: Fraction, places: int = 1) -> Cell:
    """A probability cell, printed as a percentage, carrying the exact value."""
    return Cell(percent(value, places), value)


def odds_of(pool: int, difficulty: int, options: Options = Options(), spent: int = 0) -> RollOdds:
    return roll_odds(Side(pool, difficulty, spent), options)


def difficulty_table() -> Table:
    """The difficulty ladder: names, the faces that succeed, the odds on the source's 5 dice."""
    rows = []
    for difficulty, name in DIFFICULTY_NAMES.items():
        s = odds_of(LADDER_POOL, difficulty).summary()
        faces = "10" if difficulty == 10 else f"{difficulty}–10"
        rows.append(
            (
                Cell(str(difficulty), difficulty),
                cell(name),
                cell(faces),
                pct(Fraction(11 - difficulty, 10), 0),
                pct(s["success"]),
                pct(s["botch"]),
            )
        )
    return Table(
        "adrenaline-difficulty",
        "Difficulty ladder",
        (
            "Difficulty",
            "Name",
            "A die succeeds on",
            "Chance per die",
            f"Success on {LADDER_POOL}d10",
            f"Botch on {LADDER_POOL}d10",
        ),
        tuple(rows),
        (
            f"With no difficulty stated, and for every damage roll, the difficulty is 6. The last two columns "
            f"are for {LADDER_POOL} dice, the pool of the source's examples.",
        ),
    )


def _by_pool_and_difficulty(
    key: str,
    caption: str,
    value: Callable[[RollOdds], Fraction],
    text: Callable[[Fraction], str],
    notes: tuple[str, ...] = (),
) -> Table:
    rows = []
    for pool in POOLS:
        values = [value(odds_of(pool, d)) for d in DIFFICULTIES]
        rows.append((cell(f"{pool}d10"), *(Cell(text(v), v) for v in values)))
    return Table(key, caption, ("Pool", *(f"vs {d}" for d in DIFFICULTIES)), tuple(rows), notes)


def success_table() -> Table:
    return _by_pool_and_difficulty(
        "adrenaline-success",
        "Chance of success (net above 0)",
        lambda o: o.summary()["success"],
        lambda v: percent(v, 1),
        ("More dice do not always help: a 1 can cancel the success another die made.",),
    )


def botch_table() -> Table:
    return _by_pool_and_difficulty(
        "adrenaline-botch",
        "Chance of a botch (more 1s than successes)",
        lambda o: o.summary()["botch"],
        lambda v: percent(v, 1),
    )


def adrenaline_table() -> Table:
    return _by_pool_and_difficulty(
        "adrenaline-earned",
        "Chance of earning an Adrenaline point",
        lambda o: o.summary()["adrenaline"],
        lambda v: percent(v, 1),
    )


def mean_table() -> Table:
    return _by_pool_and_difficulty(
        "adrenaline-mean",
        "Expected net successes",
        lambda o: o.dist.mean(),
        lambda v: decimal_text(v, 2),
        ("A botch counts as its net below 0 (−1 for one 1 too many).",),
    )


def spending_table(difficulty: int = SPEND_DIFFICULTY) -> Table:
    """What one spent point buys, pool by pool: success, no botch, a complete success."""
    rows = []
    for pool in POOLS:
        plain, spent = odds_of(pool, difficulty).summary(), odds_of(pool, difficulty, spent=1).summary()
        no_botch = 1 - plain["botch"]
        rows.append(
            (
                cell(f"{pool}d10"),
                pct(plain["success"]),
                pct(spent["success"] - plain["success"]),
                pct(no_botch),
                pct(1 - spent["botch"] - no_botch),
                pct(plain["complete"]),
                pct(spent["complete"] - plain["complete"]),
            )
        )
    return Table(
        f"adrenaline-spend-{difficulty}",
        f"The value of spending one Adrenaline point, difficulty {difficulty}",
        ("Pool", "Success", "Rise with a point", "No botch", "Rise with a point", "Complete (3+)", "Rise with a point"),
        tuple(rows),
        (
            "A spent point is a success no 1 can cancel, so the roll always succeeds and never botches: the "
            "rises are what the pool alone was missing.",
        ),
    )


def degrees_table() -> Table:
    rows = [(cell("below 0"), cell("botch")), (cell("0"), cell("failure"))]
    for (start, name), following in zip(DEGREES, (*DEGREES[1:], None)):
        span = f"{start}–{following[0] - 1}" if following else f"{start} or more"
        rows.append((cell(span), cell(name)))
    return Table("adrenaline-degrees", "What the net means", ("Net successes", "Result"), tuple(rows))


def variants_table() -> Table:
    """The variants side by side on a few pools at difficulty 6."""
    rows = []
    for label, options in VARIANTS:
        for pool in VARIANT_POOLS:
            o = odds_of(pool, 6, options)
            s = o.summary()
            rows.append(
                (
                    cell(f"{label}, {pool}d10"),
                    pct(s["success"]),
                    pct(s["botch"]),
                    pct(s["adrenaline"]),
                    Cell(decimal_text(o.dist.mean(), 2), o.dist.mean()),
                )
            )
    return Table(
        "adrenaline-variants",
        "Variants side by side, difficulty 6",
        ("Rules and pool", "Success", "Botch", "Earns Adrenaline", "Mean net"),
        tuple(rows),
        tuple(f"{name}: {text}." for name, text in OPTION_HELP.items() if name != "designer"),
    )


TABLES = {
    "difficulty": difficulty_table,
    "success": success_table,
    "botch": botch_table,
    "adrenaline": adrenaline_table,
    "mean": mean_table,
    "spending": spending_table,
    "degrees": degrees_table,
    "variants": variants_table,
}


def net_chart_series(difficulty: int = 6) -> dict[int, dict[int, Fraction]]:
    """Net successes by pool size: pool → {net: probability}."""
    return {pool: odds_of(pool, difficulty).dist.probabilities() for pool in POOLS}


def botch_chart_series() -> dict[int, dict[int, Fraction]]:
    """Botch chance against pool size, one series per difficulty: difficulty → {pool: P(botch)}."""
    return {d: {pool: odds_of(pool, d).summary()["botch"] for pool in POOLS} for d in DIFFICULTIES}


def errata() -> list[Erratum]:
    """The source prints no chances or totals that differ from the rules: none."""
    return []
