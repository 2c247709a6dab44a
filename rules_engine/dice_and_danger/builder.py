"""dice & danger: the damage-roll builder and the Health-save helper.

Both turn a situation into the system's own notation, and the notation (read by
``notation.parse``, as the command line reads it) into the canonical form and the exact
odds. The damage roll is written one term per rule, in the order the rules come, so the
notation shows its work as the source's worked example does::

    1d +1d +1d +1d +1p +2b vs DC 3 & +1p      (acting, expert, prepared, a sword …)

Every term says which rule gave it (``Step.why``) and which input (``Step.field``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import RulesError
from .notation import DiceAndDangerQuery, parse
from .odds import crit_cap, dice_hits_distribution
from .rules import (
    FAMILY_NAMES,
    HD_READINGS,
    HEALTH_SAVE_OUTCOMES,
    MAX_DICE,
    MAX_EXTRA,
    MAX_TERM,
    OFF_HAND_LIGHT_WEAPON,
    Terms,
    armour_by_name,
    armour_weakness,
    health_save_terms,
    shield_terms,
    weapon_terms,
)

#: The weapon choice when the attacker wields none.
NO_WEAPON = "none"
WEAPONS = (NO_WEAPON, *FAMILY_NAMES)
#: What the target holds: nothing, a shield (+1p to the attacker) or a tower shield (−1d).
SHIELDS = ("none", "shield", "tower")


@dataclass(frozen=True)
class Attack:
    """Everything the damage-roll builder asks about one attack.

    ``weapon`` is a weapon family (``swords``, ``axes``, ``clubs``, ``spears``) or
    ``none``; ``suited``, ``heavy``, ``ranged`` and ``crude`` describe it; ``off_hand``
    is a light weapon in the other hand; ``shield`` and ``armour`` are the target's;
    ``hd_reading`` is how a spent Hit Defense reads (``rules.damage_pool``)."""

    acting: bool = True
    expert: bool = False
    prepared: bool = False
    friend_helps: bool = False
    hit_defense_spent: bool = False
    hd_reading: str = "target"
    weapon: str = NO_WEAPON
    suited: bool = True
    heavy: bool = False
    ranged: bool = False
    crude: bool = False
    off_hand: bool = False
    shield: str = "none"
    armour: str = "none"


@dataclass(frozen=True)
class Step:
    """One written term of the built notation, the rule that gave it and the input it
    came from. ``other_side``: written by the target (after ``&``)."""

    terms: Terms
    why: str
    field: str
    other_side: bool = False

    @property
    def text(self) -> str:
        """The term as written, e.g. ``+1d``, ``+1p``, ``-1d`` or ``+2b``."""
        parts = [(self.terms.dice, "d"), (self.terms.bonus, "b"), (self.terms.penalty, "p"), (self.terms.hits, "h")]
        return " ".join(f"{count:+d}{unit}" for count, unit in parts if count)

    def to_json(self) -> dict[str, object]:
        return {"term": self.text, "why": self.why, "field": self.field, "other_side": self.other_side}


# --- one function per rule ------------------------------------------------------------------
def pool_steps(attack: Attack) -> list[Step]:
    """The base of a damage roll: 1d for acting, +1d for an expert (a relevant title),
    +1d when prepared (the relevant equipment), +1d when a friend helps by spending a
    Hit Defense, and the spent Hit Defense line, read as ``rules.damage_pool`` reads it:
    by default the target spends it and the roll takes +1p; the options have the roller
    spend it for +1b (``bonus``) or for +1p as printed (``literal``)."""
    if attack.hd_reading not in HD_READINGS:
        raise RulesError(
            f"the Hit Defense reading must be one of {', '.join(HD_READINGS)}, not {attack.hd_reading[:20]!r}",
            field="hd_reading",
        )
    steps = []
    for on, why, name in (
        (attack.acting, "acting", "acting"),
        (attack.expert, "expert: a title applies", "expert"),
        (attack.prepared, "prepared: the right gear", "prepared"),
        (attack.friend_helps, "a friend helps (their HD)", "friend"),
    ):
        if on:
            steps.append(Step(Terms(dice=1), why, name))
    if attack.hit_defense_spent:
        if attack.hd_reading == "bonus":
            steps.append(Step(Terms(bonus=1), "your HD (option)", "hit_defense"))
        elif attack.hd_reading == "literal":
            steps.append(Step(Terms(penalty=1), "your HD, as printed (option)", "hit_defense"))
        else:
            steps.append(Step(Terms(penalty=1), "the target's HD", "hit_defense"))
    return steps


def weapon_steps(attack: Attack) -> list[Step]:
    """The main weapon: +1d when it suits the job (+2d instead for a heavy melee weapon),
    +1p when it is ranged, +1p when it is simple or crude (``rules.weapon_terms``).

    Ruling: heavy, ranged and crude describe a weapon, so without one (``none``) they are
    refused; "suits the job" is simply not asked."""
    if attack.weapon not in WEAPONS:
        raise RulesError(f"the weapon must be one of {', '.join(WEAPONS)}, not {attack.weapon[:20]!r}", field="weapon")
    if attack.weapon == NO_WEAPON:
        for on, name in ((attack.heavy, "heavy"), (attack.ranged, "ranged"), (attack.crude, "crude")):
            if on:
                raise RulesError(f"{name} describes a weapon: choose the weapon's kind first", field=name)
        return []
    if attack.heavy and attack.ranged:
        raise RulesError("a heavy weapon is a melee weapon: it cannot also be ranged", field="ranged")
    terms = weapon_terms(appropriate=attack.suited, heavy=attack.heavy, ranged=attack.ranged, simple=attack.crude)
    steps = []
    if terms.dice:
        why = f"heavy {attack.weapon[:-1]}" if attack.heavy else f"{attack.weapon[:-1]}, suited"
        steps.append(Step(Terms(dice=terms.dice), why, "heavy" if attack.heavy else "weapon"))
    if attack.ranged:
        steps.append(Step(Terms(penalty=1), "ranged", "ranged"))
    if attack.crude:
        steps.append(Step(Terms(penalty=1), "simple or crude", "crude"))
    return steps


def off_hand_steps(attack: Attack) -> list[Step]:
    """A light weapon in the off hand: +2b (``rules.OFF_HAND_LIGHT_WEAPON``).

    Ruling: the off hand's weapon goes with a weapon in the main hand; with none, the light
    weapon is the main weapon (choose its kind instead). The source ties no weapon to two
    hands, so any main weapon allows it, a heavy or a ranged one too."""
    if not attack.off_hand:
        return []
    if attack.weapon == NO_WEAPON:
        raise RulesError(
            "with no weapon in the main hand the light weapon is the main weapon: "
            "choose its kind instead (swords for a knife)",
            field="off_hand",
        )
    return [Step(OFF_HAND_LIGHT_WEAPON, "off-hand light weapon", "off_hand")]


def shield_steps(attack: Attack) -> list[Step]:
    """The target's shield: +1p on the attacker's roll, or −1d for a tower shield
    (``rules.shield_terms``). A shield never changes the target's Armor (the DC)."""
    if attack.shield not in SHIELDS:
        raise RulesError(f"the shield must be one of {', '.join(SHIELDS)}, not {attack.shield[:20]!r}", field="shield")
    if attack.shield == "none":
        return []
    tower = attack.shield == "tower"
    return [Step(shield_terms(tower=tower), "the target's tower shield" if tower else "the target's shield", "shield")]


