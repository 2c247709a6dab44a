"""Action!'s work in progress: the progression, width and equipment lists the source
prints as drafts. Data only, published as the source's drafts, not as rules."""

from __future__ import annotations

#: Progression: what each successive step adds, "+5/+3/+2/+1/+1/…" up to SkillMax.
PROGRESSION_STEPS = (5, 3, 2, 1, 1)

#: Width cost, "inverse to progression": width → cost.
WIDTH_COST = ((1, 5), (2, 3), (3, 2), (4, 1), (5, 1))

#: Weapons: name, damage, penetration, defence, schticks, the bracketed number.
#  Blank where the source gives nothing (Big Club has only its damage).
WEAPONS = (
    ("Dagger", "1/6", "1", "", "Small", "20"),
    ("Baton", "1/6", "0", "", "Small, Stun", "20"),
    ("Staff", "1/4", "0", "", "Large, Stun", "20"),
    ("Club", "1/5", "0", "", "Stun", "20"),
    ("Sword", "1/4", "1", "", "", "40"),
    ("Axe", "1/5", "2", "", "", "40"),
    ("Short Spear", "1/6", "3", "", "", "40"),
    ("Long Spear", "1/5", "4", "", "Large", "60"),
    ("Big Club", "1/4", "", "", "", ""),
    ("Big Sword", "1/3", "2", "0", "Large", "60"),
    ("Big Axe", "1/4", "3", "0", "Large", "60"),
    ("Small Shield", "1/6", "0", "2", "Buckler, Clumsy", "20"),
    ("Shield", "1/5", "0", "3", "Clumsy 1", "40"),
    ("Large Shield", "1/4", "0", "4", "Clumsy", "80"),
)
CLUMSY = "−5 AV when used as a weapon"

#: Armour: name, Absorption (against EV), Hardness (against damage).
ARMOUR = (
    ("Leather", 1, 1),
    ("Hard Leather", 2, 3),
    ("Reinf. Leather", 3, 2),
    ("Hide", 3, 1),
    ("Chainvest", 3, 3),
    ("Chainmail", 4, 3),
    ("Chestplate", 3, 5),
    ("Reinforced Chain", 5, 4),
    ("Plate", 5, 5),
)
ARMOUR_PIECES = (("Greaves", "+1 Absorption, −1 Move"), ("Arms", "+1 Absorption"))


def progression_total(steps: int) -> int:
    """What ``steps`` steps of the draft progression add in all (+1 per step after the fifth)."""
    return sum(PROGRESSION_STEPS[:steps]) + max(0, steps - len(PROGRESSION_STEPS))
