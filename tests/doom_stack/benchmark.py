"""Doom Stack's benchmark (run by ``tests/benchmark.py``): exact odds time for pools 4 … 200,
next to icepool computing the same distribution (checked equal), with the ratio; and
``lab_icepool``, icepool working out one design-lab column (the best stack of the column's
pool and die under its wild face, and the chance of success at each rung of its ladder)."""

from __future__ import annotations

import time

from bench_kit import ICEPOOL_DEFAULT_LIMIT, best_of, ratio_columns

from rules_engine.doom_stack.notation import parse
from rules_engine.doom_stack.odds import best_stack_distribution
from rules_engine.doom_stack.roll import roll

POOLS = (4, 8, 12, 20, 40, 60, 100, 200)


def lab_icepool(roll_text: str, rules):  # noqa: ANN001, ANN201 - a RuleSet; a timer or None
    """A function timing icepool on one lab column of ``roll_text`` under ``rules`` (checked
    equal to the engine's sheet), or None without icepool. Every Doom Stack setting has an
    icepool form: the die and the wild face in the evaluator, the modifier cap in the pool's
    size, the exact match and the ladder in how the rungs are summed."""
    try:
        import icepool
    except ImportError:
        return None
    from rules_engine.doom_stack.house_rules import exact_match, ladder
    from rules_engine.doom_stack.lab import lab_query, sheet

    wild, die = rules["wild"], rules["die"]

    class HouseStack(icepool.MultisetEvaluator):
        """Each wild die's pips plus the best face × count among the others."""

        def initial_state(self, order, outcomes, *sizes, **kwargs):
            return (0, 0)

        def next_state(self, state, order, outcome, count):
            wilds, best = state
            return (count, best) if outcome == wild else (wilds, max(best, outcome * count))

        def final_outcome(self, final_state, *args, **kwargs):
            wilds, best = final_state
            return (wild or 0) * wilds + best

    def run() -> float:
        start = time.perf_counter()
        pool = lab_query(roll_text, rules).pool
        spread = HouseStack().evaluate(icepool.d(die).pool(pool)) if pool else None
        beat = exact_match(rules) == "failure"
        rungs = (
            [spread.probability(">", rung.tn) if beat else spread.probability(">=", rung.tn) for rung in ladder(rules)]
            if spread is not None
            else None
        )
        elapsed = time.perf_counter() - start
        mine = sheet(roll_text, rules, 7)
        if spread is not None and (
            [spread.probability(o.value) for o in mine.outcomes] != [o.p for o in mine.outcomes]
            or rungs != [r.p_success for r in mine.rungs]
        ):
            raise SystemExit(f"icepool and the engine disagree on {roll_text} with {rules.written}")
        return elapsed

    return run


def ours(pool: int) -> float:
    def run() -> None:
        best_stack_distribution.cache_clear()
        best_stack_distribution(pool)

    return best_of(run)


def icepool_timer():
    """A function timing icepool on a pool (and checking it agrees), or None without icepool."""
    try:
        import icepool
    except ImportError:
        return None

    class BestStack(icepool.MultisetEvaluator):
        """Every 1 plus the best face × count among 2–6."""

        def initial_state(self, order, outcomes, *sizes, **kwargs):
            return (0, 0)

        def next_state(self, state, order, outcome, count):
            ones, best = state
            return (count, best) if outcome == 1 else (ones, max(best, outcome * count))

        def final_outcome(self, final_state, *args, **kwargs):
            return sum(final_state)

    def run(pool: int) -> float:
        evaluator = BestStack()  # a fresh evaluator each time: no cached results
        start = time.perf_counter()
        die = evaluator.evaluate(icepool.d6.pool(pool))
        elapsed = time.perf_counter() - start
        mine = best_stack_distribution(pool)
        if any(die.probability(k) != mine.p(k) for k in die.outcomes()):
            raise SystemExit(f"icepool and the engine disagree at {pool} dice")
        return elapsed

    return run


def run(full: bool) -> None:
    """Print the Doom Stack figures."""
    timer = icepool_timer()
    print("Doom Stack exact odds (best of 3, cache cleared)")
    print(f"{'pool':>5} {'engine':>10} {'icepool':>10} {'ratio':>8}")
    for pool in POOLS:
        mine = ours(pool)
        if timer is None:
            theirs_text, ratio = ratio_columns(mine, None)
        elif pool > ICEPOOL_DEFAULT_LIMIT and not full:
            theirs_text, ratio = ratio_columns(mine, None, "skipped")
        else:
            theirs_text, ratio = ratio_columns(mine, timer(pool))
        print(f"{pool:>5} {mine * 1e3:8.1f}ms {theirs_text:>10} {ratio:>8}")
    print("targets: >=10x icepool at 40 dice; every pool up to 200 under 1 s")
    # The stack chooser: a seeded roll with every stack listed (up to 100), as the bridge
    # sends it. icepool has no counterpart (it computes distributions, not one roll's choices).
    print("Doom Stack roll with its stack list, to JSON (best of 3)")
    for pool in (7, 18, 40, 100, 300):
        query = parse(f"{pool}d6 vs TN 8")
        print(f"{pool:>5} {best_of(lambda query=query, pool=pool: roll(query, seed=pool).to_json()) * 1e3:8.1f}ms")
    print("target: every pool up to 300 under 100 ms")