def armour_dc(attack: Attack) -> int:
    """The DC: the target's Armor, which its armour sets (none 2, leather 3 … plate 6)."""
    return armour_by_name(attack.armour).dc


def weakness_steps(attack: Attack) -> list[Step]:
    """The target's armour against the weapon's family: when the armour is weak against
    it, the wearer takes +1p, written on the target's side (``& +1p``) and so counting as
    +1b for the attacker (``rules.armour_weakness``). Only the main weapon's family counts."""
    if attack.weapon == NO_WEAPON:
        return []
    armour = armour_by_name(attack.armour)
    terms = armour_weakness(armour, attack.weapon)
    if not (terms.bonus or terms.penalty):
        return []
    wearer = "no armour" if armour.name == "none" else armour.name
    return [Step(terms, f"{wearer} is weak vs {attack.weapon}", "armour", other_side=True)]


# --- the built roll ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DamageRoll:
    """A built damage roll: its terms in the rules' order, its DC and what they read as."""

    attack: Attack
    steps: tuple[Step, ...]
    dc: int

    @property
    def written(self) -> str:
        """The notation with every term written out (the source's way of showing the work):
        the roller's terms, ``vs DC n``, then the target's after ``&``. With no base-dice
        term it starts at ``0d``."""
        own = [step.text for step in self.steps if not step.other_side]
        if not any(step.terms.dice for step in self.steps if not step.other_side):
            own.insert(0, "0d")
        own[0] = own[0].removeprefix("+")
        text = " ".join(own) + f" vs DC {self.dc}"
        for step in self.steps:
            if step.other_side:
                text += f" & {step.text}"
        return text

    @property
    def query(self) -> DiceAndDangerQuery:
        """The written notation, read exactly as the command line reads it."""
        return parse(self.written)

    def to_json(self) -> dict[str, object]:
        return {
            "written": self.written,
            "dc": self.dc,
            "armour": self.attack.armour,
            "steps": [step.to_json() for step in self.steps],
        }


