"""Action!: the Action! Deck. Every card carries a plot (for the players, or the GM before a
scenario) and an action (drawn by the GM when an encounter starts: what kind of scene it is
and which actions it approves).

Notation (after the leading word ``deck``)::

    deck                        one card
    deck 3                      three cards, dealt without putting any back
    deck 3 plots                three cards of the plot-only deck (``actions``: action-only)
    deck: Rally in 5 draws      the chance that Rally is among five cards (a roll deals them)
    deck: Rally / Attack! in 5 draws   the one card that pairs those two halves

Ruling (boxed on the page): the source lists 20 plots and 10 actions and puts one of each
on every card, but says neither how they are paired nor how many cards there are. The
engine's deck is every pairing once: 200 cards, each plot on 10 of them and each action on
20. The ``plots`` and ``actions`` decks are the other reading, the two lists as decks of
their own (20 and 10 cards, one of each).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypedDict

from ...core.errors import RulesError
from ...core.exact import percent, ratio
from ...core.notation import check_length, digits_value
from ...core.roller import DieEvent, Roller
from .draw import deal, p_any

EXAMPLE = "deck: Rally in 5 draws"


@dataclass(frozen=True)
class DeckCard:
    """One entry of the source's lists: a plot or an action, and what it does."""

    name: str
    half: str  # "plot" or "action"
    effect: str


PLOTS = tuple(
    DeckCard(name, "plot", effect)
    for name, effect in (
        ("Alertness", "someone spots something that matters to what is going on right now"),
        ("Breakthrough!", "a task or dilemma in hand is settled, all at once"),
        ("Campaign", "one more subplot stays in play for the long run"),
        ("Claim", "you may take a part in another character's subplot"),
        ("Common Ground", "you and your opponents find something to agree on, for a while"),
        ("Connection", "there is someone nearby you know who might help"),
        ("Double Cross!", "you are betrayed, or you betray the party; every one of your point pools fills up"),
        ("Idea!", "a thought that moves you forward; with Campaign it can bring something new for good"),
        (
            "Leadership",
            "the scene is yours to steer: one person's pool refills, and you either end a dilemma or "
            "bring on a setback",
        ),
        (
            "Martyr",
            "you leave the fight but settle the current dilemma; with Campaign it settles the whole "
            "scenario, and costs you your life",
        ),
        ("Mistaken Identity", "you, or someone else, are taken for another person"),
        ("Nemesis", "a personal grudge: you or someone else bears it, and you or someone else is its target"),
        ("Personal Stake", "this one becomes personal"),
        ("Rally", "everyone but you fills all their point pools; you are Inspired for the scene"),
        ("Romance", "an attraction: you or someone else falls for you or someone else"),
        (
            "The Shit Hits The Fan!",
            "the situation collapses catastrophically and turns Dramatic: every action is Hazardous and Promising",
        ),
        ("Suspicion", "you, or someone else, come under suspicion"),
        ("The Third Man", "a third side turns up, with aims of its own"),
        ("The Unknown", "a strange third side turns up, sometimes not of this world"),
        ("Wild!", "the situation goes completely mad: every action is Experimental and Inspired"),
    )
)
ACTIONS = tuple(
    DeckCard(name, "action", effect)
    for name, effect in (
        ("Attack!", "attack actions are Inspired"),
        ("Deceive!", "Deceit actions are Inspired"),
        ("Defend!", "active defences are Inspired"),
        ("Drama!", "every action is Hazardous and Promising"),
        ("Fatigue!", "every action causes Fatigue"),
        ("Inspiration!", "every action is Inspired"),
        ("Interaction!", "Interaction actions are Inspired"),
        ("Rejuvenation!", "each successful action gives back d10 Shock points, and every Wound is bandaged"),
        ("Stymie!", "every action is Stymied"),
        ("Support!", "every action that is not an attack is Inspired"),
    )
)
ENTRIES = PLOTS + ACTIONS

#: The three decks: the whole cards (every plot with every action) and each list alone.
DECKS = ("cards", "plots", "actions")
DECK_WORDS = {"plots": "plots", "plot": "plots", "actions": "actions", "action": "actions"}


def deck_size(kind: str) -> int:
    return {"cards": len(PLOTS) * len(ACTIONS), "plots": len(PLOTS), "actions": len(ACTIONS)}[kind]


