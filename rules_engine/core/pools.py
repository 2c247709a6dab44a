"""Pools of dice where some dice are dropped, the kept dice count as successes at or
above a target, and a kept top face is a crit that explodes into one more die.

Exact odds come in two steps:

1. ``kept_successes_and_crits``: the joint distribution of (successes below the top
   face, top faces) among the kept dice. Only the class of each face matters (miss,
   success, top), and the classes are ordered, so keeping the highest or lowest dice is
   decided by how many dice land in each class: a sum over class counts, not over rolls.
2. ``successes_with_crits``: every kept top face starts a chain of explosion dice. With
   ``s`` chains, the number of top faces among the explosion dice is negative binomial
   and each chain's last die is an independent success or miss, so the successes the
   chains add have a closed form. Chains are followed until the whole roll has rolled
   ``crit_cap`` top faces on explosion dice; rolls with more are left out and reported
   as ``cut_mass``. Every roll left out has more than ``crit_cap + 1`` successes, so
   the distribution is exact for every count up to ``crit_cap + 1``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from .dist import EXPLOSION_CUTOFF, Dist
from .poly import convolve

#: A crit cap the cut-off search never goes past (the cut shrinks geometrically long before).
MAX_CRIT_CAP = 10_000


def dropped_positions(values: Sequence[int], drop: int, *, highest: bool) -> tuple[int, ...]:
    """The positions of the ``drop`` highest (or lowest) values, in roll order.

    Among equal values the later-rolled die is dropped first, so an extra die rolled
    for a bonus or penalty is the one set aside when it ties a base die.
    """
    if not 0 <= drop <= len(values):
        raise ValueError("cannot drop more dice than were rolled")
    order = sorted(range(len(values)), key=lambda i: (values[i] if highest else -values[i], i), reverse=True)
    return tuple(sorted(order[:drop]))


def kept_class_counts(
    class_faces: Sequence[int], pool: int, keep: int, *, keep_highest: bool
) -> dict[tuple[int, ...], int]:
    """How many kept dice land in each face class, as weights over ``sum(class_faces) ** pool``.

    ``class_faces[i]`` is the number of faces in class ``i``; classes are listed from the
    lowest faces to the highest. ``pool`` dice are rolled and ``keep`` of them are kept:
    the highest when ``keep_highest``, else the lowest.
    """
    if not 0 <= keep <= pool:
        raise ValueError("keep must be between 0 and the pool size")
    classes = len(class_faces)
    order = range(classes - 1, -1, -1) if keep_highest else range(classes)
    out: dict[tuple[int, ...], int] = {}

    def place(index: int, left: int, counts: list[int], weight: int) -> None:
        if index == classes - 1:
            counts.append(left)
            full = weight * class_faces[index] ** left
            kept, room = [0] * classes, keep
            for c in order:
                kept[c] = min(counts[c], room)
                room -= kept[c]
            key = tuple(kept)
            out[key] = out.get(key, 0) + full
            counts.pop()
            return
        for n in range(left + 1):
            counts.append(n)
            place(index + 1, left - n, counts, weight * comb(left, n) * class_faces[index] ** n)
            counts.pop()

    place(0, pool, [], 1)
    return {k: w for k, w in out.items() if w}


def kept_successes_and_crits(
    sides: int, target: int, pool: int, keep: int, *, keep_highest: bool
) -> dict[tuple[int, int], int]:
    """(kept successes below the top face, kept top faces) → weight over ``sides ** pool``.

    A face at or above ``target`` is a success; the top face ``sides`` is a success too.
    """
    if not 2 <= target <= sides:
        raise ValueError("the target must be a face from 2 to the top face")
    counts = kept_class_counts((target - 1, sides - target, 1), pool, keep, keep_highest=keep_highest)
    joint: dict[tuple[int, int], int] = {}
    for (_missed, succeeded, top), weight in counts.items():
        joint[succeeded, top] = joint.get((succeeded, top), 0) + weight
    return joint


def kept_crits(joint: Mapping[tuple[int, int], int]) -> dict[int, int]:
    """The number of kept top faces (crits) → weight, from a joint distribution."""
    out: dict[int, int] = {}
    for (_succeeded, top), weight in joint.items():
        out[top] = out.get(top, 0) + weight
    return out


def crit_cut_masses(
    crits: Mapping[int, int], denominator: int, sides: int, up_to: int, cutoff: Fraction | None = None
) -> list[Fraction]:
    """For each crit cap K from 0 to ``up_to`` (stopping early once one is below ``cutoff``):
    the chance that explosion dice show more than K top faces in all, when ``crits`` (kept
    top faces → weight over ``denominator``) start the chains."""
    # covered(K) / (denominator · sides^(smax + K)) is the chance of at most K explosion
    # top faces. With A_s the weight of s chains scaled to the common denominator,
    # covered(K) = sides · covered(K − 1) + Σ_s A_s · C(s + K − 1, K).
    smax = max(crits, default=0)
    scaled = {s: w * (sides - 1) ** s * sides ** (smax - s) for s, w in crits.items()}
    covered = sum(scaled.values())
    total = denominator * sides**smax
    chains = {s: 1 for s in scaled if s > 0}  # C(s + K − 1, K) at K = 0
    masses = [Fraction(total - covered, total)]
    for cap in range(1, up_to + 1):
        if cutoff is not None and masses[-1] < cutoff:
            break
        for s in chains:
            chains[s] = chains[s] * (s + cap - 1) // cap
        covered = covered * sides + sum(scaled[s] * c for s, c in chains.items())
        total *= sides
        masses.append(Fraction(total - covered, total))
    return masses


def crit_cap_for(crits: Mapping[int, int], denominator: int, sides: int, cutoff: Fraction = EXPLOSION_CUTOFF) -> int:
    """The smallest crit cap that leaves out less than ``cutoff`` of the mass."""
    masses = crit_cut_masses(crits, denominator, sides, MAX_CRIT_CAP, cutoff)
    if masses[-1] >= cutoff:
        raise ValueError("the explosions cannot be followed far enough")
    return len(masses) - 1


def chain_successes(chains: int, sides: int, target: int, crit_cap: int) -> list[int]:
    """Successes on the explosion dice of ``chains`` chains, as weights over
    ``sides ** (chains + crit_cap)`` (index = successes); at most ``crit_cap`` top faces
    are followed in all, the rest of the mass is left out.

    A chain rolls until a die shows less than the top face; each top face is a success
    and one more die, the last die is a success at or above ``target``.
    """
    if chains == 0:
        return [sides**crit_cap]
    # k top faces spread over the chains (in C(chains + k − 1, k) ways), then the chains'
    # last dice: a binomial in (successes, misses) among the faces below the top.
    tops = [comb(chains + k - 1, k) * sides ** (crit_cap - k) for k in range(crit_cap + 1)]
    lasts = [comb(chains, j) * (sides - target) ** j * (target - 1) ** (chains - j) for j in range(chains + 1)]
    return convolve(tops, lasts)


def successes_with_crits(
    joint: Mapping[tuple[int, int], int], pool: int, sides: int, target: int, crit_cap: int
) -> Dist:
    """Total successes: kept successes, kept top faces, and what their chains add.

    ``joint`` comes from ``kept_successes_and_crits`` for ``pool`` dice rolled.
    """
    by_crits: dict[int, dict[int, int]] = {}
    for (succeeded, top), weight in joint.items():
        by_crits.setdefault(top, {})[succeeded] = weight
    smax = max(by_crits, default=0)
    totals: list[int] = []
    for top, row in by_crits.items():
        kept = [row.get(i, 0) for i in range(max(row) + 1)]
        chain = chain_successes(top, sides, target, crit_cap)
        scale = sides ** (smax - top)
        for i, w in enumerate(convolve(kept, chain)):
            if w:
                slot = top + i  # each kept top face is itself a success
                if slot >= len(totals):
                    totals.extend([0] * (slot + 1 - len(totals)))
                totals[slot] += w * scale
    return Dist.from_counts(totals, 0, sides ** (pool + smax + crit_cap))


def mean_successes_with_crits(joint: Mapping[tuple[int, int], int], pool: int, sides: int, target: int) -> Fraction:
    """The exact mean of the total successes with every chain followed to its end."""
    # A chain rolls 1/(sides − 1) top faces on average, then its last die succeeds
    # with chance (sides − target)/(sides − 1): (1 + sides − target)/(sides − 1) in all.
    kept = sum(w * (succeeded + top) for (succeeded, top), w in joint.items())
    chains = sum(w * top for (_succeeded, top), w in joint.items())
    return Fraction(kept * (sides - 1) + chains * (1 + sides - target), (sides - 1) * sides**pool)
