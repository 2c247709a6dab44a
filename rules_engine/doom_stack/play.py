"""Doom Stack's play tool: characters kept on the device, rolled from and hit.

A saved character (one entry of a play document, ``rules_engine/core/play.py``), format
version 1::

    {"name": "Vex",
     "attributes": {"Strength": 2, "Agility": 3, "Willpower": 2},   # Strength, Willpower required
     "skills": {"Firearms": 3},
     "marks": "XX/",        # the hit boxes marked, in order: X physical, / stun
     "overflow": 0,         # the overflow box
     "attention": [5, 2]}   # the attention pool left by the last roll, in roll order

Hit boxes are 4 + Strength + Willpower; the marks never outnumber them and the overflow
never passes them (it is dead at that point). The bridge actions below (``play_…``) do every
step the page offers, so the page holds no rule of its own.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RulesError
from ..core.play import (
    MAX_NAME,
    PlaySchema,
    document_actions,
    exact_keys,
    name_text,
    ratings,
    refuse,
    whole_number,
)
from ..core.requests import Request, request_seed, request_text
from ..core.roller import Roller
from .attack import ATTACK_FIELDS, resolve, track_json
from .attack import query_from_fields as attack_from_fields
from .notation import query_from_fields
from .roll import pool_line, roll
from .rules import MAX_POOL, PHYSICAL_MARK, SIDES, STUN_MARK, HitTrack, assemble_pool

VERSION = 1
#: Attribute and skill ratings a sheet takes (new characters have 0 to 4).
MAX_RATING = 20
MAX_ATTRIBUTES = 12
MAX_SKILLS = 60
#: The attributes every sheet has (the hit boxes need two of them; moving needs Agility).
HIT_BOX_ATTRIBUTES = ("Strength", "Willpower")
NEW_ATTRIBUTES = {"Strength": 2, "Agility": 2, "Willpower": 2}  # the source's average person


def hit_boxes(attributes: dict[str, int]) -> int:
    """4 + Strength + Willpower."""
    return 4 + attributes["Strength"] + attributes["Willpower"]


def read_character(value: Any, where: str) -> dict[str, Any]:
    """One saved character checked and in normal form (``RulesError`` naming the field)."""
    exact_keys(value, where, ("name", "attributes", "skills", "marks", "overflow", "attention"))
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
    overflow = whole_number(value["overflow"], f"{where}.overflow", 0, boxes)
    attention = value["attention"]
    if not isinstance(attention, list) or len(attention) > MAX_POOL:
        raise refuse(f"{where}.attention", f"must be a list of at most {MAX_POOL} dice")
    dice = [whole_number(die, f"{where}.attention[{i}]", 1, SIDES) for i, die in enumerate(attention)]
    return {"name": name, "attributes": attributes, "skills": skills, "marks": marks,
            "overflow": overflow, "attention": dice}


SCHEMA = PlaySchema("doom-stack", VERSION, read_character, noun="character", nouns="characters")


def new_character(name: str = "New character") -> dict[str, Any]:
    """A fresh sheet: the average person's attributes, no skills, no damage."""
    return read_character({"name": name, "attributes": dict(NEW_ATTRIBUTES), "skills": {}, "marks": "",
                           "overflow": 0, "attention": []}, "character")


def track_of(character: dict[str, Any]) -> HitTrack:
    return HitTrack(hit_boxes(character["attributes"]), tuple(character["marks"]), character["overflow"])


def sheet(character: dict[str, Any]) -> dict[str, Any]:
    """What the page shows beside the ratings: the hit boxes and the track's state."""
    attributes = character["attributes"]
    agility = attributes.get("Agility")
    return {"boxes": hit_boxes(attributes), "track": track_json(track_of(character)),
            "movement": None if agility is None else 10 + agility}


