"""dice & danger's play tool: characters kept on the device, their damage rolls built from
their weapon, their saves rolled against their attributes, the hits they take marked off
their Hit Defense or as conditions in their slots, and the Health save that follows.

A saved character (one entry of a play document, ``rules_engine/core/play.py``), format
version 1::

    {"name": "Wren", "level": 1,
     "attributes": {"Strength": 3, "Reflex": 2, "Health": 4, "Intelligence": 1, "Will": 2},  # 1-6
     "titles": [{"text": "ship's carpenter", "boosted": false}],  # a boosted title: +1d more
     "hit_defense_marked": 0,                     # Hit Defense marked off, 0 to the level's
     "weapon": {"family": "swords", "heavy": false, "ranged": false, "crude": false, "off_hand": false},
     "armour": "leather",                         # none leather splint chain plate: sets Armor
     "slots": [{"item": "rope", "condition": ""}, ...],  # exactly 6 + Health; condition "",
                                                  # "mar", "mood" or "break"
     "stowed": ["tent"],                          # items in bags: their count gives the weight penalty
     "health_save": null,                         # or the save owed: {"now": 1, "had": 0}
     "health_outcome": null}                      # or the last Health save's outcome

Everything the sheet shows beside these (tier, Hit Defense, Luck, Armor, slots, the weight
penalty) and every roll comes from the rules (``rules.py``), the damage-roll builder and the
Health-save helper (``builder.py``) through the bridge actions below (``play_…``): the page
holds no rule of its own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.play import (
    MAX_NAME,
    PlaySchema,
    choice,
    document_actions,
    exact_keys,
    flag,
    json_kind,
    name_text,
    refuse,
    whole_number,
)
from ..core.requests import Request, field_flag, labelled, request_fields, request_seed, request_text
from .actions import DAMAGE_CHOICES, attack_from_fields, outcomes_json, share
from .builder import NO_WEAPON, WEAPONS, Attack, build_damage, health_save, off_hand_steps, weapon_steps
from .notation import parse
from .odds import DiceAndDangerOdds, odds
from .roll import generate_character, roll
from .rules import (
    ARMOURS,
    ATTRIBUTE_NAMES,
    HEALTH_SAVE_OUTCOMES,
    MAX_DICE,
    MAX_EXTRA,
    STARTING_FAITH,
    STARTING_LEVEL,
    armour_by_name,
    boosted_titles,
    health_save_outcome,
    hit_defense,
    inventory_slots,
    luck_for,
    tier,
    tier_name,
    weapon_slots,
    weight_penalty,
)

VERSION = 1
#: An attribute is the face kept from 1d+2p: 1 to 6.
LOWEST_ATTRIBUTE, HIGHEST_ATTRIBUTE = 1, 6
#: The highest level a sheet keeps (far past any campaign; Hit Defense is still exact).
MAX_LEVEL = 999
MAX_TITLES = 60
MAX_STOWED = 100
CONDITIONS = ("", "mar", "mood", "break")
OUTCOME_NAMES = tuple(name for _, name, _ in HEALTH_SAVE_OUTCOMES)
#: The most chances of "this many hits or more" a reply lists (the rest are rarer still).
SHOWN_HITS = 6


# --- reading a saved character -----------------------------------------------------------------
def _item(value: Any, where: str) -> str:
    """An item's name: blank for an empty slot, else a name (``name_text``)."""
    if isinstance(value, str) and not value.strip():
        return ""
    return name_text(value, where)


def _attributes(value: Any, where: str) -> dict[str, int]:
    exact_keys(value, where, ATTRIBUTE_NAMES)
    return {name: whole_number(value[name], f"{where}.{name}", LOWEST_ATTRIBUTE, HIGHEST_ATTRIBUTE)
            for name in ATTRIBUTE_NAMES}


