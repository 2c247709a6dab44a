"""Action!'s other conflicts: confusing or tiring an opponent, social contests, gambling
and chases, each a rate per point or per 5 points of Effect Value (source 001)."""

from __future__ import annotations

from dataclasses import dataclass

STEP = 5  # most rates are per 5 points of Effect Value


@dataclass(frozen=True)
class ConflictResult:
    """What one Effect Value does in one kind of conflict, as named amounts."""

    kind: str
    ev: int
    amounts: dict[str, int]
    note: str = ""


def confusing(ev: int) -> ConflictResult:
    """Confusing or tiring: 1 Shot Count per 5 EV and shock 1:1, instead of wounds; a
    negative EV turns both on the one acting."""
    size = abs(ev)
    side = "opponent" if ev >= 0 else "you"
    return ConflictResult(
        "confusing",
        ev,
        {"shot_count_lost": size // STEP, "shock": size},
        f"{side} {'loses' if ev >= 0 else 'lose'} the Shot Count and {'takes' if ev >= 0 else 'take'} the shock",
    )


def social(ev: int) -> ConflictResult:
    """Social contest: −1 Presence per 5 EV, and as many temporary positive dice usable only
    against that opponent (until the end of the scene); Presence 0 loses the contest."""
    steps = max(ev, 0) // STEP
    return ConflictResult("social", ev, {"presence_lost": steps, "positive_dice": steps})


def gambling(ev: int) -> ConflictResult:
    """Gambling: 1 Resource per point of EV (won, or taken from an opponent who has no more
    than you: see the rule), and 1 Fortune point per 5 EV (gained, or lost by the opponent)."""
    gain = max(ev, 0)
    return ConflictResult("gambling", ev, {"resources": gain, "fortune": gain // STEP})


def chase(ev: int) -> ConflictResult:
    """Chase: the first 5 EV of an action take 1 Shot from the other side; every further 5
    gives the acting side 1 temporary Fortune for this chase (ruling)."""
    steps = max(ev, 0) // STEP
    return ConflictResult("chase", ev, {"shots_lost": min(steps, 1), "fortune": max(steps - 1, 0)})


KINDS = {"confusing": confusing, "social": social, "gambling": gambling, "chase": chase}
NAMES = {"confusing": "Confusing or tiring", "social": "Social contest", "gambling": "Gambling", "chase": "Chase"}
