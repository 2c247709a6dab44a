"""Adrenaline: exact odds of standard, extended and opposed rolls.

Only a few counts decide a roll (``rules.Tally``): the 1s, the successes, the 10s when
they count apart, and whether two success dice share a face. So the odds are a sum over
those counts, not over rolls. ``n`` dice land as ``o`` 1s, ``b`` blanks, ``s`` success
faces below the top and ``t`` tens in n!/(o! b! s! t!) orders; the ``s`` dice show ``m``
possible faces in m^s ways, m·(m−1)···(m−s+1) of them all different (no pair). Summing
those products over (o, s[, t]) gives the joint distribution of (net, Adrenaline earned)
in O(n²) steps (O(n³) when 10s count apart).

Exploding 10s: each die becomes a chain of 10s ended by a die showing 1–9, so a roll is
``n`` such last dice (1–9) and ``k`` tens spread over the chains, C(n+k−1, k) ways. The
tens are followed until the chance of more is below the cut-off; that mass is reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial, perm

from ..core.dist import EXPLOSION_CUTOFF, Dist
from ..core.errors import RulesError
from ..core.exact import decimal_text, percent, ratio
from ..core.system import distribution_lines, outcomes_json
from .notation import AdrenalineQuery, Side
from .rules import SIDES, Mechanics, Options, difficulty_name

#: An extended roll is followed for at most this many rolls; past it the roll is refused.
MAX_ROLLS = 400
#: ... and for at most this many digits of the exact denominator (10^pool per roll), so
#: that every exact chance stays a number Python prints (its limit is 4,300 digits).
MAX_DENOMINATOR_DIGITS = 3000


def rolls_followed(pool: int, sides: int = SIDES) -> int:
    """The most rolls of ``pool`` dice an extended roll's exact odds follow (the digits of
    one roll's denominator, sides^pool, counted for a house rule's die)."""
    digits = pool if sides == SIDES else math.ceil(pool * math.log10(sides))
    return max(1, min(MAX_ROLLS, MAX_DENOMINATOR_DIGITS // max(digits, 1)))


# --- one roll -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Joint:
    """(net, earned Adrenaline) → weight over ``denominator`` for one side's roll."""

    weights: dict[tuple[int, bool], int]
    denominator: int

    @property
    def cut_mass(self) -> Fraction:
        return Fraction(self.denominator - sum(self.weights.values()), self.denominator)

    def net(self) -> Dist:
        """The distribution of the net (negative: a botch)."""
        out: dict[int, int] = {}
        for (net, _), w in self.weights.items():
            out[net] = out.get(net, 0) + w
        return Dist(out, self.denominator)

    def p_adrenaline(self) -> Fraction:
        return Fraction(sum(w for (_, earned), w in self.weights.items() if earned), self.denominator)


def tens_cap(pool: int, cutoff: Fraction = EXPLOSION_CUTOFF, sides: int = SIDES) -> int:
    """The fewest exploded 10s (top faces) to follow so that the chance of more is below ``cutoff``."""
    covered, total, cap = (sides - 1) ** pool, sides**pool, 0  # P(no ten at all) = (9/10)^n
    while Fraction(total - covered, total) >= cutoff:
        cap += 1
        covered = covered * sides + comb(pool + cap - 1, cap) * (sides - 1) ** pool
        total *= sides
    return cap


