"""Action!'s unnamed characters (mooks): glass-jaw and advanced mooks read a hit's damage
from a short table, speed-bump mooks fall one per Wound Threshold of a static PV; and the
exact chance that an attack (a part-1 action) leaves a mook in each state (source 001).

An attack's damage is its PV. Whether a roll hits and how high its PV goes both rise with
the dice part, and a double-0 changes neither (it only changes the degree), so the chance
of "a hit with PV ≥ k" is one exact tail of the dice part: no cut-off anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.dist import Dist
from ...core.open_ended import OpenPool
from ..roll.notation import ActionQuery
from ..roll.odds import dice_part_at_least, roll_pool
from ..roll.rules import SIDES, payoff


@dataclass(frozen=True)
class Band:
    """A run of damage (``high`` None: and up) and what it does to a mook."""

    low: int
    high: int | None
    state: str
    effect: str

    def holds(self, damage: int) -> bool:
        return damage >= self.low and (self.high is None or damage <= self.high)

    @property
    def label(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class MookKind:
    """A way of running unnamed characters: its name, notation word and damage bands."""

    word: str
    name: str
    bands: tuple[Band, ...]
    down_from: int  # the damage from which this mook is out of the fight

    def state(self, damage: int) -> Band:
        """The band a hit's damage falls in (a hit with a PV below 0 counts as 0)."""
        return next(b for b in self.bands if b.holds(max(damage, 0)))


GLASS_JAW = MookKind(
    "glass-jaw",
    "Glass-jaw mook",
    (
        Band(0, 4, "nothing", "nothing happens"),
        Band(5, 9, "shaken", "Shaken"),
        Band(10, None, "out", "out of the fight"),
    ),
    down_from=10,
)

#: The source prints 0–4, 5–9, 10–15 and 16–20; past 20 the engine keeps the worst band (ruling).
ADVANCED = MookKind(
    "advanced",
    "Advanced mook",
    (
        Band(0, 4, "shaken", "Shaken"),
        Band(5, 9, "free-die", "the attacker gains a free d10 on the next action"),
        Band(10, 15, "unconscious", "unconscious"),
        Band(16, None, "out", "permanently out of action"),
    ),
    down_from=10,
)

KINDS = (GLASS_JAW, ADVANCED)


def speed_bump_down(pv: int, threshold: int) -> int:
    """Speed-bump mooks: one goes down for every full Mook Wound Threshold of PV."""
    return pv // threshold if pv > 0 else 0


def speed_bump_pv(query: ActionQuery) -> int:
    """The static PV against speed-bump mooks: the character's skill + damage (the attack's
    EV bonus) against the mooks' skill + soak (the defence and its EV bonus)."""
    return query.skill - query.defence_value + query.ev_bonus


def extra_positive_dice(query: ActionQuery) -> int:
    """The positive dice a speed-bump attack still rolls: those beyond the plain roll's one
    (Inspired, Wild's positive die, +Nd); Static rolls none."""
    return 0 if "static" in query.types else query.plan.positive - 1


def speed_bump_odds(query: ActionQuery, shown: int) -> tuple[dict[int, Fraction], Fraction]:
    """``({mooks down: chance} for 0 … shown, P(more than shown))`` against speed-bump
    mooks: the static PV plus any extra positive dice (open-ended, exact)."""
    base = speed_bump_pv(query)
    extra = extra_positive_dice(query)
    threshold = query.threshold
    if extra == 0:
        down = speed_bump_down(base, threshold)
        table = {n: Fraction(n == down) for n in range(shown + 1)}
        return table, Fraction(down > shown)
    pool = OpenPool(SIDES, extra, 0, Dist.constant(0))

    def at_least(n: int) -> Fraction:  # P(down ≥ n) = P(PV ≥ n·T) for n ≥ 1
        return Fraction(1) if n <= 0 else pool.p_at_least(n * threshold - base)

    table = {n: at_least(n) - at_least(n + 1) for n in range(shown + 1)}
    return table, at_least(shown + 1)


def least_dice_for_damage(query: ActionQuery, damage: int) -> int:
    """The least dice part (as it counts) that makes the attack a hit (Outcome ≥ 0, AV ≥ 0)
    with PV ≥ ``damage``. PV rises with the dice part, so bisection finds it."""

    def ok(dice: int) -> bool:
        av = query.skill + dice
        outcome = av - query.defence_value
        return av >= 0 and outcome >= 0 and payoff(outcome, query.ev_bonus, query.threshold, query.types) >= damage

    low = -abs(query.skill) - abs(query.defence_value) - 1  # never a hit (AV or Outcome below 0)
    high = abs(query.skill) + abs(query.defence_value) + abs(query.ev_bonus) + abs(damage) + 2 * query.threshold + 2
    while high - low > 1:
        mid = (low + high) // 2
        if ok(mid):
            high = mid
        else:
            low = mid
    return high


def p_hit_with_damage(query: ActionQuery, damage: int) -> Fraction:
    """P(the attack hits with PV ≥ ``damage``), exactly."""
    return dice_part_at_least(roll_pool(query), query, least_dice_for_damage(query, damage))


def p_hit(query: ActionQuery) -> Fraction:
    """P(the attack hits at all: Outcome ≥ 0 and not a Fumble), whatever its PV."""
    return p_hit_with_damage(query, -(10**9))


def kind_odds(query: ActionQuery, kind: MookKind) -> dict[str, Fraction]:
    """The chance of a miss and of each band's state for ``kind``."""
    hit = p_hit(query)
    result = {"miss": 1 - hit}
    for band in kind.bands:
        low = hit if band.low <= 0 else p_hit_with_damage(query, band.low)
        high = Fraction(0) if band.high is None else p_hit_with_damage(query, band.high + 1)
        result[band.state] = low - high
    return result
