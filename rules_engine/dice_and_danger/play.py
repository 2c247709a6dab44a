"""dice & danger's play tool: characters kept on the device, their damage rolls built from
their weapon, their saves rolled against their attributes, the hits they take marked off
their Hit Defense or as conditions in their slots, and the Health save that follows.

A saved character (one entry of a play document, ``rules_engine/core/play.py``), format
version 2::

    {"name": "Wren", "level": 1,
     "attributes": {"Strength": 3, "Reflex": 2, "Health": 4, "Intelligence": 1, "Will": 2},  # 1-6
     "titles": [{"text": "ship's carpenter", "boosted": false}],  # a boosted title: +1d more
     "hit_defense_marked": 0,                     # Hit Defense marked off, 0 to the level's
     "weapon": {"family": "swords", "heavy": false, "ranged": false, "crude": false, "off_hand": false},
     "armour": "leather",                         # none leather splint chain plate: sets Armor
     "slots": [{"item": "sword", "condition": "", "gear": "weapon"}, ...],
                                                  # exactly 6 + Health; condition "", "mar", "mood",
                                                  # "injury" or "break"; gear "" or the sheet's
                                                  # "weapon", "off_hand" or "armour" the slot holds
     "stowed": ["tent"],                          # items in bags: their count gives the weight penalty
     "health_save": null,                         # or the save owed: {"now": 1, "had": 0, "moods": [2]}
     "health_outcome": null}                      # or the standing Health save outcome

``moods`` lists the slots (from 0) whose mood was taken for the save owed: a save of 3 hits
or more makes those moods injuries. Version 1 had no ``gear`` and no ``moods``
(:func:`from_version_1`).

Everything the sheet shows beside these (tier, Hit Defense, Luck, Armor, slots, the weight
penalty, broken gear) and every roll comes from the rules (``rules.py``), the damage-roll
builder and the Health-save helper (``builder.py``) through the bridge actions below
(``play_…``); the lists the page offers (attributes, weapons, armours, conditions, outcomes …)
come from ``play_lists``: the page holds no rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.notation import parse_whole_number
from ..core.play import (
    PlaySchema,
    choice,
    entry_actions,
    exact_keys,
    flag,
    json_kind,
    name_text,
    new_entry_name,
    refuse,
    request_entry,
    unchanged_but_version,
    whole_number,
    without_log,
)
from ..core.requests import Request, field_flag, labelled, request_fields, request_seed, request_text
from .actions import DAMAGE_CHOICES, attack_from_fields, outcomes_json, share
from .builder import (
    MAX_CONDITIONS_NOW,
    NO_WEAPON,
    SHIELDS,
    WEAPONS,
    Attack,
    build_damage,
    health_save,
    off_hand_steps,
    weapon_steps,
)
from .notation import parse
from .odds import DiceAndDangerOdds, crit_cap, hits_distribution, odds
from .roll import generate_character, roll
from .rules import (
    ARMOURS,
    ATTRIBUTE_NAMES,
    FAMILY_NAMES,
    HEALTH_SAVE_OUTCOMES,
    MAX_DICE,
    MAX_EXTRA,
    STARTING_FAITH,
    STARTING_LEVEL,
    armour_by_name,
    boosted_titles,
    clamp_dc,
    health_save_outcome,
    hit_defense,
    inventory_slots,
    luck_for,
    tier,
    tier_name,
    weapon_slots,
    weight_penalty,
)

VERSION = 3
#: An attribute is the face kept from 1d+2p: 1 to 6.
LOWEST_ATTRIBUTE, HIGHEST_ATTRIBUTE = 1, 6
#: The highest level a sheet keeps (far past any campaign; Hit Defense is still exact).
MAX_LEVEL = 999
MAX_TITLES = 60
MAX_STOWED = 100
#: A slot's condition: none, a mar (over equipment), a mood (over an empty slot), an injury (a
#: mood that a Health save of 3 hits or more showed to be one) or a break (over a condition).
CONDITIONS = ("", "mar", "mood", "injury", "break")
#: What of the sheet's gear a slot holds: the weapon, the light weapon in the off hand, the armour.
GEAR = ("", "weapon", "off_hand", "armour")
EMPTY_SLOT = {"item": "", "condition": "", "gear": ""}
OUTCOME_NAMES = tuple(name for _, name, _ in HEALTH_SAVE_OUTCOMES)
#: The outcomes from which no later Health save brings a character back (the mood was an
#: injury): dying, and the two deaths, after which the sheet rolls no more.
LASTING = tuple(name for _, name, injury in HEALTH_SAVE_OUTCOMES if injury)
DEAD = LASTING[1:]
#: The most chances of "this many hits or more" a reply lists (the rest are rarer still).
SHOWN_HITS = 6


def most_owed(health: int) -> int:
    """The most conditions a Health save can be owed for: one die each, and a Health below 2
    adds its dice too (a DC under 2), within the dice the engine rolls."""
    return MAX_CONDITIONS_NOW - max(0, clamp_dc(health)[1])


# --- reading a saved character -----------------------------------------------------------------
def _item(value: Any, where: str) -> str:
    """An item's name: blank for an empty slot, else a name (``name_text``)."""
    if isinstance(value, str) and not value.strip():
        return ""
    return name_text(value, where)


