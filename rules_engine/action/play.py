"""Action!'s play tool: a scene kept on the device, with characters and mook groups, the
Sequence's Initiative and Shots, rolls from a character's sheet, hits written onto the
targets, and what follows from them: falling down, a failed Shock roll and waking up, Shaken,
Dark Times, dying and death (source 001).

A saved scene (one entry of a play document, ``rules_engine/core/play.py``), format
version 2::

    {"name": "The docks",
     "threshold": 5,                      # the Wound Threshold
     "rules": ["wound-penalty", "shock-roll"],   # the damage chapter's options in force
     "initiative": "shots",               # "shots" (the Shot pool) or "cards" (initiative cards)
     "sequence": 1,                       # the Sequence under way (0: none started yet)
     "stack": [1, 0, "d10"],              # cards: the card order, first to act first
     "out": [],                           # cards: the combatants pushed past first place
     "combatants": [
       {"name": "Ann", "kind": "character",
        "attributes": {"Agility": 3, "Wits": 3, "Luck": 3}, "skills": {"Guns": 5},
        "health": 20, "toughness": 3,
        "shock": 0, "wounds": 0,          # all taken, past Health and Toughness too (to MAX_SHOCK, MAX_WOUNDS)
        "shots": 3,                       # the Shot pool now
        "modifier": 0,                    # Initiative modifiers
        "initiative": 3,                  # this Sequence's Initiative (null: not set)
        "acted": "",                      # this Sequence's Action: "", "action", "quiet" or "rest"
        "rolled": false,                  # made a roll this Sequence
        "spent": false,                   # spent Shots this Sequence
        "shaken": false,                  # Shaken (the Shaken option)
        "out": 0,                         # down: Sequences until they come round by themselves (0: awake)
        "out_margin": 0,                  # a failed Shock roll's margin: Physician + Wits at it wakes them
        "wake_due": false,                # someone else has rolled an Action: a wake-up roll may be made
        "life": "alive"},                 # "alive", "dying" (Dark Times), "stable" or "dead"
       {"name": "Thugs", "kind": "mooks", "mook": "glass-jaw",
        "members": 6, "left": 6, "shaken": 0, "acted": false}]}

Version 1 kept shock and wounds only up to Health and Toughness, ``acted`` as true/false, and
worked falling down out of the shock (so resting stood a character up): its documents are
brought up to date by :func:`migrate_v1`.

Every number the page shows comes from the bridge actions below (``play_…``): the Shot Count
(⌊(Agility + Wits + Luck) / 3⌋), the Initiative, the acting order, what each kind of action
costs in Shots, the impairment under the wound rule in force, the roll's exact odds, what a
hit does (shock, wounds, the options' effects and rolls, the mooks that go down or are
Shaken), and the rolls and the clock that end each state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.play import (
    PlaySchema,
    choice,
    entry_actions,
    exact_keys,
    flag,
    items,
    json_kind,
    log_chance,
    name_text,
    ratings,
    refuse,
    request_entry,
    unchanged_but_version,
    whole_number,
    without_log,
)
from ..core.requests import Request, request_seed, request_text
from ..core.roller import MAX_SEED
from .combat.damage import (
    EXCLUSIVE,
    OPTION_WORDS,
    OPTIONS,
    SHAKEN_DIFFICULTY,
    WAKE_DIFFICULTY,
    WAKE_MINUTES,
    DamageReport,
    Hit,
    shock_roll_difficulty,
    stabilise_difficulty,
)
from .combat.mooks import ADVANCED, GLASS_JAW, speed_bump_down
from .combat.shots import (
    PADDING_CARDS,
    SEQUENCE_SECONDS,
    SHOTS_FOR_ACTIVE_DEFENCE,
    SHOTS_FOR_OUT_OF_SEQUENCE,
    CardStack,
    initiative,
    regain,
    shot_count,
)
from .roll.actions import share
from .roll.notation import ActionQuery, make_query
from .roll.odds import odds
from .roll.roll import ActionRoll, roll
from .roll.rules import DEFAULT_THRESHOLD, DEGREE_NAMES, MAX_THRESHOLD, MAX_VALUE, TYPE_WORDS

VERSION = 3
MAX_RATING = 99
MAX_ATTRIBUTES = 20
MAX_SKILLS = 60
MAX_COMBATANTS = 30
MAX_HEALTH = 999
MAX_TOUGHNESS = 99
MAX_SHOTS = 99
MAX_MODIFIER = 99
MAX_SEQUENCE = 9999
MAX_MEMBERS = 99
MAX_DAMAGE = 999
#: The most shock and wounds a character keeps: a hundred of the largest hits. A hit past
#: them keeps the most (the character is long since down) and says so.
MAX_SHOCK = 99_999
MAX_WOUNDS = 99_999
#: "they wake up in 10 minutes": Sequences of about 6 seconds, the longest anyone stays down.
WAKE_SEQUENCES = WAKE_MINUTES * 60 // SEQUENCE_SECONDS
#: The largest failed Shock roll's margin kept (the Physician + Wits roll's difficulty).
MAX_MARGIN = 99_999
#: The sheet's names whose ratings make the Willpower + Focus rolls (attributes or skills).
NERVE_NAMES = ("Willpower", "Focus")
#: The attributes every character has: the Shot Count is ⌊(Agility + Wits + Luck) / 3⌋.
SHOT_ATTRIBUTES = ("Agility", "Wits", "Luck")
#: A new character's placeholders (the source gives no starting values): the damage
#: calculator's example Health and Toughness, 3 in each Shot Count attribute.
NEW_ATTRIBUTES = {"Agility": 3, "Wits": 3, "Luck": 3}
NEW_HEALTH, NEW_TOUGHNESS = 20, 3
NEW_MEMBERS = 6
#: The source's normal optional rules: Wound Penalty and Shock (Unnamed Characters are the mooks).
NEW_RULES = ("wound-penalty", "shock-roll")
#: The damage options a scene may keep in force. Wound Seriousness is left out: its
#: impairment is the worst single hit's, which a sheet of totals cannot know.
RULE_WORDS = tuple(word for word in OPTION_WORDS if word != "seriousness")
INITIATIVE_MODES = ("shots", "cards")
KINDS = ("character", "mooks")
MOOK_KINDS = {"glass-jaw": GLASS_JAW.name, "advanced": ADVANCED.name, "speed-bump": "Speed-bump mooks"}
#: A glass-jaw or advanced mook hit into one of these bands leaves the group.
MOOK_LOST_STATES = ("out", "unconscious")
#: What a character's Sequence Action was ("": none yet).
ACTED = ("", "action", "quiet", "rest")
#: A character's life: "dying" here is Dark Times' (wounds at Toughness are dying anyway),
#: "stable" saved from dying, "dead" past saving.
LIVES = ("alive", "dying", "stable", "dead")

#: What a combatant may do, its cost in Shots and what it does, in the page's words.
ACTS: dict[str, tuple[int, str]] = {
    "action": (0, "takes this Sequence's Action, with a roll, when its Initiative comes up"),
    "quiet": (0, "takes this Sequence's Action with no roll (reloading, talking)"),
    "rest": (0, "does nothing but rest this Sequence: 1 Shock point back"),
    "active-defence": (SHOTS_FOR_ACTIVE_DEFENCE, "makes an Active Defense: Skill + 5 until their next Action"),
    "raise-initiative": (1, "raises their Initiative by 5 this Sequence"),
    "out-of-sequence": (SHOTS_FOR_OUT_OF_SEQUENCE, "takes an Action out of Sequence"),
}
#: The Sequence's own Action (one a Sequence, no Shots); the rest are what Shots buy.
SEQUENCE_ACTIONS = ("action", "quiet", "rest")
#: Actions with a roll: someone else who is down may then roll to wake.
ROLLED_ACTS = ("action", "out-of-sequence")

#: What ends a state, for the page: (bridge action, ``how``, label, what value is rolled).
RECOVERIES: tuple[tuple[str, str, str, str], ...] = (
    ("play_wake", "roll", f"Wake-up roll (Willpower + Focus against {WAKE_DIFFICULTY})", "Willpower + Focus"),
    ("play_wake", "physician", "Physician + Wits to wake them (against the Shock roll's margin)", "Physician + Wits"),
    ("play_wake", "time", f"{WAKE_MINUTES} minutes pass: they come round", ""),
    (
        "play_shake",
        "roll",
        f"Shake off Shaken (Willpower + Focus against {SHAKEN_DIFFICULTY}, as the Action)",
        "Willpower + Focus",
    ),
    ("play_stabilise", "roll", "Stabilise (Medicine/Physician against 25 − Health + 5 × Wounds)", "Medicine/Physician"),
    ("play_stabilise", "hour", "An hour passes unstabilised: they die", ""),
)


# --- reading a saved scene -----------------------------------------------------------------
CHARACTER_FIELDS = (
    "name",
    "kind",
    "attributes",
    "skills",
    "health",
    "toughness",
    "shock",
    "wounds",
    "shots",
    "modifier",
    "initiative",
    "acted",
    "rolled",
    "spent",
    "shaken",
    "out",
    "out_margin",
    "wake_due",
    "life",
)
MOOK_FIELDS = ("name", "kind", "mook", "members", "left", "shaken", "acted")


def read_character(value: Any, where: str) -> dict[str, Any]:
    """One character checked and in normal form."""
    exact_keys(value, where, CHARACTER_FIELDS)
    attributes = ratings(value["attributes"], f"{where}.attributes", MAX_ATTRIBUTES, MAX_RATING)
    for needed in SHOT_ATTRIBUTES:
        if needed not in attributes:
            raise refuse(f"{where}.attributes", f"{needed} is missing (the Shot Count is (Agility + Wits + Luck) / 3)")
    got = value["initiative"]
    out = whole_number(value["out"], f"{where}.out", 0, WAKE_SEQUENCES)
    out_margin = whole_number(value["out_margin"], f"{where}.out_margin", 0, MAX_MARGIN)
    wake_due = flag(value["wake_due"], f"{where}.wake_due")
    if not out and (out_margin or wake_due):
        raise refuse(f"{where}.out", "a character who is not down has no Shock roll margin and no wake-up roll due")
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "kind": "character",
        "attributes": attributes,
        "skills": ratings(value["skills"], f"{where}.skills", MAX_SKILLS, MAX_RATING),
        "health": whole_number(value["health"], f"{where}.health", 1, MAX_HEALTH),
        "toughness": whole_number(value["toughness"], f"{where}.toughness", 1, MAX_TOUGHNESS),
        "shock": whole_number(value["shock"], f"{where}.shock", 0, MAX_SHOCK),
        "wounds": whole_number(value["wounds"], f"{where}.wounds", 0, MAX_WOUNDS),
        "shots": whole_number(value["shots"], f"{where}.shots", 0, MAX_SHOTS),
        "modifier": whole_number(value["modifier"], f"{where}.modifier", -MAX_MODIFIER, MAX_MODIFIER),
        "initiative": None
        if got is None
        else whole_number(got, f"{where}.initiative", -10 * MAX_MODIFIER, 10 * MAX_SHOTS),
        "acted": choice(value["acted"], f"{where}.acted", ACTED),
        "rolled": flag(value["rolled"], f"{where}.rolled"),
        "spent": flag(value["spent"], f"{where}.spent"),
        "shaken": flag(value["shaken"], f"{where}.shaken"),
        "out": out,
        "out_margin": out_margin,
        "wake_due": wake_due,
        "life": choice(value["life"], f"{where}.life", LIVES),
    }


def read_mooks(value: Any, where: str) -> dict[str, Any]:
    """One mook group checked and in normal form (no more Shaken than stand)."""
    exact_keys(value, where, MOOK_FIELDS)
    members = whole_number(value["members"], f"{where}.members", 1, MAX_MEMBERS)
    left = whole_number(value["left"], f"{where}.left", 0, members)
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "kind": "mooks",
        "mook": choice(value["mook"], f"{where}.mook", MOOK_KINDS),
        "members": members,
        "left": left,
        # (the page edits "left": fewer standing, fewer Shaken, rather than a refusal)
        "shaken": min(whole_number(value["shaken"], f"{where}.shaken", 0, members), left),
        "acted": flag(value["acted"], f"{where}.acted"),
    }


def read_combatant(value: Any, where: str) -> dict[str, Any]:
    """A character or a mook group, by its ``kind``."""
    if not isinstance(value, dict):
        raise refuse(where, f"must be an object, not {json_kind(value)}")
    kind = choice(value.get("kind"), f"{where}.kind", KINDS)
    return read_character(value, where) if kind == "character" else read_mooks(value, where)


def read_rules(value: Any, where: str) -> list[str]:
    """The damage options in force, in the chapter's order; never two that exclude each other."""
    if not isinstance(value, list) or len(value) > len(RULE_WORDS):
        raise refuse(where, f"must be a list of at most {len(RULE_WORDS)} of {', '.join(RULE_WORDS)}")
    words = {choice(word, f"{where}[{i}]", RULE_WORDS) for i, word in enumerate(value)}
    for a, b in EXCLUSIVE:
        if a in words and b in words:
            raise refuse(where, f"{a} and {b} cannot both be in force")
    return [word for word in RULE_WORDS if word in words]


