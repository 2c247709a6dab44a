from fractions import Fraction
from itertools import product

import pytest

from rules_engine.core.dist import EXPLOSION_CUTOFF
from rules_engine.core.errors import RulesError
from rules_engine.core.pools import (
    chain_successes,
    crit_cap_for,
    crit_cut_masses,
    dropped_positions,
    kept_class_counts,
    kept_crits,
    kept_successes_and_crits,
    mean_successes_with_crits,
    successes_with_crits,
)
from rules_engine.core.roller import DieFate, ScriptedRoller


def crit_cut_mass(crits: dict[int, int], denominator: int, sides: int, crit_cap: int) -> Fraction:
    """The chance that explosion dice show more than ``crit_cap`` top faces in all, when
    ``crits`` (kept top faces → weight over ``denominator``) start the chains."""
    return crit_cut_masses(crits, denominator, sides, crit_cap)[-1]


def paths(pending, crits, cap, target, sides=6):
    """Every way the explosion dice can fall: (successes, probability); more than ``cap``
    top faces in all is cut (left out)."""
    if pending == 0:
        yield 0, Fraction(1)
        return
    for face in range(1, sides + 1):
        if face == sides:
            if crits < cap:
                for s, p in paths(pending, crits + 1, cap, target, sides):
                    yield s + 1, p / sides
        else:
            for s, p in paths(pending - 1, crits, cap, target, sides):
                yield s + (face >= target), p / sides


def brute_force(pool, keep, target, keep_highest, cap, sides=6):
    out: dict[int, Fraction] = {}
    for dice in product(range(1, sides + 1), repeat=pool):
        ordered = sorted(dice)
        kept = ordered[pool - keep :] if keep_highest else ordered[:keep]
        base = sum(d >= target for d in kept)
        for extra, p in paths(kept.count(sides), 0, cap, target, sides):
            out[base + extra] = out.get(base + extra, 0) + p / sides**pool
    return {k: v for k, v in sorted(out.items()) if v}


@pytest.mark.parametrize(
    "pool,keep,target,keep_highest,cap",
    [
        (1, 1, 3, True, 0),
        (1, 1, 6, True, 3),
        (2, 1, 3, True, 2),
        (2, 1, 4, False, 2),
        (3, 2, 2, True, 1),
        (3, 3, 5, True, 2),
        (4, 3, 4, False, 2),
        (4, 2, 6, True, 2),
        (0, 0, 3, True, 2),
        (3, 1, 2, False, 3),
    ],
)
def test_successes_with_crits_equal_every_roll_counted(pool, keep, target, keep_highest, cap):
    joint = kept_successes_and_crits(6, target, pool, keep, keep_highest=keep_highest)
    dist = successes_with_crits(joint, pool, 6, target, cap)
    expected = brute_force(pool, keep, target, keep_highest, cap)
    assert dist.probabilities() == expected
    assert dist.cut_mass == 1 - sum(expected.values())
    assert dist.cut_mass == crit_cut_mass(kept_crits(joint), 6**pool, 6, cap)


def test_kept_class_counts_by_hand():
    # two coins (classes of one face each), keep the higher: both low only 1 way in 4
    assert kept_class_counts((1, 1), 2, 1, keep_highest=True) == {(1, 0): 1, (0, 1): 3}
    assert kept_class_counts((1, 1), 2, 1, keep_highest=False) == {(1, 0): 3, (0, 1): 1}
    counts = kept_class_counts((2, 3, 1), 5, 3, keep_highest=True)
    assert sum(counts.values()) == 6**5 and all(sum(k) == 3 for k in counts)


def test_chain_successes_by_hand():
    # one chain, no crit allowed: the one die succeeds on 4–5 (2 faces) and misses on 1–3
    assert chain_successes(1, 6, 4, 0) == [3, 2]
    # one chain, one crit allowed: [miss, success, (6 then success)] over 6**2
    assert chain_successes(1, 6, 4, 1) == [3 * 6, 2 * 6 + 3, 2]
    assert chain_successes(0, 6, 4, 3) == [6**3]


def test_crit_cap_is_the_smallest_that_cuts_below_the_cutoff():
    joint = kept_successes_and_crits(6, 4, 12, 10, keep_highest=True)
    crits = kept_crits(joint)
    cap = crit_cap_for(crits, 6**12, 6)
    assert crit_cut_mass(crits, 6**12, 6, cap) < EXPLOSION_CUTOFF <= crit_cut_mass(crits, 6**12, 6, cap - 1)
    assert crit_cap_for({0: 1}, 1, 6) == 0  # nothing explodes: nothing to cut


def test_exact_mean_is_the_limit_of_the_cut_means():
    joint = kept_successes_and_crits(6, 3, 5, 4, keep_highest=False)
    exact = mean_successes_with_crits(joint, 5, 6, 3)
    means = [successes_with_crits(joint, 5, 6, 3, cap).mean() for cap in (2, 6, 12, 20)]
    assert means == sorted(means) and all(m < exact for m in means)
    assert exact - means[-1] < Fraction(1, 10**12)


def test_counts_below_the_cap_are_exact():
    joint = kept_successes_and_crits(6, 5, 6, 5, keep_highest=True)
    short, long = successes_with_crits(joint, 6, 6, 5, 3), successes_with_crits(joint, 6, 6, 5, 12)
    assert all(short.p(k) == long.p(k) for k in range(0, 3 + 2))
    assert short.p(3 + 2) < long.p(3 + 2)


@pytest.mark.parametrize(
    "values,drop,highest,expected",
    [
        ([1, 2, 4, 5, 6], 1, True, (4,)),
        ([3, 1, 3, 3], 2, True, (2, 3)),  # ties: the later-rolled dice go first
        ([2, 1, 1, 5], 1, False, (2,)),
        ([4, 4], 0, False, ()),
    ],
)
def test_dropped_positions(values, drop, highest, expected):
    assert dropped_positions(values, drop, highest=highest) == expected


def test_scripted_roller_reads_the_given_dice_and_logs_them():
    roller = ScriptedRoller([3, 6])
    assert roller.roll_pool(2, 6, "given") == [(0, 3), (1, 6)]
    assert roller.seed is None and roller.unused == ()
    assert [e.fate for e in roller.log] == [DieFate.ROLLED, DieFate.ROLLED]
    with pytest.raises(RulesError, match="needs more"):
        roller.roll(6)
    with pytest.raises(RulesError, match="not a face"):
        ScriptedRoller([7]).roll(6)