def _attributes(value: Any, where: str) -> dict[str, int]:
    exact_keys(value, where, ATTRIBUTE_NAMES)
    return {
        name: whole_number(value[name], f"{where}.{name}", LOWEST_ATTRIBUTE, HIGHEST_ATTRIBUTE)
        for name in ATTRIBUTE_NAMES
    }


def _titles(value: Any, where: str, level: int) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    if len(value) > MAX_TITLES:
        raise refuse(where, f"too many: at most {MAX_TITLES}")
    titles: list[dict[str, Any]] = []
    for i, title in enumerate(value):
        exact_keys(title, f"{where}[{i}]", ("text", "boosted"))
        titles.append(
            {
                "text": name_text(title["text"], f"{where}[{i}].text"),
                "boosted": flag(title["boosted"], f"{where}[{i}].boosted"),
            }
        )
    boosted, allowed = sum(t["boosted"] for t in titles), boosted_titles(level)
    if boosted > allowed:
        raise refuse(
            where,
            f"{boosted} boosted, but level {level} (tier {tier(level)}) boosts "
            f"{allowed}: one title for each tier after the first",
        )
    return titles


def _weapon(value: Any, where: str) -> dict[str, Any]:
    exact_keys(value, where, ("family", "heavy", "ranged", "crude", "off_hand"))
    weapon = {
        "family": choice(value["family"], f"{where}.family", WEAPONS),
        **{key: flag(value[key], f"{where}.{key}") for key in ("heavy", "ranged", "crude", "off_hand")},
    }
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
        exact_keys(slot, f"{where}[{i}]", tuple(EMPTY_SLOT))
        slots.append(
            {
                "item": _item(slot["item"], f"{where}[{i}].item"),
                "condition": choice(slot["condition"], f"{where}[{i}].condition", CONDITIONS),
                "gear": choice(slot["gear"], f"{where}[{i}].gear", GEAR),
            }
        )
    if len(value) > MAX_DICE:
        raise refuse(where, f"too many: Health gives {total}")
    while len(slots) > total and slots[-1] == EMPTY_SLOT:
        slots.pop()
    if len(slots) > total:
        raise refuse(
            where,
            f"{len(slots)} slots are used, but Health {health} gives {total} (6 + Health): "
            "stow or drop something first",
        )
    return slots + [dict(EMPTY_SLOT) for _ in range(total - len(slots))]


