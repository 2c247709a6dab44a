"""Adrenaline's part of the play contract (tests/test_play_contract.py): its characters as
Hypothesis draws them and the request key its sheet is drawn by."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import FIELD_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

NAMES = st.sampled_from(["Strength", "Perception", "Athletics", "", "x" * 70])
EXTENDED = st.none() | st.fixed_dictionaries({
    "attribute": NAMES | FIELD_VALUES, "ability": st.sampled_from(["", "Athletics", "Nope"]) | FIELD_VALUES,
    "difficulty": st.integers(0, 12) | FIELD_VALUES, "target": st.integers(-1, 102) | FIELD_VALUES,
    "rolls": st.lists(st.integers(-12, 12), max_size=6) | FIELD_VALUES,
}) | FIELD_VALUES
CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | FIELD_VALUES,
    "attributes": st.dictionaries(NAMES, st.integers(-2, 12) | FIELD_VALUES, max_size=4) | FIELD_VALUES,
    "abilities": st.dictionaries(st.sampled_from(["Athletics", "Intimidation", ""]), st.integers(-2, 12),
                                 max_size=3) | FIELD_VALUES,
    "adrenaline": st.integers(-2, 12) | FIELD_VALUES,
    "extended": EXTENDED,
})
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of Adrenaline's own beyond the contract's (the sheet is drawn there)."""
