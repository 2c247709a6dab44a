"""The stack chooser: every stack a roll allows, checked against brute force over subsets."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.doom_stack.notation import parse
from rules_engine.doom_stack.roll import MAX_LISTED_STACKS, keep_most_for_defence, roll, stack_choices
from rules_engine.doom_stack.rules import Outcome, best_stack, legal_stacks, stack_count

dice_lists = st.lists(st.integers(1, 6), max_size=9).map(tuple)


def brute_force_stacks(dice: tuple[int, ...]) -> dict[tuple[int | None, int, int], tuple[int, Counter]]:
    """Every subset of the dice that is a legal stack (its dice other than ones all show one
    face), keyed by (face, how many of it, how many ones) → (value, dice left over)."""
    found = {}
    for size in range(1, len(dice) + 1):
        for chosen in combinations(range(len(dice)), size):
            faces = {dice[i] for i in chosen} - {1}
            if len(faces) > 1:
                continue
            face = faces.pop() if faces else None
            ones = sum(1 for i in chosen if dice[i] == 1)
            left = Counter(dice[i] for i in range(len(dice)) if i not in chosen)
            found[(face, size - ones, ones)] = (sum(dice[i] for i in chosen), left)
    return found


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(dice_lists, st.one_of(st.none(), st.integers(1, 30)))
def test_the_chooser_lists_exactly_the_stacks_the_dice_allow(dice, tn):
    expected = brute_force_stacks(dice)
    choices = stack_choices(dice, tn, limit=None)
    shapes = [(c.stack.face, len(c.stack.members), len(c.stack.wildcards)) for c in choices]
    assert len(shapes) == len(set(shapes)) == stack_count(dice)  # each stack once
    assert set(shapes) == set(expected)
    for choice, shape in zip(choices, shapes):
        value, left = expected[shape]
        assert choice.stack.value == value == sum(choice.dice)
        assert Counter(choice.attention) == left
        assert sorted(
            choice.stack.positions + tuple(i for i in range(len(dice)) if i not in choice.stack.positions)
        ) == list(range(len(dice)))
        assert [dice[i] for i in choice.stack.positions] == list(choice.dice)
        assert choice.defence == best_stack(choice.attention).value
        assert choice.outcome == (Outcome(value, tn) if tn is not None else None)
    # Biggest first; the first is the stack the roller takes.
    assert [c.stack.value for c in choices] == sorted((c.stack.value for c in choices), reverse=True)
    if dice:
        assert choices[0].stack == best_stack(dice)
    # A limit keeps the top of the same list.
    assert legal_stacks(dice, 3) == [c.stack for c in choices[:3]]


def test_a_hand_checked_roll():
    # 6 6 3 1: the two 6s with the one, the 6s alone, one 6 with or without the one, the 3
    # with or without it, the one alone.
    choices = stack_choices((6, 3, 6, 1), tn=6, limit=None)
    assert [(c.dice, c.attention) for c in choices] == [
        ((6, 6, 1), (3,)),
        ((6, 6), (3, 1)),
        ((6, 1), (3, 6)),
        ((6,), (3, 6, 1)),
        ((3, 1), (6, 6)),
        ((3,), (6, 6, 1)),
        ((1,), (6, 3, 6)),
    ]
    # "Only needs a Fair result": TN 6, performance 1 is the 6 with the one, and it keeps a
    # 6 and a 3 to defend with (best stack 6), where the biggest stack leaves only the 3.
    fair = [c for c in choices if c.outcome.performance == 1]
    assert [(c.dice, c.defence) for c in fair] == [((6, 1), 6)]
    assert choices[0].defence == 3 and choices[0].outcome.performance == 7
    # "Keep the most for defence": any success is the single 6 (a glitch, and the 1 it keeps
    # can cancel that); Fair is the 6 with the one; performance 2 to 6 is the two 6s, which
    # keep the one; 7 needs every die that stacks; 8 is out of reach.
    picks = [keep_most_for_defence(choices, need) for need in range(8)]
    assert [choices[i].dice for i in picks[:2]] == [(6,), (6, 1)]
    assert [choices[i].dice for i in picks[2:7]] == [(6, 6)] * 5 and picks[7] == 0
    assert keep_most_for_defence(choices, 8) is None
    assert keep_most_for_defence(stack_choices((6, 3, 6, 1), tn=None, limit=None), 0) is None


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(dice_lists, st.integers(1, 30), st.integers(0, 6))
def test_keep_most_for_defence_reaches_the_need_and_keeps_the_most(dice, tn, need):
    choices = stack_choices(dice, tn, limit=None)
    fits = [c for c in choices if c.outcome.success and c.outcome.performance >= need]
    picked = keep_most_for_defence(choices, need)
    if not fits:
        assert picked is None
        return
    best = choices[picked]
    assert best in fits
    assert all((c.defence, len(c.attention)) <= (best.defence, len(best.attention)) for c in fits)


def test_equal_stacks_put_the_one_with_fewer_dice_first():
    # a 6 alone, two 3s, three 2s: all worth 6; the 6 leaves the most dice.
    choices = stack_choices((3, 2, 6, 2, 3, 2), tn=None, limit=None)
    sixes = [c.dice for c in choices if c.stack.value == 6]
    assert sixes == [(6,), (3, 3), (2, 2, 2)]


def test_the_roll_json_lists_the_stacks_as_its_lines_do():
    data = roll(parse("7d6 vs TN 8"), seed=7).to_json()
    stacks = data["stacks"]
    assert data["stacks_total"] == len(stacks) == 17
    assert data["lines"][-18:] == [data["stacks_heading"], *(f"  {s['line']}" for s in stacks)]
    first = stacks[0]
    assert first["best"] and not any(s["best"] for s in stacks[1:])
    assert (first["value"], first["face"], first["count"], first["wildcards"]) == (8, 6, 1, 2)
    assert first["positions"] == data["best_stack"]["positions"]
    assert first["attention_pool"] == data["attention_pool"] == [3, 2, 4, 5]
    assert (first["success"], first["glitch"], first["performance"]) == (True, True, 0)
    ones_only = stacks[-1]
    assert (ones_only["value"], ones_only["face"], ones_only["count"], ones_only["wildcards"]) == (1, None, 0, 1)
    assert ones_only["success"] is False and ones_only["performance"] is None
    keep = data["keep_most_for_defence"]
    assert [(k["performance"], k["name"]) for k in keep] == [
        (0, "Barely made it (glitch!)"),
        (1, "Fair"),
        (2, "Solid"),
        (3, "Flashy"),
        (4, "Impressive"),
    ]
    assert keep[0]["index"] == 0 and all(k["index"] is None for k in keep[1:])  # 8 vs TN 8 is the most
    assert roll(parse("7d6"), seed=7).to_json()["keep_most_for_defence"] == []


def test_a_big_pool_lists_its_biggest_stacks_and_says_how_many_there_are():
    result = roll(parse("40d6 vs TN 8"), seed=3)
    data = result.to_json()
    assert data["stacks_total"] == stack_count(result.dice) > MAX_LISTED_STACKS
    assert len(data["stacks"]) == MAX_LISTED_STACKS
    assert data["stacks_heading"].startswith(f"Stacks you can choose: {data['stacks_total']}, the 100 biggest listed")
    assert [s["value"] for s in data["stacks"]] == [c.value for c in legal_stacks(result.dice)[:MAX_LISTED_STACKS]]


def test_every_roll_of_up_to_18_dice_is_listed_in_full():
    # The most stacks n dice allow: (n − k)(k + 1) + k ones, at its largest over k.
    assert max((18 - k) * (k + 1) + k for k in range(19)) <= MAX_LISTED_STACKS
    assert max((19 - k) * (k + 1) + k for k in range(20)) > MAX_LISTED_STACKS