def _card(value: Any, where: str, count: int) -> int | str:
    if isinstance(value, str):
        return choice(value, where, PADDING_CARDS)
    return whole_number(value, where, 0, count - 1) if count else choice(value, where, PADDING_CARDS)


def read_scene(value: Any, where: str) -> dict[str, Any]:
    """One saved scene checked and in normal form (``RulesError`` naming the field)."""
    exact_keys(value, where, ("name", "threshold", "rules", "initiative", "sequence", "stack", "out", "combatants"))
    read = items(
        value["combatants"],
        f"{where}.combatants",
        MAX_COMBATANTS,
        read_combatant,
        f"a scene has at most {MAX_COMBATANTS} combatants",
    )
    names = [c["name"].casefold() for c in read]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise refuse(f"{where}.combatants[{i}].name", f"{read[i]['name']!r} is already in the scene")
    cards: list[list[int | str]] = []
    for part in ("stack", "out"):
        listed = value[part]
        if not isinstance(listed, list) or len(listed) > len(read) + len(PADDING_CARDS):
            raise refuse(f"{where}.{part}", "must be a list of the scene's combatants (by number) and padding cards")
        cards.append([_card(card, f"{where}.{part}[{i}]", len(read)) for i, card in enumerate(listed)])
    seen = [*cards[0], *cards[1]]
    for i, card in enumerate(seen):
        if card in seen[:i]:
            raise refuse(f"{where}.stack", f"card {card!r} is in the stack twice")
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "threshold": whole_number(value["threshold"], f"{where}.threshold", 1, MAX_THRESHOLD),
        "rules": read_rules(value["rules"], f"{where}.rules"),
        "initiative": choice(value["initiative"], f"{where}.initiative", INITIATIVE_MODES),
        "sequence": whole_number(value["sequence"], f"{where}.sequence", 0, MAX_SEQUENCE),
        "stack": cards[0],
        "out": cards[1],
        "combatants": read,
    }


# --- version 1 → 2 ---------------------------------------------------------------------------
#: The fields version 2 adds to a character, with what a version-1 character had.
V2_CHARACTER_FIELDS = {"spent": False, "shaken": False, "out": 0, "out_margin": 0, "wake_due": False, "life": "alive"}


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _character_v2(c: dict[str, Any]) -> dict[str, Any]:
    """A version-1 character as version 2 keeps it: ``acted`` says which Action ("action" if
    the Sequence had a roll, else "quiet"), and a character whose shock had reached Health,
    down in version 1, stays down (for the ten minutes of a fall)."""
    if any(key in c for key in V2_CHARACTER_FIELDS) or not isinstance(c.get("acted"), bool):
        return c  # not a version-1 character: the reader says what is wrong with it
    shock, health = c.get("shock"), c.get("health")
    fallen = _whole(shock) and _whole(health) and shock >= health
    acted = ("action" if c.get("rolled") is True else "quiet") if c["acted"] else ""
    return {**c, "acted": acted, **V2_CHARACTER_FIELDS, "out": WAKE_SEQUENCES if fallen else 0}


def migrate_v1(document: dict[str, Any]) -> dict[str, Any]:
    """A version-1 document as version 2 (a new dict): each character gets the new fields
    (:func:`_character_v2`), each mook group no Shaken members. Anything malformed is passed
    on unchanged for the reader to refuse."""
    entries = document.get("entries")
    if not isinstance(entries, list):
        return {**document, "version": 2}

    def combatant(c: Any) -> Any:
        if isinstance(c, dict) and c.get("kind") == "character":
            return _character_v2(c)
        if isinstance(c, dict) and c.get("kind") == "mooks" and "shaken" not in c:
            return {**c, "shaken": 0}
        return c

    def entry(e: Any) -> Any:
        if isinstance(e, dict) and isinstance(e.get("combatants"), list):
            return {**e, "combatants": [combatant(c) for c in e["combatants"]]}
        return e

    return {**document, "version": 2, "entries": [entry(e) for e in entries]}


# Version 3 only lets a scene carry its log (core/play.py read_log).
SCHEMA = PlaySchema(
    "action", VERSION, read_scene, migrations={1: migrate_v1, 2: unchanged_but_version}, noun="scene", nouns="scenes"
)


