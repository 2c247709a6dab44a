"""Action!'s card widgets: the Dramatic Card Draw for the factions at the table and the
Action! Deck draw. Their view is ``docs/assets/js/views/action-cards.js`` (attached through the
Action! view's ``WIDGETS``); the tables come from ``rules_engine.action.cards.tables``."""

from __future__ import annotations

from html import escape
from math import ceil

from macros.widget_html import (
    EXAMPLE_SEEDS,
    PART_REM,
    Room,
    default_values,
    engine_result,
    field_error,
    region,
    rooms,
    seed_field,
    tap_lines,
    text_field,
    text_lines,
    widget_shell,
)
from rules_engine.action import SYSTEM
from rules_engine.action.cards.deck import ENTRIES, deck_size
from rules_engine.action.cards.draw import DEFAULT_JOKERS, MAX_NAME_LENGTH
from rules_engine.action.cards.draw import deck as playing_cards

C = "acd"  # the card draw's ids: #acd-factions, #acd-jokers-2 …
D = "adk"  # the deck draw's ids: #adk-draws, #adk-deck-plots …


def _radios(prefix: str, name: str, legend: str, options: tuple[tuple[str, str], ...], checked: str) -> str:
    """A labelled group of radio buttons (arrow keys move between them)."""
    buttons = "".join(
        f'<div class="srd-toggle"><input type="radio" id="{prefix}-{name}-{value or "default"}" name="{name}" '
        f'value="{escape(value)}"{" checked" if value == checked else ""} disabled> '
        f'<label for="{prefix}-{name}-{value or "default"}">{escape(label)}</label></div>'
        for value, label in options
    )
    return (
        f'<fieldset class="srd-field srd-field--wide srd-action-card-choice" id="{prefix}-{name}" '
        f'aria-describedby="{prefix}-{name}-error"><legend>{escape(legend)}</legend>'
        f'<div class="srd-action-card-choice__list">{buttons}</div>{field_error(f"{prefix}-{name}")}</fieldset>'
    )


# --- the room the results keep (action.css draws them; widget.css adds the parts up) -------
# The cards' text is Material's 0.8rem (a 1.28rem line), a paragraph's margin 0.4em under it;
# the dealt cards scroll in a list capped at 12rem with a 0.5em margin (action.css).
TEXT_REM, TEXT_LINE_REM, PARAGRAPH_GAP_REM = 0.8, 1.28, 0.32
LIST_CAP_REM, LIST_GAP_REM = 12.0, 0.4
#: A dealt card's row in the card draw: the playing card's box (its line, padding and border)
#: and its 0.25em margins; a deck card's spacing: its 0.3em margins.
CARD_ROW_REM, DECK_CARD_GAP_REM = 1.98, 0.24
#: The folded line-by-line's summary: its words, less the marker and padding beside them.
SUMMARY = "Line by line, as the command line prints it"
SUMMARY_INSET_REM = 2.0


def _in_lines(height_rem: float) -> Room:
    """A height of 0.8rem text and its margins, in widget lines (rounded up)."""
    return Room(lines=ceil(round(height_rem / PART_REM["lines"], 6)))


def _paragraph_rem(text: str, width: float) -> float:
    """A paragraph of the cards' 0.8rem text and its margin."""
    return text_lines(text, width, TEXT_REM) * TEXT_LINE_REM + PARAGRAPH_GAP_REM


def _dealt(height_rem: float) -> Room:
    """The dealt cards' list: its rows up to its cap, where it scrolls (a box and the lines its
    taller cap takes), and its margin."""
    if height_rem < LIST_CAP_REM:
        return _in_lines(height_rem + LIST_GAP_REM)
    return Room(boxes=1) + _in_lines(LIST_CAP_REM + LIST_GAP_REM - PART_REM["boxes"])


def _folded(width: float) -> Room:
    """The closed line-by-line: its summary's words (wrapping on a phone) and its padding, a
    line on a desktop and two on a phone, where it is a 44 px tap target; the Share line."""
    return Room(lines=text_lines(SUMMARY, width - SUMMARY_INSET_REM) + tap_lines(width), shares=1)


def _card_odds_room(result: dict, width: float) -> Room:
    """The notation (one line, scrolling in its box) with the table's margins, a line each;
    the table: its caption, head row and a row for each result and each Favoured action."""
    return Room(lines=2, rows=2 + len(result["results"]) + len(result["favoured"]))


def _card_draw_room(result: dict, width: float) -> Room:
    """A card for each faction in the capped list (a row each, more where a long name wraps),
    then the folded lines and the Share line."""
    items = sum(
        CARD_ROW_REM
        + TEXT_LINE_REM
        * (
            text_lines(f"{d['faction']}: {d['card']}, {d['result']}; Favoured: {d['favoured']}", width - 3.1, TEXT_REM)
            - 1
        )
        for d in result["draws"]
    )
    return _dealt(items) + _folded(width)


