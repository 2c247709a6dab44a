"""X-in-Y checks for the designers' page: the attack check 5/6 moved by every TN change
the attack rules give."""

from __future__ import annotations

from functools import lru_cache

from ..core.designer import DesignerView, DifficultyStep, Outcome
from .notation import parse_check
from .odds import check_odds

#: The check every attack starts from.
BASE = "5/6"
#: The attack rules' TN changes, easiest first: +1 for the attacker's form superiority down
#: to −4 for defences fully effective against a defender with form superiority.
TN_CHANGES = (1, 0, -1, -2, -3, -4)


def _notation(tn: int) -> str:
    return f"{BASE} {tn:+d} TN" if tn else BASE


def _outcome_label(degree: int) -> str:
    return f"Success {degree}" if degree > 0 else f"Failure {-degree}"


def _margin(degree: int) -> int:
    """Degree k of success is k − 1 steps past the narrowest success; degree k of failure, k short."""
    return degree - 1 if degree > 0 else degree


@lru_cache(maxsize=1)
def view() -> DesignerView:
    """The typical check, every TN change of an attack, and the degrees of the plain check."""
    steps = []
    for tn in TN_CHANGES:
        result = check_odds(parse_check(_notation(tn)))
        steps.append(
            DifficultyStep(
                f"{tn:+d} TN: {result.query.check}" if tn else f"±0 TN: {BASE}", _notation(tn), result.p_success
            )
        )
    result = check_odds(parse_check(BASE))
    outcomes = tuple(Outcome(_outcome_label(d), _margin(d), p) for d, p in result.dist.probabilities().items() if p)
    return DesignerView(
        roll=BASE,
        label=f"{BASE} plain",
        who="an attacker with no bonus or penalty dice",
        why=(
            "Every attack starts as a 5/6 check, and the source gives no typical attack bonus, so the check is "
            "rolled plain; the ladder is the attack rules' own TN changes, from +1 (the attacker's form "
            "superiority) to −4 (fully effective defences and the defender's form superiority). A plain check "
            "has only two results; bonus and penalty dice add degrees."
        ),
        difficulty_term="TN change: check",
        steps=tuple(steps),
        success="the die shows x or lower",
        result_term="Degree",
        unit="degree",
        outcomes=outcomes,
        cut_mass=result.dist.cut_mass,
    )
