"""Action!'s damage: shock and wounds from a hit's PV, falling down and dying, knockback,
massive damage, the optional wound rules as named options, and falling (source 001).

Everything here is a small pure function of whole numbers. Where an optional rule calls
for a roll (Shock, Dark Times, waking up, the variable Cinematic Wound's Luck rolls), the
chance of passing it is exact: a plain roll of a value against a difficulty, from the
part-1 engine's open-ended dice (``pass_chance``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NotRequired, TypedDict

from ...core.dist import Dist
from ...core.open_ended import OpenPool
from ..roll.rules import DEFAULT_THRESHOLD, SIDES

KNOCKBACK_STEP = 5  # every 5 points of damage past the Mass Value fling you 1 m
MASSIVE_MULTIPLE = 4  # damage of 4 × the Wound Threshold is Massive Damage
WAKE_DIFFICULTY = 15  # Willpower + Focus to wake up, tried whenever someone else acts
WAKE_MINUTES = 10  # or the character wakes by itself after this long
SHAKEN_DIFFICULTY = 10 + 10  # Shaken: Willpower + Focus "Difficulty 10+10" (read as 20: Ruling)
GET_UP_DIFFICULTY = 15  # Stunt + Agility to get up from a Knockdown without spending a Move
SHOCK_ROLL_BASE, SHOCK_ROLL_STEP = 5, 5  # Shock roll difficulty 5 + 5 × wounds of this attack
CINEMATIC_STEP = 5  # variable Cinematic Wounds: a Luck roll at 5, 10, 15 … (one per wound)
DARK_TIMES_BASE, DARK_TIMES_STEP = 25, 5  # stabilising: 25 − Health + 5 × Wounds
FALL_STEP = 5  # every 5 PV of the Stunt + Agility roll takes 1 m off a fall
#: The most Luck rolls (one per wound) whose joint chance the engine works out exactly:
#: past this the exact fraction grows to thousands of digits, and the hit is refused.
MAX_LUCK_ROLLS = 20

#: One roll a hit calls for: its difficulties, what failing means and, when the target's
#: value is given, the chance of passing each and all of them ("pass" is a keyword).
RollChance = TypedDict(
    "RollChance",
    {
        "difficulty": list[int],
        "on_failure": str,
        "pass": NotRequired[list[Fraction]],
        "pass_all": NotRequired[Fraction],
    },
)


@dataclass(frozen=True)
class WoundOption:
    """An optional rule of the damage chapter, switched on by its notation word."""

    word: str
    name: str
    effect: str


OPTIONS: tuple[WoundOption, ...] = (
    WoundOption("wound-penalty", "Wound penalty", "−1 impairment for each untreated wound"),
    WoundOption(
        "percentile",
        "Percentile wound penalty",
        "impairment from the share of Toughness lost to wounds (needs Toughness)",
    ),
    WoundOption(
        "shock-roll",
        "Shock roll",
        "a wounding hit calls for a roll at 5 + 5 × its wounds; failing knocks the character out",
    ),
    WoundOption("stun", "Stun", "lose 1 Shot for each wound of the attack"),
    WoundOption("cinematic", "Cinematic wounds (fixed)", "Massive Damage brings one Cinematic Wound"),
    WoundOption(
        "cinematic-variable",
        "Cinematic wounds (variable)",
        "a Luck roll at 5, 10, 15 … for each wound; one failure brings one Cinematic Wound",
    ),
    WoundOption("sand", "Sand in your teeth", "every hit wounds at least once: 1 + 1 per Threshold of damage"),
    WoundOption(
        "seriousness",
        "Wound seriousness",
        "one hit's wounds are Light −1, Moderate −2, Serious −4, Deadly −8; more than 4 kill",
    ),
    WoundOption("dark-times", "Dark Times", "after every hit, a roll against its shock points; failing is dying"),
    WoundOption("shaken", "Shaken", "any shock point leaves the target Shaken"),
)
OPTION_WORDS = tuple(o.word for o in OPTIONS)
#: The options that cannot both apply: one wound penalty rule at a time, one Cinematic rule.
EXCLUSIVE = (
    ("wound-penalty", "percentile"),
    ("wound-penalty", "seriousness"),
    ("percentile", "seriousness"),
    ("cinematic", "cinematic-variable"),
)

#: Percentile wound penalty: share of wounds taken (percent of Toughness) → impairment.
PERCENTILE_TABLE: tuple[tuple[int, int], ...] = ((0, 0), (10, -1), (25, -2), (50, -3), (75, -4), (90, -5))

#: Wound seriousness: wounds from one hit → name and impairment; more than 4 kill.
SERIOUSNESS: tuple[tuple[int, str, int], ...] = (
    (1, "Light", -1),
    (2, "Moderate", -2),
    (3, "Serious", -4),
    (4, "Deadly", -8),
)
DEADLY_WOUNDS = 4


def wounds_for(damage: int, threshold: int = DEFAULT_THRESHOLD, *, sand: bool = False) -> int:
    """Wounds from one hit: one at each whole multiple of the Wound Threshold; with Sand in
    Your Teeth, one more (every hit wounds)."""
    base = damage // threshold if damage > 0 else 0
    return base + 1 if sand else base


def is_massive(damage: int, threshold: int = DEFAULT_THRESHOLD) -> bool:
    """Damage of at least 4 × the Wound Threshold."""
    return damage >= MASSIVE_MULTIPLE * threshold


def knockback_metres(damage: int, mass: int) -> int:
    """Metres flung back: 1 for every full 5 points of damage past the Mass Value."""
    return (damage - mass) // KNOCKBACK_STEP if damage > mass else 0


def percentile_penalty(wounds: int, toughness: int) -> tuple[Fraction, int]:
    """``(percent of Toughness taken as wounds, impairment)``: the highest column of the
    table the percentage reaches."""
    share = Fraction(100 * wounds, toughness)
    penalty = 0
    for at_least, value in PERCENTILE_TABLE:
        if share >= at_least:
            penalty = value
    return share, penalty


def seriousness(wounds: int) -> tuple[str, int | None]:
    """``(name, impairment)`` of one hit's wounds; more than 4 is death (impairment None)."""
    if wounds <= 0:
        return "none", 0
    if wounds > DEADLY_WOUNDS:
        return "dead", None
    _, name, value = SERIOUSNESS[wounds - 1]
    return name, value


