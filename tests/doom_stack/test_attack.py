"""The attack helper: an attack resolved onto the defender's hit boxes, with the exact odds
of bleeding out. Hand-checked against the source's rules (RULINGS.md for the readings)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hostile_strategies import CONTRACT, check_both, mutated, numbers, texts
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.doom_stack import SYSTEM
from rules_engine.doom_stack.actions import ACTIONS
from rules_engine.doom_stack.attack import (
    ATTACK_FIELDS,
    DEFAULT_BOXES,
    EXAMPLES,
    MAX_BOXES,
    AttackQuery,
    parse_attack,
    query_from_fields,
    resolve,
    roll_attack,
)
from rules_engine.web import call


def odds(text: str) -> dict:
    return resolve(parse_attack(text)).to_json()


# --- the notation -------------------------------------------------------------------------
def test_the_notation_reads_every_term_in_any_order_and_writes_a_canonical_form():
    query = parse_attack("ATTACK 12 vs 3 antitank track xx/ Hard 4 cover boxes 9 body 1 overflow 2")
    assert query == AttackQuery(12, 3, True, 1, 4, True, 9, "XX/", 2)
    assert query.notation == "attack 12 vs 3 cover body 1 hard 4 antitank boxes 9 track XX/ overflow 2"
    assert parse_attack(query.notation) == query
    assert parse_attack("attack 9") == AttackQuery(9) and AttackQuery(9).boxes == DEFAULT_BOXES == 8
    for example in EXAMPLES:
        assert parse_attack(example).notation == example


@pytest.mark.parametrize(
    "text,message,position",
    [
        ("attack", "expected the attacker's stack", 6),
        ("attack 9 vs", "expected the defender's stack", 11),
        ("attack 9 vs 4 cover cover", "cover is given twice", 20),
        ("attack 9 vs 4 armour 3", "expected one of cover, antitank, track", 14),
        ("attack 9 boxes 0", "hit boxes must be from 1 to 100, not 0", 15),
        (f"attack 9 boxes {MAX_BOXES + 1}", "hit boxes must be from 1 to 100", 15),
        ("attack 9 track XQ", "a track is written with X (physical) and / (stun)", 16),
        ("attack 9 track", "expected the marked boxes after track", 14),
        ("attack 9 boxes 4 track XXXXX", "the track marks 5 boxes, but the defender has only 4 hit boxes", 17),
        ("attack 1801", "the attacker's stack must be from 0 to 1800", 7),
    ],
)
def test_bad_attack_notations_point_at_the_problem(text, message, position):
    with pytest.raises(RulesError) as info:
        parse_attack(text)
    assert message in info.value.message and info.value.position == position, info.value.to_dict()


# --- hand-checked attacks -----------------------------------------------------------------
def test_net_damage_with_cover_and_body_armour():
    data = odds("attack 9 vs 4 cover body 2")
    # 9 − 4 = 5; in cover the 4 is not spent but shrinks to 3; body armour 2 turns 2 into stun.
    assert (data["net"], data["damage"], data["defence_left"]) == (5, 5, 3)
    assert (data["physical"], data["stun"]) == (3, 2)
    assert data["after"] == {
        "boxes": 8,
        "marks": "XXX//",
        "physical": 3,
        "stun": 2,
        "empty": 3,
        "overflow": 0,
        "knocked_out": False,
        "dying": False,
        "dead": False,
        "state": "still in action",
    }
    assert data["bleeding_out"] is None


def test_misses_glitches_and_a_defender_with_no_dice():
    miss = odds("attack 3 vs 5")
    assert miss["clean_miss"] and miss["damage"] == 0 and miss["after"]["marks"] == ""
    tie = odds("attack 5 vs 5")
    assert tie["glitch"] and not tie["clean_miss"] and tie["damage"] == 0
    assert "a glitch: no damage" in tie["lines"][1]
    bare = odds("attack 7")
    assert (bare["defence"], bare["damage"], bare["physical"]) == (0, 7, 7)
    assert bare["lines"][1] == "Net: 7 − 0 (no dice to defend with) = 7: 7 damage"


def test_hard_armour_stops_all_but_antitank_which_it_reduces():
    assert (odds("attack 12 vs 3 hard 4")["physical"], odds("attack 12 vs 3 hard 4")["stun"]) == (0, 0)
    antitank = odds("attack 12 vs 3 hard 4 antitank")
    assert (antitank["through_hard_armour"], antitank["physical"]) == (5, 5)
    # Hard armour first, then body armour converts what got through.
    both = odds("attack 10 vs 2 body 3 hard 2 antitank")
    assert (both["through_hard_armour"], both["physical"], both["stun"]) == (6, 3, 3)
    # Antitank alone, without hard armour, changes nothing.
    assert odds("attack 10 vs 2 antitank")["physical"] == 8


def test_the_track_fills_then_overflows_into_dying_and_death():
    # 8 boxes, seven marked: one box left. 3 physical and 3 stun: one X fills it, the other
    # five points go to overflow, all physical there.
    data = odds("attack 10 vs 2 body 3 hard 2 antitank track XXXXXXX")
    after = data["after"]
    assert (after["marks"], after["overflow"]) == ("XXXXXXXX", 5)
    assert after["knocked_out"] and after["dying"] and not after["dead"]
    bleed = data["bleeding_out"]
    # Death needs 8 − 5 = 3 hours in a row without a 1: (5/6)^3 = 125/216.
    assert (bleed["hours_to_death"], bleed["p_death"], bleed["p_stabilise"]) == (3, "125/216", "91/216")
    assert [Fraction(p) for p in bleed["p_stable_by_hour"]] == [Fraction(1, 6), Fraction(11, 36), Fraction(91, 216)]
    # Overflow equal to the boxes is death at once; knocked out with no overflow is not dying.
    dead = odds("attack 20 vs 2 track XXXX")["after"]
    assert dead["overflow"] == 14 and dead["dead"] and not dead["dying"] and dead["state"] == "dead"
    out = odds("attack 8")["after"]
    assert out["knocked_out"] and not out["dying"] and out["state"] == "knocked out"


def test_stun_marked_boxes_and_earlier_overflow_count():
    # Stun wore off: a conscious character bleeding out (overflow 1, boxes not full).
    data = odds("attack 3 vs 4 boxes 9 track XX/ overflow 1")
    assert data["clean_miss"] and data["after"]["state"] == "dying, conscious"
    assert data["bleeding_out"]["p_death"] == "390625/1679616"  # (5/6)^(9 − 1)


def test_a_rolled_attack_rolls_bleeding_out_hour_by_hour():
    rolled = roll_attack(parse_attack("attack 10 vs 2 body 3 hard 2 antitank track XXXXXXX"), seed=3)
    assert rolled.hours and (rolled.hours[-1] == 1 or rolled.final_overflow == 8)
    assert rolled.final_overflow == 5 + sum(1 for h in rolled.hours if h != 1)
    assert rolled.lines()[0].endswith(", seed 3") and rolled.lines()[-1].startswith("Bleeding out, one d6 an hour")
    assert roll_attack(parse_attack("attack 2"), seed=1).hours == ()


# --- the CLI and the bridge ---------------------------------------------------------------
def test_cli_odds_and_roll_of_an_attack():
    code, out = run(["odds", "doom-stack", "attack", "9", "vs", "4", "cover", "body", "2", "--json"])
    assert code == 0 and json.loads(out)["notation"] == "attack 9 vs 4 cover body 2"
    code, text = run(["odds", "doom-stack", "attack 9 vs 4 cover body 2"])
    assert code == 0 and "Damage: 3 physical, 2 stun" in text
    code, out = run(["roll", "doom-stack", "attack 20 vs 2 boxes 12", "--seed", "5", "--json"])
    data = json.loads(out)
    assert code == 0 and data["seed"] == 5 and data["bleed_rolls"]
    code, text = run(["odds", "doom-stack", "attack 9 vs"])
    assert code == 2 and "^" in text
    code, text = run(["odds", "doom-stack", "--help"])
    assert "attack STACK [vs STACK]" in text


def ask(**fields: str) -> dict:
    return json.loads(call(json.dumps({"system": "doom-stack", "action": "attack_fields", "fields": fields})))


def test_the_bridge_action_is_the_notation_odds():
    reply = ask(
        attack="10",
        defence="2",
        cover="",
        body="3",
        hard="2",
        antitank="on",
        boxes="8",
        physical="6",
        stun="1",
        overflow="",
    )
    assert reply["ok"]
    result = reply["result"]
    assert result["notation"] == "attack 10 vs 2 body 3 hard 2 antitank track XXXXXX/"
    assert (
        result
        == json.loads(call(json.dumps({"system": "doom-stack", "action": "odds", "notation": result["notation"]})))[
            "result"
        ]
    )
    assert ask(attack="4")["result"]["after"]["boxes"] == DEFAULT_BOXES  # blank fields: defaults


@pytest.mark.parametrize(
    "fields,field,message",
    [
        ({}, "attack", "Attacker's stack must be a whole number"),
        ({"attack": "9", "defence": "-1"}, "defence", "Defender's stack must be from 0 to 1800"),
        ({"attack": "9", "cover": "maybe"}, "cover", "Defender in cover must be on or off"),
        ({"attack": "9", "boxes": "0"}, "boxes", "Hit boxes must be from 1 to 100"),
        ({"attack": "9", "physical": "9"}, "physical", "9 boxes already marked, but the defender has only 8"),
        ({"attack": "9", "physical": "5", "stun": "4"}, "stun", "9 boxes already marked"),
    ],
)
def test_bridge_errors_name_their_field(fields, field, message):
    reply = ask(**fields)
    assert not reply["ok"] and reply["error"]["field"] == field and message in reply["error"]["message"]


# --- bad input (Hypothesis) ---------------------------------------------------------------
@CONTRACT
@given(
    st.one_of(
        st.builds(lambda t: "attack " + t, texts()),
        st.builds(lambda n, t: f"attack {n} {t}", numbers(), st.text(max_size=30)),
    )
)
def test_any_attack_text_gives_a_result_or_a_rules_error(text):
    check_both(SYSTEM, text)


@CONTRACT
@given(
    mutated(
        list(EXAMPLES)
        + [
            "attack 0",
            "attack 1800 vs 1800 cover body 1800 hard 1800 antitank boxes 100 "
            "track " + "X" * 50 + "/" * 50 + " overflow 1800",
        ]
    )
)
def test_mutated_attacks_give_a_result_or_a_rules_error(text):
    check_both(SYSTEM, text)


FIELD_TEXT = st.one_of(numbers(), st.text(max_size=20), st.sampled_from(["", "on", "off", "true", "-3", "+2", " 7 "]))


@CONTRACT
@given(st.dictionaries(st.sampled_from([*ATTACK_FIELDS, "x"]), FIELD_TEXT))
def test_attack_fields_give_a_result_or_an_error_on_a_field(fields):
    try:
        result = ACTIONS["attack_fields"]({"fields": fields})
    except RulesError as error:
        assert error.field in ATTACK_FIELDS and error.position is None and error.message
    else:
        assert result["notation"] == query_from_fields({n: fields.get(n, "") for n in ATTACK_FIELDS}).notation
        json.dumps(result)


@CONTRACT
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=10),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(
            st.sampled_from(ATTACK_FIELDS), st.one_of(st.none(), st.integers(), st.booleans(), st.text(max_size=5))
        ),
    )
)
def test_attack_fields_of_any_json_are_answered(fields):
    reply = json.loads(call(json.dumps({"system": "doom-stack", "action": "attack_fields", "fields": fields})))
    assert reply["ok"] or reply["error"]["message"]
