"""The Adrenaline d10 pool's play tool: characters kept on the device, rolled from, their
Adrenaline points earned and spent, an extended roll followed roll by roll, and an opposed
roll between two saved sheets.

A saved character (one entry of a play document, ``rules_engine/core/play.py``), format
version 2::

    {"name": "Mara",
     "attributes": {"Strength": 2, "Perception": 3},   # names and ratings 0-10
     "abilities": {"Intimidation": 2},                 # names and ratings 0-10
     "modifiers": {"Injured": -1},                     # names and dice -10 to 10, on every roll
     "adrenaline": 1,                                  # points banked, 0-10
     "declared": 1,     # (only when 1 or more) points declared for the next roll, at most those banked
     "extended": null}                                 # or the extended roll under way:
               # {"attribute": "Perception", "ability": "Intimidation", "difficulty": 7,
               #  "target": 10, "rolls": [3, 0, 2]}    # each roll's net, in order

Version 1 had no ``modifiers``; a version-1 document is read with none. ``declared`` is
optional (absent: none declared), so every earlier document reads as it was.

The pool is attribute + ability + the sheet's modifiers (a pool can be "modified by
injury" and the like), held to 0-10 dice (more than 10 is "not possible", the source says;
the play page's Ruling). An
extended roll is played as the chapter's rules and rulings say: each roll's net successes
add up until the target is reached; a botch ends the attempt and loses what was gathered.
Its rolls never go on past the end, and each takes the modifiers as they stand when it is
rolled. Every roll's doubles put a point in the bank, up to its 10. Points are declared for
the next roll by tapping them on the sheet (the source has a point named before the dice are
thrown, never after); the next single or opposed roll spends them. The bridge actions below
(``play_…``) do every step the page offers, so the page holds no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.play import (
    PlaySchema,
    entry_actions,
    exact_keys,
    log_chance,
    name_text,
    ratings,
    refuse,
    request_entry,
    unchanged_but_version,
    whole_number,
)
from ..core.requests import Request, labelled, request_seed, request_text
from ..core.roller import Roller
from .actions import SHORT_RATIO
from .notation import AdrenalineQuery, Side, side_from_fields
from .odds import MAX_ROLLS, RollOdds, opposed, roll_odds
from .roll import roll, roll_side
from .rules import (
    HIGHEST_DIFFICULTY,
    LOWEST_DIFFICULTY,
    MAX_ADRENALINE,
    MAX_POOL,
    MAX_TARGET,
    Options,
    difficulty_name,
)

VERSION = 3
#: A rating goes up to the rules' cap on a pool.
MAX_RATING = MAX_POOL
MAX_ATTRIBUTES = 12
MAX_ABILITIES = 60
#: The most pool modifiers one sheet keeps, and the most dice one adds or takes away.
MAX_MODIFIERS = 12
MAX_MODIFIER = MAX_POOL
#: The most rolls kept of one extended roll (the odds follow at most this many).
MAX_EXTENDED_ROLLS = MAX_ROLLS
#: The lowest and highest net one roll of the rules' pool can have (10 dice, no variants).
LOWEST_NET, HIGHEST_NET = -MAX_POOL, MAX_POOL
#: The "finish within k more rolls" chances the sheet shows: k = 1 … FINISH_HORIZON.
FINISH_HORIZON = 5
#: A new sheet's attributes: the two the source's examples name, at a placeholder rating.
NEW_ATTRIBUTES = {"Strength": 2, "Perception": 2}
RULES = Options()  # the play tool plays the rules as written, no variants


def extended_state(extended: dict[str, Any]) -> tuple[int, str | None]:
    """(successes gathered, how it ended: ``reached``, ``lost`` or None while under way)."""
    gathered = 0
    for net in extended["rolls"]:
        if net < 0:
            return 0, "lost"
        gathered += net
        if gathered >= extended["target"]:
            return gathered, "reached"
    return gathered, None


def _read_extended(value: Any, where: str, character: dict[str, Any]) -> dict[str, Any] | None:
    if value is None:
        return None
    exact_keys(value, where, ("attribute", "ability", "difficulty", "target", "rolls"))
    attribute = name_text(value["attribute"], f"{where}.attribute")
    if attribute not in character["attributes"]:
        raise refuse(f"{where}.attribute", f"the character has no attribute {attribute!r}")
    ability = value["ability"]
    if ability != "":
        ability = name_text(ability, f"{where}.ability")
        if ability not in character["abilities"]:
            raise refuse(f"{where}.ability", f"the character has no ability {ability!r}")
    difficulty = whole_number(value["difficulty"], f"{where}.difficulty", LOWEST_DIFFICULTY, HIGHEST_DIFFICULTY)
    target = whole_number(value["target"], f"{where}.target", 1, MAX_TARGET)
    rolls = value["rolls"]
    if not isinstance(rolls, list) or len(rolls) > MAX_EXTENDED_ROLLS:
        raise refuse(f"{where}.rolls", f"must be a list of at most {MAX_EXTENDED_ROLLS} nets")
    nets = [whole_number(net, f"{where}.rolls[{i}]", LOWEST_NET, HIGHEST_NET) for i, net in enumerate(rolls)]
    read = {"attribute": attribute, "ability": ability, "difficulty": difficulty, "target": target, "rolls": nets}
    for k in range(1, len(nets)):
        if extended_state({**read, "rolls": nets[:k]})[1] is not None:
            raise refuse(f"{where}.rolls", f"the roll ended on roll {k}, but {len(nets)} rolls are kept")
    return read


def read_modifiers(value: Any, where: str) -> dict[str, int]:
    """The sheet's pool modifiers: at most MAX_MODIFIERS distinct names, each adding (or, below
    0, taking away) a whole number of dice from -MAX_MODIFIER to MAX_MODIFIER."""
    return ratings(value, where, MAX_MODIFIERS, MAX_MODIFIER, lowest=-MAX_MODIFIER, what="dice")


def read_character(value: Any, where: str) -> dict[str, Any]:
    """One saved character checked and in normal form (``RulesError`` naming the field)."""
    exact_keys(value, where, ("name", "attributes", "abilities", "modifiers", "adrenaline", "extended"), ("declared",))
    character: dict[str, Any] = {
        "name": name_text(value["name"], f"{where}.name"),
        "attributes": ratings(value["attributes"], f"{where}.attributes", MAX_ATTRIBUTES, MAX_RATING),
        "abilities": ratings(value["abilities"], f"{where}.abilities", MAX_ABILITIES, MAX_RATING),
        "modifiers": read_modifiers(value["modifiers"], f"{where}.modifiers"),
        "adrenaline": whole_number(value["adrenaline"], f"{where}.adrenaline", 0, MAX_ADRENALINE),
    }
    if "declared" in value:
        banked = character["adrenaline"]
        if banked == 0:
            raise refuse(f"{where}.declared", "no points are banked, so none can be declared")
        character["declared"] = whole_number(value["declared"], f"{where}.declared", 1, banked)
    character["extended"] = _read_extended(value["extended"], f"{where}.extended", character)
    return character


def declared(character: dict[str, Any]) -> int:
    """The points declared for the next roll (0 when none)."""
    points: int = character.get("declared", 0)
    return points


def with_declared(character: dict[str, Any], points: int) -> dict[str, Any]:
    """``character`` with ``points`` declared for the next roll (none: no ``declared`` key)."""
    kept = {key: value for key, value in character.items() if key != "declared"}
    if points:
        kept["declared"] = points
    return kept


def version_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Format version 1 → 2: each character gains ``modifiers``, none. (An entry that holds
    ``modifiers`` already keeps them for the reader to check: a page whose engine never named
    its format version (``play_limits``) keeps a new device's document at version 1 while the
    engine fills it with this build's entries.)"""
    entries = document.get("entries")
    if isinstance(entries, list):
        entries = [
            {**entry, "modifiers": entry.get("modifiers", {})} if isinstance(entry, dict) else entry
            for entry in entries
        ]
        document = {**document, "entries": entries}
    return {**document, "version": 2}


