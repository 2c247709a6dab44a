"""What the shared contracts read of Adrenaline (the pieces: ``support/system_contract.py``)."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import strategies as st
from play_documents import FIELD_VALUES, new_entry, played
from system_contract import Bad, Cli, PlayRoll

#: ``play_sheet`` takes the entry under this key.
SHEET_KEY = "character"

NAMES = st.sampled_from(["Strength", "Perception", "Athletics", "", "x" * 70])
EXTENDED = (
    st.none()
    | st.fixed_dictionaries(
        {
            "attribute": NAMES | FIELD_VALUES,
            "ability": st.sampled_from(["", "Athletics", "Nope"]) | FIELD_VALUES,
            "difficulty": st.integers(0, 12) | FIELD_VALUES,
            "target": st.integers(-1, 102) | FIELD_VALUES,
            "rolls": st.lists(st.integers(-12, 12), max_size=6) | FIELD_VALUES,
        }
    )
    | FIELD_VALUES
)
MODIFIERS = (
    st.dictionaries(
        st.sampled_from(["Injured", "Keen eyes", "", "y" * 70]), st.integers(-12, 12) | FIELD_VALUES, max_size=3
    )
    | FIELD_VALUES
)
CHARACTER_PARTS = st.fixed_dictionaries(
    {
        "name": st.text(max_size=70) | FIELD_VALUES,
        "attributes": st.dictionaries(NAMES, st.integers(-2, 12) | FIELD_VALUES, max_size=4) | FIELD_VALUES,
        "abilities": st.dictionaries(
            st.sampled_from(["Athletics", "Intimidation", ""]), st.integers(-2, 12), max_size=3
        )
        | FIELD_VALUES,
        "modifiers": MODIFIERS,
        "adrenaline": st.integers(-2, 12) | FIELD_VALUES,
        "extended": EXTENDED,
    },
    optional={"declared": st.integers(-1, 12) | FIELD_VALUES},
)
#: The entries of a drawn document (version 1 had no ``modifiers``: the contract also draws
#: documents of version 1, which the migration gives none when they have none).
ENTRIES = st.lists(CHARACTER_PARTS, max_size=3)


def assert_entry_kept(character: dict) -> None:
    """Nothing of Adrenaline's own beyond the contract's (the sheet is drawn there)."""


# --- play_steps: any sequence of valid play actions ------------------------------------------------
ACTIONS = (
    "play_new",
    "play_sheet",
    "play_odds",
    "play_roll",
    "play_extended_start",
    "play_extended_roll",
    "play_extended_clear",
    "play_opposed",
    "play_declare",
    "play_tap_odds",
)
SEEDS = st.integers(0, 10**6).map(str)
DIFFICULTIES = st.sampled_from(["", "2", "6", "7", "10", "Challenging"])


def _pool_request(data: st.DataObject, character: dict, prefix: str = "") -> dict[str, str]:
    """An attribute and an ability of ``character``, a difficulty and points to spend."""
    return {
        prefix + "attribute": data.draw(st.sampled_from(sorted(character["attributes"]))),
        prefix + "ability": data.draw(st.sampled_from(["", *sorted(character["abilities"])])),
        prefix + "difficulty": data.draw(DIFFICULTIES),
        prefix + "spend": data.draw(st.sampled_from(["", *map(str, range(character["adrenaline"] + 1))])),
    }


def _edited(data: st.DataObject, character: dict) -> dict:
    """``character`` as a player might edit it: ratings, modifiers, points."""
    ratings = st.integers(0, 10)
    # (A bank typed by hand drops any declaration, as the page does: it could be past the new bank.)
    return {
        **{key: value for key, value in character.items() if key != "declared"},
        "attributes": {
            **character["attributes"],
            **data.draw(st.dictionaries(st.sampled_from(["Strength", "Perception", "Wits"]), ratings, max_size=2)),
        },
        "abilities": {
            **character["abilities"],
            **data.draw(st.dictionaries(st.sampled_from(["Athletics", "Intimidation"]), ratings, max_size=2)),
        },
        "modifiers": data.draw(
            st.dictionaries(
                st.sampled_from(["Injured", "Keen eyes", "Drunk"]) | st.text(min_size=1, max_size=60),
                st.integers(-10, 10),
                max_size=3,
            )
        ),
        "adrenaline": data.draw(st.integers(0, 10)),
    }


def play_steps(data: st.DataObject, call: Callable[..., dict | None]) -> list[dict]:
    """Drawn valid play of Adrenaline's characters, extended tests and contests between two of
    them included (``play_documents.played``; ``call`` answers through the bridge, None when
    refused)."""

    def step(action: str, at: int, entries: list[dict]) -> dict | None:
        character = entries[at]
        if action == "play_sheet":
            return call(action, character=_edited(data, character))
        if action in ("play_odds", "play_roll"):
            return call(action, character=character, seed=data.draw(SEEDS), **_pool_request(data, character))
        if action == "play_extended_start":
            request = _pool_request(data, character)
            return call(
                action,
                character=character,
                target=str(data.draw(st.integers(1, 100))),
                **{k: v for k, v in request.items() if k != "spend"},
            )
        if action == "play_declare":
            return call(action, character=character, box=str(data.draw(st.integers(1, 10))))
        if action == "play_tap_odds":
            return call(action, character=character, **_pool_request(data, character))
        if action == "play_extended_roll" and character["extended"] is None:
            return None  # (refused: none under way; the drawn steps go to rolls that can be made)
        if action in ("play_extended_roll", "play_extended_clear"):
            return call(action, character=character, seed=data.draw(SEEDS))
        to = data.draw(st.integers(0, len(entries) - 1), label="other")
        if to == at:
            return None
        reply = call(
            action,
            character=character,
            other=entries[to],
            seed=data.draw(SEEDS),
            **_pool_request(data, character),
            **_pool_request(data, entries[to], "other-"),
        )
        if reply is not None:
            entries[to] = reply["other"]
        return reply

    return played(data, st.sampled_from(ACTIONS), lambda: new_entry(data, call, "character", "Mara"), step, "character")


#: The one prefix of the classes this system's sheet and views own (tests/test_stylesheets.py).
CSS_PREFIX = "srd-ad"
#: The roller form's fields, as its page sends them (``roll_form``, ``odds_form``, ``share``).
ROLLER_FIELDS = (
    "attribute",
    "ability",
    "difficulty",
    "adrenaline",
    "mode",
    "options",
    "target",
    "wastes",
    "other-attribute",
    "other-ability",
    "other-difficulty",
    "other-adrenaline",
    "below",
)

# --- the CLI and bridge contract, and the play layout check -----------------------------------
CLI = Cli(
    ("6d10 vs 7", "6d10", "6d10 vs 7 +2a"),
    frozenset({"dice_detail", "successes", "ones", "net", "result", "degree", "adrenaline_earned", "pair"}),
    frozenset({"p_success", "p_failure", "p_botch", "p_adrenaline", "mean"}),
    (Bad("12d10 vs 7", 0, 2, "with designer"), Bad("6d10 vs 12", 8, 2, "from 2 to 10")),
)

PLAY_ROLL = PlayRoll(
    "#adp",
    "New character",
    "#adp-seed",
    "5",
    "Roll",
    "#adp .srd-play__roll .srd-play__result",
    "#adp .srd-play__roll .srd-play__odds",
    False,
)