def deck_label(kind: str) -> str:
    """The deck in words, for messages: ``the Action! Deck's 200 cards``."""
    name = {"cards": "the Action! Deck", "plots": "the plot deck", "actions": "the action deck"}[kind]
    return f"{name}'s {deck_size(kind)} cards"


def deck_cards(kind: str) -> tuple[tuple[DeckCard | None, DeckCard | None], ...]:
    """The deck in a fixed order, each card as ``(plot, action)`` (a half-deck leaves the
    other half ``None``)."""
    if kind == "plots":
        return tuple((p, None) for p in PLOTS)
    if kind == "actions":
        return tuple((None, a) for a in ACTIONS)
    return tuple((p, a) for p in PLOTS for a in ACTIONS)


def copies(kind: str, target: tuple[DeckCard | None, DeckCard | None]) -> int:
    """How many cards of the deck show the target (a plot, an action, or both halves): in
    the whole deck a plot is on one card per action and an action on one card per plot."""
    plot, action = target
    if kind == "cards":
        return (1 if action else len(ACTIONS)) * (1 if plot else len(PLOTS)) if (plot or action) else 0
    return 1 if (plot if kind == "plots" else action) else 0


class CardRow(TypedDict):
    """One plot or action of a deck: its copies and the chance it comes up."""

    card: str
    half: str
    effect: str
    copies: int
    p_drawn: Fraction


def card_text(card: tuple[DeckCard | None, DeckCard | None]) -> str:
    return " / ".join(half.name for half in card if half is not None)


def _key(name: str) -> str:
    words = name.casefold().replace("!", " ").split()
    return " ".join(words[1:] if words[:1] == ["the"] and len(words) > 1 else words)


_BY_KEY = {_key(e.name): e for e in ENTRIES}


def find_entry(name: str) -> DeckCard | None:
    """A plot or an action by its name (any case; the ``!`` and a leading ``The`` optional)."""
    return _BY_KEY.get(_key(name))


# --- the notation --------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckQuery:
    """Draws from one of the decks, maybe looking for one card."""

    draws: int = 1
    kind: str = "cards"
    plot: DeckCard | None = None
    action: DeckCard | None = None

    @property
    def target(self) -> tuple[DeckCard | None, DeckCard | None] | None:
        return (self.plot, self.action) if (self.plot or self.action) else None

    @property
    def size(self) -> int:
        return deck_size(self.kind)

    @property
    def notation(self) -> str:
        """The canonical form."""
        kind = "" if self.kind == "cards" else f" {self.kind}"
        if self.target:
            return f"deck{kind}: {card_text(self.target)} in {self.draws} draw{'s' if self.draws != 1 else ''}"
        return f"deck{'' if self.draws == 1 and not kind else ' ' + str(self.draws)}{kind}"


def _error(text: str, message: str, start: int, length: int = 1) -> RulesError:
    return RulesError(message, notation=text, position=min(start, len(text)), length=length)


def make_deck(
    draws: int = 1, kind: str = "cards", plot: DeckCard | None = None, action: DeckCard | None = None
) -> DeckQuery:
    """A query checked against its deck."""
    if kind not in DECKS:
        raise RulesError(f"the deck is one of {', '.join(DECKS)}, not {kind!r}", field="deck")
    size = deck_size(kind)
    if not 1 <= draws <= size:
        raise RulesError(
            f"the number of draws must be from 1 to {size} ({deck_label(kind)}), not {draws}", field="draws"
        )
    if (kind == "plots" and action) or (kind == "actions" and plot):
        raise RulesError(f"the {kind} deck has no {'action' if kind == 'plots' else 'plot'} cards", field="card")
    return DeckQuery(draws, kind, plot, action)


_HEAD = re.compile(r"\s*deck(?![A-Za-z])", re.IGNORECASE)
_TOKEN = re.compile(r"\s*([0-9]+|[A-Za-z]+|\S)")
_IN_DRAWS = re.compile(r"\s+in\s+([0-9]+)\s*(draws?|cards?)?\s*$", re.IGNORECASE)


def _card_name(text: str, name: str, start: int) -> DeckCard:
    entry = find_entry(name)
    if entry is None:
        close = difflib.get_close_matches(_key(name), list(_BY_KEY), n=1, cutoff=0.6)
        hint = (
            f" (did you mean {_BY_KEY[close[0]].name}?)"
            if close
            else " (the plots and actions are listed on the Action!: cards page, e.g. Rally, Attack!)"
        )
        raise _error(text, f"unknown card {name!r}{hint}", start, max(1, len(name)))
    return entry


