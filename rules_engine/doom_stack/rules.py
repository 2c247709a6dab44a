"""Doom Stack: the rules as data and small pure functions.

Source: "Doom Stack — Alternative Dice Mechanic for Neon Arcana" by Ilya Bossov
(CC BY 4.0). Where the text is unclear the engine follows shared/RULINGS.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import RulesError

SIDES = 6
WILDCARD = 1
STACK_FACES = (2, 3, 4, 5, 6)
#: The largest pool the engine rolls or computes odds for.
MAX_POOL = 300


@dataclass(frozen=True)
class Difficulty:
    """A rung of the difficulty ladder and the source's printed 4d6 success chance."""

    name: str
    tn: int
    source_percent_4d6: str  # as printed, e.g. "99.3"


DIFFICULTY_LADDER: tuple[Difficulty, ...] = (
    Difficulty("Routine", 4, "99.3"),
    Difficulty("Fair", 6, "90"),
    Difficulty("Reasonable", 7, "63.8"),
    Difficulty("Challenging", 8, "44.6"),
    Difficulty("Complicated", 9, "33.64"),
    Difficulty("Tough", 10, "28.4"),
    Difficulty("Painstaking", 12, "16.9"),
    Difficulty("Punishing", 14, "3.7"),
    Difficulty("Miserable", 16, "2"),
    Difficulty("Amazing", 18, "1.7"),
    Difficulty("Inconceivable", 24, "0.08"),
)

#: Performance (best stack − TN) → its name; 4 and more are all "Impressive".
PERFORMANCE_NAMES: tuple[tuple[int, str], ...] = (
    (0, "Barely made it (glitch!)"),
    (1, "Fair"),
    (2, "Solid"),
    (3, "Flashy"),
    (4, "Impressive"),
)

#: How fast damage heals: (kind, boxes, per, condition).
HEALING_RATES: tuple[tuple[str, int, str, str], ...] = (
    ("physical", 1, "day", "with modern medicine"),
    ("physical", 1, "month", "without modern medicine"),
    ("stun", 1, "hour", "whatever the character does (sleeping is the source's advice, not a condition)"),
)


def difficulty_by_name(name: str) -> Difficulty | None:
    """The ladder rung called ``name`` (any case)."""
    return next((d for d in DIFFICULTY_LADDER if d.name.lower() == name.lower()), None)


def performance_name(performance: int) -> str:
    """The name of a performance (≥ 0)."""
    if performance < 0:
        raise ValueError("a performance is never negative; below the TN is a failure")
    return PERFORMANCE_NAMES[min(performance, 4)][1]


# --- the pool -------------------------------------------------------------------------
def modifier_cap(attribute: int, skill: int) -> int:
    """Modifiers may add or remove at most half the attribute + skill pool, rounded down."""
    return (attribute + skill) // 2


@dataclass(frozen=True)
class Pool:
    """A dice pool assembled from attribute + skill + modifiers (modifiers capped)."""

    attribute: int
    skill: int
    modifiers: int  # as asked for
    applied_modifiers: int  # after the half-pool cap

    @property
    def size(self) -> int:
        return self.attribute + self.skill + self.applied_modifiers

    @property
    def capped(self) -> bool:
        return self.applied_modifiers != self.modifiers


def assemble_pool(
    attribute: int,
    skill: int,
    modifiers: int = 0,
    *,
    cap: int | None | bool = True,
    max_pool: int = MAX_POOL,
    limit_words: str = "",
) -> Pool:
    """Attribute + skill + modifiers, the modifiers held to ±⌊(attribute + skill)/2⌋.

    A house rule gives its own ``cap`` (``None``: modifiers are not held; a pool never goes
    below 0 dice) and the largest pool it computes (``max_pool``, named by ``limit_words``)."""
    if attribute < 0:
        raise RulesError("attribute must be 0 or more", field="attribute")
    if skill < 0:
        raise RulesError("skill must be 0 or more", field="skill")
    held = modifier_cap(attribute, skill) if cap is True else cap
    if held is None:
        applied = max(-(attribute + skill), modifiers)
    else:
        applied = max(-held, min(held, modifiers))
    pool = Pool(attribute, skill, modifiers, applied)
    if pool.size > max_pool:
        # Name the field that takes the pool past the limit, read as the form reads.
        field = "skill" if attribute + skill > max_pool else "modifiers"
        raise RulesError(
            f"a pool of {pool.size} dice is more than the {max_pool} the engine computes{limit_words}", field=field
        )
    return pool


# --- stacking -------------------------------------------------------------------------
@dataclass(frozen=True)
class Stack:
    """A dice stack picked from a roll: dice (by position) that match, plus wildcard ones."""

    value: int
    face: int | None  # the matching face stacked, or None when only ones were used
    members: tuple[int, ...]  # positions of the matching dice
    wildcards: tuple[int, ...]  # positions of the ones added

    @property
    def positions(self) -> tuple[int, ...]:
        return self.members + self.wildcards


