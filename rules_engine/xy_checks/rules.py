"""X-in-Y checks: the rules as data and small pure functions.

Source: "New attack algorithm" (source 003). Where the text is unclear the engine follows
shared/RULINGS.md; where that is silent too, the docstring says "Ruling:".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The die ladder: a check climbs to the next die when it would become sure or hopeless.
LADDER: tuple[int, ...] = (4, 6, 8, 10, 12, 20)
START_CHECK = (5, 6)  # an attack starts at 5/6
#: The crit die: a 1/6 check rolled again after each hit (optional rule).
CRIT_CHECK = (1, 6)
#: A target's damage: 1d6 for its first hit, +1 for each further hit.
DAMAGE_DIE = 6

#: Limits that bound the work: bonus or penalty dice left after cancelling, the largest
#: number one term may carry, attackers on one side, targets of one volley.
MAX_EXTRA_DICE = 30
MAX_TERM = 99
MAX_ATTACKERS = 20
MAX_TARGETS = 20


@dataclass(frozen=True)
class Check:
    """A check x/y: one y-sided die, which hits (``hit``) when it shows x or less."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.x}/{self.y}"

    def hits_on(self, face: int) -> bool:
        """Whether a die showing ``face`` hits: x or lower."""
        return face <= self.x


def step_easier(check: Check, ladder: tuple[int, ...] = LADDER) -> Check:
    """One step easier: (x+1)/y, or, when that would be a sure thing, (y′−1)/y′ on the
    next die up (5/6 → 7/8). Past d20 (the ladder's last die) the check stays as it is (19/20)."""
    if check.x + 1 < check.y:
        return Check(check.x + 1, check.y)
    up = _next_die(check.y, ladder)
    return check if up is None else Check(up - 1, up)


def step_harder(check: Check, ladder: tuple[int, ...] = LADDER) -> Check:
    """One step harder: (x−1)/y, or, when that would be hopeless, 1/y′ on the next die up
    (1/4 → 1/6). Past d20 (the ladder's last die) the check stays as it is (1/20)."""
    if check.x - 1 > 0:
        return Check(check.x - 1, check.y)
    up = _next_die(check.y, ladder)
    return check if up is None else Check(1, up)


def _next_die(sides: int, ladder: tuple[int, ...] = LADDER) -> int | None:
    """The next die up the ladder, or ``None`` past its last die."""
    index = ladder.index(sides)
    return ladder[index + 1] if index + 1 < len(ladder) else None


def apply_tn(check: Check, steps: int, ladder: tuple[int, ...] = LADDER) -> tuple[Check, int]:
    """``check`` moved ``steps`` steps (> 0 easier, < 0 harder), one at a time; returns the
    check and how many steps were clamped away past d20.

    Ruling: the TN changes of a check are added up first and the net applied, so the
    order they are written in never matters (the ladder is not symmetric: 1/4 one step
    harder is 1/6, and 1/6 one step easier is 2/6)."""
    move = step_easier if steps > 0 else step_harder
    for done in range(abs(steps)):
        moved = move(check, ladder)
        if moved == check:
            return check, abs(steps) - done
        check = moved
    return check, 0


# --- bonus and penalty dice, degrees ------------------------------------------------------
def degree(hits: int, dice: int, extra: int) -> int:
    """The signed degree of a roll of ``dice`` dice of which ``hits`` hit: ``k`` a success
    of degree k, ``-k`` a failure of degree k.

    Bonus dice: one hit is enough to succeed, and the degree is how many dice hit.
    Penalty dice: one miss is enough to fail, and the degree is how many dice missed.
    In every other case the degree is 1."""
    misses = dice - hits
    if extra > 0:
        return hits if hits else -1
    if extra < 0:
        return -misses if misses else 1
    return 1 if hits else -1


def degree_of(hits: int, bonus: int, penalty: int) -> int:
    """The signed degree when ``bonus`` bonus and ``penalty`` penalty dice are rolled with
    the check's die (both kinds only under ``cancel no``) and ``hits`` of them hit.

    A check succeeds when no more dice miss than it has bonus dice; a success's degree is
    its hits less the penalty dice, a failure's its misses less the bonus dice. With one
    kind of extra die, or none, this is ``degree``."""
    misses = 1 + bonus + penalty - hits
    return hits - penalty if misses <= bonus else -(misses - bonus)


def is_crit(hits: int, dice: int) -> bool:
    """Whether the optional crit die is rolled: every die hit, or every die missed."""
    return hits in (0, dice)


