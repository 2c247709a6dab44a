"""Action!'s part-2 notations: each starts with a word that names what it works out.

    damage 23 threshold 10 health 30 toughness 3 mass 4 with wound-penalty stun
    fall 12 stunt 6 agility 3
    mook 8 vs 5 ev 6 vs 2 inspired
    shots agility 4 wits 3 luck 5 spend 2
    heroic 4
    conflict chase 17
    cover 12

- ``damage PV`` then, in any order, each at most once: ``threshold T`` (also ``T``,
  ``wt``, ``vs threshold``; 5 unless given), ``health H``, ``toughness N``, ``mass M``,
  ``wall D`` (metres to a solid object behind), ``wounds W`` and ``shock S`` (taken
  before this hit), ``focus F`` (what the target rolls for Shock, waking and Dark Times),
  ``luck L``; then ``with`` and option words (``damage.OPTION_WORDS``).
- ``fall METRES [stunt S] [agility A]``: a fall, with the Stunt + Agility roll against 0.
- ``mook ACTION``: a part-1 action (``8 vs 5 ev 6 vs 2 …``) against each kind of mook.
- ``shots agility A wits W luck L [pool P] [spend N]``: the Shot Count and Initiative.
- ``heroic N``: the heroic multi-action modifier for N targets (1–100).
- ``conflict KIND EV`` with KIND confusing (or tiring), social, gambling or chase.
- ``cover PV``: covering fire's Cover and aggressive covering fire's AV.
- ``stack CARDS; EVENT; …``: the initiative card stack played event by event
  (``stack_notation``).

These notations roll no dice of their own: ``roll`` prints the same as ``odds``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ...core.errors import RulesError
from ...core.exact import percent, ratio
from ...core.notation import Scanner, check_range
from ...core.system import Explained, WordNotation
from ..roll.notation import ActionQuery, parse
from ..roll.rules import DEFAULT_THRESHOLD, MAX_THRESHOLD, MAX_VALUE
from . import conflicts, shots
from .damage import EXCLUSIVE, OPTION_WORDS, DamageReport, Hit, fall_damage_odds, luck_rolls_problem
from .mooks import KINDS, extra_positive_dice, kind_odds, p_hit, speed_bump_odds, speed_bump_pv
from .stack_notation import parse_stack

MAX_FALL = 200  # metres (the falling odds list each metre)
MAX_SPEED_BUMP_SHOWN = 12  # mooks-down counts listed one by one, then "more"
MAX_HEROIC = 100


def _number(scanner: Scanner, what: str, low: int, high: int) -> int:
    """A whole number, with a sign when ``low`` is below 0, in ``low … high``."""
    scanner.skip_space()
    start = scanner.pos
    sign = 1
    if low < 0 and scanner.accept("-"):
        sign = -1
    elif low < 0:
        scanner.accept("+")
    if not scanner.peek_int():
        raise scanner.error(f"expected {what} (a whole number) here")
    value, _ = scanner.integer(what)
    return check_range(sign * value, low, high, what, scanner=scanner, position=start, length=scanner.pos - start)


def _terms(
    scanner: Scanner,
    spec: dict[str, tuple[str, str, int, int]],
    *,
    options: tuple[str, ...] = (),
    aliases: dict[str, str] | None = None,
) -> tuple[dict[str, int], set[str]]:
    """``keyword number`` terms in any order, each at most once (``spec``: word → (key,
    what, low, high)), then ``with`` and option words when ``options`` are allowed."""
    aliases = aliases or {}
    found: dict[str, int] = {}
    chosen: set[str] = set()
    while not scanner.at_end():
        word, at = scanner.word()
        lowered = aliases.get(word.lower(), word.lower())
        if lowered == "vs" and "threshold" in spec:
            follow, _ = scanner.word()
            if aliases.get(follow.lower(), follow.lower()) != "threshold":
                raise scanner.error("expected threshold after vs, as in vs threshold 10", at)
            lowered = "threshold"
        if lowered in spec:
            key, what, low, high = spec[lowered]
            if key in found:
                raise scanner.error(f"{what} is given twice", at, len(word))
            found[key] = _number(scanner, what, low, high)
            continue
        if lowered == "with" and options:
            if scanner.at_end():
                raise scanner.error("expected option words after with: " + ", ".join(options), len(scanner.text))
            while not scanner.at_end():
                option, where = _option_word(scanner)
                if option not in options:
                    raise scanner.error(
                        f"unknown option {option!r}: the options are {', '.join(options)}", where, max(len(option), 1)
                    )
                if option in chosen:
                    raise scanner.error(f"{option} is given twice", where, len(option))
                chosen.add(option)
            break
        shown = word or scanner.text[at : at + 1]
        expected = ", ".join(spec) + (", with OPTIONS" if options else "")
        raise scanner.error(f"unknown word {shown!r}: expected one of {expected}", at, max(len(shown), 1))
    return found, chosen


def _option_word(scanner: Scanner) -> tuple[str, int]:
    """An option word such as ``wound-penalty`` (letters and hyphens)."""
    scanner.skip_space()
    start = scanner.pos
    text = scanner.text
    end = start
    while end < len(text) and (text[end].isascii() and (text[end].isalpha() or text[end] == "-")):
        end += 1
    if end == start:
        end = start + 1
    scanner.pos = end
    return text[start:end].lower(), start


# --- damage ---------------------------------------------------------------------------------
DAMAGE_TERMS = {
    "threshold": ("threshold", "the Wound Threshold", 1, MAX_THRESHOLD),
    "health": ("health", "Health", 1, MAX_VALUE),
    "toughness": ("toughness", "Toughness", 1, MAX_VALUE),
    "mass": ("mass", "the Mass Value", 0, MAX_VALUE),
    "wall": ("wall", "the distance to a solid object", 0, MAX_VALUE),
    "wounds": ("wounds", "the wounds taken before", 0, MAX_VALUE),
    "shock": ("shock", "the shock taken before", 0, MAX_VALUE),
    "focus": ("focus", "the Focus value rolled", -MAX_VALUE, MAX_VALUE),
    "luck": ("luck", "Luck", -MAX_VALUE, MAX_VALUE),
}
THRESHOLD_ALIASES = {"t": "threshold", "wt": "threshold"}


def parse_damage(text: str) -> Hit:
    """``damage PV [terms] [with options]`` → the hit it describes."""
    scanner = _start(text, "damage")
    damage = _number(scanner, "the damage (PV)", 0, MAX_VALUE)
    found, chosen = _terms(scanner, DAMAGE_TERMS, options=OPTION_WORDS, aliases=THRESHOLD_ALIASES)
    for first, second in EXCLUSIVE:
        if first in chosen and second in chosen:
            raise RulesError(
                f"{first} and {second} cannot both apply: pick one",
                notation=text,
                position=_at(text, second),
                length=len(second),
            )
    hit = Hit(
        damage,
        found.get("threshold", DEFAULT_THRESHOLD),
        found.get("health"),
        found.get("toughness"),
        found.get("mass"),
        found.get("wounds", 0),
        found.get("shock", 0),
        found.get("focus"),
        found.get("luck"),
        found.get("wall"),
        frozenset(chosen),
    )
    problem = luck_rolls_problem(hit)
    if problem:
        raise RulesError(problem, notation=text, position=_at(text, "luck"), length=4)
    return hit


def _at(text: str, word: str) -> int:
    """Where ``word`` stands in ``text`` (any case), for a caret; the end when not found."""
    found = text.lower().rfind(word) if len(text.lower()) == len(text) else -1
    return found if found >= 0 else len(text)


def _start(text: str, word: str) -> Scanner:
    scanner = Scanner(text.replace("\u2212", "-"))
    if not scanner.accept(word):
        raise scanner.error(f"expected {word} here", 0)
    if scanner.at_end():
        raise scanner.error(f"expected a number after {word}", len(text))
    return scanner


# --- falling --------------------------------------------------------------------------------
@dataclass(frozen=True)
class FallReport:
    """A fall: its damage, and with a Stunt roll the exact chance of each damage."""

    metres: int
    stunt: int | None
    agility: int

    @property
    def notation(self) -> str:
        text = f"fall {self.metres}"
        if self.stunt is not None:
            text += f" stunt {self.stunt}" + (f" agility {self.agility}" if self.agility else "")
        return text

    def odds(self) -> dict[int, Fraction]:
        if self.stunt is None:
            return {self.metres: Fraction(1)}
        return fall_damage_odds(self.metres, self.stunt, self.agility)

    def lines(self) -> list[str]:
        lines = [f"Action! {self.notation}", f"Without a Stunt roll: {self.metres} damage"]
        if self.stunt is not None:
            lines.append(f"Stunt {self.stunt} + Agility {self.agility} against 0: 1 m less per 5 PV")
            for damage, p in self.odds().items():
                if p:
                    lines.append(f"damage {damage:>3}  {percent(p, 2):>8}  {ratio(p)}")
        return lines

    def to_json(self) -> dict[str, object]:
        odds = self.odds()
        return {
            "system": "action",
            "kind": "fall",
            "notation": self.notation,
            "metres": self.metres,
            "stunt": self.stunt,
            "agility": self.agility,
            "damage": {str(d): ratio(p) for d, p in odds.items()},
            "percent": {str(d): percent(p, 2) for d, p in odds.items()},
            "lines": self.lines(),
        }


def parse_fall(text: str) -> FallReport:
    scanner = _start(text, "fall")
    metres = _number(scanner, "the height fallen in metres", 0, MAX_FALL)
    found, _ = _terms(
        scanner,
        {
            "stunt": ("stunt", "the Stunt skill", -MAX_VALUE, MAX_VALUE),
            "agility": ("agility", "Agility", -MAX_VALUE, MAX_VALUE),
        },
    )
    if "agility" in found and "stunt" not in found:
        raise RulesError(
            "agility goes with a Stunt roll: give stunt S too", notation=text, position=_at(text, "agility"), length=7
        )
    return FallReport(metres, found.get("stunt"), found.get("agility", 0))


# --- mooks ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MookReport:
    """An attack against each kind of mook: exact chances of every state."""

    query: ActionQuery

    @property
    def notation(self) -> str:
        return f"mook {self.query.notation}"

    def kinds(self) -> dict[str, dict[str, Fraction]]:
        return {kind.word: kind_odds(self.query, kind) for kind in KINDS}

    def speed_bump(self) -> tuple[dict[int, Fraction], Fraction]:
        return speed_bump_odds(self.query, MAX_SPEED_BUMP_SHOWN)

    def lines(self) -> list[str]:
        lines = [
            f"Action! {self.notation}: exact odds against unnamed characters",
            *self.query.notes,
            f"Hits: {percent(p_hit(self.query), 2)} ({ratio(p_hit(self.query))})",
        ]
        for kind in KINDS:
            odds = kind_odds(self.query, kind)
            lines.append(f"{kind.name}: " + "; ".join(f"{name} {percent(p, 2)}" for name, p in odds.items()))
        table, more = self.speed_bump()
        extra = extra_positive_dice(self.query)
        lines.append(
            f"Speed-bump mooks: static PV {speed_bump_pv(self.query)}, one down per {self.query.threshold}"
            + (f", {extra} extra positive d10" if extra else ", no roll")
        )
        shown = [f"{n} down {percent(p, 2)}" for n, p in table.items() if p]
        if more:
            shown.append(f"more than {MAX_SPEED_BUMP_SHOWN} down {percent(more, 2)}")
        lines.append("  " + "; ".join(shown))
        return lines

    def to_json(self) -> dict[str, object]:
        table, more = self.speed_bump()
        kinds = {word: {state: ratio(p) for state, p in odds.items()} for word, odds in self.kinds().items()}
        return {
            "system": "action",
            "kind": "mook",
            "notation": self.notation,
            "attack": self.query.notation,
            "p_hit": ratio(p_hit(self.query)),
            "mooks": kinds,
            "percent": {
                word: {state: percent(Fraction(p), 2) for state, p in odds.items()}
                for word, odds in self.kinds().items()
            },
            "speed_bump": {
                "static_pv": speed_bump_pv(self.query),
                "threshold": self.query.threshold,
                "extra_positive_dice": extra_positive_dice(self.query),
                "down": {str(n): ratio(p) for n, p in table.items()},
                "more": ratio(more),
            },
            "notes": list(self.query.notes),
            "lines": self.lines(),
        }


def parse_mook(text: str) -> MookReport:
    """``mook ACTION``: the rest is read as a part-1 action; errors point into the whole text."""
    scanner = _start(text, "mook")
    offset = scanner.pos
    try:
        query = parse(text[offset:])
    except RulesError as error:
        if error.position is not None:
            error.position += offset
        error.notation = text
        raise
    return MookReport(query)


# --- shots, heroic multi-action, conflicts, cover --------------------------------------------
@dataclass(frozen=True)
class Summary:
    """A small worked result: named numbers and the lines that explain them."""

    kind: str
    notation: str
    values: dict[str, object]
    text: tuple[str, ...]

    def lines(self) -> list[str]:
        return [f"Action! {self.notation}", *self.text]

    def to_json(self) -> dict[str, object]:
        return {"system": "action", "kind": self.kind, "notation": self.notation, **self.values, "lines": self.lines()}


def parse_shots(text: str) -> Summary:
    scanner = _start(text, "shots")
    spec = {word: (word, word.capitalize(), -MAX_VALUE, MAX_VALUE) for word in ("agility", "wits", "luck")}
    spec["pool"] = ("pool", "the Shots left in the pool", 0, MAX_VALUE)
    spec["spend"] = ("spend", "the Shots spent on Initiative", 0, MAX_VALUE)
    found, _ = _terms(scanner, spec)
    missing = [w for w in ("agility", "wits", "luck") if w not in found]
    if missing:
        raise RulesError(
            f"give {', '.join(missing)} too, as in shots agility 4 wits 3 luck 5",
            notation=text,
            position=len(text),
            length=1,
        )
    count = max(shots.shot_count(found["agility"], found["wits"], found["luck"]), 0)
    pool = found.get("pool", count)
    if pool > count:
        raise RulesError(
            f"the pool ({pool}) cannot be above the Shot Count ({count})",
            notation=text,
            position=_at(text, "pool"),
            length=4,
        )
    spend = found.get("spend", 0)
    if spend > pool:
        raise RulesError(
            f"only {pool} Shots are in the pool to spend", notation=text, position=_at(text, "spend"), length=5
        )
    init = shots.initiative(pool, spend)
    canonical = (
        f"shots agility {found['agility']} wits {found['wits']} luck {found['luck']}"
        + (f" pool {pool}" if pool != count else "")
        + (f" spend {spend}" if spend else "")
    )
    lines = (
        f"Shot Count ⌊({found['agility']} + {found['wits']} + {found['luck']}) / 3⌋ = {count}",
        f"Initiative {init}: {pool} Shots in the pool"
        + (f" + 5 × {spend} Shots spent ({pool - spend} left)" if spend else ""),
        f"A Sequence without rolled actions: pool {shots.regain(pool - spend, count)}",
    )
    return Summary(
        "shots",
        canonical,
        {
            "shot_count": count,
            "pool": pool,
            "spent": spend,
            "initiative": init,
            "pool_after": pool - spend,
            "regained_pool": shots.regain(pool - spend, count),
        },
        lines,
    )


def parse_heroic(text: str) -> Summary:
    scanner = _start(text, "heroic")
    targets = _number(scanner, "the number of targets", 1, MAX_HEROIC)
    if not scanner.at_end():
        raise scanner.error("nothing may follow the number of targets")
    modifier = shots.heroic_modifier(targets)
    printed = shots.PRINTED_HEROIC.get(targets)
    if targets == 1:  # ruling (boxed on the page): the one-target row is only for the reversed reading
        lines = [
            f"1 target: {modifier}, only when the table is read in reverse (a hero spending {modifier} "
            "against unnamed characters acts against one); a single named target is an ordinary "
            "action, with no penalty"
        ]
    else:
        lines = [f"{targets} targets: {modifier} on each action (2 + n(n−1)/2)"]
    if printed is not None:
        lines.append(f"the source prints {printed}")
    else:
        lines.append("past the source's table (it stops at 10 targets): from the formula")
    snap = shots.SNAPSHOT_PENALTY.get(targets) if targets > 1 else None
    if snap is not None:
        lines.append(f"snapshots without Heroic Initiative: {snap}")
    return Summary(
        "heroic",
        f"heroic {targets}",
        {"targets": targets, "modifier": modifier, "printed": printed, "snapshot": snap},
        tuple(lines),
    )


CONFLICT_ALIASES = {"tiring": "confusing", "confuse": "confusing", "tire": "confusing"}


def parse_conflict(text: str) -> Summary:
    scanner = _start(text, "conflict")
    word, at = scanner.word()
    kind = CONFLICT_ALIASES.get(word.lower(), word.lower())
    if kind not in conflicts.KINDS:
        raise scanner.error(
            f"unknown conflict {word!r}: use confusing, tiring, social, gambling or chase", at, max(len(word), 1)
        )
    if scanner.at_end():
        raise scanner.error("expected the Effect Value after the kind of conflict", len(text))
    ev = _number(scanner, "the Effect Value", -MAX_VALUE, MAX_VALUE)
    if not scanner.at_end():
        raise scanner.error("nothing may follow the Effect Value")
    result = conflicts.KINDS[kind](ev)
    lines = [
        f"{conflicts.NAMES[kind]}, EV {ev}: "
        + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in result.amounts.items())
    ]
    if result.note:
        lines.append(result.note)
    return Summary("conflict", f"conflict {kind} {ev}", {"conflict": kind, "ev": ev, **result.amounts}, tuple(lines))


def parse_cover(text: str) -> Summary:
    scanner = _start(text, "cover")
    pv = _number(scanner, "the PV of the covering fire roll", -MAX_VALUE, MAX_VALUE)
    if not scanner.at_end():
        raise scanner.error("nothing may follow the PV")
    cover = shots.cover_points(pv)
    av = shots.aggressive_av(cover)
    lines = (
        f"Covering fire, PV {pv} on the roll against {shots.COVER_DIFFICULTY}: {cover} Cover "
        "(adds to allies' defence in that line of fire; several shooters add up)",
        f"Aggressive covering fire: a static attack at AV {av} on everyone moving in the line of fire",
    )
    return Summary("cover", f"cover {pv}", {"pv": pv, "cover": cover, "aggressive_av": av}, lines)


Reader = Callable[[str], Explained]
#: Leading word → the reader of that notation (its result has ``lines()`` and ``to_json()``).
NOTATIONS: dict[str, Reader] = {
    "damage": lambda text: DamageReport(parse_damage(text)),
    "fall": parse_fall,
    "mook": parse_mook,
    "shots": parse_shots,
    "heroic": parse_heroic,
    "conflict": parse_conflict,
    "cover": parse_cover,
    "stack": parse_stack,
}


def _same(result: Explained, seed: int | None = None) -> Explained:
    """Roll of a notation that rolls no dice: the worked result itself."""
    return result


#: As ``WORD_NOTATIONS`` in the package takes them: word → (parse, seeded roll, exact odds).
ENTRIES: dict[str, WordNotation] = {word: (reader, _same, _same) for word, reader in NOTATIONS.items()}

HELP = (
    "damage PV [threshold T] [health H] [toughness N] [mass M] [wall D] [wounds W] [shock S] [focus F] "
    "[luck L] [with OPTIONS] (options: " + ", ".join(OPTION_WORDS) + "); fall METRES [stunt S] [agility A]; "
    "mook ACTION; shots agility A wits W luck L [pool P] [spend N]; heroic N; "
    "conflict confusing|social|gambling|chase EV; cover PV; stack NAME, NAME, …; NAME acts [snapshot -P]; "
    "NAME takes D of health H; NAME defends (the initiative cards, at most 20, names up to 30 characters; "
    'padding cards d10, Setback, Random Event). e.g. "damage 23 threshold 10 health 30 '
    'toughness 3 mass 4 with wound-penalty", "mook 8 vs 5 ev 6 vs 2"'
)