def _titles(value: Any, where: str, level: int) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    if len(value) > MAX_TITLES:
        raise refuse(where, f"too many: at most {MAX_TITLES}")
    titles = []
    for i, title in enumerate(value):
        exact_keys(title, f"{where}[{i}]", ("text", "boosted"))
        titles.append({"text": name_text(title["text"], f"{where}[{i}].text"),
                       "boosted": flag(title["boosted"], f"{where}[{i}].boosted")})
    boosted, allowed = sum(t["boosted"] for t in titles), boosted_titles(level)
    if boosted > allowed:
        raise refuse(where, f"{boosted} boosted, but level {level} (tier {tier(level)}) boosts "
                            f"{allowed}: one title for each tier after the first")
    return titles


def _weapon(value: Any, where: str) -> dict[str, Any]:
    exact_keys(value, where, ("family", "heavy", "ranged", "crude", "off_hand"))
    weapon = {"family": choice(value["family"], f"{where}.family", WEAPONS),
              **{key: flag(value[key], f"{where}.{key}") for key in ("heavy", "ranged", "crude", "off_hand")}}
    try:  # the builder's own checks: heavy or ranged, nothing described without a weapon …
        attack = _attack_of(weapon)
        weapon_steps(attack)
        off_hand_steps(attack)
    except RulesError as error:
        raise refuse(f"{where}.{error.field}" if error.field else where, error.message) from None
    return weapon


def _slots(value: Any, where: str, health: int) -> list[dict[str, str]]:
    """The slots as saved, padded with empty ones to 6 + Health; more filled than that is refused."""
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    total = inventory_slots(health)
    slots = []
    for i, slot in enumerate(value[:MAX_DICE]):
        exact_keys(slot, f"{where}[{i}]", ("item", "condition"))
        slots.append({"item": _item(slot["item"], f"{where}[{i}].item"),
                      "condition": choice(slot["condition"], f"{where}[{i}].condition", CONDITIONS)})
    if len(value) > MAX_DICE:
        raise refuse(where, f"too many: Health gives {total}")
    while len(slots) > total and slots[-1] == {"item": "", "condition": ""}:
        slots.pop()
    if len(slots) > total:
        raise refuse(where, f"{len(slots)} slots are used, but Health {health} gives {total} (6 + Health): "
                            "stow or drop something first")
    return slots + [{"item": "", "condition": ""} for _ in range(total - len(slots))]


def _stowed(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    if len(value) > MAX_STOWED:
        raise refuse(where, f"too many: at most {MAX_STOWED}")
    return [name_text(item, f"{where}[{i}]") for i, item in enumerate(value)]


def _health_save(value: Any, where: str) -> dict[str, int] | None:
    if value is None:
        return None
    exact_keys(value, where, ("now", "had"))
    return {"now": whole_number(value["now"], f"{where}.now", 1, MAX_DICE),
            "had": whole_number(value["had"], f"{where}.had", 0, MAX_EXTRA)}


def read_character(value: Any, where: str) -> dict[str, Any]:
    """A saved character checked field by field and in normal form, else a RulesError."""
    exact_keys(value, where, ("name", "level", "attributes", "titles", "hit_defense_marked", "weapon", "armour",
                              "slots", "stowed", "health_save", "health_outcome"))
    level = whole_number(value["level"], f"{where}.level", 0, MAX_LEVEL)
    attributes = _attributes(value["attributes"], f"{where}.attributes")
    outcome = value["health_outcome"]
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "level": level,
        "attributes": attributes,
        "titles": _titles(value["titles"], f"{where}.titles", level),
        "hit_defense_marked": whole_number(value["hit_defense_marked"], f"{where}.hit_defense_marked", 0,
                                           hit_defense(level)),
        "weapon": _weapon(value["weapon"], f"{where}.weapon"),
        "armour": choice(value["armour"], f"{where}.armour", tuple(a.name for a in ARMOURS)),
        "slots": _slots(value["slots"], f"{where}.slots", attributes["Health"]),
        "stowed": _stowed(value["stowed"], f"{where}.stowed"),
        "health_save": _health_save(value["health_save"], f"{where}.health_save"),
        "health_outcome": None if outcome is None else choice(outcome, f"{where}.health_outcome", OUTCOME_NAMES),
    }


