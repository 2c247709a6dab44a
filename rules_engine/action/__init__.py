"""Action!: skill + open-ended positive d10s − negative d10s against a defence, eight
degrees of success, action types, and the value table (source 001).

Its parts are sub-packages, each with its own notation, odds, tables and actions: ``roll``
(the roll itself), ``combat`` (combat and damage) and ``cards`` (the card draw and the
Action! Deck). This module joins them into the one ``SYSTEM``."""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.rule_set import read_with
from ..core.system import Explained, System, WordNotation
from . import designer, play
from .cards import actions as card_actions
from .cards import notation as card_notation
from .cards import tables as card_tables
from .combat import actions as combat_actions
from .combat import notation as combat_notation
from .combat import tables as combat_tables
from .house_rules import BOOK
from .lab import LAB
from .roll import actions as roll_actions
from .roll import notation, odds
from .roll import roll as roller
from .roll import tables as roll_tables

__all__ = ["SYSTEM", "cards", "combat", "roll"]

#: Notations led by a word of their own: word → (parse, seeded roll, exact odds).
WORD_NOTATIONS: dict[str, WordNotation] = {**card_notation.ENTRIES, **combat_notation.ENTRIES}

#: Every table the site publishes, part by part (keys ``action-…``).
TABLES = {**roll_tables.TABLES, **combat_tables.TABLES, **card_tables.TABLES}

#: Every widget action of the browser bridge, part by part.
ACTIONS = {**roll_actions.ACTIONS, **card_actions.ACTIONS, **combat_actions.ACTIONS, **play.ACTIONS}


def printed_only(text: str) -> str:
    """A notation led by a word (``damage``, ``mook``, ``draw`` …) without its rule set: these
    follow the printed rules, so a house rule there is refused with a caret under it."""
    roll_text, rules = read_with(BOOK, text)
    if not rules.is_printed:
        at = BOOK.split(text)[1] or 0
        raise RulesError(
            f"house rules change an action's roll (SKILL vs DEFENCE) only: "
            f"{notation.leading_word(text)} follows the printed rules",
            notation=text,
            position=max(0, at - 4),
            length=len(text) - max(0, at - 4),
            field="rules",
        )
    return roll_text


def roll_notation(text: str, seed: int | None = None) -> Explained:
    """Roll a notation such as ``8 vs 5 inspired`` (or draw: ``draw 3 factions``, ``deck 2``)."""
    word = notation.leading_word(text)
    if word in WORD_NOTATIONS:
        parse, draw, _ = WORD_NOTATIONS[word]
        return draw(parse(printed_only(text)), seed)
    return roller.roll(notation.parse(text), seed)


def odds_notation(text: str) -> Explained:
    """The exact odds of a notation such as ``5 vs 5`` (no cut-off), ``draw 3`` or ``deck: Rally in 5 draws``."""
    word = notation.leading_word(text)
    if word in WORD_NOTATIONS:
        parse, _, exact = WORD_NOTATIONS[word]
        return exact(parse(printed_only(text)))
    return odds.odds(notation.parse(text))


NOTATION_HELP = (
    "SKILL vs [active] DEFENCE [types] [+Nd] [-Nd] [T n] [ev A vs B] [with SETTINGS]; types: inspired, "
    "wild, stymied, routine, static, boosted, hindered, promising, hazardous, experimental, one-shot; "
    "T: the Threshold (5, or the setting threshold; T n and the setting must agree when both are given); "
    "ev: each side's attribute + modifiers (PV = Outcome without); with: house rules, the settings "
    "listed below (an action's roll only). "
    'e.g. "8 vs 5 inspired", "5 vs active 3 wild T 10 ev 3 vs 2", "5 vs 5 with die d8, open positive". '
    + card_notation.HELP
    + "Combat and damage: "
    + combat_notation.HELP
)

SYSTEM = System(
    "action",
    "Action!",
    notation.EXAMPLE,
    roll_notation,
    odds_notation,
    TABLES,
    roll_tables.errata,
    ACTIONS,
    designer=designer.view,
    summary="skill + open-ended d10s against a defence; eight degrees, exact with no cut-off",
    notation_help=NOTATION_HELP,
    lab=LAB,
)
