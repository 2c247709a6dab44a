"""dice & danger's part of the play contract (tests/test_play_contract.py): its characters as
Hypothesis draws them and the request key its sheet is drawn by."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import JSON_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

SLOT = st.fixed_dictionaries({"item": st.sampled_from(["", "rope", " ", "x" * 70]) | JSON_VALUES,
                              "condition": st.sampled_from(["", "mar", "mood", "break", "burnt"]) | JSON_VALUES})
WEAPON = st.fixed_dictionaries({"family": st.sampled_from(["none", "swords", "axes", "bows"]) | JSON_VALUES,
                                **{key: st.booleans() | JSON_VALUES for key in ("heavy", "ranged", "crude", "off_hand")}})
CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | JSON_VALUES,
    "level": st.integers(-1, 40) | JSON_VALUES,
    "attributes": st.fixed_dictionaries({name: st.integers(0, 7) for name in
                                         ("Strength", "Reflex", "Health", "Intelligence", "Will")}) | JSON_VALUES,
    "titles": st.lists(st.fixed_dictionaries({"text": st.text(max_size=8) | JSON_VALUES,
                                              "boosted": st.booleans() | JSON_VALUES}), max_size=3) | JSON_VALUES,
    "hit_defense_marked": st.integers(-1, 8) | JSON_VALUES,
    "weapon": WEAPON | JSON_VALUES,
    "armour": st.sampled_from(["none", "leather", "plate", "mithril"]) | JSON_VALUES,
    "slots": st.lists(SLOT, max_size=14) | JSON_VALUES,
    "stowed": st.lists(st.text(max_size=8), max_size=8) | JSON_VALUES,
    "health_save": st.none() | st.fixed_dictionaries({"now": st.integers(0, 4), "had": st.integers(-1, 4)}) | JSON_VALUES,
    "health_outcome": st.none() | st.sampled_from(["Dying", "Dead", "Sleepy"]) | JSON_VALUES,
})
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of dice & danger's own beyond the contract's (the sheet is drawn there)."""
