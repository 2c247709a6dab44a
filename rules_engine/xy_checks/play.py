"""X-in-Y's play tool: a scene of two sides kept on the device, a volley or a contested
volley rolled between them, the damage written onto the targets.

A saved scene (one entry of a play document, ``rules_engine/core/play.py``), format
version 1::

    {"name": "The ford",
     "sides": [                     # exactly two: the first side and the second
       {"name": "Wardens", "champion": 0,      # index of the side's champion
        "combatants": [
          {"name": "Ada", "check": "5/6 +1b",  # the check of its attack on the other side
           "defence": "barely",                # how effective its defences are: none … fully
           "form": "even",                     # its form: inferior, even, superior
           "health": 10, "damage": 3}]},       # health (the table's number) and damage taken
       {"name": "Raiders", "champion": 0, "combatants": [...]}],
     "order": "lightest",           # a volley's extra hits: lightest first, or as written
     "tie": "min"}                  # a contested volley's tie: min, full, first, second, more, fewer

Ruling (the source gives fighters no health): a combatant has a health the table sets
(``NEW_HEALTH`` for a new one); the damage the engine deals is taken off it, and at 0 the
combatant is down: it neither attacks nor is a target until its damage is lowered again.
If the side's champion is down, the first combatant still standing is its champion. A side
with nobody standing is out of the fight (the sheet's ``over`` says so, and no exchange is left).

Every exchange is the chapter's own query (a volley or a contested volley) between the
standing combatants, read as its parser reads ``volley …`` or ``contest …``, so its odds and
its seeded roll are the command line's: ``python -m rules_engine odds xy-checks NOTATION``
with the notation the reply names.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, TypeGuard, cast

from ..core.errors import RulesError
from ..core.exact import decimal_text, percent, ratio
from ..core.play import (
    MAX_LOG_TEXT,
    PlaySchema,
    choice,
    entry_actions,
    exact_keys,
    items,
    json_kind,
    log_chance,
    name_text,
    refuse,
    request_entry,
    shorten,
    unchanged_but_version,
    whole_number,
)
from ..core.requests import Request, request_seed
from .notation import CheckQuery, ContestQuery, VolleyQuery, contest_query, parse_check_field
from .odds import ContestOdds, VolleyOdds, contest_odds, p_success, volley_odds
from .roll import ContestRoll, SideRoll, VolleyRoll, degree_text, roll_check, roll_contest, roll_volley
from .rules import DEFENCES, MAX_ATTACKERS, START_CHECK, TARGET_FORMS, TIE_BREAKERS, TIES, Check, Target

VERSION = 2
SIDES = 2
#: The most combatants on one side: a side has at most this many attackers.
MAX_COMBATANTS = MAX_ATTACKERS
#: The highest health a combatant may have.
MAX_HEALTH = 999
#: A new combatant's health (Ruling: the source gives none; the table changes it).
NEW_HEALTH = 10
#: A new combatant's check: an attack starts at 5/6.
NEW_CHECK = str(Check(*START_CHECK))
#: The longest check written on a sheet (a check with its terms is far shorter).
MAX_CHECK_CHARS = 40
ORDERS = ("lightest", "written")
#: Who attacks: the first side's volley, the second side's, or both at once (contested).
ATTACKING = ("first", "second", "both")


def read_check(value: Any, where: str) -> str:
    """A combatant's check as the chapter writes it (``5/6 +1b``), in canonical form."""
    if not isinstance(value, str):
        raise refuse(where, f"must be a check such as 5/6 +1b, not {json_kind(value)}")
    if len(value) > MAX_CHECK_CHARS:
        raise refuse(where, f"is too long: at most {MAX_CHECK_CHARS} characters")
    try:
        return parse_check_field(value).notation
    except RulesError as error:
        raise refuse(where, f"{error.message} (in {value!r})") from None


def read_combatant(value: Any, where: str) -> dict[str, Any]:
    """One combatant checked and in normal form."""
    exact_keys(value, where, ("name", "check", "defence", "form", "health", "damage"))
    health = whole_number(value["health"], f"{where}.health", 1, MAX_HEALTH)
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "check": read_check(value["check"], f"{where}.check"),
        "defence": choice(value["defence"], f"{where}.defence", DEFENCES),
        "form": choice(value["form"], f"{where}.form", TARGET_FORMS),
        "health": health,
        "damage": whole_number(value["damage"], f"{where}.damage", 0, health),
    }