def _face_counts(
    pool: int, difficulty: int, tens_apart: bool, faces: int, sides: int = SIDES, pairs: bool = True
) -> Iterator[tuple[int, int, int, bool, int]]:
    """Yield (ones, success dice below the top class, tens, pair among them, weight) for
    ``pool`` dice over faces 1 … ``faces`` (10, or 9 for the last die of a chain).

    Classes: 1; blanks (2 … difficulty−1); success faces (difficulty … 9, and 10 unless
    ``tens_apart``); 10 when ``tens_apart`` and ``faces`` is 10."""
    blanks = difficulty - 2
    has_ten_class = tens_apart and faces == sides
    success_faces = faces - difficulty + 1 - (1 if has_ten_class else 0)
    fact = [factorial(i) for i in range(pool + 1)]
    for ones in range(pool + 1):
        for succ in range(pool - ones + 1):
            distinct = perm(success_faces, succ) if success_faces >= succ else 0
            paired = success_faces**succ - distinct
            for tens in range(pool - ones - succ + 1) if has_ten_class else (0,):
                rest = pool - ones - succ - tens
                if rest and not blanks:
                    continue
                orders = fact[pool] // (fact[ones] * fact[succ] * fact[tens] * fact[rest])
                base = orders * blanks**rest
                if not pairs:  # doubles earn nothing: no need to tell a pair apart
                    if success_faces or not succ:
                        yield ones, succ, tens, False, base * success_faces**succ
                    continue
                if distinct:
                    yield ones, succ, tens, False, base * distinct
                if paired:
                    yield ones, succ, tens, True, base * paired


def outcome_key(m: Mechanics, spent: int) -> Callable[[int, int, bool, int], tuple[int, bool]]:
    """``rules.outcome`` written out for speed: (ones, successes, pair below the top, top
    faces) → (net, Adrenaline earned). The tests hold it to ``outcome`` over every tally."""
    cancel, botch, doubles, twice = m.ones_cancel, m.botch, m.doubles, 2 * m.top_value

    def key(ones: int, successes: int, pair: bool, tens: int) -> tuple[int, bool]:
        net = successes - ones if cancel else successes
        earned = doubles and net >= 2 and (pair or (tens >= 2 and net >= twice))
        if spent:
            return (net if net > 0 else 0) + spent, earned
        if botch == "more-ones":
            botched = ones > successes
        elif botch == "no-success":
            botched = successes == 0 and ones > 0
        else:
            botched = False
        if botched:
            return successes - ones, earned
        return (net if net > 0 else 0), earned

    return key


#: The most exploded top faces one roll's exact odds follow: past it the roll is refused
#: (a large pool of a small die), as the work grows with the pool times this.
MAX_TENS_FOLLOWED = 400


def joint(
    pool: int,
    difficulty: int,
    options: Options | Mechanics = Options(),
    spent: int = 0,
    cutoff: Fraction = EXPLOSION_CUTOFF,
) -> Joint:
    """The exact joint distribution of (net, Adrenaline earned) for one roll."""
    m = options.mechanics
    cap = tens_cap(pool, cutoff, m.sides) if m.explode else 0
    return capped_joint(pool, difficulty, m, spent, cap)


@lru_cache(maxsize=512)
def capped_joint(pool: int, difficulty: int, options: Mechanics, spent: int, cap: int) -> Joint:
    """``joint`` with exploding top faces followed to ``cap`` of them in all (the rest is
    ``cut_mass``)."""
    options = options.mechanics
    if not 0 <= pool <= options.max_pool:
        raise RulesError(f"a pool of {pool} dice is past the limit of {options.max_pool}")
    if cap > MAX_TENS_FOLLOWED:
        raise RulesError(
            f"{pool}d{options.sides} with exploding top faces is too large to compute: the exact odds "
            f"follow at most {MAX_TENS_FOLLOWED} exploded dice, and this pool needs {cap} (fewer dice "
            "or a larger die)",
            field="attribute",
        )
    sides = options.sides
    tens_apart = options.top_value == 2 or options.explode
    weights: dict[tuple[int, bool], int] = {}
    ten = options.top_value

    key = outcome_key(options, spent)

    def add(ones: int, succ: int, tens: int, pair: bool, weight: int) -> None:
        # without 10s apart, a pair of 10s is among ``pair`` like any other face
        found = key(ones, succ + ten * tens, pair, tens)
        weights[found] = weights.get(found, 0) + weight

    if not options.explode:
        for ones, succ, tens, pair, weight in _face_counts(pool, difficulty, tens_apart, sides, sides, options.doubles):
            add(ones, succ, tens, pair, weight)
        return Joint(weights, sides**pool)
    last = list(_face_counts(pool, difficulty, False, sides - 1, sides, options.doubles))  # each chain's last die: 1–9
    for tens in range(cap + 1 if pool else 1):
        chains = comb(pool + tens - 1, tens) * sides ** (cap - tens) if pool else sides**cap
        counted = ten * tens
        for ones, succ, _, pair, weight in last:  # ``add`` written out: the innermost loop of the odds
            found = key(ones, succ + counted, pair, tens)
            weights[found] = weights.get(found, 0) + weight * chains
    return Joint(weights, sides ** (pool + cap))


