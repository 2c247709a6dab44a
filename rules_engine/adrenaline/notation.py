"""Adrenaline notation: one side, an extended roll, or an opposed roll, then options::

    6d10 vs 7                    a standard roll (vs may be left out: difficulty 6)
    6d10+2a vs 7                 two Adrenaline points spent (automatic successes)
    6d10 vs Challenging          a difficulty by its name
    damage 5d10                  a damage roll: always difficulty 6
    6d10 vs 7 until 10           extended: roll until 10 net successes in all
    6d10 vs 7 against 5d10 vs 6  opposed: each side its own pool and difficulty
    6d10 vs 7 with tens-twice, botch-if-none
                                 variants (see ``rules.OPTION_HELP``), and for
                                 extended rolls ``botch-wastes``, for opposed rolls
                                 ``botches-below-zero``

``d`` may be written for ``d10``; the dice are always ten-sided. The canonical form
writes every part explicitly, in this order: ``6d10+2a vs 7 against 5d10 vs 6 with …``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..core.errors import RulesError
from ..core.notation import Scanner, check_range, parse_whole_number
from .rules import (
    DAMAGE_DIFFICULTY,
    DEFAULT_DIFFICULTY,
    DIFFICULTY_NAMES,
    HIGHEST_DIFFICULTY,
    LOWEST_DIFFICULTY,
    MAX_ADRENALINE,
    MAX_DESIGNER_POOL,
    MAX_POOL,
    MAX_TARGET,
    OPTION_NAMES,
    SIDES,
    Options,
    difficulty_by_name,
    difficulty_name,
)

EXAMPLE = "6d10 vs 7"
#: Options that belong to one kind of roll: name → the kind.
KIND_OPTIONS = {"botch-wastes": "extended", "botches-below-zero": "opposed"}
ALL_OPTION_NAMES = (*OPTION_NAMES, *KIND_OPTIONS)
#: The notations ``--help`` and the page show, with what each means.
NOTATION_HELP = (
    "adrenaline notations: 6d10 vs 7 (vs left out: difficulty 6; d for d10); 6d10+2a vs 7 spends two "
    "Adrenaline points; damage 5d10 (always difficulty 6); extended: 6d10 vs 7 until 10 [with "
    "botch-wastes]; opposed: 6d10 vs 7 against 5d10 vs 6 [with botches-below-zero]; variants: "
    "with botch-if-none, tens-explode, tens-twice, no-cancel; pools past 10 dice (odds for designers, "
    f"up to {MAX_DESIGNER_POOL}): with designer"
)


@dataclass(frozen=True)
class Side:
    """One roller: a pool of d10 against a difficulty, with Adrenaline points spent."""

    pool: int
    difficulty: int = DEFAULT_DIFFICULTY
    spent: int = 0
    damage: bool = False

    @property
    def notation(self) -> str:
        """``damage 5d10 vs 6`` or ``6d10+2a vs 7``."""
        spent = f"+{self.spent}a" if self.spent else ""
        return ("damage " if self.damage else "") + f"{self.pool}d10{spent} vs {self.difficulty}"

    @property
    def title(self) -> str:
        """The canonical form with the difficulty's name: ``6d10 vs 7 (Challenging)``."""
        return f"{self.notation} ({difficulty_name(self.difficulty)})"


@dataclass(frozen=True)
class AdrenalineQuery:
    """A standard, extended (``target``) or opposed (``opponent``) roll and its options."""

    side: Side
    options: Options = Options()
    target: int | None = None  # extended: net successes to gather
    opponent: Side | None = None  # opposed: the other side
    botch_wastes: bool = False  # extended: a botch only wastes that roll
    botches_below_zero: bool = False  # opposed: a botch's negative net counts in the margin
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def kind(self) -> str:
        """``standard``, ``extended`` or ``opposed``."""
        if self.target is not None:
            return "extended"
        return "opposed" if self.opponent is not None else "standard"

    def option_words(self) -> list[str]:
        """The options as written in a notation, in a fixed order."""
        words = [name for name, attr in OPTION_NAMES.items() if getattr(self.options, attr)]
        if self.botch_wastes:
            words.append("botch-wastes")
        if self.botches_below_zero:
            words.append("botches-below-zero")
        return words

    @property
    def notation(self) -> str:
        """The canonical form."""
        text = self.side.notation
        if self.target is not None:
            text += f" until {self.target}"
        if self.opponent is not None:
            text += f" against {self.opponent.notation}"
        words = self.option_words()
        return text + (" with " + ", ".join(words) if words else "")


def _pool_refusal(pool: int, options: Options) -> str:
    if options.designer:
        return f"a pool of {pool} dice is too large: the designer option computes up to {MAX_DESIGNER_POOL}"
    return (f"a pool of {pool} dice is past the rules' cap of {MAX_POOL}: add 'with designer' for odds of "
            f"pools up to {MAX_DESIGNER_POOL}")


@dataclass(frozen=True)
class _Written:
    """A side as written, with where its parts stand (for errors found later)."""

    side: Side
    start: int
    pool_at: int
    pool_length: int
    spent_at: int | None
    spent_length: int


