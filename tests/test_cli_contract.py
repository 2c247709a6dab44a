"""The CLI and bridge contract, stated once for every registered system (README, "The command
line"; ``rules_engine/cli.py``, ``rules_engine/web.py``):

``python -m rules_engine roll|odds SYSTEM NOTATION [--seed N] [--json]`` exits 0 with the
roll or the odds (JSON: the keys below plus each system's own), 2 with the caret message for a
``RulesError`` (on stderr, or as ``{"error": ...}`` on stdout with ``--json``), never a
traceback; the text form is the JSON's lines; a seed gives the same roll every time; odds are
exact fractions summing to 1; the bridge's ``roll``/``odds`` by notation answer as the CLI
does, errors as ``{"ok": false, "error": {...}}``.

Each system gives only its own data, as ``CLI`` in its ``tests/<system>/contract.py``
(``support/system_contract.py``): notations to run, the JSON keys it adds, and bad notations
with where the caret must point. Its own values, worked
examples and words stay in ``tests/<system>/``. In-process (``cli.run``/``cli.main``), so these
run inside Pyodide too. The program itself (``python -m rules_engine``: its exit codes and
streams) runs in tests/test_cli_encoding.py (every system's example, exit 0) and
tests/test_cli_bad_input.py (exit 2, a closed pipe).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from system_contract import Cli, contract_of

from rules_engine.cli import main, run
from rules_engine.systems import SYSTEM_PACKAGES, get_system
from rules_engine.web import call

#: Keys every system's ``roll --json`` carries.
ROLL_KEYS = frozenset({"system", "notation", "seed", "dice", "log", "lines"})
#: Keys every system's ``odds --json`` carries.
ODDS_KEYS = frozenset({"system", "notation", "outcomes", "cut_mass"})
#: The keys of an error object, from the CLI's ``--json`` and from the bridge alike.
ERROR_KEYS = {"message", "notation", "position", "length", "field", "caret"}
FRACTION = re.compile(r"\d+/[1-9]\d*")
SEED = 7


def own(key: str) -> Cli:
    """The system's own data: ``CLI`` in its ``tests/<system>/contract.py``."""
    return contract_of(key).CLI


EXAMPLES = [
    pytest.param(key, notation, id=f"{key}:{notation}") for key in SYSTEM_PACKAGES for notation in own(key).notations
]
BAD = [pytest.param(key, bad, id=f"{key}:{bad.notation}") for key in SYSTEM_PACKAGES for bad in own(key).bad]


def cli_json(*argv: str) -> tuple[int, dict]:
    code, out = run([*argv, "--json"])
    return code, json.loads(out)


def bridge(**request: object) -> dict:
    reply = json.loads(call(json.dumps(request)))
    assert set(reply) == ({"ok", "result"} if reply["ok"] else {"ok", "error"}), reply
    return reply


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_registered_system_states_its_own_data(key):
    assert isinstance(own(key), Cli)
    assert own(key).notations[0] == get_system(key).example and own(key).bad


# --- results -----------------------------------------------------------------------------------
@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_roll_json_carries_the_contract_keys(key, notation):
    code, rolled = cli_json("roll", key, notation, "--seed", str(SEED))
    assert code == 0
    assert ROLL_KEYS | own(key).roll_keys <= set(rolled)
    assert (rolled["system"], rolled["seed"]) == (key, SEED)
    assert rolled["notation"] == cli_json("odds", key, notation)[1]["notation"]  # one canonical form


@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_odds_are_exact_and_sum_to_1(key, notation):
    code, odds = cli_json("odds", key, notation)
    assert code == 0
    assert ODDS_KEYS | own(key).odds_keys <= set(odds)
    assert odds["system"] == key
    chances = [*odds["outcomes"].values(), odds["cut_mass"]]
    chances += [value for name, value in odds.items() if name.startswith("p_") and isinstance(value, str)]
    assert all(isinstance(p, str) and FRACTION.fullmatch(p) for p in chances), chances
    assert all(0 <= Fraction(p) <= 1 for p in chances)
    assert sum(Fraction(p) for p in odds["outcomes"].values()) + Fraction(odds["cut_mass"]) == 1
    assert cli_json("odds", key, odds["notation"]) == (0, odds)  # the canonical form reads back the same


