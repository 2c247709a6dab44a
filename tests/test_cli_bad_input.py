"""The command line meets bad input with the documented error (JSON with --json), exit 2,
never a traceback; notation words may start with '-'; seeds read as the bridge reads them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine import cli
from rules_engine.cli import main, run
from rules_engine.core.roller import MAX_SEED
from rules_engine.systems import SYSTEM_PACKAGES, get_system
from rules_engine.web import call

REPO = Path(__file__).resolve().parent.parent
native_only = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")


def json_error(argv):
    code, out = run([*argv, "--json"])
    assert code == 2, out
    return json.loads(out)["error"]


@pytest.mark.parametrize(
    "argv,field,words",
    [
        (["roll", "doom-stack", "4d6", "--seed", "abc"], "seed", "seed must be a whole number, not abc"),
        (["roll", "doom-stack", "4d6", "--seed"], "seed", "--seed needs a value"),
        (["roll", "doom-stack", "4d6", "--seed=-3"], "seed", f"seed must be from 0 to {MAX_SEED}, not -3"),
        (["roll", "doom-stack", "4d6", "--bogus"], "arguments", "unknown option '--bogus'"),
        (["roll", "doom-stack"], "notation", "missing the notation"),
        (["odds"], "system", "missing the system"),
        ([], "verb", "missing the command"),
        (["throw", "doom-stack", "4d6"], "verb", "unknown command 'throw'"),
        (["odds", "doom-stack", "4d6", "--seed", "3"], "seed", "odds take no --seed"),
        (["odds", "chess", "4d6"], "system", "unknown system 'chess'"),
    ],
)
def test_command_line_errors_are_the_same_json_object(argv, field, words):
    error = json_error(argv)
    assert words in error["message"] and error["field"] == field
    assert set(error) == {"message", "notation", "position", "length", "field", "caret"}
    code, text = run(argv)  # without --json: usage and the message, exit 2 (as argparse did)
    assert code == 2 and words in text and "Traceback" not in text
    if field != "system":
        assert text.startswith("usage: python -m rules_engine")


def test_an_option_is_not_taken_as_the_seed():
    code, out = run(["roll", "doom-stack", "--seed", "--json", "4d6"])
    assert code == 2 and json.loads(out)["error"]["message"].startswith("--seed needs a value")


def test_an_extra_word_is_part_of_the_notation():
    error = json_error(["odds", "doom-stack", "4d6", "extra"])
    assert error["notation"] == "4d6 extra" and error["position"] == 4 and error["caret"][1] == "    ^^^^^"


@pytest.mark.parametrize(
    "argv,notation",
    [
        (["roll", "dice-and-danger", "4d", "-1p", "vs", "DC", "3"], "4d -1p vs DC 3"),
        (["roll", "dice-and-danger", "1d", "-2p"], "1d -2p"),
        (["roll", "--seed", "7", "dice-and-danger", "--", "4d", "-1p", "vs", "DC", "3"], "4d -1p vs DC 3"),
        (["roll", "--seed", "7", "dice-and-danger", "4d-1p", "vs DC 3"], "4d-1p vs DC 3"),
    ],
)
def test_notation_words_may_start_with_a_minus(argv, notation):
    if "--seed" not in argv:
        argv = [*argv, "--seed", "7"]
    assert run(argv) == run(["roll", "dice-and-danger", notation, "--seed", "7"])
    assert run(argv)[0] == 0


def test_a_notation_that_starts_with_a_minus_reaches_the_engine():
    error = json_error(["roll", "dice-and-danger", "-1p"])
    assert error["notation"] == "-1p" and error["field"] is None  # the engine's error, not an option's
    error = json_error(["odds", "dice-and-danger", "-1d", "+2d", "-5h"])
    assert error["notation"] == "-1d +2d -5h" and error["position"] == 8 and "need a DC" in error["message"]
    code, out = run(["odds", "dice-and-danger", "-1d", "+2d", "vs", "DC", "3", "--json"])
    assert code == 0 and json.loads(out)["notation"] == "1d vs DC 3"


@pytest.mark.parametrize("seed", ["\u0663", "\uff17", "1\u0663", "\u00b2"])
def test_non_ascii_digits_are_refused_as_a_seed_by_cli_and_bridge_alike(seed):
    error = json_error(["roll", "doom-stack", "4d6", "--seed", seed])
    assert error["field"] == "seed" and error["message"] == f"seed must be a whole number, not {seed}"
    reply = json.loads(call(json.dumps({"system": "doom-stack", "action": "roll", "notation": "4d6", "seed": seed})))
    assert not reply["ok"] and reply["error"] == error


@pytest.mark.parametrize("seed", ["7", " 7", "+7", "0007", "\u2212" + "0"])
def test_seeds_the_bridge_reads_the_cli_reads(seed):
    code, out = run(["roll", "doom-stack", "4d6", "--seed", seed, "--json"])
    reply = json.loads(call(json.dumps({"system": "doom-stack", "action": "roll", "notation": "4d6", "seed": seed})))
    assert code == 0 and reply["ok"] and json.loads(out) == reply["result"]


def test_a_huge_seed_is_refused_without_a_traceback():
    error = json_error(["roll", "doom-stack", "4d6", "--seed", "9" * 4400])
    assert error["message"] == f"seed must be from 0 to {MAX_SEED}, not a number of 4400 digits"


def test_options_as_argparse_read_them():
    assert run(["roll", "doom-stack", "4d6", "--se", "7", "--js"]) == run(
        ["roll", "doom-stack", "4d6", "--seed=7", "--json"]
    )
    code, text = run(["roll", "--help"])
    assert code == 0 and text.startswith("usage: python -m rules_engine roll") and "--seed N" in text
    code, text = run(["-h"])
    assert code == 0 and all(key in text for key in SYSTEM_PACKAGES)


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_system_refuses_a_long_notation_as_json(key):
    error = json_error(["odds", key, "&" * 100_000])
    assert error["position"] == 200 and "at most 200 characters" in error["message"]


def test_an_engine_failure_is_a_message_not_a_traceback(monkeypatch, capsys):
    def broken(key):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(cli, "get_system", broken)
    assert main(["odds", "doom-stack", "4d6", "--json"]) == cli.EXIT_ENGINE_FAILURE
    out = capsys.readouterr()
    assert "ZeroDivisionError" in json.loads(out.out)["error"]["message"] and out.err == ""
    assert main(["odds", "doom-stack", "4d6"]) == cli.EXIT_ENGINE_FAILURE
    assert "please report this" in capsys.readouterr().err


def test_main_prints_json_errors_on_stdout(capsys):
    assert main(["roll", "doom-stack", "4d6", "--seed", "abc", "--json"]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out)["error"]["field"] == "seed" and out.err == ""
    assert main(["roll", "doom-stack", "4d6", "--seed", "abc"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "error: seed must be a whole number" in out.err


# --- as a program (natively only) ----------------------------------------------------------
def python_m(*argv, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *argv], cwd=REPO, capture_output=True, text=True, timeout=60, **kwargs
    )


@native_only
@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "doom-stack", "300d6", "--json"],
        ["odds", "dice-and-danger", "100d+30p vs DC 2", "--json"],
        ["odds", "dice-and-danger", "4d vs DC 3"],
    ],
)
def test_a_closed_pipe_ends_quietly(argv):
    command = " ".join(f"'{word}'" for word in [sys.executable, "-m", "rules_engine", *argv])
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -1"], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert done.stderr == "" and done.returncode == 0
    assert len(done.stdout.splitlines()) == 1


@native_only
def test_a_bad_notation_exits_2_as_a_program():
    """The exit code as a program; that --json errors go to stdout is test_main_prints_json_errors_on_stdout."""
    done = python_m("roll", "dice-and-danger", "-1p")
    assert done.returncode == 2 and "Traceback" not in done.stderr and "  -1p" in done.stderr
    assert done.stdout == ""


def test_help_is_printed_and_exits_0(capsys):
    assert main(["--help"]) == 0  # exit 0 as a program: tests/test_cli_encoding.py runs it
    out = capsys.readouterr()
    assert "usage: python -m rules_engine" in out.out and out.err == ""
    assert get_system("doom-stack").example in out.out
