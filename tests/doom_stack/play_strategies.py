"""Doom Stack's part of the play contract (tests/test_play_contract.py): its characters as
Hypothesis draws them, the request key its sheet is drawn by, and what every character read
back must keep."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import FIELD_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | FIELD_VALUES,
    "attributes": st.dictionaries(st.sampled_from(["Strength", "Willpower", "Agility", "", "x" * 70]),
                                  st.integers(-2, 25) | FIELD_VALUES, max_size=4),
    "skills": st.dictionaries(st.text(max_size=12), st.integers(-2, 25), max_size=4) | FIELD_VALUES,
    "marks": st.text(alphabet="X/ x", max_size=14) | FIELD_VALUES,
    "overflow": st.integers(-2, 15) | FIELD_VALUES,
    "attention": st.lists(st.integers(0, 7), max_size=8) | FIELD_VALUES,
})
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """A character read back has no more marks than its hit boxes (4 + Strength + Willpower)."""
    attributes = character["attributes"]
    assert len(character["marks"]) <= 4 + attributes["Strength"] + attributes["Willpower"]