def new_character(name: str) -> dict[str, Any]:
    """A character with the placeholders: Agility, Wits and Luck 3, Health 20, Toughness 3, unhurt."""
    count = shot_count(*NEW_ATTRIBUTES.values())
    return {
        "name": name,
        "kind": "character",
        "attributes": dict(NEW_ATTRIBUTES),
        "skills": {},
        "health": NEW_HEALTH,
        "toughness": NEW_TOUGHNESS,
        "shock": 0,
        "wounds": 0,
        "shots": count,
        "modifier": 0,
        "initiative": None,
        "acted": "",
        "rolled": False,
        **V2_CHARACTER_FIELDS,
    }


def new_mooks(name: str, mook: str = "glass-jaw") -> dict[str, Any]:
    """A group of ``NEW_MEMBERS`` mooks of kind ``mook``, all standing and steady."""
    return {
        "name": name,
        "kind": "mooks",
        "mook": mook,
        "members": NEW_MEMBERS,
        "left": NEW_MEMBERS,
        "shaken": 0,
        "acted": False,
    }


def new_scene(name: str = "New scene") -> dict[str, Any]:
    """A scene with one new character, the normal optional rules and Shot-pool Initiative."""
    return read_scene(
        {
            "name": name,
            "threshold": DEFAULT_THRESHOLD,
            "rules": list(NEW_RULES),
            "initiative": "shots",
            "sequence": 0,
            "stack": [],
            "out": [],
            "combatants": [new_character("Character 1")],
        },
        "scene",
    )


# --- what the sheet shows ------------------------------------------------------------------
def count_of(character: dict[str, Any]) -> int:
    """The character's Shot Count: ⌊(Agility + Wits + Luck) / 3⌋."""
    return shot_count(*(character["attributes"][name] for name in SHOT_ATTRIBUTES))


def nerve(character: dict[str, Any]) -> int:
    """Willpower + Focus from the sheet: each the attribute of that name, else the skill, else 0
    (names read without regard to case)."""
    total = 0
    for wanted in NERVE_NAMES:
        for part in ("attributes", "skills"):
            found = [v for k, v in character[part].items() if k.casefold() == wanted.casefold()]
            if found:
                total += found[0]
                break
    return total


def standing_report(
    scene: dict[str, Any], character: dict[str, Any], damage: int = 0, focus: int | None = None
) -> DamageReport:
    """The damage chapter's report of a hit of ``damage`` on the character as it stands."""
    return DamageReport(
        Hit(
            damage,
            scene["threshold"],
            character["health"],
            character["toughness"],
            wounds_before=character["wounds"],
            shock_before=character["shock"],
            focus=focus,
            options=frozenset(scene["rules"]),
        )
    )


def impairment(scene: dict[str, Any], character: dict[str, Any]) -> int:
    """The wound penalty under the rule in force (0 under none, or none yet)."""
    return standing_report(scene, character).impairment or 0


def is_dying(c: dict[str, Any]) -> bool:
    """Dying: Dark Times' failed roll, or wounds at Toughness unless stabilised."""
    dying: bool = c["life"] == "dying" or (c["life"] == "alive" and c["wounds"] >= c["toughness"])
    return dying


def life_word(c: dict[str, Any]) -> str:
    """ "dead", "dying", "stable" or "alive"."""
    return "dying" if is_dying(c) else c["life"]


def state_text(c: dict[str, Any]) -> str:
    """The character's state in a few words: the worst first, then Shaken."""
    life = life_word(c)
    if life == "dead":
        return "dead"
    words = {"dying": "dying", "stable": "stable, out of the fight", "alive": ""}[life]
    if c["out"]:
        down = (
            "unconscious (Shock roll)" if c["out_margin"] else "fallen, unable to act"
        ) + f": comes round in {c['out']} Sequence{'s' if c['out'] != 1 else ''} at the latest"
        words = f"{words}, {down}" if words else down
    words = words or "on their feet"
    return words + (" · Shaken" if c["shaken"] else "")


def order(scene: dict[str, Any]) -> list[int]:
    """Who acts in what order: with initiative cards, the stack's order (combatants only);
    else characters by this Sequence's Initiative, highest first (ties: as listed), then
    the mook groups, last in the Sequence (the source's speed-bump mooks act last)."""
    combatants = scene["combatants"]
    if scene["initiative"] == "cards":
        return [card for card in scene["stack"] if isinstance(card, int)]
    characters = [i for i, c in enumerate(combatants) if c["kind"] == "character"]
    characters.sort(
        key=lambda i: (
            -(
                combatants[i]["initiative"]
                if combatants[i]["initiative"] is not None
                else initiative(combatants[i]["shots"], 0, combatants[i]["modifier"])
            )
        )
    )
    return characters + [i for i, c in enumerate(combatants) if c["kind"] == "mooks"]


