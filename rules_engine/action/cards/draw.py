"""Action!: the Dramatic Card Draw. Each Sequence every faction at the table draws one card
from one shuffled deck of playing cards; the rank sets what happens to that faction this
Sequence, the suit which kind of action is Favoured.

Notation (after the leading word ``draw``)::

    draw                        one faction
    draw 3 factions             three factions (``draw 3`` works too)
    draw Heroes, Villains, Cops named factions, separated by commas
    draw 3 factions; no jokers  a 52-card deck (``1 joker`` keeps one)

Rulings (boxed on the page): the deck is the 52 cards and their two jokers (54); within a
Sequence the factions draw without replacement from that one deck, and the deck is whole
again for the next Sequence; every suited card names its suit's Favoured action (a 2, 3 or
4 too), an Ace or a Joker favours every action; a Joker's healing and Inspiration are for
the faction that drew it. The odds are exact, by counting cards (hypergeometric).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TypedDict, TypeVar

from ...core.errors import RulesError
from ...core.exact import percent, ratio
from ...core.notation import check_length, digits_value
from ...core.roller import DieEvent, Roller

DEFAULT_JOKERS = 2
MAX_JOKERS = 2
#: How long a faction's name may be (characters).
MAX_NAME_LENGTH = 30
EXAMPLE = "draw 3 factions"

SUITS = ("spades", "hearts", "clubs", "diamonds")
SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "clubs": "♣", "diamonds": "♦"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}

#: Each suit's Favoured action (the source's four kinds of action).
FAVOURED = {"spades": "Combat", "hearts": "Interaction", "clubs": "Other", "diamonds": "Deceit"}
FAVOURED_MEANING = {
    "Combat": "attacks and defences",
    "Interaction": "dealing with people",
    "Other": "any action that is not one of the other three",
    "Deceit": "lies, tricks and disguise",
}
EVERY_ACTION = "every action"
#: What a successful Favoured action brings.
FAVOURED_REWARD = "a successful Favoured action earns a pool point of the player's choice"


@dataclass(frozen=True)
class CardResult:
    """What a rank does to the faction that draws it."""

    name: str
    ranks: tuple[str, ...]  # the ranks that give it ("Joker" for the jokers)
    effect: str


RESULTS = (
    CardResult(
        "Joker",
        ("Joker",),
        "the faction gets back every Shock point, its Wounds are bandaged and everyone "
        "in it is Inspired; every action it takes is Favoured",
    ),
    CardResult("Ace", ("A",), "every action the faction takes is Favoured and Inspired"),
    CardResult("Face card", ("J", "Q", "K"), "the faction is Inspired, and its suit's action is Favoured"),
    CardResult("5 to 10", ("5", "6", "7", "8", "9", "10"), "nothing more than the suit's Favoured action"),
    CardResult("4", ("4",), "Stymie: the faction's actions are Stymied (and its suit's action is Favoured)"),
    CardResult("3", ("3",), "Confused: the faction may spend no pool points (its suit's action is Favoured)"),
    CardResult("2", ("2",), "Setback: things turn against the faction (its suit's action is Favoured)"),
)
RESULT_NAMES = tuple(r.name for r in RESULTS)


@dataclass(frozen=True)
class Card:
    """One playing card: a rank of a suit, or a joker (``suit`` None, ``number`` 1 or 2)."""

    rank: str
    suit: str | None
    number: int = 0  # which joker

    @property
    def name(self) -> str:
        if self.suit is None:
            return "Joker"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {self.suit.capitalize()}"

    @property
    def short(self) -> str:
        return "Joker" if self.suit is None else f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    @property
    def result(self) -> CardResult:
        rank = "Joker" if self.suit is None else self.rank
        return next(r for r in RESULTS if rank in r.ranks)

    @property
    def favoured(self) -> str:
        """The Favoured action: the suit's, or every action for an Ace or a Joker."""
        if self.suit is None or self.rank == "A":
            return EVERY_ACTION
        return FAVOURED[self.suit]

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.name,
            "short": self.short,
            "rank": self.rank,
            "suit": self.suit,
            "result": self.result.name,
            "effect": self.result.effect,
            "favoured": self.favoured,
        }