def read_side(value: Any, where: str) -> dict[str, Any]:
    """One side checked: its name, its champion and up to ``MAX_COMBATANTS`` combatants."""
    exact_keys(value, where, ("name", "champion", "combatants"))
    read = items(
        value["combatants"],
        f"{where}.combatants",
        MAX_COMBATANTS,
        read_combatant,
        f"a side has at most {MAX_COMBATANTS} combatants",
    )
    champion = whole_number(value["champion"], f"{where}.champion", 0, max(0, len(read) - 1))
    return {"name": name_text(value["name"], f"{where}.name"), "champion": champion, "combatants": read}


def read_scene(value: Any, where: str) -> dict[str, Any]:
    """One saved scene checked and in normal form (``RulesError`` naming the field)."""
    exact_keys(value, where, ("name", "sides", "order", "tie"))
    sides = value["sides"]
    if not isinstance(sides, list) or len(sides) != SIDES:
        raise refuse(f"{where}.sides", "must be a list of two sides")
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "sides": [read_side(side, f"{where}.sides[{i}]") for i, side in enumerate(sides)],
        "order": choice(value["order"], f"{where}.order", ORDERS),
        "tie": choice(value["tie"], f"{where}.tie", {**TIES, **TIE_BREAKERS}),
    }


# Version 2 only lets a scene carry its log (core/play.py read_log).
SCHEMA = PlaySchema(
    "xy-checks", VERSION, read_scene, migrations={1: unchanged_but_version}, noun="scene", nouns="scenes"
)


def rebuilt(scene: dict[str, Any], sides: list[dict[str, Any]]) -> dict[str, Any]:
    """The scene with ``sides`` in place of its own, read again as a saved one is (its log kept)."""
    return SCHEMA.read_entry({**scene, "sides": sides}, "scene")


def new_combatant(number: int) -> dict[str, Any]:
    """Combatant ``number``: an attack at 5/6, no defences, even form, ``NEW_HEALTH``, unhurt."""
    return {
        "name": f"Combatant {number}",
        "check": NEW_CHECK,
        "defence": "none",
        "form": "even",
        "health": NEW_HEALTH,
        "damage": 0,
    }


def new_scene(name: str = "New scene") -> dict[str, Any]:
    """A scene of two sides with one new combatant each."""
    sides = [{"name": side, "champion": 0, "combatants": [new_combatant(1)]} for side in ("First side", "Second side")]
    return read_scene({"name": name, "sides": sides, "order": "lightest", "tie": "min"}, "scene")


# --- who stands, who attacks ---------------------------------------------------------------------
def left(combatant: dict[str, Any]) -> int:
    """Health left: health − damage."""
    health_left: int = combatant["health"] - combatant["damage"]
    return health_left


def standing(side: dict[str, Any]) -> list[int]:
    """The side's combatants still up (health left), as indices: the champion first (or, if
    it is down, the first one standing), then the others in order."""
    up = [i for i, c in enumerate(side["combatants"]) if left(c) > 0]
    if side["champion"] in up:
        up.remove(side["champion"])
        up.insert(0, side["champion"])
    return up


def side_attackers(side: dict[str, Any], order: list[int]) -> tuple[CheckQuery, ...]:
    """The side's attackers as the chapter's volley reads them (``notation.parse``): the
    champion's full check, then one die for each of the others, with a note for any bonus or
    penalty dice or crit die an other attacker's check would have had."""
    champion, *others = (parse_check_field(side["combatants"][i]["check"]) for i in order)
    notes = [f"the champion: {note}" for note in champion.notes]
    rest = []
    for number, other in enumerate(others, start=2):
        if other.extra or other.crit:
            notes.append(
                f"attacker {number} ({other.notation}) rolls one die: only the champion rolls bonus or "
                "penalty dice and the crit die"
            )
        rest.append(other.one_die())
    return (replace(champion, notes=tuple(notes)), *rest)


def scene_query(scene: dict[str, Any], attacking: str) -> tuple[VolleyQuery | ContestQuery, list[list[int]]]:
    """The scene's exchange as the chapter's query (a volley or a contested volley between the
    standing combatants), and for each side its combatants (as indices) in the order the
    query names them: attackers champion first; a volley's targets in the order listed."""
    sides = scene["sides"]
    up = [standing(side) for side in sides]
    for s, (side, order) in enumerate(zip(sides, up)):
        if not order:
            raise refuse(
                f"scene.sides[{s}].combatants", f"nobody on {side['name']} is standing: that side is out of the fight"
            )
    if attacking == "both":
        return contest_query(side_attackers(sides[0], up[0]), side_attackers(sides[1], up[1]), scene["tie"]), up
    s = ATTACKING.index(attacking)
    listed = sorted(up[1 - s])
    attackers = side_attackers(sides[s], up[s])
    targets = tuple(
        Target(sides[1 - s]["combatants"][i]["defence"], sides[1 - s]["combatants"][i]["form"]) for i in listed
    )
    query = VolleyQuery(attackers, targets, scene["order"] == "written", attackers[0].notes)
    return query, ([up[0], listed] if s == 0 else [listed, up[1]])


