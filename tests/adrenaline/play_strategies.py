"""Adrenaline's part of the play contract (tests/test_play_contract.py): its characters as
Hypothesis draws them and the request key its sheet is drawn by."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import JSON_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

NAMES = st.sampled_from(["Strength", "Perception", "Athletics", "", "x" * 70])
EXTENDED = st.none() | st.fixed_dictionaries({
    "attribute": NAMES | JSON_VALUES, "ability": st.sampled_from(["", "Athletics", "Nope"]) | JSON_VALUES,
    "difficulty": st.integers(0, 12) | JSON_VALUES, "target": st.integers(-1, 102) | JSON_VALUES,
    "rolls": st.lists(st.integers(-12, 12), max_size=6) | JSON_VALUES,
}) | JSON_VALUES
CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | JSON_VALUES,
    "attributes": st.dictionaries(NAMES, st.integers(-2, 12) | JSON_VALUES, max_size=4) | JSON_VALUES,
    "abilities": st.dictionaries(st.sampled_from(["Athletics", "Intimidation", ""]), st.integers(-2, 12),
                                 max_size=3) | JSON_VALUES,
    "adrenaline": st.integers(-2, 12) | JSON_VALUES,
    "extended": EXTENDED,
})
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of Adrenaline's own beyond the contract's (the sheet is drawn there)."""
