"""Input limits every system shares (the registry is parametrized: a new system is checked
too): the notation's length, digit runs past Python's int() limit, linear parsing, seeds."""

import pytest
from refusals import refusal

from rules_engine.core.errors import RulesError
from rules_engine.core.notation import (
    MAX_DIGITS,
    MAX_NOTATION_LENGTH,
    Scanner,
    check_length,
    digits_value,
    parse_seed,
    parse_whole_number,
)
from rules_engine.core.roller import MAX_SEED
from rules_engine.systems import SYSTEM_PACKAGES, get_system

SYSTEMS = list(SYSTEM_PACKAGES)
REPEATED_PIECES = ["&", "1d ", "9", "+", "vs ", "d6 ", "-1h ", "\u0663"]
HUGE = [
    "1" * 5000 + "d6",  # past Python's 4,300-digit int() limit
    "0" * 4400 + "4d6",  # leading zeros are enough
    "4d6 vs TN " + "9" * 4400,
    "4d vs DC " + "9" * 4400,
    "&" * 100_000,  # was quadratic: 2 s
    "1d " * 33_333 + "vs DC 3",  # was quadratic: 1.2 s
    "4d6 " * 25_000,
]


@pytest.mark.parametrize("key", SYSTEMS)
@pytest.mark.parametrize("text", HUGE, ids=lambda t: f"{t[:8]!r}x{len(t)}")
def test_a_notation_past_the_length_limit_is_refused_at_the_limit(key, text):
    # how quickly: a figure of tests/benchmark.py
    system = get_system(key)
    for call in (system.odds, lambda t: system.roll(t, 1)):
        error = refusal(call, text)
        assert error.message == (
            f"a notation can be at most {MAX_NOTATION_LENGTH} characters long; this one has {len(text)}"
        )
        assert (error.position, error.length) == (MAX_NOTATION_LENGTH, len(text) - MAX_NOTATION_LENGTH)
        assert error.notation == text


@pytest.mark.parametrize("key", SYSTEMS)
def test_a_notation_at_the_length_limit_is_read(key):
    system = get_system(key)
    text = system.example + " " * (MAX_NOTATION_LENGTH - len(system.example))
    assert len(text) == MAX_NOTATION_LENGTH
    assert system.odds(text).to_json() == system.odds(system.example).to_json()


@pytest.mark.parametrize("key", SYSTEMS)
@pytest.mark.parametrize("piece", REPEATED_PIECES)
def test_long_repeats_within_the_limit_are_refused(key, piece):
    # how quickly: a figure of tests/benchmark.py
    system = get_system(key)
    text = piece * (MAX_NOTATION_LENGTH // len(piece))
    with pytest.raises(RulesError) as info:
        system.odds(text)
    assert info.value.position is None or 0 <= info.value.position <= len(text)


@pytest.mark.parametrize("key", SYSTEMS)
@pytest.mark.parametrize("digit", ["\u0663", "\uff14", "\u00b2", "\U0001d7d2"])
def test_unicode_digits_are_not_numbers(key, digit):
    error = refusal(get_system(key).odds, digit + "d6")
    assert error.position == 0


def test_the_scanner_refuses_numbers_of_too_many_digits_where_they_stand():
    scanner = Scanner("4d " + "7" * (MAX_DIGITS + 1))
    scanner.integer("n"), scanner.accept("d")
    with pytest.raises(RulesError) as info:
        scanner.integer("the TN")
    assert info.value.message == f"the TN is too large: a number here has at most {MAX_DIGITS} digits"
    assert (info.value.position, info.value.length) == (3, MAX_DIGITS + 1)
    assert Scanner("0" * 100 + "7").integer("n") == (7, 0)


def test_digits_value_and_check_length():
    assert digits_value("0" * 5000 + "42") == 42
    assert digits_value("0") == 0
    assert digits_value("9" * MAX_DIGITS) == 10**MAX_DIGITS - 1
    assert digits_value("1" * (MAX_DIGITS + 1)) is None
    assert digits_value("1" * 5000) is None
    check_length("x" * MAX_NOTATION_LENGTH)
    with pytest.raises(RulesError) as info:
        check_length("x" * (MAX_NOTATION_LENGTH + 3))
    assert (info.value.position, info.value.length) == (MAX_NOTATION_LENGTH, 3)


@pytest.mark.parametrize(
    "text,message",
    [
        ("9" * 4400, "seed must be from 0 to 9007199254740991, not a number of 4400 digits"),
        ("-" + "9" * 4400, "seed must be from 0 to 9007199254740991, not a number of 4400 digits"),
        ("\u0663", "seed must be a whole number, not \u0663"),
        ("1\u0663", "seed must be a whole number, not 1\u0663"),
        ("x" * 5000, "seed must be a whole number, not " + "x" * 40 + "…"),
        (str(MAX_SEED + 1), f"seed must be from 0 to {MAX_SEED}, not {MAX_SEED + 1}"),
    ],
)
def test_seeds_are_ascii_whole_numbers_in_range(text, message):
    error = refusal(parse_seed, text)
    assert error.message == message and error.field == "seed"


def test_seeds_that_read():
    assert parse_seed(" 7 ") == 7 and parse_seed("0" * 4400 + "7") == 7 and parse_seed(str(MAX_SEED)) == MAX_SEED
    assert parse_seed("+3") == parse_whole_number("+3", "seed", 0, MAX_SEED) == 3
