"""Seeded rolls that keep a log of every die."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import Enum

#: Seeds are whole numbers in this range, so a permalink survives JavaScript's numbers.
MAX_SEED = 2**53 - 1


class DieFate(str, Enum):  # noqa: UP042 - StrEnum would change what str() of a fate reads
    """What happened to a die, in the order a log tells it."""

    ROLLED = "rolled"
    KEPT = "kept"
    DROPPED = "dropped"
    EXPLODED = "exploded"
    CANCELLED = "cancelled"
    STACKED = "stacked"


@dataclass(frozen=True)
class DieEvent:
    """One line of a roll's log: die ``index`` (in roll order) met ``fate``."""

    fate: DieFate
    index: int
    sides: int
    value: int
    note: str = ""

    def to_dict(self) -> dict[str, object]:
        data = asdict(self)
        data["fate"] = self.fate.value
        return data


def fresh_seed() -> int:
    """A new seed for a roll the reader did not seed (shown so it can be replayed)."""
    return random.SystemRandom().randrange(1, 10**9)


def check_seed(seed: int) -> int:
    """``seed`` if it is a usable seed, else the project's error."""
    from .errors import RulesError

    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RulesError(f"the seed must be a whole number from 0 to {MAX_SEED}", field="seed")
    return seed


class Roller:
    """Rolls dice from one seeded stream and logs every die.

    The same seed gives the same dice natively and in Pyodide (int seeds only: float
    seeds hash differently on 32-bit wasm).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self._rng = random.Random(self.seed)
        self.log: list[DieEvent] = []
        self._count = 0

    def roll(self, sides: int, note: str = "") -> tuple[int, int]:
        """Roll one die; return ``(index, value)`` and log it as rolled."""
        index, value = self._count, self._rng.randint(1, sides)
        self._count += 1
        self.log.append(DieEvent(DieFate.ROLLED, index, sides, value, note))
        return index, value

    def roll_pool(self, count: int, sides: int, note: str = "") -> list[tuple[int, int]]:
        """Roll ``count`` dice; return their ``(index, value)`` pairs."""
        return [self.roll(sides, note) for _ in range(count)]

    def mark(self, fate: DieFate, index: int, sides: int, value: int, note: str = "") -> None:
        """Log what became of a die already rolled (kept, dropped, stacked …)."""
        self.log.append(DieEvent(fate, index, sides, value, note))


class ScriptedRoller(Roller):
    """Reads given dice in order instead of random ones: for a source's worked example,
    or to resolve dice rolled at the table. It has no seed."""

    def __init__(self, values: Sequence[int]) -> None:
        self.seed = None  # type: ignore[assignment]  # a script has no seed; its rolls say "dice given"
        self._values = tuple(values)
        self.log = []
        self._count = 0

    @property
    def unused(self) -> tuple[int, ...]:
        """The given dice not read yet."""
        return self._values[self._count :]

    def roll(self, sides: int, note: str = "") -> tuple[int, int]:
        """Read the next given die; a ``RulesError`` when none is left or it cannot be on the die."""
        from .errors import RulesError

        if self._count >= len(self._values):
            raise RulesError(f"{len(self._values)} dice were given, but the roll needs more: {note or 'one more die'}")
        index, value = self._count, self._values[self._count]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RulesError(f"die {index + 1} was given as {value!r}, not a face from 1 to {sides}")
        self._count += 1
        self.log.append(DieEvent(DieFate.ROLLED, index, sides, value, note))
        return index, value
