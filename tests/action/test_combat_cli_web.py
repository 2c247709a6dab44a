"""Action! part 2 on the command line and the browser bridge: the word notations (damage,
fall, mook, shots, heroic, conflict, cover), their JSON keys and errors, and the damage
calculator's bridge action. Part 1's notations read as before."""

import json
from fractions import Fraction

import pytest

from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import odds
from rules_engine.cli import run
from rules_engine.web import call

BRIEF = "damage 23 vs threshold 10 health 30 toughness 3 mass 4 with wound-penalty"


def ask(**request):
    return json.loads(call(json.dumps(request)))


def cli_json(*words):
    code, out = run(["odds", "action", *words, "--json"])
    return code, json.loads(out)


def test_damage_json_contract():
    code, data = cli_json(BRIEF)
    assert code == 0
    assert data["notation"] == "damage 23 threshold 10 health 30 toughness 3 mass 4 with wound-penalty"
    assert (
        data["shock"],
        data["wounds"],
        data["falls_down"],
        data["dying"],
        data["knockback_m"],
        data["impairment"],
    ) == (23, 2, False, False, 3, -2)
    for key in (
        "system",
        "kind",
        "total_shock",
        "total_wounds",
        "massive",
        "knocked_down",
        "wall_damage",
        "rest_sequences",
        "shots_lost",
        "cinematic_wound",
        "shaken",
        "dead",
        "stabilise_difficulty",
        "rolls",
        "mooks",
        "happens",
        "lines",
        "options",
    ):
        assert key in data
    assert data["kind"] == "damage" and data["mooks"]["glass-jaw"]["state"] == "out"


def test_the_canonical_notation_reads_back_the_same():
    _, first = cli_json("damage 15 T 5 luck 5 focus 4 toughness 3 with stun cinematic-variable shock-roll")
    _, again = cli_json(first["notation"])
    assert again == first
    assert first["rolls"]["cinematic"]["pass_all"] == "184/33275"
    assert first["rolls"]["shock"]["difficulty"] == [20]


def test_roll_of_a_word_notation_is_its_result():
    code, out = run(["roll", "action", BRIEF, "--seed", "3", "--json"])
    assert code == 0 and json.loads(out) == cli_json(BRIEF)[1]


def test_part_one_notations_are_unchanged():
    code, data = cli_json("5 vs 5")
    assert code == 0 and data["notation"] == "5 vs 5" and data["dice_part"]["0"] == "1/11"


def test_mook_json():
    code, data = cli_json("mook 10 vs 10")
    assert code == 0 and data["p_hit"] == "6/11" and data["mooks"]["glass-jaw"]["miss"] == "5/11"
    assert sum(Fraction(p) for p in data["mooks"]["advanced"].values()) == 1
    assert data["attack"] == "10 vs 10"


@pytest.mark.parametrize(
    "notation,key,value",
    [
        ("shots agility 4 wits 3 luck 5 spend 2", "initiative", 14),
        ("shots agility 4 wits 3 luck 5", "shot_count", 4),
        ("heroic 4", "modifier", -8),
        ("heroic 12", "printed", None),
        ("conflict tiring 12", "shot_count_lost", 2),
        ("conflict chase 17", "fortune", 2),
        ("cover 12", "aggressive_av", 12),
    ],
)
def test_small_notations(notation, key, value):
    code, data = cli_json(notation)
    assert code == 0 and data[key] == value


def test_fall_json():
    code, data = cli_json("fall 6 stunt 3 agility 2")
    assert code == 0 and sum(Fraction(p) for p in data["damage"].values()) == 1
    assert cli_json("fall 4")[1]["damage"] == {"4": "1/1"}


@pytest.mark.parametrize(
    "notation,culprit,words",
    [
        ("damage 5 with wound-penalty percentile", "percentile", "cannot both apply"),
        ("damage 5 health 3 health 4", "health", "given twice"),
        ("damage 5 with bleeding", "bleeding", "unknown option"),
        ("damage 5 armour 3", "armour", "unknown word"),
        ("damage 1000", "1000", "from 0 to 999"),
        ("damage 5 threshold 0", "0", "from 1 to 100"),
        ("mook 5 vs", "", "expected the defence"),
        ("mook 5 vs 5 wyld", "wyld", "unknown word"),
        ("heroic 0", "0", "from 1 to 100"),
        ("conflict duel 5", "duel", "unknown conflict"),
        ("shots agility 4 wits 3 luck 5 spend 9", "spend", "only 4 Shots"),
    ],
)
def test_errors_point_at_the_culprit(notation, culprit, words):
    code, data = cli_json(notation)
    error = data["error"]
    assert code == 2 and words in error["message"]
    if culprit:
        assert notation[error["position"] : error["position"] + error["length"]] == culprit


def test_help_documents_the_notations():
    code, out = run(["--help"])
    out = " ".join(out.split())  # the help is wrapped
    assert code == 0 and "damage PV" in out and "mook ACTION" in out and "wound-penalty" in out


def test_bridge_damage_fields():
    reply = ask(
        system="action",
        action="damage_fields",
        fields={
            "damage": "23",
            "threshold": "10",
            "health": "30",
            "toughness": "3",
            "mass": "4",
            "wounds": "",
            "shock": "",
            "focus": "",
            "luck": "",
            "options": "wound-penalty",
        },
    )
    assert reply["ok"] and reply["result"] == cli_json(BRIEF)[1]


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"damage": ""}, "damage"),
        ({"damage": "x"}, "damage"),
        ({"damage": "5", "threshold": "0"}, "threshold"),
        ({"damage": "5", "health": "-1"}, "health"),
        ({"damage": "5", "mass": "1e3"}, "mass"),
        ({"damage": "5", "luck": "٣"}, "luck"),
        ({"damage": "5", "options": "stun dazed"}, "options"),
        ({"damage": "5", "options": "cinematic cinematic-variable"}, "options"),
    ],
)
def test_bridge_names_the_bad_field(fields, field):
    reply = ask(system="action", action="damage_fields", fields=fields)
    assert not reply["ok"] and reply["error"]["field"] == field


def test_bridge_odds_by_notation():
    reply = ask(system="action", action="odds", notation="mook 8 vs 5")
    assert reply["ok"] and reply["result"]["kind"] == "mook"
    assert (
        reply["result"]["p_hit"] == f"{odds(parse('8 vs 5')).p_success.numerator}/"
        f"{odds(parse('8 vs 5')).p_success.denominator}"
    )
