"""What the per-system benchmarks share (``tests/<system>/benchmark.py``, run by
``tests/benchmark.py``)."""

from __future__ import annotations

import time

ICEPOOL_DEFAULT_LIMIT = 60  # icepool needs minutes beyond this many dice; --full times it anyway


def best_of(fn, repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``fn``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def ratio_columns(mine: float, theirs: float | None, note: str = "not installed") -> tuple[str, str]:
    """icepool's time and its ratio to ours, as two printed columns (``note`` without a time)."""
    if theirs is None:
        return note, ""
    return f"{theirs * 1e3:8.1f}ms", f"{theirs / mine:7.0f}x"
