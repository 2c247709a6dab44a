"""Doom Stack's attack helper: one attack resolved onto the defender's hit boxes.

Notation (the stacks are values already chosen from rolls)::

    attack 9 vs 4                       attacker's stack 9, defender's stack 4
    attack 9                            the defender has no dice: defends with 0
    attack 9 vs 4 cover body 2          in cover; body armour 2
    attack 12 vs 3 hard 4 antitank      hard armour 4, an antitank attack
    attack 9 vs 2 boxes 9 track XX/ overflow 1
                                        9 hit boxes, two physical and one stun
                                        already marked, 1 in overflow

After the stacks the terms come in any order, each at most once. ``boxes`` is the
defender's hit boxes (4 + Strength + Willpower; 8 when not given, Strength 2 and
Willpower 2). ``track`` writes the boxes already marked, ``X`` for physical and ``/`` for
stun. The canonical form writes the terms in the order above, and only those that differ
from the defaults.

``odds`` of an attack give the track it leaves and, when the defender is dying, the exact
chance of bleeding out; ``roll`` adds the hourly bleeding-out dice, seeded.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import Scanner, check_range, parse_whole_number
from ..core.requests import field_flag
from ..core.roller import Roller
from .house_rules import PRINTED
from .notation import MAX_TN
from .rules import (
    PHYSICAL_MARK,
    STUN_MARK,
    AttackResult,
    Damage,
    HitTrack,
    apply_armour,
    bleed_out_death_chance,
    resolve_attack,
    take_damage,
)

#: Hit boxes when the notation gives none: 4 + Strength 2 + Willpower 2, the source's
#: average person.
DEFAULT_BOXES = 8
#: The most hit boxes the helper takes (4 + Strength + Willpower is far below it).
MAX_BOXES = 100
#: Stacks and armour ratings go up to the largest stack a pool can make.
MAX_RATING = MAX_TN
EXAMPLE = "attack 9 vs 4 cover body 2"
EXAMPLES = (EXAMPLE, "attack 12 vs 3 hard 4 antitank", "attack 9 vs 2 boxes 9 track XX/ overflow 1")
#: The attack notation in a few lines, for ``--help`` and the page.
HELP = (
    f"an attack: attack STACK [vs STACK] [cover] [body N] [hard N] [antitank] [boxes N] [track XX/] "
    f'[overflow N], e.g. "{EXAMPLES[0]}", "{EXAMPLES[1]}" or "{EXAMPLES[2]}"'
)


@dataclass(frozen=True)
class AttackQuery:
    """An attack and the defender it lands on."""

    attack: int
    defence: int = 0
    cover: bool = False
    body: int = 0
    hard: int = 0
    antitank: bool = False
    boxes: int = DEFAULT_BOXES
    marks: str = ""  # boxes already marked, X physical and / stun
    overflow: int = 0

    @property
    def notation(self) -> str:
        """The canonical form: defaults left out, terms in a fixed order."""
        parts = [f"attack {self.attack}"]
        if self.defence:
            parts.append(f"vs {self.defence}")
        parts += [word for word, on in (("cover", self.cover),) if on]
        parts += [f"{word} {n}" for word, n in (("body", self.body), ("hard", self.hard)) if n]
        if self.antitank:
            parts.append("antitank")
        if self.boxes != DEFAULT_BOXES:
            parts.append(f"boxes {self.boxes}")
        if self.marks:
            parts.append(f"track {self.marks}")
        if self.overflow:
            parts.append(f"overflow {self.overflow}")
        return " ".join(parts)

    @property
    def track(self) -> HitTrack:
        return HitTrack(self.boxes, tuple(self.marks), self.overflow)


def canonical_marks(physical: int, stun: int) -> str:
    """Marks as the canonical form writes them: the physical ones, then the stun ones."""
    return PHYSICAL_MARK * physical + STUN_MARK * stun


def attack_query(
    attack: int,
    defence: int = 0,
    *,
    cover: bool = False,
    body: int = 0,
    hard: int = 0,
    antitank: bool = False,
    boxes: int = DEFAULT_BOXES,
    physical: int = 0,
    stun: int = 0,
    overflow: int = 0,
) -> AttackQuery:
    """An ``AttackQuery`` from counts, checked: the marks must fit in the boxes (an error
    names the field that makes them overflow)."""
    if physical + stun > boxes:
        raise RulesError(
            f"{physical + stun} boxes already marked, but the defender has only {boxes} hit boxes",
            field="physical" if physical > boxes else "stun",
        )
    return AttackQuery(attack, defence, cover, body, hard, antitank, boxes, canonical_marks(physical, stun), overflow)


# --- the notation ---------------------------------------------------------------------
_NUMBER_TERMS = {
    "body": (0, MAX_RATING, "body armour"),
    "hard": (0, MAX_RATING, "hard armour"),
    "boxes": (1, MAX_BOXES, "hit boxes"),
    "overflow": (0, MAX_RATING, "overflow"),
}
_TERMS = ("cover", "antitank", "track", *_NUMBER_TERMS)


def is_attack(text: str) -> bool:
    """Whether ``text`` is written as an attack (starts with the word ``attack``)."""
    return text.lstrip()[:6].lower() == "attack" and not text.lstrip()[6:7].isalpha()


def parse_attack(text: str) -> AttackQuery:
    """Read ``attack A [vs D] [terms]``; a ``RulesError`` with a caret for anything else."""
    scanner = Scanner(text)
    if not scanner.accept("attack"):
        raise scanner.error("an attack starts with the word attack, as in " + EXAMPLE)
    if not scanner.peek_int():
        raise scanner.error("expected the attacker's stack (a number), as in " + EXAMPLE)
    attack, at = scanner.integer("the attacker's stack")
    check_range(attack, 0, MAX_RATING, "the attacker's stack", scanner=scanner, position=at, length=scanner.pos - at)
    defence = 0
    if scanner.accept("vs"):
        defence, at = scanner.integer("the defender's stack (0 for a defender with no dice)")
        check_range(
            defence, 0, MAX_RATING, "the defender's stack", scanner=scanner, position=at, length=scanner.pos - at
        )
    seen: dict[str, int | bool | str] = {}
    while not scanner.at_end():
        word, at = scanner.word()
        term = word.lower()
        if term not in _TERMS:
            raise scanner.error(f"expected one of {', '.join(_TERMS)}", at, max(1, len(word)))
        if term in seen:
            raise scanner.error(f"{term} is given twice", at, len(word))
        if term in ("cover", "antitank"):
            seen[term] = True
        elif term == "track":
            seen[term] = _read_marks(scanner)
        else:
            low, high, what = _NUMBER_TERMS[term]
            value, start = scanner.integer(f"a number after {term}")
            check_range(value, low, high, what, scanner=scanner, position=start, length=scanner.pos - start)
            seen[term] = value
    boxes = int(seen.get("boxes", DEFAULT_BOXES))
    marks = str(seen.get("track", ""))
    if len(marks) > boxes:
        start = text.lower().find("track")
        raise RulesError(
            f"the track marks {len(marks)} boxes, but the defender has only {boxes} hit boxes",
            notation=text,
            position=start,
            length=len("track"),
        )
    return AttackQuery(
        attack,
        defence,
        bool(seen.get("cover")),
        int(seen.get("body", 0)),
        int(seen.get("hard", 0)),
        bool(seen.get("antitank")),
        boxes,
        marks.upper(),
        int(seen.get("overflow", 0)),
    )


def _read_marks(scanner: Scanner) -> str:
    """The run of X and / after ``track``."""
    scanner.skip_space()
    start = scanner.pos
    text = scanner.text
    while scanner.pos < len(text) and text[scanner.pos] in "xX/":
        scanner.pos += 1
    if scanner.pos < len(text) and not text[scanner.pos].isspace():
        raise scanner.error("a track is written with X (physical) and / (stun), as in track XX/", scanner.pos, 1)
    if scanner.pos == start:
        raise scanner.error("expected the marked boxes after track: X for physical, / for stun, as in track XX/")
    return text[start : scanner.pos]


# --- resolving --------------------------------------------------------------------------
@dataclass(frozen=True)
class BleedOdds:
    """Bleeding out from ``overflow`` with ``boxes`` hit boxes: the exact chances."""

    overflow: int
    boxes: int

    @property
    def hours(self) -> int:
        """Hours without a 1 that end in death."""
        return self.boxes - self.overflow

    @property
    def death(self) -> Fraction:
        return bleed_out_death_chance(self.overflow, self.boxes)

    @property
    def stabilise(self) -> Fraction:
        return 1 - self.death

    def stabilised_by_hour(self) -> list[Fraction]:
        """P(stable by the end of hour h), for h = 1 … hours."""
        return [1 - Fraction(5, 6) ** h for h in range(1, self.hours + 1)]

    def to_json(self) -> dict[str, object]:
        return {
            "overflow": self.overflow,
            "hours_to_death": self.hours,
            "p_death": ratio(self.death),
            "p_stabilise": ratio(self.stabilise),
            "percent_death": percent(self.death, 2),
            "percent_stabilise": percent(self.stabilise, 2),
            "p_stable_by_hour": [ratio(p) for p in self.stabilised_by_hour()],
        }


def track_state(track: HitTrack) -> str:
    """The state a hit track puts its owner in, in words."""
    if track.dead:
        return "dead"
    if track.dying:
        return "dying" + (" and knocked out" if track.knocked_out else ", conscious")
    return "knocked out" if track.knocked_out else "still in action"


def draw_track(track: HitTrack) -> str:
    """``[X][X][/][ ][ ] overflow 0``."""
    boxes = "".join(f"[{mark}]" for mark in track.marks) + "[ ]" * (track.boxes - len(track.marks))
    return f"{boxes} overflow {track.overflow}"


def track_json(track: HitTrack) -> dict[str, object]:
    return {
        "boxes": track.boxes,
        "marks": "".join(track.marks),
        "physical": track.marks.count(PHYSICAL_MARK),
        "stun": track.marks.count(STUN_MARK),
        "empty": track.boxes - len(track.marks),
        "overflow": track.overflow,
        "knocked_out": track.knocked_out,
        "dying": track.dying,
        "dead": track.dead,
        "state": track_state(track),
    }


@dataclass(frozen=True)
class AttackReport:
    """An attack resolved: the net, what armour did, the track after, and bleeding out."""

    query: AttackQuery
    result: AttackResult
    through: int  # damage past hard armour
    damage: Damage  # what reaches the hit boxes, physical and stun
    before: HitTrack
    after: HitTrack

    @property
    def bleed(self) -> BleedOdds | None:
        return BleedOdds(self.after.overflow, self.after.boxes) if self.after.dying else None

    def lines(self) -> list[str]:
        q, r = self.query, self.result
        lines = [f"Doom Stack {q.notation}"]
        defence = f"{r.defence}" if r.defence else "0 (no dice to defend with)"
        verdict = "a clean miss" if r.clean_miss else "a glitch: no damage" if r.glitch else f"{r.damage} damage"
        lines.append(f"Net: {r.attack} − {defence} = {r.net}: {verdict}")
        if q.cover:
            lines.append(f"Cover: the defending stack is not spent; it stays in the attention pool as {r.defence_left}")
        if r.damage and q.hard:
            if q.antitank:
                lines.append(
                    f"Hard armour {q.hard}, antitank attack: {r.damage} − {q.hard} → {self.through} gets through"
                )
            else:
                lines.append(f"Hard armour {q.hard}: the attack is not antitank, nothing gets through")
        if self.through and q.body:
            lines.append(f"Body armour {q.body}: {self.damage.stun} of the {self.through} becomes stun")
        lines.append(f"Damage: {self.damage.physical} physical, {self.damage.stun} stun")
        lines.append(f"Hit boxes before: {draw_track(self.before)} ({track_state(self.before)})")
        lines.append(f"Hit boxes after: {draw_track(self.after)} ({track_state(self.after)})")
        bleed = self.bleed
        if bleed is not None:
            lines.append(
                f"Bleeding out: {bleed.hours} hours in a row without a 1 is death: "
                f"dies {percent(bleed.death, 2)} ({ratio(bleed.death)}), "
                f"stabilises {percent(bleed.stabilise, 2)} ({ratio(bleed.stabilise)})"
            )
        return lines

    def to_json(self) -> dict[str, object]:
        q, r = self.query, self.result
        bleed = self.bleed
        return {
            "system": "doom-stack",
            "kind": "attack",
            "notation": q.notation,
            "attack": q.attack,
            "defence": q.defence,
            "cover": q.cover,
            "body_armour": q.body,
            "hard_armour": q.hard,
            "antitank": q.antitank,
            "net": r.net,
            "clean_miss": r.clean_miss,
            "glitch": r.glitch,
            "damage": r.damage,
            "defence_left": r.defence_left if q.cover else None,
            "through_hard_armour": self.through,
            "physical": self.damage.physical,
            "stun": self.damage.stun,
            "before": track_json(self.before),
            "after": track_json(self.after),
            "bleeding_out": bleed.to_json() if bleed else None,
            "lines": self.lines(),
            "rules": PRINTED.to_json(),  # an attack takes only the printed rules
        }


def resolve(query: AttackQuery) -> AttackReport:
    """Net damage, cover, hard armour then body armour, onto the defender's track."""
    result = resolve_attack(query.attack, query.defence, cover=query.cover)
    through = apply_armour(result.damage, hard_armour=query.hard, antitank=query.antitank)
    damage = apply_armour(result.damage, body_armour=query.body, hard_armour=query.hard, antitank=query.antitank)
    before = query.track
    return AttackReport(query, result, through.physical, damage, before, take_damage(before, damage))


