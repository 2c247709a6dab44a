"""X-in-Y's part of the play contract (tests/test_play_contract.py): its scenes as Hypothesis
draws them, the request key its sheet is drawn by, and what every scene read back must keep."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import json_values

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "scene"

#: Smaller than the shared JSON values: a scene nests three deep already.
FIELD_VALUES = json_values(most=4, leaves=20)
COMBATANT_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=70) | FIELD_VALUES,
    "check": st.sampled_from(["5/6", "4/6 +1b", "2/20 -3 TN crit", "9/6", "5/6,", "", "volley 5/6 vs 1"])
    | st.text(max_size=12) | FIELD_VALUES,
    "defence": st.sampled_from(["none", "barely", "fully", "Fully"]) | FIELD_VALUES,
    "form": st.sampled_from(["inferior", "even", "superior", ""]) | FIELD_VALUES,
    "health": st.integers(-1, 1001) | FIELD_VALUES,
    "damage": st.integers(-1, 12) | FIELD_VALUES,
})
SIDE_PARTS = st.fixed_dictionaries({
    "name": st.sampled_from(["Wardens", "", "x" * 70]) | FIELD_VALUES,
    "champion": st.integers(-1, 4) | FIELD_VALUES,
    "combatants": st.lists(COMBATANT_PARTS, max_size=4) | FIELD_VALUES,
})
SCENE_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=12) | FIELD_VALUES,
    "sides": st.lists(SIDE_PARTS, min_size=1, max_size=3) | FIELD_VALUES,
    "order": st.sampled_from(["lightest", "written", "random"]) | FIELD_VALUES,
    "tie": st.sampled_from(["min", "full", "first", "second", "more", "fewer", "coin"]) | FIELD_VALUES,
})
#: The entries of a drawn document.
ENTRIES = st.lists(SCENE_PARTS, max_size=2)


def assert_entry_kept(scene: dict) -> None:
    """Every combatant of a scene read back has taken no more damage than its health."""
    for side in scene["sides"]:
        assert all(0 <= c["damage"] <= c["health"] for c in side["combatants"])