@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_the_text_form_is_the_json_read_out(key, notation):
    code, rolled = cli_json("roll", key, notation, "--seed", str(SEED))
    code, text = run(["roll", key, notation, "--seed", str(SEED)])
    assert code == 0 and text.splitlines() == rolled["lines"]  # the same roll, as text
    assert f" {rolled['notation']}" in text.splitlines()[0]
    assert text.splitlines()[0].endswith(f", seed {SEED}")
    code, text = run(["odds", key, notation])
    canonical = cli_json("odds", key, notation)[1]["notation"]
    assert code == 0 and f" {canonical}" in text.splitlines()[0] and "exact odds" in text.splitlines()[0]


@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_a_seed_gives_the_same_roll(key, notation):
    first = run(["roll", key, notation, "--seed", str(SEED), "--json"])
    assert run(["roll", key, notation, "--seed", str(SEED), "--json"]) == first
    assert run(["roll", key, "--seed", str(SEED), notation, "--json"]) == first  # the option anywhere
    code, unseeded = cli_json("roll", key, notation)  # no seed: a fresh one, told so it can be replayed
    assert code == 0 and isinstance(unseeded["seed"], int)
    assert cli_json("roll", key, notation, "--seed", str(unseeded["seed"])) == (0, unseeded)


@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_the_notation_may_come_as_several_words(key, notation):
    for verb, seed in (("odds", []), ("roll", ["--seed", str(SEED)])):
        assert run([verb, key, *notation.split(), *seed]) == run([verb, key, notation, *seed])


@pytest.mark.parametrize("key,notation", EXAMPLES)
def test_the_bridge_answers_as_the_cli(key, notation):
    for seed in (SEED, str(SEED)):  # the bridge reads a seed as a number or as text
        reply = bridge(system=key, action="roll", notation=notation, seed=seed)
        assert reply["ok"] and reply["result"] == cli_json("roll", key, notation, "--seed", str(SEED))[1]
    reply = bridge(system=key, action="odds", notation=notation)
    assert reply["ok"] and reply["result"] == cli_json("odds", key, notation)[1]


# --- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("key,bad", BAD)
def test_a_bad_notation_is_placed_by_cli_and_bridge_alike(key, bad):
    for verb, seed in (("odds", []), ("roll", ["--seed", str(SEED)])):
        code, out = cli_json(verb, key, bad.notation, *seed)
        error = out["error"]
        assert code == 2 and set(out) == {"error"} and set(error) == ERROR_KEYS
        assert bad.says in error["message"], error
        assert (error["notation"], error["position"], error["length"]) == (bad.notation, bad.position, bad.length)
        assert error["caret"] == [bad.notation, " " * bad.position + "^" * bad.length]
        assert error["field"] is None  # the engine's error, not an option's
        code, text = run([verb, key, bad.notation, *seed])
        assert code == 2 and text == f"error: {error['message']}\n  {bad.notation}\n  {error['caret'][1]}"
        reply = bridge(system=key, action=verb, notation=bad.notation, **({"seed": SEED} if seed else {}))
        assert reply["ok"] is False and reply["error"] == error


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_results_go_to_stdout_and_errors_to_stderr(key, capsys):
    example = own(key).notations[0]
    assert main(["roll", key, example, "--seed", str(SEED)]) == 0
    out = capsys.readouterr()
    assert out.out == run(["roll", key, example, "--seed", str(SEED)])[1] + "\n" and out.err == ""
    bad = own(key).bad[0]
    assert main(["odds", key, bad.notation]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == run(["odds", key, bad.notation])[1] + "\n"
    assert "Traceback" not in out.err and out.err.splitlines()[-1].strip("^ ") == ""
    assert main(["odds", key, bad.notation, "--json"]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out)["error"]["position"] == bad.position and out.err == ""


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_a_bad_seed_is_refused_for_every_system(key):
    example = own(key).notations[0]
    code, out = cli_json("roll", key, example, "--seed", "-3")
    assert code == 2 and out["error"]["field"] == "seed" and "seed must be from 0 to" in out["error"]["message"]
    code, text = run(["roll", key, example, "--seed", "-3"])
    assert code == 2 and "seed must be from 0 to" in text and "Traceback" not in text
    reply = bridge(system=key, action="roll", notation=example, seed="-3")
    assert reply["ok"] is False and reply["error"] == out["error"]


def test_an_unknown_system_names_every_registered_one():
    code, out = cli_json("odds", "nonsense", "4d6")
    assert code == 2 and out["error"]["field"] == "system"
    assert out["error"]["message"].endswith("known systems are " + ", ".join(SYSTEM_PACKAGES))
    code, text = run(["odds", "nonsense", "4d6"])
    assert code == 2 and "known systems are " + ", ".join(SYSTEM_PACKAGES) in text
