"""Action!'s play tool: a scene kept on the device, with characters and mook groups, the
Sequence's Initiative and Shots, rolls from a character's sheet, and hits written onto the
targets (source 001).

A saved scene (one entry of a play document, ``rules_engine/core/play.py``), format
version 1::

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
        "health": 20, "toughness": 3, "shock": 0, "wounds": 0,
        "shots": 3,                       # the Shot pool now
        "modifier": 0,                    # Initiative modifiers
        "initiative": 3,                  # this Sequence's Initiative (null: not set)
        "acted": false, "rolled": false}, # acted this Sequence; made a roll this Sequence
       {"name": "Thugs", "kind": "mooks", "mook": "glass-jaw",
        "members": 6, "left": 6, "acted": false}]}

Every number the page shows comes from the bridge actions below (``play_…``): the Shot Count
(⌊(Agility + Wits + Luck) / 3⌋), the Initiative, the acting order, what each kind of action
costs in Shots, the impairment under the wound rule in force, the roll's exact odds, and
what a hit does (shock, wounds, the options' effects, the mooks that go down).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.play import (
    MAX_NAME,
    PlaySchema,
    choice,
    document_actions,
    exact_keys,
    flag,
    json_kind,
    name_text,
    ratings,
    refuse,
    whole_number,
)
from ..core.requests import Request, request_seed, request_text
from .combat.damage import EXCLUSIVE, OPTION_WORDS, OPTIONS, DamageReport, Hit
from .combat.mooks import ADVANCED, GLASS_JAW, speed_bump_down
from .combat.shots import (
    PADDING_CARDS,
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
from .roll.roll import roll
from .roll.rules import DEFAULT_THRESHOLD, DEGREE_NAMES, MAX_THRESHOLD, MAX_VALUE, TYPE_WORDS

VERSION = 1
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

#: What a combatant may do, its cost in Shots and what it does, in the page's words.
ACTS: dict[str, tuple[int, str]] = {
    "action": (0, "takes an Action with a roll when its Initiative comes up"),
    "quiet": (0, "takes an Action that needs no roll (reloading, talking)"),
    "rest": (0, "does nothing but rest this Sequence: 1 Shock point back"),
    "active-defence": (SHOTS_FOR_ACTIVE_DEFENCE, "makes an Active Defense: Skill + 5 until their next Action"),
    "raise-initiative": (1, "raises their Initiative by 5 this Sequence"),
    "out-of-sequence": (SHOTS_FOR_OUT_OF_SEQUENCE, "takes an Action out of Sequence"),
}


# --- reading a saved scene -----------------------------------------------------------------
def read_character(value: Any, where: str) -> dict[str, Any]:
    """One character checked and in normal form."""
    exact_keys(value, where, ("name", "kind", "attributes", "skills", "health", "toughness", "shock", "wounds",
                              "shots", "modifier", "initiative", "acted", "rolled"))
    attributes = ratings(value["attributes"], f"{where}.attributes", MAX_ATTRIBUTES, MAX_RATING)
    for needed in SHOT_ATTRIBUTES:
        if needed not in attributes:
            raise refuse(f"{where}.attributes", f"{needed} is missing (the Shot Count is (Agility + Wits + Luck) / 3)")
    health = whole_number(value["health"], f"{where}.health", 1, MAX_HEALTH)
    toughness = whole_number(value["toughness"], f"{where}.toughness", 1, MAX_TOUGHNESS)
    got = value["initiative"]
    return {"name": name_text(value["name"], f"{where}.name"), "kind": "character", "attributes": attributes,
            "skills": ratings(value["skills"], f"{where}.skills", MAX_SKILLS, MAX_RATING),
            "health": health, "toughness": toughness,
            "shock": whole_number(value["shock"], f"{where}.shock", 0, health),
            "wounds": whole_number(value["wounds"], f"{where}.wounds", 0, toughness),
            "shots": whole_number(value["shots"], f"{where}.shots", 0, MAX_SHOTS),
            "modifier": whole_number(value["modifier"], f"{where}.modifier", -MAX_MODIFIER, MAX_MODIFIER),
            "initiative": None if got is None else whole_number(got, f"{where}.initiative", -10 * MAX_MODIFIER,
                                                                  10 * MAX_SHOTS),
            "acted": flag(value["acted"], f"{where}.acted"), "rolled": flag(value["rolled"], f"{where}.rolled")}


def read_mooks(value: Any, where: str) -> dict[str, Any]:
    """One mook group checked and in normal form."""
    exact_keys(value, where, ("name", "kind", "mook", "members", "left", "acted"))
    members = whole_number(value["members"], f"{where}.members", 1, MAX_MEMBERS)
    return {"name": name_text(value["name"], f"{where}.name"), "kind": "mooks",
            "mook": choice(value["mook"], f"{where}.mook", MOOK_KINDS), "members": members,
            "left": whole_number(value["left"], f"{where}.left", 0, members),
            "acted": flag(value["acted"], f"{where}.acted")}


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
    combatants = value["combatants"]
    if not isinstance(combatants, list):
        raise refuse(f"{where}.combatants", f"must be a list, not {json_kind(combatants)}")
    if len(combatants) > MAX_COMBATANTS:
        raise refuse(f"{where}.combatants", f"too many: a scene has at most {MAX_COMBATANTS} combatants")
    read = [read_combatant(c, f"{where}.combatants[{i}]") for i, c in enumerate(combatants)]
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
    return {"name": name_text(value["name"], f"{where}.name"),
            "threshold": whole_number(value["threshold"], f"{where}.threshold", 1, MAX_THRESHOLD),
            "rules": read_rules(value["rules"], f"{where}.rules"),
            "initiative": choice(value["initiative"], f"{where}.initiative", INITIATIVE_MODES),
            "sequence": whole_number(value["sequence"], f"{where}.sequence", 0, MAX_SEQUENCE),
            "stack": cards[0], "out": cards[1], "combatants": read}


SCHEMA = PlaySchema("action", VERSION, read_scene, noun="scene", nouns="scenes")


def new_character(name: str) -> dict[str, Any]:
    """A character with the placeholders: Agility, Wits and Luck 3, Health 20, Toughness 3, unhurt."""
    count = shot_count(*NEW_ATTRIBUTES.values())
    return {"name": name, "kind": "character", "attributes": dict(NEW_ATTRIBUTES), "skills": {},
            "health": NEW_HEALTH, "toughness": NEW_TOUGHNESS, "shock": 0, "wounds": 0, "shots": count,
            "modifier": 0, "initiative": None, "acted": False, "rolled": False}


def new_mooks(name: str, mook: str = "glass-jaw") -> dict[str, Any]:
    """A group of ``NEW_MEMBERS`` mooks of kind ``mook``, all standing."""
    return {"name": name, "kind": "mooks", "mook": mook, "members": NEW_MEMBERS, "left": NEW_MEMBERS, "acted": False}


def new_scene(name: str = "New scene") -> dict[str, Any]:
    """A scene with one new character, the normal optional rules and Shot-pool Initiative."""
    return read_scene({"name": name, "threshold": DEFAULT_THRESHOLD, "rules": list(NEW_RULES), "initiative": "shots",
                       "sequence": 0, "stack": [], "out": [], "combatants": [new_character("Character 1")]}, "scene")


# --- what the sheet shows ------------------------------------------------------------------
def count_of(character: dict[str, Any]) -> int:
    """The character's Shot Count: ⌊(Agility + Wits + Luck) / 3⌋."""
    return shot_count(*(character["attributes"][name] for name in SHOT_ATTRIBUTES))


