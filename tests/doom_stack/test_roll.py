from fractions import Fraction

from roller_agreement import assert_roller_agrees

from rules_engine.core.roller import DieFate, Roller
from rules_engine.doom_stack.notation import parse
from rules_engine.doom_stack.odds import best_stack_distribution
from rules_engine.doom_stack.roll import roll, roll_bleeding_out


def test_seeded_roll_explains_itself():
    result = roll(parse("7d6 vs TN 8"), seed=7)
    assert result.dice == (3, 2, 4, 6, 1, 1, 5)
    assert result.roll_lines() == [
        "Doom Stack 7d6 vs TN 8 (Challenging), seed 7",
        "Rolled: 3 2 4 6 1 1 5",
        "Stack: 6 + 1 + 1 = 8 (one 6 and two wildcard 1s)",
        "Result: 8 vs TN 8: glitch: success with a complication, performance 0",
        "Attention pool: 3 2 4 5",
    ]
    # Then every stack the dice allow, biggest first: the roller's own choice heads the list.
    stacks = result.lines()[5:]
    assert stacks[:4] == [
        "Stacks you can choose: 17, biggest first (the roller takes the first):",
        "  6 + 1 + 1 = 8: glitch: success with a complication, performance 0; attention pool 3 2 4 5 (best stack 5)",
        "  6 + 1 = 7: failure, 1 short; attention pool 3 2 4 1 5 (best stack 6)",
        "  5 + 1 + 1 = 7: failure, 1 short; attention pool 3 2 4 6 (best stack 6)",
    ]
    assert stacks[-2:] == [
        "  1 + 1 = 2: failure, 6 short; attention pool 3 2 4 6 5 (best stack 6)",
        "  1: failure, 7 short; attention pool 3 2 4 6 1 5 (best stack 7)",
    ]
    assert len(stacks) == 1 + 17
    assert result.attention == (3, 2, 4, 5)
    fates = [(e.fate, e.index) for e in result.log]
    assert fates[:7] == [(DieFate.ROLLED, i) for i in range(7)]
    assert (DieFate.STACKED, 3) in fates and (DieFate.STACKED, 4) in fates
    assert (DieFate.KEPT, 0) in fates


def test_same_seed_same_json():
    a = roll(parse("12d6 vs TN 18"), seed=99).to_json()
    b = roll(parse("12d6 vs TN 18"), seed=99).to_json()
    assert a == b and a["seed"] == 99 and len(a["dice"]) == 12
    assert a["best_stack"]["value"] == sum(a["best_stack"]["dice"])


def test_roll_without_tn_and_empty_pool():
    result = roll(parse("0d6"), seed=1)
    assert result.lines()[1:] == [
        "Rolled: no dice",
        "Stack: 0 (no dice to stack)",
        "Attention pool: empty",
        "Stacks you can choose: none, there are no dice",
    ]
    data = result.to_json()
    assert data["success"] is None and data["stacks"] == [] and data["stacks_total"] == 0


def test_bleeding_out_stops_on_a_one_or_death():
    overflow, rolls = roll_bleeding_out(2, 6, Roller(11))
    assert rolls and (rolls[-1] == 1 or overflow == 6)
    assert overflow == 2 + sum(1 for r in rolls if r != 1)
    assert roll_bleeding_out(0, 6, Roller(1)) == (0, [])


def test_roller_agrees_with_the_exact_odds():
    """4d6 rolled at 6000 fixed seeds against the exact best-stack odds."""
    exact = best_stack_distribution(4).probabilities()
    assert sum(exact.values()) == Fraction(1)
    assert_roller_agrees(exact, lambda seed: roll(parse("4d6"), seed=seed).stack.value, trials=6000)
