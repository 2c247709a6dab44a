"""X-in-Y notation: one check, a volley, or a contested volley.

A check is ``x/y`` and terms, in any order::

    5/6 -3 TN +1b          x/y, TN steps (+ easier, - harder), bonus dice
    4/8 +2 TN -1p crit     penalty dice (-Np or +Np), the optional crit die

A volley (one side attacks) lists the attackers, the champion first, then the targets::

    volley 5/6 +1b, 4/6, 3x 3/6 vs barely, 2x fully superior
    volley 5/6, 4/6 vs 3                      three targets alike
    volley 5/6, 4/6 vs fully, barely in order  extra hits as written, not lightest first

A target is ``[N x] [none|barely|partially|fully] [inferior|even|superior]``: how effective
its defences are and its form against the attackers (``target`` for neither). A contested
volley lists both sides' attackers; each side's targets are the other side's attackers,
in the order written::

    contest 5/6 +1b, 4/6 vs 4/6 +2b, 3/6, 3/6 tie full

``tie min`` (the default: 1 damage per hit for both), ``tie full`` (full damage for
both), ``tie first`` / ``tie second`` (that side has initiative and wins the tie),
``tie more`` / ``tie fewer`` (the side with more, or fewer, attackers has initiative; even
numbers: as ``tie min``), read into first, second or min once both sides are counted.

``attack`` stands for the check an attack starts from (the rule set's ``base-check``,
5/6 as printed): ``attack -1 TN +1b``.

Any of them may end with a rule set (``house_rules.py``)::

    5/6 +1b with cancel no, crit-die always
    contest 5/6, 4/6 vs 4/6, 3/6 with tie first

The canonical form writes the TN steps and the dice left after cancelling, ``Nx`` for
runs of equal attackers or targets: ``5/6 -3 TN +1b``, ``volley 5/6 +1b, 2x 4/6 vs 3``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import groupby

from ..core.errors import RulesError
from ..core.notation import Scanner, check_range
from ..core.rule_set import RuleSet, read_with
from .house_rules import BOOK, PRINTED
from .rules import (
    DEFENCES,
    LADDER,
    MAX_ATTACKERS,
    MAX_EXTRA_DICE,
    MAX_TARGETS,
    MAX_TERM,
    TARGET_FORMS,
    TIE_BREAKERS,
    TIES,
    Check,
    Target,
    apply_tn,
    tie_by_count,
)

EXAMPLE = "5/6 -3 TN +1b"
VOLLEY_EXAMPLE = "volley 5/6 +1b, 4/6, 4/6 vs barely, fully"
CONTEST_EXAMPLE = "contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6"
#: What ``--help`` and the page say about the notations.
HELP = (
    "a check: x/y (roll x or lower on a dY: d4 d6 d8 d10 d12 d20), +N TN / -N TN (steps easier "
    "/ harder), +Nb bonus dice, -Np (or +Np) penalty dice, crit (the optional crit die), e.g. "
    f'"{EXAMPLE}"; a volley: volley CHAMPION, CHECK, Nx CHECK … vs TARGET, Nx TARGET … [in order], '
    "a target [none|barely|partially|fully] [inferior|superior], e.g. "
    f'"{VOLLEY_EXAMPLE}"; a contested volley: contest SIDE vs SIDE [tie min|full|first|second|more|fewer], '
    f'e.g. "{CONTEST_EXAMPLE}"; attack: the rule set\'s base check (5/6 as printed); any of them may end '
    'with a rule set: with SETTING VALUE, … (e.g. "5/6 +1b with cancel no, crit-die always"; '
    "settings: " + BOOK.names() + ")"
)


def _dice(n: int, kind: str) -> str:
    return f"{n} {kind} {'die' if n == 1 else 'dice'}"


@dataclass(frozen=True)
class CheckQuery:
    """One check: the base x/y, the net TN steps, the bonus and penalty dice written, and
    whether the optional crit die is used; under a rule set (printed unless a ``with``
    clause says otherwise). ``attack``: the base was written ``attack`` (the rule set's
    base check)."""

    base: Check
    tn: int = 0
    bonus: int = 0
    penalty: int = 0
    crit: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)
    rules: RuleSet = PRINTED
    attack: bool = False

    @property
    def extra(self) -> int:
        """Bonus minus penalty dice: what is left after they cancel (negative: penalty)."""
        return self.bonus - self.penalty

    @property
    def rolled(self) -> tuple[int, int]:
        """The bonus and penalty dice rolled under the rule set's ``cancel``: what is left
        after cancelling one for one (printed), none of either when both kinds are written
        under ``cancel all``, every one under ``cancel no``."""
        cancel = self.rules["cancel"]
        if cancel == "no":
            return self.bonus, self.penalty
        if cancel == "all" and self.bonus and self.penalty:
            return 0, 0
        return max(self.extra, 0), max(-self.extra, 0)

    @property
    def check(self) -> Check:
        """The check actually rolled, after the TN steps."""
        return apply_tn(self.base, self.tn, self.rules["ladder"])[0]

    @property
    def clamped(self) -> int:
        """TN steps that had no effect because the check was already at the end of the ladder."""
        return apply_tn(self.base, self.tn, self.rules["ladder"])[1]

    @property
    def dice(self) -> int:
        return 1 + sum(self.rolled)

    @property
    def body(self) -> str:
        """The check without the rule set, e.g. ``5/6 -3 TN +1b`` or ``4/8 -2p crit``."""
        parts = ["attack" if self.attack else str(self.base)]
        if self.tn:
            parts.append(f"{self.tn:+d} TN")
        bonus, penalty = self.rolled
        if bonus:
            parts.append(f"+{bonus}b")
        if penalty:
            parts.append(f"-{penalty}p")
        if self.crit and self.rules["crit-die"] != "always":
            parts.append("crit")
        return " ".join(parts)

    @property
    def notation(self) -> str:
        """The canonical form, e.g. ``5/6 -3 TN +1b`` or ``4/8 -2p crit``, with the rule set's
        ``with`` clause when it is not the printed one."""
        return self.body + self.rules.with_clause()

    def one_die(self) -> CheckQuery:
        """This check as a volley's other attacker rolls it: one die, no crit."""
        return CheckQuery(self.base, self.tn, rules=self.rules, attack=self.attack)


