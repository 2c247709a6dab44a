"""The damage-roll builder and the Health-save helper (``builder.py``) and their bridge
actions: every input changes the notation as the rules say, the written notation reads as
the command line reads it, the odds are exact. In-process, so these run inside Pyodide too."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from hostile_strategies import CONTRACT
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.dice_and_danger.actions import ACTIONS, DAMAGE_FIELDS, HEALTH_FIELDS
from rules_engine.dice_and_danger.builder import (
    Attack,
    build_damage,
    health_save,
    outcome_odds,
)
from rules_engine.dice_and_danger.notation import parse
from rules_engine.dice_and_danger.odds import hits_distribution, odds
from rules_engine.dice_and_danger.rules import Terms, damage_pool
from rules_engine.web import call

#: One die for acting, no weapon, in plate (no weakness): the base every switch changes.
BARE = Attack(armour="plate")


def built(attack):
    return build_damage(attack).query.notation


def ask(action, seed=None, **fields):
    reply = json.loads(
        call(json.dumps({"system": "dice-and-danger", "action": action, "fields": fields, "seed": seed}))
    )
    return reply


# --- the source's worked example ----------------------------------------------------------------
def test_the_knights_greatsword_builds_the_sources_five_dice_against_hide():
    # Acting, expert and prepared (3d), a heavy greatsword (an axe: +2d, "5d! woo!"), the goblin
    # in hide armour ("DC 3"); leather is weak against spears, not axes.
    attack = Attack(expert=True, prepared=True, weapon="axes", heavy=True, armour="leather")
    roll = build_damage(attack)
    assert roll.written == "1d +1d +1d +2d vs DC 3"
    assert roll.query.notation == "5d vs DC 3"
    assert [step.field for step in roll.steps] == ["acting", "expert", "prepared", "heavy"]


# --- every switch, one at a time ----------------------------------------------------------------
@pytest.mark.parametrize(
    "change,written,canonical",
    [
        ({}, "1d vs DC 6", "1d vs DC 6"),
        ({"acting": False}, "0d vs DC 6", "0d vs DC 6"),
        ({"expert": True}, "1d +1d vs DC 6", "2d vs DC 6"),
        ({"prepared": True}, "1d +1d vs DC 6", "2d vs DC 6"),
        ({"friend_helps": True}, "1d +1d vs DC 6", "2d vs DC 6"),
        ({"hit_defense_spent": True}, "1d +1p vs DC 6", "1d-1p vs DC 6"),
        ({"hit_defense_spent": True, "hd_reading": "bonus"}, "1d +1b vs DC 6", "1d+1b vs DC 6"),
        ({"hit_defense_spent": True, "hd_reading": "literal"}, "1d +1p vs DC 6", "1d-1p vs DC 6"),
        ({"hd_reading": "bonus"}, "1d vs DC 6", "1d vs DC 6"),  # the reading alone spends nothing
        ({"weapon": "swords"}, "1d +1d vs DC 6", "2d vs DC 6"),
        ({"weapon": "swords", "suited": False}, "1d vs DC 6", "1d vs DC 6"),
        ({"weapon": "clubs", "heavy": True}, "1d +2d vs DC 6", "3d vs DC 6"),
        ({"weapon": "clubs", "heavy": True, "suited": False}, "1d vs DC 6", "1d vs DC 6"),
        ({"weapon": "spears", "ranged": True}, "1d +1d +1p vs DC 6", "2d-1p vs DC 6"),
        ({"weapon": "spears", "crude": True}, "1d +1d +1p vs DC 6", "2d-1p vs DC 6"),
        ({"weapon": "spears", "ranged": True, "crude": True}, "1d +1d +1p +1p vs DC 6", "2d-2p vs DC 6"),
        ({"weapon": "swords", "off_hand": True}, "1d +1d +2b vs DC 6", "2d+2b vs DC 6"),
        ({"shield": "shield"}, "1d +1p vs DC 6", "1d-1p vs DC 6"),
        ({"shield": "tower"}, "1d -1d vs DC 6", "0d vs DC 6"),
        ({"armour": "none"}, "1d vs DC 2", "1d vs DC 2"),
        ({"armour": "leather"}, "1d vs DC 3", "1d vs DC 3"),
        ({"armour": "splint"}, "1d vs DC 4", "1d vs DC 4"),
        ({"armour": "chain"}, "1d vs DC 5", "1d vs DC 5"),
    ],
)
def test_each_input_changes_the_notation_as_its_rule_says(change, written, canonical):
    roll = build_damage(replace(BARE, **change))
    assert roll.written == written
    assert roll.query.notation == canonical


@pytest.mark.parametrize(
    "armour,weak,dc", [("none", "swords", 2), ("leather", "spears", 3), ("splint", "axes", 4), ("chain", "clubs", 5)]
)
def test_an_armours_weakness_is_the_targets_penalty_die_so_the_attackers_bonus(armour, weak, dc):
    for weapon in ("swords", "axes", "clubs", "spears"):
        roll = build_damage(Attack(weapon=weapon, armour=armour))
        if weapon == weak:
            assert roll.written == f"1d +1d vs DC {dc} & +1p"
            assert roll.query.notation == f"2d+1b vs DC {dc}"
            assert roll.steps[-1].other_side and roll.steps[-1].field == "armour"
        else:
            assert roll.query.notation == f"2d vs DC {dc}"
    # Plate has no weakness; no weapon meets none; the off hand's weapon does not count.
    assert all(
        build_damage(Attack(weapon=w, armour="plate")).query.notation == "2d vs DC 6"
        for w in ("swords", "axes", "clubs", "spears")
    )
    assert build_damage(Attack(armour="none")).query.notation == "1d vs DC 2"


def test_everything_at_once_adds_up_and_cancels():
    attack = Attack(
        expert=True,
        prepared=True,
        friend_helps=True,
        hit_defense_spent=True,
        weapon="swords",
        ranged=True,
        crude=True,
        off_hand=True,
        shield="shield",
        armour="none",
    )
    roll = build_damage(attack)
    assert roll.written == "1d +1d +1d +1d +1p +1d +1p +1p +2b +1p vs DC 2 & +1p"
    # 5d; bonus 2 + 1 (the weakness) against penalty 1 + 1 + 1 + 1: -1p left.
    assert roll.query.notation == "5d-1p vs DC 2"


@pytest.mark.parametrize(
    "expert,prepared,friend,spent", [(e, p, f, s) for e in (0, 1) for p in (0, 1) for f in (0, 1) for s in (0, 1)]
)
def test_the_pool_steps_are_the_rules_damage_pool(expert, prepared, friend, spent):
    for reading in ("target", "bonus", "literal"):
        attack = Attack(
            expert=bool(expert),
            prepared=bool(prepared),
            friend_helps=bool(friend),
            hit_defense_spent=bool(spent),
            hd_reading=reading,
        )
        steps = build_damage(attack).steps
        assert sum((s.terms for s in steps), Terms()) == damage_pool(
            expert=bool(expert),
            prepared=bool(prepared),
            friend_helps=bool(friend),
            hit_defense_spent=bool(spent),
            reading=reading,
        )


@pytest.mark.parametrize(
    "change,field",
    [
        ({"heavy": True}, "heavy"),
        ({"ranged": True}, "ranged"),
        ({"crude": True}, "crude"),
        ({"off_hand": True}, "off_hand"),
        ({"weapon": "axes", "heavy": True, "ranged": True}, "ranged"),
        ({"weapon": "bows"}, "weapon"),
        ({"shield": "buckler"}, "shield"),
        ({"armour": "mithril"}, "armour"),
        ({"hd_reading": "friend"}, "hd_reading"),
    ],
)
def test_inputs_that_do_not_fit_are_refused_on_their_field(change, field):
    with pytest.raises(RulesError) as info:
        build_damage(replace(BARE, **change))
    assert info.value.field == field and info.value.message


def test_suits_the_job_alone_is_not_asked_without_a_weapon():
    assert build_damage(replace(BARE, suited=False)).written == build_damage(BARE).written


# --- the bridge ---------------------------------------------------------------------------------
def test_the_builders_odds_are_the_written_notations_odds_through_the_cli():
    reply = ask("damage_odds", acting="on", expert="on", prepared="on", weapon="axes", heavy="on", armour="leather")
    assert reply["ok"], reply
    result = reply["result"]
    assert result["written"] == "1d +1d +1d +2d vs DC 3" and result["notation"] == "5d vs DC 3"
    assert result["dc"] == 3 and result["armour"] == "leather"
    assert [s["term"] for s in result["steps"]] == ["+1d", "+1d", "+1d", "+2d"]
    code, out = run(["odds", "dice-and-danger", result["written"], "--json"])
    assert code == 0
    cli = json.loads(out)
    assert cli["outcomes"] == result["outcomes"] and cli["mean"] == result["mean"]
    assert result["p_any_hit"]["ratio"] == "242/243"  # 1 − (2/6)^5: a die below 3 never explodes


def test_the_builders_roll_is_the_canonical_forms_roll():
    reply = ask("damage_roll", seed="42", acting="on", weapon="swords", off_hand="on", armour="chain")
    assert reply["ok"], reply
    result = reply["result"]
    assert result["written"] == "1d +1d +2b vs DC 5" and result["notation"] == "2d+2b vs DC 5"
    code, out = run(["roll", "dice-and-danger", result["notation"], "--seed", "42", "--json"])
    assert code == 0 and json.loads(out)["dice"] == result["dice"] and json.loads(out)["hits"] == result["hits"]


def test_blank_fields_are_off_and_the_first_choices():
    reply = ask("damage_odds")
    assert reply["ok"] and reply["result"]["written"] == "0d vs DC 2"  # not acting, no weapon, no armour
    assert ask("damage_odds", weapon="clubs", unsuited="on")["result"]["written"] == "0d vs DC 2"


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"acting": "maybe"}, "acting"),
        ({"weapon": "bow"}, "weapon"),
        ({"ranged": "on"}, "ranged"),
        ({"armour": "mithril"}, "armour"),
    ],
)
def test_the_bridge_names_the_bad_field(fields, field):
    reply = ask("damage_odds", **fields)
    assert not reply["ok"] and reply["error"]["field"] == field


# --- the Health save ----------------------------------------------------------------------------
def test_a_health_save_writes_a_die_per_new_condition_and_a_penalty_die_per_old_one():
    assert health_save(2, 1, 3).written == "save 2d +1p vs DC 3"
    assert health_save(2, 1, 3).query.notation == "save 2d-1p vs DC 3"
    assert health_save(1, 0, 4).query.notation == "save 1d vs DC 4"
    assert health_save(1, 0, 1).query.notation == "save 2d vs DC 2"  # Health 1: DC 2 and one more die
    assert health_save(1, 0, 8).query.notation == "save 0d vs DC 6"  # two fewer: no dice, no danger


def test_one_new_condition_at_health_3_by_hand():
    # One die at DC 3: a 1 or 2 misses; 3–5 is one hit; a 6 is a hit and rolls again.
    chances = outcome_odds(health_save(1, 0, 3).query)
    assert chances[0] == Fraction(1, 3)
    assert chances[1] == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 3)
    assert chances[2] == Fraction(1, 6) * Fraction(1, 2) + Fraction(1, 36) * Fraction(1, 3)
    assert sum(chances) == 1


def test_an_old_condition_is_a_penalty_die_that_drops_the_lowest_on_a_save():
    # save 2d-1p: three dice, the lowest dropped; free parking only when all three miss.
    assert outcome_odds(health_save(2, 1, 3).query)[0] == Fraction(1, 27)
    # save 1d+... without old conditions: both dice must miss.
    assert outcome_odds(health_save(2, 0, 3).query)[0] == Fraction(1, 9)


@pytest.mark.parametrize("now,had,health", [(1, 0, 2), (3, 2, 4), (5, 4, 6), (2, 30, 1), (100, 0, 2), (1, 0, 9)])
def test_the_outcomes_sum_to_exactly_1_and_match_the_hits_odds(now, had, health):
    query = health_save(now, had, health).query
    chances = outcome_odds(query)
    assert sum(chances) == 1 and all(p >= 0 for p in chances)
    dist = hits_distribution(query)
    assert chances[:5] == [dist.p(k) for k in range(5)]


def test_the_health_bridge_gives_every_outcome_exactly():
    reply = ask("health_odds", conditions_now="2", conditions_had="1", health="3")
    assert reply["ok"], reply
    outcomes = reply["result"]["health_outcomes"]
    assert [o["name"] for o in outcomes][0] == "Free parking" and outcomes[-1]["to"] is None
    assert outcomes[0]["ratio"] == "1/27" and outcomes[0]["percent"] == "3.70%"
    assert [o["injury"] for o in outcomes] == [False, False, False, True, True, True]
    assert sum(Fraction(o["ratio"]) for o in outcomes) == 1
    assert reply["result"]["written"] == "save 2d +1p vs DC 3" and reply["result"]["kind"] == "save"


def test_the_health_roll_names_its_outcome():
    reply = ask("health_roll", seed="9", conditions_now="3", conditions_had="0", health="2")
    result = reply["result"]
    names = {
        0: "Free parking",
        1: "Stunned for 1 round",
        2: "Knocked out for the rest of the combat",
        3: "Dying",
        4: "Dead",
    }
    assert result["outcome"] == names.get(result["hits"], "Flagrantly dead")


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"conditions_now": "0"}, "conditions_now"),
        ({"conditions_now": "x"}, "conditions_now"),
        ({"conditions_now": "1", "conditions_had": "-1"}, "conditions_had"),
        ({"conditions_now": "1", "conditions_had": "31"}, "conditions_had"),
        ({"conditions_now": "1", "health": "1000"}, "health"),
        ({"conditions_now": "100", "health": "0"}, "health"),  # two more dice: past the pool's limit
    ],
)
def test_the_health_helper_names_the_bad_field(fields, field):
    reply = ask("health_odds", **fields)
    assert not reply["ok"] and reply["error"]["field"] == field and reply["error"]["message"]


# --- any JSON at all ----------------------------------------------------------------------------
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)
FIELD_TEXT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "",
            "on",
            "off",
            "1",
            "0",
            "swords",
            "axes",
            "none",
            "tower",
            "shield",
            "plate",
            "leather",
            "bonus",
            "literal",
            "3",
            "-1",
            "100",
            "30",
            "9" * 40,
        ]
    ),
)
BUILDER_ACTIONS = ["damage_odds", "damage_roll", "health_odds", "health_roll"]


@CONTRACT
@given(
    st.sampled_from(BUILDER_ACTIONS),
    st.dictionaries(st.sampled_from([*DAMAGE_FIELDS, *HEALTH_FIELDS, "x"]), st.one_of(FIELD_TEXT, JSON)),
    st.one_of(st.none(), st.text(max_size=8), st.integers()),
)
def test_builder_fields_of_any_json_give_a_result_or_a_rules_error(action, fields, seed):
    try:
        result = ACTIONS[action]({"fields": fields, "seed": seed})
        json.dumps(result)
    except RulesError as error:
        assert error.message


@CONTRACT
@given(st.sampled_from(BUILDER_ACTIONS), JSON)
def test_any_request_json_is_answered_by_the_bridge(action, value):
    for request in (
        {"system": "dice-and-danger", "action": action, "fields": value},
        {"system": "dice-and-danger", "action": action, "fields": {"acting": value, "health": value}},
    ):
        reply = json.loads(call(json.dumps(request)))
        assert reply["ok"] or reply["error"]["message"]


@CONTRACT
@given(
    st.builds(
        Attack,
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["target", "bonus", "literal"]),
        st.sampled_from(["swords", "axes", "clubs", "spears"]),
        st.booleans(),
        st.booleans(),
        st.just(False),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["none", "shield", "tower"]),
        st.sampled_from(["none", "leather", "splint", "chain", "plate"]),
    )
)
def test_every_built_roll_reads_back_and_its_odds_sum_to_1(attack):
    roll = build_damage(attack)
    assert parse(roll.written) == roll.query
    dist = odds(roll.query).dist
    assert sum(dist.probabilities().values()) + dist.cut_mass == 1
