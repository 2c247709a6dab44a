"""X-in-Y: seeded rolls of checks, volleys and contested volleys that explain every die."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.roller import DieEvent, DieFate, Roller
from .notation import CheckQuery, ContestQuery, VolleyQuery
from .rules import DAMAGE_DIE, TIES, Check, damage, deals_full, degree_of, hits_per_target, is_crit, priority


def degree_text(signed: int) -> str:
    """``success of degree 2``, ``failure of degree 1``."""
    return f"{'success' if signed > 0 else 'failure'} of degree {abs(signed)}"


@dataclass(frozen=True)
class CheckRoll:
    """One rolled check: each die and whether it hit, the crit dice, the signed degree."""

    query: CheckQuery
    faces: tuple[int, ...]
    crit_faces: tuple[int, ...]
    degree: int

    @property
    def hits(self) -> tuple[bool, ...]:
        return tuple(self.query.check.hits_on(f) for f in self.faces)

    @property
    def success(self) -> bool:
        return self.degree > 0

    def dice_text(self) -> str:
        """``4 (hit), 6 (miss)``."""
        return ", ".join(f"{f} ({'hit' if h else 'miss'})" for f, h in zip(self.faces, self.hits))

    def crit_text(self) -> str:
        """The crit dice, or empty when none was rolled."""
        if not self.crit_faces:
            return ""
        x, y = self.query.rules["crit-check"]
        extra = sum(1 for f in self.crit_faces if f <= x)
        faces = ", ".join(map(str, self.crit_faces))
        return f"crit die ({x}/{y}): {faces}: {extra} extra {'degree' if extra == 1 else 'degrees'}"

    def to_json(self) -> dict[str, object]:
        return {
            "check": str(self.query.check),
            "dice": list(self.faces),
            "hit": list(self.hits),
            "crit_dice": list(self.crit_faces),
            "degree": self.degree,
            "success": self.success,
        }


def roll_check_dice(query: CheckQuery, roller: Roller, who: str = "", *, one_die: bool = False) -> CheckRoll:
    """Roll a check's dice on ``roller`` (one die only for a volley's other attacker), and
    the crit die when the optional rule is on and every die hit or every die missed."""
    check = query.check
    dice = 1 if one_die else query.dice
    bonus, penalty = (0, 0) if one_die else query.rolled
    prefix = f"{who}: " if who else ""
    faces = []
    for index, face in roller.roll_pool(dice, check.y, f"{prefix}{check}"):
        hit = check.hits_on(face)
        roller.mark(DieFate.KEPT, index, check.y, face, f"{prefix}{'hit' if hit else 'miss'} ({check})")
        faces.append(face)
    hits = sum(1 for f in faces if check.hits_on(f))
    signed = degree_of(hits, bonus, penalty)
    crit_faces: list[int] = []
    if query.crit and not one_die and is_crit(hits, dice):
        crit = Check(*query.rules["crit-check"])
        while True:  # ends with chance 1: each crit die hits with chance x/y, at most 1/2
            index, face = roller.roll(crit.y, f"{prefix}crit die")
            crit_faces.append(face)
            if not crit.hits_on(face):
                break
            roller.mark(DieFate.EXPLODED, index, crit.y, face, f"{prefix}crit die hit: one more degree, roll again")
            signed += 1 if signed > 0 else -1
    return CheckRoll(query, tuple(faces), tuple(crit_faces), signed)


@dataclass(frozen=True)
class XYCheckRoll:
    """A rolled check with its seed and log."""

    seed: int
    result: CheckRoll
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        q = self.result.query
        lines = [
            f"X-in-Y {q.notation}, seed {self.seed}",
            *q.notes,
            f"check {q.check}: roll {q.check.x} or lower on a d{q.check.y}, {q.dice} "
            f"{'die' if q.dice == 1 else 'dice'}" + _dice_rule(*q.rolled),
            f"Dice: {self.result.dice_text()}",
        ]
        if self.result.crit_faces:
            lines.append(self.result.crit_text())
        lines.append(f"Result: {degree_text(self.result.degree)}")
        return lines

    def to_json(self) -> dict[str, object]:
        q = self.result.query
        return {
            "system": "xy-checks",
            "kind": "check",
            "notation": q.notation,
            "seed": self.seed,
            **self.result.to_json(),
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": q.rules.to_json(),
        }


def _dice_rule(bonus: int, penalty: int) -> str:
    if bonus and penalty:
        return f": a success may miss {bonus} ({bonus} bonus, {penalty} penalty, cancel no)"
    if bonus:
        return ": any hit succeeds"
    if penalty:
        return ": any miss fails"
    return ""


# --- volleys ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SideRoll:
    """One side's attack: each attacker's roll, the hits, each target's hits and damage."""

    attackers: tuple[CheckRoll, ...]
    scored: tuple[int, ...]  # hits each attacker scored
    target_labels: tuple[str, ...]
    target_hits: tuple[int, ...]  # by target, as written
    damage_dice: tuple[int | None, ...]  # by target: the 1d6, None when not hit or 1 per hit
    damage: tuple[int, ...]
    full: bool
    die: int = DAMAGE_DIE  # the damage die's sides (the rule set's damage-die)

    @property
    def hits(self) -> int:
        return sum(self.scored)

    def lines(self) -> list[str]:
        lines = []
        for i, (a, scored) in enumerate(zip(self.attackers, self.scored)):
            role = f"Champion {a.query.body}" if i == 0 else f"Attacker {i + 1} {a.query.check}"
            detail = f": {degree_text(a.degree)}" if i == 0 else ""
            crit = f"; {a.crit_text()}" if a.crit_faces else ""
            lines.append(f"{role}: {a.dice_text()}{crit}{detail}: {scored} {'hit' if scored == 1 else 'hits'}")
        lines.append(f"Total: {self.hits} {'hit' if self.hits == 1 else 'hits'}")
        for i, (label, hits, die, dealt) in enumerate(
            zip(self.target_labels, self.target_hits, self.damage_dice, self.damage)
        ):
            if not hits:
                lines.append(f"Target {i + 1} ({label}): no hits")
            elif die is None:
                lines.append(
                    f"Target {i + 1} ({label}): {hits} {'hit' if hits == 1 else 'hits'}, 1 damage per hit: "
                    f"{dealt} damage"
                )
            else:
                more = f" + {hits - 1}" if hits > 1 else ""
                lines.append(
                    f"Target {i + 1} ({label}): {hits} {'hit' if hits == 1 else 'hits'}, damage "
                    f"1d{self.die} ({die}){more} = {dealt}"
                )
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "attackers": [
                {**a.to_json(), "notation": a.query.body, "role": "champion" if i == 0 else "one die", "hits_scored": s}
                for i, (a, s) in enumerate(zip(self.attackers, self.scored))
            ],
            "hits": self.hits,
            "full_damage": self.full,
            "targets": [
                {"target": i + 1, "label": label, "hits": h, "damage_die": d, "damage": dealt}
                for i, (label, h, d, dealt) in enumerate(
                    zip(self.target_labels, self.target_hits, self.damage_dice, self.damage)
                )
            ],
            "total_damage": sum(self.damage),
        }