def shock_roll_difficulty(wounds: int) -> int:
    """The Shock roll's difficulty: 5 + 5 × the wounds of this attack."""
    return SHOCK_ROLL_BASE + SHOCK_ROLL_STEP * wounds


def cinematic_difficulties(wounds: int) -> tuple[int, ...]:
    """The variable Cinematic Wound's Luck rolls: one per wound, at 5, 10, 15 …"""
    return tuple(CINEMATIC_STEP * k for k in range(1, wounds + 1))


def stabilise_difficulty(health: int, wounds: int) -> int:
    """Dark Times: the Medicine/Physician roll that saves a dying character, 25 − Health + 5 × Wounds."""
    return DARK_TIMES_BASE - health + DARK_TIMES_STEP * wounds


def fall_damage(metres: int, stunt_pv: int | None = None) -> int:
    """A fall deals its height in metres as damage; a successful Stunt + Agility roll
    against 0 takes 1 m off for every 5 PV (``stunt_pv`` None: no roll or a failed one)."""
    if stunt_pv is None or stunt_pv < 0:
        return metres
    return max(0, metres - stunt_pv // FALL_STEP)


# --- exact chances of the rolls the options call for ---------------------------------------
@lru_cache(maxsize=1)
def _plain_pool() -> OpenPool:
    """One open positive and one open negative d10: a plain roll's dice part."""
    return OpenPool(SIDES, 1, 1, Dist.constant(0))


def pass_chance(value: int, difficulty: int) -> Fraction:
    """P(a plain roll of ``value`` reaches ``difficulty`` without a Fumble): the AV is at
    least the difficulty and at least 0 (an AV below 0 is a Fumble; a double-0 on a roll
    that reaches it is a Total Victory, still a pass)."""
    return _plain_pool().p_at_least(max(difficulty, 0) - value)


def dice_part_at_least(t: int) -> Fraction:
    """P(a plain roll's dice part ≥ t)."""
    return _plain_pool().p_at_least(t)


def fall_damage_odds(metres: int, stunt: int, agility: int = 0) -> dict[int, Fraction]:
    """The exact chance of each damage from a fall of ``metres`` with a Stunt + Agility roll
    against 0 (skill ``stunt``, attribute ``agility`` added to the Effect Value): the roll
    succeeds on AV ≥ 0 and its PV is AV + Agility."""
    at_most: dict[int, Fraction] = {}
    for damage in range(metres + 1):
        if damage == metres:
            at_most[damage] = Fraction(1)
            continue
        need_pv = FALL_STEP * (metres - damage)  # PV that brings the fall down to `damage`
        at_most[damage] = dice_part_at_least(max(need_pv - agility - stunt, -stunt))
    return {d: at_most[d] - (at_most[d - 1] if d else 0) for d in range(metres + 1)}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def luck_rolls_problem(hit: Hit) -> str | None:
    """Why the hit's Luck rolls cannot be worked out (too many of them), else None."""
    if hit.luck is None or "cinematic-variable" not in hit.options:
        return None
    count = wounds_for(max(hit.damage, 0), hit.threshold, sand="sand" in hit.options)
    if count <= MAX_LUCK_ROLLS:
        return None
    return (
        f"this hit calls for {count} Luck rolls (one per wound); the engine works out the chance of at most "
        f"{MAX_LUCK_ROLLS}: leave Luck blank to see the rest"
    )


def difficulties_text(difficulties: list[int] | tuple[int, ...]) -> str:
    """``5, 10, 15`` or, for many, ``5, 10, …, 100 (20 rolls)``."""
    if len(difficulties) <= 6:
        return ", ".join(map(str, difficulties))
    return f"{difficulties[0]}, {difficulties[1]}, …, {difficulties[-1]} ({len(difficulties)} rolls)"


# --- one hit, with everything that follows from it ------------------------------------------
@dataclass(frozen=True)
class Hit:
    """A hit as the damage calculator reads it: the damage (PV) and what is known of the
    target. ``None``: not given (the rules that need it are left out)."""

    damage: int
    threshold: int = DEFAULT_THRESHOLD
    health: int | None = None
    toughness: int | None = None
    mass: int | None = None
    wounds_before: int = 0
    shock_before: int = 0
    focus: int | None = None  # what the target rolls for Shock, waking and Dark Times
    luck: int | None = None  # the target's Luck, for the variable Cinematic Wound
    wall: int | None = None  # metres to a solid object behind the target
    options: frozenset[str] = frozenset()

    @property
    def notation(self) -> str:
        """The canonical form (what ``odds action NOTATION`` reads back)."""
        parts = [f"damage {self.damage}"]
        if self.threshold != DEFAULT_THRESHOLD:
            parts.append(f"threshold {self.threshold}")
        for word, value in (
            ("health", self.health),
            ("toughness", self.toughness),
            ("mass", self.mass),
            ("wall", self.wall),
            ("wounds", self.wounds_before or None),
            ("shock", self.shock_before or None),
            ("focus", self.focus),
            ("luck", self.luck),
        ):
            if value is not None:
                parts.append(f"{word} {value}")
        ordered = [w for w in OPTION_WORDS if w in self.options]
        if ordered:
            parts.append("with " + " ".join(ordered))
        return " ".join(parts)


@dataclass(frozen=True)
class DamageReport:
    """What a hit does: shock, wounds, falling down, dying, knockback, the options' effects,
    the exact chance of each roll they call for, and what it does to each kind of mook."""

    hit: Hit

    # -- the plain rules
    @property
    def shock(self) -> int:
        return max(self.hit.damage, 0)

    @property
    def wounds(self) -> int:
        return wounds_for(self.shock, self.hit.threshold, sand="sand" in self.hit.options)

    @property
    def total_shock(self) -> int:
        return self.hit.shock_before + self.shock

    @property
    def total_wounds(self) -> int:
        return self.hit.wounds_before + self.wounds

    @property
    def falls_down(self) -> bool | None:
        return None if self.hit.health is None else self.total_shock >= self.hit.health

    @property
    def dying(self) -> bool | None:
        return None if self.hit.toughness is None else self.total_wounds >= self.hit.toughness

    @property
    def massive(self) -> bool:
        return is_massive(self.shock, self.hit.threshold)

    @property
    def knockback(self) -> int | None:
        return None if self.hit.mass is None else knockback_metres(self.shock, self.hit.mass)

    @property
    def knocked_down(self) -> bool | None:
        """Knockback ends in a Knockdown: any damage past the Mass Value (ruling)."""
        return None if self.hit.mass is None else self.shock > self.hit.mass

    @property
    def wall_damage(self) -> int | None:
        """Knockback into a solid object: the metres still to go, to the target and the object."""
        if self.knockback is None or self.hit.wall is None:
            return None
        return max(0, self.knockback - self.hit.wall)

    @property
    def rest_sequences(self) -> int:
        """Sequences of doing nothing but rest to shake off all the shock (1 per Sequence)."""
        return self.total_shock

    # -- the options
    def has(self, word: str) -> bool:
        return word in self.hit.options

    @property
    def impairment(self) -> int | None:
        """The wound penalty under the option in force (None: no penalty rule, or it needs
        Toughness and none is given; or the wounds kill under Wound Seriousness)."""
        if self.has("wound-penalty"):
            return -self.total_wounds
        if self.has("percentile") and self.hit.toughness is not None:
            return percentile_penalty(self.total_wounds, self.hit.toughness)[1]
        if self.has("seriousness"):
            return seriousness(self.wounds)[1]
        return None

    @property
    def shots_lost(self) -> int:
        return self.wounds if self.has("stun") else 0

    @property
    def cinematic_wound(self) -> bool | None:
        """Fixed Cinematic Wounds: one for Massive Damage. Variable: decided by Luck rolls
        (None: it depends on them)."""
        if self.has("cinematic"):
            return self.massive
        if self.has("cinematic-variable"):
            return False if self.wounds == 0 else None
        return None

    @property
    def shaken(self) -> bool:
        return self.has("shaken") and self.shock >= 1

    @property
    def dead(self) -> bool:
        """Wound Seriousness: more than 4 wounds from one attack kill."""
        return self.has("seriousness") and self.wounds > DEADLY_WOUNDS

    def chances(self) -> dict[str, RollChance]:
        """The rolls the options call for: difficulty and, when the target's value is given,
        the exact chance of passing."""
        hit = self.hit
        rolls: dict[str, RollChance] = {}

        def entry(value: int | None, difficulties: tuple[int, ...], meaning: str) -> RollChance:
            item: RollChance = {"difficulty": list(difficulties), "on_failure": meaning}
            if value is not None:
                chances = [pass_chance(value, d) for d in difficulties]
                every = Fraction(1)
                for p in chances:
                    every *= p
                item["pass"] = chances
                item["pass_all"] = every
            return item

        if self.has("shock-roll") and self.wounds:
            rolls["shock"] = entry(
                hit.focus, (shock_roll_difficulty(self.wounds),), "out for as many Sequences as it missed by"
            )
        if self.has("dark-times") and self.shock:
            rolls["dark_times"] = entry(hit.focus, (self.shock,), "falls down dying")
        if self.has("cinematic-variable") and self.wounds:
            rolls["cinematic"] = entry(hit.luck, cinematic_difficulties(self.wounds), "one Cinematic Wound")
        if self.falls_down or "shock" in rolls:
            rolls["wake"] = entry(
                hit.focus, (WAKE_DIFFICULTY,), f"stays out (retried when others act; awake in {WAKE_MINUTES} minutes)"
            )
        return rolls

    @property
    def stabilise(self) -> int | None:
        """Dark Times: the stabilising roll's difficulty for a dying character (needs Health)."""
        if not self.has("dark-times") or self.hit.health is None:
            return None
        return stabilise_difficulty(self.hit.health, self.total_wounds)

    def mooks(self) -> dict[str, dict[str, object]]:
        """What this damage does to each kind of unnamed character (their Wound Threshold:
        the hit's)."""
        from .mooks import KINDS, speed_bump_down  # here: mooks reads the part-1 odds engine

        found: dict[str, dict[str, object]] = {}
        for kind in KINDS:
            band = kind.state(self.hit.damage)
            found[kind.word] = {"name": kind.name, "state": band.state, "effect": band.effect, "band": band.label}
        found["speed-bump"] = {
            "name": "Speed-bump mooks",
            "down": speed_bump_down(self.hit.damage, self.hit.threshold),
            "threshold": self.hit.threshold,
        }
        return found

    def happens(self) -> list[str]:
        """What happens to the target, most serious first, in a few words each."""
        events = []
        if self.dead:
            events.append("dead: more than 4 wounds from one attack")
        if self.dying:
            events.append(f"dying: {self.total_wounds} wounds reach Toughness {self.hit.toughness}")
        if self.falls_down:
            events.append(f"falls down, unable to act: {self.total_shock} shock reaches Health {self.hit.health}")
        if self.knockback:
            events.append(f"flung {self.knockback} m back and knocked down")
        elif self.knocked_down:
            events.append("knocked down (less than 1 m of knockback)")
        if self.wall_damage:
            events.append(f"hits a solid object: {self.wall_damage} damage to the target and to the object")
        if self.massive:
            events.append("Massive Damage" + (": one Cinematic Wound" if self.cinematic_wound else ""))
        if self.shaken:
            events.append("Shaken")
        if self.shots_lost:
            events.append(f"stunned: loses {self.shots_lost} Shot" + ("s" if self.shots_lost > 1 else ""))
        if not events:
            events.append("stays on their feet" if self.shock else "no effect")
        return events

    def lines(self) -> list[str]:
        from ...core.exact import percent, ratio

        hit = self.hit
        lines = [f"Action! {hit.notation}"]
        lines.append(
            f"Shock {self.shock}; wounds {self.wounds} (one per {hit.threshold} damage"
            + (", +1 for Sand in Your Teeth" if self.has("sand") else "")
            + ")"
        )
        if hit.shock_before or hit.wounds_before:
            lines.append(f"In all: shock {self.total_shock}, wounds {self.total_wounds}")
        if hit.health is not None:
            lines.append(
                f"Health {hit.health}: "
                + (
                    "falls down, unable to act"
                    if self.falls_down
                    else f"{hit.health - self.total_shock} shock to go before falling down"
                )
            )
        if hit.toughness is not None:
            lines.append(
                f"Toughness {hit.toughness}: "
                + (
                    "dying"
                    if self.dying
                    else f"{_count(hit.toughness - self.total_wounds, 'wound')} to go before dying"
                )
            )
        if hit.mass is not None:
            lines.append(
                f"Mass {hit.mass}: "
                + (f"knockback {self.knockback} m, then a Knockdown" if self.knocked_down else "no knockback")
            )
        if self.wall_damage is not None:
            lines.append(f"Solid object {hit.wall} m behind: {self.wall_damage} damage to each")
        lines.append(
            "Massive Damage (4 × the Threshold)"
            if self.massive
            else f"Not Massive Damage (needs {MASSIVE_MULTIPLE * hit.threshold})"
        )
        if self.impairment is not None:
            rule = next(
                o.name
                for o in OPTIONS
                if o.word in hit.options and o.word in ("wound-penalty", "percentile", "seriousness")
            )
            extra = ""
            if self.has("percentile") and hit.toughness is not None:
                extra = f" ({percent(percentile_penalty(self.total_wounds, hit.toughness)[0] / 100, 1)} of Toughness)"
            if self.has("seriousness") and self.wounds:
                extra = f" ({seriousness(self.wounds)[0]} wound)"
            lines.append(f"{rule}: impairment {self.impairment}{extra}")
        elif self.has("percentile"):
            lines.append("Percentile wound penalty: give Toughness to work it out")
        if self.dead:
            lines.append("Wound Seriousness: more than 4 wounds at once kill")
        if self.has("stun"):
            lines.append(f"Stun: loses {self.shots_lost} Shots")
        if self.has("shaken"):
            lines.append("Shaken" if self.shaken else "Not Shaken (no shock)")
        if self.has("cinematic"):
            lines.append("Cinematic Wound: " + ("yes" if self.cinematic_wound else "no"))
        for name, roll in self.chances().items():
            label = {
                "shock": "Shock roll",
                "dark_times": "Dark Times roll",
                "cinematic": "Luck rolls",
                "wake": "Waking up",
            }[name]
            text = f"{label} at " + difficulties_text(roll["difficulty"])
            if "pass_all" in roll:
                text += (
                    f": passes {'all ' if len(roll['difficulty']) > 1 else ''}with "
                    f"{percent(roll['pass_all'], 2)} ({ratio(roll['pass_all'])})"
                )
            lines.append(f"{text}; failing: {roll['on_failure']}")
        if self.stabilise is not None:
            lines.append(
                f"Dark Times: a dying character is saved by Medicine/Physician at {self.stabilise} within an hour"
            )
        mooks = self.mooks()
        lines.append(
            "Mooks: glass-jaw "
            + str(mooks["glass-jaw"]["effect"])
            + "; advanced "
            + str(mooks["advanced"]["effect"])
            + f"; speed-bump {mooks['speed-bump']['down']} down"
        )
        lines.append("What happens: " + "; ".join(self.happens()))
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds action "damage …" --json``)."""
        from ...core.exact import percent, ratio

        hit = self.hit
        rolls = {}
        for name, roll in self.chances().items():
            item = {"difficulty": roll["difficulty"], "on_failure": roll["on_failure"]}
            if "pass_all" in roll:
                item["pass"] = [ratio(p) for p in roll["pass"]]
                item["pass_all"] = ratio(roll["pass_all"])
                item["fail"] = ratio(1 - roll["pass_all"])
                item["percent_pass_all"] = percent(roll["pass_all"], 2)
            rolls[name] = item
        return {
            "system": "action",
            "kind": "damage",
            "notation": hit.notation,
            "damage": hit.damage,
            "threshold": hit.threshold,
            "health": hit.health,
            "toughness": hit.toughness,
            "mass": hit.mass,
            "wall": hit.wall,
            "wounds_before": hit.wounds_before,
            "shock_before": hit.shock_before,
            "focus": hit.focus,
            "luck": hit.luck,
            "options": [w for w in OPTION_WORDS if w in hit.options],
            "shock": self.shock,
            "wounds": self.wounds,
            "total_shock": self.total_shock,
            "total_wounds": self.total_wounds,
            "falls_down": self.falls_down,
            "dying": self.dying,
            "massive": self.massive,
            "knockback_m": self.knockback,
            "knocked_down": self.knocked_down,
            "wall_damage": self.wall_damage,
            "rest_sequences": self.rest_sequences,
            "impairment": self.impairment,
            "shots_lost": self.shots_lost,
            "cinematic_wound": self.cinematic_wound,
            "shaken": self.shaken,
            "dead": self.dead,
            "stabilise_difficulty": self.stabilise,
            "rolls": rolls,
            "mooks": self.mooks(),
            "happens": self.happens(),
            "lines": self.lines(),
        }