joint.cache_clear = capped_joint.cache_clear  # type: ignore[attr-defined]  # (joint itself keeps no cache)


def side_joint(side: Side, options: Options | Mechanics, cutoff: Fraction = EXPLOSION_CUTOFF) -> Joint:
    return joint(side.pool, side.difficulty, options, side.spent, cutoff)


@dataclass(frozen=True)
class RollOdds:
    """The exact odds of one side's roll."""

    side: Side
    options: Options | Mechanics
    joint: Joint

    @property
    def dist(self) -> Dist:
        return self.joint.net()

    def summary(self) -> dict[str, Fraction]:
        dist = self.dist
        return {
            "success": dist.p_at_least(1),
            "failure": dist.p(0),
            "botch": dist.p_at_most(-1),
            "adrenaline": self.joint.p_adrenaline(),
            "complete": dist.p_at_least(3),
            "overwhelming": dist.p_at_least(5),
        }

    def json_fields(self) -> dict[str, object]:
        s = self.summary()
        dist = self.dist
        return {
            "pool": self.side.pool,
            "difficulty": self.side.difficulty,
            "difficulty_name": difficulty_name(self.side.difficulty),
            "spent": self.side.spent,
            "outcomes": outcomes_json(dist),
            "p_success": ratio(s["success"]),
            "p_failure": ratio(s["failure"]),
            "p_botch": ratio(s["botch"]),
            "p_adrenaline": ratio(s["adrenaline"]),
            "p_complete": ratio(s["complete"]),
            "p_overwhelming": ratio(s["overwhelming"]),
            "mean": ratio(dist.mean()),
            "cut_mass": ratio(self.joint.cut_mass),
        }

    def summary_lines(self) -> list[str]:
        s = self.summary()
        labels = (
            ("success", "success (net > 0)"),
            ("failure", "failure (net 0)"),
            ("botch", "botch (net < 0)"),
            ("adrenaline", "earns Adrenaline"),
            ("complete", "complete (net ≥ 3)"),
            ("overwhelming", "overwhelming (net ≥ 5)"),
        )
        lines = [f"{label:<22} {percent(s[key], 2):>8}   {ratio(s[key])}" for key, label in labels]
        lines.append(f"{'mean net':<22} {decimal_text(self.dist.mean(), 3):>8}   {ratio(self.dist.mean())}")
        return lines


def roll_odds(side: Side, options: Options | Mechanics, cutoff: Fraction = EXPLOSION_CUTOFF) -> RollOdds:
    return RollOdds(side, options, side_joint(side, options, cutoff))


def _short(value: Fraction, longest: int = 40) -> str:
    """``   num/den`` when the exact fraction is short enough to read, else nothing."""
    text = ratio(value)
    return f"   {text}" if len(text) <= longest else ""


def _options_line(query: AdrenalineQuery) -> list[str]:
    words = query.with_words()
    return [f"options: {', '.join(words)}"] if words else []


def _cut_line(cut: Fraction, query: AdrenalineQuery) -> list[str]:
    """What exploding top faces leave out, naming the rule set's top face (10s on the printed d10)."""
    top = query.rules["die"]
    return (
        [f"(exploding {top}s followed until less than 1e-12 is left: {ratio(cut)} of the mass is left out)"]
        if cut
        else []
    )


