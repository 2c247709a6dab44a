"""Action! part 2: the reference tables of combat, damage, mooks, other conflicts and the
source's drafts, generated here from the rules (keys ``action-…``)."""

from __future__ import annotations

from fractions import Fraction

from ...core.exact import percent
from ...core.tables import Cell, Table, cell
from ..roll.notation import make_query
from ..roll.rules import DEFAULT_THRESHOLD
from . import conflicts, drafts, shots
from .damage import (
    KNOCKBACK_STEP,
    OPTIONS,
    PERCENTILE_TABLE,
    SERIOUSNESS,
    fall_damage,
    percentile_penalty,
    seriousness,
    wounds_for,
)
from .mooks import ADVANCED, GLASS_JAW, KINDS, kind_odds, p_hit_with_damage, speed_bump_down

WOUND_THRESHOLDS = (3, 4, 5, 6, 8, 10)
WOUND_PVS = tuple(range(0, 31))
TOUGHNESSES = (3, 4, 5, 6, 8, 10)
FALL_METRES = (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30)
FALL_PVS = (0, 5, 10, 15, 20, 25)
MOOK_DAMAGE = tuple(range(0, 23))
MOOK_DEFENCE = 10
MOOK_DIFFERENCES = tuple(range(-5, 16))
CONFLICT_EVS = tuple(range(0, 31, 5))
STATUS_EFFECTS = (
    ("Bruised", "5 points of impairment on the next action or defence", "100"),
    ("Battered", "no free Moves; a Full Move gives a single Move", "60"),
    ("Broken", "the next hit incapacitates; it needs a PV of 4 × the Threshold", "160"),
)


def _pct(value: Fraction) -> Cell:
    return Cell(percent(value, 1), value)


def heroic_table() -> Table:
    """Heroic multi-action: the modifier for n targets from 2 + n(n−1)/2, beside the print."""
    rows = []
    for n in range(1, shots.MAX_HEROIC_TARGETS + 1):
        formula, printed = shots.heroic_modifier(n), shots.PRINTED_HEROIC[n]
        rows.append((cell(n), cell(formula), cell(printed), cell("yes" if formula == printed else "no")))
    return Table(
        "action-heroic",
        "Heroic multi-action: modifier on each action, by number of targets",
        ("Targets", "Modifier −(2 + n(n−1)/2)", "Source prints", "Same"),
        tuple(rows),
        ("The row for 1 target is there for the table's reversed use against unnamed characters.",),
    )


def heroic_reversed_table() -> Table:
    """The heroic table read from penalty to targets, against unnamed characters (ruling)."""
    rows = []
    for n in range(1, shots.MAX_HEROIC_TARGETS + 1):
        low = -shots.heroic_modifier(n)
        high = -shots.heroic_modifier(n + 1) - 1
        label = str(-low) if low == high else f"−{low} to −{high}"
        rows.append((Cell(label.replace("-", "−"), low), cell(n)))
    return Table(
        "action-heroic-reversed",
        "Against unnamed characters: how many a penalty buys",
        ("Penalty taken on each action", "Unnamed targets"),
        tuple(rows),
    )


def snapshots_table() -> Table:
    rows = tuple((cell(n), cell(shots.snapshot_penalty(n)), cell(shots.heroic_modifier(n))) for n in (2, 3))
    return Table(
        "action-snapshots",
        "Snapshots: one action split into several of the same kind",
        ("Actions", "Modifier on each", "Heroic table row"),
        rows,
    )


def shot_costs_table() -> Table:
    rows = tuple((cell(cost), cell(what)) for cost, what in shots.SHOT_COSTS)
    return Table("action-shot-costs", "What Shots buy", ("Shots", "Buys"), rows)


def wounds_table() -> Table:
    """Wounds from one hit by its PV and the Wound Threshold."""
    rows = tuple((cell(pv), *(cell(wounds_for(pv, t)) for t in WOUND_THRESHOLDS)) for pv in WOUND_PVS)
    return Table(
        "action-wounds",
        "Wounds from one hit, by PV (damage) and Wound Threshold",
        ("PV", *(f"WT {t}" for t in WOUND_THRESHOLDS)),
        rows,
        ("Every PV is also that many shock points. Sand in Your Teeth adds 1 wound to every hit.",),
    )


def percentile_table() -> Table:
    rows = tuple((Cell(f"{share}%", share), cell(value)) for share, value in PERCENTILE_TABLE)
    return Table(
        "action-percentile",
        "Percentile wound penalty",
        ("Wounds taken, at least (% of Toughness)", "Wound penalty"),
        rows,
    )