def read_card(text: str, names_text: str, offset: int, kind: str = "cards") -> tuple[DeckCard | None, DeckCard | None]:
    """The card named by ``names_text`` (which stands at ``offset`` in ``text``): a plot, an
    action, or ``plot / action``; errors point into ``text``."""
    plot = action = None
    halves = names_text.split("/")
    if len(halves) > 2:
        raise _error(
            text, "a card has two halves: write a plot / an action", offset + len(halves[0]) + len(halves[1]) + 1
        )
    for part in halves:
        name = part.strip()
        where = offset + len(part) - len(part.lstrip())
        if not name:
            raise _error(text, "expected a card's name here, as in deck: Rally in 5 draws", where)
        entry = _card_name(text, name, where)
        if (plot if entry.half == "plot" else action) is not None:
            raise _error(text, "a card has one plot and one action: write a plot / an action", where, len(name))
        if entry.half == "plot":
            plot = entry
        else:
            action = entry
        if kind != "cards" and (kind == "plots") != (entry.half == "plot"):
            article = "an" if entry.half == "action" else "a"
            raise _error(
                text,
                f"the {kind} deck has no {entry.half} cards: {entry.name} is {article} {entry.half}",
                where,
                len(name),
            )
        offset += len(part) + 1
    return plot, action


def parse(text: str) -> DeckQuery:
    """Read ``deck …`` (the leading word included); a ``RulesError`` with a caret otherwise."""
    check_length(text)
    head = _HEAD.match(text)
    if not head:
        start = len(text) - len(text.lstrip())
        raise _error(text, "a deck draw starts with deck, as in deck 3", start, 4)
    pos = head.end()
    colon = text.find(":", pos)
    before_end = colon if colon >= 0 else len(text)
    draws: int | None = None
    kind = "cards"
    for token in _TOKEN.finditer(text, pos, before_end):
        word, at = token.group(1), token.start(1)
        if word.isascii() and word.isdigit():
            value = digits_value(word)
            if draws is not None:
                raise _error(text, "the number of draws is given twice", at, len(word))
            draws = value if value is not None else 10**9
            draw_at, draw_len = at, len(word)
        elif word.lower() in DECK_WORDS and kind == "cards":
            kind = DECK_WORDS[word.lower()]
        elif word.lower() in ("cards", "card", "draws", "draw") and draws is not None:
            continue
        else:
            raise _error(
                text,
                "expected a number of draws, plots or actions, or a colon and a card here, "
                "as in deck 3, deck 3 plots or deck: Rally in 5 draws",
                at,
                len(word),
            )
    plot = action = None
    if colon >= 0:
        rest = text[colon + 1 :]
        tail = _IN_DRAWS.search(rest)
        names_text = rest[: tail.start()] if tail else rest
        if tail:
            if draws is not None:
                raise _error(text, "the number of draws is given twice", colon + 1 + tail.start(1), len(tail.group(1)))
            value = digits_value(tail.group(1))
            draws = value if value is not None else 10**9
            draw_at, draw_len = colon + 1 + tail.start(1), len(tail.group(1))
        plot, action = read_card(text, names_text, colon + 1, kind)
    if draws is None:
        draws = 1
    size = deck_size(kind)
    if not 1 <= draws <= size:
        raise _error(text, f"the number of draws must be from 1 to {size} ({deck_label(kind)})", draw_at, draw_len)
    return make_deck(draws, kind, plot, action)


# --- the odds -------------------------------------------------------------------------------
@lru_cache(maxsize=512)
def p_drawn(kind: str, target: tuple[DeckCard | None, DeckCard | None], draws: int) -> Fraction:
    """The chance that ``draws`` cards dealt from the deck include the target at least once."""
    return p_any(deck_size(kind), copies(kind, target), draws)


