"""Doom Stack for the designers' page: a pedestrian's 4d6 up the named difficulty ladder."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..core.designer import DesignerView, DifficultyStep, Outcome
from .notation import parse
from .odds import odds
from .rules import DIFFICULTY_LADDER, performance_name

#: Attribute 2 + skill 2: the source's average pedestrian at their day job, and the pool
#: its own difficulty table is worked out for.
POOL = 4
#: The middle of the named ladder (and the project's example roll).
TYPICAL = next(d for d in DIFFICULTY_LADDER if d.name == "Challenging")


def _notation(tn: int) -> str:
    return f"{POOL}d6 vs TN {tn}"


def _success(tn: int) -> Fraction:
    """The chance the typical pool succeeds against ``tn``."""
    against = odds(parse(_notation(tn))).odds
    assert against is not None  # the notation names its TN
    return against.success


def _outcome_label(stack: int, tn: int) -> str:
    if stack < tn:
        return f"stack {stack}: failure"
    return f"stack {stack}: {performance_name(stack - tn)}"


@lru_cache(maxsize=1)
def view() -> DesignerView:
    """The typical roll, every named difficulty, and the best stack's spread at Challenging."""
    steps = tuple(DifficultyStep(f"{d.name} (TN {d.tn})", _notation(d.tn), _success(d.tn)) for d in DIFFICULTY_LADDER)
    tn = TYPICAL.tn
    result = odds(parse(_notation(tn)))
    outcomes = tuple(
        Outcome(_outcome_label(stack, tn), stack - tn, p) for stack, p in result.dist.probabilities().items() if p
    )
    return DesignerView(
        roll=_notation(tn),
        label=f"{POOL}d6",
        who="attribute 2 + skill 2: an average pedestrian",
        why=(
            "Attribute 2 and skill 2 are the source's average pedestrian at their day job, and 4d6 is the pool "
            "its own difficulty table is worked out for; the ladder is its eleven named difficulties, and the "
            "spread is taken at Challenging (TN 8), the middle rung."
        ),
        difficulty_term="Difficulty (TN)",
        steps=steps,
        success="the best stack reaches the TN (exactly the TN is a glitch, a success with a complication)",
        result_term="Best stack",
        unit="pip of the best stack",
        outcomes=outcomes,
        cut_mass=result.dist.cut_mass,
    )