def percentile_by_toughness_table() -> Table:
    """The percentile penalty worked out for each number of wounds and Toughness."""
    rows = []
    for wounds in range(0, max(TOUGHNESSES) + 1):
        row = [cell(wounds)]
        for toughness in TOUGHNESSES:
            row.append(cell(percentile_penalty(wounds, toughness)[1]) if wounds <= toughness else cell("dying"))
        rows.append(tuple(row))
    return Table(
        "action-percentile-by-toughness",
        "Percentile wound penalty by wounds taken and Toughness",
        ("Wounds", *(f"Toughness {t}" for t in TOUGHNESSES)),
        tuple(rows),
        ("At wounds equal to Toughness the character is dying; the penalty shown there is the last one that applies.",),
    )


def seriousness_table() -> Table:
    rows = [(cell(n), cell(name), cell(value)) for n, name, value in SERIOUSNESS]
    rows.append((Cell("5 or more", 5), cell(seriousness(5)[0]), cell("falls down, dead")))
    return Table(
        "action-seriousness",
        "Wound seriousness: the wounds of one attack",
        ("Wounds at once", "Wound", "Impairment"),
        tuple(rows),
        ("Only the worst wound the character carries impairs.",),
    )


def options_table() -> Table:
    rows = tuple((cell(o.name), Cell(o.word), cell(o.effect)) for o in OPTIONS)
    return Table(
        "action-damage-options",
        "Optional damage rules and their notation words",
        ("Option", "Notation word", "What it does"),
        rows,
    )


def knockback_table() -> Table:
    rows = []
    for metres in range(0, 7):
        low = KNOCKBACK_STEP * metres
        label = "1–4" if metres == 0 else f"{low}–{low + KNOCKBACK_STEP - 1}"
        rows.append((Cell(label, low), cell(metres)))
    return Table(
        "action-knockback",
        "Knockback: damage above the Mass Value → metres flung",
        ("Damage above Mass", "Metres"),
        tuple(rows),
        ("Damage at or below the Mass Value: no knockback. Any knockback ends in a Knockdown.",),
    )


def falling_table() -> Table:
    rows = tuple((cell(m), *(cell(fall_damage(m, pv)) for pv in FALL_PVS)) for m in FALL_METRES)
    return Table(
        "action-falling",
        "Falling damage by height and the PV of a Stunt + Agility roll against 0",
        ("Metres fallen", *(f"PV {pv}" for pv in FALL_PVS)),
        rows,
        ("PV 0 is also a failed roll or no roll: the full height in damage.",),
    )


def mook_bands_table() -> Table:
    rows = []
    for kind in (GLASS_JAW, ADVANCED):
        for band in kind.bands:
            rows.append((cell(kind.name), Cell(band.label, band.low), cell(band.effect)))
    return Table(
        "action-mook-bands",
        "Glass-jaw and advanced mooks: damage → what happens",
        ("Mook", "Damage", "What happens"),
        tuple(rows),
        ("The source's advanced table stops at 20; past it the mook stays permanently out.",),
    )


def mook_damage_table() -> Table:
    """What each damage does to each kind of mook (speed-bump: Wound Threshold 5)."""
    rows = tuple(
        (
            cell(d),
            cell(GLASS_JAW.state(d).effect),
            cell(ADVANCED.state(d).effect),
            cell(speed_bump_down(d, DEFAULT_THRESHOLD)),
        )
        for d in MOOK_DAMAGE
    )
    return Table(
        "action-mook-damage",
        "Mook outcomes by damage",
        ("Damage (PV)", "Glass-jaw mook", "Advanced mook", "Speed-bump mooks down (WT 5)"),
        rows,
    )


def mook_odds_table() -> Table:
    """The exact chance that a plain attack (PV = Outcome) drops a mook, by skill − defence."""
    rows = []
    for difference in MOOK_DIFFERENCES:
        query = make_query(MOOK_DEFENCE + difference, MOOK_DEFENCE)
        glass = kind_odds(query, GLASS_JAW)
        advanced = kind_odds(query, ADVANCED)
        rows.append(
            (
                Cell(f"{difference:+d}" if difference else "0", difference),
                _pct(1 - glass["miss"]),
                _pct(glass["shaken"]),
                _pct(glass["out"]),
                _pct(advanced["unconscious"] + advanced["out"]),
                _pct(advanced["out"]),
                _pct(p_hit_with_damage(query, DEFAULT_THRESHOLD)),
            )
        )
    return Table(
        "action-mook-odds",
        "Exact chance that a plain attack drops a mook, by skill − defence",
        (
            "Skill − defence",
            "Hit",
            "Glass-jaw Shaken",
            "Glass-jaw out",
            "Advanced down",
            "Advanced out for good",
            "Speed-bump: 1+ down (if rolled)",
        ),
        tuple(rows),
        (
            f"Defence {MOOK_DEFENCE}, no attributes: the damage is the Outcome. Advanced down: unconscious "
            "or permanently out. Speed-bump mooks are not rolled against; the last column is the chance "
            "such an attack would reach PV 5 if it were.",
        ),
    )