def build_damage(attack: Attack) -> DamageRoll:
    """The damage roll for ``attack``: base dice, weapon, off hand, the target's shield and
    its armour's weakness, against the target's Armor. A ``RulesError`` naming the input
    (``field``) when the inputs do not fit together."""
    dc = armour_dc(attack)
    steps = (
        *pool_steps(attack),
        *weapon_steps(attack),
        *off_hand_steps(attack),
        *shield_steps(attack),
        *weakness_steps(attack),
    )
    return DamageRoll(attack, steps, dc)


# --- the Health save --------------------------------------------------------------------------
#: The most conditions the helper takes: a save rolls one die per condition taken now, and
#: a penalty die per condition already had (the engine's pool limits).
MAX_CONDITIONS_NOW, MAX_CONDITIONS_HAD = MAX_DICE, MAX_EXTRA
#: The outcomes' lowest hits; the last stands for that many hits or more.
OUTCOME_HITS = tuple(hits for hits, _, _ in HEALTH_SAVE_OUTCOMES)


@dataclass(frozen=True)
class HealthSave:
    """A Health save: conditions taken now, conditions already had, the Health score."""

    conditions_now: int
    conditions_had: int
    health: int

    @property
    def written(self) -> str:
        """``save Nd +Mp vs DC H``: a die per condition taken now, a penalty die per
        condition already had, against Health (a Health outside 2–6 reads as any DC does)."""
        terms = health_save_terms(self.conditions_now, self.conditions_had)
        return f"save {terms.dice}d" + (f" +{terms.penalty}p" if terms.penalty else "") + f" vs DC {self.health}"

    @property
    def query(self) -> DiceAndDangerQuery:
        return parse(self.written)


def health_save(conditions_now: int, conditions_had: int, health: int) -> HealthSave:
    """The Health save after taking ``conditions_now`` conditions (at least one: only taking
    a condition calls for it) while carrying ``conditions_had``, at DC = ``health``."""
    if not 1 <= conditions_now <= MAX_CONDITIONS_NOW:
        raise RulesError(
            f"conditions taken now must be from 1 to {MAX_CONDITIONS_NOW} (only taking a condition "
            f"calls for a Health save), not {conditions_now}",
            field="conditions_now",
        )
    if not 0 <= conditions_had <= MAX_CONDITIONS_HAD:
        raise RulesError(
            f"conditions already had must be from 0 to {MAX_CONDITIONS_HAD}, not {conditions_had}",
            field="conditions_had",
        )
    if not 0 <= health <= MAX_TERM:
        raise RulesError(f"Health must be from 0 to {MAX_TERM}, not {health}", field="health")
    save = HealthSave(conditions_now, conditions_had, health)
    try:
        _ = save.query  # building the query checks the pool
    except RulesError as error:  # a low Health adds dice past the pool's limit
        raise RulesError(error.message, field="health") from None
    return save


def outcome_odds(query: DiceAndDangerQuery) -> list[Fraction]:
    """The exact chance of each Health save outcome (0, 1, 2, 3, 4 hits, then 5 or more).

    The explosions are followed at least far enough that every roll left out has 6 or more
    hits, so 0–4 hits are exact and "5 or more" is exactly what is left: the six chances
    sum to exactly 1."""
    top = OUTCOME_HITS[-1]
    # A roll left out has at least cap + 2 hits (odds.py): cap ≥ top − 1 keeps 0 … top − 1 exact.
    dist = dice_hits_distribution(query, cap=max(crit_cap(query), top - 1) if query.dice else None)
    below = [dist.p(hits) for hits in OUTCOME_HITS[:-1]]
    return [*below, 1 - sum(below, Fraction(0))]
