"""Doom Stack: the reference tables and errata the site publishes, generated here."""

from __future__ import annotations

from fractions import Fraction

from ..core.exact import percent, round_half_up, truncate
from ..core.tables import Cell, Erratum, Table, cell
from .odds import best_stack_distribution, best_stack_distribution_by_enumeration, success_odds
from .rules import DIFFICULTY_LADDER, HEALING_RATES, PERFORMANCE_NAMES, Difficulty, bleed_out_death_chance

SYSTEM = "Doom Stack"
SOURCE_POOL = 4  # the source's difficulty table is worked out for 4d6
POOL_SIZES = tuple(range(1, 13))
HIT_BOX_RANGE = tuple(range(4, 13))  # 4 + Strength + Willpower with both 0–4
CHART_POOLS = (1, 2, 3, 4, 6, 8, 10, 12)


def pct(value: Fraction, places: int = 1) -> Cell:
    """A probability cell, printed as a percentage, carrying the exact value."""
    return Cell(percent(value, places), value)


def difficulty_table() -> Table:
    """The difficulty ladder with exact success and glitch odds on 4d6."""
    rows = []
    for rung in DIFFICULTY_LADDER:
        odds = success_odds(SOURCE_POOL, rung.tn)
        printed = Cell(rung.source_percent_4d6 + "%", Fraction(rung.source_percent_4d6) / 100)
        rows.append((cell(rung.name), Cell(f"{rung.tn}+", rung.tn), pct(odds.success, 2), pct(odds.glitch, 2), printed))
    return Table(
        "doom-stack-difficulty",
        "Difficulty ladder: exact odds on 4d6",
        ("Difficulty", "TN", "Success on 4d6", "Glitch on 4d6", "Source prints"),
        tuple(rows),
        ("Success counts glitches (a stack equal to the TN). See the errata for the printed values that differ.",),
    )


def pool_odds_table(kind: str = "success") -> Table:
    """Chance of success (or of a glitch) for pools of 1–12 dice against every TN on the ladder."""
    rows = []
    for pool in POOL_SIZES:
        dist = best_stack_distribution(pool)
        values = [dist.p_at_least(r.tn) if kind == "success" else dist.p(r.tn) for r in DIFFICULTY_LADDER]
        rows.append((cell(f"{pool}d6"), *(pct(v) for v in values)))
    headers = ("Pool", *(f"{r.name} {r.tn}+" for r in DIFFICULTY_LADDER))
    caption = "Chance of success by pool size" if kind == "success" else "Chance of a glitch by pool size"
    return Table(f"doom-stack-pool-{kind}", caption, headers, tuple(rows))


def performance_table() -> Table:
    """Performance (best stack − TN) and its name."""
    rows = tuple(
        (cell(f"{p}+" if p == PERFORMANCE_NAMES[-1][0] else str(p)), cell(name)) for p, name in PERFORMANCE_NAMES
    )
    return Table("doom-stack-performance", "Performance names", ("Performance", "Name"), rows)


def bleed_out_table() -> Table:
    """Chance of dying while bleeding out, by overflow and hit boxes."""
    rows = []
    for overflow in range(1, max(HIT_BOX_RANGE) + 1):
        rows.append((cell(overflow), *(pct(bleed_out_death_chance(overflow, boxes)) for boxes in HIT_BOX_RANGE)))
    headers = ("Overflow", *(f"{boxes} boxes" for boxes in HIT_BOX_RANGE))
    return Table(
        "doom-stack-bleed-out",
        "Chance to die while bleeding out",
        headers,
        tuple(rows),
        ("Overflow equal to or above the hit boxes is death outright.",),
    )


def healing_table() -> Table:
    """How fast damage heals."""
    rows = tuple(
        (cell(kind.capitalize()), cell(f"{boxes} box per {per}"), cell(condition))
        for kind, boxes, per, condition in HEALING_RATES
    )
    return Table("doom-stack-healing", "Healing", ("Damage", "Heals", "When"), rows)


TABLES = {
    "difficulty": difficulty_table,
    "pool-success": lambda: pool_odds_table("success"),
    "pool-glitch": lambda: pool_odds_table("glitch"),
    "performance": performance_table,
    "bleed-out": bleed_out_table,
    "healing": healing_table,
}


def stack_chart_series() -> dict[int, dict[int, Fraction]]:
    """Best-stack distributions for the chart: pool size → {best stack: probability}."""
    return {pool: best_stack_distribution(pool).probabilities() for pool in CHART_POOLS}


# --- errata -----------------------------------------------------------------------------
def _places(printed: str) -> int:
    return len(printed.split(".")[1]) if "." in printed else 0


def _percent_text(value: Fraction, places: int) -> str:
    return percent(value, max(places, 2))


def difficulty_erratum(rung: Difficulty) -> Erratum | None:
    """An erratum for one printed 4d6 value, or ``None`` when it is right at its precision."""
    printed = Fraction(rung.source_percent_4d6)
    places = _places(rung.source_percent_4d6)
    exact = success_odds(SOURCE_POOL, rung.tn).success * 100
    if round_half_up(exact, places) == printed:
        return None
    anydice = best_stack_distribution_by_enumeration(SOURCE_POOL, ones_wild=False).p_at_least(rung.tn) * 100
    if anydice != exact and printed in (truncate(anydice, places), round_half_up(anydice, places)):
        reason = (
            "the source's AnyDice function adds the wildcard ones only when they do not tie the best "
            f"group (so [1, 1, 2] counts 2, not 4); by the written rule the chance is {percent(exact / 100, 2)}"
        )
        if truncate(anydice, places) == printed != round_half_up(anydice, places):
            reason += ", and the source cut its own value instead of rounding it"
    elif truncate(exact, places) == printed:
        reason = "the source cut the value instead of rounding it"
    else:
        reason = "unexplained"
    return Erratum(
        SYSTEM,
        f"Difficulty table, {rung.name} {rung.tn}+, % on 4d6",
        rung.source_percent_4d6 + "%",
        _percent_text(exact / 100, places + 1),
        reason,
    )


def errata() -> list[Erratum]:
    """Every printed Doom Stack number that differs from the exact value."""
    return [e for e in (difficulty_erratum(r) for r in DIFFICULTY_LADDER) if e is not None]
