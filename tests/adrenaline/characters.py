"""Mara, the character the Adrenaline play tests play: the source's example pool (Perception 3 +
Intimidation 2), two points banked, no modifiers and no extended roll under way."""

from __future__ import annotations

MARA = {
    "name": "Mara",
    "attributes": {"Strength": 2, "Perception": 3},
    "abilities": {"Intimidation": 2},
    "modifiers": {},
    "adrenaline": 2,
    "extended": None,
}


def mara(**changes: object) -> dict:
    """Mara's sheet with ``changes`` written over its keys."""
    return {**MARA, **changes}
