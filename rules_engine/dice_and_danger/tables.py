"""dice & danger: the reference tables and errata the site publishes, generated here."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..core.exact import decimal_text, percent, ratio
from ..core.tables import Cell, Erratum, Table, cell
from .notation import DiceAndDangerQuery, build_query, parse
from .odds import hits_distribution, hits_without_explosions, mean_hits
from .rules import (
    ARMOURS,
    ATTRIBUTE_ROLL,
    ATTRIBUTES,
    CONDITIONS,
    HEALTH_SAVE_OUTCOMES,
    HIGHEST_DC,
    LOWEST_DC,
    LUCK_BY_BAND,
    OFF_HAND_LIGHT_WEAPON,
    TITLE_KINDS,
    WARDS,
    WEAPON_FAMILIES,
    Terms,
    attribute_distribution,
    attribute_sum_distribution,
    band_range,
    damage_pool,
    gains_hit_defense,
    health_save_outcome,
    health_save_terms,
    hit_defense,
    shield_terms,
    tier_name,
    weapon_slots,
    weapon_terms,
    weight_penalty,
)

SYSTEM = "dice & danger"
DCS = tuple(range(LOWEST_DC, HIGHEST_DC + 1))
POOLS = tuple(range(1, 7))
#: (label, extra dice) for the odds tables: plain, one bonus die, one penalty die.
VARIANTS = (("", 0), ("+1b", 1), ("-1p", -1))
BANDS_SHOWN = 8  # weight penalty and Luck: the eight bands the source prints
TIERS_SHOWN = 8
HIT_DEFENSE_UP_TO = 6**4  # levels shown in the Hit Defense table
HEALTH_VALUES = tuple(range(1, 7))
NEW_CONDITIONS = (1, 2, 3)
EXISTING_CONDITIONS = (0, 1, 2)
SOURCE_EXAMPLE = "3d +2d +1b +3b +2p +2p vs DC 3 & -1d & +2b"  # as printed
CORRECTED_EXAMPLE = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b"  # fatigue as one penalty die
SOURCE_TOTAL = "4d-1p vs DC 3"
SOURCE_ROLL = (1, 2, 4, 5, 6)  # the example's dice on SOURCE_TOTAL


def pct(value: Fraction, places: int = 1) -> Cell:
    """A probability cell, printed as a percentage, carrying the exact value."""
    return Cell(percent(value, places), value)


def terms_text(terms: Terms) -> str:
    """Terms as a reader writes them: ``+1d``, ``+1p``, ``-1d``, ``+2b``, ``+1d +1p``."""
    parts = [
        f"{terms.dice:+d}d" if terms.dice else "",
        f"+{terms.bonus}b" if terms.bonus else "",
        f"+{terms.penalty}p" if terms.penalty else "",
        f"{terms.hits:+d}h" if terms.hits else "",
    ]
    return " ".join(p for p in parts if p) or "nothing"


def band_text(band: int) -> str:
    low, high = band_range(band)
    return f"{low}–{high}"


def query(dice: int, extra: int, dc: int, *, save: bool = False) -> DiceAndDangerQuery:
    return build_query(Terms(dice=dice, bonus=max(extra, 0), penalty=max(-extra, 0)), dc, save=save)


# --- odds tables --------------------------------------------------------------------------
def _by_pool_and_dc(
    key: str,
    caption: str,
    value: Callable[[DiceAndDangerQuery], Fraction],
    text: Callable[[Fraction], str],
    notes: tuple[str, ...],
) -> Table:
    rows = []
    for pool in POOLS:
        for label, extra in VARIANTS:
            values = [value(query(pool, extra, dc)) for dc in DCS]
            rows.append((cell(f"{pool}d{label}"), *(Cell(text(v), v) for v in values)))
    return Table(key, caption, ("Pool", *(f"DC {dc}" for dc in DCS)), tuple(rows), notes)


_SAVE_NOTE = ("On a damage roll; on a save bonus and penalty dice swap places (a save's +1b is the -1p row).",)


def hit_odds_table() -> Table:
    """The chance of at least one hit by pool and DC, plain and with one bonus or penalty die."""
    # 1 − P(0 hits) is exact: a roll with no hits kept no 6, so nothing was cut from it.
    return _by_pool_and_dc(
        "dice-and-danger-hit-odds",
        "Chance of at least one hit",
        lambda q: 1 - hits_distribution(q).p(0),
        lambda v: percent(v, 1),
        _SAVE_NOTE,
    )


def mean_hits_table() -> Table:
    """The exact average hits by pool and DC (explosions followed to their end)."""
    return _by_pool_and_dc(
        "dice-and-danger-mean-hits",
        "Average hits",
        mean_hits,
        lambda v: decimal_text(v, 2),
        _SAVE_NOTE + ("Kept 6s explode; the averages count every explosion.",),
    )


def attribute_odds_table() -> Table:
    """A new attribute's value on 1d+2p: keep the lowest of three."""
    dist = attribute_distribution()
    rows = tuple((cell(v), pct(dist.p(v)), pct(dist.p_at_least(v))) for v in dist.outcomes)
    return Table(
        "dice-and-danger-attribute-odds",
        f"A new attribute ({ATTRIBUTE_ROLL}: the lowest of three d6)",
        ("Value", "Chance", "At least"),
        rows,
    )


