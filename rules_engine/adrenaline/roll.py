"""Adrenaline: seeded rolls that explain every die.

``read_dice`` is the rule applied to dice already rolled (the source's examples, the
roller's dice): which dice succeed, which 1 cancels which success, which pair earns
Adrenaline. It agrees with the exact odds die for die (``tests/adrenaline``).

How the 1s choose what to cancel: when a pair of success dice can survive, the highest
such pair is set aside; the 1s then take the other successes from the lowest face up
(the first rolled first), and the pair only if nothing else is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import RulesError
from ..core.roller import DieEvent, DieFate, Roller, ScriptedRoller
from .notation import AdrenalineQuery, Side
from .rules import (
    ONE,
    SIDES,
    TEN,
    Mechanics,
    Options,
    Outcome,
    degree,
    earns_adrenaline,
    outcome,
    rolled_net,
    success_value,
    tally_faces,
)

#: At most this many dice are rolled for exploding 10s in one roll (the chance of
#: reaching it is below 10^-900); past it the 10s stop exploding and the roll says so.
MAX_EXPLOSIONS = 1000


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True)
class DieReading:
    """One die's part in a roll."""

    index: int
    value: int
    role: str  # "success", "blank", "one"
    source: int | None = None  # the die whose 10 exploded into this one
    cancels: tuple[int, ...] = ()  # for a 1: the success die it cancels (none: nothing left)
    cancelled_by: tuple[int, ...] = ()  # for a success: the 1s that cancel its successes
    pair: bool = False  # one of the two dice that earn Adrenaline
    ten_twice: bool = False  # a 10 counts two successes (the tens-twice option)
    top: int = TEN  # the die's top face (a house rule's die)

    def describe(self, difficulty: int) -> str:
        """``Die 3: 1, cancels die 2 (7)`` and the like (dice numbered from 1)."""
        head = f"Die {self.index + 1}: {self.value}"
        if self.source is not None:
            head += f" (from die {self.source + 1}'s {self.top})"
        if self.role == "blank":
            return f"{head}, below {difficulty}: no success"
        if self.role == "one":
            if not self.cancels:
                return f"{head}, a 1 with no success left to cancel"
            return f"{head}, a 1: cancels a success of die {self.cancels[0] + 1}"
        worth = "two successes" if self.ten_twice and self.value == self.top else "a success"
        if self.cancelled_by:
            by = " and ".join(f"die {i + 1}" for i in self.cancelled_by)
            left = len(self.cancelled_by) == 1 and self.ten_twice and self.value == self.top
            return f"{head}, {worth}, " + ("one of them " if left else "") + f"cancelled by the 1 on {by}"
        return f"{head}, {worth}" + (", one of the pair that earns Adrenaline" if self.pair else "")

    def to_dict(self) -> dict[str, object]:
        return {
            "index": self.index,
            "value": self.value,
            "role": self.role,
            "from": self.source,
            "cancels": list(self.cancels),
            "cancelled_by": list(self.cancelled_by),
            "pair": self.pair,
        }


@dataclass(frozen=True)
class DiceReading:
    """Dice read by the rules: every die's part, the outcome, the pair."""

    difficulty: int
    options: Options | Mechanics
    spent: int
    dice: tuple[DieReading, ...]
    outcome: Outcome
    pair: tuple[int, int] | None

    @property
    def successes(self) -> int:
        """Successes the dice showed, before the 1s."""
        return sum(success_value(d.value, self.difficulty, self.options) for d in self.dice)

    @property
    def ones(self) -> int:
        return sum(1 for d in self.dice if d.value == ONE)

    @property
    def result(self) -> str:
        return "botch" if self.outcome.net < 0 else ("failure" if self.outcome.net == 0 else "success")

    def summary(self) -> str:
        """``Net 3: a complete success`` and the Adrenaline line's gist."""
        net = self.outcome.net
        if net < 0:
            return f"Net {net}: a botch"
        if net == 0:
            return "Net 0: a failure"
        return f"Net {net}: {_plural(net, 'success', 'successes')}, {degree(net)}"

    def lines(self) -> list[str]:
        lines = [d.describe(self.difficulty) for d in self.dice]
        s, o = self.successes, self.ones
        if not self.options.mechanics.ones_cancel:
            counted = f"Successes {s}, 1s {o} (1s cancel nothing)"
        else:
            counted = f"Successes {s} − 1s {o} = {s - o}"
        if self.spent:
            counted += f"; + {self.spent} Adrenaline spent (never cancelled, no botch)"
        lines.append(counted)
        lines.append(self.summary())
        if self.pair is not None:
            i, j = self.pair
            lines.append(f"Adrenaline: the pair of {self.dice[i].value}s (dice {i + 1} and {j + 1}) survives: +1 point")
        elif not self.options.mechanics.doubles:
            lines.append("Adrenaline: doubles earn nothing under this rule set")
        else:
            lines.append("Adrenaline: no pair of success dice survives: no point")
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "dice": [d.value for d in self.dice],
            "dice_detail": [d.to_dict() for d in self.dice],
            "successes": self.successes,
            "ones": self.ones,
            "spent": self.spent,
            "net": self.outcome.net,
            "result": self.result,
            "degree": degree(self.outcome.net),
            "adrenaline_earned": int(self.outcome.adrenaline),
            "pair": list(self.pair) if self.pair else None,
        }