def standing_report(scene: dict[str, Any], character: dict[str, Any], damage: int = 0) -> DamageReport:
    """The damage chapter's report of a hit of ``damage`` on the character as it stands."""
    return DamageReport(Hit(damage, scene["threshold"], character["health"], character["toughness"],
                            wounds_before=character["wounds"], shock_before=character["shock"],
                            options=frozenset(scene["rules"])))


def impairment(scene: dict[str, Any], character: dict[str, Any]) -> int:
    """The wound penalty under the rule in force (0 under none, or none yet)."""
    return standing_report(scene, character).impairment or 0


def order(scene: dict[str, Any]) -> list[int]:
    """Who acts in what order: with initiative cards, the stack's order (combatants only);
    else characters by this Sequence's Initiative, highest first (ties: as listed), then
    the mook groups, last in the Sequence (the source's speed-bump mooks act last)."""
    combatants = scene["combatants"]
    if scene["initiative"] == "cards":
        return [card for card in scene["stack"] if isinstance(card, int)]
    characters = [i for i, c in enumerate(combatants) if c["kind"] == "character"]
    characters.sort(key=lambda i: -(combatants[i]["initiative"] if combatants[i]["initiative"] is not None
                                    else initiative(combatants[i]["shots"], 0, combatants[i]["modifier"])))
    return characters + [i for i, c in enumerate(combatants) if c["kind"] == "mooks"]


