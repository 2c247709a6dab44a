"""X-in-Y at the table, whole lives through the bridge (``rules_engine.web.call``): a scene made
new, filled, and fought exchange by exchange until a side is out of the fight, and a duel in
which both sides fall at once. Every roll has a seed; each die it shows and each number it
writes on the sheet is worked here by hand from the source text (seeds/003, "New attack
algorithm"), the passage named beside it, never read back from the engine's own arithmetic."""

from __future__ import annotations

import json
from functools import partial

import play_documents
import pytest

from rules_engine.xy_checks.play import VERSION

bridge, ok, refused = (
    partial(helper, "xy-checks") for helper in (play_documents.bridge, play_documents.ok, play_documents.refused)
)


def attackers(result: dict, side: int | None = None) -> list[list[int]]:
    """Each attacker's dice in a roll (a volley, or one side of a contest), the champion first."""
    rolled = result["roll"] if side is None else result["roll"]["sides"][side]
    return [a["dice"] for a in rolled["attackers"]]


def dealt(result: dict, side: int | None = None) -> list[tuple[int, int | None, int]]:
    """Each target's (hits, damage die, damage) in a roll, as the chapter lists its targets."""
    rolled = result["roll"] if side is None else result["roll"]["sides"][side]
    return [(t["hits"], t["damage_die"], t["damage"]) for t in rolled["targets"]]


def damage(scene: dict) -> list[list[int]]:
    return [[c["damage"] for c in side["combatants"]] for side in scene["sides"]]


def standing(result: dict) -> list[int]:
    return [side["standing"] for side in result["sheet"]["sides"]]


def champions(result: dict) -> list[str]:
    return [
        next(c["name"] for c, row in zip(side["combatants"], facts["combatants"]) if row["champion"])
        for side, facts in zip(result["scene"]["sides"], result["sheet"]["sides"])
    ]


