"""The Adrenaline d10 pool: the rules as data and small pure functions.

Source: the Adrenaline d10 pool rules (source 002). Where the text is unclear the engine
follows shared/RULINGS.md; every other reading is marked *Ruling* here and on the page.

A roll is a pool of d10. Dice at or above the difficulty are successes, each 1 takes one
success away, and what is left is the *net*: above 0 a success, 0 a failure, below 0 a
botch. Two surviving success dice with the same face earn one Adrenaline point; points
spent before the roll are successes no 1 can take away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SIDES = 10
ONE = 1
TEN = 10
LOWEST_DIFFICULTY = 2
HIGHEST_DIFFICULTY = 10
DEFAULT_DIFFICULTY = 6  # when none is given
DAMAGE_DIFFICULTY = 6  # every damage roll
#: The rules' cap on a pool.
MAX_POOL = 10
#: The largest pool the ``designer`` option computes (odds tables for bigger pools).
MAX_DESIGNER_POOL = 60
#: The Adrenaline pool runs 0–10, so at most 10 points can be spent on one roll.
MAX_ADRENALINE = 10
#: The largest total an extended roll may aim for.
MAX_TARGET = 100

#: Difficulty → its name.
DIFFICULTY_NAMES: dict[int, str] = {
    2: "Trivial",
    3: "Easy",
    4: "Routine",
    5: "Straightforward",
    6: "Standard",
    7: "Challenging",
    8: "Difficult",
    9: "Extremely Difficult",
    10: "Practically Impossible",
}

#: Net successes from which each degree of success starts (Ruling: 2 and 4 belong to the
#: degree below them).
DEGREES: tuple[tuple[int, str], ...] = (
    (1, "barely successful"),
    (3, "a complete success"),
    (5, "overwhelmingly successful"),
)


#: What a difficulty past the named ladder is called (a house rule's larger die).
PAST_THE_LADDER = "past the ladder"


def difficulty_name(difficulty: int) -> str:
    """``Challenging`` for 7 … (a difficulty above 10, possible on a larger house-rule die:
    ``past the ladder``)."""
    return DIFFICULTY_NAMES.get(difficulty, PAST_THE_LADDER)


def difficulty_by_name(name: str) -> int | None:
    """The difficulty called ``name`` (any case; spaces or hyphens between words)."""
    wanted = " ".join(name.replace("-", " ").split()).lower()
    return next((d for d, n in DIFFICULTY_NAMES.items() if n.lower() == wanted), None)


def degree(net: int) -> str:
    """What a net result means: a degree of success, ``failure`` or ``botch``."""
    if net < 0:
        return "botch"
    if net == 0:
        return "failure"
    return [name for start, name in DEGREES if net >= start][-1]


@dataclass(frozen=True)
class Options:
    """The variants a table may play by (all off: the rules as written).

    - ``botch_if_none``: the later botch rule: a botch is a roll with no successes and at
      least one 1; a 1 still cancels a success, but more 1s than successes is a failure.
    - ``tens_explode``: each 10 rolls one more die, which counts like any other die.
    - ``tens_twice``: each 10 counts as two successes.
    - ``no_cancel``: 1s take no successes away; a botch is then no successes and a 1.
    - ``designer``: pools past the rules' cap of 10 dice, up to ``MAX_DESIGNER_POOL``.
    """

    botch_if_none: bool = False
    tens_explode: bool = False
    tens_twice: bool = False
    no_cancel: bool = False
    designer: bool = False

    @property
    def ten_value(self) -> int:
        """Successes a 10 counts for."""
        return 2 if self.tens_twice else 1

    @property
    def max_pool(self) -> int:
        return MAX_DESIGNER_POOL if self.designer else MAX_POOL

    @property
    def mechanics(self) -> Mechanics:
        """The same rules as the engine reads them (``Mechanics``)."""
        loose = self.botch_if_none or self.no_cancel
        return Mechanics(
            ones_cancel=not self.no_cancel,
            botch="no-success" if loose else "more-ones",
            top_value=self.ten_value,
            explode=self.tens_explode,
            max_pool=self.max_pool,
        )


@dataclass(frozen=True)
class Mechanics:
    """Every rule the engine reads, as one value per rule (the printed rules by default).

    A house rule set (``house_rules.BOOK``) and the older variant words (``Options``) both
    come down to this: the die, whether a 1 cancels a success, when a roll botches
    (``more-ones``: more 1s than successes; ``no-success``: a 1 and no success; ``never``),
    what the top face counts for and whether it rolls one more die, the pool cap, and
    whether two surviving success dice of one face earn a point.
    """

    sides: int = SIDES
    ones_cancel: bool = True
    botch: str = "more-ones"
    top_value: int = 1
    explode: bool = False
    max_pool: int = MAX_POOL
    doubles: bool = True

    @property
    def mechanics(self) -> Mechanics:
        return self


#: Option name in a notation (``with tens-explode``) → the ``Options`` field it sets.
OPTION_NAMES: dict[str, str] = {
    "botch-if-none": "botch_if_none",
    "tens-explode": "tens_explode",
    "tens-twice": "tens_twice",
    "no-cancel": "no_cancel",
    "designer": "designer",
}

#: What each option means, for the help text and the page.
OPTION_HELP: dict[str, str] = {
    "botch-if-none": "the later botch rule: a botch only when no die succeeds and a 1 shows",
    "tens-explode": "each 10 rolls one more die (which can explode again)",
    "tens-twice": "each 10 counts as two successes",
    "no-cancel": "1s cancel nothing (a botch is then no successes and a 1)",
    "designer": f"pools past the rules' 10 dice, up to {MAX_DESIGNER_POOL} (for odds tables)",
}


def success_value(face: int, difficulty: int, options: Options | Mechanics = Options()) -> int:
    """How many successes one die showing ``face`` counts for (1s count 0 here)."""
    m = options.mechanics
    if face < difficulty:
        return 0
    return m.top_value if face == m.sides else 1


@dataclass(frozen=True)
class Tally:
    """What decides a roll, counted over its dice: successes (a 10 may count twice),
    1s, whether two success dice below 10 share a face, and how many 10s there are."""

    successes: int
    ones: int
    pair_below_ten: bool
    tens: int


@dataclass(frozen=True)
class Outcome:
    """A roll's result: ``net`` (negative for a botch), whether it earned Adrenaline."""

    net: int
    adrenaline: bool


