"""Doom Stack: seeded rolls that explain themselves."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from ..core.roller import DieEvent, DieFate, Roller
from ..core.rule_set import RuleSet
from .house_rules import PRINTED, cap_words, die_sides, exact_match, wild_face
from .notation import DoomStackQuery
from .rules import (
    PERFORMANCE_NAMES,
    SIDES,
    STACK_FACES,
    Outcome,
    Pool,
    Stack,
    attention_pool,
    best_stack,
    legal_stacks,
    performance_name,
    stack_count,
)

#: The most stacks a roll lists (biggest first). Every roll of up to 18 dice has at most
#: this many; a bigger pool lists its 100 biggest and says how many there are in all.
MAX_LISTED_STACKS = 100

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int, noun: str) -> str:
    word = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    return f"{word} {noun}" + ("" if n == 1 else "s")


def describe_stack(dice: tuple[int, ...], stack: Stack) -> str:
    """``6 + 6 + 1 = 13 (two 6s and one wildcard 1)`` (a house rule's wild face in place of 1)."""
    parts = [dice[i] for i in stack.positions]
    if not parts:
        return "0 (no dice to stack)"
    sums = " + ".join(map(str, parts))
    pieces = []
    if stack.face is not None:
        pieces.append(_count(len(stack.members), str(stack.face)))
    if stack.wildcards:
        pieces.append(_count(len(stack.wildcards), f"wildcard {dice[stack.wildcards[0]]}"))
    summary = " and ".join(pieces)
    return f"{sums} = {stack.value} ({summary})" if len(parts) > 1 else f"{stack.value} ({summary})"


def outcome_json(outcome: Outcome | None) -> dict[str, object]:
    """Success, glitch, performance and its name (all null without a TN)."""
    performance = outcome.performance if outcome else None
    return {
        "success": outcome.success if outcome else None,
        "glitch": outcome.glitch if outcome else None,
        "performance": performance,
        "performance_name": outcome_name(outcome) if outcome is not None and performance is not None else None,
    }


def outcome_name(outcome: Outcome) -> str:
    """The name of a success's performance; performance 0 without a glitch (a house rule's
    clean success at the TN) is "Barely made it"."""
    performance = outcome.performance or 0
    if performance == 0 and not outcome.glitch:
        return "Barely made it"
    return performance_name(performance)


@dataclass(frozen=True)
class StackChoice:
    """One stack the player could take from a roll, and what it leaves behind."""

    stack: Stack
    dice: tuple[int, ...]  # the stack's dice, as rolled
    attention: tuple[int, ...]  # the dice left over, in roll order
    outcome: Outcome | None  # against the TN, when there is one
    defence: int  # the biggest stack the attention pool still holds: the most it can defend with

    def line(self) -> str:
        """``6 + 1 + 1 = 8: glitch …; attention pool 3 2 4 5 (best stack 5)``."""
        return self._line

    @cached_property
    def _line(self) -> str:
        sums = " + ".join(map(str, self.dice))
        text = f"{sums} = {self.stack.value}" if len(self.dice) > 1 else sums
        if self.outcome is not None:
            text += f": {self.outcome.describe()}"
        left = " ".join(map(str, self.attention))
        return text + (f"; attention pool {left} (best stack {self.defence})" if left else "; attention pool empty")

    def to_json(self, best: bool) -> dict[str, object]:
        return {
            "value": self.stack.value,
            "face": self.stack.face,
            "count": len(self.stack.members),
            "wildcards": len(self.stack.wildcards),
            "dice": list(self.dice),
            "positions": list(self.stack.positions),
            "best": best,
            **outcome_json(self.outcome),
            "attention_pool": list(self.attention),
            "attention_best": self.defence,
            "line": self.line(),
        }


def stack_choices(
    dice: tuple[int, ...], tn: int | None, limit: int | None = MAX_LISTED_STACKS, rules: RuleSet = PRINTED
) -> list[StackChoice]:
    """Every stack ``dice`` allow (the ``limit`` biggest), each with its result against
    ``tn`` and the attention pool it leaves."""
    # with no wild face, ``None`` counts the (no) wildcards
    counts: Counter[int | None] = Counter(dice)
    wild = wild_face(rules)
    pips = wild or 0
    faces = STACK_FACES if rules.is_printed else tuple(f for f in range(1, die_sides(rules) + 1) if f != wild)
    exact = exact_match(rules)
    choices = []
    for stack in legal_stacks(dice, limit, wild=wild):
        # The attention pool's best stack from the face counts (every one left, plus the
        # best face × count), not by counting its dice again: big pools list 100 stacks.
        left = counts - Counter({stack.face: len(stack.members), wild: len(stack.wildcards)})
        defence = pips * left[wild] + max((face * left[face] for face in faces), default=0)
        choices.append(
            StackChoice(
                stack,
                tuple(dice[i] for i in stack.positions),
                tuple(attention_pool(dice, stack)),
                Outcome(stack.value, tn, exact) if tn is not None else None,
                defence,
            )
        )
    return choices


def keep_most_for_defence(choices: list[StackChoice], need: int) -> int | None:
    """Which of ``choices`` (by index) reaches performance ``need`` while keeping the most
    to defend with: the biggest stack left in the attention pool, then the most dice left,
    then the smaller stack. ``None`` when none reaches it (or there is no TN)."""
    fits = [
        i
        for i, c in enumerate(choices)
        if c.outcome is not None and c.outcome.success and (c.outcome.performance or 0) >= need
    ]
    if not fits:
        return None
    return max(fits, key=lambda i: (choices[i].defence, len(choices[i].attention), -choices[i].stack.value, -i))


def stack_lines(dice: tuple[int, ...], choices: list[StackChoice], rules: RuleSet = PRINTED) -> list[str]:
    """The stacks as the roll lists them: a heading, then one indented line each."""
    total = stack_count(dice, wild=wild_face(rules))
    if not total:
        return ["Stacks you can choose: none, there are no dice"]
    listed = "" if len(choices) == total else f", the {len(choices)} biggest listed"
    return [
        f"Stacks you can choose: {total}{listed}, biggest first (the roller takes the first):",
        *(f"  {choice.line()}" for choice in choices),
    ]


def assembled_json(query: DoomStackQuery) -> dict[str, object] | None:
    """How the notation assembled the pool (``3+2+4d6``), for ``--json``'s ``assembled``
    key: attribute, skill, modifiers as written, the modifiers applied after the cap,
    whether the cap held them, and the line saying so; None for a pool given as ``Nd6``."""
    pool = query.assembled
    if pool is None:
        return None
    return {
        "attribute": pool.attribute,
        "skill": pool.skill,
        "modifiers": pool.modifiers,
        "applied_modifiers": pool.applied_modifiers,
        "capped": pool.capped,
        "line": pool_line(pool, query.rules),
    }


def pool_line(pool: Pool, rules: RuleSet = PRINTED) -> str:
    """How a pool was assembled: ``attribute 3 + skill 2 + modifiers +1 = 6d6``."""
    text = (
        f"attribute {pool.attribute} + skill {pool.skill} + modifiers {pool.applied_modifiers:+d} = "
        f"{pool.size}d{die_sides(rules)}"
    )
    if pool.capped:
        if rules["modifier-cap"] == "none":
            why = "a pool has no fewer than 0 dice"
        else:
            why = f"at most {cap_words(rules)}"
        text += f" (modifiers of {pool.modifiers:+d} held to {pool.applied_modifiers:+d}: {why})"
    return text


@dataclass(frozen=True)
class DoomStackRoll:
    """A rolled pool: the dice, the stack chosen, the result and the attention pool."""

    query: DoomStackQuery
    seed: int
    dice: tuple[int, ...]
    stack: Stack
    attention: tuple[int, ...]
    log: tuple[DieEvent, ...]

    @property
    def outcome(self) -> Outcome | None:
        if self.query.tn is None:
            return None
        return Outcome(self.stack.value, self.query.tn, exact_match(self.query.rules))

    @cached_property
    def choices(self) -> list[StackChoice]:
        """The stacks the player may choose instead (the first is the one taken)."""
        return stack_choices(self.dice, self.query.tn, rules=self.query.rules)

    def lines(self) -> list[str]:
        """The roll explained, then the stacks to choose from: the CLI prints these."""
        return self.roll_lines() + stack_lines(self.dice, self.choices, self.query.rules)

    def roll_lines(self) -> list[str]:
        """The roll explained, line by line: the widget shows these above its stack chooser."""
        rolled = " ".join(map(str, self.dice)) if self.dice else "no dice"
        lines = [
            # a house rule's with clause ends in commas of its own: a semicolon sets the seed apart
            f"Doom Stack {self.query.title}{',' if self.query.rules.is_printed else ';'} seed {self.seed}",
            *([f"Pool: {pool_line(self.query.assembled, self.query.rules)}"] if self.query.assembled else []),
            f"Rolled: {rolled}",
            f"Stack: {describe_stack(self.dice, self.stack)}",
        ]
        if self.outcome is not None:
            lines.append(f"Result: {self.stack.value} vs TN {self.query.tn}: {self.outcome.describe()}")
        attention = " ".join(map(str, self.attention)) if self.attention else "empty"
        lines.append(f"Attention pool: {attention}")
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``roll … --json``).

        ``lines`` are the roll's lines, then ``stacks_heading``, then one line per listed
        stack (each also its stack's ``line``): the CLI's text output. With a TN,
        ``keep_most_for_defence`` names, for each performance from 0 (a glitch) to 4
        (Impressive), the listed stack that reaches it and keeps the most to defend with."""
        choices = self.choices
        listed = stack_lines(self.dice, choices, self.query.rules)
        return {
            "system": "doom-stack",
            "notation": self.query.notation,
            "seed": self.seed,
            "pool": self.query.pool,
            "assembled": assembled_json(self.query),
            "tn": self.query.tn,
            "dice": list(self.dice),
            "best_stack": {
                "value": self.stack.value,
                "face": self.stack.face,
                "dice": [self.dice[i] for i in self.stack.positions],
                "positions": list(self.stack.positions),
                "wildcards": len(self.stack.wildcards),
            },
            **outcome_json(self.outcome),
            "attention_pool": list(self.attention),
            "log": [event.to_dict() for event in self.log],
            "lines": self.roll_lines() + listed,
            "stacks": [choice.to_json(best=i == 0) for i, choice in enumerate(choices)],
            "stacks_total": stack_count(self.dice, wild=wild_face(self.query.rules)),
            "stacks_heading": listed[0],
            "keep_most_for_defence": [
                {"performance": need, "name": name, "index": keep_most_for_defence(choices, need)}
                for need, name in PERFORMANCE_NAMES
            ]
            if self.query.tn is not None
            else [],
            "rules": self.query.rules.to_json(),
        }


def roll(query: DoomStackQuery, seed: int | None = None) -> DoomStackRoll:
    """Roll the pool, take the best stack (every one wild) and leave the rest as the
    attention pool; under a house rule, of the rule set's die and wild face."""
    roller = Roller(seed)
    sides = die_sides(query.rules)
    dice = tuple(value for _, value in roller.roll_pool(query.pool, sides))
    stack = best_stack(dice, wild=wild_face(query.rules))
    for i in stack.members:
        roller.mark(DieFate.STACKED, i, sides, dice[i], f"matching {stack.face}")
    for i in stack.wildcards:
        roller.mark(DieFate.STACKED, i, sides, dice[i], "wildcard")
    used = set(stack.positions)
    for i, value in enumerate(dice):
        if i not in used:
            roller.mark(DieFate.KEPT, i, sides, value, "attention pool")
    return DoomStackRoll(query, roller.seed, dice, stack, tuple(attention_pool(dice, stack)), tuple(roller.log))


def roll_bleeding_out(overflow: int, boxes: int, roller: Roller) -> tuple[int, list[int]]:
    """Roll a d6 each hour until a 1 stabilises or overflow reaches the hit boxes.
    Returns the final overflow and the hourly rolls."""
    rolls: list[int] = []
    while 0 < overflow < boxes:
        _, value = roller.roll(SIDES, f"bleeding out, hour {len(rolls) + 1}")
        rolls.append(value)
        if value == 1:
            break
        overflow += 1
    return overflow, rolls
