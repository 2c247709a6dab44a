"""dice & danger: exact odds of the hits (or, without a DC, of the kept die's face).

The hits of a pool are the kept dice at or above the DC, every kept 6, and whatever the
6s' explosions add (``core.pools`` has the algebra). Explosions are followed until the
chance of even more re-rolled 6s in the whole roll is below ``EXPLOSION_CUTOFF``; that
many re-rolled 6s is the roll's *crit cap*, and the mass beyond it is ``cut_mass``. A
roll left out has at least cap + 2 hits from dice, so every outcome below that is exact,
and so is "at least k hits" for every k up to it.

Under any other rule set (``house_rules.py``) the odds come from ``house_odds``: every
explosion is followed with no cap, the counts are listed until the rest is below the same
cut-off, and every listed count is exact. Such odds have no crit cap (``crit_cap`` is
``null``); ``cut_mass`` is the chance of more hits than the last count listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ..core.dist import EXPLOSION_CUTOFF, Dist
from ..core.exact import decimal_text, percent, ratio
from ..core.pools import (
    crit_cap_for,
    kept_crits,
    kept_successes_and_crits,
    mean_successes_with_crits,
    successes_with_crits,
)
from ..core.system import outcomes_json
from . import house_odds
from .house_rules import drops_highest
from .notation import DiceAndDangerQuery
from .rules import SIDES

#: The odds table folds its rare ends (together below this chance) into one line each.
SHOWN_CHANCE = Fraction(1, 20_000)
#: The longest exact fraction the odds table prints for the average.
EXACT_SHOWN = 40


@lru_cache(maxsize=256)
def _joint(dc: int, rolled: int, kept: int, keep_highest: bool) -> dict[tuple[int, int], int]:
    return kept_successes_and_crits(SIDES, dc, rolled, kept, keep_highest=keep_highest)


def kept_dice_joint(query: DiceAndDangerQuery) -> dict[tuple[int, int], int]:
    """(kept hits below 6, kept 6s) → weight over 6 ** rolled dice, before explosions."""
    if query.dc is None:
        raise ValueError("a roll without a DC has no hits")
    if not query.rules.is_printed:
        raise ValueError("the crit-cap algebra is the printed rules' own: a house rule's hits come from house_odds")
    return _joint(query.dc, query.rolled, query.dice, not query.drops_highest)


def crit_cap(query: DiceAndDangerQuery, cutoff: Fraction = EXPLOSION_CUTOFF) -> int:
    """How many re-rolled 6s in all the odds follow: the fewest that leave out less than
    ``cutoff``, and never fewer than the hits a ``-Nh`` term removes (so that the mean
    and every count the removal touches stay exact)."""
    found = crit_cap_for(kept_crits(kept_dice_joint(query)), SIDES**query.rolled, SIDES, cutoff)
    return max(found, -query.hits)


def dice_hits_distribution(query: DiceAndDangerQuery, *, cap: int | None = None) -> Dist:
    """Hits from the dice alone (before ``+Nh``/``-Nh``), explosions followed to ``cap``
    re-rolled 6s in all (default: ``crit_cap``)."""
    if query.dice == 0:
        return Dist.constant(0)
    if cap is None:
        cap = crit_cap(query)
    return successes_with_crits(kept_dice_joint(query), query.rolled, SIDES, query.dc or 0, cap)


def hits_distribution(query: DiceAndDangerQuery, *, cap: int | None = None) -> Dist:
    """The exact distribution of the roll's hits (``cut_mass`` = explosions left out)."""
    if not query.rules.is_printed:
        return house_odds.query_hits(query)[0]
    return dice_hits_distribution(query, cap=cap).map(lambda hits: max(0, hits + query.hits))


def hits_without_explosions(query: DiceAndDangerQuery) -> Dist:
    """The hits as if kept 6s did not explode (only for comparing with the source)."""
    if query.dice == 0:
        return Dist.constant(max(0, query.hits))
    weights: dict[int, int] = {}
    for (hits, sixes), weight in kept_dice_joint(query).items():
        total = max(0, hits + sixes + query.hits)
        weights[total] = weights.get(total, 0) + weight
    return Dist(weights, SIDES**query.rolled)


