"""Action!: skill + open-ended positive d10s − negative d10s against a defence, eight
degrees of success, action types, and the value table (source 001)."""

from __future__ import annotations

from ..core.system import System
from . import actions, cards, deck, designer, notation, odds, roll, rules, tables
from .combat_notation import ENTRIES as COMBAT_NOTATIONS
from .combat_notation import HELP as COMBAT_HELP

__all__ = ["SYSTEM", "actions", "cards", "deck", "notation", "odds", "roll", "rules", "tables"]

#: Notations led by a word of their own: word → (parse, seeded roll, exact odds).
WORD_NOTATIONS = {
    "draw": (cards.parse, cards.draw, cards.odds),
    "deck": (deck.parse, deck.draw, deck.odds),
    **COMBAT_NOTATIONS,
}


def roll_notation(text: str, seed: int | None = None):  # noqa: ANN201 - one result type per notation
    """Roll a notation such as ``8 vs 5 inspired`` (or draw: ``draw 3 factions``, ``deck 2``)."""
    word = notation.leading_word(text)
    if word in WORD_NOTATIONS:
        parse, draw, _ = WORD_NOTATIONS[word]
        return draw(parse(text), seed)
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str):  # noqa: ANN201 - one result type per notation
    """The exact odds of a notation such as ``5 vs 5`` (no cut-off), ``draw 3`` or ``deck: Rally in 5 draws``."""
    word = notation.leading_word(text)
    if word in WORD_NOTATIONS:
        parse, _, exact = WORD_NOTATIONS[word]
        return exact(parse(text))
    return odds.odds(notation.parse(text))


NOTATION_HELP = ("SKILL vs [active] DEFENCE [types] [+Nd] [-Nd] [T n] [ev A vs B]; types: inspired, wild, "
                 "stymied, routine, static, boosted, hindered, promising, hazardous, experimental, one-shot; "
                 "T: the Threshold (5); ev: each side's attribute + modifiers (PV = Outcome without). "
                 "e.g. \"8 vs 5 inspired\", \"5 vs active 3 wild T 10 ev 3 vs 2\". "
                 "Dramatic Card Draw: draw [N factions | NAME, NAME …] [; no jokers | ; 1 joker] (54 cards with "
                 "2 jokers unless told), e.g. \"draw 3 factions\", \"draw Heroes, Villains\". "
                 "Action! Deck: deck [N] [plots | actions] [: CARD [/ CARD] in N draws] (200 cards: every plot "
                 "with every action; plots, actions: each list as a deck alone), e.g. \"deck 2\", "
                 "\"deck: Rally in 5 draws\". Combat and damage: " + COMBAT_HELP)

SYSTEM = System("action", "Action!", notation.EXAMPLE, roll_notation, odds_notation,
                tables.TABLES, tables.errata, actions.ACTIONS, designer=designer.view,
                summary="skill + open-ended d10s against a defence; eight degrees, exact with no cut-off",
                notation_help=NOTATION_HELP)
