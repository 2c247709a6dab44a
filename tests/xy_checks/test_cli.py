"""The command line for X-in-Y (in-process, so also in Pyodide): its own values and notations.
The contract every system shares (JSON keys, exact odds summing to 1, seeds, bad notations
placed: 5/6 -3 TN -1b, a volley of 25) is stated once in tests/test_cli_contract.py."""

import json
from fractions import Fraction

from rules_engine.cli import run


def test_odds_json_values():
    code, out = run(["odds", "xy-checks", "5/6 -3 TN +1b", "--json"])
    data = json.loads(out)
    assert code == 0
    assert (data["system"], data["notation"], data["check"], data["p_success"]) == (
        "xy-checks",
        "5/6 -3 TN +1b",
        "2/6",
        "5/9",
    )
    assert data["outcomes"] == {"-1": "4/9", "1": "4/9", "2": "1/9"}


def test_penalty_written_either_way():
    for text in ("4/6 +1p", "4/6 -1p"):
        data = json.loads(run(["odds", "xy-checks", text, "--json"])[1])
        assert data["notation"] == "4/6 -1p" and data["outcomes"] == {"-2": "1/9", "-1": "4/9", "1": "4/9"}


def test_roll_shows_every_die_and_the_degree():
    code, out = run(["roll", "xy-checks", "5/6 -3 TN +1b", "--seed", "7"])
    lines = out.splitlines()
    assert code == 0 and lines[0] == "X-in-Y 5/6 -3 TN +1b, seed 7"
    assert lines[-2] == "Dice: 3 (miss), 2 (hit)" and lines[-1] == "Result: success of degree 1"
    data = json.loads(run(["roll", "xy-checks", "5/6 -3 TN +1b", "--seed", "7", "--json"])[1])
    assert data["dice"] == [3, 2] and data["hit"] == [False, True] and data["degree"] == 1


def test_volley_and_contest_json():
    data = json.loads(run(["odds", "xy-checks", "volley 5/6 +1b, 4/6, 4/6 vs barely, fully", "--json"])[1])
    assert data["kind"] == "volley" and set(data) >= {"hits", "targets_hit", "damage", "targets", "cut_mass"}
    assert sum(Fraction(v) for v in data["hits"].values()) == 1
    data = json.loads(run(["odds", "xy-checks", "contest 5/6 +1b, 4/6 vs 4/6, 3/6 tie first", "--json"])[1])
    assert data["kind"] == "contest" and data["tie"] == "first"
    assert Fraction(data["p_first_more"]) + Fraction(data["p_second_more"]) + Fraction(data["p_tie"]) == 1
    data = json.loads(run(["roll", "xy-checks", "contest 5/6 vs 4/6", "--seed", "3", "--json"])[1])
    assert data["winner"] in ("first", "second", "tie") and len(data["sides"]) == 2


def test_help_documents_the_notations():
    code, out = run(["--help"])
    assert code == 0 and "volley CHAMPION" in out and "contest SIDE vs SIDE" in out
    assert "volley CHAMPION" in run(["odds", "--help"])[1]
