"""Action!'s play tool at a tap (issue 29): a tap on a character's shock or wound box, or on a
mook group's member, marks it as the source says (shock points taken or given back, wounds
taken, mooks down), and the chance of each trait rolled alone shows on its tap before the roll.
The numbers are worked by hand from the source (``/work/shared/seeds/001_…``)."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import play_documents
import pytest

from rules_engine.action import odds_notation

from .test_play_states import fresh, refusal

bridge, ok = (partial(helper, "action") for helper in (play_documents.bridge, play_documents.ok))


def mark(scene: dict, track: str, box: int, index: int = 0) -> dict:
    return ok("play_mark", scene=scene, index=index, track=track, box=box)


# --- shock: "which causes PV Shockpoints"; "you regain 1 Shock point" -----------------------------
def test_a_shock_box_marks_the_points_up_to_it_and_a_marked_one_gives_them_back() -> None:
    taken = mark(fresh(), "shock", 3)
    ann = taken["scene"]["combatants"][0]
    assert (ann["shock"], ann["out"], ann["shaken"]) == (3, 0, False)  # no Shaken rule in force
    assert taken["line"] == "Ann takes 3 shock points: shock 3 of Health 20."
    assert taken["sheet"]["combatants"][0]["shock_to_go"] == 17
    # The second box of three marked: it and the third come back, one is left.
    back = mark(taken["scene"], "shock", 2)
    assert back["scene"]["combatants"][0]["shock"] == 1
    assert back["line"] == "Ann regains 2 shock points: shock 1."
    # The first box: every point back.
    assert mark(back["scene"], "shock", 1)["scene"]["combatants"][0]["shock"] == 0


def test_shock_marked_to_health_falls_down_for_ten_minutes_and_giving_it_back_stands_no_one_up() -> None:
    down = mark(fresh(shock=18), "shock", 20)
    ann = down["scene"]["combatants"][0]
    # Ten minutes of Sequences of about 6 seconds: 100.
    assert (ann["shock"], ann["out"]) == (20, 100)
    assert down["line"] == "Ann takes 2 shock points: shock 20 of Health 20; falls down, unable to act."
    assert down["sheet"]["combatants"][0]["down"]
    # A point back leaves her down, as a rest does: she comes round by the rules' ways.
    back = mark(down["scene"], "shock", 20)["scene"]["combatants"][0]
    assert (back["shock"], back["out"]) == (19, 100)


def test_a_shock_point_shakes_under_the_shaken_rule() -> None:
    shaken = mark(fresh(rules=("wound-penalty", "shock-roll", "shaken")), "shock", 1)
    assert shaken["scene"]["combatants"][0]["shaken"] is True
    assert shaken["line"] == "Ann takes 1 shock point: shock 1 of Health 20; Shaken."


# --- wounds: "If you have Wounds equal to your Toughness, you're dying." -------------------------
def test_wound_boxes_mark_up_to_toughness_dying_and_are_not_taken_back() -> None:
    one = mark(fresh(), "wounds", 1)
    assert one["scene"]["combatants"][0]["wounds"] == 1
    assert one["sheet"]["combatants"][0]["impairment"] == -1  # Wound Penalty: 1 a wound
    assert one["line"] == "Ann takes 1 wound: wounds 1 of Toughness 3."
    dying = mark(one["scene"], "wounds", 3)
    assert dying["scene"]["combatants"][0]["wounds"] == 3 and dying["sheet"]["combatants"][0]["dying"]
    assert dying["line"] == "Ann takes 2 wounds: wounds 3 of Toughness 3; dying."
    error = refusal("play_mark", scene=dying["scene"], index=0, track="wounds", box=2)
    assert error["field"] == "scene.combatants[0].wounds"
    assert "the rules take none away in a fight" in error["message"]


def test_a_new_wound_at_toughness_makes_a_stable_character_dying_again() -> None:
    stable = fresh(wounds=3, life="stable")
    assert not ok("play_sheet", scene=stable)["sheet"]["combatants"][0]["dying"]
    again = mark(stable, "wounds", 4)
    assert again["scene"]["combatants"][0]["life"] == "alive" and again["sheet"]["combatants"][0]["dying"]


# --- Shots: "opponent loses a Pool point (Shot or Shock as standard)" ----------------------------
def test_a_shot_tapped_is_lost_with_those_after_it_and_none_comes_back_by_a_tap() -> None:
    scene = fresh()  # Agility, Wits and Luck 3: a Shot Count of 3, the pool full
    lost = mark(scene, "shots", 2)
    ann = lost["scene"]["combatants"][0]
    assert (ann["shots"], ann["spent"]) == (1, False)
    assert lost["line"] == "Ann loses 2 Shots: 1 left in the pool."
    assert mark(lost["scene"], "shots", 1)["scene"]["combatants"][0]["shots"] == 0
    error = refusal("play_mark", scene=lost["scene"], index=0, track="shots", box=3)
    assert error["field"] == "scene.combatants[0].shots"
    assert "only as a Sequence begins" in error["message"]


# --- mooks: "Characters that have no name go down on a single Wound." ----------------------------
def test_mooks_marked_down_a_steady_one_first_and_the_last_off_the_cards() -> None:
    scene = fresh("mooks")
    scene["combatants"][1]["shaken"] = 2
    scene = ok("play_sheet", scene=scene)["scene"]
    # Six mooks, two Shaken: boxes 1–4 down leaves two standing, both Shaken.
    four = mark(scene, "down", 4, index=1)
    assert (four["scene"]["combatants"][1]["left"], four["scene"]["combatants"][1]["shaken"]) == (2, 2)
    assert four["line"] == "4 of Mooks 1 go down: 2 of 6 left."
    five = mark(four["scene"], "down", 5, index=1)["scene"]["combatants"][1]
    assert (five["left"], five["shaken"]) == (1, 1)
    error = refusal("play_mark", scene=four["scene"], index=1, track="down", box=3)
    assert error["field"] == "scene.combatants[1].left"
    # With initiative cards, a group wiped out by taps leaves the stack, as by a hit.
    cards = ok("play_sheet", scene={**scene, "initiative": "cards"})["scene"]
    cards = ok("play_sequence", scene=cards)["scene"]
    assert 1 in cards["stack"]
    gone = mark(cards, "down", 6, index=1)
    assert gone["line"] == "6 of Mooks 1 go down: 0 of 6 left; wiped out."
    assert 1 not in gone["scene"]["stack"] and gone["scene"]["out"] == [1]


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"index": 0, "track": "down", "box": 1}, "track"),
        ({"index": 1, "track": "shock", "box": 1}, "track"),
        ({"index": 0, "track": "shock", "box": 0}, "box"),
        ({"index": 0, "track": "shock", "box": "two"}, "box"),
        ({"index": 1, "track": "down", "box": 7}, "box"),
        ({"index": 2, "track": "shock", "box": 1}, "index"),
    ],
)
def test_a_bad_tap_is_refused_at_its_field(request_: dict, field: str) -> None:
    scene = fresh("mooks")
    assert refusal("play_mark", scene=scene, **request_)["field"] == field


def test_the_dead_take_no_marks() -> None:
    error = refusal("play_mark", scene=fresh(life="dead"), index=0, track="shock", box=1)
    assert error["field"] == "scene.combatants[0].life"


# --- the taps' chances: "using a [ Skill ] rolling a positive and a negative d10" ---------------
def test_each_trait_rolled_alone_has_its_exact_chance_before_the_tap() -> None:
    scene = fresh("mooks", skills={"Guns": 5})
    taps = ok("play_taps", scene=scene, defence="5", modifiers="", defence_ev="", active=False)["combatants"]
    ann = {t["name"]: t for t in taps[0]["traits"]}
    assert list(ann) == ["Agility", "Wits", "Luck", "Guns"]
    assert ann["Guns"]["notation"] == "5 vs 5" and ann["Agility"]["notation"] == "0 vs 5 ev 3 vs 0"
    # Guns 5 against 5: 6/11, the chapter's odds of the same notation.
    assert ann["Guns"]["success"] == {"percent": "54.55%", "ratio": "6/11"}
    assert Fraction(ann["Guns"]["success"]["ratio"]) == odds_notation("5 vs 5").p_success
    assert Fraction(ann["Agility"]["success"]["ratio"]) == odds_notation("0 vs 5").p_success
    assert taps[0]["unable"] == "" and taps[1] == {"traits": [], "unable": ""}
    # A wound under the Wound Penalty comes off the skill part: Guns 4 against 5.
    hurt = ok("play_taps", scene=mark(scene, "wounds", 1)["scene"], defence="5")["combatants"][0]["traits"]
    assert hurt[3]["notation"] == "4 vs 5"
    assert Fraction(hurt[3]["success"]["ratio"]) == odds_notation("4 vs 5").p_success


def test_a_tap_rolls_what_its_chance_was_for_and_gives_the_log_its_record() -> None:
    scene = fresh(skills={"Guns": 5})
    rolled = ok("play_roll", scene=scene, index=0, skill="Guns", attribute="", defence="5", seed=7)
    assert rolled["notation"] == "5 vs 5" and rolled["what"] == "Guns"
    # Seed 7 rolls +6 and −3: AV 5 + 6 − 3 = 8, Outcome 8 − 5 = 3, PV 3 (under the Threshold 5: a Success).
    assert rolled["record"] == {
        "dice": "5 vs 5, seed 7: + 6; − 3",
        "result": "Success, AV 8, Outcome 3, PV 3",
        "chance": "success 54.55 % (6/11)",
    }


def test_a_hits_rolls_give_the_log_their_record() -> None:
    # 12 PV: 2 wounds, so a Shock roll at 5 + 5 × 2 = 15 of Willpower + Focus 0 (none on the sheet).
    # Seed 4 rolls +4 and −5: AV −1, 16 short of 15; its chance is the chapter's "0 vs 15".
    hit = ok("play_damage", scene=fresh(), index=0, damage=12, seed=4)
    chance = odds_notation("0 vs 15").p_success
    assert chance == Fraction(46, 2475)
    assert hit["record"] == {
        "dice": "Shock roll 0 vs 15, seed 4: + 4; − 5",
        "result": "Shock roll: AV -1, fails by 16",
        "chance": "Shock roll passes 1.86 % (46/2475)",
    }
    # No wound, no roll: nothing to record but the change.
    assert ok("play_damage", scene=fresh(), index=0, damage=3, seed=4)["record"] is None


@pytest.mark.parametrize(
    ("first", "word"),
    [
        ({"wounds": 3}, "dying"),
        ({"life": "dead"}, "dead"),
        ({"life": "stable", "wounds": 3}, "stable"),
        ({"out": 3}, "down"),
        ({"shaken": True}, "Shaken"),
    ],
)
def test_why_a_character_has_no_tap_now(first: dict, word: str) -> None:
    taps = ok("play_taps", scene=fresh(**first), defence="5")["combatants"]
    assert taps[0]["unable"] == word


def test_a_bad_roll_form_is_refused_at_its_field() -> None:
    assert refusal("play_taps", scene=fresh(), defence="five")["field"] == "defence"


@pytest.mark.parametrize(
    ("action", "request_"),
    [
        ("play_mark", {"index": 0, "track": "shock", "box": 2}),
        ("play_damage", {"index": 0, "damage": 3}),
        ("play_sequence", {}),
        ("play_add", {"kind": "mooks"}),
        ("play_remove", {"index": 0}),
        ("play_roll", {"index": 0, "skill": "", "attribute": "Agility", "defence": "5", "seed": 1}),
    ],
)
def test_a_scene_with_its_log_is_changed_and_answered_without_it(action: str, request_: dict) -> None:
    # The play frame sends the scene with its log and writes the change into it itself.
    scene = {**fresh(), "log": [{"what": "Ann takes 1 wound.", "result": "wounds 1"}]}
    assert "log" not in ok(action, scene=scene, **request_)["scene"]
