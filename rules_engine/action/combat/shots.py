"""Action!'s combat: Sequences and Shots, initiative, what Shots buy, snapshots and the
heroic multi-action table, covering fire, and the alternate initiative-card system
(source 001)."""

from __future__ import annotations

from dataclasses import dataclass, field

SEQUENCE_SECONDS = 6  # a Sequence of Shots is about six seconds
INITIATIVE_PER_SHOT = 5  # each Shot spent raises this Sequence's Initiative by 5
SHOTS_FOR_ACTIVE_DEFENCE = 1
SHOTS_FOR_OUT_OF_SEQUENCE = 3
#: Snapshots: an Action split into 2 or 3 of the same kind, each at this penalty.
SNAPSHOT_PENALTY = {1: 0, 2: -3, 3: -5}
MAX_HEROIC_TARGETS = 10  # the source's table stops at 10 targets
COVER_STEP = 5  # covering fire: 1 point of Cover per 5 PV of the roll
COVER_DIFFICULTY = 10  # Ranged Weapons + Perception against 10
AGGRESSIVE_BASE_AV = 10  # aggressive covering fire: a static attack at AV 10 + 1 per Cover

#: The heroic multi-action table as the source prints it: targets → modifier.
PRINTED_HEROIC = {1: -2, 2: -3, 3: -5, 4: -8, 5: -12, 6: -17, 7: -23, 8: -30, 9: -38, 10: -47}

#: What Shots buy, as (cost, what).
SHOT_COSTS = (
    (1, "an Active Defense, whenever you need one: until you act again your defence is a skill the GM accepts + 5"),
    (1, "+5 Initiative this Sequence, as many times over as you have Shots to pay"),
    (3, "one extra Action, cutting into the order at any point once your own Initiative has passed"),
)


def shot_count(agility: int, wits: int, luck: int) -> int:
    """The Shot Count (and the Shot pool it starts at): ⌊(Agility + Wits + Luck) / 3⌋."""
    return (agility + wits + luck) // 3


def initiative(pool: int, spent: int = 0, modifiers: int = 0) -> int:
    """A Sequence's Initiative: the Shots in the pool as the Sequence begins, plus modifiers,
    plus 5 for each Shot then spent on it (spending lowers the pool, not the Initiative
    already set: ruling)."""
    return pool + INITIATIVE_PER_SHOT * spent + modifiers


def regain(pool: int, count: int) -> int:
    """The pool after a Sequence of only actions that need no roll: one Shot back, up to the
    Shot Count."""
    return min(pool + 1, count)


def heroic_modifier(targets: int) -> int:
    """The heroic multi-action modifier for n targets: −(2 + n(n−1)/2)."""
    return -(2 + targets * (targets - 1) // 2)


def snapshot_penalty(actions: int) -> int:
    """Snapshots: one Action split into 2 (−3 each) or 3 (−5 each)."""
    return SNAPSHOT_PENALTY[actions]


def cover_points(pv: int) -> int:
    """Covering fire: 1 point of Cover per full 5 PV of the Ranged Weapons + Perception roll
    against 10 (a miss gives none)."""
    return pv // COVER_STEP if pv > 0 else 0


def aggressive_av(cover: int) -> int:
    """Aggressive covering fire: a static attack at AV 10 + 1 per point of Cover."""
    return AGGRESSIVE_BASE_AV + cover


# --- the alternate combat system: initiative cards -------------------------------------------
@dataclass
class CardStack:
    """The initiative cards of the alternate combat system, first to act first. A character
    who acts goes to the back; damage moves a card forward one place for each Health/5;
    pushed forward from first place, the character is out of action; an active defence
    (not from first place) moves the card back one; a snapshot moves the card (already
    at the back) forward penalty/3 places. Padding cards (d10, Setback, Random Event) are
    removed when they come up."""

    order: list[str]
    out: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)

    def _move(self, name: str, to: int) -> None:
        self.order.remove(name)
        self.order.insert(max(0, min(to, len(self.order))), name)

    def act(self, name: str, snapshot_penalty: int = 0) -> None:
        """``name`` acts: to the back, then forward ⌊penalty/3⌋ places for snapshots."""
        self._move(name, len(self.order))
        steps = abs(snapshot_penalty) // 3
        if steps:
            self._move(name, len(self.order) - 1 - steps)
        self.events.append(f"{name} acts" + (f" (snapshots: {steps} forward)" if steps else ""))

    def damage(self, name: str, damage: int, health: int) -> None:
        """Damage moves the card forward one place per full Health/5 (⌊5 × damage / Health⌋);
        a card pushed past first place is out of action."""
        steps = (5 * damage) // health if damage > 0 else 0
        place = self.order.index(name)
        if steps > place:
            self.order.remove(name)
            self.out.append(name)
            self.events.append(f"{name} takes {damage}: pushed past first place, out of action")
        else:
            self._move(name, place - steps)
            self.events.append(f"{name} takes {damage}: {steps} forward")

    def active_defence(self, name: str) -> bool:
        """An active defence moves the card back one; not allowed from first place."""
        place = self.order.index(name)
        if place == 0:
            self.events.append(f"{name} is first: no active defence")
            return False
        self._move(name, place + 1)
        self.events.append(f"{name} defends actively: 1 back")
        return True


#: Padding cards, in the order the source suggests as standard.
PADDING_CARDS = ("d10", "Setback", "Random Event")
