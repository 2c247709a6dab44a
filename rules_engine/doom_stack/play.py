"""Doom Stack's play tool: characters kept on the device, rolled from, hit, bled and healed.

A saved character (one entry of a play document, ``rules_engine/core/play.py``), format
version 2::

    {"name": "Vex",
     "attributes": {"Strength": 2, "Agility": 3, "Willpower": 2},   # Strength, Willpower required
     "skills": {"Firearms": 3},
     "marks": "XX/",        # the hit boxes marked, in order: X physical, / stun
     "overflow": 0,         # the overflow box (at or past the hit boxes: dead)
     "stable": false,       # dying, but a bleeding-out die came up 1: no hourly roll until a new hit
     "attention": [5, 2],   # the attention pool: dice as they lie (a stack kept in cover: one die of its value)
     "pick": {              # the last stack taken, from a roll or (multitasking) from the attention pool
         "kind": "roll",    # or "another action"
         "pool": 5,         # the pool rolled for the first action: other actions are measured against it
         "tn": 8,           # the TN it was taken against, or null
         "dice": [6, 5, 6, 1, 2],  # the dice it was taken from (a roll: the dice rolled)
         "held": [],        # attention dice a smaller other action could not use (they stay in the pool)
         "stack": [6, 6, 1],       # the stack taken: its dice, highest first
         "open": true}}     # nothing has happened since: the stack may still be changed (play_choose)

Version 1 had neither ``stable`` nor ``pick``, and its overflow stopped at the hit boxes
(it refused a killing blow). Hit boxes are 4 + Strength + Willpower; the marks never
outnumber them. The bridge actions below (``play_…``) do every step the page offers, so the
page holds no rule of its own; each refuses with a ``RulesError`` naming its place: the
request field, or for a state that forbids it the character's field (``character.stable``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.play import (
    PlaySchema,
    choice,
    entry_actions,
    exact_keys,
    flag,
    name_text,
    ratings,
    refuse,
    request_entry,
    unchanged_but_version,
    whole_number,
)
from ..core.requests import Request, request_seed, request_text
from ..core.roller import Roller
from .attack import ATTACK_FIELDS, AttackReport, resolve, track_json, track_state
from .attack import query_from_fields as attack_from_fields
from .notation import MAX_TN, query_from_fields
from .odds import odds as roll_odds
from .roll import MAX_LISTED_STACKS, outcome_json, pool_line, roll
from .rules import (
    MAX_POOL,
    PHYSICAL_MARK,
    SIDES,
    STUN_MARK,
    WILDCARD,
    Damage,
    HitTrack,
    Outcome,
    Stack,
    best_stack,
    cheapest_stack,
    extra_dice_for_second_action,
    legal_stacks,
    movement_per_action,
    stack_count,
    take_damage,
)

VERSION = 3
#: Attribute and skill ratings a sheet takes (new characters have 0 to 4).
MAX_RATING = 20
MAX_ATTRIBUTES = 12
MAX_SKILLS = 60
#: The attributes every sheet has (the hit boxes need two of them; moving needs Agility).
HIT_BOX_ATTRIBUTES = ("Strength", "Willpower")
NEW_ATTRIBUTES = {"Strength": 2, "Agility": 2, "Willpower": 2}  # the source's average person
#: The most a die of the attention pool is worth: a stack kept whole in cover counts as one
#: die of its value, and no stack of a pool is worth more than all its dice showing 6.
MAX_DIE = SIDES * MAX_POOL
#: The most the overflow box holds: a living character has less than its hit boxes there
#: (at most 4 + 20 + 20 − 1) and one attack adds at most the largest stack; the dead take
#: no more hits.
MAX_OVERFLOW = 4 + 2 * MAX_RATING - 1 + MAX_TN
PICK_KINDS = ("roll", "another action")
CHARACTER_FIELDS = ("name", "attributes", "skills", "marks", "overflow", "stable", "attention", "pick")
PICK_FIELDS = ("kind", "pool", "tn", "dice", "held", "stack", "open")
HEAL_KINDS = ("stun", "physical", "all")
MARK_KINDS = ("physical", "stun")
#: The most dice a stack's line lists of the attention pool it leaves (past that, their count).
SHOWN_DICE = 12


def hit_boxes(attributes: dict[str, int]) -> int:
    """4 + Strength + Willpower."""
    return 4 + attributes["Strength"] + attributes["Willpower"]


# --- dice taken from dice ---------------------------------------------------------------------
def stack_dice(dice: list[int], stack: Stack) -> list[int]:
    """The values of ``stack``'s dice, highest first (how a pick keeps its stack)."""
    return sorted((dice[i] for i in stack.positions), reverse=True)


