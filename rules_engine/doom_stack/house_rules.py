"""Doom Stack's rule book: every number and choice its source fixes for a roll, as settings a
designer may change (``core/rule_set.py``). The printed rule set is the game as the chapter
plays it; ``4d6 vs TN 8 with die d8, wild none`` rolls the same pool under a house rule.

The settings, in their written order:

- ``die``: the die every pool rolls (d4 to d20; printed d6). The pool in the notation names
  the die too (``4d8``): it must be the rule set's die, or left bare (``4d``).
- ``wild``: the face that joins any stack and adds its pips to it (printed 1), or ``none``.
- ``exact-match``: what a best stack equal to the TN gives: a glitch (printed), a clean
  success, or a failure.
- ``modifier-cap``: the share of attribute + skill that modifiers may add or take away
  (printed half), or ``none`` for no cap; ``cap-rounding``: down (printed) or up.
- ``ladder``: the TN of each named difficulty, Routine to Inconceivable (printed
  4-6-7-8-9-10-12-14-16-18-24); ``vs Challenging`` reads the rule set's TN.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import ceil, floor

from ..core.rule_set import Conflict, RuleBook, RuleSet, Setting, choice_setting, die_setting
from .rules import DIFFICULTY_LADDER, SIDES, WILDCARD, Difficulty

#: The dice a pool may roll under a house rule.
DICE = (4, 6, 8, 10, 12, 20)
#: The highest TN a ladder may name: the biggest stack 300 d20 can make.
MAX_LADDER_TN = 6000

#: The modifier cap's written shares, smallest first, and the share each stands for.
CAP_SHARES: dict[str, Fraction | None] = {
    "none": None,
    "quarter": Fraction(1, 4),
    "third": Fraction(1, 3),
    "half": Fraction(1, 2),
    "two-thirds": Fraction(2, 3),
    "three-quarters": Fraction(3, 4),
    "whole": Fraction(1),
}
_CAP_WORDS = {
    "quarter": "a quarter",
    "third": "a third",
    "half": "half",
    "two-thirds": "two thirds",
    "three-quarters": "three quarters",
    "whole": "all",
}


def _wild_setting() -> Setting:
    def read(text: str) -> int | None:
        if text == "none":
            return None
        if not re.fullmatch(r"[0-9]{1,2}", text) or not 1 <= int(text) <= max(DICE):
            raise ValueError(text)
        return int(text)

    def words(face: int | None) -> str:
        return "no face is wild" if face is None else f"a {face} is wild: it joins any stack and adds {face} to it"

    return Setting(
        "wild",
        "the face that joins any stack, adding its pips",
        WILDCARD,
        f"none or a face from 1 to {max(DICE)}, no higher than the die",
        read,
        lambda face: "none" if face is None else str(face),
        words,
        ("none", *map(str, range(1, max(DICE) + 1))),
    )


def _cap_setting() -> Setting:
    def read(text: str) -> str:
        if text not in CAP_SHARES:
            raise ValueError(text)
        return text

    def words(share: str) -> str:
        if share == "none":
            return "modifiers add or take away any number of dice"
        return f"modifiers add or take away at most {_CAP_WORDS[share]} of attribute + skill"

    names = list(CAP_SHARES)
    return Setting(
        "modifier-cap",
        "how many dice modifiers may add or take away, as a share of attribute + skill",
        "half",
        ", ".join(names[:-1]) + " or " + names[-1],
        read,
        str,
        words,
        tuple(names),
    )


def _ladder_setting() -> Setting:
    names = [d.name for d in DIFFICULTY_LADDER]
    printed = tuple(d.tn for d in DIFFICULTY_LADDER)

    def read(text: str) -> tuple[int, ...]:
        parts = text.replace(" ", "").split("-")
        if len(parts) != len(names) or not all(re.fullmatch(r"[0-9]{1,6}", p) for p in parts):
            raise ValueError(text)
        tns = tuple(int(p) for p in parts)
        if not all(1 <= tn <= MAX_LADDER_TN for tn in tns) or list(tns) != sorted(set(tns)):
            raise ValueError(text)
        return tns

    def words(tns: tuple[int, ...]) -> str:
        return ", ".join(f"{name} {tn}" for name, tn in zip(names, tns))

    return Setting(
        "ladder",
        f"the TN of each named difficulty, {names[0]} to {names[-1]}",
        printed,
        f"{len(names)} rising TNs from 1 to {MAX_LADDER_TN} joined by hyphens, one for each of "
        f"{names[0]} to {names[-1]}, as in {'-'.join(map(str, printed))}",
        read,
        lambda tns: "-".join(map(str, tns)),
        words,
    )


def _check(rules: RuleSet) -> Conflict | None:
    wild, die = rules["wild"], rules["die"]
    if wild is not None and wild > die:
        return Conflict(
            f"wild {wild} is past the die's faces: a d{die} shows 1 to {die}, so the wild face is none or 1 to {die}",
            ("die", "wild"),
        )
    return None


BOOK = RuleBook(
    "Doom Stack",
    (
        die_setting("die", "the die every pool rolls", SIDES, DICE, words=lambda n: f"every pool rolls d{n}"),
        _wild_setting(),
        choice_setting(
            "exact-match",
            "what a best stack equal to the TN gives",
            "glitch",
            {
                "glitch": "a stack equal to the TN is a glitch: a success with a complication",
                "success": "a stack equal to the TN is a clean success",
                "failure": "a stack equal to the TN fails: the stack must beat the TN",
            },
        ),
        _cap_setting(),
        choice_setting(
            "cap-rounding",
            "which way the modifier cap rounds a share that is not whole",
            "down",
            {"down": "the modifier cap rounds down", "up": "the modifier cap rounds up"},
        ),
        _ladder_setting(),
    ),
    check=_check,
)

PRINTED = BOOK.printed


# --- what a rule set means for the rest of the engine ------------------------------------------


def die_sides(rules: RuleSet) -> int:
    """The die every pool rolls."""
    return int(rules["die"])


def wild_face(rules: RuleSet) -> int | None:
    """The wild face, or ``None`` when no face is wild."""
    face: int | None = rules["wild"]
    return face


def ladder(rules: RuleSet) -> tuple[Difficulty, ...]:
    """The named difficulties with the rule set's TNs (the source's printed 4d6 chances kept,
    as they belong to the printed ladder)."""
    return tuple(Difficulty(d.name, tn, d.source_percent_4d6) for d, tn in zip(DIFFICULTY_LADDER, rules["ladder"]))


def rung_for(rules: RuleSet, tn: int) -> Difficulty | None:
    """The rung of the rule set's ladder with exactly this TN."""
    return next((d for d in ladder(rules) if d.tn == tn), None)


def rung_by_name(rules: RuleSet, name: str) -> Difficulty | None:
    """The rung of the rule set's ladder called ``name`` (any case)."""
    return next((d for d in ladder(rules) if d.name.lower() == name.lower()), None)


def cap_for(rules: RuleSet, attribute: int, skill: int) -> int | None:
    """The most dice modifiers may add or take away for this attribute + skill (``None``: no cap)."""
    share = CAP_SHARES[rules["modifier-cap"]]
    if share is None:
        return None
    exact = share * (attribute + skill)
    return floor(exact) if rules["cap-rounding"] == "down" else ceil(exact)


def cap_words(rules: RuleSet) -> str:
    """The cap in a few words for a pool line: ``half of attribute + skill``."""
    share = rules["modifier-cap"]
    rounding = "" if rules["cap-rounding"] == "down" else ", rounded up"
    return f"{_CAP_WORDS.get(share, 'no cap on')} of attribute + skill{rounding}"


def exact_match(rules: RuleSet) -> str:
    """``glitch``, ``success`` or ``failure``: what a best stack equal to the TN gives."""
    return str(rules["exact-match"])
