"""A whole life of one Adrenaline character through the bridge (``rules_engine.web.call``):
made, rolled from, Adrenaline earned and spent to zero, hurt, an extended roll carried to its
target, another lost to a botch, healed, and the last point spent. Every roll is seeded; each
step's dice are written out below and read by hand from the source (002), the passage named
beside it, and the engine's reply must agree."""

from __future__ import annotations

from functools import partial

import play_documents

from rules_engine.adrenaline.play import VERSION

from . import characters

ok, place = (partial(helper, "adrenaline") for helper in (play_documents.ok, play_documents.bridge))

PERCEPTION_INTIMIDATION = {"attribute": "Perception", "ability": "Intimidation", "difficulty": "6"}


def test_a_whole_life() -> None:
    mara = ok("play_new", name="Mara")["character"]
    assert (mara["adrenaline"], mara["modifiers"], mara["extended"]) == (0, {}, None)
    # Her sheet: the source's example pool, "Perception + Intimidation".
    mara = ok(
        "play_sheet",
        character={**mara, "attributes": {"Strength": 2, "Perception": 3}, "abilities": {"Intimidation": 2}},
    )["character"]

    # 1. Five dice at 6 show 8 9 8 8 9: "Each die that comes up at or above the difficulty counts as
    # one success": 5, no 1s, net 5. Two pairs, "you can add 1 Adrenaline point": one point
    # (Ruling: at most one a roll). Bank 0 → 1.
    rolled = ok("play_roll", character=mara, spend="", seed="11", **PERCEPTION_INTIMIDATION)
    assert rolled["roll"]["dice"] == [8, 9, 8, 8, 9]
    assert (rolled["roll"]["net"], rolled["roll"]["degree"]) == (5, "overwhelmingly successful")
    assert rolled["character"]["adrenaline"] == 1 and rolled["points"] == "Adrenaline 0 → 1 (1 earned)"
    mara = rolled["character"]

    # 2. 7 7 1 5 9: three successes (7, 7, 9); "Each die that comes up as “1” will subtract a
    # success": net 2. The 1 takes the 9, so the two 7s stand as a pair of successes: +1. Bank 2.
    rolled = ok("play_roll", character=mara, spend="", seed="0", **PERCEPTION_INTIMIDATION)
    assert rolled["roll"]["dice"] == [7, 7, 1, 5, 9] and rolled["roll"]["net"] == 2
    assert rolled["character"]["adrenaline"] == 2
    mara = rolled["character"]

    # 3. One point spent ("you must declare that you are spending the point before you roll"):
    # 4 1 9 1 3 is one success and two 1s, a botch by the dice (−1); the point is "1 automatic
    # success" added after the 1s (Ruling: spent points): net 1, no botch. No pair. Bank 2 → 1.
    rolled = ok("play_roll", character=mara, spend="1", seed="15", **PERCEPTION_INTIMIDATION)
    assert rolled["roll"]["dice"] == [4, 1, 9, 1, 3]
    assert (rolled["roll"]["net"], rolled["roll"]["result"]) == (1, "success")
    assert rolled["character"]["adrenaline"] == 1 and rolled["points"] == "Adrenaline 2 → 1 (1 spent)"
    mara = rolled["character"]

    # 4. The last point spent: 3 10 2 5 2 is one success (the 10) + 1 spent = 2; the 2s are not
    # successes, so they earn nothing ("both of those are successes"). Bank 1 → 0.
    rolled = ok("play_roll", character=mara, spend="1", seed="1", **PERCEPTION_INTIMIDATION)
    assert rolled["roll"]["dice"] == [3, 10, 2, 5, 2] and rolled["roll"]["net"] == 2
    assert rolled["character"]["adrenaline"] == 0
    mara = rolled["character"]
    refusal = place("play_roll", character=mara, spend="1", seed="1", **PERCEPTION_INTIMIDATION)["error"]
    assert (refusal["field"], refusal["message"]) == ("spend", "Mara has 0 Adrenaline points to spend, not 1")

    # 5. Hurt: "The dice pool can be further modified by injury": Injured −1 makes 3 + 2 − 1 = 4 dice.
    mara = ok("play_sheet", character={**mara, "modifiers": {"Injured": -1}})["character"]
    odds = ok("play_odds", character=mara, spend="", **PERCEPTION_INTIMIDATION)
    assert odds["notation"] == "4d10 vs 6"
    assert odds["pool_line"] == "Perception 3 + Intimidation 2, Injured −1: 4 dice"

    # 6. An extended roll ("may take several turns to resolve") of those 4 dice until 5 successes.
    started = ok("play_extended_start", character=mara, target="5", **PERCEPTION_INTIMIDATION)
    assert started["sheet"]["extended"]["notation"] == "4d10 vs 6 until 5"
    mara = started["character"]
    # 7 7 1 5: two successes less the 1, net 1; the 1 must take a 7, so no pair stands: no point.
    rolled = ok("play_extended_roll", character=mara, seed="0")
    assert rolled["roll"]["dice"] == [7, 7, 1, 5] and rolled["roll"]["net"] == 1
    assert rolled["sheet"]["extended"]["gathered"] == 1 and rolled["character"]["adrenaline"] == 0
    mara = rolled["character"]
    # 8 9 8 8: four successes, total 1 + 4 = 5: the target exactly, so the task is done. The pair of
    # 8s on this last roll earns its point: bank 0 → 1.
    rolled = ok("play_extended_roll", character=mara, seed="11")
    assert rolled["roll"]["dice"] == [8, 9, 8, 8] and rolled["roll"]["net"] == 4
    ext = rolled["sheet"]["extended"]
    assert (ext["gathered"], ext["needed"], ext["ending"], ext["totals"]) == (5, 0, "reached", [1, 5])
    assert rolled["character"]["adrenaline"] == 1 and rolled["points"] == "Adrenaline 0 → 1 (1 earned)"
    mara = rolled["character"]
    assert place("play_extended_roll", character=mara, seed="1")["error"]["field"] == "character.extended"

    # 7. Another: Strength alone, 2 − 1 = 1 die at 6, until 3. 7 (+1), 3 (0), 10 (+1): 2 gathered;
    # then a 1: a botch, which ends the attempt and loses all (Ruling: botches during an extended roll).
    mara = ok("play_extended_clear", character=mara)["character"]
    started = ok("play_extended_start", character=mara, attribute="Strength", ability="", difficulty="", target="3")
    assert started["sheet"]["extended"]["pool_line"] == "Strength 2, Injured −1: 1 die"
    mara = started["character"]
    for seed, die, gathered in (("0", 7, 1), ("1", 3, 1), ("5", 10, 2)):
        rolled = ok("play_extended_roll", character=mara, seed=seed)
        assert rolled["roll"]["dice"] == [die] and rolled["sheet"]["extended"]["gathered"] == gathered
        assert rolled["sheet"]["extended"]["ending"] is None
        mara = rolled["character"]
    rolled = ok("play_extended_roll", character=mara, seed="2")
    assert rolled["roll"]["dice"] == [1] and rolled["roll"]["net"] == -1
    ext = rolled["sheet"]["extended"]
    assert (ext["gathered"], ext["ending"], ext["totals"]) == (0, "lost", [1, 1, 2, 0])
    mara = rolled["character"]
    assert mara["extended"]["rolls"] == [1, 0, 1, -1] and mara["adrenaline"] == 1

    # 8. Healed, the last point spent: 5 dice again, 3 10 2 5 2 + 1 = 2; bank 1 → 0.
    mara = ok("play_sheet", character={**ok("play_extended_clear", character=mara)["character"], "modifiers": {}})[
        "character"
    ]
    rolled = ok("play_roll", character=mara, spend="1", seed="1", **PERCEPTION_INTIMIDATION)
    assert rolled["notation"] == "5d10+1a vs 6" and rolled["roll"]["net"] == 2
    mara = rolled["character"]
    assert mara == characters.mara(adrenaline=0)  # the sheet as she was made, every point spent

    # Whatever her life made is saved, shared and read back unchanged.
    saved = {"format": "dice-srd-play", "version": VERSION, "system": "adrenaline", "entries": [mara]}
    assert ok("play_check", document=saved)["document"] == saved
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == saved
