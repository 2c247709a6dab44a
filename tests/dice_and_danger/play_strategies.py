"""dice & danger's part of the play contract (tests/test_play_contract.py): its characters as
Hypothesis draws them and the request key its sheet is drawn by."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import FIELD_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

SLOT = st.fixed_dictionaries({"item": st.sampled_from(["", "rope", " ", "x" * 70]) | FIELD_VALUES,
                              "condition": st.sampled_from(["", "mar", "mood", "break", "burnt"]) | FIELD_VALUES})
WEAPON = st.fixed_dictionaries({"family": st.sampled_from(["none", "swords", "axes", "bows"]) | FIELD_VALUES,
                                **{key: st.booleans() | FIELD_VALUES for key in ("heavy", "ranged", "crude", "off_hand")}})
CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | FIELD_VALUES,
    "level": st.integers(-1, 40) | FIELD_VALUES,
    "attributes": st.fixed_dictionaries({name: st.integers(0, 7) for name in
                                         ("Strength", "Reflex", "Health", "Intelligence", "Will")}) | FIELD_VALUES,
    "titles": st.lists(st.fixed_dictionaries({"text": st.text(max_size=8) | FIELD_VALUES,
                                              "boosted": st.booleans() | FIELD_VALUES}), max_size=3) | FIELD_VALUES,
    "hit_defense_marked": st.integers(-1, 8) | FIELD_VALUES,
    "weapon": WEAPON | FIELD_VALUES,
    "armour": st.sampled_from(["none", "leather", "plate", "mithril"]) | FIELD_VALUES,
    "slots": st.lists(SLOT, max_size=14) | FIELD_VALUES,
    "stowed": st.lists(st.text(max_size=8), max_size=8) | FIELD_VALUES,
    "health_save": st.none() | st.fixed_dictionaries({"now": st.integers(0, 4), "had": st.integers(-1, 4)}) | FIELD_VALUES,
    "health_outcome": st.none() | st.sampled_from(["Dying", "Dead", "Sleepy"]) | FIELD_VALUES,
})
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of dice & danger's own beyond the contract's (the sheet is drawn there)."""