def luck_table() -> Table:
    """Luck by the sum of the five attributes, with a new character's chance of each."""
    sums = attribute_sum_distribution()
    rows = []
    for band in range(BANDS_SHOWN):
        low, high = band_range(band)
        chance = sum((sums.p(total) for total in range(low, high + 1)), Fraction(0))
        rows.append((cell(band_text(band)), cell(LUCK_BY_BAND[band].text), pct(chance, 2)))
    return Table(
        "dice-and-danger-luck",
        "Luck by the sum of the five attributes",
        ("Attribute sum", "Luck", "New character"),
        tuple(rows),
        (
            "The bands grow by one each time (0–1, 2–3, 4–6 …). A new character's five attributes, "
            "each 1d+2p, sum to 5–30.",
        ),
    )


# --- characters and equipment -----------------------------------------------------------
def attributes_table() -> Table:
    rows = tuple((cell(a.name), cell(a.resists)) for a in ATTRIBUTES)
    return Table(
        "dice-and-danger-attributes",
        "The attributes",
        ("Attribute", "Approach and examples"),
        rows,
        ("Armor and Faith start at 2; Luck comes from the sum of these five.",),
    )


def armour_table() -> Table:
    rows = tuple((cell(a.name.capitalize()), cell(a.dc), cell(a.weak_against or "—"), cell(a.slots)) for a in ARMOURS)
    return Table(
        "dice-and-danger-armour",
        "Armour",
        ("Armour", "Armor (DC)", "+1p for the wearer against", "Slots"),
        rows,
        ("On an attacker's damage roll the wearer's +1p is written & +1p: +1b for the attacker.",),
    )


def wards_table() -> Table:
    rows = tuple((cell(w.name.capitalize()), cell(w.dc), cell(w.slots)) for w in WARDS)
    return Table("dice-and-danger-wards", "Wards", ("Ward", "Aura (DC)", "Slots"), rows)


def weapons_table() -> Table:
    entries = (
        ("Appropriate weapon", weapon_terms(), "its wielder's damage roll", weapon_slots()),
        ("Heavy melee weapon", weapon_terms(heavy=True), "its wielder's damage roll", weapon_slots(heavy=True)),
        ("Ranged weapon", weapon_terms(ranged=True), "its wielder's damage roll", weapon_slots()),
        (
            "Simple or crude weapon",
            weapon_terms(appropriate=False, simple=True),
            "its wielder's damage roll, on top",
            None,
        ),
        ("Light weapon in the off hand", OFF_HAND_LIGHT_WEAPON, "its wielder's damage roll", weapon_slots()),
        ("Shield", shield_terms(), "the attacker's damage roll", None),
        ("Tower shield", shield_terms(tower=True), "the attacker's damage roll", None),
    )
    rows = tuple(
        (cell(name), cell(terms_text(terms)), cell(on), cell(slots if slots is not None else "—"))
        for name, terms, on, slots in entries
    )
    return Table("dice-and-danger-weapons", "Weapons and shields", ("Item", "Gives", "On", "Slots"), rows)


