"""The Adrenaline d10 pool for the designers' page: 5d10 against every named difficulty."""

from __future__ import annotations

from functools import lru_cache

from ..core.designer import DesignerView, DifficultyStep, Outcome
from .notation import parse
from .odds import StandardOdds, odds
from .rules import DIFFICULTY_NAMES

#: The pool of the source's worked examples.
POOL = 5
#: The difficulty the source assumes when none is stated.
TYPICAL = 6


def _notation(difficulty: int) -> str:
    return f"{POOL}d10 vs {difficulty}"


def _outcome_label(net: int) -> str:
    if net < 0:
        return f"{net} net: botch"
    if net == 0:
        return "0 net: failure"
    return f"{net} success" + ("es" if net > 1 else "")


def _standard(difficulty: int) -> StandardOdds:
    """The odds of the typical pool against ``difficulty``: a standard roll."""
    result = odds(parse(_notation(difficulty)))
    assert isinstance(result, StandardOdds)
    return result


@lru_cache(maxsize=1)
def view() -> DesignerView:
    """The typical roll, every named difficulty, and the net successes' spread at difficulty 6."""
    steps = tuple(
        DifficultyStep(
            f"{name} ({difficulty})",
            _notation(difficulty),
            _standard(difficulty).roll.summary()["success"],
        )
        for difficulty, name in DIFFICULTY_NAMES.items()
    )
    roll = _standard(TYPICAL).roll
    outcomes = tuple(Outcome(_outcome_label(net), net - 1, p) for net, p in roll.dist.probabilities().items() if p)
    return DesignerView(
        roll=_notation(TYPICAL),
        label=f"{POOL}d10",
        who="attribute + ability: five dice",
        why=(
            "Five dice is the pool of the source's own worked examples, and 6 is the difficulty it assumes when "
            "none is given; the ladder is its nine named difficulties, 2 to 10."
        ),
        difficulty_term="Difficulty",
        steps=steps,
        success="at least one success left after the 1s cancel theirs",
        result_term="Net successes",
        unit="net success",
        outcomes=outcomes,
        cut_mass=roll.joint.cut_mass,
    )