def roll_attackers(
    attackers: tuple[CheckQuery, ...], roller: Roller, side: str = ""
) -> tuple[tuple[CheckRoll, ...], tuple[int, ...]]:
    """The champion's full check and one die per other attacker; the hits each scores."""
    rolls, scored = [], []
    for i, attacker in enumerate(attackers):
        who = f"{side}{'champion' if i == 0 else f'attacker {i + 1}'}"
        result = roll_check_dice(attacker, roller, who, one_die=i > 0)
        rolls.append(result)
        scored.append(max(result.degree, 0))
    return tuple(rolls), tuple(scored)


def deal(
    hits: int,
    attackers: int,
    labels: tuple[str, ...],
    order: tuple[int, ...],
    full: bool,
    roller: Roller,
    side: str = "",
    sides: int = DAMAGE_DIE,
) -> tuple[tuple[int, ...], tuple[int | None, ...], tuple[int, ...]]:
    """Spread ``hits`` over the targets in priority ``order`` and roll each hit target's
    damage die (full damage) or count 1 per hit; by target as written."""
    shares = hits_per_target(hits, attackers, len(labels))
    on_target = [0] * len(labels)
    for place, index in enumerate(order):
        on_target[index] = shares[place]
    dice: list[int | None] = []
    dealt: list[int] = []
    for i, m in enumerate(on_target):
        if m and full:
            _, face = roller.roll(sides, f"{side}damage, target {i + 1}")
            dice.append(face)
            dealt.append(damage(m, face))
        else:
            dice.append(None)
            dealt.append(m)
    return tuple(on_target), tuple(dice), tuple(dealt)


