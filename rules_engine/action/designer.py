"""Action! for the designers' page: a skill of 5 rolled plain against difficulties in steps of 5."""

from __future__ import annotations

from functools import lru_cache

from ..core.designer import DesignerView, DifficultyStep, Outcome
from .roll.notation import parse
from .roll.odds import odds
from .roll.rules import DEGREE_NAMES, SUCCESS

#: One step of the progression (+5 for the first).
SKILL = 5
#: Difficulties the source sets run in fives (10 for covering fire, 15 to wake up, 10+10 when Shaken).
DIFFICULTIES = (0, 5, 10, 15, 20)
#: A passive defence with the same skill.
TYPICAL = 5


def _notation(defence: int) -> str:
    return f"{SKILL} vs {defence}"


@lru_cache(maxsize=1)
def view() -> DesignerView:
    """The typical roll, difficulties 0 to 20, and the eight degrees against an equal skill."""
    steps = tuple(
        DifficultyStep(f"Difficulty {d}", _notation(d), odds(parse(_notation(d))).p_success) for d in DIFFICULTIES
    )
    degrees = odds(parse(_notation(TYPICAL))).degrees
    outcomes = tuple(
        Outcome(name, index - SUCCESS, p) for index, (name, p) in enumerate(zip(DEGREE_NAMES, degrees)) if p
    )
    return DesignerView(
        roll=_notation(TYPICAL),
        label=f"skill {SKILL}",
        who=f"skill {SKILL} (one step of the progression), rolled plain",
        why=(
            "A skill of 5 is one step of the source's progression (+5 first), rolled plain (one positive and one "
            "negative d10); the ladder is difficulty 0 to 20 in the steps of 5 the source's own difficulties use, "
            "and the spread is taken against a passive defence of the same skill, 5."
        ),
        difficulty_term="Difficulty (defence)",
        steps=steps,
        success="Success or better (an Outcome of 0 or more, not a Fumble)",
        result_term="Degree",
        unit="degree",
        outcomes=outcomes,
    )
