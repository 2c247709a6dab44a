"""X-in-Y's benchmark (run by ``tests/benchmark.py``): the exact degree distribution of checks
with 0–6 bonus or penalty dice, and every odds of volleys of 2, 5 and 10 attackers against
1, 3 and 10 targets (and contested volleys of the same sizes), each next to icepool
computing the same distributions (checked equal to the engine's, fraction for fraction).

    .venv/bin/python tests/benchmark.py --system xy-checks --no-browser
"""

from __future__ import annotations

import time
from dataclasses import replace

from bench_kit import best_of, ratio_columns

from rules_engine.xy_checks import odds as xy_odds
from rules_engine.xy_checks.notation import CheckQuery, parse
from rules_engine.xy_checks.rules import Check, degree, hits_per_target

CHECK = Check(3, 6)
EXTRAS = tuple(range(-6, 7))
VOLLEY_SIZES = tuple((attackers, targets) for attackers in (2, 5, 10) for targets in (1, 3, 10))
TARGET_MS = 100  # the target for every volley up to 10 attackers against 10 targets


def volley_text(attackers: int, targets: int) -> str:
    """A champion with two bonus dice, the others at 4/6 and 3/6, against mixed targets."""
    others = [f"{attackers - 1 - (attackers - 1) // 2}x 4/6", f"{(attackers - 1) // 2}x 3/6"]
    rest = [part for part in others if not part.startswith("0x")]
    kinds = ("fully", "barely superior", "none inferior", "partially")
    return f"volley 5/6 +2b, {', '.join(rest)} vs " + ", ".join(kinds[i % 4] for i in range(targets))


def contest_text(attackers: int, other: int) -> str:
    return (
        f"contest 5/6 +2b, {attackers - 1}x 4/6 vs 4/6 +1b, {other - 1}x 3/6 tie first"
        if other > 1
        else f"contest 5/6 +2b, {attackers - 1}x 4/6 vs 4/6 +1b tie first"
    )


def ours(text: str) -> float:
    query = parse(text)

    def run() -> None:
        xy_odds._degrees.cache_clear()
        xy_odds._damage_dice.cache_clear()
        xy_odds.odds(query)

    return best_of(run)


def icepool_timers():
    """Functions timing icepool on a check and on a volley (checking it agrees), or None."""
    try:
        import icepool
    except ImportError:
        return None

    def check_die(check: Check, extra: int):
        dice = 1 + abs(extra)
        hits = dice @ icepool.Die({1: check.x, 0: check.y - check.x})
        return hits.map(lambda k: degree(k, dice, extra))

    def check_timer(extra: int) -> tuple[float, str]:
        start = time.perf_counter()
        die = check_die(CHECK, extra)
        elapsed = time.perf_counter() - start
        mine = xy_odds.degree_distribution(CheckQuery(CHECK, 0, max(extra, 0), max(-extra, 0)))
        if {k: die.probability(k) for k in die.outcomes()} != mine.probabilities():
            raise SystemExit(f"icepool and the engine disagree on {CHECK} {extra:+d}")
        return elapsed, "equal"

    def volley_timer(text: str) -> tuple[float, str]:
        query = parse(text)
        n, count = len(query.attackers), len(query.targets)
        k = min(n, count)
        start = time.perf_counter()
        champion = check_die(query.attackers[0].check, query.attackers[0].extra).map(lambda d: max(d, 0))
        total = champion
        for other in query.attackers[1:]:
            total = total + icepool.Die({1: other.check.x, 0: other.check.y - other.check.x})
        damage = total.map(lambda h: min(h, k) @ icepool.d6 + h - min(h, k))
        per_target = []
        for place in range(count):
            on_target = total.map(lambda h, p=place: hits_per_target(h, n, count)[p])
            per_target.append(on_target.map(lambda m: icepool.d6 + m - 1 if m else 0))
        elapsed = time.perf_counter() - start
        mine = xy_odds.volley_odds(query)
        same = {h: total.probability(h) for h in total.outcomes()} == mine.hits.probabilities() and {
            d: damage.probability(d) for d in damage.outcomes()
        } == mine.damage.probabilities()
        by_place = sorted(mine.targets, key=lambda t: t.place)
        same = same and all(
            {d: die.probability(d) for d in die.outcomes()} == t.damage.probabilities()
            for die, t in zip(per_target, by_place)
        )
        if not same:
            raise SystemExit(f"icepool and the engine disagree on {text}")
        return elapsed, "equal"

    return check_timer, volley_timer


