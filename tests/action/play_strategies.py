"""Action!'s part of the play contract (tests/test_play_contract.py): its scenes as Hypothesis
draws them, the request key its sheet is drawn by, and what every scene read back must keep."""

from __future__ import annotations

from hypothesis import strategies as st
from play_documents import FIELD_VALUES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "scene"

SMALL = st.integers(-2, 25) | FIELD_VALUES
CHARACTER_PARTS = st.fixed_dictionaries({
    "name": st.sampled_from(["Ann", "Bo", "ann", ""]) | FIELD_VALUES, "kind": st.just("character") | FIELD_VALUES,
    "attributes": st.sampled_from([{"Agility": 3, "Wits": 3, "Luck": 3}, {"Agility": 3}, {}]) | FIELD_VALUES,
    "skills": st.dictionaries(st.sampled_from(["Guns", "Dodge", ""]), SMALL, max_size=2) | FIELD_VALUES,
    "health": SMALL, "toughness": SMALL, "shock": SMALL, "wounds": SMALL, "shots": SMALL, "modifier": SMALL,
    "initiative": st.none() | SMALL, "acted": st.booleans() | FIELD_VALUES, "rolled": st.booleans() | FIELD_VALUES,
})
MOOK_PARTS = st.fixed_dictionaries({
    "name": st.sampled_from(["Thugs", "Ann"]) | FIELD_VALUES, "kind": st.just("mooks") | FIELD_VALUES,
    "mook": st.sampled_from(["glass-jaw", "advanced", "speed-bump", "elite"]) | FIELD_VALUES,
    "members": SMALL, "left": SMALL, "acted": st.booleans() | FIELD_VALUES,
})
CARDS = st.lists(st.integers(-1, 3) | st.sampled_from(["d10", "Setback", "Random Event", "Joker"]), max_size=5)
SCENE_PARTS = st.fixed_dictionaries({
    "name": st.text(max_size=12) | FIELD_VALUES, "threshold": SMALL,
    "rules": st.lists(st.sampled_from(["wound-penalty", "percentile", "stun", "sand", "seriousness"]), max_size=3)
    | FIELD_VALUES,
    "initiative": st.sampled_from(["shots", "cards", "dice"]) | FIELD_VALUES,
    "sequence": st.integers(-1, 3) | FIELD_VALUES, "stack": CARDS | FIELD_VALUES, "out": CARDS | FIELD_VALUES,
    "combatants": st.lists(CHARACTER_PARTS | MOOK_PARTS, max_size=3) | FIELD_VALUES,
})
#: The entries of a drawn document.
ENTRIES = st.lists(SCENE_PARTS, max_size=2)


def assert_entry_kept(scene: dict) -> None:
    """A mook group read back has no more left than its members; a character no more shock than
    its health."""
    for c in scene["combatants"]:
        assert 0 <= c["left"] <= c["members"] if c["kind"] == "mooks" else 0 <= c["shock"] <= c["health"]