@dataclass(frozen=True)
class AttackRoll:
    """An attack resolved, then bleeding out rolled hour by hour (seeded) when dying."""

    report: AttackReport
    seed: int
    hours: tuple[int, ...]
    final_overflow: int

    def bleed_line(self) -> str:
        if not self.hours:
            return "Bleeding out: nothing to roll (not dying)"
        rolled = " ".join(map(str, self.hours))
        end = (
            f"stable after {len(self.hours)} hours"
            if self.hours[-1] == 1
            else f"dead after {len(self.hours)} hours (overflow {self.final_overflow})"
        )
        return f"Bleeding out, one d6 an hour: {rolled}: {end}"

    def lines(self) -> list[str]:
        first, *rest = self.report.lines()
        return [f"{first}, seed {self.seed}", *rest, self.bleed_line()]

    def to_json(self) -> dict[str, object]:
        return {
            **self.report.to_json(),
            "seed": self.seed,
            "bleed_rolls": list(self.hours),
            "final_overflow": self.final_overflow,
            "lines": self.lines(),
        }


def roll_attack(query: AttackQuery, seed: int | None = None) -> AttackRoll:
    """Resolve the attack; if the defender is dying, roll a d6 each hour until a 1
    stabilises them or overflow reaches their hit boxes."""
    from .roll import roll_bleeding_out  # roll imports notation; keep this module light

    report = resolve(query)
    roller = Roller(seed)
    overflow, hours = (
        roll_bleeding_out(report.after.overflow, report.after.boxes, roller)
        if report.after.dying
        else (report.after.overflow, [])
    )
    return AttackRoll(report, roller.seed, tuple(hours), overflow)