def test_a_scene_fought_until_a_side_is_out_of_the_fight() -> None:
    # A new scene: two sides of one combatant, each attacking at 5/6 ("Start with a 5/6
    # difficulty"), 10 health (the play page's Ruling: health), unhurt, its own champion.
    new = ok("play_new", name="The ford")
    fresh = {"name": "Combatant 1", "check": "5/6", "defence": "none", "form": "even", "health": 10, "damage": 0}
    assert new["scene"] == {
        "name": "The ford",
        "order": "lightest",
        "tie": "min",
        "sides": [
            {"name": "First side", "champion": 0, "combatants": [fresh]},
            {"name": "Second side", "champion": 0, "combatants": [fresh]},
        ],
    }
    assert new["sheet"]["over"] is None

    scene = new["scene"]
    for side in (0, 1, 1):
        scene = ok("play_add", scene=scene, side=side)["scene"]
    assert [[c["name"] for c in side["combatants"]] for side in scene["sides"]] == [
        ["Combatant 1", "Combatant 2"],
        ["Combatant 1", "Combatant 2", "Combatant 3"],
    ]
    assert scene["sides"][1]["combatants"][2]["check"] == "5/6"  # a new attack starts at 5/6 too

    wardens, raiders = scene["sides"]
    wardens["name"], raiders["name"] = "Wardens", "Raiders"
    wardens["combatants"][0].update(
        name="Ada", check="5/6 +1b", health=6
    )  # "one bonus die for every point of attack bonus"
    wardens["combatants"][1].update(name="Bo", check="4/6", health=5)
    raiders["combatants"][0].update(name="Cy", check="4/6 -1 TN", defence="fully", health=4)
    raiders["combatants"][1].update(name="Di", check="3/6", health=3)
    raiders["combatants"][2].update(name="Ed", check="3/6", form="inferior", health=4)
    raiders["champion"] = 1  # Di leads the Raiders
    sheet = ok("play_sheet", scene=scene)
    scene = sheet["scene"]
    rows = [
        [(r["rolls"], r["dice"], r["hit"]["ratio"]) for r in side["combatants"]] for side in sheet["sheet"]["sides"]
    ]
    # Ada: a bonus die, "you roll two dice, and if either one hits, you succeed": 1 − (1/6)² = 35/36.
    # Cy: 4/6 one step harder is 3/6 ("x or lower on a y-sided die": 1/2).
    assert rows == [[("5/6", 2, "35/36"), ("4/6", 1, "2/3")], [("3/6", 1, "1/2"), ("3/6", 1, "1/2"), ("3/6", 1, "1/2")]]
    assert champions(sheet) == ["Ada", "Di"]

    # The Wardens' volley, its odds by hand. "They get their full pool of dice. Everybody else gets
    # just one die": Ada's degree (two dice at 5/6, "the degree of success is the number of dice that
    # hit": 2 with 25/36, 1 with 10/36, 0 with 1/36) plus Bo's one die at 4/6 (2/3).
    # P(0 hits) = 1/36 · 1/3 = 1/108; P(1) = 10/36 · 1/3 + 1/36 · 2/3 = 12/108; P(2) = 45/108; P(3) = 50/108.
    # "If you have n people attacking, you can only hit a maximum of n enemies": two attackers, two
    # targets, and the extra hits go to "enemies with light defenses and/or form inferiority": Ed
    # (inferior) first, then Di, and Cy (fully effective defences) never.
    odds = ok("play_odds", scene=scene, attacking="first")
    assert odds["notation"] == "volley 5/6 +1b, 4/6 vs fully, target, inferior"
    assert odds["mean_hits"] == "2.33"  # 2 · 5/6 + 2/3 = 7/3
    chances = {t["name"]: (t["hit"]["ratio"], t["down"]["ratio"]) for t in odds["targets"]}
    # Ed is hit by any hit (107/108). Di needs 2 hits (95/108), then 1d6 ≥ 3 for its 3 health:
    # 95/108 · 4/6 = 95/162. Ed (4 health) takes 1 hit on 1 or 2 hits (1d6 ≥ 4: 1/2), 2 on 3 hits
    # ("Every subsequent hit deals an additional 1 damage": 1d6 + 1 ≥ 4, 2/3):
    # 57/108 · 1/2 + 50/108 · 2/3 = 371/648.
    assert chances == {"Cy": ("0/1", "0/1"), "Di": ("95/108", "95/162"), "Ed": ("107/108", "371/648")}

    # Seed 2: Ada rolls 1 and 1 (both ≤ 5: degree 2, 2 hits), Bo 1 (≤ 4: 1 hit). 3 hits on 2
    # targets "as evenly as possible": 1 each, the extra one to Ed. "The first hit on each enemy
    # deals 1d6 damage": Di's die shows 3, exactly Di's 3 health: down. Ed: 2 + 1 = 3 of 4: 1 left.
    first = ok("play_roll", scene=scene, attacking="first", seed="2")
    assert attackers(first) == [[1, 1], [1]]
    assert dealt(first) == [(0, None, 0), (1, 3, 3), (2, 2, 3)]  # Cy, Di, Ed as listed
    assert damage(first["scene"]) == [[0, 0], [0, 3, 3]]
    assert first["summary"] == (
        "Rolled volley 5/6 +1b, 4/6 vs fully, target, inferior (seed 2): "
        "Raiders: Di 3 damage (down), Ed 3 damage (1 left)."
    )
    # Di is down: it neither attacks nor is a target, and the first Raider standing, Cy, leads (Rulings).
    assert standing(first) == [2, 2] and champions(first) == ["Ada", "Cy"] and first["sheet"]["over"] is None
    scene = first["scene"]

    # The Raiders answer: Cy, their champion now, rolls 3/6; Ed one die at 3/6. Ada and Bo are alike
    # as targets, so the written order decides. Seed 67: Cy 1, Ed 1 (both ≤ 3): 2 hits, 1 on each.
    back = ok("play_roll", scene=scene, attacking="second", seed="67")
    assert back["notation"] == "volley 4/6 -1 TN, 3/6 vs 2"
    assert attackers(back) == [[1], [1]]
    assert dealt(back) == [(1, 4, 4), (1, 4, 4)]  # 1d6 each: 4 and 4
    assert damage(back["scene"]) == [[4, 4], [0, 3, 3]]  # Ada 2 of 6 left, Bo 1 of 5
    assert standing(back) == [2, 2]
    scene = back["scene"]

    # Both at once: "Count up the number of hits on each side." Seed 3: Ada 2 and 5 (5 is exactly
    # x on 5/6: a hit; 2 hits), Bo 5 (one past x on 4/6: a miss): 2 hits. Cy 2 (≤ 3), Ed 3 (exactly
    # x on 3/6: a hit): 2 hits. A tie, and the scene's tie is the default, "Minimum damage for
    # everybody" (the chapter's Ruling): 1 damage per hit, 1 on each of the other side's attackers.
    # Ed had 1 health left and Bo 1: both go down on their last point.
    contest = ok("play_roll", scene=scene, attacking="both", seed="3")
    assert contest["notation"] == "contest 5/6 +1b, 4/6 vs 4/6 -1 TN, 3/6"
    assert attackers(contest, 0) == [[2, 5], [5]] and attackers(contest, 1) == [[2], [3]]
    assert contest["hits"] == {"first": 2, "second": 2} and contest["roll"]["winner"] == "tie"
    assert dealt(contest, 0) == [(1, None, 1), (1, None, 1)]  # on Cy and Ed
    assert dealt(contest, 1) == [(1, None, 1), (1, None, 1)]  # on Ada and Bo
    assert damage(contest["scene"]) == [[5, 5], [1, 3, 4]]
    assert standing(contest) == [1, 1] and contest["sheet"]["over"] is None

    # The last exchange: Ada alone against Cy alone (3 of 4 health left, fully effective defences).
    # Seed 3 again: Ada 2 and 5, 2 hits, both on Cy: 1d6 (5) + 1 = 6, past Cy's 3: down, and with
    # Cy the last Raider standing, the Raiders are out of the fight (Ruling: the end of a fight).
    last = ok("play_roll", scene=contest["scene"], attacking="first", seed="3")
    assert last["notation"] == "volley 5/6 +1b vs fully"
    assert attackers(last) == [[2, 5]] and dealt(last) == [(2, 5, 6)]
    assert damage(last["scene"]) == [[5, 5], [4, 3, 4]]  # damage past the health is not kept
    over = "Nobody on Raiders is standing: that side is out of the fight."
    assert standing(last) == [1, 0] and last["sheet"]["over"] == over
    assert last["summary"] == f"Rolled volley 5/6 +1b vs fully (seed 3): Raiders: Cy 6 damage (down). {over}"

    # No exchange is left: "a maximum of n enemies", and the Raiders have none standing.
    for attacking in ("first", "second", "both"):
        reply = bridge("play_odds", scene=last["scene"], attacking=attacking)
        assert (
            reply["error"]["message"]
            == "scene.sides[1].combatants: nobody on Raiders is standing: that side is out of the fight"
        )
        assert reply["error"]["field"] == "scene.sides[1].combatants"
        assert bridge("play_roll", scene=last["scene"], attacking=attacking, seed="1")["error"] == reply["error"]

    # The scene as it ended is saved work: a file and a link give it back unchanged.
    document = {"format": "dice-srd-play", "version": VERSION, "system": "xy-checks", "entries": [last["scene"]]}
    assert ok("play_import", text=json.dumps(document))["document"] == document
    assert ok("play_open_link", link=ok("play_link", document=document)["link"])["document"] == document