def is_stack_of(stack: list[int], dice: list[int]) -> bool:
    """Whether ``stack`` (values) is a stack ``dice`` make: some of the dice of one face with
    any of the ones, or ones alone; nothing when there are no dice, something when there are."""
    if not dice:
        return not stack
    faces = set(stack) - {WILDCARD}
    return bool(stack) and len(faces) <= 1 and not Counter(stack) - Counter(dice)


def left_after(dice: list[int], taken: list[int]) -> list[int]:
    """``dice`` without ``taken`` (values; the first of each in order go), the rest in order."""
    owed = Counter(taken)
    left = []
    for die in dice:
        if owed[die]:
            owed[die] -= 1
        else:
            left.append(die)
    return left


# --- the saved character ----------------------------------------------------------------------
def read_dice(value: Any, where: str, highest: int = MAX_DIE) -> list[int]:
    """A list of at most MAX_POOL dice, each worth 1 to ``highest``."""
    if not isinstance(value, list) or len(value) > MAX_POOL:
        raise refuse(where, f"must be a list of at most {MAX_POOL} dice")
    return [whole_number(die, f"{where}[{i}]", 1, highest) for i, die in enumerate(value)]


def read_pick(value: Any, where: str, attention: list[int]) -> dict[str, Any] | None:
    """The last stack taken (null before the first roll), checked against its own dice."""
    if value is None:
        return None
    exact_keys(value, where, PICK_FIELDS)
    kind = choice(value["kind"], f"{where}.kind", PICK_KINDS)
    pool = whole_number(value["pool"], f"{where}.pool", 0, MAX_POOL)
    tn = None if value["tn"] is None else whole_number(value["tn"], f"{where}.tn", 1, MAX_TN)
    dice = read_dice(value["dice"], f"{where}.dice", SIDES if kind == "roll" else MAX_DIE)
    held = read_dice(value["held"], f"{where}.held")
    if kind == "roll" and len(dice) != pool:
        raise refuse(f"{where}.dice", f"a roll of a pool of {pool} has {pool} dice, not {len(dice)}")
    if kind == "roll" and held:
        raise refuse(f"{where}.held", "a roll holds nothing back")
    stack = sorted(read_dice(value["stack"], f"{where}.stack"), reverse=True)
    if not is_stack_of(stack, dice):
        raise refuse(
            f"{where}.stack",
            "must be a stack of its dice: some dice of one face and any of the ones "
            "(at least one die, when there are dice)",
        )
    is_open = flag(value["open"], f"{where}.open")
    if is_open and attention != held + left_after(dice, stack):
        raise refuse(f"{where}.open", "the attention pool is not what this stack left: it can no longer be changed")
    return {"kind": kind, "pool": pool, "tn": tn, "dice": dice, "held": held, "stack": stack, "open": is_open}


def read_character(value: Any, where: str) -> dict[str, Any]:
    """One saved character checked and in normal form (``RulesError`` naming the field)."""
    exact_keys(value, where, CHARACTER_FIELDS)
    name = name_text(value["name"], f"{where}.name")
    attributes = ratings(value["attributes"], f"{where}.attributes", MAX_ATTRIBUTES, MAX_RATING)
    for needed in HIT_BOX_ATTRIBUTES:
        if needed not in attributes:
            raise refuse(f"{where}.attributes", f"{needed} is missing (the hit boxes are 4 + Strength + Willpower)")
    skills = ratings(value["skills"], f"{where}.skills", MAX_SKILLS, MAX_RATING)
    boxes = hit_boxes(attributes)
    marks = value["marks"]
    if not isinstance(marks, str) or any(mark not in (PHYSICAL_MARK, STUN_MARK) for mark in marks):
        raise refuse(f"{where}.marks", f"must be text of {PHYSICAL_MARK} (physical) and {STUN_MARK} (stun)")
    if len(marks) > boxes:
        raise refuse(f"{where}.marks", f"{len(marks)} marks, but the character has {boxes} hit boxes")
    overflow = whole_number(value["overflow"], f"{where}.overflow", 0, MAX_OVERFLOW)
    stable = flag(value["stable"], f"{where}.stable")
    if stable and not 0 < overflow < boxes:
        raise refuse(
            f"{where}.stable",
            f"only a dying character is stable (overflow above 0 and below the {boxes} hit boxes, not {overflow})",
        )
    attention = read_dice(value["attention"], f"{where}.attention")
    pick = read_pick(value["pick"], f"{where}.pick", attention)
    return {
        "name": name,
        "attributes": attributes,
        "skills": skills,
        "marks": marks,
        "overflow": overflow,
        "stable": stable,
        "attention": attention,
        "pick": pick,
    }