def best_stack(dice: Sequence[int], *, ones_wild: bool = True, wild: int | None = WILDCARD) -> Stack:
    """The highest stack in ``dice``: every wild die (a 1) plus the best group of another face.

    Among groups worth the same, the one with fewer dice is taken, which leaves more dice
    in the attention pool. With ``ones_wild=False`` (the reading of the source's AnyDice
    function) the ones are added only when they do not tie the best group by themselves.
    A house rule may make another face wild (each adds its own pips), or none (``wild=None``:
    the best group of any face, ones included).
    """
    ones = tuple(i for i, d in enumerate(dice) if d == wild)
    counts = Counter(d for d in dice if d != wild)
    best_face = max(counts, key=lambda f: (f * counts[f], f), default=None)
    group_value = best_face * counts[best_face] if best_face else 0
    members = tuple(i for i, d in enumerate(dice) if d == best_face)
    wild_value = (wild or 0) * len(ones)
    if not ones_wild and ones and wild_value >= group_value:
        return Stack(wild_value, None, (), ones)
    return Stack(group_value + wild_value, best_face, members, ones)


def attention_pool(dice: Sequence[int], stack: Stack) -> list[int]:
    """The dice left over after ``stack`` was taken, in roll order."""
    used = set(stack.positions)
    return [d for i, d in enumerate(dice) if i not in used]


def stack_count(dice: Sequence[int], *, wild: int | None = WILDCARD) -> int:
    """How many different stacks ``dice`` allow (see ``legal_stacks``): for each other face,
    any number of its dice with any number of the wild ones, plus the wild ones alone."""
    ones = sum(1 for d in dice if d == wild)
    return (len(dice) - ones) * (ones + 1) + ones


def legal_stacks(dice: Sequence[int], limit: int | None = None, *, wild: int | None = WILDCARD) -> list[Stack]:
    """Every stack the dice allow, biggest first: 1 to all of the dice showing one face
    2–6, with 0 to all of the ones; or 1 to all of the ones by themselves.

    Dice showing the same face are interchangeable, so a stack is told apart by its face,
    how many of that face and how many ones; it takes the first such dice in roll order.
    Among stacks of equal value, the one with fewer dice comes first (it leaves more for
    the attention pool), then the one of the higher face. The first is ``best_stack``.
    ``limit``: keep only that many, from the top (the rest are never built).

    An attention pool may also hold a stack kept whole in cover, one die of its value
    (above 6 too): it is a face like the others (``rules_engine/doom_stack/play.py``).
    Under a house rule the wild face is ``wild`` (each adds its pips), or ``None``: then
    every face, ones too, stacks only with its own.
    """
    ones = [i for i, d in enumerate(dice) if d == wild]
    pips = wild or 0
    by_face = {face: [i for i, d in enumerate(dice) if d == face] for face in sorted(set(dice) - {wild})}
    # (value, dice used, face, count of that face, ones): cheap tuples, sorted, then built.
    shapes = [
        (face * count + pips * n_wild, count + n_wild, face, count, n_wild)
        for face, places in by_face.items()
        for count in range(1, len(places) + 1)
        for n_wild in range(len(ones) + 1)
    ]
    shapes += [(pips * n_wild, n_wild, 0, 0, n_wild) for n_wild in range(1, len(ones) + 1)]
    shapes.sort(key=lambda s: (-s[0], s[1], -s[2]))
    if limit is not None:
        shapes = shapes[:limit]
    return [
        Stack(value, face or None, tuple(by_face[face][:count]) if face else (), tuple(ones[:n_wild]))
        for value, _, face, count, n_wild in shapes
    ]


