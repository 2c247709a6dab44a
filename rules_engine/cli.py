"""The command line: ``python -m rules_engine roll|odds SYSTEM NOTATION [--seed N] [--rules RULES] [--json]``.

Output with ``--json`` is a stable contract for scripts. On bad input the exit code is 2
and the error is printed (as ``{"error": {...}}`` with ``--json``), never a traceback:
that holds for a bad notation, system or seed and for a bad command line alike.

The notation may be given as one argument or as several words, and a word may start with
``-`` (``roll SYSTEM 4d -1p vs DC 3``, ``roll SYSTEM -1p``): only
``--json``, ``--seed N`` (or ``--seed=N``), ``--rules RULES`` (or ``--rules=RULES``: a rule
set such as ``"die d8, wild none"``, joined to the notation's own ``with`` clause),
``-h``/``--help`` and ``--`` are options;
after ``--`` every word is notation.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from .core.errors import RulesError
from .core.notation import parse_seed
from .systems import SYSTEM_PACKAGES, all_systems, get_system

EXIT_BAD_INPUT = 2
#: Exit code when the engine itself fails (a bug): the reader still gets a message.
EXIT_ENGINE_FAILURE = 1
VERBS = ("roll", "odds")
#: The long options, for reading unambiguous abbreviations (``--js``) as argparse did.
_LONG_OPTIONS = ("--json", "--seed", "--rules", "--help")


def _epilog() -> str:
    """Every system with its example, then the notation help of each system that has one."""
    paragraphs = ["systems: " + ", ".join(f'{s.key} (e.g. "{s.example}")' for s in all_systems())]
    paragraphs += [f"{s.key}: {s.notation_help}" for s in all_systems() if s.notation_help]
    paragraphs += [
        'rule sets (--rules, or with … at the end of a notation): settings written "name value" '
        "between commas; the printed rule is the default of each"
    ]
    paragraphs += [f"{s.key} settings: " + "; ".join(s.lab.book.help_lines()) for s in all_systems() if s.lab]
    return "\n\n".join(
        "\n".join(textwrap.wrap(p, 88, subsequent_indent="  ", break_on_hyphens=False)) for p in paragraphs
    )


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The help texts: the main parser and one per verb (the reading is done by ``read_argv``)."""
    parser = argparse.ArgumentParser(
        prog="python -m rules_engine",
        description="Roll dice (seeded, explained) or compute exact odds for a dice system.",
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    subs = {}
    for verb, help_text in (
        ("roll", "roll a notation and explain every die"),
        ("odds", "print the exact odds of a notation"),
    ):
        sub = verbs.add_parser(
            verb, help=help_text, epilog=_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter
        )
        sub.add_argument("system", help="one of: " + ", ".join(SYSTEM_PACKAGES))
        sub.add_argument(
            "notation",
            nargs="+",
            help='what to roll, e.g. "4d6 vs TN 8" (one argument or several words; '
            "words may start with -, as in 4d -1p vs DC 3)",
        )
        sub.add_argument("--json", action="store_true", help="print one JSON object")
        if verb == "roll":
            sub.add_argument("--seed", metavar="N", help="a whole number; the same seed gives the same roll")
        sub.add_argument(
            "--rules",
            metavar="RULES",
            help='a house rule set, e.g. "die d8, wild none" (the settings of each system '
            'are listed below); JSON output names it under "rules"',
        )
        subs[verb] = sub
    return parser, subs


@dataclass
class Reading:
    """The command line as read: the words, the options, and the first problem found."""

    words: list[str] = field(default_factory=list)
    seed: str | None = None
    rules: str | None = None
    json: bool = False
    help: bool = False
    problem: RulesError | None = None

    def refuse(self, message: str, field_name: str) -> None:
        """Keep the first problem (reading goes on, so ``--json`` later still counts)."""
        if self.problem is None:
            self.problem = RulesError(message, field=field_name)


def _long_option(word: str) -> str | None:
    """The long option ``word`` names (exactly or as an unambiguous abbreviation), else None."""
    matches = [option for option in _LONG_OPTIONS if option.startswith(word)] if len(word) > 2 else []
    return matches[0] if len(matches) == 1 else None


def read_argv(argv: Sequence[str]) -> Reading:
    """Read ``argv`` into words and options; never raises (a problem is kept in ``problem``)."""
    reading = Reading()
    words = iter(argv)
    options_end = False
    for word in words:
        if options_end or word == "-" or not word.startswith("-") or (not word.startswith("--") and word != "-h"):
            reading.words.append(word)  # notation words such as -1p are words, not options
            continue
        if word == "--":
            options_end = True
            continue
        name, equals, value = word.partition("=")
        option = "--help" if word == "-h" else _long_option(name)
        if option in ("--seed", "--rules"):
            if not equals:
                following = next(words, None)
                if following is None or following.startswith("--"):  # as argparse: an option is no value
                    example = (
                        "a whole number, as in --seed 7" if option == "--seed" else 'settings, as in --rules "die d8"'
                    )
                    reading.refuse(f"{option} needs a value: {example}", option[2:])
                    if following is not None:
                        reading.json = reading.json or _long_option(following.partition("=")[0]) == "--json"
                    continue
                value = following
            if option == "--seed":
                reading.seed = value
            elif reading.rules is not None:
                reading.refuse("--rules is given twice: write every setting in one, between commas", "rules")
            else:
                reading.rules = value
        elif option in ("--json", "--help") and not equals:
            reading.json = reading.json or option == "--json"
            reading.help = reading.help or option == "--help"
        else:
            reading.refuse(
                f"unknown option {word!r}: the options are --seed N, --rules RULES and --json (put -- before a "
                "notation word that starts with --)",
                "arguments",
            )
    return reading


@dataclass(frozen=True)
class Command:
    """A command line that reads: what to do, with what, on which notation."""

    verb: str
    system: str
    notation: str
    seed: int | None
    json: bool
    rules: str = ""


def command_from(reading: Reading) -> Command:
    """The command ``reading`` asks for, else the ``RulesError`` naming what is wrong."""
    if reading.problem is not None:
        raise reading.problem
    words = reading.words
    if not words:
        first = all_systems()[0]
        raise RulesError(f'missing the command: roll or odds, as in roll {first.key} "{first.example}"', field="verb")
    verb = words[0].strip().lower()
    if verb not in VERBS or not verb.isascii():
        raise RulesError(f"unknown command {words[0]!r}: use roll or odds", field="verb")
    if len(words) < 2:
        raise RulesError("missing the system: one of " + ", ".join(SYSTEM_PACKAGES), field="system")
    if len(words) < 3:
        raise RulesError(
            "missing the notation, as in " + " or ".join(f'"{s.example}"' for s in all_systems()), field="notation"
        )
    if verb == "odds" and reading.seed is not None:
        raise RulesError("odds take no --seed: they are exact, no dice are rolled", field="seed")
    seed = None if reading.seed is None else parse_seed(reading.seed)
    return Command(verb, words[1], " ".join(words[2:]), seed, reading.json, reading.rules or "")


def _usage(verb: str | None) -> str:
    parser, subs = _parser()
    return (subs[verb] if verb in subs else parser).format_usage().rstrip()


def run(argv: Sequence[str]) -> tuple[int, str]:
    """Run the CLI on ``argv``; return ``(exit code, text for standard output)``."""
    reading = read_argv(argv)
    verb = reading.words[0].strip().lower() if reading.words else None
    if reading.help:
        parser, subs = _parser()
        return 0, (subs[verb] if verb in subs else parser).format_help().rstrip()
    try:
        command = command_from(reading)
    except RulesError as error:
        if reading.json:
            return EXIT_BAD_INPUT, json.dumps({"error": error.to_dict()}, indent=2)
        return EXIT_BAD_INPUT, f"{_usage(verb)}\nerror: {error}"
    try:
        system = get_system(command.system)
        notation = system.with_rules(command.notation, command.rules)
        if command.verb == "roll":
            result = system.roll(notation, command.seed)
        else:
            result = system.odds(notation)
        text = json.dumps(result.to_json(), indent=2) if command.json else "\n".join(result.lines())
    except RulesError as error:
        if command.json:
            return EXIT_BAD_INPUT, json.dumps({"error": error.to_dict()}, indent=2)
        return EXIT_BAD_INPUT, "error: " + str(error)
    return 0, text


#: Plain stand-ins for the characters the engine's text uses that a narrow console
#: (``PYTHONIOENCODING=cp1252`` or ``ascii``, a Windows console, redirected output) may
#: not carry. A character with no stand-in here, and that the stream cannot carry, is "?".
PLAIN_CHARACTERS: dict[str, str] = {
    "\u2212": "-",
    "\u2013": "-",
    "\u2014": "--",
    "\u2265": ">=",
    "\u2264": "<=",
    "\u00d7": "x",
    "\u2026": "...",
    "\u2192": "->",
    "\u21a6": "->",
    "\u00b7": ".",
    "\u00b1": "+/-",
    "\u2261": "==",
    "\u2032": "'",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00b2": "^2",
    "\u00b3": "^3",
    "\u2081": "1",
    "\u03a3": "sum ",
    "\u230a": "floor(",
    "\u230b": ")",
    "\u2308": "ceil(",
    "\u2309": ")",
    "\u2660": "S",
    "\u2665": "H",
    "\u2666": "D",
    "\u2663": "C",
    "\u00a0": " ",
    "\u2009": " ",
    "\u202f": " ",
}
PLAIN_ERRORS = "rules_engine.plain"


def _plain_stand_in(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: the plain stand-in of the first character a stream cannot carry."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    char = error.object[error.start]
    stand_in = PLAIN_CHARACTERS.get(char, "?")
    try:
        stand_in.encode(error.encoding)
    except (UnicodeError, LookupError):
        stand_in = "?"
    return stand_in, error.start + 1


codecs.register_error(PLAIN_ERRORS, _plain_stand_in)


def text_for_stream(text: str, encoding: str | None) -> str:
    """``text`` as a stream in ``encoding`` can carry it: characters it lacks become plain ones."""
    if not encoding:
        return text
    try:
        return text.encode(encoding, errors=PLAIN_ERRORS).decode(encoding)
    except (LookupError, UnicodeError):
        return text.encode("ascii", errors=PLAIN_ERRORS).decode("ascii")


def _write(text: str, stream: TextIO) -> None:
    """Print ``text`` in characters the stream can carry; when the reader has stopped
    reading (``| head -1``), stop quietly."""
    try:
        text = text_for_stream(text, getattr(stream, "encoding", None))
        print(text, file=stream)
        stream.flush()
    except BrokenPipeError:
        # Point the stream at /dev/null so the flush at exit does not complain again.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError, AttributeError):
            pass


def main(argv: Sequence[str] | None = None) -> int:
    """The CLI as a program: print the result (or the error) and return the exit code."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        code, text = run(args)
    except Exception as error:  # noqa: BLE001 - a bug must still end in a message, not a traceback
        message = f"the engine could not answer ({type(error).__name__}: {error}); please report this"
        failure = RulesError(message)
        code = EXIT_ENGINE_FAILURE
        text = json.dumps({"error": failure.to_dict()}, indent=2) if read_argv(args).json else "error: " + message
    stream = sys.stdout if code == 0 or read_argv(args).json else sys.stderr
    _write(text, stream)
    return code
