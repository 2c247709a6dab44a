"""Adrenaline's benchmark (run by ``tests/benchmark.py``): the exact joint distribution of
(net successes, Adrenaline earned) for 10, 20 and 40 dice, next to icepool computing the
same joint distribution (checked equal), and the widget's odds for its largest inputs."""

from __future__ import annotations

import json
import time
from fractions import Fraction

from bench_kit import best_of, ratio_columns
from rules_engine.adrenaline import odds as ad_odds
from rules_engine.adrenaline.rules import Options
from rules_engine.web import call

POOLS = (10, 20, 40)
DIFFICULTY = 6
DESIGNER = Options(designer=True)  # pools past the rules' 10 dice
#: Widget requests at the edge of what the form takes (rules-sized pools): standard with
#: every variant, extended rolls that need many rolls, an opposed roll of 10 against 10.
WIDGET_CASES = (
    {"attribute": "5", "ability": "5", "difficulty": "6", "options": "tens-explode,tens-twice"},
    {"attribute": "5", "ability": "5", "difficulty": "2", "mode": "extended", "target": "100"},
    {"attribute": "5", "ability": "5", "difficulty": "10", "mode": "extended", "target": "30", "wastes": "on"},
    {"attribute": "5", "ability": "5", "difficulty": "6", "mode": "opposed", "other-attribute": "5",
     "other-ability": "5", "options": "tens-explode"},
)


def ours(pool: int) -> float:
    def run() -> None:
        ad_odds.joint.cache_clear()
        ad_odds.joint(pool, DIFFICULTY, DESIGNER)
    return best_of(run)


def icepool_timer():
    """A function timing icepool on one pool (and checking it agrees), or None without icepool."""
    try:
        import icepool
    except ImportError:
        return None

    class Doubles(icepool.MultisetEvaluator):
        """(net, earned): successes at or above the difficulty, 1s, a repeated success face."""

        def next_state(self, state, order, outcome, count):
            successes, ones, pair = state or (0, 0, False)
            if outcome == 1:
                return successes, ones + count, pair
            if outcome >= DIFFICULTY:
                return successes + count, ones, pair or count >= 2
            return successes, ones, pair

        def final_outcome(self, final_state, order, outcomes, *sizes):
            successes, ones, pair = final_state or (0, 0, False)
            net = successes - ones
            return net, pair and net >= 2

    def run(pool: int) -> float:
        evaluator = Doubles()  # a fresh evaluator: icepool caches its results per evaluator
        start = time.perf_counter()
        die = evaluator.evaluate(icepool.d10.pool(pool))
        elapsed = time.perf_counter() - start
        mine = ad_odds.joint(pool, DIFFICULTY, DESIGNER)
        theirs = {k: Fraction(die.quantity(k), die.denominator()) for k in die.outcomes()}
        if theirs != {k: Fraction(w, mine.denominator) for k, w in mine.weights.items()}:
            raise SystemExit(f"icepool and the engine disagree on {pool}d10")
        return elapsed

    return run


def run(full: bool) -> None:
    """Print the Adrenaline figures."""
    timer = icepool_timer()
    print(f"Adrenaline joint (net, Adrenaline earned) at difficulty {DIFFICULTY} "
          "(best of 3, cache cleared); icepool: a multiset evaluator on d10.pool(n), checked equal")
    print(f"{'pool':<8} {'engine':>10} {'icepool':>10} {'ratio':>8}")
    for pool in POOLS:
        mine = ours(pool)
        theirs = best_of(lambda: timer(pool)) if timer else None
        theirs_text, ratio = ratio_columns(mine, theirs)
        print(f"{pool}d10{'':<3} {mine * 1e3:8.2f}ms {theirs_text:>10} {ratio:>8}")
    slowest = []
    for fields in WIDGET_CASES:
        request = json.dumps({"system": "adrenaline", "action": "odds_form", "fields": fields})

        def ask() -> None:
            ad_odds.joint.cache_clear()
            reply = json.loads(call(request))
            assert reply["ok"], reply
        slowest.append((best_of(ask), json.loads(call(request))["result"]["notation"]))
    for seconds, notation in slowest:
        print(f"widget odds {notation:<52} {seconds * 1e3:8.1f}ms")
    print("targets: >=10x icepool at 40 dice; every widget computation under 50 ms natively")