def from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: every character is not stable (version 1 never kept it) and has no
    stack taken yet (its attention pool stays as it was). A character that already holds
    either field keeps it, for the reader to check: a page whose engine never named its
    format version (``play_limits``) keeps a new device's document at version 1 while the
    engine fills it with characters of this version."""
    entries = document.get("entries")
    if isinstance(entries, list):
        entries = [{"stable": False, "pick": None, **entry} if isinstance(entry, dict) else entry for entry in entries]
    return {**document, "version": 2, "entries": entries}


# Version 3 only lets a character carry its log (core/play.py read_log).
SCHEMA = PlaySchema(
    "doom-stack",
    VERSION,
    read_character,
    migrations={1: from_version_1, 2: unchanged_but_version},
    noun="character",
    nouns="characters",
)


def new_character(name: str = "New character") -> dict[str, Any]:
    """A fresh sheet: the average person's attributes, no skills, no damage, nothing rolled."""
    return read_character(
        {
            "name": name,
            "attributes": dict(NEW_ATTRIBUTES),
            "skills": {},
            "marks": "",
            "overflow": 0,
            "stable": False,
            "attention": [],
            "pick": None,
        },
        "character",
    )


# --- what the state allows ---------------------------------------------------------------------
def track_of(character: dict[str, Any]) -> HitTrack:
    return HitTrack(hit_boxes(character["attributes"]), tuple(character["marks"]), character["overflow"])


def why_no_action(character: dict[str, Any]) -> RulesError | None:
    """Why the character cannot roll, take a stack or spend attention now, or None."""
    track = track_of(character)
    if track.dead:
        return refuse(
            "character.overflow", f"dead (overflow {track.overflow} of {track.boxes} hit boxes): the dead do not act"
        )
    if track.knocked_out:
        return refuse("character.marks", "knocked out (every hit box is marked): no action until a box heals")
    return None


def why_no_healing(character: dict[str, Any], kind: str) -> RulesError | None:
    """Why ``kind`` of healing cannot be done now, or None."""
    track = track_of(character)
    marks = character["marks"]
    if track.dead:
        return refuse("character.overflow", "dead: nothing heals")
    if kind == "stun":
        return None if STUN_MARK in marks else refuse("character.marks", "no stun box to heal")
    if track.dying and not character["stable"]:
        return refuse(
            "character.stable",
            "bleeding out: roll the hourly die until a 1 stabilises the character; physical damage heals by the day",
        )
    if kind == "physical" and not track.overflow and PHYSICAL_MARK not in marks:
        return refuse("character.marks", "no physical damage to heal")
    if kind == "all" and not marks and not track.overflow:
        return refuse("character.marks", "no damage to heal")
    return None


# --- the sheet ---------------------------------------------------------------------------------
def state_words(character: dict[str, Any]) -> str:
    """The track's state in words, "stable" in the place of "dying" once the bleeding stopped."""
    track = track_of(character)
    if character["stable"]:
        return "stable" + (" and knocked out" if track.knocked_out else ", conscious")
    return track_state(track)


def outcome_of(value: int, tn: int | None) -> dict[str, object]:
    return outcome_json(Outcome(value, tn) if tn is not None else None)


