"""Action!'s card widgets: the Dramatic Card Draw for the factions at the table and the
Action! Deck draw. Their view is ``docs/assets/js/views/action-cards.js`` (attached through the
Action! view's ``WIDGETS``); the tables come from ``rules_engine.action.cards.tables``."""

from __future__ import annotations

from html import escape

from macros.widget_html import default_values, field_error, region, seed_field, text_field, widget_shell
from rules_engine.action import SYSTEM
from rules_engine.action.cards.deck import ENTRIES, deck_size
from rules_engine.action.cards.draw import DEFAULT_JOKERS, MAX_NAME_LENGTH

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
    regions = region("odds", "Exact odds for these factions") + region("result", "The draw")
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
    regions = region("odds", "Exact chance of drawing the card") + region("result", "The cards drawn")
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
