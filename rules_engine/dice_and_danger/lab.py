"""dice & danger in the design lab: the chapter's damage rolls under any rule set, against
every armour's DC (the designers' page's ladder), exactly.

A roll is written as the notation writes it but without its DC and without a ``with``
clause (``3d``, ``4d-1p``): each rung adds its own ``vs DC n``, and the column's rule set
adds its ``with`` clause. The spread of hits is taken at leather's DC 3, the designers'
page's usual difficulty; it is exact for every count listed (no cap on explosions), and
the chance of more hits than the last count is the sheet's ``tail``.
"""

from __future__ import annotations

import re

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.rule_set import RuleSet
from . import house_odds
from .designer import TYPICAL_DC
from .house_rules import BOOK
from .notation import DiceAndDangerQuery, _parse
from .roll import roll as roll_query
from .rules import ARMOURS

ROLLS = (
    LabRoll("A hero's damage roll: acting, expert and prepared (3d)", "3d"),
    LabRoll("The source's worked example after cancelling (4d-1p)", "4d-1p"),
    LabRoll("A damage roll with a bonus die (3d+1b)", "3d+1b"),
    LabRoll("A bonus and a penalty die together (3d+1b+1p)", "3d+1b+1p"),
    LabRoll("A lone die: acting and nothing more (1d)", "1d"),
)
#: The ladder: each armour's DC, no armour first (as on the designers' page).
LADDER = tuple((a.dc, f"DC {a.dc} ({a.name if a.dc > 2 else 'no armour'})") for a in ARMOURS)
USUAL = next(n for n, (dc, _label) in enumerate(LADDER) if dc == TYPICAL_DC)

_DC_WORD = re.compile(r"(?<![A-Za-z])(vs|dc)(?![A-Za-z])", re.IGNORECASE)


def _query(roll: str, dc: int, rules: RuleSet) -> DiceAndDangerQuery:
    """The roll against ``dc`` under ``rules`` (already read: the roll alone is parsed); an
    error in the roll points into it."""
    text = f"{roll} vs DC {dc}"
    try:
        return _parse(text.replace("\u2212", "-"), rules)
    except RulesError as error:
        if error.position is not None and error.position < len(roll):
            raise RulesError(error.message, notation=roll, position=error.position, length=error.length,
                             field="roll") from None
        if error.field == "rules":
            raise
        raise RulesError(error.message, notation=roll if error.notation else None,
                         position=max(0, len(roll) - 1) if error.notation else None, field="roll") from None


def _hits_label(hits: int) -> str:
    return f"{hits} hit" + ("" if hits == 1 else "s")


def sheet(roll: str, rules: RuleSet, seed: int | None) -> LabSheet:
    """The exact answer for ``roll`` under ``rules``: the hits at DC 3 and the chance of at
    least one hit at every armour's DC."""
    if not roll.strip():
        raise RulesError("write a roll such as 3d or 4d-1p", notation=roll, position=0, length=1, field="roll")
    found = _DC_WORD.search(roll)
    if found is not None:
        raise RulesError("write the roll without its DC: the ladder gives every DC", notation=roll,
                         position=found.start(), length=len(roll) - found.start(), field="roll")
    rungs = []
    for dc, label in LADDER:
        query = _query(roll, dc, rules)
        rungs.append(DifficultyStep(label, query.notation, house_odds.p_any_hit(query)))
    usual = _query(roll, LADDER[USUAL][0], rules)
    dist, mean, variance = house_odds.query_hits(usual)
    outcomes = tuple(LabOutcome(_hits_label(hits), hits, p) for hits, p in dist.probabilities().items())
    explained = tuple(roll_query(usual, seed).lines())
    tail = dist.cut_mass
    return LabSheet(usual.notation, "Hits", outcomes, "DC (armour)", "at least one hit (a die at or above the DC)",
                    tuple(rungs), USUAL, explained, tail=tail, mean=mean if tail else None,
                    variance=variance if tail else None)


LAB = Lab(BOOK, ROLLS, sheet)