@dataclass(frozen=True)
class StandardOdds:
    """The exact odds of a standard roll."""

    query: AdrenalineQuery
    roll: RollOdds

    def lines(self) -> list[str]:
        lines = [f"Adrenaline {self.query.side.title}: exact odds", *_options_line(self.query)]
        lines += self.roll.summary_lines() + [""]
        lines += distribution_lines(self.roll.dist, "net")
        return lines + ["(a negative net is a botch)"] + _cut_line(self.roll.joint.cut_mass, self.query)

    def to_json(self) -> dict[str, object]:
        return {
            "system": "adrenaline",
            "notation": self.query.notation,
            "kind": "standard",
            "options": self.query.option_words(),
            **self.roll.json_fields(),
            "rules": self.query.rules.to_json(),
        }


# --- extended rolls ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ExtendedOdds:
    """Rolls needed to gather ``target`` net successes: P(reached on roll k), P(lost to a
    botch on roll k), the mass still rolling after the last roll followed (``cut_mass``)."""

    query: AdrenalineQuery
    roll: RollOdds
    reached: Dist  # roll number → chance the target is reached on it
    lost: Dist  # roll number → chance a botch ends the attempt on it (default reading)

    @property
    def cut_mass(self) -> Fraction:
        return 1 - self.reached.p_at_least(0) - self.lost.p_at_least(0)

    def p_reached(self) -> Fraction:
        return self.reached.p_at_least(0)

    def mean_rolls(self) -> Fraction:
        """The mean number of rolls of the attempts that reach the target."""
        p = self.p_reached()
        return self.reached.mean() / p if p else Fraction(0)

    def rows(
        self, shown: Fraction = Fraction(1, 10**4), most: int = 40
    ) -> list[tuple[int, Fraction, Fraction, Fraction]]:
        """(roll, P(reached on it), P(reached by then), P(lost on it)) from the first roll
        that can end the attempt, until what is left is below ``shown`` (at most ``most``)."""
        den = self.reached.denominator
        last = max(self.reached.outcomes + self.lost.outcomes, default=0)
        out: list[tuple[int, Fraction, Fraction, Fraction]] = []
        by_then, ended = 0, 0
        total = self.reached.total_weight + self.lost.total_weight
        for k in range(1, last + 1):
            here, gone = self.reached.weights.get(k, 0), self.lost.weights.get(k, 0)
            by_then += here
            ended += here + gone
            if out or here or gone:
                out.append((k, Fraction(here, den), Fraction(by_then, den), Fraction(gone, den)))
            if len(out) >= most or Fraction(total - ended, den) < shown:
                break
        return out

    def lines(self) -> list[str]:
        q = self.query
        rule = "a botch only wastes that roll" if q.botch_wastes else "a botch ends the attempt, losing it all"
        p_reached, p_lost = self.p_reached(), self.lost.p_at_least(0)
        lines = [
            f"Adrenaline extended roll {q.side.title} until {q.target} net successes: exact odds",
            *_options_line(q),
            f"({rule})",
            f"reaches the target   {percent(p_reached, 2):>8}{_short(p_reached)}",
        ]
        if not q.botch_wastes:
            lines.append(f"lost to a botch      {percent(p_lost, 2):>8}{_short(p_lost)}")
        lines.append(f"mean rolls (when reached) {decimal_text(self.mean_rolls(), 3)}")
        lines += ["", "roll   reached on it   reached by then" + ("" if q.botch_wastes else "   lost on it")]
        rows = self.rows()
        for k, here, by_then, gone in rows:
            lost = "" if q.botch_wastes else f"   {percent(gone, 2):>11}"
            lines.append(f"{k:>4}   {percent(here, 2):>13}   {percent(by_then, 2):>15}" + lost)
        if rows:
            rest = (
                1
                - self.cut_mass
                - sum((r[1] + r[3] for r in rows), Fraction(0))
                - self.reached.p_at_most(rows[0][0] - 1)
                - self.lost.p_at_most(rows[0][0] - 1)
            )
            if rest > 0:
                lines.append(f"… later rolls together: {percent(rest, 4)} (the JSON has every roll)")
        lines.append(f"(followed until less than 1e-12 was still rolling: {float(self.cut_mass):.3g} left out)")
        return lines

    def to_json(self) -> dict[str, object]:
        q = self.query
        return {
            "system": "adrenaline",
            "notation": q.notation,
            "kind": "extended",
            "options": q.option_words(),
            "target": q.target,
            "botch_wastes": q.botch_wastes,
            "roll": self.roll.json_fields(),
            "rolls_to_reach": outcomes_json(self.reached),
            "lost_on_roll": outcomes_json(self.lost),
            "p_reached": ratio(self.p_reached()),
            "p_lost": ratio(self.lost.p_at_least(0)),
            "mean_rolls": ratio(self.mean_rolls()),
            "cut_mass": ratio(self.cut_mass),
            "rules": q.rules.to_json(),
        }