def combatant_sheet(scene: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
    """One combatant's numbers: Shot Count, impairment and state for a character; standing
    members for a mook group."""
    if c["kind"] == "mooks":
        return {"kind": "mooks", "name": MOOK_KINDS[c["mook"]], "left": c["left"], "down": c["left"] == 0}
    report = standing_report(scene, c)
    state = ("dying" if report.dying else "falls down, unable to act" if report.falls_down else "on their feet")
    return {"kind": "character", "shot_count": count_of(c), "impairment": impairment(scene, c),
            "shock_to_go": c["health"] - c["shock"], "wounds_to_go": c["toughness"] - c["wounds"],
            "dying": bool(report.dying), "falls_down": bool(report.falls_down), "state": state,
            "initiative": c["initiative"] if c["initiative"] is not None
            else initiative(c["shots"], 0, c["modifier"]),
            "down": bool(report.dying or report.falls_down)}


def sheet(scene: dict[str, Any]) -> dict[str, Any]:
    """What the page shows: each combatant's numbers, the acting order, the Shot costs."""
    return {"combatants": [combatant_sheet(scene, c) for c in scene["combatants"]], "order": order(scene),
            "acts": {word: {"shots": cost, "does": does} for word, (cost, does) in ACTS.items()},
            "rules": [{"word": o.word, "name": o.name, "effect": o.effect} for o in OPTIONS if o.word in RULE_WORDS],
            "mook_kinds": MOOK_KINDS}


def answer(scene: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the scene (normal form) and its sheet."""
    return {"scene": scene, "sheet": sheet(scene), **more}


# --- request fields ------------------------------------------------------------------------
def _scene(request: Request) -> dict[str, Any]:
    return read_scene(request.get("scene"), "scene")


def _index(request: Request, scene: dict[str, Any], key: str = "index") -> int:
    value = request.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value not in range(len(scene["combatants"])):
        raise RulesError(f"the scene has no combatant number {value!r}", field=key)
    return value


def _number(request: Request, key: str, label: str, low: int, high: int, blank: int | None = None) -> int:
    """A whole number given as a number or as typed text (blank: ``blank``, if allowed)."""
    value = request.get(key, "")
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


def _with(scene: dict[str, Any], index: int, combatant: dict[str, Any], **more: Any) -> dict[str, Any]:
    combatants = list(scene["combatants"])
    combatants[index] = combatant
    return read_scene({**scene, "combatants": combatants, **more}, "scene")


def _stack(scene: dict[str, Any]) -> CardStack:
    """The scene's initiative cards as the chapter's CardStack (combatants as ``#i``)."""
    key = lambda card: f"#{card}" if isinstance(card, int) else card  # noqa: E731
    return CardStack([key(c) for c in scene["stack"]], [key(c) for c in scene["out"]])


def _unstack(stack: CardStack) -> dict[str, list[int | str]]:
    back = lambda card: int(card[1:]) if card.startswith("#") else card  # noqa: E731
    return {"stack": [back(c) for c in stack.order], "out": [back(c) for c in stack.out]}


# --- bridge actions ------------------------------------------------------------------------
def play_new(request: Request) -> dict[str, Any]:
    """A new scene named ``name`` (or "New scene") with one new character."""
    name = request_text(request, "name").strip() or "New scene"
    return answer(new_scene(name[:MAX_NAME]))


def play_sheet(request: Request) -> dict[str, Any]:
    """The scene checked (``scene``: its fields as edited) and its sheet."""
    return answer(_scene(request))


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
        raise RulesError(f"a scene has at most {MAX_COMBATANTS} combatants", field="kind")
    added = (new_character(_free_name(scene, "Character")) if kind == "character"
             else new_mooks(_free_name(scene, "Mooks")))
    index = len(scene["combatants"])
    stack = [*scene["stack"], index] if scene["initiative"] == "cards" and scene["sequence"] else scene["stack"]
    return answer(read_scene({**scene, "combatants": [*scene["combatants"], added], "stack": stack}, "scene"))


def play_remove(request: Request) -> dict[str, Any]:
    """Combatant ``index`` taken out of the scene (and off the initiative cards)."""
    scene = _scene(request)
    index = _index(request, scene)
    renumber = lambda cards: [c if isinstance(c, str) else c - (c > index) for c in cards if c != index]  # noqa: E731
    combatants = [c for i, c in enumerate(scene["combatants"]) if i != index]
    return answer(read_scene({**scene, "combatants": combatants, "stack": renumber(scene["stack"]),
                              "out": renumber(scene["out"])}, "scene"))


def play_sequence(request: Request) -> dict[str, Any]:
    """The next Sequence begins. A character who made no roll in the one ending gets 1 Shot
    back (up to the Shot Count); every character's Initiative is set to its Shot pool plus
    modifiers; nobody has acted yet. With initiative cards (``padding``: true adds the
    standard padding cards), the first Sequence lays the cards out in that Initiative order."""
    scene = _scene(request)
    first = scene["sequence"] == 0
    combatants = []
    for c in scene["combatants"]:
        if c["kind"] == "mooks":
            combatants.append({**c, "acted": False})
            continue
        shots = c["shots"] if first or c["rolled"] else regain(c["shots"], count_of(c))
        combatants.append({**c, "shots": shots, "initiative": initiative(shots, 0, c["modifier"]),
                           "acted": False, "rolled": False})
    after = {**scene, "combatants": combatants, "sequence": min(scene["sequence"] + 1, MAX_SEQUENCE)}
    if scene["initiative"] == "cards" and first:
        padding = request.get("padding", False)
        if not isinstance(padding, bool):
            raise RulesError("padding must be true or false", field="padding")
        standing = [i for i in order(after | {"initiative": "shots"}) if not combatant_sheet(after, combatants[i])["down"]]
        after |= {"stack": [*standing, *(PADDING_CARDS if padding else ())], "out": []}
    after = read_scene(after, "scene")
    regained = [c["name"] for c, b in zip(after["combatants"], scene["combatants"])
                if c["kind"] == "character" and c["shots"] > b["shots"]]
    line = f"Sequence {after['sequence']} begins" + (f"; 1 Shot back for {', '.join(regained)}" if regained else "")
    return answer(after, line=line + ".")


def play_act(request: Request) -> dict[str, Any]:
    """Combatant ``index`` takes an action of type ``act`` (``ACTS``): its Shots are paid,
    its Initiative raised, its card moved (an Active Defense from first place is refused)."""
    scene = _scene(request)
    index = _index(request, scene)
    act = request_text(request, "act")
    if act not in ACTS:
        raise RulesError(f"the action must be one of {', '.join(ACTS)}", field="act")
    if scene["sequence"] == 0:
        raise RulesError("no Sequence has begun: press Begin the Sequence first", field="act")
    c = dict(scene["combatants"][index])
    cost, does = ACTS[act]
    if c["kind"] == "mooks" and act not in ("action", "quiet"):
        raise RulesError("a mook group only takes its Action (it has no Shots)", field="act")
    if c["kind"] == "character":
        if c["shots"] < cost:
            raise RulesError(f"{c['name']} has {c['shots']} Shots; this costs {cost}", field="act")
        c["shots"] -= cost
        if act == "raise-initiative":
            c["initiative"] = (c["initiative"] or 0) + initiative(0, 1)
        if act == "rest":
            c["shock"] = max(0, c["shock"] - 1)
        if act in ("action", "out-of-sequence"):
            c["rolled"] = True
    if act in ("action", "quiet", "rest"):
        c["acted"] = True
    more: dict[str, Any] = {}
    if scene["initiative"] == "cards" and index in scene["stack"]:
        stack = _stack(scene)
        if act in ("action", "quiet", "rest", "out-of-sequence"):
            stack.act(f"#{index}")
        elif act == "active-defence" and not stack.active_defence(f"#{index}"):
            raise RulesError(f"{c['name']} is first in the stack: no Active Defense from first place", field="act")
        more = _unstack(stack)
    after = _with(scene, index, c, **more)
    cost_words = f" ({cost} Shot{'s' if cost != 1 else ''})" if cost else ""
    return answer(after, line=f"{c['name']} {does}{cost_words}.")


def play_padding(request: Request) -> dict[str, Any]:
    """The padding card ``card`` comes up (first in the stack) and leaves the stack."""
    scene = _scene(request)
    card = request_text(request, "card")
    if card not in scene["stack"]:
        raise RulesError(f"no padding card {card!r} in the stack", field="card")
    if scene["stack"][0] != card:
        raise RulesError(f"the {card} card has not come up yet: it is removed when it is first", field="card")
    return answer(read_scene({**scene, "stack": scene["stack"][1:]}, "scene"),
                  line=f"The {card} card comes up and leaves the stack.")


def _types(request: Request) -> frozenset[str]:
    value = request.get("types", [])
    if not isinstance(value, list) or any(not isinstance(w, str) or w not in TYPE_WORDS for w in value):
        raise RulesError(f"types must be a list of {', '.join(TYPE_WORDS)}", field="types")
    return frozenset(value)


def roll_query(request: Request) -> tuple[dict[str, Any], int, Any, str, dict[str, Any]]:
    """The roll a character's sheet asks for: ``skill`` (a skill's name, or "" for none) on
    the character's Action Value with ``modifiers`` and the impairment, against ``defence``
    (``active``: an Active Defense), ``attribute`` (a name, or "") and ``defence_ev`` giving
    the EV. Returns the scene, the index, the chapter's query, what is rolled, the terms."""
    scene = _scene(request)
    index = _index(request, scene)
    c = scene["combatants"][index]
    if c["kind"] != "character":
        raise RulesError("a mook group rolls no dice here (speed-bump mooks take a static PV)", field="index")
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
    query = make_query(av, defence, active=active, types=_types(request), threshold=scene["threshold"],
                       attack_ev=attribute, defence_ev=defence_ev)
    what = " + ".join(part for part in (skill_name, attribute_name) if part) or "no skill"
    terms = {"skill": skill, "attribute": attribute, "modifiers": modifiers, "impairment": penalty}
    return scene, index, query, what, terms


def _degrees(result: Any) -> list[dict[str, str]]:
    return [{"degree": name, "ratio": ratio(p), "percent": percent(p, 2)}
            for name, p in zip(DEGREE_NAMES, result.degrees)]


def play_odds(request: Request) -> dict[str, Any]:
    """The exact odds of the roll from the sheet (``roll_query``), before it is rolled."""
    _, _, query, what, terms = roll_query(request)
    result = odds(query)
    success = result.p_success
    return {"notation": query.notation, "what": what, "terms": terms, "degrees": _degrees(result),
            "success": {"ratio": ratio(success), "percent": percent(success, 2)}, "notes": list(query.notes)}


def play_roll(request: Request) -> dict[str, Any]:
    """Roll it with ``seed``: the roll as the chapter's roller gives it (and its share text);
    the character has now made a roll this Sequence (no Shot back at its end)."""
    scene, index, query, what, terms = roll_query(request)
    rolled = roll(query, request_seed(request))
    c = scene["combatants"][index]
    after = _with(scene, index, {**c, "rolled": True}) if scene["sequence"] else scene
    result = rolled.to_json()
    line = (f"{c['name']} rolled {what} ({query.notation}, seed {rolled.seed}): {result['degree']}, "
            f"AV {rolled.av}, Outcome {rolled.outcome}" + (f", PV {rolled.pv}" if rolled.outcome >= 0 else "") + ".")
    return answer(after, roll=result, share=share(rolled), notation=query.notation, what=what, terms=terms, line=line,
                  fields=roller_fields(query))


def roller_fields(query: ActionQuery) -> dict[str, str]:
    """The chapter's Action roller's fields for ``query``, as its permalink names them (the
    roller's control ids without ``ac-``): with the seed, they roll the same dice there."""
    fields = {"skill": str(query.skill), "defence": str(query.defence), "threshold": str(query.threshold),
              "attack_ev": str(query.attack_ev), "defence_ev": str(query.defence_ev)}
    if query.active:
        fields["active"] = "1"
    fields.update({f"type-{word}": "1" for word in query.ordered_types})
    return fields


def play_damage(request: Request) -> dict[str, Any]:
    """A hit of ``damage`` (its PV) on combatant ``index``: a character takes its shock and
    wounds (and, under Stun, loses Shots; with initiative cards its card moves forward, or
    out past first place); a mook group loses the members the hit takes down."""
    scene = _scene(request)
    index = _index(request, scene)
    damage = _number(request, "damage", "Damage (PV)", 0, MAX_DAMAGE)
    c = dict(scene["combatants"][index])
    more: dict[str, Any] = {}
    if c["kind"] == "mooks":
        if c["mook"] == "speed-bump":
            lost = speed_bump_down(damage, scene["threshold"])
            lines = [f"Speed-bump mooks: one down per {scene['threshold']} PV: {lost} down"]
        else:
            band = (GLASS_JAW if c["mook"] == "glass-jaw" else ADVANCED).state(damage)
            lost = 1 if band.state in MOOK_LOST_STATES else 0
            lines = [f"{MOOK_KINDS[c['mook']]}, damage {band.label}: {band.effect}"]
        lost = min(lost, c["left"])
        c["left"] -= lost
        lines.append(f"{c['name']}: {c['left']} of {c['members']} left")
        line = f"{c['name']}: {lost} down, {c['left']} left."
        if c["left"] == 0 and index in scene["stack"]:
            more = {"stack": [x for x in scene["stack"] if x != index], "out": [*scene["out"], index]}
        report_json = None
    else:
        report = standing_report(scene, c, damage)
        c["shock"] = min(report.total_shock, c["health"])
        c["wounds"] = min(report.total_wounds, c["toughness"])
        c["shots"] = max(0, c["shots"] - report.shots_lost)
        lines = report.lines()[1:-2] + ["What happens: " + "; ".join(report.happens())]
        if scene["initiative"] == "cards" and index in scene["stack"]:
            stack = _stack(scene)
            stack.damage(f"#{index}", damage, c["health"])
            lines.append(stack.events[-1].replace(f"#{index}", c["name"]))
            more = _unstack(stack)
        line = f"{c['name']} takes {damage}: shock {c['shock']}, wounds {c['wounds']}; " + "; ".join(report.happens()) + "."
        report_json = {k: v for k, v in report.to_json().items() if k not in ("lines", "mooks")}
    return answer(_with(scene, index, c, **more), lines=lines, line=line, report=report_json)


ACTIONS = {
    "play_new": play_new, "play_sheet": play_sheet, "play_add": play_add, "play_remove": play_remove,
    "play_sequence": play_sequence, "play_act": play_act, "play_odds": play_odds, "play_roll": play_roll,
    "play_damage": play_damage, "play_padding": play_padding, **document_actions(SCHEMA),
}