# --- the widget's fields ------------------------------------------------------------------
ATTACK_FIELDS = ("attack", "defence", "cover", "body", "hard", "antitank", "boxes", "physical", "stun", "overflow")


def query_from_fields(fields: dict[str, str]) -> AttackQuery:
    """The attack helper's form (texts) as a query; errors name their field."""

    def number(name: str, low: int, high: int, default: str = "0") -> int:
        return parse_whole_number(fields[name] or default, name, low, high)

    attack = parse_whole_number(fields["attack"], "attack", 0, MAX_RATING)
    defence = number("defence", 0, MAX_RATING)
    cover = field_flag(fields["cover"], "cover")
    body = number("body", 0, MAX_RATING)
    hard = number("hard", 0, MAX_RATING)
    antitank = field_flag(fields["antitank"], "antitank")
    boxes = number("boxes", 1, MAX_BOXES, str(DEFAULT_BOXES))
    physical = number("physical", 0, MAX_BOXES)
    stun = number("stun", 0, MAX_BOXES)
    overflow = number("overflow", 0, MAX_RATING)
    return attack_query(
        attack,
        defence,
        cover=cover,
        body=body,
        hard=hard,
        antitank=antitank,
        boxes=boxes,
        physical=physical,
        stun=stun,
        overflow=overflow,
    )
