"""The designers' view of a system: one typical roll asked the same two questions as every
other system's (how its chance of success falls as the difficulty rises, and how its
results spread), in data the site's comparison page draws and tabulates.

Each system answers in its own terms (a TN, a DC, a named difficulty; stacks, successes,
hits, degrees); the two shared axes are the *step* of its difficulty ladder (1 the easiest)
and the *margin* of a result (0 the narrowest success the system has, 1 one step of its own
result better, −1 one step short).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from .dist import EXPLOSION_CUTOFF
from .exact import percent, ratio
from .tables import Cell, Table


@dataclass(frozen=True)
class DifficultyStep:
    """One rung of a system's difficulty ladder, asked with the typical roll."""

    label: str  # in the system's own terms, e.g. "Challenging (TN 8)"
    notation: str  # what the engine is asked, e.g. "4d6 vs TN 8"
    p_success: Fraction


@dataclass(frozen=True)
class Outcome:
    """One result of the typical roll at its usual difficulty."""

    label: str  # in the system's own terms, e.g. "2 successes", "Major Success"
    margin: int  # steps from the narrowest success: 0 is it, below 0 a failure
    p: Fraction


@dataclass(frozen=True)
class DesignerView:
    """A system's typical roll, its difficulty ladder and the spread of its results."""

    roll: str  # the typical roll's notation at its usual difficulty
    label: str  # the roll in a word or two, for the charts' legends, e.g. "4d6"
    who: str  # who rolls it, in a few words
    why: str  # why this roll and this ladder, in a sentence or two
    difficulty_term: str  # what a rung is called, e.g. "Difficulty (TN)"
    steps: tuple[DifficultyStep, ...]  # easiest first
    success: str  # what counts as a success, in a few words
    result_term: str  # what the spread counts, e.g. "Best stack", "Net successes"
    unit: str  # one step of margin, e.g. "pip of the best stack", "net success"
    outcomes: tuple[Outcome, ...]  # worst first; every outcome with a chance above 0
    #: chance left out by cutting exploding dice; exploding dice only ever add, so all of it
    #: lies past the top margin, and ``at_least`` (so the chance of success) counts it in
    cut_mass: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        margins = [o.margin for o in self.outcomes]
        if margins != sorted(margins) or len(set(margins)) != len(margins):
            raise ValueError("outcomes go worst first, one per margin")

    @property
    def p_success_at_roll(self) -> Fraction:
        """The chance of success of the typical roll itself (margin 0 or more)."""
        return self.at_least(0)

    def at_least(self, margin: int) -> Fraction:
        """The chance of a result this many steps past the narrowest success, or better."""
        return sum((o.p for o in self.outcomes if o.margin >= margin), Fraction(0)) + self.cut_mass


class DesignedSystem(Protocol):
    """What the designers' tables read of a system (``core.system.System`` has it): its key,
    its title and its typical roll's view. Named here so this module needs no import of
    ``core.system``, which imports this one."""

    @property
    def key(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def designer(self) -> Callable[[], DesignerView] | None: ...


def _exact(value: Fraction) -> Cell:
    return Cell(ratio(value), value)


def _percent(value: Fraction) -> Cell:
    return Cell(percent(value, 2), value)


def difficulty_table(system: DesignedSystem, view: DesignerView) -> Table:
    """Every rung of the system's ladder: its step, its own name, the notation, the exact chance."""
    rows = tuple(
        (Cell(str(n), n), Cell(step.label), Cell(step.notation), _exact(step.p_success), _percent(step.p_success))
        for n, step in enumerate(view.steps, start=1)
    )
    return Table(
        f"designers-{system.key}-difficulty",
        f"{system.title}: chance of success of {view.label}, rung by rung",
        ("Step", view.difficulty_term, "Notation", "Success (exact)", "Success"),
        rows,
        notes=(f"Success: {view.success}.",),
    )


def spread_table(system: DesignedSystem, view: DesignerView) -> Table:
    """Every result of the typical roll: its own name, its margin, the exact chance, and at least."""
    rows = tuple(
        (
            Cell(o.label),
            Cell(f"{o.margin:+d}" if o.margin else "0", o.margin),
            _exact(o.p),
            _percent(o.p),
            _percent(view.at_least(o.margin)),
        )
        for o in view.outcomes
    )
    notes: tuple[str, ...] = (f"Margin 0 is the narrowest success; each step of margin is one {view.unit}.",)
    if view.cut_mass:
        notes += (
            f"Exploding dice are followed deep enough to leave out less than 1/{EXPLOSION_CUTOFF.denominator:,} "
            f"of the chance: here {ratio(view.cut_mass)}, all of it results past the last row, which "
            "'at least' counts in.",
        )
    return Table(
        f"designers-{system.key}-spread",
        f"{system.title}: every result of {view.roll}",
        (view.result_term, "Margin", "Exactly (exact)", "Exactly", "At least"),
        rows,
        notes=notes,
    )


def typical_rolls_table(systems: Iterable[DesignedSystem]) -> Table:
    """One row per system with a designers' view: the typical roll, its ladder, and why."""
    rows = []
    for system in systems:
        view = system.designer() if system.designer else None
        if view is None:
            continue
        first, last = view.steps[0].label, view.steps[-1].label
        rows.append(
            (
                Cell(system.title),
                Cell(view.roll),
                Cell(view.who),
                Cell(f"{len(view.steps)} rungs: {first} … {last}"),
                Cell(view.why),
            )
        )
    return Table(
        "designers-typical",
        "The typical roll asked of each system",
        ("System", "Typical roll", "Who rolls it", "Difficulty ladder", "Why this roll"),
        tuple(rows),
    )


#: A result this likely or more counts as one that matters in the summary.
NOTABLE = Fraction(1, 100)


def summary_table(systems: Iterable[DesignedSystem]) -> Table:
    """The spread at a glance: each typical roll's chance of success, its most likely result,
    and how many of its results have a chance of 1% or more."""
    rows = []
    for system in systems:
        view = system.designer() if system.designer else None
        if view is None:
            continue
        likeliest = max(view.outcomes, key=lambda o: o.p)
        notable = sum(1 for o in view.outcomes if o.p >= NOTABLE)
        rows.append(
            (
                Cell(system.title),
                Cell(view.roll),
                _exact(view.p_success_at_roll),
                _percent(view.p_success_at_roll),
                Cell(likeliest.label),
                _percent(likeliest.p),
                Cell(str(notable), notable),
                Cell(str(len(view.outcomes)), len(view.outcomes)),
            )
        )
    return Table(
        "designers-summary",
        "The spread at a glance",
        (
            "System",
            "Typical roll",
            "Success (exact)",
            "Success",
            "Most likely result",
            "Its chance",
            f"Results of {percent(NOTABLE, 0)} or more",
            "Results in all",
        ),
        tuple(rows),
    )


def designer_tables(systems: Iterable[DesignedSystem]) -> list[Table]:
    """Every table of the designers' page, in page order (the typical rolls, the summary, then
    each system's two)."""
    systems = list(systems)
    tables = [typical_rolls_table(systems), summary_table(systems)]
    for system in systems:
        if system.designer:
            view = system.designer()
            tables += [difficulty_table(system, view), spread_table(system, view)]
    return tables