SCHEMA = PlaySchema("dice-and-danger", VERSION, read_character, noun="character", nouns="characters")


def new_character(name: str = "New character", seed: int | None = None) -> dict[str, Any]:
    """A fresh level-1 character: the five attributes rolled on 1d+2p (``seed``), no titles,
    no weapon or armour, empty slots."""
    made = generate_character(seed)
    return read_character({"name": name, "level": STARTING_LEVEL, "attributes": made.attributes, "titles": [],
                           "hit_defense_marked": 0, "weapon": {"family": NO_WEAPON, "heavy": False, "ranged": False,
                                                               "crude": False, "off_hand": False},
                           "armour": "none", "slots": [], "stowed": [], "health_save": None,
                           "health_outcome": None}, "character")


# --- what the sheet shows ------------------------------------------------------------------------
def conditions_marked(character: dict[str, Any]) -> int:
    """Conditions the character has: one per slot that holds one."""
    return sum(1 for slot in character["slots"] if slot["condition"])


def gear_slots(character: dict[str, Any]) -> dict[str, int]:
    """Slots the armour and weapons on the sheet take: the armour's (leather 1 … plate 4), the
    weapon's (2 when heavy) and 1 for a light weapon in the off hand."""
    weapon = character["weapon"]
    armed = weapon["family"] != NO_WEAPON
    return {"armour": armour_by_name(character["armour"]).slots,
            "weapon": weapon_slots(heavy=weapon["heavy"]) if armed else 0,
            "off_hand": 1 if weapon["off_hand"] else 0}


def sheet(character: dict[str, Any]) -> dict[str, Any]:
    """The numbers that follow from the sheet, as the rules give them."""
    level, attributes = character["level"], character["attributes"]
    total_hd = hit_defense(level)
    total = sum(attributes.values())
    luck = luck_for(total)
    used = sum(1 for slot in character["slots"] if slot["item"] or slot["condition"])
    gear = gear_slots(character)
    pending = character["health_save"]
    return {
        "tier": tier(level), "tier_name": tier_name(tier(level)), "boosted_titles": boosted_titles(level),
        "hit_defense": total_hd, "hit_defense_left": total_hd - character["hit_defense_marked"],
        "attribute_sum": total, "luck": luck.text, "armor": armour_by_name(character["armour"]).dc,
        "faith": STARTING_FAITH, "slots": inventory_slots(attributes["Health"]), "slots_used": used,
        "gear_slots": gear, "gear_slots_total": sum(gear.values()),
        "stowed": len(character["stowed"]), "weight_penalty": weight_penalty(len(character["stowed"])),
        "conditions": conditions_marked(character),
        "health_save": None if pending is None else health_save(pending["now"], pending["had"],
                                                                 attributes["Health"]).written,
    }


