"""The command line, called in-process (so these tests also run inside Pyodide)."""

import json
from fractions import Fraction

import pytest

from rules_engine.cli import run


def test_roll_text_is_the_explained_roll():
    code, out = run(["roll", "doom-stack", "7d6 vs TN 8", "--seed", "7"])
    assert code == 0
    assert out.splitlines()[0] == "Doom Stack 7d6 vs TN 8 (Challenging), seed 7"
    assert "Attention pool: 3 2 4 5" in out


def test_roll_json_contract():
    code, out = run(["roll", "doom-stack", "4d6 vs TN 8", "--seed", "7", "--json"])
    data = json.loads(out)
    assert code == 0
    assert {"system", "notation", "seed", "dice", "best_stack", "success", "glitch", "performance",
            "attention_pool", "log", "lines"} <= set(data)
    assert data["system"] == "doom-stack" and data["notation"] == "4d6 vs TN 8" and data["seed"] == 7


def test_odds_json_contract():
    code, out = run(["odds", "doom-stack", "4D6 VS 8", "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["system"] == "doom-stack" and data["notation"] == "4d6 vs TN 8"
    assert data["p_success"] == "193/432" and data["p_glitch"] == "143/1296"
    assert all("/" in v for v in data["outcomes"].values())
    assert sum(Fraction(v) for v in data["outcomes"].values()) == 1
    assert data["outcomes"]["24"] == "1/1296"


def test_odds_without_tn_is_the_distribution():
    code, out = run(["odds", "doom-stack", "2d6", "--json"])
    data = json.loads(out)
    assert "p_success" not in data and data["outcomes"]["6"] == "11/36"
    code, text = run(["odds", "doom-stack", "4d6 vs TN 8"])
    assert "193/432" in text and "best stack" in text


@pytest.mark.parametrize("argv,needle", [
    (["odds", "doom-stack", "4d7"], "  4d7\n    ^"),
    (["roll", "doom-stack", "4d6", "--seed", "-3"], "seed"),
    (["odds", "nonsense", "4d6"], "known systems are doom-stack"),
    (["odds", "doom-stack", "900d6"], "0 to 300"),
])
def test_bad_input_exits_2_with_a_message(argv, needle):
    code, out = run(argv)
    assert code == 2 and needle in out and "Traceback" not in out
    code, out = run([*argv, "--json"])
    assert code == 2 and "message" in json.loads(out)["error"]