# --- the attack builder -------------------------------------------------------------------
#: How effective the defender's defences are against the attack → TN steps (harder).
DEFENCES: dict[str, int] = {"none": 0, "barely": -1, "partially": -2, "fully": -3}
#: Who has form superiority → TN steps for the attacker.
FORMS: dict[str, int] = {"even": 0, "attacker": 1, "defender": -1}


@dataclass(frozen=True)
class Attack:
    """What goes into one attack roll."""

    defence: str = "none"  # how effective the defender's defences are: DEFENCES
    form: str = "even"  # who has form superiority: FORMS
    attack_bonus: int = 0
    advantages: int = 0
    disadvantages: int = 0

    @property
    def tn_steps(self) -> int:
        """Net TN steps: the defences' and form superiority's."""
        return DEFENCES[self.defence] + FORMS[self.form]

    @property
    def bonus(self) -> int:
        """Bonus dice: the attack bonus plus the advantages."""
        return self.attack_bonus + self.advantages

    @property
    def penalty(self) -> int:
        """Penalty dice: as many as the disadvantages."""
        return self.disadvantages

    def check(self) -> Check:
        """The attack's check: 5/6 moved by the net TN steps."""
        return apply_tn(Check(*START_CHECK), self.tn_steps)[0]


# --- volleys ------------------------------------------------------------------------------
#: A target's form relative to the attackers → its place in the priority (lower: hit first).
TARGET_FORMS: dict[str, int] = {"inferior": -1, "even": 0, "superior": 1}


@dataclass(frozen=True)
class Target:
    """A target of a volley: how effective its defences are and its form."""

    defence: str = "none"
    form: str = "even"

    @property
    def toughness(self) -> int:
        """How much harder the target makes an attack: its defences' steps plus its form.

        Ruling: hits that cannot spread evenly go first to the targets that make attacks
        easiest, i.e. the lowest toughness (light defences, form inferiority); ties in the
        written order."""
        return -DEFENCES[self.defence] + TARGET_FORMS[self.form]

    @property
    def label(self) -> str:
        """``fully``, ``barely superior``, ``target`` (no defences, even form)."""
        words = [
            w for w in (self.defence if self.defence != "none" else "", self.form if self.form != "even" else "") if w
        ]
        return " ".join(words) or "target"


def priority(targets: Sequence[Target], *, as_written: bool = False) -> tuple[int, ...]:
    """The targets' indices in the order extra hits go to them: lightest first (stable),
    or as written."""
    order = range(len(targets))
    return tuple(order) if as_written else tuple(sorted(order, key=lambda i: targets[i].toughness))


def hits_per_target(hits: int, attackers: int, targets: int) -> tuple[int, ...]:
    """How ``hits`` spread over ``targets`` targets (in priority order) when ``attackers``
    attack: at most as many targets as attackers are hit; each of the k hit gets ⌊h/k⌋
    and the first h mod k one more."""
    k = min(attackers, targets)
    share, extra = divmod(hits, k) if k else (0, 0)
    return tuple((share + (1 if i < extra else 0)) if i < k else 0 for i in range(targets))


def damage(hits: int, die: int) -> int:
    """Full damage of ``hits`` hits on one target when the damage die shows ``die``."""
    return die + hits - 1 if hits else 0


#: How a contested volley's tie is settled (the first is the default).
TIES: dict[str, str] = {
    "min": "both sides deal 1 damage per hit",
    "full": "both sides deal full damage",
    "first": "the first side has initiative: it deals full damage, the other 1 per hit",
    "second": "the second side has initiative: it deals full damage, the other 1 per hit",
}


#: Tiebreakers by combatant count, read into ``TIES`` once both sides are known: the side
#: with more (or fewer) attackers has the initiative on a tie; equal counts leave ``min``.
TIE_BREAKERS: dict[str, str] = {
    "more": "the side with more combatants has initiative: it deals full damage, the other 1 per hit",
    "fewer": "the side with fewer combatants has initiative: it deals full damage, the other 1 per hit",
}


def tie_by_count(breaker: str, first: int, second: int) -> str:
    """The ``TIES`` word a tiebreaker by combatant count (``more``/``fewer``) comes to for
    sides of ``first`` and ``second`` attackers: ``first``, ``second``, or ``min`` when even."""
    if first == second:
        return "min"
    more = "first" if first > second else "second"
    return more if breaker == "more" else ("second" if more == "first" else "first")


def deals_full(own: int, other: int, tie: str, side: int) -> bool:
    """Whether side ``side`` (0 first, 1 second) with ``own`` hits against ``other`` deals
    full damage: more hits than the other side, or a tie the option gives it."""
    if own != other:
        return own > other
    return tie == "full" or (tie == "first" and side == 0) or (tie == "second" and side == 1)
