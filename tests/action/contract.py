"""Action!'s pieces of the shared contracts, as ``support/system_contract.py`` lists them."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from play_documents import FIELD_VALUES, new_entry, played
from system_contract import Bad, Cli, PlayRoll

from rules_engine.action.play import MAX_SHOCK, MAX_WOUNDS

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "scene"

SMALL = st.integers(-2, 25) | FIELD_VALUES
CHARACTER_PARTS = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Ann", "Bo", "ann", ""]) | FIELD_VALUES,
        "kind": st.just("character") | FIELD_VALUES,
        "attributes": st.sampled_from([{"Agility": 3, "Wits": 3, "Luck": 3}, {"Agility": 3}, {}]) | FIELD_VALUES,
        "skills": st.dictionaries(st.sampled_from(["Guns", "Dodge", ""]), SMALL, max_size=2) | FIELD_VALUES,
        "health": SMALL,
        "toughness": SMALL,
        "shock": SMALL,
        "wounds": SMALL,
        "shots": SMALL,
        "modifier": SMALL,
        "initiative": st.none() | SMALL,
        "acted": st.sampled_from(["", "action", "quiet", "rest", "dance"]) | FIELD_VALUES,
        "rolled": st.booleans() | FIELD_VALUES,
        "spent": st.booleans() | FIELD_VALUES,
        "shaken": st.booleans() | FIELD_VALUES,
        "out": st.sampled_from([0, 0, 1, 100, 101]) | SMALL,
        "out_margin": st.sampled_from([0, 0, 9]) | SMALL,
        "wake_due": st.booleans() | FIELD_VALUES,
        "life": st.sampled_from(["alive", "dying", "stable", "dead", "undead"]) | FIELD_VALUES,
    }
)
MOOK_PARTS = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Thugs", "Ann"]) | FIELD_VALUES,
        "kind": st.just("mooks") | FIELD_VALUES,
        "mook": st.sampled_from(["glass-jaw", "advanced", "speed-bump", "elite"]) | FIELD_VALUES,
        "members": SMALL,
        "left": SMALL,
        "shaken": SMALL,
        "acted": st.booleans() | FIELD_VALUES,
    }
)
CARDS = st.lists(st.integers(-1, 3) | st.sampled_from(["d10", "Setback", "Random Event", "Joker"]), max_size=5)
SCENE_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=12) | FIELD_VALUES,
        "threshold": SMALL,
        "rules": st.lists(st.sampled_from(["wound-penalty", "percentile", "stun", "sand", "seriousness"]), max_size=3)
        | FIELD_VALUES,
        "initiative": st.sampled_from(["shots", "cards", "dice"]) | FIELD_VALUES,
        "sequence": st.integers(-1, 3) | FIELD_VALUES,
        "stack": CARDS | FIELD_VALUES,
        "out": CARDS | FIELD_VALUES,
        "combatants": st.lists(CHARACTER_PARTS | MOOK_PARTS, max_size=3) | FIELD_VALUES,
    }
)
#: The entries of a drawn document.
ENTRIES = st.lists(SCENE_PARTS, max_size=2)


def assert_entry_kept(scene: dict) -> None:
    """A mook group read back has no more Shaken than stand, and no more standing than its
    members; a character keeps shock and wounds within their limits (past Health and Toughness
    too), and only one who is down has a Shock roll's margin or a wake-up roll due."""
    for c in scene["combatants"]:
        if c["kind"] == "mooks":
            assert 0 <= c["shaken"] <= c["left"] <= c["members"]
        else:
            assert 0 <= c["shock"] <= MAX_SHOCK and 0 <= c["wounds"] <= MAX_WOUNDS
            assert c["out"] or not (c["out_margin"] or c["wake_due"])


#: Every play action of this system but the shared document ones.
ACTIONS = (
    "play_new",
    "play_sheet",
    "play_add",
    "play_remove",
    "play_sequence",
    "play_act",
    "play_odds",
    "play_roll",
    "play_damage",
    "play_padding",
    "play_wake",
    "play_shake",
    "play_stabilise",
)
BUSY = (
    "play_damage",
    "play_damage",
    "play_sequence",
    "play_act",
    "play_sheet",
    "play_add",
    "play_wake",
    "play_shake",
    "play_stabilise",
)
ACT_WORDS = ("action", "quiet", "rest", "active-defence", "raise-initiative", "out-of-sequence")
SEEDS = st.integers(0, 10**6).map(str)
NUMBERS = st.integers(-5, 40).map(str) | st.just("")


