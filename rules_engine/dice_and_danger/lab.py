"""dice & danger in the design lab: the chapter's damage rolls and saves under any rule set,
against every armour's DC (the designers' page's ladder), exactly.

A roll is written as the notation writes it but without its DC and without a ``with``
clause (``3d``, ``4d-1p``, ``save 3d-1p``): each rung adds its own ``vs DC n``, and the
column's rule set adds its ``with`` clause. The spread of hits is taken at leather's DC 3,
the designers' page's usual difficulty; it is exact for every count listed (no cap on
explosions), and the chance of more hits than the last count is the sheet's ``tail``.

The two kinds of roll succeed the other way round. A damage roll's hits help the roller,
so its rungs give the chance of at least one hit, the lowest DC (the easiest) first. A
save's hits harm the roller, so its rungs give the chance of taking no hit at all, and the
ladder runs from the roller's highest DC (plate: the easiest save) down to DC 2.
Ruling: the source counts a save's hits and never names a save's success; the lab reads
success as no hit taken, as the play tools' save chances do.
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
    LabRoll("A save against a hero's attack (save 3d)", "save 3d"),
    LabRoll("A save with a bonus die (save 3d+1b)", "save 3d+1b"),
    LabRoll("A save in armour weak against the weapon (save 3d-1p)", "save 3d-1p"),
    LabRoll("A Health save: two conditions taken, one carried (save 2d-1p)", "save 2d-1p"),
)
#: The ladder: each armour's DC, no armour first (as on the designers' page).
LADDER = tuple((a.dc, f"DC {a.dc} ({a.name if a.dc > 2 else 'no armour'})") for a in ARMOURS)
USUAL = next(n for n, (dc, _label) in enumerate(LADDER) if dc == TYPICAL_DC)
#: A save's ladder: the same DCs, the roller's own, the highest (the easiest save) first.
SAVE_LADDER = tuple(reversed(LADDER))
SAVE_USUAL = next(n for n, (dc, _label) in enumerate(SAVE_LADDER) if dc == TYPICAL_DC)
#: What a rung means on each kind of roll: (difficulty term, success).
DAMAGE_TERMS = ("DC (armour)", "at least one hit (a die at or above the DC)")
SAVE_TERMS = (
    "Your DC (your Armor, or the attribute or Health you save with), highest first",
    "no hit taken (no die, kept or exploded, at or above your DC)",
)

_DC_WORD = re.compile(r"(?<![A-Za-z])(vs|dc)(?![A-Za-z])", re.IGNORECASE)


def _query(roll: str, dc: int, rules: RuleSet) -> DiceAndDangerQuery:
    """The roll against ``dc`` under ``rules`` (already read: the roll alone is parsed); an
    error in the roll points into it."""
    text = f"{roll} vs DC {dc}"
    try:
        return _parse(text.replace("\u2212", "-"), rules)
    except RulesError as error:
        if error.position is not None and error.position < len(roll):
            raise RulesError(
                error.message, notation=roll, position=error.position, length=error.length, field="roll"
            ) from None
        if error.field == "rules":
            raise
        raise RulesError(
            error.message,
            notation=roll if error.notation else None,
            position=max(0, len(roll) - 1) if error.notation else None,
            field="roll",
        ) from None


def _hits_label(hits: int) -> str:
    return f"{hits} hit" + ("" if hits == 1 else "s")


def sheet(roll: str, rules: RuleSet, seed: int | None) -> LabSheet:
    """The exact answer for ``roll`` under ``rules``: the hits at DC 3 and, at every
    armour's DC, the chance of at least one hit (a damage roll) or of no hit (a save)."""
    if not roll.strip():
        raise RulesError("write a roll such as 3d or 4d-1p", notation=roll, position=0, length=1, field="roll")
    found = _DC_WORD.search(roll)
    if found is not None:
        raise RulesError(
            "write the roll without its DC: the ladder gives every DC",
            notation=roll,
            position=found.start(),
            length=len(roll) - found.start(),
            field="roll",
        )
    usual = _query(roll, TYPICAL_DC, rules)
    ladder, usual_rung = (SAVE_LADDER, SAVE_USUAL) if usual.save else (LADDER, USUAL)
    rungs = []
    for dc, label in ladder:
        query = usual if dc == TYPICAL_DC else _query(roll, dc, rules)
        any_hit = house_odds.p_any_hit(query)
        rungs.append(DifficultyStep(label, query.notation, 1 - any_hit if usual.save else any_hit))
    dist, mean, variance = house_odds.query_hits(usual)
    outcomes = tuple(LabOutcome(_hits_label(hits), hits, p) for hits, p in dist.probabilities().items())
    explained = tuple(roll_query(usual, seed).lines())
    tail = dist.cut_mass
    term, success = SAVE_TERMS if usual.save else DAMAGE_TERMS
    return LabSheet(
        usual.notation,
        "Hits taken" if usual.save else "Hits",
        outcomes,
        term,
        success,
        tuple(rungs),
        usual_rung,
        explained,
        tail=tail,
        mean=mean if tail else None,
        variance=variance if tail else None,
    )


LAB = Lab(BOOK, ROLLS, sheet)
