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
    6d12 vs 9 with die d12, ones nothing
                                 house rules: the settings of ``house_rules.BOOK``

``d`` may be written for the die (``d10`` by the printed rules). The with clause holds the
variant words, the kind words and the house-rule settings (``name value``) in any order,
between commas; a variant word is a name for settings (``tens-twice`` is ``top-counts
twice``), and giving a setting twice, or a die after ``d`` other than the rule set's, is an
error. The canonical form writes every part explicitly, in this order: ``6d10+2a vs 7
against 5d10 vs 6 with …``, the with clause in variant words when they say the whole rule
set (as before house rules), else the kind words and then the rule set's written form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..core.errors import RulesError
from ..core.notation import Scanner, check_length, check_range, parse_whole_number
from ..core.rule_set import RuleSet, split_with
from .house_rules import BOOK, DICE, in_variant_words, mechanics, options_of, rules_of
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
    Mechanics,
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
    f"up to {MAX_DESIGNER_POOL}): with designer; house rules, in the same with clause or --rules: "
    "with die d12, ones nothing (settings below; the variant words are names for them: tens-twice is "
    "top-counts twice, tens-explode top-explodes yes, botch-if-none botch no-success, no-cancel ones "
    f"nothing and botch no-success, designer pool-cap {MAX_DESIGNER_POOL})"
)


@dataclass(frozen=True)
class Side:
    """One roller: a pool of d10 against a difficulty, with Adrenaline points spent."""

    pool: int
    difficulty: int = DEFAULT_DIFFICULTY
    spent: int = 0
    damage: bool = False
    sides: int = SIDES  # the die (a house rule may change it)

    @property
    def notation(self) -> str:
        """``damage 5d10 vs 6`` or ``6d10+2a vs 7``."""
        spent = f"+{self.spent}a" if self.spent else ""
        return ("damage " if self.damage else "") + f"{self.pool}d{self.sides}{spent} vs {self.difficulty}"

    @property
    def title(self) -> str:
        """The canonical form with the difficulty's name: ``6d10 vs 7 (Challenging)``."""
        return f"{self.notation} ({difficulty_name(self.difficulty)})"


@dataclass(frozen=True)
class AdrenalineQuery:
    """A standard, extended (``target``) or opposed (``opponent``) roll and its rules.

    ``rules`` is the rule set (``house_rules.BOOK``); ``options`` the variant words that
    hold in it. Given only ``options`` (the rule set left printed), the rule set is what
    those words stand for; either way ``options`` is then read back from the rule set.
    """

    side: Side
    options: Options = Options()
    target: int | None = None  # extended: net successes to gather
    opponent: Side | None = None  # opposed: the other side
    botch_wastes: bool = False  # extended: a botch only wastes that roll
    botches_below_zero: bool = False  # opposed: a botch's negative net counts in the margin
    notes: tuple[str, ...] = field(default=(), compare=False)
    rules: RuleSet = BOOK.printed

    def __post_init__(self) -> None:
        if self.rules.is_printed and self.options != Options():
            object.__setattr__(self, "rules", rules_of(self.options))
        object.__setattr__(self, "options", options_of(self.rules))

    @property
    def mechanics(self) -> Mechanics:
        """What the engine reads of the rule set."""
        return mechanics(self.rules)

    @property
    def kind(self) -> str:
        """``standard``, ``extended`` or ``opposed``."""
        if self.target is not None:
            return "extended"
        return "opposed" if self.opponent is not None else "standard"

    def kind_words(self) -> list[str]:
        """``botch-wastes`` and ``botches-below-zero`` when they are on."""
        return [
            word
            for word, on in (("botch-wastes", self.botch_wastes), ("botches-below-zero", self.botches_below_zero))
            if on
        ]

    def option_words(self) -> list[str]:
        """The variant words that hold in the rule set and the kind words, in a fixed order."""
        words = [name for name, attr in OPTION_NAMES.items() if getattr(self.options, attr)]
        return words + self.kind_words()

    def with_words(self) -> list[str]:
        """What the canonical form writes after ``with``: the variant and kind words when the
        variant words say the whole rule set, else the kind words and the rule set's written form."""
        if in_variant_words(self.rules):
            return self.option_words()
        return [*self.kind_words(), self.rules.written]

    @property
    def notation(self) -> str:
        """The canonical form."""
        text = self.side.notation
        if self.target is not None:
            text += f" until {self.target}"
        if self.opponent is not None:
            text += f" against {self.opponent.notation}"
        words = self.with_words()
        return text + (" with " + ", ".join(words) if words else "")


