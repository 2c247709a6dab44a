"""House rules given to the command line two ways: the ``--rules`` option and the notation's own
``with`` clause. Each system's house-rule tests check that both ways give the same answer."""

from __future__ import annotations

import json

from rules_engine.cli import run


def answers_by_option_and_clause(system: str, notation: str, rules: str, seed: str) -> list[dict]:
    """The CLI's JSON answers for ``notation`` under the house ``rules``, the odds and a roll
    seeded ``seed``: each asked with ``--rules`` and again with ``with`` in the notation, checked
    to succeed both ways with the same JSON. Returns the two answers (odds, then the roll)."""
    answers = []
    for verb, extra in (("odds", []), ("roll", ["--seed", seed])):
        code, by_option = run([verb, system, notation, "--rules", rules, "--json", *extra])
        code_with, by_clause = run([verb, system, f"{notation} with {rules}", "--json", *extra])
        assert code == code_with == 0, by_option
        assert json.loads(by_option) == json.loads(by_clause)
        answers.append(json.loads(by_option))
    return answers