def _attacking(request: Request) -> str:
    value = request.get("attacking", "")
    if not isinstance(value, str) or value not in ATTACKING:
        raise RulesError(f"who attacks must be one of {', '.join(ATTACKING)}", field="attacking")
    return value


def _chance(p: Any) -> dict[str, str]:
    return {"ratio": ratio(p), "percent": percent(p, 2)}


def sheet(scene: dict[str, Any]) -> dict[str, Any]:
    """What the page shows beside each combatant: health left, down or not, champion or not,
    the check it rolls after its TN steps and the chance its attack hits; and whether the
    fight is over (``over``: in words, or None)."""
    sides = []
    for side in scene["sides"]:
        up = standing(side)
        rows = []
        for i, c in enumerate(side["combatants"]):
            query = parse_check_field(c["check"])
            rows.append(
                {
                    "left": left(c),
                    "down": left(c) == 0,
                    "champion": bool(up) and up[0] == i,
                    "rolls": str(query.check),
                    "dice": query.dice,
                    "hit": _chance(p_success(query)),
                }
            )
        sides.append({"standing": len(up), "combatants": rows})
    return {"sides": sides, "over": over(scene)}


def over(scene: dict[str, Any]) -> str | None:
    """Whether the fight is over, in words: a side with nobody standing is out of the fight
    (Ruling: the source gives no end, only damage; the tracker ends where no exchange is left)."""
    out = [side["name"] for side in scene["sides"] if not standing(side)]
    if len(out) == SIDES:
        return "Nobody on either side is standing: both are out of the fight."
    return f"Nobody on {out[0]} is standing: that side is out of the fight." if out else None


