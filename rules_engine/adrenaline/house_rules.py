"""The Adrenaline d10 pool's house rules: every rule the source fixes, as a setting.

The printed rule set is the game as the source has it; each setting changes one rule. The
older variant words of the notation stand for settings (``BOOK.aliases``): ``tens-twice``
is ``top-counts twice``, ``tens-explode`` is ``top-explodes yes``, ``botch-if-none`` is
``botch no-success``, ``no-cancel`` is ``ones nothing`` with ``botch no-success`` (as the
variant always read), and ``designer`` is ``pool-cap 60``.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.rule_set import Conflict, RuleBook, RuleSet, Value, choice_setting, die_setting, number_setting
from .rules import DEFAULT_DIFFICULTY, LOWEST_DIFFICULTY, MAX_DESIGNER_POOL, MAX_POOL, SIDES, Mechanics, Options

#: The dice a house rule may roll.
DICE = (4, 6, 8, 10, 12, 20)

BOOK = RuleBook(
    "Adrenaline d10 pool",
    (
        die_setting(
            "die", "the die every pool rolls", SIDES, DICE, words=lambda n: f"the pool rolls d{n}, its top face a {n}"
        ),
        number_setting(
            "difficulty",
            "the difficulty of a roll that names none",
            DEFAULT_DIFFICULTY,
            LOWEST_DIFFICULTY,
            max(DICE),
            lambda v: f"a roll that names no difficulty is made against {v}",
        ),
        choice_setting(
            "ones",
            "what a die showing 1 does",
            "cancel",
            {"cancel": "each 1 takes one success away", "nothing": "a 1 takes no success away"},
        ),
        choice_setting(
            "botch",
            "when a roll without spent points is a botch",
            "more-ones",
            {
                "more-ones": "a roll botches when its 1s outnumber its successes",
                "no-success": "a roll botches when it shows a 1 and not a single success",
                "never": "no roll ever botches",
            },
        ),
        choice_setting(
            "top-counts",
            "how many successes the die's top face counts for",
            "once",
            {"once": "the top face is one success", "twice": "the top face is two successes"},
        ),
        choice_setting(
            "top-explodes",
            "whether the die's top face rolls one more die",
            "no",
            {"no": "the top face adds no die", "yes": "each top face rolls one more die, which may do the same"},
        ),
        number_setting(
            "pool-cap",
            "the most dice one pool may hold",
            MAX_POOL,
            1,
            MAX_DESIGNER_POOL,
            lambda v: f"a pool holds at most {v} dice",
        ),
        choice_setting(
            "doubles",
            "what two surviving success dice of one face earn",
            "point",
            {"point": "a surviving pair of success dice earns an Adrenaline point", "nothing": "a pair earns nothing"},
        ),
    ),
    aliases={
        "botch-if-none": (("botch", "no-success"),),
        "tens-explode": (("top-explodes", "yes"),),
        "tens-twice": (("top-counts", "twice"),),
        "no-cancel": (("ones", "nothing"), ("botch", "no-success")),
        "designer": (("pool-cap", str(MAX_DESIGNER_POOL)),),
    },
    check=lambda rules: _conflict(rules),
)

#: The variant words (``rules.OPTION_NAMES``) that ``BOOK.aliases`` names, in the notation's order.
VARIANTS = ("botch-if-none", "tens-explode", "tens-twice", "no-cancel", "designer")


def _conflict(rules: RuleSet) -> Conflict | None:
    sides = rules["die"]
    if rules["difficulty"] > sides:
        return Conflict(
            f"difficulty {rules['difficulty']} is past the die's faces: with a d{sides} the difficulty "
            f"runs from {LOWEST_DIFFICULTY} to {sides}",
            ("die", "difficulty"),
        )
    return None


@lru_cache(maxsize=256)
def _mechanics(values: tuple[Value, ...]) -> Mechanics:
    rules = dict(zip((s.name for s in BOOK.settings), values))
    return Mechanics(
        sides=rules["die"],
        ones_cancel=rules["ones"] == "cancel",
        botch=rules["botch"],
        top_value=2 if rules["top-counts"] == "twice" else 1,
        explode=rules["top-explodes"] == "yes",
        max_pool=rules["pool-cap"],
        doubles=rules["doubles"] == "point",
    )


def mechanics(rules: RuleSet) -> Mechanics:
    """What the engine reads of a rule set."""
    return _mechanics(rules.values)


def options_of(rules: RuleSet) -> Options:
    """The variant words that hold in ``rules`` (``no-cancel`` before ``botch-if-none``:
    ``ones nothing`` with ``botch no-success`` is ``no-cancel`` alone)."""
    no_cancel = rules["ones"] == "nothing" and rules["botch"] == "no-success"
    return Options(
        botch_if_none=rules["botch"] == "no-success" and not no_cancel,
        tens_explode=rules["top-explodes"] == "yes",
        tens_twice=rules["top-counts"] == "twice",
        no_cancel=no_cancel,
        designer=rules["pool-cap"] == MAX_DESIGNER_POOL,
    )


def rules_of(options: Options) -> RuleSet:
    """The rule set the variant words ``options`` stand for."""
    chosen: dict[str, object] = {}
    for word, attr in zip(VARIANTS, ("botch_if_none", "tens_explode", "tens_twice", "no_cancel", "designer")):
        if getattr(options, attr):
            for name, written in BOOK.aliases[word]:
                chosen[name.replace("-", "_")] = BOOK.setting(name).value_of(written)
    return BOOK.rule_set(**chosen)


def in_variant_words(rules: RuleSet) -> bool:
    """Whether the variant words alone say ``rules`` (then a notation writes them, as before)."""
    return rules_of(options_of(rules)) == rules
