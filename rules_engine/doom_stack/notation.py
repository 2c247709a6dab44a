"""Doom Stack notation: ``4d6``, ``4d6 vs TN 8``, ``4d6 vs 8``, ``4d6 vs Challenging``, and a
pool assembled from attribute + skill [+ or − modifiers]: ``3+2d6``, ``3+2+4d6 vs TN 8``
(the modifiers held to half of attribute + skill, as the roller holds them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import RulesError
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
    #: How the pool was assembled when the notation gave attribute + skill + modifiers.
    assembled: Pool | None = field(default=None, compare=False)

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
    sign = _next_sign(scanner)
    if sign < 0:
        raise scanner.error("a pool is attribute + skill (+ or - modifiers): the skill is added, as in 3+2d6",
                            scanner.pos - 1, 1)
    assembled = _assembled(scanner, pool, start) if sign else None
    if not scanner.accept("d"):
        raise scanner.error("expected d6 after the number of dice, as in 4d6" if assembled is None else
                            "expected d6 after attribute + skill + modifiers, as in 3+2+1d6")
    sides_at = scanner.pos
    if scanner.peek_int():
        sides, sides_at = scanner.integer("6")
        if sides != SIDES:
            raise scanner.error("Doom Stack rolls only six-sided dice: write d6", sides_at, len(str(sides)))
    if assembled is not None:
        pool = assembled.size
    else:
        check_range(pool, 0, MAX_POOL, "the number of dice", scanner=scanner, position=start, length=pool_length)
    if scanner.at_end():
        return DoomStackQuery(pool, assembled=assembled)
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
    return DoomStackQuery(pool, tn, assembled)


_SIGNS = {"+": 1, "-": -1, "\u2212": -1}


def _next_sign(scanner: Scanner) -> int:
    """+1 or -1 when a sign comes next (``-`` or ``\u2212`` for minus), else 0; consumes it."""
    scanner.skip_space()
    sign = _SIGNS.get(scanner.text[scanner.pos : scanner.pos + 1], 0)
    if sign:
        scanner.pos += 1
    return sign


def _assembled(scanner: Scanner, attribute: int, start: int) -> Pool:
    """The pool ``ATTRIBUTE+SKILL[+MOD|-MOD]`` (the attribute read, the first sign taken)
    assembled with the roller's cap; every number checked where it stands."""
    check_range(attribute, 0, MAX_POOL, "the attribute", scanner=scanner, position=start,
                length=len(str(attribute)))
    if not scanner.peek_int():
        raise scanner.error("expected the skill after attribute +, as in 3+2d6")
    skill, at = scanner.integer("the skill")
    check_range(skill, 0, MAX_POOL, "the skill", scanner=scanner, position=at, length=scanner.pos - at)
    modifiers = 0
    sign = _next_sign(scanner)
    if sign:
        sign_at = scanner.pos - 1
        if not scanner.peek_int():
            raise scanner.error("expected the modifiers after attribute + skill, as in 3+2+1d6 or 3+2-1d6")
        size, at = scanner.integer("the modifiers")
        modifiers = sign * size
        check_range(modifiers, -MAX_POOL, MAX_POOL, "the modifiers", scanner=scanner, position=sign_at,
                    length=scanner.pos - sign_at)
    if _next_sign(scanner):
        raise scanner.error("a pool is attribute + skill + modifiers: at most three numbers, as in 3+2+1d6",
                            scanner.pos - 1, 1)
    try:
        return assemble_pool(attribute, skill, modifiers)
    except RulesError as error:
        raise scanner.error(error.message, start, scanner.pos - start) from None


def query_from_fields(attribute: str, skill: str, modifiers: str, tn: str) -> tuple[DoomStackQuery, Pool]:
    """The widget's form fields as a query; errors name the field they belong to."""
    pool = assemble_pool(
        parse_whole_number(attribute, "attribute", 0, MAX_POOL),
        parse_whole_number(skill, "skill", 0, MAX_POOL),
        parse_whole_number(modifiers or "0", "modifiers", -MAX_POOL, MAX_POOL),
    )
    return DoomStackQuery(pool.size, tn_from_field(tn)), pool


def tn_from_field(text: str) -> int | None:
    """The TN field: empty for none, a number, or a rung of the difficulty ladder by name
    (``Challenging``), as the notation takes it after ``vs``."""
    word = text.strip()
    if not word:
        return None
    rung = difficulty_by_name(word)
    if rung is not None:
        return rung.tn
    if any(ch.isalpha() for ch in word):  # a word that is not on the ladder
        raise RulesError(f"TN must be a number from 1 to {MAX_TN} or a difficulty from "
                         f"{DIFFICULTY_LADDER[0].name} to {DIFFICULTY_LADDER[-1].name} (as the "
                         f"suggestions list them), not {word[:40]}", field="TN")
    return parse_whole_number(text, "TN", 1, MAX_TN)