def test_a_duel_in_which_both_sides_fall_at_once() -> None:
    # Ada and Cy, 1 health each, 5/6. Seed 0: both roll 4 (≤ 5): 1 hit each, a tie, 1 damage per
    # hit: "All the attacks made by one side will be resolved together", and a contested volley
    # rolls both sides together, so each lands its hit before falling.
    duel = ok("play_new", name="Duel")["scene"]
    for side in duel["sides"]:
        side["combatants"][0]["health"] = 1
    rolled = ok("play_roll", scene=duel, attacking="both", seed="0")
    assert attackers(rolled, 0) == [[4]] and attackers(rolled, 1) == [[4]]
    assert dealt(rolled, 0) == [(1, None, 1)] and dealt(rolled, 1) == [(1, None, 1)]
    assert damage(rolled["scene"]) == [[1], [1]] and standing(rolled) == [0, 0]
    both = "Nobody on either side is standing: both are out of the fight."
    assert rolled["sheet"]["over"] == both and rolled["summary"].endswith(f"(down). {both}")
    assert refused("play_odds", scene=rolled["scene"], attacking="both").startswith("scene.sides[0].combatants: ")


def test_a_contest_out_hit_deals_full_damage_and_takes_one_per_hit() -> None:
    # "The side dealing the most hits deals full damage ... The side dealing fewer hits only deals 1
    # damage per hit." Seed 23: Ada (3/6 +1b) 3 and 1, both hits: 2; Bo 1: 1; 3 hits. Cy 5 (a miss
    # on 3/6), Di 3 (a hit): 1 hit. The Wardens' 3 hits on 2 targets: Cy 2 (1d6 (4) + 1 = 5), Di 1
    # (1d6 (4) = 4). The Raiders' 1 hit, 1 damage, on Ada (the Wardens' champion comes first).
    scene = ok("play_new", name="Out-hit")["scene"]
    for side, names, checks in ((0, ("Ada", "Bo"), ("3/6 +1b", "3/6")), (1, ("Cy", "Di"), ("3/6", "3/6"))):
        scene = ok("play_add", scene=scene, side=side)["scene"]
        for c, name, check in zip(scene["sides"][side]["combatants"], names, checks):
            c.update(name=name, check=check)
    rolled = ok("play_roll", scene=scene, attacking="both", seed="23")
    assert attackers(rolled, 0) == [[3, 1], [1]] and attackers(rolled, 1) == [[5], [3]]
    assert rolled["roll"]["winner"] == "first"
    assert dealt(rolled, 0) == [(2, 4, 5), (1, 4, 4)] and dealt(rolled, 1) == [(1, None, 1), (0, None, 0)]
    assert damage(rolled["scene"]) == [[1, 0], [5, 4]]


