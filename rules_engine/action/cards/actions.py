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

The two rolls (``card_draw_roll``, ``deck_roll``) add ``share``: the draw in chat words
(``rules_engine.core.share``) with its exact chance. A draw's cards have no order of better
and worse, so the chance is that of *this exact draw*: these cards, dealt in this order (cards
that look alike, the two jokers, counted together). A deal that looks for a card has two
results, the card came up or it did not: the chance is that of the result dealt.

Every error names its field; a name's error carries a caret under the field's own text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from ...core.errors import RulesError
from ...core.notation import parse_whole_number
from ...core.requests import Request, labelled, request_fields, request_seed
from ...core.share import share_reply
from . import deck, draw

CARD_FIELDS = ("factions", "jokers")
DECK_FIELDS = ("draws", "deck", "card")


def _in_field(error: RulesError, name: str, text: str, shift: int) -> RulesError:
    """``error`` (raised on a notation that holds the field's text from ``shift`` on) moved
    onto the field: its caret under the field's own text."""
    position = None if error.position is None else min(max(error.position - shift, 0), len(text))
    return RulesError(
        error.message,
        notation=text if position is not None else None,
        position=position,
        length=error.length,
        field=name,
    )


def draw_query(request: Request) -> draw.DrawQuery:
    """The draw the form describes."""
    fields = request_fields(request, CARD_FIELDS)
    jokers_text = fields["jokers"].strip() or str(draw.DEFAULT_JOKERS)
    jokers = parse_whole_number(jokers_text, "jokers", 0, draw.MAX_JOKERS)
    text = fields["factions"]
    if text.strip() == "":
        raise RulesError("write how many factions draw, or their names separated by commas", field="factions")
    head = "draw "
    try:
        query = draw.parse(head + text + f"; {jokers} jokers")
    except RulesError as error:
        raise _in_field(error, "factions", text, len(head)) from None
    return query


def card_draw_odds(request: Request) -> dict[str, object]:
    """The exact odds of the form's draw (``odds --json``'s keys)."""
    return draw.odds(draw_query(request)).to_json()


def chance_of_these(dealt: Sequence[str], cards: Sequence[str]) -> Fraction:
    """The chance that cards dealt one by one from ``cards`` (none put back) come out as
    ``dealt``, in this order; cards of the same name (the two jokers) are one card to the eye."""
    left = Counter(cards)
    size = len(cards)
    chance = Fraction(1)
    for name in dealt:
        chance *= Fraction(left[name], size)
        left[name] -= 1
        size -= 1
    return chance


def favoured_words(card: draw.Card) -> str:
    """``Interaction Favoured`` or ``every action Favoured`` (an Ace or a Joker)."""
    return f"{card.favoured} Favoured" if card.favoured != draw.EVERY_ACTION else "every action Favoured"


def draw_share(drawn: draw.CardDraw) -> dict[str, str]:
    """The draw in chat words: each faction's card, its result and Favoured action; the
    chance of this exact draw (each faction the card it drew)."""
    query = drawn.query
    cards = drawn.cards
    result = "; ".join(
        f"{name}: {card.name} ({card.result.name}, {favoured_words(card)})"
        for name, card in zip(query.faction_names, cards)
    )
    chance = chance_of_these([c.name for c in cards], [c.name for c in draw.deck(query.jokers)])
    whom = "this card" if len(cards) == 1 else "each faction the card shown"
    either = ", either joker for a Joker" if query.jokers == 2 and any(c.suit is None for c in cards) else ""
    return share_reply(
        "Action!",
        query.notation,
        [c.short for c in cards],
        result,
        chance,
        f"this exact draw ({whom}{either})",
        what="draw",
        shown_as="Cards",
    )


def card_draw_roll(request: Request) -> dict[str, object]:
    """A seeded draw for the form's factions (``roll --json``'s keys), plus the draw in chat
    words (``share``)."""
    query = draw_query(request)
    drawn = draw.draw(query, request_seed(request))
    return {**drawn.to_json(), "share": draw_share(drawn)}


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


def deal_share(dealt: deck.DeckDraw) -> dict[str, str]:
    """The deal in chat words. Looking for a card: whether it came up (and as which card),
    with the exact chance of that result; else the cards in order, with the chance of this
    exact deal."""
    query = dealt.query
    n = query.draws
    in_draws = f"in {n} draw{'s' if n != 1 else ''}"
    shown = [deck.card_text(card) for card in dealt.cards]
    target = query.target
    if target:
        name = deck.card_text(target)
        p = deck.p_drawn(query.kind, target, n)
        if dealt.found_at:
            result, chance, chance_of = f"{name} came up as card {dealt.found_at}", p, f"{name} coming up {in_draws}"
        else:
            result, chance, chance_of = f"{name} did not come up {in_draws}", 1 - p, f"{name} not coming up {in_draws}"
    else:
        result = f"{'these cards, in this order' if n != 1 else 'this card'}, from {deck.deck_label(query.kind)}"
        chance = chance_of_these(shown, [deck.card_text(card) for card in deck.deck_cards(query.kind)])
        chance_of = f"this exact draw ({'these cards in this order' if n != 1 else 'this card'})"
    return share_reply(
        "Action!", query.notation, [" · ".join(shown)], result, chance, chance_of, what="draw", shown_as="Cards"
    )


def deck_roll(request: Request) -> dict[str, object]:
    """A seeded deal of the form's draws, plus the deal in chat words (``share``)."""
    query = deck_query(request)
    dealt = deck.draw(query, request_seed(request))
    return {**dealt.to_json(), "share": deal_share(dealt)}


#: Each field's label as the two card widgets show it (``macros/action_cards.py``): errors use these words.
LABELS = {
    "factions": "Factions",
    "jokers": "Jokers in the deck",
    "draws": "Cards to draw",
    "deck": "Deck",
    "card": "Card to look for",
    "seed": "Seed",
}

ACTIONS = labelled(
    {
        "card_draw_odds": card_draw_odds,
        "card_draw_roll": card_draw_roll,
        "deck_odds": deck_odds,
        "deck_roll": deck_roll,
    },
    LABELS,
)