# Version 3 lets a character carry its log (core/play.py read_log) and points `declared`.
SCHEMA = PlaySchema(
    "adrenaline",
    VERSION,
    read_character,
    migrations={1: version_1_to_2, 2: unchanged_but_version},
    noun="character",
    nouns="characters",
)


def new_character(name: str = "New character") -> dict[str, Any]:
    """A fresh sheet: Strength and Perception 2, no abilities, no modifiers, no Adrenaline."""
    return read_character(
        {
            "name": name,
            "attributes": dict(NEW_ATTRIBUTES),
            "abilities": {},
            "modifiers": {},
            "adrenaline": 0,
            "extended": None,
        },
        "character",
    )


# --- the pool a sheet rolls --------------------------------------------------------------------
def signed(dice: int) -> str:
    """``+1``, ``−2`` (a minus sign, as the page writes it), ``+0``."""
    return f"{dice:+d}".replace("-", "\u2212")


@dataclass(frozen=True)
class Pool:
    """The dice a sheet rolls: attribute + ability + its modifiers, held to 0–10 dice."""

    attribute: str
    ability: str
    parts: tuple[tuple[str, int], ...]  # (name, rating or dice) in the order added
    modifiers: int  # the modifiers' total

    @property
    def total(self) -> int:
        """Everything added up, before the pool is held to 0–10 (can be below 0 or past 10)."""
        return sum(value for _, value in self.parts[: 2 if self.ability else 1]) + self.modifiers

    @property
    def dice(self) -> int:
        return max(0, min(MAX_POOL, self.total))

    @property
    def what(self) -> str:
        return _what(self.attribute, self.ability)

    @property
    def line(self) -> str:
        """``Perception 3 + Intimidation 2, Injured −1: 4 dice`` (past 10: held to 10; below 0: 0)."""
        rated = 2 if self.ability else 1
        text = " + ".join(f"{name} {value}" for name, value in self.parts[:rated])
        text += "".join(f", {name} {signed(value)}" for name, value in self.parts[rated:])
        total = str(self.total).replace("-", "\u2212")
        if self.total > MAX_POOL:
            return f"{text}: {total}, held to the cap of {MAX_POOL} dice"
        if self.total < 0:
            return f"{text}: {total}, so 0 dice"
        return f"{text}: {self.dice} {'die' if self.dice == 1 else 'dice'}"


