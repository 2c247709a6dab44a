"""Doom Stack notation: ``4d6``, ``4d6 vs TN 8``, ``4d6 vs 8``, ``4d6 vs Challenging``."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.notation import Scanner, check_range, parse_whole_number
from .rules import (
    DIFFICULTY_LADDER,
    MAX_POOL,
    SIDES,
    Pool,
    assemble_pool,
    difficulty_by_name,
    difficulty_for,
)

MAX_TN = SIDES * MAX_POOL


@dataclass(frozen=True)
class DoomStackQuery:
    """A pool of d6 and, optionally, the TN it is rolled against."""

    pool: int
    tn: int | None = None

    @property
    def notation(self) -> str:
        """The canonical form: ``4d6`` or ``4d6 vs TN 8``."""
        return f"{self.pool}d6" + (f" vs TN {self.tn}" if self.tn is not None else "")

    @property
    def title(self) -> str:
        """The canonical form with the difficulty's name when the TN is on the ladder."""
        rung = difficulty_for(self.tn) if self.tn is not None else None
        return self.notation + (f" ({rung.name})" if rung else "")


def parse(text: str) -> DoomStackQuery:
    """Read a Doom Stack notation; a ``RulesError`` with a caret for anything else."""
    scanner = Scanner(text)
    if scanner.at_end():
        raise scanner.error("write a pool such as 4d6 or 4d6 vs TN 8", 0, 1)
    pool, start = scanner.integer("the number of dice, as in 4d6")
    pool_length = scanner.pos - start  # leading zeros included
    if not scanner.accept("d"):
        raise scanner.error("expected d6 after the number of dice, as in 4d6")
    sides_at = scanner.pos
    if scanner.peek_int():
        sides, sides_at = scanner.integer("6")
        if sides != SIDES:
            raise scanner.error("Doom Stack rolls only six-sided dice: write d6", sides_at, len(str(sides)))
    check_range(pool, 0, MAX_POOL, "the number of dice", scanner=scanner, position=start, length=pool_length)
    if scanner.at_end():
        return DoomStackQuery(pool)
    if not scanner.accept("vs"):
        raise scanner.error("expected 'vs TN …' after the pool")
    scanner.accept("TN")
    if scanner.peek_int():
        tn, at = scanner.integer("a TN")
        check_range(tn, 1, MAX_TN, "the TN", scanner=scanner, position=at, length=scanner.pos - at)
    else:
        name, at = scanner.word()
        rung = difficulty_by_name(name)
        if rung is None:
            names = ", ".join(r.name for r in DIFFICULTY_LADDER)
            raise scanner.error(f"expected a TN (a number) or a difficulty: {names}", at,
                                max(1, len(name)))
        tn = rung.tn
    if not scanner.at_end():
        raise scanner.error("unexpected text after the TN")
    return DoomStackQuery(pool, tn)


def query_from_fields(attribute: str, skill: str, modifiers: str, tn: str) -> tuple[DoomStackQuery, Pool]:
    """The widget's form fields as a query; errors name the field they belong to."""
    pool = assemble_pool(
        parse_whole_number(attribute, "attribute", 0, MAX_POOL),
        parse_whole_number(skill, "skill", 0, MAX_POOL),
        parse_whole_number(modifiers or "0", "modifiers", -MAX_POOL, MAX_POOL),
    )
    target = parse_whole_number(tn, "TN", 1, MAX_TN) if tn.strip() else None
    return DoomStackQuery(pool.size, target), pool

