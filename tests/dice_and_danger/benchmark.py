"""dice & danger's benchmark (run by ``tests/benchmark.py``): exact hit odds time for four pools
(and the largest pools the engine takes), next to icepool computing the same hits with the
same explosion depth (checked to differ only by the mass the engine reports as cut)."""

from __future__ import annotations

import time

from bench_kit import best_of, print_against_icepool

from rules_engine.dice_and_danger import odds as dd_odds
from rules_engine.dice_and_danger.actions import damage_odds, health_odds
from rules_engine.dice_and_danger.notation import parse as dd_parse
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA

DD_ROLLS = ("4d+1b vs DC 3", "10d+3b vs DC 4", "20d-5p vs DC 5", "60d+10b vs DC 4")
DD_LARGEST = tuple(
    f"{side}{MAX_DICE}d{extra} vs DC {dc}"
    for side in ("", "save ")
    for dc in (2, 4, 6)
    for extra in (f"+{MAX_EXTRA}b", f"-{MAX_EXTRA}p")
)


def dd_ours(text: str) -> float:
    query = dd_parse(text)

    def run() -> None:
        dd_odds._joint.cache_clear()
        dd_odds.odds(query)

    return best_of(run)


def dd_icepool_timer():
    """A function timing icepool on a notation (and checking it agrees), or None without icepool.

    icepool explodes each kept 6's chain to the engine's crit cap, so every roll the engine
    follows is exact in both; icepool also keeps (truncated) the rolls the engine leaves
    out, so for every hits value icepool ≥ engine, and the differences sum to the cut.
    """
    try:
        import icepool
    except ImportError:
        return None

    def hits_die(query, depth: int):
        dc = query.dc
        # miss < hit < six, so keeping the highest or lowest classes keeps the same dice
        classes = icepool.d6.map(lambda face: 0 if face < dc else (1 if face < 6 else 1000))
        pool = classes.pool(query.rolled)
        kept = pool.lowest(query.dice) if query.drops_highest else pool.highest(query.dice)
        chain = icepool.d6.explode(depth=depth)  # one kept 6's explosion dice: 6k + last face
        chain_hits = chain.map(lambda v: (v - 1) // 6 + ((v - 1) % 6 + 1 >= dc))
        dice_hits = kept.sum().map(lambda v: v % 1000 + v // 1000 + (v // 1000) @ chain_hits)
        return dice_hits.map(lambda hits: max(0, hits + query.hits))

    def run(text: str) -> tuple[float, str]:
        query = dd_parse(text)
        cap = dd_odds.crit_cap(query)
        start = time.perf_counter()
        die = hits_die(query, cap)
        elapsed = time.perf_counter() - start
        mine = dd_odds.hits_distribution(query)
        gaps = {k: die.probability(k) - mine.p(k) for k in set(die.outcomes()) | set(mine.outcomes)}
        if any(gap < 0 for gap in gaps.values()) or sum(gaps.values()) != mine.cut_mass:
            raise SystemExit(f"icepool and the engine disagree on {text}")
        return elapsed, f"equal but the cut ({float(mine.cut_mass):.1e})"

    return run


def lab_icepool(roll: str, rules):  # noqa: ANN001, ANN201 - a RuleSet; a timer or None
    """A timer of icepool answering one lab column of ``roll`` under ``rules`` (the chance of
    at least one hit at every armour's DC, or of no hit on a save, and the hits at DC 3),
    checked equal to the lab's sheet; ``None`` when a face explodes (icepool cuts explosions at a depth, so it cannot
    give the same exact figures) or without icepool."""
    try:
        import icepool
    except ImportError:
        return None
    from rules_engine.dice_and_danger.house_rules import crit_face
    from rules_engine.dice_and_danger.lab import LADDER, SAVE_LADDER, TYPICAL_DC, sheet

    if crit_face(rules) is not None:
        return None

    def hits(dc: int):
        query = dd_parse(f"{roll} vs DC {dc}{rules.with_clause()}")
        if query.dice == 0:
            return icepool.Die([max(0, query.hits)])
        # a hit is 1 and a miss 0: keeping a run of the sorted dice keeps as many hits
        pool = icepool.d(query.sides).map(lambda face: int(face >= query.dc)).pool(query.rolled)
        kept = pool[query.low_drops : query.low_drops + query.dice]
        return kept.sum().map(lambda h: max(0, h + query.hits))

    save = dd_parse(f"{roll} vs DC {TYPICAL_DC}").save

    def timer() -> float:
        start = time.perf_counter()
        if save:  # a save succeeds on no hit, its ladder from the highest DC down
            rungs = [hits(dc).probability(0) for dc, _label in SAVE_LADDER]
        else:
            rungs = [hits(dc).probability(">=", 1) for dc, _label in LADDER]
        usual = hits(TYPICAL_DC)
        elapsed = time.perf_counter() - start
        mine = sheet(roll, rules, None)
        if rungs != [r.p_success for r in mine.rungs] or {o.value: o.p for o in mine.outcomes} != {
            k: usual.probability(k) for k in usual.outcomes()
        }:
            raise SystemExit(f"icepool and the lab disagree on {roll} with {rules.written}")
        return elapsed

    return timer


def run(full: bool) -> None:
    """Print the dice & danger figures."""
    print("dice & danger exact hit odds (best of 3, cache cleared); icepool explodes to the same crit cap")
    print_against_icepool(DD_ROLLS, dd_ours, dd_icepool_timer(), 22, decimals=1)
    worst = max((dd_ours(text), text) for text in DD_LARGEST)
    print(
        f"largest pools ({MAX_DICE} base dice, {MAX_EXTRA} bonus or penalty dice, every DC kind): "
        f"slowest {worst[0] * 1e3:.1f}ms ({worst[1]})"
    )
    # The helpers' whole replies (odds, chart, outcomes) at their busiest inputs.
    busiest = {
        "acting": "on",
        "expert": "on",
        "prepared": "on",
        "friend": "on",
        "hit_defense": "on",
        "weapon": "swords",
        "ranged": "on",
        "crude": "on",
        "off_hand": "on",
        "shield": "shield",
        "armour": "none",
    }
    for label, action, fields in (
        ("damage-roll builder, every term", damage_odds, busiest),
        (
            "Health-save helper, 100 now, 30 had, Health 2",
            health_odds,
            {"conditions_now": str(MAX_DICE), "conditions_had": str(MAX_EXTRA), "health": "2"},
        ),
    ):

        def reply(action=action, fields=fields) -> None:
            dd_odds._joint.cache_clear()
            action({"fields": fields})

        print(f"{label}: {best_of(reply) * 1e3:.1f}ms")
    print(
        "targets: >=5x icepool on 20d-5p vs DC 5; each of the four, every pool the engine takes and each "
        "helper's reply, under 1 s"
    )