def _edited(data: st.DataObject, scene: dict) -> dict:
    """The scene with one field changed as the page's fields change it (to a value that may
    well be refused)."""
    part = data.draw(st.sampled_from(["name", "threshold", "rules", "initiative", "combatant"]), label="field")
    if part == "name":
        return {**scene, "name": data.draw(st.text(min_size=1, max_size=60), label="value")}
    if part == "threshold":
        return {**scene, "threshold": data.draw(st.integers(0, 101), label="value")}
    if part == "rules":
        rules = data.draw(
            st.lists(
                st.sampled_from(
                    ["wound-penalty", "percentile", "shock-roll", "stun", "cinematic", "sand", "dark-times", "shaken"]
                ),
                unique=True,
                max_size=4,
            ),
            label="value",
        )
        return {**scene, "rules": rules}
    if part == "initiative":
        return {**scene, "initiative": data.draw(st.sampled_from(["shots", "cards"]), label="value")}
    if not scene["combatants"]:
        return scene
    i = data.draw(st.integers(0, len(scene["combatants"]) - 1), label="index")
    c = scene["combatants"][i]
    if c["kind"] == "mooks":
        key = data.draw(st.sampled_from(["name", "mook", "members", "left"]), label="key")
        value = {
            "name": st.text(min_size=1, max_size=60),
            "mook": st.sampled_from(["glass-jaw", "advanced", "speed-bump"]),
            "members": st.integers(1, 99),
            "left": st.integers(0, 6),
        }[key]
    else:
        key = data.draw(
            st.sampled_from(
                ["name", "health", "toughness", "shock", "wounds", "shots", "modifier", "attributes", "skills"]
            ),
            label="key",
        )
        value = {
            "name": st.text(min_size=1, max_size=60),
            "health": st.integers(1, 40),
            "toughness": st.integers(1, 6),
            "shock": st.integers(0, 60),
            "wounds": st.integers(0, 9),
            "shots": st.integers(0, 6),
            "modifier": st.integers(-3, 3),
            "attributes": st.fixed_dictionaries(
                {
                    "Agility": st.integers(0, 9),
                    "Wits": st.integers(0, 9),
                    "Luck": st.integers(0, 9),
                    "Willpower": st.integers(0, 9),
                }
            ),
            "skills": st.dictionaries(st.sampled_from(["Guns", "Focus", "Dodge"]), st.integers(0, 9), max_size=3),
        }[key]
    combatants = list(scene["combatants"])
    combatants[i] = {**c, key: data.draw(value, label="value")}
    return {**scene, "combatants": combatants}


def _step(data: st.DataObject, call: Callable[..., dict | None], action: str, scene: dict) -> dict | None:
    """One drawn request of ``action`` on ``scene``, sent; its reply (None: refused)."""
    index = data.draw(st.integers(0, max(0, len(scene["combatants"]) - 1)), label="index")
    seed = data.draw(SEEDS, label="seed")
    if action == "play_sheet":
        return call(action, scene=_edited(data, scene))
    if action == "play_add":
        return call(action, scene=scene, kind=data.draw(st.sampled_from(["character", "mooks"]), label="kind"))
    if action == "play_sequence":
        return call(action, scene=scene, padding=data.draw(st.booleans(), label="padding"))
    if action == "play_act":
        return call(action, scene=scene, index=index, act=data.draw(st.sampled_from(ACT_WORDS), label="act"))
    if action == "play_padding":
        return call(action, scene=scene, card=data.draw(st.sampled_from(["d10", "Setback", "Random Event"])))
    if action in ("play_odds", "play_roll"):
        return call(
            action,
            scene=scene,
            index=index,
            skill="",
            attribute="Agility",
            seed=seed,
            defence=data.draw(st.integers(0, 20).map(str), label="defence"),
            modifiers=data.draw(NUMBERS, label="modifiers"),
        )
    if action == "play_damage":
        return call(
            action,
            scene=scene,
            index=index,
            seed=seed,
            damage=data.draw(st.integers(0, 60) | st.just(999), label="damage"),
            focus=data.draw(NUMBERS, label="focus"),
        )
    how = {"play_wake": ["roll", "physician", "time"], "play_stabilise": ["roll", "hour"], "play_shake": ["roll"]}.get(
        action
    )
    if how is not None:
        return call(
            action,
            scene=scene,
            index=index,
            seed=seed,
            how=data.draw(st.sampled_from(how), label="how"),
            value=data.draw(NUMBERS, label="value"),
        )
    return call(action, scene=scene, index=index)  # play_remove


def play_steps(data: st.DataObject, call: Callable[..., dict | None]) -> list[dict]:
    """A drawn sequence of this system's valid play actions on scenes (``play_documents.played``;
    ``call`` answers through the bridge, None when refused). Hits, Sequences and actions are
    drawn more often: they lead to the states the others end."""
    return played(
        data,
        st.sampled_from(ACTIONS) | st.sampled_from(BUSY),
        lambda: new_entry(data, call, "scene", "The docks"),
        lambda action, at, scenes: _step(data, call, action, scenes[at]),
        "scene",
    )


#: The one prefix of the classes this system's sheet and views own (tests/test_stylesheets.py).
CSS_PREFIX = "srd-action"

# --- the CLI and bridge contract, and the play layout check -----------------------------------
CLI = Cli(
    ("5 vs 5", "8 vs 5 inspired", "5 vs 5 -1d"),
    frozenset({"av", "degree", "pair", "double0"}),
    frozenset({"p_double0", "dice_part", "dice_part_above"}),
    (Bad("5 vs 5 wld", 7, 3, "unknown word 'wld'"), Bad("5 vs 5 T 0", 9, 1, "from 1 to 100")),
)

PLAY_ROLL = PlayRoll(
    "#acp",
    "New scene",
    "#acp-seed",
    "42",
    "Roll",
    "#acp .srd-action-play__note",
    "#acp .srd-action-play__odds",
    True,
    entry="s",
)
