"""dice & danger notation.

A roll is a list of terms, then (or anywhere among them) ``vs DC n``::

    3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b
    save 3d+1b vs DC 4
    1d+2p                      (no DC: read the kept die's face, as for an attribute)

Terms: ``Nd`` base dice (``-Nd`` removes dice), ``+Nb`` bonus dice, ``+Np`` or ``-Np``
penalty dice, ``+Nh``/``-Nh`` added or removed hits; a sign may be left out (it is +).
Everything after an ``&`` is written by the other side: their bonus dice count as the
roller's penalty dice and their penalty dice as its bonus dice; their ``d`` and ``h``
terms count as written. A leading ``save`` marks a save (``damage``, the default, may be
written too). ``d6`` may be written for ``d``; the dice are six-sided unless a rule set changes the die.

The canonical form writes, in this order: ``save`` when it is one, the base dice, what
is left of bonus (``+Nb``) or penalty (``-Np``) dice after cancelling, the net added or
removed hits (``+Nh``/``-Nh``), then ``vs DC n`` with the DC held to 2–6:
``save 3d+1b-1h vs DC 4``.

A rule set follows a final ``with`` (``3d vs DC 3 with die d8, crit 7``; ``house_rules.py``
lists the settings). Where the notation has its own words for a setting they must agree:
``3d8`` is allowed only when the rule set's die is a d8 (``d`` always means the rule set's die),
and a DC is held to the rule set's ``dc-range``. Under ``cancel no`` the canonical form
writes both kinds (``3d+2b-1p``). It ends with the rule set's ``with`` clause (nothing for
the printed rules).

Rulings:

- A DC outside 2–6 becomes extra or fewer dice (RULINGS.md), and the canonical form shows
  the result: ``4d vs DC 8`` is ``2d vs DC 6`` and ``4d vs DC 0`` is ``6d vs DC 2``.
- A pool left with 0 or fewer base dice rolls nothing: dice are danger, and with none
  there is none, so it scores 0 hits from dice; added hits still count and removed hits
  have nothing to remove. Bonus and penalty dice only ever stand in for base dice, so
  they are not rolled either. The canonical form writes such a pool as ``0d``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ..core.errors import RulesError
from ..core.notation import MAX_NOTATION_LENGTH, Scanner, check_range
from ..core.rule_set import RuleSet, read_with
from . import house_rules
from .house_rules import BOOK, PRINTED
from .rules import MAX_DICE, MAX_EXTRA, MAX_HITS, MAX_TERM, SIDES, Terms

EXAMPLE = "4d-1p vs DC 3"
NOTATION_HELP = (
    "[save] Nd [+Nd] [+Nb] [+Np] [+Nh] [& THE OTHER SIDE'S TERMS] [vs DC n] [with RULES], "
    'e.g. "4d-1p vs DC 3"; without a DC, 1d+2p reads one die\'s face; RULES are the settings '
    'below as name value pairs between commas, e.g. "3d vs DC 3 with die d8, crit 7"'
)
_UNITS = ("d", "b", "p", "h")


@dataclass(frozen=True)
class DiceAndDangerQuery:
    """A roll after every term has been counted and bonus and penalty dice cancelled."""

    dice: int  # base dice to keep (0 or more)
    extra: int = 0  # bonus dice (> 0) or penalty dice (< 0) left after cancelling
    hits: int = 0  # added (> 0) or removed (< 0) hits
    dc: int | None = None  # 2–6, or None: read the kept die's face
    save: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)  # how the notation was read
    rules: RuleSet = PRINTED  # the rule set it is rolled under (``house_rules.BOOK``)
    #: bonus and penalty dice rolled in pairs rather than cancelled (``cancel no``): so many
    #: of each beside what ``extra`` leaves
    paired: int = 0

    @property
    def bonus(self) -> int:
        return max(self.extra, 0) + self.paired

    @property
    def penalty(self) -> int:
        return max(-self.extra, 0) + self.paired

    @property
    def rolled(self) -> int:
        """Dice rolled: base dice and the extra ones (none when there is no base die)."""
        return self.dice + self.bonus + self.penalty if self.dice else 0

    @property
    def drops_highest(self) -> bool:
        """Whether the extra dice drop the highest dice (else the lowest)."""
        return house_rules.drops_highest(self.rules, self.extra, save=self.save)

    @property
    def low_drops(self) -> int:
        """How many of the rolled dice, counted from the lowest, are dropped (the rest of the
        dropped dice are the highest)."""
        bonus_low = not house_rules.drops_highest(self.rules, 1, save=self.save)
        penalty_low = not house_rules.drops_highest(self.rules, -1, save=self.save)
        return (self.bonus if bonus_low else 0) + (self.penalty if penalty_low else 0) if self.dice else 0

    @property
    def kind(self) -> str:
        """``save``, ``damage roll``, or ``face roll`` (no DC: the kept die's face is read)."""
        if self.save:
            return "save"
        return "damage roll" if self.dc is not None else "face roll"

    @property
    def notation(self) -> str:
        """The canonical form, e.g. ``4d-1p vs DC 3`` or ``save 3d+1b-1h vs DC 4``."""
        text = ("save " if self.save else "") + f"{self.dice}d"
        if self.paired:
            text += f"+{self.bonus}b-{self.penalty}p"
        elif self.extra:
            text += f"+{self.bonus}b" if self.extra > 0 else f"-{self.penalty}p"
        if self.hits:
            text += f"{self.hits:+d}h"
        return text + (f" vs DC {self.dc}" if self.dc is not None else "") + self.rules.with_clause()

    @property
    def sides(self) -> int:
        """The faces of every die rolled (the rule set's die)."""
        return int(self.rules["die"])


def _dice(n: int, kind: str = "") -> str:
    """``1 die``, ``3 bonus dice`` …"""
    return f"{n} " + (kind + " " if kind else "") + ("die" if n == 1 else "dice")


def build_query(
    own: Terms,
    dc: int | None = None,
    *,
    save: bool = False,
    other: Terms = Terms(),
    notation: str | None = None,
    rules: RuleSet = PRINTED,
) -> DiceAndDangerQuery:
    """The query for a roller's terms, the other side's terms and a DC, as written
    (the DC may be outside the rule set's range, 2–6 as printed). A ``RulesError`` when the
    pool is past the limits."""
    notes: list[str] = []
    if other.bonus or other.penalty:
        pairs = ((other.bonus, "bonus", "penalty"), (other.penalty, "penalty", "bonus"))
        swapped = [
            f"{_dice(n, kind)} {'counts' if n == 1 else 'count'} as {_dice(n, opposite)} for the roller"
            for n, kind, opposite in pairs
            if n
        ]
        notes.append("the other side's " + " and ".join(swapped))
    terms = own + other.from_other_side()
    cancel = rules["cancel"] == "yes"
    if terms.bonus and terms.penalty and not cancel:
        notes.append(
            f"{_dice(terms.bonus, 'bonus')} and {_dice(terms.penalty, 'penalty')} are all rolled: they do not cancel"
        )
    elif terms.bonus and terms.penalty:
        left = terms.extra
        rest = f"+{left}b" if left > 0 else (f"{left}p" if left < 0 else "none left")
        notes.append(f"{_dice(terms.bonus, 'bonus')} and {_dice(terms.penalty, 'penalty')} cancel: {rest}")
    dice = terms.dice
    if dc is not None:
        clamped, more = house_rules.clamp_dc(rules, dc)
        low, high = house_rules.dc_bounds(rules)
        if more:
            side = f"below {low}" if dc < low else f"above {high}"
            change = (
                f"{more} more {'die' if more == 1 else 'dice'}"
                if more > 0
                else f"{-more} fewer {'die' if more == -1 else 'dice'}"
            )
            notes.append(f"DC {dc} is {side}: vs DC {clamped} with {change}")
        elif clamped != dc:
            notes.append(f"DC {dc} is {'below' if dc < low else 'above'} the range {low}-{high}: vs DC {clamped}")
        dc, dice = clamped, dice + more
    if dice < 0 or (dice == 0 and terms.extra):
        leaves = "no base dice" if dice == 0 else f"{dice} base dice"
        notes.append(f"the terms leave {leaves}: nothing is rolled, so 0 hits from dice")
    dice = max(dice, 0)
    extra = terms.extra if dice else 0
    paired = min(terms.bonus, terms.penalty) if dice and not cancel else 0
    if dice > MAX_DICE or abs(extra) + 2 * paired > MAX_EXTRA:
        raise RulesError(_pool_message(dice, abs(extra) + 2 * paired), notation=notation)
    if abs(terms.hits) > MAX_HITS:
        raise RulesError(_hits_message(terms.hits), notation=notation)
    return DiceAndDangerQuery(dice, extra, terms.hits, dc, save, tuple(notes), rules, paired)


def _pool_message(dice: int, extra: int) -> str:
    """Why a pool of ``dice`` base dice and ``extra`` bonus (or penalty) dice is refused."""
    return (
        f"a pool of {_dice(dice, 'base')} and {_dice(abs(extra), 'bonus or penalty')} is too large: the "
        f"engine computes up to {MAX_DICE} base dice and {MAX_EXTRA} bonus or penalty dice"
    )


def _hits_message(hits: int) -> str:
    """Why ``hits`` added (> 0) or removed (< 0) hits in all are refused."""
    return (
        f"the {'added' if hits > 0 else 'removed'} hits come to {abs(hits)} in all: the engine "
        f"computes up to {MAX_HITS} added or removed hits"
    )


@dataclass(frozen=True)
class _Step:
    """One written part of a notation as it counts for the roller: a term (the other
    side's already swapped) or the DC's extra or fewer dice, and where it is written."""

    position: int
    length: int
    terms: Terms


def _crossing(steps: list[_Step], amount: Callable[[Terms], int], limit: int) -> _Step | None:
    """The step after which the running total of ``amount`` last went past ``limit`` (read
    left to right), when the total ends past it; else ``None``."""
    total, culprit = 0, None
    for step in steps:
        before, total = total, total + amount(step.terms)
        if total > limit >= before:
            culprit = step
    return culprit if total > limit else None


def _check_totals(steps: list[_Step], scanner: Scanner, rules: RuleSet = PRINTED) -> None:
    """A ``RulesError`` at the term that takes a total past its limit: base dice (with the
    DC's), bonus or penalty dice left after cancelling (when any base die is rolled), and
    added or removed hits. Every total that sets how much work the odds are is bounded."""
    total = sum((step.terms for step in steps), Terms())
    dice = max(total.dice, 0)
    extra = total.extra if dice else 0
    if rules["cancel"] == "no":  # every bonus and penalty die is rolled
        extra = total.bonus + total.penalty if dice else 0
    checks: list[tuple[Callable[[Terms], int], int, str] | None] = [
        (lambda t: t.dice, MAX_DICE, _pool_message(dice, extra)),
        (lambda t: t.bonus + t.penalty, MAX_EXTRA, _pool_message(dice, extra))
        if dice and rules["cancel"] == "no"
        else None,
        (lambda t: t.extra, MAX_EXTRA, _pool_message(dice, extra)) if dice else None,
        (lambda t: -t.extra, MAX_EXTRA, _pool_message(dice, extra)) if dice else None,
        (lambda t: t.hits, MAX_HITS, _hits_message(total.hits)),
        (lambda t: -t.hits, MAX_HITS, _hits_message(total.hits)),
    ]
    for check in checks:
        if check is None:
            continue
        amount, limit, message = check
        step = _crossing(steps, amount, limit)
        if step is not None:
            raise scanner.error(message, step.position, step.length)


def parse(text: str) -> DiceAndDangerQuery:
    """Read a dice & danger notation; a ``RulesError`` with a caret for anything else.

    Ruling: a written ``save`` or ``damage`` counts hits, so it needs ``vs DC n``; without
    a DC the notation reads one die's face (``1d+2p``, attribute generation), which is
    neither."""
    text = text.replace("\u2212", "-")  # a typographic minus is a minus
    roll_text, rules = read_with(BOOK, text)
    try:
        return _parse(roll_text, rules)
    except RulesError as error:
        if error.notation is None or error.notation == text:
            raise
        raise RulesError(
            error.message, notation=text, position=error.position, length=error.length, field=error.field
        ) from None


def _parse(text: str, rules: RuleSet) -> DiceAndDangerQuery:
    """Read the roll before any ``with`` clause under ``rules``."""
    scanner = Scanner(text)
    if scanner.at_end():
        raise scanner.error(f"write a roll such as {EXAMPLE}", 0, 1)
    scanner.skip_space()
    kind_at = scanner.pos
    save = scanner.accept("save")
    kind_word = "save" if save else ("damage" if scanner.accept("damage") else None)
    own, other = Terms(), Terms()
    steps: list[_Step] = []
    side_is_other = False
    dc: int | None = None
    first_hits_at: int | None = None
    while not scanner.at_end():
        start = scanner.pos
        if scanner.accept("&"):
            side_is_other = True
            if scanner.at_end() or _at_dc(scanner):
                raise scanner.error("expected the other side's dice after &, as in & +2b")
            continue
        if _at_dc(scanner):
            scanner.accept("vs")
            scanner.accept("DC")
            if dc is not None:
                raise scanner.error("the DC is given twice", start, scanner.pos - start)
            if not scanner.peek_int():
                raise scanner.error("expected the DC (a whole number) here, as in vs DC 3")
            dc, at = scanner.integer("the DC")
            check_range(dc, 0, MAX_TERM, "the DC", scanner=scanner, position=at, length=scanner.pos - at)
            steps.append(_Step(start, scanner.pos - start, Terms(dice=house_rules.clamp_dc(rules, dc)[1])))
            continue
        for word in ("save", "damage"):
            if scanner.accept(word):
                raise scanner.error(f"'{word}' goes at the start, as in save 3d vs DC 4", start, len(word))
        term, unit = _term(scanner, rules)
        if unit == "h" and first_hits_at is None:
            first_hits_at = start
        if side_is_other:
            other += term
        else:
            own += term
        steps.append(_Step(start, scanner.pos - start, term.from_other_side() if side_is_other else term))
    if dc is None:
        if kind_word is not None:
            raise scanner.error(
                f"a {kind_word} {'roll ' if kind_word == 'damage' else ''}counts hits, so it "
                f"needs a DC: add vs DC n, as in {kind_word} 3d vs DC 4 (without a DC, "
                "1d+2p reads one die's face)",
                kind_at,
                len(kind_word),
            )
        if first_hits_at is not None:
            raise scanner.error("added or removed hits need a DC: add vs DC n", first_hits_at)
        total = (own + other).dice
        if total != 1:
            raise scanner.error(
                "without a DC the roll reads one die's face (as 1d+2p does for an attribute): "
                "add vs DC n to count hits",
                len(text),
                1,
            )
    _check_totals(steps, scanner, rules)
    return build_query(own, dc, save=save, other=other, notation=text, rules=rules)


#: The two positions of the widget's damage/save switch.
KINDS = ("damage", "save")


def written_kind(text: str) -> str | None:
    """``"save"`` or ``"damage"`` when the notation starts with that word, else ``None``."""
    scanner = Scanner(text[:MAX_NOTATION_LENGTH])  # never refuses: a long notation fails in parse
    return next((word for word in ("save", "damage") if scanner.accept(word)), None)


def parse_with_kind(text: str, kind: str) -> tuple[DiceAndDangerQuery, str | None]:
    """Read a notation beside a damage/save switch (``kind``): a ``save`` or ``damage``
    written at the start of the notation wins; otherwise ``kind`` decides, as if written
    there. Returns the query and the word the notation wrote (``None``: the switch decided).
    A notation without a DC reads one die's face (``1d+2p``): the switch does not apply to
    it, while a ``save`` or ``damage`` written without a DC is refused (see ``parse``).

    Ruling: the notation is what the reader typed last and is explicit, so it wins; the
    switch then shows the notation's kind."""
    if kind not in KINDS:
        raise RulesError(f"the kind of roll must be damage or save, not {kind!r}", field="kind")
    query = parse(text)
    written = written_kind(text)
    if written is None and kind == "save" and query.dc is not None:
        query = replace(query, save=True)
    return query, written


def _at_dc(scanner: Scanner) -> bool:
    scanner.skip_space()
    rest = scanner.text[scanner.pos : scanner.pos + 3].lower()  # a bounded slice keeps parsing linear
    return any(rest.startswith(word) and not rest[len(word) : len(word) + 1].isalpha() for word in ("vs", "dc"))


def _term(scanner: Scanner, rules: RuleSet = PRINTED) -> tuple[Terms, str]:
    """One term such as ``+2d``, ``-1p``, ``3b`` or ``+1h``; returns it and its unit."""
    scanner.skip_space()
    start = scanner.pos
    sign = -1 if scanner.accept("-") else 1
    if sign == 1:
        scanner.accept("+")
    if not scanner.peek_int():
        if sign == -1 or scanner.pos > start:
            raise scanner.error("expected a number after the sign, as in +2d")
        raise scanner.error("expected a term such as 2d, +1b, -1p, +1h, & or vs DC n")
    count, at = scanner.integer("a number")
    if count > MAX_TERM:
        raise scanner.error(f"a term counts at most {MAX_TERM}", at, len(str(count)))
    unit = next((u for u in _UNITS if scanner.accept(u)), None)
    if unit is None:
        raise scanner.error(
            "expected d (dice), b (bonus), p (penalty) or h (hits) after the number",
            scanner.pos if scanner.at_end() else None,
        )
    if unit == "d" and scanner.pos < len(scanner.text) and scanner.text[scanner.pos].isdigit():
        die = int(rules["die"])
        sides, sides_at = scanner.integer(str(die))
        if die == SIDES and sides != SIDES:
            hint = f" (or change the die: with die d{sides})" if sides in house_rules.DICE else ""
            raise scanner.error(
                f"dice & danger rolls six-sided dice only: write d or d6{hint}", sides_at, len(str(sides))
            )
        if sides != die:
            raise scanner.error(
                f"the rule set's die is a d{die}: write d or d{die} (the with clause sets the die)",
                sides_at,
                len(str(sides)),
            )
    if unit == "b" and sign == -1:
        raise scanner.error(
            f"-{count}b is easy to misread: write +{count}p for penalty dice "
            f"(or & +{count}b for the other side's bonus)",
            start,
            scanner.pos - start,
        )
    if unit == "d":
        return Terms(dice=sign * count), unit
    if unit == "b":
        return Terms(bonus=count), unit
    if unit == "p":
        return Terms(penalty=count), unit  # +Np and -Np both mean N penalty dice
    return Terms(hits=sign * count), unit