def _pair_to_keep(values: Sequence[int], difficulty: int, options: Options | Mechanics) -> tuple[int, int] | None:
    """The first two dice of the highest face whose pair survives cancelling, if any."""
    tally = tally_faces(values, difficulty, options)
    if not earns_adrenaline(tally, options):
        return None
    net = rolled_net(tally, options)
    for face in range(options.mechanics.sides, difficulty - 1, -1):
        shown = [i for i, v in enumerate(values) if v == face]
        if len(shown) >= 2 and net >= 2 * success_value(face, difficulty, options):
            return shown[0], shown[1]
    raise AssertionError("a pair that earns Adrenaline was not found")  # earns_adrenaline said there is one


def read_dice(
    values: Sequence[int],
    difficulty: int,
    options: Options | Mechanics = Options(),
    spent: int = 0,
    sources: Sequence[int | None] | None = None,
) -> DiceReading:
    """Read rolled dice by the rules (see the module's docstring for the 1s' choice)."""
    sources = list(sources) if sources is not None else [None] * len(values)
    pair = _pair_to_keep(values, difficulty, options)
    kept = set(pair or ())
    cancels: dict[int, list[int]] = {}
    cancelled_by: dict[int, list[int]] = {}
    m = options.mechanics
    if m.ones_cancel:
        order = sorted((i for i, v in enumerate(values) if v >= difficulty), key=lambda i: (i in kept, values[i], i))
        units = [i for i in order for _ in range(success_value(values[i], difficulty, options))]
        ones = [i for i, v in enumerate(values) if v == ONE]
        for one, target in zip(ones, units):
            cancels[one] = [target]
            cancelled_by.setdefault(target, []).append(one)
    dice = []
    for i, v in enumerate(values):
        role = "one" if v == ONE else ("success" if v >= difficulty else "blank")
        dice.append(
            DieReading(
                i,
                v,
                role,
                sources[i],
                tuple(cancels.get(i, ())),
                tuple(cancelled_by.get(i, ())),
                i in kept,
                m.top_value == 2,
                m.sides,
            )
        )
    result = outcome(tally_faces(values, difficulty, options), options, spent)
    return DiceReading(difficulty, options, spent, tuple(dice), result, pair)


def roll_side(side: Side, options: Options | Mechanics, roller: Roller, label: str = "") -> DiceReading:
    """Roll one side's pool (10s exploding if the options say so) and read it."""
    m = options.mechanics
    sides = m.sides
    indices: list[int] = []  # each die's number in the roller's log
    values: list[int] = []
    sources: list[int | None] = []
    for index, value in roller.roll_pool(side.pool, sides, label):
        indices.append(index)
        values.append(value)
        sources.append(None)
    position = 0
    while m.explode and position < len(values) and len(values) - side.pool < MAX_EXPLOSIONS:
        if values[position] == sides:
            roller.mark(DieFate.EXPLODED, indices[position], sides, sides, f"a {sides}: one more die")
            index, value = roller.roll(sides, f"from die {position + 1}'s {sides}")
            indices.append(index)
            values.append(value)
            sources.append(position)
        position += 1
    reading = read_dice(values, side.difficulty, options, side.spent, sources)
    for die in reading.dice:
        if die.role == "success":
            fate = DieFate.CANCELLED if die.cancelled_by else DieFate.KEPT
            note = (
                "success" + (" (pair: +1 Adrenaline)" if die.pair else "")
                if fate is DieFate.KEPT
                else "success cancelled by die " + ", ".join(str(i + 1) for i in die.cancelled_by)
            )
        elif die.role == "one":
            fate = DieFate.CANCELLED if die.cancels else DieFate.KEPT
            note = f"cancels die {die.cancels[0] + 1}" if die.cancels else "a 1 with nothing to cancel"
        else:
            fate, note = DieFate.KEPT, "blank"
        roller.mark(fate, indices[die.index], sides, die.value, note)
    return reading


@dataclass(frozen=True)
class AdrenalineRoll:
    """A rolled standard roll."""

    query: AdrenalineQuery
    seed: int | None
    reading: DiceReading
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        rolled = " ".join(str(d.value) for d in self.reading.dice) or "no dice"
        head = f"Adrenaline {self.query.side.title}" + (
            f" with {', '.join(self.query.with_words())}" if self.query.with_words() else ""
        )
        return [f"{head}, seed {self.seed}", f"Rolled: {rolled}", *self.reading.lines()]

    def to_json(self) -> dict[str, object]:
        side = self.query.side
        return {
            "system": "adrenaline",
            "notation": self.query.notation,
            "kind": "standard",
            "seed": self.seed,
            "pool": side.pool,
            "difficulty": side.difficulty,
            "options": self.query.option_words(),
            **self.reading.to_json(),
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": self.query.rules.to_json(),
        }