def face_distribution(query: DiceAndDangerQuery) -> Dist:
    """Without a DC: the face of the one kept die (no explosion), as for an attribute."""
    if query.dc is not None or query.dice != 1:
        raise ValueError("only a one-die roll without a DC reads a face")
    if not query.rules.is_printed:
        return _order_statistic(query.sides, query.rolled, query.low_drops)
    die = Dist.die(query.sides)
    return die.keep_lowest(query.rolled, 1) if query.drops_highest else die.keep_highest(query.rolled, 1)


def _order_statistic(sides: int, rolled: int, below: int) -> Dist:
    """The face of the die kept when ``rolled`` dice are sorted and the ``below`` lowest
    dropped: P(face ≤ x) is the chance that more than ``below`` dice show x or less."""

    def at_most(x: int) -> int:  # weight over sides ** rolled
        return sum(comb(rolled, j) * x**j * (sides - x) ** (rolled - j) for j in range(below + 1, rolled + 1))

    return Dist({x: at_most(x) - at_most(x - 1) for x in range(1, sides + 1)}, sides**rolled)


def mean_hits(query: DiceAndDangerQuery, dice_hits: Dist | None = None) -> Fraction:
    """The exact average hits, every explosion followed to its end (``dice_hits``: the
    query's ``dice_hits_distribution`` when it is already at hand)."""
    if query.dice == 0:
        return Fraction(max(0, query.hits))
    if not query.rules.is_printed:
        return house_odds.query_hits(query)[1]
    joint = kept_dice_joint(query)
    mean = mean_successes_with_crits(joint, query.rolled, SIDES, query.dc or 0) + query.hits
    if query.hits < 0:
        # Hits that the removal would take below 0 are not taken: add them back. They
        # come from counts below -hits, which the crit cap keeps exact.
        dice = dice_hits if dice_hits is not None else dice_hits_distribution(query)
        mean += sum((-query.hits - x) * p for x, p in dice.probabilities().items() if x < -query.hits)
    return mean


def _end(query: DiceAndDangerQuery, extra: int) -> str:
    """Which dice bonus (``extra`` > 0) or penalty dice drop under the query's rules."""
    return "highest" if drops_highest(query.rules, extra, save=query.save) else "lowest"


