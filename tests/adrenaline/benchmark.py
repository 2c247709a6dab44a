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
    {
        "attribute": "5",
        "ability": "5",
        "difficulty": "6",
        "mode": "opposed",
        "other-attribute": "5",
        "other-ability": "5",
        "options": "tens-explode",
    },
)


def ours(pool: int) -> float:
    def run() -> None:
        ad_odds.capped_joint.cache_clear()
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


def lab_icepool(roll: str, rules):
    """A timer of icepool answering what one lab column answers (the net's law at the usual
    difficulty and the chance of success at every rung) under ``rules``, checked equal to the
    lab's sheet; ``None`` for exploding top faces (icepool cuts them after a few rerolls, so
    it cannot give the same exact figures) or without icepool."""
    try:
        import icepool
    except ImportError:
        return None
    from rules_engine.adrenaline.house_rules import mechanics
    from rules_engine.adrenaline.lab import sheet
    from rules_engine.adrenaline.notation import parse

    m = mechanics(rules)
    if m.explode:
        return None
    query = parse(roll + rules.with_clause())
    pool = query.side.pool

    class Net(icepool.MultisetEvaluator):
        """The net: successes (the top face worth top_value), 1s, the botch rule."""

        def __init__(self, difficulty: int) -> None:
            self.difficulty = difficulty

        def next_state(self, state, order, outcome, count):
            successes, ones = state or (0, 0)
            if outcome == 1:
                return successes, ones + count
            if outcome >= self.difficulty:
                return successes + count * (m.top_value if outcome == m.sides else 1), ones
            return successes, ones

        def final_outcome(self, final_state, order, outcomes, *sizes):
            successes, ones = final_state or (0, 0)
            net = successes - ones if m.ones_cancel else successes
            botched = {"more-ones": ones > successes, "no-success": successes == 0 and ones > 0, "never": False}[
                m.botch
            ]
            return successes - ones if botched else max(net, 0)

    def timer() -> float:
        start = time.perf_counter()
        laws = {d: Net(d).evaluate(icepool.Die(range(1, m.sides + 1)).pool(pool)) for d in range(2, m.sides + 1)}
        elapsed = time.perf_counter() - start
        mine = sheet(roll, rules, 7)
        usual = laws[query.side.difficulty]
        theirs = {k: Fraction(usual.quantity(k), usual.denominator()) for k in usual.outcomes()}
        if theirs != {o.value: o.p for o in mine.outcomes}:
            raise SystemExit(f"icepool and the engine disagree on {roll} with {rules.written}")
        for rung, d in zip(mine.rungs, range(2, m.sides + 1)):
            law = laws[d]
            if rung.p_success != Fraction(sum(law.quantity(k) for k in law.outcomes() if k >= 1), law.denominator()):
                raise SystemExit(f"icepool and the engine disagree on {roll} vs {d} with {rules.written}")
        return elapsed

    return timer


def run(full: bool) -> None:
    """Print the Adrenaline figures."""
    timer = icepool_timer()
    print(
        f"Adrenaline joint (net, Adrenaline earned) at difficulty {DIFFICULTY} "
        "(best of 3, cache cleared); icepool: a multiset evaluator on d10.pool(n), checked equal"
    )
    print(f"{'pool':<8} {'engine':>10} {'icepool':>10} {'ratio':>8}")
    for pool in POOLS:
        mine = ours(pool)
        theirs = best_of(lambda pool=pool: timer(pool)) if timer else None
        theirs_text, ratio = ratio_columns(mine, theirs)
        print(f"{pool}d10{'':<3} {mine * 1e3:8.2f}ms {theirs_text:>10} {ratio:>8}")
    slowest = []
    for fields in WIDGET_CASES:
        request = json.dumps({"system": "adrenaline", "action": "odds_form", "fields": fields})

        def ask(request: str = request) -> None:
            ad_odds.capped_joint.cache_clear()
            reply = json.loads(call(request))
            assert reply["ok"], reply

        slowest.append((best_of(ask), json.loads(call(request))["result"]["notation"]))
    for seconds, notation in slowest:
        print(f"widget odds {notation:<52} {seconds * 1e3:8.1f}ms")
    print("targets: >=10x icepool at 40 dice; every widget computation under 50 ms natively")
