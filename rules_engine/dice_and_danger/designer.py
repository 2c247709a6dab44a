"""dice & danger for the designers' page: a competent hero's 3d damage roll against every
armour's DC."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..core.designer import DesignerView, DifficultyStep, Outcome
from .notation import parse
from .odds import odds
from .rules import ARMOURS

#: Acting, with a relevant title and the right equipment: 1d + 1d + 1d.
DICE = 3
#: Leather, the armour of the source's worked example.
TYPICAL_DC = 3


def _notation(dc: int) -> str:
    return f"{DICE}d vs DC {dc}"


def _p_hit(dc: int) -> Fraction:
    # At least one hit is exactly 1 − P(no hit): a roll with no hit kept no 6, so nothing
    # exploded and no cut-off touches it.
    return 1 - odds(parse(_notation(dc))).dist.p(0)


@lru_cache(maxsize=1)
def view() -> DesignerView:
    """The typical damage roll, every armour's DC, and the hits' spread against leather."""
    steps = tuple(
        DifficultyStep(f"DC {a.dc} ({a.name if a.dc > 2 else 'no armour'})", _notation(a.dc), _p_hit(a.dc))
        for a in ARMOURS
    )
    dist = odds(parse(_notation(TYPICAL_DC))).dist
    outcomes = tuple(
        Outcome(f"{hits} hit" + ("" if hits == 1 else "s"), hits - 1, p)
        for hits, p in dist.probabilities().items()
        if p
    )
    return DesignerView(
        roll=_notation(TYPICAL_DC),
        label=f"{DICE}d damage",
        who="acting, expert (a title) and prepared (gear)",
        why=(
            "A hero who acts, has a fitting title and the right gear rolls 1d + 1d + 1d, the three base dice of "
            "the source's worked example; the ladder is the five armours, DC 2 (none) to DC 6 (plate), and the "
            "spread is taken against leather (DC 3), the armour in that example."
        ),
        difficulty_term="DC (armour)",
        steps=steps,
        success="at least one hit (a die at or above the DC)",
        result_term="Hits",
        unit="hit",
        outcomes=outcomes,
        cut_mass=dist.cut_mass,
    )
