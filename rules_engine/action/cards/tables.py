"""Action!: the card tables the site publishes (the Dramatic Card Draw and the Action! Deck),
generated from ``cards`` and ``deck``; part of Action!'s ``TABLES``."""

from __future__ import annotations

from fractions import Fraction

from ...core.exact import percent, ratio
from ...core.tables import Cell, Table, cell
from . import deck, draw

#: The numbers of factions the multi-faction table shows.
FACTION_COUNTS = (1, 2, 3, 4, 5, 6)
#: The numbers of draws the deck tables show.
DRAW_COUNTS = (1, 2, 3, 5, 10)
SUIT_NAMES = {"spades": "Spades ♠", "hearts": "Hearts ♥", "clubs": "Clubs ♣", "diamonds": "Diamonds ♦"}


def exact(value: Fraction) -> Cell:
    return Cell(ratio(value) if value not in (0, 1) else str(value), value)


def pct(value: Fraction) -> Cell:
    return Cell(percent(value, 1), value)


def results_table() -> Table:
    """Each rank's result for the faction that draws it, with its exact chance."""
    size = 52 + draw.DEFAULT_JOKERS
    counts = draw.result_counts()
    rows = []
    for result in draw.RESULTS:
        k = counts[result.name]
        ranks = "2 jokers" if result.name == "Joker" else ", ".join(result.ranks)
        p = Fraction(k, size)
        rows.append((cell(result.name), cell(ranks), cell(k), exact(p), pct(p), cell(result.effect)))
    return Table(
        "action-card-results",
        "Dramatic Card Draw: what each card does, and its chance",
        ("Card", "Ranks", "Cards", "Exact", "As %", "What it does"),
        tuple(rows),
        (
            f"A {size}-card deck: the 52 cards and two jokers. The chance is the same for every faction, "
            "whichever draws first.",
        ),
    )


def suits_table() -> Table:
    """Each suit's Favoured action, and the chance that a faction's card favours it."""
    size = 52 + draw.DEFAULT_JOKERS
    favoured = draw.favoured_counts()
    rows = []
    for suit in draw.SUITS:
        kind = draw.FAVOURED[suit]
        k = favoured[kind]
        p = Fraction(k, size)
        rows.append((cell(SUIT_NAMES[suit]), cell(kind), cell(draw.FAVOURED_MEANING[kind]), cell(k), exact(p), pct(p)))
    return Table(
        "action-card-suits",
        "Dramatic Card Draw: each suit's Favoured action",
        ("Suit", "Favoured action", "Covers", "Cards that favour it", "Exact", "As %"),
        tuple(rows),
        (
            "Cards that favour it: the suit's twelve cards from 2 to King, plus the four Aces and the two "
            "jokers, which favour every action.",
        ),
    )


def factions_table() -> Table:
    """The chance that at least one of n factions draws each result (one deck, no card twice)."""
    size = 52 + draw.DEFAULT_JOKERS
    counts = draw.result_counts()
    rows = []
    for n in FACTION_COUNTS:
        rows.append((cell(n), *(pct(draw.p_any(size, counts[r.name], n)) for r in draw.RESULTS)))
    return Table(
        "action-card-factions",
        "Dramatic Card Draw: chance that at least one faction draws each card",
        ("Factions", *draw.RESULT_NAMES),
        tuple(rows),
        (
            "All factions draw from one 54-card deck, so no two draw the same card: "
            "1 − C(54 − k, n) / C(54, n) for a result on k cards.",
        ),
    )


def factions_exact_table() -> Table:
    """The same chances as exact fractions."""
    size = 52 + draw.DEFAULT_JOKERS
    counts = draw.result_counts()
    rows = tuple((cell(n), *(exact(draw.p_any(size, counts[r.name], n)) for r in draw.RESULTS)) for n in FACTION_COUNTS)
    return Table(
        "action-card-factions-exact",
        "Dramatic Card Draw: chance that at least one faction draws each card, exact",
        ("Factions", *draw.RESULT_NAMES),
        rows,
    )


def _deck_rows(entries: tuple[deck.DeckCard, ...]) -> tuple[tuple[Cell, ...], ...]:
    rows = []
    for entry in entries:
        target = (entry, None) if entry.half == "plot" else (None, entry)
        k = deck.copies("cards", target)
        rows.append((cell(entry.name), cell(entry.effect), cell(k), exact(deck.p_drawn("cards", target, 1))))
    return tuple(rows)


def plots_table() -> Table:
    size = deck.deck_size("cards")
    return Table(
        "action-deck-plots",
        "The Action! Deck: plots",
        ("Plot", "What it does", f"Cards of {size}", "Chance in one draw"),
        _deck_rows(deck.PLOTS),
    )


def actions_table() -> Table:
    size = deck.deck_size("cards")
    return Table(
        "action-deck-actions",
        "The Action! Deck: actions",
        ("Action", "What it approves", f"Cards of {size}", "Chance in one draw"),
        _deck_rows(deck.ACTIONS),
    )


DRAW_COLUMNS = (
    "A given plot",
    "A given action",
    "A given plot with a given action",
    "Plot-only deck: a plot",
    "Action-only deck: an action",
)


def _draw_chances(n: int) -> tuple[Fraction, ...]:
    """The chance that a given card comes up in ``n`` draws, for each column of the draws table."""
    plot, action = deck.PLOTS[0], deck.ACTIONS[0]
    columns = (
        ("cards", (plot, None)),
        ("cards", (None, action)),
        ("cards", (plot, action)),
        ("plots", (plot, None)),
        ("actions", (None, action)),
    )
    return tuple(deck.p_drawn(kind, target, n) for kind, target in columns)


def draws_table(*, fractions: bool = False) -> Table:
    """The chance that a given card comes up in n draws, for each kind of card and deck."""
    rows = tuple((cell(n), *((exact if fractions else pct)(p) for p in _draw_chances(n))) for n in DRAW_COUNTS)
    notes = (
        ()
        if fractions
        else (
            "The whole deck has 200 cards: each plot on 10, each action on 20, each pairing on 1. The plot-only and "
            "action-only decks hold each card once (20 and 10 cards). Every plot has the same chances, and so "
            "does every action.",
        )
    )
    return Table(
        "action-deck-draws" + ("-exact" if fractions else ""),
        "The Action! Deck: chance that a given card comes up in n draws" + (", exact" if fractions else ""),
        ("Draws", *DRAW_COLUMNS),
        rows,
        notes,
    )


TABLES = {
    "card-results": results_table,
    "card-suits": suits_table,
    "card-factions": factions_table,
    "card-factions-exact": factions_exact_table,
    "deck-plots": plots_table,
    "deck-actions": actions_table,
    "deck-draws": draws_table,
    "deck-draws-exact": lambda: draws_table(fractions=True),
}