def rolled_net(tally: Tally, options: Options | Mechanics) -> int:
    """Successes left after the 1s cancel theirs (when 1s cancel nothing, every success)."""
    return tally.successes - (tally.ones if options.mechanics.ones_cancel else 0)


def is_botch(tally: Tally, options: Options | Mechanics) -> bool:
    """A botch as the rules read it (before any spent Adrenaline)."""
    botch = options.mechanics.botch
    if botch == "never":
        return False
    if botch == "no-success":
        return tally.successes == 0 and tally.ones > 0
    return tally.ones > tally.successes


def earns_adrenaline(tally: Tally, options: Options | Mechanics) -> bool:
    """Two success dice showing the same face survive cancellation: the 1s are spent on
    the other success dice, which works when they leave at least the pair's successes.
    (``pair_below_ten`` and ``tens`` are about the die's top face, a 10 on the printed die.)"""
    m = options.mechanics
    if not m.doubles:
        return False
    net = rolled_net(tally, m)
    below = tally.pair_below_ten and net >= 2
    tens = tally.tens >= 2 and net >= 2 * m.top_value
    return below or tens


def outcome(tally: Tally, options: Options | Mechanics, spent: int = 0) -> Outcome:
    """The net result of a tally with ``spent`` Adrenaline points.

    Without points: the net, or for a botch ``successes − ones`` (negative). Spent points
    are successes added after cancelling: excess 1s take nothing from them and the roll
    cannot botch.
    """
    net = rolled_net(tally, options)
    earned = earns_adrenaline(tally, options)
    if spent:
        return Outcome(max(net, 0) + spent, earned)
    if is_botch(tally, options):
        return Outcome(tally.successes - tally.ones, earned)
    return Outcome(max(net, 0), earned)


def tally_faces(faces: Sequence[int], difficulty: int, options: Options | Mechanics = Options()) -> Tally:
    """The tally of a roll's dice (every die, explosion dice included)."""
    top = options.mechanics.sides
    below = [f for f in faces if difficulty <= f < top]
    return Tally(
        successes=sum(success_value(f, difficulty, options) for f in faces),
        ones=sum(1 for f in faces if f == ONE),
        pair_below_ten=len(set(below)) < len(below),
        tens=sum(1 for f in faces if f == top),
    )
