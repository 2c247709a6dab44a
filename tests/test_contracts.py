"""The bad-input contract, stated once for every registered system (a new system is checked
too): any text, and any mutation of the system's own examples, gives a result or the one
documented RulesError, from both odds and roll (``hostile_strategies.check_both``: what is
wrong and where, or a refusal naming a limit; never another exception or a hang).

Each system's examples and its own cases stay beside its other tests, in
``tests/<system>/test_bad_input.py`` (its ``EXAMPLES``; the registry's own examples when it
has none)."""

from __future__ import annotations

from importlib import import_module

import pytest
from hostile_input import examples_for
from hostile_strategies import CONTRACT, check_both, mutated, texts
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.systems import SYSTEM_PACKAGES, get_system

SYSTEMS = list(SYSTEM_PACKAGES)


def own_examples(key: str) -> list[str]:
    """The notations a system's bad-input tests mutate: their ``EXAMPLES``, else the registry's."""
    package = SYSTEM_PACKAGES[key].rsplit(".", 1)[-1]
    try:
        return list(import_module(f"{package}.test_bad_input").EXAMPLES)
    except (ImportError, AttributeError):
        return examples_for(get_system(key))


# Read at collection, not while Hypothesis runs (importing a test module defines @given tests).
OWN_EXAMPLES = {key: own_examples(key) for key in SYSTEMS}


@pytest.mark.parametrize("key", SYSTEMS)
@CONTRACT
@given(texts())
def test_any_text_gives_a_result_or_a_rules_error(key, text):
    check_both(get_system(key), text)


@pytest.mark.parametrize("key", SYSTEMS)
@CONTRACT
@given(st.data())
def test_mutated_notations_give_a_result_or_a_rules_error(key, data):
    check_both(get_system(key), data.draw(mutated(OWN_EXAMPLES[key]), label="text"))
