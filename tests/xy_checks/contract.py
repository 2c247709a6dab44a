"""X-in-Y for the shared contracts (``support/system_contract.py``): scenes Hypothesis draws,
the CLI's notations and carets, the exchange the layout check rolls."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from play_documents import json_values, new_entry, played
from system_contract import Bad, Cli, PlayRoll

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "scene"

#: Smaller than the shared JSON values: a scene nests three deep already.
FIELD_VALUES = json_values(most=4, leaves=20)
COMBATANT_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=70) | FIELD_VALUES,
        "check": st.sampled_from(["5/6", "4/6 +1b", "2/20 -3 TN crit", "9/6", "5/6,", "", "volley 5/6 vs 1"])
        | st.text(max_size=12)
        | FIELD_VALUES,
        "defence": st.sampled_from(["none", "barely", "fully", "Fully"]) | FIELD_VALUES,
        "form": st.sampled_from(["inferior", "even", "superior", ""]) | FIELD_VALUES,
        "health": st.integers(-1, 1001) | FIELD_VALUES,
        "damage": st.integers(-1, 12) | FIELD_VALUES,
    }
)
SIDE_PARTS = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Wardens", "", "x" * 70]) | FIELD_VALUES,
        "champion": st.integers(-1, 4) | FIELD_VALUES,
        "combatants": st.lists(COMBATANT_PARTS, max_size=4) | FIELD_VALUES,
    }
)
SCENE_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=12) | FIELD_VALUES,
        "sides": st.lists(SIDE_PARTS, min_size=1, max_size=3) | FIELD_VALUES,
        "order": st.sampled_from(["lightest", "written", "random"]) | FIELD_VALUES,
        "tie": st.sampled_from(["min", "full", "first", "second", "more", "fewer", "coin"]) | FIELD_VALUES,
    }
)
#: The entries of a drawn document.
ENTRIES = st.lists(SCENE_PARTS, max_size=2)


def assert_entry_kept(scene: dict) -> None:
    """Every combatant of a scene read back has taken no more damage than its health."""
    for side in scene["sides"]:
        assert all(0 <= c["damage"] <= c["health"] for c in side["combatants"])


#: Every play action of X-in-Y but the shared ones (rules_engine/core/play.py).
ACTIONS = ("play_new", "play_sheet", "play_add", "play_remove", "play_odds", "play_roll")
SEEDS = st.integers(0, 10**6).map(str)
CHECKS = st.sampled_from(["5/6", "4/6 +1b", "3/6 -1p", "2/20 -3 TN crit", "5/6 +2 TN", "1/4 -1 TN", "19/20 +2b crit"])


def _edited(data: st.DataObject, scene: dict) -> dict:
    """``scene`` as a table might edit it on the page: names from all of Unicode, checks,
    defences, forms, health and damage taken, champions, the order and the tie."""
    names = st.text(min_size=1, max_size=60)
    sides = []
    for side in scene["sides"]:
        combatants = []
        for c in side["combatants"]:
            health = data.draw(st.integers(1, 30) | st.just(c["health"]), label="health")
            combatants.append(
                {
                    **c,
                    "name": data.draw(names | st.just(c["name"]), label="combatant"),
                    "check": data.draw(CHECKS | st.just(c["check"]), label="check"),
                    "defence": data.draw(st.sampled_from(["none", "barely", "partially", "fully"])),
                    "form": data.draw(st.sampled_from(["inferior", "even", "superior"])),
                    "health": health,
                    "damage": data.draw(st.integers(0, health), label="damage"),
                }
            )
        sides.append(
            {
                **side,
                "name": data.draw(names | st.just(side["name"]), label="side"),
                "champion": data.draw(st.integers(0, max(0, len(combatants) - 1)), label="champion"),
                "combatants": combatants,
            }
        )
    return {
        **scene,
        "name": data.draw(names | st.just(scene["name"]), label="scene"),
        "sides": sides,
        "order": data.draw(st.sampled_from(["lightest", "written"])),
        "tie": data.draw(st.sampled_from(["min", "full", "first", "second", "more", "fewer"])),
    }


def play_steps(data: st.DataObject, call: Callable[..., dict | None]) -> list[dict]:
    """A drawn sequence of this system's valid play actions on scenes (``play_documents.played``;
    ``call`` answers through the bridge, None when refused)."""

    def step(action: str, at: int, scenes: list[dict]) -> dict | None:
        scene = scenes[at]
        side = data.draw(st.integers(0, 1), label="side")
        if action == "play_sheet":
            return call(action, scene=_edited(data, scene))
        if action == "play_add":
            return call(action, scene=scene, side=side)
        if action == "play_remove":
            if not scene["sides"][side]["combatants"]:
                return None  # (refused: nobody to take off; the drawn steps go to those that can be made)
            index = data.draw(st.integers(0, len(scene["sides"][side]["combatants"]) - 1), label="index")
            return call(action, scene=scene, side=side, index=index)
        return call(
            action,
            scene=scene,
            attacking=data.draw(st.sampled_from(["first", "second", "both"])),
            seed=data.draw(SEEDS, label="seed"),
        )

    return played(data, st.sampled_from(ACTIONS), lambda: new_entry(data, call, "scene", "The ford"), step, "scene")


#: The one prefix of the classes this system's sheet and views own (tests/test_stylesheets.py).
CSS_PREFIX = "srd-xy"

# --- the CLI and bridge contract, and the play layout check -----------------------------------
CLI = Cli(
    ("5/6 -3 TN +1b", "4/6 +1p", "4/6 -1p"),
    frozenset({"hit", "degree", "check"}),
    frozenset({"check", "p_success"}),
    (Bad("5/6 -3 TN -1b", 10, 3, "write -1p"), Bad("volley 5/6, 25x 4/6 vs 2", 12, 3, "from 1 to 20")),
)

PLAY_ROLL = PlayRoll(
    "#xyp",
    "New scene",
    "#xyp-seed",
    "7",
    "Roll the exchange",
    "#xyp .srd-xy-play__result",
    "#xyp .srd-xy-play__odds",
    False,
    entry="s",
)