def status_table() -> Table:
    rows = tuple((cell(name), cell(effect), cell(number)) for name, effect, number in STATUS_EFFECTS)
    return Table(
        "action-status",
        "Status effects",
        ("Status", "Effect", "Bracketed number"),
        rows,
        ("The source prints a number in brackets after each and does not say what it is.",),
    )


def cover_table() -> Table:
    rows = tuple(
        (cell(pv), cell(shots.cover_points(pv)), cell(shots.aggressive_av(shots.cover_points(pv))))
        for pv in range(0, 31, 5)
    )
    return Table(
        "action-cover",
        "Covering fire: PV of the roll against 10 → Cover, and aggressive AV",
        ("PV", "Cover", "Aggressive covering fire AV"),
        rows,
    )


def conflicts_table() -> Table:
    rows = []
    for ev in CONFLICT_EVS:
        c, s, g, h = (conflicts.KINDS[k](ev).amounts for k in ("confusing", "social", "gambling", "chase"))
        rows.append(
            (
                cell(ev),
                cell(c["shot_count_lost"]),
                cell(c["shock"]),
                cell(s["presence_lost"]),
                cell(s["positive_dice"]),
                cell(g["resources"]),
                cell(g["fortune"]),
                cell(h["shots_lost"]),
                cell(h["fortune"]),
            )
        )
    return Table(
        "action-conflicts",
        "Other conflicts: what an Effect Value does",
        (
            "EV",
            "Confusing: Shot Count lost",
            "Confusing: shock",
            "Social: Presence lost",
            "Social: + dice",
            "Gambling: Resources",
            "Gambling: Fortune",
            "Chase: Shots lost",
            "Chase: Fortune",
        ),
        tuple(rows),
        ("A negative EV when confusing or tiring turns the Shot Count loss and the shock on the one acting.",),
    )


def draft_progression_table() -> Table:
    rows = tuple(
        (
            cell(step),
            cell(f"+{drafts.PROGRESSION_STEPS[step - 1] if step <= 5 else 1}"),
            cell(drafts.progression_total(step)),
        )
        for step in range(1, 9)
    )
    return Table(
        "action-draft-progression",
        "Source's draft: progression by step (up to SkillMax)",
        ("Step", "Adds", "Total"),
        rows,
        ("A draft in the source, not a finished rule.",),
    )


def draft_width_table() -> Table:
    rows = tuple((cell(width), cell(cost)) for width, cost in drafts.WIDTH_COST)
    return Table(
        "action-draft-width",
        "Source's draft: cost of Width",
        ("Width", "Cost"),
        rows,
        ("A draft in the source, not a finished rule.",),
    )


def draft_weapons_table() -> Table:
    rows = tuple(tuple(cell(x) for x in row) for row in drafts.WEAPONS)
    return Table(
        "action-draft-weapons",
        "Source's draft: weapons and shields",
        ("Weapon", "Damage", "Penetration", "Defense", "Schticks", "Bracketed number"),
        rows,
        (f"Clumsy: {drafts.CLUMSY}. A draft in the source, not a finished rule; blanks are not given there.",),
    )


def draft_armour_table() -> Table:
    rows = [(cell(name), cell(a), cell(h)) for name, a, h in drafts.ARMOUR]
    rows += [(cell(name), cell(effect), cell("")) for name, effect in drafts.ARMOUR_PIECES]
    return Table(
        "action-draft-armour",
        "Source's draft: armour (Absorption against EV, Hardness against damage)",
        ("Armour", "Absorption", "Hardness"),
        tuple(rows),
        ("A draft in the source, not a finished rule.",),
    )


TABLES = {
    "heroic": heroic_table,
    "heroic-reversed": heroic_reversed_table,
    "snapshots": snapshots_table,
    "shot-costs": shot_costs_table,
    "wounds": wounds_table,
    "percentile": percentile_table,
    "percentile-by-toughness": percentile_by_toughness_table,
    "seriousness": seriousness_table,
    "damage-options": options_table,
    "knockback": knockback_table,
    "falling": falling_table,
    "mook-bands": mook_bands_table,
    "mook-damage": mook_damage_table,
    "mook-odds": mook_odds_table,
    "status": status_table,
    "cover": cover_table,
    "conflicts": conflicts_table,
    "draft-progression": draft_progression_table,
    "draft-width": draft_width_table,
    "draft-weapons": draft_weapons_table,
    "draft-armour": draft_armour_table,
}

__all__ = ["TABLES", "KINDS"]
