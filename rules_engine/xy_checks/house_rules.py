"""X-in-Y checks: the rule book of the design lab (issue 30).

Every number and choice the design note fixes for a check, as a setting whose default is
the printed rule (``core/rule_set.py``): the die ladder, the check an attack starts from,
how bonus and penalty dice cancel, the crit die and its check, a volley's damage die, and a
contest's tie.

Two settings have words of their own in the notation, and each keeps one meaning:

- ``crit`` in a check asks for the crit die on that check. Under ``crit-die optional``
  (printed) only such checks roll it; under ``crit-die always`` every champion rolls it
  and the word changes nothing; under ``crit-die never`` the word is refused.
- ``tie …`` ends a contest. Under ``tie min`` (printed) the word alone settles the tie,
  as it always has; under any other ``tie`` setting a contest without the word follows the
  setting, and a word that settles the tie another way is refused.
"""

from __future__ import annotations

import re

from ..core.rule_set import Conflict, RuleBook, RuleSet, Setting, choice_setting, die_setting, numbers_setting
from .rules import CRIT_CHECK, DAMAGE_DIE, LADDER, START_CHECK, TIE_BREAKERS, TIES

#: The largest die a house ladder, a base check or a crit check may use.
MAX_DIE = 100
#: The crit die is followed for extra degrees while it keeps hitting; a crit check may hit
#: at most this share of the time, so the exact odds stay quick to work out.
MAX_CRIT_SHARE = (1, 2)


def _check_setting(
    name: str, meaning: str, default: tuple[int, int], allowed: str, words: str, *, most_half: bool = False
) -> Setting:
    """A check written ``x/y``: y from 2 to ``MAX_DIE``, x from 1 to y − 1 (at most y/2
    when ``most_half``)."""

    def read(text: str) -> tuple[int, int]:
        match = re.fullmatch(r"([0-9]{1,3}) ?/ ?([0-9]{1,3})", text)
        if match is None:
            raise ValueError(text)
        x, y = int(match[1]), int(match[2])
        top = y * MAX_CRIT_SHARE[0] // MAX_CRIT_SHARE[1] if most_half else y - 1
        if not (2 <= y <= MAX_DIE and 1 <= x <= top):
            raise ValueError(text)
        return x, y

    return Setting(
        name,
        meaning,
        default,
        allowed,
        read,
        lambda v: f"{v[0]}/{v[1]}",
        lambda v: words.format(check=f"{v[0]}/{v[1]}"),
    )


def _ladder_words(ladder: tuple[int, ...]) -> str:
    return "checks are rolled on " + ", ".join(f"d{n}" for n in ladder)


CANCEL = {
    "yes": "a bonus die and a penalty die cancel each other",
    "no": "bonus and penalty dice are all rolled: a success may miss once per bonus die",
    "all": "a check with both kinds rolls one die: any bonus die cancels every penalty die",
}
CRIT_DIE = {
    "optional": "only a check written with crit rolls the crit die",
    "always": "every check rolls the crit die (a volley: its champion)",
    "never": "no check rolls the crit die",
}
TIE = {**TIES, **TIE_BREAKERS}

SETTINGS = (
    numbers_setting(
        "ladder", "the dice a check climbs through, smallest first", LADDER, 2, MAX_DIE, most=10, words=_ladder_words
    ),
    _check_setting(
        "base-check",
        "the check an attack starts from",
        START_CHECK,
        f"a check x/y with y from 2 to {MAX_DIE} and x from 1 to y − 1, as in 5/6",
        "an attack starts at {check}",
    ),
    choice_setting("cancel", "whether bonus and penalty dice cancel each other", "yes", CANCEL),
    choice_setting("crit-die", "which checks roll the crit die for extra degrees", "optional", CRIT_DIE),
    _check_setting(
        "crit-check",
        "the check the crit die must make for each extra degree",
        CRIT_CHECK,
        f"a check x/y with y from 2 to {MAX_DIE} and x from 1 to half of y (the crit die's limit), as in 1/6",
        "each crit die that makes {check} adds a degree",
        most_half=True,
    ),
    die_setting(
        "damage-die",
        "the die a target's first hit rolls for its damage",
        DAMAGE_DIE,
        (4, 6, 8, 10, 12, 20),
        words=lambda n: f"a target's first hit deals 1d{n}, each further hit 1 more",
    ),
    choice_setting("tie", "how a contest's tie on hits is settled", "min", TIE),
)


def _conflict(rules: RuleSet) -> Conflict | None:
    ladder = rules["ladder"]
    x, y = rules["base-check"]
    if y not in ladder:
        return Conflict(
            f"base-check {x}/{y} is rolled on a d{y}, which the ladder ({'-'.join(map(str, ladder))}) "
            "does not have: put the die on the ladder or choose another check",
            ("ladder", "base-check"),
        )
    if rules["crit-die"] == "never" and rules["crit-check"] != CRIT_CHECK:
        cx, cy = rules["crit-check"]
        return Conflict(
            f"crit-check {cx}/{cy} does nothing under crit-die never: drop one of them", ("crit-die", "crit-check")
        )
    return None


BOOK = RuleBook("X-in-Y checks", SETTINGS, check=_conflict)
PRINTED = BOOK.printed