def cheapest_stack(dice: Sequence[int], value: int, *, wild: int | None = WILDCARD) -> Stack | None:
    """The stack worth ``value`` that ``dice`` make with the fewest dice (then of the
    higher face), as ``legal_stacks`` lists it first among those of that value; ``None``
    when the dice make no stack of that value."""
    ones = [i for i, d in enumerate(dice) if d == wild]
    pips = wild or 0
    shapes = []
    for face in set(dice) - {wild}:
        for count in range(1, dice.count(face) + 1):
            rest = value - face * count
            n_wild = 0 if rest == 0 else (rest // pips if pips and rest > 0 and rest % pips == 0 else -1)
            if 0 <= n_wild <= len(ones):
                shapes.append((count + n_wild, -face, count, n_wild))
    if pips and value > 0 and value % pips == 0 and value // pips <= len(ones):
        shapes.append((value // pips, 0, 0, value // pips))
    if not shapes:
        return None
    _, face, count, n_wild = min(shapes)
    members = tuple(i for i, d in enumerate(dice) if d == -face)[:count] if count else ()
    return Stack(value, -face or None, members, tuple(ones[:n_wild]))


# --- the result -----------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """A stack compared with a TN: success (glitch when exact) and performance.

    ``exact`` is what a stack equal to the TN gives: ``glitch`` (the printed rule), or under
    a house rule ``success`` (a clean one) or ``failure`` (the stack must beat the TN)."""

    stack: int
    tn: int
    exact: str = "glitch"

    @property
    def success(self) -> bool:
        return self.stack > self.tn if self.exact == "failure" else self.stack >= self.tn

    @property
    def glitch(self) -> bool:
        return self.exact == "glitch" and self.stack == self.tn

    @property
    def performance(self) -> int | None:
        return self.stack - self.tn if self.success else None

    def describe(self) -> str:
        if not self.success:
            if self.stack == self.tn:
                return "failure: a stack equal to the TN fails under these rules"
            return f"failure, {self.tn - self.stack} short"
        if self.glitch:
            return "glitch: success with a complication, performance 0"
        if self.performance == 0:
            return "success, performance 0 (Barely made it: no glitch under these rules)"
        name = performance_name(self.performance or 0)
        return f"success, performance {self.performance} ({name})"


# --- multitasking and initiative ------------------------------------------------------
def extra_dice_for_second_action(first_pool: int, second_pool: int) -> int:
    """How many dice a larger second action adds to the attention pool before choosing."""
    return max(0, second_pool - first_pool)


def initiative_order(initiatives: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Combatants ordered from the highest initiative stack to the lowest.

    Ruling: the source does not break ties; tied combatants keep the order given.
    """
    return sorted(initiatives, key=lambda entry: -entry[1])


# --- attack and defence ---------------------------------------------------------------
@dataclass(frozen=True)
class AttackResult:
    """An attack resolved: net performance, damage, and what the defence cost."""

    attack: int
    defence: int
    cover: bool

    @property
    def net(self) -> int:
        return self.attack - self.defence

    @property
    def clean_miss(self) -> bool:
        return self.net < 0

    @property
    def glitch(self) -> bool:
        return self.net == 0

    @property
    def damage(self) -> int:
        return max(0, self.net)

    @property
    def defence_left(self) -> int:
        """What remains of the defending stack: in cover it loses one pip, else all of it."""
        return max(0, self.defence - 1) if self.cover else 0


def resolve_attack(attack: int, defence: int = 0, *, cover: bool = False) -> AttackResult:
    """Attacker's stack − defender's stack; a defender with no dice defends with 0."""
    if attack < 0 or defence < 0:
        raise RulesError("stacks are never negative")
    return AttackResult(attack, defence, cover)


@dataclass(frozen=True)
class Damage:
    """Damage after armour, split into physical and stun."""

    physical: int
    stun: int


def apply_armour(damage: int, *, body_armour: int = 0, hard_armour: int = 0, antitank: bool = False) -> Damage:
    """Hard armour stops everything unless the attack is antitank, which it reduces by its
    rating; body armour then turns up to its rating of what is left into stun."""
    if min(damage, body_armour, hard_armour) < 0:
        raise RulesError("damage and armour ratings are never negative")
    if hard_armour:
        damage = max(0, damage - hard_armour) if antitank else 0
    stun = min(damage, body_armour)
    return Damage(damage - stun, stun)


# --- hit boxes ------------------------------------------------------------------------
PHYSICAL_MARK = "X"
STUN_MARK = "/"


def hit_boxes(strength: int, willpower: int) -> int:
    """Hit boxes = 4 + Strength + Willpower."""
    return 4 + strength + willpower


@dataclass(frozen=True)
class HitTrack:
    """A character's hit boxes: marks in order ('X' physical, '/' stun) and the overflow."""

    boxes: int
    marks: tuple[str, ...] = ()
    overflow: int = 0

    @property
    def knocked_out(self) -> bool:
        return len(self.marks) >= self.boxes

    @property
    def dying(self) -> bool:
        return self.overflow > 0 and not self.dead

    @property
    def dead(self) -> bool:
        return self.overflow >= self.boxes


def take_damage(track: HitTrack, damage: Damage) -> HitTrack:
    """Fill the next empty boxes (physical first); what does not fit goes to overflow,
    where all damage counts as physical."""
    marks = list(track.marks)
    overflow = track.overflow
    for mark, amount in ((PHYSICAL_MARK, damage.physical), (STUN_MARK, damage.stun)):
        for _ in range(amount):
            if len(marks) < track.boxes:
                marks.append(mark)
            else:
                overflow += 1
    return HitTrack(track.boxes, tuple(marks), overflow)


def bleed_out_death_chance(overflow: int, boxes: int) -> Fraction:
    """The chance that someone left for dead dies before stabilising.

    Each hour a d6 is rolled: a 1 stabilises, anything else adds 1 to overflow; death
    comes when overflow reaches the hit boxes. So death needs (boxes − overflow) non-1s
    in a row.
    """
    if overflow <= 0:
        return Fraction(0)
    if overflow >= boxes:
        return Fraction(1)
    return Fraction(5, 6) ** (boxes - overflow)


def movement_per_action(agility: int) -> int:
    """Metres moved for each action spent moving: 10 + Agility."""
    return 10 + agility