@dataclass(frozen=True)
class ExtendedRoll:
    """An extended roll played out: each roll's reading and the running total."""

    query: AdrenalineQuery
    seed: int | None
    rolls: tuple[DiceReading, ...]
    totals: tuple[int, ...]
    ending: str  # "reached", "botched", "gave up"
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        q = self.query
        lines = [f"Adrenaline extended roll {q.side.title} until {q.target}, seed {self.seed}"]
        for k, (reading, total) in enumerate(zip(self.rolls, self.totals), 1):
            dice = " ".join(str(d.value) for d in reading.dice) or "no dice"
            lines.append(f"Roll {k}: {dice}: {reading.summary().lower()}; total {total}")
        endings = {
            "reached": f"Reached {q.target} on roll {len(self.rolls)}",
            "botched": f"A botch on roll {len(self.rolls)} ends the attempt: all is lost",
            "gave up": f"Still short after {len(self.rolls)} rolls: the roller stops here",
        }
        return lines + [endings[self.ending]]

    def to_json(self) -> dict[str, object]:
        return {
            "system": "adrenaline",
            "notation": self.query.notation,
            "kind": "extended",
            "seed": self.seed,
            "target": self.query.target,
            "rolls": [r.to_json() for r in self.rolls],
            "totals": list(self.totals),
            "ending": self.ending,
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": self.query.rules.to_json(),
        }


@dataclass(frozen=True)
class OpposedRoll:
    """Both sides rolled; the margin and the verdict."""

    query: AdrenalineQuery
    seed: int | None
    first: DiceReading
    second: DiceReading
    log: tuple[DieEvent, ...]

    def counted(self, reading: DiceReading) -> int:
        return reading.outcome.net if self.query.botches_below_zero else max(reading.outcome.net, 0)

    @property
    def margin(self) -> int:
        return self.counted(self.first) - self.counted(self.second)

    @property
    def verdict(self) -> str:
        return "win" if self.margin > 0 else ("standoff" if self.margin == 0 else "lose")

    def lines(self) -> list[str]:
        q = self.query
        assert q.opponent is not None
        lines = [f"Adrenaline opposed roll {q.side.title} against {q.opponent.title}, seed {self.seed}"]
        for name, reading in (("Roller", self.first), ("Other side", self.second)):
            dice = " ".join(str(d.value) for d in reading.dice) or "no dice"
            lines += [f"{name}: {dice}", *("  " + line for line in reading.lines())]
        a, b = self.counted(self.first), self.counted(self.second)
        words = {
            "win": f"the roller wins by {self.margin}",
            "standoff": "a stand-off",
            "lose": f"the other side wins by {-self.margin}",
        }
        return lines + [f"Margin {a} − {b} = {self.margin}: {words[self.verdict]}"]

    def to_json(self) -> dict[str, object]:
        return {
            "system": "adrenaline",
            "notation": self.query.notation,
            "kind": "opposed",
            "seed": self.seed,
            "roller": self.first.to_json(),
            "other": self.second.to_json(),
            "margin": self.margin,
            "verdict": self.verdict,
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": self.query.rules.to_json(),
        }


def roll(
    query: AdrenalineQuery, seed: int | None = None, roller: Roller | None = None
) -> AdrenalineRoll | ExtendedRoll | OpposedRoll:
    """Roll a parsed query of any kind (``roller``: e.g. a ``ScriptedRoller`` of given dice)."""
    roller = roller if roller is not None else Roller(seed)
    if query.kind == "opposed":
        assert query.opponent is not None
        first = roll_side(query.side, query.mechanics, roller, "roller")
        second = roll_side(query.opponent, query.mechanics, roller, "other side")
        return OpposedRoll(query, roller.seed, first, second, tuple(roller.log))
    if query.kind == "extended":
        return _roll_extended(query, roller)
    return AdrenalineRoll(query, roller.seed, roll_side(query.side, query.mechanics, roller), tuple(roller.log))


def _roll_extended(query: AdrenalineQuery, roller: Roller) -> ExtendedRoll:
    from .odds import MAX_ROLLS  # the roller stops where the odds stop following

    target = query.target
    assert target is not None
    if query.side.pool == 0:
        raise RulesError(
            f"{query.side.notation} can never gather a success, so it never reaches {target}", field="attribute"
        )
    readings: list[DiceReading] = []
    totals: list[int] = []
    total, ending = 0, "gave up"
    while len(readings) < MAX_ROLLS:
        reading = roll_side(query.side, query.mechanics, roller, f"roll {len(readings) + 1}")
        readings.append(reading)
        if reading.outcome.net < 0 and not query.botch_wastes:
            totals.append(0)
            ending = "botched"
            break
        total += max(reading.outcome.net, 0)
        totals.append(total)
        if total >= target:
            ending = "reached"
            break
    return ExtendedRoll(query, roller.seed, tuple(readings), tuple(totals), ending, tuple(roller.log))


def read_example(
    values: Sequence[int], difficulty: int = 6, options: Options = Options(), spent: int = 0
) -> DiceReading:
    """The rules applied to given dice (a worked example): checks every value is a d10 face."""
    scripted = ScriptedRoller(values)
    for _ in values:
        scripted.roll(SIDES)
    return read_dice(tuple(values), difficulty, options, spent)
