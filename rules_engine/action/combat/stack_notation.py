"""The card-stack notation: the alternate initiative cards, played step by step.

    stack Ann, Bo, Cy, d10; Ann acts; Bo takes 6 of health 20; Cy defends; Ann acts snapshot -6

``stack`` then the cards in acting order (first to act first), separated by commas; then,
after semicolons, the events in the order they happen:

- ``NAME acts [snapshot -P]``: to the back, then forward ⌊P / 3⌋ places for snapshots
  (a padding card that acts has come up and leaves the stack);
- ``NAME takes D of health H``: forward ⌊5 × D / H⌋ places; past first place, out of action;
- ``NAME defends``: an active defence, one place back (refused by the rules from first place).

Names are letters, digits, spaces, hyphens and apostrophes (at most ``MAX_NAME`` characters,
matched in any case); padding cards go by their names in ``shots.PADDING_CARDS``. It rolls no
dice: ``roll`` prints the same as ``odds``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import RulesError
from ...core.notation import check_length
from .shots import PADDING_CARDS, CardStack

MAX_CARDS = 20
MAX_NAME = 30
MAX_EVENTS = 50
MAX_HEALTH = 999
MAX_SNAPSHOT = 99
#: The longest event (a name and its words) and the longest stack notation read: keeps each parse instant.
MAX_EVENT = 80
MAX_STACK_LENGTH = 4000
WORD = "stack"
EXAMPLE = "stack Ann, Bo, Cy, d10; Ann acts; Bo takes 6 of health 20; Cy defends; Ann acts snapshot -6"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 '\-]*")
_ACTS = re.compile(r"(?P<name>.+?)\s+acts(?:\s+snapshot\s+(?P<penalty>\S+))?", re.IGNORECASE)
_TAKES = re.compile(r"(?P<name>.+?)\s+takes\s+(?P<damage>\S+)\s+of\s+health\s+(?P<health>\S+)", re.IGNORECASE)
_DEFENDS = re.compile(r"(?P<name>.+?)\s+defends", re.IGNORECASE)
EVENT_FORMS = "NAME acts [snapshot -P], NAME takes D of health H, NAME defends"


@dataclass(frozen=True)
class Step:
    """One event and the order of the cards after it."""

    event: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class StackReport:
    """The stack played through: its start, each step, who is left and who is out."""

    notation: str
    start: tuple[str, ...]
    steps: tuple[Step, ...]
    order: tuple[str, ...]
    out: tuple[str, ...]

    def lines(self) -> list[str]:
        lines = [f"Action! {self.notation}", "start: " + ", ".join(self.start)]
        lines += [f"{step.event} → " + (", ".join(step.order) or "no cards left") for step in self.steps]
        lines.append("order now: " + (", ".join(self.order) or "no cards left"))
        lines.append("out of action: " + (", ".join(self.out) or "nobody"))
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "system": "action",
            "kind": "stack",
            "notation": self.notation,
            "start": list(self.start),
            "order": list(self.order),
            "out": list(self.out),
            "steps": [{"event": s.event, "order": list(s.order)} for s in self.steps],
            "lines": self.lines(),
        }


def _refuse(text: str, message: str, start: int, end: int) -> RulesError:
    return RulesError(message, notation=text, position=min(start, max(len(text) - 1, 0)), length=max(end - start, 1))


def _pieces(text: str, start: int, end: int, separator: str) -> list[tuple[str, int, int]]:
    """``text[start:end]`` split at ``separator``: each piece stripped, with where it stands."""
    pieces = []
    at = start
    for raw in text[start:end].split(separator):
        lead = len(raw) - len(raw.lstrip())
        pieces.append((raw.strip(), at + lead, at + lead + len(raw.strip())))
        at += len(raw) + 1
    return pieces


def _whole(text: str, value: str, at: int, what: str, low: int, high: int) -> int:
    """A whole number written as ``value`` (at ``at`` in ``text``), in ``low … high``."""
    if not re.fullmatch(r"[+-]?\d+", value):
        raise _refuse(text, f"expected {what} (a whole number) here, not {value!r}", at, at + len(value))
    number = int(value)
    if not low <= number <= high:
        raise _refuse(text, f"{what} must be from {low} to {high}, not {number}", at, at + len(value))
    return number


def _cards(text: str, start: int, end: int) -> list[str]:
    """The cards in acting order, checked: names, their length, no two alike, the count."""
    cards: list[str] = []
    pieces = _pieces(text, start, end, ",")
    if len(pieces) > MAX_CARDS:
        _, at, _ = pieces[MAX_CARDS]
        raise _refuse(text, f"too many cards: at most {MAX_CARDS}, not {len(pieces)}", at, end)
    for name, at, stop in pieces:
        if not name:
            raise _refuse(text, "expected a card's name here (names are separated by commas)", at, at + 1)
        if not _NAME.fullmatch(name):
            raise _refuse(
                text, f"a card's name is letters, digits, spaces, hyphens and apostrophes: {name!r}", at, stop
            )
        if len(name) > MAX_NAME:
            raise _refuse(text, f"a card's name is at most {MAX_NAME} characters, not {len(name)}", at, stop)
        if name.lower() in (c.lower() for c in cards):
            raise _refuse(text, f"{name} is in the stack twice: each card once", at, stop)
        padding = next((p for p in PADDING_CARDS if p.lower() == name.lower()), None)
        cards.append(padding or name)
    return cards


def _card(text: str, stack: CardStack, name: str, at: int) -> str:
    """The card ``name`` (any case) names in the stack now; refused when unknown or out."""
    for card in stack.order:
        if card.lower() == name.strip().lower():
            return card
    for card in stack.out:
        if card.lower() == name.strip().lower():
            raise _refuse(text, f"{card} is out of action: no more events for that card", at, at + len(name))
    raise _refuse(
        text,
        f"no card named {name.strip()!r} is in the stack: it holds {', '.join(stack.order)}",
        at,
        at + len(name.strip()),
    )


def _apply(text: str, stack: CardStack, event: str, at: int) -> str:
    """Play one event on ``stack``; its canonical wording."""
    if len(event) > MAX_EVENT:
        raise _refuse(
            text,
            f"an event is at most {MAX_EVENT} characters long; this one has {len(event)}",
            at + MAX_EVENT,
            at + len(event),
        )
    if match := _ACTS.fullmatch(event):
        name = _card(text, stack, match["name"], at)
        penalty = 0
        if match["penalty"] is not None:
            penalty = _whole(
                text, match["penalty"], at + match.start("penalty"), "the snapshot penalty", -MAX_SNAPSHOT, 0
            )
        if name in PADDING_CARDS:
            if penalty:
                raise _refuse(text, f"{name} is a padding card: it takes no snapshots", at, at + len(event))
            stack.order.remove(name)
            stack.events.append(f"{name} comes up: removed")
            return f"{name} acts"
        stack.act(name, penalty)
        return f"{name} acts" + (f" snapshot {penalty}" if penalty else "")
    if match := _TAKES.fullmatch(event):
        name = _card(text, stack, match["name"], at)
        damage = _whole(text, match["damage"], at + match.start("damage"), "the damage", 0, MAX_HEALTH)
        health = _whole(text, match["health"], at + match.start("health"), "Health", 1, MAX_HEALTH)
        stack.damage(name, damage, health)
        return f"{name} takes {damage} of health {health}"
    if match := _DEFENDS.fullmatch(event):
        name = _card(text, stack, match["name"], at)
        stack.active_defence(name)
        return f"{name} defends"
    raise _refuse(text, f"expected an event: {EVENT_FORMS}", at, at + len(event))


def parse_stack(text: str) -> StackReport:
    """``stack CARDS; EVENT; EVENT …`` → the stack after each event, who is out."""
    text = text.replace("\u2212", "-")
    check_length(text, MAX_STACK_LENGTH)
    lead = len(text) - len(text.lstrip())
    if text[lead : lead + len(WORD)].lower() != WORD:
        raise _refuse(text, f"expected {WORD} here", lead, lead + len(WORD))
    body = lead + len(WORD)
    parts = _pieces(text, body, len(text), ";")
    _, cards_at, cards_end = parts[0]
    if not text[body : body + 1].isspace() or cards_at == cards_end:
        raise _refuse(text, f"expected the cards after {WORD}, separated by commas, as in {EXAMPLE}", body, body + 1)
    cards = _cards(text, cards_at, cards_end)
    if len(parts) - 1 > MAX_EVENTS:
        _, at, _ = parts[MAX_EVENTS + 1]
        raise _refuse(text, f"too many events: at most {MAX_EVENTS}, not {len(parts) - 1}", at, len(text))
    stack = CardStack(list(cards))
    steps: list[Step] = []
    written: list[str] = []
    for event, at, _ in parts[1:]:
        if not event:
            raise _refuse(text, f"expected an event here: {EVENT_FORMS}", at, at + 1)
        written.append(_apply(text, stack, event, at))
        steps.append(Step(stack.events[-1], tuple(stack.order)))
    notation = f"{WORD} " + ", ".join(cards) + "".join(f"; {w}" for w in written)
    return StackReport(notation, tuple(cards), tuple(steps), tuple(stack.order), tuple(stack.out))
