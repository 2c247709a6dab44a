"""Action! notation: the skill, ``vs``, the defence, then the action's types and options::

    5 vs 5
    8 vs 5 inspired
    7+2 vs active 4 wild hazardous T 10 ev 3 vs 2 +1d

- ``SKILL vs DEFENCE``: each a whole number or a sum (``7+2-1``), from −999 to 999.
  ``vs active N`` is an active defence: N + 5 (it costs the defender a Shot).
- type words, in any order, each at most once: inspired, wild, stymied, routine, static,
  boosted, hindered, promising, hazardous, experimental, one-shot.
- ``+Nd`` / ``-Nd``: N more positive / negative d10s (``d10`` may be written), at most 10
  of each in all.
- ``T n`` (or ``threshold n``): the Threshold, 1–100, 5 unless given.
- ``ev A vs B`` (or ``attributes A vs B``): the attribute + modifiers each side adds to
  its Effect Value; without it PV = Outcome.
- ``with SETTINGS`` at the end: house rules (``action/house_rules.py``), as in
  ``5 vs 5 with die d8, open positive``. ``T n`` and the setting ``threshold`` are the same
  rule: the setting is the Threshold when no ``T n`` is written, and an action giving both
  must give the same number.

The canonical form writes the totals, the types in the order above, then the extra dice,
the Threshold when it is not the rule set's (5 unless a house rule says), the EV bonuses
when any is given, and the rule set's ``with`` clause when it is not the printed one:
``9 vs active 4 wild hazardous +1d T 10 ev 3 vs 2``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...core.errors import RulesError
from ...core.notation import Scanner, check_range
from ...core.rule_set import RuleSet, read_with
from ..house_rules import BOOK, MAX_HOUSE_POOL, PRINTED
from .rules import (
    DEFAULT_THRESHOLD,
    MAX_DICE_PER_SIDE,
    MAX_THRESHOLD,
    MAX_VALUE,
    SIDES,
    TYPE_WORDS,
    DegreeRules,
    DicePlan,
    dice_plan,
)

EXAMPLE = "5 vs 5"
THRESHOLD_WORDS = ("threshold", "T")
EV_WORDS = ("ev", "attributes", "attribute", "attr")


@dataclass(frozen=True)
class ActionQuery:
    """An action as the engine reads it."""

    skill: int
    defence: int  # as written (before an active defence's +5)
    active: bool = False
    types: frozenset[str] = frozenset()
    threshold: int = DEFAULT_THRESHOLD
    attack_ev: int = 0  # attacker's attribute + modifiers
    defence_ev: int = 0  # defender's attribute + modifiers
    extra_positive: int = 0
    extra_negative: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)
    rules: RuleSet = PRINTED  # the house rules (``action/house_rules.py``); printed unless a with clause says

    @property
    def sides(self) -> int:
        """The die every positive and negative die is (10 as printed)."""
        sides: int = self.rules["die"]
        return sides

    @property
    def defence_value(self) -> int:
        """The defence the roll is compared with: +5 for an active defence (the rule set's bonus)."""
        return self.defence + (self.rules["active-bonus"] if self.active else 0)

    def degree_rules(self) -> DegreeRules:
        """The rule set's keywords for ``rules.degree_index``."""
        return _degree_rules(self.rules)

    @property
    def counts_any_pair(self) -> bool:
        """Whether any pair of first faces counts as a double-0 (Experimental, or the rule set)."""
        return "experimental" in self.types or self.rules["double-faces"] == "any"

    def opens(self, sign: int) -> bool:
        """Whether the rule set opens the positive (``sign`` +1) or the negative dice."""
        return self.rules["open"] in ("both", "positive" if sign > 0 else "negative")

    @property
    def ev_bonus(self) -> int:
        """What the attributes and modifiers add to PV: attacker's minus defender's."""
        return self.attack_ev - self.defence_ev

    @property
    def plan(self) -> DicePlan:
        return dice_plan(
            self.types,
            self.extra_positive,
            self.extra_negative,
            self.rules["positive-dice"],
            self.rules["negative-dice"],
        )

    @property
    def ordered_types(self) -> tuple[str, ...]:
        return tuple(word for word in TYPE_WORDS if word in self.types)

    @property
    def notation(self) -> str:
        """The canonical form."""
        parts = [f"{self.skill} vs {'active ' if self.active else ''}{self.defence}", *self.ordered_types]
        if self.extra_positive:
            parts.append(f"+{self.extra_positive}d")
        if self.extra_negative:
            parts.append(f"-{self.extra_negative}d")
        if self.threshold != self.rules["threshold"]:
            parts.append(f"T {self.threshold}")
        if self.attack_ev or self.defence_ev:
            parts.append(f"ev {self.attack_ev} vs {self.defence_ev}")
        return " ".join(parts) + self.rules.with_clause()


def pool_too_large(query: ActionQuery) -> str:
    """Why a house rule's pool is too large to compute (empty when it is not): under a house
    rule an action rolls at most ``MAX_HOUSE_POOL`` dice of each kind."""
    plan = query.plan
    if query.rules.is_printed or max(plan.positive, plan.negative) <= MAX_HOUSE_POOL:
        return ""
    return (
        f"under a house rule an action rolls at most {MAX_HOUSE_POOL} positive and {MAX_HOUSE_POOL} negative "
        f"dice, the most the printed rules roll; with positive-dice {query.rules['positive-dice']} and "
        f"negative-dice {query.rules['negative-dice']} this one rolls {plan.positive} and {plan.negative}: "
        "the exact odds would take too long"
    )


@lru_cache(maxsize=64)
def _degree_rules(rules: RuleSet) -> DegreeRules:
    double = rules["double"]
    return {
        "steps": rules["degrees"],
        "total_failure": rules["total-failure"],
        "double_fumbles": double in ("both", "fumble"),
        "double_wins": double in ("both", "victory"),
    }


def reading_notes(query: ActionQuery) -> tuple[str, ...]:
    """How the types combine, in words, for the odds and the roll."""
    notes = []
    plan = query.plan
    if "static" in query.types:
        ignored = [w for w in ("inspired", "wild", "stymied", "routine", "experimental") if w in query.types]
        if ignored or query.extra_positive or query.extra_negative:
            notes.append("Static rolls no dice, so the dice types and extra dice do nothing")
    if plan.dropped:
        notes.append("Stymied drops the first extra positive die, and every die is open")
    if plan.positive_closed:
        notes.append("Stymied: the positive dice are closed (a 10 is 10)")
    if "promising" in query.types and ({"boosted", "hindered"} & query.types):
        notes.append("Promising takes the place of Boosted and Hindered")
    if query.active:
        notes.append(
            f"active defence: {query.defence} + {query.rules['active-bonus']} = {query.defence_value} "
            "(it costs the defender a Shot)"
        )
    return tuple(notes)


def make_query(
    skill: int,
    defence: int,
    *,
    active: bool = False,
    types: frozenset[str] = frozenset(),
    threshold: int | None = None,
    attack_ev: int = 0,
    defence_ev: int = 0,
    extra_positive: int = 0,
    extra_negative: int = 0,
    rules: RuleSet = PRINTED,
) -> ActionQuery:
    """A query with its reading notes (no ``threshold``: the rule set's, 5 as printed)."""
    query = ActionQuery(
        skill,
        defence,
        active,
        frozenset(types),
        rules["threshold"] if threshold is None else threshold,
        attack_ev,
        defence_ev,
        extra_positive,
        extra_negative,
        rules=rules,
    )
    return ActionQuery(**{**query.__dict__, "notes": reading_notes(query)})


def leading_word(text: str) -> str:
    """The notation's first word in lower case: ``draw`` and ``deck`` (the cards) lead
    notations of their own; an action starts with a number."""
    words = text.split(None, 1)
    return words[0].split(":", 1)[0].lower() if words else ""


def _at_dice_term(scanner: Scanner) -> bool:
    """Whether a ``+Nd`` / ``-Nd`` term comes next (a sign, digits, then d)."""
    scanner.skip_space()
    text, at = scanner.text, scanner.pos
    if at >= len(text) or text[at] not in "+-":
        return False
    at += 1
    while at < len(text) and text[at] == " ":
        at += 1
    start = at
    while at < len(text) and text[at] in "0123456789" and at - start <= 40:
        at += 1
    return at > start and at < len(text) and text[at] in "dD"


def _sum(scanner: Scanner, what: str) -> tuple[int, int, int]:
    """A whole number or a sum such as ``7+2-1``; returns ``(total, start, end)``."""
    scanner.skip_space()
    start = scanner.pos
    sign = -1 if scanner.accept("-") else 1
    if sign == 1:
        scanner.accept("+")
    if not scanner.peek_int():
        raise scanner.error(f"expected {what} (a whole number) here")
    value, at = scanner.integer(what)
    check_range(value, 0, MAX_VALUE, f"a number in {what}", scanner=scanner, position=at, length=scanner.pos - at)
    total = sign * value
    end = scanner.pos
    while not _at_dice_term(scanner):
        scanner.skip_space()
        if scanner.pos < len(scanner.text) and scanner.text[scanner.pos] in "+-":
            sign = 1 if scanner.text[scanner.pos] == "+" else -1
            scanner.pos += 1
            if not scanner.peek_int():
                raise scanner.error(f"expected a number after the sign in {what}")
            value, at = scanner.integer(what)
            check_range(
                value, 0, MAX_VALUE, f"a number in {what}", scanner=scanner, position=at, length=scanner.pos - at
            )
            total += sign * value
            end = scanner.pos
            continue
        break
    check_range(total, -MAX_VALUE, MAX_VALUE, what, scanner=scanner, position=start, length=end - start)
    return total, start, end


def parse(text: str) -> ActionQuery:
    """Read an Action! notation, with its house rules after ``with``; a ``RulesError``
    with a caret for anything else."""
    roll_text, rules = read_with(BOOK, text)
    try:
        query = _parse_roll(roll_text, rules)
    except RulesError as error:
        if roll_text != text and error.notation is not None:
            error.notation = text  # the caret is in the roll, which the whole notation starts with
        raise
    too_large = pool_too_large(query)
    if too_large:
        after = BOOK.split(text)[1] or 0
        at = after + len(text[after:]) - len(text[after:].lstrip())  # the settings after with
        raise RulesError(too_large, notation=text, position=at, length=max(1, len(text) - at), field="rules")
    return query


def _parse_roll(text: str, rules: RuleSet) -> ActionQuery:
    """The action before its ``with`` clause, under ``rules``."""
    scanner = Scanner(text.replace("\u2212", "-"))  # a typographic minus is a minus
    if scanner.at_end():
        raise scanner.error(f"write an action such as {EXAMPLE} (skill vs defence)", 0, 1)
    skill, _, _ = _sum(scanner, "the skill")
    if not scanner.accept("vs"):
        raise scanner.error(
            "expected vs and the defence here, as in 5 vs 5", scanner.pos if not scanner.at_end() else len(text)
        )
    active = scanner.accept("active")
    if scanner.at_end():
        raise scanner.error("expected the defence (a whole number) after vs", len(text))
    defence, _, _ = _sum(scanner, "the defence")
    types: set[str] = set()
    threshold: int | None = None
    ev: tuple[int, int] | None = None
    extra = {1: 0, -1: 0}
    while not scanner.at_end():
        start = scanner.pos
        if _at_dice_term(scanner):
            sign = 1 if scanner.text[scanner.pos] == "+" else -1
            scanner.pos += 1
            count, at = scanner.integer("the number of dice")
            scanner.accept("d")
            if scanner.pos < len(scanner.text) and scanner.text[scanner.pos].isdigit():
                sides, sides_at = scanner.integer(str(SIDES))
                if sides != SIDES:
                    raise scanner.error("Action! rolls d10s only: write d or d10", sides_at, scanner.pos - sides_at)
            extra[sign] += count
            if extra[sign] > MAX_DICE_PER_SIDE:
                kind = "positive" if sign > 0 else "negative"
                raise scanner.error(
                    f"the extra {kind} dice come to {extra[sign]}: the engine takes up to "
                    f"{MAX_DICE_PER_SIDE} extra dice of each kind",
                    start,
                    scanner.pos - start,
                )
            continue
        if any(scanner.accept(word) for word in THRESHOLD_WORDS):
            if threshold is not None:
                raise scanner.error("the Threshold is given twice", start, scanner.pos - start)
            if not scanner.peek_int():
                raise scanner.error("expected the Threshold (a whole number) here, as in T 5")
            threshold, at = scanner.integer("the Threshold")
            check_range(
                threshold, 1, MAX_THRESHOLD, "the Threshold", scanner=scanner, position=at, length=scanner.pos - at
            )
            if rules["threshold"] != DEFAULT_THRESHOLD and threshold != rules["threshold"]:
                raise scanner.error(
                    f"T {threshold} and the setting threshold {rules['threshold']} give two "
                    "Thresholds: T n and the setting are the same rule, write one",
                    start,
                    scanner.pos - start,
                )
            continue
        if any(scanner.accept(word) for word in EV_WORDS):
            if ev is not None:
                raise scanner.error("the EV bonuses are given twice", start, scanner.pos - start)
            attack, _, _ = _sum(scanner, "the attacker's EV bonus")
            if not scanner.accept("vs"):
                raise scanner.error(
                    "expected vs and the defender's EV bonus, as in ev 3 vs 2",
                    scanner.pos if not scanner.at_end() else len(text),
                )
            if scanner.at_end():
                raise scanner.error("expected the defender's EV bonus (a whole number) here", len(text))
            defend, _, _ = _sum(scanner, "the defender's EV bonus")
            ev = (attack, defend)
            continue
        word, at = scanner.word()
        lowered = word.lower()
        if lowered == "oneshot":
            lowered = "one-shot"
        if lowered in TYPE_WORDS:
            if lowered in types:
                raise scanner.error(f"{word} is given twice", at, len(word))
            types.add(lowered)
            continue
        if lowered == "active":
            raise scanner.error("active goes right after vs, as in 5 vs active 4", at, len(word))
        if lowered == "vs":
            raise scanner.error("the defence is already given (one vs per action, or ev A vs B)", at, len(word))
        if not word and scanner.peek_int():
            _, at = scanner.integer("a number")
            raise scanner.error(
                "expected a type word, +Nd, -Nd, T n or ev A vs B here (a number goes after "
                "a sign in a sum, or after T or ev)",
                at,
                scanner.pos - at,
            )
        if word in ("+", "-"):
            raise scanner.error("expected a type word, +Nd, -Nd, T n or ev A vs B here", at)
        shown = word if word else text[at : at + 1]
        raise scanner.error(
            f"unknown word {shown!r}: expected one of {', '.join(TYPE_WORDS)}, +Nd, -Nd, T n or ev A vs B",
            at,
            max(len(word), 1),
        )
    return make_query(
        skill,
        defence,
        active=active,
        types=frozenset(types),
        threshold=threshold,
        attack_ev=ev[0] if ev else 0,
        defence_ev=ev[1] if ev else 0,
        extra_positive=extra[1],
        extra_negative=extra[-1],
        rules=rules,
    )
