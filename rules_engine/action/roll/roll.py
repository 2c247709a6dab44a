"""Action!: seeded rolls that explain each die's chain, double-0, AV, Outcome, PV and the
degree with what it does."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.roller import DieEvent, DieFate, Roller
from .notation import ActionQuery
from .rules import DEGREES, degree_index, payoff, routine_dice


@dataclass(frozen=True)
class DieChain:
    """One d10 of the roll: ``sign`` +1 (positive) or −1 (negative), the faces rolled in
    order (an open die rerolls each 10) and whether it was closed (``sides``: a house
    rule's die)."""

    sign: int
    faces: tuple[int, ...]
    closed: bool = False
    sides: int = 10

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def first(self) -> int:
        return self.faces[0]

    def text(self) -> str:
        """``+ 10 → 10 → 3 = 23`` or ``− 7`` (a closed 10 says so)."""
        mark = "+" if self.sign > 0 else "−"
        chain = " → ".join(map(str, self.faces))
        if len(self.faces) > 1:
            chain += f" = {self.total}"
        if self.closed and self.first == self.sides:
            chain += " (closed)"
        return f"{mark} {chain}"

    def to_dict(self) -> dict[str, object]:
        return {
            "sign": "+" if self.sign > 0 else "-",
            "faces": list(self.faces),
            "total": self.total,
            "closed": self.closed,
        }


def roll_chain(roller: Roller, sign: int, number: int, closed: bool, sides: int = 10, once: bool = False) -> DieChain:
    """Roll one d10 (a house rule's die); an open die rolls again on each 10 (its top face)
    and adds, or only once when ``once``."""
    kind = "positive" if sign > 0 else "negative"
    note = f"{kind} die {number}"
    index, face = roller.roll(sides, note)
    faces = [face]
    while face == sides and not closed and not (once and len(faces) > 1):
        index, face = roller.roll(sides, f"{note}: its {sides} rolls again")
        roller.mark(DieFate.EXPLODED, index, sides, face, note)
        faces.append(face)
    return DieChain(sign, tuple(faces), closed, sides)


@dataclass(frozen=True)
class ActionRoll:
    """A resolved action: the dice chains and every number that follows from them."""

    query: ActionQuery
    seed: int | None
    chains: tuple[DieChain, ...]
    log: tuple[DieEvent, ...]

    @property
    def raw_dice_part(self) -> int:
        return sum(c.sign * c.total for c in self.chains)

    @property
    def dice_part(self) -> int:
        """The dice part as it counts (Routine: at least +1; Static: 0)."""
        return routine_dice(self.raw_dice_part, self.query.types) if self.chains else 0

    def _firsts(self) -> tuple[DieChain | None, DieChain | None]:
        positive = next((c for c in self.chains if c.sign > 0), None)
        negative = next((c for c in self.chains if c.sign < 0), None)
        return positive, negative

    @property
    def double0(self) -> bool:
        """The first positive and first negative die both showed 10 before rerolling."""
        positive, negative = self._firsts()
        return bool(positive and negative and positive.first == self.query.sides == negative.first)

    @property
    def pair_face(self) -> int | None:
        """The face the first positive and first negative die both showed, if they matched."""
        positive, negative = self._firsts()
        return positive.first if positive and negative and positive.first == negative.first else None

    @property
    def pair(self) -> bool:
        """The first positive and first negative die showed the same face (Experimental)."""
        return self.pair_face is not None

    @property
    def critical(self) -> bool:
        """Whether the roll counts as a double-0 (Experimental, or a house rule: any pair)."""
        return self.pair if self.query.counts_any_pair else self.double0

    @property
    def av(self) -> int:
        return self.query.skill + self.dice_part

    @property
    def outcome(self) -> int:
        return self.av - self.query.defence_value

    @property
    def pv(self) -> int:
        return payoff(self.outcome, self.query.ev_bonus, self.query.threshold, self.query.types)

    @property
    def degree(self) -> int:
        q = self.query
        return degree_index(self.av, self.outcome, self.pv, q.threshold, self.critical, q.types, **q.degree_rules())

    @property
    def reason(self) -> str:
        """Why a Fumble or a Total Victory came about (empty for the other degrees)."""
        q = self.query
        double = q.degree_rules()
        if self.degree == 0:
            if self.av < 0:
                return "AV below 0"
            return (
                "a double-0 on a failure"
                if self.critical and double["double_fumbles"]
                else "a failure on a Hazardous action"
            )
        if self.degree == len(DEGREES) - 1 and self.critical and double["double_wins"]:
            return "a double-0 on a success"
        return ""

    def lines(self) -> list[str]:
        """The roll explained, line by line: the CLI prints these, the widget shows them."""
        q = self.query
        source = f"seed {self.seed}" if self.seed is not None else "dice given"
        lines = [f"Action! {q.notation}, {source}", *q.notes]
        if self.chains:
            lines.append("Dice: " + "; ".join(c.text() for c in self.chains))
            if self.double0:
                lines.append(f"Double-0: the first positive and first negative die both show {q.sides}")
            elif self.pair and "experimental" in q.types:
                lines.append(f"A pair of {self.pair_face}s on an Experimental action: it counts as a double-0")
            elif self.pair and q.counts_any_pair:
                lines.append(f"A pair of {self.pair_face}s: under the house rule it counts as a double-0")
            dice = f"dice part {self.raw_dice_part:+d}"
            if self.dice_part != self.raw_dice_part:
                dice += f", Routine makes it {self.dice_part:+d}"
            lines.append(dice)
        else:
            lines.append("Static: no dice, the Action Value is the skill")
        lines.append(f"AV {q.skill} {'+' if self.dice_part >= 0 else '−'} {abs(self.dice_part)} = {self.av}")
        lines.append(f"Outcome {self.av} − {q.defence_value} = {self.outcome}")
        if self.outcome >= 0:
            lines.append(f"PV {self.pv}" + (f" (Threshold {q.threshold})" if q.threshold != 5 else ""))
        degree = DEGREES[self.degree]
        why = f" ({self.reason})" if self.reason else ""
        lines.append(f"Degree: {degree.name}{why}: {degree.effect}")
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``roll action … --json``)."""
        degree = DEGREES[self.degree]
        return {
            "system": "action",
            "notation": self.query.notation,
            "seed": self.seed,
            "dice": [c.to_dict() for c in self.chains],
            "dice_part": self.dice_part,
            "double0": self.double0,
            "pair": self.pair,
            "critical": self.critical,
            "av": self.av,
            "defence_value": self.query.defence_value,
            "outcome": self.outcome,
            "pv": self.pv if self.outcome >= 0 else None,
            "degree": degree.name,
            "effect": degree.effect,
            "reason": self.reason,
            "lines": self.lines(),
            "log": [e.to_dict() for e in self.log],
            "rules": self.query.rules.to_json(),
        }


def roll_with(query: ActionQuery, roller: Roller) -> ActionRoll:
    """Resolve ``query`` with ``roller``'s dice: positive dice first, then negative."""
    plan = query.plan
    once = query.rules["reroll"] == "once"
    up_closed = plan.positive_closed or not query.opens(1)
    down_closed = not query.opens(-1)
    chains = [roll_chain(roller, +1, i + 1, up_closed, query.sides, once) for i in range(plan.positive)]
    chains += [roll_chain(roller, -1, i + 1, down_closed, query.sides, once) for i in range(plan.negative)]
    return ActionRoll(query, roller.seed, tuple(chains), tuple(roller.log))


def roll(query: ActionQuery, seed: int | None = None) -> ActionRoll:
    """A seeded roll of ``query``."""
    return roll_with(query, Roller(seed))
