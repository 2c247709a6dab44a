"""The command line on a console that cannot carry every character (a Windows console,
redirected output, ``PYTHONIOENCODING=cp1252`` or ``ascii``): the answer is printed in
characters the stream can carry (− as -, ≥ as >=, – as -, × as x …), exit 0, never a
traceback; with --json the object is the same as on a UTF-8 console."""

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from rules_engine.cli import PLAIN_CHARACTERS, text_for_stream
from rules_engine.systems import all_systems

REPO = Path(__file__).resolve().parent.parent
native_only = pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
NARROW = ("cp1252", "ascii")


def cli(argv, encoding):
    """Run the CLI in a subprocess whose standard streams use ``encoding``."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("PYTHONUTF8", None)
    done = subprocess.run(
        [sys.executable, "-m", "rules_engine", *argv], cwd=REPO, env=env, capture_output=True, timeout=120
    )
    return done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding)


@cache
def on_utf8(*argv: str) -> tuple[int, str, str]:
    """``cli(argv, "utf-8")``, run once for both narrow encodings it is compared with."""
    return cli(list(argv), "utf-8")


def example_commands():
    for system in all_systems():
        yield ["odds", system.key, system.example]
        yield ["roll", system.key, system.example, "--seed", "7"]


@native_only
@pytest.mark.parametrize("encoding", NARROW)
@pytest.mark.parametrize("argv", list(example_commands()), ids=" ".join)
def test_every_example_prints_on_a_narrow_console(argv, encoding):
    wide_code, wide_out, _ = on_utf8(*argv)
    code, out, err = cli(argv, encoding)
    assert (code, err) == (0, "") and wide_code == 0
    assert out == text_for_stream(wide_out, encoding)
    if encoding == "ascii":
        assert out.isascii()
    code, out, err = cli([*argv, "--json"], encoding)
    assert (code, err) == (0, "")
    assert json.loads(out) == json.loads(on_utf8(*argv, "--json")[1])


@native_only
@pytest.mark.parametrize("encoding", NARROW)
def test_an_error_echoing_any_character_prints(encoding):
    code, out, err = cli(["odds", "doom-stack", "4d6 \u2265 8 \u2603"], encoding)
    assert code == 2 and out == "" and "Traceback" not in err
    assert "error:" in err and "4d6 >= 8 ?" in err
    code, out, err = cli(["odds", "doom-stack", "4d6 \u2265 8", "--json"], encoding)
    assert code == 2 and json.loads(out)["error"]["notation"] == "4d6 \u2265 8"


def test_plain_stand_ins():
    assert text_for_stream("\u22122 on a roll \u2265 8 \u2013 3\u00d72", "ascii") == "-2 on a roll >= 8 - 3x2"
    assert text_for_stream("\u22122 \u2013 3\u00d72", "cp1252") == "-2 \u2013 3\u00d72"  # cp1252 has – and ×
    assert text_for_stream("10\u2660 \u2603", "ascii") == "10S ?"
    assert all(stand_in.isascii() for stand_in in PLAIN_CHARACTERS.values())