@dataclass(frozen=True)
class VolleyQuery:
    """One side's attackers (the champion first) against its targets."""

    attackers: tuple[CheckQuery, ...]
    targets: tuple[Target, ...]
    as_written: bool = False  # extra hits go in the written order, not lightest first
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def rules(self) -> RuleSet:
        return self.attackers[0].rules

    @property
    def notation(self) -> str:
        text = f"volley {attackers_text(self.attackers)} vs {targets_text(self.targets)}"
        return text + (" in order" if self.as_written else "") + self.rules.with_clause()


@dataclass(frozen=True)
class ContestQuery:
    """Both sides' attackers; each side's targets are the other side's attackers."""

    sides: tuple[tuple[CheckQuery, ...], tuple[CheckQuery, ...]]
    tie: str = "min"
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def rules(self) -> RuleSet:
        return self.sides[0][0].rules

    @property
    def notation(self) -> str:
        """The canonical form: the tie word only under the printed ``tie min`` (any other
        ``tie`` setting already says how a tie is settled)."""
        text = f"contest {attackers_text(self.sides[0])} vs {attackers_text(self.sides[1])}"
        word = self.tie != "min" and self.rules["tie"] == "min"
        return text + (f" tie {self.tie}" if word else "") + self.rules.with_clause()

    def volley(self, side: int) -> VolleyQuery:
        """Side ``side``'s volley: its attackers against the other side, in written order."""
        targets = tuple(Target() for _ in self.sides[1 - side])
        return VolleyQuery(self.sides[side], targets, as_written=True)


Query = CheckQuery | VolleyQuery | ContestQuery


def _runs(items: list[str]) -> str:
    """``a, a, b`` written ``2x a, b``."""
    parts = []
    for text, group in groupby(items):
        n = len(list(group))
        parts.append(text if n == 1 else f"{n}x {text}")
    return ", ".join(parts)