def _stowed(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise refuse(where, f"must be a list, not {json_kind(value)}")
    if len(value) > MAX_STOWED:
        raise refuse(where, f"too many: at most {MAX_STOWED}")
    return [name_text(item, f"{where}[{i}]") for i, item in enumerate(value)]


def _moods(value: Any, where: str, slots: list[dict[str, str]], now: int) -> list[int]:
    """The slots whose mood was taken for the save owed, in order. A slot that no longer holds
    a mood (its condition changed by hand, or broken by a later hit) drops out."""
    if not isinstance(value, list):
        raise refuse(where, f"must be a list of slot numbers, not {json_kind(value)}")
    if len(value) > MAX_DICE:
        raise refuse(where, f"too many: at most {MAX_DICE}")
    for i, index in enumerate(value):
        whole_number(index, f"{where}[{i}]", 0, len(slots) - 1)
    if len(set(value)) > now:
        raise refuse(
            where,
            f"{len(set(value))} moods, but the save is owed for {now} {'condition' if now == 1 else 'conditions'}",
        )
    return sorted(index for index in set(value) if slots[index]["condition"] == "mood")


def _health_save(value: Any, where: str, slots: list[dict[str, str]], health: int) -> dict[str, Any] | None:
    if value is None:
        return None
    exact_keys(value, where, ("now", "had", "moods"))
    now = whole_number(value["now"], f"{where}.now", 1, most_owed(health))
    return {
        "now": now,
        "had": whole_number(value["had"], f"{where}.had", 0, MAX_EXTRA),
        "moods": _moods(value["moods"], f"{where}.moods", slots, now),
    }


def read_character(value: Any, where: str) -> dict[str, Any]:
    """A saved character checked field by field and in normal form, else a RulesError."""
    exact_keys(
        value,
        where,
        (
            "name",
            "level",
            "attributes",
            "titles",
            "hit_defense_marked",
            "weapon",
            "armour",
            "slots",
            "stowed",
            "health_save",
            "health_outcome",
        ),
    )
    level = whole_number(value["level"], f"{where}.level", 0, MAX_LEVEL)
    attributes = _attributes(value["attributes"], f"{where}.attributes")
    slots = _slots(value["slots"], f"{where}.slots", attributes["Health"])
    outcome = value["health_outcome"]
    return {
        "name": name_text(value["name"], f"{where}.name"),
        "level": level,
        "attributes": attributes,
        "titles": _titles(value["titles"], f"{where}.titles", level),
        "hit_defense_marked": whole_number(
            value["hit_defense_marked"], f"{where}.hit_defense_marked", 0, hit_defense(level)
        ),
        "weapon": _weapon(value["weapon"], f"{where}.weapon"),
        "armour": choice(value["armour"], f"{where}.armour", tuple(a.name for a in ARMOURS)),
        "slots": slots,
        "stowed": _stowed(value["stowed"], f"{where}.stowed"),
        "health_save": _health_save(value["health_save"], f"{where}.health_save", slots, attributes["Health"]),
        "health_outcome": None if outcome is None else choice(outcome, f"{where}.health_outcome", OUTCOME_NAMES),
    }


# --- older versions --------------------------------------------------------------------------------
def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def upgrade_character(value: Any) -> Any:
    """A version-1 character in version 2's shape: each slot holds no gear (version 1 did not
    say which slot held the weapon or the armour), and a save owed lists the moods taken for it.
    When it was owed with no condition had before it, every mood on the sheet was taken for it
    (if there are no more of them than conditions owed); otherwise which were is not known, and
    none are listed. Version 1 let a save be owed for 100 conditions at Health 1, one die past
    what a save rolls there: it is owed for 99. A character already in version 2's shape (or
    not a character at all) is left as it is, for the reader to judge."""
    if not isinstance(value, dict):
        return value
    upgraded = dict(value)
    slots = value.get("slots")
    if isinstance(slots, list):
        upgraded["slots"] = [
            {**slot, "gear": slot.get("gear", "")} if isinstance(slot, dict) else slot for slot in slots
        ]
    owed = value.get("health_save")
    if isinstance(owed, dict) and "moods" not in owed:
        listed = slots if isinstance(slots, list) and owed.get("had") == 0 else []
        moods = [i for i, slot in enumerate(listed) if isinstance(slot, dict) and slot.get("condition") == "mood"]
        now = owed.get("now")
        attributes = value.get("attributes")
        health = attributes.get("Health") if isinstance(attributes, dict) else None
        if _whole(now) and _whole(health) and LOWEST_ATTRIBUTE <= health <= HIGHEST_ATTRIBUTE:
            now = min(now, most_owed(health))
        upgraded["health_save"] = {**owed, "now": now, "moods": moods if _whole(now) and len(moods) <= now else []}
    return upgraded


def from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """A version-1 document brought to version 2 (:func:`upgrade_character` on each entry)."""
    entries = document.get("entries")
    upgraded = [upgrade_character(entry) for entry in entries] if isinstance(entries, list) else entries
    return {**document, "version": 2, "entries": upgraded}


# Version 3 only lets a character carry its log (core/play.py read_log).
SCHEMA = PlaySchema(
    "dice-and-danger",
    VERSION,
    read_character,
    migrations={1: from_version_1, 2: unchanged_but_version},
    noun="character",
    nouns="characters",
)


def new_character(name: str = "New character", seed: int | None = None) -> dict[str, Any]:
    """A fresh level-1 character: the five attributes rolled on 1d+2p (``seed``), no titles,
    no weapon or armour, empty slots."""
    made = generate_character(seed)
    return read_character(
        {
            "name": name,
            "level": STARTING_LEVEL,
            "attributes": made.attributes,
            "titles": [],
            "hit_defense_marked": 0,
            "weapon": {"family": NO_WEAPON, "heavy": False, "ranged": False, "crude": False, "off_hand": False},
            "armour": "none",
            "slots": [],
            "stowed": [],
            "health_save": None,
            "health_outcome": None,
        },
        "character",
    )


# --- what the sheet shows ------------------------------------------------------------------------
def conditions_marked(character: dict[str, Any]) -> int:
    """Conditions the character has: one per slot that holds one."""
    return sum(1 for slot in character["slots"] if slot["condition"])


def broken_gear(character: dict[str, Any]) -> list[str]:
    """The sheet's gear that a slot holding it marks broken ("You can't use Broken equipment"),
    in the order weapon, off hand, armour."""
    return [
        gear
        for gear in GEAR[1:]
        if any(slot["gear"] == gear and slot["condition"] == "break" for slot in character["slots"])
    ]


def usable_weapon(character: dict[str, Any]) -> dict[str, Any]:
    """The weapon as the rolls may use it: a broken main weapon counts as none (and the light
    weapon in the off hand, which needs a main hand, goes with it); a broken off-hand weapon
    is left out."""
    broken = broken_gear(character)
    if "weapon" in broken:
        return {"family": NO_WEAPON, "heavy": False, "ranged": False, "crude": False, "off_hand": False}
    return {**character["weapon"], "off_hand": character["weapon"]["off_hand"] and "off_hand" not in broken}


def armor(character: dict[str, Any]) -> int:
    """Armor, the DC against weapons: the armour's, or that of none when the armour is broken."""
    return armour_by_name("none" if "armour" in broken_gear(character) else character["armour"]).dc


def gear_slots(character: dict[str, Any]) -> dict[str, int]:
    """Slots the armour and weapons on the sheet take: the armour's (leather 1 … plate 4), the
    weapon's (2 when heavy) and 1 for a light weapon in the off hand."""
    weapon = character["weapon"]
    armed = weapon["family"] != NO_WEAPON
    return {
        "armour": armour_by_name(character["armour"]).slots,
        "weapon": weapon_slots(heavy=weapon["heavy"]) if armed else 0,
        "off_hand": 1 if weapon["off_hand"] else 0,
    }


def sheet(character: dict[str, Any]) -> dict[str, Any]:
    """The numbers that follow from the sheet, as the rules give them."""
    level, attributes = character["level"], character["attributes"]
    total_hd = hit_defense(level)
    total = sum(attributes.values())
    luck = luck_for(total)
    used = sum(1 for slot in character["slots"] if slot != EMPTY_SLOT)
    gear = gear_slots(character)
    pending = character["health_save"]
    return {
        "tier": tier(level),
        "tier_name": tier_name(tier(level)),
        "boosted_titles": boosted_titles(level),
        "hit_defense": total_hd,
        "hit_defense_left": total_hd - character["hit_defense_marked"],
        "attribute_sum": total,
        "luck": luck.text,
        "armor": armor(character),
        "faith": STARTING_FAITH,
        "slots": inventory_slots(attributes["Health"]),
        "slots_used": used,
        "gear_slots": gear,
        "gear_slots_total": sum(gear.values()),
        "broken_gear": broken_gear(character),
        "stowed": len(character["stowed"]),
        "weight_penalty": weight_penalty(len(character["stowed"])),
        "conditions": conditions_marked(character),
        "health_save": None
        if pending is None
        else health_save(pending["now"], pending["had"], attributes["Health"]).written,
        "dead": character["health_outcome"] in DEAD,
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
    return {
        "notation": result.query.notation,
        "rows": rows,
        "mean": ratio(result.mean),
        "mean_text": f"{float(result.mean):.2f}",
    }


def chance_of_hits(query: Any, hits: int) -> dict[str, str]:
    """The exact chance that the roll ``query`` comes out at exactly ``hits``: explosions are
    followed far enough that the count is exact (a roll past the crit cap asks for more)."""
    cap = crit_cap(query) if query.dice else None
    if cap is not None:
        cap = max(cap, hits + abs(query.hits))
    return chance(hits_distribution(query, cap=cap).p(hits))


def alive(character: dict[str, Any]) -> dict[str, Any]:
    """``character`` if it is not dead; the dead roll no more and take no more hits."""
    if character["health_outcome"] in DEAD:
        raise refuse(
            "character.health_outcome",
            f"{character['name']} is {character['health_outcome'].lower()}: the dead roll no more "
            "(change the last Health save by hand to play on)",
        )
    return character


def _fields(request: Request, names: tuple[str, ...]) -> dict[str, str]:
    """The request's form ``fields``; one that is not an object of texts is refused as ``fields``."""
    try:
        return request_fields(request, names)
    except RulesError as error:
        if error.field is None:
            error.field = "fields"
        raise


# --- the character's damage roll ----------------------------------------------------------------
DAMAGE_FIELDS = (
    "expert",
    "boosted",
    "prepared",
    "friend",
    "hit_defense",
    "hd_reading",
    "unsuited",
    "shield",
    "armour",
    "conditions",
)


def _attack_of(weapon: dict[str, Any], fields: dict[str, str] | None = None) -> Attack:
    """The builder's attack: the weapon from the sheet, the situation from ``fields``."""
    form = {
        name: ""
        for name in (
            "acting",
            "expert",
            "prepared",
            "friend",
            "hit_defense",
            "hd_reading",
            "unsuited",
            "heavy",
            "ranged",
            "crude",
            "off_hand",
            "shield",
            "armour",
        )
    }
    form.update({key: value for key, value in (fields or {}).items() if key in form})
    form.update(
        acting="on",
        weapon=weapon["family"],
        **{key: "on" if weapon[key] else "" for key in ("heavy", "ranged", "crude", "off_hand")},
    )
    return attack_from_fields(form)


def _count(fields: dict[str, str], name: str, most: int, what: str) -> int:
    text = fields[name].strip() or "0"
    return parse_whole_number(text, name, 0, most) if most else _none_of(text, name, what)


def _none_of(text: str, name: str, what: str) -> int:
    value = parse_whole_number(text, name, 0, MAX_EXTRA)
    if value:
        raise RulesError(f"{name} must be 0: {what}", field=name)
    return 0


@dataclass(frozen=True)
class DamageNotation:
    """The character's damage roll as written, its steps, the Hit Defense it costs the
    roller and the broken gear it leaves out."""

    written: str
    steps: list[dict[str, Any]]
    spends: int
    unusable: list[str]


def spends_own_hit_defense(attack: Attack) -> int:
    """The Hit Defense the roller pays for the roll: one under the readings where the roller
    spends it (``bonus``, ``literal``); by default (``target``) the target pays, and a friend who
    helps pays their own."""
    return int(attack.hit_defense_spent and attack.hd_reading != "target")


def damage_notation(character: dict[str, Any], fields: dict[str, str]) -> DamageNotation:
    """The damage roll of the character's usable weapon in the situation ``fields`` describe,
    written term by term as the builder writes it, with the sheet's own terms added: +1d more
    when the title that applies is a boosted one, +1p per relevant condition."""
    attack = _attack_of(usable_weapon(character), fields)
    spends = spends_own_hit_defense(attack)
    if spends > hit_defense(character["level"]) - character["hit_defense_marked"]:
        raise RulesError(
            f"{character['name']} has no Hit Defense left to spend (under the reading "
            f"{attack.hd_reading!r} the roller spends it)",
            field="hit_defense",
        )
    built = build_damage(attack)
    steps = [step.to_json() for step in built.steps]
    extra = []
    if field_flag(fields["boosted"], "boosted"):
        if not field_flag(fields["expert"], "expert"):
            raise RulesError("boosted is for a title that applies: tick Expert too", field="boosted")
        if not any(title["boosted"] for title in character["titles"]):
            raise RulesError(
                f"{character['name']} has no boosted title yet (one each tier after the first)", field="boosted"
            )
        extra.append(("+1d", "a boosted title: +1d more", "boosted"))
    conditions = _count(fields, "conditions", conditions_marked(character), f"{character['name']} has no conditions")
    if conditions:
        extra.append((f"+{conditions}p", "relevant conditions", "conditions"))
    own, vs, rest = built.written.partition(" vs DC ")
    written = " ".join([own, *(term for term, _, _ in extra)]) + vs + rest
    at = sum(1 for step in steps if not step["other_side"])
    steps[at:at] = [{"term": term, "why": why, "field": name, "other_side": False} for term, why, name in extra]
    return DamageNotation(written, steps, spends, [gear for gear in broken_gear(character) if gear != "armour"])


def play_damage_odds(request: Request) -> dict[str, Any]:
    """The character's damage roll (``fields``: ``expert``, ``boosted``, ``prepared``, ``friend``,
    ``hit_defense``, ``hd_reading``, ``unsuited``, the target's ``shield`` and ``armour``, the
    relevant ``conditions``): its written and canonical notation, its steps and exact odds, the
    Hit Defense it would cost the roller (``spends``) and the broken gear it leaves out."""
    character = alive(_character(request))
    built = damage_notation(character, _fields(request, DAMAGE_FIELDS))
    return {
        "written": built.written,
        "steps": built.steps,
        "odds": odds_summary(odds(parse(built.written))),
        "spends": {"hit_defense": built.spends},
        "unusable": built.unusable,
    }


def play_damage_roll(request: Request) -> dict[str, Any]:
    """The character's damage roll rolled (``seed``): the roll, its odds and its share text, and
    the character with the Hit Defense it spent marked off (``spent``)."""
    character = alive(_character(request))
    built = damage_notation(character, _fields(request, DAMAGE_FIELDS))
    query = parse(built.written)
    rolled = roll(replace(query, notes=()), request_seed(request))
    kept = {**character, "hit_defense_marked": character["hit_defense_marked"] + built.spends}
    return answer(
        read_character(kept, "character"),
        written=built.written,
        steps=built.steps,
        odds=odds_summary(odds(query)),
        roll=rolled.to_json(),
        share=share(rolled),
        chance=chance_of_hits(query, rolled.hits or 0),
        spent={"hit_defense": built.spends},
        unusable=built.unusable,
    )


# --- the character's save -------------------------------------------------------------------------
SAVE_FIELDS = ("attribute", "dice", "conditions", "weight", "weapon")
#: What a save can be rolled against: the five attributes, then the special ones the sheet
#: works out (Armor against weapons, Luck against bad odds, Faith against spells).
SAVE_AGAINST = (*ATTRIBUTE_NAMES, "Armor", "Luck", "Faith")


def save_target(character: dict[str, Any], name: str) -> tuple[int, int, str]:
    """The DC of a save against ``name``, the hits it adds (Luck's ``+1h``/``-1h``) and the
    words for it (``Reflex 4``, ``Armor 3``, ``Luck 3+1h``)."""
    if name in ATTRIBUTE_NAMES:
        return character["attributes"][name], 0, f"{name} {character['attributes'][name]}"
    if name == "Armor":
        return armor(character), 0, f"Armor {armor(character)}"
    if name == "Luck":
        luck = luck_for(sum(character["attributes"].values()))
        return luck.dc, luck.hits, f"Luck {luck.text}"
    return STARTING_FAITH, 0, f"Faith {STARTING_FAITH}"


def weakness(character: dict[str, Any], family: str) -> int:
    """The wearer's penalty die on a save against Armor when the armour worn (none, if it is
    broken) is weak against the attacker's weapon ``family`` ("+1p vs swords")."""
    worn = armour_by_name("none" if "armour" in broken_gear(character) else character["armour"])
    return int(family in FAMILY_NAMES and worn.weak_against == family)


def save_notation(character: dict[str, Any], fields: dict[str, str]) -> tuple[str, str]:
    """A save against one of the character's attributes or Armor, Luck or Faith (``attribute``,
    the DC): the danger's base ``dice`` (blank: 1), +1p per relevant condition, the weight
    penalty when ``weight`` is on (sneaking, swimming, balancing), and on a save against Armor
    the armour's weakness to the attacker's ``weapon`` (a family; blank when it is no weapon).
    Returns the notation and what it is rolled against."""
    name = fields["attribute"].strip()
    if name not in SAVE_AGAINST:
        raise RulesError(f"attribute must be one of {', '.join(SAVE_AGAINST)}, not {name[:20]!r}", field="attribute")
    family = fields["weapon"].strip().lower()
    if family not in ("", *WEAPONS):
        raise RulesError(f"weapon must be one of {', '.join(WEAPONS)} (or blank), not {family[:20]!r}", field="weapon")
    dc, hits, what = save_target(character, name)
    # A DC of 1 is DC 2 with a die more: the danger's dice leave room for it.
    dice = parse_whole_number(fields["dice"].strip() or "1", "dice", 1, MAX_DICE - max(0, clamp_dc(dc)[1]))
    conditions = _count(fields, "conditions", conditions_marked(character), f"{character['name']} has no conditions")
    weight = weight_penalty(len(character["stowed"])) if field_flag(fields["weight"], "weight") else 0
    penalty = conditions + weight + (weakness(character, family) if name == "Armor" else 0)
    written = f"save {dice}d" + (f" +{penalty}p" if penalty else "") + (f" {hits:+d}h" if hits else "") + f" vs DC {dc}"
    return written, what


def play_save_odds(request: Request) -> dict[str, Any]:
    """The exact odds of a save from the sheet (``fields``: ``attribute``, ``dice``,
    ``conditions``, ``weight``): its hits hurt the character."""
    character = alive(_character(request))
    written, what = save_notation(character, _fields(request, SAVE_FIELDS))
    return {"written": written, "what": what, "odds": odds_summary(odds(parse(written)))}


def play_save_roll(request: Request) -> dict[str, Any]:
    """A save from the sheet rolled (``seed``): its hits are the hits the character takes."""
    character = alive(_character(request))
    written, what = save_notation(character, _fields(request, SAVE_FIELDS))
    query = parse(written)
    rolled = roll(replace(query, notes=()), request_seed(request))
    return {
        "written": written,
        "what": what,
        "odds": odds_summary(odds(query)),
        "roll": rolled.to_json(),
        "hits": rolled.hits or 0,
        "chance": chance_of_hits(query, rolled.hits or 0),
        "share": share(rolled),
    }


def play_save_chances(request: Request) -> dict[str, Any]:
    """Each save the sheet can roll (against each attribute, then Armor, Luck and Faith) with
    the save form's other ``fields`` (``dice``, ``conditions``, ``weight``, ``weapon``): what it
    is against, its notation and the exact chance that it comes out clean (no hits taken)."""
    character = alive(_character(request))
    fields = _fields(request, SAVE_FIELDS[1:])
    chances = []
    for name in SAVE_AGAINST:
        written, what = save_notation(character, {**fields, "attribute": name})
        chances.append(
            {"against": name, "what": what, "written": written, "clean": chance(odds(parse(written)).dist.p(0))}
        )
    return {"saves": chances}


# --- hits taken and the Health save -----------------------------------------------------------------
def condition_over(slot: dict[str, str]) -> str:
    """The condition a hit leaves in ``slot``: over a slot that holds a condition a break, over
    equipment (an item, or the sheet's gear) a mar, over an empty slot a mood."""
    if slot["condition"]:
        return "break"
    return "mar" if slot["item"] or slot["gear"] else "mood"


def take_hits(character: dict[str, Any], hits: int, on_hit_defense: int, slots: list[int]) -> dict[str, Any]:
    """The sheet after taking ``hits``: ``on_hit_defense`` of them mark off Hit Defense, and each
    slot index in ``slots`` takes one as a condition (:func:`condition_over`). Conditions taken
    call for a Health save: +1d for each taken, +1p for each already had (one owed and not yet
    rolled takes these in too, and the moods taken for it)."""
    left = hit_defense(character["level"]) - character["hit_defense_marked"]
    if on_hit_defense > left:
        raise RulesError(
            f"{character['name']} has {left} Hit Defense left to mark, not {on_hit_defense}", field="hit_defense"
        )
    if on_hit_defense + len(slots) != hits:
        raise RulesError(
            f"{hits} {'hit' if hits == 1 else 'hits'} to take: mark each on Hit Defense or as a "
            f"condition in a slot ({on_hit_defense + len(slots)} marked)",
            field="hits",
        )
    had = conditions_marked(character)
    marked = [dict(slot) for slot in character["slots"]]
    owed = character["health_save"]
    moods = set(owed["moods"]) if owed else set()
    for index in slots:
        if not 0 <= index < len(marked):
            raise RulesError(f"slot {index + 1} is not on the sheet: it has {len(marked)}", field="slots")
        marked[index]["condition"] = condition_over(marked[index])
        if marked[index]["condition"] == "mood":
            moods.add(index)
    if slots:
        now = len(slots) + (owed["now"] if owed else 0)
        most = most_owed(character["attributes"]["Health"])
        if now > most:
            before = owed["now"] if owed else 0
            raise RulesError(
                f"a Health save rolls at most {most} dice for the conditions taken (one each, at Health "
                f"{character['attributes']['Health']}): {character['name']} owes one for {before}, so "
                f"at most {most - before} more before it is rolled",
                field="slots",
            )
        owed = {
            "now": now,
            "had": owed["had"] if owed else had,
            "moods": sorted(i for i in moods if marked[i]["condition"] == "mood"),
        }
    return {
        **character,
        "slots": marked,
        "hit_defense_marked": character["hit_defense_marked"] + on_hit_defense,
        "health_save": owed,
    }


def play_take_hits(request: Request) -> dict[str, Any]:
    """Take ``hits`` (text): ``hit_defense`` (text) of them on Hit Defense, one condition in each
    slot of ``slots`` (a list of slot numbers from 0)."""
    character = alive(_character(request))
    hits = parse_whole_number(request_text(request, "hits").strip() or "0", "hits", 0, MAX_DICE)
    on_hd = parse_whole_number(request_text(request, "hit_defense").strip() or "0", "hit_defense", 0, MAX_DICE)
    slots = request.get("slots", [])
    if not isinstance(slots, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in slots):
        raise RulesError("slots must be a list of slot numbers", field="slots")
    kept = take_hits(character, hits, on_hd, slots)
    return answer(
        read_character(kept, "character"),
        taken={"hit_defense": on_hd, "conditions": [kept["slots"][i]["condition"] for i in slots]},
    )


def _owed(character: dict[str, Any]) -> dict[str, Any]:
    owed: dict[str, Any] | None = character["health_save"]
    if owed is None:
        raise refuse(
            "character.health_save", f"{character['name']} owes no Health save: only taking a condition calls for one"
        )
    return owed


def owed_save(character: dict[str, Any]) -> tuple[dict[str, str], Any]:
    """The helper's fields for the save the sheet owes, and the save."""
    owed = _owed(character)
    fields = {
        "conditions_now": str(owed["now"]),
        "conditions_had": str(owed["had"]),
        "health": str(character["attributes"]["Health"]),
    }
    return fields, health_save(owed["now"], owed["had"], character["attributes"]["Health"])


def severity(outcome: str) -> int:
    """An outcome's place in the table (free parking 0 … flagrantly dead 5)."""
    return OUTCOME_NAMES.index(outcome)


def standing_outcome(standing: str | None, rolled: str) -> str:
    """What the sheet keeps after a Health save comes out ``rolled``: the new outcome, except
    that a dying character stays dying until a worse one (nothing in the rules ends dying)."""
    if standing in LASTING and severity(standing) > severity(rolled):
        return standing
    return rolled


def play_health_odds(request: Request) -> dict[str, Any]:
    """The Health save the sheet owes, its inputs taken from the sheet, with the exact chance
    of each outcome."""
    character = alive(_character(request))
    fields, save = owed_save(character)
    return {"written": save.written, "fields": fields, "health_outcomes": outcomes_json(save.query)}


def play_health_roll(request: Request) -> dict[str, Any]:
    """The Health save the sheet owes, rolled (``seed``): its outcome is written to the sheet
    (:func:`standing_outcome`), and from 3 hits (the mood was an injury) each mood taken for it
    becomes an injury (``injured``: their slots)."""
    character = alive(_character(request))
    _, save = owed_save(character)
    rolled = roll(replace(save.query, notes=()), request_seed(request))
    hits = rolled.hits or 0
    outcome = health_save_outcome(hits)
    slots = [dict(slot) for slot in character["slots"]]
    injured = character["health_save"]["moods"] if outcome in LASTING else []
    for index in injured:
        slots[index]["condition"] = "injury"
    kept = {
        **character,
        "slots": slots,
        "health_save": None,
        "health_outcome": standing_outcome(character["health_outcome"], outcome),
    }
    outcomes = outcomes_json(save.query)
    shown = next(o for o in outcomes if o["name"] == outcome)
    return answer(
        read_character(kept, "character"),
        written=save.written,
        roll=rolled.to_json(),
        outcome=outcome,
        health_outcomes=outcomes,
        chance={"ratio": shown["ratio"], "percent": shown["percent"]},
        share=share(rolled, outcome),
        injured=injured,
    )


# --- the sheet itself ----------------------------------------------------------------------------------
def read_sent(value: Any, where: str) -> dict[str, Any]:
    """A character sent with a request, read as a saved one is: one in an older shape (as an
    Undo kept from before an update holds) is brought up to date first."""
    return read_character(upgrade_character(value), where)


def _character(request: Request) -> dict[str, Any]:
    """The character sent, read; its log (core/play.py reads it) is left out: a reply's
    character is the sheet alone, and the page carries the log on."""
    return without_log(request_entry(request, SCHEMA, read_sent))


def play_new(request: Request) -> dict[str, Any]:
    """A new character named ``name`` (or "New character"), its attributes rolled (``seed``)."""
    return answer(new_character(new_entry_name(request, SCHEMA), request_seed(request)))


def _words(values: tuple[str, ...], words: dict[str, str]) -> list[list[str]]:
    """``[value, words]`` pairs in the engine's order (every value has its words)."""
    return [[value, words[value]] for value in values]


WEAPON_WORDS = {
    "none": "No weapon",
    "swords": "Sword or knife",
    "axes": "Axe or greatsword",
    "clubs": "Club, mace, flail or staff",
    "spears": "Spear, polearm or missile",
}
SHIELD_WORDS = {"none": "No shield", "shield": "A shield", "tower": "A tower shield"}
CONDITION_WORDS = {"": "no condition", "mar": "mar", "mood": "mood", "injury": "injury", "break": "break"}
#: What a slot's box shows for its condition (its words say it in full): a mar a stroke, a break a cross.
CONDITION_MARKS = {"": "", "mar": "/", "mood": "M", "injury": "I", "break": "X"}
GEAR_WORDS = {"": "not gear", "weapon": "the weapon", "off_hand": "the off-hand weapon", "armour": "the armour"}
WEAPON_FLAGS = [
    ["heavy", "Heavy melee weapon"],
    ["ranged", "Ranged"],
    ["crude", "Simple or crude"],
    ["off_hand", "Light weapon in the off hand"],
]
#: The damage roll's switches as the page labels them.
DAMAGE_SWITCHES = [
    ["expert", "A title applies"],
    ["boosted", "It is a boosted title"],
    ["prepared", "Prepared"],
    ["friend", "A friend helps"],
    ["hit_defense", "The target spends a Hit Defense"],
    ["unsuited", "Not suited to the job"],
]


def lists() -> dict[str, Any]:
    """Every list the page draws its choices from, in the engine's order."""
    return {
        "attributes": list(ATTRIBUTE_NAMES),
        "saves": list(SAVE_AGAINST),
        "weapons": _words(WEAPONS, WEAPON_WORDS),
        "weapon_flags": WEAPON_FLAGS,
        "armours": [[name, "No armour" if name == "none" else name.capitalize()] for name in DAMAGE_CHOICES["armour"]],
        "shields": _words(SHIELDS, SHIELD_WORDS),
        "conditions": _words(CONDITIONS, CONDITION_WORDS),
        "condition_marks": _words(CONDITIONS, CONDITION_MARKS),
        "gear": _words(GEAR, GEAR_WORDS),
        "outcomes": list(OUTCOME_NAMES),
        "damage_switches": DAMAGE_SWITCHES,
    }


def play_lists(request: Request) -> dict[str, Any]:
    """The lists the page offers (:func:`lists`): attributes, what a save is against, weapons
    and what describes them, armours, shields, conditions and the marks their boxes show, gear,
    Health save outcomes, the damage roll's switches."""
    return {"lists": lists()}


#: The page's labels of the fields whose errors the engine words by field name.
FIELD_LABELS = {
    "expert": "A title applies",
    "boosted": "It is a boosted title",
    "prepared": "Prepared",
    "friend": "A friend helps",
    "hit_defense": "Hit Defense",
    "hd_reading": "Who spends the Hit Defense",
    "unsuited": "Not suited to the job",
    "shield": "Their shield",
    "armour": "Their armour",
    "conditions": "Relevant conditions",
    "attribute": "Against",
    "dice": "The danger's dice",
    "weight": "Weight counts",
    "weapon": "Their weapon",
    "hits": "Hits to take",
    "slots": "Conditions in slots",
    "seed": "Seed",
}

ACTIONS = labelled(
    {
        "play_new": play_new,
        "play_lists": play_lists,
        "play_damage_odds": play_damage_odds,
        "play_damage_roll": play_damage_roll,
        "play_save_odds": play_save_odds,
        "play_save_roll": play_save_roll,
        "play_save_chances": play_save_chances,
        "play_take_hits": play_take_hits,
        "play_health_odds": play_health_odds,
        "play_health_roll": play_health_roll,
        **entry_actions(SCHEMA, answer, read=read_sent),
    },
    FIELD_LABELS,
)
