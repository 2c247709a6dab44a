"""Where a command's CPU time goes, by process kind and thread: Chromium's page thread, its
V8 thread pool and the engine's worker, Playwright's driver, pytest. A measuring tool for the
suite's length (issue 20); it asserts nothing.

    .venv/bin/python tests/suite_cpu.py -- .venv/bin/python -m pytest tests/doom_stack -n 0 -q

Linux only: it samples ``/proc`` every 0.3 s while the command runs and counts, for each thread
of the command's processes, its user and system time at its last sample (what a thread does
after its last sample, or a thread that lives less than one, is missed).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK")
CHROMIUM_KINDS = ("renderer", "gpu-process", "utility", "zygote")


def process_kind(pid: str) -> str | None:
    """What the process is (``chromium renderer``, ``node``, ``python``), or None for others."""
    try:
        args = (PROC / pid / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    command = b" ".join(args).decode(errors="replace")
    if "chromium" in command:
        kind = next((k for k in CHROMIUM_KINDS if f"--type={k}" in command), "browser")
        return f"chromium {kind}"
    program = Path(args[0].decode(errors="replace")).name
    if program.startswith("node"):
        return "node"
    if program.startswith("python") or "pytest" in command:
        return "python"
    return None


def thread_times(pid: str) -> dict[str, tuple[str, float]]:
    """Each thread of ``pid``: its name and CPU seconds so far, by thread id."""
    found = {}
    try:
        tids = os.listdir(PROC / pid / "task")
    except OSError:
        return found
    for tid in tids:
        try:
            stat = (PROC / pid / "task" / tid / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        found[tid] = (name, (int(fields[11]) + int(fields[12])) / TICKS)
    return found


def descendants(root: int) -> set[str]:
    """``root`` and every process below it, by pid."""
    children: dict[str, list[str]] = {}
    for pid in filter(str.isdigit, os.listdir(PROC)):
        try:
            stat = (PROC / pid / "stat").read_text()
        except OSError:
            continue
        children.setdefault(stat[stat.rindex(")") + 2 :].split()[1], []).append(pid)
    found, pending = set(), [str(root)]
    while pending:
        pid = pending.pop()
        found.add(pid)
        pending.extend(children.get(pid, []))
    return found


def sample(command: list[str], every: float = 0.3) -> tuple[int, Counter[str]]:
    """Run ``command``; its exit code and its processes' CPU seconds by "process kind / thread
    name"."""
    last: dict[tuple[str, str], tuple[str, float]] = {}
    child = subprocess.Popen(command)
    while child.poll() is None:
        for pid in descendants(child.pid):
            kind = process_kind(pid)
            if kind is None:
                continue
            for tid, (name, seconds) in thread_times(pid).items():
                last[(pid, tid)] = (f"{kind} / {name}", seconds)
        time.sleep(every)
    totals: Counter[str] = Counter()
    for label, seconds in last.values():
        totals[label] += seconds
    return child.returncode, totals


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    code, totals = sample(argv[argv.index("--") + 1 :])
    wall = time.monotonic() - started
    print(f"\n{sum(totals.values()):.0f} CPU-s in {wall:.0f} s of wall time; by process / thread:")
    for label, seconds in totals.most_common(15):
        print(f"{seconds:8.1f}  {label}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
