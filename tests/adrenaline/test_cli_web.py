"""The command line and the browser bridge for Adrenaline (in-process, so also in Pyodide)."""

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
    assert len(dice) == 6 and all(line.startswith(f"Die {i + 1}: {v}") for i, (line, v) in enumerate(zip(lines[2:], dice)))
    assert lines[-1].startswith("Adrenaline: ")


def test_cli_roll_json_is_the_same_roll():
    code, out = run(["roll", "adrenaline", "6d10 vs 7", "--seed", "3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["seed"] == 3 and data["notation"] == "6d10 vs 7"
    assert data["lines"] == run(["roll", "adrenaline", "6d10 vs 7", "--seed", "3"])[1].splitlines()
    assert data["net"] == sum(d["role"] == "success" for d in data["dice_detail"]) - data["ones"] or data["net"] < 0
    assert {"dice", "dice_detail", "successes", "ones", "net", "result", "degree", "adrenaline_earned", "pair",
            "log", "lines"} <= set(data)


def test_cli_odds_json_contract():
    code, out = run(["odds", "adrenaline", "6d10 vs 7", "--json"])
    data = json.loads(out)
    assert code == 0
    for key in ("system", "notation", "outcomes", "p_success", "p_failure", "p_botch", "p_adrenaline", "mean"):
        assert key in data
    assert data["system"] == "adrenaline" and data["notation"] == "6d10 vs 7"
    assert sum(Fraction(v) for v in data["outcomes"].values()) == 1
    assert Fraction(data["p_botch"]) == sum(Fraction(v) for k, v in data["outcomes"].items() if int(k) < 0)
    assert json.loads(run(["odds", "adrenaline", "6d10", "--json"])[1])["notation"] == "6d10 vs 6"
    spent = json.loads(run(["odds", "adrenaline", "6d10 vs 7 +2a", "--json"])[1])
    assert spent["notation"] == "6d10+2a vs 7" and spent["p_botch"] == "0/1" and min(map(int, spent["outcomes"])) == 2


def test_cli_extended_and_opposed():
    data = json.loads(run(["odds", "adrenaline", "6d10 vs 7 until 10", "--json"])[1])
    assert data["kind"] == "extended" and Fraction(data["cut_mass"]) < Fraction(1, 10**12)
    assert Fraction(data["p_reached"]) + Fraction(data["p_lost"]) + Fraction(data["cut_mass"]) == 1
    data = json.loads(run(["odds", "adrenaline", "6d10 vs 7 against 5d10", "--json"])[1])
    assert data["kind"] == "opposed" and Fraction(data["p_win"]) + Fraction(data["p_standoff"]) + Fraction(data["p_lose"]) == 1
    code, out = run(["roll", "adrenaline", "6d10 vs 7 against 5d10", "--seed", "3"])
    assert code == 0 and out.splitlines()[-1].startswith("Margin ")


def test_cli_help_documents_the_notations():
    code, out = run(["--help"])
    assert code == 0
    flat = " ".join(out.split())
    for word in ("until 10", "against 5d10", "+2a", "botch-wastes", "tens-explode", "with designer"):
        assert word in flat


def test_cli_errors():
    code, out = run(["odds", "adrenaline", "12d10 vs 7"])
    assert code == 2 and "with designer" in out and "  ^^" in out
    code, out = run(["odds", "adrenaline", "6d10 vs 12", "--json"])
    error = json.loads(out)["error"]
    assert code == 2 and error["position"] == 8 and "from 2 to 10" in error["message"]


def test_bridge_roll_and_odds_by_notation():
    rolled = ask(action="roll", notation="6d10 vs 7", seed=3)["result"]
    assert rolled["lines"] == json.loads(run(["roll", "adrenaline", "6d10 vs 7", "--seed", "3", "--json"])[1])["lines"]
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


@pytest.mark.parametrize("fields,field", [
    (form(attribute="x"), "attribute"), (form(ability="9"), "ability"), (form(difficulty="1"), "difficulty"),
    (form(adrenaline="11"), "adrenaline"), (form(mode="sideways"), "mode"), (form(options="hard"), "options"),
    (form(mode="extended", target="0"), "target"), (form(mode="extended", adrenaline="1", target="3"), "adrenaline"),
    (form(mode="extended", target="3", options="tens-explode"), "options"),
    (form(mode="opposed", **{"other-attribute": ""}), "other-attribute"),
    (form(mode="opposed", **{"other-attribute": "3", "other-difficulty": "Hard"}), "other-difficulty"),
])
def test_bridge_form_errors_name_their_field(fields, field):
    reply = ask(action="odds_form", fields=fields)
    assert not reply["ok"] and reply["error"]["field"] == field, reply


def test_bridge_refuses_malformed_requests():
    assert not ask(action="odds_form", fields=[1])["ok"]
    assert not ask(action="odds_form", fields={"attribute": 3})["ok"]
    assert not ask(action="roll_form", fields=form(), seed="x")["ok"]
    assert "odds_form" in ask(action="nope")["error"]["message"]
