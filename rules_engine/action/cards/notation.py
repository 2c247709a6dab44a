"""The cards' notations, each led by its own word: ``draw …`` (the Dramatic Card Draw) and
``deck …`` (the Action! Deck). Each module reads its own notation; this one names them."""

from __future__ import annotations

from ...core.system import WordNotation
from . import deck, draw

#: Leading word → (parse, seeded deal, exact odds).
ENTRIES: dict[str, WordNotation] = {
    "draw": (draw.parse, draw.draw, draw.odds),
    "deck": (deck.parse, deck.draw, deck.odds),
}

HELP = (
    "Dramatic Card Draw: draw [N factions | NAME, NAME …] [; no jokers | ; 1 joker] (54 cards with "
    '2 jokers unless told), e.g. "draw 3 factions", "draw Heroes, Villains". '
    "Action! Deck: deck [N] [plots | actions] [: CARD [/ CARD] in N draws] (200 cards: every plot "
    'with every action; plots, actions: each list as a deck alone), e.g. "deck 2", '
    '"deck: Rally in 5 draws". '
)
