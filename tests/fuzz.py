"""Fuzz every system's odds and roll with hostile notations (not a test file).

    python tests/fuzz.py [--cases N] [--system KEY] [--seed S]

For each system in the registry (or the one named), ``N`` seeded cases (default 100,000):
random text, mutations of valid notations (the system's ``example`` and generic ones),
huge numbers and unicode digits, long repeats. Each case calls ``odds`` and ``roll``
(and renders both results as text and JSON). Prints the counts by outcome (ok,
RulesError, each unexpected exception by type, contract breaks, calls over the hang
limit) and the slowest 10 calls with their time. Exit code 1 when anything unexpected
happened or a call took over 1 s.
"""

from __future__ import annotations

import argparse
import heapq
import random
import signal
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the engine from this checkout
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))  # the shared test helpers

from hostile_input import check_call, examples_for, hostile_notation  # noqa: E402

from rules_engine.systems import SYSTEM_PACKAGES, get_system  # noqa: E402

#: A call over this many seconds counts as slow (the target is none).
SLOW_SECONDS = 1.0
#: A call over this many seconds is stopped and counted as a hang.
HANG_SECONDS = 20


class Hang(Exception):
    """Raised by the alarm when one call runs past ``HANG_SECONDS``."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang()


def fuzz_system(key: str, cases: int, seed: int) -> tuple[Counter[str], list[tuple[float, str, str]]]:
    """Run ``cases`` hostile notations through one system; return outcome counts and the
    slowest calls as ``(seconds, call, notation)``."""
    system = get_system(key)
    examples = examples_for(system)
    rng = random.Random(f"{seed}:{key}")
    counts: Counter[str] = Counter()
    slowest: list[tuple[float, str, str]] = []
    calls = (("odds", system.odds), ("roll", lambda text: system.roll(text, rng.randrange(2**53))))
    for _ in range(cases):
        text = hostile_notation(rng, examples)
        for name, call in calls:
            signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
            started = time.perf_counter()
            try:
                outcome = check_call(call, text)
            except Hang:
                outcome = "hang"
            except AssertionError as error:
                outcome = f"contract broken ({error})"
            except Exception as error:  # noqa: BLE001 - what the fuzzer is looking for
                outcome = f"unexpected {type(error).__name__}"
                print(f"  {key} {name} {type(error).__name__}: {str(error)[:120]} on {text[:120]!r}", file=sys.stderr)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            seconds = time.perf_counter() - started
            counts[outcome] += 1
            if seconds > SLOW_SECONDS:
                counts[f"over {SLOW_SECONDS:g} s"] += 1
            entry = (seconds, name, text)
            if len(slowest) < 10:
                heapq.heappush(slowest, entry)
            else:
                heapq.heappushpop(slowest, entry)
    return counts, sorted(slowest, reverse=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000, help="cases per system (default 100000)")
    parser.add_argument("--system", choices=list(SYSTEM_PACKAGES), help="only this system (default: all)")
    parser.add_argument("--seed", type=int, default=2024, help="the fuzzer's seed (default 2024)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    bad = False
    for key in [args.system] if args.system else list(SYSTEM_PACKAGES):
        started = time.perf_counter()
        counts, slowest = fuzz_system(key, args.cases, args.seed)
        print(
            f"{key}: {args.cases} cases, {2 * args.cases} calls (odds and roll) "
            f"in {time.perf_counter() - started:.0f} s (seed {args.seed})"
        )
        for outcome, count in sorted(counts.items(), key=lambda item: -item[1]):
            print(f"  {outcome:<40} {count:>8}")
            bad = bad or outcome not in ("ok", "RulesError")
        print("  slowest calls:")
        for seconds, name, text in slowest:
            shown = text if len(text) <= 70 else f"{text[:60]!r}… ({len(text)} characters)"
            print(f"    {seconds * 1000:8.1f} ms  {name}  {shown}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