def attackers_text(attackers: tuple[CheckQuery, ...]) -> str:
    """The champion, then the other attackers with runs written ``Nx``."""
    first = attackers[0].body
    rest = _runs([a.body for a in attackers[1:]])
    return first + (", " + rest if rest else "")


def targets_text(targets: tuple[Target, ...]) -> str:
    """``3`` for plain targets alike, else each target's words with runs written ``Nx``."""
    if all(t == Target() for t in targets):
        return str(len(targets))
    return _runs([t.label for t in targets])


# --- reading ------------------------------------------------------------------------------
def parse(text: str) -> Query:
    """Read a check, a volley or a contested volley, with any rule set after ``with``; a
    ``RulesError`` with a caret for anything else."""
    roll, rules = read_with(BOOK, text)
    try:
        return parse_under(roll, rules)
    except RulesError as error:
        if error.notation == roll.replace("\u2212", "-").replace("\u00d7", "x") and roll != text:
            error.notation = text  # the caret stays where it was: the roll comes first
        raise


def parse_under(text: str, rules: RuleSet = PRINTED) -> Query:
    """Read a check, a volley or a contested volley written without a rule set, under ``rules``."""
    scanner = Scanner(text.replace("\u2212", "-").replace("\u00d7", "x"))  # same length
    if scanner.at_end():
        raise scanner.error(f"write a check such as {EXAMPLE}, or a volley such as {VOLLEY_EXAMPLE}", 0, 1)
    if scanner.accept("volley"):
        return _volley(scanner, rules)
    if scanner.accept("contest"):
        return _contest(scanner, rules)
    query = _check(scanner, rules)
    if scanner.accept(","):
        raise scanner.error(
            "several attackers make a volley: start with volley, as in " + VOLLEY_EXAMPLE, scanner.pos - 1, 1
        )
    _expect_end(scanner, "a check's term: +N TN, -N TN, +Nb, -Np or crit")
    return query


def parse_check(text: str) -> CheckQuery:
    """Read one check only (the check roller's notation), with any rule set."""
    query = parse(text)
    if not isinstance(query, CheckQuery):
        raise RulesError(
            "write one check here, such as " + EXAMPLE,
            notation=text,
            position=0,
            length=len(text.split(" ", 1)[0]) or 1,
        )
    return query


def _expect_end(scanner: Scanner, expected: str) -> None:
    if not scanner.at_end():
        raise scanner.error(f"expected {expected} here")