def pick_json(pick: dict[str, Any]) -> dict[str, Any]:
    """The last stack taken and every stack its dice allow (the ``MAX_LISTED_STACKS``
    biggest), each with its result and what it leaves in the attention pool; ``chosen`` is
    the taken one's place in that list (``play_choose`` takes another by its place)."""
    dice, held, tn = pick["dice"], pick["held"], pick["tn"]
    stacks, chosen = [], None
    for i, stack in enumerate(legal_stacks(dice, MAX_LISTED_STACKS)):
        values = stack_dice(dice, stack)
        if chosen is None and values == pick["stack"]:
            chosen = i
        stacks.append(
            {
                "value": stack.value,
                "dice": values,
                **outcome_of(stack.value, tn),
                "line": stack_line(values, tn, held + left_after(dice, values)),
            }
        )
    value = sum(pick["stack"])
    return {
        **pick,
        "value": value,
        **outcome_of(value, tn),
        "chosen": chosen,
        "stacks": stacks,
        "stacks_total": stack_count(dice),
        "line": stack_line(pick["stack"], tn, held + left_after(dice, pick["stack"])),
    }


def stack_line(stack: list[int], tn: int | None, left: list[int]) -> str:
    """``6 + 6 + 1 = 13 vs TN 8: success, performance 5 (Impressive); attention pool 3 2``."""
    value = sum(stack)
    if len(stack) > SHOWN_DICE:
        terms = " + ".join(f"{count} × {die}" for die, count in sorted(Counter(stack).items(), reverse=True))
        text = f"{terms} = {value}"
    else:
        text = " + ".join(map(str, stack)) + f" = {value}" if len(stack) > 1 else str(value) if stack else "no dice: 0"
    if tn is not None:
        text += f" vs TN {tn}: {Outcome(value, tn).describe()}"
    if len(left) > SHOWN_DICE:
        return text + f"; {len(left)} dice left in the attention pool"
    return text + (f"; attention pool {' '.join(map(str, left))}" if left else "; attention pool empty")


def defences(attention: list[int]) -> list[dict[str, Any]]:
    """Each value a defence can take from the attention pool (the ``MAX_LISTED_STACKS``
    biggest), with the dice it spends (the fewest: ``cheapest_stack``)."""
    counts = Counter(attention)
    ones = counts.pop(WILDCARD, 0)
    values = {
        face * count + wild for face, most in counts.items() for count in range(1, most + 1) for wild in range(ones + 1)
    } | set(range(1, ones + 1))
    listed = []
    for value in sorted(values, reverse=True)[:MAX_LISTED_STACKS]:
        stack = cheapest_stack(attention, value)
        assert stack is not None  # every value above is made by some stack
        listed.append({"value": value, "dice": stack_dice(attention, stack)})
    return listed


def sheet(character: dict[str, Any]) -> dict[str, Any]:
    """What the page shows beside the ratings: the hit boxes and the track's state, what the
    character can do now (act, bleed out, heal), the stack last taken and the defences."""
    attributes = character["attributes"]
    agility = attributes.get("Agility")
    track = track_of(character)
    return {
        "boxes": hit_boxes(attributes),
        "track": {**track_json(track), "state": state_words(character), "stable": character["stable"]},
        "movement": None if agility is None else movement_per_action(agility),
        "acts": why_no_action(character) is None,
        "bleeding": track.dying and not character["stable"],
        "heal": {kind: why_no_healing(character, kind) is None for kind in HEAL_KINDS},
        "pick": None if character["pick"] is None else pick_json(character["pick"]),
        "defences": defences(character["attention"]) if why_no_action(character) is None else [],
    }