def _difficulty(scanner: Scanner) -> int:
    """A difficulty after ``vs``: a number 2–10 or a name (``Challenging``)."""
    if scanner.peek_int():
        value, at = scanner.integer("the difficulty")
        check_range(value, LOWEST_DIFFICULTY, HIGHEST_DIFFICULTY, "the difficulty", scanner=scanner,
                    position=at, length=scanner.pos - at)
        return value
    scanner.skip_space()
    at = scanner.pos
    rest = scanner.text[at:at + 40].lower()  # the longest name is 22 characters
    for value, name in sorted(DIFFICULTY_NAMES.items(), key=lambda item: -len(item[1])):
        for written in (name.lower(), name.lower().replace(" ", "-")):
            end = len(written)
            if rest.startswith(written) and not rest[end:end + 1].isalpha():
                scanner.pos = at + end
                return value
    names = ", ".join(DIFFICULTY_NAMES.values())
    raise scanner.error(f"expected a difficulty from {LOWEST_DIFFICULTY} to {HIGHEST_DIFFICULTY} or its name "
                        f"({names})")


def _spent(scanner: Scanner) -> tuple[int, int, int] | None:
    """``+2a``: (points, start, length), or None when no spend comes next."""
    scanner.skip_space()
    start = scanner.pos
    if not scanner.accept("+"):
        return None
    if not scanner.peek_int():
        raise scanner.error("expected Adrenaline points after +, as in +2a")
    points, at = scanner.integer("the Adrenaline points")
    if not scanner.accept("a"):
        raise scanner.error("expected a (Adrenaline points) after the number, as in +2a")
    check_range(points, 0, MAX_ADRENALINE, "the Adrenaline points spent (the pool runs 0–10)", scanner=scanner,
                position=at, length=scanner.pos - at - 1)
    return points, start, scanner.pos - start


def _side(scanner: Scanner) -> _Written:
    """One side: ``[damage] Nd10 [+Na] [vs D] [+Na]``."""
    scanner.skip_space()
    start = scanner.pos
    damage = scanner.accept("damage")
    if not scanner.peek_int():
        raise scanner.error(f"expected the number of dice, as in {EXAMPLE}")
    pool, pool_at = scanner.integer("the number of dice")
    pool_length = scanner.pos - pool_at
    if not scanner.accept("d"):
        raise scanner.error("expected d10 after the number of dice, as in 6d10")
    if scanner.pos < len(scanner.text) and scanner.text[scanner.pos].isdigit():
        sides, sides_at = scanner.integer("10")
        if sides != SIDES:
            raise scanner.error("the Adrenaline pool rolls ten-sided dice only: write d10 (or d)", sides_at,
                                scanner.pos - sides_at)
    spent = _spent(scanner)
    difficulty = DEFAULT_DIFFICULTY
    if scanner.accept("vs"):
        scanner.skip_space()
        vs_at = scanner.pos
        difficulty = _difficulty(scanner)
        if damage and difficulty != DAMAGE_DIFFICULTY:
            raise scanner.error(f"damage rolls are always difficulty {DAMAGE_DIFFICULTY}: leave out vs, or write "
                                f"vs {DAMAGE_DIFFICULTY}", vs_at, scanner.pos - vs_at)
        if spent is None:
            spent = _spent(scanner)
        elif scanner.accept("+"):
            raise scanner.error("Adrenaline points are given twice", scanner.pos - 1)
    points, spent_at, spent_length = spent if spent is not None else (0, None, 0)
    return _Written(Side(pool, difficulty, points, damage), start, pool_at, pool_length, spent_at, spent_length)


def _options(scanner: Scanner) -> dict[str, int]:
    """``with a, b c``: option name → where it was written."""
    found: dict[str, int] = {}
    while True:
        scanner.skip_space()
        at = scanner.pos
        rest = scanner.text[at:at + 30].lower()
        name = next((n for n in sorted(ALL_OPTION_NAMES, key=len, reverse=True)
                     if rest.startswith(n) and not rest[len(n):len(n) + 1].isalnum()
                     and rest[len(n):len(n) + 1] != "-"), None)
        if name is None:
            raise scanner.error("expected an option: " + ", ".join(ALL_OPTION_NAMES))
        if name in found:
            raise scanner.error(f"the option {name} is given twice", at, len(name))
        found[name] = at
        scanner.pos = at + len(name)
        if scanner.at_end():
            return found
        scanner.accept(",")


def placed(error: RulesError, text: str) -> RulesError:
    """A refusal about an extended roll's pool (``field`` attribute) or target (``field``
    target) raised past parsing, placed in the notation ``text``: the caret under the pool
    or under the number after ``until``. Any other error is returned as it is."""
    if error.position is not None or error.field not in ("attribute", "target"):
        return error
    spot = (re.search(r"\buntil\s+([+-]?[0-9]+)", text, re.IGNORECASE) if error.field == "target"
            else re.match(r"\s*([0-9]*d(?:10)?)", text, re.IGNORECASE))
    if spot is None:
        return error
    return RulesError(error.message, notation=text, position=spot.start(1), length=len(spot.group(1)))


