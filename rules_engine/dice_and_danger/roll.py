"""dice & danger: seeded rolls that explain themselves, and the character generator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.pools import dropped_positions
from ..core.roller import DieEvent, DieFate, Roller
from .house_rules import crit_face, drops_highest, explodes
from .notation import DiceAndDangerQuery, parse
from .rules import (
    ATTRIBUTE_NAMES,
    ATTRIBUTE_ROLL,
    STARTING_ARMOR,
    STARTING_FAITH,
    STARTING_LEVEL,
    Luck,
    hit_defense,
    inventory_slots,
    is_hit,
    luck_for,
    tier,
    tier_name,
    total_hits,
)


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _values(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else "none"


@dataclass(frozen=True)
class Explosion:
    """A die rolled because a kept 6 (die ``source``) exploded."""

    source: int
    index: int
    value: int

    def to_dict(self) -> dict[str, int]:
        return {"from": self.source, "index": self.index, "value": self.value}


@dataclass(frozen=True)
class DiceAndDangerRoll:
    """A resolved roll: the dice, which were dropped, the crits and the hits."""

    query: DiceAndDangerQuery
    seed: int | None  # None when the dice were given, not rolled
    dice: tuple[int, ...]  # base dice, then the bonus or penalty dice, as rolled
    dropped: tuple[int, ...]  # positions in ``dice``
    explosions: tuple[Explosion, ...]
    log: tuple[DieEvent, ...]

    @property
    def kept_positions(self) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.dice)) if i not in self.dropped)

    @property
    def kept(self) -> tuple[int, ...]:
        return tuple(self.dice[i] for i in self.kept_positions)

    @property
    def hit_dice(self) -> tuple[int, ...]:
        """Every die that hit: kept dice, then explosion dice, at the DC or more."""
        if self.query.dc is None:
            return ()
        every = self.kept + tuple(e.value for e in self.explosions)
        return tuple(v for v in every if is_hit(v, self.query.dc))

    @property
    def dice_hits(self) -> int | None:
        return len(self.hit_dice) if self.query.dc is not None else None

    @property
    def hits(self) -> int | None:
        """The roll's hits after added or removed hits (None without a DC)."""
        return total_hits(len(self.hit_dice), self.query.hits) if self.query.dc is not None else None

    @property
    def face(self) -> int | None:
        """Without a DC: the face of the one kept die."""
        return self.kept[0] if self.query.dc is None and self.kept else None

    def chains(self) -> list[list[int]]:
        """Each kept 6's explosions as a chain of values: ``[6, 6, 2]``."""
        children = {e.source: e for e in self.explosions}
        chains = []
        for i in self.kept_positions:
            if i in children:
                chain, at = [self.dice[i]], i
                while at in children:
                    chain.append(children[at].value)
                    at = children[at].index
                chains.append(chain)
        return chains

    def dice_detail(self) -> list[dict[str, object]]:
        """Each die of the pool, in roll order, for a picture of the roll: its face, whether
        it is a base, bonus or penalty die, kept or dropped (and why, as the log says),
        whether it hit (``None`` without a DC) and, for a kept 6, the chain of dice its
        crit rolled (each die in the chain rolled by the one before it)."""
        q = self.query
        rolled = [event for event in self.log if event.fate is DieFate.ROLLED][: len(self.dice)]
        why = {event.index: event.note for event in self.log if event.fate is DieFate.DROPPED}
        children = {e.source: e for e in self.explosions}
        detail: list[dict[str, object]] = []
        for at, (value, event) in enumerate(zip(self.dice, rolled)):
            dropped = at in self.dropped
            chain: list[dict[str, object]] = []
            parent = event.index
            while not dropped and parent in children:
                child = children[parent]
                chain.append(
                    {
                        "index": child.index,
                        "from": parent,
                        "value": child.value,
                        "hit": q.dc is not None and is_hit(child.value, q.dc),
                    }
                )
                parent = child.index
            detail.append(
                {
                    "index": event.index,
                    "value": value,
                    "role": "base" if at < q.dice else ("bonus" if at < q.dice + q.bonus else "penalty"),
                    "fate": "dropped" if dropped else "kept",
                    "why": why.get(event.index, ""),
                    "hit": None if q.dc is None or dropped else is_hit(value, q.dc),
                    "chain": chain,
                }
            )
        return detail

    def lines(self) -> list[str]:
        """The roll explained, line by line: the CLI prints these, the widget shows them."""
        q = self.query
        source = f"seed {self.seed}" if self.seed is not None else "dice given"
        lines = [f"dice & danger {q.notation} ({q.kind}), {source}", *q.notes]
        if not self.dice:
            lines.append("Rolled: no dice")
        else:
            parts = [_plural(q.dice, "base die", "base dice")]
            if q.bonus:
                parts.append(_plural(q.bonus, "bonus die", "bonus dice"))
            if q.penalty:
                parts.append(_plural(q.penalty, "penalty die", "penalty dice"))
            lines.append(f"Rolled: {_values(self.dice)} ({', '.join(parts)})")
        if self.dropped and q.paired:
            lines.append(
                f"Dropped: {_values([self.dice[i] for i in self.dropped])} (on a {q.kind} bonus dice drop "
                f"the {_end(q, 1)}, penalty dice the {_end(q, -1)})"
            )
        elif self.dropped:
            kind = "bonus" if q.extra > 0 else "penalty"
            lines.append(
                f"Dropped: {_values([self.dice[i] for i in self.dropped])} "
                f"(on a {q.kind} {kind} dice drop the {'highest' if q.drops_highest else 'lowest'})"
            )
        if self.dice:
            lines.append(f"Kept: {_values(self.kept)}")
        if q.dc is None:
            lines.append(f"Result: {self.face} (the kept die's face)")
            return lines
        chains = self.chains()
        if chains:
            lines.append(f"Crits ({_crit_words(q)}): " + ", ".join(" → ".join(map(str, c)) for c in chains))
        lines.append(f"Hits ({q.dc} or more): {_values(self.hit_dice)} = {_plural(len(self.hit_dice), 'hit', 'hits')}")
        if q.hits:
            lines.append(f"{'Added' if q.hits > 0 else 'Removed'} hits: {q.hits:+d}h")
        lines.append(f"Result: {_plural(self.hits or 0, 'hit', 'hits')}")
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``roll … --json``)."""
        q = self.query
        return {
            "system": "dice-and-danger",
            "notation": q.notation,
            "seed": self.seed,
            "kind": q.kind.split()[0],  # save, damage or face
            "dc": q.dc,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "dropped": [self.dice[i] for i in self.dropped],
            "dropped_positions": list(self.dropped),
            "explosions": [e.to_dict() for e in self.explosions],
            "hit_dice": list(self.hit_dice),
            "dice_hits": self.dice_hits,
            "added_hits": q.hits,
            "hits": self.hits,
            "face": self.face,
            "log": [event.to_dict() for event in self.log],
            "lines": self.lines(),
            "rules": q.rules.to_json(),
        }


def _crit_words(query: DiceAndDangerQuery) -> str:
    """What a crit does under the query's rule set: "a kept 6 rolls one more die, again on a 6"."""
    crit, sides = crit_face(query.rules), query.sides
    if crit == sides:
        article = "an" if crit in (8, 11, 18) else "a"
        return f"a kept {crit} rolls one more die, again on {article} {crit}"
    return f"a kept {crit} or more rolls one more die, again on {crit} or more"