def sheet_pool(character: dict[str, Any], attribute: str, ability: str) -> Pool:
    """The pool ``attribute`` + ``ability`` (names on the sheet; ability may be "") with the
    sheet's modifiers."""
    parts = [(attribute, character["attributes"][attribute])]
    if ability:
        parts.append((ability, character["abilities"][ability]))
    modifiers = character["modifiers"]
    return Pool(attribute, ability, (*parts, *modifiers.items()), sum(modifiers.values()))


def modifiers_line(character: dict[str, Any]) -> str:
    """``Injured −1, Keen eyes +1`` or ``none``: what every roll from the sheet adds."""
    return ", ".join(f"{name} {signed(dice)}" for name, dice in character["modifiers"].items()) or "none"


# --- the numbers a sheet shows ------------------------------------------------------------------
def chance(value: Fraction) -> dict[str, object]:
    """A chance as the page shows it: percent, and the exact fraction when it is short."""
    text = ratio(value)
    return {"percent": percent(value, 2), "exact": text if len(text) <= SHORT_RATIO else None}


def odds_summary(odds: RollOdds) -> dict[str, dict[str, object]]:
    """One roll's exact chances: success, failure, botch, earning a point, complete (3+)."""
    return {key: chance(value) for key, value in odds.summary().items() if key != "overwhelming"}


