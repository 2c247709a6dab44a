"""The card widgets' actions for the browser bridge (``rules_engine.web``), part of
Action!'s ``ACTIONS``.

- ``card_draw_odds`` / ``card_draw_roll``: the Dramatic Card Draw's form. ``factions`` is a
  number of factions or their names separated by commas; ``jokers`` is how many jokers the
  deck holds (``2``, ``1`` or ``0``; blank: 2). The odds are ``odds action "draw …" --json``
  for the canonical notation they carry; the roll (with ``seed``) is ``roll action "draw …"``.
- ``deck_odds`` / ``deck_roll``: the Action! Deck's form. ``draws`` is how many cards are
  dealt (blank: 1), ``deck`` is ``cards`` (blank), ``plots`` or ``actions``, and ``card`` is
  an optional card to look for (a plot, an action, or ``plot / action``). The results are
  those of ``odds|roll action "deck …"`` for the canonical notation they carry.

Every error names its field; a name's error carries a caret under the field's own text.
"""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.notation import parse_whole_number
from ..core.requests import Request, request_fields, request_seed
from . import cards, deck

CARD_FIELDS = ("factions", "jokers")
DECK_FIELDS = ("draws", "deck", "card")


def _in_field(error: RulesError, name: str, text: str, shift: int) -> RulesError:
    """``error`` (raised on a notation that holds the field's text from ``shift`` on) moved
    onto the field: its caret under the field's own text."""
    position = None if error.position is None else min(max(error.position - shift, 0), len(text))
    return RulesError(error.message, notation=text if position is not None else None, position=position,
                      length=error.length, field=name)


def draw_query(request: Request) -> cards.DrawQuery:
    """The draw the form describes."""
    fields = request_fields(request, CARD_FIELDS)
    jokers_text = fields["jokers"].strip() or str(cards.DEFAULT_JOKERS)
    jokers = parse_whole_number(jokers_text, "jokers", 0, cards.MAX_JOKERS)
    text = fields["factions"]
    if text.strip() == "":
        raise RulesError("write how many factions draw, or their names separated by commas", field="factions")
    head = "draw "
    try:
        query = cards.parse(head + text + f"; {jokers} jokers")
    except RulesError as error:
        raise _in_field(error, "factions", text, len(head)) from None
    return query


def card_draw_odds(request: Request) -> dict[str, object]:
    """The exact odds of the form's draw (``odds --json``'s keys)."""
    return cards.odds(draw_query(request)).to_json()


def card_draw_roll(request: Request) -> dict[str, object]:
    """A seeded draw for the form's factions (``roll --json``'s keys)."""
    query = draw_query(request)
    return cards.draw(query, request_seed(request)).to_json()


def deck_query(request: Request) -> deck.DeckQuery:
    """The deal the form describes."""
    fields = request_fields(request, DECK_FIELDS)
    kind = fields["deck"].strip().lower() or "cards"
    if kind not in deck.DECKS:
        raise RulesError(f"the deck must be one of {', '.join(deck.DECKS)}", field="deck")
    size = deck.deck_size(kind)
    draws = parse_whole_number(fields["draws"].strip() or "1", "draws", 1, size)
    text = fields["card"]
    plot = action = None
    if text.strip():
        try:
            plot, action = deck.read_card(text, text, 0, kind)
        except RulesError as error:
            raise _in_field(error, "card", text, 0) from None
    return deck.make_deck(draws, kind, plot, action)


def deck_odds(request: Request) -> dict[str, object]:
    """The exact chance of each card (and of the one asked for) in the form's draws."""
    return deck.odds(deck_query(request)).to_json()


def deck_roll(request: Request) -> dict[str, object]:
    """A seeded deal of the form's draws."""
    query = deck_query(request)
    return deck.draw(query, request_seed(request)).to_json()


ACTIONS = {"card_draw_odds": card_draw_odds, "card_draw_roll": card_draw_roll, "deck_odds": deck_odds,
           "deck_roll": deck_roll}
