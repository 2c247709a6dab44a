"""The command line and the browser bridge for dice & danger (in-process, so also in Pyodide).
The contract every system shares (JSON keys, exact odds summing to 1 with the cut mass, seeds,
the bridge answering as the CLI, bad notations placed: 4d-1b vs DC 3, 500d vs DC 3, 3d vs DC)
is stated once in tests/test_cli_contract.py."""

import json

from rules_engine.cli import run
from rules_engine.web import call


def ask(**request):
    return json.loads(call(json.dumps(request)))


def test_cli_roll_as_the_brief_calls_it():
    code, out = run(["roll", "dice-and-danger", "4d-1p vs DC 3", "--seed", "7"])
    assert code == 0
    assert out.splitlines()[0] == "dice & danger 4d-1p vs DC 3 (damage roll), seed 7"
    assert out.splitlines()[-1] == "Result: 2 hits"


def test_cli_odds_json_values():
    code, out = run(["odds", "dice-and-danger", "4d+1b vs DC 3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["notation"] == "4d+1b vs DC 3"
    assert data["outcomes"]["0"] == "1/243"


def test_web_character_roll_and_odds():
    reply = ask(system="dice-and-danger", action="character", seed="7")
    assert reply["ok"] and reply["result"]["attributes"]["Strength"] == 2 and reply["result"]["seed"] == 7
    assert ask(system="dice-and-danger", action="character")["ok"]  # no seed: a fresh one
    assert not ask(system="dice-and-danger", action="character", seed="-1")["ok"]
    rolled = ask(system="dice-and-danger", action="roll", notation="4d-1p vs DC 3", seed=7)["result"]
    assert rolled["hits"] == 2
    odds = ask(system="dice-and-danger", action="odds", notation="1d+2p")["result"]
    assert odds["outcomes"]["1"] == "91/216"
