"""dice & danger: the rules as data and small pure functions.

Source: "dice & danger" (source 004). Where the text is unclear the engine follows
shared/RULINGS.md; where that is silent too, the docstring says "Ruling:".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.dist import Dist
from ..core.errors import RulesError

SIDES = 6
CRIT_FACE = 6  # a kept 6 explodes
LOWEST_DC, HIGHEST_DC = 2, 6
#: The largest pool the engine rolls or computes odds for: base dice after every term
#: and the DC's extra or fewer dice, and bonus or penalty dice left after cancelling.
MAX_DICE = 100
MAX_EXTRA = 30
#: The most hits a roll may add or remove in all (the net of every ``h`` term). Removed
#: hits set how far the odds follow explosions (to keep the average exact), so this bounds
#: the work: as many as the largest pool has dice, already past any roll's real hits.
MAX_HITS = 100
#: The largest number a single term (or the DC) may carry (``999d`` is already far past
#: the limits).
MAX_TERM = 999


# --- dice terms -------------------------------------------------------------------------
@dataclass(frozen=True)
class Terms:
    """Dice terms as one side writes them: base dice, bonus dice, penalty dice, hits."""

    dice: int = 0
    bonus: int = 0
    penalty: int = 0
    hits: int = 0

    def __add__(self, other: Terms) -> Terms:
        return Terms(
            self.dice + other.dice, self.bonus + other.bonus, self.penalty + other.penalty, self.hits + other.hits
        )

    def from_other_side(self) -> Terms:
        """These terms written by the other side (after ``&``), as they count for the roller:
        their bonus dice are the roller's penalty dice and their penalty dice its bonus dice;
        dice and hits count as written."""
        return Terms(self.dice, self.penalty, self.bonus, self.hits)

    @property
    def extra(self) -> int:
        """Bonus minus penalty dice: what is left after they cancel (negative: penalty)."""
        return self.bonus - self.penalty


def clamp_dc(dc: int) -> tuple[int, int]:
    """``(DC, dice)``: the DC held to 2–6 and the base dice that gives or takes away
    (+1d for each step below 2, −1d for each step above 6)."""
    if dc < LOWEST_DC:
        return LOWEST_DC, LOWEST_DC - dc
    if dc > HIGHEST_DC:
        return HIGHEST_DC, HIGHEST_DC - dc
    return dc, 0


def drops_highest(extra: int, *, save: bool) -> bool:
    """Whether the extra dice drop the highest dice (else the lowest).

    Judged from the roller's side: on a damage roll a bonus die drops the lowest and a
    penalty die the highest; on a save (hits hurt the roller) the other way round.
    """
    return (extra < 0) != save


def is_hit(face: int, dc: int) -> bool:
    """A die hits when it shows the DC or more."""
    return face >= dc


def total_hits(dice_hits: int, added: int) -> int:
    """Hits from the dice plus added (or minus removed) hits, never below 0.

    Ruling: added and removed hits are netted first and applied once, so ``+1h -1h``
    does nothing; the source never speaks of fewer than 0 hits.
    """
    return max(0, dice_hits + added)


# --- building a damage roll -------------------------------------------------------------
#: How to read "+1p if you spend a HD" on a damage roll (the default first).
HD_READINGS = ("target", "bonus", "literal")


def damage_pool(
    *,
    expert: bool = False,
    prepared: bool = False,
    friend_helps: bool = False,
    hit_defense_spent: bool = False,
    reading: str = "target",
) -> Terms:
    """The terms of a damage roll: 1d for acting, +1d for an expert (a relevant title),
    +1d when prepared (the relevant equipment), +1d when a friend helps and spends a HD,
    and the "+1p if you spend a HD" line when ``hit_defense_spent``.

    Ruling: on a damage roll a penalty die hurts the roller, so paying a Hit Defense for
    it makes no sense as written. The engine reads it (``reading="target"``) as the
    target marking off one of its Hit Defense to put +1p on the damage roll against it:
    the target pays and the target gains. (A friend's HD is the other way round: the
    friend pays and the roller gains.) Other readings, where the roller pays:
    ``"bonus"`` (+1b) and ``"literal"`` (+1p, as printed).
    """
    if reading not in HD_READINGS:
        raise RulesError(f"unknown reading {reading!r} of spending a HD: use one of {', '.join(HD_READINGS)}")
    terms = Terms(dice=1 + expert + prepared + friend_helps)
    if hit_defense_spent:
        terms += Terms(bonus=1) if reading == "bonus" else Terms(penalty=1)
    return terms


# --- attributes -------------------------------------------------------------------------
@dataclass(frozen=True)
class Attribute:
    """One of the five attributes: the DC for rolls against it and what it stands against."""

    name: str
    resists: str


ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute(
        "Strength",
        "force: bursting bonds, lifting great weights, running, climbing, jumping, "
        "swimming; against paralysis, grappling, crushing; blocking in melee",
    ),
    Attribute(
        "Reflex",
        "instinct and agility: against surprise, missile weapons, fireballs, pit traps; "
        "going undetected or uncaught; a tightrope",
    ),
    Attribute("Health", "endurance: against illness, disease and death, heat and cold"),
    Attribute(
        "Intelligence",
        "training and concentration: right first time, making the shot, even "
        "stitches, picking a lock, juggling, learning quickly, knowing the answer",
    ),
    Attribute("Will", "force of personality: against despair, fear and temptation; taming a mule, leading an army"),
)
ATTRIBUTE_NAMES = tuple(a.name for a in ATTRIBUTES)
#: An attribute's value is read off one die kept from three (not a save: keep the lowest).
ATTRIBUTE_ROLL = "1d+2p"
ATTRIBUTE_DICE, ATTRIBUTE_PENALTY = 1, 2
STARTING_ARMOR = 2
STARTING_FAITH = 2


def attribute_distribution() -> Dist:
    """The exact odds of a new attribute: the lowest of three d6 (no explosion)."""
    return Dist.die(SIDES).keep_lowest(ATTRIBUTE_DICE + ATTRIBUTE_PENALTY, ATTRIBUTE_DICE)


# --- triangular bands (weight, tiers, Luck) ---------------------------------------------
def triangular(n: int) -> int:
    """The n-th triangular number, 1 + 2 + … + n."""
    return n * (n + 1) // 2


def triangular_band(value: int) -> int:
    """The band a count falls in when bands grow by one each time: 0–1 → 0, 2–3 → 1,
    4–6 → 2, 7–10 → 3, 11–15 → 4 …"""
    if value < 0:
        raise RulesError("a count is never below 0")
    band = 0
    while value > triangular(band + 1):
        band += 1
    return band


def band_range(band: int) -> tuple[int, int]:
    """The lowest and highest count in a band (band 0 starts at 0)."""
    return (0 if band == 0 else triangular(band) + 1), triangular(band + 1)


def weight_penalty(stowed_items: int) -> int:
    """Penalty dice from stowed weight (for sneaking, swimming, balancing …)."""
    return triangular_band(stowed_items)


def inventory_slots(health: int) -> int:
    """Items a human-sized character can wear or keep within reach: 6 + Health."""
    return 6 + health


@dataclass(frozen=True)
class Luck:
    """A Luck score: a DC and the hits it adds to (or removes from) rolls against it."""

    dc: int
    hits: int = 0

    @property
    def text(self) -> str:
        """As the source writes it: ``6``, ``4-1h``, ``3+1h``."""
        return f"{self.dc}" + (f"{self.hits:+d}h" if self.hits else "")


#: Luck for each band of the five attributes' sum (the bands are triangular).
LUCK_BY_BAND: tuple[Luck, ...] = (Luck(4, -1), Luck(6), Luck(5), Luck(4), Luck(3), Luck(2), Luck(3, 1), Luck(2, 1))


def luck_for(attribute_sum: int) -> Luck:
    """Luck from the sum of the five attributes."""
    band = triangular_band(attribute_sum)
    if band >= len(LUCK_BY_BAND):
        top = band_range(len(LUCK_BY_BAND) - 1)[1]
        raise RulesError(f"the source gives Luck for attribute sums up to {top}, not {attribute_sum}")
    return LUCK_BY_BAND[band]


def attribute_sum_distribution() -> Dist:
    """The exact odds of the five attributes' sum for a new character."""
    return attribute_distribution().repeat_sum(len(ATTRIBUTES))