def _pool_refusal(pool: int, options: Options | Mechanics) -> str:
    cap = options.mechanics.max_pool
    if cap == MAX_DESIGNER_POOL:
        return f"a pool of {pool} dice is too large: the designer option computes up to {MAX_DESIGNER_POOL}"
    if cap == MAX_POOL:
        return (
            f"a pool of {pool} dice is past the rules' cap of {MAX_POOL}: add 'with designer' for odds of "
            f"pools up to {MAX_DESIGNER_POOL}"
        )
    return (
        f"a pool of {pool} dice is past this rule set's cap of {cap} (pool-cap {cap}; the engine computes "
        f"pools up to {MAX_DESIGNER_POOL})"
    )


@dataclass(frozen=True)
class _Written:
    """A side as written, with where its parts stand (for errors found later)."""

    side: Side
    start: int
    pool_at: int
    pool_length: int
    spent_at: int | None
    spent_length: int


def _difficulty(scanner: Scanner, sides: int = SIDES) -> int:
    """A difficulty after ``vs``: a number 2–10 or a name (``Challenging``); on a house
    rule's die, 2 to its top face (the names up to it)."""
    if scanner.peek_int():
        value, at = scanner.integer("the difficulty")
        check_range(
            value, LOWEST_DIFFICULTY, sides, "the difficulty", scanner=scanner, position=at, length=scanner.pos - at
        )
        return value
    scanner.skip_space()
    at = scanner.pos
    rest = scanner.text[at : at + 40].lower()  # the longest name is 22 characters
    ladder = {d: n for d, n in DIFFICULTY_NAMES.items() if d <= sides}
    for value, name in sorted(ladder.items(), key=lambda item: -len(item[1])):
        for written in (name.lower(), name.lower().replace(" ", "-")):
            end = len(written)
            if rest.startswith(written) and not rest[end : end + 1].isalpha():
                scanner.pos = at + end
                return value
    names = ", ".join(ladder.values())
    raise scanner.error(f"expected a difficulty from {LOWEST_DIFFICULTY} to {sides} or its name ({names})")


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
    check_range(
        points,
        0,
        MAX_ADRENALINE,
        "the Adrenaline points spent (the pool runs 0–10)",
        scanner=scanner,
        position=at,
        length=scanner.pos - at - 1,
    )
    return points, start, scanner.pos - start