@dataclass(frozen=True)
class VolleyRoll:
    """A rolled volley with its seed and log."""

    query: VolleyQuery
    seed: int
    side: SideRoll
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        q = self.query
        k = min(len(q.attackers), len(q.targets))
        return [
            f"X-in-Y {q.notation}, seed {self.seed}",
            *q.notes,
            *self.side.lines()[: -len(q.targets)],
            f"Spread over at most {k} of {len(q.targets)} targets, extra hits "
            + ("as written" if q.as_written else "to the lightest first"),
            *self.side.lines()[-len(q.targets) :],
        ]

    def to_json(self) -> dict[str, object]:
        return {
            "system": "xy-checks",
            "kind": "volley",
            "notation": self.query.notation,
            "seed": self.seed,
            **self.side.to_json(),
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": self.query.rules.to_json(),
        }


def roll_volley(query: VolleyQuery, seed: int | None = None) -> VolleyRoll:
    roller = Roller(seed)
    rolls, scored = roll_attackers(query.attackers, roller)
    labels = tuple(t.label for t in query.targets)
    order = priority(query.targets, as_written=query.as_written)
    die = query.rules["damage-die"]
    hits, dice, dealt = deal(sum(scored), len(query.attackers), labels, order, True, roller, sides=die)
    side = SideRoll(rolls, scored, labels, hits, dice, dealt, True, die)
    return VolleyRoll(query, roller.seed, side, tuple(roller.log))


@dataclass(frozen=True)
class ContestRoll:
    """A rolled contested volley: both sides' rolls and who dealt full damage."""

    query: ContestQuery
    seed: int
    sides: tuple[SideRoll, SideRoll]
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        q = self.query
        a, b = (s.hits for s in self.sides)
        if a != b:
            verdict = f"the {'first' if a > b else 'second'} side out-hits the other ({a} to {b})"
        else:
            verdict = f"a tie at {a}: {TIES[q.tie]}"
        lines = [f"X-in-Y {q.notation}, seed {self.seed}", *q.notes]
        for name, side in zip(("First side", "Second side"), self.sides):
            lines.append(f"{name} ({'full damage' if side.full else '1 damage per hit'}):")
            lines += ["  " + line for line in side.lines()]
        lines.append(f"Result: {verdict}")
        return lines

    def to_json(self) -> dict[str, object]:
        a, b = (s.hits for s in self.sides)
        return {
            "system": "xy-checks",
            "kind": "contest",
            "notation": self.query.notation,
            "seed": self.seed,
            "tie": self.query.tie,
            "winner": "first" if a > b else ("second" if b > a else "tie"),
            "sides": [s.to_json() for s in self.sides],
            "log": [e.to_dict() for e in self.log],
            "lines": self.lines(),
            "rules": self.query.rules.to_json(),
        }


def roll_contest(query: ContestQuery, seed: int | None = None) -> ContestRoll:
    roller = Roller(seed)
    rolled = [roll_attackers(query.sides[s], roller, f"side {s + 1} ") for s in (0, 1)]
    totals = [sum(scored) for _, scored in rolled]
    sides = []
    for s in (0, 1):
        rolls, scored = rolled[s]
        labels = tuple(f"side {2 - s} attacker {i + 1}" for i in range(len(query.sides[1 - s])))
        order = tuple(range(len(labels)))
        full = deals_full(totals[s], totals[1 - s], query.tie, s)
        die = query.rules["damage-die"]
        hits, dice, dealt = deal(totals[s], len(query.sides[s]), labels, order, full, roller, f"side {s + 1} ", die)
        sides.append(SideRoll(rolls, scored, labels, hits, dice, dealt, full, die))
    return ContestRoll(query, roller.seed, (sides[0], sides[1]), tuple(roller.log))


def roll_check(query: CheckQuery, seed: int | None = None) -> XYCheckRoll:
    roller = Roller(seed)
    result = roll_check_dice(query, roller)
    return XYCheckRoll(roller.seed, result, tuple(roller.log))


def roll(
    query: CheckQuery | VolleyQuery | ContestQuery, seed: int | None = None
) -> XYCheckRoll | VolleyRoll | ContestRoll:
    """A seeded roll of any parsed query."""
    if isinstance(query, CheckQuery):
        return roll_check(query, seed)
    if isinstance(query, VolleyQuery):
        return roll_volley(query, seed)
    return roll_contest(query, seed)
