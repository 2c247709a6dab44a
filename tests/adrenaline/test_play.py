"""The Adrenaline play tool in the engine: the bridge actions (``rules_engine/adrenaline/play.py``)
with hand-checked small cases, and its saved characters as the reader takes or refuses them.
Any text, file or link, and any document read back are the shared play contract's
(tests/test_play_contract.py, fed Adrenaline's characters from contract.py); any sheet
rolled is here: it answers or refuses with one RulesError, never anything else."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME

from rules_engine.adrenaline import odds_notation
from rules_engine.adrenaline.play import SCHEMA, VERSION, finish_chances, new_character, read_character
from rules_engine.core.play import FORMAT

from .characters import mara
from .contract import ACTIONS, CHARACTER_PARTS, NAMES

bridge, ok, refused, only_rules_errors = play_documents.calls_for("adrenaline")


def lock(rolls: list[int], target: int = 4, **changes: object) -> dict:
    """Mara picking a lock: Perception alone (3 dice) at difficulty 6."""
    return mara(
        extended={"attribute": "Perception", "ability": "", "difficulty": 6, "target": target, "rolls": rolls},
        **changes,
    )


def intimidating(target: int, **changes: object) -> dict:
    """Mara starting an extended roll of Perception + Intimidation (5 dice) at 6 toward ``target``."""
    return mara(
        extended={"attribute": "Perception", "ability": "Intimidation", "difficulty": 6, "target": target, "rolls": []},
        **changes,
    )


def document(*entries: dict, version: int = VERSION) -> dict:
    return {"format": FORMAT, "version": version, "system": "adrenaline", "entries": list(entries)}


def percent_of(chance: dict) -> Fraction:
    return Fraction(chance["exact"])


def roll_request(**more: str) -> dict:
    return {"attribute": "Perception", "ability": "Intimidation", "difficulty": "6", "spend": "", **more}


def bare_side(attribute: str, prefix: str = "") -> dict[str, str]:
    """One side of an opposed roll (``prefix`` "other-" for the other's): ``attribute`` alone, at
    the default difficulty, nothing spent."""
    side = {"attribute": attribute, "ability": "", "difficulty": "", "spend": ""}
    return {prefix + key: value for key, value in side.items()}


# --- a character and a roll ----------------------------------------------------------------------
def test_a_new_character() -> None:
    result = ok("play_new", name="  Rook  ")
    assert result["character"] == {
        "name": "Rook",
        "attributes": {"Strength": 2, "Perception": 2},
        "abilities": {},
        "modifiers": {},
        "adrenaline": 0,
        "extended": None,
    }
    assert result["sheet"] == {
        "adrenaline": 0,
        "most_adrenaline": 10,
        "declared": 0,
        "modifiers": "none",
        "extended": None,
        "points": [{"mark": "", "words": f"Point {box}: empty", "pressed": False} for box in range(1, 11)],
    }


def test_the_odds_before_a_roll_are_the_chapters_odds() -> None:
    # One die at difficulty 6: a success on 6-10 (1/2), a botch on a 1 (1/10), never a pair.
    one = mara(attributes={"Strength": 1, "Perception": 3})
    result = ok("play_odds", character=one, attribute="Strength", ability="", difficulty="", spend="")
    assert result["notation"] == "1d10 vs 6" and result["what"] == "Strength"
    assert percent_of(result["odds"]["success"]) == Fraction(1, 2)
    assert percent_of(result["odds"]["botch"]) == Fraction(1, 10)
    assert percent_of(result["odds"]["adrenaline"]) == 0
    # A point spent: never a botch; a success whenever the die does not take it away (it cannot).
    spent = ok("play_odds", character=one, attribute="Strength", ability="", difficulty="", spend="1")
    assert spent["notation"] == "1d10+1a vs 6"
    assert percent_of(spent["odds"]["success"]) == 1 and percent_of(spent["odds"]["botch"]) == 0
    # Perception 3 + Intimidation 2 = 5 dice: the same chances as the chapter's roller.
    form = ok("odds_form", fields={"attribute": "5", "ability": "", "difficulty": "7", "adrenaline": "", "mode": ""})
    sheet = ok("play_odds", character=mara(), **roll_request(difficulty="7"))
    assert {row["key"]: row["exact"] for row in form["summary"]}["success"] == sheet["odds"]["success"]["exact"]


def test_a_roll_from_the_sheet_is_the_rollers_roll_and_moves_the_points() -> None:
    for seed in range(60):
        result = ok("play_roll", character=mara(), **roll_request(spend="1", seed=str(seed)))
        rolled = ok(
            "roll_form",
            fields={"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "1", "mode": ""},
            seed=str(seed),
        )
        assert result["roll"]["dice"] == rolled["dice"] and result["notation"] == "5d10+1a vs 6"
        earned = rolled["adrenaline_earned"]
        assert result["character"]["adrenaline"] == 2 - 1 + earned
        assert result["points"] == "Adrenaline 2 → " + str(1 + earned) + " (1 spent" + (
            ", 1 earned)" if earned else ")"
        )
        assert result["fields"] == {"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "1"}


def test_doubles_earn_a_point_and_a_full_bank_keeps_ten() -> None:
    seeds = [
        s
        for s in range(200)
        if ok("play_roll", character=mara(), **roll_request(seed=str(s)))["roll"]["adrenaline_earned"]
    ]
    assert seeds, "some roll of 5 dice earns a point"
    earning = str(seeds[0])
    assert ok("play_roll", character=mara(adrenaline=4), **roll_request(seed=earning))["character"]["adrenaline"] == 5
    full = ok("play_roll", character=mara(adrenaline=10), **roll_request(seed=earning))
    assert full["character"]["adrenaline"] == 10
    assert full["points"] == "Adrenaline 10 → 10 (1 earned (the bank was full: not kept))"
    spent_then_earned = ok("play_roll", character=mara(adrenaline=10), **roll_request(spend="3", seed=earning))
    assert spent_then_earned["character"]["adrenaline"] == 8


def test_a_roll_refuses_what_the_sheet_cannot_do() -> None:
    assert "Mara has 2 Adrenaline points to spend, not 3" in refused(
        "play_roll", character=mara(), **roll_request(spend="3", seed="1")
    )
    assert "no attribute 'Charm'" in refused("play_roll", character=mara(), **roll_request(attribute="Charm"))
    assert "no ability 'Magic'" in refused("play_roll", character=mara(), **roll_request(ability="Magic"))
    assert "Difficulty must be from 2 to 10" in refused("play_roll", character=mara(), **roll_request(difficulty="11"))
    # Errors about a field open with its label on the page.
    assert (
        refused("play_roll", character=mara(), **roll_request(spend="x"))
        == "Adrenaline to spend must be a whole number, not x"
    )
    assert (
        refused(
            "play_opposed",
            character=mara(),
            other=mara(),
            **roll_request(**{"other-attribute": "Strength", "other-spend": "11"}),
        )
        == "Their Adrenaline to spend must be from 0 to 10, not 11"
    )
    assert (
        refused("play_extended_start", character=mara(), **roll_request(target="0"))
        == "Successes to gather must be from 1 to 100, not 0"
    )
    zero = ok(
        "play_roll",
        character=mara(attributes={"Strength": 0, "Perception": 0}),
        **roll_request(attribute="Strength", ability="", seed="3"),
    )
    assert zero["roll"]["dice"] == [] and zero["roll"]["net"] == 0


# --- the extended roll ------------------------------------------------------------------------------
def test_finish_chances_by_hand() -> None:
    # One die at 6: each roll +1 (1/2), 0 (4/10), a botch (1/10). One success needed:
    # within 1 roll 1/2; within 2, 1/2 + 4/10 · 1/2 = 7/10; lost by then 1/10 + 4/10 · 1/10 = 7/50.
    rows = finish_chances(1, 6, 1, horizon=2)
    assert [Fraction(r["finish"]["exact"]) for r in rows] == [Fraction(1, 2), Fraction(7, 10)]
    assert [Fraction(r["lost"]["exact"]) for r in rows] == [Fraction(1, 10), Fraction(7, 50)]
    # Two successes with one die: never in one roll; in two, 1/2 · 1/2.
    assert [Fraction(r["finish"]["exact"]) for r in finish_chances(1, 6, 2, horizon=2)] == [0, Fraction(1, 4)]
    # Two dice at 6 (hand count over 100 faces): net ≥ 1 when some die succeeds and no 1 cancels it:
    # both succeed 25, one succeeds beside a blank 2·5·4 = 40: 65/100. A botch: a 1 beside a blank
    # (8) or two 1s (1): 9/100.
    first = finish_chances(2, 6, 1, horizon=1)[0]
    assert Fraction(first["finish"]["exact"]) == Fraction(13, 20) and Fraction(first["lost"]["exact"]) == Fraction(
        9, 100
    )


def test_finish_chances_agree_with_the_chapters_extended_odds() -> None:
    # From nothing gathered, "within k rolls" is the chapter's "reached by then".
    chapter = odds_notation("3d10 vs 6 until 4")
    by_then = Fraction(0)
    for k, row in enumerate(finish_chances(3, 6, 4), 1):
        by_then += chapter.reached.p(k)
        assert Fraction(row["finish"]["exact"]) == by_then
        assert Fraction(row["lost"]["exact"]) == chapter.lost.p_at_most(k)


def test_an_extended_roll_start_to_end() -> None:
    started = ok(
        "play_extended_start", character=mara(), attribute="Perception", ability="", difficulty="6", target="4"
    )
    assert started["character"]["extended"] == {
        "attribute": "Perception",
        "ability": "",
        "difficulty": 6,
        "target": 4,
        "rolls": [],
    }
    ext = started["sheet"]["extended"]
    assert ext["notation"] == "3d10 vs 6 until 4" and ext["gathered"] == 0 and ext["needed"] == 4
    assert [row["rolls"] for row in ext["chances"]] == [1, 2, 3, 4, 5]
    assert ext["chances"] == finish_chances(3, 6, 4)
    character = started["character"]
    for seed in range(100):
        rolled = ok("play_extended_roll", character=character, seed=str(seed))
        net = rolled["roll"]["net"]
        assert rolled["character"]["extended"]["rolls"] == character["extended"]["rolls"] + [net]
        character = rolled["character"]
        ext = rolled["sheet"]["extended"]
        if ext["ending"]:
            break
        # The chances always follow what is left to gather.
        assert ext["chances"] == finish_chances(3, 6, 4 - ext["gathered"])
    assert ext["ending"] in ("reached", "lost") and ext["chances"] is None
    assert "has ended" in refused("play_extended_roll", character=character, seed="1")
    assert ok("play_extended_clear", character=character)["character"]["extended"] is None
    assert "no extended roll" in refused("play_extended_roll", character=mara(), seed="1")


def test_extended_progress_by_hand() -> None:
    sheet = ok("play_sheet", character=lock([1, 0, 2]))["sheet"]["extended"]
    assert (sheet["gathered"], sheet["needed"], sheet["ending"], sheet["totals"]) == (3, 1, None, [1, 1, 3])
    reached = ok("play_sheet", character=lock([1, 0, 3]))["sheet"]["extended"]
    assert (reached["gathered"], reached["ending"], reached["chances"]) == (4, "reached", None)
    lost = ok("play_sheet", character=lock([2, -1]))["sheet"]["extended"]
    assert (lost["gathered"], lost["ending"], lost["totals"]) == (0, "lost", [2, 0])


def test_an_extended_roll_refuses() -> None:
    start = {"attribute": "Perception", "ability": "", "difficulty": "6"}
    assert "needs a target" in refused("play_extended_start", character=mara(), target="", **start)
    assert "Successes to gather must be from 1 to 100" in refused(
        "play_extended_start", character=mara(), target="101", **start
    )
    nothing = mara(attributes={"Strength": 0, "Perception": 3})
    assert place(
        "play_extended_start", character=nothing, attribute="Strength", ability="", difficulty="", target="3"
    ) == ("ability", "Strength 0: 0 dice, which never gather a success")


# --- the opposed roll -----------------------------------------------------------------------------
def test_an_opposed_roll_between_two_sheets() -> None:
    rook = mara(name="Rook", attributes={"Strength": 4, "Perception": 1}, abilities={}, adrenaline=0)
    request = {
        "attribute": "Perception",
        "ability": "Intimidation",
        "difficulty": "6",
        "spend": "2",
        "other-attribute": "Strength",
        "other-ability": "",
        "other-difficulty": "7",
        "other-spend": "",
    }
    # The same contest on the roller's form: Perception 3 + Intimidation 2 is 5 dice, Strength 4 is 4.
    same_roll = {
        "attribute": "5",
        "ability": "",
        "difficulty": "6",
        "adrenaline": "2",
        "mode": "opposed",
        "other-attribute": "4",
        "other-ability": "",
        "other-difficulty": "7",
        "other-adrenaline": "",
    }
    for seed in range(30):
        result = ok("play_opposed", character=mara(), other=rook, seed=str(seed), **request)
        rolled = ok("roll_form", fields=same_roll, seed=str(seed))
        assert result["roll"]["margin"] == rolled["margin"] and result["roll"]["verdict"] == rolled["verdict"]
        assert result["character"]["adrenaline"] == 0 + rolled["roller"]["adrenaline_earned"]
        assert result["other"]["adrenaline"] == rolled["other"]["adrenaline_earned"]
    form = ok("odds_form", fields=same_roll)
    exact = {row["key"]: row["exact"] for row in form["summary"]}
    assert {key: result["odds"][key]["exact"] for key in ("win", "standoff", "lose")} == {
        "win": exact["win"],
        "standoff": exact["standoff"],
        "lose": exact["lose"],
    }
    assert "Rook has 0 Adrenaline points to spend, not 1" in refused(
        "play_opposed", character=mara(), other=rook, **{**request, "other-spend": "1"}
    )


def test_an_opposed_roll_by_hand() -> None:
    # One die each at 6, botches as 0: the roller wins when it succeeds and the other does not
    # (1/2 · 1/2), a stand-off when both succeed or neither does (1/4 + 1/4).
    solo = mara(attributes={"Strength": 1, "Perception": 1})
    request = {**bare_side("Strength"), **bare_side("Strength", "other-"), "seed": "1"}
    odds = ok("play_opposed", character=solo, other=solo, **request)["odds"]
    assert [Fraction(odds[k]["exact"]) for k in ("win", "standoff", "lose")] == [
        Fraction(1, 4),
        Fraction(1, 2),
        Fraction(1, 4),
    ]


# --- the stored format --------------------------------------------------------------------------
def test_export_import_and_link_give_back_the_same_document() -> None:
    saved = document(mara(), lock([1, 0], name="Rook", adrenaline=0))
    play_documents.assert_kept_whole("adrenaline", saved, SCHEMA)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": VERSION + 1}, "newer version of this site"),
        ({"system": "doom-stack"}, "characters for 'doom-stack', not 'adrenaline'"),
        ({"entries": [mara(adrenaline=11)]}, "entries[0].adrenaline: must be from 0 to 10, not 11"),
        ({"entries": [mara(attributes={"Strength": 12})]}, "entries[0].attributes.Strength: must be from 0 to 10"),
        ({"entries": [mara(), mara(abilities=[])]}, "entries[1].abilities: must be an object"),
        ({"entries": [{**mara(), "wounds": 1}]}, "entries[0]: unknown field 'wounds'"),
        (
            {
                "entries": [
                    mara(extended={"attribute": "Charm", "ability": "", "difficulty": 6, "target": 3, "rolls": []})
                ]
            },
            "entries[0].extended.attribute: the character has no attribute 'Charm'",
        ),
        ({"entries": [lock([2, 3, 1])]}, "entries[0].extended.rolls: the roll ended on roll 2, but 3 rolls are kept"),
        ({"entries": [lock([-1, 1])]}, "the roll ended on roll 1"),
        ({"entries": [lock([11])]}, "entries[0].extended.rolls[0]: must be from -10 to 10, not 11"),
        ({"entries": [lock([], target=0)]}, "entries[0].extended.target: must be from 1 to 100, not 0"),
    ],
)
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(mara()), **change}))


def test_an_extended_roll_past_the_cap_rolls_ten_dice() -> None:
    # (This test asserted a refusal before issue 28: "it is not possible to have more than 10
    # dice in your dice pool" now holds the pool to 10 dice, the play page's Ruling.)
    big = mara(
        attributes={"Strength": 2, "Perception": 9},
        extended={"attribute": "Perception", "ability": "Intimidation", "difficulty": 6, "target": 3, "rolls": []},
    )
    assert ok("play_import", text=json.dumps(document(big)))["document"]["entries"] == [big]
    ext = ok("play_sheet", character=big)["sheet"]["extended"]
    assert ext["pool"] == 10 and ext["notation"] == "10d10 vs 6 until 3"
    assert ext["pool_line"] == "Perception 9 + Intimidation 2: 11, held to the cap of 10 dice"
    assert len(ok("play_extended_roll", character=big, seed="5")["roll"]["dice"]) == 10


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(CHARACTER_PARTS, CHARACTER_PARTS, NAMES, st.text(max_size=4), st.text(max_size=3), st.integers(0, 99))
def test_any_sheet_rolled(character: dict, other: dict, attribute: str, difficulty: str, spend: str, seed: int) -> None:
    fields = {"attribute": attribute, "ability": "", "difficulty": difficulty, "spend": spend}
    only_rules_errors("play_odds", character=character, **fields)
    only_rules_errors("play_roll", character=character, seed=str(seed), **fields)
    only_rules_errors("play_extended_start", character=character, target=spend, **fields)
    only_rules_errors("play_extended_roll", character=character, seed=str(seed))
    only_rules_errors(
        "play_opposed",
        character=character,
        other=other,
        seed=str(seed),
        **fields,
        **{"other-" + key: value for key, value in fields.items()},
    )


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == "adrenaline" and SCHEMA.version == VERSION == 3
    assert read_character(new_character(), "x") == new_character()


# --- issue 28: every point earned joins the bank; every refusal names its place ------------------
def earning_extended_seed(character: dict, final: bool | None = None) -> str:
    """The first seed whose next extended roll of ``character`` earns a point (``final``: True
    for one that ends the task, False for one that does not, None for either)."""
    for seed in range(400):
        rolled = ok("play_extended_roll", character=character, seed=str(seed))
        ends = rolled["sheet"]["extended"]["ending"] is not None
        if rolled["roll"]["adrenaline_earned"] and (final is None or final == ends):
            return str(seed)
    raise AssertionError("no seed earns a point")


def test_doubles_on_an_extended_roll_join_the_bank() -> None:
    # "If you roll two dice with the same face value, and both of those are successes, you can
    # add 1 Adrenaline point to your Adrenaline pool": an extended roll's rolls are rolls too.
    digging = intimidating(30, adrenaline=2)
    seed = earning_extended_seed(digging, final=False)
    rolled = ok("play_extended_roll", character=digging, seed=seed)
    assert "+1 point" in rolled["roll"]["lines"][-1]
    assert rolled["character"]["adrenaline"] == 3
    assert rolled["points"] == "Adrenaline 2 → 3 (1 earned)"
    # A roll that earns nothing leaves the bank alone and says so.
    plain = next(
        str(s)
        for s in range(400)
        if not ok("play_extended_roll", character=digging, seed=str(s))["roll"]["adrenaline_earned"]
    )
    quiet = ok("play_extended_roll", character=digging, seed=plain)
    assert quiet["character"]["adrenaline"] == 2 and quiet["points"] == "Adrenaline 2 → 2"
    # A full bank keeps 10 (the play page's Ruling "a full Adrenaline bank").
    full = ok("play_extended_roll", character={**digging, "adrenaline": 10}, seed=seed)
    assert full["character"]["adrenaline"] == 10
    assert full["points"] == "Adrenaline 10 → 10 (1 earned (the bank was full: not kept))"


def test_doubles_on_the_roll_that_ends_an_extended_roll_join_the_bank() -> None:
    quick = intimidating(2, adrenaline=0)
    seed = earning_extended_seed(quick, final=True)
    rolled = ok("play_extended_roll", character=quick, seed=seed)
    assert rolled["sheet"]["extended"]["ending"] == "reached" and rolled["character"]["adrenaline"] == 1


def place(action: str, **request: object) -> tuple[str | None, str]:
    """The field a refusal names and its message."""
    reply = bridge(action, **request)
    assert not reply["ok"], reply
    return reply["error"]["field"], reply["error"]["message"]


def test_state_refusals_name_their_place() -> None:
    assert place("play_extended_roll", character=mara(), seed="1") == (
        "character.extended",
        "character.extended: no extended roll is under way: start one first",
    )
    assert place("play_extended_roll", character=lock([4]), seed="1") == (
        "character.extended",
        "character.extended: this extended roll has ended: clear it or start another",
    )
    assert place("play_extended_roll", character=lock([0] * 400, target=4), seed="1") == (
        "character.extended.rolls",
        "character.extended.rolls: an extended roll keeps at most 400 rolls",
    )


# --- issue 28: pool modifiers ("The dice pool can be further modified by injury, special character
# stats, or other factors. In general, it is not possible to have more than 10 dice in your dice pool.")
def hurt(**modifiers: int) -> dict:
    return mara(modifiers=modifiers)


def test_pool_modifiers_change_every_roll_from_the_sheet() -> None:
    injured = hurt(Injured=-2, **{"Keen eyes": 1})
    assert ok("play_sheet", character=injured)["sheet"]["modifiers"] == "Injured −2, Keen eyes +1"
    # Perception 3 + Intimidation 2 − 2 + 1 = 4 dice: the chapter's odds of 4 dice.
    odds = ok("play_odds", character=injured, **roll_request())
    assert odds["notation"] == "4d10 vs 6" and odds["what"] == "Perception + Intimidation"
    assert odds["pool_line"] == "Perception 3 + Intimidation 2, Injured −2, Keen eyes +1: 4 dice"
    form = ok("odds_form", fields={"attribute": "4", "ability": "", "difficulty": "6", "adrenaline": "", "mode": ""})
    assert {row["key"]: row["exact"] for row in form["summary"]}["success"] == odds["odds"]["success"]["exact"]
    rolled = ok("play_roll", character=injured, **roll_request(seed="11"))
    assert len(rolled["roll"]["dice"]) == 4 and rolled["notation"] == "4d10 vs 6"
    assert rolled["fields"]["attribute"] == "4"  # the chapter's roller link rolls the same 4 dice
    assert (
        rolled["roll"]["dice"]
        == ok(
            "roll_form",
            fields={"attribute": "4", "ability": "", "difficulty": "6", "adrenaline": "", "mode": ""},
            seed="11",
        )["dice"]
    )
    # An extended roll takes the modifiers as they stand at each roll.
    started = ok(
        "play_extended_start", character=injured, attribute="Perception", ability="", difficulty="6", target="5"
    )
    assert started["sheet"]["extended"]["notation"] == "2d10 vs 6 until 5"
    assert started["sheet"]["extended"]["pool_line"] == "Perception 3, Injured −2, Keen eyes +1: 2 dice"
    healed = {**started["character"], "modifiers": {}}
    assert ok("play_sheet", character=healed)["sheet"]["extended"]["notation"] == "3d10 vs 6 until 5"
    assert len(ok("play_extended_roll", character=started["character"], seed="3")["roll"]["dice"]) == 2
    assert len(ok("play_extended_roll", character=healed, seed="3")["roll"]["dice"]) == 3
    # Each side of an opposed roll takes its own sheet's modifiers.
    rook = mara(name="Rook", attributes={"Strength": 4, "Perception": 1}, abilities={}, modifiers={"Drunk": -3})
    contest = ok(
        "play_opposed",
        character=injured,
        other=rook,
        seed="2",
        **roll_request(),
        **bare_side("Strength", "other-"),
    )
    assert contest["notation"] == "4d10 vs 6 against 1d10 vs 6"
    assert contest["pool_lines"] == [
        "Perception 3 + Intimidation 2, Injured −2, Keen eyes +1: 4 dice",
        "Strength 4, Drunk −3: 1 die",
    ]
    assert (len(contest["roll"]["roller"]["dice"]), len(contest["roll"]["other"]["dice"])) == (4, 1)


def test_the_ten_dice_cap_exactly_and_one_past() -> None:
    exactly = ok("play_roll", character=hurt(Rested=5), **roll_request(seed="1"))
    assert len(exactly["roll"]["dice"]) == 10 and exactly["pool_line"].endswith(": 10 dice")
    past = ok("play_roll", character=hurt(Rested=6), **roll_request(seed="1"))
    assert past["roll"]["dice"] == exactly["roll"]["dice"] and past["notation"] == "10d10 vs 6"
    assert past["pool_line"] == "Perception 3 + Intimidation 2, Rested +6: 11, held to the cap of 10 dice"
    # Ratings alone past 10 are held the same way. (Before issue 28 the sheet refused such a roll.)
    big = mara(attributes={"Strength": 6, "Perception": 3}, abilities={"Athletics": 5})
    held = ok("play_roll", character=big, **roll_request(attribute="Strength", ability="Athletics", seed="1"))
    assert held["roll"]["dice"] == exactly["roll"]["dice"]
    assert held["pool_line"] == "Strength 6 + Athletics 5: 11, held to the cap of 10 dice"


def test_a_pool_of_nothing_after_modifiers() -> None:
    # Perception 3 + Intimidation 2 − 5 = 0 dice, and − 7 is still 0: no dice, net 0, a failure,
    # unless a point is spent ("you can get 1 automatic success on a roll").
    for injury, line in (
        (-5, "Perception 3 + Intimidation 2, Injured −5: 0 dice"),
        (-7, "Perception 3 + Intimidation 2, Injured −7: −2, so 0 dice"),
    ):
        nothing = ok("play_roll", character=hurt(Injured=injury), **roll_request(seed="4"))
        assert nothing["roll"]["dice"] == [] and nothing["roll"]["result"] == "failure"
        assert nothing["pool_line"] == line and nothing["character"]["adrenaline"] == 2
    spent = ok("play_roll", character=hurt(Injured=-5), **roll_request(spend="2", seed="4"))
    assert spent["roll"]["net"] == 2 and spent["character"]["adrenaline"] == 0
    # An extended roll with no dice would never gather a success: refused, naming the modifiers.
    assert place(
        "play_extended_start", character=hurt(Injured=-3), attribute="Perception", ability="", difficulty="", target="2"
    ) == ("character.modifiers", "character.modifiers: Perception 3, Injured −3: 0 dice, which never gather a success")
    under_way = {**lock([1]), "modifiers": {"Injured": -3}}
    assert place("play_extended_roll", character=under_way, seed="1") == (
        "character.modifiers",
        "character.modifiers: Perception 3, Injured −3: 0 dice, which never gather a "
        "success: change the modifiers or stop this extended roll",
    )
    assert ok("play_sheet", character=under_way)["sheet"]["extended"]["chances"] == []


@pytest.mark.parametrize(
    ("modifiers", "words"),
    [
        ([], "entries[0].modifiers: must be an object of names and dice, not a list"),
        ({"Injured": -11}, "entries[0].modifiers.Injured: must be from -10 to 10, not -11"),
        ({"Injured": 1.5}, "entries[0].modifiers.Injured: must be a whole number from -10 to 10, not a number"),
        ({"Injured": True}, "entries[0].modifiers.Injured: must be a whole number"),
        ({"": 1}, "entries[0].modifiers name: must not be empty"),
        ({"a": 1, " a ": 2}, "entries[0].modifiers: 'a' appears twice"),
        ({f"m{i}": 1 for i in range(13)}, "entries[0].modifiers: too many: at most 12"),
    ],
)
def test_bad_modifiers_are_refused(modifiers: object, words: str) -> None:
    assert words in refused("play_import", text=json.dumps(document(mara(modifiers=modifiers))))


def test_a_sheets_refusal_names_the_field() -> None:
    assert place("play_sheet", character=mara(modifiers={"Injured": 11})) == (
        "character.modifiers.Injured",
        "character.modifiers.Injured: must be from -10 to 10, not 11",
    )
    assert place("play_sheet", character=mara(adrenaline=-1))[0] == "character.adrenaline"
    assert place("play_sheet", character=[])[0] == "character"
    assert place("play_opposed", character=mara(), other={**mara(), "x": 1}, **roll_request())[0] == "other"
    assert place("play_new", name="a\x07b") == ("name", "name: holds a control character")
    assert place("play_roll", character=mara(), **roll_request(spend="x")) == (
        "spend",
        "Adrenaline to spend must be a whole number, not x",
    )


# --- the saved format: today's documents open after the change --------------------------------------
def test_a_document_saved_before_issue_28_opens_with_no_modifiers() -> None:
    saved = json.loads((Path(__file__).parent / "data" / "saved_v1.json").read_text(encoding="utf-8"))
    assert saved["version"] == 1
    # Version 1 → today's: every character gains "modifiers": {} (version 2) and nothing else changes.
    expected = {**saved, "version": VERSION, "entries": [{**entry, "modifiers": {}} for entry in saved["entries"]]}
    assert ok("play_import", text=json.dumps(saved))["document"] == expected
    assert ok("play_check", document=saved)["document"] == expected
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == expected
    assert expected["entries"][1] == {
        "name": "Rook",
        "attributes": {"Strength": 4, "Perception": 3, "Wits": 0},
        "abilities": {"Athletics": 3, "Lore": 0},
        "modifiers": {},
        "adrenaline": 10,
        "extended": {
            "attribute": "Perception",
            "ability": "Athletics",
            "difficulty": 7,
            "target": 12,
            "rolls": [3, 2, 3],
        },
    }
    # What the migration leaves alone is still read strictly.
    assert "entries[0]: unknown field 'wounds'" in refused(
        "play_import", text=json.dumps({**saved, "entries": [{**saved["entries"][0], "wounds": 1}]})
    )
    assert "entries[0].modifiers: must be an object" in refused(
        "play_import", text=json.dumps({**saved, "entries": [{**saved["entries"][0], "modifiers": 3}]})
    )


# --- the edge pass -----------------------------------------------------------------------------------
def seed_where(action: str, test, **request: object) -> str:
    """The first seed whose reply to ``action`` passes ``test``."""
    for seed in range(2000):
        if test(ok(action, seed=str(seed), **request)):
            return str(seed)
    raise AssertionError("no seed found")


def test_spending_the_last_point() -> None:
    last = mara(adrenaline=1)
    seed = seed_where(
        "play_roll", lambda r: not r["roll"]["adrenaline_earned"], character=last, **roll_request(spend="1")
    )
    spent = ok("play_roll", character=last, **roll_request(spend="1", seed=seed))
    assert spent["character"]["adrenaline"] == 0 and spent["points"] == "Adrenaline 1 → 0 (1 spent)"
    assert spent["roll"]["result"] != "botch"  # a spent point is a success no 1 takes away
    assert "Mara has 0 Adrenaline points to spend, not 1" in refused(
        "play_roll", character=spent["character"], **roll_request(spend="1")
    )
    # All ten at once, from a full bank.
    every = ok("play_roll", character=mara(adrenaline=10), **roll_request(spend="10", seed=seed))
    assert every["character"]["adrenaline"] == 0 and every["roll"]["net"] >= 10


def test_a_botch_earns_nothing_and_spends_nothing_unasked() -> None:
    seed = seed_where("play_roll", lambda r: r["roll"]["result"] == "botch", character=mara(), **roll_request())
    botched = ok("play_roll", character=mara(), **roll_request(seed=seed))
    assert botched["roll"]["net"] < 0 and botched["character"]["adrenaline"] == 2
    assert botched["points"] == "Adrenaline 2 → 2"


def test_an_extended_roll_that_ends_exactly_at_its_target_and_one_past() -> None:
    # Three gathered of 4: a net of exactly 1 reaches 4; a net of 2 reaches 5, past it.
    short = lock([3])
    exact = seed_where("play_extended_roll", lambda r: r["roll"]["net"] == 1, character=short)
    done = ok("play_extended_roll", character=short, seed=exact)["sheet"]["extended"]
    assert (done["gathered"], done["needed"], done["ending"], done["totals"]) == (4, 0, "reached", [3, 4])
    past = seed_where("play_extended_roll", lambda r: r["roll"]["net"] == 2, character=short)
    over = ok("play_extended_roll", character=short, seed=past)["sheet"]["extended"]
    assert (over["gathered"], over["needed"], over["ending"]) == (5, 0, "reached")
    # A net of 0 goes on, 1 short.
    none = seed_where("play_extended_roll", lambda r: r["roll"]["net"] == 0, character=short)
    still = ok("play_extended_roll", character=short, seed=none)["sheet"]["extended"]
    assert (still["gathered"], still["needed"], still["ending"]) == (3, 1, None)


def test_an_extended_roll_lost_to_a_botch() -> None:
    near = lock([3])
    seed = seed_where("play_extended_roll", lambda r: r["roll"]["net"] < 0, character=near)
    lost = ok("play_extended_roll", character=near, seed=seed)
    ext = lost["sheet"]["extended"]
    assert (ext["gathered"], ext["needed"], ext["ending"], ext["totals"]) == (0, 4, "lost", [3, 0])
    assert lost["character"]["adrenaline"] == 2  # a botch earns nothing
    assert place("play_extended_roll", character=lost["character"], seed="1")[0] == "character.extended"


def test_the_last_roll_an_extended_roll_keeps() -> None:
    # 399 nets of 0 kept: the 400th roll is made and read back; the 401st is refused.
    long = lock([0] * 399)
    seed = seed_where("play_extended_roll", lambda r: r["roll"]["net"] == 0, character=long)
    last = ok("play_extended_roll", character=long, seed=seed)["character"]
    assert len(last["extended"]["rolls"]) == 400
    assert ok("play_check", document=document(last))["document"]["entries"] == [last]
    assert place("play_extended_roll", character=last, seed="1")[0] == "character.extended.rolls"


def test_an_opposed_botch_counts_as_no_successes() -> None:
    # Ruling "opposed rolls": a botch scores 0 in the margin. One die each at 6: the roller's 1
    # against the other's blank is a stand-off; against the other's success, the other wins by 1.
    solo = mara(attributes={"Strength": 1, "Perception": 1})
    request = {**bare_side("Strength"), **bare_side("Strength", "other-")}
    for other_net, margin, verdict in ((0, 0, "standoff"), (1, -1, "lose")):
        seed = seed_where(
            "play_opposed",
            lambda r, other_net=other_net: r["roll"]["roller"]["net"] == -1 and r["roll"]["other"]["net"] == other_net,
            character=solo,
            other=solo,
            **request,
        )
        contest = ok("play_opposed", character=solo, other=solo, seed=seed, **request)["roll"]
        assert contest["roller"]["dice"] == [1] and contest["roller"]["result"] == "botch"
        assert (contest["margin"], contest["verdict"]) == (margin, verdict)


@SOME
@given(
    CHARACTER_PARTS,
    CHARACTER_PARTS,
    NAMES,
    st.text(max_size=4),
    st.text(max_size=3),
    st.text(max_size=4),
    st.sampled_from([action for action in ACTIONS if action not in ("play_declare", "play_tap_odds")]),
)
def test_every_refusal_names_its_place(
    character: dict, other: dict, attribute: str, difficulty: str, spend: str, seed: str, action: str
) -> None:
    fields = {"attribute": attribute, "ability": "", "difficulty": difficulty, "spend": spend, "target": spend}
    reply = bridge(
        action,
        name=seed,
        character=character,
        other=other,
        seed=seed,
        **fields,
        **{"other-" + key: value for key, value in fields.items()},
    )
    if not reply["ok"]:
        assert "could not answer" not in reply["error"]["message"], reply
        assert reply["error"]["field"], reply