def combatant_sheet(scene: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
    """One combatant's numbers: Shot Count, impairment and state for a character; standing
    and Shaken members for a mook group. ``down``: unable to act."""
    if c["kind"] == "mooks":
        return {
            "kind": "mooks",
            "name": MOOK_KINDS[c["mook"]],
            "left": c["left"],
            "shaken": c["shaken"],
            "down": c["left"] == 0,
        }
    life = life_word(c)
    return {
        "kind": "character",
        "shot_count": count_of(c),
        "impairment": impairment(scene, c),
        "shock_to_go": max(0, c["health"] - c["shock"]),
        "wounds_to_go": max(0, c["toughness"] - c["wounds"]),
        "dying": life == "dying",
        "falls_down": c["out"] > 0,
        "life": life,
        "shaken": c["shaken"],
        "state": state_text(c),
        "nerve": nerve(c),
        "initiative": c["initiative"] if c["initiative"] is not None else initiative(c["shots"], 0, c["modifier"]),
        "stabilise": stabilise_difficulty(c["health"], c["wounds"]) if life == "dying" else None,
        "down": life != "alive" or c["out"] > 0,
    }


def sheet(scene: dict[str, Any]) -> dict[str, Any]:
    """What the page shows: each combatant's numbers, the acting order, the Shot costs, the
    rules, the kinds of mooks, and what ends each state."""
    return {
        "combatants": [combatant_sheet(scene, c) for c in scene["combatants"]],
        "order": order(scene),
        "acts": {word: {"shots": cost, "does": does} for word, (cost, does) in ACTS.items()},
        "rules": [{"word": o.word, "name": o.name, "effect": o.effect} for o in OPTIONS if o.word in RULE_WORDS],
        "mook_kinds": MOOK_KINDS,
        "recoveries": [
            {"action": action, "how": how, "label": label, "value": value} for action, how, label, value in RECOVERIES
        ],
    }


def answer(scene: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the scene (normal form) and its sheet."""
    return {"scene": scene, "sheet": sheet(scene), **more}


# --- request fields and refusals -----------------------------------------------------------
def _scene(request: Request) -> dict[str, Any]:
    """The request's scene, checked, without its log: an action answers with the scene it made
    (the play frame carries the log on and writes the change in it)."""
    return without_log(request_entry(request, SCHEMA))


def _index(request: Request, scene: dict[str, Any], key: str = "index") -> int:
    value = request.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value not in range(len(scene["combatants"])):
        raise RulesError(f"the scene has no combatant number {value!r}", field=key)
    return value


def _number(request: Request, key: str, label: str, low: int, high: int, blank: int | None = None) -> int:
    """A whole number given as a number or as typed text (blank: ``blank``, if allowed)."""
    value = request.get(key, "")
    if value is None:
        value = ""
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")
        if not text and blank is not None:
            return blank
        sign, digits = (-1, text[1:]) if text[:1] == "-" else (1, text.lstrip("+"))
        if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
            raise RulesError(f"{label} must be a whole number from {low} to {high}", field=key)
        value = sign * int(digits)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{label} must be a whole number from {low} to {high}", field=key)
    if not low <= value <= high:
        raise RulesError(f"{label} must be from {low} to {high}, not {value}", field=key)
    return value


def _how(request: Request, choices: tuple[str, ...]) -> str:
    how = request_text(request, "how", choices[0])
    if how not in choices:
        raise RulesError(f"how must be one of {', '.join(choices)}", field="how")
    return how


def _at(index: int, part: str) -> str:
    return f"scene.combatants[{index}].{part}"


def check_able(scene: dict[str, Any], index: int) -> None:
    """Refuses anything a character does while dead, dying, stabilised, down or out of action
    ("you fall down, unable to act"; "you're dying")."""
    c = scene["combatants"][index]
    life = life_word(c)
    if life != "alive":
        what = {"dead": "is dead", "dying": "is dying", "stable": "is stable but out of the fight"}[life]
        raise refuse(_at(index, "life"), f"{c['name']} {what}: unable to act")
    if c["out"]:
        raise refuse(_at(index, "out"), f"{c['name']} is down, unable to act, until they come round")
    if scene["initiative"] == "cards" and index in scene["out"]:
        raise refuse("scene.out", f"{c['name']} was pushed past first place: out of action")


def _with(scene: dict[str, Any], index: int, combatant: dict[str, Any], **more: Any) -> dict[str, Any]:
    combatants = list(scene["combatants"])
    combatants[index] = combatant
    return read_scene({**scene, "combatants": combatants, **more}, "scene")


def _others_may_wake(combatants: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """Someone rolled an Action: every other character who is down may roll to wake
    ("every time someone else rolls an Action")."""
    return [
        {**c, "wake_due": True} if i != index and c["kind"] == "character" and c["out"] and c["life"] != "dead" else c
        for i, c in enumerate(combatants)
    ]


def _stack(scene: dict[str, Any]) -> CardStack:
    """The scene's initiative cards as the chapter's CardStack (combatants as ``#i``)."""

    def key(card: int | str) -> str:
        return f"#{card}" if isinstance(card, int) else card

    return CardStack([key(c) for c in scene["stack"]], [key(c) for c in scene["out"]])


def _unstack(stack: CardStack) -> dict[str, list[int | str]]:
    def back(card: str) -> int | str:
        return int(card[1:]) if card.startswith("#") else card

    return {"stack": [back(c) for c in stack.order], "out": [back(c) for c in stack.out]}


def _card_acts(scene: dict[str, Any], index: int) -> dict[str, Any]:
    """With initiative cards, the card of one who acts goes to the back."""
    if scene["initiative"] != "cards" or index not in scene["stack"]:
        return {}
    stack = _stack(scene)
    stack.act(f"#{index}")
    return _unstack(stack)


# --- the rolls the states call for ---------------------------------------------------------
@dataclass(frozen=True)
class Check:
    """A plain roll of ``value`` against ``difficulty`` (the chapter's option rolls: it passes
    when the AV reaches the difficulty without a Fumble, AV below 0)."""

    what: str
    value: int
    difficulty: int
    rolled: ActionRoll

    @property
    def passed(self) -> bool:
        return self.rolled.av >= max(self.difficulty, 0)

    @property
    def margin(self) -> int:
        """How far a failed roll fell short (0 when it passed)."""
        return 0 if self.passed else max(self.difficulty, 0) - self.rolled.av

    def line(self, who: str) -> str:
        dice = "; ".join(c.text() for c in self.rolled.chains)
        verdict = "passes" if self.passed else f"fails by {self.margin}"
        return (
            f"{who}: {self.what} {self.rolled.query.notation}, seed {self.rolled.seed} ({dice}): "
            f"AV {self.rolled.av}, {verdict}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "notation": self.rolled.query.notation,
            "seed": self.rolled.seed,
            "av": self.rolled.av,
            "difficulty": self.difficulty,
            "passed": self.passed,
            "margin": self.margin,
        }

    def record(self) -> dict[str, str]:
        """The roll for the log: its dice, its result and its exact chance of passing (the
        chapter's chance of success of the same roll: reaching the difficulty, no Fumble)."""
        verdict = "passes" if self.passed else f"fails by {self.margin}"
        return {
            "dice": f"{self.what} {self.rolled.query.notation}, seed {self.rolled.seed}: {dice_words(self.rolled)}",
            "result": f"{self.what}: AV {self.rolled.av}, {verdict}",
            "chance": f"{self.what} passes {log_chance(odds(self.rolled.query).p_success)}",
        }


def dice_words(rolled: ActionRoll) -> str:
    """The dice as rolled: each chain, positive then negative ("+ 10 → 3 = 13; − 4")."""
    return "; ".join(c.text() for c in rolled.chains)


def record_of(checks: list[Check]) -> dict[str, str] | None:
    """The log's record of a change's rolls (None without a roll): each part joined in order."""
    if not checks:
        return None
    parts = [check.record() for check in checks]
    return {key: " · ".join(part[key] for part in parts) for key in ("dice", "result", "chance")}


def check(what: str, value: int, difficulty: int, seed: int | None, k: int = 0) -> Check:
    """The ``k``-th roll of one request: seed + k (each can be rolled again in the chapter's
    roller with its own seed)."""
    return Check(
        what,
        value,
        difficulty,
        roll(make_query(value, difficulty), None if seed is None else (seed + k) % (MAX_SEED + 1)),
    )


def _value(request: Request, label: str, blank: int | None) -> int:
    return _number(request, "value", label, -MAX_VALUE, MAX_VALUE, blank)


# --- bridge actions ------------------------------------------------------------------------
def _free_name(scene: dict[str, Any], stem: str) -> str:
    taken = {c["name"].casefold() for c in scene["combatants"]}
    return next(f"{stem} {n}" for n in range(1, MAX_COMBATANTS + 2) if f"{stem} {n}".casefold() not in taken)


def play_add(request: Request) -> dict[str, Any]:
    """A new combatant at the end of the scene: ``kind`` character or mooks (a group of
    ``NEW_MEMBERS`` glass-jaw mooks). With initiative cards, its card goes to the back."""
    scene = _scene(request)
    kind = request_text(request, "kind")
    if kind not in KINDS:
        raise RulesError("kind must be 'character' or 'mooks'", field="kind")
    if len(scene["combatants"]) >= MAX_COMBATANTS:
        raise refuse("scene.combatants", f"a scene has at most {MAX_COMBATANTS} combatants")
    added = (
        new_character(_free_name(scene, "Character")) if kind == "character" else new_mooks(_free_name(scene, "Mooks"))
    )
    index = len(scene["combatants"])
    stack = [*scene["stack"], index] if scene["initiative"] == "cards" and scene["sequence"] else scene["stack"]
    return answer(read_scene({**scene, "combatants": [*scene["combatants"], added], "stack": stack}, "scene"))


def play_remove(request: Request) -> dict[str, Any]:
    """Combatant ``index`` taken out of the scene (and off the initiative cards)."""
    scene = _scene(request)
    index = _index(request, scene)

    def renumber(cards: list[int | str]) -> list[int | str]:
        return [c if isinstance(c, str) else c - (c > index) for c in cards if c != index]

    combatants = [c for i, c in enumerate(scene["combatants"]) if i != index]
    return answer(
        read_scene(
            {**scene, "combatants": combatants, "stack": renumber(scene["stack"]), "out": renumber(scene["out"])},
            "scene",
        )
    )


def _next_sequence(c: dict[str, Any], first: bool) -> tuple[dict[str, Any], list[str]]:
    """One character as a Sequence begins, and what happened to them: a Shot back after a
    Sequence with no roll (not before the first), Initiative set, nothing done yet; one
    Sequence fewer to stay down, coming round at none."""
    shots = c["shots"] if first or c["rolled"] else regain(c["shots"], count_of(c))
    after = {
        **c,
        "shots": shots,
        "initiative": initiative(shots, 0, c["modifier"]),
        "acted": "",
        "rolled": False,
        "spent": False,
    }
    news = [f"1 Shot back for {c['name']}"] if shots > c["shots"] else []
    if c["out"] and c["life"] != "dead":
        after["out"] = c["out"] - 1
        if not after["out"]:
            after |= {"out_margin": 0, "wake_due": False}
            news.append(f"{c['name']} comes round")
    return after, news


def play_sequence(request: Request) -> dict[str, Any]:
    """The next Sequence begins. A character who made no roll in the one ending gets 1 Shot
    back (up to the Shot Count); every character's Initiative is set to its Shot pool plus
    modifiers; nobody has acted yet; whoever is down is one Sequence nearer coming round.
    With initiative cards (``padding``: true adds the standard padding cards), the first
    Sequence lays the cards out in that Initiative order."""
    scene = _scene(request)
    first = scene["sequence"] == 0
    combatants, news = [], []
    for c in scene["combatants"]:
        if c["kind"] == "mooks":
            combatants.append({**c, "acted": False})
            continue
        after, happened = _next_sequence(c, first)
        combatants.append(after)
        news += happened
    after = {**scene, "combatants": combatants, "sequence": min(scene["sequence"] + 1, MAX_SEQUENCE)}
    if scene["initiative"] == "cards" and first:
        padding = request.get("padding", False)
        if not isinstance(padding, bool):
            raise RulesError("padding must be true or false", field="padding")
        standing = [
            i for i in order(after | {"initiative": "shots"}) if not combatant_sheet(after, combatants[i])["down"]
        ]
        after |= {"stack": [*standing, *(PADDING_CARDS if padding else ())], "out": []}
    after = read_scene(after, "scene")
    line = f"Sequence {after['sequence']} begins" + (f"; {'; '.join(news)}" if news else "")
    return answer(after, line=line + ".")


def _mook_act(scene: dict[str, Any], index: int, act: str) -> dict[str, Any]:
    """A mook group's Action (once a Sequence; none when no one stands or some are Shaken)."""
    c = scene["combatants"][index]
    if act not in ("action", "quiet"):
        raise refuse(_at(index, "kind"), "a mook group only takes its Action (it has no Shots)")
    if not c["left"]:
        raise refuse(_at(index, "left"), f"no one in {c['name']} is left standing")
    if c["acted"]:
        raise refuse(_at(index, "acted"), f"{c['name']} have taken this Sequence's Action")
    if c["shaken"]:
        raise refuse(
            _at(index, "shaken"),
            f"{c['shaken']} of {c['name']} are Shaken: their Action begins "
            "with the Willpower + Focus roll (Shake off Shaken)",
        )
    return {**c, "acted": True}


def _character_act(scene: dict[str, Any], index: int, act: str) -> dict[str, Any]:
    """What a character's action does to them, or the refusal that says why they cannot."""
    c = dict(scene["combatants"][index])
    cost = ACTS[act][0]
    name = c["name"]
    if act == "rest":
        # "If you do nothing but rest during a Sequence, you regain 1 Shock point."
        if c["life"] == "dead":
            raise refuse(_at(index, "life"), f"{name} is dead")
        if c["acted"] == "rest":
            raise refuse(_at(index, "acted"), f"{name} has rested this Sequence: 1 Shock point a Sequence")
        whole = "1 Shock point comes back only to one who does nothing but rest all Sequence"
        for part, done in (("acted", c["acted"]), ("rolled", c["rolled"]), ("spent", c["spent"])):
            if done:
                what = {
                    "acted": "taken this Sequence's Action",
                    "rolled": "rolled this Sequence",
                    "spent": "spent Shots this Sequence",
                }[part]
                raise refuse(_at(index, part), f"{name} has {what}: {whole}")
        return {**c, "acted": "rest", "shock": max(0, c["shock"] - 1)}
    check_able(scene, index)
    if c["acted"] == "rest":
        raise refuse(_at(index, "acted"), f"{name} has rested this Sequence: resting is all they do until it ends")
    if c["shaken"] and act != "raise-initiative":
        # "You may not perform Active Defenses or Free Actions"; an Action begins with the roll.
        raise refuse(
            _at(index, "shaken"),
            f"{name} is Shaken: no Active Defense, and their Action is the "
            f"Willpower + Focus roll against {SHAKEN_DIFFICULTY} (Shake off Shaken)",
        )
    if act in SEQUENCE_ACTIONS and c["acted"]:
        raise refuse(
            _at(index, "acted"),
            f"{name} has taken this Sequence's Action; another costs "
            f"{SHOTS_FOR_OUT_OF_SEQUENCE} Shots (an Action out of Sequence)",
        )
    if c["shots"] < cost:
        raise refuse(
            _at(index, "shots"), f"{name} has {c['shots']} Shot{'s' if c['shots'] != 1 else ''}; this costs {cost}"
        )
    if act == "raise-initiative":
        # One added since the Sequence began has none set: theirs is the pool as it stands.
        now = c["initiative"] if c["initiative"] is not None else initiative(c["shots"], 0, c["modifier"])
        c["initiative"] = now + initiative(0, 1)
    c["shots"] -= cost
    c["spent"] = c["spent"] or cost > 0
    if act in SEQUENCE_ACTIONS:
        c["acted"] = act
    if act in ROLLED_ACTS:
        c["rolled"] = True
    return c


def play_act(request: Request) -> dict[str, Any]:
    """Combatant ``index`` takes an action of type ``act`` (``ACTS``): the Sequence's one
    Action (with a roll, without, or a Sequence of rest), or what Shots buy. Its Shots are
    paid, its Initiative raised, its card moved (an Active Defense from first place is
    refused); an Action with a roll lets whoever is down try to wake."""
    scene = _scene(request)
    index = _index(request, scene)
    act = request_text(request, "act")
    if act not in ACTS:
        raise RulesError(f"the action must be one of {', '.join(ACTS)}", field="act")
    if scene["sequence"] == 0:
        raise refuse("scene.sequence", "no Sequence has begun: press Begin the Sequence first")
    kind = scene["combatants"][index]["kind"]
    c = _mook_act(scene, index, act) if kind == "mooks" else _character_act(scene, index, act)
    cost, does = ACTS[act]
    combatants = list(scene["combatants"])
    combatants[index] = c
    if act in ROLLED_ACTS:
        combatants = _others_may_wake(combatants, index)
    more: dict[str, Any] = {}
    if scene["initiative"] == "cards" and index in scene["stack"]:
        if act == "active-defence":
            stack = _stack(scene)
            if not stack.active_defence(f"#{index}"):
                raise refuse("scene.stack", f"{c['name']} is first in the stack: no Active Defense from first place")
            more = _unstack(stack)
        elif act != "raise-initiative":
            more = _card_acts(scene, index)
    after = read_scene({**scene, "combatants": combatants, **more}, "scene")
    cost_words = f" ({cost} Shot{'s' if cost != 1 else ''})" if cost else ""
    rest_words = ""
    if act == "rest":
        back = scene["combatants"][index]["shock"] - c["shock"]
        rest_words = "" if back else " (no shock to take back)"
    return answer(after, line=f"{c['name']} {does}{cost_words}{rest_words}.")


def play_padding(request: Request) -> dict[str, Any]:
    """The padding card ``card`` comes up (first in the stack) and leaves the stack."""
    scene = _scene(request)
    card = request_text(request, "card")
    if card not in scene["stack"]:
        raise RulesError(f"no padding card {card!r} in the stack", field="card")
    if scene["stack"][0] != card:
        raise refuse("scene.stack", f"the {card} card has not come up yet: it is removed when it is first")
    return answer(
        read_scene({**scene, "stack": scene["stack"][1:]}, "scene"),
        line=f"The {card} card comes up and leaves the stack.",
    )


def _types(request: Request) -> frozenset[str]:
    value = request.get("types", [])
    if not isinstance(value, list) or any(not isinstance(w, str) or w not in TYPE_WORDS for w in value):
        raise RulesError(f"types must be a list of {', '.join(TYPE_WORDS)}", field="types")
    return frozenset(value)


def roll_query(request: Request) -> tuple[dict[str, Any], int, Any, str, dict[str, Any]]:
    """The roll a character's sheet asks for: ``skill`` (a skill's name, or "" for none) on
    the character's Action Value with ``modifiers`` and the impairment, against ``defence``
    (``active``: an Active Defense), ``attribute`` (a name, or "") and ``defence_ev`` giving
    the EV. Returns the scene, the index, the chapter's query, what is rolled, the terms.
    Nobody who is unable to act rolls."""
    scene = _scene(request)
    index = _index(request, scene)
    c = scene["combatants"][index]
    if c["kind"] != "character":
        raise RulesError("a mook group rolls no dice here (speed-bump mooks take a static PV)", field="index")
    check_able(scene, index)
    query, what, terms = _query(scene, index, request)
    return scene, index, query, what, terms


def _query(scene: dict[str, Any], index: int, request: Request) -> tuple[ActionQuery, str, dict[str, Any]]:
    """The chapter's query for character ``index``'s roll as ``request`` asks it (``roll_query``)."""
    c = scene["combatants"][index]
    skill_name, attribute_name = request_text(request, "skill"), request_text(request, "attribute")
    if skill_name and skill_name not in c["skills"]:
        raise RulesError(f"{c['name']} has no skill {skill_name!r}", field="skill")
    if attribute_name and attribute_name not in c["attributes"]:
        raise RulesError(f"{c['name']} has no attribute {attribute_name!r}", field="attribute")
    modifiers = _number(request, "modifiers", "Modifiers", -MAX_MODIFIER, MAX_MODIFIER, 0)
    defence = _number(request, "defence", "Defense", 0, MAX_VALUE)
    defence_ev = _number(request, "defence_ev", "Their attribute", -MAX_VALUE, MAX_VALUE, 0)
    active = request.get("active", False)
    if not isinstance(active, bool):
        raise RulesError("active must be true or false", field="active")
    skill = c["skills"][skill_name] if skill_name else 0
    attribute = c["attributes"][attribute_name] if attribute_name else 0
    penalty = impairment(scene, c)
    av = skill + modifiers + penalty
    if abs(av) > MAX_VALUE:
        raise RulesError(f"the Action Value's skill part must be within ±{MAX_VALUE}", field="modifiers")
    query = make_query(
        av,
        defence,
        active=active,
        types=_types(request),
        threshold=scene["threshold"],
        attack_ev=attribute,
        defence_ev=defence_ev,
    )
    what = " + ".join(part for part in (skill_name, attribute_name) if part) or "no skill"
    terms = {"skill": skill, "attribute": attribute, "modifiers": modifiers, "impairment": penalty}
    return query, what, terms


def _degrees(result: Any) -> list[dict[str, str]]:
    return [
        {"degree": name, "ratio": ratio(p), "percent": percent(p, 2)} for name, p in zip(DEGREE_NAMES, result.degrees)
    ]


def play_odds(request: Request) -> dict[str, Any]:
    """The exact odds of the roll from the sheet (``roll_query``), before it is rolled."""
    _, _, query, what, terms = roll_query(request)
    result = odds(query)
    success = result.p_success
    return {
        "notation": query.notation,
        "what": what,
        "terms": terms,
        "degrees": _degrees(result),
        "success": {"ratio": ratio(success), "percent": percent(success, 2)},
        "notes": list(query.notes),
    }


def play_roll(request: Request) -> dict[str, Any]:
    """Roll it with ``seed``: the roll as the chapter's roller gives it (and its share text);
    the character has now made a roll this Sequence (no Shot back at its end, no rest), and
    whoever is down may try to wake. Not after a Sequence's rest, nor while Shaken (the
    Action then begins with the Shaken roll)."""
    scene, index, query, what, terms = roll_query(request)
    c = scene["combatants"][index]
    if c["acted"] == "rest":
        raise refuse(_at(index, "acted"), f"{c['name']} has rested this Sequence: resting is all they do until it ends")
    if c["shaken"]:
        raise refuse(
            _at(index, "shaken"),
            f"{c['name']} is Shaken: their Action begins with the "
            f"Willpower + Focus roll against {SHAKEN_DIFFICULTY} "
            "(Shake off Shaken)",
        )
    rolled = roll(query, request_seed(request))
    combatants = _others_may_wake(list(scene["combatants"]), index)
    if scene["sequence"]:
        combatants[index] = {**c, "rolled": True}
    after = read_scene({**scene, "combatants": combatants}, "scene")
    result = rolled.to_json()
    said = f"{result['degree']}, AV {rolled.av}, Outcome {rolled.outcome}" + (
        f", PV {rolled.pv}" if rolled.outcome >= 0 else ""
    )
    line = f"{c['name']} rolled {what} ({query.notation}, seed {rolled.seed}): {said}."
    record = {
        "dice": f"{query.notation}, seed {rolled.seed}: {dice_words(rolled)}",
        "result": said,
        "chance": f"success {log_chance(odds(query).p_success)}",
    }
    return answer(
        after,
        roll=result,
        share=share(rolled),
        notation=query.notation,
        what=what,
        terms=terms,
        line=line,
        fields=roller_fields(query),
        record=record,
    )


def roller_fields(query: ActionQuery) -> dict[str, str]:
    """The chapter's Action roller's fields for ``query``, as its permalink names them (the
    roller's control ids without ``ac-``): with the seed, they roll the same dice there."""
    fields = {
        "skill": str(query.skill),
        "defence": str(query.defence),
        "threshold": str(query.threshold),
        "attack_ev": str(query.attack_ev),
        "defence_ev": str(query.defence_ev),
    }
    if query.active:
        fields["active"] = "1"
    fields.update({f"type-{word}": "1" for word in query.ordered_types})
    return fields


def _hit_mooks(scene: dict[str, Any], index: int, damage: int) -> tuple[dict[str, Any], dict[str, Any], list[str], str]:
    """A hit on a mook group: who goes down, who is Shaken (the group, the cards, lines, line)."""
    c = dict(scene["combatants"][index])
    if not c["left"]:
        raise refuse(_at(index, "left"), f"no one in {c['name']} is left standing: the group is wiped out")
    shaken = 0
    if c["mook"] == "speed-bump":
        lost = speed_bump_down(damage, scene["threshold"])
        lines = [f"Speed-bump mooks: one down per {scene['threshold']} PV: {lost} down"]
    else:
        band = (GLASS_JAW if c["mook"] == "glass-jaw" else ADVANCED).state(damage)
        lost = 1 if band.state in MOOK_LOST_STATES else 0
        shaken = 1 if band.state == "shaken" else 0
        lines = [f"{MOOK_KINDS[c['mook']]}, damage {band.label}: {band.effect}"]
    lost = min(lost, c["left"])
    c["left"] -= lost
    # A Shaken mook is one who still stands; a hit that takes one out takes a steady one first.
    c["shaken"] = min(c["shaken"] + shaken, c["left"])
    gone = c["left"] == 0
    shaken_words = f", {c['shaken']} Shaken" if c["shaken"] else ""
    lines.append(f"{c['name']}: {c['left']} of {c['members']} left{shaken_words}" + (": wiped out" if gone else ""))
    line = f"{c['name']}: {lost} down, {c['left']} left{shaken_words}" + ("; wiped out." if gone else ".")
    more = {}
    if gone and index in scene["stack"]:
        more = {"stack": [x for x in scene["stack"] if x != index], "out": [*scene["out"], index]}
    return c, more, lines, line


def _hit_character(
    scene: dict[str, Any], index: int, damage: int, focus: int, seed: int | None
) -> tuple[dict[str, Any], dict[str, Any], list[str], str, DamageReport, list[Check]]:
    """A hit on a character: shock and wounds kept whole, falling down, the Shock and Dark
    Times rolls made, Shaken, Stun; with initiative cards, the card moved."""
    c = dict(scene["combatants"][index])
    name = c["name"]
    if c["life"] == "dead":
        raise refuse(_at(index, "life"), f"{name} is dead")
    report = standing_report(scene, c, damage, focus)
    c["shock"] = min(report.total_shock, MAX_SHOCK)
    c["wounds"] = min(report.total_wounds, MAX_WOUNDS)
    c["shots"] = max(0, c["shots"] - report.shots_lost)
    if report.falls_down:
        # "If at any time you receive Shock Points equal to your Health, you fall down, unable to
        # act": down until a wake-up roll passes, or for ten minutes at most.
        c["out"] = WAKE_SEQUENCES
    if report.wounds and report.total_wounds >= c["toughness"] and c["life"] == "stable":
        c["life"] = "alive"  # a new wound at Toughness: dying again
    checks: list[Check] = []
    rolled_events: list[str] = []
    if "shock-roll" in scene["rules"] and report.wounds:
        # "roll for Shock ... with a Difficulty equal to 5+5 times Wounds inflicted in this Attack.
        # If you fail this roll, you fall down unconscious. The negative margin indicates Sequences
        # until you wake up and the Difficulty of any Physician+Wits roll to wake you prematurely."
        shock = check("Shock roll", focus, shock_roll_difficulty(report.wounds), seed, len(checks))
        checks.append(shock)
        if not shock.passed:
            c["out"] = max(c["out"], min(shock.margin, WAKE_SEQUENCES))
            c["out_margin"] = max(c["out_margin"], min(shock.margin, MAX_MARGIN))
            rolled_events.append(f"unconscious: out for {min(shock.margin, WAKE_SEQUENCES)} Sequences")
    if "dark-times" in scene["rules"] and report.shock and not is_dying(c):
        # "After every hit, roll Willpower+Focus against the inflicted Shock points in this attack.
        # If you fail this roll, you fall down dying."
        dark = check("Dark Times roll", focus, report.shock, seed, len(checks))
        checks.append(dark)
        if not dark.passed:
            c["life"] = "dying"
            rolled_events.append("falls down dying (Dark Times)")
    if report.shaken:
        c["shaken"] = True  # "When a target takes 1 or more Shock points it becomes Shaken."
    # The chapter's report, but for a dying no longer true (stabilised), then what the rolls did.
    events = [e for e in report.happens() if is_dying(c) or not e.startswith("dying")]
    if rolled_events and events in (["stays on their feet"], ["no effect"]):
        events = []
    events += rolled_events
    if is_dying(c) and not any(e.startswith(("dying", "falls down dying")) for e in events):
        events.insert(0, "dying")
    events = events or ["no effect"]
    lines = report.lines()[1:-2] + [check.line(name) for check in checks]
    if c["shock"] < report.total_shock or c["wounds"] < report.total_wounds:
        lines.append(f"Kept at most {MAX_SHOCK:,} shock and {MAX_WOUNDS:,} wounds")
    lines.append("What happens: " + "; ".join(events))
    more: dict[str, Any] = {}
    if scene["initiative"] == "cards" and index in scene["stack"]:
        stack = _stack(scene)
        stack.damage(f"#{index}", damage, c["health"])
        lines.append(stack.events[-1].replace(f"#{index}", name))
        more = _unstack(stack)
    line = f"{name} takes {damage}: shock {c['shock']}, wounds {c['wounds']}; " + "; ".join(events) + "."
    return c, more, lines, line, report, checks


def play_damage(request: Request) -> dict[str, Any]:
    """A hit of ``damage`` (its PV) on combatant ``index``. A character takes its shock and
    wounds whole (past Health and Toughness too), falls down at Health, is dying at
    Toughness; the rules in force add their effects and rolls: the Shock roll and the Dark
    Times roll are rolled at once, of ``focus`` (blank: the sheet's Willpower + Focus), with
    ``seed`` (the second roll seed + 1); Shaken, Stun; with initiative cards the card moves
    forward, or out past first place. A mook group loses the members the hit takes down, or
    has one more Shaken."""
    scene = _scene(request)
    index = _index(request, scene)
    damage = _number(request, "damage", "Damage (PV)", 0, MAX_DAMAGE)
    target = scene["combatants"][index]
    if target["kind"] == "mooks":
        c, more, lines, line = _hit_mooks(scene, index, damage)
        return answer(_with(scene, index, c, **more), lines=lines, line=line, report=None, rolls=[])
    focus = _number(request, "focus", "Willpower + Focus", -MAX_VALUE, MAX_VALUE, nerve(target))
    c, more, lines, line, report, checks = _hit_character(scene, index, damage, focus, request_seed(request))
    report_json = {k: v for k, v in report.to_json().items() if k not in ("lines", "mooks")}
    return answer(
        _with(scene, index, c, **more),
        lines=lines,
        line=line,
        report=report_json,
        rolls=[check.to_json() for check in checks],
        record=record_of(checks),
    )


def _character_at(request: Request, scene: dict[str, Any], what: str) -> tuple[int, dict[str, Any]]:
    index = _index(request, scene)
    c = scene["combatants"][index]
    if c["kind"] != "character":
        raise RulesError(f"a mook group {what} here", field="index")
    if c["life"] == "dead":
        raise refuse(_at(index, "life"), f"{c['name']} is dead")
    return index, c


def play_wake(request: Request) -> dict[str, Any]:
    """Character ``index``, down, comes round, by ``how``: "roll" (Willpower + Focus of
    ``value``, blank: the sheet's, against 15; one try each time someone else has rolled an
    Action), "physician" (someone's Physician + Wits of ``value`` against a failed Shock
    roll's margin) or "time" (the ten minutes have passed)."""
    scene = _scene(request)
    index, c = _character_at(request, scene, "has no one to wake")
    how = _how(request, ("roll", "physician", "time"))
    name = c["name"]
    if not c["out"]:
        raise refuse(_at(index, "out"), f"{name} is not down: there is nothing to wake from")
    awake = {**c, "out": 0, "out_margin": 0, "wake_due": False}
    if how == "time":
        return answer(_with(scene, index, awake), line=f"{WAKE_MINUTES} minutes pass: {name} comes round.", rolls=[])
    if how == "roll":
        if not c["wake_due"]:
            raise refuse(
                _at(index, "wake_due"),
                f"{name} may roll to wake each time someone else rolls an Action: no one has since the last try",
            )
        tried = check(
            "wake-up roll", _value(request, "Willpower + Focus", nerve(c)), WAKE_DIFFICULTY, request_seed(request)
        )
        after = awake if tried.passed else {**c, "wake_due": False}
    else:
        if not c["out_margin"]:
            raise refuse(
                _at(index, "out_margin"),
                f"{name} was not knocked out by a Shock roll: the Physician + Wits roll wakes only those",
            )
        tried = check(
            "Physician + Wits roll", _value(request, "Physician + Wits", None), c["out_margin"], request_seed(request)
        )
        after = awake if tried.passed else c
    words = f"{name} comes round" if tried.passed else f"{name} stays down"
    return answer(
        _with(scene, index, after),
        line=f"{tried.line(name)}: {words}.",
        lines=[tried.line(name)],
        rolls=[tried.to_json()],
        record=tried.record(),
    )


def _shake_mooks(scene: dict[str, Any], index: int, request: Request) -> dict[str, Any]:
    """A mook group's Action with Shaken members: each Shaken one rolls (the mooks'
    Willpower + Focus of ``value``; seeds one after another), the steady ones act."""
    c = scene["combatants"][index]
    if not c["left"]:
        raise refuse(_at(index, "left"), f"no one in {c['name']} is left standing")
    if not c["shaken"]:
        raise refuse(_at(index, "shaken"), f"no one in {c['name']} is Shaken")
    if c["acted"]:
        raise refuse(
            _at(index, "acted"), f"{c['name']} have taken this Sequence's Action: the roll comes with the next"
        )
    value = _value(request, "The mooks' Willpower + Focus", None)
    seed = request_seed(request)
    tries = [check("Shaken roll", value, SHAKEN_DIFFICULTY, seed, k) for k in range(c["shaken"])]
    steadied = sum(t.passed for t in tries)
    group = {**c, "shaken": c["shaken"] - steadied, "acted": True}
    combatants = _others_may_wake([*scene["combatants"][:index], group, *scene["combatants"][index + 1 :]], index)
    after = read_scene({**scene, "combatants": combatants, **_card_acts(scene, index)}, "scene")
    lines = [t.line(f"{c['name']}, Shaken mook {k + 1}") for k, t in enumerate(tries)]
    line = (
        f"{c['name']} take their Action: {steadied} of {c['shaken']} Shaken steady themselves, "
        f"{group['shaken']} still Shaken."
    )
    return answer(after, line=line, lines=[*lines, line], rolls=[t.to_json() for t in tries], record=record_of(tries))


def play_shake(request: Request) -> dict[str, Any]:
    """Combatant ``index``, Shaken, rolls to shake it off as this Sequence's Action:
    Willpower + Focus (``value``; blank: the sheet's) against 10 + 10. Passing, they are no
    longer Shaken. A mook group rolls for each Shaken member as the group's Action."""
    scene = _scene(request)
    index = _index(request, scene)
    if scene["sequence"] == 0:
        raise refuse("scene.sequence", "no Sequence has begun: the roll is made as an Action")
    if scene["combatants"][index]["kind"] == "mooks":
        return _shake_mooks(scene, index, request)
    c = scene["combatants"][index]
    check_able(scene, index)
    name = c["name"]
    if not c["shaken"]:
        raise refuse(_at(index, "shaken"), f"{name} is not Shaken")
    if c["acted"]:
        raise refuse(_at(index, "acted"), f"{name} has taken this Sequence's Action: the roll comes with the next")
    # "At the beginning of an Action, you roll Willpower+Focus Difficulty 10+10 as an Action. If
    # you succeed, you are no longer Shaken and may perform Actions normally."
    tried = check(
        "Shaken roll", _value(request, "Willpower + Focus", nerve(c)), SHAKEN_DIFFICULTY, request_seed(request)
    )
    after_c = {**c, "acted": "action", "rolled": True, "shaken": not tried.passed}
    combatants = _others_may_wake([*scene["combatants"][:index], after_c, *scene["combatants"][index + 1 :]], index)
    after = read_scene({**scene, "combatants": combatants, **_card_acts(scene, index)}, "scene")
    words = f"{name} is no longer Shaken" if tried.passed else f"{name} is still Shaken"
    return answer(
        after,
        line=f"{tried.line(name)}: {words}.",
        lines=[tried.line(name)],
        rolls=[tried.to_json()],
        record=tried.record(),
    )


def play_stabilise(request: Request) -> dict[str, Any]:
    """Character ``index``, dying, is saved or dies, by ``how``: "roll" (someone's
    Medicine/Physician of ``value`` against 25 − Health + 5 × Wounds: passing, stable) or
    "hour" (an hour passes without it: dead)."""
    scene = _scene(request)
    index, c = _character_at(request, scene, "is not stabilised")
    how = _how(request, ("roll", "hour"))
    name = c["name"]
    if not is_dying(c):
        raise refuse(_at(index, "life"), f"{name} is not dying")
    # "Dying characters must be stabilized with a Medicine/Physician Diff 25-Health+Woundsx5
    # taken within 1 hour, or die from their wounds."
    if how == "hour":
        return answer(
            _with(scene, index, {**c, "life": "dead"}),
            line=f"An hour passes and no one has stabilised {name}: {name} dies.",
            rolls=[],
        )
    difficulty = stabilise_difficulty(c["health"], c["wounds"])
    tried = check("stabilising roll", _value(request, "Medicine/Physician", None), difficulty, request_seed(request))
    after = {**c, "life": "stable"} if tried.passed else c
    words = f"{name} is stable" if tried.passed else f"{name} is still dying"
    return answer(
        _with(scene, index, after),
        line=f"{tried.line(name)}: {words}.",
        lines=[tried.line(name)],
        rolls=[tried.to_json()],
        record=tried.record(),
    )


# --- taps: the sheet's boxes and its traits ------------------------------------------------
#: What a tap on a box marks: a character's shock points, wounds or Shots, a mook group's members down.
TRACKS = ("shock", "wounds", "shots", "down")


def _mark_shock(scene: dict[str, Any], c: dict[str, Any], box: int) -> tuple[dict[str, Any], str]:
    """Shock marked through ``box`` (points taken: down at Health, Shaken under its rule) or,
    for a marked box, given back down to the box before it (the points a rest or a card returns)."""
    name, before = c["name"], c["shock"]
    if box <= before:
        back = before - box + 1
        return {**c, "shock": box - 1}, f"{name} regains {back} shock point{'s' if back != 1 else ''}: shock {box - 1}."
    taken = box - before
    after = {**c, "shock": box}
    events = []
    if box >= c["health"]:
        # "If at any time you receive Shock Points equal to your Health, you fall down, unable to act."
        after["out"] = WAKE_SEQUENCES
        events.append("falls down, unable to act")
    if "shaken" in scene["rules"]:
        # "When a target takes 1 or more Shock points it becomes Shaken."
        after["shaken"] = True
        events.append("Shaken")
    words = f"{name} takes {taken} shock point{'s' if taken != 1 else ''}: shock {box} of Health {c['health']}"
    return after, words + "".join(f"; {e}" for e in events) + "."


def _mark_wounds(index: int, c: dict[str, Any], box: int) -> tuple[dict[str, Any], str]:
    """Wounds marked through ``box``: dying at Toughness (a stable character again). A marked
    wound is not taken off: the source heals none in a fight."""
    name, before = c["name"], c["wounds"]
    if box <= before:
        raise refuse(
            _at(index, "wounds"),
            f"{name}'s wounds stay: the rules take none away in a fight (Undo takes back a mistaken tap)",
        )
    after = {**c, "wounds": box}
    if box >= c["toughness"] and c["life"] == "stable":
        after["life"] = "alive"  # a new wound at Toughness: dying again
    taken = box - before
    dying = "; dying" if is_dying(after) else ""
    return (
        after,
        f"{name} takes {taken} wound{'s' if taken != 1 else ''}: wounds {box} of Toughness {c['toughness']}{dying}.",
    )


def _mark_shots(index: int, c: dict[str, Any], box: int) -> tuple[dict[str, Any], str]:
    """Shots lost from the pool: a tap on a Shot still in it takes that one and those after it
    (a Major Success's "opponent loses a Pool point"); none comes back by a tap (a Shot comes
    back as a Sequence begins)."""
    name, before = c["name"], c["shots"]
    if box > before:
        raise refuse(
            _at(index, "shots"),
            f"{name} gets a Shot back only as a Sequence begins, after one with "
            "no roll (Undo takes back a mistaken tap)",
        )
    lost = before - box + 1
    return {**c, "shots": box - 1}, f"{name} loses {lost} Shot{'s' if lost != 1 else ''}: {box - 1} left in the pool."


def _mark_down(index: int, c: dict[str, Any], box: int) -> tuple[dict[str, Any], str]:
    """Mooks marked down through ``box`` (a steady one first, as a hit takes them); a mook down
    does not get up again."""
    down = c["members"] - c["left"]
    if box <= down:
        raise refuse(
            _at(index, "left"), f"a mook of {c['name']} who is down stays down (Undo takes back a mistaken tap)"
        )
    left = c["members"] - box
    after = {**c, "left": left, "shaken": min(c["shaken"], left)}
    gone = box - down
    return after, (
        f"{gone} of {c['name']} go{'es' if gone == 1 else ''} down: {left} of {c['members']} left"
        + ("; wiped out." if not left else ".")
    )


def play_mark(request: Request) -> dict[str, Any]:
    """A tap on box ``box`` (1 for the first) of combatant ``index``'s ``track``: "shock",
    "wounds" or "shots" for a character, "down" for a mook group. An empty box marks it and
    those before it (taken: at Health they fall down, at Toughness they are dying, Shaken under
    its rule); a marked shock box gives back that point and those after it; a Shot in the pool
    is lost with those after it; wounds, Shots and mooks down are not given back by a tap (the
    refusal says so)."""
    scene = _scene(request)
    index = _index(request, scene)
    c = scene["combatants"][index]
    track = request_text(request, "track")
    wanted = ("down",) if c["kind"] == "mooks" else ("shock", "wounds", "shots")
    if track not in wanted:
        raise RulesError(f"the track must be one of {', '.join(wanted)} for {c['name']}", field="track")
    limit = {"shock": MAX_SHOCK, "wounds": MAX_WOUNDS, "shots": MAX_SHOTS, "down": c.get("members", 0)}[track]
    box = _number(request, "box", "The box", 1, limit)
    if c["kind"] == "character" and c["life"] == "dead":
        raise refuse(_at(index, "life"), f"{c['name']} is dead")
    if track == "shock":
        after, line = _mark_shock(scene, c, box)
    elif track == "wounds":
        after, line = _mark_wounds(index, c, box)
    elif track == "shots":
        after, line = _mark_shots(index, c, box)
    else:
        after, line = _mark_down(index, c, box)
    more = {}
    if after.get("left") == 0 and index in scene["stack"]:
        more = {"stack": [x for x in scene["stack"] if x != index], "out": [*scene["out"], index]}
    return answer(_with(scene, index, after, **more), line=line)


def unable(scene: dict[str, Any], index: int) -> str:
    """Why character ``index`` rolls nothing from the sheet now, in a word or two ("" if they may)."""
    c = scene["combatants"][index]
    try:
        check_able(scene, index)
    except RulesError:
        life = life_word(c)
        return life if life != "alive" else ("down" if c["out"] else "out of action")
    if c["acted"] == "rest":
        return "resting"
    return "Shaken" if c["shaken"] else ""


def play_taps(request: Request) -> dict[str, Any]:
    """The chance of success of each character's attributes and skills rolled alone (a skill
    with no attribute, an attribute as the EV with no skill), with the roll form's
    ``modifiers``, ``defence``, ``defence_ev`` and ``active``: what each tap on the sheet
    rolls (``play_roll``). Per combatant: ``traits`` (``kind``, ``name``, ``value``,
    ``notation``, ``success`` percent and ratio) and ``unable`` (why no roll now; "" if none);
    a mook group has none."""
    scene = _scene(request)
    seen: dict[str, dict[str, str]] = {}
    combatants: list[dict[str, object]] = []
    for index, c in enumerate(scene["combatants"]):
        if c["kind"] != "character":
            combatants.append({"traits": [], "unable": ""})
            continue
        traits: list[dict[str, object]] = []
        for kind, part in (("attribute", "attributes"), ("skill", "skills")):
            for name, value in c[part].items():
                asked = {
                    **request,
                    "scene": scene,
                    "index": index,
                    "skill": name if kind == "skill" else "",
                    "attribute": name if kind == "attribute" else "",
                }
                query = _query(scene, index, asked)[0]
                if query.notation not in seen:
                    p = odds(query).p_success
                    seen[query.notation] = {"percent": percent(p, 2), "ratio": ratio(p)}
                traits.append(
                    {
                        "kind": kind,
                        "name": name,
                        "value": value,
                        "notation": query.notation,
                        "success": seen[query.notation],
                    }
                )
        combatants.append({"traits": traits, "unable": unable(scene, index)})
    return {"combatants": combatants}


def read_edited(value: Any, where: str) -> dict[str, Any]:
    """A scene as the reader edited it (``play_sheet``): before the first Sequence, the Shot
    pool of a character who has spent no Shots is their Shot Count as the edited attributes
    give it (the source starts the pool at the count), so a pool follows its attributes until
    the fight begins."""
    scene = read_scene(value, where)
    if scene["sequence"]:
        return scene
    combatants = [c if c["kind"] == "mooks" or c["spent"] else {**c, "shots": count_of(c)} for c in scene["combatants"]]
    return {**scene, "combatants": combatants}


ACTIONS = {
    "play_add": play_add,
    "play_remove": play_remove,
    "play_sequence": play_sequence,
    "play_act": play_act,
    "play_odds": play_odds,
    "play_roll": play_roll,
    "play_damage": play_damage,
    "play_padding": play_padding,
    "play_wake": play_wake,
    "play_shake": play_shake,
    "play_stabilise": play_stabilise,
    "play_mark": play_mark,
    "play_taps": play_taps,
    **entry_actions(SCHEMA, answer, new_scene, read_edited),
}