def _side(scanner: Scanner, m: Mechanics = Mechanics(), default: int = DEFAULT_DIFFICULTY) -> _Written:
    """One side: ``[damage] Nd10 [+Na] [vs D] [+Na]`` (the die and the difficulty left out
    as the rule set ``m`` has them)."""
    scanner.skip_space()
    start = scanner.pos
    damage = scanner.accept("damage")
    damage_at = start
    if not scanner.peek_int():
        raise scanner.error(f"expected the number of dice, as in {EXAMPLE}")
    pool, pool_at = scanner.integer("the number of dice")
    pool_length = scanner.pos - pool_at
    if not scanner.accept("d"):
        raise scanner.error(f"expected d{m.sides} after the number of dice, as in 6d{m.sides}")
    if scanner.pos < len(scanner.text) and scanner.text[scanner.pos].isdigit():
        sides, sides_at = scanner.integer(str(m.sides))
        if sides != m.sides:
            length = scanner.pos - sides_at
            if m.sides == SIDES:
                hint = f", or set the die: with die d{sides}" if sides in DICE else ""
                raise scanner.error(
                    f"the Adrenaline pool rolls ten-sided dice only: write d10 (or d){hint}", sides_at, length
                )
            raise scanner.error(
                f"this rule set rolls d{m.sides} (die d{m.sides}): write d{m.sides} (or d)", sides_at, length
            )
    if damage and m.sides < DAMAGE_DIFFICULTY:
        raise scanner.error(
            f"damage rolls are always difficulty {DAMAGE_DIFFICULTY}, past the faces of the rule set's d{m.sides}",
            damage_at,
            len("damage"),
        )
    spent = _spent(scanner)
    difficulty = DAMAGE_DIFFICULTY if damage else default
    if scanner.accept("vs"):
        scanner.skip_space()
        vs_at = scanner.pos
        difficulty = _difficulty(scanner, m.sides)
        if damage and difficulty != DAMAGE_DIFFICULTY:
            raise scanner.error(
                f"damage rolls are always difficulty {DAMAGE_DIFFICULTY}: leave out vs, or write "
                f"vs {DAMAGE_DIFFICULTY}",
                vs_at,
                scanner.pos - vs_at,
            )
        if spent is None:
            spent = _spent(scanner)
        elif scanner.accept("+"):
            raise scanner.error("Adrenaline points are given twice", scanner.pos - 1)
    points, spent_at, spent_length = spent if spent is not None else (0, None, 0)
    return _Written(
        Side(pool, difficulty, points, damage, m.sides), start, pool_at, pool_length, spent_at, spent_length
    )


@dataclass(frozen=True)
class _Clause:
    """A with clause as read: the words found (name → where), the rule set, and where each
    setting was given (for a conflict's caret)."""

    words: dict[str, int]
    rules: RuleSet
    spots: dict[str, tuple[int, int]]


def _clause(scanner: Scanner) -> _Clause:
    """``with a, b c, die d12``: variant and kind words (commas or spaces between them) and
    settings (``name value``, ended by a comma). A variant word sets the settings it stands
    for; a setting given twice is an error, except by two variant words that agree on it
    (``botch-if-none, no-cancel``: both set ``botch no-success``)."""
    found: dict[str, int] = {}
    chosen: dict[str, tuple[object, str | None]] = {}
    spots: dict[str, tuple[int, int]] = {}
    names = [s.name for s in BOOK.settings]

    def choose(name: str, value: object, by: str | None, at: int, length: int) -> None:
        if name in chosen:
            earlier_value, earlier_by = chosen[name]
            if not (by and earlier_by and earlier_value == value):
                raise scanner.error(
                    f"the setting {name} is given twice" + (f" ({by} sets it)" if by else ""), at, length
                )
        chosen[name] = (value, by)
        spots[name] = (at, length)

    while True:
        scanner.skip_space()
        at = scanner.pos
        rest = scanner.text[at : at + 30].lower()
        word = next(
            (
                n
                for n in sorted(ALL_OPTION_NAMES, key=len, reverse=True)
                if rest.startswith(n) and not rest[len(n) : len(n) + 1].isalnum() and rest[len(n) : len(n) + 1] != "-"
            ),
            None,
        )
        setting = next(
            (
                n
                for n in sorted(names, key=len, reverse=True)
                if rest.startswith(n) and (rest[len(n) : len(n) + 1] in ("", ",") or rest[len(n)].isspace())
            ),
            None,
        )
        if word is not None:
            if word in found:
                raise scanner.error(f"the option {word} is given twice", at, len(word))
            found[word] = at
            scanner.pos = at + len(word)
            for name, written in BOOK.aliases.get(word, ()):
                choose(name, BOOK.setting(name).value_of(written), word, at, len(word))
        elif setting is not None:
            comma = scanner.text.find(",", at)
            end = len(scanner.text) if comma < 0 else comma
            value = scanner.text[at + len(setting) : end]
            value_at = at + len(setting) + len(value) - len(value.lstrip())
            if not value.strip():
                raise scanner.error(f"{setting} needs a value: {BOOK.setting(setting).allowed}", at, len(setting))
            try:
                read = BOOK.setting(setting).value_of(value)
            except RulesError as refusal:
                raise scanner.error(refusal.message, value_at, len(value.strip())) from None
            choose(setting, read, None, at, len(scanner.text[at:end].rstrip()))
            scanner.pos = end
        else:
            raise scanner.error(
                "expected an option: " + ", ".join(ALL_OPTION_NAMES) + "; or a setting: " + BOOK.names()
            )
        if scanner.at_end():
            break
        scanner.accept(",")
    values = {name: value for name, (value, _) in chosen.items()}
    rules = RuleSet(BOOK, tuple(values.get(s.name, s.default) for s in BOOK.settings))
    conflict = BOOK.check(rules) if BOOK.check else None
    if conflict is not None:
        at, length = max(spots[n] for n in conflict.settings if n in spots)
        raise scanner.error(conflict.message, at, length)
    return _Clause(found, rules, spots)