def deck(jokers: int = DEFAULT_JOKERS) -> tuple[Card, ...]:
    """The deck in a fixed order (suit by suit, Ace to King, then the jokers)."""
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return tuple(cards + [Card("Joker", None, n + 1) for n in range(jokers)])


def result_counts(jokers: int = DEFAULT_JOKERS) -> dict[str, int]:
    """How many cards of the deck give each result."""
    counts = {name: 0 for name in RESULT_NAMES}
    for card in deck(jokers):
        counts[card.result.name] += 1
    return counts


def favoured_counts(jokers: int = DEFAULT_JOKERS) -> dict[str, int]:
    """For each kind of action, how many cards favour it (its suit's cards below the Ace,
    plus every Ace and Joker)."""
    cards = deck(jokers)
    return {kind: sum(1 for c in cards if c.favoured in (kind, EVERY_ACTION)) for kind in FAVOURED.values()}


# --- exact odds by counting cards ----------------------------------------------------------
def p_any(size: int, hits: int, draws: int) -> Fraction:
    """The chance that ``draws`` cards dealt from ``size`` (``hits`` of them wanted) include
    at least one wanted card: 1 − C(size − hits, draws) / C(size, draws)."""
    return 1 - Fraction(comb(size - hits, draws), comb(size, draws))


def count_distribution(size: int, hits: int, draws: int) -> dict[int, Fraction]:
    """P(exactly j wanted cards among ``draws``), for each possible j (hypergeometric)."""
    total = comb(size, draws)
    return {
        j: Fraction(comb(hits, j) * comb(size - hits, draws - j), total)
        for j in range(max(0, draws - (size - hits)), min(hits, draws) + 1)
    }


#: whatever a deck holds: playing cards here, plot/action cards in deck.py
Dealt = TypeVar("Dealt")


class ResultRow(TypedDict):
    """One result of a draw: its cards and the chance one faction, or any of them, draws it."""

    result: str
    cards: int
    effect: str
    p_faction: Fraction
    p_any: Fraction
    how_many: dict[int, Fraction]


class FavouredRow(TypedDict):
    """One kind of action: the cards that favour it and the chance of drawing one."""

    action: str
    cards: int
    p_faction: Fraction
    p_any: Fraction


# --- the notation --------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawQuery:
    """A Dramatic Card Draw: how many factions (and their names, if given) and jokers."""

    factions: int = 1
    names: tuple[str, ...] = ()
    jokers: int = DEFAULT_JOKERS

    @property
    def deck_size(self) -> int:
        return 52 + self.jokers

    @property
    def faction_names(self) -> tuple[str, ...]:
        return self.names or tuple(f"Faction {i + 1}" for i in range(self.factions))

    @property
    def notation(self) -> str:
        """The canonical form."""
        who = ", ".join(self.names) if self.names else ("" if self.factions == 1 else f"{self.factions} factions")
        text = f"draw {who}".rstrip()
        if self.jokers != DEFAULT_JOKERS:
            text += "; no jokers" if self.jokers == 0 else f"; {self.jokers} joker"
        return text


_JOKERS = re.compile(r"[;,]?\s*(no|[0-9]+)\s+jokers?\s*$", re.IGNORECASE)
_COUNT = re.compile(r"([0-9]+)(?:\s+factions?)?\s*$", re.IGNORECASE)
_NAME_CHARS = re.compile(r"[\w .'&-]+")


def _error(text: str, message: str, start: int, length: int = 1) -> RulesError:
    return RulesError(message, notation=text, position=min(start, len(text)), length=length)


def make_draw(factions: int = 1, names: tuple[str, ...] = (), jokers: int = DEFAULT_JOKERS) -> DrawQuery:
    """A draw checked against the deck: at most one card per faction."""
    if not 0 <= jokers <= MAX_JOKERS:
        raise RulesError(f"the deck has 0, 1 or 2 jokers, not {jokers}", field="jokers")
    query = DrawQuery(len(names) if names else factions, tuple(names), jokers)
    if not 1 <= query.factions <= query.deck_size:
        raise RulesError(
            f"the number of factions must be from 1 to {query.deck_size} (one card each from a "
            f"{query.deck_size}-card deck), not {query.factions}",
            field="factions",
        )
    return query