def _check(scanner: Scanner, rules: RuleSet = PRINTED) -> CheckQuery:
    """One check: ``x/y`` (or ``attack``) and its terms, up to a comma, a word it does not
    know, or the end."""
    scanner.skip_space()
    start = scanner.pos
    base: Check | None = None
    attack = False
    tn = bonus = penalty = 0
    crit = False
    while not scanner.at_end():
        at = scanner.pos
        char = scanner.text[at]
        if scanner.accept("crit"):
            if rules["crit-die"] == "never":
                raise scanner.error(
                    "crit asks for the crit die, which this rule set turns off (crit-die never): "
                    "drop the word or the setting",
                    at,
                    4,
                )
            crit = True
            continue
        if scanner.accept("attack"):
            if base is not None:
                raise scanner.error("the check x/y is given twice", at, scanner.pos - at)
            base, attack = Check(*rules["base-check"]), True
            continue
        if char not in "+-" and not char.isdigit():
            break
        sign = -1 if scanner.accept("-") else 1
        signed = sign == -1 or scanner.accept("+")
        if not scanner.peek_int():
            raise scanner.error(
                "expected a number after the sign, as in +1b or -2 TN" if signed else "expected a check x/y or a term"
            )
        count, count_at = scanner.integer("a number")
        if not signed and scanner.accept("/"):
            if base is not None:
                raise scanner.error("the check x/y is given twice", at, scanner.pos - at + 1)
            base = _base(scanner, count, count_at, rules["ladder"])
            continue
        check_range(
            count, 0, MAX_TERM, "a term's number", scanner=scanner, position=count_at, length=scanner.pos - count_at
        )
        if scanner.accept("TN"):
            tn += sign * count
        elif scanner.accept("b"):
            if sign < 0:
                raise scanner.error(
                    f"-{count}b is easy to misread: write -{count}p for penalty dice", at, scanner.pos - at
                )
            bonus += count
        elif scanner.accept("p"):
            penalty += count  # +Np and -Np both mean N penalty dice
        else:
            raise scanner.error(
                "expected TN (steps), b (bonus dice) or p (penalty dice) after the number"
                if signed or base is not None
                else "expected /y after x, as in 5/6"
            )
    if base is None:
        raise scanner.error(f"expected the check x/y, as in {EXAMPLE}", start, max(1, scanner.pos - start))
    cancel = rules["cancel"]
    if cancel == "no":
        if bonus + penalty > MAX_EXTRA_DICE:
            raise scanner.error(
                f"{bonus + penalty} bonus and penalty dice are rolled under cancel no: the engine "
                f"rolls up to {MAX_EXTRA_DICE} of them",
                start,
                max(1, scanner.pos - start),
            )
    elif abs(bonus - penalty) > MAX_EXTRA_DICE and not (cancel == "all" and bonus and penalty):
        left = _dice(abs(bonus - penalty), "bonus" if bonus > penalty else "penalty")
        raise scanner.error(
            f"{left} are left after cancelling: the engine rolls up to {MAX_EXTRA_DICE} bonus or penalty dice",
            start,
            max(1, scanner.pos - start),
        )
    notes = []
    if bonus and penalty and cancel == "yes":
        net = bonus - penalty
        rest = f"+{net}b" if net > 0 else (f"{net}p" if net < 0 else "none left")
        notes.append(f"{_dice(bonus, 'bonus')} and {_dice(penalty, 'penalty')} cancel: {rest}")
    elif bonus and penalty and cancel == "all":
        notes.append(
            f"{_dice(bonus, 'bonus')} and {_dice(penalty, 'penalty')} cancel all of each other (cancel all): one die"
        )
    if rules["crit-die"] == "always":
        crit = True
    query = CheckQuery(base, tn, bonus, penalty, crit, rules=rules, attack=attack)
    if query.clamped:
        ends = f"{rules['ladder'][-1] - 1}/{rules['ladder'][-1]}", f"1/{rules['ladder'][-1]}"
        way = f"easier than {ends[0]}" if tn > 0 else f"harder than {ends[1]}"
        notes.append(f"{query.clamped} of the {abs(tn)} TN steps would go {way}: the check stays at {query.check}")
    bonus, penalty = query.rolled  # only what is rolled is kept
    return CheckQuery(base, tn, bonus, penalty, crit, tuple(notes), rules, attack)


def _base(scanner: Scanner, x: int, x_at: int, ladder: tuple[int, ...] = LADDER) -> Check:
    """The ``y`` of ``x/y`` (x already read): a die on the ladder, x from 1 to y−1."""
    if not scanner.peek_int():
        raise scanner.error("expected the die's size after /, as in 5/6")
    y, y_at = scanner.integer("the die's size")
    if y not in ladder:
        raise scanner.error(
            "the die must be on the ladder: "
            + ", ".join(f"d{s}" for s in ladder)
            + f" (x/y with y one of {', '.join(map(str, ladder))})",
            y_at,
            scanner.pos - y_at,
        )
    if not 1 <= x <= y - 1:
        raise scanner.error(
            f"x must be from 1 to {y - 1} on a d{y}: {x}/{y} would be "
            f"{'hopeless' if x < 1 else 'a sure thing'}; move a check with TN steps instead",
            x_at,
            scanner.pos - x_at,
        )
    return Check(x, y)