def answer(scene: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the scene (normal form) and its sheet."""
    return {"scene": scene, "sheet": sheet(scene), **more}


def _shown(value: Any) -> str:
    """A request value for a message: a number or true/false as JSON writes it, else its kind."""
    if isinstance(value, (bool, int, float)):
        text = json.dumps(value)
        return text if len(text) <= 20 else text[:19] + "…"
    return json_kind(value)


def _is_whole(value: object) -> TypeGuard[int]:
    """Whether a request value is a whole number (not a float such as 0.0, not true/false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _side_index(request: Request) -> int:
    value = request.get("side")
    if not _is_whole(value) or not 0 <= value < SIDES:
        raise RulesError(
            f"side must be the whole number 0 (the first side) or 1 (the second), not {_shown(value)}", field="side"
        )
    return value


def _combatant_index(request: Request, side: dict[str, Any]) -> int:
    value = request.get("index")
    if not _is_whole(value):
        raise RulesError(
            f"index must be a whole number, a combatant's place on its side from 0, not {_shown(value)}", field="index"
        )
    if not 0 <= value < len(side["combatants"]):
        raise RulesError(f"index: {side['name']} has no combatant number {_shown(value)}", field="index")
    return value


# --- bridge actions ------------------------------------------------------------------------------
def play_add(request: Request) -> dict[str, Any]:
    """A new combatant at the end of side ``side``."""
    scene = request_entry(request, SCHEMA)
    s = _side_index(request)
    side = scene["sides"][s]
    if len(side["combatants"]) >= MAX_COMBATANTS:
        raise refuse(f"scene.sides[{s}].combatants", f"a side has at most {MAX_COMBATANTS} combatants")
    sides = list(scene["sides"])
    sides[s] = {**side, "combatants": [*side["combatants"], new_combatant(len(side["combatants"]) + 1)]}
    return answer(rebuilt(scene, sides))


def play_remove(request: Request) -> dict[str, Any]:
    """Combatant ``index`` taken off side ``side`` (its champion keeps its place)."""
    scene = request_entry(request, SCHEMA)
    s = _side_index(request)
    side = scene["sides"][s]
    index = _combatant_index(request, side)
    combatants = [c for i, c in enumerate(side["combatants"]) if i != index]
    champion = side["champion"] - (1 if index < side["champion"] else 0)
    sides = list(scene["sides"])
    sides[s] = {**side, "champion": min(champion, max(0, len(combatants) - 1)), "combatants": combatants}
    return answer(rebuilt(scene, sides))


def _who(scene: dict[str, Any], s: int, i: int) -> dict[str, Any]:
    return {"side": s, "index": i, "name": scene["sides"][s]["combatants"][i]["name"]}


#: The chapter's words for a side, an attacker and a target in its lines, at a line's start
#: (after its indent): "First side (…", "second side deals", "champion: …", "Attacker 2 3/6: …",
#: "target 1 (barely, …", "Target 2 (side 2 attacker 2): …".
SIDE_WORDS = re.compile(r"\b(?:the )?(first|second) side\b", re.IGNORECASE)
ATTACKER_WORDS = re.compile(r"^(\s*)(?:champion|attacker (\d+))\b", re.IGNORECASE)
TARGET_WORDS = re.compile(r"^(\s*)target (\d+) \((?:side ([12]) attacker \d+\)|)", re.IGNORECASE)


def named_lines(lines: list[str], scene: dict[str, Any], orders: list[list[int]], attacking: str) -> list[str]:
    """The chapter's lines with the scene's names in the place of positions: each side's name
    for "first side"/"second side", each combatant's name for "champion", "attacker 2" and
    "target 1" (``orders``: each side's combatants in the order the query names them). In a
    contested volley the side whose block a line is in attacks; in a volley, ``attacking``."""
    sides = scene["sides"]
    side = 0 if attacking == "both" else ATTACKING.index(attacking)

    def name(s: int, place: int) -> str:
        combatant_name: str = sides[s]["combatants"][orders[s][place]]["name"]
        return combatant_name

    named = []
    for line in lines:
        header = re.match(r"\s*(first|second) side\b", line, re.IGNORECASE)
        if attacking == "both" and header:
            side = 0 if header.group(1).lower() == "first" else 1
        start = ""  # the names put in (never read again: a name may hold any words)
        attacker, target = ATTACKER_WORDS.match(line), TARGET_WORDS.match(line)
        if attacker:
            place = int(attacker.group(2) or 1) - 1
            role = (
                ""
                if line[attacker.end() :].startswith(" (")
                else " (champion)"
                if attacker.group(2) is None
                else " (one die)"
            )  # (a note: its check follows)
            start, line = f"{attacker.group(1)}{name(side, place)}{role}", line[attacker.end() :]
        elif target:
            of = 1 - side if target.group(3) is None else int(target.group(3)) - 1
            start = f"{target.group(1)}{name(of, int(target.group(2)) - 1)}" + ("" if target.group(3) else " (")
            line = line[target.end() :]
        named.append(
            start + SIDE_WORDS.sub(lambda found: sides[0 if found.group(1).lower() == "first" else 1]["name"], line)
        )
    return named


def play_odds(request: Request) -> dict[str, Any]:
    """The exact odds of the exchange (``attacking``: first, second or both) between the
    standing combatants: the chapter's odds, and for each target the chance it is hit, its
    average damage and the chance the damage takes it down."""
    scene = request_entry(request, SCHEMA)
    attacking = _attacking(request)
    query, orders = scene_query(scene, attacking)
    targets = []
    result: VolleyOdds | ContestOdds
    if isinstance(query, VolleyQuery):
        result = volley_odds(query)
        s = ATTACKING.index(attacking)
        for t, i in zip(result.targets, orders[1 - s]):
            c = scene["sides"][1 - s]["combatants"][i]
            targets.append(
                {
                    **_who(scene, 1 - s, i),
                    "hit": _chance(t.p_hit),
                    "down": _chance(t.damage.p_at_least(left(c))),
                    "mean_damage": decimal_text(t.damage.mean(), 2),
                }
            )
        more: dict[str, Any] = {"mean_hits": decimal_text(result.hits.mean(), 2)}
    else:
        assert isinstance(query, ContestQuery)
        result = contest_odds(query)
        for s in (0, 1):  # side s deals to the other side's attackers, in their written order
            for (hits, dealt), i in zip(result.sides[s].targets, orders[1 - s]):
                c = scene["sides"][1 - s]["combatants"][i]
                targets.append(
                    {
                        **_who(scene, 1 - s, i),
                        "hit": _chance(1 - hits.p(0) - hits.cut_mass),
                        "down": _chance(dealt.p_at_least(left(c))),
                        "mean_damage": decimal_text(dealt.mean(), 2),
                    }
                )
        more = {
            "first_more": _chance(result.p_first_more),
            "second_more": _chance(result.p_second_more),
            "tie": _chance(result.p_tie),
        }
    return {
        "notation": query.notation,
        "attacking": attacking,
        "targets": targets,
        "lines": named_lines(result.lines(), scene, orders, attacking),
        "cut_mass": ratio(result.hits.cut_mass if isinstance(result, VolleyOdds) else result.cut_mass),
        "odds": result.to_json(),
        **more,
    }


def _targets_json(side: SideRoll) -> list[dict[str, Any]]:
    """What each target of ``side``'s attack took, as the roll's JSON gives it."""
    return cast("list[dict[str, Any]]", side.to_json()["targets"])


def play_roll(request: Request) -> dict[str, Any]:
    """Roll the exchange (``attacking``) with ``seed`` and take each target's damage off its
    health: the scene after, the roll as the chapter gives it, and what each target took."""
    scene = request_entry(request, SCHEMA)
    attacking = _attacking(request)
    query, orders = scene_query(scene, attacking)
    seed = request_seed(request)
    rolled: VolleyRoll | ContestRoll
    if isinstance(query, VolleyQuery):
        rolled = roll_volley(query, seed)
        s = ATTACKING.index(attacking)
        dealt = [(1 - s, i, t) for t, i in zip(_targets_json(rolled.side), orders[1 - s])]
        hits = {ATTACKING[s]: rolled.side.hits}
    else:
        rolled = roll_contest(query, seed)
        dealt = [(1 - s, i, t) for s in (0, 1) for t, i in zip(_targets_json(rolled.sides[s]), orders[1 - s])]
        hits = {"first": rolled.sides[0].hits, "second": rolled.sides[1].hits}
    sides = [{**side, "combatants": [dict(c) for c in side["combatants"]]} for side in scene["sides"]]
    taken = []
    for s, i, target in dealt:
        c = sides[s]["combatants"][i]
        c["damage"] = min(c["health"], c["damage"] + target["damage"])
        taken.append(
            {
                **_who(scene, s, i),
                "hits": target["hits"],
                "damage": target["damage"],
                "damage_die": target["damage_die"],
                "left": left(c),
                "down": left(c) == 0,
            }
        )
    after = rebuilt(scene, sides)
    words = (
        "; ".join(
            f"{after['sides'][s]['name']}: " + ", ".join(_took(t) for t in taken if t["side"] == s and t["hits"])
            for s in (0, 1)
            if any(t["side"] == s and t["hits"] for t in taken)
        )
        or "no hits"
    )
    ended = over(after)
    shown = {**rolled.to_json(), "lines": named_lines(rolled.lines(), scene, orders, attacking)}
    if isinstance(rolled, VolleyRoll):
        count = rolled.side.hits
        chance = f"{log_chance(volley_odds(rolled.query).hits.p(count))} of exactly {count} {'hit' if count == 1 else 'hits'}"
        by = ATTACKING.index(attacking)  # (``s`` above named the side of each target)
        attacks = [(by, orders[by], rolled.side)]
    else:
        a, b = rolled.sides[0].hits, rolled.sides[1].hits
        odds = contest_odds(rolled.query)
        names = [side["name"] for side in scene["sides"]]
        chance = (
            f"{log_chance(odds.p_first_more)} that {names[0]} out-hit {names[1]}"
            if a > b
            else f"{log_chance(odds.p_second_more)} that {names[1]} out-hit {names[0]}"
            if b > a
            else f"{log_chance(odds.p_tie)} of a tie"
        )
        attacks = [(t, orders[t], rolled.sides[t]) for t in (0, 1)]
    record = {
        "dice": capped(exchange_dice(scene, attacks, orders)),
        "result": capped(f"{words}." + (f" {ended}" if ended else "")),
        "chance": capped(chance),
    }
    return answer(
        after,
        roll=shown,
        notation=query.notation,
        taken=taken,
        hits=hits,
        record=record,
        summary=f"Rolled {query.notation} (seed {rolled.seed}): {words}." + (f" {ended}" if ended else ""),
    )


def capped(text: str) -> str:
    """``text`` within the length a log item keeps (``MAX_LOG_TEXT``), cut with an ellipsis."""
    return shorten(text, MAX_LOG_TEXT)


def exchange_dice(scene: dict[str, Any], attacks: list[tuple[int, list[int], Any]], orders: list[list[int]]) -> str:
    """An exchange's dice by name: each attacker's dice, then each damage die and whom it hit
    (``Ada 4 (hit), 6 (miss); Bo 2 (hit); damage Cy 5``). ``attacks``: for each attacking side,
    its index, its combatants in the query's order and its rolled ``SideRoll`` (whose targets
    are the other side's, in ``orders``)."""
    names = [[c["name"] for c in side["combatants"]] for side in scene["sides"]]
    parts = [
        f"{names[s][i]} {attacker.dice_text()}" + (f"; {attacker.crit_text()}" if attacker.crit_faces else "")
        for s, order, side in attacks
        for i, attacker in zip(order, side.attackers)
    ]
    parts += [
        f"damage {names[1 - s][i]} {die}"
        for s, _, side in attacks
        for i, die in zip(orders[1 - s], side.damage_dice)
        if die is not None
    ]
    return "; ".join(parts)


def _took(target: dict[str, Any]) -> str:
    """``Ada 4 damage (6 left)``, ``Bo 7 damage (down)``."""
    return f"{target['name']} {target['damage']} damage" + (
        " (down)" if target["down"] else f" ({target['left']} left)"
    )


def _combatant(request: Request, scene: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """The request's ``side`` and ``index`` in the scene, and that combatant."""
    s = _side_index(request)
    i = _combatant_index(request, scene["sides"][s])
    return s, i, scene["sides"][s]["combatants"][i]


def play_roll_check(request: Request) -> dict[str, Any]:
    """Roll the check of combatant ``index`` on side ``side`` alone, with ``seed``: its full
    check (bonus or penalty dice and crit die included) as the chapter's check roller rolls it,
    its result and the exact chance of success. It deals no damage: the scene comes back as it
    was (Ruling: a combatant's check rolled alone). A combatant who is down does not attack."""
    scene = request_entry(request, SCHEMA)
    s, i, c = _combatant(request, scene)
    if left(c) == 0:
        raise RulesError(f"index: {c['name']} is down, and a combatant who is down does not attack", field="index")
    query = parse_check_field(c["check"])
    rolled = roll_check(query, request_seed(request))
    dice = rolled.result.dice_text() + (f"; {rolled.result.crit_text()}" if rolled.result.crit_faces else "")
    result = degree_text(rolled.result.degree)
    record = {
        "dice": capped(f"{query.notation}: {dice}"),
        "result": result,
        "chance": f"{log_chance(p_success(query))} of success",
    }
    return answer(
        scene,
        roll=rolled.to_json(),
        record=record,
        who=_who(scene, s, i),
        summary=f"{c['name']} rolled {query.notation} (seed {rolled.seed}): {result}.",
    )


def _box(request: Request, combatant: dict[str, Any]) -> int:
    """The request's ``box``: one of the combatant's health boxes, from 0."""
    value = request.get("box")
    if not _is_whole(value) or not 0 <= value < combatant["health"]:
        raise RulesError(
            f"box must be a whole number from 0 to {combatant['health'] - 1}, one of "
            f"{combatant['name']}'s health boxes, not {_shown(value)}",
            field="box",
        )
    return value


def play_mark(request: Request) -> dict[str, Any]:
    """Tap health box ``box`` (from 0) of combatant ``index`` on side ``side``: the boxes are
    its health, the marked ones the damage it has taken, first box first. A clear box is marked
    with every box before it (damage taken: box + 1); a marked box is cleared with every box
    after it (damage taken: box). The table's own change of damage (Ruling: health)."""
    scene = request_entry(request, SCHEMA)
    s, i, c = _combatant(request, scene)
    box = _box(request, c)
    damage = box if box < c["damage"] else box + 1
    sides = [{**side, "combatants": list(side["combatants"])} for side in scene["sides"]]
    sides[s]["combatants"][i] = {**c, "damage": damage}
    after = rebuilt(scene, sides)
    now = after["sides"][s]["combatants"][i]
    state = "down" if left(now) == 0 else f"{left(now)} of {now['health']} health left"
    ended = over(after)
    return answer(
        after,
        who=_who(after, s, i),
        summary=f"{now['name']}: damage taken {damage} ({state})." + (f" {ended}" if ended else ""),
    )


ACTIONS = {
    "play_add": play_add,
    "play_remove": play_remove,
    "play_odds": play_odds,
    "play_roll": play_roll,
    "play_roll_check": play_roll_check,
    "play_mark": play_mark,
    **entry_actions(SCHEMA, answer, new_scene),
}