def placed(error: RulesError, text: str) -> RulesError:
    """A refusal about an extended roll's pool (``field`` attribute) or target (``field``
    target) raised past parsing, placed in the notation ``text``: the caret under the pool
    or under the number after ``until``. Any other error is returned as it is."""
    if error.position is not None or error.field not in ("attribute", "target"):
        return error
    spot = (
        re.search(r"\buntil\s+([+-]?[0-9]+)", text, re.IGNORECASE)
        if error.field == "target"
        else re.match(r"\s*([0-9]*d(?:10)?)", text, re.IGNORECASE)
    )
    if spot is None:
        return error
    return RulesError(error.message, notation=text, position=spot.start(1), length=len(spot.group(1)))


def _scanner(text: str) -> Scanner:
    """A scanner over a whole notation, with clause and all (its length checked already)."""
    scanner = Scanner("")
    scanner.text = text
    return scanner


def parse(text: str) -> AdrenalineQuery:
    """Read an Adrenaline notation; a ``RulesError`` with a caret for anything else.

    The with clause is read first (its rule set says the die, the difficulty left out and
    the pool cap), then the roll before it."""
    check_length(text)
    head, with_at = split_with(text)
    clause = _Clause({}, BOOK.printed, {})
    if with_at is not None:
        scanner = _scanner(text)
        scanner.pos = with_at
        if scanner.at_end():
            raise scanner.error(
                "expected an option after with: " + ", ".join(ALL_OPTION_NAMES) + "; or a setting: " + BOOK.names()
            )
        clause = _clause(scanner)
    found, rules = clause.words, clause.rules
    m = mechanics(rules)
    roll_part = text if with_at is None else text[: with_at - len("with")]
    try:
        query, spots = _roll(roll_part, m, rules)
    except RulesError as error:
        if error.notation == roll_part and roll_part != text:
            raise RulesError(
                error.message, notation=text, position=error.position, length=error.length, field=error.field
            ) from None
        raise
    kind = query.kind
    scanner = _scanner(text)
    for name, at in found.items():
        needed = KIND_OPTIONS.get(name)
        if needed is not None and needed != kind:
            raise scanner.error(f"{name} is an option for {needed} rolls only", at, len(name))
    if m.explode and kind == "extended":
        word = "tens-explode" if "tens-explode" in found else None
        at, length = (found["tens-explode"], len("tens-explode")) if word else clause.spots["top-explodes"]
        what = "tens-explode" if word else "top-explodes yes"
        raise scanner.error(
            f"{what} is for single and opposed rolls: an extended roll would pile up the "
            "mass each roll's explosions leave out",
            at,
            length,
        )
    for written in spots:
        if written.side.pool > m.max_pool:
            raise scanner.error(_pool_refusal(written.side.pool, m), written.pool_at, written.pool_length)
    return replace(query, botch_wastes="botch-wastes" in found, botches_below_zero="botches-below-zero" in found)