# --- levels -----------------------------------------------------------------------------
TIER_NAMES = ("Novice", "Apprentice", "Journeyman", "Master", "Grand Master", "World Champion")
STARTING_LEVEL = 1


def tier(level: int) -> int:
    """The tier of a level: 0–1 → 1, 2–3 → 2, 4–6 → 3, 7–10 → 4 … (triangular bands)."""
    return triangular_band(level) + 1


def tier_name(tier_number: int) -> str | None:
    """The tier's name; the source names tiers 1–6 only."""
    return TIER_NAMES[tier_number - 1] if 1 <= tier_number <= len(TIER_NAMES) else None


def boosted_titles(level: int) -> int:
    """Titles that give +1d more than before: one chosen at each new tier after the first."""
    return tier(level) - 1


def gains_hit_defense(level: int) -> bool:
    """Whether reaching ``level`` gives +1 Hit Defense: each level 1–6, then every 6th
    (7, 13 … 31), then every 36th (37, 73 …), the step ×6 for each band up to 6^(k+1)."""
    if level < 1:
        return False
    step, top = 1, SIDES
    while level > top:
        step, top = top, top * SIDES
    return (level - 1) % step == 0


def hit_defense(level: int) -> int:
    """Total Hit Defense at ``level`` (level 0 has none)."""
    if level < 0:
        raise RulesError("a level is never below 0")
    total = min(level, SIDES)
    step = SIDES
    while level > step:
        # band above ``step``: gains at step + 1, 2·step + 1 … up to step · 6
        total += (min(level, step * SIDES) - 1) // step
        step *= SIDES
    return total