def answer(character: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A reply carrying the character (normal form) and its sheet."""
    return {"character": character, "sheet": sheet(character), **more}


def chance(value: Any) -> dict[str, str]:
    return {"ratio": ratio(value), "percent": percent(value, 2)}


def odds_summary(result: DiceAndDangerOdds) -> dict[str, Any]:
    """A roll's exact odds as the sheet shows them: no hits, then k or more hits for k = 1 …
    (while the chance is at least 0.01 %, at most ``SHOWN_HITS``), and the average."""
    rows = [{"hits": 0, "or_more": False, **chance(result.dist.p(0))}]
    for k in range(1, SHOWN_HITS + 1):
        p = result.p_at_least(k)
        if p * 10_000 < 1:
            break
        rows.append({"hits": k, "or_more": True, **chance(p)})
    return {"notation": result.query.notation, "rows": rows, "mean": ratio(result.mean),
            "mean_text": f"{float(result.mean):.2f}"}


# --- the character's damage roll ----------------------------------------------------------------
DAMAGE_FIELDS = ("expert", "boosted", "prepared", "friend", "hit_defense", "hd_reading", "unsuited", "shield",
                 "armour", "conditions")


def _attack_of(weapon: dict[str, Any], fields: dict[str, str] | None = None) -> Attack:
    """The builder's attack: the weapon from the sheet, the situation from ``fields``."""
    form = {name: "" for name in ("acting", "expert", "prepared", "friend", "hit_defense", "hd_reading", "unsuited",
                                   "heavy", "ranged", "crude", "off_hand", "shield", "armour")}
    form.update({key: value for key, value in (fields or {}).items() if key in form})
    form.update(acting="on", weapon=weapon["family"],
                **{key: "on" if weapon[key] else "" for key in ("heavy", "ranged", "crude", "off_hand")})
    return attack_from_fields(form)


def _count(fields: dict[str, str], name: str, most: int, what: str) -> int:
    text = fields[name].strip() or "0"
    return parse_whole_number(text, name, 0, most) if most else _none_of(text, name, what)


def _none_of(text: str, name: str, what: str) -> int:
    value = parse_whole_number(text, name, 0, MAX_EXTRA)
    if value:
        raise RulesError(f"{name} must be 0: {what}", field=name)
    return 0


def damage_notation(character: dict[str, Any], fields: dict[str, str]) -> tuple[str, list[dict[str, Any]]]:
    """The damage roll of the character's weapon in the situation ``fields`` describe, written
    term by term as the builder writes it, with the sheet's own terms added: +1d more when the
    title that applies is a boosted one, +1p per relevant condition. Returns the written
    notation and its steps (``term``, ``why``, ``field``, ``other_side``)."""
    built = build_damage(_attack_of(character["weapon"], fields))
    steps = [step.to_json() for step in built.steps]
    extra = []
    if field_flag(fields["boosted"], "boosted"):
        if not field_flag(fields["expert"], "expert"):
            raise RulesError("boosted is for a title that applies: tick Expert too", field="boosted")
        if not any(title["boosted"] for title in character["titles"]):
            raise RulesError(f"{character['name']} has no boosted title yet (one each tier after the first)",
                             field="boosted")
        extra.append(("+1d", "a boosted title: +1d more", "boosted"))
    conditions = _count(fields, "conditions", conditions_marked(character),
                        f"{character['name']} has no conditions")
    if conditions:
        extra.append((f"+{conditions}p", "relevant conditions", "conditions"))
    own, vs, rest = built.written.partition(" vs DC ")
    written = " ".join([own, *(term for term, _, _ in extra)]) + vs + rest
    at = sum(1 for step in steps if not step["other_side"])
    steps[at:at] = [{"term": term, "why": why, "field": name, "other_side": False} for term, why, name in extra]
    return written, steps


def play_damage_odds(request: Request) -> dict[str, Any]:
    """The character's damage roll (``fields``: ``expert``, ``boosted``, ``prepared``, ``friend``,
    ``hit_defense``, ``hd_reading``, ``unsuited``, the target's ``shield`` and ``armour``, the
    relevant ``conditions``): its written and canonical notation, its steps and exact odds."""
    character = _character(request)
    written, steps = damage_notation(character, request_fields(request, DAMAGE_FIELDS))
    return {"written": written, "steps": steps, "odds": odds_summary(odds(parse(written)))}


def play_damage_roll(request: Request) -> dict[str, Any]:
    """The character's damage roll rolled (``seed``): the roll, its odds and its share text."""
    character = _character(request)
    written, steps = damage_notation(character, request_fields(request, DAMAGE_FIELDS))
    query = parse(written)
    rolled = roll(replace(query, notes=()), request_seed(request))
    return {"written": written, "steps": steps, "odds": odds_summary(odds(query)), "roll": rolled.to_json(),
            "share": share(rolled)}


# --- the character's save -------------------------------------------------------------------------
SAVE_FIELDS = ("attribute", "dice", "conditions", "weight")


def save_notation(character: dict[str, Any], fields: dict[str, str]) -> tuple[str, str]:
    """A save against one of the character's attributes (``attribute``, the DC): the danger's
    base ``dice`` (blank: 1), +1p per relevant condition, and the weight penalty when
    ``weight`` is on (sneaking, swimming, balancing). Returns the notation and what it is."""
    name = fields["attribute"].strip()
    if name not in ATTRIBUTE_NAMES:
        raise RulesError(f"attribute must be one of {', '.join(ATTRIBUTE_NAMES)}, not {name[:20]!r}",
                         field="attribute")
    dice = parse_whole_number(fields["dice"].strip() or "1", "dice", 1, MAX_DICE)
    conditions = _count(fields, "conditions", conditions_marked(character), f"{character['name']} has no conditions")
    weight = weight_penalty(len(character["stowed"])) if field_flag(fields["weight"], "weight") else 0
    penalty = conditions + weight
    written = f"save {dice}d" + (f" +{penalty}p" if penalty else "") + f" vs DC {character['attributes'][name]}"
    return written, f"{name} {character['attributes'][name]}"


def play_save_odds(request: Request) -> dict[str, Any]:
    """The exact odds of a save from the sheet (``fields``: ``attribute``, ``dice``,
    ``conditions``, ``weight``): its hits hurt the character."""
    character = _character(request)
    written, what = save_notation(character, request_fields(request, SAVE_FIELDS))
    return {"written": written, "what": what, "odds": odds_summary(odds(parse(written)))}


def play_save_roll(request: Request) -> dict[str, Any]:
    """A save from the sheet rolled (``seed``): its hits are the hits the character takes."""
    character = _character(request)
    written, what = save_notation(character, request_fields(request, SAVE_FIELDS))
    query = parse(written)
    rolled = roll(replace(query, notes=()), request_seed(request))
    return {"written": written, "what": what, "odds": odds_summary(odds(query)), "roll": rolled.to_json(),
            "hits": rolled.hits or 0, "share": share(rolled)}


# --- hits taken and the Health save -----------------------------------------------------------------
def take_hits(character: dict[str, Any], hits: int, on_hit_defense: int, slots: list[int]) -> dict[str, Any]:
    """The sheet after taking ``hits``: ``on_hit_defense`` of them mark off Hit Defense, and each
    slot index in ``slots`` takes one as a condition (over an item: mar; over an empty slot: a
    mood; over a slot that already holds a condition: break). Conditions taken call for a
    Health save: +1d for each taken, +1p for each already had (one owed and not yet rolled
    takes these in too)."""
    left = hit_defense(character["level"]) - character["hit_defense_marked"]
    if on_hit_defense > left:
        raise RulesError(f"{character['name']} has {left} Hit Defense left to mark, not {on_hit_defense}",
                         field="hit_defense")
    if on_hit_defense + len(slots) != hits:
        raise RulesError(f"{hits} {'hit' if hits == 1 else 'hits'} to take: mark each on Hit Defense or as a "
                         f"condition in a slot ({on_hit_defense + len(slots)} marked)", field="hits")
    had = conditions_marked(character)
    marked = [dict(slot) for slot in character["slots"]]
    for index in slots:
        if not 0 <= index < len(marked):
            raise RulesError(f"slot {index + 1} is not on the sheet: it has {len(marked)}", field="slots")
        slot = marked[index]
        slot["condition"] = "break" if slot["condition"] else ("mar" if slot["item"] else "mood")
    owed = character["health_save"]
    if slots:
        owed = {"now": len(slots) + (owed["now"] if owed else 0), "had": owed["had"] if owed else had}
    return {**character, "slots": marked, "hit_defense_marked": character["hit_defense_marked"] + on_hit_defense,
            "health_save": owed}


def play_take_hits(request: Request) -> dict[str, Any]:
    """Take ``hits`` (text): ``hit_defense`` (text) of them on Hit Defense, one condition in each
    slot of ``slots`` (a list of slot numbers from 0)."""
    character = _character(request)
    hits = parse_whole_number(request_text(request, "hits").strip() or "0", "hits", 0, MAX_DICE)
    on_hd = parse_whole_number(request_text(request, "hit_defense").strip() or "0", "hit_defense", 0, MAX_DICE)
    slots = request.get("slots", [])
    if not isinstance(slots, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in slots):
        raise RulesError("slots must be a list of slot numbers", field="slots")
    kept = take_hits(character, hits, on_hd, slots)
    return answer(read_character(kept, "character"),
                  taken={"hit_defense": on_hd, "conditions": [kept["slots"][i]["condition"] for i in slots]})


def _owed(character: dict[str, Any]) -> dict[str, str]:
    owed = character["health_save"]
    if owed is None:
        raise RulesError(f"{character['name']} owes no Health save: only taking a condition calls for one")
    return {"conditions_now": str(owed["now"]), "conditions_had": str(owed["had"]),
            "health": str(character["attributes"]["Health"])}


def play_health_odds(request: Request) -> dict[str, Any]:
    """The Health save the sheet owes, its inputs taken from the sheet, with the exact chance
    of each outcome."""
    character = _character(request)
    fields = _owed(character)
    save = health_save(*(int(fields[k]) for k in ("conditions_now", "conditions_had", "health")))
    return {"written": save.written, "fields": fields, "health_outcomes": outcomes_json(save.query)}


def play_health_roll(request: Request) -> dict[str, Any]:
    """The Health save the sheet owes, rolled (``seed``): its outcome is written to the sheet."""
    character = _character(request)
    fields = _owed(character)
    save = health_save(*(int(fields[k]) for k in ("conditions_now", "conditions_had", "health")))
    rolled = roll(replace(save.query, notes=()), request_seed(request))
    outcome = health_save_outcome(rolled.hits or 0)
    kept = {**character, "health_save": None, "health_outcome": outcome}
    return answer(kept, written=save.written, roll=rolled.to_json(), outcome=outcome,
                  health_outcomes=outcomes_json(save.query), share=share(rolled, outcome))


# --- the sheet itself ----------------------------------------------------------------------------------
def _character(request: Request, key: str = "character") -> dict[str, Any]:
    return read_character(request.get(key), key)


def play_new(request: Request) -> dict[str, Any]:
    """A new character named ``name`` (or "New character"), its attributes rolled (``seed``)."""
    name = request_text(request, "name").strip() or "New character"
    return answer(new_character(name[:MAX_NAME], request_seed(request)))


def play_sheet(request: Request) -> dict[str, Any]:
    """The character checked (``character``: its fields as edited) and its sheet."""
    return answer(_character(request))


#: The page's labels of the fields whose errors the engine words by field name.
FIELD_LABELS = {
    "expert": "A title applies", "boosted": "It is a boosted title", "prepared": "Prepared",
    "friend": "A friend helps", "hit_defense": "Hit Defense", "hd_reading": "Who spends the Hit Defense",
    "unsuited": "Not suited to the job", "shield": "Their shield", "armour": "Their armour",
    "conditions": "Relevant conditions", "attribute": "Against", "dice": "The danger's dice",
    "weight": "Weight counts", "hits": "Hits to take", "slots": "Conditions in slots", "seed": "Seed",
}

ACTIONS = labelled({
    "play_new": play_new, "play_sheet": play_sheet, "play_damage_odds": play_damage_odds,
    "play_damage_roll": play_damage_roll, "play_save_odds": play_save_odds, "play_save_roll": play_save_roll,
    "play_take_hits": play_take_hits, "play_health_odds": play_health_odds, "play_health_roll": play_health_roll,
    **document_actions(SCHEMA),
}, FIELD_LABELS)

#: The choices the damage form offers for the target (the builder's own).
TARGET_CHOICES = {"shield": DAMAGE_CHOICES["shield"], "armour": DAMAGE_CHOICES["armour"],
                  "hd_reading": DAMAGE_CHOICES["hd_reading"]}