def resolve(query: DiceAndDangerQuery, roller: Roller, label: str = "") -> DiceAndDangerRoll:
    """Roll the base and extra dice, drop the extra count, count hits, explode kept 6s.

    Among dropped dice that tie, the later-rolled one goes first (the extra die).
    ``label`` starts every log note (e.g. the attribute being rolled).
    """
    prefix = f"{label}: " if label else ""
    first_event = len(roller.log)
    extra = abs(query.extra) if query.dice else 0
    kind = "bonus" if query.extra > 0 else "penalty"
    sides = query.sides
    pairs = roller.roll_pool(query.dice, sides, prefix + "base die")
    if query.paired:  # cancel no: every bonus and penalty die is rolled
        pairs += roller.roll_pool(query.bonus, sides, f"{prefix}bonus die")
        pairs += roller.roll_pool(query.penalty, sides, f"{prefix}penalty die")
    else:
        pairs += roller.roll_pool(extra, sides, f"{prefix}{kind} die")
    dice = tuple(v for _, v in pairs)
    indices = [i for i, _ in pairs]
    highest = query.drops_highest
    if query.paired:
        dropped = _dropped_at_both_ends(dice, query.low_drops, query.bonus + query.penalty - query.low_drops)
        note = f"{prefix}on a {query.kind} bonus dice drop the {_end(query, 1)} and penalty dice the {_end(query, -1)}"
    else:
        dropped = dropped_positions(dice, extra, highest=highest)
        note = f"{prefix}{kind} dice on a {query.kind} drop the {'highest' if highest else 'lowest'}"
    for at in dropped:
        roller.mark(DieFate.DROPPED, indices[at], sides, dice[at], note)
    explosions: list[Explosion] = []
    for at, value in enumerate(dice):
        if at in dropped:
            continue
        if query.dc is None:
            roller.mark(DieFate.KEPT, indices[at], sides, value, prefix + "its face is the result")
            continue
        roller.mark(DieFate.KEPT, indices[at], sides, value, prefix + _hit_note(value, query.dc))
        parent, face = indices[at], value
        while explodes(query.rules, face):
            roller.mark(DieFate.EXPLODED, parent, sides, face, f"{prefix}a kept {face} explodes: one more die")
            child, face = roller.roll(sides, f"{prefix}explosion of die {parent}")
            explosions.append(Explosion(parent, child, face))
            roller.mark(DieFate.KEPT, child, sides, face, prefix + _hit_note(face, query.dc))
            parent = child
    return DiceAndDangerRoll(query, roller.seed, dice, dropped, tuple(explosions), tuple(roller.log[first_event:]))


