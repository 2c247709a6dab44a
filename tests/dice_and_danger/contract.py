"""dice & danger's data for the shared contracts, each piece named in
``support/system_contract.py``: characters to play, notations for the CLI, a damage roll."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from play_documents import FIELD_VALUES, new_entry
from system_contract import Bad, Cli, PlayRoll

from rules_engine.dice_and_danger.rules import HEALTH_SAVE_OUTCOMES

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

SLOT = st.fixed_dictionaries(
    {
        "item": st.sampled_from(["", "rope", " ", "x" * 70]) | FIELD_VALUES,
        "condition": st.sampled_from(["", "mar", "mood", "injury", "break", "burnt"]) | FIELD_VALUES,
        "gear": st.sampled_from(["", "weapon", "off_hand", "armour", "shield"]) | FIELD_VALUES,
    }
)
WEAPON = st.fixed_dictionaries(
    {
        "family": st.sampled_from(["none", "swords", "axes", "bows"]) | FIELD_VALUES,
        **{key: st.booleans() | FIELD_VALUES for key in ("heavy", "ranged", "crude", "off_hand")},
    }
)
HEALTH_SAVE = st.fixed_dictionaries(
    {
        "now": st.integers(0, 101),
        "had": st.integers(-1, 4),
        "moods": st.lists(st.integers(-1, 12), max_size=3) | FIELD_VALUES,
    }
)
CHARACTER_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=70) | FIELD_VALUES,
        "level": st.integers(-1, 40) | FIELD_VALUES,
        "attributes": st.fixed_dictionaries(
            {name: st.integers(0, 7) for name in ("Strength", "Reflex", "Health", "Intelligence", "Will")}
        )
        | FIELD_VALUES,
        "titles": st.lists(
            st.fixed_dictionaries(
                {"text": st.text(max_size=8) | FIELD_VALUES, "boosted": st.booleans() | FIELD_VALUES}
            ),
            max_size=3,
        )
        | FIELD_VALUES,
        "hit_defense_marked": st.integers(-1, 8) | FIELD_VALUES,
        "weapon": WEAPON | FIELD_VALUES,
        "armour": st.sampled_from(["none", "leather", "plate", "mithril"]) | FIELD_VALUES,
        "slots": st.lists(SLOT, max_size=14) | FIELD_VALUES,
        "stowed": st.lists(st.text(max_size=8), max_size=8) | FIELD_VALUES,
        "health_save": st.none() | HEALTH_SAVE | FIELD_VALUES,
        "health_outcome": st.none() | st.sampled_from(["Dying", "Dead", "Sleepy"]) | FIELD_VALUES,
    }
)
#: The entries of a drawn document.
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of dice & danger's own beyond the contract's (the sheet is drawn there)."""


# --- a sequence of valid play actions -------------------------------------------------------------
SEEDS = st.integers(0, 10**6).map(str)
FLAGS = st.sampled_from(["", "on"])
DAMAGE_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "expert": FLAGS,
        "boosted": FLAGS,
        "prepared": FLAGS,
        "friend": FLAGS,
        "hit_defense": FLAGS,
        "hd_reading": st.sampled_from(["target", "bonus", "literal"]),
        "unsuited": FLAGS,
        "shield": st.sampled_from(["none", "shield", "tower"]),
        "armour": st.sampled_from(["none", "leather", "splint", "chain", "plate"]),
        "conditions": st.sampled_from(["", "0", "1", "2"]),
    },
)
SAVE_FIELDS = st.fixed_dictionaries(
    {"attribute": st.sampled_from(["Strength", "Reflex", "Health", "Intelligence", "Will", "Armor", "Luck", "Faith"])},
    optional={
        "dice": st.sampled_from(["", "1", "2", "4"]),
        "weight": FLAGS,
        "conditions": st.sampled_from(["", "0", "1"]),
        "weapon": st.sampled_from(["", "swords", "axes", "clubs", "spears"]),
    },
)


