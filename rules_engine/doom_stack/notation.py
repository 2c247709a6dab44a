"""Doom Stack notation: ``4d6``, ``4d6 vs TN 8``, ``4d6 vs 8``, ``4d6 vs Challenging``, and a
pool assembled from attribute + skill [+ or − modifiers]: ``3+2d6``, ``3+2+4d6 vs TN 8``
(the modifiers held to half of attribute + skill, as the roller holds them).

Any of them may end with a rule set (``house_rules.BOOK``): ``4d8 vs TN 8 with die d8, wild
none``. The pool's die and the setting ``die`` are one thing said twice: the pool names the
rule set's die (``4d8``) or none (``4d``), and a pool of another die is refused. ``vs
Challenging`` reads the TN of the rule set's ladder, and the modifiers are held to the rule
set's cap. The canonical form writes the rule set's die and ends with its ``with`` clause."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import RulesError
from ..core.notation import Scanner, check_length, check_range, parse_whole_number
from ..core.rule_set import RuleSet, read_with
from .house_rules import BOOK, PRINTED, cap_for, die_sides, rung_by_name, rung_for, wild_face
from .rules import (
    DIFFICULTY_LADDER,
    MAX_POOL,
    SIDES,
    Pool,
    assemble_pool,
    difficulty_by_name,
)

MAX_TN = SIDES * MAX_POOL


def max_tn(rules: RuleSet) -> int:
    """The highest TN a notation takes under ``rules``: the biggest stack the largest pool makes."""
    return die_sides(rules) * MAX_POOL


def max_pool(rules: RuleSet) -> int:
    """The largest pool the engine computes under ``rules``."""
    from .odds import house_max_pool  # odds imports this module

    return house_max_pool(die_sides(rules), wild_face(rules))


def limit_words(rules: RuleSet) -> str:
    """What names the limit of a house rule's pool: `` with a d20 and these rules``."""
    if max_pool(rules) == MAX_POOL:
        return ""
    return f" under these rules with a d{die_sides(rules)}"


@dataclass(frozen=True)
class DoomStackQuery:
    """A pool of dice and, optionally, the TN it is rolled against, under a rule set."""

    pool: int
    tn: int | None = None
    #: How the pool was assembled when the notation gave attribute + skill + modifiers.
    assembled: Pool | None = field(default=None, compare=False)
    rules: RuleSet = PRINTED

    @property
    def notation(self) -> str:
        """The canonical form: ``4d6`` or ``4d6 vs TN 8`` (``… with die d8`` under a house rule)."""
        return self.roll_notation + self.rules.with_clause()

    @property
    def roll_notation(self) -> str:
        """The canonical form without the rule set: ``4d8 vs TN 8``."""
        return f"{self.pool}d{die_sides(self.rules)}" + (f" vs TN {self.tn}" if self.tn is not None else "")

    @property
    def title(self) -> str:
        """The canonical form with the difficulty's name when the TN is on the ladder."""
        rung = rung_for(self.rules, self.tn) if self.tn is not None else None
        return self.roll_notation + (f" ({rung.name})" if rung else "") + self.rules.with_clause()


def parse(text: str) -> DoomStackQuery:
    """Read a Doom Stack notation, with its rule set after ``with``; a ``RulesError`` with a
    caret for anything else."""
    check_length(text)
    roll_text, rules = read_with(BOOK, text)
    try:
        return _parse_roll(roll_text, rules)
    except RulesError as error:
        if error.notation != roll_text or roll_text == text:
            raise
        raise RulesError(
            error.message, notation=text, position=error.position, length=error.length, field=error.field
        ) from None