def extended(query: AdrenalineQuery, cutoff: Fraction = EXPLOSION_CUTOFF) -> ExtendedOdds:
    """Follow the attempt roll by roll: ``alive[g]`` is the weight of still rolling with
    ``g`` successes gathered; one roll moves it by a convolution with the roll's
    progress (a failure, and a wasted botch, moves by 0). Stops when less than ``cutoff``
    is still rolling; refuses when that takes more than ``MAX_ROLLS`` rolls."""
    target = query.target
    assert target is not None
    one = roll_odds(query.side, query.mechanics)
    dist = one.dist
    den = dist.denominator
    step = [0] * (max(dist.outcomes[-1], 0) + 1)
    botch = 0
    for net, w in dist.weights.items():
        if net > 0:
            step[net] += w
        elif net == 0 or query.botch_wastes:
            step[0] += w
        else:
            botch += w
    if len(step) == 1:
        raise RulesError(
            f"{query.side.notation} can never gather a success, so it never reaches {target}", field="attribute"
        )
    progress = Fraction(sum(net * w for net, w in enumerate(step)), den)  # mean successes a roll adds
    most = rolls_followed(query.side.pool, query.side.sides)
    if target > progress * most / 4:
        dice = f"{query.side.pool} {'die' if query.side.pool == 1 else 'dice'}"
        raise RulesError(
            f"a target of {target} is too far for {query.side.notation}: it gathers "
            f"{decimal_text(progress, 2)} successes a roll on average, so {target} takes about "
            f"{decimal_text(target / progress, 0)} rolls, and the engine follows an extended roll of "
            f"{dice} for {most} rolls, which holds its slow tail only for a target reached in about "
            f"{most // 4} rolls on average: here at most {math.floor(progress * most / 4)} (a lower "
            "difficulty or more dice go further)",
            field="target",
        )
    # beyond[m]: the weight of gaining m or more in one roll (m = 0 … target)
    beyond = [sum(step[m:]) for m in range(target + 1)]
    alive = [1] + [0] * (target - 1)  # weights over den ** rolls
    scale = 1
    finished: list[tuple[int, int]] = []  # (reached, lost) on each roll, over den ** roll
    while True:
        living = sum(alive)
        if living * cutoff.denominator < scale * cutoff.numerator:
            break
        if len(finished) == most:
            raise RulesError(
                f"{query.notation} is still rolling after {most} rolls with more than 1e-12 of the "
                f"chance left: the engine follows extended rolls of {query.side.pool} {'die' if query.side.pool == 1 else 'dice'} for up to "
                f"{most} rolls (a lower difficulty or a smaller target ends sooner)",
                field="target",
            )
        finished.append((sum(a * beyond[target - g] for g, a in enumerate(alive) if a), living * botch))
        alive = _advance(alive, step)
        scale *= den
    rolls = len(finished)
    reached = {k: w * den ** (rolls - k) for k, (w, _) in enumerate(finished, 1)}
    lost = {k: w * den ** (rolls - k) for k, (_, w) in enumerate(finished, 1)}
    return ExtendedOdds(query, one, Dist(reached, scale), Dist(lost, scale))


