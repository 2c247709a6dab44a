"""X-in-Y's play tool by taps (issue 29): a combatant's check rolled alone
(``play_roll_check``), a health box marked or cleared (``play_mark``), and the log record
each roll carries (dice, result, exact chance), checked by hand."""

from __future__ import annotations

from functools import partial

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME

from rules_engine.core.play import MAX_LOG_TEXT
from rules_engine.xy_checks.play import MAX_COMBATANTS

from .contract import SCENE_PARTS
from .test_play import FORD, fighter, scene

bridge, ok, refused, only_rules_errors = (
    partial(helper, "xy-checks")
    for helper in (play_documents.bridge, play_documents.ok, play_documents.refused, play_documents.only_rules_errors)
)

LOG = [{"what": "Saved The ford."}]


# --- a combatant's check, tapped ----------------------------------------------------------------
def test_a_tapped_check_is_the_combatants_full_check_rolled_alone() -> None:
    # Ada 5/6 +1b: two d6, a hit on 5 or lower; one hit succeeds and the degree is how many hit.
    # Success unless both dice show 6: 1 − 1/36 = 35/36.
    duel = scene([fighter("Ada", "5/6 +1b")], [fighter("Cy")])
    seen = set()
    for seed in range(40):
        result = ok("play_roll_check", scene=duel, side=0, index=0, seed=str(seed))
        dice = result["roll"]["dice"]
        assert len(dice) == 2 and result["scene"] == duel  # no damage dealt: nothing on the scene changes
        hits = sum(1 for d in dice if d <= 5)
        words = f"success of degree {hits}" if hits else "failure of degree 1"
        seen.add(words)
        shown = ", ".join(f"{d} ({'hit' if d <= 5 else 'miss'})" for d in dice)
        assert result["record"] == {
            "dice": f"5/6 +1b: {shown}",
            "result": words,
            "chance": "97.22 % (35/36) of success",
        }
        assert result["summary"] == f"Ada rolled 5/6 +1b (seed {seed}): {words}."
        assert result["who"] == {"side": 0, "index": 0, "name": "Ada"}
    assert {"success of degree 1", "success of degree 2"} <= seen


def test_a_tapped_check_after_its_tn_steps() -> None:
    # Cy 4/6 -1 TN: one step harder on the die ladder, 4/6 → 3/6: success 1/2.
    result = ok(
        "play_roll_check", scene=scene([fighter("Ada")], [fighter("Cy", "4/6 -1 TN")]), side=1, index=0, seed="7"
    )
    (die,) = result["roll"]["dice"]
    assert result["roll"]["check"] == "3/6"
    assert result["record"]["dice"] == f"4/6 -1 TN: {die} ({'hit' if die <= 3 else 'miss'})"
    assert result["record"]["chance"] == "50.00 % (1/2) of success"


def test_a_combatant_down_does_not_roll_and_a_bad_place_is_refused_at_its_field() -> None:
    hurt = scene([fighter("Ada", health=3, damage=3)], [fighter("Cy")])
    assert (
        refused("play_roll_check", scene=hurt, side=0, index=0, seed="1")
        == "index: Ada is down, and a combatant who is down does not attack"
    )
    reply = bridge("play_roll_check", scene=FORD, side=1, index=3)
    assert (reply["error"]["field"], reply["error"]["message"]) == ("index", "index: Raiders has no combatant number 3")
    assert bridge("play_roll_check", scene=FORD, side=2, index=0)["error"]["field"] == "side"
    assert bridge("play_roll_check", scene=FORD, side=0, index=0, seed="x")["error"]["field"] == "seed"


# --- health boxes, tapped -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("damage", "box", "after"),
    [
        (2, 3, 4),  # a clear box: marked with every box before it
        (2, 2, 3),  # the first clear box: one more
        (2, 1, 1),  # the last marked box: cleared
        (2, 0, 0),  # the first marked box: it and every box after it cleared
        (0, 0, 1),
        (4, 4, 5),  # the last box: no health left, down
    ],
)
def test_a_health_box_tapped(damage: int, box: int, after: int) -> None:
    ford = scene([fighter("Ada")], [fighter("Cy", health=5, damage=damage), fighter("Di")])
    result = ok("play_mark", scene=ford, side=1, index=0, box=box)
    assert result["scene"]["sides"][1]["combatants"][0]["damage"] == after
    assert result["sheet"]["sides"][1]["combatants"][0]["left"] == 5 - after
    state = "down" if after == 5 else f"{5 - after} of 5 health left"
    assert result["summary"] == f"Cy: damage taken {after} ({state})."
    assert result["who"] == {"side": 1, "index": 0, "name": "Cy"}