def answer(character: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the character (normal form) and its sheet."""
    return {"character": character, "sheet": sheet(character), **more}


def _character(request: Request) -> dict[str, Any]:
    return read_character(request.get("character"), "character")


# --- bridge actions --------------------------------------------------------------------------
def play_new(request: Request) -> dict[str, Any]:
    """A new character named ``name`` (or "New character")."""
    name = request_text(request, "name").strip() or "New character"
    return answer(new_character(name[:MAX_NAME]))


def play_sheet(request: Request) -> dict[str, Any]:
    """The character checked (``character``: its fields as edited) and its sheet."""
    return answer(_character(request))


def play_roll(request: Request) -> dict[str, Any]:
    """Roll ``attribute`` + ``skill`` (names on the sheet; skill may be "") + ``modifiers``
    (the cap applied) against ``tn``; the attention pool it leaves goes onto the sheet."""
    character = _character(request)
    attribute_name, skill_name = request_text(request, "attribute"), request_text(request, "skill")
    if attribute_name not in character["attributes"]:
        raise RulesError(f"the character has no attribute {attribute_name!r}", field="attribute")
    if skill_name and skill_name not in character["skills"]:
        raise RulesError(f"the character has no skill {skill_name!r}", field="skill")
    attribute = character["attributes"][attribute_name]
    skill = character["skills"][skill_name] if skill_name else 0
    query, pool = query_from_fields(str(attribute), str(skill), request_text(request, "modifiers"), request_text(request, "tn"))
    rolled = roll(query, request_seed(request))
    kept = {**character, "attention": list(rolled.attention)}
    what = attribute_name + (f" + {skill_name}" if skill_name else "")
    return answer(kept, roll=rolled.to_json(), pool_line=pool_line(pool), what=what,
                  fields={"attribute": str(attribute), "skill": str(skill),
                          "modifiers": request_text(request, "modifiers"), "tn": request_text(request, "tn")})


def play_attack(request: Request) -> dict[str, Any]:
    """An attack on the character (``fields``: the attack helper's attack, defence, cover,
    body, hard, antitank) resolved onto its track."""
    character = _character(request)
    fields = request.get("fields")
    if not isinstance(fields, dict):
        raise RulesError("fields must be an object")
    track = track_of(character)
    given = {name: fields.get(name, "") for name in ATTACK_FIELDS}
    for name, value in given.items():
        if not isinstance(value, str):
            raise RulesError(f"{name} must be text", field=name)
    given.update(boxes=str(track.boxes), physical=str(track.marks.count(PHYSICAL_MARK)),
                 stun=str(track.marks.count(STUN_MARK)), overflow=str(track.overflow))
    report = resolve(attack_from_fields(given))
    # Marks in the order they fell: those already there, then the new ones (physical first).
    new_marks = "".join(report.after.marks[len(track.marks):])
    hit = {**character, "marks": character["marks"] + new_marks, "overflow": report.after.overflow}
    return answer(read_character(hit, "character"), attack=report.to_json())


def play_bleed(request: Request) -> dict[str, Any]:
    """One hour of bleeding out for a dying character: a d6; a 1 stabilises, any other face
    adds 1 to overflow."""
    character = _character(request)
    track = track_of(character)
    if not track.dying:
        raise RulesError("only a dying character bleeds out (overflow above 0, not yet dead)")
    roller = Roller(request_seed(request))
    _, die = roller.roll(SIDES, "bleeding out")
    stable = die == 1
    after = {**character, "overflow": character["overflow"] + (0 if stable else 1)}
    words = "a 1: stable" if stable else f"a {die}: overflow goes up to {after['overflow']}"
    return answer(after, die=die, seed=roller.seed, stable=stable, line=f"Bleeding out, this hour: {words}")


def play_heal(request: Request) -> dict[str, Any]:
    """Clear ``kind`` marks (``"stun"``: an hour's stun; ``"all"``: every mark and the
    overflow): the reader's own bookkeeping, for healing the table has agreed."""
    character = _character(request)
    kind = request_text(request, "kind")
    if kind == "stun":
        marks = character["marks"]
        at = marks.rfind(STUN_MARK)
        if at < 0:
            raise RulesError("no stun box to clear")
        healed = {**character, "marks": marks[:at] + marks[at + 1:]}
    elif kind == "all":
        healed = {**character, "marks": "", "overflow": 0}
    else:
        raise RulesError("kind must be 'stun' or 'all'")
    return answer(healed)


ACTIONS = {
    "play_new": play_new, "play_sheet": play_sheet, "play_roll": play_roll, "play_attack": play_attack,
    "play_bleed": play_bleed, "play_heal": play_heal, **document_actions(SCHEMA),
}