@dataclass(frozen=True)
class DeckOdds:
    """The exact chance of drawing a card in n draws: the one asked for, and every one."""

    query: DeckQuery

    def every_card(self) -> list[CardRow]:
        q = self.query
        entries = PLOTS if q.kind == "plots" else ACTIONS if q.kind == "actions" else ENTRIES
        rows: list[CardRow] = []
        for entry in entries:
            target = (entry, None) if entry.half == "plot" else (None, entry)
            rows.append(
                {
                    "card": entry.name,
                    "half": entry.half,
                    "effect": entry.effect,
                    "copies": copies(q.kind, target),
                    "p_drawn": p_drawn(q.kind, target, q.draws),
                }
            )
        return rows

    def lines(self) -> list[str]:
        q = self.query
        n = q.draws
        head = f"Action! Deck ({q.kind}, {q.size} cards): {n} draw{'s' if n != 1 else ''}, none put back"
        if q.target:
            k = copies(q.kind, q.target)
            p = p_drawn(q.kind, q.target, n)
            return [
                head,
                f"{card_text(q.target)}: on {k} card{'s' if k != 1 else ''} of {q.size}",
                f"chance it comes up: {ratio(p)} ({percent(p, 2)})",
            ]
        lines = [head, "chance that each card comes up:"]
        for row in self.every_card():
            lines.append(
                f"  {row['card']} ({row['half']}, {row['copies']} of {q.size}): "
                f"{ratio(row['p_drawn'])} ({percent(row['p_drawn'], 2)})"
            )
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds action "deck …" --json``)."""
        q = self.query
        target = q.target
        p = p_drawn(q.kind, target, q.draws) if target else None
        return {
            "system": "action",
            "kind": "deck",
            "notation": q.notation,
            "deck": q.kind,
            "deck_size": q.size,
            "draws": q.draws,
            "card": card_text(target) if target else None,
            "copies": copies(q.kind, target) if target else None,
            "p_drawn": ratio(p) if p is not None else None,
            "percent": percent(p, 2) if p is not None else None,
            "cards": [
                {
                    "card": r["card"],
                    "half": r["half"],
                    "effect": r["effect"],
                    "copies": r["copies"],
                    "p_drawn": ratio(r["p_drawn"]),
                    "percent": percent(r["p_drawn"], 2),
                }
                for r in self.every_card()
            ],
            "lines": self.lines(),
        }


def odds(query: DeckQuery) -> DeckOdds:
    return DeckOdds(query)


# --- a seeded draw ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckDraw:
    """Cards dealt from the Action! Deck."""

    query: DeckQuery
    seed: int | None
    cards: tuple[tuple[DeckCard | None, DeckCard | None], ...]
    log: tuple[DieEvent, ...]

    @property
    def found_at(self) -> int | None:
        """Which card (1-based) shows the target, if one was asked for and it came up."""
        target = self.query.target
        if not target:
            return None
        plot, action = target
        return next(
            (
                i + 1
                for i, (p, a) in enumerate(self.cards)
                if (plot is None or p == plot) and (action is None or a == action)
            ),
            None,
        )

    def lines(self) -> list[str]:
        q = self.query
        source = f"seed {self.seed}" if self.seed is not None else "cards given"
        lines = [f"Action! Deck: {q.notation}, {source} ({q.kind}, {q.size} cards)"]
        for i, card in enumerate(self.cards):
            lines.append(f"Card {i + 1}: {card_text(card)}")
            for half in card:
                if half is not None:
                    lines.append(f"  {half.name} ({half.half}): {half.effect}")
        if q.target:
            where = self.found_at
            lines.append(
                f"{card_text(q.target)} came up as card {where}"
                if where
                else f"{card_text(q.target)} did not come up in {q.draws} card{'s' if q.draws != 1 else ''}"
            )
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``roll action "deck …" --json``)."""
        q = self.query
        return {
            "system": "action",
            "kind": "deck",
            "notation": q.notation,
            "seed": self.seed,
            "deck": q.kind,
            "deck_size": q.size,
            "cards": [
                {
                    "plot": p.name if p else None,
                    "plot_effect": p.effect if p else None,
                    "action": a.name if a else None,
                    "action_effect": a.effect if a else None,
                }
                for p, a in self.cards
            ],
            "card": card_text(q.target) if q.target else None,
            "found_at": self.found_at,
            "lines": self.lines(),
            "log": [e.to_dict() for e in self.log],
        }


def draw(query: DeckQuery, seed: int | None = None) -> DeckDraw:
    """A seeded deal of ``query.draws`` cards from the shuffled deck."""
    roller = Roller(seed)
    cards = deal(roller, deck_cards(query.kind), query.draws, "card")
    return DeckDraw(query, roller.seed, tuple(cards), tuple(roller.log))