def parse(text: str) -> DrawQuery:
    """Read ``draw …`` (the leading word included); a ``RulesError`` with a caret otherwise."""
    check_length(text)
    start = len(text) - len(text.lstrip())
    if text[start : start + 4].lower() != "draw" or text[start + 4 : start + 5].isalpha():
        raise _error(text, "a card draw starts with draw, as in draw 3 factions", start, 4)
    body_start = start + 4
    end = len(text.rstrip())
    jokers = DEFAULT_JOKERS
    option = _JOKERS.search(text, body_start, end)
    if option and (option.start() == body_start or text[option.start() - 1].isspace() or option.group()[0] in ";,"):
        word = option.group(1)
        value = 0 if word.lower() == "no" else digits_value(word)
        if value is None or value > MAX_JOKERS:
            raise _error(
                text, "the deck has 0, 1 or 2 jokers (no jokers, 1 joker or 2 jokers)", option.start(1), len(word)
            )
        jokers = value
        end = option.start()
    body = text[body_start:end]
    if body.strip() == "":
        return make_draw(1, (), jokers)
    at = body_start + len(body) - len(body.lstrip())
    count = _COUNT.fullmatch(body.strip())
    if count:
        value = digits_value(count.group(1))
        size = 52 + jokers
        if value is None or not 1 <= value <= size:
            raise _error(
                text,
                f"the number of factions must be from 1 to {size} (one card each from a {size}-card deck)",
                at,
                len(count.group(1)),
            )
        return make_draw(value, (), jokers)
    names: list[str] = []
    offset = body_start
    for part in body.split(","):
        name = part.strip()
        where = offset + len(part) - len(part.lstrip())
        if not name:
            raise _error(text, "expected a faction's name here (names are separated by commas)", where)
        if not _NAME_CHARS.fullmatch(name) or not any(c.isalpha() for c in name):
            bad = next((i for i, c in enumerate(name) if not _NAME_CHARS.fullmatch(c)), 0)
            raise _error(
                text,
                "a faction's name is letters, digits, spaces and - ' . & (with at least one "
                "letter), or write a number of factions, as in draw 3 factions",
                where + bad,
                1 if bad or not _NAME_CHARS.fullmatch(name) else len(name),
            )
        if len(name) > MAX_NAME_LENGTH:
            raise _error(text, f"a faction's name can be at most {MAX_NAME_LENGTH} characters long", where, len(name))
        if name.casefold() in (n.casefold() for n in names):
            raise _error(text, f"the faction {name!r} is named twice", where, len(name))
        names.append(" ".join(name.split()))
        offset += len(part) + 1
    if len(names) > 52 + jokers:
        raise _error(text, f"a {52 + jokers}-card deck deals at most {52 + jokers} factions", body_start, len(body))
    return make_draw(len(names), tuple(names), jokers)