def finish_chances(pool: int, difficulty: int, needed: int, horizon: int = FINISH_HORIZON) -> list[dict[str, object]]:
    """For k = 1 … ``horizon``: the exact chance that ``needed`` more net successes are gathered
    within k more rolls of ``pool`` dice against ``difficulty``, and of a botch ending the
    attempt by then (the chapter's default: a botch loses it all)."""
    dist = roll_odds(Side(pool, difficulty), RULES).dist
    den = Fraction(1, dist.denominator)
    alive = {0: Fraction(1)}  # successes gathered so far (short of ``needed``) → chance
    reached = lost = Fraction(0)
    rows = []
    for k in range(1, horizon + 1):
        moved: dict[int, Fraction] = {}
        for have, p in alive.items():
            for net, weight in dist.weights.items():
                q = p * weight * den
                if net < 0:
                    lost += q
                elif have + net >= needed:
                    reached += q
                else:
                    moved[have + net] = moved.get(have + net, Fraction(0)) + q
        alive = moved
        rows.append({"rolls": k, "finish": chance(reached), "lost": chance(lost)})
    return rows


def extended_sheet(character: dict[str, Any]) -> dict[str, Any] | None:
    """The extended roll under way: its pool, what is gathered, how it ended, and while it goes
    on, the exact chance to finish within 1 … 5 more rolls."""
    extended = character["extended"]
    if extended is None:
        return None
    built = sheet_pool(character, extended["attribute"], extended["ability"])
    pool = built.dice
    gathered, ending = extended_state(extended)
    totals, total = [], 0
    for net in extended["rolls"]:
        total = 0 if net < 0 else total + net
        totals.append(total)
    return {
        "pool": pool,
        "notation": f"{pool}d10 vs {extended['difficulty']} until {extended['target']}",
        "what": built.what,
        "pool_line": built.line,
        "difficulty_name": difficulty_name(extended["difficulty"]),
        "gathered": gathered,
        "needed": max(0, extended["target"] - gathered),
        "ending": ending,
        "totals": totals,
        "chances": None
        if ending
        else (finish_chances(pool, extended["difficulty"], extended["target"] - gathered) if pool else []),
    }


def point_boxes(character: dict[str, Any]) -> list[dict[str, Any]]:
    """The bank as MAX_ADRENALINE boxes, lowest first: ``X`` a point banked, ``/`` a banked point
    declared for the next roll (the highest ones), blank an empty place; with each box's words."""
    banked, spend = character["adrenaline"], declared(character)
    boxes = []
    for box in range(1, MAX_ADRENALINE + 1):
        if box > banked:
            mark, state = "", "empty"
        elif box > banked - spend:
            mark, state = "/", "declared for the next roll"
        else:
            mark, state = "X", "banked"
        boxes.append({"mark": mark, "words": f"Point {box}: {state}", "pressed": mark == "/"})
    return boxes


def sheet(character: dict[str, Any]) -> dict[str, Any]:
    """What the page shows beside the ratings: the Adrenaline bank (and its boxes), the points
    declared for the next roll, the pool modifiers every roll takes, and the extended roll."""
    return {
        "adrenaline": character["adrenaline"],
        "most_adrenaline": MAX_ADRENALINE,
        "declared": declared(character),
        "points": point_boxes(character),
        "modifiers": modifiers_line(character),
        "extended": extended_sheet(character),
    }


