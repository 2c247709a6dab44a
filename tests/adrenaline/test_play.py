"""The Adrenaline play tool in the engine: the bridge actions (``rules_engine/adrenaline/play.py``)
with hand-checked small cases, and its saved characters as the reader takes or refuses them.
Any text, file or link, and any document read back are the shared play contract's
(tests/test_play_contract.py, fed Adrenaline's characters from play_strategies.py); any sheet
rolled is here: it answers or refuses with one RulesError, never anything else."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import partial

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME

from rules_engine.adrenaline import odds_notation
from rules_engine.adrenaline.play import SCHEMA, VERSION, finish_chances, new_character, read_character
from rules_engine.core.play import FORMAT, decode_link, encode_link

from .play_strategies import CHARACTER_PARTS, NAMES

bridge, ok, refused, only_rules_errors = (partial(helper, "adrenaline") for helper in (
    play_documents.bridge, play_documents.ok, play_documents.refused, play_documents.only_rules_errors))


def mara(**changes: object) -> dict:
    character = {"name": "Mara", "attributes": {"Strength": 2, "Perception": 3}, "abilities": {"Intimidation": 2},
                 "adrenaline": 2, "extended": None}
    return {**character, **changes}


def lock(rolls: list[int], target: int = 4, **changes: object) -> dict:
    """Mara picking a lock: Perception alone (3 dice) at difficulty 6."""
    return mara(extended={"attribute": "Perception", "ability": "", "difficulty": 6, "target": target,
                          "rolls": rolls}, **changes)


def document(*entries: dict, version: int = VERSION) -> dict:
    return {"format": FORMAT, "version": version, "system": "adrenaline", "entries": list(entries)}


def percent_of(chance: dict) -> Fraction:
    return Fraction(chance["exact"])


def roll_request(**more: str) -> dict:
    return {"attribute": "Perception", "ability": "Intimidation", "difficulty": "6", "spend": "", **more}


# --- a character and a roll ----------------------------------------------------------------------
def test_a_new_character() -> None:
    result = ok("play_new", name="  Rook  ")
    assert result["character"] == {"name": "Rook", "attributes": {"Strength": 2, "Perception": 2}, "abilities": {},
                                   "adrenaline": 0, "extended": None}
    assert result["sheet"] == {"adrenaline": 0, "most_adrenaline": 10, "extended": None}


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
        rolled = ok("roll_form", fields={"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "1",
                                         "mode": ""}, seed=str(seed))
        assert result["roll"]["dice"] == rolled["dice"] and result["notation"] == "5d10+1a vs 6"
        earned = rolled["adrenaline_earned"]
        assert result["character"]["adrenaline"] == 2 - 1 + earned
        assert result["points"] == "Adrenaline 2 → " + str(1 + earned) + " (1 spent" + (", 1 earned)" if earned else ")")
        assert result["fields"] == {"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "1"}


def test_doubles_earn_a_point_and_a_full_bank_keeps_ten() -> None:
    seeds = [s for s in range(200)
             if ok("play_roll", character=mara(), **roll_request(seed=str(s)))["roll"]["adrenaline_earned"]]
    assert seeds, "some roll of 5 dice earns a point"
    earning = str(seeds[0])
    assert ok("play_roll", character=mara(adrenaline=4), **roll_request(seed=earning))["character"]["adrenaline"] == 5
    full = ok("play_roll", character=mara(adrenaline=10), **roll_request(seed=earning))
    assert full["character"]["adrenaline"] == 10
    assert full["points"] == "Adrenaline 10 → 10 (1 earned (the bank was full: not kept))"
    spent_then_earned = ok("play_roll", character=mara(adrenaline=10), **roll_request(spend="3", seed=earning))
    assert spent_then_earned["character"]["adrenaline"] == 8


def test_a_roll_refuses_what_the_sheet_cannot_do() -> None:
    assert "Mara has 2 Adrenaline points to spend, not 3" in refused("play_roll", character=mara(),
                                                                     **roll_request(spend="3", seed="1"))
    assert "no attribute 'Charm'" in refused("play_roll", character=mara(), **roll_request(attribute="Charm"))
    assert "no ability 'Magic'" in refused("play_roll", character=mara(), **roll_request(ability="Magic"))
    big = mara(attributes={"Strength": 6, "Perception": 3}, abilities={"Athletics": 5})
    assert "Strength + Athletics make 11 dice, past the rules' cap of 10" in refused(
        "play_roll", character=big, **roll_request(attribute="Strength", ability="Athletics"))
    assert "Difficulty must be from 2 to 10" in refused("play_roll", character=mara(), **roll_request(difficulty="11"))
    # Errors about a field open with its label on the page.
    assert refused("play_roll", character=mara(), **roll_request(spend="x")) == \
        "Adrenaline to spend must be a whole number, not x"
    assert refused("play_opposed", character=mara(), other=mara(), **roll_request(
        **{"other-attribute": "Strength", "other-spend": "11"})) == "Their Adrenaline to spend must be from 0 to 10, not 11"
    assert refused("play_extended_start", character=mara(), **roll_request(target="0")) == \
        "Successes to gather must be from 1 to 100, not 0"
    zero = ok("play_roll", character=mara(attributes={"Strength": 0, "Perception": 0}),
              **roll_request(attribute="Strength", ability="", seed="3"))
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
    assert Fraction(first["finish"]["exact"]) == Fraction(13, 20) and Fraction(first["lost"]["exact"]) == Fraction(9, 100)


def test_finish_chances_agree_with_the_chapters_extended_odds() -> None:
    # From nothing gathered, "within k rolls" is the chapter's "reached by then".
    chapter = odds_notation("3d10 vs 6 until 4")
    by_then = Fraction(0)
    for k, row in enumerate(finish_chances(3, 6, 4), 1):
        by_then += chapter.reached.p(k)
        assert Fraction(row["finish"]["exact"]) == by_then
        assert Fraction(row["lost"]["exact"]) == chapter.lost.p_at_most(k)


def test_an_extended_roll_start_to_end() -> None:
    started = ok("play_extended_start", character=mara(), attribute="Perception", ability="", difficulty="6",
                 target="4")
    assert started["character"]["extended"] == {"attribute": "Perception", "ability": "", "difficulty": 6,
                                                "target": 4, "rolls": []}
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
    assert "Successes to gather must be from 1 to 100" in refused("play_extended_start", character=mara(), target="101", **start)
    nothing = mara(attributes={"Strength": 0, "Perception": 3})
    assert "make 0 dice" in refused("play_extended_start", character=nothing, attribute="Strength", ability="",
                                    difficulty="", target="3")


# --- the opposed roll -----------------------------------------------------------------------------
def test_an_opposed_roll_between_two_sheets() -> None:
    rook = mara(name="Rook", attributes={"Strength": 4, "Perception": 1}, abilities={}, adrenaline=0)
    request = {"attribute": "Perception", "ability": "Intimidation", "difficulty": "6", "spend": "2",
               "other-attribute": "Strength", "other-ability": "", "other-difficulty": "7", "other-spend": ""}
    for seed in range(30):
        result = ok("play_opposed", character=mara(), other=rook, seed=str(seed), **request)
        rolled = ok("roll_form", fields={"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "2",
                                         "mode": "opposed", "other-attribute": "4", "other-ability": "",
                                         "other-difficulty": "7", "other-adrenaline": ""}, seed=str(seed))
        assert result["roll"]["margin"] == rolled["margin"] and result["roll"]["verdict"] == rolled["verdict"]
        assert result["character"]["adrenaline"] == 0 + rolled["roller"]["adrenaline_earned"]
        assert result["other"]["adrenaline"] == rolled["other"]["adrenaline_earned"]
    form = ok("odds_form", fields={"attribute": "5", "ability": "", "difficulty": "6", "adrenaline": "2",
                                   "mode": "opposed", "other-attribute": "4", "other-ability": "",
                                   "other-difficulty": "7", "other-adrenaline": ""})
    exact = {row["key"]: row["exact"] for row in form["summary"]}
    assert {key: result["odds"][key]["exact"] for key in ("win", "standoff", "lose")} == \
        {"win": exact["win"], "standoff": exact["standoff"], "lose": exact["lose"]}
    assert "Rook has 0 Adrenaline points to spend, not 1" in refused(
        "play_opposed", character=mara(), other=rook, **{**request, "other-spend": "1"})


def test_an_opposed_roll_by_hand() -> None:
    # One die each at 6, botches as 0: the roller wins when it succeeds and the other does not
    # (1/2 · 1/2), a stand-off when both succeed or neither does (1/4 + 1/4).
    solo = mara(attributes={"Strength": 1, "Perception": 1})
    request = {"attribute": "Strength", "ability": "", "difficulty": "", "spend": "", "other-attribute": "Strength",
               "other-ability": "", "other-difficulty": "", "other-spend": "", "seed": "1"}
    odds = ok("play_opposed", character=solo, other=solo, **request)["odds"]
    assert [Fraction(odds[k]["exact"]) for k in ("win", "standoff", "lose")] == [Fraction(1, 4), Fraction(1, 2),
                                                                                Fraction(1, 4)]


# --- the stored format --------------------------------------------------------------------------
def test_export_import_and_link_give_back_the_same_document() -> None:
    saved = document(mara(), lock([1, 0], name="Rook", adrenaline=0))
    assert ok("play_import", text=json.dumps(saved))["document"] == saved
    link = ok("play_link", document=saved)["link"]
    assert ok("play_open_link", link=link)["document"] == saved
    assert decode_link(encode_link(saved), SCHEMA) == saved


@pytest.mark.parametrize(("change", "words"), [
    ({"version": VERSION + 1}, "newer version of this site"),
    ({"system": "doom-stack"}, "characters for 'doom-stack', not 'adrenaline'"),
    ({"entries": [mara(adrenaline=11)]}, "entries[0].adrenaline: must be from 0 to 10, not 11"),
    ({"entries": [mara(attributes={"Strength": 12})]}, "entries[0].attributes.Strength: must be from 0 to 10"),
    ({"entries": [mara(), mara(abilities=[])]}, "entries[1].abilities: must be an object"),
    ({"entries": [{**mara(), "wounds": 1}]}, "entries[0]: unknown field 'wounds'"),
    ({"entries": [mara(extended={"attribute": "Charm", "ability": "", "difficulty": 6, "target": 3, "rolls": []})]},
     "entries[0].extended.attribute: the character has no attribute 'Charm'"),
    ({"entries": [lock([2, 3, 1])]}, "entries[0].extended.rolls: the roll ended on roll 2, but 3 rolls are kept"),
    ({"entries": [lock([-1, 1])]}, "the roll ended on roll 1"),
    ({"entries": [lock([11])]}, "entries[0].extended.rolls[0]: must be from -10 to 10, not 11"),
    ({"entries": [lock([], target=0)]}, "entries[0].extended.target: must be from 1 to 100, not 0"),
])
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(mara()), **change}))


def test_an_extended_roll_past_the_cap_is_refused() -> None:
    big = mara(attributes={"Strength": 2, "Perception": 9},
               extended={"attribute": "Perception", "ability": "Intimidation", "difficulty": 6, "target": 3, "rolls": []})
    assert "entries[0].extended: Perception + Intimidation make 11 dice, past the rules' cap of 10" in refused(
        "play_import", text=json.dumps(document(big)))


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(CHARACTER_PARTS, CHARACTER_PARTS, NAMES, st.text(max_size=4), st.text(max_size=3), st.integers(0, 99))
def test_any_sheet_rolled(character: dict, other: dict, attribute: str, difficulty: str, spend: str,
                          seed: int) -> None:
    fields = {"attribute": attribute, "ability": "", "difficulty": difficulty, "spend": spend}
    only_rules_errors("play_odds", character=character, **fields)
    only_rules_errors("play_roll", character=character, seed=str(seed), **fields)
    only_rules_errors("play_extended_start", character=character, target=spend, **fields)
    only_rules_errors("play_extended_roll", character=character, seed=str(seed))
    only_rules_errors("play_opposed", character=character, other=other, seed=str(seed), **fields,
                      **{"other-" + key: value for key, value in fields.items()})


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == "adrenaline" and SCHEMA.version == VERSION == 1
    assert read_character(new_character(), "x") == new_character()