def _count(scanner: Scanner, what: str, limit: int) -> tuple[int, int, int] | None:
    """A leading ``N x`` (or, for targets, ``N``): ``(count, start, length)``, else None and
    nothing read. ``what``: attackers need the ``x``; targets may leave it out."""
    scanner.skip_space()
    at = scanner.pos
    if not scanner.peek_int():
        return None
    count, _ = scanner.integer("a count")
    if scanner.text[scanner.pos : scanner.pos + 1] == "/":
        scanner.pos = at  # an attacker's x/y, not a count
        return None
    has_x = scanner.accept("x")
    if what == "attackers" and not has_x:
        scanner.pos = at
        return None
    check_range(count, 1, limit, f"the number of {what}", scanner=scanner, position=at, length=scanner.pos - at)
    return count, at, scanner.pos - at


def _attackers(scanner: Scanner, side: str, rules: RuleSet = PRINTED) -> tuple[CheckQuery, ...]:
    """A side's attackers, the champion first, up to a word that is not a check's."""
    attackers: list[CheckQuery] = []
    notes: list[str] = []
    while True:
        counted = _count(scanner, "attackers", MAX_ATTACKERS)
        count = counted[0] if counted else 1
        scanner.skip_space()
        at = scanner.pos
        check = _check(scanner, rules)
        if len(attackers) + count > MAX_ATTACKERS:
            where = counted[1] if counted else at
            raise scanner.error(
                f"a side has at most {MAX_ATTACKERS} attackers; {side} has {len(attackers) + count} here",
                where,
                scanner.pos - where,
            )
        for _ in range(count):
            if attackers:
                if any(check.rolled) or (check.crit and rules["crit-die"] != "always"):
                    notes.append(
                        f"attacker {len(attackers) + 1} ({check.notation}) rolls one die: only the "
                        "champion rolls bonus or penalty dice and the crit die"
                    )
                attackers.append(check.one_die())
            else:
                attackers.append(check)
        if not scanner.accept(","):
            break
    first = attackers[0]
    notes = [f"the champion: {note}" for note in first.notes] + notes
    attackers[0] = replace(first, notes=tuple(notes))
    return tuple(attackers)


def _targets(scanner: Scanner) -> tuple[Target, ...]:
    targets: list[Target] = []
    while True:
        scanner.skip_space()
        start = scanner.pos
        counted = _count(scanner, "targets", MAX_TARGETS)
        count = counted[0] if counted else 1
        defence = next((word for word in DEFENCES if scanner.accept(word)), None)
        form = next((word for word in TARGET_FORMS if scanner.accept(word)), None)
        named = scanner.accept("targets") or scanner.accept("target")
        if counted is None and defence is None and form is None and not named:
            raise scanner.error(
                "expected a target: a number of targets, or how effective its defences are "
                "(none, barely, partially, fully) and its form (inferior, superior)"
            )
        if len(targets) + count > MAX_TARGETS:
            raise scanner.error(
                f"a volley has at most {MAX_TARGETS} targets; this one has {len(targets) + count}",
                start,
                scanner.pos - start,
            )
        targets.extend([Target(defence or "none", form or "even")] * count)
        if not scanner.accept(","):
            return tuple(targets)


def _volley(scanner: Scanner, rules: RuleSet = PRINTED) -> VolleyQuery:
    if scanner.at_end():
        raise scanner.error("expected the attackers, the champion first, as in " + VOLLEY_EXAMPLE)
    attackers = _attackers(scanner, "the volley", rules)
    if not scanner.accept("vs"):
        raise scanner.error("expected a comma and another attacker, or vs and the targets")
    if scanner.at_end():
        raise scanner.error("expected the targets after vs, as in vs 2 or vs barely, fully")
    targets = _targets(scanner)
    as_written = scanner.accept("in")
    if as_written and not scanner.accept("order"):
        raise scanner.error("expected in order (extra hits go to the targets as written)")
    _expect_end(scanner, "a comma and another target, or in order")
    notes = attackers[0].notes
    return VolleyQuery(attackers, targets, as_written, notes)