@dataclass(frozen=True)
class TitleKind:
    """A kind of title a character can earn (one per level)."""

    kind: str
    what: str
    example: str


TITLE_KINDS: tuple[TitleKind, ...] = (
    TitleKind("exploit", "something you did", "drove the wolves from Harrowmere"),
    TitleKind("background or skill", "what you were trained in or came from", "ship's carpenter"),
    TitleKind("trick or knack", "a small sure talent", "never loses a coin toss"),
    TitleKind("boast", "a claim about yourself", "light-fingered"),
    TitleKind("bond", "a closer tie to a rank, a person, a place, a thing or an office", "sworn blade of the Duchess"),
    TitleKind("named technique", "a power or move you name, and so claim to master", "frost-knuckle strike"),
    TitleKind("named favourite", "a beloved thing you have given a name", "my crossbow, Nettle"),
)


# --- conditions and the Health save -----------------------------------------------------
@dataclass(frozen=True)
class Condition:
    """Where a hit can be marked when it is not taken on Hit Defense, and what follows."""

    name: str
    marked_over: str
    effect: str


CONDITIONS: tuple[Condition, ...] = (
    Condition("mar", "a piece of equipment", "the item is marred but still usable"),
    Condition("mood", "an empty slot", "you gain a mood (angry, sad, sleepy …)"),
    Condition(
        "break",
        "a slot that already holds a condition",
        "the equipment breaks and you are injured; broken things (and limbs) cannot be used",
    ),
)

#: The Health save's outcome by hits; "injury" marks outcomes where the mood was an injury.
HEALTH_SAVE_OUTCOMES: tuple[tuple[int, str, bool], ...] = (
    (0, "Free parking", False),
    (1, "Stunned for 1 round", False),
    (2, "Knocked out for the rest of the combat", False),
    (3, "Dying", True),
    (4, "Dead", True),
    (5, "Flagrantly dead", True),
)


def health_save_outcome(hits: int) -> str:
    """The outcome of a Health save with ``hits``.

    Ruling: the source stops at 5 hits; 6 or more is flagrantly dead too.
    """
    if hits < 0:
        raise RulesError("hits are never below 0")
    return HEALTH_SAVE_OUTCOMES[min(hits, len(HEALTH_SAVE_OUTCOMES) - 1)][1]


def health_save_terms(new_conditions: int, existing_conditions: int) -> Terms:
    """A Health save's terms: +1d per condition just taken, +1p per condition already had."""
    if new_conditions < 1:
        raise RulesError("only taking a condition calls for a Health save", field="new conditions")
    if existing_conditions < 0:
        raise RulesError("existing conditions are never below 0", field="existing conditions")
    return Terms(dice=new_conditions, penalty=existing_conditions)