def _parse_roll(text: str, rules: RuleSet) -> DoomStackQuery:
    scanner = Scanner(text)
    if scanner.at_end():
        raise scanner.error("write a pool such as 4d6 or 4d6 vs TN 8", 0, 1)
    pool, start = scanner.integer("the number of dice, as in 4d6")
    pool_length = scanner.pos - start  # leading zeros included
    sign = _next_sign(scanner)
    if sign < 0:
        raise scanner.error(
            "a pool is attribute + skill (+ or - modifiers): the skill is added, as in 3+2d6", scanner.pos - 1, 1
        )
    assembled = _assembled(scanner, pool, start, rules) if sign else None
    die = die_sides(rules)
    if not scanner.accept("d"):
        raise scanner.error(
            f"expected d{die} after the number of dice, as in 4d{die}"
            if assembled is None
            else f"expected d{die} after attribute + skill + modifiers, as in 3+2+1d{die}"
        )
    if scanner.peek_int():
        sides, sides_at = scanner.integer(str(die))
        if sides != die:
            if rules["die"] == SIDES:
                message = (
                    f"Doom Stack rolls only six-sided dice: write d{SIDES} (another die is a house rule: "
                    f"end with 'with die d{sides if sides in (4, 8, 10, 12, 20) else 8}')"
                )
            else:
                message = f"these rules roll d{die} (the setting die): write d{die}, or change the setting"
            raise scanner.error(message, sides_at, len(str(sides)))
    if assembled is not None:
        pool = assembled.size
    else:
        limit = max_pool(rules)
        if pool > limit and limit < MAX_POOL:
            raise scanner.error(
                f"a pool of {pool}d{die} is too large to compute under these rules: with a d{die} "
                f"the engine computes up to {limit} dice",
                start,
                pool_length,
            )
        check_range(pool, 0, MAX_POOL, "the number of dice", scanner=scanner, position=start, length=pool_length)
    if scanner.at_end():
        return DoomStackQuery(pool, assembled=assembled, rules=rules)
    if not scanner.accept("vs"):
        raise scanner.error("expected 'vs TN …' after the pool")
    scanner.accept("TN")
    if scanner.peek_int():
        tn, at = scanner.integer("a TN")
        check_range(tn, 1, max_tn(rules), "the TN", scanner=scanner, position=at, length=scanner.pos - at)
    else:
        name, at = scanner.word()
        rung = rung_by_name(rules, name)
        if rung is None:
            names = ", ".join(r.name for r in DIFFICULTY_LADDER)
            raise scanner.error(f"expected a TN (a number) or a difficulty: {names}", at, max(1, len(name)))
        tn = rung.tn
    if not scanner.at_end():
        raise scanner.error("unexpected text after the TN")
    return DoomStackQuery(pool, tn, assembled, rules)


_SIGNS = {"+": 1, "-": -1, "\u2212": -1}


def _next_sign(scanner: Scanner) -> int:
    """+1 or -1 when a sign comes next (``-`` or ``\u2212`` for minus), else 0; consumes it."""
    scanner.skip_space()
    sign = _SIGNS.get(scanner.text[scanner.pos : scanner.pos + 1], 0)
    if sign:
        scanner.pos += 1
    return sign


def _assembled(scanner: Scanner, attribute: int, start: int, rules: RuleSet = PRINTED) -> Pool:
    """The pool ``ATTRIBUTE+SKILL[+MOD|-MOD]`` (the attribute read, the first sign taken)
    assembled with the roller's cap; every number checked where it stands."""
    check_range(attribute, 0, MAX_POOL, "the attribute", scanner=scanner, position=start, length=len(str(attribute)))
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
        check_range(
            modifiers,
            -MAX_POOL,
            MAX_POOL,
            "the modifiers",
            scanner=scanner,
            position=sign_at,
            length=scanner.pos - sign_at,
        )
    if _next_sign(scanner):
        raise scanner.error(
            "a pool is attribute + skill + modifiers: at most three numbers, as in 3+2+1d6", scanner.pos - 1, 1
        )
    try:
        return assemble_rules_pool(attribute, skill, modifiers, rules)
    except RulesError as error:
        raise scanner.error(error.message, start, scanner.pos - start) from None


def assemble_rules_pool(attribute: int, skill: int, modifiers: int, rules: RuleSet = PRINTED) -> Pool:
    """``assemble_pool`` with the rule set's modifier cap and pool limit (the printed rules:
    half of attribute + skill, rounded down, and 300 dice)."""
    if rules.is_printed:
        return assemble_pool(attribute, skill, modifiers)
    return assemble_pool(
        attribute,
        skill,
        modifiers,
        cap=cap_for(rules, attribute, skill),
        max_pool=max_pool(rules),
        limit_words=limit_words(rules),
    )


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
        raise RulesError(
            f"TN must be a number from 1 to {MAX_TN} or a difficulty from "
            f"{DIFFICULTY_LADDER[0].name} to {DIFFICULTY_LADDER[-1].name} (as the "
            f"suggestions list them), not {word[:40]}",
            field="TN",
        )
    return parse_whole_number(text, "TN", 1, MAX_TN)