def _advance(alive: list[int], step: list[int]) -> list[int]:
    """One more roll for the attempts still short of the target: ``alive`` convolved with
    the roll's progress, cut at the target. The progress weights are small integers, so a
    direct loop beats packing the huge ``alive`` weights into one product."""
    moved = [0] * len(alive)
    moves = [(j, w) for j, w in enumerate(step) if w]
    for g, a in enumerate(alive):
        if a:
            for j, w in moves:
                if g + j >= len(alive):
                    break
                moved[g + j] += a * w
    return moved


# --- opposed rolls ------------------------------------------------------------------------------
@dataclass(frozen=True)
class OpposedOdds:
    """The margin (roller's net − the other side's) and who wins."""

    query: AdrenalineQuery
    first: RollOdds
    second: RollOdds
    margin: Dist

    def verdicts(self) -> dict[str, Fraction]:
        return {"win": self.margin.p_at_least(1), "standoff": self.margin.p(0), "lose": self.margin.p_at_most(-1)}

    def lines(self) -> list[str]:
        q = self.query
        assert q.opponent is not None
        counted = "a botch counts its negative net" if q.botches_below_zero else "a botch counts as 0 successes"
        lines = [
            f"Adrenaline opposed roll {q.side.title} against {q.opponent.title}: exact odds",
            *_options_line(q),
            f"(margin = roller's net − other side's net; {counted})",
        ]
        for key, label in (("win", "roller wins"), ("standoff", "stand-off"), ("lose", "other side wins")):
            value = self.verdicts()[key]
            lines.append(f"{label:<16} {percent(value, 2):>8}   {ratio(value)}")
        for name, side in (("roller", self.first), ("other side", self.second)):
            p = side.summary()["botch"]
            lines.append(f"{name} botches {percent(p, 2):>8}   {ratio(p)}")
        lines.append(f"mean margin {decimal_text(self.margin.mean(), 3)}")
        return lines + [""] + distribution_lines(self.margin, "margin") + _cut_line(self.margin.cut_mass, q)

    def to_json(self) -> dict[str, object]:
        v = self.verdicts()
        return {
            "system": "adrenaline",
            "notation": self.query.notation,
            "kind": "opposed",
            "options": self.query.option_words(),
            "botches_below_zero": self.query.botches_below_zero,
            "roller": self.first.json_fields(),
            "other": self.second.json_fields(),
            "margin": outcomes_json(self.margin),
            "p_win": ratio(v["win"]),
            "p_standoff": ratio(v["standoff"]),
            "p_lose": ratio(v["lose"]),
            "mean_margin": ratio(self.margin.mean()),
            "cut_mass": ratio(self.margin.cut_mass),
            "rules": self.query.rules.to_json(),
        }


def opposed(query: AdrenalineQuery) -> OpposedOdds:
    """Each side's net (a botch as 0 unless ``botches_below_zero``), then their difference."""
    assert query.opponent is not None
    cutoff = EXPLOSION_CUTOFF / 2  # two sides: the mass left out stays below the cut-off
    first = roll_odds(query.side, query.mechanics, cutoff)
    second = roll_odds(query.opponent, query.mechanics, cutoff)

    def counted(dist: Dist) -> Dist:
        return dist if query.botches_below_zero else dist.map(lambda net: max(net, 0))

    margin = counted(first.dist) + counted(second.dist).map(lambda net: -net)
    return OpposedOdds(query, first, second, margin)


def odds(query: AdrenalineQuery) -> StandardOdds | ExtendedOdds | OpposedOdds:
    """The exact odds of a parsed query of any kind."""
    if query.kind == "extended":
        return extended(query)
    if query.kind == "opposed":
        return opposed(query)
    return StandardOdds(query, roll_odds(query.side, query.mechanics))
