"""A shared check for every system's roller: seeded rolls agree with the exact odds.

Chi-square at fixed seeds, so the test is deterministic (never flaky) yet would fail if
the roller and the exact distribution disagreed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction


def chi_square_critical(df: int) -> float:
    """The 99.9th percentile of chi-square with ``df`` degrees of freedom (Wilson–Hilferty)."""
    z = 3.090232
    return df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def assert_roller_agrees(exact: Mapping[int, Fraction], roll_outcome: Callable[[int], int], trials: int) -> None:
    """Roll ``roll_outcome(seed)`` for seeds 0 … trials − 1 and compare with ``exact``.

    Outcomes expected fewer than 5 times are pooled into one bin.
    """
    observed: dict[int, int] = {}
    for seed in range(trials):
        outcome = roll_outcome(seed)
        observed[outcome] = observed.get(outcome, 0) + 1
    assert set(observed) <= set(exact), "the roller produced an outcome the exact odds call impossible"
    bins: list[tuple[float, int]] = []
    spill_expected, spill_observed = 0.0, 0
    for value, p in exact.items():
        expected = float(p * trials)
        if expected < 5:
            spill_expected, spill_observed = spill_expected + expected, spill_observed + observed.get(value, 0)
        else:
            bins.append((expected, observed.get(value, 0)))
    bins.append((spill_expected, spill_observed))
    statistic = sum((o - e) ** 2 / e for e, o in bins if e)
    assert statistic < chi_square_critical(len(bins) - 1)
