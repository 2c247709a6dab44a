"""Doom Stack on the command line, called in-process (so these tests also run inside Pyodide).
The contract every system shares (JSON keys, exit codes, exact odds summing to 1, seeds, bad
notations placed: 4d7, 900d6, 4d6 vs) is stated once in tests/test_cli_contract.py."""

import json

import pytest

from rules_engine.cli import run
from rules_engine.doom_stack.roll import pool_line


def test_roll_text_is_the_explained_roll():
    code, out = run(["roll", "doom-stack", "7d6 vs TN 8", "--seed", "7"])
    assert code == 0
    assert out.splitlines()[0] == "Doom Stack 7d6 vs TN 8 (Challenging), seed 7"
    assert "Attention pool: 3 2 4 5" in out


def test_odds_json_values():
    code, out = run(["odds", "doom-stack", "4D6 VS 8", "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["system"] == "doom-stack" and data["notation"] == "4d6 vs TN 8"
    assert data["p_success"] == "193/432" and data["p_glitch"] == "143/1296"
    assert data["outcomes"]["24"] == "1/1296"


def test_odds_without_tn_is_the_distribution():
    code, out = run(["odds", "doom-stack", "2d6", "--json"])
    data = json.loads(out)
    assert "p_success" not in data and data["outcomes"]["6"] == "11/36"
    code, text = run(["odds", "doom-stack", "4d6 vs TN 8"])
    assert "193/432" in text and "best stack" in text


# --- a pool assembled from attribute + skill + modifiers, capped as the roller caps it ----------
@pytest.mark.parametrize(
    "attribute,skill,modifiers", [(3, 2, 4), (3, 2, -5), (3, 2, 1), (4, 0, 0), (0, 0, 3), (10, 6, -8)]
)
def test_an_assembled_pool_is_the_rollers_pool(attribute, skill, modifiers):
    from rules_engine.doom_stack.notation import query_from_fields

    sign = "+" if modifiers >= 0 else "-"
    text = f"{attribute}+{skill}{sign}{abs(modifiers)}d6 vs TN 8"
    widget, pool = query_from_fields(str(attribute), str(skill), str(modifiers), "8")
    code, out = run(["odds", "doom-stack", text, "--json"])
    result = json.loads(out)
    assert code == 0 and result["pool"] == widget.pool == pool.size and result["notation"] == widget.notation
    assert result["assembled"] == {
        "attribute": attribute,
        "skill": skill,
        "modifiers": modifiers,
        "applied_modifiers": pool.applied_modifiers,
        "capped": pool.capped,
        "line": pool_line(pool),
    }
    plain = json.loads(run(["odds", "doom-stack", widget.notation, "--json"])[1])
    assert {**result, "assembled": None} == plain and plain["assembled"] is None


def test_the_cap_shows_in_text_and_in_a_roll():
    code, out = run(["odds", "doom-stack", "3+2+4d6 vs TN 8"])
    assert code == 0 and out.splitlines()[:2] == [
        "Doom Stack 7d6 vs TN 8 (Challenging): exact odds",
        "Pool: attribute 3 + skill 2 + modifiers +2 = 7d6 (modifiers of +4 held to +2: at most half of attribute "
        "+ skill)",
    ]
    code, out = run(["roll", "doom-stack", "3 + 2 + 4d6 vs TN 8", "--seed", "3", "--json"])
    rolled = json.loads(out)
    assert code == 0 and len(rolled["dice"]) == 7 and rolled["assembled"]["applied_modifiers"] == 2
    assert rolled["lines"][1].startswith("Pool: attribute 3 + skill 2 + modifiers +2 = 7d6")
    assert rolled["dice"] == json.loads(run(["roll", "doom-stack", "7d6 vs TN 8", "--seed", "3", "--json"])[1])["dice"]