def _contest(scanner: Scanner, rules: RuleSet = PRINTED) -> ContestQuery:
    if scanner.at_end():
        raise scanner.error("expected the first side's attackers, as in " + CONTEST_EXAMPLE)
    first = _attackers(scanner, "the first side", rules)
    if not scanner.accept("vs"):
        raise scanner.error("expected a comma and another attacker, or vs and the other side's attackers")
    if scanner.at_end():
        raise scanner.error("expected the other side's attackers after vs")
    second = _attackers(scanner, "the second side", rules)
    tie = rules["tie"]
    scanner.skip_space()
    tie_at = scanner.pos
    if scanner.accept("tie"):
        word, at = scanner.word()
        if word.lower() not in TIES and word.lower() not in TIE_BREAKERS:
            raise scanner.error(
                "expected how a tie is settled: tie min, tie full, tie first, tie second, tie more or tie fewer",
                at,
                max(1, len(word)),
            )
        said = word.lower()
        if rules["tie"] != "min" and settled_tie(said, first, second) != settled_tie(rules["tie"], first, second):
            raise scanner.error(
                f"tie {said} settles a tie otherwise than the rule set's tie {rules['tie']}: "
                "drop the word or the setting",
                tie_at,
                at + len(word) - tie_at,
            )
        tie = said
    _expect_end(scanner, "a comma and another attacker, or tie min|full|first|second|more|fewer")
    return contest_query(first, second, tie)


def settled_tie(tie: str, first: tuple[CheckQuery, ...], second: tuple[CheckQuery, ...]) -> str:
    """The ``TIES`` word a tie option comes to for these sides (``more``/``fewer`` by count)."""
    return tie_by_count(tie, len(first), len(second)) if tie in TIE_BREAKERS else tie


def contest_query(first: tuple[CheckQuery, ...], second: tuple[CheckQuery, ...], tie: str = "min") -> ContestQuery:
    """Both sides' attackers as a contested volley, with each side's notes. A tiebreaker by
    combatant count (``more``/``fewer``) is read here, once both sides are counted, into
    the tie it comes to, with a note saying so."""
    notes = tuple(f"first side, {n}" for n in first[0].notes) + tuple(f"second side, {n}" for n in second[0].notes)
    if tie in TIE_BREAKERS:
        settled = tie_by_count(tie, len(first), len(second))
        counts = f"{len(first)} combatants against {len(second)}"
        notes += (
            f"tie {tie}: {counts}, "
            + (
                "so a tie is settled as tie min"
                if settled == "min"
                else f"so the {settled} side has the initiative (tie {settled})"
            ),
        )
        tie = settled
    return ContestQuery((first, second), tie, notes)


# --- the widgets' fields ------------------------------------------------------------------
def _field_error(error: RulesError, name: str) -> RulesError:
    error.field = error.field or name
    return error


def parse_attackers_field(text: str, name: str = "attackers") -> tuple[CheckQuery, ...]:
    """A field of attackers (``5/6 +1b, 4/6, 2x 3/6``), the champion first; errors name the field."""
    try:
        scanner = Scanner(text.replace("\u2212", "-").replace("\u00d7", "x"))
        if scanner.at_end():
            raise scanner.error("write the attackers, the champion first, as in 5/6 +1b, 4/6", 0, 1)
        attackers = _attackers(scanner, "a side")
        _expect_end(scanner, "a comma and another attacker")
        return attackers
    except RulesError as error:
        raise _field_error(error, name) from None


def parse_targets_field(text: str, name: str = "targets") -> tuple[Target, ...]:
    """A field of targets (``barely, 2x fully superior`` or ``3``); errors name the field."""
    try:
        scanner = Scanner(text)
        if scanner.at_end():
            raise scanner.error("write the targets, as in 2 or barely, fully", 0, 1)
        targets = _targets(scanner)
        _expect_end(scanner, "a comma and another target")
        return targets
    except RulesError as error:
        raise _field_error(error, name) from None


def parse_check_field(text: str, name: str = "check") -> CheckQuery:
    """A field holding one check with any terms (``5/6``, ``4/8 -1 TN``) under the printed
    rules (a widget's field takes no with clause); errors name the field."""
    try:
        query = parse_under(text)
        if not isinstance(query, CheckQuery):
            raise RulesError(
                "write one check here, such as " + EXAMPLE,
                notation=text,
                position=0,
                length=len(text.split(" ", 1)[0]) or 1,
            )
        return query
    except RulesError as error:
        raise _field_error(error, name) from None