@dataclass(frozen=True)
class DiceAndDangerOdds:
    """The exact odds of a notation: hits (or, without a DC, the kept die's face)."""

    query: DiceAndDangerQuery
    dist: Dist
    mean: Fraction
    cap: int | None  # re-rolled 6s followed in all (None: nothing explodes, or a house rule's odds)

    @property
    def label(self) -> str:
        return "hits" if self.query.dc is not None else "face"

    def p_at_least(self, value: int) -> Fraction:
        """P(result ≥ value) as 1 − P(result < value): exact wherever the crit cap keeps
        the lower counts exact; past that it counts the left-out mass as reached."""
        return 1 - self.dist.p_at_most(value - 1)

    @property
    def drop_note(self) -> str | None:
        """Which dice the bonus or penalty dice drop (``None`` when there are none)."""
        q = self.query
        if q.paired:
            return f"the bonus dice drop the {_end(q, 1)} dice and the penalty dice the {_end(q, -1)}"
        if not q.extra:
            return None
        kind = "bonus" if q.extra > 0 else "penalty"
        return f"the {kind} dice drop the {'highest' if q.drops_highest else 'lowest'} dice"

    def shown_range(self) -> tuple[int, int]:
        """``(low, high)``: the outcomes shown one by one are ``dist.outcomes[low:high]``;
        the rare ends before and after (each under ``SHOWN_CHANCE`` in all) are folded."""
        outcomes = list(self.dist.outcomes)
        low = 0
        while low < len(outcomes) - 1 and self.dist.p_at_most(outcomes[low]) < SHOWN_CHANCE:
            low += 1
        high = len(outcomes)
        while high - 1 > low and self.p_at_least(outcomes[high - 1]) < SHOWN_CHANCE:
            high -= 1
        return low, high

    def chart_json(self) -> dict[str, object]:
        """What the live widget draws, every number written by the engine: one bar per
        shown outcome (exact fraction and ``percent(…, 2)``), the folded ends, the average
        to 2 places and, with a DC, the chance of at least one hit."""
        outcomes = list(self.dist.outcomes)
        low, high = self.shown_range()

        def chance(value: Fraction) -> dict[str, str]:
            return {"ratio": ratio(value), "percent": percent(value, 2)}

        folded = []
        if low:
            folded.append(
                {
                    "from": outcomes[0],
                    "to": outcomes[low - 1],
                    "end": "low",
                    **chance(self.dist.p_at_most(outcomes[low - 1])),
                }
            )
        if high < len(outcomes):
            folded.append(
                {"from": outcomes[high], "to": outcomes[-1], "end": "high", **chance(self.p_at_least(outcomes[high]))}
            )
        return {
            "reads": self.label,
            "bars": [
                {"value": k, **chance(self.dist.p(k)), "at_least": chance(self.p_at_least(k))}
                for k in outcomes[low:high]
            ],
            "folded": folded,
            "mean_text": decimal_text(self.mean, 2),
            "p_any_hit": chance(self.p_at_least(1)) if self.query.dc is not None else None,
            "drop_note": self.drop_note,
        }

    def lines(self) -> list[str]:
        """A readable table: the chance of each result and of at least it."""
        q = self.query
        lines = [f"dice & danger {q.notation} ({q.kind}): exact odds", *q.notes]
        if self.drop_note:
            lines.append(self.drop_note)
        exact = str(self.mean)
        exact = f"exactly {exact}" if len(exact) <= EXACT_SHOWN else "exactly: see --json"
        lines.append(f"average {decimal_text(self.mean, 2)} {self.label} ({exact})")
        width = max(len(self.label), *(len(str(k)) for k in self.dist.outcomes))
        lines.append(f"{self.label:>{width}}     chance    at least")
        outcomes = list(self.dist.outcomes)
        low, high = self.shown_range()  # the rare ends fold into one line each
        if low:
            chance = self.dist.p_at_most(outcomes[low - 1])
            lines.append(f"{outcomes[0]}–{outcomes[low - 1]} {self.label}: {percent(chance, 2)} in all")
        for k in outcomes[low:high]:
            lines.append(f"{k:>{width}}   {percent(self.dist.p(k), 2):>9}   {percent(self.p_at_least(k), 2):>9}")
        if high < len(outcomes):
            chance = self.p_at_least(outcomes[high])
            lines.append(f"{outcomes[high]}–{outcomes[-1]} {self.label}: {percent(chance, 2)} in all")
        if self.dist.cut_mass:
            cut = ratio(self.dist.cut_mass)
            cut = cut if len(cut) <= EXACT_SHOWN else f"{float(self.dist.cut_mass):.1e} (exactly: see --json)"
            if q.rules.is_printed:
                lines.append(
                    f"(explosions followed to {self.cap} re-rolled 6s in all; the rolls past that, "
                    f"{cut} of the mass, are left out)"
                )
            else:
                lines.append(
                    f"(explosions followed to their end; more than {self.dist.outcomes[-1]} {self.label}, "
                    f"{cut} of the mass, is not listed)"
                )
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds … --json``)."""
        q = self.query
        return {
            "system": "dice-and-danger",
            "notation": q.notation,
            "kind": q.kind.split()[0],  # save, damage or face
            "dc": q.dc,
            "dice": q.dice,
            "bonus": q.bonus,
            "penalty": q.penalty,
            "added_hits": q.hits,
            "reads": self.label,
            "outcomes": outcomes_json(self.dist),
            "p_at_least": {str(k): ratio(self.p_at_least(k)) for k in self.dist.outcomes},
            "mean": ratio(self.mean),
            "cut_mass": ratio(self.dist.cut_mass),
            "crit_cap": self.cap,
            "notes": list(q.notes),
            "rules": q.rules.to_json(),
        }


def odds(query: DiceAndDangerQuery) -> DiceAndDangerOdds:
    """The exact odds of a parsed query."""
    if query.dc is None:
        dist = face_distribution(query)
        return DiceAndDangerOdds(query, dist, dist.mean(), None)
    if not query.rules.is_printed:
        dist, mean, _variance = house_odds.query_hits(query)
        return DiceAndDangerOdds(query, dist, mean, None)
    cap = crit_cap(query) if query.dice else None
    dice_hits = dice_hits_distribution(query, cap=cap)
    dist = dice_hits.map(lambda hits: max(0, hits + query.hits))
    return DiceAndDangerOdds(query, dist, mean_hits(query, dice_hits), cap)
