"""Hypothesis strategies for hostile notations, shared by every system's bad-input tests."""

from __future__ import annotations

import sys
from datetime import timedelta

from hostile_input import NOTATION_CHARS, UNICODE_DIGITS, check_call
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rules_engine.core.system import System

#: How long one example (odds and roll of one text) may take before Hypothesis calls it a
#: hang: far past what any example takes (well under a second natively, a few in Pyodide),
#: so a machine busy on both cores does not trip it; how quick they are is a figure of
#: tests/benchmark.py, not a test's limit.
DEADLINE = timedelta(seconds=20 if sys.platform == "emscripten" else 10)
#: Deterministic (no flaky runs in CI) and no example database written to the tree.
CONTRACT = settings(
    deadline=DEADLINE,
    max_examples=150 if sys.platform == "emscripten" else 400,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

notation_chars = st.sampled_from(NOTATION_CHARS)
any_char = st.one_of(notation_chars, st.characters())


def numbers() -> st.SearchStrategy[str]:
    """Numbers as typed: ordinary, near and past the limits, thousands of digits (past
    Python's 4,300-digit ``int()`` limit), leading zeros, unicode digits."""
    return st.one_of(
        st.integers(0, 2_000).map(str),
        st.integers(0, 10**40).map(str),
        st.builds(
            lambda zeros, digits: "0" * zeros + digits,
            st.integers(0, 4_500),
            st.sampled_from(("", "4", "300", "1800", "99")),
        ),
        st.integers(4_290, 5_000).map(lambda n: "7" * n),
        st.text(alphabet=UNICODE_DIGITS + "0123456789", min_size=1, max_size=6),
    )


def texts() -> st.SearchStrategy[str]:
    """Any text: arbitrary unicode, notation-like characters, huge digit runs with a
    notation after them."""
    return st.one_of(
        st.text(),
        st.text(alphabet=notation_chars, max_size=80),
        st.builds(
            lambda number, tail: number + tail,
            numbers(),
            st.sampled_from(("", "d6", "d", "d6 vs TN 8", "d vs DC 3", "b", "h", " vs DC 3")),
        ),
        st.builds(
            lambda head, number: head + number,
            st.sampled_from(("4d6 vs TN ", "4d6 vs ", "4d vs DC ", "1d +", "4d6 vs TN 8 ")),
            numbers(),
        ),
    )


@st.composite
def mutated(draw: st.DrawFn, examples: list[str]) -> str:
    """A valid notation after one to five hostile edits: a character inserted, deleted or
    replaced, a word repeated, a number put in (huge, unicode, leading zeros)."""
    text = draw(st.sampled_from(examples))
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(("insert", "delete", "replace", "repeat", "number")))
        at = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:at] + draw(any_char) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + 1 :]
        elif op == "replace":
            text = text[:at] + draw(any_char) + text[at + 1 :]
        elif op == "repeat":
            words = text.split(" ")
            i = draw(st.integers(0, len(words) - 1))
            words[i:i] = [words[i]] * draw(st.integers(1, 60))
            text = " ".join(words)
        else:
            text = text[:at] + draw(numbers()) + text[at:]
    return text


def check_both(system: System, text: str) -> None:
    """The contract for odds and roll of ``text`` (see ``hostile_input.check_call``)."""
    check_call(system.odds, text)
    check_call(lambda notation: system.roll(notation, 7), text)