def parse(text: str) -> AdrenalineQuery:
    """Read an Adrenaline notation; a ``RulesError`` with a caret for anything else."""
    scanner = Scanner(text)
    if scanner.at_end():
        raise scanner.error(f"write a roll such as {EXAMPLE}", 0, 1)
    first = _side(scanner)
    target: int | None = None
    target_at = 0
    second: _Written | None = None
    if scanner.accept("until"):
        if not scanner.peek_int():
            raise scanner.error("expected the net successes to gather, as in until 10")
        target, target_at = scanner.integer("the successes to gather")
        check_range(target, 1, MAX_TARGET, "an extended roll's target", scanner=scanner, position=target_at,
                    length=scanner.pos - target_at)
        if first.spent_at is not None:
            raise scanner.error("an extended roll takes many rolls: spend Adrenaline on single rolls only",
                                first.spent_at, first.spent_length)
        if scanner.accept("against"):
            raise scanner.error("a roll is either extended (until) or opposed (against), not both",
                                scanner.pos - len("against"), len("against"))
    elif scanner.accept("against"):
        second = _side(scanner)
        if scanner.accept("until"):
            raise scanner.error("a roll is either extended (until) or opposed (against), not both",
                                scanner.pos - len("until"), len("until"))
    found: dict[str, int] = {}
    if scanner.accept("with"):
        if scanner.at_end():
            raise scanner.error("expected an option after with: " + ", ".join(ALL_OPTION_NAMES))
        found = _options(scanner)
    if not scanner.at_end():
        expected = "with an option" if found else "until N, against …, or with an option"
        raise scanner.error(f"unexpected text here: expected {expected}")
    kind = "extended" if target is not None else ("opposed" if second is not None else "standard")
    for name, at in found.items():
        needed = KIND_OPTIONS.get(name)
        if needed is not None and needed != kind:
            raise scanner.error(f"{name} is an option for {needed} rolls only", at, len(name))
    options = Options(**{attr: name in found for name, attr in OPTION_NAMES.items()})
    if options.tens_explode and kind == "extended":
        at = found["tens-explode"]
        raise scanner.error("tens-explode is for single and opposed rolls: an extended roll would pile up the "
                            "mass each roll's explosions leave out", at, len("tens-explode"))
    for written in (first, second):
        if written is not None and written.side.pool > options.max_pool:
            raise scanner.error(_pool_refusal(written.side.pool, options), written.pool_at, written.pool_length)
    return AdrenalineQuery(first.side, options, target, second.side if second else None,
                           "botch-wastes" in found, "botches-below-zero" in found)


# --- the widget's fields --------------------------------------------------------------------
#: The roller's fields, in the order the engine checks them.
FIELDS = ("attribute", "ability", "difficulty", "adrenaline")


def side_from_fields(attribute: str, ability: str, difficulty: str, adrenaline: str, *,
                     designer: bool = False, prefix: str = "") -> Side:
    """A side from the widget's text fields (an error names its field, ``prefix`` first):
    pool = attribute + ability (ability may be blank), difficulty blank = 6, points blank = 0."""
    limit = MAX_DESIGNER_POOL if designer else MAX_POOL
    first = parse_whole_number(attribute, prefix + "attribute", 0, limit)
    second = parse_whole_number(ability, prefix + "ability", 0, limit) if ability.strip() else 0
    if first + second > limit:
        raise RulesError(f"attribute + ability make {first + second} dice: "
                         + _pool_refusal(first + second, Options(designer=designer)), field=prefix + "ability")
    text = difficulty.strip()
    level = difficulty_by_name(text) if text and not text[0].isdigit() else None
    if level is None and text and not re.fullmatch(r"[+\u2212-]?[0-9]+", text):
        names = ", ".join(DIFFICULTY_NAMES.values())
        raise RulesError(f"{prefix}difficulty must be a number from {LOWEST_DIFFICULTY} to {HIGHEST_DIFFICULTY} "
                         f"or a name on the ladder ({names}), not {text[:40]!r}", field=prefix + "difficulty")
    if level is None:
        level = parse_whole_number(text, prefix + "difficulty", LOWEST_DIFFICULTY, HIGHEST_DIFFICULTY) \
            if text else DEFAULT_DIFFICULTY
    points = parse_whole_number(adrenaline, prefix + "adrenaline", 0, MAX_ADRENALINE) if adrenaline.strip() else 0
    return Side(first + second, level, points)


def with_options(query: AdrenalineQuery, names: list[str]) -> AdrenalineQuery:
    """``query`` with the variant options ``names`` switched on (unknown names refused)."""
    chosen = {}
    for name in names:
        if name not in OPTION_NAMES:
            raise RulesError(f"unknown option {name!r}: the options are " + ", ".join(OPTION_NAMES), field="options")
        chosen[OPTION_NAMES[name]] = True
    return replace(query, options=replace(query.options, **chosen))