def answer(character: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the character (normal form) and its sheet."""
    return {"character": character, "sheet": sheet(character), **more}


def closed(character: dict[str, Any]) -> dict[str, Any]:
    """The character with its last stack settled: anything else that happens ends the choice."""
    pick = character["pick"]
    return character if pick is None or not pick["open"] else {**character, "pick": {**pick, "open": False}}


def _pool_fields(request: Request, character: dict[str, Any]) -> tuple[Any, Any, str, dict[str, str]]:
    """The pool named by ``attribute`` + ``skill`` (names on the sheet; skill may be "") +
    ``modifiers``, against ``tn``: the query, the pool, what it is, and the roller's fields."""
    attribute_name, skill_name = request_text(request, "attribute"), request_text(request, "skill")
    if attribute_name not in character["attributes"]:
        raise RulesError(f"the character has no attribute {attribute_name[:40]!r}", field="attribute")
    if skill_name and skill_name not in character["skills"]:
        raise RulesError(f"the character has no skill {skill_name[:40]!r}", field="skill")
    fields = {
        "attribute": str(character["attributes"][attribute_name]),
        "skill": str(character["skills"][skill_name] if skill_name else 0),
        "modifiers": request_text(request, "modifiers"),
        "tn": request_text(request, "tn"),
    }
    try:
        query, pool = query_from_fields(*fields.values())
    except RulesError as error:
        error.field = "tn" if error.field == "TN" else error.field  # the request's key
        raise
    return query, pool, attribute_name + (f" + {skill_name}" if skill_name else ""), fields


def chance(value: Fraction) -> dict[str, str]:
    """A chance as the page shows it: the percentage first, the exact fraction on demand."""
    return {"percent": percent(value, 2), "exact": ratio(value)}


# --- bridge actions --------------------------------------------------------------------------
def play_odds(request: Request) -> dict[str, Any]:
    """The exact odds of the roll the form would make (``attribute`` + ``skill`` +
    ``modifiers``, the cap applied, against ``tn``), before it is rolled: the chances of
    success, glitch and failure (none without a TN) and the best stack's average. The same
    odds the chapter's roller gives for the same fields."""
    character = request_entry(request, SCHEMA)
    query, pool, what, fields = _pool_fields(request, character)
    exact = roll_odds(query)
    success = exact.odds
    return {
        "what": what,
        "pool_line": pool_line(pool),
        "notation": query.notation,
        "fields": fields,
        "tn": query.tn,
        "mean": f"{float(exact.dist.mean()):.2f}",
        "odds": None
        if success is None
        else {"success": chance(success.success), "glitch": chance(success.glitch), "failure": chance(success.failure)},
    }


def tap_odds(query: Any, pool: Any, what: str) -> dict[str, Any]:
    """One tap's roll before it is made: what it rolls, its pool, and its chance of success
    at the TN (none without one: then the best stack's average)."""
    exact = roll_odds(query)
    success = exact.odds
    return {
        "what": what,
        "pool_line": pool_line(pool),
        "tn": query.tn,
        "mean": f"{float(exact.dist.mean()):.2f}",
        "success": None if success is None else chance(success.success),
    }


def play_taps(request: Request) -> dict[str, Any]:
    """The odds of every tap on the sheet, before it is made: a tap on an attribute rolls it
    with the roll form's ``skill`` (none: the attribute alone), a tap on a skill rolls the form's
    ``attribute`` with it; both with the form's ``modifiers`` against its ``tn``. Keyed by name,
    in the sheet's order; each is the roll ``play_roll`` makes for that pair."""
    character = request_entry(request, SCHEMA)
    attribute, skill = request_text(request, "attribute"), request_text(request, "skill")
    rest = {"modifiers": request_text(request, "modifiers"), "tn": request_text(request, "tn")}

    def odds_of(attribute_name: str, skill_name: str) -> dict[str, Any]:
        query, pool, what, _ = _pool_fields({"attribute": attribute_name, "skill": skill_name, **rest}, character)
        return tap_odds(query, pool, what)

    return {
        "attributes": {name: odds_of(name, skill) for name in character["attributes"]},
        "skills": {name: odds_of(attribute, name) for name in character["skills"]},
    }


def play_roll(request: Request) -> dict[str, Any]:
    """Roll ``attribute`` + ``skill`` + ``modifiers`` (the cap applied) against ``tn``, for
    the first action: the best stack is taken (``play_choose`` takes another while nothing
    else has happened) and the dice left over become the attention pool."""
    character = request_entry(request, SCHEMA)
    query, pool, what, fields = _pool_fields(request, character)
    if (refusal := why_no_action(character)) is not None:
        raise refusal
    rolled = roll(query, request_seed(request))
    dice = list(rolled.dice)
    pick = {
        "kind": "roll",
        "pool": len(dice),
        "tn": query.tn,
        "dice": dice,
        "held": [],
        "stack": stack_dice(dice, rolled.stack),
        "open": True,
    }
    kept = {**character, "attention": list(rolled.attention), "pick": pick}
    return answer(
        kept,
        roll=rolled.to_json(),
        pool_line=pool_line(pool),
        what=what,
        fields=fields,
        chance=roll_chance(query, rolled.stack.value),
    )


def roll_chance(query: Any, value: int) -> dict[str, str]:
    """The exact chance a log keeps beside a roll: of success at its TN (a glitch is a success
    too), or with no TN, of a best stack of ``value`` or more."""
    dist = roll_odds(query).dist
    if query.tn is not None:
        return {"of": f"success at TN {query.tn}", **chance(dist.p_at_least(query.tn))}
    return {"of": f"a best stack of {value} or more", **chance(dist.p_at_least(value))}


def play_choose(request: Request) -> dict[str, Any]:
    """Take another stack from the dice of the last roll (or the last other action): the one
    at place ``stack`` in the sheet's ``pick.stacks`` (0 is the best). Only while nothing else
    has happened since; the attention pool becomes what that stack leaves."""
    character = request_entry(request, SCHEMA)
    pick = character["pick"]
    if pick is None:
        raise refuse("character.pick", "nothing rolled yet: roll first, then choose the stack")
    if (refusal := why_no_action(character)) is not None:
        raise refusal
    if not pick["open"]:
        raise refuse("character.pick", "something has happened since that stack was taken: it stands")
    listed = legal_stacks(pick["dice"], MAX_LISTED_STACKS)
    if not listed:
        raise refuse("character.pick", "there were no dice to take a stack from")
    place = parse_whole_number(request_text(request, "stack"), "stack", 0, len(listed) - 1)
    stack = stack_dice(pick["dice"], listed[place])
    attention = pick["held"] + left_after(pick["dice"], stack)
    return answer({**character, "attention": attention, "pick": {**pick, "stack": stack}})


def play_multitask(request: Request) -> dict[str, Any]:
    """Another action alongside the rolled one (multitasking), with the pool ``attribute`` +
    ``skill`` + ``modifiers`` against ``tn``: its stack comes from the attention pool. Against
    the pool rolled for the first action, a smaller pool may not use the highest X dice; a
    larger one first rolls X more dice (``seed``) into the attention pool. The best stack it
    may use is taken (``play_choose`` takes another)."""
    character = request_entry(request, SCHEMA)
    query, pool, what, fields = _pool_fields(request, character)
    if (refusal := why_no_action(character)) is not None:
        raise refusal
    first = character["pick"]
    if first is None:
        raise refuse(
            "character.pick", "roll for the first action first: other actions draw on the attention pool it leaves"
        )
    attention = character["attention"]
    gap = query.pool - first["pool"]
    if len(attention) + max(0, gap) > MAX_POOL:
        raise refuse(
            "character.attention",
            f"{gap} more dice would make an attention pool of "
            f"{len(attention) + gap}, more than the {MAX_POOL} the engine keeps",
        )
    roller = Roller(request_seed(request))
    more = extra_dice_for_second_action(first["pool"], query.pool)
    extra = [value for _, value in roller.roll_pool(more, SIDES, "extra die for a larger other action")]
    withheld = sorted(attention, reverse=True)[:-gap] if gap < 0 else []
    usable = left_after(attention, withheld)
    held = left_after(attention, usable)  # the same dice, in the pool's order
    dice = usable + extra
    stack = stack_dice(dice, best_stack(dice)) if dice else []
    pick = {
        "kind": "another action",
        "pool": first["pool"],
        "tn": query.tn,
        "dice": dice,
        "held": held,
        "stack": stack,
        "open": True,
    }
    after = {**character, "attention": held + left_after(dice, stack), "pick": pick}
    return answer(
        after,
        what=what,
        pool_line=pool_line(pool),
        fields=fields,
        seed=roller.seed,
        multitask={
            "first_pool": first["pool"],
            "pool": query.pool,
            "extra": extra,
            "held": held,
            "line": multitask_line(first["pool"], query.pool, extra, held),
        },
    )


def multitask_line(first: int, other: int, extra: list[int], held: list[int]) -> str:
    """What the pools' difference did, in words."""
    if other > first:
        return (
            f"A pool of {other} against the {first} rolled: {other - first} more dice rolled into the "
            f"attention pool ({' '.join(map(str, extra))}), then the stack chosen from all of it"
        )
    if other < first:
        shown = " ".join(map(str, held)) or "none there"
        return (
            f"A pool of {other} against the {first} rolled: the {first - other} highest dice of the "
            f"attention pool are off limits ({shown})"
        )
    return f"A pool of {other}, the same as the {first} rolled: the stack chosen from the whole attention pool"


def spend_defence(attention: list[int], defence: int, cover: bool) -> list[int]:
    """The attention pool after a defence of ``defence`` (the stack that spends the fewest
    dice): the stack's dice leave, but in cover the stack stays as one die a pip smaller."""
    stack = cheapest_stack(attention, defence)
    if stack is None:
        shown = " ".join(map(str, attention)) or "empty"
        raise RulesError(f"the attention pool ({shown}) makes no stack of {defence}", field="defence")
    used = set(stack.positions)
    first = min(used)
    kept = [defence - 1] if cover and defence > 1 else []
    left: list[int] = []
    for i, die in enumerate(attention):
        if i == first:
            left += kept
        elif i not in used:
            left.append(die)
    return left


def play_attack(request: Request) -> dict[str, Any]:
    """An attack on the character (``fields``: the attack helper's attack, defence, cover,
    body, hard, antitank) resolved onto its track. A defence is a stack of the attention pool
    and its dice leave it (in cover the stack stays, a pip smaller); a hit that deals damage
    starts a stable character bleeding again; a killing blow leaves the character dead."""
    character = request_entry(request, SCHEMA)
    fields = request.get("fields")
    if not isinstance(fields, dict):
        raise RulesError("fields must be an object of the attack's fields", field="fields")
    given = {name: fields.get(name, "") for name in ATTACK_FIELDS[:6]}
    for name, value in given.items():
        if not isinstance(value, str):
            raise RulesError(f"{name} must be text", field=name)
    track = track_of(character)
    if track.dead:
        raise refuse(
            "character.overflow", f"dead (overflow {track.overflow} of {track.boxes} hit boxes): no hit changes that"
        )
    blank = {name: "" for name in ATTACK_FIELDS[6:]}
    query = replace(
        attack_from_fields({**given, **blank}), boxes=track.boxes, marks=character["marks"], overflow=track.overflow
    )
    attention = character["attention"]
    if query.defence:
        if track.knocked_out:
            raise RulesError(
                "knocked out (every hit box is marked): no attention to defend with; leave the defence blank",
                field="defence",
            )
        attention = spend_defence(attention, query.defence, query.cover)
    report = resolve(query)
    # Marks in the order they fell: those already there, then the new ones (physical first).
    new_marks = "".join(report.after.marks[len(track.marks) :])
    damaged = report.damage.physical + report.damage.stun > 0
    stable = character["stable"] and not damaged
    hit = {
        **closed(character),
        "marks": character["marks"] + new_marks,
        "overflow": report.after.overflow,
        "stable": stable,
        "attention": attention,
    }
    return answer(hit, attack=report.to_json(), lines=attack_lines(report, character["attention"], attention, stable))


def attack_lines(report: AttackReport, before: list[int], after: list[int], stable: bool) -> list[str]:
    """The attack helper's lines for this hit (its notation line left out), with what the
    defence took from the attention pool, and no bleeding-out odds for a character still stable."""
    lines = report.lines()[1:]
    if report.query.defence:
        shown = " ".join(map(str, after)) or "empty"
        lines.insert(1, f"Attention pool: {' '.join(map(str, before))} → {shown}")
    if stable:
        lines = [line for line in lines if not line.startswith("Bleeding out:")]
        lines.append("Stable: no damage dealt, the bleeding stays stopped")
    return lines


def play_bleed(request: Request) -> dict[str, Any]:
    """One hour of bleeding out for a dying character not yet stable: a d6; a 1 stabilises
    (kept on the sheet until a new hit), any other face adds 1 to overflow."""
    character = request_entry(request, SCHEMA)
    track = track_of(character)
    if track.dead:
        raise refuse("character.overflow", "dead: the bleeding is over")
    if not track.dying:
        raise refuse("character.overflow", "only a dying character bleeds out (overflow above 0)")
    if character["stable"]:
        raise refuse("character.stable", "stable: no more hourly rolls until a new hit")
    roller = Roller(request_seed(request))
    _, die = roller.roll(SIDES, "bleeding out")
    stable = die == 1
    overflow = character["overflow"] + (0 if stable else 1)
    after = {**closed(character), "overflow": overflow, "stable": stable}
    words = (
        "a 1: stable"
        if stable
        else f"a {die}: overflow goes up to {overflow}"
        + (f", the {track.boxes} hit boxes: dead" if overflow >= track.boxes else "")
    )
    odds = {"of": "a 1" if stable else "a 2 to 6", **chance(Fraction(1 if stable else SIDES - 1, SIDES))}
    return answer(
        after, die=die, seed=roller.seed, stable=stable, chance=odds, line=f"Bleeding out, this hour: {words}"
    )


def play_heal(request: Request) -> dict[str, Any]:
    """Heal ``kind``: ``"stun"`` one stun box (an hour), ``"physical"`` one physical box (a
    day with modern medicine, a month without: the overflow first), ``"all"`` every box (the
    days it takes, at once). Physical healing waits until a dying character is stable."""
    character = request_entry(request, SCHEMA)
    kind = request_text(request, "kind")
    if kind not in HEAL_KINDS:
        raise RulesError(f"kind must be one of {', '.join(HEAL_KINDS)}, not {kind[:20]!r}", field="kind")
    if (refusal := why_no_healing(character, kind)) is not None:
        raise refusal
    marks, overflow = character["marks"], character["overflow"]
    if kind == "stun":
        at = marks.rfind(STUN_MARK)
        marks = marks[:at] + marks[at + 1 :]
    elif kind == "physical" and overflow:
        overflow -= 1
    elif kind == "physical":
        at = marks.rfind(PHYSICAL_MARK)
        marks = marks[:at] + marks[at + 1 :]
    else:
        marks, overflow = "", 0
    healed = {**closed(character), "marks": marks, "overflow": overflow, "stable": character["stable"] and overflow > 0}
    return answer(healed)


def play_mark(request: Request) -> dict[str, Any]:
    """One box of damage of ``kind`` ("physical": X, "stun": /) taken: into the next empty
    box, or once every box is marked into the overflow box, where it is physical. Like a hit
    that deals damage, it starts a stable character bleeding again; the dead take no more."""
    character = request_entry(request, SCHEMA)
    kind = request_text(request, "kind")
    if kind not in MARK_KINDS:
        raise RulesError(f"kind must be one of {', '.join(MARK_KINDS)}, not {kind[:20]!r}", field="kind")
    track = track_of(character)
    if track.dead:
        raise refuse(
            "character.overflow", f"dead (overflow {track.overflow} of {track.boxes} hit boxes): no damage changes that"
        )
    after = take_damage(track, Damage(physical=int(kind == "physical"), stun=int(kind == "stun")))
    marks = "".join(after.marks)
    into = "the overflow box" if after.overflow > track.overflow else f"box {len(marks)}"
    marked = {**closed(character), "marks": marks, "overflow": after.overflow, "stable": False}
    return answer(marked, line=f"One box of {kind} damage, into {into}: now {state_words(marked)}")


def play_spend(request: Request) -> dict[str, Any]:
    """Spend the attention die at place ``die`` (on noticing a clue or an ambush; a 1, a
    wildcard, on a gear tag or a maneuver): it leaves the pool. Against the roll form's ``tn``
    (blank: none) the die is compared like any stack. Not while knocked out or dead."""
    character = request_entry(request, SCHEMA)
    if (refusal := why_no_action(character)) is not None:
        raise refusal
    attention = character["attention"]
    if not attention:
        raise refuse("character.attention", "the attention pool is empty: roll to fill it")
    place = parse_whole_number(request_text(request, "die"), "die", 0, len(attention) - 1)
    tn_text = request_text(request, "tn").strip()
    tn = None if not tn_text else parse_whole_number(tn_text, "tn", 1, MAX_TN)
    value = attention[place]
    left = attention[:place] + attention[place + 1 :]
    use = "a wildcard, for a gear tag or a maneuver" if value == WILDCARD else "on noticing"
    line = f"Attention die {value} spent ({use})" + (f" vs TN {tn}: {Outcome(value, tn).describe()}" if tn else "")
    shown = " ".join(map(str, left)) or "empty"
    return answer(
        {**closed(character), "attention": left},
        die=value,
        tn=tn,
        **outcome_of(value, tn),
        line=f"{line}; attention pool {shown}",
    )


ACTIONS = {
    "play_taps": play_taps,
    "play_mark": play_mark,
    "play_spend": play_spend,
    "play_odds": play_odds,
    "play_roll": play_roll,
    "play_choose": play_choose,
    "play_multitask": play_multitask,
    "play_attack": play_attack,
    "play_bleed": play_bleed,
    "play_heal": play_heal,
    **entry_actions(SCHEMA, answer, new_character),
}
