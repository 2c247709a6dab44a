"""The command line and the browser bridge for Adrenaline (in-process, so also in Pyodide).
The contract every system shares (JSON keys, the text form, exact odds summing to 1, seeds,
the bridge answering as the CLI, bad notations placed: 12d10 vs 7, 6d10 vs 12) is stated once
in tests/test_cli_contract.py."""

import json
from fractions import Fraction

import pytest

import rules_engine.systems as systems
from rules_engine.cli import run
from rules_engine.web import call

if "adrenaline" not in systems.SYSTEM_PACKAGES:  # before registration (the spine test checks it)
    systems.SYSTEM_PACKAGES["adrenaline"] = "rules_engine.adrenaline"


def ask(**request):
    return json.loads(call(json.dumps({"system": "adrenaline", **request})))


def test_cli_roll_explains_every_die():
    code, out = run(["roll", "adrenaline", "6d10 vs 7", "--seed", "3"])
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Adrenaline 6d10 vs 7 (Challenging), seed 3"
    dice = lines[1].removeprefix("Rolled: ").split()
    assert len(dice) == 6 and all(
        line.startswith(f"Die {i + 1}: {v}") for i, (line, v) in enumerate(zip(lines[2:], dice))
    )
    assert lines[-1].startswith("Adrenaline: ")