@pytest.mark.parametrize(
    ("tie", "first", "second"),
    [
        # Seed 1: Ada 2 (a hit on 3/6), Bo 5 (a miss): 1 hit; Cy 1: 1 hit. A tie at 1. The first side's
        # damage die is rolled first (3), then the second side's (3, or 1 when both deal full damage).
        ("min", (None, 1), (None, 1)),  # "Minimum damage for everybody?" (the default)
        ("full", (3, 3), (1, 1)),  # "Full damage for everybody?"
        ("first", (3, 3), (None, 1)),  # "the side with initiative": the first side
        ("second", (None, 1), (3, 3)),
        ("more", (3, 3), (None, 1)),  # "the side with more combatants": 2 Wardens against 1 Raider
        ("fewer", (None, 1), (3, 3)),  # "the side with fewer combatants"
    ],
)
def test_a_contested_tie_under_each_reading(tie: str, first: tuple, second: tuple) -> None:
    scene = ok("play_new", name="Tie")["scene"]
    scene = ok("play_add", scene=scene, side=0)["scene"]
    for side in scene["sides"]:
        for c in side["combatants"]:
            c["check"] = "3/6"
    scene["tie"] = tie
    rolled = ok("play_roll", scene=scene, attacking="both", seed="1")
    assert attackers(rolled, 0) == [[2], [5]] and attackers(rolled, 1) == [[1]]
    assert rolled["hits"] == {"first": 1, "second": 1}
    assert dealt(rolled, 0) == [(1, *first)]
    assert dealt(rolled, 1) == [(1, *second), (0, None, 0)]
    assert damage(rolled["scene"]) == [[second[1], 0], [first[1]]]


def test_a_champion_down_hands_the_full_check_to_the_first_standing() -> None:
    # "Your side should nominate one character as their champion. They get their full pool of
    # dice." With the named champion down, the first one standing rolls the full check (Ruling).
    scene = ok("play_new", name="Stand-in")["scene"]
    for _ in range(2):
        scene = ok("play_add", scene=scene, side=0)["scene"]
    first = scene["sides"][0]
    first["champion"] = 1
    first["combatants"][0]["check"] = "2/6 +2b"
    first["combatants"][1].update(check="5/6 +1b", damage=10)
    first["combatants"][2]["check"] = "4/6 +1b"
    odds = ok("play_odds", scene=scene, attacking="first")
    # Combatant 1 leads: its two bonus dice; Combatant 3 rolls one die (its bonus die noted, not rolled).
    assert odds["notation"] == "volley 2/6 +2b, 4/6 vs 1"
    assert odds["mean_hits"] == "1.67"  # 3 dice at 2/6 (a degree of 1 per die that hits): 1, plus 4/6: 2/3