def card_draw() -> str:
    """The factions (names or a count) and the jokers in; exact odds for that many factions
    and a seeded draw, one card for each faction, out."""
    fields = (
        text_field(
            C,
            "factions",
            "Factions",
            "Heroes, Villains",
            f"a number, or names separated by commas (each up to {MAX_NAME_LENGTH} characters)",
            numeric=False,
            wide=True,
        )
        + _radios(
            C,
            "jokers",
            "Jokers in the deck",
            (("2", "Two (54 cards)"), ("1", "One (53)"), ("0", "None (52)")),
            str(DEFAULT_JOKERS),
        )
        + seed_field(C)
    )
    # The odds table has a row a result whatever the factions: counted for each number of jokers.
    # The deal is tallest with a card for every faction a deck holds: its list then scrolls.
    asked = default_values(fields)
    odds = [
        engine_result(SYSTEM.key, {"action": "card_draw_odds", "fields": {**asked, "jokers": jokers}})
        for jokers in ("0", "1", "2")
    ]
    deals = [
        engine_result(SYSTEM.key, {"action": "card_draw_roll", "fields": fields_, "seed": "1"})
        for fields_ in (asked, {**asked, "factions": str(len(playing_cards(DEFAULT_JOKERS)))})
    ]
    regions = region("odds", "Exact odds for these factions", **rooms(_card_odds_room, odds)) + region(
        "result", "The draw", **rooms(_card_draw_room, deals)
    )
    return widget_shell(
        f"{C}-draw",
        SYSTEM.key,
        "cards",
        "Dramatic Card Draw",
        fields,
        "Draw",
        regions,
        first={"action": "card_draw_odds", "fields": default_values(fields)},
    )


def _deck_odds_room(result: dict, width: float) -> Room:
    """The notation (one line, scrolling in its box); the card looked for, its copies and its
    chance; or, with no card named, the chance of a given plot and of a given action."""
    height = TEXT_LINE_REM + PARAGRAPH_GAP_REM
    draws = f"{result['draws']} draw{'' if result['draws'] == 1 else 's'}"
    if result["card"]:
        said = f"{result['card']} is on {result['copies']} of the {result['deck_size']} cards. Chance in {draws}: "
        height += _paragraph_rem(f"{said}{result['p_drawn']} ({result['percent']})", width)
    else:
        height += _paragraph_rem(f"Chance in {draws}:", width) + PARAGRAPH_GAP_REM
        shown = {card["half"]: card for card in reversed(result["cards"])}  # the first of each half
        for card in shown.values():
            said = f"A given {card['half']} (on {card['copies']} of {result['deck_size']}): "
            height += text_lines(f"{said}{card['p_drawn']} ({card['percent']})", width - 1, TEXT_REM) * TEXT_LINE_REM
    return _in_lines(height)


def _deal_room(result: dict, width: float) -> Room:
    """The headline naming where the card looked for came up, the cards dealt (each half's
    name and effect) in the capped list, the folded lines and the Share line."""
    headline = 0.0
    if result["card"]:
        found = f"came up as card {result['found_at']}" if result["found_at"] else "did not come up"
        headline = _paragraph_rem(f"{result['card']} {found}", width)
    items = 0.0
    for card in result["cards"]:
        halves = [f"{card[h]} ({h}): {card[f'{h}_effect']}" for h in ("plot", "action") if card.get(h)]
        items += DECK_CARD_GAP_REM + TEXT_LINE_REM * sum(text_lines(half, width - 1.6, TEXT_REM) for half in halves)
    return (_in_lines(headline) if headline else Room()) + _dealt(items) + _folded(width)


DECKS = ("cards", "plots", "actions")


def deck_draw() -> str:
    """How many cards, from which deck, and maybe one card to look for in; the exact chance
    of that card (or of each card) and a seeded deal out."""
    names = "".join(f'<option value="{escape(e.name)}"></option>' for e in ENTRIES)
    fields = (
        text_field(
            D,
            "draws",
            "Cards to draw",
            "1",
            f"whole cards: 1–{deck_size('cards')}; plots: 1–{deck_size('plots')}; actions: 1–{deck_size('actions')}",
        )
        + _radios(
            D,
            "deck",
            "Deck",
            (
                ("cards", f"Whole cards ({deck_size('cards')})"),
                ("plots", f"Plots only ({deck_size('plots')})"),
                ("actions", f"Actions only ({deck_size('actions')})"),
            ),
            "cards",
        )
        + text_field(
            D,
            "card",
            "Card to look for",
            "Rally",
            "optional: a plot, an action, or plot / action",
            numeric=False,
            list_id=f"{D}-card-names",
        )
        + f'<datalist id="{D}-card-names">{names}</datalist>'
        + seed_field(D)
    )
    # The chance at every number of draws of each deck with no card named (its fractions grow
    # with the draws), and of the whole cards' longest plot / action pair; the deal of the
    # whole deck with that pair over EXAMPLE_SEEDS (where it comes up sets the headline).
    asked = default_values(fields)
    longest = " / ".join(max((e.name for e in ENTRIES if e.half == half), key=len) for half in ("plot", "action"))
    chances = [
        engine_result(SYSTEM.key, {"action": "deck_odds", "fields": {**asked, **picked}})
        for picked in (
            {},
            *({"draws": str(n), "deck": deck, "card": ""} for deck in DECKS for n in range(1, deck_size(deck) + 1)),
            *({"draws": str(n), "deck": "cards", "card": longest} for n in (1, deck_size("cards"))),
        )
    ]
    whole = {"draws": str(deck_size("cards")), "deck": "cards", "card": longest}
    deals = [
        engine_result(SYSTEM.key, {"action": "deck_roll", "fields": picked, "seed": str(seed)})
        for picked in (asked, whole)
        for seed in EXAMPLE_SEEDS
    ]
    regions = region("odds", "Exact chance of drawing the card", **rooms(_deck_odds_room, chances)) + region(
        "result", "The cards drawn", **rooms(_deal_room, deals)
    )
    return widget_shell(
        f"{D}-deck-draw",
        SYSTEM.key,
        "deck",
        "Action! Deck draw",
        fields,
        "Draw",
        regions,
        first={"action": "deck_odds", "fields": default_values(fields)},
    )


def register(env) -> None:  # noqa: ANN001 - mkdocs-macros passes its own env type
    """The macros the Action!: cards page uses."""
    env.macro(card_draw, "action_card_draw")
    env.macro(deck_draw, "action_deck_draw")