def weapon_families_table() -> Table:
    rows = tuple((cell(f.name.capitalize()), cell(f.includes), cell(f.style)) for f in WEAPON_FAMILIES)
    return Table("dice-and-danger-weapon-families", "Weapon families", ("Family", "Includes", "Style"), rows)


def damage_pool_table() -> Table:
    entries = (
        ("Acting", Terms(dice=1)),
        ("Expert (a relevant title)", damage_pool(expert=True) + Terms(dice=-1)),
        ("Prepared (the relevant equipment)", damage_pool(prepared=True) + Terms(dice=-1)),
        ("A friend helps and spends a HD", damage_pool(friend_helps=True) + Terms(dice=-1)),
        ("The target spends a HD (ruling)", damage_pool(hit_defense_spent=True) + Terms(dice=-1)),
    )
    rows = tuple((cell(name), cell(terms_text(terms))) for name, terms in entries)
    return Table(
        "dice-and-danger-damage-pool",
        "A damage roll's dice",
        ("When", "Gives"),
        rows,
        ('Ruling: the source\'s "+1p if you spend a HD" is read as the target spending one.',),
    )


def weight_penalty_table() -> Table:
    rows = tuple(
        (cell(band_text(band)), Cell(f"+{weight_penalty(band_range(band)[0])}p", weight_penalty(band_range(band)[0])))
        for band in range(BANDS_SHOWN)
    )
    return Table(
        "dice-and-danger-weight-penalty",
        "Weight of stowed items",
        ("Stowed items", "Penalty"),
        rows,
        ("For sneaking, swimming, balancing and the like. The bands go on growing by one.",),
    )


def tiers_table() -> Table:
    rows = []
    for band in range(TIERS_SHOWN):
        number = band + 1
        rows.append((cell(number), cell(band_text(band)), cell(tier_name(number) or "—"), cell(number - 1)))
    return Table(
        "dice-and-danger-tiers",
        "Tiers",
        ("Tier", "Levels", "Name", "Boosted titles"),
        tuple(rows),
        ("The source names tiers 1–6. At each new tier one more title gives +1d more.",),
    )


def hit_defense_table() -> Table:
    rows = [(cell(0), cell(hit_defense(0)))]
    rows += [
        (cell(level), cell(hit_defense(level))) for level in range(1, HIT_DEFENSE_UP_TO + 1) if gains_hit_defense(level)
    ]
    return Table(
        "dice-and-danger-hit-defense",
        "Levels that give Hit Defense",
        ("Level", "Hit Defense"),
        tuple(rows),
        ("Every level 1–6, then every 6th level to 36, every 36th to 216, and so on.",),
    )


def conditions_table() -> Table:
    rows = tuple((cell(c.name.capitalize()), cell(c.marked_over), cell(c.effect)) for c in CONDITIONS)
    return Table(
        "dice-and-danger-conditions",
        "Conditions",
        ("Condition", "Marked over", "Effect"),
        rows,
        ("Each relevant condition gives +1p.",),
    )


def title_kinds_table() -> Table:
    rows = tuple((cell(t.kind.capitalize()), cell(t.what), cell(t.example)) for t in TITLE_KINDS)
    return Table("dice-and-danger-titles", "Kinds of title", ("Kind", "What it is", "For example"), rows)


def health_save_table() -> Table:
    rows = [
        (
            cell(str(hits) if i < len(HEALTH_SAVE_OUTCOMES) - 1 else f"{hits}+"),
            cell(name),
            cell("yes" if injury else "—"),
        )
        for i, (hits, name, injury) in enumerate(HEALTH_SAVE_OUTCOMES)
    ]
    return Table(
        "dice-and-danger-health-save",
        "The Health save",
        ("Hits", "Outcome", "The mood was an injury"),
        tuple(rows),
        ("Ruling: 6 or more hits are flagrantly dead too.",),
    )


def health_save_query(new_conditions: int, existing_conditions: int, health: int) -> DiceAndDangerQuery:
    """The Health save: +1d per condition taken, +1p per condition already had, DC = Health."""
    return build_query(health_save_terms(new_conditions, existing_conditions), health, save=True)