def test_the_last_box_of_the_last_standing_ends_the_fight() -> None:
    ford = scene([fighter("Ada")], [fighter("Cy", health=5, damage=2), fighter("Di", health=1, damage=1)])
    result = ok("play_mark", scene=ford, side=1, index=0, box=4)
    over = "Nobody on Raiders is standing: that side is out of the fight."
    assert result["sheet"]["over"] == over and result["summary"] == f"Cy: damage taken 5 (down). {over}"
    # Cleared again (the table heals Cy): back in the fight.
    back = ok("play_mark", scene=result["scene"], side=1, index=0, box=2)
    assert back["sheet"]["over"] is None and back["scene"]["sides"][1]["combatants"][0]["damage"] == 2


@pytest.mark.parametrize(
    ("box", "shown"), [(5, "5"), (-1, "-1"), (0.0, "0.0"), (True, "true"), ("1", "text"), (None, "null")]
)
def test_a_box_past_the_health_is_refused_at_its_field(box: object, shown: str) -> None:
    ford = scene([fighter("Ada")], [fighter("Cy", health=5)])
    reply = bridge("play_mark", scene=ford, side=1, index=0, box=box)
    assert reply["error"]["field"] == "box"
    assert reply["error"]["message"] == f"box must be a whole number from 0 to 4, one of Cy's health boxes, not {shown}"


# --- each roll's record for the log, and the log kept -------------------------------------------
def test_a_volleys_record_by_hand() -> None:
    # Ada 4/6 on Cy: one die, a hit (1 hit) 2/3, a miss (0 hits) 1/3; a hit deals 1d6.
    duel = scene([fighter("Ada", "4/6")], [fighter("Cy")])
    for seed in range(20):
        result = ok("play_roll", scene=duel, attacking="first", seed=str(seed))
        (die,) = result["roll"]["attackers"][0]["dice"]
        record = result["record"]
        if die <= 4:
            dealt = result["roll"]["targets"][0]["damage_die"]
            assert record == {
                "dice": f"Ada {die} (hit); damage Cy {dealt}",
                "result": f"Raiders: Cy {dealt} damage ({10 - dealt} left).",
                "chance": "66.67 % (2/3) of exactly 1 hit",
            }
        else:
            assert record == {
                "dice": f"Ada {die} (miss)",
                "result": "no hits.",
                "chance": "33.33 % (1/3) of exactly 0 hits",
            }


def test_a_contests_record_by_hand() -> None:
    # 3/6 against 3/6: each side out-hits the other 1/4, a tie 1/2.
    duel = scene([fighter("Ada", "3/6")], [fighter("Cy", "3/6")])
    chances = set()
    for seed in range(20):
        result = ok("play_roll", scene=duel, attacking="both", seed=str(seed))
        (a,), (c,) = (side["attackers"][0]["dice"] for side in result["roll"]["sides"])
        record = result["record"]
        assert record["dice"].startswith(f"Ada {a} ({'hit' if a <= 3 else 'miss'}); Cy {c} ")
        expected = (
            "25.00 % (1/4) that Wardens out-hit Raiders"
            if a <= 3 < c
            else "25.00 % (1/4) that Raiders out-hit Wardens"
            if c <= 3 < a
            else "50.00 % (1/2) of a tie"
        )
        assert record["chance"] == expected
        chances.add(expected)
    assert len(chances) == 3


def test_a_records_parts_stay_within_what_a_log_keeps() -> None:
    name = "A" * 60
    crowd = scene(
        [fighter(f"{name[:-2]}{i:02}", "5/6 +2b") for i in range(MAX_COMBATANTS)],
        [fighter(f"{name[:-2]}{i:02}", "5/6 +2b") for i in range(MAX_COMBATANTS)],
    )
    for attacking in ("first", "both"):
        record = ok("play_roll", scene=crowd, attacking=attacking, seed="3")["record"]
        assert all(len(part) <= MAX_LOG_TEXT for part in record.values())
        assert record["dice"].endswith("…")


@pytest.mark.parametrize(
    ("action", "more"),
    [
        ("play_add", {"side": 0}),
        ("play_remove", {"side": 0, "index": 1}),
        ("play_roll", {"attacking": "both", "seed": "2"}),
        ("play_roll_check", {"side": 0, "index": 0, "seed": "2"}),
        ("play_mark", {"side": 1, "index": 0, "box": 0}),
        ("play_sheet", {}),
    ],
)
def test_every_action_keeps_the_scenes_log(action: str, more: dict) -> None:
    assert ok(action, scene={**FORD, "log": LOG}, **more)["scene"]["log"] == LOG


@SOME
@given(
    SCENE_PARTS,
    st.integers(0, 99),
    st.integers(-1, 2) | st.floats(-1, 2) | st.none(),
    st.integers(-1, 3) | st.text(max_size=2),
    st.integers(-1, 12) | st.booleans(),
)
def test_any_scene_tapped(parts: dict, seed: int, side: object, index: object, box: object) -> None:
    for scene_ in (parts, FORD):
        only_rules_errors("play_roll_check", scene=scene_, side=side, index=index, seed=str(seed))
        only_rules_errors("play_mark", scene=scene_, side=side, index=index, box=box)