# --- equipment --------------------------------------------------------------------------
@dataclass(frozen=True)
class WeaponFamily:
    """A family of weapons (armour is weak against one family each)."""

    name: str
    includes: str
    style: str


WEAPON_FAMILIES: tuple[WeaponFamily, ...] = (
    WeaponFamily("swords", "knives too", "fast, slashing, precise"),
    WeaponFamily("axes", "greatswords too", "chopping, wrecking blows"),
    WeaponFamily("clubs", "maces, flails, staves", "crushing, hammering blows"),
    WeaponFamily("spears", "polearms, thrown and shot missiles", "thrusting, piercing"),
)
FAMILY_NAMES = tuple(f.name for f in WEAPON_FAMILIES)


@dataclass(frozen=True)
class Armour:
    """Armour (or a ward): the DC it sets, the weapon family it is weak against, its slots."""

    name: str
    dc: int
    weak_against: str | None
    slots: int


def _graded(names: Sequence[str], weaknesses: Sequence[str | None]) -> tuple[Armour, ...]:
    # DC 2 for the first, +1 each; "each armour takes 1 more slot than the last".
    return tuple(Armour(name, LOWEST_DC + i, weak, i) for i, (name, weak) in enumerate(zip(names, weaknesses)))


#: Ruling: "no armour" takes no slot, so leather takes 1 … plate 4.
ARMOURS: tuple[Armour, ...] = _graded(
    ("none", "leather", "splint", "chain", "plate"), ("swords", "spears", "axes", "clubs", None)
)
#: Wards set Aura as armour sets Armor. Ruling: the source names no ward grades and no
#: weaknesses for them (its weaknesses are weapon families), so wards have none.
WARDS: tuple[Armour, ...] = _graded(("none", "1-slot ward", "2-slot ward", "3-slot ward", "4-slot ward"), (None,) * 5)


def armour_by_name(name: str) -> Armour:
    """An armour by name (any case), else a ``RulesError`` listing them."""
    for armour in ARMOURS:
        if armour.name == name.strip().lower():
            return armour
    raise RulesError(f"unknown armour {name!r}: {', '.join(a.name for a in ARMOURS)}", field="armour")


def armour_weakness(armour: Armour, family: str) -> Terms:
    """The wearer's weakness as other-side terms: +1p when the weapon is of the family
    the armour is weak against.

    Ruling: "+1p vs swords" is a weakness, so it is the wearer's penalty die. On the
    wearer's own save it is +1p; on an attacker's damage roll it is written after ``&``
    (``& +1p``), which counts as +1b for the attacker.
    """
    if family not in FAMILY_NAMES:
        raise RulesError(f"unknown weapon family {family!r}: {', '.join(FAMILY_NAMES)}", field="family")
    return Terms(penalty=1) if armour.weak_against == family else Terms()


def weapon_terms(*, appropriate: bool = True, heavy: bool = False, ranged: bool = False, simple: bool = False) -> Terms:
    """A weapon's terms on its wielder's damage roll: +1d if appropriate (+2d instead for
    a heavy melee weapon), +1p if ranged, +1p if simple or crude.

    Ruling: the +1d/+2d needs an appropriate weapon; the ranged and crude penalties apply
    whenever the weapon is used.
    """
    if heavy and ranged:
        raise RulesError("a heavy weapon is a melee weapon: it cannot also be ranged")
    dice = (2 if heavy else 1) if appropriate else 0
    return Terms(dice=dice, penalty=int(ranged) + int(simple))


def weapon_slots(*, heavy: bool = False) -> int:
    """Inventory slots a weapon takes: one, and another for a heavy weapon."""
    return 2 if heavy else 1


def shield_terms(*, tower: bool = False) -> Terms:
    """A shield's terms on the attacker's damage roll: +1p, or −1d for a tower shield."""
    return Terms(dice=-1) if tower else Terms(penalty=1)


#: A light weapon in the off hand adds to its wielder's damage roll.
OFF_HAND_LIGHT_WEAPON = Terms(bonus=2)
