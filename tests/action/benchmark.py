"""Action!'s benchmark (run by ``tests/benchmark.py``): the exact degree odds (no cut-off)
next to icepool computing the same degrees with its default explosion depth (9 rerolls),
with the ratio and how far icepool's truncated values are from the exact ones.

icepool is given the engine's own decomposition (the dice part as a sum of exploding
dice, and the double-0 branch as the same dice after a first 10 on each side), so the
comparison is its arithmetic against ours, not a naive enumeration."""

from __future__ import annotations

import time
from fractions import Fraction

from bench_kit import best_of, print_against_icepool

from rules_engine.action.roll import odds as action_odds
from rules_engine.action.roll.notation import parse
from rules_engine.core import open_ended

ROLLS = ("5 vs 5", "8 vs 5 inspired", "5 vs 10 wild", "5 vs 5 experimental", "12 vs active 4 inspired wild +2d -1d")


def clear_caches() -> None:
    for cached in (open_ended.power_sums, open_ended._tail_of_sum, open_ended.chain_tail_poly, action_odds._pool):
        cached.cache_clear()


def ours(text: str) -> float:
    query = parse(text)

    def run() -> None:
        clear_caches()
        action_odds.odds(query)

    return best_of(run)


def icepool_timer():
    """A function timing icepool on a notation, or None without icepool."""
    try:
        import icepool
    except ImportError:
        return None

    def degrees(text: str) -> list[Fraction]:
        query = parse(text)
        plan = query.plan
        if "static" in query.types or plan.positive_closed:
            raise SystemExit("the benchmark rolls open dice only")
        open_die = icepool.d10.explode()  # icepool's default depth

        def pool(positive: int, negative: int, ten_first: bool) -> icepool.Die:
            total = icepool.Die([0])
            for _ in range(positive):
                total = total + open_die
            for _ in range(negative):
                total = total - open_die
            return total  # given a double-0, 10 + X − (10 + Y) has the law of X − Y

        def chances(die: icepool.Die, double: bool) -> list[Fraction]:
            found = [Fraction(0)] * 8
            for dice_part, weight in die.map(
                lambda d: action_odds.degree_for_dice(query, max(d, 1) if "routine" in query.types else d, double)
            ).items():
                found[dice_part] += Fraction(weight, die.denominator())
            return found

        whole = pool(plan.positive, plan.negative, False)
        result = chances(whole, False)
        pairs = [(Fraction(1, 100), pool(plan.positive, plan.negative, True))]
        if "experimental" in query.types:
            pairs.append((Fraction(9, 100), pool(plan.positive - 1, plan.negative - 1, False)))
        for weight, given in pairs:
            plain, doubled = chances(given, False), chances(given, True)
            result = [r - weight * p + weight * d for r, p, d in zip(result, plain, doubled)]
        return result

    def run(text: str) -> tuple[float, str]:
        start = time.perf_counter()
        theirs = degrees(text)
        elapsed = time.perf_counter() - start
        exact = action_odds.degree_odds(parse(text))
        gap = max(abs(a - b) for a, b in zip(theirs, exact))
        return elapsed, f"icepool off by up to {float(gap):.1e} (cut at 9 rerolls); engine exact"

    return run


def run(full: bool) -> None:
    """Print the Action! figures."""
    print("Action! exact degree odds, no cut-off (best of 3, caches cleared); icepool: d10.explode() (depth 9)")
    print_against_icepool(ROLLS, ours, icepool_timer(), 40)
    print("target: >=10x icepool on each, and exact")


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    run("--full" in sys.argv)