def answer(character: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the character (normal form) and its sheet."""
    return {"character": character, "sheet": sheet(character), **more}


def _what(attribute: str, ability: str) -> str:
    return attribute + (f" + {ability}" if ability else "")


def _names(request: Request, character: dict[str, Any], prefix: str = "") -> tuple[str, str]:
    """The attribute and ability the request names (``prefix``: ``other-``), on the sheet."""
    attribute, ability = request_text(request, prefix + "attribute"), request_text(request, prefix + "ability")
    if attribute not in character["attributes"]:
        raise RulesError(f"{character['name']} has no attribute {attribute!r}", field=prefix + "attribute")
    if ability and ability not in character["abilities"]:
        raise RulesError(f"{character['name']} has no ability {ability!r}", field=prefix + "ability")
    return attribute, ability


def _side(request: Request, character: dict[str, Any], prefix: str = "") -> tuple[Side, Pool]:
    """The side the sheet rolls: its pool with the sheet's modifiers, the difficulty asked
    (blank: 6), the points spent (blank: those declared on the sheet, else 0; never more than
    the sheet holds)."""
    attribute, ability = _names(request, character, prefix)
    pool = sheet_pool(character, attribute, ability)
    spend = request_text(request, prefix + "spend")
    try:
        side = side_from_fields(
            str(pool.dice),
            "",
            request_text(request, prefix + "difficulty"),
            spend if spend.strip() else str(declared(character)),
            prefix=prefix,
        )
    except RulesError as error:  # the chapter's form calls the points "adrenaline"; this request "spend"
        if error.field != prefix + "adrenaline":
            raise
        message = error.message.replace(prefix + "adrenaline", SPEND_LABELS[prefix], 1)
        raise RulesError(message, field=prefix + "spend") from None
    if side.spent > character["adrenaline"]:
        held = character["adrenaline"]
        raise RulesError(
            f"{character['name']} has {held} Adrenaline {'point' if held == 1 else 'points'} "
            f"to spend, not {side.spent}",
            field=prefix + "spend",
        )
    return side, pool


#: The points-to-spend fields' labels on the page (``prefix`` → label), for the words of a refusal.
SPEND_LABELS = {"": "Adrenaline to spend", "other-": "Their Adrenaline to spend"}


def after_roll(character: dict[str, Any], spent: int, earned: int, spends: bool = True) -> dict[str, Any]:
    """The sheet after a roll: the points spent go, a point earned comes (the bank holds 10:
    a point earned past it is not kept, the play page's Ruling). A roll that ``spends`` (a
    single or opposed one) uses up the points declared for it; an extended roll's leaves them."""
    kept = {**character, "adrenaline": min(MAX_ADRENALINE, character["adrenaline"] - spent + earned)}
    return with_declared(kept, 0) if spends else kept


def roll_record(result: dict[str, Any], notation: str, success: Fraction, points: str) -> dict[str, str]:
    """A roll's log item parts: the dice as rolled, the result in words, the exact chance of success."""
    dice = " ".join(str(value) for value in result["dice"]) or "no dice"
    spent = result.get("spent", 0)
    return {
        "dice": f"{notation}: {dice}" + (f", {spent} spent" if spent else ""),
        "result": f"net {result['net']}, {result['degree']}; {points}",
        "chance": f"success {log_chance(success)}",
    }


def _points_line(spent: int, earned: int, before: int, after: int) -> str:
    parts = []
    if spent:
        parts.append(f"{spent} spent")
    if earned:
        parts.append("1 earned" + (" (the bank was full: not kept)" if before - spent + earned > after else ""))
    return f"Adrenaline {before} → {after}" + (f" ({', '.join(parts)})" if parts else "")


# --- bridge actions --------------------------------------------------------------------------
def play_odds(request: Request) -> dict[str, Any]:
    """The exact odds of the roll the sheet is about to make (``attribute``, ``ability``,
    ``difficulty``, ``spend``), before it is rolled."""
    character = request_entry(request, SCHEMA)
    side, pool = _side(request, character)
    return {
        "what": pool.what,
        "pool_line": pool.line,
        "notation": side.notation,
        "odds": odds_summary(roll_odds(side, RULES)),
    }


def play_roll(request: Request) -> dict[str, Any]:
    """Roll ``attribute`` + ``ability`` (names on the sheet; ability may be "") with the sheet's
    modifiers against ``difficulty``, spending ``spend`` points: the points spent leave the
    sheet and a point earned by doubles joins it."""
    character = request_entry(request, SCHEMA)
    side, pool = _side(request, character)
    rolled = roll(AdrenalineQuery(side), request_seed(request))
    result: dict[str, Any] = rolled.to_json()
    kept = after_roll(character, side.spent, result["adrenaline_earned"])
    odds = roll_odds(side, RULES)
    points = _points_line(side.spent, result["adrenaline_earned"], character["adrenaline"], kept["adrenaline"])
    return answer(
        kept,
        roll=result,
        what=pool.what,
        pool_line=pool.line,
        notation=side.notation,
        odds=odds_summary(odds),
        points=points,
        record=roll_record(result, side.notation, odds.summary()["success"], points),
        fields={
            "attribute": str(side.pool),
            "ability": "",
            "difficulty": str(side.difficulty),
            "adrenaline": str(side.spent),
        },
    )


def play_extended_start(request: Request) -> dict[str, Any]:
    """Start an extended roll of ``attribute`` + ``ability`` (with the sheet's modifiers)
    against ``difficulty`` until ``target`` net successes (any extended roll under way is
    replaced)."""
    character = request_entry(request, SCHEMA)
    attribute, ability = _names(request, character)
    pool = sheet_pool(character, attribute, ability)
    side = side_from_fields(str(pool.dice), "", request_text(request, "difficulty"), "")
    target_text = request_text(request, "target").strip()
    if not target_text:
        raise RulesError("the extended roll needs a target: the net successes to gather", field="target")
    target = parse_whole_number(target_text, "target", 1, MAX_TARGET)
    if pool.dice == 0:
        if pool.total - pool.modifiers <= 0:
            raise RulesError(f"{pool.line}, which never gather a success", field="ability")
        raise refuse("character.modifiers", f"{pool.line}, which never gather a success")
    extended = {
        "attribute": attribute,
        "ability": ability,
        "difficulty": side.difficulty,
        "target": target,
        "rolls": [],
    }
    return answer(SCHEMA.read_entry({**character, "extended": extended}, "character"))


def play_extended_roll(request: Request) -> dict[str, Any]:
    """One more roll of the extended roll under way, with the sheet's modifiers as they stand:
    its net joins the rolls kept, and a point its doubles earn joins the bank."""
    character = request_entry(request, SCHEMA)
    extended = character["extended"]
    if extended is None:
        raise refuse("character.extended", "no extended roll is under way: start one first")
    if extended_state(extended)[1] is not None:
        raise refuse("character.extended", "this extended roll has ended: clear it or start another")
    if len(extended["rolls"]) >= MAX_EXTENDED_ROLLS:
        raise refuse("character.extended.rolls", f"an extended roll keeps at most {MAX_EXTENDED_ROLLS} rolls")
    pool = sheet_pool(character, extended["attribute"], extended["ability"])
    if pool.dice == 0:
        raise refuse(
            "character.modifiers",
            f"{pool.line}, which never gather a success: change the modifiers or stop this extended roll",
        )
    roller = Roller(request_seed(request))
    reading = roll_side(Side(pool.dice, extended["difficulty"]), RULES, roller, f"roll {len(extended['rolls']) + 1}")
    result: dict[str, Any] = {**reading.to_json(), "seed": roller.seed, "lines": reading.lines()}
    earned = result["adrenaline_earned"]
    kept = after_roll(
        {**character, "extended": {**extended, "rolls": [*extended["rolls"], reading.outcome.net]}},
        0,
        earned,
        spends=False,
    )
    points = _points_line(0, earned, character["adrenaline"], kept["adrenaline"])
    side = Side(pool.dice, extended["difficulty"])
    return answer(
        kept,
        roll=result,
        pool_line=pool.line,
        points=points,
        record=roll_record(result, side.notation, roll_odds(side, RULES).summary()["success"], points),
    )


def play_extended_clear(request: Request) -> dict[str, Any]:
    """The sheet with no extended roll under way."""
    return answer({**request_entry(request, SCHEMA), "extended": None})


def play_opposed(request: Request) -> dict[str, Any]:
    """An opposed roll: ``character`` (``attribute``, ``ability``, ``difficulty``, ``spend``)
    against ``other`` (the same fields with ``other-`` in front). Both sheets come back with
    their points spent and earned; the reply carries the exact odds of the contest and its roll."""
    first = request_entry(request, SCHEMA)
    second = request_entry(request, SCHEMA, key="other")
    side, pool = _side(request, first)
    other_side, other_pool = _side(request, second, "other-")
    query = AdrenalineQuery(side, RULES, opponent=other_side)
    rolled: dict[str, Any] = roll(query, request_seed(request)).to_json()
    contest = opposed(query)
    verdicts = contest.verdicts()
    verdict = rolled["verdict"]
    earned = rolled["roller"]["adrenaline_earned"], rolled["other"]["adrenaline_earned"]
    kept = after_roll(first, side.spent, earned[0]), after_roll(second, other_side.spent, earned[1])
    return {
        **answer(kept[0]),
        "other": kept[1],
        "other_sheet": sheet(kept[1]),
        "roll": rolled,
        "notation": query.notation,
        "what": pool.what,
        "other_what": other_pool.what,
        "pool_lines": [pool.line, other_pool.line],
        "odds": {key: chance(value) for key, value in verdicts.items()},
        "record": {
            "dice": f"{query.notation}: "
            + "; ".join(
                f"{who['name']} " + (" ".join(str(d) for d in rolled[part]["dice"]) or "no dice")
                for who, part in ((first, "roller"), (second, "other"))
            ),
            "result": {
                "win": f"{first['name']} wins by {rolled['margin']}",
                "standoff": "a stand-off",
                "lose": f"{second['name']} wins by {-rolled['margin']}",
            }[verdict],
            "chance": f"{first['name']} wins {log_chance(verdicts['win'])}",
        },
        "points": [
            _points_line(side.spent, earned[0], first["adrenaline"], kept[0]["adrenaline"]),
            _points_line(other_side.spent, earned[1], second["adrenaline"], kept[1]["adrenaline"]),
        ],
    }


def play_declare(request: Request) -> dict[str, Any]:
    """A tap on ``box`` (1 to 10) of the bank: a banked point not yet declared is declared for
    the next roll, with every banked point above it; a declared one is taken back, with every
    one above it. An empty box is refused: a point is earned by doubles, never by a tap."""
    character = request_entry(request, SCHEMA)
    box = parse_whole_number(request_text(request, "box"), "box", 1, MAX_ADRENALINE)
    banked, spend = character["adrenaline"], declared(character)
    if box > banked:
        held = f"{banked} {'point is' if banked == 1 else 'points are'}"
        raise RulesError(f"only {held} banked: a point is earned by a pair of successes on a roll", field="box")
    above = banked - box + 1  # this box and every banked one above it
    points = spend - above if box > banked - spend else above
    kept = with_declared(character, points)
    words = (
        (f"{character['name']} declares {points} Adrenaline {'point' if points == 1 else 'points'} for the next roll.")
        if points
        else f"{character['name']} declares no Adrenaline for the next roll."
    )
    return answer(kept, words=words)


def play_tap_odds(request: Request) -> dict[str, Any]:
    """The roll each trait's tap makes, with its exact chance of success, at the roll form's
    ``difficulty`` and ``spend`` (blank: 6, and the points declared): each attribute alone, and
    each ability with ``attribute`` (the form's attribute; blank: the sheet's first)."""
    character = request_entry(request, SCHEMA)
    chosen = request_text(request, "attribute") or next(iter(character["attributes"]), "")
    taps = [("attribute", name, "") for name in character["attributes"]]
    if chosen:
        taps += [("ability", chosen, name) for name in character["abilities"]]
    answers = []
    for kind, attribute, ability in taps:
        side, pool = _side({**request, "attribute": attribute, "ability": ability}, character)
        success = roll_odds(side, RULES).summary()["success"]
        answers.append(
            {
                "key": f"{kind}:{ability or attribute}",
                "attribute": attribute,
                "ability": ability,
                "what": pool.what,
                "dice": pool.dice,
                "notation": side.notation,
                "success": chance(success),
            }
        )
    return {"taps": answers}


#: The page's labels of the fields whose errors the engine words by field name.
FIELD_LABELS = {
    "difficulty": "Difficulty",
    "other-difficulty": "Their difficulty",
    "target": "Successes to gather",
    "seed": "Seed",
    "box": "Adrenaline bank",
}

ACTIONS = labelled(
    {
        "play_odds": play_odds,
        "play_roll": play_roll,
        "play_extended_start": play_extended_start,
        "play_extended_roll": play_extended_roll,
        "play_extended_clear": play_extended_clear,
        "play_opposed": play_opposed,
        "play_declare": play_declare,
        "play_tap_odds": play_tap_odds,
        **entry_actions(SCHEMA, answer, new_character),
    },
    FIELD_LABELS,
)
