"""No test waits for a stretch of time: a test waits for the state it checks (a selector, an
attribute, a message, a response), so it passes on a machine whose two cores are busy with
something else, and takes no longer than the state needs. Read from the source of every
Python file under ``tests/``; the waits it looks for are Playwright's timeout wait and the
sleeps of ``time`` and ``asyncio``.

Allowed, because measuring time is their job: ``tests/benchmark.py`` and ``tests/bench_*.py``
(the benchmarks), and ``tests/suite_cpu.py`` (it samples the CPU time of a running command
every fraction of a second)."""

from __future__ import annotations

import re
from fnmatch import fnmatch
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: Paths under tests/ (glob patterns) whose time waits are their purpose.
ALLOWED = ("benchmark.py", "bench_*.py", "suite_cpu.py")

# Each pattern spelled so that this file does not match it itself.
TIME_WAITS = re.compile(
    r"\bwait_for_timeout\s*\("  # Playwright: page or frame waits a number of ms
    r"|\btime\s*\.\s*sleep\s*\("
    r"|\basyncio\s*\.\s*sleep\s*\("
    r"|^\s*from\s+(?:time|asyncio)\s+import\b[^\n]*\bsleep\b",  # a bare sleep( after this
    re.MULTILINE,
)


def time_waits(text: str) -> list[tuple[int, str]]:
    """Each time wait in a file's text: its line number and the line."""
    lines = text.splitlines()
    found = []
    for match in TIME_WAITS.finditer(text):
        number = text.count("\n", 0, match.start()) + 1
        found.append((number, lines[number - 1].strip()))
    return found


def allowed(relative: str) -> bool:
    return any(fnmatch(relative, pattern) for pattern in ALLOWED)


def test_the_check_finds_each_kind_of_time_wait() -> None:
    wait = "wait_for_timeout"
    samples = [
        f"    page.{wait}(300)\n",
        f"page.{wait} (PAUSE_MS + 300)\n",
        "time" + ".sleep(3)\n",
        "await asyncio" + ".sleep(0.1)\n",
        "from time import monotonic, " + "sleep\n",
    ]
    for sample in samples:
        assert time_waits("x = 1\n" + sample) == [(2, sample.strip())], sample
    quiet = ["expect(page.locator(ROLLER)).to_have_attribute('data-settled', '')", "response.finished()"]
    assert time_waits("\n".join(quiet)) == []


def test_no_test_waits_for_a_time() -> None:
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 50, "the tests were not found"
    found = []
    for path in files:
        relative = path.relative_to(TESTS).as_posix()
        if allowed(relative):
            continue
        found += [f"tests/{relative}:{number}: {line}" for number, line in time_waits(path.read_text(encoding="utf-8"))]
    assert found == [], "wait for the state the test checks, not for a time:\n" + "\n".join(found)


def test_each_allowed_file_is_there() -> None:
    # An allowance nothing needs any more is one to take out of ALLOWED.
    for pattern in ALLOWED:
        assert any(fnmatch(path.relative_to(TESTS).as_posix(), pattern) for path in TESTS.rglob("*.py")), pattern
