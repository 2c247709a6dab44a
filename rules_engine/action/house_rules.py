"""Action!'s rule book for the design lab (issue 30): every number and choice the source
fixes for an action roll, as a setting whose default is the printed rule.

The written form follows ``with`` at the end of an action (``5 vs 5 with die d8, open
positive``), or is given to the CLI's ``--rules``. The notation's ``T n`` and the setting
``threshold`` are one rule, the Threshold: the setting is the Threshold of every action that
does not write ``T n``; an action that writes both must give the same number, else it is
refused. The damage notation keeps its own ``with`` for option words (``damage 23 with
stun``): there, a rule set starts only at a ``with`` followed by one of the settings' names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..core.rule_set import (
    Conflict,
    RuleBook,
    RuleSet,
    Setting,
    choice_setting,
    die_setting,
    number_setting,
    split_with,
)
from .roll.rules import ACTIVE_DEFENCE_BONUS, DEFAULT_THRESHOLD, MAX_THRESHOLD, SIDES, TOTAL_FAILURE_MARGIN

#: The dice a house rule may use (every one open-ended on its top face, exactly).
DICE = (4, 6, 8, 10, 12, 20)
#: Positive and negative dice of a plain action, each.
MAX_BASE_DICE = 3
#: Under a house rule, an action rolls at most this many positive and this many negative
#: dice: the most the printed rules can roll (1 + Inspired + Wild + 10 extra), so a house
#: rule never asks for more work than the printed worst case (about a second natively).
MAX_HOUSE_POOL = 13
#: The degrees a PV in Thresholds starts: Major Success, Negotiated Victory, Victory, Total Victory.
PRINTED_STEPS = (1, 2, 3, 4)
MAX_STEP = 20


def _dice_words(kind: str) -> Callable[[int | None], str]:
    def words(n: int | None) -> str:  # never None: these settings have no "none"
        return f"a plain action rolls {n} {kind} {'die' if n == 1 else 'dice'}"

    return words


def _read_steps(text: str) -> tuple[int, ...]:
    parts = text.replace(" ", "").split("-")
    if len(parts) != 4 or not all(re.fullmatch(r"[0-9]{1,3}", p) for p in parts):
        raise ValueError(text)
    values = tuple(int(p) for p in parts)
    if not all(1 <= v <= MAX_STEP for v in values) or list(values) != sorted(set(values)):
        raise ValueError(text)
    return values


def _steps_words(steps: tuple[int, ...]) -> str:
    major, negotiated, victory, total = steps
    return (
        f"PV of {major}× the Threshold is a Major Success, {negotiated}× a Negotiated Victory, "
        f"{victory}× a Victory, {total}× a Total Victory"
    )


def _total_failure_words(margin: int | None) -> str:
    if margin is None:
        return "no Total Failure: a failure short of a Fumble is a Failure"
    return f"an Outcome of −{margin} or lower is a Total Failure"


SETTINGS = (
    die_setting(
        "die",
        "the kind of die rolled for every positive and negative die",
        SIDES,
        DICE,
        words=lambda n: f"every die is a d{n}",
    ),
    number_setting(
        "positive-dice", "how many positive dice a plain action rolls", 1, 0, MAX_BASE_DICE, _dice_words("positive")
    ),
    number_setting(
        "negative-dice", "how many negative dice a plain action rolls", 1, 0, MAX_BASE_DICE, _dice_words("negative")
    ),
    choice_setting(
        "open",
        "which dice roll again on their top face and add",
        "both",
        {
            "both": "positive and negative dice roll again on a top face",
            "positive": "only positive dice roll again on a top face",
            "negative": "only negative dice roll again on a top face",
            "none": "no die rolls again: a top face counts as it shows",
        },
    ),
    choice_setting(
        "reroll",
        "how often an open die may roll again",
        "endless",
        {
            "endless": "an open die rolls again each time its top face comes up",
            "once": "an open die rolls again once at most",
        },
    ),
    choice_setting(
        "double",
        "what a double-0 does to the degree",
        "both",
        {
            "both": "a double-0 makes a failure a Fumble and a success a Total Victory",
            "fumble": "a double-0 makes a failure a Fumble; a success stays as it is",
            "victory": "a double-0 makes a success a Total Victory; a failure stays as it is",
            "none": "a double-0 changes nothing",
        },
    ),
    choice_setting(
        "double-faces",
        "which first pair of dice counts as a double-0",
        "top",
        {
            "top": "only two top faces (0 and 0 on a d10) make a double-0",
            "any": "any pair on the first positive and first negative die makes a double-0",
        },
    ),
    number_setting(
        "threshold",
        "the Threshold of an action that does not give T n",
        DEFAULT_THRESHOLD,
        1,
        MAX_THRESHOLD,
        lambda v: f"the Threshold is {v}",
    ),
    Setting(
        "degrees",
        "how many Thresholds of PV each degree above Success needs",
        PRINTED_STEPS,
        f"four rising whole numbers from 1 to {MAX_STEP} joined by hyphens, as in 1-2-3-4",
        _read_steps,
        lambda v: "-".join(map(str, v)),
        _steps_words,
    ),
    number_setting(
        "total-failure",
        "how far below the defence an Outcome turns into a Total Failure",
        TOTAL_FAILURE_MARGIN,
        1,
        100,
        _total_failure_words,
        none="no Total Failure",
    ),
    number_setting(
        "active-bonus",
        "what an active defence adds to the defence",
        ACTIVE_DEFENCE_BONUS,
        0,
        20,
        lambda v: f"an active defence adds {v}",
    ),
)


def check(rules: RuleSet) -> Conflict | None:
    """Settings at odds: an action with no dice at all, or a way to roll again with no open die."""
    if rules["positive-dice"] == 0 and rules["negative-dice"] == 0:
        return Conflict(
            "positive-dice 0 with negative-dice 0 leaves a plain action no dice: give one die or more "
            "(the type Static is the action without dice)",
            ("positive-dice", "negative-dice"),
        )
    if rules["reroll"] == "once" and rules["open"] == "none":
        return Conflict(
            "reroll once says how an open die rolls again, but open none opens no die: "
            "choose open both, positive or negative, or leave reroll endless",
            ("open", "reroll"),
        )
    return None


_WITH = re.compile(r"(?<![A-Za-z0-9-])with(?![A-Za-z0-9-])", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s*([A-Za-z][A-Za-z0-9-]*)")


@lru_cache(maxsize=1)
def _word_notations() -> frozenset[str]:
    from . import WORD_NOTATIONS  # the package imports this module: read its list when first asked

    return frozenset(WORD_NOTATIONS)


def split(text: str) -> tuple[str, int | None]:
    """Where a notation's rule set starts. An action (``5 vs 5 with die d8``): at its
    ``with``. A notation led by a word (``damage 23 with stun``, ``mook 8 vs 5``): at the
    first ``with`` followed by a setting's name, so the damage options read as before."""
    words = text.split(None, 1)
    lead = words[0].split(":", 1)[0].lower() if words else ""
    if lead not in _word_notations():
        return split_with(text)
    names = {s.name for s in SETTINGS}
    for match in _WITH.finditer(text):
        following = _NEXT_WORD.match(text, match.end())
        if following and following.group(1).lower() in names:
            return text[: match.start()].rstrip(), match.end()
    return text, None


BOOK = RuleBook("Action!", SETTINGS, check=check, split=split)
PRINTED = BOOK.printed
