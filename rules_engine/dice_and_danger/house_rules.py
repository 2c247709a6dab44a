"""dice & danger's rule set: every number and choice the source fixes for a roll, as
settings a designer may change (issue 30; ``core/rule_set.py`` reads and writes them).

The printed rule set is the game as the chapter plays it: d6, a kept 6 explodes, bonus and
penalty dice cancel one for one before the roll, a bonus die discards the lowest die and a penalty die the highest on a damage roll (the other way
round on a save), DCs from 2 to 6, and every step of a DC past that range one die more or
fewer. Written after a notation's ``with``::

    3d vs DC 3 with die d8, crit 7
    save 2d+1b vs DC 4 with dc-past one-die

Ruling: the source's 6 is its die's top face, both as the face that explodes and as the
highest DC, so the printed values are written ``top`` (``crit top``, ``dc-range 2-top``):
with another die its own top face explodes and is the highest DC. A number names a face
instead, and ``crit`` then names the lowest face that explodes (every face from it up does).
"""

from __future__ import annotations

import re

from ..core.rule_set import Conflict, RuleBook, RuleSet, Setting, choice_setting, die_setting

#: The dice a designer may choose.
DICE = (4, 6, 8, 10, 12, 20)
#: The highest face any of them has: the top of a crit or a DC range.
TOP_FACE = max(DICE)
#: How a DC past the range is read, with what it gives (for the card).
DC_PAST = {
    "die-a-step": "each step of a DC past the range is one die more (below it) or fewer (above it)",
    "one-die": "a DC past the range gives one die more (below it) or fewer (above it), however far",
    "nothing": "a DC past the range is held to the range's end and gives no die",
}


#: The die's highest face, as a setting's value.
TOP = "top"


def _read_crit(text: str) -> int | str | None:
    if text in ("none", TOP):
        return None if text == "none" else TOP
    if not re.fullmatch(r"[0-9]{1,2}", text) or not 2 <= int(text) <= TOP_FACE:
        raise ValueError(text)
    return int(text)


def _crit_words(face: int | str | None) -> str:
    if face is None:
        return "no die explodes"
    if face == TOP:
        return "a kept die showing its top face (a 6 on a d6) explodes into one more die"
    return f"a kept die showing {face} or more explodes into one more die"


CRIT = Setting(
    "crit",
    "the lowest face of a kept die that explodes into one more die, top being the die's highest face",
    TOP,
    f"top, a face from 2 to {TOP_FACE} or none",
    _read_crit,
    lambda v: "none" if v is None else str(v),
    _crit_words,
    (TOP, "none", *map(str, range(2, TOP_FACE + 1))),
)


def _read_range(text: str) -> tuple[int, int | str]:
    match = re.fullmatch(r"([0-9]{1,2}) ?- ?([0-9]{1,2}|top)", text)
    if match is None:
        raise ValueError(text)
    low = int(match.group(1))
    high: int | str = TOP if match.group(2) == TOP else int(match.group(2))
    if not 1 <= low <= TOP_FACE or (high != TOP and not low <= int(high) <= TOP_FACE):
        raise ValueError(text)
    return low, high


def _range_words(value: tuple[int, int | str]) -> str:
    low, high = value
    top = "the die's top face (6 on a d6)" if high == TOP else str(high)
    return f"a DC is never below {low} or above {top}"


DC_RANGE = Setting(
    "dc-range",
    "the lowest and the highest DC a roll is made against, top being the die's highest face",
    (2, TOP),
    f"a lowest DC from 1 to {TOP_FACE}, a hyphen and a highest DC from 1 to {TOP_FACE} or top, as in 2-top or 3-5",
    _read_range,
    lambda v: f"{v[0]}-{v[1]}",
    _range_words,
)

BOOK_SETTINGS = (
    die_setting("die", "the die every pool rolls", 6, DICE, words=lambda n: f"every die is a d{n}"),
    CRIT,
    choice_setting(
        "cancel",
        "whether bonus and penalty dice cancel one for one before the roll",
        "yes",
        {
            "yes": "a bonus and a penalty die cancel each other before the roll",
            "no": "every bonus and penalty die is rolled, and each discards its own die",
        },
    ),
    choice_setting(
        "bonus-drops",
        "the die a bonus die discards on a damage roll",
        "lowest",
        {"lowest": "a bonus die discards the lowest die", "highest": "a bonus die discards the highest die"},
    ),
    choice_setting(
        "penalty-drops",
        "the die a penalty die discards on a damage roll",
        "highest",
        {"highest": "a penalty die discards the highest die", "lowest": "a penalty die discards the lowest die"},
    ),
    choice_setting(
        "save-drops",
        "which dice bonus and penalty dice discard on a save",
        "swapped",
        {
            "swapped": "on a save each discards the other end of the pool than on a damage roll",
            "same": "on a save they discard the same dice as on a damage roll",
        },
    ),
    DC_RANGE,
    choice_setting("dc-past", "what a DC past the DC range gives", "die-a-step", DC_PAST),
)


def _check(rules: RuleSet) -> Conflict | None:
    sides = rules["die"]
    crit = rules["crit"]
    if isinstance(crit, int) and crit > sides:
        return Conflict(
            f"crit {crit} is past the d{sides}'s faces: a crit is top, a face from 2 to {sides}, or none",
            ("die", "crit"),
        )
    low, high = rules["dc-range"]
    if low > sides or (high != TOP and int(high) > sides):
        return Conflict(
            f"dc-range {low}-{high} goes past the d{sides}'s faces: a DC is at most {sides}", ("die", "dc-range")
        )
    return None


BOOK = RuleBook("dice & danger", BOOK_SETTINGS, check=_check)
PRINTED = BOOK.printed


# --- what the settings do, as small pure functions -----------------------------------
def crit_face(rules: RuleSet) -> int | None:
    """The lowest face that explodes (``None``: none does)."""
    crit = rules["crit"]
    return int(rules["die"]) if crit == TOP else crit


def dc_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and the highest DC, as numbers."""
    low, high = rules["dc-range"]
    return low, int(rules["die"]) if high == TOP else int(high)


def clamp_dc(rules: RuleSet, dc: int) -> tuple[int, int]:
    """``(DC, dice)``: the DC held to the rule set's range and the base dice that gives
    (above 0) or takes away (below 0), as ``dc-past`` says."""
    low, high = dc_bounds(rules)
    steps = low - dc if dc < low else (high - dc if dc > high else 0)
    held = min(max(dc, low), high)
    past = rules["dc-past"]
    if past == "nothing" or not steps:
        return held, 0
    if past == "one-die":
        return held, 1 if steps > 0 else -1
    return held, steps


def drops_highest(rules: RuleSet, extra: int, *, save: bool) -> bool:
    """Whether the bonus (``extra`` > 0) or penalty (< 0) dice left after cancelling
    discard the highest dice (else the lowest)."""
    on_damage = rules["bonus-drops"] if extra >= 0 else rules["penalty-drops"]
    highest: bool = on_damage == "highest"
    if save and rules["save-drops"] == "swapped":
        highest = not highest
    return highest


def explodes(rules: RuleSet, face: int) -> bool:
    """Whether a kept die showing ``face`` explodes into one more die."""
    crit = crit_face(rules)
    return crit is not None and face >= crit
