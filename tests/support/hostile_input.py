"""Hostile notations and the bad-input contract, shared by the Hypothesis tests and
``tests/fuzz.py``.

The contract: every entry point meets any text with a result or the one ``RulesError``,
whose position (when set) lies inside the text, quickly. Nothing else escapes.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from rules_engine.core.errors import RulesError
from rules_engine.core.system import System

#: Valid notations of any system (each system refuses the others' with a RulesError,
#: which is fine: they are material for mutations). A system's own ``example`` is added.
GENERIC_EXAMPLES = (
    "4d6",
    "4d6 vs TN 8",
    "7D6 VS 8",
    "4d6 vs Challenging",
    "0d6",
    "12d6 vs TN 30",
    "4d-1p vs DC 3",
    "save 3d+1b vs DC 4",
    "1d+2p",
    "damage 2d +1h vs DC 5",
    "4d vs DC 8",
    "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b",
    "2d-2p+1h vs DC 9",
    "100d+30p vs DC 2",
)
#: Characters notations are made of, with look-alikes: unicode digits, a typographic
#: minus, a no-break space, full-width letters.
NOTATION_CHARS = "0123456789dDbBpPhH+-&vVsStTnNcC \t\u2212\u00a0\u0663\uff15\u00b9\u2167\U0001d7d3\uff44"
UNICODE_DIGITS = "\u0663\u06f5\u0967\uff15\u00b2\u2460\U0001d7d3\u136b"


def examples_for(system: System) -> list[str]:
    """The system's own examples first (its ``example`` and every quoted example in its
    ``notation_help``), then every generic one."""
    own = list(dict.fromkeys([system.example, *re.findall(r'"([^"]+)"', system.notation_help)]))
    return [*own, *(e for e in GENERIC_EXAMPLES if e not in own)]


def check_call(call: Callable[[str], object], text: str) -> str:
    """Call ``call(text)`` and render the result both ways; return ``"ok"`` or ``"RulesError"``.

    Fails (AssertionError) when a RulesError breaks the contract; any other exception
    propagates: both are what the tests and the fuzzer look for.
    """
    try:
        result = call(text)
        json.dumps(result.to_json())  # type: ignore[attr-defined]
        "\n".join(result.lines())  # type: ignore[attr-defined]
    except RulesError as error:
        assert error.message, "a RulesError must say what is wrong"
        if error.position is not None:
            assert 0 <= error.position <= len(text), (error.position, len(text))
            assert error.notation is not None and len(error.notation) == len(text)
        json.dumps(error.to_dict())
        str(error)
        return "RulesError"
    return "ok"


# --- random hostile notations (for the fuzzer; Hypothesis draws its own) -------------
def _replace_a_number(rng: random.Random, text: str, new: str) -> str:
    """``text`` with one run of digits (or, without one, a random spot) replaced by ``new``."""
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        at = rng.randrange(len(text) + 1)
        return text[:at] + new + text[at:]
    start = end = rng.choice(spots)
    while start > 0 and text[start - 1].isdigit():
        start -= 1
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:start] + new + text[end:]


def huge_number(rng: random.Random) -> str:
    """A number past every limit: thousands of digits, leading zeros, or unicode digits."""
    kind = rng.randrange(5)
    if kind == 0:
        return "1" * rng.choice((31, 200, 4301, 5000))
    if kind == 1:
        return "0" * rng.choice((10, 199, 4400)) + str(rng.randrange(1, 10))
    if kind == 2:
        return str(rng.choice((301, 999, 1000, 1801, 2**53, 10**30 - 1, 10**30)))
    if kind == 3:
        return "".join(rng.choice(UNICODE_DIGITS) for _ in range(rng.randrange(1, 5)))
    return rng.choice(("9" * 30, "-" + "9" * 12, "4" + UNICODE_DIGITS[0]))


def mutate(rng: random.Random, text: str) -> str:
    """One hostile edit of ``text``: insert, delete or replace a character, duplicate or
    drop a word, swap words, or put a huge or unicode number in place of a number."""
    words = text.split(" ")
    kind = rng.randrange(8)
    if kind == 0:
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(NOTATION_CHARS) + text[at:]
    if kind == 1 and text:
        at = rng.randrange(len(text))
        return text[:at] + text[at + 1 :]
    if kind == 2 and text:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice(NOTATION_CHARS) + text[at + 1 :]
    if kind == 3:
        at = rng.randrange(len(words))
        return " ".join(words[:at] + [words[at]] * rng.randrange(2, 8) + words[at:])
    if kind == 4 and len(words) > 1:
        del words[rng.randrange(len(words))]
        return " ".join(words)
    if kind == 5 and len(words) > 1:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
        return " ".join(words)
    return _replace_a_number(rng, text, huge_number(rng))


def random_text(rng: random.Random) -> str:
    """Random characters: mostly notation-like, sometimes any unicode."""
    size = rng.choice((0, 1, 2, 5, 10, 20, 60))
    if rng.random() < 0.8:
        return "".join(rng.choice(NOTATION_CHARS) for _ in range(size))
    return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(size))


def long_repeat(rng: random.Random, examples: list[str]) -> str:
    """A piece repeated until the notation is long (the quadratic-parsing cases)."""
    piece = rng.choice(
        ("&", "1d ", "+1h ", "-999h ", "& +2b ", "vs ", "d", " ", "9", "+", "4d6 ", rng.choice(examples) + " ")
    )
    text = piece * min(rng.choice((30, 67, 201, 1000, 33_333, 100_000)), 100_000 // len(piece))
    return text + rng.choice(("", "vs DC 3", " vs TN 8"))


def other_numbers(rng: random.Random, text: str) -> str:
    """``text`` with every number replaced by a random one, small or near the limits
    (valid notations with large pools: the slow cases)."""
    return re.sub(
        r"[0-9]+", lambda _: str(rng.choice((rng.randrange(11), rng.randrange(101), rng.randrange(2001)))), text
    )


def hostile_notation(rng: random.Random, examples: list[str]) -> str:
    """One hostile notation: random text, a mutated valid notation, other numbers in a
    valid notation, a huge number in one, or a long repeat. Half the valid notations are
    the system's own example (``examples[0]``)."""
    kind = rng.random()
    base = examples[0] if rng.random() < 0.5 else rng.choice(examples)
    if kind < 0.2:
        return random_text(rng)
    if kind < 0.65:
        text = base
        for _ in range(rng.choice((1, 1, 2, 3, 5))):
            text = mutate(rng, text)
        return text
    if kind < 0.8:
        return other_numbers(rng, base)
    if kind < 0.93:
        return _replace_a_number(rng, base, huge_number(rng))
    return long_repeat(rng, examples)