# --- the odds -------------------------------------------------------------------------------
@dataclass(frozen=True)
class DrawOdds:
    """The exact odds of a draw: for each result and each kind of Favoured action, the chance
    that one given faction gets it and that at least one of the factions does."""

    query: DrawQuery

    def results(self) -> list[ResultRow]:
        q = self.query
        counts = result_counts(q.jokers)
        rows: list[ResultRow] = []
        for result in RESULTS:
            k = counts[result.name]
            rows.append(
                {
                    "result": result.name,
                    "cards": k,
                    "effect": result.effect,
                    "p_faction": Fraction(k, q.deck_size),
                    "p_any": p_any(q.deck_size, k, q.factions),
                    "how_many": count_distribution(q.deck_size, k, q.factions),
                }
            )
        return rows

    def favoured(self) -> list[FavouredRow]:
        q = self.query
        return [
            {
                "action": kind,
                "cards": k,
                "p_faction": Fraction(k, q.deck_size),
                "p_any": p_any(q.deck_size, k, q.factions),
            }
            for kind, k in favoured_counts(q.jokers).items()
        ]

    def lines(self) -> list[str]:
        q = self.query
        n = q.factions
        head = (
            f"Dramatic Card Draw: {n} faction{'s' if n != 1 else ''}, a {q.deck_size}-card deck "
            f"({q.jokers} joker{'s' if q.jokers != 1 else ''}), one card each, no card twice"
        )
        lines = [
            head,
            f"{'result':<10} {'cards':>5}  {'one faction':>11}" + ("  at least one of them" if n > 1 else ""),
        ]
        for row in self.results():
            any_text = f"  {ratio(row['p_any'])} ({percent(row['p_any'], 2)})" if n > 1 else ""
            lines.append(f"{row['result']:<10} {row['cards']:>5}  {ratio(row['p_faction']):>11}{any_text}")
        lines.append("Favoured (by the suit, or every action on an Ace or a Joker):")
        for kind in self.favoured():
            any_text = f", at least one of them {ratio(kind['p_any'])} ({percent(kind['p_any'], 2)})" if n > 1 else ""
            lines.append(f"  {kind['action']}: {kind['cards']} cards, one faction {ratio(kind['p_faction'])}{any_text}")
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds action "draw …" --json``)."""
        q = self.query
        results = self.results()
        return {
            "system": "action",
            "kind": "card draw",
            "notation": q.notation,
            "factions": list(q.faction_names),
            "deck_size": q.deck_size,
            "jokers": q.jokers,
            "outcomes": {r["result"]: ratio(r["p_faction"]) for r in results},
            "results": [
                {
                    "result": r["result"],
                    "cards": r["cards"],
                    "effect": r["effect"],
                    "p_faction": ratio(r["p_faction"]),
                    "percent": percent(r["p_faction"], 2),
                    "p_any": ratio(r["p_any"]),
                    "percent_any": percent(r["p_any"], 2),
                    "how_many": {str(j): ratio(p) for j, p in r["how_many"].items()},
                }
                for r in results
            ],
            "favoured": [
                {
                    "action": f["action"],
                    "cards": f["cards"],
                    "p_faction": ratio(f["p_faction"]),
                    "percent": percent(f["p_faction"], 2),
                    "p_any": ratio(f["p_any"]),
                    "percent_any": percent(f["p_any"], 2),
                }
                for f in self.favoured()
            ],
            "suits": {suit: FAVOURED[suit] for suit in SUITS},
            "lines": self.lines(),
        }


def odds(query: DrawQuery) -> DrawOdds:
    return DrawOdds(query)


# --- a seeded draw ---------------------------------------------------------------------------
def deal(roller: Roller, cards: tuple[Dealt, ...], count: int, what: str) -> list[Dealt]:
    """Deal ``count`` cards without replacement: each is picked with a die as big as the
    number of cards left (the roll's log keeps every pick)."""
    left = list(cards)
    dealt: list[Dealt] = []
    for i in range(count):
        _, pick = roller.roll(len(left), f"{what} {i + 1}: one of the {len(left)} cards left")
        dealt.append(left.pop(pick - 1))
    return dealt


@dataclass(frozen=True)
class CardDraw:
    """One Sequence's draw: a card for each faction."""

    query: DrawQuery
    seed: int | None
    cards: tuple[Card, ...]
    log: tuple[DieEvent, ...]

    def lines(self) -> list[str]:
        q = self.query
        source = f"seed {self.seed}" if self.seed is not None else "cards given"
        lines = [f"Dramatic Card Draw: {q.notation}, {source} ({q.deck_size}-card deck)"]
        for name, card in zip(q.faction_names, self.cards):
            favoured = "every action is Favoured" if card.favoured == EVERY_ACTION else f"Favoured: {card.favoured}"
            lines.append(f"{name}: {card.name} ({card.result.name}): {card.result.effect}. {favoured}")
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``roll action "draw …" --json``)."""
        return {
            "system": "action",
            "kind": "card draw",
            "notation": self.query.notation,
            "seed": self.seed,
            "deck_size": self.query.deck_size,
            "jokers": self.query.jokers,
            "draws": [{"faction": name, **card.to_dict()} for name, card in zip(self.query.faction_names, self.cards)],
            "lines": self.lines(),
            "log": [e.to_dict() for e in self.log],
        }


def draw(query: DrawQuery, seed: int | None = None) -> CardDraw:
    """A seeded draw: one card for each faction from one shuffled deck."""
    roller = Roller(seed)
    cards = deal(roller, deck(query.jokers), query.factions, "card for faction")
    return CardDraw(query, roller.seed, tuple(cards), tuple(roller.log))