def health_save_odds(new_conditions: int, existing_conditions: int, health: int) -> dict[str, Fraction]:
    """The exact chance of each Health save outcome (6+ hits count as 5)."""
    dist = hits_distribution(health_save_query(new_conditions, existing_conditions, health))
    odds = {name: Fraction(0) for _, name, _ in HEALTH_SAVE_OUTCOMES}
    for hits, p in dist.probabilities().items():
        odds[health_save_outcome(hits)] += p
    # The rolls left out have many hits: they are flagrantly dead as well.
    odds[HEALTH_SAVE_OUTCOMES[-1][1]] += dist.cut_mass
    return odds


def health_save_odds_table() -> Table:
    rows = []
    for health in HEALTH_VALUES:
        for new in NEW_CONDITIONS:
            for existing in EXISTING_CONDITIONS:
                odds = health_save_odds(new, existing, health)
                rows.append(
                    (
                        cell(health),
                        cell(new),
                        cell(existing),
                        cell(health_save_query(new, existing, health).notation),
                        *(pct(p) for p in odds.values()),
                    )
                )
    headers = (
        "Health",
        "New conditions",
        "Conditions had",
        "Save",
        *(
            f"{hits}{'+' if hits == HEALTH_SAVE_OUTCOMES[-1][0] else ''}: {name}"
            for hits, name, _ in HEALTH_SAVE_OUTCOMES
        ),
    )
    return Table(
        "dice-and-danger-health-save-odds",
        "Health save outcome odds",
        headers,
        tuple(rows),
        ("Health 1 is below the lowest DC: the save is at DC 2 with one more die.",),
    )


TABLES = {
    "attributes": attributes_table,
    "attribute-odds": attribute_odds_table,
    "luck": luck_table,
    "damage-pool": damage_pool_table,
    "hit-odds": hit_odds_table,
    "mean-hits": mean_hits_table,
    "armour": armour_table,
    "wards": wards_table,
    "weapons": weapons_table,
    "weapon-families": weapon_families_table,
    "weight-penalty": weight_penalty_table,
    "tiers": tiers_table,
    "hit-defense": hit_defense_table,
    "titles": title_kinds_table,
    "conditions": conditions_table,
    "health-save": health_save_table,
    "health-save-odds": health_save_odds_table,
}


# --- errata -----------------------------------------------------------------------------
def notation_erratum() -> Erratum:
    """The worked example writes +2p for fatigue but counts it as one penalty die."""
    literal, corrected = parse(SOURCE_EXAMPLE), parse(CORRECTED_EXAMPLE)
    return Erratum(
        SYSTEM,
        "Dice Notation example, the fatigue term",
        f"+2p (the line totals {literal.notation})",
        f"+1p (the line totals {corrected.notation})",
        "the line writes +2p for fatigue, but the explanation counts fatigue as one penalty die "
        f"(4 bonus against 3 penalty dice, then +1p overall), and its own total {SOURCE_TOTAL} needs +1p",
    )


def odds_remark_odds() -> dict[str, Fraction]:
    """The chances behind the example's "33% odds" on 4d-1p vs DC 3."""
    q = parse(SOURCE_TOTAL)
    plain, exploding = hits_without_explosions(q), hits_distribution(q)
    return {
        "exactly 2 hits, 6s not exploding": plain.p(2),
        "exactly 2 hits": exploding.p(2),
        # 1 − P(0 or 1 hit) is exact: every roll the cut left out has many more hits.
        "2 or more hits": 1 - exploding.p_at_most(1),
    }


def odds_remark_erratum() -> Erratum:
    """The "33% odds" remark matches exactly 2 hits only if kept 6s did not explode."""
    odds = odds_remark_odds()
    no_crits, exact_two, two_plus = odds.values()
    return Erratum(
        SYSTEM,
        f'Dice Notation example, "33% odds" of two hits on {SOURCE_TOTAL}',
        "33%",
        f"{percent(exact_two, 2)} ({ratio(exact_two)}) for exactly 2 hits; "
        f"{percent(two_plus, 2)} ({ratio(two_plus)}) for 2 or more",
        f"33% is exactly 2 hits with 6s that never explode ({percent(no_crits, 2)}, {ratio(no_crits)}); "
        "a kept 6 explodes, which moves some two-hit rolls to three or more",
    )


def errata() -> list[Erratum]:
    """Every place the dice & danger source prints something that differs from the rules."""
    return [notation_erratum(), odds_remark_erratum()]