def _roll(text: str, m: Mechanics, rules: RuleSet) -> tuple[AdrenalineQuery, list[_Written]]:
    """The roll before the with clause, under the rule set ``rules`` (``m`` its mechanics)."""
    scanner = Scanner(text)
    if scanner.at_end():
        raise scanner.error(f"write a roll such as {EXAMPLE}", 0, 1)
    first = _side(scanner, m, rules["difficulty"])
    target: int | None = None
    target_at = 0
    second: _Written | None = None
    if scanner.accept("until"):
        if not scanner.peek_int():
            raise scanner.error("expected the net successes to gather, as in until 10")
        target, target_at = scanner.integer("the successes to gather")
        check_range(
            target,
            1,
            MAX_TARGET,
            "an extended roll's target",
            scanner=scanner,
            position=target_at,
            length=scanner.pos - target_at,
        )
        if first.spent_at is not None:
            raise scanner.error(
                "an extended roll takes many rolls: spend Adrenaline on single rolls only",
                first.spent_at,
                first.spent_length,
            )
        if scanner.accept("against"):
            raise scanner.error(
                "a roll is either extended (until) or opposed (against), not both",
                scanner.pos - len("against"),
                len("against"),
            )
    elif scanner.accept("against"):
        second = _side(scanner, m, rules["difficulty"])
        if scanner.accept("until"):
            raise scanner.error(
                "a roll is either extended (until) or opposed (against), not both",
                scanner.pos - len("until"),
                len("until"),
            )
    if not scanner.at_end():
        raise scanner.error("unexpected text here: expected until N, against …, or with an option")
    query = AdrenalineQuery(first.side, target=target, opponent=second.side if second else None, rules=rules)
    return query, [w for w in (first, second) if w is not None]


# --- the widget's fields --------------------------------------------------------------------
#: The roller's fields, in the order the engine checks them.
FIELDS = ("attribute", "ability", "difficulty", "adrenaline")


def side_from_fields(
    attribute: str, ability: str, difficulty: str, adrenaline: str, *, designer: bool = False, prefix: str = ""
) -> Side:
    """A side from the widget's text fields (an error names its field, ``prefix`` first):
    pool = attribute + ability (ability may be blank), difficulty blank = 6, points blank = 0."""
    limit = MAX_DESIGNER_POOL if designer else MAX_POOL
    first = parse_whole_number(attribute, prefix + "attribute", 0, limit)
    second = parse_whole_number(ability, prefix + "ability", 0, limit) if ability.strip() else 0
    if first + second > limit:
        raise RulesError(
            f"attribute + ability make {first + second} dice: "
            + _pool_refusal(first + second, Options(designer=designer)),
            field=prefix + "ability",
        )
    text = difficulty.strip()
    level = difficulty_by_name(text) if text and not text[0].isdigit() else None
    if level is None and text and not re.fullmatch(r"[+\u2212-]?[0-9]+", text):
        names = ", ".join(DIFFICULTY_NAMES.values())
        raise RulesError(
            f"{prefix}difficulty must be a number from {LOWEST_DIFFICULTY} to {HIGHEST_DIFFICULTY} "
            f"or a name on the ladder ({names}), not {text[:40]!r}",
            field=prefix + "difficulty",
        )
    if level is None:
        level = (
            parse_whole_number(text, prefix + "difficulty", LOWEST_DIFFICULTY, HIGHEST_DIFFICULTY)
            if text
            else DEFAULT_DIFFICULTY
        )
    points = parse_whole_number(adrenaline, prefix + "adrenaline", 0, MAX_ADRENALINE) if adrenaline.strip() else 0
    return Side(first + second, level, points)
