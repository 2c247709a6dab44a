"""The command line: ``python -m rules_engine roll|odds SYSTEM NOTATION [--seed N] [--json]``.

Output with ``--json`` is a stable contract for scripts. On bad input the exit code is 2
and the error is printed (as ``{"error": {...}}`` with ``--json``), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .core.errors import RulesError
from .core.roller import check_seed
from .systems import SYSTEM_PACKAGES, all_systems, get_system

EXIT_BAD_INPUT = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules_engine",
        description="Roll dice (seeded, explained) or compute exact odds for a dice system.",
        epilog="systems: " + ", ".join(f"{s.key} (e.g. \"{s.example}\")" for s in all_systems()),
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    for verb, help_text in (("roll", "roll a notation and explain every die"),
                            ("odds", "print the exact odds of a notation")):
        sub = verbs.add_parser(verb, help=help_text)
        sub.add_argument("system", help="one of: " + ", ".join(SYSTEM_PACKAGES))
        sub.add_argument("notation", help="what to roll, e.g. \"4d6 vs TN 8\"")
        sub.add_argument("--json", action="store_true", help="print one JSON object")
        if verb == "roll":
            sub.add_argument("--seed", type=int, help="a whole number; the same seed gives the same roll")
    return parser


def run(argv: Sequence[str]) -> tuple[int, str]:
    """Run the CLI on ``argv``; return ``(exit code, text for standard output)``."""
    args = _parser().parse_args(argv)
    try:
        system = get_system(args.system)
        if args.verb == "roll":
            seed = None if args.seed is None else check_seed(args.seed)
            result = system.roll(args.notation, seed)
        else:
            result = system.odds(args.notation)
    except RulesError as error:
        if args.json:
            return EXIT_BAD_INPUT, json.dumps({"error": error.to_dict()}, indent=2)
        return EXIT_BAD_INPUT, "error: " + str(error)
    if args.json:
        return 0, json.dumps(result.to_json(), indent=2)
    return 0, "\n".join(result.lines())


def main(argv: Sequence[str] | None = None) -> int:
    code, text = run(sys.argv[1:] if argv is None else argv)
    stream = sys.stdout if code == 0 or "--json" in (argv or sys.argv) else sys.stderr
    print(text, file=stream)
    return code
