"""Doom Stack's part of the shared contracts (``support/system_contract.py`` names each piece):
its characters for the play contract, its CLI data and its play tool's roll."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from play_documents import FIELD_VALUES, new_entry, played
from system_contract import Bad, Cli, PlayRoll

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

DICE = st.lists(st.integers(0, 13), max_size=8)
PICK = (
    st.none()
    | st.fixed_dictionaries(
        {
            "kind": st.sampled_from(["roll", "another action", ""]) | FIELD_VALUES,
            "pool": st.integers(-1, 9) | FIELD_VALUES,
            "tn": st.none() | st.integers(0, 20) | FIELD_VALUES,
            "dice": DICE | FIELD_VALUES,
            "held": DICE | FIELD_VALUES,
            "stack": DICE | FIELD_VALUES,
            "open": st.booleans() | FIELD_VALUES,
        }
    )
    | FIELD_VALUES
)
CHARACTER_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=70) | FIELD_VALUES,
        "attributes": st.dictionaries(
            st.sampled_from(["Strength", "Willpower", "Agility", "", "x" * 70]),
            st.integers(-2, 25) | FIELD_VALUES,
            max_size=4,
        ),
        "skills": st.dictionaries(st.text(max_size=12), st.integers(-2, 25), max_size=4) | FIELD_VALUES,
        "marks": st.text(alphabet="X/ x", max_size=14) | FIELD_VALUES,
        "overflow": st.integers(-2, 15) | FIELD_VALUES,
        "stable": st.booleans() | FIELD_VALUES,
        "attention": st.lists(st.integers(0, 13), max_size=8) | FIELD_VALUES,
        "pick": PICK,
    }
)
#: The entries of a drawn document (the contract also draws them as version 1, whose migration
#: gives ``stable`` and ``pick`` to a character that has neither).
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """A character read back has no more marks than its hit boxes (4 + Strength + Willpower), is
    stable only while dying, and an open pick is exactly what its attention pool holds."""
    attributes = character["attributes"]
    boxes = 4 + attributes["Strength"] + attributes["Willpower"]
    assert len(character["marks"]) <= boxes
    assert not character["stable"] or 0 < character["overflow"] < boxes
    pick = character["pick"]
    if pick is not None and pick["open"]:
        left = list(pick["dice"])
        for die in pick["stack"]:
            left.remove(die)
        assert character["attention"] == pick["held"] + left


# --- play_steps: any sequence of valid play actions ------------------------------------------------
ACTIONS = (
    "play_new",
    "play_sheet",
    "play_odds",
    "play_roll",
    "play_choose",
    "play_multitask",
    "play_attack",
    "play_bleed",
    "play_heal",
)
SEEDS = st.integers(0, 10**6).map(str)
TNS = st.sampled_from(["", "4", "8", "12", "Challenging"])
MODIFIERS = st.sampled_from(["", "+1", "-1", "+3", "-9"])
STACKS = st.integers(0, 8)


def _pool_request(data: st.DataObject, character: dict) -> dict[str, str]:
    """An attribute and a skill of ``character`` (or none), modifiers, a TN and a seed."""
    return {
        "attribute": data.draw(st.sampled_from(sorted(character["attributes"]))),
        "skill": data.draw(st.sampled_from(["", *sorted(character["skills"])])),
        "modifiers": data.draw(MODIFIERS),
        "tn": data.draw(TNS),
        "seed": data.draw(SEEDS),
    }


def _edited(data: st.DataObject, character: dict) -> dict:
    """``character`` as a player might edit it: ratings and skills."""
    ratings = st.integers(0, 6)
    return {
        **character,
        "attributes": {
            **character["attributes"],
            **data.draw(
                st.dictionaries(st.sampled_from(["Strength", "Agility", "Willpower", "Charm"]), ratings, max_size=2)
            ),
        },
        "skills": {
            **character["skills"],
            **data.draw(
                st.dictionaries(
                    st.sampled_from(["Firearms", "Stealth"]) | st.text(min_size=1, max_size=60), ratings, max_size=2
                )
            ),
        },
    }


def _attack(data: st.DataObject, character: dict) -> dict[str, str]:
    """An attack's fields: a defence the attention pool can make (or none) most of the time."""
    defences = sorted({die for die in character["attention"]} | {sum(character["attention"])})
    return {
        "attack": str(data.draw(st.integers(0, 30))),
        "defence": data.draw(st.sampled_from(["", *map(str, defences)])),
        "cover": data.draw(st.sampled_from(["", "on"])),
        "body": data.draw(st.sampled_from(["", "2"])),
        "hard": data.draw(st.sampled_from(["", "", "3"])),
        "antitank": data.draw(st.sampled_from(["", "on"])),
    }


def play_steps(data: st.DataObject, call: Callable[..., dict | None]) -> list[dict]:
    """Drawn valid play of Doom Stack's characters: rolls and stacks, other actions, attacks,
    bleeding and healing (``play_documents.played``; ``call`` answers through the bridge, None
    when refused)."""

    def step(action: str, at: int, entries: list[dict]) -> dict | None:
        character = entries[at]
        if action == "play_sheet":
            return call(action, character=_edited(data, character))
        if action in ("play_odds", "play_roll", "play_multitask"):
            return call(action, character=character, **_pool_request(data, character))
        if action == "play_choose":
            return call(action, character=character, stack=str(data.draw(STACKS)))
        if action == "play_attack":
            return call(action, character=character, fields=_attack(data, character))
        if action == "play_bleed":
            return call(action, character=character, seed=data.draw(SEEDS))
        return call(action, character=character, kind=data.draw(st.sampled_from(["stun", "physical", "all"])))

    return played(data, st.sampled_from(ACTIONS), lambda: new_entry(data, call, "character", "Vex"), step, "character")


#: The one prefix of the classes this system's sheet and views own (tests/test_stylesheets.py).
CSS_PREFIX = "srd-ds"

# --- the CLI and bridge contract, and the play layout check -----------------------------------
CLI = Cli(
    ("4d6 vs TN 8", "4D6 VS 8", "7d6 vs TN 8"),
    frozenset({"best_stack", "success", "glitch", "performance", "attention_pool"}),
    frozenset({"p_success", "p_glitch"}),
    (
        Bad("4d7", 2, 1, "only six-sided dice"),
        Bad("900d6", 0, 3, "from 0 to 300"),
        Bad("4d6 vs", 6, 1, "expected a TN"),
    ),
)

PLAY_ROLL = PlayRoll(
    "#dsp", "New character", "#dsp-seed", "31", "Roll", "#dsp .srd-play__roll .srd-play__result", None, False
)