def _edited(data: st.DataObject, character: dict) -> dict:
    """``character`` with one part edited as the page edits it (the engine judges the result)."""
    part = data.draw(
        st.sampled_from(["level", "titles", "weapon", "armour", "slot", "stowed", "outcome", "attribute"]), label="edit"
    )
    edited = {**character}
    if part == "level":
        edited["level"] = data.draw(st.integers(0, 40))
    elif part == "titles":
        edited["titles"] = data.draw(
            st.lists(
                st.fixed_dictionaries({"text": st.text(min_size=1, max_size=20), "boosted": st.booleans()}), max_size=3
            )
        )
    elif part == "weapon":
        edited["weapon"] = {
            "family": data.draw(st.sampled_from(["none", "swords", "axes", "clubs", "spears"])),
            **{key: data.draw(st.booleans()) for key in ("heavy", "ranged", "crude", "off_hand")},
        }
    elif part == "armour":
        edited["armour"] = data.draw(st.sampled_from(["none", "leather", "splint", "chain", "plate"]))
    elif part == "slot":
        slots = [dict(slot) for slot in character["slots"]]
        i = data.draw(st.integers(0, len(slots) - 1))
        slots[i] = {
            "item": data.draw(st.sampled_from(["", "sword", "rope", "leather armour"]) | st.text(max_size=20)),
            "condition": data.draw(st.sampled_from(["", "mar", "mood", "injury", "break"])),
            "gear": data.draw(st.sampled_from(["", "weapon", "off_hand", "armour"])),
        }
        edited["slots"] = slots
    elif part == "stowed":
        edited["stowed"] = data.draw(st.lists(st.text(min_size=1, max_size=20), max_size=12))
    elif part == "outcome":
        edited["health_outcome"] = data.draw(st.none() | st.sampled_from([name for _, name, _ in HEALTH_SAVE_OUTCOMES]))
    else:
        name = data.draw(st.sampled_from(["Strength", "Reflex", "Health", "Intelligence", "Will"]))
        edited["attributes"] = {**character["attributes"], name: data.draw(st.integers(1, 6))}
    return edited


def _hits(data: st.DataObject, character: dict, sheet: dict | None) -> dict:
    """A ``play_take_hits`` request: some on the Hit Defense left, the rest as conditions in slots."""
    left = sheet["hit_defense_left"] if sheet else 0
    on_hd = data.draw(st.integers(0, max(0, left)))
    slots = data.draw(st.lists(st.integers(0, len(character["slots"]) - 1), max_size=4))
    return {"hits": str(on_hd + len(slots)), "hit_defense": str(on_hd) if on_hd else "", "slots": slots}


def play_steps(data: st.DataObject, call: Callable[..., dict | None]) -> list[dict]:
    """Draws and performs a sequence of valid play actions of dice & danger: ``play_new`` with a
    name drawn from all of Unicode (a plain name when that is refused), then 0–12 steps among
    every play action (a new character beside the others, up to three; an edit of the sheet; the
    lists; a damage roll's odds and roll; a save's odds and roll; hits taken; the Health save's
    odds and roll), each taking its character from the last reply. ``call(action, **request)``
    answers through the bridge, or None when the action was refused with a RulesError. Returns
    the characters it ended with (1–3)."""

    def new() -> dict:
        return new_entry(data, call, "character", "Wren", seed=data.draw(SEEDS, label="seed"))

    entries, sheets = [new()], [None]
    for _ in range(data.draw(st.integers(0, 12), label="steps")):
        i = data.draw(st.integers(0, len(entries) - 1), label="which")
        character = entries[i]
        action = data.draw(
            st.sampled_from(
                [
                    "play_new",
                    "play_sheet",
                    "play_lists",
                    "play_damage_odds",
                    "play_damage_roll",
                    "play_save_odds",
                    "play_save_roll",
                    "play_take_hits",
                    "play_health_odds",
                    "play_health_roll",
                ]
            ),
            label="action",
        )
        if action == "play_new":
            if len(entries) < 3:
                entries.append(new())
                sheets.append(None)
            continue
        if action == "play_sheet":
            request = {"character": _edited(data, character)}
        elif action == "play_lists":
            request = {}
        elif action.startswith("play_damage"):
            request = {"character": character, "fields": data.draw(DAMAGE_FIELDS, label="fields")}
        elif action.startswith("play_save"):
            request = {"character": character, "fields": data.draw(SAVE_FIELDS, label="fields")}
        elif action == "play_take_hits":
            request = {"character": character, **_hits(data, character, sheets[i])}
        else:
            request = {"character": character}
        if action.endswith("_roll"):
            request["seed"] = data.draw(SEEDS, label="seed")
        reply = call(action, **request)
        if reply and "character" in reply:
            entries[i], sheets[i] = reply["character"], reply["sheet"]
    return entries


#: The one prefix of the classes this system's sheet and views own (tests/test_stylesheets.py).
CSS_PREFIX = "srd-dd"

# --- the CLI and bridge contract, and the play layout check -----------------------------------
CLI = Cli(
    ("4d-1p vs DC 3", "4d+1b vs DC 3", "1d+2p"),
    frozenset({"hits", "kept", "dropped", "explosions"}),
    frozenset({"dc", "mean", "p_at_least"}),
    (
        Bad("4d-1b vs DC 3", 2, 3, "write +1p"),
        Bad("500d vs DC 3", 0, 4, "up to 100 base dice"),
        Bad("3d vs DC", 8, 1, "expected the DC"),
    ),
)

PLAY_ROLL = PlayRoll(
    "#ddp",
    "New character",
    "#ddp-dmg-seed",
    "3",
    "Roll damage",
    "#ddp .srd-play__damage .srd-play__result",
    "#ddp-dmg-odds",
    True,
)