def test_cli_roll_json_nets_successes_less_ones():
    code, out = run(["roll", "adrenaline", "6d10 vs 7", "--seed", "3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["seed"] == 3
    assert data["net"] == sum(d["role"] == "success" for d in data["dice_detail"]) - data["ones"] or data["net"] < 0


def test_cli_odds_json_values():
    code, out = run(["odds", "adrenaline", "6d10 vs 7", "--json"])
    data = json.loads(out)
    assert code == 0 and data["notation"] == "6d10 vs 7"
    assert Fraction(data["p_botch"]) == sum(Fraction(v) for k, v in data["outcomes"].items() if int(k) < 0)
    assert json.loads(run(["odds", "adrenaline", "6d10", "--json"])[1])["notation"] == "6d10 vs 6"
    spent = json.loads(run(["odds", "adrenaline", "6d10 vs 7 +2a", "--json"])[1])
    assert spent["notation"] == "6d10+2a vs 7" and spent["p_botch"] == "0/1" and min(map(int, spent["outcomes"])) == 2


def test_cli_extended_and_opposed():
    data = json.loads(run(["odds", "adrenaline", "6d10 vs 7 until 10", "--json"])[1])
    assert data["kind"] == "extended" and Fraction(data["cut_mass"]) < Fraction(1, 10**12)
    assert Fraction(data["p_reached"]) + Fraction(data["p_lost"]) + Fraction(data["cut_mass"]) == 1
    data = json.loads(run(["odds", "adrenaline", "6d10 vs 7 against 5d10", "--json"])[1])
    assert (
        data["kind"] == "opposed"
        and Fraction(data["p_win"]) + Fraction(data["p_standoff"]) + Fraction(data["p_lose"]) == 1
    )
    code, out = run(["roll", "adrenaline", "6d10 vs 7 against 5d10", "--seed", "3"])
    assert code == 0 and out.splitlines()[-1].startswith("Margin ")


def test_cli_help_documents_the_notations():
    code, out = run(["--help"])
    assert code == 0
    flat = " ".join(out.split())
    for word in ("until 10", "against 5d10", "+2a", "botch-wastes", "tens-explode", "with designer"):
        assert word in flat


def test_bridge_odds_by_notation():
    assert ask(action="odds", notation="6d10 vs 7")["result"]["p_success"] == "3997/5000"


def form(**fields):
    base = {"attribute": "3", "ability": "3", "difficulty": "7", "adrenaline": ""}
    return {**base, **fields}


def test_bridge_form_actions():
    odds = ask(action="odds_form", fields=form())["result"]
    assert odds["notation"] == "6d10 vs 7" and odds["p_success"] == "3997/5000"
    assert odds["pool_lines"] == ["attribute 3 + ability 3 = 6d10 vs 7 (Challenging)"]
    assert [item["key"] for item in odds["summary"]][:3] == ["success", "failure", "botch"]
    rolled = ask(action="roll_form", fields=form(), seed="3")["result"]
    assert rolled["lines"] == ask(action="roll", notation="6d10 vs 7", seed=3)["result"]["lines"]
    extended = ask(action="odds_form", fields=form(mode="extended", target="10"))["result"]
    assert extended["notation"] == "6d10 vs 7 until 10" and extended["rows"][0]["roll"] == 1
    opposed = ask(action="odds_form", fields=form(mode="opposed", **{"other-attribute": "5", "below": "on"}))["result"]
    assert opposed["notation"] == "6d10 vs 7 against 5d10 vs 6 with botches-below-zero"


@pytest.mark.parametrize(
    "fields,field",
    [
        (form(attribute="x"), "attribute"),
        (form(ability="9"), "ability"),
        (form(difficulty="1"), "difficulty"),
        (form(adrenaline="11"), "adrenaline"),
        (form(mode="sideways"), "mode"),
        (form(options="hard"), "options"),
        (form(mode="extended", target="0"), "target"),
        (form(mode="extended", adrenaline="1", target="3"), "adrenaline"),
        (form(mode="extended", target="3", options="tens-explode"), "options"),
        (form(mode="opposed", **{"other-attribute": ""}), "other-attribute"),
        (form(mode="opposed", **{"other-attribute": "3", "other-difficulty": "Hard"}), "other-difficulty"),
    ],
)
def test_bridge_form_errors_name_their_field(fields, field):
    reply = ask(action="odds_form", fields=fields)
    assert not reply["ok"] and reply["error"]["field"] == field, reply


def test_bridge_refuses_malformed_requests():
    assert not ask(action="odds_form", fields=[1])["ok"]
    assert not ask(action="odds_form", fields={"attribute": 3})["ok"]
    assert not ask(action="roll_form", fields=form(), seed="x")["ok"]
    assert "odds_form" in ask(action="nope")["error"]["message"]


@pytest.mark.parametrize(
    "value,on",
    [
        ("", False),
        ("off", False),
        ("0", False),
        ("false", False),
        ("no", False),
        ("on", True),
        ("1", True),
        ("true", True),
        ("ON", True),
    ],
)
def test_bridge_switches_are_on_only_for_an_on_value(value, on):
    extended = ask(action="odds_form", fields=form(mode="extended", target="5", wastes=value))["result"]
    assert extended["botch_wastes"] is on
    opposed = ask(action="odds_form", fields=form(mode="opposed", **{"other-attribute": "2", "below": value}))
    assert opposed["result"]["notation"].endswith(" with botches-below-zero") is on


@pytest.mark.parametrize(
    "fields,field,message",
    [
        (
            form(mode="extended", target="5", wastes="maybe"),
            "wastes",
            "\"A botch only wastes that roll\" must be on or off, not 'maybe'",
        ),
        (
            form(mode="opposed", **{"other-attribute": "2", "below": "yes please"}),
            "below",
            "\"Botches count below zero\" must be on or off, not 'yes please'",
        ),
        (
            form(difficulty="Hard"),
            "difficulty",
            "Difficulty must be a number from 2 to 10 or a name on the ladder "
            "(Trivial, Easy, Routine, Straightforward, Standard, Challenging, Difficult, Extremely Difficult, "
            "Practically Impossible), not 'Hard'",
        ),
        (
            form(mode="opposed", **{"other-attribute": "x"}),
            "other-attribute",
            "Their attribute must be a whole number, not x",
        ),
        (form(mode="extended", target="101"), "target", "Successes to gather must be from 1 to 100, not 101"),
    ],
)
def test_bridge_form_errors_speak_the_pages_words(fields, field, message):
    error = ask(action="odds_form", fields=fields)["error"]
    assert (error["field"], error["message"]) == (field, message)


def test_a_difficulty_by_name_is_read():
    assert ask(action="odds_form", fields=form(difficulty="extremely difficult"))["result"]["notation"] == "6d10 vs 9"


@pytest.mark.parametrize(
    "argv,position,length,says",
    [
        (
            ["odds", "adrenaline", "1d until 99"],
            9,
            2,
            "a target of 99 is too far for 1d10 vs 6: it gathers 0.50 successes "
            "a roll on average, so 99 takes about 198 rolls, and the engine follows an extended roll of 1 die for 400 rolls, "
            "which holds its slow tail only for a target reached in about 100 rolls on average: here at most 50",
        ),
        (["odds", "adrenaline", "1d10 vs 10 until 100"], 17, 3, "here at most 10"),
        (["roll", "adrenaline", "0d10 until 6"], 0, 4, "0d10 vs 6 can never gather a success, so it never reaches 6"),
        (["odds", "adrenaline", "  0d until 6"], 2, 2, "can never gather a success"),
    ],
)
def test_extended_roll_refusals_are_placed(argv, position, length, says):
    code, out = run([*argv, "--json"])
    error = json.loads(out)["error"]
    assert code == 2 and says in error["message"], error
    assert (error["position"], error["length"]) == (position, length)
    assert error["caret"][1] == " " * position + "^" * length


def test_the_widest_target_the_refusal_names_is_followed():
    assert run(["odds", "adrenaline", "1d until 50"])[0] == 0
    assert run(["odds", "adrenaline", "1d10 vs 10 until 10"])[0] == 0


def test_extended_roll_refusals_in_the_roller_name_their_field():
    too_far = ask(
        action="odds_form", fields=form(attribute="1", ability="", difficulty="6", mode="extended", target="99")
    )["error"]
    assert too_far["field"] == "target" and too_far["message"].startswith("Successes to gather: a target of 99")
    never = ask(action="roll_form", fields=form(attribute="0", ability="", mode="extended", target="6"), seed="1")
    assert never["error"]["field"] == "attribute" and "never gather a success" in never["error"]["message"]