def run(full: bool) -> None:
    """Print the X-in-Y figures."""
    timers = icepool_timers()
    print(f"X-in-Y exact degree distribution of {CHECK} with bonus (+b) or penalty (-p) dice (best of 3)")
    print(f"{'check':<14} {'engine':>10} {'icepool':>10} {'ratio':>8}   check")
    for extra in EXTRAS:
        text = f"{CHECK} {'+' if extra > 0 else ''}{extra}{'b' if extra > 0 else 'p'}" if extra else str(CHECK)
        mine = ours(text)
        theirs, verdict = timers[0](extra) if timers else (None, "")
        theirs_text, ratio = ratio_columns(mine, theirs)
        print(f"{text:<14} {mine * 1e3:8.2f}ms {theirs_text:>10} {ratio:>8}   {verdict}")
    print("X-in-Y volleys: total hits, targets hit, total damage and each target's hits and damage (best of 3)")
    print(f"{'attackers x targets':<20} {'engine':>10} {'icepool':>10} {'ratio':>8}   check")
    worst = 0.0
    for attackers, targets in VOLLEY_SIZES:
        text = volley_text(attackers, targets)
        mine = ours(text)
        worst = max(worst, mine)
        theirs, verdict = timers[1](text) if timers else (None, "")
        theirs_text, ratio = ratio_columns(mine, theirs)
        print(f"{attackers:>3} x {targets:<14} {mine * 1e3:8.2f}ms {theirs_text:>10} {ratio:>8}   {verdict}")
    print("X-in-Y contested volleys (both sides' hits, who out-hits, each side's and target's damage)")
    for attackers, other in VOLLEY_SIZES:
        mine = ours(contest_text(attackers, other))
        worst = max(worst, mine)
        print(f"{attackers:>3} vs {other:<13} {mine * 1e3:8.2f}ms")
    largest = ours("contest 19/20 +30b crit, 19x 19/20 vs 19/20 +30b crit, 19x 19/20 tie full")
    print(f"largest the engine takes (20 vs 20, 30 bonus dice, crit): {largest * 1e3:.1f}ms")
    print(
        f"target: every volley up to 10 attackers against 10 targets under {TARGET_MS} ms "
        f"(slowest here {worst * 1e3:.1f}ms)"
    )


def lab_icepool(roll: str, rules):  # noqa: ANN001, ANN201 - a RuleSet; tests/benchmark.py's lab section
    """icepool working out a lab sheet's numbers for ``roll`` under ``rules`` (every degree and
    the chance at every rung), checked equal to the engine's: a function giving its time in
    seconds, or None when icepool is missing or the rule set rolls the crit die (icepool
    cuts an open-ended die short; the lab keeps it exact)."""
    try:
        import icepool
    except ImportError:
        return None
    from rules_engine.xy_checks.designer import TN_CHANGES
    from rules_engine.xy_checks.lab import lab_query, sheet
    from rules_engine.xy_checks.rules import degree_of

    query = lab_query(roll, rules)
    if not isinstance(query, CheckQuery) or query.crit:  # a volley or contest: no icepool form here
        return None
    bonus, penalty = query.rolled
    dice = 1 + bonus + penalty

    def degrees(check: Check):
        hits = dice @ icepool.Die({1: check.x, 0: check.y - check.x})
        return hits.map(lambda k: degree_of(k, bonus, penalty))

    def timer() -> float:
        start = time.perf_counter()
        spread = degrees(query.check)
        rungs = [degrees(replace(query, tn=tn).check).probability(">=", 1) for tn in TN_CHANGES]
        elapsed = time.perf_counter() - start
        mine = sheet(roll, rules, None)
        by_degree = {o.label: o.p for o in mine.outcomes}
        theirs = {(f"Success {d}" if d > 0 else f"Failure {-d}"): spread.probability(d) for d in spread.outcomes()}
        if theirs != by_degree or rungs != [r.p_success for r in mine.rungs]:
            raise SystemExit(f"icepool and the engine disagree on the lab's {roll} with {rules.written}")
        return elapsed

    return timer