def _end(query: DiceAndDangerQuery, extra: int) -> str:
    return "highest" if drops_highest(query.rules, extra, save=query.save) else "lowest"


def _dropped_at_both_ends(dice: Sequence[int], low: int, high: int) -> tuple[int, ...]:
    """The positions of the ``low`` lowest dice and then, among the rest, the ``high``
    highest (a tie drops the later-rolled die first, as ``dropped_positions`` does)."""
    lowest = dropped_positions(dice, low, highest=False)
    rest = [at for at in range(len(dice)) if at not in lowest]
    highest = dropped_positions([dice[at] for at in rest], high, highest=True)
    return tuple(sorted({*lowest, *(rest[at] for at in highest)}))


def _hit_note(value: int, dc: int) -> str:
    return "hit" if is_hit(value, dc) else "miss"


def roll(query: DiceAndDangerQuery, seed: int | None = None) -> DiceAndDangerRoll:
    """Roll a parsed query with a seeded roller."""
    return resolve(query, Roller(seed))


# --- the character generator ------------------------------------------------------------
ATTRIBUTE_QUERY = parse(ATTRIBUTE_ROLL)


@dataclass(frozen=True)
class Character:
    """A new character: five attributes rolled on 1d+2p and what follows from them."""

    seed: int
    rolls: tuple[DiceAndDangerRoll, ...]  # one per attribute, in ATTRIBUTE_NAMES order
    log: tuple[DieEvent, ...]
    level: int = STARTING_LEVEL

    @property
    def attributes(self) -> dict[str, int]:
        return {name: roll.face or 0 for name, roll in zip(ATTRIBUTE_NAMES, self.rolls)}

    @property
    def attribute_sum(self) -> int:
        return sum(self.attributes.values())

    @property
    def luck(self) -> Luck:
        return luck_for(self.attribute_sum)

    @property
    def inventory_slots(self) -> int:
        return inventory_slots(self.attributes["Health"])

    @property
    def hit_defense(self) -> int:
        return hit_defense(self.level)

    @property
    def tier(self) -> int:
        return tier(self.level)

    def lines(self) -> list[str]:
        """The character explained: each attribute's three dice and the derived values."""
        lines = [f"dice & danger: a new character, seed {self.seed}"]
        for name, result in zip(ATTRIBUTE_NAMES, self.rolls):
            lines.append(f"{name:<12} {result.face}   (rolled {_values(result.dice)}, kept the lowest)")
        lines += [
            f"Luck         {self.luck.text}   (the attributes sum to {self.attribute_sum})",
            f"Armor        {STARTING_ARMOR}   Faith {STARTING_FAITH}",
            f"Level        {self.level}   (tier {self.tier}, {tier_name(self.tier)})",
            f"Hit Defense  {self.hit_defense}",
            f"Inventory    {self.inventory_slots} slots (6 + Health)",
        ]
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (the browser bridge's ``character`` action)."""
        return {
            "system": "dice-and-danger",
            "seed": self.seed,
            "attributes": self.attributes,
            "attribute_dice": {name: list(r.dice) for name, r in zip(ATTRIBUTE_NAMES, self.rolls)},
            "attribute_sum": self.attribute_sum,
            "luck": {"text": self.luck.text, "dc": self.luck.dc, "hits": self.luck.hits},
            "armor": STARTING_ARMOR,
            "faith": STARTING_FAITH,
            "level": self.level,
            "tier": self.tier,
            "tier_name": tier_name(self.tier),
            "hit_defense": self.hit_defense,
            "inventory_slots": self.inventory_slots,
            "log": [event.to_dict() for event in self.log],
            "lines": self.lines(),
        }


def generate_character(seed: int | None = None) -> Character:
    """Roll the five attributes on 1d+2p (keep the lowest of three) with one seeded roller."""
    roller = Roller(seed)
    rolls = tuple(resolve(ATTRIBUTE_QUERY, roller, name) for name in ATTRIBUTE_NAMES)
    return Character(roller.seed, rolls, tuple(roller.log))
